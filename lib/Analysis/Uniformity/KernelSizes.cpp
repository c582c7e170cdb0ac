//===- KernelSizes.cpp - The lanes a kernel launches ----------------------===//
//
// Reads a `gpu.func`'s `known_block_size`, `known_grid_size` and the wave
// size of its target (getKernelTarget).
//
//===----------------------------------------------------------------------===//

#include "KernelSizes.h"

#include "wave/Dialect/Wave/IR/KernelTarget.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

/// The sizes, or none when an extent is not positive: no launch has such a
/// workgroup or grid (the wave verifier rejects it on wave kernels), so it
/// says nothing about the lanes.
static std::optional<std::array<int64_t, 3>> toSizes(ArrayRef<int32_t> sizes) {
  std::array<int64_t, 3> result = {1, 1, 1};
  for (auto [i, size] : llvm::enumerate(sizes.take_front(3))) {
    if (size <= 0)
      return std::nullopt;
    result[i] = size;
  }
  return result;
}

KernelSizes KernelSizes::of(Operation *op) {
  KernelSizes sizes;
  auto func = dyn_cast_or_null<gpu::GPUFuncOp>(op);
  if (!func && op)
    func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return sizes;
  if (std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize())
    sizes.workgroupSize = toSizes(*block);
  if (std::optional<ArrayRef<int32_t>> grid = func.getKnownGridSize())
    sizes.gridSize = toSizes(*grid);
  if (FailureOr<KernelTarget> target = getKernelTarget(func); succeeded(target))
    sizes.waveSize = target->waveSize;
  return sizes;
}
