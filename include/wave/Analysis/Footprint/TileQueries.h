//===- TileQueries.h - The lanes of a staged tile ---------------*- C++ -*-===//
//
// Queries on the lane parts of a tile's staging, every leaf but the thread
// ids at 0: the box the lanes fill, how a copy's writes place what its reads
// read, and whether the lanes start the runs of a tile in order.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_FOOTPRINT_TILEQUERIES_H
#define WAVE_ANALYSIS_FOOTPRINT_TILEQUERIES_H

#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"

namespace mlir::wave {

/// The elements the lanes of one workgroup touch through some accesses
/// together: their bounding box, and whether they fill it.
struct LaneBox {
  FootprintBox box;
  bool dense = false;
};

/// The `LaneBox` of `footprints` (accesses to memrefs of one rank) with
/// every leaf but the thread ids at 0, that is, the lane parts of a tile's
/// staging at one translation; enclosing loops and guards play no part,
/// and every enabled slot of every lane counts. Decided on integers, at a
/// cost independent of the number of lanes: each coordinate's extremes are
/// lexicographic minima; then fewer (lane, slot) pairs than box elements
/// leave a hole, and as many fill the box exactly when no two of them touch
/// a common element (emptiness queries, one a pair of accesses whose own
/// boxes meet). Fails with
/// the reason when an address is not affine, the workgroup size is unknown,
/// no lane touches an element, or the lanes touch more elements (with
/// repetitions) than the box holds, which counting does not decide.
FailureOr<LaneBox> findLaneBox(ArrayRef<const SymbolicFootprint *> footprints,
                               std::string *reason = nullptr);

/// One element a staging copy moves: the lane (linear thread id) and slot
/// that read it, its coordinate in the read memref and in the written one.
struct CopiedElement {
  int64_t lane = 0, slot = 0;
  SmallVector<int64_t> source, tile;
};

/// How the writes of a copy place the elements its reads read. A written
/// memref of lower rank than the read one holds its last dimensions: its
/// coordinates (`CopiedElement::tile`, `shift`) lead with zeros to the read
/// one's rank.
struct LaneTranslation {
  /// Written coordinate minus read coordinate, when it is one vector for
  /// every element of every pair.
  std::optional<SmallVector<int64_t>> shift;
  /// The first element of the first pair (lane 0, its first slot) and,
  /// without a shift, the first element (in lane and slot order) of the
  /// first pair `mismatchPair` that some element is moved otherwise.
  CopiedElement first;
  std::optional<CopiedElement> mismatch;
  unsigned mismatchPair = 0;
};

/// The `LaneTranslation` of `copies`, pairs of a read and the write of its
/// value slot for slot (the same slots enabled), with every leaf but the
/// thread ids at 0 as in `findLaneBox`. Decided on integers: one emptiness
/// question a pair, coordinate and direction, and a lexicographic minimum
/// for a counterexample. Fails with the reason when an address is not
/// affine or overflows, the workgroup size is unknown, or a write does not
/// store its read's slots.
FailureOr<LaneTranslation> findLaneTranslation(
    ArrayRef<std::pair<const SymbolicFootprint *, const SymbolicFootprint *>>
        copies,
    std::string *reason = nullptr);

/// Whether, in every lane `t` (linear thread id) of the workgroup, element 0
/// of each of `reads` (leaves but the thread ids at 0) is the first element
/// of a run `r` with `r mod numLanes == t`, where the runs cut `box` into
/// pieces of `width` elements along `dimOrder.back()`, numbered row-major
/// with `dimOrder` from the outermost dimension. `box` must hold every
/// element the reads touch. Decided on integers, two emptiness questions a
/// read; false when an address is not affine.
bool startsRunsOfLanes(ArrayRef<const SymbolicFootprint *> reads,
                       const FootprintBox &box, ArrayRef<unsigned> dimOrder,
                       int64_t width, int64_t numLanes);

/// The largest power of two, up to `limit`, that divides every value the

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_FOOTPRINT_TILEQUERIES_H
