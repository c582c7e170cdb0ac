//===- OptimizeLdsLayout.cpp - Padding or swizzle for each LDS tile -------===//
//
// For each LDS tile, tries its current layout, row paddings and XOR swizzles
// on the IR in place (the accesses see the tile's type and attributes), asks
// the bank-conflict analysis what each costs, and keeps the cheapest: fewest
// extra cycles, then fewest bytes (only while the kernel's LDS limits its
// occupancy: otherwise bytes buy nothing and a swizzle still costs address
// arithmetic), then fewest LDS instructions.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Lds/BankConflicts.h"
#include "wave/Analysis/Lds/TransposedReads.h"
#include "wave/Chip/Occupancy.h"
#include "wave/Dialect/Wave/IR/DirectToLds.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/KernelLds.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#include <tuple>

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEOPTIMIZELDSLAYOUT
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

/// A physical layout of a tile: a padding of the rows or a swizzle (neither:
/// unpadded row-major).
struct Layout {
  int64_t padding = 0;
  SwizzleAttr swizzle;

  bool operator==(const Layout &other) const {
    return padding == other.padding && swizzle == other.swizzle;
  }
};

/// What a layout costs one workgroup run, over all accesses of the tile.
struct Cost {
  int64_t extraCycles = 0;
  int64_t cycles = 0;
  int64_t bytes = 0;
  int64_t instructions = 0;
  /// A swizzle costs VALU instructions (the XOR of every address) that the
  /// other layouts do not.
  bool swizzled = false;

  /// What the choice minimizes: bytes come second only when `weighBytes`;
  /// otherwise they break the last ties, after the address arithmetic.
  auto key(bool weighBytes) const {
    return std::make_tuple(extraCycles, weighBytes ? bytes : 0, instructions,
                           swizzled, bytes);
  }
};

/// A tile and its accesses, for trying layouts on.
class TileLayouts {
public:
  TileLayouts(AllocLdsOp alloc, const LdsBankModel &model)
      : alloc(alloc),
        model(model), original{getPadding(alloc), alloc.getSwizzleAttr()},
        originalType(alloc.getType()) {
    // A direct-to-LDS copy writes consecutive addresses in every layout
    // tried (its runs follow a swizzle), so it costs the same in each.
    for (Operation *user : alloc->getUsers())
      if (!user->hasAttr(kDirectToLdsAttrName))
        accesses.push_back(cast<LaneAccessOpInterface>(user));
  }

  const Layout &getOriginal() const { return original; }
  /// Layouts worth trying: the current one, paddings of 4, 8 and 16 bytes
  /// (and 64 for a tile read by transposed reads, whose groups of 16 lanes
  /// read 4 rows of 32 bytes: rows 64 bytes apart in the banks) and the
  /// swizzles whose groups hold at most 16 bytes and whose phases fit the
  /// tile.
  SmallVector<Layout> getCandidates(bool transposedReads) const;
  /// Accesses of the tile, as laid out now, that are transposed reads.
  int64_t countTransposedReads() const {
    return llvm::count_if(accesses, [](LaneAccessOpInterface access) {
      return isTransposedLdsRead(access);
    });
  }
  /// Gives the tile `layout` (the IR changes).
  void apply(const Layout &layout);
  /// The cost of the layout applied, or failure with a reason; accesses that
  /// must be split for a swizzle go to `splits`. With `bound`, also failure
  /// (without a reason) as soon as the cost cannot have a smaller key than
  /// `bound` under `weighBytes`: bytes and instructions are known before
  /// any access is enumerated, and extra cycles only grow access by access.
  FailureOr<Cost> evaluate(SmallVectorImpl<LaneAccessOpInterface> &splits,
                           std::string &reason, const Cost *bound = nullptr,
                           bool weighBytes = true);
  /// Splits `access` into accesses of one swizzle group each.
  void split(LaneAccessOpInterface access);

private:
  static int64_t getPadding(AllocLdsOp alloc) {
    return alloc.getPaddingOrZeros().back();
  }

  AllocLdsOp alloc;
  const LdsBankModel &model;
  Layout original;
  MemRefType originalType;
  SmallVector<LaneAccessOpInterface> accesses;
};

} // namespace

