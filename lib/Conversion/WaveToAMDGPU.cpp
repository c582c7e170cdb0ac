//===- WaveToAMDGPU.cpp - The convert-wave-to-amdgpu pass -----------------===//

#include "wave/Conversion/WaveToAMDGPU.h"
#include "wave/Chip/Chip.h"
#include "wave/Conversion/Passes.h"
#include "wave/Conversion/ROCDLTarget.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::wave {
#define GEN_PASS_DEF_CONVERTWAVETOAMDGPU
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

std::optional<WaveShape> mlir::wave::getWaveShapeAt(Operation *op) {
  std::optional<unsigned> size;
  StringRef chip;
  if (KernelAttr kernel = getEnclosingKernelAttr(op)) {
    size = kernel.getWaveSize();
    chip = kernel.getChip();
  } else if (auto module = op->getParentOfType<gpu::GPUModuleOp>()) {
    if (ROCDL::ROCDLTargetAttr target = getROCDLTarget(module)) {
      size = getWaveSize(target);
      chip = target.getChip();
    }
  }
  if (!size)
    return std::nullopt;
  const ChipInfo *info = lookupChip(chip);
  return WaveShape{*size, info && !info->hasWaveWideBPermute(*size)};
}

namespace {
struct ConvertWaveToAMDGPUPass
    : public wave::impl::ConvertWaveToAMDGPUBase<ConvertWaveToAMDGPUPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Reports what the patterns cannot lower and counts what they will.
  LogicalResult checkAndCount(gpu::GPUModuleOp module);
};
} // namespace

LogicalResult ConvertWaveToAMDGPUPass::checkAndCount(gpu::GPUModuleOp module) {
  WalkResult result = module.walk([&](Operation *op) {
    if (auto access = dyn_cast<LaneAccessOpInterface>(op)) {
      ++(lowersToVectorAccess(access) ? numVectorAccesses : numElementAccesses);
      return WalkResult::advance();
    }
    bool isCollective =
        isa<ReduceOp, ScanOp, BroadcastOp, ShuffleOp, BallotOp, AnyOp, AllOp>(
            op);
    auto mma = dyn_cast<MmaOp>(op);
    if (!isCollective && !mma)
      return WalkResult::advance();
    std::optional<WaveShape> wave = getWaveShapeAt(op);
    if (!wave) {
      op->emitOpError("needs the wave size, but its kernel has no "
                      "'wave.kernel' attribute and its gpu.module no "
                      "#rocdl.target");
      return WalkResult::interrupt();
    }
    if (mma && getMmaLayout(mma.getKind()).waveSize != wave->size) {
      mma.emitOpError() << stringifyMmaKind(mma.getKind()) << " needs waves of "
                        << getMmaLayout(mma.getKind()).waveSize
                        << " lanes, the kernel runs " << wave->size;
      return WalkResult::interrupt();
    }
    if (isCollective)
      ++numCollectives;
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void ConvertWaveToAMDGPUPass::runOnOperation() {
  gpu::GPUModuleOp module = getOperation();
  if (failed(checkAndCount(module)))
    return signalPassFailure();

  // Lane accesses first: they read the swizzle of the wave.alloc_lds they
  // access, which the second walk replaces.
  RewritePatternSet accessPatterns(&getContext());
  populateWaveLaneAccessLoweringPatterns(accessPatterns);
  populateWaveCollectiveLoweringPatterns(accessPatterns);
  walkAndApplyPatterns(module, std::move(accessPatterns));
  RewritePatternSet ldsPatterns(&getContext());
  populateWaveLdsAndMmaLoweringPatterns(ldsPatterns);
  walkAndApplyPatterns(module, std::move(ldsPatterns));

  WalkResult left = module.walk([](Operation *op) {
    if (!isa_and_nonnull<WaveDialect>(op->getDialect()))
      return WalkResult::advance();
    op->emitOpError("was not lowered");
    return WalkResult::interrupt();
  });
  if (left.wasInterrupted())
    return signalPassFailure();

  // The kernels are plain gpu.func kernels from here on.
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    func->removeAttr(WaveDialect::kKernelAttrName);
    func->removeAttr(WaveDialect::kReferenceAttrName);
    func->removeAttr(kAssumeAttrName);
  }
}
