//===- Executor.cpp - Running translated kernels over a grid --------------===//
//
// Workgroups run one after another. In a workgroup, each wave runs until it
// reaches a barrier or the end of the kernel; when every wave has stopped,
// they must all wait at the same barrier (then it opens: the LDS epoch
// advances and they resume) or all have finished. Anything else is barrier
// divergence.
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Compiler.h"
#include "RaceDetector.h"

#include "wave/Dialect/Wave/IR/Assumptions.h"

#include "mlir/IR/IntegerSet.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

static std::string formatDim3(int64_t x, int64_t y, int64_t z) {
  return "(" + std::to_string(x) + ", " + std::to_string(y) + ", " +
         std::to_string(z) + ")";
}

std::string mlir::wave::interp::describeThread(const Dim3 &block,
                                               const Dim3 &workgroup,
                                               int64_t linear) {
  return "thread " +
         formatDim3(linear % block[0], (linear / block[0]) % block[1],
                    linear / (block[0] * block[1])) +
         " of workgroup " +
         formatDim3(workgroup[0], workgroup[1], workgroup[2]);
}

std::string Wave::describeLinearLane(int32_t linear) const {
  return describeThread(program->block, workgroup->id, linear);
}

std::string Wave::describeLane(unsigned lane) const {
  return describeLinearLane(linearLane(lane));
}

InFlightDiagnostic Wave::emitError(const Instr &instr) const {
  return mlir::emitError(instr.op->getLoc());
}

void Wave::attachNote(InFlightDiagnostic &diag, size_t index,
                      const Twine &message) const {
  diag.attachNote(program->code[index].op->getLoc()) << message;
}

std::string mlir::wave::interp::describeLanes(LaneMask mask) {
  std::string text;
  for (unsigned lane = 0; lane < kMaxWaveSize; ++lane) {
    if (!((mask >> lane) & 1))
      continue;
    unsigned last = lane;
    while (last + 1 < kMaxWaveSize && ((mask >> (last + 1)) & 1))
      ++last;
    text += (text.empty() ? "" : ", ") + std::to_string(lane);
    if (last != lane)
      text += "-" + std::to_string(last);
    lane = last;
  }
  return text;
}

Status mlir::wave::interp::barrier(Wave &w, const Instr &instr) {
  if (w.exec != w.present) {
    InFlightDiagnostic diag = w.emitError(instr);
    diag << "barrier divergence: only lanes " << describeLanes(w.exec)
         << " of wave " << w.index << " of workgroup "
         << formatDim3(w.workgroup->id[0], w.workgroup->id[1],
                       w.workgroup->id[2])
         << " reach this barrier; lanes " << describeLanes(w.present & ~w.exec)
         << " skip it";
    // The outermost construct under which some lanes dropped out.
    for (size_t i = 0; i < w.frames.size(); ++i) {
      LaneMask inner = i + 1 < w.frames.size() ? w.frames[i + 1].outer : w.exec;
      if (inner != w.present) {
        diag.attachNote(w.frames[i].op->getLoc())
            << "the lanes diverge at this "
            << w.frames[i].op->getName().getStringRef();
        break;
      }
    }
    return Status::Error;
  }
  w.waitingAt = &instr;
  return Status::Barrier;
}

Status mlir::wave::interp::kernelReturn(Wave &, const Instr &) {
  return Status::Done;
}

/// Reports a run that used up its steps, at the innermost loop around
/// `instr` (the kernel when there is none: a grid too large to run).
static Status reportStepLimit(Wave &w, const Instr &instr) {
  Operation *loop = instr.op;
  while (loop && !isa<LoopLikeOpInterface>(loop))
    loop = loop->getParentOp();
  if (!loop)
    loop = w.program->func;
  InFlightDiagnostic diag = mlir::emitError(loop->getLoc());
  diag << "@" << w.program->name << " stopped at its limit of "
       << w.launch->maxSteps << " steps, in workgroup (" << w.workgroup->id[0]
       << ", " << w.workgroup->id[1] << ", " << w.workgroup->id[2] << ")";
  if (isa<LoopLikeOpInterface>(loop))
    diag << " with wave " << w.index << " in this loop, which may never end";
  return Status::Error;
}

static Status runWave(Wave &w) {
  const Instr *code = w.program->code.data();
  uint64_t &stepsLeft = w.launch->stepsLeft;
  while (true) {
    const Instr &instr = code[w.pc++];
    if (LLVM_UNLIKELY(stepsLeft == 0))
      return reportStepLimit(w, instr);
    --stepsLeft;
    Status status = instr.fn(w, instr);
    if (status != Status::Next)
      return status;
  }
}

