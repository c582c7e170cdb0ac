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

void InsertBarriersPass::processKernel(gpu::GPUFuncOp kernel) {
  const LdsHazardAnalysis &analysis = getHazards(kernel);
  if (!analysis.succeeded()) {
    emitRemark(kernel.getLoc())
        << "barriers left as they are: " << analysis.getFailureReason();
    return;
  }
  for (const LdsAccess &access : analysis.getAccesses()) {
    if (access.unknownFootprintReason.empty())
      continue;
    counts.add(numInexact);
    emitRemark(access.op->getLoc())
        << "LDS footprint not exact (" << access.unknownFootprintReason
        << "): ordered against every access of "
        << (access.buffer ? "its buffer" : "LDS");
  }

  ArrayRef<Hazard> hazards = analysis.getHazards();
  counts.add(numHazards, hazards.size());
  BarrierPlacement placement =
      placeBarriers(analysis.getProgram(), hazards,
                    analysis.getExistingBarriers(), keepUserBarriers);
  reportUnordered(analysis, placement.uncoverable);

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
