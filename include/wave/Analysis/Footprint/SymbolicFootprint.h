//===- SymbolicFootprint.h - Footprints as integer relations ----*- C++ -*-===//
//
// The footprint of a lane access as a Presburger relation instead of a list
// of elements: the thread ids, workgroup ids, loop iteration numbers and
// uniform values an execution of the access depends on are integer
// variables with their bounds, the address of the touched element is an
// affine form over them (floordiv and mod become local variables), and the
// `scf.if` conditions around the access constrain them. Queries are
// emptiness questions on such systems, answered exactly by MLIR's
// Presburger library, so their cost does not depend on trip counts or
// workgroup sizes:
//
//  * two executions touch a common address from lanes in different groups
//    of consecutive lanes (hazards, cross-lane and cross-wave overlap), with
//    the iterations of every loop related by a dependence distance (the same
//    iteration, iteration k and k + d, or k and any later one);
//  * every element any execution touches lies inside the memref (bounds
//    proofs).
//
// docs/Footprints.md explains the model and its limits.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_SYMBOLICFOOTPRINT_H
#define WAVE_ANALYSIS_SYMBOLICFOOTPRINT_H

#include "wave/Analysis/Footprint.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::wave {

/// How the iterations of one loop relate between two executions: the second
/// execution's iteration number minus the first's lies in `[min, max]`
/// (`max` unset: unbounded).
struct IterationDistance {
  int64_t min = 0;
  std::optional<int64_t> max = 0;

  static IterationDistance same() { return {0, 0}; }
  static IterationDistance exactly(int64_t d) { return {d, d}; }
  static IterationDistance atLeast(int64_t d) { return {d, std::nullopt}; }
};

/// The relation of the iterations of `loop` (an `scf.for` or `scf.while`
/// around an access) between two executions; none when they are unrelated.
using IterationRelationFn =
    function_ref<std::optional<IterationDistance>(Operation *loop)>;

/// Which pairs of lanes a pair query counts.
struct LanePairs {
  /// 0: any two lanes, the same one included; otherwise lanes in different
  /// groups of `groupSize` consecutive linear thread ids (1: different lanes,
  /// the wave size: different waves).
  unsigned groupSize = 0;

  static LanePairs any() { return {0}; }
  static LanePairs differentLanes() { return {1}; }
  static LanePairs differentGroups(unsigned size) { return {size}; }
};

/// A pair of executions two footprints have in common, from a pair query.
struct FootprintWitness {
  int64_t laneA = -1, laneB = -1;
  /// Physical element offset of the common address.
  int64_t address = -1;
};

/// The symbolic footprint of one `wave.read`/`wave.write` or `memref.load`
/// / `memref.store`: which elements the lanes of a workgroup touch in every
/// iteration of the loops around it, in every workgroup.
class SymbolicFootprint {
public:
  /// Builds the footprint of `op`. Fails, saying why in `*reason`, when an
  /// index is not affine in thread ids, workgroup ids, loop induction
  /// variables and uniform values (a shift, a product of two lane-dependent
  /// values, a loaded value). Conditions of enclosing `scf.if`s that are
  /// comparisons (and `and`/`or`/`xor` of comparisons) of such affine values
  /// restrict the lanes and iterations; other conditions are dropped, so the
  /// footprint over-approximates (`getInexactGuards` counts them).
  static FailureOr<SymbolicFootprint> get(Operation *op,
                                          std::string *reason = nullptr);

  SymbolicFootprint(SymbolicFootprint &&);
  SymbolicFootprint &operator=(SymbolicFootprint &&);
  ~SymbolicFootprint();

  Operation *getOp() const;
  Value getMemref() const;
  MemRefType getMemRefType() const;
  /// Conditions around the access that do not restrict the footprint.
  unsigned getInexactGuards() const;

  /// Whether no lane executes the access in any iteration.
  bool isEmpty() const;

  /// True only when every element any execution may touch lies inside the
  /// memref's shape: its static extents, and the dynamic ones `wave.dims`
  /// binds to kernel arguments, under the kernel's `wave.assume`;
  /// `*reason` says why not otherwise (the range of the offending
  /// coordinate, or the leaf that leaves it unbounded). A non-constant mask
  /// counts as enabling every slot. A `bounded` access is in bounds, unless
  /// `ignoreBounded` asks whether it would be without skipping elements.
  bool isProvablyInBounds(std::string *reason = nullptr,
                          bool ignoreBounded = false) const;

  /// True only when, in every execution, the elements the access's slots
  /// address lie all inside or all outside the memref's shape along its
  /// contiguous dimension (extents under the kernel's `wave.assume`), so a
  /// `bounded` access skips whole vectors: the all-or-nothing out-of-range
  /// behaviour of a buffer access then agrees with skipping elements.
  /// Guards around the access restrict the executions; `*reason` says why
  /// not otherwise.
  bool isWholeOrNothing(std::string *reason = nullptr) const;

