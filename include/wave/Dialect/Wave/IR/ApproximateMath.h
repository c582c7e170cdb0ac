//===- ApproximateMath.h - Which float ops may approximate ------*- C++ -*-===//
//
// The one rule the lowering (wave-lower-approximate-math) and the
// interpreter share, so that wave-run models exactly the ops that become
// the hardware's approximate instructions.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_APPROXIMATEMATH_H
#define WAVE_DIALECT_WAVE_IR_APPROXIMATEMATH_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::wave {

/// Whether `op` computes on f32 (or vectors of it) with the `afn` fast-math
/// flag: its lowering may use the hardware's approximate instructions.
inline bool approximatesF32(Operation *op) {
  auto fastMath = dyn_cast<arith::ArithFastMathInterface>(op);
  if (!fastMath || op->getNumResults() != 1 ||
      !getElementTypeOrSelf(op->getResult(0).getType()).isF32())
    return false;
  arith::FastMathFlagsAttr flags = fastMath.getFastMathFlagsAttr();
  return flags &&
         arith::bitEnumContainsAll(flags.getValue(), arith::FastMathFlags::afn);
}

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_APPROXIMATEMATH_H
