//===- MinimizeGlobalLoads.cpp - Fewest, widest loads for LDS staging -----===//
//
// Rewrites every tile staging that the TileStaging analysis plans: the
// group's global reads and LDS writes are replaced by reads of runs that
// consecutive lanes take in row-major order over the box, and writes of the
// same runs into the tile. Groups the analysis rejects get a remark.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Footprint/IndexClassification.h"
#include "wave/Analysis/Footprint/PairQueries.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Lds/LdsHazards.h"
#include "wave/Analysis/Staging/StagingPlan.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Dialect/Wave/Transforms/StagingAccesses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEMINIMIZEGLOBALLOADS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Builds the new accesses of one plan.
class Restager {
public:
  Restager(const StagingPlan &plan)
      : plan(plan), context(plan.lastOp->getContext()), ids(plan.lastOp),
        builder(context) {
    builder.setInsertionPointAfter(plan.lastOp);
  }

  void run();

private:
  /// The coordinates of read or write `index` of the lane, in global
  /// coordinates plus `shift`, moved by `offset`.
  SmallVector<AffineExpr>
  getCoordinates(AccessOperands &operands, AffineExpr linearId, int64_t index,
                 bool wrap, ArrayRef<SmallVector<UniformTerm>> offset,
                 ArrayRef<int64_t> shift) {
    return getRunAccessCoordinates(plan, ids, operands,
                                   linearId + index * plan.numLanes, wrap,
                                   offset, shift);
  }
  /// The mask of the last read and write: the lane has a run there.
  Value buildTailMask();
  IntegerAttr getAlong(unsigned dim, MemRefType type);

  const StagingPlan &plan;
  MLIRContext *context;
  KernelIds ids;
  OpBuilder builder;
};

} // namespace

/// Elements one LDS write of the plan moves: a run, or a group of the tile's
/// swizzle when runs lie along its innermost dimension and are wider.
static int64_t getWritePieceWidth(const StagingPlan &plan) {
  SwizzleAttr swizzle = getLdsSwizzle(plan.tile);
  auto tileType = cast<MemRefType>(plan.tile.getType());
  if (!swizzle || plan.getTileContiguousDim() + 1 != tileType.getRank())
    return plan.width;
  return std::min(plan.width, swizzle.getVec());
}

/// Whether every piece of a run starts at a multiple of its width in the
/// tile, as a swizzled tile needs: the runs do in the box, so the shift and
/// the translation of the box in the tile must keep that.
static bool piecesAreAligned(const StagingPlan &plan) {
  int64_t piece = getWritePieceWidth(plan);
  if (piece == plan.width && !getLdsSwizzle(plan.tile))
    return true;
  unsigned dim = plan.contiguousDim;
  if (plan.tileShift[dim] % piece != 0)
    return false;
  return llvm::all_of(plan.tileOffset[dim], [&](const UniformTerm &term) {
    return term.coefficient % piece == 0;
  });
}

Value Restager::buildTailMask() {
  Location loc = plan.lastOp->getLoc();
  Value linear;
  int64_t stride = 1;
  for (unsigned dim = 0; dim < 3; ++dim) {
    if (plan.workgroupSize[dim] == 1)
      continue;
    Value term = ids.getThreadId(dim);
    if (stride != 1)
      term = arith::MulIOp::create(
          builder, loc, term,
          arith::ConstantIndexOp::create(builder, loc, stride));
    linear = linear ? arith::AddIOp::create(builder, loc, linear, term) : term;
    stride *= plan.workgroupSize[dim];
  }
  Value limit = arith::ConstantIndexOp::create(
      builder, loc, plan.getActiveLanes(plan.readsPerLane - 1));
  Value inside = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                       linear, limit);
  auto maskType = VectorType::get({plan.width}, builder.getI1Type());
  return vector::BroadcastOp::create(builder, loc, maskType, inside);
}

