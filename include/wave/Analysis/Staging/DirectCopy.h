//===- DirectCopy.h - Staging copies as global_load_lds --------*- C++ -*-===//
//
// A staged tile (StagingGroups.h) whose copy is already the linear layout
// (StagingPlan.h) may skip the registers: `global_load_lds` loads each lane's
// bytes from its own global address and writes them to LDS at M0 plus the
// lane's index times the size, so the lanes of a wave must write consecutive
// LDS addresses, the size must be one the chip loads that way, and the loaded
// value must have no other use. This decides that for one group and gives
// the cost model `wave-direct-to-lds` reports. On a swizzled tile, the lanes
// must write consecutive logical addresses: the pass then permutes the runs
// they read so that their addresses in memory are (DirectToLds.h).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_STAGING_DIRECTCOPY_H
#define WAVE_ANALYSIS_STAGING_DIRECTCOPY_H

#include "wave/Analysis/Staging/StagingPlan.h"
#include "wave/Chip/Chip.h"

namespace mlir::wave {

/// Why a group cannot be copied directly.
enum class DirectCopyFailure {
  /// The chip has no `global_load_lds` of the copy's size a lane.
  Width,
  /// The staging analysis rejects the group or its lanes do not load the
  /// linear layout's runs.
  NotLinear,
  /// The loaded value is used other than by its one LDS write.
  OtherUsers,
  /// The tile is swizzled and the copy's access maps have symbols, which
  /// the permutation of its runs does not take.
  Swizzled,
  /// The lanes of a wave do not write consecutive LDS addresses (a padded
  /// tile, a copy that skips part of a row), or their base is not aligned.
  NotConsecutive,
  /// A masked or `bounded` copy, or a cache hint the copy cannot keep.
  Masked,
};

/// A reason not to copy directly, anchored at the op it concerns.
struct DirectCopyDiagnostic {
  DirectCopyFailure kind = DirectCopyFailure::NotLinear;
  Operation *op = nullptr;
  std::string reason;
};

/// A group the lanes may copy with `global_load_lds`, and what that saves a
/// lane (per staging: per loop iteration for a copy in a loop).
struct DirectCopyPlan {
  StagingPlan staging;
  /// Bytes a lane's copy moves (one `global_load_lds` a pair).
  int64_t bytes = 0;
  /// VGPRs a lane no longer fills with the loaded data.
  int64_t vgprsSaved = 0;
  /// `ds_write` instructions a lane no longer issues.
  int64_t dsWritesRemoved = 0;
  /// `global_load_lds` instructions a workgroup issues (per wave).
  int64_t waveCopies = 0;
  /// The tile's swizzle, null if none: the lanes write consecutive logical
  /// addresses, and the copy must take the swizzle on its read side
  /// (`permuteDirectCopy`) for them to be consecutive in memory.
  SwizzleAttr swizzle;
};

/// Bytes a lane of `chip` moves with one `global_load_lds` into consecutive
/// LDS addresses, widest first: gfx950 16 and 4 (`_dwordx4`, `_dword`;
/// 12 bytes are padded to 16 in LDS and 1 or 2 to 4), gfx942 and gfx90a 4;
/// none on other chips.
ArrayRef<int64_t> getDirectToLdsBytes(const ChipInfo &chip);

/// Whether `group` may be copied with `global_load_lds` on `chip`.
FailureOr<DirectCopyPlan> planDirectCopy(const StagingGroup &group,
                                         const ChipInfo &chip,
                                         DirectCopyDiagnostic &diagnostic);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_STAGING_DIRECTCOPY_H
