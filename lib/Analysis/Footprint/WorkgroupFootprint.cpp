//===- WorkgroupFootprint.cpp - Queries on enumerated footprints ----------===//
//
// Layout arithmetic, the union of a workgroup's footprint (dense boxes) and
// the cross-lane overlap of two footprints that hazard analysis asks for.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/WorkgroupFootprint.h"

#include "AffineIntegers.h"
#include "IndexComposition.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::wave;
using mlir::wave::detail::addClamped;
using mlir::wave::detail::mulClamped;

//===----------------------------------------------------------------------===//
// StaticMemRefLayout
//===----------------------------------------------------------------------===//

FailureOr<StaticMemRefLayout> StaticMemRefLayout::get(MemRefType type,
                                                      SwizzleAttr swizzle) {
  StaticMemRefLayout layout;
  layout.swizzle = swizzle;
  if (!type.hasStaticShape() ||
      failed(type.getStridesAndOffset(layout.strides, layout.offset)) ||
      ShapedType::isDynamic(layout.offset) ||
      llvm::any_of(layout.strides, ShapedType::isDynamic))
    return failure();
  layout.shape = llvm::to_vector(type.getShape());
  return layout;
}

int64_t StaticMemRefLayout::linearizeLogical(ArrayRef<int64_t> coord) const {
  int64_t position = 0;
  for (auto [index, extent] : llvm::zip_equal(coord, shape))
    position = addClamped(mulClamped(position, extent), index);
  return position;
}

int64_t StaticMemRefLayout::linearizePhysical(ArrayRef<int64_t> coord) const {
  int64_t position = offset;
  for (auto [index, stride] : llvm::zip_equal(coord, strides))
    position = addClamped(position, mulClamped(index, stride));
  if (swizzle) {
    int64_t column = coord.back();
    position += swizzle.apply(coord[coord.size() - 2], column) - column;
  }
  return position;
}

bool StaticMemRefLayout::contains(ArrayRef<int64_t> coord) const {
  return llvm::all_of(llvm::zip_equal(coord, shape), [](auto pair) {
    auto [index, extent] = pair;
    return index >= 0 && index < extent;
  });
}

int64_t FootprintBox::getNumElements() const {
  int64_t count = 1;
  for (int64_t extent : extents)
    count = mulClamped(count, extent);
  return count;
}

//===----------------------------------------------------------------------===//
// WorkgroupFootprint
//===----------------------------------------------------------------------===//

SmallVector<SmallVector<int64_t>>
WorkgroupFootprint::getLaneCoordinates(int64_t lane) const {
  SmallVector<SmallVector<int64_t>> result;
  for (int64_t i = 0, e = getNumElements(lane); i < e; ++i)
    result.push_back(llvm::to_vector(getCoordinate(lane, i)));
  return result;
}

std::optional<FootprintBox> WorkgroupFootprint::getBoundingBox() const {
  if (getTotalElements() == 0)
    return std::nullopt;
  unsigned rank = getRank();
  SmallVector<int64_t> lo(coords.begin(), coords.begin() + rank);
  SmallVector<int64_t> hi = lo;
  for (size_t i = 0; i < coords.size(); i += rank) {
    for (unsigned r = 0; r < rank; ++r) {
      lo[r] = std::min(lo[r], coords[i + r]);
      hi[r] = std::max(hi[r], coords[i + r]);
    }
  }
  FootprintBox box;
  box.lowerBounds = lo;
  for (unsigned r = 0; r < rank; ++r)
    box.extents.push_back(hi[r] - lo[r] + 1);
  return box;
}

/// The number of elements of `box`, if at most `limit`.
static std::optional<int64_t> getVolumeUpTo(const FootprintBox &box,
                                            int64_t limit) {
  int64_t volume = 1;
  for (int64_t extent : box.extents) {
    if (volume > limit / extent)
      return std::nullopt;
    volume *= extent;
  }
  return volume;
}

int64_t WorkgroupFootprint::countDistinctElements() const {
  std::optional<FootprintBox> box = getBoundingBox();
  if (!box)
    return 0;
  unsigned rank = getRank();
  // A bitmap over the box when it is not much larger than the footprint (the
  // common case: tiles), a hash set of coordinates otherwise.
  int64_t bitmapLimit = std::max<int64_t>(8 * getTotalElements(), 1 << 16);
  if (std::optional<int64_t> volume = getVolumeUpTo(*box, bitmapLimit)) {
    llvm::BitVector seen(*volume);
    for (size_t i = 0; i < coords.size(); i += rank) {
      int64_t position = 0;
      for (unsigned r = 0; r < rank; ++r)
        position =
            position * box->extents[r] + (coords[i + r] - box->lowerBounds[r]);
      seen.set(position);
    }
    return seen.count();
  }
  llvm::DenseSet<ArrayRef<int64_t>> seen;
  for (size_t i = 0; i < coords.size(); i += rank)
    seen.insert(ArrayRef<int64_t>(coords).slice(i, rank));
  return seen.size();
}