/// Bytes one element takes in LDS (as the lowering addresses it).
static int64_t getElementBytes(MemRefType type) {
  return llvm::PowerOf2Ceil(llvm::divideCeil(type.getElementTypeBitWidth(), 8));
}

/// The access map of the piece of an access that starts `start` elements
/// further along the rows.
static AffineMap getPieceMap(AffineMap map, int64_t start) {
  SmallVector<AffineExpr> results(map.getResults());
  results.back() = results.back() + start;
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), results,
                        map.getContext());
}

static bool isAlongRows(LaneAccessOpInterface access) {
  return access.getContiguousDim() + 1 ==
         static_cast<unsigned>(access.getMemref().getType().getRank());
}

SmallVector<Layout> TileLayouts::getCandidates(bool transposedReads) const {
  SmallVector<Layout> candidates = {original};
  auto add = [&](Layout layout) {
    if (!llvm::is_contained(candidates, layout))
      candidates.push_back(layout);
  };
  add(Layout());
  int64_t elementBytes = getElementBytes(originalType);
  for (int64_t bytes : {4, 8, 16, 64})
    if (bytes % elementBytes == 0 && (bytes != 64 || transposedReads))
      add({bytes / elementBytes, SwizzleAttr()});
  ArrayRef<int64_t> shape = originalType.getShape();
  int64_t rows = shape[shape.size() - 2], columns = shape.back();
  for (int64_t vec = 1; vec * elementBytes <= 16 && vec <= columns; vec *= 2)
    for (int64_t perPhase = 1; perPhase <= 8 && perPhase <= rows; perPhase *= 2)
      for (int64_t maxPhase = 2;
           maxPhase * perPhase <= rows && vec * maxPhase <= columns;
           maxPhase *= 2)
        if (columns % (vec * maxPhase) == 0)
          add({0, SwizzleAttr::get(originalType.getContext(), vec, perPhase,
                                   maxPhase)});
  return candidates;
}

void TileLayouts::apply(const Layout &layout) {
  ArrayRef<int64_t> shape = originalType.getShape();
  SmallVector<int64_t> padding(shape.size(), 0);
  padding.back() = layout.padding;
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * (shape[i + 1] + padding[i + 1]);
  MemRefLayoutAttrInterface stridedLayout;
  if (layout.padding != 0)
    stridedLayout = StridedLayoutAttr::get(alloc.getContext(), 0, strides);
  alloc.getResult().setType(
      MemRefType::get(shape, originalType.getElementType(), stridedLayout,
                      originalType.getMemorySpace()));
  if (layout.padding != 0)
    alloc.setPaddingAttr(DenseI64ArrayAttr::get(alloc.getContext(), padding));
  else
    alloc.removePaddingAttr();
  if (layout.swizzle)
    alloc.setSwizzleAttr(layout.swizzle);
  else
    alloc.removeSwizzleAttr();
}

/// The largest piece of `access` a swizzle `swizzle` allows: a group's
/// width along the rows; none for an access that needs no split.
static std::optional<int64_t> getMaxSlots(LaneAccessOpInterface access,
                                          SwizzleAttr swizzle) {
  int64_t elements = access.getVectorType().getNumElements();
  if (!swizzle || !isAlongRows(access) || elements <= 1)
    return std::nullopt;
  return std::min(elements, swizzle.getVec());
}

FailureOr<Cost>
TileLayouts::evaluate(SmallVectorImpl<LaneAccessOpInterface> &splits,
                      std::string &reason, const Cost *bound, bool weighBytes) {
  Cost cost;
  cost.bytes = alloc.getSizeInBytes();
  SwizzleAttr swizzle = alloc.getSwizzleAttr();
  cost.swizzled = static_cast<bool>(swizzle);
  for (LaneAccessOpInterface access : accesses)
    cost.instructions +=
        getLdsInstructionsPerLane(access, getMaxSlots(access, swizzle));
  auto cannotWin = [&]() {
    return bound && !(cost.key(weighBytes) < bound->key(weighBytes));
  };
  if (cannotWin())
    return failure();
  for (LaneAccessOpInterface access : accesses) {
    int64_t elements = access.getVectorType().getNumElements();
    std::optional<int64_t> maxSlots;
    if (std::optional<int64_t> groupWidth = getMaxSlots(access, swizzle)) {
      // Wider than a group: one access a group, each of which must fit.
      int64_t piece = *groupWidth;
      AffineMap map = access.getAccessMap();
      for (int64_t start = 0; start < elements; start += piece) {
        std::string why = checkSwizzleGroups(swizzle, getPieceMap(map, start),
                                             access.getIndices(),
                                             std::min(piece, elements - start));
        if (!why.empty()) {
          reason = why;
          return failure();
        }
      }
      if (piece < elements) {
        maxSlots = piece;
        splits.push_back(access);
      }
    }
    FailureOr<AccessBankConflicts> conflicts =
        analyzeBankConflicts(access, model, &reason, maxSlots);
    if (failed(conflicts))
      return failure();
    cost.extraCycles = addCounts(
        cost.extraCycles, multiplyCounts(conflicts->perExecution.getExtra(),
                                         conflicts->executions));
    cost.cycles =
        addCounts(cost.cycles, multiplyCounts(conflicts->perExecution.cycles,
                                              conflicts->executions));
    if (cannotWin())
      return failure();
  }
  return cost;
}

