//===- AffineEval.h - Affine maps evaluated over the lanes ------*- C++ -*-===//
//
// An affine map compiled to postfix code and evaluated for all lanes of a
// wave at once: every step of the code processes a whole row of lanes.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_INTERPRETER_AFFINEEVAL_H
#define WAVE_LIB_INTERPRETER_AFFINEEVAL_H

#include "mlir/IR/AffineMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir::wave::interp {

class AffineProgram {
public:
  AffineProgram() = default;
  /// Compiles `map`; its operands are its dimensions followed by its symbols.
  explicit AffineProgram(AffineMap map);

  unsigned getNumResults() const { return results.size(); }
  unsigned getNumOperands() const { return numOperands; }

  /// A division or modulo by a non-positive value in an active lane.
  struct Fault {
    unsigned lane;
    int64_t divisor;
  };

  /// Evaluates the map for lanes 0 .. width-1: `operands[i][l]` is operand i
  /// of lane l; result r of lane l goes to `out[r * width + l]`. Additions
  /// and multiplications wrap. A `floordiv`, `ceildiv` or `mod` by a value
  /// below 1 (a symbol's: constant divisors are checked at translation) has
  /// no result: it yields 0, and the first such lane of `active` is returned.
  std::optional<Fault> evaluate(const int64_t *const *operands, unsigned width,
                                uint64_t active, int64_t *out) const;

private:
  struct Code {
    enum Kind : uint8_t { Operand, Constant, Add, Mul, Mod, FloorDiv, CeilDiv };
    Kind kind;
    int64_t value;
  };
  void emit(AffineExpr expr, SmallVectorImpl<Code> &code, unsigned numDims);

  SmallVector<SmallVector<Code, 8>, 4> results;
  unsigned numOperands = 0;
  unsigned maxDepth = 0;
};

} // namespace mlir::wave::interp

#endif // WAVE_LIB_INTERPRETER_AFFINEEVAL_H
