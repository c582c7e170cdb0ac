//===- LaneValues.h - Integer values computed in every lane -----*- C++ -*-===//
//
// Evaluates integer arithmetic on thread ids and constants for every lane of
// a workgroup of known size. The uniformity analysis uses it to see that a
// value such as `tid < 64` or `(tid / 64) % 2` in a 256-lane workgroup is the
// same in all lanes of each wave of 64, although it is computed from a thread
// id: branches aligned with wave boundaries do not diverge.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_ANALYSIS_LANEVALUES_H
#define WAVE_LIB_ANALYSIS_LANEVALUES_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::wave::detail {

/// Evaluates values per lane, caching what it computed.
class LaneValueEvaluator {
public:
  /// Whether `value` takes one value in all lanes of each wave of its
  /// kernel, by evaluating it in every lane. False when it cannot be
  /// evaluated: the kernel's workgroup or wave size is unknown, the
  /// workgroup has more than 1024 lanes, the value depends on anything but
  /// constants, thread and lane ids and block sizes through the integer
  /// `arith` ops the evaluator knows, or an intermediate value leaves the
  /// range where every integer width interprets it alike.
  bool isWaveInvariant(Value value);

private:
  using LaneValues = SmallVector<int64_t>;
  /// The value in each lane (linear thread id order), or none.
  std::optional<LaneValues> evaluate(Value value, unsigned depth);
  std::optional<LaneValues> evaluateUncached(Value value, unsigned depth);

  llvm::DenseMap<Value, std::optional<LaneValues>> cache;
};

} // namespace mlir::wave::detail

#endif // WAVE_LIB_ANALYSIS_LANEVALUES_H
