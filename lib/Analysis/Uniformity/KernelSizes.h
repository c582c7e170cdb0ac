//===- KernelSizes.h - The lanes a kernel launches ---------------*- C++
//-*-===//
//
// The workgroup, grid and wave sizes a kernel states: which lanes exist,
// and so which share a value (uniformity) and which elements an access
// touches (footprints).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_ANALYSIS_UNIFORMITY_KERNELSIZES_H
#define WAVE_LIB_ANALYSIS_UNIFORMITY_KERNELSIZES_H

#include "mlir/IR/Operation.h"

#include <array>
#include <optional>

namespace mlir::wave::detail {

/// The most lanes a workgroup of known size may have: lane ids are 32-bit,
/// and no launch has more (AMD's have at most 1024).
constexpr int64_t kMaxAnalyzedLanes = (int64_t(1) << 31) - 1;

/// The sizes of the kernel enclosing an op, where known: no workgroup size
/// where `known_block_size` has more lanes than `kMaxAnalyzedLanes`.
struct KernelSizes {
  std::optional<std::array<int64_t, 3>> workgroupSize;
  std::optional<std::array<int64_t, 3>> gridSize;
  std::optional<unsigned> waveSize;

  /// From the enclosing `gpu.func`'s `known_block_size` and
  /// `known_grid_size` and its target's wave size (getKernelTarget).
  static KernelSizes of(Operation *op);
};

} // namespace mlir::wave::detail

#endif // WAVE_LIB_ANALYSIS_UNIFORMITY_KERNELSIZES_H
