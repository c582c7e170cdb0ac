//===- Compiler.cpp - Translating kernels to instruction lists ------------===//

#include "Compiler.h"

#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

uint64_t Compiler::rowsOf(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements();
  return 1;
}

uint32_t Compiler::allocate(uint64_t rows) {
  uint32_t reg = program.numSlots;
  // Register offsets are 32-bit; past that the op is refused (compileOp).
  uint64_t slots = reg + rows * width;
  if (rows > UINT32_MAX || slots > UINT32_MAX) {
    registersExhausted = true;
    return 0;
  }
  program.numSlots = slots;
  return reg;
}

uint32_t Compiler::define(Value value) {
  uint32_t reg = allocate(rowsOf(value.getType()));
  registers[value] = reg;
  return reg;
}

uint32_t Compiler::use(Value value) const {
  auto it = registers.find(value);
  assert(it != registers.end() && "operand without a register");
  return it->second;
}

size_t Compiler::emit(Operation *op, Handler fn, uint32_t dst,
                      ArrayRef<uint32_t> srcs, uint32_t rows, uint32_t aux,
                      uint64_t imm) {
  Instr instr;
  instr.fn = fn;
  instr.dst = dst;
  assert(srcs.size() <= 3 && "at most three register operands");
  llvm::copy(srcs, instr.src);
  instr.rows = rows;
  instr.aux = aux;
  instr.imm = imm;
  instr.op = op;
  program.code.push_back(instr);
  return program.code.size() - 1;
}

void Compiler::emitParallelCopy(Operation *op, ValueRange from,
                                ArrayRef<uint32_t> to) {
  SmallVector<uint32_t> sources;
  for (Value v : from)
    sources.push_back(use(v));
  // A source that another copy overwrites first is saved to a temporary.
  for (size_t i = 0; i < sources.size(); ++i) {
    bool clobbered = false;
    for (size_t j = 0; j < to.size(); ++j)
      clobbered |= j != i && to[j] == sources[i];
    if (!clobbered)
      continue;
    unsigned rows = rowsOf(from[i].getType());
    uint32_t temp = allocate(rows);
    emit(op, copyMasked, temp, {sources[i]}, rows);
    sources[i] = temp;
  }
  for (size_t i = 0; i < sources.size(); ++i)
    if (sources[i] != to[i])
      emit(op, copyMasked, to[i], {sources[i]}, rowsOf(from[i].getType()));
}

FailureOr<unsigned> Compiler::getObject(Value memref, Operation *user) const {
  auto it = objects.find(memref);
  if (it != objects.end())
    return it->second;
  return user->emitError("the interpreter cannot trace this memref to a kernel "
                         "argument or an allocation");
}

FailureOr<unsigned> Compiler::addObject(Operation *def, Location loc,
                                        MemorySpace space, MemRefType type,
                                        std::string description) {
  std::string reason;
  std::optional<BufferLayout> layout = getBufferLayout(type, reason);
  if (!layout)
    return mlir::emitError(loc)
           << "the interpreter cannot model " << description << ": " << reason;
  MemObject object;
  object.space = space;
  object.kind = layout->kind;
  object.shape = layout->shape;
  object.strides = layout->strides;
  object.offset = layout->offset;
  object.slots = std::max(layout->storageSize, layout->numElements);
  object.loc = loc;
  object.def = def;
  object.description = std::move(description);
  std::vector<unsigned> *numbering = nullptr;
  if (space == MemorySpace::Lds)
    numbering = &program.ldsObjects;
  else if (space == MemorySpace::Private)
    numbering = &program.privateObjects;
  if (numbering) {
    object.index = numbering->size();
    numbering->push_back(program.objects.size());
  }
  if (space == MemorySpace::Lds && object.index > 0) {
    const MemObject &last = program.objects[program.ldsObjects.end()[-2]];
    int64_t bytes = last.slots * int64_t(getByteSize(last.kind));
    object.ldsAddress = llvm::alignTo(last.ldsAddress + bytes, 16);
  }
  program.objects.push_back(std::move(object));
  return program.objects.size() - 1;
}

