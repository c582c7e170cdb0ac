//===- ExportLLVMModule.cpp - The lowered gpu.module as an LLVM module ----===//

#include "wave/Conversion/Passes.h"
#include "wave/Dialect/Wave/IR/ROCDLTarget.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEEXPORTLLVMMODULE
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct WaveExportLLVMModulePass
    : public wave::impl::WaveExportLLVMModuleBase<WaveExportLLVMModulePass> {
  using Base::Base;

  void runOnOperation() override;
};
} // namespace

/// The module flag the AMDGPU backend reads the code object version from.
static constexpr StringLiteral kCodeObjectVersionFlag =
    "amdhsa_code_object_version";

void WaveExportLLVMModulePass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *context = module.getContext();
  Block *body = module.getBody();
  if (!llvm::hasSingleElement(*body) || !isa<gpu::GPUModuleOp>(body->front())) {
    module.emitError("expects a module holding exactly one gpu.module");
    return signalPassFailure();
  }
  auto gpuModule = cast<gpu::GPUModuleOp>(body->front());
  ROCDL::ROCDLTargetAttr target = getROCDLTarget(gpuModule);
  std::optional<unsigned> codeObjectVersion =
      target ? parseCodeObjectAbi(target.getAbi()) : std::nullopt;
  if (!codeObjectVersion) {
    gpuModule.emitError("needs a #rocdl.target with a code object version "
                        "(run wave-attach-target)");
    return signalPassFailure();
  }
  WalkResult notLowered = gpuModule.walk([&](Operation *op) {
    if (op == gpuModule ||
        isa_and_nonnull<LLVM::LLVMDialect, ROCDL::ROCDLDialect>(
            op->getDialect()))
      return WalkResult::advance();
    op->emitOpError("is not in the llvm or rocdl dialect; lower the module "
                    "first (wave-upstream-to-rocdl)");
    return WalkResult::interrupt();
  });
  if (notLowered.wasInterrupted())
    return signalPassFailure();

  auto features = LLVM::TargetFeaturesAttr::get(context, target.getFeatures());
  for (auto func : gpuModule.getOps<LLVM::LLVMFuncOp>()) {
    if (func.isExternal())
      continue;
    func.setTargetCpu(target.getChip());
    func.setTargetFeaturesAttr(features);
  }

  // The gpu.module's body and data layout become the top-level module's.
  if (Attribute layout =
          gpuModule->getAttr(LLVM::LLVMDialect::getDataLayoutAttrName()))
    module->setAttr(LLVM::LLVMDialect::getDataLayoutAttrName(), layout);
  module->setAttr(LLVM::LLVMDialect::getTargetTripleAttrName(),
                  StringAttr::get(context, target.getTriple()));
  module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  body->getOperations().splice(body->end(),
                               gpuModule.getBody()->getOperations());
  gpuModule.erase();

  OpBuilder builder = OpBuilder::atBlockBegin(body);
  auto flag = LLVM::ModuleFlagAttr::get(
      context, LLVM::ModFlagBehavior::Error,
      StringAttr::get(context, kCodeObjectVersionFlag),
      builder.getI32IntegerAttr(*codeObjectVersion * 100));
  LLVM::ModuleFlagsOp::create(builder, module.getLoc(),
                              builder.getArrayAttr({flag}));
}
