//===- ConvertSubgroupMma.cpp - gpu.subgroup_mma_* to the chip's MMAs ----===//
//
// Upstream's subgroup matrix ops (`gpu.subgroup_mma_load_matrix`,
// `_compute`, `_store_matrix`, `_constant_matrix`, `_elementwise`,
// `_extract_thread_local`, `_insert_thread_local`) on opaque
// `!gpu.mma_matrix` values become the wave ops of one MMA kind of the
// kernel's chip: a matrix becomes the lane's vector of the kind's layout
// (the one table, MmaLayout.h), a load or store the plain `wave.read`s or
// `wave.write`s of each run of slots contiguous in memory, at
//
//   coordinate = indices + layout(lane, first slot of the run)
//
// with lane = t mod wave size and t the linear thread id, and a compute a
// `wave.mma` of the kind whose shape and element types are the matrices'.
// A thread-local extract or insert is element i of the lane's vector, slot i
// of the layout. Values carried by scf ops are converted with them.
//
//===----------------------------------------------------------------------===//

#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVECONVERTSUBGROUPMMA
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
/// The operand of one MMA kind whose lane layout a matrix value takes.
struct MatrixLayout {
  MmaKind kind;
  MmaOperand operand;

  const MmaLayout &getLayout() const { return getMmaLayout(kind); }
  VectorType getVectorType(MLIRContext *context) const {
    const MmaLayout &layout = getLayout();
    return VectorType::get({layout.getElementsPerLane(operand)},
                           layout.getElementType(operand, context));
  }
};

/// What the conversion of one kernel needs: its chip and waves, and the
/// thread ids the lane is computed from.
struct KernelLanes {
  const ChipInfo *chip = nullptr;
  unsigned waveSize = 64;
  /// gpu.thread_id of each dimension of the workgroup wider than one lane
  /// (x always), and the linear thread id's stride of each.
  SmallVector<Value, 3> threadIds;
  SmallVector<int64_t, 3> strides;
};
} // namespace

static MmaOperand getMatrixOperand(gpu::MMAMatrixType type) {
  StringRef operand = type.getOperand();
  if (operand == "AOp")
    return MmaOperand::A;
  if (operand == "BOp")
    return MmaOperand::B;
  return MmaOperand::Acc;
}

/// The element type the lane vector of a matrix of `type`'s elements has:
/// signed 8-bit integers as the signless ones the MFMA takes; none for
/// unsigned ones, which no kind multiplies.
static Type getLaneElementType(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer)
    return type;
  if (integer.isUnsigned())
    return Type();
  return IntegerType::get(type.getContext(), integer.getWidth());
}

/// Whether the kinds of the chip considered: those it has, for waves of
/// `waveSize`, unscaled, with A and B of one element type.
static bool isCandidate(MmaKind kind, const KernelLanes &lanes) {
  const MmaLayout &layout = getMmaLayout(kind);
  return isMmaKindOnChip(kind, *lanes.chip) &&
         layout.waveSize == lanes.waveSize && !layout.scaled &&
         layout.a == layout.b;
}

/// The layout a matrix of `type` takes on the kernel's chip: that of the
/// first kind (in the table's order) with an operand of its shape and
/// elements. Every kind of one shape lays an operand out alike on one chip,
/// which convertCompute checks.
static std::optional<MatrixLayout> getMatrixLayout(gpu::MMAMatrixType type,
                                                   const KernelLanes &lanes) {
  MLIRContext *context = type.getContext();
  MmaOperand operand = getMatrixOperand(type);
  Type element = getLaneElementType(type.getElementType());
  if (!element)
    return std::nullopt;
  for (unsigned value = 0; value <= getMaxEnumValForMmaKind(); ++value) {
    MmaKind kind = MmaKind(value);
    if (!isCandidate(kind, lanes))
      continue;
    const MmaLayout &layout = getMmaLayout(kind);
    std::array<int64_t, 2> shape = layout.getShape(operand);
    if (shape[0] == type.getShape()[0] && shape[1] == type.getShape()[1] &&
        layout.getElementType(operand, context) == element)
      return MatrixLayout{kind, operand};
  }
  return std::nullopt;
}

