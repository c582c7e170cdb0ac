//===- WorkgroupFootprint.h - Enumerated footprints of a workgroup -*- C++
//-*-===//
//
// The elements every lane of one workgroup touches through an access, as
// `AccessFootprint::enumerate` lists them on integers, over a static memref
// layout; the boxes they fill and the lanes that share them.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_FOOTPRINT_WORKGROUPFOOTPRINT_H
#define WAVE_ANALYSIS_FOOTPRINT_WORKGROUPFOOTPRINT_H

#include "wave/Analysis/Footprint/AccessFootprint.h"

#include <vector>

namespace mlir::wave {

//===----------------------------------------------------------------------===//
// Static memref layouts
//===----------------------------------------------------------------------===//

/// Shape, strides and offset of a memref type whose layout is fully static.
struct StaticMemRefLayout {
  SmallVector<int64_t> shape;
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  /// The XOR swizzle of a swizzled LDS tile, null otherwise.
  SwizzleAttr swizzle;

  /// Fails when a dimension, a stride or the offset is dynamic.
  static FailureOr<StaticMemRefLayout> get(MemRefType type,
                                           SwizzleAttr swizzle = {});
  /// The layout of `memref`, with the swizzle of its `wave.alloc_lds`.
  static FailureOr<StaticMemRefLayout> get(Value memref) {
    return get(cast<MemRefType>(memref.getType()), getLdsSwizzle(memref));
  }

  unsigned getRank() const { return shape.size(); }
  /// Row-major position of `coord` in the logical shape (padding ignored).
  int64_t linearizeLogical(ArrayRef<int64_t> coord) const;
  /// Element offset of `coord` in memory: `offset + sum(coord[i] *
  /// strides[i])` after the swizzle, if any, moved the innermost coordinate;
  /// includes the padding of a padded LDS tile.
  int64_t linearizePhysical(ArrayRef<int64_t> coord) const;
  /// Whether `0 <= coord[i] < shape[i]` for every dimension.
  bool contains(ArrayRef<int64_t> coord) const;
};

/// A box of memory coordinates: `lowerBounds[i] <= coord[i] <
/// lowerBounds[i] + extents[i]`.
struct FootprintBox {
  SmallVector<int64_t> lowerBounds;
  SmallVector<int64_t> extents;

  int64_t getNumElements() const;
  bool operator==(const FootprintBox &other) const {
    return lowerBounds == other.lowerBounds && extents == other.extents;
  }
};

//===----------------------------------------------------------------------===//
// Enumerated footprint of a workgroup
//===----------------------------------------------------------------------===//

/// Every element each lane of a workgroup touches through one access.
/// Lanes are linear thread ids `x + y * X + z * X * Y`. A lane's elements are
/// ordered by iteration, then by vector slot; an iteration is an index into
/// the mixed-radix enumeration of the unbound induction variables (the
/// first leaf most significant; 0 when none is enumerated).
class WorkgroupFootprint {
public:
  unsigned getRank() const { return layout.getRank(); }
  int64_t getNumLanes() const { return laneBegin.size() - 1; }
  int64_t getNumIterations() const { return numIterations; }
  const StaticMemRefLayout &getLayout() const { return layout; }

  /// Number of elements `lane` touches.
  int64_t getNumElements(int64_t lane) const {
    return laneBegin[lane + 1] - laneBegin[lane];
  }
  /// Elements of all lanes together (duplicates counted).
  int64_t getTotalElements() const { return laneBegin.back(); }
  /// Coordinate of the `i`-th element of `lane`.
  ArrayRef<int64_t> getCoordinate(int64_t lane, int64_t i) const {
    return ArrayRef<int64_t>(coords).slice((laneBegin[lane] + i) * getRank(),
                                           getRank());
  }
  /// Vector slot and iteration of the `i`-th element of `lane`.
  int64_t getSlot(int64_t lane, int64_t i) const {
    return slots[laneBegin[lane] + i];
  }
  int64_t getIteration(int64_t lane, int64_t i) const {
    return iterations[laneBegin[lane] + i];
  }
  /// Logical (row-major over the shape) and physical (through strides and
  /// offset) positions of the `i`-th element of `lane`.
  int64_t getLogicalOffset(int64_t lane, int64_t i) const {
    return layout.linearizeLogical(getCoordinate(lane, i));
  }
  int64_t getPhysicalOffset(int64_t lane, int64_t i) const {
    return layout.linearizePhysical(getCoordinate(lane, i));
  }
  /// All coordinates of `lane`, in order.
  SmallVector<SmallVector<int64_t>> getLaneCoordinates(int64_t lane) const;

  /// Smallest box holding every touched element; none when nothing is.
  std::optional<FootprintBox> getBoundingBox() const;
  /// Number of distinct elements the workgroup touches.
  int64_t countDistinctElements() const;
  /// The bounding box when the union of all lanes' elements is exactly that
  /// box (every element in it touched at least once); none otherwise.
  std::optional<FootprintBox> getDenseBox() const;
  /// Whether every touched element lies inside the memref's shape.
  bool isInBounds() const;

private:
  friend class AccessFootprint;

  StaticMemRefLayout layout;
  int64_t numIterations = 1;
  /// Elements of lane `l` are `laneBegin[l]` to `laneBegin[l + 1]`.
  std::vector<int64_t> laneBegin;
  /// `getRank()` coordinates per element.
  std::vector<int64_t> coords;
  std::vector<int32_t> slots;
  std::vector<int32_t> iterations;
};

//===----------------------------------------------------------------------===//
// Cross-lane overlap (hazards)
//===----------------------------------------------------------------------===//

/// How two accesses' footprints overlap, by physical address (for a
/// swizzled tile the same as by logical coordinate: the swizzle is a
/// bijection of each row).
struct LaneOverlap {
  /// Some address is touched by both accesses (by any lanes).
  bool commonAddress = false;
  /// Some address is touched by lane `a` of the first access and lane `b` of
  /// the second with `a != b`.
  bool crossLane = false;
  /// Such a pair exists with `a` and `b` in different waves.
  bool crossWave = false;
  /// A witness of the strongest overlap found (a cross-wave pair if there is
  /// one, else a cross-lane pair, else a common address); -1 when none.
  int64_t laneA = -1, laneB = -1, address = -1;

  /// Every cross-lane pair lies in one wave (vacuously true without any).
  bool allPairsWithinOneWave() const { return !crossWave; }
};

/// Compares two enumerated footprints of accesses to the same memref (the
/// same one twice for the hazards an access has with itself); addresses are
/// physical offsets, lanes are grouped into waves of `waveSize` consecutive
/// linear thread ids.
LaneOverlap computeLaneOverlap(const WorkgroupFootprint &a,
                               const WorkgroupFootprint &b, unsigned waveSize);

/// Enumerates `a` with `bindingsA` and `b` with `bindingsB` (e.g. one loop
/// iteration and the next) and compares them. Fails, with a reason, when the
/// accesses use different memref values or a footprint cannot be enumerated.
FailureOr<LaneOverlap>
computeLaneOverlap(LaneAccessOpInterface a, const FootprintBindings &bindingsA,
                   LaneAccessOpInterface b, const FootprintBindings &bindingsB,
                   unsigned waveSize, std::string *reason = nullptr);
} // namespace mlir::wave

#endif // WAVE_ANALYSIS_FOOTPRINT_WORKGROUPFOOTPRINT_H