IntegerAttr Restager::getAlong(unsigned dim, MemRefType type) {
  if (dim + 1 == static_cast<unsigned>(type.getRank()))
    return {};
  return builder.getI64IntegerAttr(dim);
}

void Restager::run() {
  auto sourceType = cast<MemRefType>(plan.source.getType());
  auto tileType = cast<MemRefType>(plan.tile.getType());
  auto [readLoc, writeLoc] = getStagingLocations(plan);

  // Coordinates first: the maps need every operand.
  AccessOperands readOperands(context), writeOperands(context);
  AffineExpr readId = addLinearThreadId(plan, ids, readOperands);
  AffineExpr writeId = addLinearThreadId(plan, ids, writeOperands);
  SmallVector<int64_t> noShift(sourceType.getRank(), 0);
  SmallVector<SmallVector<AffineExpr>> readCoords, writeCoords;
  for (int64_t i = 0; i < plan.readsPerLane; ++i) {
    // Lanes without a run still address the box, so that the masked read
    // stays in bounds.
    bool wrap = plan.needsMask() && i + 1 == plan.readsPerLane;
    readCoords.push_back(getCoordinates(readOperands, readId, i, wrap,
                                        plan.sourceOffset, noShift));
    writeCoords.push_back(plan.getTileCoordinates<AffineExpr>(
        getCoordinates(writeOperands, writeId, i,
                       /*wrap=*/false, plan.tileOffset, plan.tileShift)));
  }

  Value mask = plan.needsMask() ? buildTailMask() : Value();
  auto vectorType = VectorType::get({plan.width}, sourceType.getElementType());
  CacheHintAttr cache =
      plan.cache ? CacheHintAttr::get(context, *plan.cache) : CacheHintAttr();
  SmallVector<Value> values;
  for (auto [i, coords] : llvm::enumerate(readCoords)) {
    bool last = static_cast<int64_t>(i) + 1 == plan.readsPerLane;
    auto read = ReadOp::create(
        builder, readLoc, vectorType, plan.source, readOperands.getOperands(),
        readOperands.getMap(coords), getAlong(plan.contiguousDim, sourceType),
        last ? mask : Value(), cache);
    read.setBounded(plan.bounded);
    values.push_back(read);
  }
  // A swizzled tile keeps only groups of `vec` elements contiguous: the runs
  // are written group by group (the plan checked that groups and runs are
  // aligned alike).
  int64_t piece = getWritePieceWidth(plan);
  unsigned tileDim = plan.getTileContiguousDim();
  for (auto [i, coords] : llvm::enumerate(writeCoords)) {
    bool last = static_cast<int64_t>(i) + 1 == plan.readsPerLane;
    for (int64_t start = 0; start < plan.width; start += piece) {
      Value value = values[i];
      Value pieceMask = last ? mask : Value();
      SmallVector<AffineExpr> pieceCoords = coords;
      if (piece != plan.width) {
        value = vector::ExtractStridedSliceOp::create(builder, writeLoc, value,
                                                      start, piece, 1);
        if (pieceMask)
          pieceMask = vector::ExtractStridedSliceOp::create(
              builder, writeLoc, pieceMask, start, piece, 1);
        pieceCoords[tileDim] = pieceCoords[tileDim] + start;
      }
      WriteOp::create(builder, writeLoc, value, plan.tile,
                      writeOperands.getOperands(),
                      writeOperands.getMap(pieceCoords),
                      getAlong(tileDim, tileType), pieceMask, CacheHintAttr());
    }
  }

  eraseStaging(plan);
}

namespace {
/// The load costs of the restaged groups, summed: the statistics keep
/// their totals and the average bytes a load.
struct Outcome {
  StagingCost before, after;