/// The kind of a product of `a` and `b` into `c` on the kernel's chip.
static std::optional<MmaKind> getComputeKind(gpu::MMAMatrixType a,
                                             gpu::MMAMatrixType b,
                                             gpu::MMAMatrixType c,
                                             const KernelLanes &lanes) {
  MLIRContext *context = a.getContext();
  Type aElement = getLaneElementType(a.getElementType());
  Type bElement = getLaneElementType(b.getElementType());
  Type cElement = getLaneElementType(c.getElementType());
  if (!aElement || !bElement || !cElement)
    return std::nullopt;
  for (unsigned value = 0; value <= getMaxEnumValForMmaKind(); ++value) {
    MmaKind kind = MmaKind(value);
    if (!isCandidate(kind, lanes))
      continue;
    const MmaLayout &layout = getMmaLayout(kind);
    if (layout.m == a.getShape()[0] && layout.k == a.getShape()[1] &&
        layout.k == b.getShape()[0] && layout.n == b.getShape()[1] &&
        layout.m == c.getShape()[0] && layout.n == c.getShape()[1] &&
        layout.getElementType(MmaOperand::A, context) == aElement &&
        layout.getElementType(MmaOperand::B, context) == bElement &&
        layout.getElementType(MmaOperand::Acc, context) == cElement)
      return kind;
  }
  return std::nullopt;
}

/// Whether every lane holds the same elements in the same slots under both.
static bool isSameLayout(MatrixLayout x, MatrixLayout y) {
  const MmaLayout &lx = x.getLayout(), &ly = y.getLayout();
  int64_t slots = lx.getElementsPerLane(x.operand);
  if (lx.waveSize != ly.waveSize || slots != ly.getElementsPerLane(y.operand))
    return false;
  for (int64_t lane = 0; lane < lx.waveSize; ++lane)
    for (int64_t slot = 0; slot < slots; ++slot)
      if (lx.getCoordinate(x.operand, lane, slot) !=
          ly.getCoordinate(y.operand, lane, slot))
        return false;
  return true;
}

