//===- Footprint.h - Per-lane memory footprints of lane accesses -*- C++
//-*-===//
//
// Which memory elements each lane of a workgroup touches through a
// `wave.read` or `wave.write`. Every index operand of an access is classified
// (constant, thread id, workgroup id, loop induction variable, uniform value)
// and the index arithmetic between those "leaves" and the access is composed
// into one affine map from the leaves to the coordinate of the lane's element
// 0. For static shapes that map is enumerated on integers for every lane of
// the workgroup, which gives the exact footprint the passes reason about:
// global load minimization (is the workgroup's footprint a dense box?),
// barrier insertion (do two accesses touch an address from different lanes?)
// and divergence removal (is a load provably in bounds?).
//
// docs/Footprints.md explains the algorithm and its limits.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_FOOTPRINT_H
#define WAVE_ANALYSIS_FOOTPRINT_H

#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace mlir::wave {

//===----------------------------------------------------------------------===//
// Classification of index values
//===----------------------------------------------------------------------===//

/// What an index value is, as far as footprints are concerned.
enum class IndexKind {
  /// Known at compile time (`arith.constant`, arithmetic on constants,
  /// `gpu.block_dim`/`gpu.grid_dim` of a kernel with known sizes).
  Constant,
  /// `gpu.thread_id` along one dimension.
  ThreadId,
  /// `gpu.lane_id`: the linear thread id modulo the wave size.
  LaneId,
  /// `gpu.block_id` along one dimension.
  WorkgroupId,
  /// The induction variable of an `scf.for`.
  LoopInductionVar,
  /// The same for every lane of the workgroup and none of the above: kernel
  /// arguments and values computed by side-effect-free ops only from
  /// constants, workgroup ids, kernel arguments and induction variables of
  /// loops with lane-invariant bounds.
  Uniform,
  /// Affine index arithmetic that footprints compose into the access map
  /// and that differs between lanes: on a thread or lane id (`%tid + 1`) or
  /// on the induction variable of a loop with lane-dependent bounds.
  Derived,
  /// Anything else (loaded values, non-affine arithmetic on thread ids, loop
  /// iteration arguments, ...). An access with such an operand has no
  /// footprint.
  Unknown,
};

/// The classification of one index value.
struct IndexClass {
  IndexKind kind = IndexKind::Unknown;
  /// The value of a `Constant`.
  int64_t constant = 0;
  /// 0, 1, 2 for x, y, z: the dimension of a `ThreadId` or `WorkgroupId`.
  unsigned dim = 0;
  /// `[lowerBound, upperBound)` by `step` of a `LoopInductionVar` whose loop
  /// has constant bounds and step; all unset otherwise ("unknown range").
  std::optional<int64_t> lowerBound = std::nullopt, upperBound = std::nullopt,
                         step = std::nullopt;

  /// Whether this is a loop induction variable with a constant range.
  bool hasStaticRange() const {
    return kind == IndexKind::LoopInductionVar && lowerBound && upperBound &&
           step;
  }
  /// Iterations of a loop with a static range (0 for an empty range); only
  /// valid when `hasStaticRange()`.
  int64_t getTripCount() const;

  void print(raw_ostream &os) const;
  bool operator==(const IndexClass &other) const;
};

raw_ostream &operator<<(raw_ostream &os, const IndexClass &indexClass);

/// Classifies `value` (of index or integer type) as a whole: a thread, lane
/// or workgroup id or a loop induction variable when it is exactly one, else
/// `Constant` when index arithmetic folds it to a constant, `Uniform` when it
/// is lane-invariant, `Derived` when it is affine index arithmetic that
/// footprints look through, and `Unknown` otherwise. Sizes come from the
/// enclosing `gpu.func` (`known_block_size`, `known_grid_size`).
IndexClass classifyIndex(Value value);

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

//===----------------------------------------------------------------------===//
// Footprint of one access
//===----------------------------------------------------------------------===//

/// An input of a footprint map: a thread id, workgroup id, loop induction
/// variable or uniform value (never a constant, lane id or derived value:
/// those are composed into the map).
struct FootprintLeaf {
  IndexClass indexClass;
  /// The induction variable or uniform value (the key of a binding); for a
  /// thread or workgroup id, one of the ops producing it, or null when the
  /// access uses the id only through `gpu.lane_id`.
  Value value;
};

/// Values for the leaves of a footprint when it is enumerated.
struct FootprintBindings {
  /// `gpu.block_id` x, y, z.
  std::array<int64_t, 3> workgroupId = {0, 0, 0};
  /// Uniform values and loop induction variables fixed to one value. A loop
  /// induction variable left out is enumerated over its whole static range;
  /// a uniform value left out makes enumeration fail.
  llvm::DenseMap<Value, int64_t> values;
  /// Loop induction variables with a static range, not in `values`,
  /// enumerated over only their first iterations: at most this many, from
  /// the lower bound (a caller that knows the footprint repeats).
  llvm::DenseMap<Value, int64_t> firstIterations;