  void add(const StagingPlan &plan) {
    for (auto [total, cost] :
         {std::pair{&before, &plan.before}, std::pair{&after, &plan.after}}) {
      total->readOps += cost->readOps;
      total->laneLoads += cost->laneLoads;
      total->waveLoads += cost->waveLoads;
      total->bytes += cost->bytes;
    }
  }
};

struct MinimizeGlobalLoadsPass
    : wave::impl::WaveMinimizeGlobalLoadsBase<MinimizeGlobalLoadsPass> {
  using WaveMinimizeGlobalLoadsBase::WaveMinimizeGlobalLoadsBase;

  void runOnOperation() override;

private:
  struct KernelBarriers;
  bool addsBarrier(gpu::GPUFuncOp kernel, const StagingPlan &plan,
                   KernelBarriers &known);
  /// The statistic counting the groups that `kind` leaves alone.
  Statistic &getFailureStatistic(StagingFailure kind);
  void report(const Outcome &outcome);

  StatisticCounts counts;
};

/// What is known of one kernel's missing barriers, each an LDS hazard
/// analysis of the whole kernel: those of the kernel as it is now, and those
/// of the last copy restaged by `addsBarrier`. When restaging the kernel
/// itself gives the same IR, the copy's are the kernel's next. The analyses
/// share their conflict answers: a copy differs from the kernel only in the
/// restaged group's accesses, and the answers are keyed by structure.
struct MinimizeGlobalLoadsPass::KernelBarriers {
  CommonAddressCache conflicts;
  std::optional<MissingBarriers> current;
  OwningOpRef<Operation *> restagedCopy;
  MissingBarriers restagedCopyMissing;
};
} // namespace

/// Whether restaging by `plan` makes `kernel` need a barrier it does not
/// have: a copy that each lane reads back only where it wrote needs none,
/// but in the linear layout lanes read other lanes' runs. Tried on a copy
/// of the kernel, planned again there.
bool MinimizeGlobalLoadsPass::addsBarrier(gpu::GPUFuncOp kernel,
                                          const StagingPlan &plan,
                                          KernelBarriers &known) {
  IRMapping mapping;
  OwningOpRef<Operation *> copy = kernel->clone(mapping);
  auto copied = cast<gpu::GPUFuncOp>(*copy);
  WriteOp firstWrite = plan.pairs.front().write;
  Operation *copiedWrite = mapping.lookup(firstWrite.getOperation());
  for (const StagingGroup &group : findStagingGroups(copied)) {
    WriteOp groupWrite = group.pairs.front().write;
    if (groupWrite.getOperation() != copiedWrite)
      continue;
    StagingDiagnostic diagnostic;
    FailureOr<StagingPlan> copyPlan = planStaging(group, loadBits, diagnostic);
    if (failed(copyPlan))
      return false;
    if (!known.current)
      known.current = getMissingBarriers(kernel, known.conflicts);
    Restager(*copyPlan).run();
    MissingBarriers after = getMissingBarriers(copied, known.conflicts);
    known.restagedCopy = std::move(copy);
    known.restagedCopyMissing = after;
    return after.exceed(*known.current);
  }
  return false;
}

