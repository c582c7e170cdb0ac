//===- RegisterPressure.cpp - Live registers of a wave kernel -------------===//

#include "wave/Analysis/Registers/RegisterPressure.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wave;

RegisterPressure::RegisterPressure(Operation *kernel, PressureOptions options)
    : options(std::move(options)) {
  findAccumulators(kernel);
  kernel->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { preOrder.try_emplace(op, preOrder.size()); });
  for (Region &region : kernel->getRegions())
    walkRegion(region, /*through=*/{}, /*record=*/true);
}

//===----------------------------------------------------------------------===//
// Weighing values
//===----------------------------------------------------------------------===//

/// Bits of one element of a lane value; 0 for types that occupy no register
/// of their own.
static unsigned getElementBits(Type type) {
  if (type.isIndex())
    return 32;
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  return 0;
}

RegisterCounts RegisterPressure::getCost(Value value) const {
  RegisterCounts cost;
  Operation *def = value.getDefiningOp();
  if (def && def->hasTrait<OpTrait::ConstantLike>())
    return cost;

  Type elementType = value.getType();
  int64_t elements = 1;
  if (auto vectorType = dyn_cast<VectorType>(elementType)) {
    if (vectorType.isScalable())
      return cost;
    elementType = vectorType.getElementType();
    elements = vectorType.getNumElements();
  }
  unsigned bits = getElementBits(elementType);
  if (bits == 0)
    return cost;

  bool uniform = options.isUniform && options.isUniform(value);
  if (bits == 1) {
    // A uniform condition is one SGPR (or SCC); a lane mask one bit a lane.
    unsigned perMask =
        uniform ? 1 : std::max(1u, llvm::divideCeil(options.waveSize, 32));
    cost.sgprs = elements * perMask;
    return cost;
  }
  unsigned registers = llvm::divideCeil(elements * bits, 32);
  if (uniform)
    cost.sgprs = registers;
  else if (options.accumulatorsInAgprs && isAccumulator(value))
    cost.accumulators = registers;
  else
    cost.vgprs = registers;
  return cost;
}

RegisterCounts RegisterPressure::weigh(Operation *op,
                                       ArrayRef<Value> values) const {
  RegisterCounts total;
  for (Value value : values) {
    if (options.spilled.contains(value) && value.getDefiningOp() != op &&
        !llvm::is_contained(op->getOperands(), value))
      continue;
    total += getCost(value);
  }
  return total;
}

//===----------------------------------------------------------------------===//
// MMA accumulators
//===----------------------------------------------------------------------===//

/// Adds every value tied to `value` through a loop's iteration arguments or
/// an `scf.if`'s results: they are the same register.
static void forEachTiedValue(Value value, function_ref<void(Value)> fn) {
  auto tieLoop = [&](LoopLikeOpInterface loop) {
    std::optional<ResultRange> results = loop.getLoopResults();
    auto inits = loop.getInits();
    auto iterArgs = loop.getRegionIterArgs();
    auto yielded = loop.getYieldedValues();
    for (unsigned i = 0, e = iterArgs.size(); i < e; ++i) {
      SmallVector<Value, 4> group = {inits[i], iterArgs[i]};
      if (i < yielded.size())
        group.push_back(yielded[i]);
      if (results && i < results->size())
        group.push_back((*results)[i]);
      if (llvm::is_contained(group, value))
        llvm::for_each(group, fn);
    }
  };
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (auto loop = dyn_cast<LoopLikeOpInterface>(user))
      tieLoop(loop);
    else if (auto loop = dyn_cast<LoopLikeOpInterface>(user->getParentOp());
             loop && user->hasTrait<OpTrait::IsTerminator>())
      tieLoop(loop);
    else if (auto ifOp = dyn_cast<scf::IfOp>(user->getParentOp());
             ifOp && isa<scf::YieldOp>(user))
      fn(ifOp.getResult(use.getOperandNumber()));
  }
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (auto loop =
            dyn_cast<LoopLikeOpInterface>(arg.getOwner()->getParentOp()))
      tieLoop(loop);
  } else if (auto loop = dyn_cast<LoopLikeOpInterface>(value.getDefiningOp())) {
    tieLoop(loop);
  } else if (auto ifOp = dyn_cast<scf::IfOp>(value.getDefiningOp())) {
    unsigned index = cast<OpResult>(value).getResultNumber();
    fn(ifOp.thenYield().getOperand(index));
    if (!ifOp.getElseRegion().empty())
      fn(ifOp.elseYield().getOperand(index));
  }
}

void RegisterPressure::findAccumulators(Operation *kernel) {
  SmallVector<Value> worklist;
  kernel->walk([&](MmaOp mma) {
    worklist.push_back(mma.getResult());
    worklist.push_back(mma.getAcc());
  });
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!accumulators.insert(value).second)
      continue;
    forEachTiedValue(value, [&](Value tied) {
      if (tied.getType() == value.getType() && !accumulators.count(tied))
        worklist.push_back(tied);
    });
  }
}