/// "shape x elements, operand" of a matrix type, for diagnostics.
static std::string describe(gpu::MMAMatrixType type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

namespace {
/// A run of slots `[first, first + length)` of a lane's vector that lie
/// consecutively along memory dimension `along` (none for a single slot).
struct SlotRun {
  int64_t first;
  int64_t length;
  std::optional<unsigned> along;
};
} // namespace

/// The plain accesses of one lane's part of a matrix of `layout` whose
/// element (0, 0) is at `indices` of a memref of rank `rank`, rows
/// `leadDimension` elements apart (`transpose`: the matrix stored
/// transposed).
static SmallVector<SlotRun> getSlotRuns(MatrixLayout layout, unsigned rank,
                                        int64_t leadDimension, bool transpose) {
  const MmaLayout &mma = layout.getLayout();
  int64_t slots = mma.getElementsPerLane(layout.operand);
  // The memory position of (lane, slot), rows and columns for a memref of
  // rank 2 or more, one offset for rank 1.
  auto position = [&](int64_t lane, int64_t slot) -> std::array<int64_t, 2> {
    std::array<int64_t, 2> c = mma.getCoordinate(layout.operand, lane, slot);
    if (transpose)
      std::swap(c[0], c[1]);
    if (rank == 1)
      return {0, c[0] * leadDimension + c[1]};
    return c;
  };
  // The step from `slot` to the next, when it is the same in every lane.
  auto step = [&](int64_t slot) -> std::optional<std::array<int64_t, 2>> {
    std::optional<std::array<int64_t, 2>> common;
    for (int64_t lane = 0; lane < mma.waveSize; ++lane) {
      std::array<int64_t, 2> from = position(lane, slot),
                             to = position(lane, slot + 1);
      std::array<int64_t, 2> delta = {to[0] - from[0], to[1] - from[1]};
      if (common && *common != delta)
        return std::nullopt;
      common = delta;
    }
    return common;
  };
  auto alongOf = [&](std::array<int64_t, 2> delta) -> std::optional<unsigned> {
    if (delta == std::array<int64_t, 2>{0, 1})
      return rank - 1;
    if (rank >= 2 && delta == std::array<int64_t, 2>{1, 0})
      return rank - 2;
    return std::nullopt;
  };
  SmallVector<SlotRun> runs;
  for (int64_t slot = 0; slot < slots;) {
    SlotRun run{slot, 1, std::nullopt};
    if (slot + 1 < slots)
      if (std::optional<std::array<int64_t, 2>> first = step(slot))
        if ((run.along = alongOf(*first)))
          while (slot + run.length < slots &&
                 step(slot + run.length - 1) == first)
            ++run.length;
    if (run.length == 1)
      run.along = std::nullopt;
    runs.push_back(run);
    slot += run.length;
  }
  return runs;
}

/// The map of the access of `run`: (indices, thread ids) -> the memory
/// coordinate of the run's first slot in the lane.
static AffineMap getRunMap(MatrixLayout layout, const KernelLanes &lanes,
                           unsigned rank, int64_t leadDimension, bool transpose,
                           const SlotRun &run, MLIRContext *context) {
  AffineExpr t = getAffineConstantExpr(0, context);
  for (auto [i, stride] : llvm::enumerate(lanes.strides))
    t = t + getAffineDimExpr(rank + i, context) * stride;
  AffineExpr lane = t % static_cast<int64_t>(lanes.waveSize);
  AffineMap coordinates =
      layout.getLayout().getCoordinateMap(layout.operand, context);
  std::array<AffineExpr, 2> c;
  for (unsigned i = 0; i < 2; ++i)
    c[i] = coordinates.getResult(i).replaceDimsAndSymbols(
        {lane, getAffineConstantExpr(run.first, context)}, {});
  if (transpose)
    std::swap(c[0], c[1]);
  SmallVector<AffineExpr> results;
  for (unsigned i = 0; i < rank; ++i)
    results.push_back(getAffineDimExpr(i, context));
  if (rank == 1) {
    results[0] = results[0] + c[0] * leadDimension + c[1];
  } else {
    results[rank - 2] = results[rank - 2] + c[0];
    results[rank - 1] = results[rank - 1] + c[1];
  }
  return AffineMap::get(rank + lanes.strides.size(), 0, results, context);
}

/// The plain reads (`value` null) or writes of a lane's part of a matrix.
static Value emitAccesses(OpBuilder &builder, Location loc, MatrixLayout layout,
                          const KernelLanes &lanes, Value memref,
                          ValueRange indices, int64_t leadDimension,
                          bool transpose, Value value) {
  MLIRContext *context = builder.getContext();
  unsigned rank = cast<MemRefType>(memref.getType()).getRank();
  SmallVector<SlotRun> runs =
      getSlotRuns(layout, rank, leadDimension, transpose);
  VectorType type = layout.getVectorType(context);
  SmallVector<Value> operands = llvm::to_vector(indices);
  llvm::append_range(operands, lanes.threadIds);
  Value result;
  if (!value && runs.size() > 1)
    result = arith::ConstantOp::create(builder, loc, type,
                                       builder.getZeroAttr(type));
  for (const SlotRun &run : runs) {
    AffineMap map =
        getRunMap(layout, lanes, rank, leadDimension, transpose, run, context);
    IntegerAttr along;
    if (run.along && *run.along != rank - 1)
      along = builder.getI64IntegerAttr(*run.along);
    auto runType = VectorType::get({run.length}, type.getElementType());
    if (value) {
      Value part = value;
      if (runs.size() > 1)
        part = vector::ExtractStridedSliceOp::create(
            builder, loc, value, ArrayRef<int64_t>{run.first},
            ArrayRef<int64_t>{run.length}, ArrayRef<int64_t>{1});
      WriteOp::create(builder, loc, part, memref, operands,
                      AffineMapAttr::get(map), along, Value(), CacheHintAttr());
      continue;
    }
    Value part = ReadOp::create(builder, loc, runType, memref, operands,
                                AffineMapAttr::get(map), along, Value(),
                                CacheHintAttr());
    if (runs.size() == 1)
      return part;
    result = vector::InsertStridedSliceOp::create(builder, loc, part, result,
                                                  ArrayRef<int64_t>{run.first},
                                                  ArrayRef<int64_t>{1});
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {
/// What the patterns of one kernel share.
struct ConversionState {
  KernelLanes lanes;
  /// The kind of each compute, chosen before the conversion.
  DenseMap<Operation *, MmaKind> computeKinds;
  StatisticCounts *counts;
  Pass::Statistic *numLoads, *numStores, *numComputes, *numConstants,
      *numElementwise;
};

std::optional<MatrixLayout> getLayoutOf(Type type, const KernelLanes &lanes) {
  return getMatrixLayout(cast<gpu::MMAMatrixType>(type), lanes);
}

/// A conversion pattern of one kernel's conversion, with its state.
template <typename OpTy> struct SubgroupMmaPattern : OpConversionPattern<OpTy> {
  SubgroupMmaPattern(const TypeConverter &converter, MLIRContext *context,
                     ConversionState &state)
      : OpConversionPattern<OpTy>(converter, context), state(state) {}

  /// The lane vector type of `type`, a matrix type.
  VectorType getVectorType(Type type) const {
    return dyn_cast_or_null<VectorType>(
        this->getTypeConverter()->convertType(type));
  }

  /// Replaces `op` by `values`, counting it in `statistic`.
  LogicalResult replace(Operation *op, ValueRange values,
                        Pass::Statistic *statistic,
                        ConversionPatternRewriter &rewriter) const {
    state.counts->add(*statistic);
    rewriter.replaceOp(op, values);
    return success();
  }

  ConversionState &state;
};

struct LoadPattern : SubgroupMmaPattern<gpu::SubgroupMmaLoadMatrixOp> {
  using SubgroupMmaPattern::SubgroupMmaPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaLoadMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<MatrixLayout> layout =
        getLayoutOf(op.getRes().getType(), state.lanes);
    if (!layout)
      return failure();
    Value read = emitAccesses(rewriter, op.getLoc(), *layout, state.lanes,
                              adaptor.getSrcMemref(), adaptor.getIndices(),
                              op.getLeadDimension().getSExtValue(),
                              op.getTranspose().value_or(false), Value());
    return replace(op, read, state.numLoads, rewriter);
  }
};

struct StorePattern : SubgroupMmaPattern<gpu::SubgroupMmaStoreMatrixOp> {
  using SubgroupMmaPattern::SubgroupMmaPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaStoreMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<MatrixLayout> layout =
        getLayoutOf(op.getSrc().getType(), state.lanes);
    if (!layout)
      return failure();
    emitAccesses(rewriter, op.getLoc(), *layout, state.lanes,
                 adaptor.getDstMemref(), adaptor.getIndices(),
                 op.getLeadDimension().getSExtValue(),
                 op.getTranspose().value_or(false), adaptor.getSrc());
    return replace(op, {}, state.numStores, rewriter);
  }
};

struct ComputePattern : SubgroupMmaPattern<gpu::SubgroupMmaComputeOp> {
  using SubgroupMmaPattern::SubgroupMmaPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaComputeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kind = state.computeKinds.find(op);
    if (kind == state.computeKinds.end())
      return failure();
    Value result = MmaOp::create(
        rewriter, op.getLoc(), adaptor.getOpC().getType(), kind->second,
        adaptor.getOpA(), adaptor.getOpB(), adaptor.getOpC());
    return replace(op, result, state.numComputes, rewriter);
  }
};

struct ConstantPattern : SubgroupMmaPattern<gpu::SubgroupMmaConstantMatrixOp> {
  using SubgroupMmaPattern::SubgroupMmaPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaConstantMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    VectorType type = getVectorType(op.getRes().getType());
    if (!type || adaptor.getValue().getType() != type.getElementType())
      return failure();
    Value splat = vector::BroadcastOp::create(rewriter, op.getLoc(), type,
                                              adaptor.getValue());
    return replace(op, splat, state.numConstants, rewriter);
  }
};