/// Runs the waves of one workgroup to completion.
static LogicalResult runWorkgroup(MutableArrayRef<Wave> waves) {
  SmallVector<bool> done(waves.size(), false);
  while (true) {
    for (auto [i, w] : llvm::enumerate(waves)) {
      if (done[i])
        continue;
      w.waitingAt = nullptr;
      Status status = runWave(w);
      if (status == Status::Error)
        return failure();
      done[i] = status == Status::Done;
    }
    const Wave *first = nullptr;
    for (const Wave &w : waves)
      if (w.waitingAt) {
        first = &w;
        break;
      }
    Workgroup &workgroup = *waves.front().workgroup;
    // The epoch ends at the barrier or at the end of the kernel.
    if (failed(checkUnwrittenReads(*waves.front().program, workgroup)))
      return failure();
    if (!first)
      return success();

    for (auto [i, w] : llvm::enumerate(waves)) {
      if (done[i]) {
        InFlightDiagnostic diag = first->emitError(*first->waitingAt);
        diag << "barrier divergence: wave " << first->index
             << " waits at this barrier but wave " << w.index
             << " of the same workgroup reached the end of the kernel";
        return failure();
      }
      if (w.waitingAt != first->waitingAt) {
        InFlightDiagnostic diag = first->emitError(*first->waitingAt);
        diag << "barrier divergence: wave " << first->index
             << " waits at this barrier but wave " << w.index
             << " of the same workgroup waits at another one";
        first->attachNote(diag, w.program->indexOf(*w.waitingAt),
                          "the other barrier");
        return failure();
      }
    }
    // Every lane arrived: the barrier orders all LDS accesses before it.
    ++workgroup.epoch;
  }
}

SmallVector<int64_t> mlir::wave::getScalarValues(ArrayRef<Buffer> args) {
  SmallVector<int64_t> values;
  for (const Buffer &arg : args) {
    bool integer = arg.getRank() == 0 && !isFloat(arg.getKind());
    values.push_back(
        integer ? llvm::SignExtend64(arg.getBits(0), getBitWidth(arg.getKind()))
                : 0);
  }
  return values;
}

/// A dynamically shaped argument's buffer has the extents its size
/// arguments hold, which are not negative.
static LogicalResult checkExtents(const Program &prog, ArrayRef<Buffer> args,
                                  ArrayRef<int64_t> scalars) {
  for (auto [i, info] : llvm::enumerate(prog.arguments)) {
    if (!info.hasDynamicExtents())
      continue;
    ArrayRef<int64_t> shape = args[i].getShape();
    for (auto [dim, size] : llvm::enumerate(info.extentArguments)) {
      if (size < 0)
        continue;
      const std::string &sizeName = prog.arguments[size].name;
      if (scalars[size] < 0)
        return emitError(prog.func->getLoc())
               << "size argument '" << sizeName << "' of argument '"
               << info.name << "' is " << scalars[size];
      if (dim < shape.size() && shape[dim] != scalars[size])
        return emitError(prog.func->getLoc())
               << "buffer for argument '" << info.name << "' has extent "
               << shape[dim] << " in dimension " << dim << ", but '" << sizeName
               << "' (its size argument) is " << scalars[size];
    }
  }
  return success();
}

/// The scalar arguments satisfy `wave.assume`: a launch that breaks what
/// the kernel assumes has no meaning the passes preserve.
static LogicalResult checkAssumptions(const Program &prog,
                                      ArrayRef<int64_t> scalars) {
  auto assume = prog.func->getAttrOfType<IntegerSetAttr>(kAssumeAttrName);
  if (!assume)
    return success();
  IntegerSet set = assume.getValue();
  SmallVector<const int64_t *> operands;
  for (const int64_t &value : scalars)
    operands.push_back(&value);
  for (auto [i, constraint] : llvm::enumerate(set.getConstraints())) {
    AffineProgram program(AffineMap::get(set.getNumDims(), 0, constraint));
    int64_t value = 0;
    std::optional<AffineProgram::Fault> fault =
        program.evaluate(operands.data(), /*width=*/1, /*active=*/1, &value);
    if (!fault && (set.isEq(i) ? value == 0 : value >= 0))
      continue;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << constraint << (set.isEq(i) ? " == 0" : " >= 0");
    InFlightDiagnostic diag = emitError(prog.func->getLoc())
                              << "the arguments break the kernel's '"
                              << kAssumeAttrName << "': constraint " << text
                              << " does not hold for";
    for (auto [arg, info] : llvm::enumerate(prog.arguments))
      if (constraint.isFunctionOfDim(arg))
        diag << " " << info.name << " = " << scalars[arg];
    return diag;
  }
  return success();
}

