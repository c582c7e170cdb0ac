//===- LaneAccessLowering.cpp - wave.read/write to memory accesses --------===//
//
// A lane access becomes one vector access when its elements are contiguous
// in memory, otherwise one access per element. Cache hints become the
// nontemporal bit (streaming) or a volatile access (uncached); masked vector
// accesses carry neither, so a masked access with a hint is split into
// guarded element accesses that do. A `bounded` global access whose vectors
// lie wholly inside or wholly outside the shape, unmasked or masked by one
// bit for the whole vector, is a buffer access, which keeps its width:
// lanes outside (or whose bit is off) address 2^31 bytes, past the buffer's
// end, where loads read zero and stores do nothing; inside a loop, the
// parts of its offset and conditions that do not depend on the loop are
// computed before it. Other whole-or-nothing vector accesses (and those
// whose mask is one bit) keep their width under a lane predicate.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/GridQueries.h"
#include "wave/Analysis/Footprint/LaunchFacts.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Uniformity/WorkgroupUniformity.h"
#include "wave/Conversion/WaveToAMDGPU.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/IR/DeclineReason.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wave;

/// The AMDGPU address space of global memory.
static constexpr unsigned kGlobalAddressSpace = 1;

namespace {
/// One lane access, with the coordinate of its element 0 materialized.
struct Access {
  Value memref;
  MemRefType type;
  SmallVector<Value> coordinates;
  unsigned dim;
  VectorType vectorType;
  Value mask;
  /// When set, the access moves its whole vector in the lanes where this
  /// `i1` holds and nothing elsewhere (a read yields zeros); `mask` is then
  /// null.
  Value predicate;
  CacheHint hint;
  /// The swizzle of a swizzled LDS tile, else null.
  SwizzleAttr swizzle;
};
} // namespace

static CacheHint getHint(Operation *op) {
  auto attr = op->getAttrOfType<CacheHintAttr>("cache");
  return attr ? attr.getValue() : CacheHint::cached;
}

bool mlir::wave::lowersToVectorAccess(LaneAccessOpInterface op) {
  MemRefType type = op.getMemref().getType();
  unsigned dim = op.getContiguousDim();
  if (dim + 1 != type.getRank())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return false;
  return (!op.getMask() && !op.getBounded()) ||
         getHint(op) == CacheHint::cached;
}

/// A buffer instruction's immediate offset holds bytes 0 to 4095 (12 bits
/// on GFX9 and GFX11; GFX12's global accesses take larger constants than
/// the scalar offsets are used for).
static constexpr uint64_t kBufferImmediateBytes = 4096;

/// The most bytes a buffer access's memref may span: offsets are 32-bit,
/// and lanes outside the shape address the byte past the end.
static constexpr uint64_t kMaxBufferBytes = uint64_t(1) << 31;

/// Whether `space` is global memory (the default space included).
static bool isGlobalMemorySpace(Attribute space) {
  if (!space)
    return true;
  if (auto number = dyn_cast<IntegerAttr>(space))
    return number.getInt() == 0 || number.getInt() == kGlobalAddressSpace;
  auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space);
  return gpuSpace && gpuSpace.getValue() == gpu::AddressSpace::Global;
}

/// Whether every element of `mask` is one bit: a broadcast or splat of an
/// `i1`, or a mask of one element.
static bool isUniformMask(Value mask) {
  if (auto broadcast = mask.getDefiningOp<vector::BroadcastOp>())
    if (broadcast.getSourceType().isInteger(1))
      return true;
  return cast<VectorType>(mask.getType()).getNumElements() == 1;
}

/// The `i1` that every element of the uniform `mask` (`isUniformMask`)
/// equals: the broadcast's source, or the one element, extracted at the
/// builder's point.
static Value getUniformMaskBit(OpBuilder &builder, Location loc, Value mask) {
  if (auto broadcast = mask.getDefiningOp<vector::BroadcastOp>())
    if (broadcast.getSourceType().isInteger(1))
      return broadcast.getSource();
  return vector::ExtractOp::create(builder, loc, mask, 0);
}

/// Whether the memory `op` accesses can be a buffer and its access a buffer
/// access, whatever its offsets and the memref's size: `*reason` says why
/// not otherwise.
static bool isBufferAccessShape(LaneAccessOpInterface op, std::string *reason) {
  auto fail = [&](const Twine &why) {
    setReason(reason, why);
    return false;
  };
  // A bounded access's lanes outside address past the buffer's end, and so
  // can those whose mask is off when it is off for the whole vector.
  if ((op.getMask() && !(op.getBounded() && isUniformMask(op.getMask()))) ||
      getHint(op) != CacheHint::cached || !lowersToVectorAccess(op))
    return fail("only cached vector accesses, unmasked or bounded with one "
                "mask bit for the whole vector, are buffer accesses");
  MemRefType type = op.getMemref().getType();
  if (!isGlobalMemorySpace(type.getMemorySpace()))
    return fail("its memref is not in global memory");
  if (!type.getLayout().isIdentity())
    return fail("its memref is not row-major");
  unsigned bytes =
      type.getElementTypeBitWidth() * op.getVectorType().getNumElements() / 8;
  if (!llvm::is_contained({1u, 2u, 4u, 8u, 12u, 16u}, bytes) ||
      type.getElementTypeBitWidth() % 8 != 0)
    return fail("a buffer access moves 1, 2, 4, 8, 12 or 16 bytes");
  return true;
}

/// Whether the dimensions `firstDim` onwards of the memref `op` accesses
/// span at most 2^31 bytes, dynamic extents bounded by the kernel's
/// `wave.assume`: `*reason` says why not otherwise.
static bool fitsBufferSpan(LaneAccessOpInterface op, unsigned firstDim,
                           std::string *reason) {
  MemRefType type = op.getMemref().getType();
  uint64_t size = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  for (unsigned dim = firstDim; dim < type.getRank(); ++dim) {
    int64_t extent = type.getDimSize(dim);
    if (ShapedType::isDynamic(extent)) {
      BlockArgument argument = getSizeArgument(op.getMemref(), dim);
      std::optional<int64_t> bound =
          argument ? getKnownUpperBound(argument) : std::nullopt;
      if (!bound) {
        setReason(reason, "extent " + Twine(dim) +
                              " of its memref has no upper bound under the "
                              "kernel's wave.assume, and buffer offsets are "
                              "32-bit");
        return false;
      }
      extent = *bound;
    }
    size =
        llvm::SaturatingMultiply(size, uint64_t(std::max<int64_t>(extent, 0)));
  }
  if (size <= kMaxBufferBytes)
    return true;
  setReason(reason,
            Twine(firstDim == 0 ? "its memref" : "a row of its memref") +
                " may span " + Twine(size) + " bytes, more than the " +
                Twine(kMaxBufferBytes) + " a buffer access addresses");
  return false;
}

/// Whether the memory `op` accesses can be a buffer and its access a buffer
/// access, whatever its offsets: `*reason` says why not otherwise.
static bool isBufferable(LaneAccessOpInterface op, std::string *reason) {
  return isBufferAccessShape(op, reason) &&
         fitsBufferSpan(op, /*firstDim=*/0, reason);
}

namespace {
/// The values an index may take, both ends included.
struct IndexRange {
  int64_t lo, hi;
};
} // namespace

static std::optional<IndexRange> getExprRange(AffineExpr expr,
                                              ValueRange operands,
                                              unsigned numDims, unsigned depth);

/// Whether the descriptor of `op`'s buffer access (a bounded one whose
/// vectors are whole or nothing, with `footprint`) can start at its row
/// (BufferBase::Row): `*reason` says why not otherwise.
static bool isRowBased(LaneAccessOpInterface op,
                       const SymbolicFootprint &footprint,
                       std::string *reason) {
  auto fail = [&](const Twine &why) {
    setReason(reason, why);
    return false;
  };
  // The descriptor's base must be scalar: a kernel argument's pointer plus
  // the row's offset.
  if (!isKernelArgument(op.getMemref()))
    return fail("its memref is not a kernel argument");
  MemRefType type = op.getMemref().getType();
  AffineMap map = op.getAccessMap();
  // The last coordinate is the offset: it and the vector's end must lie
  // within 2^31 bytes of the row's start, where 32-bit offsets are exact.
  int64_t limit =
      int64_t(kMaxBufferBytes) / int64_t(type.getElementTypeBitWidth() / 8);
  std::optional<IndexRange> range =
      getExprRange(map.getResults().back(), op.getIndices(), map.getNumDims(),
                   /*depth=*/0);
  if (!range || range->lo < -limit ||
      range->hi > limit - op.getVectorType().getNumElements())
    return fail("its last coordinate is not known to lie within 2^31 bytes "
                "of the row's start");
  if (!fitsBufferSpan(op, type.getRank() - 1, reason))
    return false;
  if (type.getRank() == 1)
    return true;
  FailureOr<KernelTarget> target = getKernelTarget(op, reason);
  if (failed(target))
    return false;
  std::string why;
  FailureOr<std::optional<GridLane>> apart =
      findLaneOffRow(footprint, target->waveSize, &why);
  if (failed(apart))
    return fail("whether the lanes of a wave access one row is not known: " +
                why);
  if (*apart) {
    const GridLane &lane = **apart;
    return fail("lane " + Twine(lane.lane) + " of workgroup (" +
                Twine(lane.workgroup[2]) + ", " + Twine(lane.workgroup[1]) +
                ", " + Twine(lane.workgroup[0]) +
                ") accesses another row than the first lane of its wave");
  }
  return true;
}

static bool isTileBased(LaneAccessOpInterface op, bool stepTile,
                        std::string *reason);

