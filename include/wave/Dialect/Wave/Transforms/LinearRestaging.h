//===- LinearRestaging.h - A staging group in its linear layout -*- C++ -*-===//
//
// The rewrite of wave-minimize-global-loads, shared with wave-direct-to-lds
// (which restages a copy in runs its chip's global_load_lds takes): the
// group's reads and writes become those of the plan's linear layout, one run
// a read, consecutive lanes on consecutive runs.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_LINEARRESTAGING_H
#define WAVE_DIALECT_WAVE_TRANSFORMS_LINEARRESTAGING_H

#include "wave/Analysis/Staging/StagingPlan.h"

namespace mlir::wave {

/// Whether every LDS write of `plan`'s runs starts a group of its tile's
/// swizzle (or the tile has none): the runs do in the box, so the shift and
/// the translation of the box in the tile must keep that.
bool linearRunsFitSwizzle(const StagingPlan &plan);

/// Replaces `plan`'s reads and writes by those of its linear layout, after
/// its last op; on a swizzled tile each run is written a group at a time.
void restageLinearly(const StagingPlan &plan);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_LINEARRESTAGING_H
