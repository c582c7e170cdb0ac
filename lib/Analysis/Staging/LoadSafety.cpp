//===- LoadSafety.cpp - Which loads may run in every lane -----------------===//

#include "wave/Analysis/Staging/LoadSafety.h"

#include "../Footprint/IndexComposition.h"

#include "wave/Analysis/Footprint/AccessFootprint.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::wave;

namespace {
/// Upstream's integer range analysis, with unknown ranges for the results of
/// ops that divide by a non-constant or non-positive affine expression.
class GuardedIntegerRangeAnalysis : public dataflow::IntegerRangeAnalysis {
public:
  using IntegerRangeAnalysis::IntegerRangeAnalysis;

  LogicalResult visitOperation(
      Operation *op,
      ArrayRef<const dataflow::IntegerValueRangeLattice *> operands,
      ArrayRef<dataflow::IntegerValueRangeLattice *> results) override {
    if (dividesByNonConstant(op)) {
      setAllToEntryStates(results);
      return success();
    }
    return IntegerRangeAnalysis::visitOperation(op, operands, results);
  }

private:
  static bool dividesByNonConstant(Operation *op) {
    for (NamedAttribute attr : op->getAttrs()) {
      auto map = dyn_cast<AffineMapAttr>(attr.getValue());
      if (!map)
        continue;
      for (AffineExpr result : map.getValue().getResults()) {
        bool found = false;
        result.walk([&](AffineExpr expr) {
          auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
          if (!binary || expr.getKind() == AffineExprKind::Add ||
              expr.getKind() == AffineExprKind::Mul)
            return;
          auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
          if (!divisor || divisor.getValue() <= 0)
            found = true;
        });
        if (found)
          return true;
      }
    }
    return false;
  }
};
} // namespace

void mlir::wave::loadIntegerRangeAnalysis(DataFlowSolver &solver) {
  solver.load<GuardedIntegerRangeAnalysis>();
}

/// A predicate's "no", with the reason.
static bool fail(std::string *reason, const Twine &why) {
  setReason(reason, why);
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
