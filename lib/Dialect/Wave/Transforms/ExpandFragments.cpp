//===- ExpandFragments.cpp - MMA fragment accesses to plain accesses ------===//
//
// A fragment access addresses whole fragments; its plain form addresses the
// lane's element 0 of each run of contiguous slots:
//
//   coordinate = position(indices) * fragment shape + layout(lane, first slot)
//
// with lane = t mod wave size and t the linear thread id. Position operands
// that are the wave's place in the workgroup (gpu.subgroup_id, and
// affine.delinearize_index of it) become expressions of t as well, so the
// result looks like a hand-written access map.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/FragmentLanes.h"
#include "wave/Dialect/Wave/IR/Fragments.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/TypeSwitch.h"

#include <tuple>

namespace mlir::wave {
#define GEN_PASS_DEF_EXPANDFRAGMENTS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
class ExpandFragmentsPass
    : public wave::impl::ExpandFragmentsBase<ExpandFragmentsPass> {
public:
  using Base::Base;
  void runOnOperation() override;

private:
  LogicalResult expand(LaneAccessOpInterface access);
  /// The `gpu.thread_id` along `dim` for `access`: one of the kernel's entry
  /// block that dominates it, else one created at the entry.
  Value getThreadId(LaneAccessOpInterface access, gpu::GPUFuncOp func,
                    gpu::Dimension dim);

  DominanceInfo *dominance = nullptr;
  /// The last thread id created in each kernel's entry block.
  DenseMap<Block *, Operation *> createdThreadIds;
  StatisticCounts counts;
  /// Ops folded into some map; erased at the end when nothing else uses them.
  SetVector<Operation *> folded;
};
} // namespace

Value ExpandFragmentsPass::getThreadId(LaneAccessOpInterface access,
                                       gpu::GPUFuncOp func,
                                       gpu::Dimension dim) {
  Block &entry = func.getBody().front();
  for (auto id : entry.getOps<gpu::ThreadIdOp>())
    if (id.getDimension() == dim &&
        dominance->properlyDominates(id.getOperation(), access))
      return id;
  // In dimension order at the top of the entry block.
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  if (Operation *previous = createdThreadIds.lookup(&entry))
    builder.setInsertionPointAfter(previous);
  auto id = gpu::ThreadIdOp::create(builder, func.getLoc(), dim);
  createdThreadIds[&entry] = id;
  return id;
}

/// `expr floordiv divisor`, merging `(x floordiv a) floordiv b` into
/// `x floordiv (a * b)` as hand-written maps say it (unless `a * b`
/// overflows).
static AffineExpr floorDiv(AffineExpr expr, int64_t divisor) {
  auto inner = dyn_cast<AffineBinaryOpExpr>(expr);
  int64_t merged;
  if (inner && inner.getKind() == AffineExprKind::FloorDiv)
    if (auto constant = dyn_cast<AffineConstantExpr>(inner.getRHS());
        constant && !llvm::MulOverflow(constant.getValue(), divisor, merged))
      return inner.getLHS().floorDiv(merged);
  return expr.floorDiv(divisor);
}

/// `expr * factor` with the product distributed over sums and merged into
/// constant factors (unless the product overflows), so positions in
/// fragments read as offsets in elements.
static AffineExpr scale(AffineExpr expr, int64_t factor) {
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (binary && binary.getKind() == AffineExprKind::Add)
    return scale(binary.getLHS(), factor) + scale(binary.getRHS(), factor);
  int64_t merged;
  if (binary && binary.getKind() == AffineExprKind::Mul)
    if (auto constant = dyn_cast<AffineConstantExpr>(binary.getRHS());
        constant && !llvm::MulOverflow(constant.getValue(), factor, merged))
      return binary.getLHS() * merged;
  return expr * factor;
}

