//===- KernelTarget.cpp - The chip, waves and workgroup of a kernel -------===//

#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/ROCDLTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::wave;

std::optional<int64_t> KernelTarget::getWorkgroupSize() const {
  if (!workgroup)
    return std::nullopt;
  return (*workgroup)[0] * (*workgroup)[1] * (*workgroup)[2];
}

OccupancyBudget KernelTarget::getBudget(unsigned wavesPerSimd) const {
  assert(workgroup && "a budget needs the workgroup size");
  return getOccupancyBudget(*chip, waveSize, *getWorkgroupSize(), wavesPerSimd);
}

/// The chip and waves of `module`'s #rocdl.target.
static FailureOr<KernelTarget> getModuleTarget(gpu::GPUModuleOp module,
                                               std::string &why) {
  ROCDL::ROCDLTargetAttr target = module ? getROCDLTarget(module) : nullptr;
  if (!target) {
    why = "its kernel has no '" + WaveDialect::kKernelAttrName.str() +
          "' attribute and its gpu.module no #rocdl.target";
    return failure();
  }
  KernelTarget result;
  result.chip = lookupChip(target.getChip());
  if (!result.chip) {
    why = "the chip '" + target.getChip().str() +
          "' of the gpu.module's #rocdl.target is not one of " +
          getKnownChipNames();
    return failure();
  }
  // Without a wave size feature the backend compiles for the chip's default.
  result.waveSize =
      getWaveSize(target).value_or(result.chip->getDefaultWaveSize());
  if (!result.chip->supportsWaveSize(result.waveSize)) {
    why = "the gpu.module's #rocdl.target asks for waves of " +
          std::to_string(result.waveSize) + " lanes, which " +
          result.chip->name.str() + " does not run";
    return failure();
  }
  return result;
}

FailureOr<KernelTarget> mlir::wave::getKernelTarget(Operation *op,
                                                    std::string *why) {
  auto func = dyn_cast<gpu::GPUFuncOp>(op);
  if (!func)
    func = op->getParentOfType<gpu::GPUFuncOp>();
  KernelAttr kernel =
      func ? func->getAttrOfType<KernelAttr>(WaveDialect::kKernelAttrName)
           : KernelAttr();
  std::string reason;
  FailureOr<KernelTarget> result = failure();
  if (kernel) {
    // The attribute's verifier guarantees a known chip running the waves.
    result = KernelTarget{lookupChip(kernel.getChip()), kernel.getWaveSize(),
                          std::nullopt, kernel.getOccupancy()};
    assert(result->chip && "unverified #wave.kernel");
  } else {
    result = getModuleTarget(op->getParentOfType<gpu::GPUModuleOp>(), reason);
  }
  if (failed(result)) {
    if (why)
      *why = std::move(reason);
    return failure();
  }
  if (func)
    if (std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize())
      result->workgroup = {(*block)[0], (*block)[1], (*block)[2]};
  return result;
}
