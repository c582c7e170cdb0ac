//===- LowerSubgroupReduce.cpp - gpu.subgroup_reduce for AMDGPU -----------===//

#include "wave/Conversion/Passes.h"
#include "wave/Conversion/ROCDLTarget.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVELOWERSUBGROUPREDUCE
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct WaveLowerSubgroupReducePass
    : public wave::impl::WaveLowerSubgroupReduceBase<
          WaveLowerSubgroupReducePass> {
  using Base::Base;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    ROCDL::ROCDLTargetAttr target = getROCDLTarget(module);
    if (!target) {
      module.emitError("needs a #rocdl.target (run wave-attach-target)");
      return signalPassFailure();
    }
    FailureOr<amdgpu::Chipset> chipset =
        amdgpu::Chipset::parse(target.getChip());
    std::optional<unsigned> waveSize = getWaveSize(target);
    if (failed(chipset) || !waveSize) {
      module.emitError() << "cannot tell the chip and wave size of " << target;
      return signalPassFailure();
    }

    // Without a reduction there is nothing to lower: the greedy driver would
    // only fold every op and simplify every region again, after the
    // canonicalizer that precedes this pass in the pipeline.
    WalkResult reduce = module.walk(
        [](gpu::SubgroupReduceOp) { return WalkResult::interrupt(); });
    if (!reduce.wasInterrupted())
      return;

    // DPP reduces scalars within rows and across them (the backend splits
    // a 64-bit DPP move in two); vectors take the butterfly of 64-bit
    // shuffles.
    RewritePatternSet patterns(&getContext());
    populateGpuLowerSubgroupReduceToDPPPatterns(patterns, *waveSize, *chipset,
                                                /*benefit=*/2);
    populateGpuLowerSubgroupReduceToShufflePatterns(
        patterns, *waveSize, /*shuffleBitwidth=*/64, /*benefit=*/1);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();

    // Only the patterns for whole-wave reductions are applied.
    WalkResult left = module.walk([](gpu::SubgroupReduceOp op) {
      if (op.getClusterSize())
        op.emitOpError("has no AMDGPU lowering for a reduction over clusters");
      else
        op.emitOpError("has no AMDGPU lowering for this type");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
