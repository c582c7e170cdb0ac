//===- StagingPlan.h - Global-to-LDS tile staging ---------------*- C++ -*-===//
//
// A kernel stages a tile when `wave.read`s of global memory feed `wave.write`s
// of the same values to LDS. Written in an MMA-operand layout, such a copy
// makes each lane load a few scattered elements. This analysis finds the
// reads and writes that stage one tile, proves from their footprints that
// the workgroup copies a dense box of global memory to LDS by one
// translation, and plans the linear layout in which consecutive lanes load
// consecutive runs of up to 128 bits: the fewest, fully coalesced loads.
// `wave-minimize-global-loads` rewrites the kernel from the plan;
// docs/passes/wave-minimize-global-loads.md explains the algorithm.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_STAGING_STAGINGPLAN_H
#define WAVE_ANALYSIS_STAGING_STAGINGPLAN_H

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Staging/StagingGroups.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AffineExpr.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::wave {

/// A term `coefficient * leaf` of the translation of a coordinate by
/// workgroup ids, loop induction variables and uniform values.
struct UniformTerm {
  FootprintLeaf leaf;
  int64_t coefficient = 0;
};

/// What one staging of a tile costs a workgroup.
struct StagingCost {
  /// `wave.read` ops.
  int64_t readOps = 0;
  /// Memory load instructions summed over lanes (one per lane and load).
  int64_t laneLoads = 0;
  /// Load instructions summed over waves (a wave issues a load when at least
  /// one of its lanes takes part).
  int64_t waveLoads = 0;
  /// Bytes the lanes load.
  int64_t bytes = 0;
};

/// How to restage a group: run `r` (of `numRuns`) covers `width` elements of
/// the box, contiguous in memory, at row-major position `r * width` over the
/// box (dimensions in `dimOrder`); lane `t` (linear thread id) loads runs
/// `t`, `t + numLanes`, ... in its reads 0, 1, ....
struct StagingPlan {
  SmallVector<StagingPair> pairs;
  Value tile, source;
  /// The op after which the new reads and writes go (the group's last).
  Operation *lastOp = nullptr;

  /// The box at zero translation, in global coordinates.
  SmallVector<int64_t> lowerBounds, extents;
  /// Translation of the box by workgroup ids, induction variables and
  /// uniform values, per global and per LDS dimension.
  SmallVector<SmallVector<UniformTerm>> sourceOffset, tileOffset;
  /// LDS coordinate minus global coordinate at zero translation. A tile of
  /// lower rank than the source holds its last dimensions: `tileOffset` and
  /// `tileShift` have the source's rank, the leading entries the tile lacks
  /// placing the box at 0 there (`getTileCoordinates` drops them).
  SmallVector<int64_t> tileShift;
  /// Box dimensions from the outermost to the innermost; the last one is
  /// `contiguousDim`, the global memref's unit-stride dimension.
  SmallVector<unsigned> dimOrder;
  unsigned contiguousDim = 0;

  /// Elements a run (every run's start is provably aligned to its size),
  /// runs, reads a lane and lanes of the workgroup.
  int64_t width = 1, numRuns = 0, readsPerLane = 0, numLanes = 0;
  std::array<int64_t, 3> workgroupSize = {1, 1, 1};
  unsigned waveSize = 64;
  std::optional<CacheHint> cache;
  /// The new reads are `bounded`: a read of the group is, and may cross
  /// the memref's edge (an edge tile of a run-time size). Skipping depends
  /// on the element only, so the linear layout skips the same elements.
  bool bounded = false;
  StagingCost before, after;
  /// Where the plan gave up precision or decided by enumeration, why (the
  /// pass reports it in a remark); empty otherwise.
  std::string note;

  /// Lanes that take part in read `read` (all but in the tail).
  int64_t getActiveLanes(int64_t read) const;
  /// `coordinates` in the source's rank, of the tile: its last ones.
  template <typename T>
  SmallVector<T> getTileCoordinates(ArrayRef<T> coordinates) const {
    unsigned rank = cast<MemRefType>(tile.getType()).getRank();
    return SmallVector<T>(coordinates.take_back(rank));
  }
  /// The tile's dimension that is the source's `contiguousDim` (always one
  /// the tile holds: the dimensions it lacks are one element wide in the
  /// box, along which no run is chosen).
  unsigned getTileContiguousDim() const {
    return contiguousDim + cast<MemRefType>(tile.getType()).getRank() -
           cast<MemRefType>(source.getType()).getRank();
  }
  /// Whether the last read leaves lanes out (the box is not a multiple of
  /// `numLanes * width` elements).
  bool needsMask() const { return readsPerLane * numLanes > numRuns; }
  /// Box coordinates at zero translation (lower bounds included) of the
  /// first element of run `run`; with `wrap`, of run `run mod numRuns`, so
  /// that the lanes a mask leaves out still address the box.
  SmallVector<AffineExpr> getRunCoordinates(AffineExpr run, bool wrap) const;
  /// The same for a run number.
  SmallVector<int64_t> getRunStart(int64_t run) const;
};

/// A reason not to re-map a group, anchored at the op it concerns.
struct StagingDiagnostic {
  StagingFailure kind = StagingFailure::Unanalyzable;
  Operation *op = nullptr;
  std::string reason;
};

/// Proves that `group` copies a dense box by one translation and plans its
/// linear layout with runs of at most `loadBits` bits. Fails with the reason
/// in `diagnostic` otherwise.
FailureOr<StagingPlan> planStaging(const StagingGroup &group, unsigned loadBits,
                                   StagingDiagnostic &diagnostic);

/// The plan of a copy that already is the linear layout of `loadBits`
/// (what `wave-minimize-global-loads` leaves): the same proof, but it
/// succeeds only when the lanes already load the plan's runs, and fails
/// (`NotContiguous`) when they do not.
FailureOr<StagingPlan> planLinearStaging(const StagingGroup &group,
                                         unsigned loadBits,
                                         StagingDiagnostic &diagnostic);

/// The plan of the linear layout of runs of at most `loadBits` bits even
/// when it takes more loads than the copy does now (a chip whose
/// `global_load_lds` copies fewer bytes a lane than the copy's runs).
FailureOr<StagingPlan> planNarrowStaging(const StagingGroup &group,
                                         unsigned loadBits,
                                         StagingDiagnostic &diagnostic);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_STAGING_STAGINGPLAN_H
