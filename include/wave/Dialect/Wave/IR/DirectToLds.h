//===- DirectToLds.h - The mark of a direct-to-LDS copy ---------*- C++ -*-===//
//
// `wave-direct-to-lds` marks the `wave.write` of an LDS tile whose value a
// global `wave.read` just before it gives, when the pair may be one
// `global_load_lds` (lanes of a wave write consecutive LDS addresses). The
// pair keeps its meaning for every analysis and the interpreter; the lowering
// (`convert-wave-to-amdgpu`) makes it one `amdgpu.gather_to_lds`.
//
// A swizzled tile keeps its lanes' writes consecutive when each lane copies
// the run the swizzle puts where its write would go unswizzled: the swizzle
// moves to the read side (`permuteDirectCopy`).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_DIRECTTOLDS_H
#define WAVE_DIALECT_WAVE_IR_DIRECTTOLDS_H

#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::wave {

/// Unit attribute of a `wave.write` to LDS whose value is the result of the
/// global `wave.read` of its block (only address arithmetic and barriers
/// between them):
/// the two are one direct-to-LDS copy.
inline constexpr llvm::StringLiteral kDirectToLdsAttrName =
    "wave.direct_to_lds";

/// What the swizzle adds to `column` of row `row` (the XOR with the row's
/// mask, as a quasi-affine expression): `column` plus it is the physical
/// column of a logical one and, the XOR being its own inverse, the logical
/// column a physical one holds.
AffineExpr getSwizzleShiftExpr(SwizzleAttr swizzle, AffineExpr row,
                               AffineExpr column);

/// The column `c` when `column` is `c + getSwizzleShiftExpr(swizzle, row,
/// c)`, the form `permuteDirectCopy` gives a write; null otherwise.
AffineExpr matchSwizzledColumnExpr(SwizzleAttr swizzle, AffineExpr row,
                                   AffineExpr column);

/// The unswizzled column of an LDS access map whose last result is in that
/// form over its second-to-last (the row); null otherwise.
AffineExpr matchSwizzledColumnExpr(SwizzleAttr swizzle, AffineMap map);

/// Whether a lane's run of `elements` elements, starting at a multiple of
/// `elements`, stays contiguous in a tile with `swizzle`: it lies in one of
/// the swizzle's groups.
inline bool keepsRunsContiguous(SwizzleAttr swizzle, int64_t elements) {
  return swizzle.getVec() % elements == 0;
}

/// Rewrites the direct copy `write` (with its read, whose last coordinate
/// is the tile's column) so that each lane copies the elements whose place
/// under `swizzle` is where its write went before: the write's column `c` of
/// row `r` becomes `swizzle(r, c)` and the read's column moves by as much.
/// The pair then copies the same box, and on a tile given `swizzle` its lanes
/// write the addresses they wrote on the unswizzled tile. Fails (leaving the
/// IR as it is) for access maps with symbols or a tile of rank below 2.
LogicalResult permuteDirectCopy(WriteOp write, SwizzleAttr swizzle);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_DIRECTTOLDS_H
