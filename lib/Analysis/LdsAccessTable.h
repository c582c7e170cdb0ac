//===- LdsAccessTable.h - Every element an LDS access touches ---*- C++ -*-===//
//
// The exact per-lane footprint of one LDS access for hazard analysis: every
// (address, lane, iteration) at which it touches memory, over all lanes of
// the workgroup and all iterations of the loops its address or its guard
// depends on. Addresses come from the footprint map (`AccessFootprint` for
// `wave.read`/`wave.write`, the same index composition for `memref.load` /
// `memref.store`); the conditions of the `scf.if`s around the access remove
// the lanes that do not execute it, when they are comparisons of thread ids,
// induction variables and constants.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_ANALYSIS_LDSACCESSTABLE_H
#define WAVE_LIB_ANALYSIS_LDSACCESSTABLE_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <vector>

namespace mlir::wave::detail {

/// A loop whose iterations a table enumerates.
struct TableLoop {
  scf::ForOp loop;
  int64_t lowerBound, step, tripCount;
};

/// Every element one LDS access touches.
class LdsAccessTable {
public:
  /// The table of `op`, a `wave.read`/`wave.write` or a `memref.load` /
  /// `memref.store`; fails with the reason when the footprint is not exact
  /// and static (a dynamic layout or loop range, a workgroup-dependent or
  /// uniform address, too many elements).
  static FailureOr<LdsAccessTable> build(Operation *op, std::string &reason);

  ArrayRef<TableLoop> getLoops() const { return loops; }
  size_t size() const { return lanes.size(); }
  bool empty() const { return lanes.empty(); }
  /// Element offset in the memref's allocation (through its strides and
  /// offset).
  int64_t getAddress(size_t entry) const { return addresses[entry]; }
  int32_t getLane(size_t entry) const { return lanes[entry]; }
  /// Iteration number (0-based) of each of `getLoops()`.
  ArrayRef<int32_t> getIterations(size_t entry) const {
    return ArrayRef<int32_t>(iterations)
        .slice(entry * loops.size(), loops.size());
  }
  unsigned getElementBits() const { return elementBits; }
  /// The entries touching each address.
  const llvm::DenseMap<int64_t, SmallVector<uint32_t, 2>> &getIndex() const;

private:
  SmallVector<TableLoop> loops;
  std::vector<int64_t> addresses;
  std::vector<int32_t> lanes;
  std::vector<int32_t> iterations;
  unsigned elementBits = 0;
  mutable std::optional<llvm::DenseMap<int64_t, SmallVector<uint32_t, 2>>>
      index;
};

/// How the iterations of a loop relate between two executions.
enum class IterationRelation {
  /// The same iteration.
  Same,
  /// The second execution is in the next iteration.
  Next,
  /// The second is at least two iterations later.
  Later,
  /// Unrelated (the loop holds only one of the two accesses, or is nested in
  /// the loop whose iterations the path crosses).
  Any,
};

/// Whether `first` and `second` touch a common address from lanes in
/// different groups of `groupSize` consecutive lanes, with the iterations of
/// each loop related as `relationOf` says. True as well, conservatively,
/// when the search would exceed its work limit.
bool tablesConflict(const LdsAccessTable &first, const LdsAccessTable &second,
                    function_ref<IterationRelation(scf::ForOp)> relationOf,
                    unsigned groupSize);

} // namespace mlir::wave::detail

#endif // WAVE_LIB_ANALYSIS_LDSACCESSTABLE_H
