//===- InterleaveMfmas.cpp - MFMA shadows filled, the order fenced ------===//
//
// A 32x32 MFMA holds the matrix pipe for 32 cycles (the published rate on
// gfx942), in which its wave may issue about seven other instructions
// before the next MFMA can go. A loop whose MFMAs come in one run and whose
// other work (softmax, rescales, staging) comes in another waits on the
// second with the pipe idle. This pass orders each loop block so that every
// MFMA is followed by an even share of the block's other work, the operands
// of the MFMAs a few places later first, and fences the order with a
// `rocdl.sched.barrier 0` before each MFMA: schedule groups only ask LLVM's
// scheduler for an order within a region, and on loops of several hundred
// VALU instructions it does not keep it; a fence makes each shadow its own
// scheduling region. Before ordering, work of a block that does not depend
// on what a branch chose (a join's operations whose operands the branch
// does not define) moves up into the block the branch leaves, where MFMAs
// independent of it can hide it.
//
//===----------------------------------------------------------------------===//

#include "LoweredAccesses.h"
#include "MfmaIssueModel.h"
#include "wave/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"

#include <functional>

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEINTERLEAVEMFMAS
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::issue;

namespace {
/// Ops that end a scheduling region: the backend's own boundaries, the
/// workgroup barrier and fences (which order every access across them), and
/// ops whose effects the pass does not model.
bool isCut(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>())
    return true;
  if (isa<ROCDL::SchedBarrier, ROCDL::SetPrioOp, ROCDL::SBarrierOp,
          ROCDL::SWaitcntOp, LLVM::FenceOp>(op))
    return true;
  return Access::of(op).space == Access::Unknown;
}

