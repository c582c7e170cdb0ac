//===- RemoveDivergence.cpp - Branches on divergent conditions to selects -===//
//
// A branch whose condition differs between the lanes of a wave makes the wave
// run both arms, each with part of its lanes masked off. When both arms are
// cheap and safe to run in every lane, computing both and choosing with
// `arith.select` costs less than the branch and its exec-mask bookkeeping.
// docs/passes/wave-remove-divergence.md describes the algorithm, the cost
// model and the limits.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/PairQueries.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Lds/LdsHazards.h"
#include "wave/Analysis/Staging/LoadSafety.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::wave {
#define GEN_PASS_DEF_REMOVEDIVERGENCE
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

//===----------------------------------------------------------------------===//
// Cost model
//===----------------------------------------------------------------------===//

/// 32-bit registers a value of `type` takes in one lane (at least one): the
/// number of ALU instructions an elementwise op on it needs. `index` counts
/// as 32 bits: lane indices and offsets fit, and the backend narrows them.
static int64_t getRegisterCount(Type type) {
  Type element = getElementTypeOrSelf(type);
  int64_t bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 32;
  if (auto vector = dyn_cast<VectorType>(type))
    bits *= vector.getNumElements();
  return std::max<int64_t>(1, llvm::divideCeil(bits, 32));
}

/// Integer division or remainder (undefined on zero, expanded into a long
/// sequence on AMDGPU unless the divisor is a constant).
static bool isIntegerDivision(Operation *op) {
  return isa<arith::DivSIOp, arith::DivUIOp, arith::CeilDivSIOp,
             arith::CeilDivUIOp, arith::FloorDivSIOp, arith::RemSIOp,
             arith::RemUIOp>(op);
}

/// Math ops that are one ALU instruction; the others are transcendental or
/// iterative and expand into sequences.
static bool isCheapMath(Operation *op) {
  return isa<math::AbsFOp, math::AbsIOp, math::CopySignOp, math::FmaOp,
             math::CeilOp, math::FloorOp, math::RoundOp, math::RoundEvenOp,
             math::TruncOp>(op);
}

/// Cost of one op, in cheap-ALU-instruction units (see the pass docs):
/// constants and register reinterpretations 0, loads 2 (one memory
/// instruction, whatever its width), ALU ops (multiplies included) 1 per
/// register of their result, integer division or remainder by a constant 2
/// per register (multiply-high and shift), floating-point division, integer
/// division by a variable and transcendental math 8 per register.
static int64_t getOpCost(Operation *op) {
  if (op->hasTrait<OpTrait::ConstantLike>() ||
      op->hasTrait<OpTrait::IsTerminator>() ||
      isa<arith::BitcastOp, vector::BitCastOp, vector::ShapeCastOp, scf::IfOp>(
          op))
    return 0;
  if (isa<ReadOp, memref::LoadOp>(op))
    return 2;
  int64_t registers = 1;
  for (Type type : op->getResultTypes())
    registers = std::max(registers, getRegisterCount(type));
  int64_t perRegister = 1;
  if (isIntegerDivision(op))
    perRegister = matchPattern(op->getOperand(1), m_Constant()) ? 2 : 8;
  else if (isa<arith::DivFOp, arith::RemFOp>(op) ||
           (isa<math::MathDialect>(op->getDialect()) && !isCheapMath(op)))
    perRegister = 8;
  return perRegister * registers;
}

//===----------------------------------------------------------------------===//
// Stores
//===----------------------------------------------------------------------===//

/// The operand a store writes to memory, if `op` is a store the pass merges.
static std::optional<unsigned> getStoredValueOperand(Operation *op) {
  if (auto write = dyn_cast<WriteOp>(op))
    return write.getValueMutable().getOperandNumber();
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getValueMutable().getOperandNumber();
  return std::nullopt;
}