/// `value` as an expression of the linear thread id `t` when it is the
/// wave's place in the workgroup: `gpu.subgroup_id` (t floordiv waveSize) or
/// a result of `affine.delinearize_index` of such a value with a static
/// basis. Records the ops it looks through in `folded`.
static std::optional<AffineExpr>
foldWavePosition(Value value, AffineExpr t, int64_t waveSize,
                 SetVector<Operation *> &folded) {
  Operation *def = value.getDefiningOp();
  if (isa_and_nonnull<gpu::SubgroupIdOp>(def)) {
    folded.insert(def);
    return floorDiv(t, waveSize);
  }
  auto delinearize = dyn_cast_or_null<affine::AffineDelinearizeIndexOp>(def);
  if (!delinearize || !delinearize.getDynamicBasis().empty())
    return std::nullopt;
  std::optional<AffineExpr> linear =
      foldWavePosition(delinearize.getLinearIndex(), t, waveSize, folded);
  if (!linear)
    return std::nullopt;
  folded.insert(def);
  // Result k is (linear floordiv (product of the bounds after k)) mod
  // (bound of k); the first result has no mod (upstream's semantics, with
  // or without the outer bound in the basis).
  ArrayRef<int64_t> basis = delinearize.getStaticBasis();
  unsigned numResults = delinearize.getNumResults();
  ArrayRef<int64_t> inner = basis.take_back(numResults - 1);
  unsigned k = cast<OpResult>(value).getResultNumber();
  int64_t stride = 1;
  for (int64_t bound : inner.drop_front(k))
    if (llvm::MulOverflow(stride, bound, stride))
      return std::nullopt;
  AffineExpr result = stride == 1 ? *linear : floorDiv(*linear, stride);
  if (k > 0)
    result = result % inner[k - 1];
  return result;
}

namespace {
/// Index constants at the top of the kernel's entry block, one per value,
/// where a hand-written kernel defines its fragment positions.
class EntryConstants {
public:
  Value get(Operation *user, int64_t value) {
    Block &entry = user->getParentOfType<gpu::GPUFuncOp>().getBody().front();
    Value &constant = constants[{&entry, value}];
    if (!constant) {
      // In the order of first use.
      auto builder = OpBuilder::atBlockBegin(&entry);
      if (Operation *previous = last.lookup(&entry))
        builder.setInsertionPointAfter(previous);
      constant = arith::ConstantIndexOp::create(builder, user->getLoc(), value);
      last[&entry] = constant.getDefiningOp();
    }
    return constant;
  }

private:
  DenseMap<std::pair<Block *, int64_t>, Value> constants;
  DenseMap<Block *, Operation *> last;
};
} // namespace

/// Bytes a lane's operand of one MMA may take in memory before packing
/// stops paying: the widest LDS and global access of a lane.
static constexpr int64_t kMaxLaneBytes = 16;

/// How many K steps of `op` to pack into each fragment read: the largest
/// power of two that divides its K steps and keeps a lane's packed run
/// within 16 bytes. Says why in a remark when the tiles hold several K
/// steps but fewer are packed than 16 bytes would allow.
static int64_t chooseKPack(MmaTileOp op) {
  FragmentAttr fragment = op.getAFragment();
  const MmaLayout &layout = fragment.getLayout();
  int64_t bytes =
      layout.kPerLane *
      llvm::divideCeil(layout.getElementType(MmaOperand::A, op.getContext())
                           .getIntOrFloatBitWidth(),
                       8);
  int64_t wanted = 1;
  while (2 * wanted * bytes <= kMaxLaneBytes)
    wanted *= 2;
  int64_t steps = getTileKSteps(fragment, op.getA().getType());
  int64_t pack = wanted;
  while (steps % pack != 0)
    pack /= 2;
  if (pack < wanted && steps > 1)
    emitRemark(op.getLoc(), "K fragments packed by ")
        << pack << ", not " << wanted << ": the tiles hold " << steps
        << " K steps of " << stringifyMmaKind(fragment.getKind())
        << ", not a multiple of " << wanted;
  // A swizzled tile keeps only its groups contiguous: a lane's packed run
  // along its rows must fit one.
  for (auto [name, tile, tileFragment] :
       {std::tuple{"A", op.getA(), op.getAFragment()},
        std::tuple{"B", op.getB(), op.getBFragment()}}) {
    auto alloc = tile.getDefiningOp<AllocLdsOp>();
    SwizzleAttr swizzle = alloc ? alloc.getSwizzleAttr() : SwizzleAttr();
    if (!swizzle || tileFragment.getContiguousDim() != 1)
      continue;
    int64_t fits = pack;
    while (fits > 1 && fits * layout.kPerLane > swizzle.getVec())
      fits /= 2;
    if (fits == pack)
      continue;
    emitRemark(op.getLoc(), "K fragments packed by ")
        << fits << ", not " << pack << ": the " << name
        << " tile's swizzle keeps groups of " << swizzle.getVec()
        << " elements contiguous";
    pack = fits;
  }
  return pack;
}

