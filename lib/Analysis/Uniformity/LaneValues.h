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
#include <string>

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
  /// range where every integer width interprets it alike. When it is false
  /// because a bound of the evaluation was exceeded (more than 1024 lanes,
  /// an expression more than 32 ops deep), `*limit` says so in a sentence
  /// for a remark; it is left alone otherwise.
  bool isWaveInvariant(Value value, std::string *limit = nullptr);

private:
  using LaneValues = SmallVector<int64_t>;
  struct Entry {
    std::optional<LaneValues> lanes;
    /// Set on a failure caused by the depth bound: the depth it was
    /// evaluated at. Nearer the root the value may still be evaluated.
    std::optional<unsigned> limitedAt;
  };
  /// The value in each lane (linear thread id order), or none.
  std::optional<LaneValues> evaluate(Value value, unsigned depth);
  std::optional<LaneValues> evaluateUncached(Value value, unsigned depth);

  llvm::DenseMap<Value, Entry> cache;
  /// Whether the evaluation in progress failed on the depth bound.
  bool depthExceeded = false;
};

} // namespace mlir::wave::detail

#endif // WAVE_LIB_ANALYSIS_LANEVALUES_H