std::optional<FootprintBox> WorkgroupFootprint::getDenseBox() const {
  std::optional<FootprintBox> box = getBoundingBox();
  if (!box)
    return std::nullopt;
  // A box with more elements than were touched cannot be covered.
  std::optional<int64_t> volume = getVolumeUpTo(*box, getTotalElements());
  if (!volume || countDistinctElements() != *volume)
    return std::nullopt;
  return box;
}

bool WorkgroupFootprint::isInBounds() const {
  unsigned rank = getRank();
  for (size_t i = 0; i < coords.size(); i += rank)
    if (!layout.contains(ArrayRef<int64_t>(coords).slice(i, rank)))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Cross-lane overlap
//===----------------------------------------------------------------------===//

namespace {
/// Which lanes of the first footprint touch one address: the first lane, one
/// other lane and one lane of another wave than the first (-1 if none).
struct AddressLanes {
  int64_t lane = -1;
  int64_t otherLane = -1;
  int64_t otherWaveLane = -1;
};
} // namespace

LaneOverlap mlir::wave::computeLaneOverlap(const WorkgroupFootprint &a,
                                           const WorkgroupFootprint &b,
                                           unsigned waveSize) {
  assert(waveSize > 0 && "waves have lanes");
  llvm::DenseMap<int64_t, AddressLanes> lanesOf;
  for (int64_t lane = 0, e = a.getNumLanes(); lane < e; ++lane) {
    for (int64_t i = 0, n = a.getNumElements(lane); i < n; ++i) {
      AddressLanes &entry = lanesOf[a.getPhysicalOffset(lane, i)];
      if (entry.lane == -1) {
        entry.lane = lane;
        continue;
      }
      if (lane == entry.lane)
        continue;
      if (entry.otherLane == -1)
        entry.otherLane = lane;
      if (entry.otherWaveLane == -1 && lane / waveSize != entry.lane / waveSize)
        entry.otherWaveLane = lane;
    }
  }

  LaneOverlap overlap;
  auto witness = [&](int64_t laneA, int64_t laneB, int64_t address) {
    overlap.laneA = laneA;
    overlap.laneB = laneB;
    overlap.address = address;
  };
  for (int64_t laneB = 0, e = b.getNumLanes(); laneB < e; ++laneB) {
    int64_t waveB = laneB / waveSize;
    for (int64_t i = 0, n = b.getNumElements(laneB); i < n; ++i) {
      int64_t address = b.getPhysicalOffset(laneB, i);
      auto it = lanesOf.find(address);
      if (it == lanesOf.end())
        continue;
      const AddressLanes &entry = it->second;
      if (!overlap.commonAddress) {
        overlap.commonAddress = true;
        witness(entry.lane, laneB, address);
      }
      int64_t otherLane = entry.lane != laneB ? entry.lane : entry.otherLane;
      if (otherLane == -1)
        continue;
      if (!overlap.crossLane) {
        overlap.crossLane = true;
        witness(otherLane, laneB, address);
      }
      // A lane of another wave than `laneB`: the first one, or else one in
      // another wave than the first (which shares `laneB`'s wave).
      int64_t otherWave =
          entry.lane / waveSize != waveB ? entry.lane : entry.otherWaveLane;
      if (otherWave == -1)
        continue;
      overlap.crossWave = true;
      witness(otherWave, laneB, address);
      return overlap;
    }
  }
  return overlap;
}

FailureOr<LaneOverlap> mlir::wave::computeLaneOverlap(
    LaneAccessOpInterface a, const FootprintBindings &bindingsA,
    LaneAccessOpInterface b, const FootprintBindings &bindingsB,
    unsigned waveSize, std::string *reason) {
  if (a.getMemref() != b.getMemref())
    return decline(reason, detail::describeOp(a.getOperation()) + " and " +
                               detail::describeOp(b.getOperation()) +
                               " access different memrefs");
  FailureOr<AccessFootprint> footprintA = AccessFootprint::get(a, reason);
  if (failed(footprintA))
    return failure();
  FailureOr<AccessFootprint> footprintB = AccessFootprint::get(b, reason);
  if (failed(footprintB))
    return failure();
  FailureOr<WorkgroupFootprint> lanesA =
      footprintA->enumerate(bindingsA, reason);
  if (failed(lanesA))
    return failure();
  FailureOr<WorkgroupFootprint> lanesB =
      footprintB->enumerate(bindingsB, reason);
  if (failed(lanesB))
    return failure();
  return computeLaneOverlap(*lanesA, *lanesB, waveSize);
}
