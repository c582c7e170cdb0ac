//===- WaveOps.h - Operations of the wave dialect ---------------*- C++ -*-===//

#ifndef WAVE_DIALECT_WAVE_IR_WAVEOPS_H
#define WAVE_DIALECT_WAVE_IR_WAVEOPS_H

#include "wave/Dialect/Wave/IR/WaveAttrs.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <array>

namespace mlir::wave {
/// Marks ops whose result depends on the set of active lanes (barriers, MMA,
/// collectives): they must not be moved into or out of divergent control flow.
template <typename ConcreteType>
class Convergent : public OpTrait::TraitBase<ConcreteType, Convergent> {};

} // namespace mlir::wave

#include "wave/Dialect/Wave/IR/WaveInterfaces.h.inc"

#define GET_OP_CLASSES
#include "wave/Dialect/Wave/IR/WaveOps.h.inc"

namespace mlir::wave {
/// The `wave.kernel` attribute of the kernel enclosing `op`, or null.
KernelAttr getEnclosingKernelAttr(Operation *op);

/// `lhs` combined with `rhs` as the collectives of `kind` combine them (for
/// floats: `min`/`max` are `arith.minnumf`/`arith.maxnumf`).
Value buildCombine(OpBuilder &builder, Location loc, ReduceKind kind, Value lhs,
                   Value rhs);

/// Checks that the chip of the kernel enclosing `op` (an MMA or an MMA
/// tile) has an MFMA unit for `kind`.
LogicalResult verifyMmaKindOnChip(Operation *op, MmaKind kind);

/// Describes the first `floordiv`, `ceildiv` or `mod` of `map` whose divisor
/// is a constant below 1 ("divides by 0 in 'd0 floordiv 0'"), or none. Such
/// a map has no value (the affine lowering rejects it), so neither the
/// verifier nor the interpreter accepts one.
std::optional<std::string> findNonPositiveDivisor(AffineMap map);

/// The swizzle of `memref` when it is a `wave.alloc_lds` tile with one, else
/// null.
SwizzleAttr getLdsSwizzle(Value memref);

/// Why a vector of `elements` elements along the innermost dimension of a
/// tile swizzled by `swizzle`, starting at `map(indices)`, may not be one
/// contiguous access (it may cross a group of `vec` elements); empty when the
/// map proves that it stays in one group. Constant indices are folded in;
/// other indices may be any integer.
std::string checkSwizzleGroups(SwizzleAttr swizzle, AffineMap map,
                               ValueRange indices, int64_t elements);
} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_WAVEOPS_H