/// Rewrites `op` into the fragment reads and `wave.mma`s it stands for: for
/// each group of `kPack` K steps, the packed A fragments of the accumulator
/// rows, the packed B fragments of its columns, then, for each step of the
/// group, the MMAs, row-major, on that step's slots of the packed fragments.
static void expandMmaTile(MmaTileOp op, int64_t kPack,
                          EntryConstants &constants) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  auto [rows, cols] = op.getGridShape();
  auto constant = [&](int64_t value) { return constants.get(op, value); };
  auto pack = [&](FragmentAttr fragment) {
    return FragmentAttr::get(context, fragment.getOperand(), fragment.getKind(),
                             fragment.getTransposed(), kPack);
  };
  FragmentAttr aFragment = pack(op.getAFragment());
  FragmentAttr bFragment = pack(op.getBFragment());
  // Fragment (position * count + offset, kk) of `tile`, its coordinates in
  // memory order; the offset is an operand only when there are several.
  auto read = [&](Value tile, Value position, FragmentAttr fragment,
                  int64_t count, int64_t offset, int64_t kk) -> Value {
    SmallVector<Value> indices = {position};
    AffineExpr across = getAffineDimExpr(0, context);
    if (count > 1) {
      across = across * count + getAffineDimExpr(1, context);
      indices.push_back(constant(offset));
    }
    AffineExpr along = getAffineDimExpr(indices.size(), context);
    indices.push_back(constant(kk));
    unsigned kDim = fragment.getContiguousDim();
    SmallVector<AffineExpr, 2> results(2);
    results[kDim] = along;
    results[1 - kDim] = across;
    auto map = AffineMap::get(indices.size(), 0, results, context);
    return ReadOp::create(builder, loc, fragment.getVectorType(), tile, indices,
                          map.isIdentity() ? AffineMapAttr()
                                           : AffineMapAttr::get(map),
                          IntegerAttr(), Value(), CacheHintAttr(), fragment);
  };
  auto kind = MmaKindAttr::get(context, aFragment.getKind());
  SmallVector<Value> accs = op.getAccs();
  int64_t groups = getTileKSteps(aFragment, op.getA().getType());
  int64_t slots = op.getAFragment().getVectorType().getNumElements();
  // Step `step`'s slots of a packed fragment.
  auto slice = [&](Value packed, int64_t step) -> Value {
    if (kPack == 1)
      return packed;
    return vector::ExtractStridedSliceOp::create(
        builder, loc, packed, ArrayRef<int64_t>{step * slots},
        ArrayRef<int64_t>{slots}, ArrayRef<int64_t>{1});
  };
  for (int64_t kk = 0; kk < groups; ++kk) {
    SmallVector<Value> a, b;
    for (int64_t i = 0; i < rows; ++i)
      a.push_back(read(op.getA(), op.getRow(), aFragment, rows, i, kk));
    for (int64_t j = 0; j < cols; ++j)
      b.push_back(read(op.getB(), op.getCol(), bFragment, cols, j, kk));
    for (int64_t step = 0; step < kPack; ++step) {
      SmallVector<Value> aStep, bStep;
      for (Value value : a)
        aStep.push_back(slice(value, step));
      for (Value value : b)
        bStep.push_back(slice(value, step));
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
          Value &acc = accs[i * cols + j];
          acc = MmaOp::create(builder, loc, acc.getType(), kind, aStep[i],
                              bStep[j], acc);
        }
    }
  }
  op->replaceAllUsesWith(accs);
  op->erase();
}

