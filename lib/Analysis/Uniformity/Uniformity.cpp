//===- Uniformity.cpp - Which values are the same in every lane -----------===//

#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Analysis/Uniformity/WorkgroupUniformity.h"

#include "LaneValues.h"

#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::dataflow;

void Uniformity::print(raw_ostream &os) const {
  switch (kind) {
  case Kind::Uninitialized:
    os << "<uninitialized>";
    return;
  case Kind::Uniform:
    os << "uniform";
    return;
  case Kind::Divergent:
    os << "divergent";
    return;
  }
}

bool mlir::wave::isBarrier(Operation *op) {
  return isa<BarrierOp, gpu::BarrierOp, amdgpu::LDSBarrierOp>(op);
}

bool mlir::wave::isConvergent(Operation *op) {
  return op->hasTrait<Convergent>() || isBarrier(op) ||
         isa<gpu::ShuffleOp, gpu::RotateOp, gpu::SubgroupReduceOp,
             gpu::SubgroupBroadcastOp, gpu::AllReduceOp, amdgpu::MFMAOp,
             amdgpu::WMMAOp, amdgpu::DPPOp>(op);
}

//===----------------------------------------------------------------------===//
// Sources of uniformity and divergence
//===----------------------------------------------------------------------===//

/// Whether `op` reduces over clusters of lanes rather than the whole wave.
static bool isClusteredReduction(Operation *op) {
  if (auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op))
    return reduce.getClusterSize().has_value();
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return reduce.getClusterSize().has_value();
  return false;
}

/// The uniformity an op gives its results regardless of its operands, if it
/// is a known source of either.
static std::optional<Uniformity> getSourceUniformity(Operation *op) {
  // Lane-dependent by definition: each lane has its own id, gets another
  // lane's value, a prefix over the lanes before it, or its own part of an
  // MMA tile.
  if (isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::GlobalIdOp, ShuffleOp, ScanOp,
          MmaOp, gpu::ShuffleOp, gpu::RotateOp, amdgpu::MFMAOp, amdgpu::WMMAOp,
          amdgpu::DPPOp>(op))
    return Uniformity::divergent();
  if (auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op);
      reduce && !reduce.getClusterSize())
    return Uniformity::uniform();
  if (auto reduce = dyn_cast<ReduceOp>(op); reduce && !reduce.getClusterSize())
    return Uniformity::uniform();
  // The same for the whole workgroup (WorkgroupUniformity.h's sources), or
  // for the whole wave: every active lane receives the one combined or
  // broadcast value, and the wave's own id.
  if (isWorkgroupUniformSource(op) ||
      isa<gpu::SubgroupIdOp, gpu::SubgroupBroadcastOp, BroadcastOp, BallotOp,
          AnyOp, AllOp>(op))
    return Uniformity::uniform();
  return std::nullopt;
}

/// Whether the op's results are a function of its operands alone: it has no
/// effects, or only reads memory (all lanes reading one address see one
/// value). Allocations, atomics and other writes give each lane its own
/// result.
static bool resultsFollowOperands(Operation *op) {
  if (op->getNumRegions() != 0)
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return false;
  return effects.onlyHasEffect<MemoryEffects::Read>() || effects.hasNoEffect();
}

//===----------------------------------------------------------------------===//
// UniformityAnalysis
//===----------------------------------------------------------------------===//

namespace {
/// Why a value was not evaluated in every lane (a bound of the evaluation
/// it exceeded), as a sentence for a remark.
class LaneValuesLimit : public AnalysisState {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LaneValuesLimit)
  using AnalysisState::AnalysisState;

  StringRef getReason() const { return reason; }
  ChangeResult setReason(StringRef why) {
    if (reason == why)
      return ChangeResult::NoChange;
    reason = why.str();
    return ChangeResult::Change;
  }
  void print(raw_ostream &os) const override { os << reason; }

private:
  std::string reason;
};

