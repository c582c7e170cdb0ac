//===- LoadSafety.h - Which loads may run in every lane ----------*- C++
//-*-===//
//
// Whether a load may be executed by lanes that would not have executed it
// (speculated out of a branch): only when every element it may touch, in
// every lane of every workgroup, lies inside its memref. Out-of-bounds
// accesses are undefined behaviour on the memref, and on the GPU may fault
// or read another buffer.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_STAGING_LOADSAFETY_H
#define WAVE_ANALYSIS_STAGING_LOADSAFETY_H

#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Operation.h"

#include <string>

namespace mlir::wave {

/// Loads upstream's `dataflow::IntegerRangeAnalysis` into `solver`, except
/// that an op whose affine map divides by a non-constant expression (a
/// semi-affine `floordiv`, `ceildiv` or `mod` by a symbol) or by a constant
/// of at most 0 gets unknown result ranges: upstream's inference divides by
/// the divisor's range even when that range is exactly zero, which the
/// verifier cannot rule out for a run-time value (nor, outside `wave`
/// kernels, for a constant).
void loadIntegerRangeAnalysis(DataFlowSolver &solver);

/// Whether `op`, a `wave.read` or `memref.load`, provably touches only
/// elements inside its memref's static shape, in every lane:
///  - `wave.read`: its footprint (`isProvablyInBounds`, exact over thread
///    ids, workgroup ids of `known_grid_size` and static loop ranges);
///  - `memref.load`: the integer ranges of its indices, which `solver` must
///    have computed (`loadIntegerRangeAnalysis` loaded and run; thread
///    and workgroup ids are bounded by the kernel's `known_block_size` and
///    `known_grid_size`).
/// Any other op is not a load this knows. When the answer is false,
/// `*reason` says why.
bool isSafeToSpeculateLoad(Operation *op, const DataFlowSolver &solver,
                           std::string *reason = nullptr);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_STAGING_LOADSAFETY_H
