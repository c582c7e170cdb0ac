//===- AttachTarget.cpp - Fixes the chip and wave size of a module --------===//

#include "wave/Chip/Chip.h"
#include "wave/Conversion/Passes.h"
#include "wave/Conversion/ROCDLTarget.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Verifier.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEATTACHTARGET
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct WaveAttachTargetPass
    : public wave::impl::WaveAttachTargetBase<WaveAttachTargetPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// The chip of the module: the option, else the one all kernels name.
  const ChipInfo *resolveChip(gpu::GPUModuleOp module);
  /// The wave size all wave kernels share, else the chip's default.
  std::optional<unsigned> resolveWaveSize(gpu::GPUModuleOp module,
                                          const ChipInfo &chip);
};
} // namespace

static KernelAttr getKernelAttr(gpu::GPUFuncOp func) {
  return func->getAttrOfType<KernelAttr>(WaveDialect::kKernelAttrName);
}

const ChipInfo *WaveAttachTargetPass::resolveChip(gpu::GPUModuleOp module) {
  if (!chip.empty()) {
    const ChipInfo *info = lookupChip(chip);
    if (!info)
      module.emitError() << "unknown chip '" << chip
                         << "' (known: " << getKnownChipNames() << ")";
    return info;
  }
  const ChipInfo *found = nullptr;
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    KernelAttr kernel = getKernelAttr(func);
    if (!kernel)
      continue;
    const ChipInfo *info = lookupChip(kernel.getChip());
    if (found && info != found) {
      func.emitError() << "kernels of one gpu.module must target one chip: "
                       << kernel.getChip() << " here, " << found->name
                       << " before";
      return nullptr;
    }
    found = info;
  }
  if (!found)
    module.emitError() << "no chip given and no wave kernel names one";
  return found;
}

std::optional<unsigned>
WaveAttachTargetPass::resolveWaveSize(gpu::GPUModuleOp module,
                                      const ChipInfo &info) {
  std::optional<unsigned> waveSize;
  gpu::GPUFuncOp first;
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    KernelAttr kernel = getKernelAttr(func);
    if (!kernel)
      continue;
    if (!info.supportsWaveSize(kernel.getWaveSize())) {
      func.emitError() << "chip '" << info.name << "' does not run waves of "
                       << kernel.getWaveSize() << " lanes";
      return std::nullopt;
    }
    if (waveSize && *waveSize != kernel.getWaveSize()) {
      InFlightDiagnostic diag =
          func.emitError() << "kernels of one gpu.module must share a wave "
                              "size: "
                           << kernel.getWaveSize() << " lanes here, "
                           << *waveSize << " in @" << first.getName();
      diag.attachNote(first.getLoc()) << "see @" << first.getName();
      return std::nullopt;
    }
    waveSize = kernel.getWaveSize();
    first = func;
  }
  return waveSize ? *waveSize : info.getDefaultWaveSize();
}

/// HIP passes memrefs as bare pointers, which carry no shape or strides: a
/// memref argument has a static shape and layout, or is row-major with its
/// dynamic extents in other arguments (`wave.dims`).
static LogicalResult checkBarePointerArguments(gpu::GPUFuncOp func) {
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto memref = dyn_cast<BaseMemRefType>(type);
    if (!memref || LLVMTypeConverter::canConvertToBarePtr(memref) ||
        func.getArgAttr(index, kDimsAttrName))
      continue;
    return func.emitError()
           << "argument #" << index << " of type " << type
           << " has no static shape and layout, and no '" << kDimsAttrName
           << "' naming the arguments that hold its extents; HIP kernels "
              "take memrefs as bare pointers";
  }
  return success();
}

void WaveAttachTargetPass::runOnOperation() {
  gpu::GPUModuleOp module = getOperation();
  if (codeObjectVersion != 5 && codeObjectVersion != 6) {
    module.emitError() << "unsupported code object version "
                       << codeObjectVersion.getValue() << " (5 or 6)";
    return signalPassFailure();
  }
  const ChipInfo *info = resolveChip(module);
  if (!info)
    return signalPassFailure();
  std::optional<unsigned> waveSize = resolveWaveSize(module, *info);
  if (!waveSize)
    return signalPassFailure();

  MLIRContext *context = module.getContext();
  bool chipChanged = false;
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    if (!func.isKernel())
      continue;
    if (failed(checkBarePointerArguments(func)))
      return signalPassFailure();
    KernelAttr kernel = getKernelAttr(func);
    if (!kernel || kernel.getChip() == info->name)
      continue;
    chipChanged = true;
    func->setAttr(WaveDialect::kKernelAttrName,
                  KernelAttr::get(context, info->name, kernel.getWaveSize(),
                                  kernel.getOccupancy()));
  }
  // The op verifiers check the kernels against their chip (an MMA on a chip
  // without MFMA); a new chip is checked here, where the message still names
  // the wave op, whether or not the pass manager verifies after each pass.
  if (chipChanged && failed(verify(module)))
    return signalPassFailure();

  auto target = ROCDL::ROCDLTargetAttr::get(
      context, /*optLevel=*/2, /*triple=*/kAmdhsaTriple, info->name,
      getWaveSizeFeature(*waveSize), getCodeObjectAbi(codeObjectVersion));
  module.setTargetsAttr(ArrayAttr::get(context, {target}));
}