void TileLayouts::split(LaneAccessOpInterface access) {
  OpBuilder builder(access);
  Location loc = access.getLoc();
  VectorType type = access.getVectorType();
  int64_t elements = type.getNumElements();
  int64_t groupWidth = alloc.getSwizzleAttr().getVec();
  AffineMap map = access.getAccessMap();
  Value mask = access.getMask();
  Value result;
  if (!access.isWrite())
    result = arith::ConstantOp::create(builder, loc, builder.getZeroAttr(type));
  for (int64_t start = 0; start < elements; start += groupWidth) {
    // The last piece is shorter when the vector is not a whole number of
    // groups.
    int64_t piece = std::min(groupWidth, elements - start);
    auto pieceType = VectorType::get({piece}, type.getElementType());
    auto pieceMap = AffineMapAttr::get(getPieceMap(map, start));
    Value pieceMask;
    if (mask)
      pieceMask = vector::ExtractStridedSliceOp::create(builder, loc, mask,
                                                        start, piece, 1);
    if (auto write = dyn_cast<WriteOp>(access.getOperation())) {
      Value value = vector::ExtractStridedSliceOp::create(
          builder, loc, write.getValue(), start, piece, 1);
      WriteOp::create(builder, loc, value, write.getMemref(),
                      write.getIndices(), pieceMap, IntegerAttr(), pieceMask,
                      write.getCacheAttr())
          .setBounded(write.getBounded());
      continue;
    }
    auto read = cast<ReadOp>(access.getOperation());
    auto piecewise = ReadOp::create(builder, loc, pieceType, read.getMemref(),
                                    read.getIndices(), pieceMap, IntegerAttr(),
                                    pieceMask, read.getCacheAttr());
    piecewise.setBounded(read.getBounded());
    Value value = piecewise;
    result = vector::InsertStridedSliceOp::create(builder, loc, value, result,
                                                  start, 1);
  }
  if (result)
    access->getResult(0).replaceAllUsesWith(result);
  access->erase();
}

namespace {
struct OptimizeLdsLayoutPass
    : wave::impl::WaveOptimizeLdsLayoutBase<OptimizeLdsLayoutPass> {
  using WaveOptimizeLdsLayoutBase::WaveOptimizeLdsLayoutBase;

  void runOnOperation() override;

private:
  void optimize(AllocLdsOp alloc, const LdsBankModel &model,
                StringRef bytesIgnored, unsigned maxLdsBytes);
};
} // namespace

static std::string describe(const Layout &layout) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (layout.swizzle)
    os << "swizzle <vec = " << layout.swizzle.getVec()
       << ", per_phase = " << layout.swizzle.getPerPhase()
       << ", max_phase = " << layout.swizzle.getMaxPhase() << ">";
  else if (layout.padding)
    os << "rows padded by " << layout.padding;
  else
    os << "unpadded";
  return text;
}