bool mlir::wave::lowersToBufferAccess(LaneAccessOpInterface op,
                                      std::string *reason, BufferBase *base,
                                      std::string *rowReason) {
  if (!op.getBounded()) {
    setReason(reason,
              "only bounded accesses skip their vectors outside the shape");
    return false;
  }
  if (!isBufferAccessShape(op, reason))
    return false;
  FailureOr<SymbolicFootprint> footprint = SymbolicFootprint::get(op, reason);
  if (failed(footprint) || !footprint->isWholeOrNothing(reason))
    return false;
  std::string notRow;
  if (isRowBased(op, *footprint, &notRow)) {
    if (base)
      *base = BufferBase::Row;
    return true;
  }
  if (rowReason)
    *rowReason = notRow;
  std::string tooLarge, notTile;
  if (fitsBufferSpan(op, /*firstDim=*/0, &tooLarge)) {
    if (base)
      *base = BufferBase::Memref;
    return true;
  }
  if (isTileBased(op, /*stepTile=*/false, &notTile)) {
    if (base)
      *base = BufferBase::Tile;
    return true;
  }
  // A loop step's tile, whose descriptor each step computes, only where
  // the workgroup's does not fit and the loops' counters make the difference.
  std::string notStep;
  if (op->getParentOfType<scf::ForOp>() &&
      isTileBased(op, /*stepTile=*/true, &notStep)) {
    if (base)
      *base = BufferBase::StepTile;
    return true;
  }
  setReason(reason, tooLarge + "; its descriptor cannot start at its row: " +
                        notRow + "; nor at its workgroup's tile: " + notTile);
  return false;
}

bool mlir::wave::lowersToGuardedAccess(LaneAccessOpInterface op,
                                       std::string *reason) {
  if (!lowersToVectorAccess(op) || op.getVectorType().getNumElements() == 1)
    return false;
  if (op.getMask() && !isUniformMask(op.getMask())) {
    setReason(reason, "its mask is not one bit broadcast to the vector");
    return false;
  }
  if (!op.getBounded())
    return bool(op.getMask());
  FailureOr<SymbolicFootprint> footprint = SymbolicFootprint::get(op, reason);
  if (failed(footprint))
    return false;
  return footprint->isWholeOrNothing(reason);
}

/// Adds the terms of `expr` times `factor` that are not constants to
/// `terms` and the constant ones to `constant`, products by constants
/// distributed over the sums they scale; false when a constant overflows.
static bool collectTerms(AffineExpr expr, int64_t factor,
                         SmallVectorImpl<AffineExpr> &terms,
                         int64_t &constant) {
  int64_t product;
  if (auto term = dyn_cast<AffineConstantExpr>(expr))
    return !llvm::MulOverflow(term.getValue(), factor, product) &&
           !llvm::AddOverflow(constant, product, constant);
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (binary && binary.getKind() == AffineExprKind::Add)
    return collectTerms(binary.getLHS(), factor, terms, constant) &&
           collectTerms(binary.getRHS(), factor, terms, constant);
  // A product by a constant distributes over the sum it scales.
  if (binary && binary.getKind() == AffineExprKind::Mul)
    if (auto scale = dyn_cast<AffineConstantExpr>(binary.getRHS()))
      return !llvm::MulOverflow(scale.getValue(), factor, product) &&
             collectTerms(binary.getLHS(), product, terms, constant);
  terms.push_back(expr * factor);
  return true;
}

/// Whether `expr` is the constant 0.
static bool isZero(AffineExpr expr) {
  auto constant = dyn_cast<AffineConstantExpr>(expr);
  return constant && constant.getValue() == 0;
}

/// Calls `visit` on each operand of `operands` (dimensions, then symbols)
/// that `expr` names.
static void forEachOperand(AffineExpr expr, ValueRange operands,
                           unsigned numDims, function_ref<void(Value)> visit) {
  expr.walk([&](AffineExpr sub) {
    if (auto dim = dyn_cast<AffineDimExpr>(sub))
      visit(operands[dim.getPosition()]);
    else if (auto symbol = dyn_cast<AffineSymbolExpr>(sub))
      visit(operands[numDims + symbol.getPosition()]);
  });
}

namespace {
/// A coordinate as the sum of two parts: the terms whose operands all pass
/// a test (with the constant), and the others.
struct CoordinateParts {
  AffineExpr first, rest;
};
} // namespace

/// Each result of `map` over `operands` split by `inFirst`, a test of the
/// operands (CoordinateParts). A result that is no sum of terms is one term.
static SmallVector<CoordinateParts>
splitCoordinates(AffineMap map, ValueRange operands,
                 function_ref<bool(Value)> inFirst) {
  MLIRContext *context = map.getContext();
  auto isFirst = [&](AffineExpr expr) {
    bool first = true;
    forEachOperand(expr, operands, map.getNumDims(),
                   [&](Value operand) { first = first && inFirst(operand); });
    return first;
  };
  SmallVector<CoordinateParts> split;
  for (AffineExpr result : map.getResults()) {
    CoordinateParts parts{getAffineConstantExpr(0, context),
                          getAffineConstantExpr(0, context)};
    SmallVector<AffineExpr> terms;
    int64_t constant = 0;
    if (!collectTerms(result, /*factor=*/1, terms, constant)) {
      (isFirst(result) ? parts.first : parts.rest) = result;
    } else {
      parts.first = getAffineConstantExpr(constant, context);
      for (AffineExpr term : terms) {
        AffineExpr &side = isFirst(term) ? parts.first : parts.rest;
        side = side + term;
      }
    }
    split.push_back(parts);
  }
  return split;
}

/// Each result of `op`'s map split by `inFirst` (splitCoordinates).
static SmallVector<CoordinateParts>
splitCoordinates(LaneAccessOpInterface op, function_ref<bool(Value)> inFirst) {
  return splitCoordinates(op.getAccessMap(), op.getIndices(), inFirst);
}

/// The access map of `op` with its constant operands folded in and without
/// the constant terms of the results along dimensions of static stride,
/// when those are non-negative, and the element offset they add up to
/// (saturating).
static std::pair<AffineMap, uint64_t>
splitScalarOffset(LaneAccessOpInterface op) {
  AffineMap map = op.getAccessMap();
  MLIRContext *context = map.getContext();
  SmallVector<AffineExpr> dims, symbols;
  for (auto [position, operand] : llvm::enumerate(op.getIndices())) {
    bool isDim = position < map.getNumDims();
    APInt value;
    if (matchPattern(operand, m_ConstantInt(&value)))
      (isDim ? dims : symbols)
          .push_back(getAffineConstantExpr(value.getSExtValue(), context));
    else if (isDim)
      dims.push_back(getAffineDimExpr(position, context));
    else
      symbols.push_back(
          getAffineSymbolExpr(position - map.getNumDims(), context));
  }
  SmallVector<int64_t> strides =
      op.getMemref().getType().getStridesAndOffset().first;
  SmallVector<AffineExpr> variables;
  uint64_t elements = 0;
  for (auto [result, stride] : llvm::zip_equal(map.getResults(), strides)) {
    AffineExpr folded = result.replaceDimsAndSymbols(dims, symbols);
    SmallVector<AffineExpr> terms;
    int64_t constant = 0;
    if (!collectTerms(folded, /*factor=*/1, terms, constant) || constant < 0 ||
        ShapedType::isDynamic(stride)) {
      variables.push_back(folded);
      continue;
    }
    AffineExpr variable = getAffineConstantExpr(0, context);
    for (AffineExpr term : terms)
      variable = variable + term;
    variables.push_back(variable);
    elements = llvm::SaturatingMultiplyAdd(uint64_t(constant), uint64_t(stride),
                                           elements);
  }
  return {
      AffineMap::get(map.getNumDims(), map.getNumSymbols(), variables, context),
      elements};
}

static bool isKnownNonNegative(Value value, unsigned depth);

/// Whether `expr`, over `operands` (dimensions, then symbols), is at least 0
/// whenever the operands `isKnownNonNegative` accepts are.
static bool isNonNegative(AffineExpr expr, ValueRange operands,
                          unsigned numDims, unsigned depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue() >= 0;
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return isKnownNonNegative(operands[dim.getPosition()], depth);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return isKnownNonNegative(operands[numDims + symbol.getPosition()], depth);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
  switch (expr.getKind()) {
  case AffineExprKind::Add:
  case AffineExprKind::Mul:
    return isNonNegative(binary.getLHS(), operands, numDims, depth) &&
           isNonNegative(binary.getRHS(), operands, numDims, depth);
  case AffineExprKind::Mod:
    // An affine `mod` by a positive constant lies in [0, divisor).
    return divisor && divisor.getValue() > 0;
  default: // floordiv, ceildiv
    return divisor && divisor.getValue() > 0 &&
           isNonNegative(binary.getLHS(), operands, numDims, depth);
  }
}

/// Whether `value`, an index, is at least 0 by how it is computed: launch
/// ids and sizes, non-negative constants, a memref extent `wave.dims`
/// binds, an `scf.for` induction variable counting up from such a bound,
/// and sums, products, quotients, remainders and affine maps of
/// such values (an affine `mod` by a positive constant is always one), up
/// to a depth that keeps the question local.
static bool isKnownNonNegative(Value value, unsigned depth) {
  static constexpr unsigned kMaxDepth = 8;
  if (depth > kMaxDepth)
    return false;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return !constant.isNegative();
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    // An induction variable counting up from a non-negative bound.
    if (auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
        loop && argument == loop.getInductionVar()) {
      APInt step;
      return isKnownNonNegative(loop.getLowerBound(), depth + 1) &&
             matchPattern(loop.getStep(), m_ConstantInt(&step)) &&
             step.isStrictlyPositive();
    }
    auto kernel = dyn_cast<gpu::GPUFuncOp>(argument.getOwner()->getParentOp());
    if (!kernel || argument.getOwner() != &kernel.getBody().front())
      return false;
    for (unsigned index = 0; index < kernel.getNumArguments(); ++index)
      if (llvm::is_contained(getDimBindings(kernel, index),
                             int64_t(argument.getArgNumber())))
        return true;
    return false;
  }
  Operation *op = value.getDefiningOp();
  auto operandsNonNegative = [&] {
    return llvm::all_of(op->getOperands(), [&](Value operand) {
      return isKnownNonNegative(operand, depth + 1);
    });
  };
  if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp,
          gpu::GlobalIdOp, gpu::BlockDimOp, gpu::GridDimOp, gpu::NumSubgroupsOp,
          gpu::SubgroupSizeOp>(op))
    return true;
  if (isa<arith::AddIOp, arith::MulIOp, arith::DivUIOp, arith::DivSIOp,
          arith::FloorDivSIOp, arith::CeilDivSIOp, arith::RemUIOp,
          arith::RemSIOp, arith::MinSIOp, arith::MinUIOp>(op))
    return operandsNonNegative();
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    return isNonNegative(apply.getAffineMap().getResult(0),
                         apply.getMapOperands(),
                         apply.getAffineMap().getNumDims(), depth + 1);
  // Every result but the first is a remainder in [0, basis); the first is
  // the quotient of the linear index.
  if (auto delinearize = dyn_cast<affine::AffineDelinearizeIndexOp>(op))
    return cast<OpResult>(value).getResultNumber() != 0 ||
           isKnownNonNegative(delinearize.getLinearIndex(), depth + 1);
  return false;
}

