//===- AttachTarget.cpp - Fixes the chip and wave size of a module --------===//

#include "wave/Chip/Chip.h"
#include "wave/Conversion/Passes.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/IR/ROCDLTarget.h"
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
  if (waveSize)
    return *waveSize;
  // Without wave kernels, the waves of the module's target, which its
  // kernels were written for, if the chip runs them.
  if (ROCDL::ROCDLTargetAttr target = getROCDLTarget(module))
    if (std::optional<unsigned> size = getWaveSize(target))
      if (info.supportsWaveSize(*size))
        return *size;
  return info.getDefaultWaveSize();
}

/// A kernel without `wave.kernel` in a module with a #rocdl.target runs in
/// that target's waves (the backend and the interpreter read them there),
/// and its lane ops mean what they mean on that chip: ds_bpermute, for one,
/// permutes within 32-lane halves in RDNA's waves of 64 and across the wave
/// on CDNA. Moving it to another chip or wave size would change what it
/// computes, so it is refused.
static LogicalResult checkPlainKernels(gpu::GPUModuleOp module,
                                       const ChipInfo &info,
                                       unsigned waveSize) {
  ROCDL::ROCDLTargetAttr target = getROCDLTarget(module);
  if (!target)
    return success();
  std::optional<unsigned> targetWaveSize = getWaveSize(target);
  if (target.getChip() == info.name &&
      (!targetWaveSize || *targetWaveSize == waveSize))
    return success();
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    if (!func.isKernel() || getKernelAttr(func))
      continue;
    InFlightDiagnostic diag = func.emitError()
                              << "kernel @" << func.getName() << " has no '"
                              << WaveDialect::kKernelAttrName
                              << "' and runs on the module's target, "
                              << target.getChip();
    if (targetWaveSize)
      diag << " in waves of " << *targetWaveSize << " lanes";
    diag << "; moving it to " << info.name << " in waves of " << waveSize
         << " lanes could change what it computes";
    return failure();
  }
  return success();
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
  if (!waveSize || failed(checkPlainKernels(module, *info, *waveSize)))
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
