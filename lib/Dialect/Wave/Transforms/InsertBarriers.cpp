//===- InsertBarriers.cpp - Fewest barriers ordering every LDS hazard -----===//
//
// Applies the LDS hazard analysis and barrier placement (lib/Analysis) to
// every kernel: removes the `wave.barrier`s that order nothing, inserts new
// ones, and reports what cannot be ordered.
// docs/passes/wave-insert-barriers.md describes the algorithm.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Footprint/IndexClassification.h"
#include "wave/Analysis/Footprint/PairQueries.h"
#include "wave/Analysis/Lds/LdsHazards.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEINSERTBARRIERS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct InsertBarriersPass
    : public wave::impl::WaveInsertBarriersBase<InsertBarriersPass> {
  using Base::Base;

  void runOnOperation() override {
    counts = StatisticCounts();
    for (gpu::GPUFuncOp kernel :
         getKernelsToTransform(getOperation(), referenceKernels))
      processKernel(kernel);
    // Barriers have no results and change no value: every value keeps its
    // uniformity. The hazards change with the barriers.
    markAnalysesPreserved<UniformityInfo>();
    if (summary)
      counts.emitSummary(*this, getOperation());
  }

private:
  void processKernel(gpu::GPUFuncOp kernel);
  /// The pass manager's hazard analysis of `kernel`, under the lane order
  /// `assume-wave-order` says.
  const LdsHazardAnalysis &getHazards(gpu::GPUFuncOp kernel) {
    if (assumeWaveOrder)
      return getKernelAnalysis<KernelLdsHazards<true>>(getAnalysisManager(),
                                                       getOperation(), kernel);
    return getKernelAnalysis<KernelLdsHazards<false>>(getAnalysisManager(),
                                                      getOperation(), kernel);
  }
  void reportUnordered(const LdsHazardAnalysis &analysis,
                       ArrayRef<unsigned> uncoverable);
  /// Places `kernel`'s barriers afresh on a copy without its removable
  /// `wave.barrier`s and, where that costs less than `placement` (made with
  /// them), moves them. Whether it did.
  bool moveUserBarriers(gpu::GPUFuncOp kernel,
                        const LdsHazardAnalysis &analysis,
                        const BarrierPlacement &placement);

  StatisticCounts counts;
};
} // namespace

/// Whether the footprint of `access` is inexact or depends on a value the
/// analysis does not know (a uniform value that is not a constant, such as
/// the offset `1 << l`), so that it may touch elements it never does.
static bool isApproximate(const LdsAccess &access) {
  if (!access.unknownFootprintReason.empty())
    return true;
  auto laneAccess = dyn_cast<LaneAccessOpInterface>(access.op);
  if (!laneAccess)
    return false;
  FailureOr<AccessFootprint> footprint = AccessFootprint::get(laneAccess);
  return failed(footprint) || footprint->dependsOn(IndexKind::Uniform);
}

void InsertBarriersPass::reportUnordered(const LdsHazardAnalysis &analysis,
                                         ArrayRef<unsigned> uncoverable) {
  ArrayRef<Hazard> hazards = analysis.getHazards();
  llvm::DenseSet<std::pair<Operation *, Operation *>> reported;
  for (unsigned index : uncoverable) {
    counts.add(numUnordered);
    const LdsAccess &first = analysis.getAccessOfItem(hazards[index].fromItem);
    const LdsAccess &second = analysis.getAccessOfItem(hazards[index].toItem);
    Operation *from = first.op, *to = second.op;
    if (!reported.insert({from, to}).second)
      continue;
    // With an approximate footprint the two may never touch a common
    // element: the analysis does not know, which is no sign of a bug.
    if (isApproximate(first) || isApproximate(second)) {
      InFlightDiagnostic remark =
          emitRemark(to->getLoc())
          << "LDS footprint inexact: this access and another may touch a "
             "common element (an address depends on a value the analysis "
             "does not know), and if they do no barrier can order them "
             "(lanes of the workgroup may take different paths everywhere "
             "between the two)";
      remark.attachNote(from->getLoc()) << "the other access";
      continue;
    }
    InFlightDiagnostic warning = emitWarning(to->getLoc())
                                 << "LDS hazard no barrier can order: lanes "
                                    "of the workgroup may take different "
                                    "paths everywhere between this access "
                                    "and a conflicting one";
    warning.attachNote(from->getLoc()) << "the conflicting access";
  }
}

