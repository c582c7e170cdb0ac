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
#include "wave/Dialect/Wave/Transforms/LinearRestaging.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Dialect/Wave/Transforms/StagingAccesses.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEMINIMIZEGLOBALLOADS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

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
    restageLinearly(*copyPlan);
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
      if (succeeded(plan) && !linearRunsFitSwizzle(*plan)) {
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
    restageLinearly(plan);
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