FailureOr<unsigned> Compiler::addDynamicArgument(gpu::GPUFuncOp func,
                                                 unsigned index,
                                                 MemRefType type,
                                                 KernelArgumentInfo &info) {
  Location loc = func.getArgument(index).getLoc();
  std::optional<ElementKind> kind = getElementKind(type.getElementType());
  if (!kind)
    return mlir::emitError(loc) << "the interpreter cannot model argument '"
                                << info.name << "': element type "
                                << type.getElementType() << " is not supported";
  ArrayRef<int64_t> bindings = getDimBindings(func, index);
  if (!type.getLayout().isIdentity() ||
      bindings.size() != type.getNumDynamicDims())
    return mlir::emitError(loc)
           << "the interpreter cannot model argument '" << info.name
           << "' of type " << type
           << ": a dynamically shaped memref needs an identity "
           << "layout and '" << kDimsAttrName
           << "' naming the arguments that hold its extents";
  const int64_t *binding = bindings.begin();
  for (int64_t extent : type.getShape())
    info.extentArguments.push_back(ShapedType::isDynamic(extent) ? *binding++
                                                                 : -1);
  // Shape and strides come from the buffer of each run.
  MemObject object;
  object.space = MemorySpace::Global;
  object.index = index;
  object.kind = *kind;
  object.shape.assign(type.getShape().begin(), type.getShape().end());
  object.loc = loc;
  object.description = "argument '" + info.name + "'";
  program.objects.push_back(std::move(object));
  return program.objects.size() - 1;
}

LogicalResult Compiler::compileBody(Block &block) {
  for (Operation &op : block.without_terminator())
    if (failed(compileOp(&op)))
      return failure();
  return success();
}