struct ElementwisePattern : SubgroupMmaPattern<gpu::SubgroupMmaElementwiseOp> {
  using SubgroupMmaPattern::SubgroupMmaPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    VectorType type = getVectorType(op.getRes().getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    ValueRange args = adaptor.getArgs();
    auto binary = [&](auto tag) -> Value {
      using OpTy = decltype(tag);
      if (args.size() != 2)
        return Value();
      return OpTy::create(rewriter, loc, args[0], args[1]);
    };
    Value result;
    switch (op.getOpType()) {
    case gpu::MMAElementwiseOp::ADDF:
      result = binary(arith::AddFOp());
      break;
    case gpu::MMAElementwiseOp::MULF:
      result = binary(arith::MulFOp());
      break;
    case gpu::MMAElementwiseOp::SUBF:
      result = binary(arith::SubFOp());
      break;
    case gpu::MMAElementwiseOp::MAXF:
      result = binary(arith::MaximumFOp());
      break;
    case gpu::MMAElementwiseOp::MINF:
      result = binary(arith::MinimumFOp());
      break;
    case gpu::MMAElementwiseOp::DIVF:
      result = binary(arith::DivFOp());
      break;
    case gpu::MMAElementwiseOp::ADDI:
      result = binary(arith::AddIOp());
      break;
    case gpu::MMAElementwiseOp::MULI:
      result = binary(arith::MulIOp());
      break;
    case gpu::MMAElementwiseOp::SUBI:
      result = binary(arith::SubIOp());
      break;
    case gpu::MMAElementwiseOp::DIVS:
      result = binary(arith::DivSIOp());
      break;
    case gpu::MMAElementwiseOp::DIVU:
      result = binary(arith::DivUIOp());
      break;
    case gpu::MMAElementwiseOp::NEGATEF:
      if (args.size() == 1)
        result = arith::NegFOp::create(rewriter, loc, args[0]);
      break;
    case gpu::MMAElementwiseOp::NEGATES:
      if (args.size() == 1) {
        Value zero = arith::ConstantOp::create(rewriter, loc, type,
                                               rewriter.getZeroAttr(type));
        result = arith::SubIOp::create(rewriter, loc, zero, args[0]);
      }
      break;
    case gpu::MMAElementwiseOp::EXTF:
      if (args.size() == 1)
        result = arith::ExtFOp::create(rewriter, loc, type, args[0]);
      break;
    }
    if (!result || result.getType() != type)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    return replace(op, result, state.numElementwise, rewriter);
  }
};

