//===- UseCollectives.cpp - Wave reductions for LDS reduction trees -------===//
//
// Recognizes the classic shared-memory reduction tree (level s: lanes t < s
// combine buf[t] and buf[t + s] into buf[t], s halving down to 1) and
// replaces the levels whose partners sit in one wave by one wave.reduce;
// the levels across waves keep LDS and their barriers.
// docs/passes/wave-use-collectives.md describes the algorithm.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEUSECOLLECTIVES
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

/// One level of the tree: `scf.if (tid < stride) { mine = buf[tid]; other =
/// buf[tid + stride]; s = combine(mine, other); buf[tid] = s }`, or, as the
/// last level, any ops using `s` in place of the write.
struct Level {
  scf::IfOp ifOp;
  Value threadId;
  Value buffer;
  int64_t stride = 0;
  ReadOp mine, other;
  Operation *combine = nullptr;
  ReduceKind kind = ReduceKind::add;
  /// The write of `s` back to buf[tid]; null when the level uses `s`
  /// otherwise (it can then only be the last).
  WriteOp writeBack;
};

/// The wave.reduce kind of a combining op, if it has one.
std::optional<ReduceKind> getReduceKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<ReduceKind>>(op)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return ReduceKind::add; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return ReduceKind::mul; })
      .Case<arith::MaxNumFOp, arith::MaxSIOp>(
          [](auto) { return ReduceKind::max; })
      .Case<arith::MinNumFOp, arith::MinSIOp>(
          [](auto) { return ReduceKind::min; })
      .Case<arith::AndIOp>([](auto) { return ReduceKind::and_; })
      .Case<arith::OrIOp>([](auto) { return ReduceKind::or_; })
      .Case<arith::XOrIOp>([](auto) { return ReduceKind::xor_; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The element `access` touches in every execution (with `laneDim`, minus
/// the lane along that dimension, see `SymbolicFootprint::getFixedElement`),
/// or failure with `*reason` saying why its address cannot be analyzed;
/// `*footprint` receives the access's footprint.
FailureOr<std::optional<SmallVector<int64_t>>>
getFixedElement(Operation *access, std::optional<unsigned> laneDim,
                bool ignoreGuards, std::string *reason,
                FailureOr<SymbolicFootprint> *footprint) {
  std::string why;
  *footprint = SymbolicFootprint::get(access, &why);
  FailureOr<std::optional<SmallVector<int64_t>>> element = failure();
  if (succeeded(*footprint))
    element = (*footprint)->getFixedElement(laneDim, ignoreGuards, &why);
  if (failed(element))
    *reason = "an access's address cannot be analyzed: " + why;
  return element;
}

/// The shift `c` such that lane t of `access` touches exactly element `t + c`
/// of its one-dimensional buffer, for every lane of the workgroup in every
/// iteration of the loops around it; none when the access has another
/// shape, failure (the reason in `*reason`) when its address cannot be
/// analyzed.
FailureOr<std::optional<int64_t>> getLaneShift(LaneAccessOpInterface access,
                                               std::string *reason) {
  if (access.getMask() || access.getVectorType().getNumElements() != 1 ||
      cast<MemRefType>(access.getMemref().getType()).getRank() != 1)
    return std::optional<int64_t>();
  // Every lane, the arm's condition aside: the rewrite relies on the
  // addresses alone.
  FailureOr<SymbolicFootprint> footprint = failure();
  FailureOr<std::optional<SmallVector<int64_t>>> shift = getFixedElement(
      access, /*laneDim=*/0, /*ignoreGuards=*/true, reason, &footprint);
  if (failed(shift))
    return failure();
  return *shift ? std::optional<int64_t>((**shift)[0]) : std::nullopt;
}

/// The condition `tid < stride` of a level: the thread id and the stride.
std::optional<std::pair<Value, int64_t>> matchCondition(scf::IfOp ifOp) {
  auto cmp = ifOp.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp || (cmp.getPredicate() != arith::CmpIPredicate::ult &&
               cmp.getPredicate() != arith::CmpIPredicate::slt))
    return std::nullopt;
  auto id = cmp.getLhs().getDefiningOp<gpu::ThreadIdOp>();
  std::optional<int64_t> stride = getConstantIntValue(cmp.getRhs());
  if (!id || id.getDimension() != gpu::Dimension::x || !stride || *stride <= 0)
    return std::nullopt;
  return std::make_pair(cmp.getLhs(), *stride);
}

/// Whether `ifOp` looks like a tree level (a condition `tid < s` and a body
/// that starts by reading LDS): those that do not match get a remark.
bool looksLikeLevel(scf::IfOp ifOp) {
  if (!matchCondition(ifOp))
    return false;
  auto read = dyn_cast<ReadOp>(&ifOp.getThenRegion().front().front());
  return read && gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
                     read.getMemref().getType());
}

/// Matches `ifOp` as a level; `*reason` says why not.
FailureOr<Level> matchLevel(scf::IfOp ifOp, std::string *reason) {
  auto fail = [&](const Twine &why) {
    *reason = why.str();
    return failure();
  };
  Level level;
  level.ifOp = ifOp;
  std::optional<std::pair<Value, int64_t>> condition = matchCondition(ifOp);
  if (!condition)
    return fail("the condition is not 'thread id x < constant'");
  std::tie(level.threadId, level.stride) = *condition;
  if (ifOp.getNumResults() != 0 || !ifOp.getElseRegion().empty())
    return fail("the branch has results or an else arm");
  Block &body = ifOp.getThenRegion().front();
  auto it = body.begin();
  auto first = dyn_cast<ReadOp>(&*it++);
  auto second = it != body.end() ? dyn_cast<ReadOp>(&*it++) : ReadOp();
  if (!first || !second || first.getMemref() != second.getMemref() ||
      !first.getMemref().getDefiningOp<AllocLdsOp>())
    return fail("the branch does not start with two reads of one "
                "wave.alloc_lds buffer");
  level.buffer = first.getMemref();
  FailureOr<std::optional<int64_t>> firstShift = getLaneShift(first, reason);
  if (failed(firstShift))
    return failure();
  FailureOr<std::optional<int64_t>> secondShift = getLaneShift(second, reason);
  if (failed(secondShift))
    return failure();
  if (*firstShift == 0 && *secondShift == level.stride) {
    level.mine = first;
    level.other = second;
  } else if (*secondShift == 0 && *firstShift == level.stride) {
    level.mine = second;
    level.other = first;
  } else {
    return fail("the reads are not buf[t] and buf[t + " + Twine(level.stride) +
                "] of a one-dimensional buffer");
  }
  level.combine = it != body.end() ? &*it++ : nullptr;
  if (!level.combine || level.combine->getNumOperands() != 2 ||
      level.combine->getNumResults() != 1 ||
      !llvm::is_contained(level.combine->getOperands(),
                          level.mine.getResult()) ||
      !llvm::is_contained(level.combine->getOperands(),
                          level.other.getResult()))
    return fail("the reads are not combined by the op that follows them");
  std::optional<ReduceKind> kind = getReduceKind(level.combine);
  if (!kind)
    return fail("'" + level.combine->getName().getStringRef() +
                "' is not a combination wave.reduce has");
  level.kind = *kind;
  if (!level.mine->hasOneUse() || !level.other->hasOneUse())
    return fail("the values read have other users");
  // The rest of the arm: the write back to buf[t], or (the last level) ops
  // that neither touch the buffer nor synchronize.
  auto write = dyn_cast<WriteOp>(&*it);
  if (write && write.getMemref() == level.buffer &&
      write.getValue() == level.combine->getResult(0) &&
      level.combine->getResult(0).hasOneUse() &&
      isa<scf::YieldOp>(*std::next(it))) {
    FailureOr<std::optional<int64_t>> shift = getLaneShift(write, reason);
    if (failed(shift))
      return failure();
    if (*shift == 0) {
      level.writeBack = write;
      return level;
    }
  }
  WalkResult walk = ifOp.getThenRegion().walk([&](Operation *op) {
    if (op == level.mine || op == level.other)
      return WalkResult::advance();
    bool touchesBuffer = llvm::is_contained(op->getOperands(), level.buffer);
    return touchesBuffer || op->hasTrait<Convergent>() ||
                   isa<gpu::BarrierOp>(op)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return fail("the arm also touches the buffer or synchronizes after the "
                "combination");
  return level;
}

struct UseCollectivesPass
    : public wave::impl::WaveUseCollectivesBase<UseCollectivesPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Replaces the in-wave levels of `chain` if it is a whole tree.
  void processChain(gpu::GPUFuncOp kernel, ArrayRef<Level> chain);
  /// Why accesses of the buffer outside `chain` forbid the rewrite; empty
  /// when none does.
  std::string checkOtherAccesses(ArrayRef<Level> chain);

  StatisticCounts counts;
};

} // namespace

std::string UseCollectivesPass::checkOtherAccesses(ArrayRef<Level> chain) {
  Block *block = chain.front().ifOp->getBlock();
  for (Operation *user : chain.front().buffer.getUsers()) {
    if (llvm::any_of(chain, [&](const Level &level) {
          return level.ifOp->isAncestor(user);
        }))
      continue;
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (ancestor && ancestor->isBeforeInBlock(chain.front().ifOp))
      continue;
    // After the tree only the root, buf[0], holds the same value as before,
    // and only when the last level writes it.
    auto read = dyn_cast<ReadOp>(user);
    if (!read || !chain.back().writeBack)
      return "the buffer is accessed after the tree (by '" +
             user->getName().getStringRef().str() +
             "'), where its partial results would differ";
    std::string why;
    FailureOr<SymbolicFootprint> footprint = failure();
    FailureOr<std::optional<SmallVector<int64_t>>> element =
        getFixedElement(read, /*laneDim=*/std::nullopt,
                        /*ignoreGuards=*/false, &why, &footprint);
    if (failed(element))
      return why;
    // A read that never runs reads nothing.
    if (*element != SmallVector<int64_t>{0} && !footprint->isEmpty())
      return "the buffer is read after the tree at elements other than the "
             "root buf[0], whose partial results would differ";
  }
  return "";
}

void UseCollectivesPass::processChain(gpu::GPUFuncOp kernel,
                                      ArrayRef<Level> chain) {
  counts.add(numTrees);
  const Level &last = chain.back();
  // The first level's branch may be erased below, before the last remark.
  Location treeLoc = chain.front().ifOp->getLoc();
  auto bail = [&](const Twine &why) {
    counts.add(numBails);
    emitRemark(treeLoc) << "LDS reduction tree of " << chain.size()
                        << " levels (s = " << chain.front().stride
                        << " down to " << last.stride
                        << ") not replaced: " << why;
  };
  if (last.stride != 1)
    return bail("it does not end at s = 1");
  std::optional<ArrayRef<int32_t>> block = kernel.getKnownBlockSize();
  if (!block || (*block)[1] != 1 || (*block)[2] != 1)
    return bail("the workgroup is not one-dimensional with a known size");
  std::string noTarget;
  FailureOr<KernelTarget> target = getKernelTarget(kernel, &noTarget);
  if (failed(target))
    return bail(noTarget);
  int64_t waveSize = target->waveSize;
  if (llvm::any_of(chain, [&](const Level &level) {
        return level.kind != last.kind ||
               level.combine->getName() != last.combine->getName();
      }))
    return bail("its levels combine differently");
  std::string why = checkOtherAccesses(chain);
  if (!why.empty())
    return bail(why);

  // Level s pairs lanes t and t + s for t < s: one wave holds both when
  // 2 s <= wave size.
  auto *firstInner = llvm::find_if(
      chain, [&](const Level &level) { return 2 * level.stride <= waveSize; });
  unsigned numInner = chain.end() - firstInner;
  int64_t lanes = 2 * firstInner->stride;

  OpBuilder builder(last.ifOp);
  Location loc = last.ifOp->getLoc();
  Value bound = arith::ConstantIndexOp::create(builder, loc, lanes);
  Value inWave = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                       last.threadId, bound);
  auto reduceIf = scf::IfOp::create(builder, loc, inWave);
  builder.setInsertionPointToStart(&reduceIf.getThenRegion().front());
  Operation *own = builder.clone(*last.mine);
  auto type = cast<VectorType>(own->getResult(0).getType());
  Value scalar = vector::ExtractOp::create(builder, loc, own->getResult(0),
                                           ArrayRef<int64_t>{0});
  Value reduced = ReduceOp::create(builder, loc, last.kind, scalar);
  Value splat = vector::BroadcastOp::create(builder, loc, type, reduced);
  // The last level's arm, in the lanes that ran it (t < 1), now uses the
  // wave's combination.
  last.ifOp->moveBefore(reduceIf.getThenRegion().front().getTerminator());
  last.combine->getResult(0).replaceAllUsesWith(splat);
  last.combine->erase();
  last.mine->erase();
  last.other->erase();

  // The other in-wave levels and the barriers between them go; the
  // barrier before the first of them is left to wave-insert-barriers.
  if (firstInner != &last) {
    SmallVector<Operation *> dead;
    for (Operation *op = firstInner->ifOp; op != reduceIf;
         op = op->getNextNode())
      if (isa<BarrierOp>(op) || llvm::any_of(chain, [&](const Level &level) {
            return level.ifOp == op;
          }))
        dead.push_back(op);
    for (Operation *op : dead)
      op->erase();
  }

  counts.add(numRewritten);
  counts.add(numLevelsReplaced, numInner);
  counts.add(numLevelsKept, chain.size() - numInner);
  emitRemark(treeLoc) << "LDS reduction tree of " << chain.size()
                      << " levels (s = " << chain.front().stride
                      << " down to 1) recognized: the " << numInner
                      << " levels within one wave (s <= " << lanes / 2
                      << ") are one wave.reduce <"
                      << stringifyReduceKind(last.kind) << "> over lanes t < "
                      << lanes << ", the " << chain.size() - numInner
                      << " across waves stay in LDS"
                      << (isa<FloatType>(type.getElementType())
                              ? " (the float combination is reassociated)"
                              : "");
}