std::optional<int64_t>
mlir::wave::getScalarBufferOffset(LaneAccessOpInterface op,
                                  int64_t maxImmediateBytes,
                                  std::string *reason, bool withinImmediate) {
  if (reason)
    reason->clear();
  if (op.getBounded() || !lowersToVectorAccess(op) ||
      !isGlobalMemorySpace(op.getMemref().getType().getMemorySpace()))
    return std::nullopt;
  auto [variables, elements] = splitScalarOffset(op);
  uint64_t bytes = llvm::SaturatingMultiply(
      elements,
      uint64_t(op.getMemref().getType().getElementTypeBitWidth() / 8));
  bool fitsImmediate = bytes <= uint64_t(maxImmediateBytes);
  if (fitsImmediate && !withinImmediate)
    return std::nullopt;
  // Only an access whose constants need the scalar offset says why not.
  if (fitsImmediate)
    reason = nullptr;
  auto fail = [&](const Twine &why) -> std::optional<int64_t> {
    setReason(reason, why);
    return std::nullopt;
  };
  if (!isBufferable(op, reason))
    return std::nullopt;
  if (bytes >= kMaxBufferBytes)
    return fail("its constant offset lies past the memref");
  for (AffineExpr variable : variables.getResults())
    if (!isNonNegative(variable, op.getIndices(), variables.getNumDims(),
                       /*depth=*/0))
      return fail("cannot prove the variable part of its map non-negative, "
                  "which a buffer access's vector offset must be");
  if (fitsImmediate)
    return 0;
  // Offsets below the buffer immediate's range stay with the vector offset,
  // where the backend moves them to the immediate: accesses whose constants
  // differ by less share one scalar offset.
  uint64_t elementBytes = bytes / elements;
  return int64_t((bytes & ~(kBufferImmediateBytes - 1)) / elementBytes);
}

/// The variable part of each coordinate of `op` (splitScalarOffset's, its
/// constant operands folded in and its constants apart) split into the
/// terms over values the same in every lane of the workgroup (`first`) and
/// the rest, and the constants' element offset.
static std::pair<SmallVector<CoordinateParts>, uint64_t>
getUniformTerms(LaneAccessOpInterface op) {
  auto [variables, elements] = splitScalarOffset(op);
  return {splitCoordinates(variables, op.getIndices(), isWorkgroupUniform),
          elements};
}

UniformScalarOffset mlir::wave::getUniformScalarOffset(
    LaneAccessOpInterface op, int64_t maxImmediateBytes, std::string *reason) {
  if (reason)
    reason->clear();
  if (getScalarBufferOffset(op, maxImmediateBytes, /*reason=*/nullptr,
                            /*withinImmediate=*/true) != 0)
    return UniformScalarOffset::None;
  SmallVector<CoordinateParts> split = getUniformTerms(op).first;
  if (llvm::all_of(split, [](const CoordinateParts &parts) {
        return isZero(parts.first);
      }))
    return UniformScalarOffset::None;
  AffineMap map = op.getAccessMap();
  ValueRange operands = op.getIndices();
  auto loop = op->getParentOfType<LoopLikeOpInterface>();
  auto variesInLoop = [&](AffineExpr expr) {
    bool varies = false;
    forEachOperand(expr, operands, map.getNumDims(), [&](Value operand) {
      varies |= loop && !loop.isDefinedOutsideOfLoop(operand);
    });
    return varies;
  };
  bool uniformVaries = llvm::any_of(split, [&](const CoordinateParts &parts) {
    return variesInLoop(parts.first);
  });
  // Only an access the split would save additions says why not.
  if (!uniformVaries)
    reason = nullptr;
  SmallVector<int64_t> strides =
      op.getMemref().getType().getStridesAndOffset().first;
  for (auto [d, parts] : llvm::enumerate(split)) {
    if (!isZero(parts.first) && ShapedType::isDynamic(strides[d])) {
      setReason(reason, "the stride of dimension " + Twine(d) +
                            ", which its uniform terms scale, is dynamic");
      return UniformScalarOffset::None;
    }
    if (!isNonNegative(parts.first, operands, map.getNumDims(),
                       /*depth=*/0) ||
        !isNonNegative(parts.rest, operands, map.getNumDims(), /*depth=*/0)) {
      setReason(reason, "cannot prove both parts of coordinate " + Twine(d) +
                            " non-negative, the terms the same in every lane "
                            "and the others, which a buffer access's scalar "
                            "and vector offsets must be");
      return UniformScalarOffset::None;
    }
  }
  if (!uniformVaries)
    return UniformScalarOffset::Fixed;
  return llvm::any_of(split,
                      [&](const CoordinateParts &parts) {
                        return variesInLoop(parts.rest);
                      })
             ? UniformScalarOffset::VariesWithVector
             : UniformScalarOffset::Varies;
}

/// The elements of a `bounded` access inside the memref's shape: those
/// whose coordinate along the access lies in `[0, extent)`, when the other
/// coordinates do (unsigned comparisons: a negative index is out).
static Value buildBoundsMask(OpBuilder &builder, Location loc, Value memref,
                             ArrayRef<Value> coordinates, unsigned dim,
                             VectorType type) {
  Value inside;
  for (auto [d, coordinate] : llvm::enumerate(coordinates)) {
    if (d == dim)
      continue;
    Value extent = memref::DimOp::create(builder, loc, memref, d);
    Value in = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                     coordinate, extent);
    inside = inside ? arith::AndIOp::create(builder, loc, inside, in) : in;
  }
  int64_t n = type.getNumElements();
  auto indexVector = VectorType::get({n}, builder.getIndexType());
  Value along = arith::AddIOp::create(
      builder, loc,
      vector::BroadcastOp::create(builder, loc, indexVector, coordinates[dim]),
      vector::StepOp::create(builder, loc, indexVector));
  Value extent = vector::BroadcastOp::create(
      builder, loc, indexVector,
      memref::DimOp::create(builder, loc, memref, dim));
  Value mask = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                     along, extent);
  if (!inside)
    return mask;
  auto maskType = VectorType::get({n}, builder.getI1Type());
  return arith::AndIOp::create(
      builder, loc, mask,
      vector::BroadcastOp::create(builder, loc, maskType, inside));
}

/// Whether the element at `coordinates` lies inside the shape of `memref`
/// (unsigned comparisons: a negative index is out).
static Value buildInsideShape(OpBuilder &builder, Location loc, Value memref,
                              ArrayRef<Value> coordinates) {
  Value inside;
  for (auto [d, coordinate] : llvm::enumerate(coordinates)) {
    Value extent = memref::DimOp::create(builder, loc, memref, d);
    Value in = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                     coordinate, extent);
    inside = inside ? arith::AndIOp::create(builder, loc, inside, in) : in;
  }
  return inside;
}

/// The access `op` makes, a `bounded` one masked to the shape; with
/// `guarded` (`lowersToGuardedAccess`), its vector under one predicate: the
/// mask's bit and, for a `bounded` one, element 0 inside the shape.
static FailureOr<Access> materializeAccess(RewriterBase &rewriter,
                                           LaneAccessOpInterface op,
                                           bool guarded) {
  std::optional<SmallVector<Value, 8>> coordinates = affine::expandAffineMap(
      rewriter, op.getLoc(), op.getAccessMap(), op.getIndices());
  if (!coordinates)
    return rewriter.notifyMatchFailure(op, "cannot expand the access map");
  Value mask = op.getMask();
  Value predicate;
  if (guarded) {
    predicate = mask ? getUniformMaskBit(rewriter, op.getLoc(), mask) : Value();
    mask = Value();
    if (op.getBounded()) {
      Value inside =
          buildInsideShape(rewriter, op.getLoc(), op.getMemref(), *coordinates);
      predicate = predicate ? arith::AndIOp::create(rewriter, op.getLoc(),
                                                    predicate, inside)
                                  .getResult()
                            : inside;
    }
  } else if (op.getBounded()) {
    Value inside =
        buildBoundsMask(rewriter, op.getLoc(), op.getMemref(), *coordinates,
                        op.getContiguousDim(), op.getVectorType());
    mask = mask ? arith::AndIOp::create(rewriter, op.getLoc(), mask, inside)
                      .getResult()
                : inside;
  }
  return Access{op.getMemref(),
                op.getMemref().getType(),
                llvm::to_vector(*coordinates),
                op.getContiguousDim(),
                op.getVectorType(),
                mask,
                predicate,
                getHint(op),
                getLdsSwizzle(op.getMemref())};
}

SmallVector<Value>
mlir::wave::getLdsPhysicalCoordinates(OpBuilder &builder, Location loc,
                                      SwizzleAttr swizzle,
                                      ValueRange coordinates) {
  SmallVector<Value> result(coordinates);
  if (!swizzle)
    return result;
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  Value row = result[result.size() - 2];
  Value phase = arith::ShRUIOp::create(
      builder, loc, row, constant(llvm::Log2_64(swizzle.getPerPhase())));
  phase = arith::AndIOp::create(builder, loc, phase,
                                constant(swizzle.getMaxPhase() - 1));
  Value columnMask = arith::ShLIOp::create(
      builder, loc, phase, constant(llvm::Log2_64(swizzle.getVec())));
  result.back() =
      arith::XOrIOp::create(builder, loc, result.back(), columnMask);
  return result;
}

static SmallVector<Value> physicalCoordinates(OpBuilder &builder, Location loc,
                                              const Access &access,
                                              ValueRange coordinates) {
  return getLdsPhysicalCoordinates(builder, loc, access.swizzle, coordinates);
}