/// The arguments of `function` whose memory it only reads: `llvm.noalias`
/// (no other argument reaches it) and no write based on them. None when a
/// write's base is not known.
llvm::SmallBitVector readOnlyArguments(LLVM::LLVMFuncOp function) {
  unsigned count = function.getNumArguments();
  llvm::SmallBitVector readOnly(count);
  for (unsigned index = 0; index < count; ++index)
    readOnly[index] = bool(
        function.getArgAttr(index, LLVM::LLVMDialect::getNoAliasAttrName()));
  WalkResult walk = function.getBody().walk([&](Operation *op) {
    Kind kind = classify(op);
    if (kind == DsWrite || kind == DsRead || kind == VmemRead ||
        isSynchronization(op) || isRegisterOnly(op) ||
        (kind == Other && isMemoryEffectFree(op)) || kind == Mfma)
      return WalkResult::advance();
    std::optional<unsigned> base;
    if (kind == VmemWrite)
      base = baseArgument(accessAddress(op), function);
    if (!base)
      return WalkResult::interrupt();
    readOnly.reset(*base);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    readOnly.reset();
  return readOnly;
}

/// The ordering of one region (the ops between two cuts) of a loop block.
class RegionOrder {
public:
  RegionOrder(ArrayRef<Operation *> ops, unsigned lead, double fill)
      : ops(ops), lead(lead), fill(fill) {
    for (auto [index, op] : llvm::enumerate(ops))
      position[op] = index;
    collectDependences();
  }

  /// The order: MFMAs as written, each followed by the accesses the MFMA
  /// `lead` places later needs, the arithmetic the next one needs, and then,
  /// by longest path to the region's end first, ready work up to an even
  /// share of the region's issue slots.
  SmallVector<Operation *> build();

private:
  void collectDependences();
  bool isReady(Operation *op, int64_t gap) const;

  ArrayRef<Operation *> ops;
  unsigned lead;
  double fill;
  DenseMap<Operation *, size_t> position;
  /// For each op, the region's ops it must follow.
  DenseMap<Operation *, SmallVector<Operation *>> dependences;
  /// The MFMA each placed op follows (-1: before the first).
  DenseMap<Operation *, int64_t> gapOf;
  DenseMap<Operation *, size_t> mfmaIndex;
  /// The matrix pipe's cycles of the region's first MFMA.
  int64_t mfmaCyclesOfRegion = 32;
};

void RegionOrder::collectDependences() {
  SmallVector<std::pair<Operation *, Access>> accesses;
  for (Operation *op : ops) {
    SmallVector<Operation *> &before = dependences[op];
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp(); def && position.count(def))
        before.push_back(def);
    Access access = Access::of(op);
    if (access.space == Access::None)
      continue;
    for (auto &[earlier, earlierAccess] : accesses)
      if (access.conflicts(earlierAccess))
        before.push_back(earlier);
    accesses.push_back({op, access});
  }
}

bool RegionOrder::isReady(Operation *op, int64_t gap) const {
  for (Operation *before : dependences.lookup(op)) {
    auto placed = gapOf.find(before);
    if (placed == gapOf.end())
      return false;
    // An MFMA's result is read one MFMA later at the earliest: the matrix
    // pipe has not written it before then. A load's data is used as many
    // MFMAs later as its latency takes, where the region has them.
    int64_t distance = 0;
    switch (classify(before)) {
    case Mfma:
      distance = 1;
      break;
    case DsRead:
      distance = llvm::divideCeil(kLdsLatency, mfmaCyclesOfRegion);
      break;
    case VmemRead:
      distance = llvm::divideCeil(kGlobalLatency, mfmaCyclesOfRegion);
      break;
    default:
      break;
    }
    if (placed->second + distance > gap)
      return false;
  }
  return true;
}

SmallVector<Operation *> RegionOrder::build() {
  SmallVector<Operation *> mfmas, work;
  for (Operation *op : ops)
    (classify(op) == Mfma ? mfmas : work).push_back(op);
  for (auto [index, mfma] : llvm::enumerate(mfmas))
    mfmaIndex[mfma] = index;
  size_t count = mfmas.size();
  if (count)
    mfmaCyclesOfRegion = mfmaCycles(mfmas.front());

  // The work each MFMA is the first to need, in program order, apart: the
  // memory accesses and what their addresses need (issued `lead` MFMAs
  // ahead, for their latency), and arithmetic (one MFMA ahead).
  llvm::SmallPtrSet<Operation *, 32> taken;
  SmallVector<SmallVector<Operation *>> accessOperands(count),
      arithmeticOperands(count);
  for (auto [index, mfma] : llvm::enumerate(mfmas)) {
    SmallVector<Operation *> needed, stack(dependences[mfma]);
    while (!stack.empty()) {
      Operation *op = stack.pop_back_val();
      if (mfmaIndex.count(op) || !taken.insert(op).second)
        continue;
      needed.push_back(op);
      llvm::append_range(stack, dependences[op]);
    }
    llvm::SmallPtrSet<Operation *, 16> forAccess;
    for (Operation *op : needed) {
      if (classify(op) == Other)
        continue;
      SmallVector<Operation *> slice = {op};
      while (!slice.empty()) {
        Operation *next = slice.pop_back_val();
        if (!llvm::is_contained(needed, next) || !forAccess.insert(next).second)
          continue;
        llvm::append_range(slice, dependences[next]);
      }
    }
    llvm::sort(needed, [&](Operation *a, Operation *b) {
      return position[a] < position[b];
    });
    for (Operation *op : needed)
      (forAccess.contains(op) ? accessOperands : arithmeticOperands)[index]
          .push_back(op);
  }

  double slots = 0;
  for (Operation *op : work)
    slots += issueSlots(op);
  double share = fill * slots / count;

  // The longest path, in issue slots, from each op to the region's end.
  DenseMap<Operation *, SmallVector<Operation *>> users;
  for (Operation *op : work)
    for (Operation *before : dependences[op])
      users[before].push_back(op);
  DenseMap<Operation *, double> height;
  for (Operation *op : llvm::reverse(work)) {
    double longest = 0;
    for (Operation *user : users[op])
      longest = std::max(longest, height.lookup(user));
    // A load's latency counts too, so that loads go as early as they can.
    Kind kind = classify(op);
    double latency = kind == VmemRead ? kGlobalLatency / kIssueCycles
                     : kind == DsRead ? kLdsLatency / kIssueCycles
                                      : 0;
    height[op] = issueSlots(op) + latency + longest;
  }

  SmallVector<Operation *> order;
  auto place = [&](Operation *op, int64_t gap) {
    gapOf[op] = gap;
    order.push_back(op);
  };
  // An op and, first, what it depends on that is not placed yet: an MFMA
  // goes where its operands are, whatever the latency rule says.
  std::function<void(Operation *, int64_t)> placeWithDependences =
      [&](Operation *op, int64_t gap) {
        if (gapOf.count(op))
          return;
        SmallVector<Operation *> before(dependences[op]);
        llvm::sort(before, [&](Operation *a, Operation *b) {
          return position[a] < position[b];
        });
        for (Operation *dependence : before)
          placeWithDependences(dependence, gap);
        place(op, gap);
      };
  // Operands placed ahead of their MFMA where what they depend on is placed
  // already; the others wait for their MFMA.
  double budget = 0;
  auto placeAhead = [&](ArrayRef<Operation *> operands, int64_t gap) {
    for (Operation *op : operands) {
      if (gapOf.count(op) || !llvm::all_of(dependences[op], [&](Operation *d) {
            return gapOf.count(d) != 0;
          }))
        continue;
      place(op, gap);
      budget -= issueSlots(op);
    }
  };
  for (size_t index = 0; index < std::min<size_t>(lead, count); ++index)
    placeAhead(accessOperands[index], -1);
  if (count)
    placeAhead(arithmeticOperands[0], -1);
  SmallVector<Operation *> remaining;
  for (Operation *op : work)
    if (!taken.contains(op))
      remaining.push_back(op);

  for (size_t gap = 0; gap < count; ++gap) {
    placeWithDependences(mfmas[gap], gap);
    budget = share;
    if (gap + lead < count)
      placeAhead(accessOperands[gap + lead], gap);
    if (gap + 1 < count)
      placeAhead(arithmeticOperands[gap + 1], gap);
    bool last = gap + 1 == count;
    while (true) {
      Operation *best = nullptr;
      for (Operation *op : remaining) {
        if (gapOf.count(op) || !isReady(op, gap))
          continue;
        double cost = issueSlots(op);
        if (!last && cost > budget && cost > 0 && budget < share)
          continue;
        if (!best || std::make_tuple(cost == 0, height[op]) >
                         std::make_tuple(issueSlots(best) == 0, height[best]))
          best = op;
      }
      if (!best || (!last && budget <= 0 && issueSlots(best) > 0))
        break;
      place(best, gap);
      budget -= issueSlots(best);
    }
  }
  // What reads the last MFMA's result, in program order, and operands no
  // MFMA forced (those of none).
  for (Operation *op : work)
    if (!gapOf.count(op))
      placeWithDependences(op, count);
  return order;
}

struct WaveInterleaveMfmas
    : wave::impl::WaveInterleaveMfmasBase<WaveInterleaveMfmas> {
  using Base::Base;

  void runOnOperation() override {
    LLVM::LLVMFuncOp function = getOperation();
    DominanceInfo dominance(function);
    PostDominanceInfo postDominance(function);
    for (auto [header, latch] : findLoops(function))
      interleaveLoop(header, *latch, dominance, postDominance);
  }

  void interleaveLoop(Block *header, Block &latch, DominanceInfo &dominance,
                      PostDominanceInfo &postDominance);
  unsigned sinkBelowBarriers(Block &block,
                             const llvm::SmallBitVector &readOnly);
  unsigned hoistIndependentWork(ArrayRef<Block *> blocks, Block *header,
                                DominanceInfo &dominance,
                                PostDominanceInfo &postDominance);
  bool orderRegion(ArrayRef<Operation *> ops, Operation *end,
                   std::string &text);
};

void WaveInterleaveMfmas::interleaveLoop(Block *header, Block &latch,
                                         DominanceInfo &dominance,
                                         PostDominanceInfo &postDominance) {
  Location loc = latch.getTerminator()->getLoc();
  SmallVector<Block *> blocks = loopBlocks(header, latch);
  unsigned mfmas = 0;
  bool calls = false, ordered = false;
  for (Block *block : blocks) {
    for (Operation &op : *block) {
      mfmas += classify(&op) == Mfma;
      calls |= isa<LLVM::CallOp>(op);
      ordered |= isa<ROCDL::SchedGroupBarrier>(op);
      if (auto fence = dyn_cast<ROCDL::SchedBarrier>(op))
        ordered |= fence.getMask() != 0;
    }
  }
  auto decline = [&](const Twine &why) {
    emitRemark(loc) << "wave-interleave-mfmas: loop not interleaved: " << why;
    ++numDeclined;
  };
  if (mfmas < minMfmas)
    return decline(Twine(mfmas) + " MFMAs in its body, fewer than " +
                   Twine(minMfmas));
  if (calls)
    return decline("its body calls a function");
  if (ordered)
    return decline("its body already asks the backend for an order "
                   "(schedule groups or a masked sched_barrier)");

  unsigned hoisted =
      hoistIndependentWork(blocks, header, dominance, postDominance);
  llvm::SmallBitVector readOnly = readOnlyArguments(getOperation());
  unsigned sunk = 0;
  for (Block *block : blocks)
    sunk += sinkBelowBarriers(*block, readOnly);

  std::string report;
  llvm::raw_string_ostream os(report);
  unsigned done = 0, regions = 0;
  for (Block *block : blocks) {
    // The ops of the backend's scheduling regions (between sched_barriers)
    // that LLVM's iglp_opt strategy orders: fences would split them.
    llvm::SmallPtrSet<Operation *, 32> underStrategy;
    SmallVector<Operation *> segment;
    bool strategy = false;
    for (Operation &op : *block) {
      if (isa<ROCDL::SchedBarrier>(op) ||
          op.hasTrait<OpTrait::IsTerminator>()) {
        if (strategy)
          underStrategy.insert(segment.begin(), segment.end());
        segment.clear();
        strategy = false;
        continue;
      }
      segment.push_back(&op);
      strategy |= isa<ROCDL::IglpOpt>(op);
    }
    SmallVector<Operation *> ops;
    for (Operation &op : llvm::make_early_inc_range(*block)) {
      if (!isCut(&op)) {
        ops.push_back(&op);
        continue;
      }
      unsigned inRegion = llvm::count_if(
          ops, [](Operation *op) { return classify(op) == Mfma; });
      if (inRegion) {
        std::string text;
        bool strategy = llvm::any_of(
            ops, [&](Operation *op) { return underStrategy.contains(op); });
        if (strategy)
          text = "LLVM's iglp_opt strategy orders it";
        bool changed =
            !strategy && inRegion >= minMfmas && orderRegion(ops, &op, text);
        if (!changed && text.empty())
          text =
              (Twine(inRegion) + " MFMAs, fewer than " + Twine(minMfmas)).str();
        done += changed;
        os << (regions++ ? "; " : "") << "region " << regions
           << (changed ? ": " : " left: ") << text;
      }
      ops.clear();
    }
  }
  if (hoisted)
    os << "; " << hoisted
       << " operations that do not depend on a branch moved above it";
  if (sunk)
    os << "; " << sunk
       << " loads of memory the kernel only reads, and their arithmetic, "
          "moved below a workgroup barrier";
  numHoisted += hoisted;
  numSunk += sunk;
  if (!done)
    return decline(report);
  emitRemark(loc) << "wave-interleave-mfmas: " << report;
  ++numLoops;
}

/// Moves the global loads of memory the kernel only reads (`readOnly`
/// arguments), and the arithmetic that only they and later code use, from
/// above a run of barriers and fences to below it, where the MFMAs after it
/// can hide them: the barrier orders the accesses of the workgroup's waves,
/// and no wave writes what these loads read.
unsigned
WaveInterleaveMfmas::sinkBelowBarriers(Block &block,
                                       const llvm::SmallBitVector &readOnly) {
  LLVM::LLVMFuncOp function = getOperation();
  unsigned sunk = 0;
  SmallVector<Operation *> above;
  for (Operation *op = &block.front(); op; op = op->getNextNode()) {
    if (!isSynchronization(op)) {
      if (isCut(op))
        above.clear();
      else
        above.push_back(op);
      continue;
    }
    Operation *last = op;
    bool barrier = false;
    while (isSynchronization(last->getNextNode()))
      last = last->getNextNode();
    for (Operation *sync = op; sync != last->getNextNode();
         sync = sync->getNextNode())
      barrier |= isa<ROCDL::SBarrierOp, LLVM::FenceOp>(sync);
    unsigned mfmasBelow = 0;
    bool strategyBelow = false;
    for (Operation *below = last->getNextNode(); below && !isCut(below);
         below = below->getNextNode())
      mfmasBelow += classify(below) == Mfma;
    // LLVM's iglp_opt strategy in the backend's region below orders it.
    for (Operation *below = last->getNextNode();
         below && !isa<ROCDL::SchedBarrier>(below) &&
         !below->hasTrait<OpTrait::IsTerminator>();
         below = below->getNextNode())
      strategyBelow |= isa<ROCDL::IglpOpt>(below);
    if (barrier && mfmasBelow >= minMfmas && !strategyBelow) {
      llvm::SmallPtrSet<Operation *, 32> aboveSet(above.begin(), above.end());
      llvm::SmallPtrSet<Operation *, 32> sinking;
      for (Operation *candidate : llvm::reverse(above)) {
        Kind kind = classify(candidate);
        std::optional<unsigned> base;
        if (kind == VmemRead)
          base = baseArgument(accessAddress(candidate), function);
        bool movable =
            kind == VmemRead
                ? base && readOnly.test(*base)
                : kind == Other && Access::of(candidate).space == Access::None;
        if (!movable ||
            llvm::any_of(candidate->getUsers(), [&](Operation *user) {
              return aboveSet.contains(user) && !sinking.contains(user);
            }))
          continue;
        sinking.insert(candidate);
      }
      Operation *insertAfter = last;
      for (Operation *candidate : above) {
        if (!sinking.contains(candidate))
          continue;
        candidate->moveAfter(insertAfter);
        insertAfter = candidate;
        sunk += classify(candidate) == VmemRead;
      }
    }
    above.clear();
    op = last;
  }
  return sunk;
}

/// Moves the work of each loop block that a branch above it cannot change
/// (operands defined above the branch, no access that the blocks between
/// could order) to the end of the highest block it is control-equivalent
/// to, if that block has MFMAs: memory accesses always, arithmetic while it
/// leaves the block no more work an MFMA than the join keeps. MFMAs stay:
/// they are what hides the work.
unsigned WaveInterleaveMfmas::hoistIndependentWork(
    ArrayRef<Block *> blocks, Block *header, DominanceInfo &dominance,
    PostDominanceInfo &postDominance) {
  llvm::SmallPtrSet<Block *, 8> inLoop(blocks.begin(), blocks.end());
  auto load = [](Block *block) {
    std::pair<double, unsigned> slotsAndMfmas = {0, 0};
    for (Operation &op : *block) {
      slotsAndMfmas.first += issueSlots(&op);
      slotsAndMfmas.second += classify(&op) == Mfma;
    }
    return slotsAndMfmas;
  };
  unsigned moved = 0;
  for (Block *join : blocks) {
    // An unreachable block that branches into the loop is in `blocks` but
    // has no place in the dominator tree.
    if (join == header || !dominance.isReachableFromEntry(join))
      continue;
    Block *target = nullptr;
    for (DominanceInfoNode *node = dominance.getNode(join)->getIDom();
         node && inLoop.contains(node->getBlock()) &&
         node->getBlock() != header &&
         postDominance.postDominates(join, node->getBlock());
         node = node->getIDom())
      target = node->getBlock();
    if (!target)
      continue;
    double targetSlots, joinSlots;
    unsigned targetMfmas, joinMfmas;
    std::tie(targetSlots, targetMfmas) = load(target);
    std::tie(joinSlots, joinMfmas) = load(join);
    if (targetMfmas < minMfmas)
      continue;
    // The accesses of the blocks between the two.
    SmallVector<Access> between;
    for (Block *block : blocks)
      if (block != target && block != join &&
          dominance.dominates(target, block) &&
          postDominance.postDominates(join, block))
        for (Operation &op : *block)
          if (Access access = Access::of(&op); access.space != Access::None)
            between.push_back(access);
    Operation *end = target->getTerminator();
    auto moveUp = [&](Operation *op) {
      op->moveBefore(end);
      double slots = issueSlots(op);
      targetSlots += slots;
      joinSlots -= slots;
      ++moved;
    };
    // The arithmetic of the join that `op` needs, or nothing if some of it
    // cannot move (it reads what the branch chose, or has effects).
    auto arithmeticBelow = [&](Operation *op,
                               SmallVectorImpl<Operation *> &needed) {
      llvm::SetVector<Operation *> seen;
      SmallVector<Operation *> stack = {op};
      while (!stack.empty()) {
        for (Value operand : stack.pop_back_val()->getOperands()) {
          Block *defined = operand.getParentBlock();
          if (defined != join) {
            if (!dominance.dominates(defined, target))
              return false;
            continue;
          }
          Operation *def = operand.getDefiningOp();
          if (!def || Access::of(def).space != Access::None ||
              classify(def) == Mfma)
            return false;
          if (seen.insert(def))
            stack.push_back(def);
        }
      }
      needed.assign(seen.begin(), seen.end());
      llvm::sort(needed, [](Operation *a, Operation *b) {
        return a->isBeforeInBlock(b);
      });
      return true;
    };
    // Accesses first, with the arithmetic of their addresses, whatever the
    // balance: the earlier they issue, the more of their latency the MFMAs
    // hide.
    SmallVector<Access> staying;
    for (Operation &op : llvm::make_early_inc_range(*join)) {
      Access access = Access::of(&op);
      if (access.space == Access::None)
        continue;
      auto conflicts = [&](const Access &other) {
        return access.conflicts(other);
      };
      SmallVector<Operation *> needed;
      if (isCut(&op) || llvm::any_of(between, conflicts) ||
          llvm::any_of(staying, conflicts) || !arithmeticBelow(&op, needed)) {
        staying.push_back(access);
        continue;
      }
      for (Operation *arithmetic : needed)
        moveUp(arithmetic);
      moveUp(&op);
    }
    // Then arithmetic, while the block keeps no more work an MFMA than the
    // join.
    for (Operation &op : llvm::make_early_inc_range(*join)) {
      double slots = issueSlots(&op);
      SmallVector<Operation *> needed;
      if (isCut(&op) || classify(&op) == Mfma ||
          Access::of(&op).space != Access::None ||
          !arithmeticBelow(&op, needed) || !needed.empty())
        continue;
      if (slots == 0 || !joinMfmas ||
          (targetSlots + slots) / targetMfmas <=
              (joinSlots - slots) / joinMfmas)
        moveUp(&op);
    }
  }
  return moved;
}

/// Orders the region `ops`, which ends before `end`, and fences the order,
/// where the model says it pays; `text` says what it did or why not.
bool WaveInterleaveMfmas::orderRegion(ArrayRef<Operation *> ops, Operation *end,
                                      std::string &text) {
  SmallVector<Operation *> order = RegionOrder(ops, lead, fill).build();
  int64_t before = modelCycles(ops, /*countValu=*/true);
  int64_t after = modelCycles(order, /*countValu=*/true);
  unsigned mfmas =
      llvm::count_if(ops, [](Operation *op) { return classify(op) == Mfma; });
  llvm::raw_string_ostream os(text);
  if (after >= before) {
    os << "the order would not pay (modelled cycles of one wave " << before
       << " -> " << after << ")";
    return false;
  }
  unsigned fences = 0;
  OpBuilder builder(end);
  bool first = true;
  for (Operation *op : order) {
    if (classify(op) == Mfma && !std::exchange(first, false)) {
      ROCDL::SchedBarrier::create(builder, op->getLoc(),
                                  builder.getI32IntegerAttr(0));
      ++fences;
    }
    op->moveBefore(end);
  }
  numFences += fences;
  os << mfmas << " MFMAs, each followed by a share of " << ops.size() - mfmas
     << " other operations, fenced; modelled cycles of "
     << "one wave " << before << " -> " << after << ", registers "
     << peakLiveRegisters(ops) << " -> " << peakLiveRegisters(order);
  return true;
}
} // namespace