/// Rewrites `op` into the fragment read and write of each of its copies:
/// the source read at the block's origin plus the fragment's place in the
/// tile, the tile written at that place; the read is `bounded` when the
/// copy is. The wave is a `gpu.subgroup_id`, which the fragment expansion
/// folds into the thread id.
static void expandCopyTile(CopyTileOp op, EntryConstants &constants) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  FragmentAttr fragment = op.getFragment();
  std::array<int64_t, 2> grid =
      getFragmentGrid(fragment, op.getTile().getType());
  int64_t waves = getWorkgroupWaves(op, fragment);
  Value wave = gpu::SubgroupIdOp::create(builder, loc, IntegerAttr());
  auto dim = [&](unsigned i) { return getAffineDimExpr(i, context); };
  // Source: (across K, along K, copy, wave) -> (i0 * grid0 + p0,
  // i1 * grid1 + p1), the block indices taken across K first as in the
  // fragment reads of wave.mma_tile and in hand-written kernels.
  unsigned kDim = fragment.getContiguousDim();
  std::array<AffineExpr, 2> inSource =
      getCopyTilePosition(fragment, grid, waves, dim(2), dim(3));
  std::array<AffineExpr, 2> block;
  block[1 - kDim] = dim(0);
  block[kDim] = dim(1);
  auto sourceMap = AffineMap::get(
      4, 0,
      {block[0] * grid[0] + inSource[0], block[1] * grid[1] + inSource[1]},
      context);
  Value acrossK = op.getIndices()[1 - kDim], alongK = op.getIndices()[kDim];
  // Tile: (copy, wave) -> (p0, p1).
  std::array<AffineExpr, 2> inTile =
      getCopyTilePosition(fragment, grid, waves, dim(0), dim(1));
  auto tileMap = AffineMap::get(2, 0, inTile, context);
  VectorType type = fragment.getVectorType();
  for (int64_t copy = 0, e = grid[0] * grid[1] / waves; copy < e; ++copy) {
    Value index = constants.get(op, copy);
    auto read = ReadOp::create(builder, loc, type, op.getSource(),
                               ValueRange{acrossK, alongK, index, wave},
                               AffineMapAttr::get(sourceMap), IntegerAttr(),
                               Value(), CacheHintAttr(), fragment);
    read.setBounded(op.getBounded());
    WriteOp::create(
        builder, loc, read.getResult(), op.getTile(), ValueRange{index, wave},
        tileMap.isIdentity() ? AffineMapAttr() : AffineMapAttr::get(tileMap),
        IntegerAttr(), Value(), CacheHintAttr(), fragment);
  }
  op->erase();
}

