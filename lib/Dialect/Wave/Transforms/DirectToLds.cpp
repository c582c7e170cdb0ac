//===- DirectToLds.cpp - Staged tiles copied with global_load_lds ---------===//
//
// Marks the LDS writes of every staging group the DirectCopy analysis
// accepts `wave.direct_to_lds`, each right after its read, for
// convert-wave-to-amdgpu to lower the pair to amdgpu.gather_to_lds; every
// group gets a remark with the decision and its cost model.
// docs/passes/wave-direct-to-lds.md.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/DirectToLds.h"
#include "wave/Analysis/Staging/DirectCopy.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/Transforms/Kernels.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Dialect/Wave/Transforms/StatisticCounts.h"

#include "mlir/IR/Builders.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEDIRECTTOLDS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct DirectToLdsPass
    : public mlir::wave::impl::WaveDirectToLdsBase<DirectToLdsPass> {
  using WaveDirectToLdsBase::WaveDirectToLdsBase;

  void runOnOperation() override;

private:
  Pass::Statistic &getFailureStatistic(DirectCopyFailure kind);
  void rewrite(const DirectCopyPlan &plan, const ChipInfo &chip);

  StatisticCounts counts;
};
} // namespace

Pass::Statistic &DirectToLdsPass::getFailureStatistic(DirectCopyFailure kind) {
  switch (kind) {
  case DirectCopyFailure::Width:
    return numBailWidth;
  case DirectCopyFailure::NotLinear:
    return numBailNotLinear;
  case DirectCopyFailure::OtherUsers:
    return numBailOtherUsers;
  case DirectCopyFailure::Swizzled:
    return numBailSwizzled;
  case DirectCopyFailure::NotConsecutive:
    return numBailNotConsecutive;
  case DirectCopyFailure::Masked:
    return numBailMasked;
  }
  llvm_unreachable("unknown direct copy failure");
}

static StringRef getMnemonic(int64_t bytes) {
  return bytes == 16 ? "global_load_lds_dwordx4" : "global_load_lds_dword";
}

/// Each read goes right before its write (the staging analysis proved that
/// nothing between them writes what it reads), and the write is marked.
void DirectToLdsPass::rewrite(const DirectCopyPlan &plan,
                              const ChipInfo &chip) {
  const StagingPlan &staging = plan.staging;
  UnitAttr unit = UnitAttr::get(&getContext());
  for (StagingPair pair : staging.pairs) {
    if (pair.read->getNextNode() != pair.write.getOperation())
      pair.read->moveBefore(pair.write);
    pair.write->setAttr(kDirectToLdsAttrName, unit);
    // The analysis checked that the maps have no symbols.
    if (plan.swizzle && failed(permuteDirectCopy(pair.write, plan.swizzle)))
      llvm_unreachable("a swizzled direct copy the analysis accepted");
  }
  int64_t pairs = staging.pairs.size();
  InFlightDiagnostic remark = emitRemark(staging.pairs.front().write->getLoc());
  remark << "LDS tile copied directly: " << pairs << " read and write pair"
         << (pairs == 1 ? "" : "s") << " of " << plan.bytes
         << " bytes a lane become " << plan.waveCopies << " "
         << getMnemonic(plan.bytes) << " a workgroup on " << chip.name
         << "; a lane fills " << plan.vgprsSaved << " VGPRs fewer and issues "
         << plan.dsWritesRemoved << " ds_write fewer, for an M0 write a copy";
  if (plan.swizzle)
    remark << "; the reads take the tile's swizzle (each lane copies the run "
              "the swizzle puts at its consecutive address)";
  counts.add(numTilesDirect);
  counts.add(numCopiesDirect, pairs);
  counts.add(numVgprsSaved, plan.vgprsSaved);
  counts.add(numDsWritesRemoved, plan.dsWritesRemoved);
}

void DirectToLdsPass::runOnOperation() {
  counts = StatisticCounts();
  // Plan every group first: marking one moves reads the others' plans do
  // not depend on, but keeps the analysis on the IR as written.
  std::vector<std::pair<DirectCopyPlan, const ChipInfo *>> plans;
  for (gpu::GPUFuncOp kernel :
       getKernelsToTransform(getOperation(), referenceKernels)) {
    SmallVector<StagingGroup> groups = findStagingGroups(kernel);
    if (groups.empty())
      continue;
    std::string why;
    FailureOr<KernelTarget> target = getKernelTarget(kernel, &why);
    if (failed(target)) {
      emitRemark(kernel.getLoc(), "LDS tiles not copied directly: ") << why;
      continue;
    }
    for (const StagingGroup &group : groups) {
      DirectCopyDiagnostic diagnostic;
      FailureOr<DirectCopyPlan> plan =
          planDirectCopy(group, *target->chip, diagnostic);
      if (succeeded(plan)) {
        plans.emplace_back(std::move(*plan), target->chip);
        continue;
      }
      counts.add(getFailureStatistic(diagnostic.kind));
      emitRemark(diagnostic.op->getLoc(), "LDS tile not copied directly: ")
          << diagnostic.reason;
    }
  }
  for (const auto &[plan, chip] : plans)
    rewrite(plan, *chip);
  if (summary)
    counts.emitSummary(*this, getOperation());
}