static bool isRowMajor(const Buffer &buffer) {
  int64_t stride = 1;
  for (int64_t d = int64_t(buffer.getRank()) - 1; d >= 0; --d) {
    if (buffer.getStrides()[d] != stride)
      return false;
    stride *= buffer.getShape()[d];
  }
  return buffer.getOffset() == 0;
}

LogicalResult Kernel::run(MutableArrayRef<Buffer> args, Dim3 grid,
                          uint64_t maxSteps) const {
  const Program &prog = *program;
  Operation *func = prog.func;
  if (args.size() != prog.arguments.size())
    return func->emitError()
           << "@" << prog.name << " takes " << prog.arguments.size()
           << " arguments, " << args.size() << " given";
  SmallVector<int64_t> scalars = getScalarValues(args);
  if (failed(checkExtents(prog, args, scalars)) ||
      failed(checkAssumptions(prog, scalars)))
    return failure();
  SmallVector<Buffer> expected = createArgumentBuffers(scalars);
  for (auto [i, arg] : llvm::enumerate(args)) {
    // A rank-0 memref is a bare pointer (what the lowering passes for a
    // dynamically shaped one): any row-major buffer of its elements.
    auto memref = dyn_cast<MemRefType>(prog.arguments[i].type);
    if (memref && memref.getRank() == 0 &&
        arg.getKind() == expected[i].getKind() && isRowMajor(arg))
      continue;
    if (arg.getKind() != expected[i].getKind() ||
        arg.getShape() != expected[i].getShape() ||
        arg.getStrides() != expected[i].getStrides() ||
        arg.getOffset() != expected[i].getOffset())
      return func->emitError()
             << "buffer for argument '" << prog.arguments[i].name
             << "' does not match its type " << prog.arguments[i].type;
  }
  for (int64_t extent : grid)
    if (extent <= 0)
      return func->emitError("the grid must have at least one workgroup in "
                             "every dimension");

  Launch launch{args, grid, maxSteps, maxSteps};
  int64_t lanes = prog.block[0] * prog.block[1] * prog.block[2];
  unsigned width = prog.width;
  size_t numWaves = (lanes + width - 1) / width;

  std::vector<Wave> waves(numWaves);
  for (auto [index, w] : llvm::enumerate(waves)) {
    w.program = &prog;
    w.launch = &launch;
    w.width = width;
    w.index = index;
    int64_t first = int64_t(index) * width;
    unsigned count = unsigned(std::min<int64_t>(width, lanes - first));
    w.present = widthMask(count);
    for (unsigned l = 0; l < width; ++l) {
      int64_t linear = first + l;
      w.tid[0][l] = linear % prog.block[0];
      w.tid[1][l] = (linear / prog.block[0]) % prog.block[1];
      w.tid[2][l] = linear / (prog.block[0] * prog.block[1]);
    }
    w.regs.assign(prog.numSlots, Slot{0});
    // Constants and scalar arguments never change: fill them once.
    for (const RegisterInit &init : prog.inits) {
      Slot *reg = w.reg(init.reg);
      if (init.argument >= 0) {
        const Buffer &scalar = args[init.argument];
        Slot value = slotFromBits(scalar.getKind(), scalar.getBits(0));
        std::fill_n(reg, width, value);
        continue;
      }
      for (auto [r, value] : llvm::enumerate(init.rows))
        std::fill_n(reg + r * width, width, value);
    }
    for (unsigned object : prog.privateObjects) {
      const MemObject &o = prog.objects[object];
      for (unsigned l = 0; l < width; ++l)
        w.privateMemory.emplace_back(o.kind, o.shape, o.strides, o.offset);
    }
    w.frames.reserve(prog.maxDepth);
  }

  Workgroup workgroup;
  for (unsigned object : prog.ldsObjects) {
    const MemObject &o = prog.objects[object];
    workgroup.lds.emplace_back(o.kind, o.shape, o.strides, o.offset);
    workgroup.shadow.emplace_back(workgroup.lds.back().getStorageSize());
  }

  for (int64_t z = 0; z < grid[2]; ++z) {
    for (int64_t y = 0; y < grid[1]; ++y) {
      for (int64_t x = 0; x < grid[0]; ++x) {
        workgroup.id = {x, y, z};
        workgroup.epoch = 1;
        workgroup.unwrittenRead.reset();
        for (auto [tile, shadow] :
             llvm::zip_equal(workgroup.lds, workgroup.shadow)) {
          tile.clear();
          std::fill(shadow.begin(), shadow.end(), ShadowCell());
        }
        for (Wave &w : waves) {
          w.workgroup = &workgroup;
          w.pc = 0;
          w.exec = w.present;
          w.frames.clear();
          for (Buffer &memory : w.privateMemory)
            memory.clear();
        }
        if (failed(runWorkgroup(waves)))
          return failure();
      }
    }
  }
  return success();
}