LogicalResult ExpandFragmentsPass::expand(LaneAccessOpInterface access) {
  FragmentAttr fragment = access.getFragmentAttr();
  const MmaLayout &layout = fragment.getLayout();
  MLIRContext *context = access->getContext();
  auto func = access->getParentOfType<gpu::GPUFuncOp>();
  std::optional<std::array<int64_t, 3>> workgroup =
      getFragmentWorkgroupSize(access);
  if (!func || !workgroup)
    return access->emitOpError("fragment access outside a gpu.func with "
                               "'known_block_size' cannot be expanded");

  // The new map's operands: the thread ids of the workgroup's dimensions,
  // then the position operands that stay operands.
  SmallVector<Value> operands;
  AffineExpr t = getAffineConstantExpr(0, context);
  int64_t lanesBelow = 1;
  const gpu::Dimension dims[] = {gpu::Dimension::x, gpu::Dimension::y,
                                 gpu::Dimension::z};
  for (auto [i, dim] : llvm::enumerate(dims)) {
    int64_t extent = (*workgroup)[i];
    if (i != 0 && extent == 1)
      continue;
    t = t + getAffineDimExpr(operands.size(), context) * lanesBelow;
    operands.push_back(getThreadId(access, func, dim));
    lanesBelow *= extent;
  }
  SmallVector<AffineExpr> replacements;
  for (auto [i, index] : llvm::enumerate(access.getIndices())) {
    if (std::optional<AffineExpr> expr =
            foldWavePosition(index, t, layout.waveSize, folded)) {
      replacements.push_back(*expr);
      counts.add(numFoldedPositions);
      continue;
    }
    if (auto delinearize =
            index.getDefiningOp<affine::AffineDelinearizeIndexOp>())
      emitRemark(access.getLoc(), "position operand ")
          << i << " stays an index operand: only a static "
          << "affine.delinearize_index of gpu.subgroup_id whose basis "
          << "products fit 64 bits folds into the map";
    replacements.push_back(getAffineDimExpr(operands.size(), context));
    operands.push_back(index);
  }
  AffineMap position = access.getAccessMap().replaceDimsAndSymbols(
      replacements, {}, operands.size(), 0);

  // One plain access per run of slots contiguous in memory.
  AffineExpr lane = t % static_cast<int64_t>(layout.waveSize);
  std::array<int64_t, 2> block = fragment.getBlockShape();
  // The access's own type: an accumulator may be written converted.
  VectorType type = access.getVectorType();
  int64_t runLength = fragment.getRunLength();
  int64_t numRuns = type.getNumElements() / runLength;
  MemRefType memrefType = access.getMemref().getType();
  // Leading dimensions (a head, a batch) are indexed element by element.
  unsigned leading = memrefType.getRank() - 2;
  unsigned dim = leading + fragment.getContiguousDim();
  IntegerAttr along =
      dim + 1 == memrefType.getRank()
          ? IntegerAttr()
          : IntegerAttr::get(IntegerType::get(context, 64), dim);
  auto runType = VectorType::get({runLength}, type.getElementType());
  auto cache = access->getAttrOfType<CacheHintAttr>("cache");
  SmallVector<NamedAttribute> discardable =
      llvm::to_vector(access->getDiscardableAttrs());

  OpBuilder builder(access);
  Location loc = access.getLoc();
  auto slice = [&](Value vector, int64_t slot) -> Value {
    if (!vector || numRuns == 1)
      return vector;
    return vector::ExtractStridedSliceOp::create(
        builder, loc, vector, ArrayRef<int64_t>{slot},
        ArrayRef<int64_t>{runLength}, ArrayRef<int64_t>{1});
  };
  Value result;
  if (!access.isWrite() && numRuns > 1)
    result = arith::ConstantOp::create(builder, loc, type,
                                       builder.getZeroAttr(type));
  // Element 0 of run r: the fragment's origin, then r runs, then the lane's
  // offset, in the order hand-written maps add them (the lowering keeps the
  // order). The run index is an operand, so all runs share one map.
  std::array<AffineExpr, 2> laneOffset = fragment.getLaneOffset(lane);
  std::array<int64_t, 2> runStride = fragment.getRunStride();
  AffineExpr runIndex = getAffineDimExpr(operands.size(), context);
  SmallVector<AffineExpr, 4> coordinates(
      position.getResults().take_front(leading));
  for (unsigned i = 0; i < 2; ++i) {
    AffineExpr coordinate = scale(position.getResult(leading + i), block[i]);
    if (numRuns > 1 && runStride[i] != 0)
      coordinate = coordinate + runIndex * runStride[i];
    coordinates.push_back(coordinate + laneOffset[i]);
  }
  AffineMap map = AffineMap::get(operands.size() + (numRuns > 1 ? 1 : 0), 0,
                                 coordinates, context);
  auto mapAttr = AffineMapAttr::get(map);
  for (int64_t run = 0; run < numRuns; ++run) {
    int64_t slot = run * runLength;
    SmallVector<Value> runOperands = operands;
    if (numRuns > 1)
      runOperands.push_back(
          arith::ConstantIndexOp::create(builder, loc, run).getResult());
    Value mask = slice(access.getMask(), slot);
    Operation *plain;
    if (access.isWrite()) {
      plain = WriteOp::create(builder, loc, slice(access->getOperand(0), slot),
                              access.getMemref(), runOperands, mapAttr, along,
                              mask, cache);
    } else {
      auto read = ReadOp::create(builder, loc, runType, access.getMemref(),
                                 runOperands, mapAttr, along, mask, cache);
      plain = read;
      result = numRuns == 1 ? read.getResult()
                            : vector::InsertStridedSliceOp::create(
                                  builder, loc, read.getResult(), result,
                                  ArrayRef<int64_t>{slot}, ArrayRef<int64_t>{1})
                                  .getResult();
    }
    if (access.getBounded())
      plain->setAttr("bounded", builder.getUnitAttr());
    for (NamedAttribute attr : discardable)
      plain->setAttr(attr.getName(), attr.getValue());
    counts.add(numPlainAccesses);
  }
  if (result)
    access->getResult(0).replaceAllUsesWith(result);
  access->erase();
  counts.add(numFragments);
  return success();
}

