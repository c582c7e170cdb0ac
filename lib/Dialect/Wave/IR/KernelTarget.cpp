//===- KernelTarget.cpp - The chip, waves and workgroup of a kernel -------===//

#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/DeclineReason.h"
#include "wave/Dialect/Wave/IR/ROCDLTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wave;

std::optional<int64_t>
mlir::wave::multiplyLaunchExtents(ArrayRef<int64_t> extents) {
  int64_t product = 1;
  for (int64_t extent : extents)
    if (llvm::MulOverflow(product, extent, product))
      return std::nullopt;
  return product;
}

std::string mlir::wave::describeWorkgroupLanes(ArrayRef<int64_t> extents) {
  if (std::optional<int64_t> lanes = multiplyLaunchExtents(extents))
    return std::to_string(*lanes);
  return llvm::join(
      llvm::map_range(extents, [](int64_t e) { return std::to_string(e); }),
      " x ");
}

std::optional<int64_t> KernelTarget::getWorkgroupSize() const {
  if (!workgroup)
    return std::nullopt;
  return multiplyLaunchExtents(*workgroup);
}

OccupancyBudget KernelTarget::getBudget(unsigned wavesPerSimd) const {
  assert(workgroup && "a budget needs the workgroup size");
  return getOccupancyBudget(*chip, waveSize, *getWorkgroupSize(), wavesPerSimd);
}

/// The chip and waves of `module`'s #rocdl.target.
static FailureOr<KernelTarget> getModuleTarget(gpu::GPUModuleOp module,
                                               std::string *reason) {
  ROCDL::ROCDLTargetAttr target = module ? getROCDLTarget(module) : nullptr;
  if (!target)
    return decline(reason, "its kernel has no '" +
                               WaveDialect::kKernelAttrName +
                               "' attribute and its gpu.module no "
                               "#rocdl.target");
  KernelTarget result;
  result.chip = lookupChip(target.getChip());
  if (!result.chip)
    return decline(reason, "the chip '" + target.getChip() +
                               "' of the gpu.module's #rocdl.target is not "
                               "one of " +
                               getKnownChipNames());
  // Without a wave size feature the backend compiles for the chip's default.
  result.waveSize =
      getWaveSize(target).value_or(result.chip->getDefaultWaveSize());
  if (!result.chip->supportsWaveSize(result.waveSize))
    return decline(reason, "the gpu.module's #rocdl.target asks for waves of " +
                               Twine(result.waveSize) + " lanes, which " +
                               result.chip->name + " does not run");
  return result;
}

FailureOr<KernelTarget> mlir::wave::getKernelTarget(Operation *op,
                                                    std::string *reason) {
  auto func = dyn_cast<gpu::GPUFuncOp>(op);
  if (!func)
    func = op->getParentOfType<gpu::GPUFuncOp>();
  KernelAttr kernel =
      func ? func->getAttrOfType<KernelAttr>(WaveDialect::kKernelAttrName)
           : KernelAttr();
  FailureOr<KernelTarget> result = failure();
  if (kernel) {
    // The attribute's verifier guarantees a known chip running the waves.
    result = KernelTarget{lookupChip(kernel.getChip()), kernel.getWaveSize(),
                          std::nullopt, kernel.getOccupancy()};
    assert(result->chip && "unverified #wave.kernel");
  } else {
    result = getModuleTarget(op->getParentOfType<gpu::GPUModuleOp>(), reason);
  }
  if (failed(result))
    return failure();
  // A workgroup no launch runs (an extent below 1, more lanes than any chip
  // takes) is not one: the passes that need it decline.
  if (func)
    if (std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize()) {
      std::array<int64_t, 3> extents = {(*block)[0], (*block)[1], (*block)[2]};
      std::optional<int64_t> lanes = multiplyLaunchExtents(extents);
      if (llvm::all_of(extents, [](int64_t extent) { return extent >= 1; }) &&
          lanes && *lanes <= kMaxWorkgroupLanes)
        result->workgroup = extents;
    }
  return result;
}