/// The lane's element at `index`: a static vector.extract for a constant
/// index, else a select over the lane's elements (the interpreter, which
/// wave-run runs this pass for, executes static positions only; the AMDGPU
/// back end turns a short vector's dynamic extractelement into such selects
/// too).
struct ExtractThreadLocalPattern
    : SubgroupMmaPattern<gpu::SubgroupMmaExtractThreadLocalOp> {
  using SubgroupMmaPattern::SubgroupMmaPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaExtractThreadLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    VectorType type = getVectorType(op.getMatrix().getType());
    if (!type || adaptor.getIndices().size() != 1 ||
        op.getRes().getType() != type.getElementType())
      return failure();
    Location loc = op.getLoc();
    Value vector = adaptor.getMatrix(), index = adaptor.getIndices()[0];
    if (std::optional<int64_t> constant = getConstantIntValue(index)) {
      rewriter.replaceOpWithNewOp<vector::ExtractOp>(op, vector, *constant);
      return success();
    }
    Value result = vector::ExtractOp::create(rewriter, loc, vector, 0);
    for (int64_t slot = 1, e = type.getNumElements(); slot < e; ++slot) {
      Value isSlot = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, index,
          arith::ConstantIndexOp::create(rewriter, loc, slot));
      Value element = vector::ExtractOp::create(rewriter, loc, vector, slot);
      result = arith::SelectOp::create(rewriter, loc, isSlot, element, result);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The lane's vector with the element at `index` replaced: a static
/// vector.insert for a constant index, else a select under the mask of the
/// slot (as for extracts).
struct InsertThreadLocalPattern
    : SubgroupMmaPattern<gpu::SubgroupMmaInsertThreadLocalOp> {
  using SubgroupMmaPattern::SubgroupMmaPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaInsertThreadLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    VectorType type = getVectorType(op.getRes().getType());
    if (!type || adaptor.getIndices().size() != 1 ||
        adaptor.getValue().getType() != type.getElementType())
      return failure();
    Location loc = op.getLoc();
    Value vector = adaptor.getMatrix(), index = adaptor.getIndices()[0];
    if (std::optional<int64_t> constant = getConstantIntValue(index)) {
      rewriter.replaceOpWithNewOp<vector::InsertOp>(op, adaptor.getValue(),
                                                    vector, *constant);
      return success();
    }
    // Slot numbers as i32: cheaper to compare on the chip than 64-bit
    // indices.
    int64_t slots = type.getNumElements();
    auto slotType = VectorType::get({slots}, rewriter.getI32Type());
    Value iota = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(
            slotType, llvm::to_vector(llvm::map_range(
                          llvm::seq<int32_t>(0, slots),
                          [](int32_t slot) { return APInt(32, slot); }))));
    Value index32 =
        arith::IndexCastOp::create(rewriter, loc, rewriter.getI32Type(), index);
    Value mask = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, iota,
        vector::BroadcastOp::create(rewriter, loc, slotType, index32));
    Value splat =
        vector::BroadcastOp::create(rewriter, loc, type, adaptor.getValue());
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, mask, splat, vector);
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
class ConvertSubgroupMmaPass
    : public wave::impl::WaveConvertSubgroupMmaBase<ConvertSubgroupMmaPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    counts = StatisticCounts();
    bool failed = false;
    getOperation()->walk([&](gpu::GPUFuncOp func) {
      if (mlir::failed(convertKernel(func)))
        failed = true;
    });
    if (failed)
      return signalPassFailure();
    if (summary)
      counts.emitSummary(*this, getOperation());
  }

private:
  LogicalResult convertKernel(gpu::GPUFuncOp func);
  LogicalResult checkKernel(gpu::GPUFuncOp func, ConversionState &state);

  StatisticCounts counts;
};
} // namespace