//===----------------------------------------------------------------------===//
// Fragments in registers
//===----------------------------------------------------------------------===//

/// The slots `indices` of `vector`, as one vector (`vector.shuffle`).
static Value gatherSlots(OpBuilder &builder, Location loc, Value vector,
                         ArrayRef<int64_t> indices) {
  return vector::ShuffleOp::create(builder, loc, vector, vector, indices);
}

/// Through LDS: each wave writes its accumulator, converted, to its own
/// block of a tile of the workgroup as an accumulator fragment and reads the
/// operand fragments back, with a barrier after the writes (other lanes read
/// them) and after the reads (a next execution writes again).
static void expandAccToOperandThroughLds(AccToOperandOp op) {
  FragmentAttr acc = op.getAccFragment(), operand = op.getOperandFragment();
  MmaLayout accLayout = acc.getLaneLayout();
  MmaLayout operandLayout = operand.getLaneLayout();
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  int64_t waves = getWorkgroupWaves(op, acc);
  Type element = operand.getVectorType().getElementType();
  MLIRContext *context = op.getContext();
  auto lds = gpu::AddressSpaceAttr::get(
      context, gpu::GPUDialect::getWorkgroupAddressSpace());
  auto tileType = MemRefType::get({waves * accLayout.m, accLayout.n}, element,
                                  MemRefLayoutAttrInterface(), lds);
  OpBuilder entry = OpBuilder::atBlockBegin(&func.getBody().front());
  Value tile = AllocLdsOp::create(entry, op.getLoc(), tileType,
                                  DenseI64ArrayAttr(), SwizzleAttr());
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value wave = gpu::SubgroupIdOp::create(builder, loc, IntegerAttr());
  Value converted = op.getAcc();
  auto convertedType = VectorType::get({accLayout.accPerLane}, element);
  if (convertedType != converted.getType())
    converted = arith::TruncFOp::create(builder, loc, convertedType, converted);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  WriteOp::create(builder, loc, converted, tile, ValueRange{wave, zero},
                  AffineMapAttr(), IntegerAttr(), Value(), CacheHintAttr(),
                  acc);
  BarrierOp::create(builder, loc);
  // Fragment j of wave w: the blocks of K x N (B) or M x K (A) of the tile.
  bool isB = operand.getOperand() == MmaOperand::B;
  int64_t perWave = isB ? accLayout.m / operandLayout.k : 1;
  for (auto [j, result] : llvm::enumerate(op.getResults())) {
    AffineExpr w = getAffineDimExpr(0, context);
    SmallVector<AffineExpr, 2> results =
        isB ? SmallVector<AffineExpr, 2>{w * perWave + int64_t(j),
                                         getAffineConstantExpr(0, context)}
            : SmallVector<AffineExpr, 2>{w, getAffineConstantExpr(j, context)};
    auto position = AffineMap::get(1, 0, results, context);
    auto read =
        ReadOp::create(builder, loc, result.getType(), tile, ValueRange{wave},
                       AffineMapAttr::get(position), IntegerAttr(), Value(),
                       CacheHintAttr(), operand);
    result.replaceAllUsesWith(read.getResult());
  }
  BarrierOp::create(builder, loc);
  emitRemark(loc, "accumulator of ")
      << stringifyMmaKind(acc.getKind()) << " converted to "
      << op.getNumResults() << " " << stringifyMmaOperand(operand.getOperand())
      << " fragments of " << stringifyMmaKind(operand.getKind())
      << " through LDS ("
      << tileType.getNumElements() * (element.getIntOrFloatBitWidth() / 8)
      << " bytes, a block a wave): lanes need other lanes' elements";
  op->erase();
}