/// The coordinate of element `element`.
static SmallVector<Value> elementCoordinates(OpBuilder &builder, Location loc,
                                             const Access &access,
                                             int64_t element) {
  SmallVector<Value> coordinates = access.coordinates;
  if (element != 0) {
    Value step = arith::ConstantIndexOp::create(builder, loc, element);
    coordinates[access.dim] =
        arith::AddIOp::create(builder, loc, coordinates[access.dim], step);
  }
  return coordinates;
}

/// The bytes between consecutive elements in memory (LLVM's allocation size:
/// a whole byte for i1, 4 for i24), also their natural alignment.
static unsigned getElementBytes(const Access &access) {
  return llvm::PowerOf2Ceil(
      llvm::divideCeil(access.type.getElementTypeBitWidth(), 8));
}

/// The global address of the element at `coordinates`, as an LLVM pointer:
/// the volatile accesses of the `uncached` hint exist only in the llvm
/// dialect.
static Value getGlobalPointer(OpBuilder &builder, Location loc,
                              const Access &access, ValueRange coordinates) {
  auto metadata =
      memref::ExtractStridedMetadataOp::create(builder, loc, access.memref);
  Value linear = metadata.getOffset();
  for (auto [coordinate, stride] :
       llvm::zip_equal(coordinates, metadata.getStrides())) {
    Value scaled = arith::MulIOp::create(builder, loc, coordinate, stride);
    linear = arith::AddIOp::create(builder, loc, linear, scaled);
  }
  Value bytes = arith::MulIOp::create(
      builder, loc, linear,
      arith::ConstantIndexOp::create(builder, loc, getElementBytes(access)));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(builder, loc,
                                                              access.memref);
  Value address = arith::AddIOp::create(builder, loc, base, bytes);
  Value address64 =
      arith::IndexCastUIOp::create(builder, loc, builder.getI64Type(), address);
  auto pointerType =
      LLVM::LLVMPointerType::get(builder.getContext(), kGlobalAddressSpace);
  return LLVM::IntToPtrOp::create(builder, loc, pointerType, address64);
}

/// Reads `type` (the element type or the whole vector) at `coordinates`.
static Value readAt(OpBuilder &builder, Location loc, const Access &access,
                    ValueRange logical, Type type) {
  SmallVector<Value> coordinates =
      physicalCoordinates(builder, loc, access, logical);
  if (access.hint == CacheHint::uncached)
    return LLVM::LoadOp::create(
        builder, loc, type, getGlobalPointer(builder, loc, access, coordinates),
        getElementBytes(access), /*isVolatile=*/true);
  bool nontemporal = access.hint == CacheHint::streaming;
  if (auto vectorType = dyn_cast<VectorType>(type))
    return vector::LoadOp::create(builder, loc, vectorType, access.memref,
                                  coordinates, nontemporal);
  return memref::LoadOp::create(builder, loc, access.memref, coordinates,
                                nontemporal);
}

/// Writes `value` (an element or the whole vector) at `coordinates`.
static void writeAt(OpBuilder &builder, Location loc, const Access &access,
                    ValueRange logical, Value value) {
  SmallVector<Value> coordinates =
      physicalCoordinates(builder, loc, access, logical);
  if (access.hint == CacheHint::uncached) {
    LLVM::StoreOp::create(builder, loc, value,
                          getGlobalPointer(builder, loc, access, coordinates),
                          getElementBytes(access), /*isVolatile=*/true);
    return;
  }
  bool nontemporal = access.hint == CacheHint::streaming;
  if (isa<VectorType>(value.getType())) {
    vector::StoreOp::create(builder, loc, value, access.memref, coordinates,
                            nontemporal);
    return;
  }
  memref::StoreOp::create(builder, loc, value, access.memref, coordinates,
                          nontemporal);
}

static Value getZero(OpBuilder &builder, Location loc, Type type) {
  return arith::ConstantOp::create(builder, loc, builder.getZeroAttr(type));
}

static Value getMaskBit(OpBuilder &builder, Location loc, Value mask,
                        int64_t element) {
  return vector::ExtractOp::create(builder, loc, mask, element);
}

static std::optional<IndexRange> getRange(Value value, unsigned depth);

/// The range of a workgroup id, from the kernel's `known_block_size`: a
/// launch has at most 2^32 - 1 lanes along each dimension (the grid size
/// of HSA's dispatch packet, and HIP's limit, is 32 bits), so ids stay at
/// most (2^32 - 2) / lanes; none without a known size.
static std::optional<IndexRange> getBlockIdRange(gpu::BlockIdOp id) {
  auto kernel = id->getParentOfType<gpu::GPUFuncOp>();
  std::optional<ArrayRef<int32_t>> sizes =
      kernel ? kernel.getKnownBlockSize() : std::nullopt;
  auto dimension = static_cast<unsigned>(id.getDimension());
  if (!sizes || sizes->size() <= dimension || (*sizes)[dimension] <= 0)
    return std::nullopt;
  int64_t hi = (int64_t(UINT32_MAX) - 1) / (*sizes)[dimension];
  if (std::optional<APInt> bound = id.getUpperBound())
    hi = std::min(hi, bound->getSExtValue() - 1);
  return IndexRange{0, hi};
}

/// The range of `expr` over `operands` (dimensions, then symbols), from the
/// operands' ranges; none on overflow or an operation it does not bound.
static std::optional<IndexRange> getExprRange(AffineExpr expr,
                                              ValueRange operands,
                                              unsigned numDims,
                                              unsigned depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return IndexRange{constant.getValue(), constant.getValue()};
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return getRange(operands[dim.getPosition()], depth + 1);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return getRange(operands[numDims + symbol.getPosition()], depth + 1);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::optional<IndexRange> lhs =
      getExprRange(binary.getLHS(), operands, numDims, depth);
  auto constant = dyn_cast<AffineConstantExpr>(binary.getRHS());
  int64_t c = constant ? constant.getValue() : 0;
  if (!lhs)
    return std::nullopt;
  IndexRange r;
  switch (expr.getKind()) {
  case AffineExprKind::Add: {
    std::optional<IndexRange> rhs =
        getExprRange(binary.getRHS(), operands, numDims, depth);
    if (!rhs || llvm::AddOverflow(lhs->lo, rhs->lo, r.lo) ||
        llvm::AddOverflow(lhs->hi, rhs->hi, r.hi))
      return std::nullopt;
    return r;
  }
  case AffineExprKind::Mul:
    if (!constant || llvm::MulOverflow(lhs->lo, c, r.lo) ||
        llvm::MulOverflow(lhs->hi, c, r.hi))
      return std::nullopt;
    if (c < 0)
      std::swap(r.lo, r.hi);
    return r;
  case AffineExprKind::Mod:
    if (!constant || c <= 0)
      return std::nullopt;
    return IndexRange{0, c - 1};
  default: // floordiv, ceildiv
    if (!constant || c <= 0)
      return std::nullopt;
    return IndexRange{llvm::divideFloorSigned(lhs->lo, c),
                      llvm::divideCeilSigned(lhs->hi, c)};
  }
}

/// The range of a size argument under the kernel's `wave.assume`: from its
/// least value (0 if the assumptions give none) to its largest.
static std::optional<IndexRange> getSizeRange(BlockArgument argument,
                                              unsigned depth) {
  KnownBounds bounds = argument ? getKnownBounds(argument) : KnownBounds();
  if (!bounds.upper || !isKnownNonNegative(argument, depth))
    return std::nullopt;
  return IndexRange{std::max<int64_t>(bounds.lower.value_or(0), 0),
                    *bounds.upper};
}

/// The range of extent `index` of `memref`: its static size, or its size
/// argument's range.
static std::optional<IndexRange> getExtentRange(Value memref, int64_t index,
                                                unsigned depth) {
  int64_t extent = cast<ShapedType>(memref.getType()).getDimSize(index);
  if (!ShapedType::isDynamic(extent))
    return IndexRange{extent, extent};
  return getSizeRange(getSizeArgument(memref, index), depth);
}

/// The range of `value`, an index, by how it is computed: constants, thread
/// ids, extents and size arguments under the kernel's `wave.assume`,
/// `scf.for` induction variables, and sums, differences, products, minima,
/// maxima, quotients and remainders of such values, up to a depth that keeps
/// the question local; none otherwise (block ids, for one, are unbounded).
static std::optional<IndexRange> getRange(Value value, unsigned depth) {
  static constexpr unsigned kMaxDepth = 8;
  if (depth > kMaxDepth)
    return std::nullopt;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return IndexRange{constant.getSExtValue(), constant.getSExtValue()};
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    if (auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
        loop && argument == loop.getInductionVar()) {
      std::optional<IndexRange> lower =
                                    getRange(loop.getLowerBound(), depth + 1),
                                upper =
                                    getRange(loop.getUpperBound(), depth + 1);
      APInt step;
      if (!lower || !upper ||
          !matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
          !step.isStrictlyPositive() || upper->hi == INT64_MIN)
        return std::nullopt;
      return IndexRange{lower->lo, std::max(lower->lo, upper->hi - 1)};
    }
    return getSizeRange(argument, depth);
  }
  Operation *op = value.getDefiningOp();
  if (isa<gpu::ThreadIdOp, gpu::LaneIdOp>(op))
    return IndexRange{0, 1023};
  if (auto id = dyn_cast<gpu::BlockIdOp>(op))
    return getBlockIdRange(id);
  if (auto dim = dyn_cast<memref::DimOp>(op)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    return index ? getExtentRange(dim.getSource(), *index, depth)
                 : std::nullopt;
  }
  if (op->getNumOperands() != 2 || op->getNumResults() != 1)
    return std::nullopt;
  std::optional<IndexRange> a = getRange(op->getOperand(0), depth + 1);
  if (!a)
    return std::nullopt;
  APInt divisor;
  bool byConstant = matchPattern(op->getOperand(1), m_ConstantInt(&divisor)) &&
                    divisor.isStrictlyPositive();
  int64_t c = byConstant ? divisor.getSExtValue() : 0;
  if ((isa<arith::CeilDivSIOp, arith::DivSIOp, arith::FloorDivSIOp>(op) ||
       (isa<arith::CeilDivUIOp, arith::DivUIOp>(op) && a->lo >= 0)) &&
      byConstant)
    return IndexRange{llvm::divideFloorSigned(a->lo, c),
                      llvm::divideCeilSigned(a->hi, c)};
  if (isa<arith::RemSIOp>(op) && byConstant)
    return IndexRange{a->lo < 0 ? 1 - c : 0, c - 1};
  std::optional<IndexRange> b = getRange(op->getOperand(1), depth + 1);
  if (!b)
    return std::nullopt;
  IndexRange r;
  if (isa<arith::AddIOp>(op))
    return llvm::AddOverflow(a->lo, b->lo, r.lo) ||
                   llvm::AddOverflow(a->hi, b->hi, r.hi)
               ? std::nullopt
               : std::optional<IndexRange>(r);
  if (isa<arith::SubIOp>(op))
    return llvm::SubOverflow(a->lo, b->hi, r.lo) ||
                   llvm::SubOverflow(a->hi, b->lo, r.hi)
               ? std::nullopt
               : std::optional<IndexRange>(r);
  if (isa<arith::MulIOp>(op) && a->lo >= 0 && b->lo >= 0)
    return llvm::MulOverflow(a->lo, b->lo, r.lo) ||
                   llvm::MulOverflow(a->hi, b->hi, r.hi)
               ? std::nullopt
               : std::optional<IndexRange>(r);
  if (isa<arith::MinSIOp>(op))
    return IndexRange{std::min(a->lo, b->lo), std::min(a->hi, b->hi)};
  if (isa<arith::MaxSIOp>(op))
    return IndexRange{std::max(a->lo, b->lo), std::max(a->hi, b->hi)};
  return std::nullopt;
}