/// The sparse forward analysis: data dependences, from the sources to every
/// value computed from them.
class UniformityAnalysis
    : public SparseForwardDataFlowAnalysis<UniformityLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const UniformityLattice *> operands,
                               ArrayRef<UniformityLattice *> results) override;

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<UniformityLattice *> argLattices,
                                    unsigned firstIndex) override;

  /// Arguments of a kernel are uniform: the launch passes one value to every
  /// lane. Anything else the analysis cannot see into (arguments of device
  /// functions with unknown callers, results of external calls, block
  /// arguments of unknown region ops) may be divergent.
  void setToEntryState(UniformityLattice *lattice) override;

private:
  void joinAll(ArrayRef<UniformityLattice *> lattices, Uniformity value) {
    for (UniformityLattice *lattice : lattices)
      propagateIfChanged(lattice, lattice->join(value));
  }

  wave::detail::LaneValueEvaluator laneValues;
};
} // namespace

void UniformityAnalysis::setToEntryState(UniformityLattice *lattice) {
  propagateIfChanged(lattice,
                     lattice->join(isKernelArgument(lattice->getAnchor())
                                       ? Uniformity::uniform()
                                       : Uniformity::divergent()));
}

/// The uniformity of `op`'s results from its kind and its operands.
static Uniformity
getResultUniformity(Operation *op,
                    ArrayRef<const UniformityLattice *> operands) {
  // A reduction over clusters gives each cluster its own combination, which
  // differs between the clusters of a wave, except when the operand is
  // uniform: every cluster (wholly active, by the ops' definitions) then
  // combines copies of one value. Its result follows its operand.
  if (isClusteredReduction(op))
    return operands[0]->getValue();
  if (std::optional<Uniformity> source = getSourceUniformity(op))
    return *source;
  // An op without operands that is no known source produces values from
  // nowhere the analysis can see (e.g. a hardware register read).
  if (op->getNumOperands() == 0 || !resultsFollowOperands(op))
    return Uniformity::divergent();
  Uniformity joined;
  for (const UniformityLattice *operand : operands)
    joined = Uniformity::join(joined, operand->getValue());
  return joined;
}

LogicalResult
UniformityAnalysis::visitOperation(Operation *op,
                                   ArrayRef<const UniformityLattice *> operands,
                                   ArrayRef<UniformityLattice *> results) {
  Uniformity uniformity = getResultUniformity(op, operands);
  // Arithmetic on thread ids may still be the same across each wave
  // (`tid < 64`, `tid / 64` with waves of 64): branches aligned with wave
  // boundaries do not diverge.
  if (uniformity.isDivergent() && op->getNumResults() == 1) {
    std::string limit;
    if (laneValues.isWaveInvariant(op->getResult(0), &limit)) {
      uniformity = Uniformity::uniform();
    } else if (!limit.empty()) {
      auto *state = getOrCreate<LaneValuesLimit>(op->getResult(0));
      propagateIfChanged(state, state->setReason(limit));
    }
  }
  if (!uniformity.isUninitialized())
    joinAll(results, uniformity);
  return success();
}

void UniformityAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<UniformityLattice *> argLattices, unsigned firstIndex) {
  auto loop = dyn_cast<LoopLikeOpInterface>(op);
  std::optional<SmallVector<Value>> inductionVars =
      loop ? loop.getLoopInductionVars() : std::nullopt;
  std::optional<SmallVector<OpFoldResult>> lowerBounds =
      loop ? loop.getLoopLowerBounds() : std::nullopt;
  std::optional<SmallVector<OpFoldResult>> steps =
      loop ? loop.getLoopSteps() : std::nullopt;
  if (successor.isParent() || !inductionVars || !lowerBounds || !steps)
    return SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);

  // An induction variable is `lb + k * step` in iteration `k`: the lanes
  // still iterating agree on it when the lower bound and the step are
  // uniform, whatever the upper bound (lanes that left the loop are
  // inactive).
  ProgramPoint *point =
      getProgramPointBefore(&successor.getSuccessor()->front());
  auto boundUniformity = [&](OpFoldResult bound) {
    if (auto value = dyn_cast<Value>(bound))
      return getLatticeElementFor(point, value)->getValue();
    return Uniformity::uniform();
  };
  unsigned numInputs = successor.getSuccessorInputs().size();
  for (auto [i, lattice] : llvm::enumerate(argLattices)) {
    if (i >= firstIndex && i < firstIndex + numInputs)
      continue;
    auto *it = llvm::find(*inductionVars, lattice->getAnchor());
    if (it == inductionVars->end()) {
      setToEntryState(lattice);
      continue;
    }
    size_t dim = it - inductionVars->begin();
    Uniformity value = Uniformity::join(boundUniformity((*lowerBounds)[dim]),
                                        boundUniformity((*steps)[dim]));
    if (!value.isUninitialized())
      propagateIfChanged(lattice, lattice->join(value));
  }
}

