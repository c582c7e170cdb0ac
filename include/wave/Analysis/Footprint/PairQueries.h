//===- PairQueries.h - Two executions of two accesses -----------*- C++ -*-===//
//
// Pair queries on symbolic footprints: whether two executions (of one
// access or two) touch a common address from lanes of different groups,
// with the iterations of every loop related by a dependence distance; the
// boxes that let callers skip pairs that never meet; and the cross-lane,
// cross-wave overlap of two accesses that hazards are made of.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_FOOTPRINT_PAIRQUERIES_H
#define WAVE_ANALYSIS_FOOTPRINT_PAIRQUERIES_H

#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"

#include "llvm/ADT/StringMap.h"

#include <memory>

namespace mlir::wave {

namespace detail {
class SamplePool;
} // namespace detail

/// A pair of executions two footprints have in common, from a pair query.
struct FootprintWitness {
  int64_t laneA = -1, laneB = -1;
  /// Physical element offset of the common address.
  int64_t address = -1;
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

/// Whether `findCommonAddress` finds a witness (the same answer and
/// failures), decided without computing the witness it would return: any
/// integer point will do, which a branch and bound on the rational
/// relaxation usually finds long before the full search. With `pool`, the
/// points of earlier questions are tried first and the one found is kept,
/// and the question fails when the pool's full searches are spent before
/// it is decided.
FailureOr<bool> hasCommonAddress(const SymbolicFootprint &a,
                                 const SymbolicFootprint &b,
                                 IterationRelationFn relationOf,
                                 LanePairs lanes, std::string *reason = nullptr,
                                 detail::SamplePool *pool = nullptr);

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
  CommonAddressCache();
  CommonAddressCache(CommonAddressCache &&);
  CommonAddressCache &operator=(CommonAddressCache &&);
  ~CommonAddressCache();

  FailureOr<std::optional<FootprintWitness>>
  find(const SymbolicFootprint &a, const SymbolicFootprint &b,
       IterationRelationFn relationOf, LanePairs lanes);
  /// Whether `find` would give a witness (`hasCommonAddress`), from its
  /// answer when it has one; these answers are kept apart, so that `find`
  /// still gives the witness of the full search.
  FailureOr<bool> contains(const SymbolicFootprint &a,
                           const SymbolicFootprint &b,
                           IterationRelationFn relationOf, LanePairs lanes);
  /// The questions answered so far.
  unsigned getNumAnswers() const { return answers.size() + existence.size(); }
  /// The `contains` questions a point of an earlier one answered.
  unsigned getNumAnsweredByKeptPoints() const;
  /// The `contains` questions that failed because the cache's integer
  /// searches were spent (`detail::SamplePool`): the caller's conservative
  /// answer stands for each.
  unsigned getNumUndecided() const;
  /// The full integer searches a cache allows before questions may be left
  /// undecided.
  static unsigned getFullSearchBudget();
  /// "N pair question(s) left undecided after B full integer searches", for
  /// the remarks of passes whose decision such questions took.
  static std::string describeUndecided(unsigned count);

private:
  llvm::StringMap<FailureOr<std::optional<FootprintWitness>>> answers;
  llvm::StringMap<FailureOr<bool>> existence;
  /// The pairs `contains` found, tried on later questions first.
  std::unique_ptr<detail::SamplePool> pool;
};

/// Bounds, per dimension of its memref, on the coordinates of the elements
/// every execution of an access touches (all lanes, all iterations, every
/// workgroup), from the rational relaxation of its system: a box around its
/// footprint, at the cost of two simplex optimizations a dimension, that
/// pair queries use to skip pairs whose boxes are apart. A box also holds,
/// a dimension, the congruence every coordinate of the footprint satisfies
/// (rows `8 q + 1` of a transposed staging never meet rows `8 q`, though
/// their boxes do).
struct CoordinateBounds {
  /// Per dimension; none where the relaxation is unbounded.
  SmallVector<std::optional<int64_t>> lower, upper;
  /// Per dimension, every coordinate is `residue` modulo `modulus` (the gcd
  /// of its integer coefficients); a modulus of 0 or 1 says nothing.
  SmallVector<int64_t> modulus, residue;
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

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_FOOTPRINT_PAIRQUERIES_H