/// Whether every value in `range` is an `i32`.
static bool fitsI32(std::optional<IndexRange> range) {
  return range && llvm::isInt<32>(range->lo) && llvm::isInt<32>(range->hi);
}

/// `value`, an index, as an `i32` equal to it modulo 2^32: sums,
/// differences and products computed in 32 bits, so are minima and maxima of
/// values whose ranges fit `i32`; other values truncated.
static Value narrowToI32(OpBuilder &builder, Location loc, Value value,
                         unsigned depth = 0) {
  Type i32 = builder.getI32Type();
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return arith::ConstantIntOp::create(builder, loc, i32,
                                        constant.trunc(32).getSExtValue());
  Operation *op = value.getDefiningOp();
  bool wraps = isa_and_nonnull<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op);
  bool orders = isa_and_nonnull<arith::MinSIOp, arith::MaxSIOp>(op) &&
                llvm::all_of(op->getOperands(), [&](Value operand) {
                  return fitsI32(getRange(operand, /*depth=*/0));
                });
  if (depth < 8 && (wraps || orders)) {
    Value a = narrowToI32(builder, loc, op->getOperand(0), depth + 1);
    Value b = narrowToI32(builder, loc, op->getOperand(1), depth + 1);
    OperationState state(loc, op->getName(), ValueRange{a, b}, TypeRange{i32});
    return builder.create(state)->getResult(0);
  }
  return arith::IndexCastOp::create(builder, loc, i32, value);
}

/// `expr` over `operands` in `i32`, equal to it modulo 2^32, for sums and
/// products; null for other expressions.
static Value expandToI32(OpBuilder &builder, Location loc, AffineExpr expr,
                         ValueRange operands, unsigned numDims) {
  Type i32 = builder.getI32Type();
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return arith::ConstantIntOp::create(builder, loc, i32,
                                        int32_t(constant.getValue()));
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return narrowToI32(builder, loc, operands[dim.getPosition()]);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return narrowToI32(builder, loc, operands[numDims + symbol.getPosition()]);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  if (expr.getKind() != AffineExprKind::Add &&
      expr.getKind() != AffineExprKind::Mul)
    return Value();
  Value lhs = expandToI32(builder, loc, binary.getLHS(), operands, numDims);
  Value rhs = expandToI32(builder, loc, binary.getRHS(), operands, numDims);
  if (!lhs || !rhs)
    return Value();
  if (expr.getKind() == AffineExprKind::Add)
    return arith::AddIOp::create(builder, loc, lhs, rhs);
  return arith::MulIOp::create(builder, loc, lhs, rhs);
}

/// A bounded buffer access's element offset when some element lies outside
/// the shape: 2^31 bytes, past the end of every buffer `isBufferable` admits
/// and far enough from 2^32 that no vector wraps back to its start.
static int64_t getOutsideOffset(LaneAccessOpInterface op) {
  return int64_t(kMaxBufferBytes) /
         int64_t(op.getMemref().getType().getElementTypeBitWidth() / 8);
}

/// The `i32` indices of the buffer access a `bounded` `op` becomes: zeros
/// and, along the last dimension (stride 1), the element offset of the
/// access when its vector lies inside the shape (element 0 does: the whole
/// vector does), else `getOutsideOffset`. Inside a loop, what does not
/// depend on the loop is computed before it: the coordinates' terms over
/// values defined outside the loop, their part of the offset, and the
/// conditions of the dimensions without other terms; each step computes
/// only its own terms, their conditions and one select.
static SmallVector<Value> getBoundedBufferIndices(RewriterBase &rewriter,
                                                  LaneAccessOpInterface op) {
  Location loc = op.getLoc();
  AffineMap map = op.getAccessMap();
  ValueRange operands = op.getIndices();
  unsigned numDims = map.getNumDims();
  Value memref = op.getMemref();
  auto loop = op->getParentOfType<scf::ForOp>();
  if (loop && !loop.isDefinedOutsideOfLoop(memref))
    loop = nullptr;
  OpBuilder::InsertPoint atOp = rewriter.saveInsertionPoint();
  OpBuilder::InsertPoint beforeLoop = atOp;
  if (loop) {
    rewriter.setInsertionPoint(loop);
    beforeLoop = rewriter.saveInsertionPoint();
    rewriter.restoreInsertionPoint(atOp);
  }
  ValueRange dims = operands.take_front(numDims),
             symbols = operands.drop_front(numDims);
  auto expand = [&](OpBuilder::InsertPoint at, AffineExpr expr) {
    rewriter.restoreInsertionPoint(at);
    return affine::expandAffineExpr(rewriter, loc, expr, dims, symbols);
  };
  auto add = [&](OpBuilder::InsertPoint at, Value sum, Value term) -> Value {
    if (!sum)
      return term;
    rewriter.restoreInsertionPoint(at);
    return arith::AddIOp::create(rewriter, loc, sum, term);
  };
  auto both = [&](OpBuilder::InsertPoint at, Value all, Value in) -> Value {
    if (!all)
      return in;
    rewriter.restoreInsertionPoint(at);
    return arith::AndIOp::create(rewriter, loc, all, in);
  };

  unsigned rank = map.getNumResults();
  SmallVector<Value> extents;
  rewriter.restoreInsertionPoint(beforeLoop);
  for (unsigned d = 0; d < rank; ++d)
    extents.push_back(memref::DimOp::create(rewriter, loc, memref, d));
  // Row-major strides: `isBufferable` admits identity layouts only.
  SmallVector<Value> strides(rank);
  for (int d = int(rank) - 1; d >= 0; --d) {
    rewriter.restoreInsertionPoint(beforeLoop);
    strides[d] = d + 1 == int(rank)
                     ? arith::ConstantIndexOp::create(rewriter, loc, 1)
                     : arith::MulIOp::create(rewriter, loc, strides[d + 1],
                                             extents[d + 1])
                           .getResult();
  }
  // Each coordinate as the terms over values defined outside the loop and
  // the others.
  struct Parts {
    AffineExpr fixed, step;
    bool varies;
  };
  SmallVector<Parts> parts;
  // Whether the terms that vary and their conditions can be 32-bit: each
  // varying coordinate's range (under the kernel's assumptions) fits below
  // 2^31 - 1, so its 32-bit value, equal modulo 2^32, is the coordinate.
  bool narrow = true;
  SmallVector<CoordinateParts> split = splitCoordinates(op, [&](Value value) {
    return !loop || loop.isDefinedOutsideOfLoop(value);
  });
  for (auto [result, coordinate] : llvm::zip_equal(map.getResults(), split)) {
    Parts part{coordinate.first, coordinate.rest, false};
    part.varies = !isZero(part.step);
    if (part.varies) {
      std::optional<IndexRange> range =
          getExprRange(result, operands, numDims, /*depth=*/0);
      narrow &= range && range->lo >= INT32_MIN && range->hi < INT32_MAX;
      // Sums and products only: expandToI32's expressions.
      part.step.walk([&](AffineExpr sub) {
        if (sub.getKind() != AffineExprKind::Add &&
            sub.getKind() != AffineExprKind::Mul &&
            isa<AffineBinaryOpExpr>(sub))
          narrow = false;
      });
    }
    parts.push_back(part);
  }
  // The range of the varying terms' part of the offset (elements), when
  // known: each varying coordinate's terms times its stride.
  std::optional<IndexRange> stepOffsetRange = IndexRange{0, 0};
  for (auto [d, part] : llvm::enumerate(parts)) {
    if (!part.varies || !stepOffsetRange)
      continue;
    std::optional<IndexRange> step =
        getExprRange(part.step, operands, numDims, /*depth=*/0);
    IndexRange stride{1, 1};
    for (unsigned e = d + 1; e < rank && step; ++e) {
      std::optional<IndexRange> extent = getExtentRange(memref, e, /*depth=*/0);
      if (!extent || extent->lo < 0 ||
          llvm::MulOverflow(stride.hi, extent->hi, stride.hi))
        step = std::nullopt;
      else
        stride.lo *= extent->lo;
    }
    IndexRange term;
    if (!step || step->lo < 0 ||
        llvm::MulOverflow(step->lo, stride.lo, term.lo) ||
        llvm::MulOverflow(step->hi, stride.hi, term.hi) ||
        llvm::AddOverflow(stepOffsetRange->lo, term.lo, stepOffsetRange->lo) ||
        llvm::AddOverflow(stepOffsetRange->hi, term.hi, stepOffsetRange->hi))
      stepOffsetRange = std::nullopt;
  }
  Type i32 = rewriter.getI32Type();
  auto toI32 = [&](OpBuilder::InsertPoint at, Value value) -> Value {
    rewriter.restoreInsertionPoint(at);
    return arith::IndexCastOp::create(rewriter, loc, i32, value);
  };
  Value invariantInside, stepInside, invariantOffset, stepOffset;
  for (auto [d, part] : llvm::enumerate(parts)) {
    Value fixed = expand(beforeLoop, part.fixed);
    rewriter.restoreInsertionPoint(beforeLoop);
    invariantOffset = add(
        beforeLoop, invariantOffset,
        arith::MulIOp::create(rewriter, loc, fixed, strides[d]).getResult());
    if (!part.varies) {
      rewriter.restoreInsertionPoint(beforeLoop);
      Value in = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                       fixed, extents[d]);
      invariantInside = both(beforeLoop, invariantInside, in);
      continue;
    }
    Value step, coordinate, extent, stride;
    if (narrow) {
      // The extent capped at 2^31 - 1, past every coordinate, as an i32.
      rewriter.restoreInsertionPoint(beforeLoop);
      Value cap = arith::MinUIOp::create(
          rewriter, loc, extents[d],
          arith::ConstantIndexOp::create(rewriter, loc, INT32_MAX));
      extent = toI32(beforeLoop, cap);
      stride = toI32(beforeLoop, strides[d]);
      Value fixed32 = toI32(beforeLoop, fixed);
      rewriter.restoreInsertionPoint(atOp);
      step = expandToI32(rewriter, loc, part.step, operands, numDims);
      coordinate = arith::AddIOp::create(rewriter, loc, fixed32, step);
    } else {
      extent = extents[d];
      stride = strides[d];
      step = expand(atOp, part.step);
      coordinate = arith::AddIOp::create(rewriter, loc, fixed, step);
    }
    Value in = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                     coordinate, extent);
    stepInside = both(atOp, stepInside, in);
    rewriter.restoreInsertionPoint(atOp);
    stepOffset =
        add(atOp, stepOffset,
            arith::MulIOp::create(rewriter, loc, step, stride).getResult());
  }
  rewriter.restoreInsertionPoint(beforeLoop);
  int64_t outsideOffset = getOutsideOffset(op);
  Value outside = arith::ConstantIndexOp::create(rewriter, loc, outsideOffset);
  Value offset;
  if (!stepInside) {
    offset = arith::SelectOp::create(rewriter, loc, invariantInside,
                                     invariantOffset, outside);
    offset = toI32(beforeLoop, offset);
  } else {
    // In 32 bits, the offset is right modulo 2^32 and, when inside, below
    // 2^31: the sum is exact.
    if (narrow) {
      invariantOffset = toI32(beforeLoop, invariantOffset);
      rewriter.restoreInsertionPoint(beforeLoop);
      outside = arith::ConstantIntOp::create(rewriter, loc, i32, outsideOffset);
    }
    // The invariant condition folds into the invariant offset, selected
    // before the loop: outside it, the sum is 2^31 bytes plus the varying
    // terms, still past the end and short of wrapping when those are
    // non-negative and their bytes and the vector's stay below 2^31. Each
    // step then compares only its own terms.
    int64_t elementBytes =
        llvm::divideCeil(op.getMemref().getType().getElementTypeBitWidth(), 8);
    int64_t vectorBytes = op.getVectorType().getNumElements() * elementBytes;
    if (narrow && invariantInside && stepOffsetRange &&
        stepOffsetRange->hi <=
            (int64_t(kMaxBufferBytes) - vectorBytes) / elementBytes) {
      rewriter.restoreInsertionPoint(beforeLoop);
      invariantOffset = arith::SelectOp::create(rewriter, loc, invariantInside,
                                                invariantOffset, outside);
      invariantInside = nullptr;
    }
    Value inside = both(atOp, invariantInside, stepInside);
    Value linear = add(atOp, invariantOffset, stepOffset);
    rewriter.restoreInsertionPoint(atOp);
    offset = arith::SelectOp::create(rewriter, loc, inside, linear, outside);
    if (!narrow)
      offset = toI32(atOp, offset);
  }
  rewriter.restoreInsertionPoint(atOp);
  SmallVector<Value> indices(
      rank - 1, arith::ConstantIntOp::create(rewriter, loc, i32, 0));
  indices.push_back(offset);
  return indices;
}

