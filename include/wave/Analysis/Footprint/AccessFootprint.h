//===- AccessFootprint.h - The footprint map of one lane access -*- C++ -*-===//
//
// Which memory elements each lane of a workgroup touches through a
// `wave.read` or `wave.write`. Every index operand of an access is classified
// (IndexClassification.h) and the index arithmetic between those "leaves" and
// the access is composed into one affine map from the leaves to the coordinate
// of the lane's element 0. For static shapes that map is enumerated on integers
// for every lane of the workgroup (WorkgroupFootprint.h), which gives the exact
// footprint the passes reason about: global load minimization (is the
// workgroup's footprint a dense box?), barrier insertion (do two accesses touch
// an address from different lanes?) and divergence removal (is a load provably
// in bounds?).
//
// docs/Footprints.md explains the algorithm and its limits.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_FOOTPRINT_ACCESSFOOTPRINT_H
#define WAVE_ANALYSIS_FOOTPRINT_ACCESSFOOTPRINT_H

#include "wave/Analysis/Footprint/IndexClassification.h"
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
  /// needs static ones. `map`, when given, replaces the access's own map
  /// (over the same operands).
  static FailureOr<AccessFootprint> get(LaneAccessOpInterface access,
                                        std::string *reason = nullptr,
                                        AffineMap map = AffineMap());

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

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_FOOTPRINT_ACCESSFOOTPRINT_H
