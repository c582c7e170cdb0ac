//===- MmaLayout.h - Lane layouts of wave.mma kinds -------------*- C++ -*-===//
//
// The one table saying which lane holds which element of A, B and the
// accumulator for every MMA kind. The verifier, the lowering, the interpreter
// and global load minimization all read it.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_MMALAYOUT_H
#define WAVE_DIALECT_WAVE_IR_MMALAYOUT_H

#include "wave/Dialect/Wave/IR/WaveEnums.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Types.h"

#include <array>

namespace mlir::wave {

/// Shape and lane layout of one MMA kind. A is M x K, B is K x N, the
/// accumulator M x N; every lane of a wave of `waveSize` lanes holds
/// `kPerLane` elements of A and of B and `accPerLane` accumulator elements.
struct MmaLayout {
  MmaKind kind;
  int64_t m, n, k;
  unsigned waveSize;
  int64_t kPerLane;
  int64_t accPerLane;

  /// Number of elements a lane holds of `operand`.
  int64_t getElementsPerLane(MmaOperand operand) const {
    return operand == MmaOperand::Acc ? accPerLane : kPerLane;
  }
  /// (row, column) of the element held by `lane` in vector slot `slot`:
  /// (m, k) for A, (k, n) for B, (m, n) for the accumulator.
  std::array<int64_t, 2> getCoordinate(MmaOperand operand, int64_t lane,
                                       int64_t slot) const;
  /// The same as an affine map (d0 = lane, d1 = slot) -> (row, column).
  AffineMap getCoordinateMap(MmaOperand operand, MLIRContext *context) const;

  Type getInputElementType(MLIRContext *context) const;
  Type getAccElementType(MLIRContext *context) const;
};

/// The layout of `kind` (wave64 CDNA MFMA).
const MmaLayout &getMmaLayout(MmaKind kind);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_MMALAYOUT_H