bool mlir::wave::hasI32RowOffset(LaneAccessOpInterface op) {
  AffineMap map = op.getAccessMap();
  Value memref = op.getMemref();
  auto extentRange = [&](unsigned d) {
    std::optional<IndexRange> range = getExtentRange(memref, d, /*depth=*/0);
    return fitsI32(range) && range->lo >= 0 ? range : std::nullopt;
  };
  unsigned rank = map.getNumResults();
  std::optional<IndexRange> last = extentRange(rank - 1);
  if (!last)
    return false;
  int64_t stride = last->hi, lastOffset = 0;
  for (int d = int(rank) - 2; d >= 0; --d) {
    std::optional<IndexRange> extent = extentRange(d);
    int64_t term;
    if (!extent ||
        !fitsI32(getExprRange(map.getResult(d), op.getIndices(),
                              map.getNumDims(), /*depth=*/0)) ||
        llvm::MulOverflow(std::max<int64_t>(extent->hi - 1, 0), stride, term) ||
        llvm::AddOverflow(lastOffset, term, lastOffset) ||
        !llvm::isInt<32>(lastOffset))
      return false;
    // The stride of the coordinate before, if there is one.
    if (d > 0 && (llvm::MulOverflow(stride, extent->hi, stride) ||
                  !llvm::isInt<32>(stride)))
      return false;
  }
  return true;
}

/// The 1-D view of `size` elements of `memref` (row-major) from element
/// `offset`, which a row- or tile-based buffer access addresses.
static Value createLinearView(OpBuilder &builder, Location loc, Value memref,
                              Value offset, Value size) {
  auto type = cast<MemRefType>(memref.getType());
  auto viewType = MemRefType::get(
      {ShapedType::kDynamic}, type.getElementType(),
      StridedLayoutAttr::get(builder.getContext(), ShapedType::kDynamic, {1}),
      type.getMemorySpace());
  return memref::ReinterpretCastOp::create(
      builder, loc, viewType, memref, OpFoldResult(offset),
      ArrayRef<OpFoldResult>{size},
      ArrayRef<OpFoldResult>{builder.getIndexAttr(1)});
}

/// The 1-D view and `i32` offset of the buffer access a `bounded` `op`
/// based at its row becomes (BufferBase::Row). The view starts at the row
/// the coordinates before the last name and spans the last extent when
/// they lie inside the shape, nothing otherwise; it is built before the
/// outermost loop around `op` whose iterations do not change them, from
/// coordinates read from the first active lane where they are computed from
/// lane ids (the lanes of the wave agree on them), so that LLVM sees a
/// scalar descriptor. The offset is the last coordinate. A memref of rank
/// 1 is its own view.
static std::pair<Value, Value> getRowBufferAddress(RewriterBase &rewriter,
                                                   LaneAccessOpInterface op) {
  Location loc = op.getLoc();
  AffineMap map = op.getAccessMap();
  ValueRange operands = op.getIndices();
  unsigned numDims = map.getNumDims(), rank = map.getNumResults();
  ValueRange dims = operands.take_front(numDims),
             symbols = operands.drop_front(numDims);
  Value memref = op.getMemref();
  Value view = memref;
  if (rank > 1) {
    SmallVector<Value> used;
    for (AffineExpr result : map.getResults().drop_back())
      forEachOperand(result, operands, numDims,
                     [&](Value operand) { used.push_back(operand); });
    Operation *before = op;
    while (auto loop = dyn_cast<scf::ForOp>(before->getParentOp())) {
      if (!llvm::all_of(used, [&](Value value) {
            return loop.isDefinedOutsideOfLoop(value);
          }))
        break;
      before = loop;
    }
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(before);
    SmallVector<Value> extents;
    for (unsigned d = 0; d < rank; ++d)
      extents.push_back(memref::DimOp::create(rewriter, loc, memref, d));
    bool narrow = hasI32RowOffset(op);
    Type offsetType =
        narrow ? Type(rewriter.getI32Type()) : rewriter.getIndexType();
    auto convert = [&](Value value) -> Value {
      return narrow ? narrowToI32(rewriter, loc, value) : value;
    };
    Value stride = arith::ConstantOp::create(
        rewriter, loc, offsetType, rewriter.getIntegerAttr(offsetType, 1));
    Value offset, inside;
    for (int d = int(rank) - 2; d >= 0; --d) {
      stride =
          arith::MulIOp::create(rewriter, loc, stride, convert(extents[d + 1]));
      Value coordinate = convert(affine::expandAffineExpr(
          rewriter, loc, map.getResult(d), dims, symbols));
      if (readsLaneIds(coordinate)) {
        if (narrow) {
          coordinate = ROCDL::ReadfirstlaneOp::create(rewriter, loc, offsetType,
                                                      coordinate);
        } else {
          Type i64 = rewriter.getI64Type();
          Value wide =
              arith::IndexCastOp::create(rewriter, loc, i64, coordinate);
          Value first =
              ROCDL::ReadfirstlaneOp::create(rewriter, loc, i64, wide);
          coordinate = arith::IndexCastOp::create(
              rewriter, loc, rewriter.getIndexType(), first);
        }
      }
      Value term = arith::MulIOp::create(rewriter, loc, coordinate, stride);
      offset =
          offset ? arith::AddIOp::create(rewriter, loc, offset, term) : term;
      Value in = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                       coordinate, convert(extents[d]));
      inside = inside ? arith::AndIOp::create(rewriter, loc, inside, in) : in;
    }
    if (narrow)
      offset = arith::IndexCastOp::create(rewriter, loc,
                                          rewriter.getIndexType(), offset);
    Value size = arith::SelectOp::create(
        rewriter, loc, inside, extents.back(),
        arith::ConstantIndexOp::create(rewriter, loc, 0));
    view = createLinearView(rewriter, loc, memref, offset, size);
  }
  // isRowBased checked that the last coordinate is an i32: sums and
  // products of it are exact in 32 bits.
  AffineExpr last = map.getResults().back();
  bool sumsAndProducts = true;
  last.walk([&](AffineExpr sub) {
    sumsAndProducts &= !isa<AffineBinaryOpExpr>(sub) ||
                       sub.getKind() == AffineExprKind::Add ||
                       sub.getKind() == AffineExprKind::Mul;
  });
  Value column =
      sumsAndProducts
          ? expandToI32(rewriter, loc, last, operands, numDims)
          : arith::IndexCastOp::create(
                rewriter, loc, rewriter.getI32Type(),
                affine::expandAffineExpr(rewriter, loc, last, dims, symbols));
  return {view, column};
}