//===----------------------------------------------------------------------===//
// Liveness
//===----------------------------------------------------------------------===//

RegisterPressure::LiveSet RegisterPressure::walkRegion(Region &region,
                                                       const LiveSet &through,
                                                       bool record) {
  if (region.empty())
    return through;
  if (region.hasOneBlock())
    return walkBlock(region.front(), through, record);

  // Unstructured control flow: iterate block live-in sets to a fixpoint,
  // then walk once more recording the program points.
  llvm::DenseMap<Block *, LiveSet> liveIn;
  auto liveOutOf = [&](Block &block) {
    LiveSet out = through;
    for (Block *successor : block.getSuccessors())
      out.insert_range(liveIn[successor]);
    return out;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (Block &block : llvm::reverse(region)) {
      LiveSet in = walkBlock(block, liveOutOf(block), /*record=*/false);
      LiveSet &old = liveIn[&block];
      if (in.size() != old.size()) {
        old = std::move(in);
        changed = true;
      }
    }
  }
  if (record)
    for (Block &block : region)
      walkBlock(block, liveOutOf(block), /*record=*/true);
  return liveIn[&region.front()];
}

RegisterPressure::LiveSet
RegisterPressure::walkBlock(Block &block, LiveSet live, bool record) {
  for (Operation &op : llvm::reverse(block)) {
    LiveSet after = live;
    after.insert_range(op.getResults());
    for (Value result : op.getResults())
      live.remove(result);

    if (op.getNumRegions() != 0) {
      // Values defined above the op and used in its regions.
      llvm::SetVector<Value> usedInside;
      getUsedValuesDefinedAbove(op.getRegions(), usedInside);
      // What is live after the op is live throughout its regions; in a loop
      // so is everything the body uses from outside (the back edge returns
      // to those uses).
      LiveSet through = live;
      if (isa<LoopLikeOpInterface>(op))
        through.insert_range(usedInside);
      for (Region &region : op.getRegions())
        live.insert_range(walkRegion(region, through, record));
    }
    live.insert_range(op.getOperands());
    if (record)
      recordPoint(&op, live, after);
  }
  for (BlockArgument arg : block.getArguments())
    live.remove(arg);
  return live;
}

void RegisterPressure::recordPoint(Operation *op, const LiveSet &before,
                                   const LiveSet &after) {
  Point &point = points[op];
  point.before.assign(before.begin(), before.end());
  point.after.assign(after.begin(), after.end());
  RegisterCounts beforeCost = weigh(op, point.before);
  RegisterCounts afterCost = weigh(op, point.after);
  point.pressure =
      beforeCost.getVectorRegisters() >= afterCost.getVectorRegisters()
          ? beforeCost
          : afterCost;
  point.pressure.sgprs = std::max(beforeCost.sgprs, afterCost.sgprs);

  LiveSet both = before;
  both.insert_range(after);
  for (Value value : both)
    ++liveRangeLengths[value];

  maxSgprs = std::max(maxSgprs, point.pressure.sgprs);
  // Points are recorded bottom-up; on ties keep the earliest op.
  unsigned vector = point.pressure.getVectorRegisters();
  if (!peakOp || vector > peak.getVectorRegisters() ||
      (vector == peak.getVectorRegisters() &&
       preOrder.lookup(op) < preOrder.lookup(peakOp))) {
    peak = point.pressure;
    peakOp = op;
  }
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

RegisterCounts RegisterPressure::getPressureAt(Operation *op) const {
  auto it = points.find(op);
  return it == points.end() ? RegisterCounts() : it->second.pressure;
}

SmallVector<Value> RegisterPressure::getLiveAcross(Operation *op) const {
  SmallVector<Value> across;
  auto it = points.find(op);
  if (it == points.end())
    return across;
  llvm::SetVector<Value> usedInside;
  getUsedValuesDefinedAbove(op->getRegions(), usedInside);
  llvm::SmallDenseSet<Value> after(it->second.after.begin(),
                                   it->second.after.end());
  for (Value value : it->second.before)
    if (after.contains(value) &&
        !llvm::is_contained(op->getOperands(), value) &&
        !usedInside.contains(value))
      across.push_back(value);
  return across;
}

bool RegisterPressure::isLiveAt(Value value, Operation *op) const {
  auto it = points.find(op);
  return it != points.end() && (llvm::is_contained(it->second.before, value) ||
                                llvm::is_contained(it->second.after, value));
}

unsigned RegisterPressure::getLiveRangeLength(Value value) const {
  return liveRangeLengths.lookup(value);
}

bool RegisterPressure::isInInnermostLoop(Operation *op) {
  auto loop = op->getParentOfType<LoopLikeOpInterface>();
  if (!loop)
    return false;
  WalkResult nested = loop->walk([&](LoopLikeOpInterface inner) {
    return inner == loop ? WalkResult::advance() : WalkResult::interrupt();
  });
  return !nested.wasInterrupted();
}
