//===- WaveDialect.cpp - The wave dialect ---------------------------------===//

#include "wave/Dialect/Wave/IR/WaveDialect.h"
#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/IR/DirectToLds.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveAttrs.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wave;

#include "wave/Dialect/Wave/IR/WaveDialect.cpp.inc"
#include "wave/Dialect/Wave/IR/WaveEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "wave/Dialect/Wave/IR/WaveAttrs.cpp.inc"

void WaveDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "wave/Dialect/Wave/IR/WaveOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "wave/Dialect/Wave/IR/WaveAttrs.cpp.inc"
      >();
  // lib/Compiler implements it (registerWaveTargetInterfaceExternalModels):
  // the dialect does not link the back end, yet every tool parses the
  // attribute where a gpu.module's targets must implement the interface.
  declarePromisedInterface<gpu::TargetAttrInterface, TargetAttr>();
}

FailureOr<unsigned> mlir::wave::parseCountParameter(AsmParser &parser,
                                                    StringRef name) {
  SMLoc loc = parser.getCurrentLocation();
  APInt value;
  OptionalParseResult parsed = parser.parseOptionalInteger(value);
  if (!parsed.has_value())
    return parser.emitError(loc) << "expected an integer for '" << name << "'";
  if (failed(*parsed))
    return failure();
  if (value.isNegative())
    return parser.emitError(loc)
           << "'" << name << "' must not be negative, got "
           << llvm::toString(value, 10, /*Signed=*/true);
  if (value.getActiveBits() > 32)
    return parser.emitError(loc)
           << "'" << name << "' of "
           << llvm::toString(value, 10, /*Signed=*/false) << " is too large";
  return unsigned(value.getZExtValue());
}

LogicalResult KernelAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef chip, unsigned waveSize,
                                 unsigned occupancy) {
  const ChipInfo *info = lookupChip(chip);
  if (!info) {
    std::string known;
    for (const ChipInfo &c : getKnownChips())
      known += (known.empty() ? "" : ", ") + c.name.str();
    return emitError() << "unknown chip '" << chip << "' (known: " << known
                       << ")";
  }
  if (waveSize != 32 && waveSize != 64)
    return emitError() << "wave size must be 32 or 64, got " << waveSize;
  if (!info->supportsWaveSize(waveSize))
    return emitError() << "chip '" << chip << "' does not run waves of "
                       << waveSize << " lanes";
  if (occupancy > 20)
    return emitError() << "requested occupancy " << occupancy
                       << " exceeds any chip's waves per SIMD";
  return success();
}

LogicalResult SwizzleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t vec, int64_t perPhase,
                                  int64_t maxPhase) {
  for (auto [name, value] : {std::pair<StringRef, int64_t>{"vec", vec},
                             {"per_phase", perPhase},
                             {"max_phase", maxPhase}})
    if (value <= 0 || !llvm::isPowerOf2_64(value))
      return emitError() << "swizzle " << name
                         << " must be a positive power of two, got " << value;
  return success();
}

/// Checks `wave.spill_slot`: a unit attribute on an LDS allocation or on a
/// lane access to LDS.
static LogicalResult verifySpillSlotAttr(Operation *op, NamedAttribute attr) {
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'" << WaveDialect::kSpillSlotAttrName
                           << "' must be a unit attribute";
  Value buffer;
  if (auto alloc = dyn_cast<AllocLdsOp>(op))
    buffer = alloc.getResult();
  else if (auto access = dyn_cast<LaneAccessOpInterface>(op))
    buffer = access.getMemref();
  if (!buffer || !gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
                     cast<MemRefType>(buffer.getType())))
    return op->emitError() << "'" << WaveDialect::kSpillSlotAttrName
                           << "' applies to LDS allocations and accesses only";
  return success();
}