static bool hasMatrixType(TypeRange types) {
  return llvm::any_of(types, llvm::IsaPred<gpu::MMAMatrixType>);
}

/// Whether `op` is one the conversion rewrites or carries matrices through.
static bool isConvertedOp(Operation *op) {
  return isa<gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
             gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
             gpu::SubgroupMmaElementwiseOp,
             gpu::SubgroupMmaExtractThreadLocalOp,
             gpu::SubgroupMmaInsertThreadLocalOp, scf::ForOp, scf::IfOp,
             scf::WhileOp, scf::YieldOp, scf::ConditionOp>(op);
}

/// The row stride of `type`'s last two dimensions, if static.
static std::optional<int64_t> getRowStride(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(strides[type.getRank() - 2]))
    return std::nullopt;
  return strides[type.getRank() - 2];
}

/// Checks that a load or store of `matrix` in `memref` with `leadDimension`
/// is one the plain accesses express.
static LogicalResult checkAccess(Operation *op, gpu::MMAMatrixType matrix,
                                 MemRefType memref, int64_t leadDimension,
                                 const KernelLanes &lanes) {
  Type element = getLaneElementType(matrix.getElementType());
  if (element && memref.getElementType() != element)
    return op->emitOpError("moves ")
           << describe(matrix) << " through a memref of "
           << memref.getElementType()
           << "; the lowering to the chip's MMAs needs memref elements of "
              "the matrix's type";
  if (memref.getRank() < 2) {
    // A 1-D memref takes any positive leading dimension whose offsets fit:
    // the farthest element is (extent - 1) * leadDimension + extent - 1 for
    // the longer extent, whichever way the matrix is stored.
    int64_t extent = std::max(matrix.getShape()[0], matrix.getShape()[1]);
    int64_t farthest;
    if (leadDimension > 0 &&
        !llvm::MulOverflow(extent - 1, leadDimension, farthest) &&
        !llvm::AddOverflow(farthest, extent - 1, farthest))
      return success();
    return op->emitOpError("has leadDimension ")
           << leadDimension << ": the offsets of " << describe(matrix)
           << " in a 1-D memref are row * leadDimension + column, which "
              "needs a positive leading dimension whose offsets fit 64 bits";
  }
  std::optional<int64_t> stride = getRowStride(memref);
  if (stride && *stride == leadDimension)
    return success();
  InFlightDiagnostic diag = op->emitOpError("has leadDimension ")
                            << leadDimension << ", but rows of " << memref;
  if (stride)
    diag << " are " << *stride << " elements apart";
  else
    diag << " have no static stride";
  return diag << "; the lowering to the chip's MMAs takes the memref's row "
                 "stride as the leading dimension (a 1-D memref takes any "
                 "positive one)";
}

/// Checks that a thread-local extract or insert on `matrix` names one of the
/// lane's elements, the slots of its lane vector, by one index.
static LogicalResult checkThreadLocal(Operation *op, gpu::MMAMatrixType matrix,
                                      ValueRange indices,
                                      const KernelLanes &lanes) {
  std::optional<MatrixLayout> layout = getMatrixLayout(matrix, lanes);
  if (!layout)
    return op->emitError("chip ")
           << lanes.chip->name << " has no MMA kind for " << describe(matrix)
           << " in waves of " << lanes.waveSize << " lanes; its kinds are "
           << getMmaKindsOnChip(*lanes.chip);
  if (indices.size() != 1)
    return op->emitOpError("has ")
           << indices.size()
           << " indices; the lowering to the chip's MMAs takes one, the "
              "position among the elements a lane holds";
  int64_t slots = layout->getLayout().getElementsPerLane(layout->operand);
  std::optional<int64_t> index = getConstantIntValue(indices[0]);
  if (index && (*index < 0 || *index >= slots))
    return op->emitOpError("index ")
           << *index << " is out of range: a lane holds " << slots
           << " elements of " << describe(matrix) << " on " << lanes.chip->name
           << " (MMA kind " << stringifyMmaKind(layout->kind) << ")";
  return success();
}

