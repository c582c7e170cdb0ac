//===- GridQueries.h - Lanes of the whole grid ------------------*- C++ -*-===//
//
// Queries over every lane of every workgroup of a launch: the lanes of a
// group that do not advance in step (coalescing), and two lanes of the grid
// that touch one element (races between workgroups).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_FOOTPRINT_GRIDQUERIES_H
#define WAVE_ANALYSIS_FOOTPRINT_GRIDQUERIES_H

#include "wave/Analysis/Footprint/SymbolicFootprint.h"

#include <array>

namespace mlir::wave {

/// A lane of the grid: its workgroup id and its linear thread id.
struct GridLane {
  std::array<int64_t, 3> workgroup = {0, 0, 0};
  int64_t lane = 0;
};

/// Whether, in some workgroup (its id any value from 0, inside the grid
/// when the kernel states one), some lane `t + i` whose group of
/// `groupSize` consecutive lanes starts at `t` (`0 < i < groupSize`, which
/// must divide the workgroup's size along x) has element 0 of `fp` other
/// than `i * stride` elements after lane `t`'s along the contiguous
/// dimension. Returns the first such lane, by workgroup (z, y, x) and lane.
/// Element 0 is where the map puts it, whatever the mask, bounds and guards.
/// Decided on integers at a cost independent of the sizes of workgroup and
/// grid, uniform values free but one in both lanes, under the kernel's
/// `wave.assume`. Fails with the reason when the address is not affine or
/// the workgroup size is unknown.
FailureOr<std::optional<GridLane>>
findLaneOutOfStep(const SymbolicFootprint &fp, int64_t groupSize,
                  int64_t stride, std::string *reason = nullptr);

/// Whether, in some workgroup, some lane `t + i` of a group of `groupSize`
/// consecutive lanes starting at `t` (as for `findLaneOutOfStep`) has
/// element 0 of `fp` at another coordinate than lane `t`'s along some
/// dimension other than the contiguous one, in the same iteration (by
/// number, from 0: an induction variable counting from a lane's own bound
/// differs between lanes) of every loop around the access: whether the
/// lanes of a group (a wave) may access different rows at once. Returns the
/// first such lane, by workgroup (z, y, x) and lane. Decided as
/// `findLaneOutOfStep` is; fails likewise.
FailureOr<std::optional<GridLane>>
findLaneOffRow(const SymbolicFootprint &fp, int64_t groupSize,
               std::string *reason = nullptr);

/// Whether an execution of `a` and one of `b` (accesses of one kernel)
/// from two different lanes of the grid touch one element: their
/// workgroup ids are free from 0 (inside the grid when the kernel states
/// one) and only the kernel's arguments are the same in both. A grid
/// dimension counts when the known grid has two workgroups along it or,
/// without a known grid, when the kernel reads its workgroup id: workgroups
/// that differ only elsewhere run the same work. Memrefs of a static layout
/// compare physical addresses; one memref of run-time extents and identity
/// layout compares coordinates. Returns the first pair, ordered by `a`'s
/// lane (workgroup z, y, x, then lane) and then `b`'s. Fails with the
/// reason when an address is not affine or overflows, the workgroup size
/// is unknown, or a layout is neither.
FailureOr<std::optional<std::pair<GridLane, GridLane>>>
findElementSharedInGrid(const SymbolicFootprint &a, const SymbolicFootprint &b,
                        std::string *reason = nullptr);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_FOOTPRINT_GRIDQUERIES_H