/// `wave.assume`: an integer set over the kernel's arguments whose
/// constraints use index and integer arguments only.
static LogicalResult verifyAssumeAttr(gpu::GPUFuncOp func,
                                      NamedAttribute attr) {
  auto set = dyn_cast<IntegerSetAttr>(attr.getValue());
  if (!set)
    return func->emitError()
           << "'" << kAssumeAttrName << "' must be an affine_set";
  IntegerSet constraints = set.getValue();
  if (constraints.getNumDims() != func.getNumArguments() ||
      constraints.getNumSymbols() != 0)
    return func->emitError()
           << "'" << kAssumeAttrName << "' must have one dimension "
           << "per kernel argument (" << func.getNumArguments()
           << ") and no symbols";
  for (auto [dim, arg] : llvm::enumerate(func.getArguments())) {
    if (isa<IndexType, IntegerType>(arg.getType()))
      continue;
    for (AffineExpr constraint : constraints.getConstraints())
      if (constraint.isFunctionOfDim(dim))
        return func->emitError()
               << "'" << kAssumeAttrName << "' constrains argument #" << dim
               << " of type " << arg.getType()
               << ", which is not an index or integer";
  }
  return success();
}

ArrayRef<int64_t> mlir::wave::getDimBindings(gpu::GPUFuncOp kernel,
                                             unsigned arg) {
  if (auto dims =
          kernel.getArgAttrOfType<DenseI64ArrayAttr>(arg, kDimsAttrName))
    return dims.asArrayRef();
  return {};
}

BlockArgument mlir::wave::getSizeArgument(Value memref, unsigned dim) {
  auto arg = dyn_cast<BlockArgument>(memref);
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!arg || !type || dim >= type.getRank() || !type.isDynamicDim(dim))
    return {};
  auto kernel = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
  if (!kernel || arg.getOwner() != &kernel.getBody().front() ||
      arg.getArgNumber() >= kernel.getNumArguments())
    return {};
  ArrayRef<int64_t> bindings = getDimBindings(kernel, arg.getArgNumber());
  unsigned position = type.getDynamicDimIndex(dim);
  if (position >= bindings.size())
    return {};
  return kernel.getArgument(bindings[position]);
}

/// `wave.dims` on argument `index` of a kernel: one index argument per
/// dynamic extent of a row-major memref.
static LogicalResult verifyDimsAttr(gpu::GPUFuncOp func, unsigned index,
                                    Attribute value) {
  auto emit = [&]() {
    return func.emitError()
           << "'" << kDimsAttrName << "' of argument #" << index << " ";
  };
  auto dims = dyn_cast<DenseI64ArrayAttr>(value);
  if (!dims)
    return emit() << "must be an array<i64: ...> of argument numbers";
  Type type = func.getArgumentTypes()[index];
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return emit() << "applies to memref arguments, not " << type;
  if (!memref.getLayout().isIdentity())
    return emit() << "needs a row-major memref (identity layout), whose "
                     "strides follow from its extents, not "
                  << type;
  if (size_t(dims.size()) != memref.getNumDynamicDims())
    return emit() << "names " << dims.size() << " size arguments, but " << type
                  << " has " << memref.getNumDynamicDims()
                  << " dynamic dimensions";
  for (int64_t arg : dims.asArrayRef()) {
    if (arg < 0 || arg >= int64_t(func.getNumArguments()))
      return emit() << "names argument #" << arg << ", but the kernel has "
                    << func.getNumArguments() << " arguments";
    if (!isa<IndexType>(func.getArgumentTypes()[arg]))
      return emit() << "names argument #" << arg << " of type "
                    << func.getArgumentTypes()[arg]
                    << " as a size; sizes are index arguments";
  }
  return success();
}

LogicalResult WaveDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  if (attr.getName() != kDimsAttrName)
    return op->emitError() << "unknown wave argument attribute '"
                           << attr.getName().getValue() << "'";
  auto func = dyn_cast<gpu::GPUFuncOp>(op);
  if (!func || !func.isKernel() || regionIndex != 0 ||
      argIndex >= func.getNumArguments())
    return op->emitError() << "'" << kDimsAttrName
                           << "' applies to arguments of gpu.func kernels "
                              "only";
  return verifyDimsAttr(func, argIndex, attr.getValue());
}

/// Every dynamically shaped memref argument of a wave kernel says which
/// arguments hold its extents: the interpreter, the analyses and the
/// lowering all need them.
static LogicalResult verifyDynamicArguments(gpu::GPUFuncOp func) {
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref || memref.hasStaticShape() ||
        func.getArgAttr(index, kDimsAttrName))
      continue;
    return func.emitError() << "argument #" << index << " of type " << type
                            << " has dynamic extents but no '" << kDimsAttrName
                            << "' naming the index arguments that hold them";
  }
  return success();
}