/// Barriers at `gaps`, counted by the depth of the loops around them,
/// innermost first: a barrier in a loop body runs once an iteration.
static SmallVector<unsigned> getCostByDepth(const BarrierProgram &program,
                                            ArrayRef<GapRef> gaps) {
  SmallVector<unsigned> byDepth;
  for (GapRef gap : gaps) {
    unsigned depth = program.getRegion(gap.region).loopDepth;
    if (byDepth.size() <= depth)
      byDepth.resize(depth + 1, 0);
    ++byDepth[depth];
  }
  std::reverse(byDepth.begin(), byDepth.end());
  return byDepth;
}

/// Whether barriers costing `lhs` are cheaper than barriers costing `rhs`
/// (getCostByDepth): fewer in the innermost loops, then fewer overall.
static bool isCheaper(ArrayRef<unsigned> lhs, ArrayRef<unsigned> rhs) {
  if (lhs.size() != rhs.size())
    return lhs.size() < rhs.size();
  for (auto [l, r] : llvm::zip_equal(lhs, rhs))
    if (l != r)
      return l < r;
  return false;
}

/// "depth 1: 2 -> 1, depth 0: 0 -> 1", for the remark.
static std::string describeCosts(ArrayRef<unsigned> before,
                                 ArrayRef<unsigned> after) {
  size_t depths = std::max(before.size(), after.size());
  auto at = [&](ArrayRef<unsigned> cost, size_t depth) -> unsigned {
    size_t padding = depths - cost.size();
    return depth < padding ? 0 : cost[depth - padding];
  };
  std::string text;
  llvm::raw_string_ostream os(text);
  for (size_t i = 0; i < depths; ++i)
    os << (i ? ", " : "") << "loop depth " << depths - 1 - i << ": "
       << at(before, i) << " -> " << at(after, i);
  return text;
}

/// The barriers `placement` leaves: those it inserts and those of
/// `existing` (the barriers it was given) it keeps.
static SmallVector<GapRef> getPlacedGaps(ArrayRef<ExistingBarrier> existing,
                                         const BarrierPlacement &placement) {
  SmallVector<GapRef> gaps(placement.inserted);
  for (auto [barrier, keep] : llvm::zip_equal(existing, placement.keepExisting))
    if (keep)
      gaps.push_back(barrier.gap);
  return gaps;
}

