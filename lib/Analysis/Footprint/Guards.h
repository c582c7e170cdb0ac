//===- Guards.h - Branch conditions as affine constraints --------*- C++
//-*-===//
//
// The conditions of the `scf.if`s around an access, as disjunctions of
// conjunctions of affine constraints over the leaves of an index composer:
// a footprint's executions satisfy them.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_ANALYSIS_FOOTPRINT_GUARDS_H
#define WAVE_LIB_ANALYSIS_FOOTPRINT_GUARDS_H

#include "IndexComposition.h"

namespace mlir::wave::detail {

/// `expr == 0` or `expr >= 0`.
struct GuardAtom {
  AffineExpr expr;
  bool equality;
};
using GuardConjunction = SmallVector<GuardAtom, 2>;
using GuardDnf = SmallVector<GuardConjunction, 2>;

/// `condition` (an `i1`) as a disjunction of conjunctions of affine
/// constraints over `composer`'s leaves; `negated` for the condition being
/// false. None when it is not built from constants, comparisons of affine
/// index values, `and`, `or` and `xor`.
std::optional<GuardDnf> buildGuard(Value condition, bool negated,
                                   IndexComposer &composer, unsigned depth = 0);

} // namespace mlir::wave::detail

#endif // WAVE_LIB_ANALYSIS_FOOTPRINT_GUARDS_H