/// Each coordinate of `op` split at its workgroup's tile: the terms over
/// values that are the same in every lane of the workgroup and defined
/// outside the loops around the access (the tile's origin, `first`, with the
/// constant) and the rest. With `stepTile`, at its loop step's tile, whose
/// origin may also hold values defined inside the loops, their counters
/// among them.
static SmallVector<CoordinateParts> getTileTerms(LaneAccessOpInterface op,
                                                 bool stepTile) {
  return splitCoordinates(op, [&](Value operand) {
    if (!isWorkgroupUniform(operand))
      return false;
    for (auto loop = op->getParentOfType<scf::ForOp>(); loop && !stepTile;
         loop = loop->getParentOfType<scf::ForOp>())
      if (!loop.isDefinedOutsideOfLoop(operand))
        return false;
    return true;
  });
}

/// Whether the descriptor of `op`'s buffer access (a bounded one whose
/// vectors are whole or nothing) can start at its workgroup's tile
/// (BufferBase::Tile): the memref is a kernel argument (a scalar base), the
/// tile's origin is non-negative in every dimension, and the offsets from
/// it, each coordinate's rest times its stride, are non-negative and let
/// the vector end within 2^31 bytes, by their ranges and the extents'.
/// `*reason` says why not otherwise.
static bool isTileBased(LaneAccessOpInterface op, bool stepTile,
                        std::string *reason) {
  auto fail = [&](const Twine &why) {
    setReason(reason, why);
    return false;
  };
  if (!isKernelArgument(op.getMemref()))
    return fail("its memref is not a kernel argument");
  AffineMap map = op.getAccessMap();
  ValueRange operands = op.getIndices();
  int64_t limit = getOutsideOffset(op) - op.getVectorType().getNumElements();
  SmallVector<CoordinateParts> split = getTileTerms(op, stepTile);
  // The largest offset, from the innermost dimension out, and the largest
  // stride of the dimension at hand (none once an extent is unbounded).
  int64_t largest = 0;
  std::optional<int64_t> stride = 1;
  for (int64_t d = map.getNumResults() - 1; d >= 0; --d) {
    if (!isNonNegative(split[d].first, operands, map.getNumDims(),
                       /*depth=*/0))
      return fail("its workgroup's tile is not known to start inside "
                  "dimension " +
                  Twine(d));
    std::optional<IndexRange> rest =
        getExprRange(split[d].rest, operands, map.getNumDims(), /*depth=*/0);
    if (!rest || rest->lo < 0)
      return fail("the part of coordinate " + Twine(d) +
                  " that varies between lanes or iterations is not known "
                  "to be non-negative");
    int64_t term;
    if (rest->hi > 0 &&
        (!stride || llvm::MulOverflow(rest->hi, *stride, term) ||
         llvm::AddOverflow(largest, term, largest) || largest > limit))
      return fail("its offsets from its workgroup's tile are not known to "
                  "end within 2^31 bytes");
    std::optional<IndexRange> extent =
        getExtentRange(op.getMemref(), d, /*depth=*/0);
    if (!stride || !extent || llvm::MulOverflow(*stride, extent->hi, term))
      stride = std::nullopt;
    else
      stride = term;
  }
  return true;
}

/// The 1-D view and `i32` offset of the buffer access a `bounded` `op`
/// based at its workgroup's tile becomes (BufferBase::Tile). The view starts
/// at the tile's origin and spans the memref's rest, at most 2^31 bytes, or
/// nothing when the origin lies past its end; it is built before the
/// outermost loop around `op` (the origin's values are defined outside
/// them). The offset is each coordinate's rest times its stride, in 32
/// bits (`isTileBased` bounds it), where the whole coordinates lie inside
/// the shape, else 2^31 bytes' worth, past the view's end.
static std::pair<Value, Value> getTileBufferAddress(RewriterBase &rewriter,
                                                    LaneAccessOpInterface op,
                                                    bool stepTile) {
  Location loc = op.getLoc();
  AffineMap map = op.getAccessMap();
  ValueRange operands = op.getIndices();
  unsigned numDims = map.getNumDims(), rank = map.getNumResults();
  ValueRange dims = operands.take_front(numDims),
             symbols = operands.drop_front(numDims);
  Value memref = op.getMemref();
  SmallVector<CoordinateParts> split = getTileTerms(op, stepTile);
  Type i32 = rewriter.getI32Type();
  int64_t outside = getOutsideOffset(op);
  Operation *before = op;
  while (auto loop = dyn_cast<scf::ForOp>(before->getParentOp())) {
    if (stepTile)
      break;
    before = loop;
  }
  SmallVector<Value> extents, strides(rank);
  Value view;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(before);
    // Products by the innermost stride, 1, left out.
    auto multiply = [&](Value value, unsigned d) -> Value {
      return d + 1 == rank
                 ? value
                 : arith::MulIOp::create(rewriter, loc, value, strides[d]);
    };
    for (unsigned d = 0; d < rank; ++d)
      extents.push_back(memref::DimOp::create(rewriter, loc, memref, d));
    strides[rank - 1] = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int d = int(rank) - 2; d >= 0; --d)
      strides[d] = multiply(extents[d + 1], d + 1);
    Value origin;
    for (unsigned d = 0; d < rank; ++d) {
      Value term = multiply(affine::expandAffineExpr(
                                rewriter, loc, split[d].first, dims, symbols),
                            d);
      origin =
          origin ? arith::AddIOp::create(rewriter, loc, origin, term) : term;
    }
    Value total = arith::MulIOp::create(rewriter, loc, strides[0], extents[0]);
    Value left = arith::MinUIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, total, origin),
        arith::ConstantIndexOp::create(rewriter, loc, outside));
    Value inside = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, origin, total);
    Value size = arith::SelectOp::create(
        rewriter, loc, inside, left,
        arith::ConstantIndexOp::create(rewriter, loc, 0));
    view = createLinearView(rewriter, loc, memref, origin, size);
  }
  Value inside, offset;
  for (unsigned d = 0; d < rank; ++d) {
    Value coordinate = affine::expandAffineExpr(rewriter, loc, map.getResult(d),
                                                dims, symbols);
    Value in = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                     coordinate, extents[d]);
    inside = inside ? arith::AndIOp::create(rewriter, loc, inside, in) : in;
    if (isZero(split[d].rest))
      continue;
    Value rest = expandToI32(rewriter, loc, split[d].rest, operands, numDims);
    if (!rest)
      rest = arith::IndexCastOp::create(
          rewriter, loc, i32,
          affine::expandAffineExpr(rewriter, loc, split[d].rest, dims,
                                   symbols));
    Value term = arith::MulIOp::create(
        rewriter, loc, rest,
        arith::IndexCastOp::create(rewriter, loc, i32, strides[d]));
    offset = offset ? arith::AddIOp::create(rewriter, loc, offset, term) : term;
  }
  if (!offset)
    offset = arith::ConstantIntOp::create(rewriter, loc, i32, 0);
  offset = arith::SelectOp::create(
      rewriter, loc, inside, offset,
      arith::ConstantIntOp::create(rewriter, loc, i32, outside));
  return {view, offset};
}

/// The `i32` indices of the buffer access an unbounded `op` becomes, whose
/// scalar offset is `scalarElements`: its coordinates without the constant
/// terms `splitScalarOffset` finds, plus the part of them the scalar offset
/// does not take.
static std::optional<SmallVector<Value>>
getScalarOffsetBufferIndices(OpBuilder &builder, LaneAccessOpInterface op,
                             int64_t scalarElements) {
  auto [variables, elements] = splitScalarOffset(op);
  std::optional<SmallVector<Value, 8>> coordinates =
      affine::expandAffineMap(builder, op.getLoc(), variables, op.getIndices());
  if (!coordinates)
    return std::nullopt;
  // The elements the scalar offset leaves out, along the contiguous
  // innermost dimension (the buffer's offset is linear).
  if (int64_t rest = int64_t(elements) - scalarElements)
    coordinates->back() = arith::AddIOp::create(
        builder, op.getLoc(), coordinates->back(),
        arith::ConstantIndexOp::create(builder, op.getLoc(), rest));
  return llvm::map_to_vector(*coordinates, [&](Value coordinate) -> Value {
    return arith::IndexCastOp::create(builder, op.getLoc(),
                                      builder.getI32Type(), coordinate);
  });
}

/// The `i32` indices and scalar offset of the buffer access an unbounded
/// `op` with a uniform scalar offset becomes (getUniformScalarOffset): the
/// coordinates' terms the same in every lane, times their strides, in the
/// scalar offset; the other terms and the constants, along the contiguous
/// innermost dimension (the buffer's offset is linear), in the indices,
/// where the backend moves the constants to the immediate.
static std::optional<std::pair<SmallVector<Value>, Value>>
getUniformOffsetBufferAddress(OpBuilder &builder, LaneAccessOpInterface op) {
  AffineMap map = op.getAccessMap();
  Location loc = op.getLoc();
  auto [split, elements] = getUniformTerms(op);
  SmallVector<int64_t> strides =
      op.getMemref().getType().getStridesAndOffset().first;
  AffineExpr uniform = getAffineConstantExpr(0, builder.getContext());
  SmallVector<AffineExpr> rest;
  for (auto [parts, stride] : llvm::zip_equal(split, strides)) {
    if (!isZero(parts.first))
      uniform = uniform + parts.first * stride;
    rest.push_back(parts.rest);
  }
  rest.back() = rest.back() + int64_t(elements);
  std::optional<SmallVector<Value, 8>> coordinates = affine::expandAffineMap(
      builder, loc,
      AffineMap::get(map.getNumDims(), map.getNumSymbols(), rest,
                     builder.getContext()),
      op.getIndices());
  if (!coordinates)
    return std::nullopt;
  SmallVector<Value> dims(op.getIndices().take_front(map.getNumDims()));
  SmallVector<Value> symbols(op.getIndices().drop_front(map.getNumDims()));
  Value scalar = affine::expandAffineExpr(builder, loc, uniform, dims, symbols);
  if (!scalar)
    return std::nullopt;
  auto toI32 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(builder, loc, builder.getI32Type(),
                                      index);
  };
  return std::make_pair(llvm::map_to_vector(*coordinates, toI32),
                        toI32(scalar));
}

