//===- KernelTarget.h - The chip, waves and workgroup of a kernel -*- C++ -*-=//
//
// The one reader of a kernel's target facts. A wave kernel states them in
// `#wave.kernel` (chip, wave size, requested occupancy) and upstream's
// `known_block_size` (workgroup); below wave IR, where convert-wave-to-amdgpu
// has dropped `#wave.kernel`, the chip and the wave size are those of the
// gpu.module's `#rocdl.target`. Passes, the lowering and the interpreter ask
// here rather than read the attributes, and take register and LDS budgets
// from `getBudget`, so that all of them apply one occupancy rule.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_KERNELTARGET_H
#define WAVE_DIALECT_WAVE_IR_KERNELTARGET_H

#include "wave/Chip/Budget.h"

#include "mlir/IR/Operation.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::wave {

/// The most lanes a workgroup has on every chip: no launch runs a larger one.
constexpr int64_t kMaxWorkgroupLanes = 1024;

/// The product of launch extents (a workgroup's lanes), or none when it
/// does not fit 64 bits: three 32-bit extents may not. The verifiers compare
/// it with `kMaxWorkgroupLanes`.
std::optional<int64_t> multiplyLaunchExtents(ArrayRef<int64_t> extents);

/// The lanes of a workgroup of `extents` as diagnostics name them: their
/// number, or the extents ("X x Y x Z") where the product passes 64 bits.
std::string describeWorkgroupLanes(ArrayRef<int64_t> extents);

/// What a kernel runs on.
struct KernelTarget {
  /// A known chip.
  const ChipInfo *chip = nullptr;
  /// Lanes of a wave, one the chip runs.
  unsigned waveSize = 64;
  /// Lanes along x, y and z (`known_block_size`), if the kernel states them.
  std::optional<std::array<int64_t, 3>> workgroup;
  /// Requested waves per SIMD; 0 for none (always so below wave IR).
  unsigned occupancy = 0;

  /// Lanes of one workgroup, if known.
  std::optional<int64_t> getWorkgroupSize() const;

  /// The budget (Budget.h) for `wavesPerSimd` waves per SIMD. The workgroup
  /// must be known.
  OccupancyBudget getBudget(unsigned wavesPerSimd) const;
};

/// The target of the kernel that is `op` or holds it: its `#wave.kernel`,
/// else its gpu.module's `#rocdl.target` (whose chip must be known; without
/// a `+wavefrontsize` feature the chip's default wave size). Failure when
/// neither says, with the reason (DeclineReason.h).
FailureOr<KernelTarget> getKernelTarget(Operation *op,
                                        std::string *reason = nullptr);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_KERNELTARGET_H
