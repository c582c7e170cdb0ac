//===- LaunchFacts.h - Facts under a kernel's assumptions -------*- C++ -*-===//
//
// What the kernel's `wave.assume` implies for every launch: divisors and
// upper bounds of its arguments, the value of comparisons of sizes.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_FOOTPRINT_LAUNCHFACTS_H
#define WAVE_ANALYSIS_FOOTPRINT_LAUNCHFACTS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Value.h"

#include <optional>

namespace mlir::wave {

/// kernel's `wave.assume` allows kernel argument `arg` (1 without
/// assumptions): `n mod 64 == 0` gives 64 for `n`.
int64_t getKnownDivisor(BlockArgument arg, int64_t limit = 1 << 12);

/// The smallest and largest values the kernel's `wave.assume` allows kernel
/// argument `arg`; each none where it allows values past -2^40 or 2^40
/// (unbounded), both none where it allows no value at all.
struct KnownBounds {
  std::optional<int64_t> lower, upper;
};
KnownBounds getKnownBounds(BlockArgument arg);

/// The largest value the kernel's `wave.assume` allows kernel argument
/// `arg` (`getKnownBounds(arg).upper`).
std::optional<int64_t> getKnownUpperBound(BlockArgument arg);

/// The value of `cmp` in every launch the kernel's `wave.assume` allows,
/// when its operands are index values affine in the kernel's arguments
/// (sizes, `memref.dim` of a memref `wave.dims` binds) and that value is
/// the same in all of them; none otherwise, and in a kernel without
/// `wave.assume`.
std::optional<bool> getComparisonUnderAssumptions(arith::CmpIOp cmp);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_FOOTPRINT_LAUNCHFACTS_H
