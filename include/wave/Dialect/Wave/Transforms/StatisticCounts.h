//===- StatisticCounts.h - A pass's statistics in every build ---*- C++ -*-===//
//
// `Pass::Statistic` counts only where LLVM statistics are compiled in: in a
// release build, the packaged MLIR's among them, it keeps neither its count
// nor its name, and `--mlir-pass-statistics` has nothing to print. The
// passes count through `StatisticCounts`, which adds to the statistic too
// (a build with statistics shows the same numbers), and their `summary`
// option prints the counts of one run as one remark, under the names
// Passes.td gives the statistics.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_STATISTICCOUNTS_H
#define WAVE_DIALECT_WAVE_TRANSFORMS_STATISTICCOUNTS_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::wave {

/// The counts of a pass's statistics over one run, keyed by the statistic.
/// Reset it when the run starts: a pass instance runs on several operations.
class StatisticCounts {
public:
  /// Adds `amount` to `statistic` (a statistic of the pass that counts).
  void add(Pass::Statistic &statistic, uint64_t amount = 1) {
    statistic += amount;
    counts[&statistic] += amount;
  }
  /// Sets `statistic` to `value`, for a statistic that is not a sum (an
  /// average, a size).
  void set(Pass::Statistic &statistic, uint64_t value) {
    statistic = value;
    counts[&statistic] = value;
  }
  uint64_t get(const Pass::Statistic &statistic) const {
    return counts.lookup(&statistic);
  }

  /// Emits the remark of the pass's `summary` option on `op` (without
  /// attaching `op` as a note): `<pass argument>: <statistic>: <count>, ...`,
  /// every statistic of `pass` in the order Passes.td declares them.
  void emitSummary(Pass &pass, Operation *op) const;

private:
  llvm::DenseMap<const Pass::Statistic *, uint64_t> counts;
};

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_STATISTICCOUNTS_H
