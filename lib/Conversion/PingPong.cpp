//===- PingPong.cpp - Two waves a SIMD, memory and MFMA phases apart ------===//
//
// A workgroup of 8 waves puts two on each SIMD, and they share its one MFMA
// pipe. A loop that mixes its LDS reads, global loads and LDS writes with
// its MFMAs leaves the pipe idle whenever both waves wait on memory at
// once. Here the loop body becomes alternating memory phases (accesses and
// arithmetic) and MFMA phases (MFMAs only, under `s_setprio`), each ended
// by a workgroup barrier, and the upper half of the workgroup runs one
// barrier behind the lower: while one wave of a SIMD runs its MFMAs, the
// other runs a memory phase. Since every memory phase is a barrier apart
// from every other, of either half, and MFMA phases touch no memory, the
// accesses that the loop's own barriers ordered stay ordered.
//
//===----------------------------------------------------------------------===//

#include "LoweredAccesses.h"
#include "MfmaIssueModel.h"
#include "wave/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include <limits>

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEPINGPONG
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::issue;

namespace {
/// The ops of a loop body that the phases place, in program order, with
/// what the order depends on.
struct Body {
  SmallVector<Operation *> ops;
  /// The loop's workgroup barriers before each op: two accesses with
  /// different counts were ordered across waves.
  SmallVector<unsigned> interval;
  SmallVector<Access> access;
  SmallVector<bool> mfma;
  DenseMap<Operation *, unsigned> index;
  /// For each op, the body ops it must follow, as `(op, separate)`: with
  /// `separate`, in an earlier phase (an access that a barrier of the loop
  /// ordered before it, an MFMA whose result an op that is not one uses).
  SmallVector<SmallVector<std::pair<unsigned, bool>>> before;
  /// The same edges from the other end.
  SmallVector<SmallVector<std::pair<unsigned, bool>>> after;
  /// For each op, the body ops that use what it passes to the next
  /// iteration.
  SmallVector<SmallVector<unsigned>> nextUses;
  /// For each global load, the ops that wait for its data, as `(op,
  /// next)`: its users and theirs through ops that become no instruction
  /// (element moves, casts), `next` where that is in the next iteration.
  SmallVector<SmallVector<std::pair<unsigned, bool>>> waits;

  /// The index of `op` among the body's ops, if it is one.
  std::optional<unsigned> find(Operation *op) const {
    auto it = op ? index.find(op) : index.end();
    if (it == index.end())
      return std::nullopt;
    return it->second;
  }

  void add(Operation *op, unsigned barriers) {
    index[op] = ops.size();
    ops.push_back(op);
    interval.push_back(barriers);
    access.push_back(Access::of(op));
    mfma.push_back(classify(op) == Mfma);
  }

  /// Fills `before`, `after` and `nextUses` once the ops are all there;
  /// `backEdge` passes the next iteration's values to `header`.
  void linkDependences(LLVM::BrOp backEdge, Block *header) {
    before.assign(ops.size(), {});
    after.assign(ops.size(), {});
    nextUses.assign(ops.size(), {});
    for (auto [operand, argument] :
         llvm::zip(backEdge.getDestOperands(), header->getArguments())) {
      std::optional<unsigned> def = find(operand.getDefiningOp());
      if (!def)
        continue;
      for (Operation *user : argument.getUsers())
        if (std::optional<unsigned> use = find(user))
          nextUses[*def].push_back(*use);
    }
    for (auto [i, op] : llvm::enumerate(ops)) {
      for (Value operand : op->getOperands())
        if (std::optional<unsigned> def = find(operand.getDefiningOp()))
          link(*def, i, mfma[*def] && !mfma[i]);
      if (access[i].space == Access::None)
        continue;
      for (unsigned earlier = 0; earlier < i; ++earlier)
        if (access[earlier].conflicts(access[i]))
          link(earlier, i, interval[earlier] != interval[i]);
    }
  }