//===----------------------------------------------------------------------===//
// ControlDivergenceAnalysis
//===----------------------------------------------------------------------===//

namespace {
/// The control dependences the sparse analysis does not see: the results of
/// a region op (`scf.if`, `scf.for`, `scf.while`, `scf.index_switch`, ...)
/// are divergent when a value that decides which region runs, or how often,
/// is divergent, because lanes then leave with values from different paths
/// or iterations. It writes the same lattices as `UniformityAnalysis`.
class ControlDivergenceAnalysis : public DataFlowAnalysis {
public:
  using DataFlowAnalysis::DataFlowAnalysis;

  LogicalResult initialize(Operation *top) override {
    top->walk([&](RegionBranchOpInterface branch) {
      if (branch->getNumResults() != 0)
        visitBranch(branch);
    });
    return success();
  }

  LogicalResult visit(ProgramPoint *point) override {
    if (auto branch =
            dyn_cast_or_null<RegionBranchOpInterface>(point->getPrevOp()))
      visitBranch(branch);
    return success();
  }

private:
  void visitBranch(RegionBranchOpInterface branch);
};
} // namespace

/// The operands of `branch` and of its region terminators that are not
/// forwarded into a region or to the results: they steer control (an
/// `scf.if` condition, `scf.for` bounds, an `scf.condition` flag).
static SmallVector<Value> getControlOperands(RegionBranchOpInterface branch) {
  RegionBranchSuccessorMapping forwarded;
  branch.getSuccessorOperandInputMapping(forwarded);
  SmallVector<Value> control;
  auto collect = [&](Operation *op) {
    for (OpOperand &operand : op->getOpOperands())
      if (!forwarded.contains(&operand))
        control.push_back(operand.get());
  };
  for (RegionBranchPoint point : branch.getAllRegionBranchPoints())
    collect(point.isParent() ? branch.getOperation()
                             : point.getTerminatorPredecessorOrNull());
  return control;
}

void ControlDivergenceAnalysis::visitBranch(RegionBranchOpInterface branch) {
  ProgramPoint *after = getProgramPointAfter(branch);
  bool divergent = false;
  for (Value control : getControlOperands(branch))
    divergent |= getOrCreateFor<UniformityLattice>(after, control)
                     ->getValue()
                     .isDivergent();
  if (!divergent)
    return;
  for (Value result : branch->getResults()) {
    auto *lattice = getOrCreate<UniformityLattice>(result);
    propagateIfChanged(lattice, lattice->join(Uniformity::divergent()));
  }
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

void mlir::wave::loadUniformityAnalysis(DataFlowSolver &solver) {
  solver.load<UniformityAnalysis>();
  solver.load<ControlDivergenceAnalysis>();
}

Uniformity mlir::wave::getUniformity(const DataFlowSolver &solver,
                                     Value value) {
  const auto *lattice = solver.lookupState<UniformityLattice>(value);
  return lattice ? lattice->getValue() : Uniformity();
}

std::optional<std::string>
mlir::wave::getLaneValuesLimit(const DataFlowSolver &solver, Value value) {
  const auto *state = solver.lookupState<LaneValuesLimit>(value);
  if (!state || state->getReason().empty())
    return std::nullopt;
  return state->getReason().str();
}

UniformityInfo::UniformityInfo(Operation *top)
    : solver(std::make_unique<DataFlowSolver>()) {
  loadBaselineAnalyses(*solver);
  loadUniformityAnalysis(*solver);
  solved = mlir::succeeded(solver->initializeAndRun(top));
}

UniformityInfo::~UniformityInfo() = default;