/// Why saving LDS bytes cannot raise `kernel`'s occupancy usefully, or an
/// empty string when it may: the kernel's LDS, as it is now, keeps it below
/// the chip's maximum and below the occupancy the kernel asks for, if it asks
/// (or the chip or workgroup size is unknown).
static std::string whyBytesDoNotMatter(gpu::GPUFuncOp kernel,
                                       const KernelTarget &target) {
  std::optional<int64_t> lanes = target.getWorkgroupSize();
  if (!lanes)
    return "";
  OccupancyLimiter limiter;
  unsigned bytes = getKernelLdsBytes(kernel);
  unsigned waves = getOccupancyWithWorkgroups(*target.chip, target.waveSize,
                                              *lanes, bytes, limiter);
  if (target.occupancy && waves >= target.occupancy)
    return "bytes not weighed: the kernel's " + std::to_string(bytes) +
           " bytes of LDS allow the occupancy it asks for (" +
           std::to_string(waves) + " waves a SIMD, " +
           std::to_string(target.occupancy) + " asked for)";
  if (limiter == OccupancyLimiter::Lds)
    return "";
  return "bytes not weighed: the kernel's " + std::to_string(bytes) +
         " bytes of LDS do not limit its occupancy (" + std::to_string(waves) +
         " waves a SIMD)";
}