/// Each operand fragment is the lane's own accumulator slots the layout
/// table names, converted to the operand's element type.
static void expandAccToOperand(AccToOperandOp op) {
  FragmentAttr acc = op.getAccFragment(), operand = op.getOperandFragment();
  std::optional<SmallVector<SmallVector<int64_t>>> local =
      getLaneLocalOperandSlots(acc.getLaneLayout(), operand.getLaneLayout(),
                               operand.getOperand());
  if (!local)
    return expandAccToOperandThroughLds(op);
  SmallVector<SmallVector<int64_t>> &slots = *local;
  OpBuilder builder(op);
  Location loc = op.getLoc();
  for (auto [result, fragmentSlots] : llvm::zip(op.getResults(), slots)) {
    Value gathered = gatherSlots(builder, loc, op.getAcc(), fragmentSlots);
    Value converted = gathered;
    if (gathered.getType() != result.getType())
      converted =
          arith::TruncFOp::create(builder, loc, result.getType(), gathered);
    result.replaceAllUsesWith(converted);
  }
  emitRemark(loc, "accumulator of ")
      << stringifyMmaKind(acc.getKind()) << " converted to " << slots.size()
      << " " << stringifyMmaOperand(operand.getOperand()) << " fragments of "
      << stringifyMmaKind(operand.getKind())
      << " in registers: every lane holds the elements of its fragments";
  op->erase();
}

/// Per line: the lane's own slots of every accumulator combined, then the
/// lanes sharing the line (consecutive lanes by DPP clusters, lanes a power
/// of two apart by xor shuffles).
static void expandFragmentReduce(FragmentReduceOp op) {
  FragmentAttr fragment = op.getFragment();
  FragmentLines lines = *getFragmentLines(fragment.getLayout(), op.getDim());
  OpBuilder builder(op);
  Location loc = op.getLoc();
  ReduceKind kind = op.getKind();
  SmallVector<SmallVector<Value>> elements(lines.numLines);
  for (Value acc : op.getAccs())
    for (auto [slot, line] : llvm::enumerate(lines.lineOfSlot))
      elements[line].push_back(vector::ExtractOp::create(
          builder, loc, acc, ArrayRef<int64_t>{int64_t(slot)}));
  // A balanced tree, so the lane's combinations do not wait on each other.
  SmallVector<Value> partial;
  for (SmallVector<Value> &level : elements) {
    while (level.size() > 1) {
      SmallVector<Value> next;
      for (size_t i = 0; i + 1 < level.size(); i += 2)
        next.push_back(
            buildCombine(builder, loc, kind, level[i], level[i + 1]));
      if (level.size() % 2)
        next.push_back(level.back());
      level = std::move(next);
    }
    partial.push_back(level.front());
  }
  uint64_t bits = lines.sharingLaneBits;
  // Lanes 0 .. n-1 of each cluster of n: the DPP cluster reduction.
  bool consecutive = bits != 0 && llvm::isPowerOf2_64(bits + 1);
  for (Value &value : partial) {
    if (consecutive) {
      value = ReduceOp::create(builder, loc, kind, value,
                               static_cast<int64_t>(bits + 1));
      continue;
    }
    for (uint64_t bit = 1; bit <= bits; bit <<= 1) {
      if (!(bits & bit))
        continue;
      Value offset = arith::ConstantIntOp::create(builder, loc, bit, 32);
      Value other =
          ShuffleOp::create(builder, loc, ShuffleMode::xor_, value, offset);
      value = buildCombine(builder, loc, kind, value, other);
    }
  }
  Value result = vector::FromElementsOp::create(
      builder, loc, op.getResult().getType(), partial);
  op.getResult().replaceAllUsesWith(result);
  op->erase();
}

