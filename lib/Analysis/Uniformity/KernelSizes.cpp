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

/// The sizes, or none when an extent is not positive or, with `maxProduct`,
/// the extents multiply past it: no launch has such a workgroup or grid (the
/// wave verifier rejects it on wave kernels), so it says nothing about the
/// lanes, and the analyses that multiply a workgroup's extents stay within
/// 64 bits.
static std::optional<std::array<int64_t, 3>>
toSizes(ArrayRef<int32_t> sizes, std::optional<int64_t> maxProduct) {
  std::array<int64_t, 3> result = {1, 1, 1};
  int64_t product = 1;
  for (auto [i, size] : llvm::enumerate(sizes.take_front(3))) {
    if (size <= 0)
      return std::nullopt;
    result[i] = size;
    // The product so far is at most `maxProduct` < 2^31 and `size` < 2^31.
    if (maxProduct && (product *= size) > *maxProduct)
      return std::nullopt;
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
    sizes.workgroupSize = toSizes(*block, kMaxAnalyzedLanes);
  if (std::optional<ArrayRef<int32_t>> grid = func.getKnownGridSize())
    sizes.gridSize = toSizes(*grid, std::nullopt);
  if (FailureOr<KernelTarget> target = getKernelTarget(func); succeeded(target))
    sizes.waveSize = target->waveSize;
  return sizes;
}