void OptimizeLdsLayoutPass::optimize(AllocLdsOp alloc,
                                     const LdsBankModel &model,
                                     StringRef bytesIgnored,
                                     unsigned maxLdsBytes) {
  auto leaveAlone = [&](const Twine &why) {
    ++numTilesLeftAlone;
    emitRemark(alloc.getLoc(), "LDS layout left alone: ") << why;
  };
  if (alloc->hasAttr(WaveDialect::kSpillSlotAttrName))
    return leaveAlone("a register spill slot (each lane reads back only "
                      "what it wrote)");
  if (alloc.getType().getRank() < 2)
    return leaveAlone("a rank-1 tile has no rows to pad or swizzle");
  if (llvm::any_of(ArrayRef<int64_t>(alloc.getPaddingOrZeros()).drop_back(),
                   [](int64_t pad) { return pad != 0; }))
    return leaveAlone("padded along an outer dimension, which the pass does "
                      "not model");
  for (OpOperand &use : alloc->getUses()) {
    auto access = dyn_cast<LaneAccessOpInterface>(use.getOwner());
    if (!access || access.getMemref() != use.get())
      return leaveAlone("used by '" + use.getOwner()->getName().getStringRef() +
                        "', which only wave.read and wave.write may be for "
                        "a swizzled or re-padded tile");
  }
  // Direct-to-LDS copies write consecutive addresses, which no padding keeps
  // but a swizzle does if the copies read the runs it puts there.
  SmallVector<WriteOp> directWrites;
  for (Operation *user : alloc->getUsers())
    if (user->hasAttr(kDirectToLdsAttrName))
      directWrites.push_back(cast<WriteOp>(user));
  for (WriteOp write : directWrites) {
    auto read = write.getValue().getDefiningOp<ReadOp>();
    if (write.getAccessMap().getNumSymbols() ||
        read.getAccessMap().getNumSymbols())
      return leaveAlone("written by direct-to-LDS copies whose access maps "
                        "have symbols, which a swizzle's permutation of their "
                        "runs does not take");
  }
  if (!directWrites.empty() && alloc.getSwizzleAttr())
    return leaveAlone("written by direct-to-LDS copies that read the runs of "
                      "its swizzle");

  TileLayouts tile(alloc, model);
  SmallVector<LaneAccessOpInterface> splits;
  std::string reason;
  FailureOr<Cost> before = tile.evaluate(splits, reason);
  if (failed(before))
    return leaveAlone("bank conflicts unknown: " + reason);

  // Only a strictly smaller key replaces the best so far, so a candidate is
  // costed only as far as it may still win (the current layout, whose cost
  // is `before`, never does).
  Layout best = tile.getOriginal();
  Cost bestCost = *before;
  SmallVector<LaneAccessOpInterface> bestSplits = splits;
  auto kernel = alloc->getParentOfType<gpu::GPUFuncOp>();
  // The transposed reads the unpadded tile has; a layout with fewer (rows
  // not at multiples of 8 bytes) would read their columns an element an
  // instruction, which the bank cycles alone do not weigh.
  tile.apply(Layout());
  int64_t transposedReads = tile.countTransposedReads();
  tile.apply(tile.getOriginal());
  // Direct copies stay consecutive under no padding, and under a swizzle
  // only if it moves each of their runs whole.
  auto keepsDirectCopies = [&](const Layout &layout) {
    if (directWrites.empty())
      return true;
    return layout.padding == 0 &&
           (!layout.swizzle || llvm::all_of(directWrites, [&](WriteOp write) {
             return keepsRunsContiguous(layout.swizzle,
                                        write.getVectorType().getNumElements());
           }));
  };
  unsigned overLimit = 0;
  for (const Layout &candidate : tile.getCandidates(transposedReads > 0)) {
    if (candidate == tile.getOriginal())
      continue;
    if (!keepsDirectCopies(candidate))
      continue;
    tile.apply(candidate);
    if (tile.countTransposedReads() < transposedReads)
      continue;
    // A padding that takes the kernel past the LDS a workgroup can allocate
    // would not compile.
    if (getKernelLdsBytes(kernel) > maxLdsBytes) {
      ++overLimit;
      continue;
    }
    SmallVector<LaneAccessOpInterface> candidateSplits;
    std::string why;
    FailureOr<Cost> cost =
        tile.evaluate(candidateSplits, why, &bestCost, bytesIgnored.empty());
    if (succeeded(cost)) {
      best = candidate;
      bestCost = *cost;
      bestSplits = std::move(candidateSplits);
    }
  }
  tile.apply(best);
  auto sayOverLimit = [&](InFlightDiagnostic &remark) {
    if (overLimit)
      remark << "; " << overLimit << " paddings not tried: over the "
             << maxLdsBytes << " bytes of LDS a workgroup can allocate";
  };

  InFlightDiagnostic remark = emitRemark(alloc.getLoc())
                              << "LDS layout " << describe(tile.getOriginal());
  if (best == tile.getOriginal()) {
    ++numTilesKept;
    remark << " kept: " << before->cycles << " LDS cycles a workgroup ("
           << before->extraCycles << " from bank conflicts), " << before->bytes
           << " bytes; no padding or swizzle does better";
    if (!bytesIgnored.empty())
      remark << " (" << bytesIgnored << ")";
    sayOverLimit(remark);
    return;
  }
  ++numTilesChanged;
  for (LaneAccessOpInterface access : bestSplits)
    tile.split(access);
  numAccessesSplit += bestSplits.size();
  for (WriteOp write : directWrites)
    if (failed(permuteDirectCopy(write, best.swizzle)))
      llvm_unreachable("maps without symbols on a swizzled tile");
  numDirectCopiesPermuted += directWrites.size();
  extraCyclesBefore += before->extraCycles;
  extraCyclesAfter += bestCost.extraCycles;
  bytesBefore += before->bytes;
  bytesAfter += bestCost.bytes;
  remark << " -> " << describe(best) << ": LDS cycles a workgroup "
         << before->cycles << " -> " << bestCost.cycles
         << ", from bank conflicts " << before->extraCycles << " -> "
         << bestCost.extraCycles << "; bytes " << before->bytes << " -> "
         << bestCost.bytes;
  if (!bestSplits.empty())
    remark << "; " << bestSplits.size()
           << " accesses split into one a swizzle group";
  if (!directWrites.empty())
    remark << "; " << directWrites.size()
           << " direct-to-LDS copies read the runs the swizzle puts at "
              "their lanes' consecutive addresses";
  sayOverLimit(remark);
}

void OptimizeLdsLayoutPass::runOnOperation() {
  for (gpu::GPUFuncOp kernel :
       getKernelsToTransform(getOperation(), referenceKernels)) {
    SmallVector<AllocLdsOp> allocs(kernel.getOps<AllocLdsOp>());
    if (allocs.empty())
      continue;
    std::string why;
    FailureOr<KernelTarget> target = getKernelTarget(kernel, &why);
    std::optional<LdsBankModel> model =
        succeeded(target) ? LdsBankModel::get(target->chip->name)
                          : std::nullopt;
    if (succeeded(target) && !model)
      why = "no LDS bank model for chip '" + target->chip->name.str() + "'";
    for (AllocLdsOp alloc : allocs) {
      if (model) {
        // Asked for each tile: an earlier tile's new layout may have freed
        // enough LDS to lift the limit.
        optimize(alloc, *model, whyBytesDoNotMatter(kernel, *target),
                 target->chip->maxLdsBytesPerWorkgroup);
        continue;
      }
      ++numTilesLeftAlone;
      emitRemark(alloc.getLoc(), "LDS layout left alone: ") << why;
    }
  }
}
