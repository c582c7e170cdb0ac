//===- CoverBarriers.cpp - MFMAs on either side of a staging barrier ------===//
//
// A loop pipelined in registers ends its body with the next step's staging:
// LDS writes, a workgroup barrier whose release fence waits for them, and
// the LDS reads of the next step's fragments. The MMAs that
// wave-pipeline-loops deferred to the top of the body need none of that,
// and LLVM's scheduler places them freely (a workgroup barrier does not
// bound its regions): often none is in flight at the barrier's wait, and one
// wave idles its matrix pipe there. This pass spreads them over the barrier,
// the last of those that stay before it just before its wait, behind a
// `sched_barrier` that keeps it there.
//
//===----------------------------------------------------------------------===//

#include "LoweredAccesses.h"
#include "MfmaIssueModel.h"
#include "wave/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

namespace mlir::wave {
#define GEN_PASS_DEF_WAVECOVERBARRIERS
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::issue;

namespace {
/// Whether `op` orders the body's instructions for LLVM's scheduler in a way
/// this pass would undo (the other loop-scheduling passes' marks).
bool isSchedulingOrder(Operation *op) {
  return isa<ROCDL::SchedBarrier, ROCDL::SchedGroupBarrier, ROCDL::SetPrioOp,
             ROCDL::SWaitcntOp>(op);
}

/// The matrix-pipe cycles of the last MFMA before the staging barrier for
/// each of the staging's trailing global reads that issue behind it.
constexpr int64_t kCyclesPerTrailingRead = 32;

/// The most staging accesses (LDS writes and global reads) a shadow that
/// the schedule groups spread them over before the staging barrier: one
/// wave issues about 7 instructions in the shadow of one MFMA, and each
/// access brings address arithmetic. With more LLVM's own order does better
/// (`gemm_mxfp4`, 19 accesses for 2 shadows: 1055.6 cycles per 32 MFMAs
/// against 1061.5 with the groups).
constexpr int64_t kAccessesPerShadow = 4;

/// The most vector memory accesses an `s_waitcnt` of the MFMA chips (gfx9)
/// counts.
constexpr int64_t kMaxVmcnt = 63;

/// The `s_waitcnt` of the MFMA chips (gfx90a, gfx942, gfx950) that waits
/// until at most `count` (up to kMaxVmcnt) vector memory accesses are
/// outstanding: vmcnt in bits 3:0 and 15:14, the expcnt of bits 6:4 and the
/// lgkmcnt of bits 11:8 at their maxima (not waited for).
int32_t getVmcntWait(int64_t count) {
  return static_cast<int32_t>((count & 0xF) | ((count >> 4) << 14) | 0x0F70);
}

bool isLdsStore(Operation *op) {
  auto store = dyn_cast<LLVM::StoreOp>(op);
  return store && isLds(store.getAddr());
}

/// Whether `op` may write memory other than LDS (an op with effects it does
/// not declare may).
bool mayWriteGlobal(Operation *op) {
  if (isLdsStore(op) || isMemoryEffectFree(op))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return !effects || effects.hasEffect<MemoryEffects::Write>();
}

struct WaveCoverBarriers
    : wave::impl::WaveCoverBarriersBase<WaveCoverBarriers> {
  using Base::Base;

  void runOnOperation() override {
    for (auto [header, latch] : findLoops(getOperation()))
      coverLoop(*latch);
  }

  void coverLoop(Block &latch) {
    Location loc = latch.getTerminator()->getLoc();
    SmallVector<Operation *> ops;
    for (Operation &op : latch.without_terminator())
      ops.push_back(&op);
    if (llvm::none_of(ops, [](Operation *op) { return classify(op) == Mfma; }))
      return;
    auto decline = [&](const Twine &why) {
      emitRemark(loc) << "wave-cover-barriers: loop left: " << why;
      ++numDeclined;
    };
    if (llvm::any_of(ops, isSchedulingOrder))
      return decline("its body already has a scheduling order "
                     "(sched_barrier, schedule groups, s_setprio or "
                     "s_waitcnt of another pass)");

    // The last workgroup barrier after LDS writes of the body: the one that
    // waits for the staging.
    std::optional<size_t> barrier;
    bool stored = false;
    for (auto [i, op] : llvm::enumerate(ops)) {
      if (isa<ROCDL::SBarrierOp>(op)) {
        if (stored)
          barrier = i;
        stored = false;
        continue;
      }
      stored |= isLdsStore(op);
    }
    if (!barrier)
      return decline("no workgroup barrier after LDS writes in its body");
    size_t release = *barrier, acquire = *barrier;
    if (release > 0 && isa<LLVM::FenceOp>(ops[release - 1]))
      --release;
    if (acquire + 1 < ops.size() && isa<LLVM::FenceOp>(ops[acquire + 1]))
      ++acquire;

    // The MFMAs before the fence that only such MFMAs use before it: those
    // may move down to it, a chain on one accumulator in its order.
    llvm::SmallPtrSet<Operation *, 16> before(ops.begin(),
                                              ops.begin() + release);
    llvm::SmallPtrSet<Operation *, 16> free;
    for (size_t i = release; i-- > 0;)
      if (classify(ops[i]) == Mfma &&
          llvm::all_of(ops[i]->getUsers(), [&](Operation *user) {
            return !before.contains(user) || free.contains(user);
          }))
        free.insert(ops[i]);
    SmallVector<Operation *> movable;
    for (size_t i = 0; i < release; ++i)
      if (free.contains(ops[i]))
        movable.push_back(ops[i]);
    if (movable.size() < 2)
      return decline(Twine(movable.size()) +
                     " MFMAs before the barrier that waits for its LDS "
                     "writes are free to move to it, fewer than 2");

    // Above the barrier stay enough of them to hold the matrix pipe while
    // the staging since the previous barrier issues (4 cycles a slot), and
    // one more for that barrier's own wait; the last of them goes just
    // before the fence. The rest go after the barrier.
    std::optional<size_t> previous;
    for (size_t i = 0; i < *barrier; ++i)
      if (isa<ROCDL::SBarrierOp>(ops[i]))
        previous = i;
    double slots = 0;
    for (size_t i = previous ? *previous + 1 : 0; i < release; ++i)
      slots += issueSlots(ops[i]);
    int64_t covering = static_cast<int64_t>(
        std::ceil(slots * kIssueCycles / mfmaCycles(movable.back())));
    size_t above = std::clamp<size_t>(covering + (previous ? 1 : 0), 1,
                                      movable.size() - 1);

    // Where no MFMA of the body follows the barrier, the first MFMA moved
    // after it issues behind the LDS reads there, up to the first
    // instruction that uses one (through element moves and casts, which
    // are none). Where MFMAs follow, they order the reads with them as
    // before: LLVM's iglp_opt strategy, if the body asked for it, in the
    // region after the barrier too.
    bool mfmasFollow =
        llvm::any_of(ArrayRef(ops).drop_front(acquire + 1),
                     [](Operation *op) { return classify(op) == Mfma; });
    unsigned reads = 0;
    llvm::SmallPtrSet<Operation *, 16> read;
    for (size_t i = acquire + 1; i < ops.size() && !mfmasFollow; ++i) {
      Kind kind = classify(ops[i]);
      bool uses = llvm::any_of(ops[i]->getOperands(), [&](Value operand) {
        return read.contains(operand.getDefiningOp());
      });
      if (uses && (kind != Other || issueSlots(ops[i]) > 0))
        break;
      if (uses || kind == DsRead)
        read.insert(ops[i]);
      reads += kind == DsRead;
    }

    // The global reads that end the staging (after its last LDS write, their
    // values used before the barrier only by effect-free ops: the next
    // step's loads) issue behind the MFMA that stays last, beside the
    // barrier's wait, rather than crowding the shadows before it: the last
    // of them, one for each 32 cycles that MFMA holds the matrix pipe (more
    // overfill its shadow: measured on the examples, see the pass's page).
    Operation *ahead = movable[above - 1];
    size_t lastWrite = 0;
    for (size_t i = 0; i < release; ++i)
      if (isLdsStore(ops[i]))
        lastWrite = i;
    int64_t maxReads = mfmaCycles(ahead) / kCyclesPerTrailingRead;
    int64_t readsMoved = 0;
    SmallVector<Operation *> trailing;
    for (size_t i = release; i-- > lastWrite + 1 && readsMoved < maxReads;) {
      if (classify(ops[i]) != VmemRead)
        continue;
      // The read moves with the effect-free ops that use it, past no op
      // that may write what it reads (LDS writes cannot).
      SmallVector<Operation *> slice = {ops[i]};
      bool movable = true;
      for (size_t j = i + 1; j < release && movable; ++j) {
        if (llvm::none_of(ops[j]->getOperands(), [&](Value operand) {
              return llvm::is_contained(slice, operand.getDefiningOp());
            })) {
          movable = !mayWriteGlobal(ops[j]);
          continue;
        }
        movable = isMemoryEffectFree(ops[j]) && classify(ops[j]) == Other;
        slice.push_back(ops[j]);
      }
      if (!movable)
        continue;
      llvm::append_range(trailing, slice);
      ++readsMoved;
    }
    llvm::sort(trailing, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    trailing.erase(llvm::unique(trailing), trailing.end());
    numTrailingReads += readsMoved;

    // Before the barrier, schedule groups spread the staging's LDS writes
    // and global reads over the shadows of the MFMAs that stay (the earlier
    // shadows take the odd writes, which the fence waits for; the later ones
    // the odd reads): LLVM's iglp_opt strategy, which places LDS reads only,
    // issues the staging in one or two shadows. Only where the shadows hold
    // them at kAccessesPerShadow; the strategy then orders the region after
    // the barrier alone.
    llvm::SmallPtrSet<Operation *, 16> trailingSet(trailing.begin(),
                                                   trailing.end());
    int64_t writes = 0, globalReads = 0;
    for (size_t i = 0; i < release; ++i) {
      writes += isLdsStore(ops[i]);
      globalReads +=
          classify(ops[i]) == VmemRead && !trailingSet.contains(ops[i]);
    }
    int64_t shadows = static_cast<int64_t>(above) - 1;
    std::string spreadNote;
    bool staged = shadows > 0 && writes + globalReads > 0 &&
                  writes + globalReads <= kAccessesPerShadow * shadows;

    // The staging's LDS writes store what the previous iteration loaded.
    // LLVM waits for each write's load apart (an s_waitcnt a write, counting
    // the loads issued since), an instruction more in the staging's shadows
    // each; one wait before the first write does for all, for every load of
    // the previous iteration but those issued last: the trailing reads
    // behind the sched_barrier and the reads after the barrier, whose
    // latency the writes that need them would otherwise wait out too (LLVM
    // adds a wait where a write needs one of them). Only where no load of
    // the body precedes that write, and some load is not issued last.
    Operation *firstWrite = nullptr;
    bool loadsBefore = false;
    std::string waitNote;
    for (size_t i = 0; i < release && !firstWrite; ++i) {
      if (isLdsStore(ops[i]))
        firstWrite = ops[i];
      loadsBefore |= classify(ops[i]) == VmemRead;
    }
    if (firstWrite && !loadsBefore && globalReads > 0) {
      int64_t issuedLast = readsMoved;
      for (size_t i = acquire + 1; i < ops.size(); ++i)
        issuedLast += classify(ops[i]) == VmemRead;
      issuedLast = std::min(issuedLast, kMaxVmcnt);
      OpBuilder waitBuilder(firstWrite);
      ROCDL::SWaitcntOp::create(waitBuilder, loc, getVmcntWait(issuedLast));
      waitNote = llvm::formatv("; one wait for the loads its LDS writes "
                               "store (vmcnt({0}))",
                               issuedLast)
                     .str();
      ++numStagingWaits;
    }

    ahead->moveBefore(ops[release]);
    OpBuilder builder(ops[release]);
    if (staged) {
      for (int64_t k = 0; k < shadows; ++k) {
        ROCDL::SchedGroupBarrier::create(builder, loc, Mfma, 1, 0);
        int64_t share = writes / shadows + (k < writes % shadows ? 1 : 0);
        if (share)
          ROCDL::SchedGroupBarrier::create(builder, loc, DsWrite, share, 0);
        share = globalReads / shadows +
                (k >= shadows - globalReads % shadows ? 1 : 0);
        if (share)
          ROCDL::SchedGroupBarrier::create(builder, loc, VmemRead, share, 0);
      }
      ROCDL::SchedGroupBarrier::create(builder, loc, Mfma, 1, 0);
      ++numSpreadStagings;
      auto count = [](int64_t n, StringRef what) {
        return llvm::formatv("{0} {1}{2}", n, what, n == 1 ? "" : "s").str();
      };
      spreadNote = "; schedule groups spread its ";
      if (writes)
        spreadNote += count(writes, "LDS write");
      if (writes && globalReads)
        spreadNote += " and ";
      if (globalReads)
        spreadNote += count(globalReads, "other global read");
      spreadNote +=
          shadows == 1
              ? std::string(" over the shadow of the first")
              : llvm::formatv(" over the shadows of the first {0}", shadows)
                    .str();
    }
    ROCDL::SchedBarrier::create(builder, ahead->getLoc(), 0);
    for (Operation *read : trailing)
      read->moveBefore(ops[release]);
    Operation *point = ops[acquire];
    builder.setInsertionPointAfter(point);
    auto strategy = llvm::find_if(
        ops, [](Operation *op) { return isa<ROCDL::IglpOpt>(op); });
    if (mfmasFollow && strategy != ops.end())
      point = builder.clone(**strategy);
    if (staged && strategy != ops.end())
      (*strategy)->erase();
    if (reads) {
      ROCDL::SchedGroupBarrier::create(builder, loc, DsRead, reads,
                                       /*groupId=*/0);
      point = ROCDL::SchedGroupBarrier::create(builder, loc, Mfma, 1,
                                               /*groupId=*/0);
    }
    for (Operation *mfma : ArrayRef(movable).drop_front(above)) {
      mfma->moveAfter(point);
      point = mfma;
    }
    ++numLoops;
    emitRemark(loc) << "wave-cover-barriers: " << above << " of "
                    << movable.size()
                    << " MFMAs free to move stay before the barrier that "
                       "waits for the body's LDS writes (the last just "
                       "before its wait), "
                    << movable.size() - above
                    << (movable.size() - above == 1 ? " goes" : " go")
                    << " after it"
                    << (reads == 1 ? ", the first behind the LDS read there"
                        : reads    ? ", the first behind the " + Twine(reads) +
                                      " LDS reads there"
                                : Twine())
                    << (readsMoved == 1 ? "; the staging's last global read "
                                          "issues behind the last that stays"
                        : readsMoved
                            ? "; the staging's last " + Twine(readsMoved) +
                                  " global reads issue behind the last that "
                                  "stays"
                            : Twine())
                    << spreadNote << waitNote;
  }
};
} // namespace