static void expandFragmentBroadcast(FragmentBroadcastOp op) {
  FragmentLines lines =
      *getFragmentLines(op.getFragment().getLayout(), op.getDim());
  OpBuilder builder(op);
  op.getResult().replaceAllUsesWith(
      gatherSlots(builder, op.getLoc(), op.getValues(), lines.lineOfSlot));
  op->erase();
}

/// Row or column of each slot: the layout table's map of the lane id.
static void expandFragmentIndex(FragmentIndexOp op) {
  FragmentAttr fragment = op.getFragment();
  MmaLayout layout = fragment.getLaneLayout();
  MLIRContext *context = op.getContext();
  AffineMap coordinates =
      layout.getCoordinateMap(fragment.getOperand(), context);
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value lane = gpu::LaneIdOp::create(builder, loc, IntegerAttr());
  Type i32 = builder.getI32Type();
  SmallVector<Value> indices;
  for (int64_t slot = 0, e = fragment.getVectorType().getNumElements();
       slot < e; ++slot) {
    AffineExpr expr = coordinates.getResult(op.getDim())
                          .replaceDims({getAffineDimExpr(0, context),
                                        getAffineConstantExpr(slot, context)});
    auto map = AffineMap::get(1, 0, simplifyAffineExpr(expr, 1, 0));
    Value index = affine::AffineApplyOp::create(builder, loc, map, lane);
    indices.push_back(arith::IndexCastOp::create(builder, loc, i32, index));
  }
  op.getResult().replaceAllUsesWith(vector::FromElementsOp::create(
      builder, loc, op.getResult().getType(), indices));
  op->erase();
}

/// Rewrites the ops on fragments in registers; returns how many.
static int64_t expandRegisterFragments(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<AccToOperandOp, FragmentReduceOp, FragmentBroadcastOp,
            FragmentIndexOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops)
    TypeSwitch<Operation *>(op)
        .Case([](AccToOperandOp op) { expandAccToOperand(op); })
        .Case([](FragmentReduceOp op) { expandFragmentReduce(op); })
        .Case([](FragmentBroadcastOp op) { expandFragmentBroadcast(op); })
        .Case([](FragmentIndexOp op) { expandFragmentIndex(op); });
  return ops.size();
}

void ExpandFragmentsPass::runOnOperation() {
  SmallVector<MmaTileOp> tiles;
  getOperation()->walk([&](MmaTileOp op) { tiles.push_back(op); });
  EntryConstants constants;
  for (MmaTileOp op : tiles)
    expandMmaTile(op, packK ? chooseKPack(op) : 1, constants);
  SmallVector<CopyTileOp> copies;
  getOperation()->walk([&](CopyTileOp op) { copies.push_back(op); });
  for (CopyTileOp op : copies)
    expandCopyTile(op, constants);
  // Before the fragment accesses are collected: a conversion through LDS
  // makes fragment accesses of its own.
  int64_t registerOps = expandRegisterFragments(getOperation());
  SmallVector<LaneAccessOpInterface> accesses;
  getOperation()->walk([&](LaneAccessOpInterface access) {
    if (access.getFragmentAttr())
      accesses.push_back(access);
  });
  counts = StatisticCounts();
  counts.add(numCopyTiles, copies.size());
  counts.add(numMmaTiles, tiles.size());
  counts.add(numRegisterFragmentOps, registerOps);
  if (tiles.empty() && copies.empty() && accesses.empty() && !registerOps) {
    markAllAnalysesPreserved();
  } else {
    DominanceInfo dominanceInfo(getOperation());
    dominance = &dominanceInfo;
    for (LaneAccessOpInterface access : accesses)
      if (failed(expand(access)))
        return signalPassFailure();
    // Users come after their operands in `folded`: erase in reverse.
    for (Operation *op : llvm::reverse(folded))
      if (isOpTriviallyDead(op))
        op->erase();
    folded.clear();
    createdThreadIds.clear();
  }
  if (summary)
    counts.emitSummary(*this, getOperation());
}