void MinimizeGlobalLoadsPass::runOnOperation() {
  // A lane's global loads are 1, 2, 4, 8 or 16 bytes (global_load_ubyte
  // ... global_load_dwordx4); runs are a power of two of elements.
  if (loadBits < 8 || loadBits > 128 || !llvm::isPowerOf2_32(loadBits)) {
    getOperation()->emitError("wave-minimize-global-loads: load-bits=")
        << unsigned(loadBits)
        << " is not a width a lane loads; use 8, 16, 32, 64 or 128 "
           "(global_load_dwordx4)";
    return signalPassFailure();
  }

  // Plan everything first: rewriting one group leaves the others' ops and
  // analyses intact.
  counts = StatisticCounts();
  Outcome outcome;
  std::vector<std::pair<gpu::GPUFuncOp, StagingPlan>> plans;
  for (gpu::GPUFuncOp kernel :
       getKernelsToTransform(getOperation(), referenceKernels)) {
    for (const StagingGroup &group : findStagingGroups(kernel)) {
      StagingDiagnostic diagnostic;
      FailureOr<StagingPlan> plan = planStaging(group, loadBits, diagnostic);
      if (succeeded(plan) && !piecesAreAligned(*plan)) {
        diagnostic = {StagingFailure::NotContiguous, group.pairs.front().write,
                      "the runs of " + std::to_string(plan->width) +
                          " elements do not start at a group of the LDS "
                          "tile's swizzle"};
        plan = failure();
      }
      if (succeeded(plan)) {
        if (!plan->note.empty())
          emitRemark(group.pairs.front().read->getLoc()) << plan->note;
        plans.emplace_back(kernel, std::move(*plan));
        continue;
      }
      counts.add(getFailureStatistic(diagnostic.kind));
      // Already minimal copies are fine as they are: no remark.
      if (diagnostic.kind != StagingFailure::AlreadyMinimal)
        emitRemark(diagnostic.op->getLoc(), "global loads not minimized: ")
            << diagnostic.reason;
    }
  }

  llvm::DenseMap<Operation *, KernelBarriers> knownBarriers;
  for (const auto &[kernel, plan] : plans) {
    KernelBarriers &known = knownBarriers[kernel];
    known.restagedCopy = nullptr;
    unsigned undecidedBefore = known.conflicts.getNumUndecided();
    if (addsBarrier(kernel, plan, known)) {
      counts.add(numBailNeedsBarrier);
      InFlightDiagnostic remark =
          emitRemark(plan.pairs.front().read->getLoc(),
                     "global loads not minimized: in the linear layout lanes "
                     "would read the LDS runs other lanes write, which needs "
                     "a barrier the kernel does not have");
      if (unsigned undecided =
              known.conflicts.getNumUndecided() - undecidedBefore)
        remark << " (or so the hazard analysis assumes: "
               << CommonAddressCache::describeUndecided(undecided) << ")";
      continue;
    }
    Restager(plan).run();
    outcome.add(plan);
    counts.add(numTilesRestaged);
    known.current.reset();
    if (known.restagedCopy && OperationEquivalence::isEquivalentTo(
                                  kernel, known.restagedCopy.get(),
                                  OperationEquivalence::IgnoreLocations))
      known.current = known.restagedCopyMissing;
  }
  report(outcome);
}

Pass::Statistic &
MinimizeGlobalLoadsPass::getFailureStatistic(StagingFailure kind) {
  switch (kind) {
  case StagingFailure::OtherUsers:
    return numBailOtherUsers;
  case StagingFailure::Unanalyzable:
    return numBailUnanalyzable;
  case StagingFailure::DynamicExtent:
    return numBailDynamicExtent;
  case StagingFailure::NotDenseBox:
    return numBailNotDenseBox;
  case StagingFailure::NotBijective:
    return numBailNotBijective;
  case StagingFailure::NotContiguous:
    return numBailNotContiguous;
  case StagingFailure::NotMovable:
    return numBailNotMovable;
  case StagingFailure::NeedsBarrier:
    return numBailNeedsBarrier;
  case StagingFailure::AlreadyMinimal:
    return numAlreadyMinimal;
  }
  llvm_unreachable("unknown staging failure");
}

void MinimizeGlobalLoadsPass::report(const Outcome &outcome) {
  const StagingCost &before = outcome.before, &after = outcome.after;
  counts.add(numReadsBefore, before.readOps);
  counts.add(numReadsAfter, after.readOps);
  counts.add(numLoadsBefore, before.waveLoads);
  counts.add(numLoadsAfter, after.waveLoads);
  counts.add(numLaneLoadsBefore, before.laneLoads);
  counts.add(numLaneLoadsAfter, after.laneLoads);
  counts.set(bytesPerLoadBefore,
             before.laneLoads ? before.bytes / before.laneLoads : 0);
  counts.set(bytesPerLoadAfter,
             after.laneLoads ? after.bytes / after.laneLoads : 0);
  if (summary)
    counts.emitSummary(*this, getOperation());
}
