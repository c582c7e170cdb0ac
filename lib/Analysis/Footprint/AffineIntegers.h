//===- AffineIntegers.h - Affine expressions evaluated on integers -*- C++ -*-//
//
// Footprints evaluate their maps millions of times per query, so they walk
// the affine expression directly on integers instead of folding IR. Interval
// evaluation gives sound bounds where enumerating is too costly and proves
// dividends non-negative while index arithmetic is composed.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_ANALYSIS_AFFINEINTEGERS_H
#define WAVE_LIB_ANALYSIS_AFFINEINTEGERS_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace mlir::wave::detail {

/// `a + b` and `a * b` clamped to int64_t's range. A kernel's constants can
/// take an index past it; clamped, the index stays outside every memref,
/// where wrapping around could bring it back inside.
int64_t addClamped(int64_t a, int64_t b);
int64_t mulClamped(int64_t a, int64_t b);

/// Value of a pure affine `expr` (dimensions only, positive divisors) with
/// dimension `i` set to `dims[i]`; floordiv, ceildiv and mod round as affine
/// expressions do; sums and products clamp.
int64_t evaluate(AffineExpr expr, ArrayRef<int64_t> dims);

/// A set of integers `[lo, hi]`; a missing bound is unbounded.
struct Interval {
  std::optional<int64_t> lo, hi;

  static Interval point(int64_t x) { return {x, x}; }
  static Interval unbounded() { return {}; }
  bool isNonNegative() const { return lo && *lo >= 0; }
};

/// Sound bounds of `expr` when dimension `i` ranges over `dims[i]`; a bound
/// past int64_t's range is dropped.
Interval evaluateInterval(AffineExpr expr, ArrayRef<Interval> dims);

/// Whether every floordiv, ceildiv and mod in `expr` divides by a positive
/// constant (what `evaluate` and the interval rules assume).
bool hasPositiveDivisors(AffineExpr expr);

} // namespace mlir::wave::detail

#endif // WAVE_LIB_ANALYSIS_AFFINEINTEGERS_H
