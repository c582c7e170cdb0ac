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
// workgroup sizes. This header has the footprint and its questions about
// one execution (bounds proofs, a fixed element); PairQueries.h,
// GridQueries.h and TileQueries.h ask about several.
//
// docs/Footprints.md explains the model and its limits.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_FOOTPRINT_SYMBOLICFOOTPRINT_H
#define WAVE_ANALYSIS_FOOTPRINT_SYMBOLICFOOTPRINT_H

#include "wave/Analysis/Footprint/AccessFootprint.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

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

  /// For an access of a swizzled LDS tile whose column is a run the swizzle
  /// moved, `c + shift(row, c)` (the write of a direct-to-LDS copy,
  /// wave/Dialect/Wave/IR/DirectToLds.h): the footprint of the aligned
  /// blocks of `vec * max_phase` columns its runs lie in, which the XOR
  /// permutes among themselves. It holds the access's footprint (equals it
  /// where the lanes of a group write whole blocks) and costs a query one
  /// quotient where the XOR costs a dozen. None for another access.
  static std::optional<SymbolicFootprint> getSwizzleBlockCover(Operation *op);

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

  /// The access's map, leaves, guards and loops, for the queries of
  /// PairQueries.h, GridQueries.h and TileQueries.h.
  class Impl;
  const Impl &getImpl() const { return *impl; }

private:
  explicit SymbolicFootprint(std::unique_ptr<Impl> impl);
  /// `impl` with the loops and guards around its op.
  static SymbolicFootprint finish(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_FOOTPRINT_SYMBOLICFOOTPRINT_H
