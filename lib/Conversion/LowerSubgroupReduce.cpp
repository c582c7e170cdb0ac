//===- LowerSubgroupReduce.cpp - gpu.subgroup_reduce for AMDGPU -----------===//

#include "wave/Conversion/Passes.h"
#include "wave/Conversion/ROCDLTarget.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
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
    // canonicalizer that precedes this pass in the pipeline. Clusters must
    // fit the wave (upstream's verifier checks powers of two only, and its
    // patterns would report a misfit at every match attempt).
    bool any = false;
    WalkResult misfit = module.walk([&](gpu::SubgroupReduceOp op) {
      any = true;
      // DPP moves and shuffles carry at most 64 bits (upstream's DPP pattern
      // would build an amdgpu.dpp of a wider scalar, which fails to verify).
      Type type = op.getType();
      auto vector = dyn_cast<VectorType>(type);
      unsigned bits = getElementTypeOrSelf(type).getIntOrFloatBitWidth() *
                      (vector ? vector.getNumElements() : 1);
      if (bits > 64) {
        op.emitOpError("has no AMDGPU lowering for ")
            << type << " (scalars and vectors of at most 64 bits are lowered)";
        return WalkResult::interrupt();
      }
      uint64_t size = op.getClusterSize().value_or(1);
      uint64_t stride = op.getClusterStride();
      if (size * stride <= *waveSize)
        return WalkResult::advance();
      op.emitOpError("has a cluster of ")
          << size << " lanes " << stride << " apart, which does not fit the "
          << *waveSize << "-lane wave of " << target.getChip();
      return WalkResult::interrupt();
    });
    if (misfit.wasInterrupted())
      return signalPassFailure();
    if (!any)
      return;

    // DPP reduces scalars within rows and across them (the backend splits
    // a 64-bit DPP move in two), over the whole wave or clusters of
    // consecutive lanes; on GFX9 a cluster of 32 in a wave of 64 ends with
    // a ds_swizzle (amdgpu.swizzle_bitmode) that gives every lane the last
    // lane of its half. Vectors, and clusters whose lanes are strided, take
    // the butterfly of 64-bit shuffles.
    RewritePatternSet patterns(&getContext());
    populateGpuLowerSubgroupReduceToDPPPatterns(patterns, *waveSize, *chipset,
                                                /*benefit=*/2);
    populateGpuLowerClusteredSubgroupReduceToDPPPatterns(
        patterns, *waveSize, *chipset, /*benefit=*/2);
    populateGpuLowerSubgroupReduceToShufflePatterns(
        patterns, *waveSize, /*shuffleBitwidth=*/64, /*benefit=*/1);
    populateGpuLowerClusteredSubgroupReduceToShufflePatterns(
        patterns, *waveSize, /*shuffleBitwidth=*/64, /*benefit=*/1);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();

    // The patterns above take every reduction the walk before accepted; one
    // left is a pattern's failure, reported rather than passed on to
    // convert-gpu-to-rocdl, which has no lowering for it.
    WalkResult left = module.walk([](gpu::SubgroupReduceOp op) {
      op.emitOpError("was not lowered for this chip and wave size");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
