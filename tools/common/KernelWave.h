//===- KernelWave.h - The wave a lowered kernel runs in ---------*- C++ -*-===//
//
// The interpreter reads a kernel's wave size (and chip) from `wave.kernel`,
// which convert-wave-to-amdgpu drops: the lowered kernel's waves are then
// those its gpu.module's #rocdl.target implies, or those of the kernel it
// was lowered from, which the lowering compiled it for.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_TOOLS_COMMON_KERNELWAVE_H
#define WAVE_TOOLS_COMMON_KERNELWAVE_H

#include "wave/Chip/Chip.h"
#include "wave/Conversion/ROCDLTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::wave {

/// Gives `func`, when it states no `wave.kernel`, the one of its
/// gpu.module's #rocdl.target (its chip and `+wavefrontsize` feature), else
/// `original` (null for none).
inline void stateKernelWave(gpu::GPUFuncOp func, KernelAttr original = {}) {
  if (func->hasAttr(WaveDialect::kKernelAttrName))
    return;
  KernelAttr wave = original;
  if (auto module = func->getParentOfType<gpu::GPUModuleOp>())
    if (ROCDL::ROCDLTargetAttr target = getROCDLTarget(module)) {
      const ChipInfo *chip = lookupChip(target.getChip());
      std::optional<unsigned> size = getWaveSize(target);
      if (chip && size && chip->supportsWaveSize(*size)) {
        // A lowered module need not have loaded the wave dialect.
        func.getContext()->getOrLoadDialect<WaveDialect>();
        wave = KernelAttr::get(func.getContext(), target.getChip(), *size,
                               /*occupancy=*/0);
      }
    }
  if (wave)
    func->setAttr(WaveDialect::kKernelAttrName, wave);
}

} // namespace mlir::wave

#endif // WAVE_TOOLS_COMMON_KERNELWAVE_H
