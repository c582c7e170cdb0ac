//===- AttachBinaryTarget.cpp - #wave.target on every gpu.module ----------===//

#include "wave/Conversion/Passes.h"
#include "wave/Dialect/Wave/IR/WaveAttrs.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEATTACHBINARYTARGET
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct WaveAttachBinaryTargetPass
    : public wave::impl::WaveAttachBinaryTargetBase<
          WaveAttachBinaryTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto emitError = [&] { return module.emitError(); };
    if (failed(TargetAttr::verify(emitError, chip, optLevel, codeObjectVersion,
                                  occupancy, memrefDescriptors, fastMath)))
      return signalPassFailure();
    auto target =
        TargetAttr::get(module.getContext(), chip, optLevel, codeObjectVersion,
                        occupancy, memrefDescriptors, fastMath);
    auto targets = ArrayAttr::get(module.getContext(), {target});
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
      gpuModule.setTargetsAttr(targets);
  }
};
} // namespace