  FootprintBindings &bind(Value value, int64_t x) {
    values[value] = x;
    return *this;
  }
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

class WorkgroupFootprint;

/// The footprint of one `wave.read`/`wave.write`: an affine map from leaves
/// to the coordinate of a lane's element 0. Element `i` of the lane's vector
/// sits `i` positions further along `getContiguousDim()`.
class AccessFootprint {
public:
  /// Builds the footprint of `access`, composing the index arithmetic that
  /// defines its operands (`arith.addi`, `subi`, `muli` by a constant,
  /// `divui`/`divsi`/`floordivsi`/`ceildivsi`/`remui`/`remsi` by a positive
  /// constant of a provably non-negative value, `index_cast`,
  /// `index_castui`, `affine.apply`) into the access map. Lane-invariant
  /// values that are not affine in the other leaves become uniform leaves.
  /// Fails, with a human-readable reason naming the operand and the op in
  /// `*reason` when given, when an operand depends on a thread id in a way
  /// that is not affine or on an unknown value, when `gpu.lane_id` is used
  /// without a known workgroup and wave size, or when the map divides by a
  /// non-positive constant. Works for dynamic shapes too; only enumeration
  /// needs static ones.
  static FailureOr<AccessFootprint> get(LaneAccessOpInterface access,
                                        std::string *reason = nullptr);

  LaneAccessOpInterface getAccess() const { return access; }
  MemRefType getMemRefType() const { return getAccess().getMemref().getType(); }
  /// Map from the leaves (its dimensions, in `getLeaves()` order) to the
  /// coordinate of element 0.
  AffineMap getMap() const { return map; }
  ArrayRef<FootprintLeaf> getLeaves() const { return leaves; }
  /// Position of the leaf of `kind` (`ThreadId`/`WorkgroupId` with `dim`, or
  /// the leaf whose value is `value`), if the footprint has one.
  std::optional<unsigned> findLeaf(IndexKind kind, unsigned dim) const;
  std::optional<unsigned> findLeaf(Value value) const;
  /// Whether some coordinate really varies with a leaf of `kind`.
  bool dependsOn(IndexKind kind) const;

  unsigned getContiguousDim() const { return contiguousDim; }
  int64_t getVectorSize() const { return enabledSlots.size(); }
  /// For each vector slot, whether the access may touch it: false only for
  /// slots a constant mask disables (a non-constant mask enables all).
  ArrayRef<bool> getEnabledSlots() const { return enabledSlots; }
  /// Whether the mask is not a constant (so the footprint over-approximates).
  bool hasNonConstantMask() const { return nonConstantMask; }

  /// Sizes from the enclosing `gpu.func` and its `wave.kernel` attribute.
  std::optional<std::array<int64_t, 3>> getWorkgroupSize() const {
    return workgroupSize;
  }
  std::optional<std::array<int64_t, 3>> getGridSize() const { return gridSize; }
  std::optional<unsigned> getWaveSize() const { return waveSize; }

  /// Enumerates the elements every lane of one workgroup touches, with the
  /// leaves fixed by `bindings` (loop induction variables not bound are
  /// enumerated over their static range). Needs a static memref layout (a
  /// row-major memref with dynamic extents is enumerated as if each were
  /// 2^20: coordinates are exact, physical offsets and `isInBounds` are
  /// those of that stand-in), the
  /// workgroup size, a binding for every uniform leaf and for every
  /// induction variable without a static range; fails with a reason
  /// otherwise, or when the footprint exceeds 2^26 elements. Evaluates the
  /// map on integers, building no IR.
  FailureOr<WorkgroupFootprint>
  enumerate(const FootprintBindings &bindings = FootprintBindings(),
            std::string *reason = nullptr) const;

  /// True only when every element any lane may touch — in every iteration
  /// of the enclosing loops, in every workgroup of `known_grid_size` (or of
  /// any grid when no coordinate depends on a workgroup id) — lies inside
  /// the memref's static shape. Exact, whatever the trip counts: it asks the
  /// symbolic footprint (SymbolicFootprint.h) whether an execution touches
  /// an element outside the shape. False when a coordinate depends on a
  /// uniform value or an unbounded range, or the shape is dynamic; a
  /// non-constant mask counts as enabling every slot. `*reason` says why
  /// when it is false.
  bool isProvablyInBounds(std::string *reason = nullptr) const;

private:
  AccessFootprint(LaneAccessOpInterface access) : access(access) {}

  LaneAccessOpInterface access;
  AffineMap map;
  SmallVector<FootprintLeaf> leaves;
  unsigned contiguousDim = 0;
  SmallVector<bool> enabledSlots;
  bool nonConstantMask = false;
  std::optional<std::array<int64_t, 3>> workgroupSize;
  std::optional<std::array<int64_t, 3>> gridSize;
  std::optional<unsigned> waveSize;
};

/// Shorthand for `AccessFootprint::get(access)` followed by
/// `isProvablyInBounds`; false (with the reason) when there is no footprint.
bool isProvablyInBounds(LaneAccessOpInterface access,
                        std::string *reason = nullptr);

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

#endif // WAVE_ANALYSIS_FOOTPRINT_H