LogicalResult ConvertSubgroupMmaPass::checkKernel(gpu::GPUFuncOp func,
                                                  ConversionState &state) {
  // The first op that involves matrices, where kernel-wide errors go.
  Operation *first = nullptr;
  func.walk([&](Operation *op) {
    if (!first && (hasMatrixType(op->getResultTypes()) ||
                   hasMatrixType(op->getOperandTypes())))
      first = op;
  });
  if (!first)
    return success();

  std::string reason;
  FailureOr<KernelTarget> target = getKernelTarget(func, &reason);
  if (failed(target))
    return first->emitError("a subgroup MMA needs the kernel's chip, but ")
           << reason;
  KernelLanes &lanes = state.lanes;
  lanes.chip = target->chip;
  lanes.waveSize = target->waveSize;
  StringRef chip = lanes.chip->name;
  if (!target->workgroup)
    return first->emitError("a subgroup MMA runs on whole waves of ")
           << lanes.waveSize << " lanes on " << chip
           << ", but the kernel states no workgroup a launch runs "
              "('known_block_size' of 1 to "
           << kMaxWorkgroupLanes << " lanes)";
  int64_t workgroupLanes = *target->getWorkgroupSize();
  if (workgroupLanes % lanes.waveSize != 0)
    return first->emitError("a subgroup MMA runs on whole waves of ")
           << lanes.waveSize << " lanes on " << chip
           << ", but the workgroup has " << workgroupLanes << " lanes";

  // Every matrix value's layout, every op's support.
  auto checkType = [&](Operation *op, Type type) -> LogicalResult {
    auto matrix = dyn_cast<gpu::MMAMatrixType>(type);
    if (!matrix || getMatrixLayout(matrix, lanes))
      return success();
    return op->emitError("chip ")
           << chip << " has no MMA kind for " << describe(matrix)
           << " in waves of " << lanes.waveSize << " lanes; its kinds are "
           << getMmaKindsOnChip(*lanes.chip);
  };
  WalkResult walk = func.walk([&](Operation *op) -> WalkResult {
    bool matrices = hasMatrixType(op->getResultTypes()) ||
                    hasMatrixType(op->getOperandTypes());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        matrices |= hasMatrixType(block.getArgumentTypes());
    if (!matrices)
      return WalkResult::advance();
    if (!isConvertedOp(op))
      return op->emitOpError("on !gpu.mma_matrix values is not lowered to "
                             "the chip's MMAs (wave-convert-subgroup-mma "
                             "takes the loads, stores, computes, constants, "
                             "elementwise ops, thread-local extracts and "
                             "inserts, and scf ops carrying them)");
    for (Type type : op->getResultTypes())
      if (failed(checkType(op, type)))
        return WalkResult::interrupt();
    LogicalResult checked =
        TypeSwitch<Operation *, LogicalResult>(op)
            .Case([&](gpu::SubgroupMmaLoadMatrixOp load) -> LogicalResult {
              return checkAccess(
                  load, cast<gpu::MMAMatrixType>(load.getRes().getType()),
                  cast<MemRefType>(load.getSrcMemref().getType()),
                  load.getLeadDimension().getSExtValue(), lanes);
            })
            .Case([&](gpu::SubgroupMmaStoreMatrixOp store) -> LogicalResult {
              if (failed(checkType(store, store.getSrc().getType())))
                return failure();
              return checkAccess(
                  store, cast<gpu::MMAMatrixType>(store.getSrc().getType()),
                  cast<MemRefType>(store.getDstMemref().getType()),
                  store.getLeadDimension().getSExtValue(), lanes);
            })
            .Case([&](gpu::SubgroupMmaConstantMatrixOp constant)
                      -> LogicalResult {
              if (getLaneElementType(constant.getValue().getType()) !=
                  constant.getValue().getType())
                return constant.emitOpError("of a ")
                       << constant.getValue().getType()
                       << " value is not lowered to the chip's MMAs: a signed "
                          "or "
                          "unsigned scalar has no arith op";
              return success();
            })
            .Case([&](gpu::SubgroupMmaExtractThreadLocalOp extract) {
              return checkThreadLocal(
                  extract,
                  cast<gpu::MMAMatrixType>(extract.getMatrix().getType()),
                  extract.getIndices(), lanes);
            })
            .Case([&](gpu::SubgroupMmaInsertThreadLocalOp insert)
                      -> LogicalResult {
              // Upstream's verifier lets the result's type differ.
              if (insert.getRes().getType() != insert.getMatrix().getType())
                return insert.emitOpError("returns ")
                       << describe(cast<gpu::MMAMatrixType>(
                              insert.getRes().getType()))
                       << " from an insert into "
                       << describe(cast<gpu::MMAMatrixType>(
                              insert.getMatrix().getType()))
                       << "; the lowering to the chip's MMAs keeps the type";
              return checkThreadLocal(
                  insert,
                  cast<gpu::MMAMatrixType>(insert.getMatrix().getType()),
                  insert.getIndices(), lanes);
            })
            .Case([&](gpu::SubgroupMmaComputeOp compute) -> LogicalResult {
              auto a = compute.getOpA().getType();
              auto b = compute.getOpB().getType();
              auto c = compute.getOpC().getType();
              std::optional<MmaKind> kind = getComputeKind(a, b, c, lanes);
              if (!kind)
                return compute.emitOpError("chip ")
                       << chip << " has no MMA kind for a " << a.getShape()[0]
                       << "x" << b.getShape()[1] << "x" << a.getShape()[1]
                       << " product of " << a.getElementType() << " x "
                       << b.getElementType() << " into " << c.getElementType()
                       << " in waves of " << lanes.waveSize
                       << " lanes; its kinds are "
                       << getMmaKindsOnChip(*lanes.chip);
              // The matrices were given their types' layouts; the kind must
              // agree with them.
              for (auto [type, operand] :
                   {std::pair(a, MmaOperand::A), std::pair(b, MmaOperand::B),
                    std::pair(c, MmaOperand::Acc)}) {
                std::optional<MatrixLayout> layout =
                    getMatrixLayout(type, lanes);
                if (!layout || !isSameLayout(*layout, {*kind, operand}))
                  return compute.emitOpError("MMA kind ")
                         << stringifyMmaKind(*kind) << " lays out "
                         << describe(type) << " unlike the kind chosen for "
                         << "that type; wave-convert-subgroup-mma cannot "
                         << "convert it";
              }
              state.computeKinds[compute] = *kind;
              emitRemark(compute.getLoc(), "subgroup MMA on ")
                  << chip << " as MMA kind " << stringifyMmaKind(*kind)
                  << " (waves of " << lanes.waveSize << " lanes)";
              return success();
            })
            .Default([](Operation *) { return success(); });
    return WalkResult(checked);
  });
  return failure(walk.wasInterrupted());
}