void UseCollectivesPass::runOnOperation() {
  counts = StatisticCounts();
  for (gpu::GPUFuncOp kernel :
       getKernelsToTransform(getOperation(), referenceKernels)) {
    // Chains of levels per block, collected before any rewrite.
    SmallVector<SmallVector<Level>> chains;
    kernel.walk([&](Block *block) {
      SmallVector<Level> chain;
      auto close = [&] {
        if (!chain.empty())
          chains.push_back(std::move(chain));
        chain.clear();
      };
      for (Operation &op : *block) {
        auto ifOp = dyn_cast<scf::IfOp>(op);
        if (!ifOp) {
          // Barriers and index arithmetic may sit between levels.
          if (!isa<BarrierOp>(op) && !isMemoryEffectFree(&op))
            close();
          continue;
        }
        if (!looksLikeLevel(ifOp)) {
          close();
          continue;
        }
        std::string reason;
        FailureOr<Level> level = matchLevel(ifOp, &reason);
        if (failed(level)) {
          close();
          counts.add(numBails);
          emitRemark(ifOp.getLoc())
              << "not an LDS reduction tree level: " << reason;
          continue;
        }
        // The level continues the chain when its stride halves the last
        // one's (a stride too large to double continues none).
        int64_t doubled;
        if (!chain.empty() &&
            (chain.back().buffer != level->buffer ||
             llvm::MulOverflow(level->stride, int64_t(2), doubled) ||
             chain.back().stride != doubled || !chain.back().writeBack))
          close();
        chain.push_back(*level);
      }
      close();
    });
    for (SmallVector<Level> &chain : chains)
      processChain(kernel, chain);
  }
  if (summary)
    counts.emitSummary(*this, getOperation());
}
