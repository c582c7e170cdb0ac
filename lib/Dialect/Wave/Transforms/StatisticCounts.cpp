//===- StatisticCounts.cpp - A pass's statistics in every build -----------===//

#include "wave/Dialect/Wave/Transforms/StatisticCounts.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::wave;

/// The names of the statistics of the pass `argument`, in the order the pass
/// registers them (that of `Pass::getStatistics`).
static ArrayRef<StringLiteral> getStatisticNames(StringRef argument) {
#define WAVE_PASS_STATISTICS(ARGUMENT, ...)                                    \
  if (argument == ARGUMENT) {                                                  \
    static constexpr StringLiteral names[] = {__VA_ARGS__};                    \
    return names;                                                              \
  }
#include "wave/Dialect/Wave/Transforms/StatisticNames.inc"
#undef WAVE_PASS_STATISTICS
  return {};
}

void StatisticCounts::emitSummary(Pass &pass, Operation *op) const {
  ArrayRef<StringLiteral> names = getStatisticNames(pass.getArgument());
  assert(names.size() == pass.getStatistics().size() &&
         "a pass of Passes.td without its statistics' names");
  InFlightDiagnostic remark = emitRemark(op->getLoc());
  remark << pass.getArgument() << ": ";
  llvm::interleaveComma(llvm::zip_equal(names, pass.getStatistics()), remark,
                        [&](auto entry) {
                          auto [name, statistic] = entry;
                          remark << name << ": " << get(*statistic);
                        });
}