LogicalResult Compiler::compileOp(Operation *op) {
  using CompileFn = std::optional<LogicalResult> (*)(Compiler &, Operation *);
  static constexpr CompileFn kFamilies[] = {
      compileArithOp,       compileMathOp,    compileVectorOp,
      compileMemoryOp,      compilePointerOp, compileGpuOp,
      compileCollectiveOp,  compileDppOp,     compileMmaOp,
      compileControlFlowOp, compileAffineOp};
  // Refused before any table sized by the results is built.
  uint64_t rows = 0;
  for (Type type : op->getResultTypes())
    rows += std::min<uint64_t>(rowsOf(type), UINT32_MAX);
  if (program.numSlots + rows * width > UINT32_MAX)
    registersExhausted = true;
  for (CompileFn family : kFamilies) {
    if (registersExhausted)
      break;
    std::optional<LogicalResult> result = family(*this, op);
    if (!result)
      continue;
    if (failed(*result) || !registersExhausted)
      return *result;
  }
  if (registersExhausted)
    return op->emitError(
        "the interpreter cannot hold the values of this op: the "
        "kernel's values need more than 2^32 register "
        "slots");
  return op->emitError() << "the interpreter cannot execute '" << op->getName()
                         << "'";
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

/// Translates the body of `func` into `program`.
static LogicalResult compileFunction(gpu::GPUFuncOp func, Program &program) {
  Compiler compiler(program);
  if (!func.getBody().hasOneBlock())
    return func.emitError("the interpreter executes kernels whose body is one "
                          "block (structured control flow only)");
  Block &body = func.getBody().front();

  for (auto [i, arg] : llvm::enumerate(
           func.getArguments().take_front(func.getNumArguments()))) {
    KernelArgumentInfo &info = program.arguments[i];
    auto memref = dyn_cast<MemRefType>(arg.getType());
    if (memref && !memref.hasStaticShape()) {
      FailureOr<unsigned> object =
          compiler.addDynamicArgument(func, i, memref, info);
      if (failed(object))
        return failure();
      compiler.setObject(arg, *object);
      continue;
    }
    if (memref) {
      info.extentArguments.assign(memref.getRank(), -1);
      FailureOr<unsigned> object =
          compiler.addObject(nullptr, arg.getLoc(), MemorySpace::Global, memref,
                             "argument '" + info.name + "'");
      if (failed(object))
        return failure();
      program.objects[*object].index = i;
      compiler.setObject(arg, *object);
      continue;
    }
    if (!getElementKind(arg.getType()))
      return func.emitError() << "the interpreter cannot pass argument '"
                              << info.name << "' of type " << arg.getType();
    RegisterInit init;
    init.reg = compiler.define(arg);
    init.argument = i;
    program.inits.push_back(init);
  }
  for (BlockArgument attribution : func.getWorkgroupAttributions()) {
    FailureOr<unsigned> object = compiler.addObject(
        nullptr, attribution.getLoc(), MemorySpace::Lds,
        cast<MemRefType>(attribution.getType()),
        "workgroup attribution #" + std::to_string(attribution.getArgNumber() -
                                                   func.getNumArguments()));
    if (failed(object))
      return failure();
    compiler.setObject(attribution, *object);
  }
  for (BlockArgument attribution : func.getPrivateAttributions()) {
    FailureOr<unsigned> object = compiler.addObject(
        nullptr, attribution.getLoc(), MemorySpace::Private,
        cast<MemRefType>(attribution.getType()), "private attribution");
    if (failed(object))
      return failure();
    compiler.setObject(attribution, *object);
  }

  if (failed(compiler.compileBody(body)))
    return failure();
  // The terminator (gpu.return) ends the wave.
  std::optional<LogicalResult> terminator =
      compileGpuOp(compiler, body.getTerminator());
  if (!terminator)
    return body.getTerminator()->emitError()
           << "the interpreter cannot execute '"
           << body.getTerminator()->getName() << "'";
  if (failed(*terminator))
    return failure();

  for (const Access &access : program.accesses) {
    const MemObject &object = program.objects[access.object];
    if (access.write && object.space == MemorySpace::Global)
      program.arguments[object.index].written = true;
  }
  return success();
}

/// Reads `known_block_size` or `known_grid_size` into `dims`: three
/// positive extents.
static LogicalResult readLaunchSize(gpu::GPUFuncOp func, StringRef name,
                                    ArrayRef<int32_t> extents, Dim3 &dims) {
  if (extents.size() != 3)
    return func.emitError() << "'" << name << "' needs three extents";
  for (unsigned d = 0; d < 3; ++d) {
    if (extents[d] <= 0)
      return func.emitError()
             << "'" << name << "' extent " << extents[d] << " in dimension "
             << "xyz"[d] << " must be positive";
    dims[d] = extents[d];
  }
  return success();
}

static std::string formatMiB(uint64_t bytes) {
  return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

/// Checks, before anything is allocated, that one run of the kernel fits in
/// `limit` bytes: every memory object (LDS with its race-detector shadow,
/// private memory once per lane, the arguments once for the run and
/// `heldCopies` more times for the caller) and the waves' registers.
static LogicalResult checkMemory(const Program &program, uint64_t limit,
                                 unsigned heldCopies) {
  int64_t lanes = program.block[0] * program.block[1] * program.block[2];
  uint64_t numWaves = (lanes + program.width - 1) / program.width;
  uint64_t total = 0, held = 0;
  for (const MemObject &object : program.objects) {
    uint64_t perSlot = sizeof(uint64_t);
    uint64_t copies = 1;
    if (object.space == MemorySpace::Lds)
      perSlot += sizeof(ShadowCell);
    else if (object.space == MemorySpace::Private)
      copies = numWaves * program.width;
    else
      copies += heldCopies;
    uint64_t bytes = llvm::SaturatingMultiply(
        llvm::SaturatingMultiply(uint64_t(object.slots), perSlot), copies);
    if (bytes > limit) {
      InFlightDiagnostic diag = emitError(object.loc)
                                << "the interpreter needs " << formatMiB(bytes)
                                << " for " << object.description;
      if (object.space == MemorySpace::Global && copies > 1)
        diag << " (" << copies << " copies: the run's and " << heldCopies
             << " more that it keeps meanwhile)";
      return diag << ", over its memory limit of " << formatMiB(limit);
    }
    total = llvm::SaturatingAdd(total, bytes);
    if (object.space == MemorySpace::Global)
      held = llvm::SaturatingAdd(held, bytes / copies * heldCopies);
  }
  uint64_t registers = llvm::SaturatingMultiply(
      uint64_t(program.numSlots) * sizeof(Slot), numWaves);
  total = llvm::SaturatingAdd(total, registers);
  if (total > limit) {
    InFlightDiagnostic diag = program.func->emitError()
                              << "the interpreter needs " << formatMiB(total)
                              << " to run @" << program.name << " ("
                              << formatMiB(registers) << " of them registers";
    if (heldCopies)
      diag << ", " << formatMiB(held) << " for the "
           << (heldCopies == 1 ? std::string("copy")
                               : std::to_string(heldCopies) + " copies")
           << " of the arguments it keeps meanwhile";
    return diag << "), over its memory limit of " << formatMiB(limit);
  }
  return success();
}

FailureOr<Kernel> Kernel::compile(gpu::GPUFuncOp func,
                                  ArrayRef<std::string> argNames,
                                  uint64_t memoryLimit,
                                  unsigned heldArgumentCopies,
                                  gpu::GPUFuncOp loweredFrom) {
  auto program = std::make_unique<Program>();
  program->name = func.getName().str();
  program->func = func;

  std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
  if (!block)
    return func.emitError(
               "the interpreter needs 'known_block_size' (the workgroup "
               "size) on kernel @")
           << func.getName();
  if (failed(readLaunchSize(func, "known_block_size", *block, program->block)))
    return failure();
  std::optional<int64_t> lanes = multiplyLaunchExtents(program->block);
  if (!lanes || *lanes > kMaxWorkgroupLanes)
    return func.emitError()
           << "the interpreter runs workgroups of at most "
           << kMaxWorkgroupLanes << " lanes, as the hardware does; @"
           << func.getName() << " has "
           << describeWorkgroupLanes(program->block);
  if (std::optional<ArrayRef<int32_t>> grid = func.getKnownGridSize()) {
    Dim3 known;
    if (failed(readLaunchSize(func, "known_grid_size", *grid, known)))
      return failure();
    program->knownGrid = known;
  }
  FailureOr<KernelTarget> target = getKernelTarget(func);
  if (failed(target) && loweredFrom)
    target = getKernelTarget(loweredFrom);
  if (succeeded(target)) {
    program->width = target->waveSize;
    program->permutesInHalves =
        !target->chip->hasWaveWideBPermute(program->width);
    program->gfxMajor = target->chip->gfxMajor;
    program->ldsTransposeReads = target->chip->hasLdsTransposeReads();
  }

  for (auto [i, arg] : llvm::enumerate(
           func.getArguments().take_front(func.getNumArguments()))) {
    KernelArgumentInfo info;
    info.type = arg.getType();
    info.name = i < argNames.size() && !argNames[i].empty()
                    ? argNames[i]
                    : "arg" + std::to_string(i);
    program->arguments.push_back(std::move(info));
  }

  if (failed(compileFunction(func, *program)) ||
      failed(checkMemory(*program, memoryLimit, heldArgumentCopies)))
    return failure();
  return Kernel(std::move(program));
}

Kernel::Kernel(std::unique_ptr<Program> program)
    : program(std::move(program)) {}
Kernel::Kernel(Kernel &&) = default;
Kernel &Kernel::operator=(Kernel &&) = default;
Kernel::~Kernel() = default;

StringRef Kernel::getName() const { return program->name; }
unsigned Kernel::getWaveSize() const { return program->width; }
Dim3 Kernel::getBlockSize() const { return program->block; }
std::optional<Dim3> Kernel::getKnownGridSize() const {
  return program->knownGrid;
}
ArrayRef<KernelArgumentInfo> Kernel::getArguments() const {
  return program->arguments;
}
Operation *Kernel::getOperation() const { return program->func; }

SmallVector<Buffer>
Kernel::createArgumentBuffers(ArrayRef<int64_t> scalars) const {
  SmallVector<Buffer> buffers;
  for (const KernelArgumentInfo &arg : program->arguments) {
    auto memref = dyn_cast<MemRefType>(arg.type);
    if (memref && !memref.hasStaticShape()) {
      SmallVector<int64_t, 4> shape;
      for (auto [extent, size] :
           llvm::zip_equal(memref.getShape(), arg.extentArguments))
        shape.push_back(size < 0 ? extent
                        : size < int64_t(scalars.size())
                            ? std::max<int64_t>(scalars[size], 0)
                            : 0);
      buffers.emplace_back(*getElementKind(memref.getElementType()), shape);
      continue;
    }
    std::string reason;
    // Compilation has checked every argument type.
    buffers.push_back(*createBufferForType(arg.type, reason));
  }
  return buffers;
}
