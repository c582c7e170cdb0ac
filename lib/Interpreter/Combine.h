//===- Combine.h - Combining operations of reductions -----------*- C++ -*-===//
//
// The binary operations that `wave.reduce`/`wave.scan`, `vector.reduction`
// and `gpu.subgroup_reduce` fold values with, on register slots.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_INTERPRETER_COMBINE_H
#define WAVE_LIB_INTERPRETER_COMBINE_H

#include "Program.h"

#include "wave/Dialect/Wave/IR/WaveEnums.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::wave::interp {

enum class Combiner : uint8_t {
  Add,
  Mul,
  MinS,
  MinU,
  MaxS,
  MaxU,
  /// IEEE minNum/maxNum: a NaN operand yields the other one.
  MinNumF,
  MaxNumF,
  /// IEEE minimum/maximum: NaN propagates, -0 < +0.
  MinimumF,
  MaximumF,
  And,
  Or,
  Xor
};

/// `a op b` on values of `kind` (floats rounded to `kind`).
Slot combine(Combiner combiner, ElementKind kind, Slot a, Slot b);
/// The identity of the operation on `kind`.
Slot getIdentity(Combiner combiner, ElementKind kind);

/// `wave.reduce`/`wave.scan` kinds: min/max are signed on integers, minNum /
/// maxNum on floats.
Combiner getCombiner(ReduceKind kind, ElementKind element);
std::optional<Combiner> getCombiner(vector::CombiningKind kind);
std::optional<Combiner> getCombiner(gpu::AllReduceOperation kind);

} // namespace mlir::wave::interp

#endif // WAVE_LIB_INTERPRETER_COMBINE_H
