//===- Canonicalize.h - wave-canonicalize's pattern list ---------*- C++
//-*-===//
//
// wave-canonicalize runs upstream canonicalize's patterns with one of them,
// scf.if condition propagation, guarded so that it is tried only where it
// can act. The guard finds the upstream pattern by its debug name; the unit
// test checks that it still does, since a renamed pattern would leave the
// pass correct but quadratic again.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_CANONICALIZE_H
#define WAVE_DIALECT_WAVE_TRANSFORMS_CANONICALIZE_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::wave {

/// Replaces upstream's scf.if condition propagation in `patterns`, in its
/// place, by the same pattern tried only when an op inside the if uses the
/// condition. Returns how many patterns it replaced.
unsigned guardConditionPropagation(RewritePatternSet &patterns);

/// Adds the folds of run-time sizes that a static twin's constants get from
/// upstream's folders: `memref.dim` of an extent `wave.dims` binds becomes
/// its size argument, and an `arith.cmpi` of sizes that the kernel's
/// `wave.assume` decides becomes that constant.
void populateSizeFoldingPatterns(RewritePatternSet &patterns);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_CANONICALIZE_H
