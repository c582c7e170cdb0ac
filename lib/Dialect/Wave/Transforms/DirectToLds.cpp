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
#include "wave/Dialect/Wave/Transforms/LinearRestaging.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Dialect/Wave/Transforms/StagingAccesses.h"
#include "wave/Dialect/Wave/Transforms/StatisticCounts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEDIRECTTOLDS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
/// What a lane loaded for a group before it was restaged in narrower runs.
struct NarrowedCopy {
  int64_t pairs = 0, bytes = 0;
};

/// A group whose runs are wider than its chip's `global_load_lds` copies, to
/// be restaged in runs it copies (`restaging`) and then copied directly.
struct NarrowCopy {
  gpu::GPUFuncOp kernel;
  StagingPlan restaging;
  const ChipInfo *chip = nullptr;
  NarrowedCopy before;
};

struct DirectToLdsPass
    : public mlir::wave::impl::WaveDirectToLdsBase<DirectToLdsPass> {
  using WaveDirectToLdsBase::WaveDirectToLdsBase;

  void runOnOperation() override;

private:
  Pass::Statistic &getFailureStatistic(DirectCopyFailure kind);
  /// Marks the plan's pairs; `narrowedFrom`: the group was restaged from
  /// runs of that many bytes a lane.
  void rewrite(const DirectCopyPlan &plan, const ChipInfo &chip,
               std::optional<NarrowedCopy> narrowedFrom = std::nullopt);
  void restageAndRewrite(const NarrowCopy &narrow);

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
void DirectToLdsPass::rewrite(const DirectCopyPlan &plan, const ChipInfo &chip,
                              std::optional<NarrowedCopy> narrowedFrom) {
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
  int64_t vgprsSaved = plan.vgprsSaved, dsWritesRemoved = plan.dsWritesRemoved;
  InFlightDiagnostic remark = emitRemark(staging.pairs.front().write->getLoc());
  remark << "LDS tile copied directly: ";
  if (narrowedFrom) {
    // Against what the lane did before the restaging: one load and one
    // ds_write a wide run.
    vgprsSaved = narrowedFrom->pairs * llvm::divideCeil(narrowedFrom->bytes, 4);
    dsWritesRemoved = narrowedFrom->pairs;
    remark << "its runs of " << narrowedFrom->bytes << " bytes a lane ("
           << narrowedFrom->pairs << " load"
           << (narrowedFrom->pairs == 1 ? "" : "s") << ") restaged as runs of "
           << plan.bytes << ", which " << chip.name
           << "'s global_load_lds copies; ";
  }
  remark << pairs << " read and write pair" << (pairs == 1 ? "" : "s") << " of "
         << plan.bytes << " bytes a lane become " << plan.waveCopies << " "
         << getMnemonic(plan.bytes) << " a workgroup on " << chip.name
         << "; a lane fills " << vgprsSaved << " VGPRs fewer and issues "
         << dsWritesRemoved << " ds_write fewer, for an M0 write a copy";
  if (plan.swizzle)
    remark << "; the reads take the tile's swizzle (each lane copies the run "
              "the swizzle puts at its consecutive address)";
  counts.add(numTilesDirect);
  counts.add(numCopiesDirect, pairs);
  counts.add(numVgprsSaved, vgprsSaved);
  counts.add(numDsWritesRemoved, dsWritesRemoved);
}

/// The group of `kernel` that stages into `tile` from `source` in `block`.
static std::optional<StagingGroup> findGroup(gpu::GPUFuncOp kernel, Value tile,
                                             Value source, Block *block) {
  for (StagingGroup &group : findStagingGroups(kernel))
    if (group.tile == tile && group.source == source &&
        group.pairs.front().write->getBlock() == block)
      return std::move(group);
  return std::nullopt;
}

/// The restaging of `group`, whose runs are wider than `chip`'s
/// global_load_lds copies, in runs it copies, when the copy may then be
/// direct: restaged first on a copy of the kernel, whose LDS hazards must
/// need no barrier the kernel lacks. Fails with the reason in `why`.
static FailureOr<StagingPlan> planNarrowCopy(gpu::GPUFuncOp kernel,
                                             const StagingGroup &group,
                                             const ChipInfo &chip,
                                             std::string &why) {
  int64_t elementBytes = llvm::divideCeil(
      cast<MemRefType>(group.tile.getType()).getElementTypeBitWidth(), 8);
  for (int64_t bytes : getDirectToLdsBytes(chip)) {
    StagingDiagnostic diagnostic;
    FailureOr<StagingPlan> plan =
        planNarrowStaging(group, bytes * 8, diagnostic);
    if (failed(plan)) {
      why = diagnostic.reason;
      continue;
    }
    if (plan->width * elementBytes != bytes || !linearRunsFitSwizzle(*plan)) {
      why = "no linear layout of " + std::to_string(bytes) +
            "-byte runs that start the tile's swizzle groups";
      continue;
    }
    IRMapping mapping;
    OwningOpRef<Operation *> copy = kernel->clone(mapping);
    auto copied = cast<gpu::GPUFuncOp>(*copy);
    Value tile = mapping.lookupOrDefault(group.tile);
    Value source = mapping.lookupOrDefault(group.source);
    Block *block = mapping.lookup(group.pairs.front().write->getBlock());
    std::optional<StagingGroup> copiedGroup =
        findGroup(copied, tile, source, block);
    if (!copiedGroup)
      continue;
    FailureOr<StagingPlan> copiedPlan =
        planNarrowStaging(*copiedGroup, bytes * 8, diagnostic);
    if (failed(copiedPlan))
      continue;
    restageLinearly(*copiedPlan);
    std::optional<StagingGroup> restaged =
        findGroup(copied, tile, source, block);
    DirectCopyDiagnostic direct;
    if (!restaged || failed(planDirectCopy(*restaged, chip, direct))) {
      why = "restaged in runs of " + std::to_string(bytes) +
            " bytes: " + (restaged ? direct.reason : "the group is not found");
      continue;
    }
    CommonAddressCache conflicts;
    if (getMissingBarriers(copied, conflicts)
            .exceed(getMissingBarriers(kernel, conflicts))) {
      why = "restaged in runs of " + std::to_string(bytes) +
            " bytes, lanes would read the LDS runs other lanes write, which "
            "needs a barrier the kernel does not have";
      continue;
    }
    return plan;
  }
  return failure();
}

void DirectToLdsPass::restageAndRewrite(const NarrowCopy &narrow) {
  const StagingPlan &plan = narrow.restaging;
  Value tile = plan.tile, source = plan.source;
  Block *block = plan.pairs.front().write->getBlock();
  Location loc = plan.pairs.front().write->getLoc();
  restageLinearly(plan);
  // The same restaging passed on the kernel's copy; a failure here would be
  // a difference between the kernel and its clone.
  std::optional<StagingGroup> restaged =
      findGroup(narrow.kernel, tile, source, block);
  DirectCopyDiagnostic diagnostic;
  diagnostic.reason = "the restaged group is not found";
  FailureOr<DirectCopyPlan> direct = failure();
  if (restaged)
    direct = planDirectCopy(*restaged, *narrow.chip, diagnostic);
  if (failed(direct)) {
    emitRemark(loc, "LDS tile restaged in narrower runs but not copied "
                    "directly: ")
        << diagnostic.reason;
    return;
  }
  counts.add(numTilesNarrowed);
  rewrite(*direct, *narrow.chip, narrow.before);
}

void DirectToLdsPass::runOnOperation() {
  counts = StatisticCounts();
  // Plan every group first: marking one moves reads the others' plans do
  // not depend on, but keeps the analysis on the IR as written.
  std::vector<std::pair<DirectCopyPlan, const ChipInfo *>> plans;
  std::vector<NarrowCopy> narrows;
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
      // Runs wider than the chip copies: restaged in runs it does, when
      // the copy is then direct.
      std::string narrowWhy;
      if (diagnostic.kind == DirectCopyFailure::Width) {
        FailureOr<StagingPlan> narrow =
            planNarrowCopy(kernel, group, *target->chip, narrowWhy);
        if (succeeded(narrow)) {
          int64_t pairs = group.pairs.size();
          ReadOp read = group.pairs.front().read;
          VectorType type = read.getVectorType();
          int64_t bytes = type.getNumElements() *
                          llvm::divideCeil(type.getElementTypeBitWidth(), 8);
          narrows.push_back(
              {kernel, std::move(*narrow), target->chip, {pairs, bytes}});
          continue;
        }
      }
      counts.add(getFailureStatistic(diagnostic.kind));
      InFlightDiagnostic remark =
          emitRemark(diagnostic.op->getLoc(), "LDS tile not copied directly: ")
          << diagnostic.reason;
      if (!narrowWhy.empty())
        remark << "; not restaged in narrower runs: " << narrowWhy;
    }
  }
  for (const auto &[plan, chip] : plans)
    rewrite(plan, *chip);
  for (const NarrowCopy &narrow : narrows)
    restageAndRewrite(narrow);
  if (summary)
    counts.emitSummary(*this, getOperation());
}