/// Whether `a` and `b` are the same value, or computed by the same pure ops
/// from the same values (each arm may recompute an index).
static bool isSameValue(Value a, Value b, unsigned depth = 4) {
  if (a == b)
    return true;
  Operation *defA = a.getDefiningOp(), *defB = b.getDefiningOp();
  if (!depth || !defA || !defB || !isPure(defA) || defA->getNumRegions() != 0 ||
      cast<OpResult>(a).getResultNumber() !=
          cast<OpResult>(b).getResultNumber())
    return false;
  return OperationEquivalence::isEquivalentTo(
      defA, defB,
      [&](Value x, Value y) { return success(isSameValue(x, y, depth - 1)); },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}

/// Whether two stores write the same elements: same op and attributes, same
/// memref, indices and mask; only the stored value may differ.
static bool storeSameAddress(Operation *a, Operation *b) {
  if (a->getName() != b->getName() ||
      a->getNumOperands() != b->getNumOperands() ||
      a->getPropertiesAsAttribute() != b->getPropertiesAsAttribute() ||
      a->getDiscardableAttrDictionary() != b->getDiscardableAttrDictionary())
    return false;
  unsigned valueOperand = *getStoredValueOperand(a);
  for (unsigned i = 0, e = a->getNumOperands(); i < e; ++i)
    if (i != valueOperand && !isSameValue(a->getOperand(i), b->getOperand(i)))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Selecting an operand instead of a result
//===----------------------------------------------------------------------===//

namespace {
/// Where both arms compute a value with the same op and differ in one
/// operand, `c ? f(a, x) : f(a, y)` is `f(a, c ? x : y)`: one op instead of
/// two, and exactly the same value since the op is pure. `a - y` counts as
/// `a + -y`, which IEEE arithmetic defines it to be; the negation costs
/// nothing, as AMDGPU applies it as a source modifier of the select.
struct OperandSelect {
  /// Computes the merged value once its operand is the select.
  Operation *kept;
  /// The other arm's op, dead once the branch is gone.
  Operation *dropped;
  /// The operand the select chooses; none where all operands are the same.
  std::optional<unsigned> operand;
  bool keptIsThen;
  /// The dropped op is the subtraction: its operand is negated.
  bool negateDropped;
};
} // namespace

static std::optional<OperandSelect>
matchOperandSelect(scf::IfOp ifOp, Value thenValue, Value elseValue) {
  Operation *thenOp = thenValue.getDefiningOp();
  Operation *elseOp = elseValue.getDefiningOp();
  if (!thenOp || !elseOp || thenOp->getBlock() != ifOp.thenBlock() ||
      elseOp->getBlock() != ifOp.elseBlock() || !thenValue.hasOneUse() ||
      !elseValue.hasOneUse() || thenOp->getNumResults() != 1 ||
      elseOp->getNumResults() != 1 || thenOp->getNumRegions() != 0 ||
      elseOp->getNumRegions() != 0 || !isPure(thenOp) || !isPure(elseOp))
    return std::nullopt;
  OperandSelect match{thenOp, elseOp, std::nullopt, /*keptIsThen=*/true,
                      /*negateDropped=*/false};
  if (isa<arith::SubFOp>(thenOp) && isa<arith::AddFOp>(elseOp)) {
    std::swap(match.kept, match.dropped);
    match.keptIsThen = false;
    match.negateDropped = true;
  } else if (isa<arith::AddFOp>(thenOp) && isa<arith::SubFOp>(elseOp)) {
    match.negateDropped = true;
  } else if (thenOp->getName() != elseOp->getName()) {
    return std::nullopt;
  }
  Operation *kept = match.kept, *dropped = match.dropped;
  if (kept->getNumOperands() != dropped->getNumOperands() ||
      kept->getResultTypes() != dropped->getResultTypes() ||
      kept->getPropertiesAsAttribute() != dropped->getPropertiesAsAttribute() ||
      kept->getDiscardableAttrDictionary() !=
          dropped->getDiscardableAttrDictionary())
    return std::nullopt;
  for (unsigned i = 0, e = kept->getNumOperands(); i < e; ++i) {
    Value keptOperand = kept->getOperand(i);
    Value droppedOperand = dropped->getOperand(i);
    if (keptOperand.getType() != droppedOperand.getType())
      return std::nullopt;
    // The subtrahend always takes the select (of it and its negation).
    bool negated = match.negateDropped && i == 1;
    if (!negated && isSameValue(keptOperand, droppedOperand))
      continue;
    if (match.operand)
      return std::nullopt;
    match.operand = i;
  }
  return match;
}

//===----------------------------------------------------------------------===//
// Deciding whether a branch can be speculated
//===----------------------------------------------------------------------===//

namespace {
enum class Rejection {
  SideEffect,
  Barrier,
  Convergent,
  OutOfBounds,
  LdsRead,
  Cost
};

/// What converting one `scf.if` takes: the store pairs to merge and the
/// speculated cost; or why it must stay a branch.
struct BranchPlan {
  SmallVector<std::pair<Operation *, Operation *>> storePairs;
  int64_t cost = 0;
  /// Merged values computed by one op of a selected operand.
  unsigned operandSelects = 0;
  std::optional<Rejection> rejection;
  std::string reason;

  void reject(Rejection why, const Twine &text) {
    if (rejection)
      return;
    rejection = why;
    reason = text.str();
  }
};
} // namespace

static StringRef getArmName(Block *arm) {
  auto ifOp = cast<scf::IfOp>(arm->getParentOp());
  return arm == ifOp.thenBlock() ? "'then'" : "'else'";
}

static std::string describe(Operation *op) {
  return ("'" + op->getName().getStringRef() + "'").str();
}

/// Checks one op of an arm (and the ops nested in it) for speculation and
/// adds its cost. `afterStore` says whether a store of the arm precedes it.
static void checkSpeculatable(Operation *root, bool afterStore,
                              const DataFlowSolver &solver, BranchPlan &plan) {
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isBarrier(op)) {
      plan.reject(Rejection::Barrier,
                  "an arm holds the barrier " + describe(op) +
                      ", which every lane must reach together");
      return WalkResult::interrupt();
    }
    if (isConvergent(op)) {
      plan.reject(Rejection::Convergent,
                  "an arm holds " + describe(op) +
                      ", whose result depends on which lanes are active");
      return WalkResult::interrupt();
    }
    plan.cost += getOpCost(op);
    if (isa<ReadOp, memref::LoadOp>(op)) {
      if (afterStore) {
        plan.reject(Rejection::SideEffect,
                    describe(op) + " reads memory after a store of its arm");
        return WalkResult::interrupt();
      }
      std::string why;
      if (!isSafeToSpeculateLoad(op, solver, &why)) {
        plan.reject(Rejection::OutOfBounds,
                    describe(op) + " may read out of bounds: " + why);
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    // A nested branch stays a branch inside the speculated code; its arms are
    // checked (and costed) like the outer ones.
    if (isa<scf::IfOp>(op) || (op->getNumRegions() == 0 && isPure(op)))
      return WalkResult::advance();
    if (op->getNumRegions() != 0)
      plan.reject(Rejection::SideEffect,
                  describe(op) + " is a loop or region op; only straight-line "
                                 "code and scf.if are speculated");
    else if (getStoredValueOperand(op))
      plan.reject(Rejection::SideEffect,
                  describe(op) + " stores to memory inside a nested branch");
    else
      plan.reject(Rejection::SideEffect,
                  describe(op) + " has side effects or may trap");
    return WalkResult::interrupt();
  });
}

/// Checks the ops of one arm; returns its stores in order.
static SmallVector<Operation *>
checkArm(Block *arm, const DataFlowSolver &solver, BranchPlan &plan) {
  SmallVector<Operation *> stores;
  for (Operation &op : arm->without_terminator()) {
    if (plan.rejection)
      break;
    if (getStoredValueOperand(&op))
      stores.push_back(&op);
    else
      checkSpeculatable(&op, !stores.empty(), solver, plan);
  }
  return stores;
}

/// Pairs the stores of the two arms in order; each pair must write the same
/// elements, so that every lane still writes exactly what it wrote before.
static void pairStores(ArrayRef<Operation *> thenStores,
                       ArrayRef<Operation *> elseStores, BranchPlan &plan) {
  for (size_t i = 0, e = std::max(thenStores.size(), elseStores.size());
       i < e && !plan.rejection; ++i) {
    Operation *thenStore = i < thenStores.size() ? thenStores[i] : nullptr;
    Operation *elseStore = i < elseStores.size() ? elseStores[i] : nullptr;
    if (thenStore && elseStore && storeSameAddress(thenStore, elseStore)) {
      plan.storePairs.emplace_back(thenStore, elseStore);
      continue;
    }
    Operation *unmatched = thenStore ? thenStore : elseStore;
    plan.reject(Rejection::SideEffect,
                describe(unmatched) + " in the " +
                    getArmName(unmatched->getBlock()) +
                    " arm has no store to the same address at the same "
                    "position in the other arm");
  }
}

/// Adds what merging the two arms' values costs on top of the arms: a select
/// of the values, or of one operand of an op both arms compute, which saves
/// the other arm's op (already counted with its arm).
static void addMergeCost(scf::IfOp ifOp, Value thenValue, Value elseValue,
                         BranchPlan &plan) {
  if (thenValue == elseValue)
    return;
  std::optional<OperandSelect> match =
      matchOperandSelect(ifOp, thenValue, elseValue);
  if (!match) {
    plan.cost += getRegisterCount(thenValue.getType());
    return;
  }
  ++plan.operandSelects;
  if (match->operand)
    plan.cost +=
        getRegisterCount(match->kept->getOperand(*match->operand).getType());
  plan.cost -= getOpCost(match->dropped);
}

static BranchPlan planBranch(scf::IfOp ifOp, const DataFlowSolver &solver) {
  BranchPlan plan;
  SmallVector<Operation *> thenStores =
      checkArm(ifOp.thenBlock(), solver, plan);
  SmallVector<Operation *> elseStores;
  if (Block *elseBlock = ifOp.elseBlock())
    elseStores = checkArm(elseBlock, solver, plan);
  if (plan.rejection)
    return plan;
  pairStores(thenStores, elseStores, plan);
  if (plan.rejection)
    return plan;
  // One select per result and per merged store whose values differ.
  for (auto [thenValue, elseValue] : llvm::zip(
           ifOp.thenYield().getOperands(),
           ifOp.elseBlock() ? ifOp.elseYield().getOperands() : ValueRange()))
    addMergeCost(ifOp, thenValue, elseValue, plan);
  for (auto [thenStore, elseStore] : plan.storePairs) {
    unsigned operand = *getStoredValueOperand(thenStore);
    addMergeCost(ifOp, thenStore->getOperand(operand),
                 elseStore->getOperand(operand), plan);
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

static Value createSelect(OpBuilder &builder, Location loc, Value condition,
                          Value thenValue, Value elseValue) {
  if (thenValue == elseValue)
    return thenValue;
  return arith::SelectOp::create(builder, loc, condition, thenValue, elseValue);
}

/// The value that is `thenValue` in the lanes where `condition` holds and
/// `elseValue` in the others, built at `builder`'s point, after the arms were
/// hoisted. With a `match`, its kept op moves there and selects its operand;
/// the dropped op is left for the caller to erase.
static Value mergeValues(OpBuilder &builder, Location loc, Value condition,
                         Value thenValue, Value elseValue,
                         const std::optional<OperandSelect> &match) {
  if (!match)
    return createSelect(builder, loc, condition, thenValue, elseValue);
  Operation *kept = match->kept;
  if (match->operand) {
    unsigned operand = *match->operand;
    Value thenOperand = kept->getOperand(operand);
    Value elseOperand = match->dropped->getOperand(operand);
    if (match->negateDropped)
      elseOperand = arith::NegFOp::create(
          builder, loc, elseOperand,
          cast<arith::SubFOp>(match->dropped).getFastmath());
    if (!match->keptIsThen)
      std::swap(thenOperand, elseOperand);
    kept->setOperand(operand, createSelect(builder, loc, condition, thenOperand,
                                           elseOperand));
  }
  kept->moveBefore(builder.getInsertionBlock(), builder.getInsertionPoint());
  return kept->getResult(0);
}

/// Hoists both arms in front of `ifOp`, merges the store pairs into one store
/// of a selected value each, and replaces the results with selects.
static void speculate(scf::IfOp ifOp, const BranchPlan &plan) {
  Value condition = ifOp.getCondition();
  Location loc = ifOp.getLoc();
  // Matched while the values are still in their arms.
  SmallVector<std::optional<OperandSelect>> storeMatches, resultMatches;
  for (auto [thenStore, elseStore] : plan.storePairs) {
    unsigned operand = *getStoredValueOperand(thenStore);
    storeMatches.push_back(matchOperandSelect(
        ifOp, thenStore->getOperand(operand), elseStore->getOperand(operand)));
  }
  if (ifOp.getNumResults() != 0)
    for (auto [thenValue, elseValue] : llvm::zip_equal(
             ifOp.thenYield().getOperands(), ifOp.elseYield().getOperands()))
      resultMatches.push_back(matchOperandSelect(ifOp, thenValue, elseValue));

  for (Block *arm : {ifOp.thenBlock(), ifOp.elseBlock()}) {
    if (!arm)
      continue;
    for (Operation &op : llvm::make_early_inc_range(arm->without_terminator()))
      if (!getStoredValueOperand(&op))
        op.moveBefore(ifOp);
  }

  OpBuilder builder(ifOp);
  for (auto [pair, match] : llvm::zip_equal(plan.storePairs, storeMatches)) {
    auto [thenStore, elseStore] = pair;
    unsigned operand = *getStoredValueOperand(thenStore);
    Value value =
        mergeValues(builder, loc, condition, thenStore->getOperand(operand),
                    elseStore->getOperand(operand), match);
    thenStore->setOperand(operand, value);
    thenStore->setLoc(
        builder.getFusedLoc({thenStore->getLoc(), elseStore->getLoc()}));
    thenStore->moveBefore(ifOp);
    elseStore->erase();
  }

  SmallVector<Value> results;
  if (ifOp.getNumResults() != 0)
    for (auto [thenValue, elseValue, match] :
         llvm::zip_equal(ifOp.thenYield().getOperands(),
                         ifOp.elseYield().getOperands(), resultMatches))
      results.push_back(
          mergeValues(builder, loc, condition, thenValue, elseValue, match));
  ifOp.replaceAllUsesWith(results);
  ifOp.erase();
  for (const std::optional<OperandSelect> &match :
       llvm::concat<std::optional<OperandSelect>>(storeMatches, resultMatches))
    if (match)
      match->dropped->erase();
}

//===----------------------------------------------------------------------===//
// LDS reads
//===----------------------------------------------------------------------===//

/// The loads of LDS in the arms of `ifOp`, nested branches included.
static SmallVector<Operation *> getLdsReads(scf::IfOp ifOp) {
  SmallVector<Operation *> reads;
  ifOp->walk([&](Operation *op) {
    Value memref;
    if (auto read = dyn_cast<ReadOp>(op))
      memref = read.getMemref();
    else if (auto load = dyn_cast<memref::LoadOp>(op))
      memref = load.getMemRef();
    auto type = memref ? dyn_cast<MemRefType>(memref.getType()) : nullptr;
    if (type && gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type))
      reads.push_back(op);
  });
  return reads;
}

/// Speculating an LDS read makes the lanes that did not take the branch read
/// LDS too, where another lane may write without a barrier in between (a
/// race the barrier pass would then pay a barrier for) or where no lane has
/// written yet. The branch is converted on a copy of the kernel and the LDS
/// hazard analysis must prove every speculated read ordered and initialized.
/// The analyses of one kernel's copies share `conflicts`: a copy differs
/// from the kernel only in the branches converted so far, and the answers
/// are keyed by the structure of each question.
static void checkLdsReads(scf::IfOp ifOp, BranchPlan &plan,
                          CommonAddressCache &conflicts) {
  SmallVector<Operation *> reads = getLdsReads(ifOp);
  if (reads.empty())
    return;
  auto kernel = ifOp->getParentOfType<gpu::GPUFuncOp>();
  if (!kernel) {
    plan.reject(Rejection::LdsRead,
                describe(reads.front()) +
                    " reads LDS outside a gpu.func, whose LDS hazards are "
                    "not analyzed");
    return;
  }
  IRMapping mapping;
  OwningOpRef<Operation *> copy = kernel->clone(mapping);
  BranchPlan copyPlan;
  for (auto [thenStore, elseStore] : plan.storePairs)
    copyPlan.storePairs.emplace_back(mapping.lookup(thenStore),
                                     mapping.lookup(elseStore));
  speculate(cast<scf::IfOp>(mapping.lookup(ifOp.getOperation())), copyPlan);

  unsigned undecidedBefore = conflicts.getNumUndecided();
  LdsHazardAnalysis hazards(cast<gpu::GPUFuncOp>(*copy),
                            /*assumeWaveOrder=*/false, &conflicts);
  if (!hazards.succeeded()) {
    plan.reject(Rejection::LdsRead,
                describe(reads.front()) +
                    " reads LDS and the LDS hazards of the kernel are not "
                    "analyzed: " +
                    hazards.getFailureReason());
    return;
  }
  for (Operation *read : reads) {
    std::string why = hazards.explainUnsafeRead(mapping.lookup(read));
    if (!why.empty()) {
      // Undecided questions count as conflicts, which may be all there is.
      if (unsigned undecided = conflicts.getNumUndecided() - undecidedBefore)
        why += " (or so the hazard analysis assumes: " +
               CommonAddressCache::describeUndecided(undecided) + ")";
      plan.reject(Rejection::LdsRead,
                  describe(read) +
                      " reads LDS, and the lanes that do not take the branch "
                      "cannot read it safely: " +
                      why);
      return;
    }
  }
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
class RemoveDivergencePass
    : public wave::impl::RemoveDivergenceBase<RemoveDivergencePass> {
public:
  using RemoveDivergenceBase::RemoveDivergenceBase;

  void runOnOperation() override {
    DataFlowSolver solver;
    dataflow::loadBaselineAnalyses(solver);
    loadIntegerRangeAnalysis(solver);
    loadUniformityAnalysis(solver);
    if (failed(solver.initializeAndRun(getOperation()))) {
      getOperation()->emitError(
          "wave-remove-divergence: the uniformity and range analyses failed");
      return signalPassFailure();
    }

    // Post-order: inner branches first, so that an outer arm is straight-line
    // code by the time the outer branch is considered.
    SmallVector<scf::IfOp> branches;
    getOperation()->walk([&](scf::IfOp ifOp) {
      auto func = ifOp->getParentOfType<gpu::GPUFuncOp>();
      if (!func || !isSkippedKernel(func, referenceKernels))
        branches.push_back(ifOp);
    });
    StatisticCounts counts;
    llvm::DenseMap<Operation *, CommonAddressCache> conflicts;
    for (scf::IfOp ifOp : branches)
      visitBranch(ifOp, solver, counts,
                  conflicts[ifOp->getParentOfType<gpu::GPUFuncOp>()]);
    if (summary)
      counts.emitSummary(*this, getOperation());
  }

private:
  void visitBranch(scf::IfOp ifOp, const DataFlowSolver &solver,
                   StatisticCounts &counts, CommonAddressCache &conflicts) {
    // Only divergent conditions make a wave run both arms; a uniform branch
    // (or one in dead code) costs nothing to keep.
    if (!getUniformity(solver, ifOp.getCondition()).isDivergent()) {
      counts.add(numUniform);
      return;
    }
    if (std::optional<std::string> limit =
            getLaneValuesLimit(solver, ifOp.getCondition()))
      emitRemark(ifOp.getLoc()) << *limit;
    BranchPlan plan = planBranch(ifOp, solver);
    if (!plan.rejection && plan.cost > threshold)
      plan.reject(Rejection::Cost,
                  "speculating both arms costs " + Twine(plan.cost) +
                      ", over the threshold of " + Twine(threshold));
    if (!plan.rejection)
      checkLdsReads(ifOp, plan, conflicts);
    if (plan.rejection) {
      counts.add(getRejectionStatistic(*plan.rejection));
      emitRemark(ifOp.getLoc(), "divergent branch kept: ") << plan.reason;
      return;
    }
    counts.add(numConverted);
    counts.add(numMergedStores, plan.storePairs.size());
    counts.add(numOperandSelects, plan.operandSelects);
    speculate(ifOp, plan);
  }

  /// The statistic counting the branches kept for `why`.
  Statistic &getRejectionStatistic(Rejection why) {
    switch (why) {
    case Rejection::SideEffect:
      return numRejectedSideEffect;
    case Rejection::Barrier:
      return numRejectedBarrier;
    case Rejection::Convergent:
      return numRejectedConvergent;
    case Rejection::OutOfBounds:
      return numRejectedOutOfBounds;
    case Rejection::LdsRead:
      return numRejectedLdsRead;
    case Rejection::Cost:
      return numRejectedCost;
    }
    llvm_unreachable("unknown rejection");
  }
};
} // namespace
