//===- LoopFacts.h - The bounds of the loops around accesses ----*- C++ -*-===//
//
// The one place that composes the bounds of an `scf.for` over footprint
// leaves: index classification takes constant ranges from it, symbolic
// footprints take the iteration variables of their executions, and trip
// count questions take the bounds they decide under `wave.assume`.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_FOOTPRINT_LOOPFACTS_H
#define WAVE_ANALYSIS_FOOTPRINT_LOOPFACTS_H

#include "wave/Analysis/Footprint/AccessFootprint.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <string>

namespace mlir::wave {

/// The bounds and step of an `scf.for`, composed as affine expressions over
/// one list of footprint leaves (dimension `i` is `leaves[i]`).
struct LoopBounds {
  SmallVector<FootprintLeaf> leaves;
  /// Failure where the value is not affine in thread ids, workgroup ids,
  /// loop induction variables and uniform values.
  FailureOr<AffineExpr> lower = failure(), upper = failure(), step = failure();
  /// What composing said of the last of lower bound, upper bound and step
  /// that failed, in that order; empty when none did.
  std::string reason;
  /// Whether the loop compares its induction variable unsigned.
  bool unsignedCmp = false;

  /// The step, when it is a positive constant.
  std::optional<int64_t> getPositiveStep() const;
};

/// The bounds of `loop`, with the sizes of the enclosing `gpu.func`.
LoopBounds composeLoopBounds(scf::ForOp loop);

/// True only when `loop` (an `scf.for` of signed bounds affine in kernel
/// arguments, workgroup and thread ids, and a positive constant step) runs
/// at least `count` iterations in every launch the kernel's `wave.assume`
/// allows; `*reason` says why not otherwise.
bool isTripCountAtLeast(scf::ForOp loop, int64_t count,
                        std::string *reason = nullptr);

/// True only when `loop` (as for `isTripCountAtLeast`) runs at most `count`
/// iterations in every launch the kernel's `wave.assume` allows; `*reason`
/// says why not otherwise.
bool isTripCountAtMost(scf::ForOp loop, int64_t count,
                       std::string *reason = nullptr);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_FOOTPRINT_LOOPFACTS_H