/// A workgroup or grid has at least one lane or workgroup in every
/// dimension; the analyses and the interpreter count lanes from these.
static LogicalResult verifyLaunchExtents(gpu::GPUFuncOp func, StringRef name,
                                         ArrayRef<int32_t> extents) {
  for (auto [dim, extent] : llvm::enumerate(extents.take_front(3)))
    if (extent <= 0)
      return func.emitError()
             << "'" << name << "' extent " << extent << " in dimension "
             << "xyz"[dim] << " must be positive";
  return success();
}

/// Checks `wave.kernel`, `wave.reference` and `wave.assume` on a kernel, and
/// `wave.spill_slot`.
LogicalResult WaveDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  if (attr.getName() == kSpillSlotAttrName)
    return verifySpillSlotAttr(op, attr);
  if (attr.getName() == kInterleaveMmaAttrName) {
    if (!isa<scf::ForOp>(op) || !isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << kInterleaveMmaAttrName
                             << "' is a unit attribute of scf.for loops";
    return success();
  }
  if (attr.getName() == kDirectToLdsAttrName) {
    auto write = dyn_cast<WriteOp>(op);
    auto read = write ? write.getValue().getDefiningOp<ReadOp>() : ReadOp();
    if (!write || !isa<UnitAttr>(attr.getValue()) ||
        !gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
            write.getMemref().getType()) ||
        !read ||
        gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
            read.getMemref().getType()))
      return op->emitError()
             << "'" << kDirectToLdsAttrName
             << "' is a unit attribute of a wave.write to LDS whose value a "
                "wave.read of global memory gives";
    return success();
  }
  if (attr.getName() == kAssumeAttrName) {
    auto func = dyn_cast<gpu::GPUFuncOp>(op);
    if (!func || !func.isKernel())
      return op->emitError()
             << "'" << kAssumeAttrName << "' applies to gpu.func kernels only";
    return verifyAssumeAttr(func, attr);
  }
  if (attr.getName() != kKernelAttrName && attr.getName() != kReferenceAttrName)
    return op->emitError() << "unknown wave attribute '"
                           << attr.getName().getValue() << "'";
  auto func = dyn_cast<gpu::GPUFuncOp>(op);
  if (!func || !func.isKernel())
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' applies to gpu.func kernels only";

  if (attr.getName() == kKernelAttrName) {
    auto kernel = dyn_cast<KernelAttr>(attr.getValue());
    if (!kernel)
      return op->emitError()
             << "'" << kKernelAttrName << "' must be a #wave.kernel attribute";
    std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
    if (!block)
      return op->emitError()
             << "a wave kernel needs 'known_block_size' (its workgroup size)";
    if (failed(verifyLaunchExtents(func, "known_block_size", *block)))
      return failure();
    if (std::optional<ArrayRef<int32_t>> grid = func.getKnownGridSize())
      if (failed(verifyLaunchExtents(func, "known_grid_size", *grid)))
        return failure();
    SmallVector<int64_t> extents = llvm::to_vector_of<int64_t>(*block);
    std::optional<int64_t> lanes = multiplyLaunchExtents(extents);
    if (!lanes || *lanes > kMaxWorkgroupLanes)
      return op->emitError()
             << "workgroup of " << describeWorkgroupLanes(extents)
             << " lanes exceeds the limit of " << kMaxWorkgroupLanes;
    return verifyDynamicArguments(func);
  }

  auto ref = dyn_cast<FlatSymbolRefAttr>(attr.getValue());
  if (!ref)
    return op->emitError() << "'" << kReferenceAttrName
                           << "' must name a kernel (@name)";
  auto target = dyn_cast_or_null<gpu::GPUFuncOp>(
      SymbolTable::lookupNearestSymbolFrom(op, ref));
  if (!target || !target.isKernel())
    return op->emitError() << "reference " << ref
                           << " is not a gpu.func kernel of this module";
  if (target == func)
    return op->emitError() << "a kernel cannot be its own reference";
  if (target.getFunctionType() != func.getFunctionType())
    return op->emitError() << "reference " << ref << " has type "
                           << target.getFunctionType() << ", expected "
                           << func.getFunctionType();
  // Both kernels run on the same buffers, sized by the same arguments.
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    if (getDimBindings(target, i) != getDimBindings(func, i))
      return op->emitError()
             << "reference " << ref << " binds the extents of argument #" << i
             << " to other arguments ('" << kDimsAttrName << "')";
  return success();
}
