//===- LoadSafety.cpp - Which loads may run in every lane -----------------===//

#include "wave/Analysis/LoadSafety.h"

#include "IndexComposition.h"

#include "wave/Analysis/Footprint.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::wave;

static bool fail(std::string *reason, const Twine &why) {
  if (reason)
    *reason = why.str();
  return false;
}

/// Each index of `load` lies in `[0, size)` of its dimension by the integer
/// ranges `solver` computed.
static bool isInBoundsByRanges(memref::LoadOp load,
                               const DataFlowSolver &solver,
                               std::string *reason) {
  std::string name = wave::detail::describeOp(load);
  MemRefType type = load.getMemRefType();
  if (!type.hasStaticShape())
    return fail(reason, "the memref of " + name + " has a dynamic shape");
  for (auto [dim, index] : llvm::enumerate(load.getIndices())) {
    const auto *lattice =
        solver.lookupState<dataflow::IntegerValueRangeLattice>(index);
    if (!lattice || lattice->getValue().isUninitialized())
      return fail(reason, "index #" + Twine(dim) + " of " + name +
                              " has no known range");
    const ConstantIntRanges &range = lattice->getValue().getValue();
    int64_t size = type.getDimSize(dim);
    if (range.smin().isNegative() || range.smax().sge(size))
      return fail(reason, "index #" + Twine(dim) + " of " + name +
                              " may lie outside [0, " + Twine(size) +
                              "): its range is [" +
                              Twine(range.smin().getSExtValue()) + ", " +
                              Twine(range.smax().getSExtValue()) + "]");
  }
  return true;
}

bool mlir::wave::isSafeToSpeculateLoad(Operation *op,
                                       const DataFlowSolver &solver,
                                       std::string *reason) {
  if (auto access = dyn_cast<LaneAccessOpInterface>(op)) {
    if (access.isWrite())
      return fail(reason, wave::detail::describeOp(op) + " writes memory");
    return isProvablyInBounds(access, reason);
  }
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return isInBoundsByRanges(load, solver, reason);
  return fail(reason, wave::detail::describeOp(op) + " is not a known load");
}
