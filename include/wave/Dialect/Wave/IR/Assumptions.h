//===- Assumptions.h - What every launch of a kernel guarantees -*- C++ -*-===//
//
// `wave.assume` on a `gpu.func` kernel is an `affine_set` whose dimension `i`
// is the kernel's argument `i`: constraints on the run-time values (sizes,
// trip counts) that every launch satisfies, such as
// `affine_set<(a, n) : (n mod 128 == 0, n - 128 >= 0)>`. Only index and
// integer arguments may be constrained; the dialect verifies the arity and
// the types, and the footprint analysis adds the constraints to its queries.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_ASSUMPTIONS_H
#define WAVE_DIALECT_WAVE_IR_ASSUMPTIONS_H

#include "llvm/ADT/StringRef.h"

namespace mlir::wave {

/// Name of the discardable kernel attribute holding the assumptions.
inline constexpr llvm::StringLiteral kAssumeAttrName = "wave.assume";

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_ASSUMPTIONS_H