  /// Fills `waits`, after `linkDependences`.
  void linkWaits() {
    waits.assign(ops.size(), {});
    for (auto [load, op] : llvm::enumerate(ops)) {
      if (classify(op) != VmemRead)
        continue;
      SmallVector<std::pair<unsigned, bool>> work;
      // Op and iteration, as `2 * op + next`.
      llvm::DenseSet<unsigned> seen;
      auto pushUsers = [&](unsigned from, bool next) {
        for (Operation *user : ops[from]->getUsers())
          if (std::optional<unsigned> use = find(user))
            work.emplace_back(*use, next);
        if (!next)
          for (unsigned use : nextUses[from])
            work.emplace_back(use, true);
      };
      pushUsers(load, false);
      while (!work.empty()) {
        auto [use, next] = work.pop_back_val();
        if (!seen.insert(2 * use + next).second)
          continue;
        if (!mfma[use] && access[use].space == Access::None &&
            issueSlots(ops[use]) == 0)
          pushUsers(use, next);
        else
          waits[load].emplace_back(use, next);
      }
    }
  }

private:
  void link(unsigned from, unsigned to, bool separate) {
    before[to].emplace_back(from, separate);
    after[from].emplace_back(to, separate);
  }
};

/// Where each op goes: memory phase `phase[i]` (1-based) for an access or
/// arithmetic, MFMA phase `phase[i]` for an MFMA, which follows memory
/// phase `phase[i]`; and the MFMA cycles of each MFMA phase (none where an
/// op's dependences need a memory phase after the last MFMAs).
struct Plan {
  SmallVector<unsigned> phase;
  SmallVector<int64_t> cycles;
};

/// The earliest phase of every op, with the MFMAs cut in program order into
/// phases of `sizes[k]` MFMAs (the last one unbounded), earlier where an
/// MFMA's operands need a later phase.
Plan earliestPhases(const Body &body, ArrayRef<unsigned> sizes) {
  Plan plan;
  plan.phase.assign(body.ops.size(), 1);
  plan.cycles.assign(1, 0);
  SmallVector<unsigned> counts(1, 0);
  unsigned current = 1;
  for (auto [i, op] : llvm::enumerate(body.ops)) {
    unsigned earliest = 1;
    for (auto [def, separate] : body.before[i])
      earliest = std::max(earliest, plan.phase[def] + separate);
    unsigned phase = earliest;
    if (body.mfma[i]) {
      current = std::max(current, earliest);
      if (current < sizes.size() && counts.size() >= current &&
          counts[current - 1] >= sizes[current - 1])
        ++current;
      phase = current;
    }
    if (plan.cycles.size() < phase) {
      plan.cycles.resize(phase, 0);
      counts.resize(phase, 0);
    }
    if (body.mfma[i]) {
      plan.cycles[phase - 1] += mfmaCycles(op);
      ++counts[phase - 1];
    }
    plan.phase[i] = phase;
  }
  return plan;
}

/// Moves every op to the latest phase its users and the accesses after it
/// allow, except global loads: those go to the latest phase whose MFMA
/// cycles to the iteration's end, at least `loadCover`, hide their latency
/// before the next iteration needs them (or to their earliest, where that
/// is later). What a load needs then goes at or before it.
void placeLate(const Body &body, Plan &plan, int64_t loadCover) {
  size_t count = body.ops.size();
  unsigned last = plan.cycles.size();
  unsigned covering = last;
  for (int64_t cycles = plan.cycles[last - 1];
       covering > 1 && cycles < loadCover; cycles += plan.cycles[covering - 1])
    --covering;
  SmallVector<unsigned> latest(count, last);
  for (size_t i = count; i-- > 0;) {
    if (body.mfma[i]) {
      latest[i] = plan.phase[i];
      continue;
    }
    unsigned phase = last;
    for (auto [next, separate] : body.after[i])
      phase = std::min(phase, latest[next] - separate);
    // A load whose data this iteration waits for issues as early as it can;
    // one whose data only the next iteration waits for, where it is still
    // covered.
    if (classify(body.ops[i]) == VmemRead)
      phase =
          llvm::any_of(body.waits[i], [](auto wait) { return !wait.second; })
              ? plan.phase[i]
              : std::max(plan.phase[i], std::min(phase, covering));
    latest[i] = phase;
    plan.phase[i] = phase;
  }
}

/// Whether `plan` keeps every dependence of `body`: what the placement
/// above guarantees, checked so that a mistake declines instead of racing.
bool keepsDependences(const Body &body, const Plan &plan) {
  for (size_t i = 0; i < body.ops.size(); ++i) {
    if (plan.phase[i] < 1 || plan.phase[i] > plan.cycles.size())
      return false;
    for (auto [def, separate] : body.before[i])
      if (plan.phase[i] < plan.phase[def] + separate)
        return false;
  }
  return true;
}

/// For each memory phase of `plan`, whether one of its accesses conflicts
/// with one of the next memory phase (the first one's of the next
/// iteration, after the last): with the upper half a barrier behind, the
/// other half starts that phase at this one's barrier, which must then wait
/// for this phase's accesses. Accesses further apart are ordered by the
/// release fence of the MFMA phase's barrier in between.
SmallVector<bool> phasesMeetingTheNext(const Body &body, const Plan &plan) {
  size_t phases = plan.cycles.size();
  SmallVector<SmallVector<unsigned>> accesses(phases);
  for (auto [i, access] : llvm::enumerate(body.access))
    if (access.space != Access::None && !body.mfma[i])
      accesses[plan.phase[i] - 1].push_back(i);
  SmallVector<bool> meets(phases, false);
  for (size_t phase = 0; phase < phases; ++phase)
    for (unsigned a : accesses[phase])
      for (unsigned b : accesses[(phase + 1) % phases])
        meets[phase] = meets[phase] || body.access[a].conflicts(body.access[b]);
  return meets;
}

/// The issue slots of memory phase `phase`'s ops.
double memoryPhaseSlots(const Body &body, const Plan &plan, unsigned phase) {
  double slots = 0;
  for (auto [i, op] : llvm::enumerate(body.ops))
    if (!body.mfma[i] && plan.phase[i] == phase)
      slots += issueSlots(op);
  return slots;
}

/// The MFMAs of MFMA phase `phase` that can issue among the ops of memory
/// phase `phase`, in program order: those that need nothing of that memory
/// phase nor an MFMA of their phase that cannot, as many as their issue
/// shadows (an MFMA's cycles, 4 a slot) take to hold the memory phase's
/// issue. One wave alone then runs its memory phase in MFMA shadows; beside
/// the other wave's MFMA phase they take the pipe from it for as long as
/// they give back in this wave's MFMA phase.
SmallVector<unsigned> leadMfmas(const Body &body, const Plan &plan,
                                unsigned phase) {
  double slots = memoryPhaseSlots(body, plan, phase);
  SmallVector<unsigned> lead;
  llvm::SmallDenseSet<unsigned> held;
  double covered = 0;
  for (auto [i, op] : llvm::enumerate(body.ops)) {
    if (plan.phase[i] != phase)
      continue;
    if (!body.mfma[i]) {
      held.insert(i);
      continue;
    }
    if (llvm::any_of(body.before[i],
                     [&](auto edge) { return held.contains(edge.first); })) {
      held.insert(i);
      continue;
    }
    if (covered + mfmaCycles(op) > slots * kIssueCycles)
      break;
    covered += mfmaCycles(op);
    lead.push_back(i);
  }
  return lead;
}

/// The bytes a lane moves in an LDS access.
int64_t accessBytes(Operation *op) {
  Type type;
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    type = store.getValue().getType();
  else if (op->getNumResults() == 1)
    type = op->getResult(0).getType();
  int64_t elements = 1;
  if (auto vector = dyn_cast_if_present<VectorType>(type)) {
    elements = vector.getNumElements();
    type = vector.getElementType();
  }
  if (!type || !type.isIntOrFloat())
    return 8;
  return elements * std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

/// The cycles one wave takes in each memory phase of `plan`: its issue (an
/// instruction every 4 cycles), its LDS transfers (a quarter of the CU's
/// 128 bytes a clock: the other SIMDs' waves do the same), the latency of
/// its last LDS read, which the barrier at its end waits for, and what is
/// left of the latency of a global load it uses, with the MFMA phases of
/// both waves in between. bench/simd_model.py's machine, in small.
SmallVector<int64_t> memoryCycles(const Body &body, const Plan &plan,
                                  int64_t waveSize) {
  size_t phases = plan.cycles.size();
  SmallVector<double> issue(phases, 0);
  SmallVector<int64_t> transfer(phases, 0), wait(phases, 0);
  SmallVector<bool> reads(phases, false);
  // The cycles from the start of memory phase `from` to that of `to`, in
  // the next iteration when `to` is not later.
  SmallVector<int64_t> start(phases + 1, 0);
  for (size_t phase = 0; phase < phases; ++phase)
    start[phase + 1] = start[phase] + 2 * plan.cycles[phase];
  auto between = [&](unsigned from, unsigned to, bool next) {
    return start[to - 1] - start[from - 1] + (next ? start[phases] : 0);
  };
  auto waitFor = [&](unsigned load, unsigned use, bool next) {
    int64_t left =
        kGlobalLatency - between(plan.phase[load], plan.phase[use], next);
    int64_t &phaseWait = wait[plan.phase[use] - 1];
    phaseWait = std::max(phaseWait, left);
  };
  for (auto [i, op] : llvm::enumerate(body.ops)) {
    if (body.mfma[i])
      continue;
    for (auto [use, next] : body.waits[i])
      waitFor(i, use, next);
    unsigned phase = plan.phase[i] - 1;
    issue[phase] += kIssueCycles * issueSlots(op);
    if (body.access[i].space != Access::Lds)
      continue;
    transfer[phase] +=
        4 * std::max<int64_t>(2, accessBytes(op) * waveSize / 128);
    reads[phase] = reads[phase] || !body.access[i].writes;
  }
  SmallVector<int64_t> cycles(phases);
  for (size_t phase = 0; phase < phases; ++phase)
    cycles[phase] = static_cast<int64_t>(issue[phase]) + transfer[phase] +
                    (reads[phase] ? kLdsLatency : 0) + wait[phase];
  return cycles;
}

/// The cycles the two waves of a SIMD take for one iteration each when
/// their phases alternate: memory phase `j` of one wave beside MFMA phases
/// `j - 1` and `j` of the other, each pair ended by a barrier.
int64_t pairedCycles(ArrayRef<int64_t> memory, ArrayRef<int64_t> mfma) {
  constexpr int64_t kBarrierCycles = 8;
  size_t phases = mfma.size();
  int64_t cycles = 0;
  for (size_t j = 0; j < phases; ++j) {
    int64_t previous = mfma[(j + phases - 1) % phases];
    cycles += std::max(memory[j], previous) + std::max(memory[j], mfma[j]) +
              2 * kBarrierCycles;
  }
  return cycles;
}

/// The phases with the fewest modelled cycles: for each count of MFMA
/// phases up to `maxPhases`, the MFMAs split evenly, then one MFMA at a time
/// moved between neighbouring phases while the model gains. `modelled` is the
/// chosen plan's `pairedCycles`.
Plan choosePlan(const Body &body, unsigned maxPhases, int64_t loadCover,
                int64_t waveSize, int64_t &modelled) {
  unsigned mfmas = llvm::count(body.mfma, true);
  auto evaluate = [&](ArrayRef<unsigned> sizes, Plan &plan) {
    plan = earliestPhases(body, sizes);
    placeLate(body, plan, loadCover);
    return pairedCycles(memoryCycles(body, plan, waveSize), plan.cycles);
  };
  Plan best;
  modelled = std::numeric_limits<int64_t>::max();
  // Dependences may add phases to any count: all counts up to the most
  // asked for, or to what the dependences alone make, are tried.
  size_t most =
      std::max<size_t>(maxPhases, earliestPhases(body, {}).cycles.size());
  for (size_t count = 1; count <= most; ++count) {
    SmallVector<unsigned> sizes(count, mfmas / count);
    for (unsigned k = 0; k < mfmas % count; ++k)
      ++sizes[k];
    Plan plan;
    int64_t cycles = evaluate(sizes, plan);
    for (bool gained = true; gained;) {
      gained = false;
      for (size_t k = 0; k + 1 < count; ++k) {
        for (bool forward : {false, true}) {
          SmallVector<unsigned> moved = sizes;
          unsigned &from = forward ? moved[k] : moved[k + 1];
          unsigned &to = forward ? moved[k + 1] : moved[k];
          if (from <= 1)
            continue;
          --from;
          ++to;
          Plan candidate;
          int64_t candidateCycles = evaluate(moved, candidate);
          if (candidateCycles >= cycles)
            continue;
          cycles = candidateCycles;
          sizes = std::move(moved);
          plan = std::move(candidate);
          gained = true;
        }
      }
    }
    if (cycles < modelled) {
      modelled = cycles;
      best = std::move(plan);
    }
  }
  return best;
}

/// A loop's barrier as the lowering writes it (release fence, `s_barrier`,
/// acquire fence), to be cloned at the phases' ends.
struct BarrierTemplate {
  Operation *release = nullptr, *barrier = nullptr, *acquire = nullptr;

  /// Without `fenced`, the barrier leaves out both fences, whose waits
  /// complete this wave's accesses: where none of them meets an access of
  /// the memory phase the other half runs next, and only MFMAs follow,
  /// which access nothing.
  void emit(OpBuilder &builder, bool fenced = true) const {
    if (release && fenced)
      builder.clone(*release);
    builder.clone(*barrier);
    // A scheduling boundary, so that LLVM's scheduler keeps each phase's
    // ops on their side.
    ROCDL::SchedBarrier::create(builder, barrier->getLoc(), 0);
    if (acquire && fenced)
      builder.clone(*acquire);
  }
};

struct WavePingPong : wave::impl::WavePingPongBase<WavePingPong> {
  using Base::Base;

  void runOnOperation() override {
    LLVM::LLVMFuncOp function = getOperation();
    for (auto [header, latch] : findLoops(function))
      splitLoop(function, header, *latch);
  }

  /// The waves of the function's workgroup, if its size is known.
  static std::optional<int64_t> getWaves(LLVM::LLVMFuncOp function) {
    auto sizes = function->getAttrOfType<DenseI32ArrayAttr>(
        "rocdl.reqd_work_group_size");
    if (!sizes)
      return std::nullopt;
    int64_t lanes = 1;
    for (int32_t size : sizes.asArrayRef())
      lanes *= size;
    return lanes / getWaveSize(function);
  }

  static int64_t getWaveSize(LLVM::LLVMFuncOp function) {
    std::optional<LLVM::TargetFeaturesAttr> features =
        function.getTargetFeatures();
    return features && features->contains("+wavefrontsize32") ? 32 : 64;
  }

  void splitLoop(LLVM::LLVMFuncOp function, Block *header, Block &latch) {
    Location loc = latch.getTerminator()->getLoc();
    unsigned mfmas = 0;
    for (Block *block : loopBlocks(header, latch))
      for (Operation &op : *block)
        mfmas += classify(&op) == Mfma;
    if (!mfmas)
      return;
    auto decline = [&](const Twine &why) {
      emitRemark(loc) << "wave-ping-pong: loop not split: " << why;
      ++numDeclined;
    };
    std::optional<int64_t> waves = getWaves(function);
    if (!waves)
      return decline("the workgroup's size is not known "
                     "('rocdl.reqd_work_group_size')");
    if (*waves < 8 || *waves % 8)
      return decline(Twine(*waves) +
                     " waves a workgroup: ping-pong pairs the waves of one "
                     "workgroup on each SIMD, which takes a multiple of 8");
    if (mfmas < minMfmas)
      return decline(Twine(mfmas) + " MFMAs, fewer than " + Twine(minMfmas));
    // One block of body after a header that holds only the exit test (the
    // form convert-scf-to-cf gives).
    auto exitTest = dyn_cast<LLVM::CondBrOp>(header->getTerminator());
    if (header == &latch || !exitTest || latch.getSinglePredecessor() != header)
      return decline("its body is not one block after the exit test");
    for (Operation &op : header->without_terminator())
      if (!isMemoryEffectFree(&op))
        return decline("its exit test has effects");
    Block *exit = exitTest.getTrueDest() == &latch ? exitTest.getFalseDest()
                                                   : exitTest.getTrueDest();
    Block *preheader = nullptr;
    for (Block *predecessor : header->getPredecessors())
      if (predecessor != &latch)
        preheader =
            preheader && preheader != predecessor ? nullptr : predecessor;
    if (!preheader || !isa<LLVM::BrOp>(preheader->getTerminator()) ||
        exit == &latch || exit->getNumArguments() ||
        !exit->getSinglePredecessor())
      return decline("its entry or exit is not one plain edge");

    Body body;
    BarrierTemplate barrier;
    SmallVector<Operation *> synchronization;
    unsigned barriers = 0;
    for (Operation &op : latch.without_terminator()) {
      // LLVM's small-GEMM strategy, which the phases replace.
      if (isa<ROCDL::IglpOpt>(op)) {
        synchronization.push_back(&op);
        continue;
      }
      if (isa<ROCDL::SchedGroupBarrier, ROCDL::SetPrioOp, ROCDL::SWaitcntOp>(
              op))
        return decline(op.getName().getStringRef() +
                       " in its body: an order or wait the phases would undo");
      if (auto fence = dyn_cast<LLVM::FenceOp>(op)) {
        if (fence.getSyncscope() != "workgroup")
          return decline("a fence wider than the workgroup in its body");
        if (!barrier.barrier)
          barrier.release = &op;
        else if (!barrier.acquire)
          barrier.acquire = &op;
        synchronization.push_back(&op);
        continue;
      }
      if (auto schedBarrier = dyn_cast<ROCDL::SchedBarrier>(op)) {
        if (schedBarrier.getMask() != 0)
          return decline("a sched_barrier with a mask in its body");
        synchronization.push_back(&op);
        continue;
      }
      if (isa<ROCDL::SBarrierOp>(op)) {
        barrier.barrier = barrier.barrier ? barrier.barrier : &op;
        ++barriers;
        synchronization.push_back(&op);
        continue;
      }
      if (Access::of(&op).space == Access::Unknown)
        return decline("'" + op.getName().getStringRef() +
                       "' in its body, whose effects the pass does not model");
      body.add(&op, barriers);
    }
    if (!barrier.barrier)
      return decline("no workgroup barrier in its body to pair the waves at");

    body.linkDependences(cast<LLVM::BrOp>(latch.getTerminator()), header);
    body.linkWaits();
    int64_t modelled = 0;
    Plan plan = choosePlan(body, maxPhases, loadCoverCycles,
                           getWaveSize(function), modelled);
    if (!keepsDependences(body, plan))
      return decline("no order of its phases keeps its dependences");
    int64_t total = 0;
    for (int64_t cycles : plan.cycles)
      total += cycles;
    if (modelled > 2 * total * (1 + maxOverhead))
      return decline(
          "its memory phases would outlast the MFMA phases beside them: "
          "modelled cycles of an iteration of each of a SIMD's two waves " +
          Twine(modelled) + ", their MFMAs " + Twine(2 * total) +
          " (max-overhead: at most " +
          Twine(static_cast<int64_t>(maxOverhead * 100)) + "% more)");

    // The body, phase by phase.
    Operation *terminator = latch.getTerminator();
    OpBuilder builder(terminator);
    unsigned phases = plan.cycles.size();
    SmallVector<unsigned> counts(phases, 0);
    for (auto [i, op] : llvm::enumerate(body.ops))
      counts[plan.phase[i] - 1] += body.mfma[i];
    SmallVector<bool> meetsNext = phasesMeetingTheNext(body, plan);
    SmallVector<unsigned> leadCounts;
    for (unsigned phase = 1; phase <= phases; ++phase) {
      // An MFMA phase without MFMAs still ends at its barrier: the memory
      // phases on either side must not meet.
      bool raise = priority && counts[phase - 1];
      // Only a memory phase that ends waiting for its accesses holds MFMAs:
      // after one that does not, the MFMAs wait for their own operands
      // alone, and there the two waves measured slower with them moved.
      SmallVector<unsigned> lead;
      if (issueLeadMfmas && meetsNext[phase - 1])
        lead = leadMfmas(body, plan, phase);
      leadCounts.push_back(lead.size());
      numLeadMfmas += lead.size();
      // With lead MFMAs the priority rises with the memory phase, which
      // they share with the other wave's MFMA phase.
      if (raise && !lead.empty())
        ROCDL::SetPrioOp::create(builder, loc, priority);
      placeMemoryPhase(body, plan, phase, lead, builder, terminator);
      barrier.emit(builder, meetsNext[phase - 1]);
      numUnfenced += !meetsNext[phase - 1];
      if (raise && lead.empty())
        ROCDL::SetPrioOp::create(builder, loc, priority);
      for (auto [i, op] : llvm::enumerate(body.ops))
        if (body.mfma[i] && plan.phase[i] == phase &&
            !llvm::is_contained(lead, i))
          op->moveBefore(terminator);
      if (raise)
        ROCDL::SetPrioOp::create(builder, loc, 0);
      barrier.emit(builder);
    }

    // The upper half of the workgroup one barrier behind: one more barrier
    // before the loop for it, one more after it for the lower half. The
    // lower half's first memory phase runs while the upper half is still
    // before the loop, so that code's accesses end at a barrier.
    builder.setInsertionPoint(preheader->getTerminator());
    if (!endsAtBarrier(*preheader))
      barrier.emit(builder);
    Value upper = isUpperHalf(builder, loc, function, *waves);
    Block *entry = preheader->splitBlock(preheader->getTerminator());
    addBarrierArm(builder, loc, preheader, upper, entry, barrier, true);
    Block *rest = exit->splitBlock(exit->begin());
    addBarrierArm(builder, loc, exit, upper, rest, barrier, false);

    for (Operation *op : synchronization)
      op->erase();

    ++numLoops;
    numPhases += phases;
    InFlightDiagnostic remark = emitRemark(loc);
    remark << "wave-ping-pong: " << phases << " memory phases and " << phases
           << " MFMA phases of ";
    llvm::interleaveComma(counts, remark);
    remark << " MFMAs";
    if (priority)
      remark << " (s_setprio " << static_cast<unsigned>(priority) << ")";
    remark << "; waves " << *waves / 2 << "-" << *waves - 1
           << " one barrier behind; the loop's " << barriers << " barriers now "
           << 2 * phases << "; modelled cycles of an "
           << "iteration of each of a SIMD's two waves " << modelled
           << ", their MFMAs " << 2 * total;
    if (llvm::any_of(leadCounts, [](unsigned count) { return count; })) {
      remark << "; MFMAs issued among the memory phases' ops ";
      llvm::interleaveComma(leadCounts, remark);
    }
  }

  /// Memory phase `phase`'s ops in program order before `terminator`, with
  /// the `lead` MFMAs spread evenly over their issue slots, each behind a
  /// `sched_barrier` so that LLVM's scheduler keeps it among them.
  static void placeMemoryPhase(const Body &body, const Plan &plan,
                               unsigned phase, ArrayRef<unsigned> lead,
                               OpBuilder &builder, Operation *terminator) {
    double slots = memoryPhaseSlots(body, plan, phase);
    double issued = 0;
    size_t next = 0;
    auto placeLead = [&] {
      ROCDL::SchedBarrier::create(builder, body.ops[lead[next]]->getLoc(), 0);
      body.ops[lead[next++]]->moveBefore(terminator);
    };
    for (auto [i, op] : llvm::enumerate(body.ops)) {
      if (body.mfma[i] || plan.phase[i] != phase)
        continue;
      op->moveBefore(terminator);
      issued += issueSlots(op);
      while (next < lead.size() &&
             issued * (lead.size() + 1) >= slots * (next + 1))
        placeLead();
    }
    while (next < lead.size())
      placeLead();
  }

  /// Whether no access follows the last workgroup barrier of `block`.
  static bool endsAtBarrier(Block &block) {
    for (Operation &op : llvm::reverse(block.without_terminator())) {
      if (isa<ROCDL::SBarrierOp>(op))
        return true;
      if (!isSynchronization(&op) && Access::of(&op).space != Access::None)
        return false;
    }
    return false;
  }

  /// Whether the wave running this is in the upper half of the workgroup:
  /// the first active lane's linear id, so that LLVM sees a uniform branch.
  static Value isUpperHalf(OpBuilder &builder, Location loc,
                           LLVM::LLVMFuncOp function, int64_t waves) {
    auto sizes = function->getAttrOfType<DenseI32ArrayAttr>(
        "rocdl.reqd_work_group_size");
    Type i32 = builder.getI32Type();
    auto constant = [&](int64_t value) -> Value {
      return LLVM::ConstantOp::create(builder, loc, i32,
                                      builder.getI32IntegerAttr(value));
    };
    Value id = ROCDL::ThreadIdXOp::create(builder, loc, i32);
    ArrayRef<int32_t> extents = sizes.asArrayRef();
    if (extents.size() > 1 && extents[1] > 1) {
      Value y = ROCDL::ThreadIdYOp::create(builder, loc, i32);
      Value row = LLVM::MulOp::create(builder, loc, y, constant(extents[0]));
      id = LLVM::AddOp::create(builder, loc, id, row);
    }
    if (extents.size() > 2 && extents[2] > 1) {
      Value z = ROCDL::ThreadIdZOp::create(builder, loc, i32);
      Value plane = LLVM::MulOp::create(
          builder, loc, z, constant(int64_t(extents[0]) * extents[1]));
      id = LLVM::AddOp::create(builder, loc, id, plane);
    }
    Value first = ROCDL::ReadfirstlaneOp::create(builder, loc, i32, id);
    return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::uge, first,
                                constant(waves / 2 * getWaveSize(function)));
  }

  /// Ends `from` with a branch to `to` that passes through a block holding
  /// one barrier where `upper` is `onUpper`.
  static void addBarrierArm(OpBuilder &builder, Location loc, Block *from,
                            Value upper, Block *to,
                            const BarrierTemplate &barrier, bool onUpper) {
    Block *arm = builder.createBlock(to);
    barrier.emit(builder);
    LLVM::BrOp::create(builder, loc, ValueRange(), to);
    builder.setInsertionPointToEnd(from);
    LLVM::CondBrOp::create(builder, loc, upper, onUpper ? arm : to,
                           onUpper ? to : arm);
  }
};
} // namespace