bool InsertBarriersPass::moveUserBarriers(gpu::GPUFuncOp kernel,
                                          const LdsHazardAnalysis &analysis,
                                          const BarrierPlacement &placement) {
  // The hand-written barriers placement kept because they order something
  // are left out; the program and its accesses stay, only the hazards
  // placement needs without those barriers are found again.
  const BarrierProgram &program = analysis.getProgram();
  ArrayRef<LdsBarrier> barriers = analysis.getBarriers();
  SmallVector<ExistingBarrier> existing = analysis.getExistingBarriers();
  SmallVector<ExistingBarrier> others;
  SmallVector<Operation *> movable, otherOps;
  for (auto [index, barrier] : llvm::enumerate(barriers)) {
    if (placement.keepExisting[index] && barrier.removable &&
        program.getRegion(barrier.gap.region).barriersAllowed) {
      movable.push_back(barrier.op);
      continue;
    }
    others.push_back(existing[index]);
    otherOps.push_back(barrier.op);
  }
  if (movable.empty())
    return false;
  BarrierPlacement fresh =
      placeBarriers(program, analysis.findPlacementHazardsWith(others), others,
                    /*keepAllExisting=*/false);
  if (fresh.uncoverable.size() != placement.uncoverable.size())
    return false;
  SmallVector<unsigned> before =
      getCostByDepth(program, getPlacedGaps(existing, placement));
  SmallVector<unsigned> after =
      getCostByDepth(program, getPlacedGaps(others, fresh));
  if (!isCheaper(after, before))
    return false;

  // New barriers first: an insertion point may be a barrier that goes.
  SmallVector<Location> placedAt;
  for (GapRef gap : fresh.inserted) {
    Operation *point = analysis.getInsertionPoint(gap);
    OpBuilder builder(point);
    BarrierOp::create(builder, point->getLoc());
    placedAt.push_back(point->getLoc());
    counts.add(numInserted);
  }
  InFlightDiagnostic remark =
      emitRemark(kernel.getLoc())
      << "hand-written barriers moved: " << movable.size() << " replaced by "
      << fresh.inserted.size() << " placed before the ops noted (barriers by "
      << describeCosts(before, after) << ")";
  for (Location loc : placedAt)
    remark.attachNote(loc) << "a barrier placed before this op";
  for (Operation *barrier : movable) {
    remark.attachNote(barrier->getLoc()) << "a hand-written barrier removed";
    barrier->erase();
    counts.add(numMoved);
  }
  for (auto [index, barrier] : llvm::enumerate(others)) {
    if (!barrier.removable)
      continue;
    if (fresh.keepExisting[index]) {
      counts.add(numKept);
      continue;
    }
    otherOps[index]->erase();
    counts.add(numRemoved);
  }
  return true;
}

void InsertBarriersPass::processKernel(gpu::GPUFuncOp kernel) {
  const LdsHazardAnalysis &analysis = getHazards(kernel);
  if (!analysis.succeeded()) {
    emitRemark(kernel.getLoc())
        << "barriers left as they are: " << analysis.getFailureReason();
    return;
  }
  for (const LdsAccess &access : analysis.getAccesses()) {
    if (!access.approximation.empty()) {
      counts.add(numApproximated);
      emitRemark(access.op->getLoc())
          << "LDS footprint over-approximated (" << access.approximation
          << "): ordered against every access of its swizzle blocks";
    }
    if (access.unknownFootprintReason.empty())
      continue;
    counts.add(numInexact);
    emitRemark(access.op->getLoc())
        << "LDS footprint not exact (" << access.unknownFootprintReason
        << "): ordered against every access of "
        << (access.buffer ? "its buffer" : "LDS");
  }

  if (unsigned undecided = analysis.getNumUndecidedQuestions()) {
    counts.add(numUndecided, undecided);
    emitRemark(kernel.getLoc())
        << "LDS hazard analysis inexact: "
        << CommonAddressCache::describeUndecided(undecided)
        << ", each taken as a conflict (barriers may be more than the kernel "
           "needs)";
  }
  ArrayRef<Hazard> hazards = analysis.getHazards();
  counts.add(numHazards, hazards.size());
  BarrierPlacement placement =
      placeBarriers(analysis.getProgram(), hazards,
                    analysis.getExistingBarriers(), keepUserBarriers);
  reportUnordered(analysis, placement.uncoverable);
  if (!keepUserBarriers && moveUserBarriers(kernel, analysis, placement))
    return;

  for (auto [barrier, keep] :
       llvm::zip_equal(analysis.getBarriers(), placement.keepExisting)) {
    if (!barrier.removable)
      continue;
    if (keep) {
      counts.add(numKept);
      continue;
    }
    barrier.op->erase();
    counts.add(numRemoved);
  }
  for (GapRef gap : placement.inserted) {
    Operation *point = analysis.getInsertionPoint(gap);
    OpBuilder builder(point);
    BarrierOp::create(builder, point->getLoc());
    counts.add(numInserted);
  }
}
