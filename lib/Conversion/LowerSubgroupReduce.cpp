//===- LowerSubgroupReduce.cpp - gpu.subgroup_reduce for AMDGPU -----------===//

#include "wave/Conversion/Passes.h"
#include "wave/Dialect/Wave/IR/ROCDLTarget.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
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
/// A vector reduction as one scalar reduction per element, with the same
/// operation, `uniform` flag and cluster. On RDNA chips in waves of 64 the
/// shuffle butterfly that vectors otherwise take does not compile: upstream
/// lowers a gpu.shuffle xor 16 or 32 of width 64 on chips from gfx950 on to
/// permlane16.swap / permlane32.swap, which GFX10 to GFX12 lack (the backend
/// aborts: "Cannot select"); the scalars take DPP instead.
struct ScalarizeVectorReduce : OpRewritePattern<gpu::SubgroupReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(gpu::SubgroupReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a vector");
    Location loc = op.getLoc();
    // Every element is overwritten; zero is what upstream's breakdown of
    // vectors starts from too.
    Value result = arith::ConstantOp::create(
        rewriter, loc, type, cast<TypedAttr>(rewriter.getZeroAttr(type)));
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
      Value element = vector::ExtractOp::create(rewriter, loc, op.getValue(),
                                                ArrayRef<int64_t>{i});
      Value reduced = gpu::SubgroupReduceOp::create(
          rewriter, loc, element, op.getOp(), op.getUniform(),
          op.getClusterSize(), op.getClusterStride());
      result = vector::InsertOp::create(rewriter, loc, reduced, result,
                                        ArrayRef<int64_t>{i});
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

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
    // RDNA in waves of 64: shuffles by 16 or 32 lanes would need the swap
    // instructions these chips lack (ScalarizeVectorReduce).
    bool shufflesCrossRows = *waveSize == 64 && chipset->majorVersion >= 10 &&
                             chipset->majorVersion <= 12;
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
      if (size * stride > *waveSize) {
        op.emitOpError("has a cluster of ")
            << size << " lanes " << stride << " apart, which does not fit the "
            << *waveSize << "-lane wave of " << target.getChip();
        return WalkResult::interrupt();
      }
      // A strided cluster takes shuffles by stride, 2 stride, ... up to
      // size * stride / 2 lanes (DPP needs consecutive lanes).
      if (shufflesCrossRows && stride > 1 && size * stride >= 32) {
        op.emitOpError("has a cluster of ")
            << size << " lanes " << stride
            << " apart, whose shuffles by 16 or 32 lanes have no lowering on "
            << target.getChip()
            << " in waves of 64 (upstream makes them permlane16.swap or "
               "permlane32.swap, which the chip lacks)";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
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
    if (shufflesCrossRows)
      patterns.add<ScalarizeVectorReduce>(&getContext(), /*benefit=*/3);
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