/// Thread ids along each dimension the workgroup spans, created at the top
/// of the kernel's entry block, where every access sees them (cse merges
/// them with the kernel's own).
static void createThreadIds(gpu::GPUFuncOp func, KernelLanes &lanes,
                            std::array<int64_t, 3> workgroup) {
  OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
  int64_t stride = 1;
  const gpu::Dimension dims[] = {gpu::Dimension::x, gpu::Dimension::y,
                                 gpu::Dimension::z};
  for (auto [i, dim] : llvm::enumerate(dims)) {
    if (i != 0 && workgroup[i] == 1)
      continue;
    Value id = gpu::ThreadIdOp::create(builder, func.getLoc(), dim);
    lanes.threadIds.push_back(id);
    lanes.strides.push_back(stride);
    stride *= workgroup[i];
  }
}

LogicalResult ConvertSubgroupMmaPass::convertKernel(gpu::GPUFuncOp func) {
  ConversionState state;
  state.counts = &counts;
  state.numLoads = &numLoads;
  state.numStores = &numStores;
  state.numComputes = &numComputes;
  state.numConstants = &numConstants;
  state.numElementwise = &numElementwise;
  if (failed(checkKernel(func, state)))
    return failure();
  if (!state.lanes.chip)
    return success();
  std::optional<std::array<int64_t, 3>> workgroup =
      getKernelTarget(func)->workgroup;
  createThreadIds(func, state.lanes, *workgroup);

  MLIRContext *context = func.getContext();
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  const KernelLanes &lanes = state.lanes;
  converter.addConversion(
      [&lanes, context](gpu::MMAMatrixType type) -> std::optional<Type> {
        std::optional<MatrixLayout> layout = getMatrixLayout(type, lanes);
        if (!layout)
          return std::nullopt;
        return layout->getVectorType(context);
      });
  ConversionTarget target(*context);
  target.addIllegalOp<
      gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
      gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
      gpu::SubgroupMmaElementwiseOp, gpu::SubgroupMmaExtractThreadLocalOp,
      gpu::SubgroupMmaInsertThreadLocalOp>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  RewritePatternSet patterns(context);
  patterns.add<LoadPattern, StorePattern, ComputePattern, ConstantPattern,
               ElementwisePattern, ExtractThreadLocalPattern,
               InsertThreadLocalPattern>(converter, context, state);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  if (failed(applyPartialConversion(func, target, std::move(patterns))))
    return func.emitError("subgroup MMA ops left after "
                          "wave-convert-subgroup-mma");
  // Thread ids created for accesses there were none of.
  for (Value id : lanes.threadIds)
    if (id.use_empty())
      id.getDefiningOp()->erase();
  return success();
}
