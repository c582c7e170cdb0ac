//===- UniformBranches.cpp - Scalar conditions for wave-uniform branches --===//
//
// A branch on `tid < 64` with waves of 64 goes one way in each wave, but
// LLVM's divergence analysis sees a compare of the thread id and lowers the
// branch as divergent: the compare writes a lane mask (VCC or an SGPR pair)
// and exec is masked, saved and restored around the arm. When the wave
// uniformity analysis proves the condition the same in all active lanes, the
// compare may read its lane-dependent operands from the first active lane
// (`rocdl.readfirstlane`): each active lane then computes the condition of
// the first active lane, which is its own. LLVM sees a compare of scalars and
// a uniform branch (`s_cmp`, `s_cbranch_scc`), with no lane mask.
//
//===----------------------------------------------------------------------===//

#include "wave/Conversion/WaveToAMDGPU.h"

#include "wave/Analysis/Staging/LoadSafety.h"
#include "wave/Analysis/Uniformity/Uniformity.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::wave;

bool mlir::wave::readsLaneIds(Value value) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.omitBlockArguments = true;
  options.omitUsesFromAbove = false;
  if (failed(getBackwardSlice(value, &slice, options)))
    return false;
  return llvm::any_of(slice, [](Operation *op) {
    return isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::GlobalIdOp,
               gpu::SubgroupIdOp>(op);
  });
}

/// Whether every value `value` takes lies in [0, 2^31).
static bool fitsNonNegativeI32(const DataFlowSolver &solver, Value value) {
  auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(value);
  if (!lattice || lattice->getValue().isUninitialized())
    return false;
  const ConstantIntRanges &range = lattice->getValue().getValue();
  return range.smin().isNonNegative() && range.smax().getActiveBits() <= 31;
}

/// Whether `compare` gives the same result on its operands converted by
/// `toI32`. Narrower integers always do: sign extension keeps both their
/// signed and their unsigned order. Wider ones (and `index`) do when every
/// value lies in [0, 2^31): truncation keeps those, and they compare alike
/// signed and unsigned.
static bool comparesAlikeInI32(const DataFlowSolver &solver,
                               arith::CmpIOp compare) {
  Type type = compare.getLhs().getType();
  if (!type.isIndex() && type.getIntOrFloatBitWidth() <= 32)
    return true;
  return llvm::all_of(compare->getOperands(), [&](Value operand) {
    return fitsNonNegativeI32(solver, operand);
  });
}

/// `operand` as an i32, for `comparesAlikeInI32`.
static Value toI32(OpBuilder &builder, Location loc, Value operand) {
  Type i32 = builder.getI32Type();
  Type type = operand.getType();
  if (type.isIndex())
    return arith::IndexCastUIOp::create(builder, loc, i32, operand);
  unsigned width = type.getIntOrFloatBitWidth();
  if (width < 32)
    return arith::ExtSIOp::create(builder, loc, i32, operand);
  if (width > 32)
    return arith::TruncIOp::create(builder, loc, i32, operand);
  return operand;
}

void mlir::wave::makeUniformBranchesScalar(gpu::GPUModuleOp module) {
  // Only branches on compares may change; without one, the analyses (most of
  // the conversion's time) have nothing to answer.
  SmallVector<std::pair<scf::IfOp, arith::CmpIOp>> candidates;
  module.walk([&](scf::IfOp ifOp) {
    if (auto compare = ifOp.getCondition().getDefiningOp<arith::CmpIOp>())
      candidates.emplace_back(ifOp, compare);
  });
  if (candidates.empty())
    return;

  DataFlowSolver solver;
  dataflow::loadBaselineAnalyses(solver);
  loadIntegerRangeAnalysis(solver);
  loadUniformityAnalysis(solver);
  // Without the analyses every branch keeps its condition.
  if (failed(solver.initializeAndRun(module)))
    return;

  // One scalar compare for all the branches on a condition, beside the
  // compare: the lanes active at a branch are among those active there, and
  // all of those agree on the condition.
  llvm::MapVector<arith::CmpIOp, SmallVector<scf::IfOp>> branches;
  for (auto [ifOp, compare] : candidates) {
    if (!getUniformity(solver, compare).isUniform()) {
      if (std::optional<std::string> limit =
              getLaneValuesLimit(solver, compare))
        emitRemark(ifOp.getLoc(), *limit);
      continue;
    }
    if (!readsLaneIds(compare))
      continue;
    if (!comparesAlikeInI32(solver, compare)) {
      emitRemark(ifOp.getLoc(),
                 "branch on a wave-uniform compare of lane ids lowered "
                 "as divergent: its operands are not known to lie in "
                 "[0, 2^31), so the first lane's i32 compare may differ");
      continue;
    }
    branches[compare].push_back(ifOp);
  }

  for (auto &[compare, ifOps] : branches) {
    OpBuilder builder(compare->getContext());
    builder.setInsertionPointAfter(compare);
    Location loc = compare.getLoc();
    Type i32 = builder.getI32Type();
    SmallVector<Value, 2> operands;
    for (Value operand : compare->getOperands()) {
      Value converted = toI32(builder, loc, operand);
      if (readsLaneIds(operand))
        converted =
            ROCDL::ReadfirstlaneOp::create(builder, loc, i32, converted);
      operands.push_back(converted);
    }
    Value scalar = arith::CmpIOp::create(builder, loc, compare.getPredicate(),
                                         operands[0], operands[1]);
    for (scf::IfOp ifOp : ifOps)
      ifOp.getConditionMutable().assign(scalar);
  }
}