/// The scalar offset operand of a buffer access: `elements` as an `i32`
/// constant, none for 0.
static Value getScalarOffset(OpBuilder &builder, Location loc,
                             int64_t elements) {
  if (elements == 0)
    return Value();
  return arith::ConstantIntOp::create(builder, loc, builder.getI32Type(),
                                      elements);
}

static Value lowerRead(RewriterBase &rewriter, Location loc,
                       const Access &access, bool asVector) {
  VectorType type = access.vectorType;
  if (access.predicate) {
    // One access of the whole vector in the lanes that take it; the others
    // skip it under the exec mask.
    auto guarded = scf::IfOp::create(
        rewriter, loc, access.predicate,
        [&](OpBuilder &builder, Location loc) {
          scf::YieldOp::create(
              builder, loc,
              readAt(builder, loc, access, access.coordinates, type));
        },
        [&](OpBuilder &builder, Location loc) {
          scf::YieldOp::create(builder, loc, getZero(builder, loc, type));
        });
    return guarded.getResult(0);
  }
  if (asVector) {
    if (!access.mask)
      return readAt(rewriter, loc, access, access.coordinates, type);
    return vector::MaskedLoadOp::create(
        rewriter, loc, type, access.memref,
        physicalCoordinates(rewriter, loc, access, access.coordinates),
        access.mask, getZero(rewriter, loc, type));
  }
  Type elementType = type.getElementType();
  SmallVector<Value> elements;
  for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
    SmallVector<Value> coordinates =
        elementCoordinates(rewriter, loc, access, i);
    if (!access.mask) {
      elements.push_back(
          readAt(rewriter, loc, access, coordinates, elementType));
      continue;
    }
    // Masked-off elements are not read and yield zero.
    auto guarded = scf::IfOp::create(
        rewriter, loc, getMaskBit(rewriter, loc, access.mask, i),
        [&](OpBuilder &builder, Location loc) {
          scf::YieldOp::create(
              builder, loc,
              readAt(builder, loc, access, coordinates, elementType));
        },
        [&](OpBuilder &builder, Location loc) {
          scf::YieldOp::create(builder, loc,
                               getZero(builder, loc, elementType));
        });
    elements.push_back(guarded.getResult(0));
  }
  return vector::FromElementsOp::create(rewriter, loc, type, elements);
}

static void lowerWrite(RewriterBase &rewriter, Location loc,
                       const Access &access, Value value, bool asVector) {
  if (access.predicate) {
    auto guarded = scf::IfOp::create(rewriter, loc, access.predicate,
                                     /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(guarded.thenBlock());
    writeAt(rewriter, loc, access, access.coordinates, value);
    return;
  }
  if (asVector) {
    if (!access.mask)
      writeAt(rewriter, loc, access, access.coordinates, value);
    else
      vector::MaskedStoreOp::create(
          rewriter, loc, access.memref,
          physicalCoordinates(rewriter, loc, access, access.coordinates),
          access.mask, value);
    return;
  }
  for (int64_t i = 0, e = access.vectorType.getNumElements(); i < e; ++i) {
    SmallVector<Value> coordinates =
        elementCoordinates(rewriter, loc, access, i);
    Value element = vector::ExtractOp::create(rewriter, loc, value, i);
    if (!access.mask) {
      writeAt(rewriter, loc, access, coordinates, element);
      continue;
    }
    auto guarded = scf::IfOp::create(rewriter, loc,
                                     getMaskBit(rewriter, loc, access.mask, i),
                                     /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(guarded.thenBlock());
    writeAt(rewriter, loc, access, coordinates, element);
  }
}

namespace {
/// Where `op`'s buffer access reads or writes.
struct BufferAddress {
  Value memref;
  SmallVector<Value> indices;
  Value scalarOffset;
};
} // namespace

/// The address of the buffer access `op` becomes as `plan` says: a
/// `bounded` access's from its materialized coordinates, in the memref or
/// in a view of its row; an unbounded one's without the constant terms the
/// scalar offset takes.
static FailureOr<BufferAddress> getBufferAddress(PatternRewriter &rewriter,
                                                 LaneAccessOpInterface op,
                                                 const BufferAccessPlan &plan) {
  if (!op.getBounded() && plan.uniformScalarOffset) {
    auto address = getUniformOffsetBufferAddress(rewriter, op);
    if (!address)
      return rewriter.notifyMatchFailure(op, "cannot expand the access map");
    return BufferAddress{op.getMemref(), std::move(address->first),
                         address->second};
  }
  if (!op.getBounded()) {
    std::optional<SmallVector<Value>> indices =
        getScalarOffsetBufferIndices(rewriter, op, plan.scalarElements);
    if (!indices)
      return rewriter.notifyMatchFailure(op, "cannot expand the access map");
    return BufferAddress{
        op.getMemref(), std::move(*indices),
        getScalarOffset(rewriter, op.getLoc(), plan.scalarElements)};
  }
  BufferAddress address;
  if (plan.base == BufferBase::Row) {
    auto [view, column] = getRowBufferAddress(rewriter, op);
    address = BufferAddress{view, {column}, Value()};
  } else if (plan.base == BufferBase::Tile ||
             plan.base == BufferBase::StepTile) {
    auto [view, offset] =
        getTileBufferAddress(rewriter, op, plan.base == BufferBase::StepTile);
    address = BufferAddress{view, {offset}, Value()};
  } else {
    address = BufferAddress{op.getMemref(),
                            getBoundedBufferIndices(rewriter, op), Value()};
  }
  // The mask's bit off sends the whole vector past the end, as outside the
  // shape: loads read zeros, stores write nothing.
  if (Value mask = op.getMask()) {
    Location loc = op.getLoc();
    Value outside = arith::ConstantIntOp::create(
        rewriter, loc, rewriter.getI32Type(), getOutsideOffset(op));
    address.indices.back() = arith::SelectOp::create(
        rewriter, loc, getUniformMaskBit(rewriter, loc, mask),
        address.indices.back(), outside);
  }
  return address;
}

namespace {
struct ReadOpLowering : OpRewritePattern<ReadOp> {
  ReadOpLowering(
      MLIRContext *context,
      const llvm::DenseMap<Operation *, BufferAccessPlan> &bufferAccesses,
      const llvm::DenseSet<Operation *> &guardedAccesses,
      const llvm::DenseSet<Operation *> &transposedReads)
      : OpRewritePattern(context), bufferAccesses(bufferAccesses),
        guardedAccesses(guardedAccesses), transposedReads(transposedReads) {}

  LogicalResult matchAndRewrite(ReadOp op,
                                PatternRewriter &rewriter) const override {
    if (transposedReads.contains(op)) {
      rewriter.replaceOp(op, lowerTransposedLdsRead(rewriter, op));
      return success();
    }
    if (auto buffer = bufferAccesses.find(op); buffer != bufferAccesses.end()) {
      FailureOr<BufferAddress> address =
          getBufferAddress(rewriter, op, buffer->second);
      if (failed(address))
        return failure();
      rewriter.replaceOpWithNewOp<amdgpu::RawBufferLoadOp>(
          op, op.getVectorType(), address->memref, address->indices,
          /*boundsCheck=*/true, /*indexOffset=*/nullptr, address->scalarOffset);
      return success();
    }
    FailureOr<Access> access =
        materializeAccess(rewriter, op, guardedAccesses.contains(op));
    if (failed(access))
      return failure();
    rewriter.replaceOp(op, lowerRead(rewriter, op.getLoc(), *access,
                                     lowersToVectorAccess(op)));
    return success();
  }

  const llvm::DenseMap<Operation *, BufferAccessPlan> &bufferAccesses;
  const llvm::DenseSet<Operation *> &guardedAccesses;
  const llvm::DenseSet<Operation *> &transposedReads;
};

struct WriteOpLowering : OpRewritePattern<WriteOp> {
  WriteOpLowering(
      MLIRContext *context,
      const llvm::DenseMap<Operation *, BufferAccessPlan> &bufferAccesses,
      const llvm::DenseSet<Operation *> &guardedAccesses)
      : OpRewritePattern(context), bufferAccesses(bufferAccesses),
        guardedAccesses(guardedAccesses) {}

  LogicalResult matchAndRewrite(WriteOp op,
                                PatternRewriter &rewriter) const override {
    if (auto buffer = bufferAccesses.find(op); buffer != bufferAccesses.end()) {
      FailureOr<BufferAddress> address =
          getBufferAddress(rewriter, op, buffer->second);
      if (failed(address))
        return failure();
      rewriter.replaceOpWithNewOp<amdgpu::RawBufferStoreOp>(
          op, op.getValue(), address->memref, address->indices,
          /*boundsCheck=*/true, /*indexOffset=*/nullptr, address->scalarOffset);
      return success();
    }
    FailureOr<Access> access =
        materializeAccess(rewriter, op, guardedAccesses.contains(op));
    if (failed(access))
      return failure();
    lowerWrite(rewriter, op.getLoc(), *access, op.getValue(),
               lowersToVectorAccess(op));
    rewriter.eraseOp(op);
    return success();
  }

  const llvm::DenseMap<Operation *, BufferAccessPlan> &bufferAccesses;
  const llvm::DenseSet<Operation *> &guardedAccesses;
};
} // namespace

void mlir::wave::populateWaveLaneAccessLoweringPatterns(
    RewritePatternSet &patterns,
    const llvm::DenseMap<Operation *, BufferAccessPlan> &bufferAccesses,
    const llvm::DenseSet<Operation *> &guardedAccesses,
    const llvm::DenseSet<Operation *> &transposedReads) {
  patterns.add<ReadOpLowering>(patterns.getContext(), bufferAccesses,
                               guardedAccesses, transposedReads);
  patterns.add<WriteOpLowering>(patterns.getContext(), bufferAccesses,
                                guardedAccesses);
}