  /// The element every execution touches, when it is one constant
  /// coordinate; with `laneDim`, the coordinate minus the linear thread id
  /// along that dimension (`buf[t + 2]` gives {2}). None when executions
  /// touch different elements or none executes. Decided on integers at a
  /// cost independent of lanes and trip counts, with loop bounds and extents
  /// under the kernel's `wave.assume`. `ignoreGuards` asks about every lane,
  /// as if the conditions around the access held. Fails, saying why in
  /// `*reason`, when the address is not affine or (with `laneDim`) the
  /// workgroup size is unknown.
  FailureOr<std::optional<SmallVector<int64_t>>>
  getFixedElement(std::optional<unsigned> laneDim = std::nullopt,
                  bool ignoreGuards = false,
                  std::string *reason = nullptr) const;

  /// The access's map, leaves, guards and loops, for the queries below.
  class Impl;
  const Impl &getImpl() const { return *impl; }

private:
  explicit SymbolicFootprint(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

/// Whether an execution of `a` and an execution of `b` touch a common
/// physical address (element offset in the allocation of their memref, so
/// both must view the same one with a static layout) from lanes `lanes`
/// counts, with the iterations of each loop related as `relationOf` says.
/// Workgroup ids are the same in both executions (one workgroup's memory);
/// a uniform value is the same when it is computed outside every loop whose
/// iterations may differ. Returns a witness when they do. Fails, with a
/// reason, when a layout is not static or the workgroup size is unknown.
FailureOr<std::optional<FootprintWitness>>
findCommonAddress(const SymbolicFootprint &a, const SymbolicFootprint &b,
                  IterationRelationFn relationOf, LanePairs lanes,
                  std::string *reason = nullptr);

/// `findCommonAddress` with its answers remembered by the structure of the
/// question (the two footprints' maps, leaves, guards, slots, memref types
/// and kernel sizes, the bounds of each loop around them and its relation,
/// the lane pairs): kernels repeat the same accesses many times (an
/// unrolled loop, a pipeline of stages), and the same question has the same
/// answer. Values and ops enter a key by their order of first appearance in
/// it, not by identity, so one cache serves a kernel and its clones (load
/// minimization asks about restaged copies) and stays valid when ops are
/// erased.
class CommonAddressCache {
public:
  FailureOr<std::optional<FootprintWitness>>
  find(const SymbolicFootprint &a, const SymbolicFootprint &b,
       IterationRelationFn relationOf, LanePairs lanes);
  /// The questions answered so far.
  unsigned getNumAnswers() const { return answers.size(); }

private:
  llvm::StringMap<FailureOr<std::optional<FootprintWitness>>> answers;
};

/// Bounds, per dimension of its memref, on the coordinates of the elements
/// every execution of an access touches (all lanes, all iterations, every
/// workgroup), from the rational relaxation of its system: a box around its
/// footprint, at the cost of two simplex optimizations a dimension, that
/// pair queries use to skip pairs whose boxes are apart.
struct CoordinateBounds {
  /// Per dimension; none where the relaxation is unbounded.
  SmallVector<std::optional<int64_t>> lower, upper;
  /// No execution at all (not even a rational one).
  bool empty = false;

  /// Whether the two boxes (of accesses to one memref, so one rank and
  /// layout) may share a coordinate.
  bool mayMeet(const CoordinateBounds &other) const;
};

/// The `CoordinateBounds` of `footprint`; fails when an address is not
/// affine or overflows.
FailureOr<CoordinateBounds>
findCoordinateBounds(const SymbolicFootprint &footprint);

/// `LaneOverlap` of two accesses to the same memref by pair queries: a
/// common address, a cross-lane and a cross-wave pair of executions.
FailureOr<LaneOverlap> computeSymbolicOverlap(const SymbolicFootprint &a,
                                              const SymbolicFootprint &b,
                                              IterationRelationFn relationOf,
                                              unsigned waveSize,
                                              std::string *reason = nullptr);

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

/// How the writes of a copy place the elements its reads read.
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
/// kernel's `wave.assume` allows kernel argument `arg` (1 without
/// assumptions): `n mod 64 == 0` gives 64 for `n`.
int64_t getKnownDivisor(BlockArgument arg, int64_t limit = 1 << 12);

/// The largest value the kernel's `wave.assume` allows kernel argument
/// `arg`; none when it allows values past 2^40 (unbounded) or none at all.
std::optional<int64_t> getKnownUpperBound(BlockArgument arg);

/// True only when `loop` (an `scf.for` of signed bounds affine in kernel
/// arguments, workgroup and thread ids, and a positive constant step) runs
/// at least `count` iterations in every launch the kernel's `wave.assume`
/// allows; `*reason` says why not otherwise.
bool isTripCountAtLeast(scf::ForOp loop, int64_t count,
                        std::string *reason = nullptr);

/// The value of `cmp` in every launch the kernel's `wave.assume` allows,
/// when its operands are index values affine in the kernel's arguments
/// (sizes, `memref.dim` of a memref `wave.dims` binds) and that value is
/// the same in all of them; none otherwise, and in a kernel without
/// `wave.assume`.
std::optional<bool> getComparisonUnderAssumptions(arith::CmpIOp cmp);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_SYMBOLICFOOTPRINT_H
