//===- IndexClassification.h - What an index value is -------------*- C++
//-*-===//
//
// Every index operand of a lane access is classified (constant, thread id,
// lane id, workgroup id, loop induction variable, uniform value, derived
// value): the leaves of its footprint are the values of the first kinds.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_FOOTPRINT_INDEXCLASSIFICATION_H
#define WAVE_ANALYSIS_FOOTPRINT_INDEXCLASSIFICATION_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"

#include <optional>

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

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_FOOTPRINT_INDEXCLASSIFICATION_H
