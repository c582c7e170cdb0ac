//===- Assumptions.h - What every launch of a kernel guarantees -*- C++ -*-===//
//
// `wave.assume` on a `gpu.func` kernel is an `affine_set` whose dimension `i`
// is the kernel's argument `i`: constraints on the run-time values (sizes,
// trip counts) that every launch satisfies, such as
// `affine_set<(a, n) : (n mod 128 == 0, n - 128 >= 0)>`. Only index and
// integer arguments may be constrained; the dialect verifies the arity and
// the types, and the footprint analysis adds the constraints to its queries.
//
// `wave.dims` on a dynamically shaped memref argument of a kernel names, for
// each of its dynamic dimensions in order, the index argument that holds the
// extent: `%A: memref<?x?xf16> {wave.dims = array<i64: 3, 4>}` has
// `%arg3` rows and `%arg4` columns. The memref is row-major (identity
// layout), so its strides follow from the extents. The sizes are ordinary
// kernel arguments: `wave.assume` constrains them, the analyses use them as
// the memref's extents, and the lowering passes them as kernel arguments
// beside the memref's bare pointer.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_ASSUMPTIONS_H
#define WAVE_DIALECT_WAVE_IR_ASSUMPTIONS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::wave {

/// Name of the discardable kernel attribute holding the assumptions.
inline constexpr llvm::StringLiteral kAssumeAttrName = "wave.assume";

/// Name of the argument attribute binding a memref's dynamic extents to
/// index arguments.
inline constexpr llvm::StringLiteral kDimsAttrName = "wave.dims";

/// The argument numbers `wave.dims` names for argument `arg` of `kernel`,
/// one per dynamic dimension (empty when the attribute is absent).
ArrayRef<int64_t> getDimBindings(gpu::GPUFuncOp kernel, unsigned arg);

/// The kernel argument that holds extent `dim` of `memref` when `memref` is
/// a kernel argument whose extent `dim` is dynamic and bound by
/// `wave.dims`; null otherwise.
BlockArgument getSizeArgument(Value memref, unsigned dim);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_ASSUMPTIONS_H
