//===- ScheduleLoops.cpp - MFMAs interleaved with memory accesses ---------===//
//
// LLVM's AMDGPU scheduler, left alone, issues a loop's LDS reads in a burst
// ahead of the MFMAs that use them and then waits for them. Schedule groups
// (`llvm.amdgcn.sched.group.barrier`, which LLVM's IGroupLP mutation turns
// into edges of the scheduling graph) ask it instead to put, after each
// MFMA, the LDS reads of the MFMA `distance` places later, and to spread the
// global loads and LDS writes over the MFMAs: the reads then complete under
// the MFMAs before the one that needs them. The pass counts the accesses of
// each scheduling region of a loop body on the lowered code, where each LLVM
// dialect access is one instruction, and acts only where a model of one
// wave's issue (MFMA pipe, LDS latency) says the groups pay.
//
//===----------------------------------------------------------------------===//

#include "MfmaIssueModel.h"
#include "wave/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVESCHEDULELOOPS
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::issue;

namespace {
/// A scheduling region of a loop body: the ops between two scheduling
/// boundaries, and the op before which its groups go.
struct Region {
  SmallVector<Operation *> ops;
  Operation *end;
};

/// Builds an order of a region's ops: `place` appends an op after the
/// operands it has in the region that are not placed yet.
class Placement {
public:
  explicit Placement(ArrayRef<Operation *> ops)
      : inRegion(ops.begin(), ops.end()) {}

  /// Places `op` and what it needs; returns the ops of `kind` that this
  /// placed.
  unsigned place(Operation *op, Kind kind) {
    if (!inRegion.contains(op) || order.contains(op))
      return 0;
    unsigned placed = 0;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        placed += place(def, kind);
    order.insert(op);
    return placed + (classify(op) == kind);
  }
  bool isPlaced(Operation *op) const { return order.contains(op); }
  ArrayRef<Operation *> getOrder() const { return order.getArrayRef(); }

private:
  llvm::SmallPtrSet<Operation *, 32> inRegion;
  llvm::SetVector<Operation *> order;
};

struct Group {
  Kind kind;
  unsigned size;
};

/// The groups of a region: the LDS reads of the first `distance` MFMAs,
/// then for each MFMA the reads of the one `distance` later (the last takes
/// the reads no MFMA needs) and its share of the global loads and LDS
/// writes.
SmallVector<Group> buildGroups(const Region &region, unsigned distance) {
  SmallVector<Operation *> mfmas;
  unsigned counts[3] = {0, 0, 0}; // DS reads, VMEM reads, DS writes
  for (Operation *op : region.ops) {
    switch (classify(op)) {
    case Mfma:
      mfmas.push_back(op);
      break;
    case DsRead:
      ++counts[0];
      break;
    case VmemRead:
      ++counts[1];
      break;
    case DsWrite:
      ++counts[2];
      break;
    default:
      break;
    }
  }
  // The LDS reads each MFMA is the first to need.
  Placement needs(region.ops);
  SmallVector<unsigned> reads;
  for (Operation *mfma : mfmas)
    reads.push_back(needs.place(mfma, DsRead));
  unsigned spare = counts[0];
  for (unsigned r : reads)
    spare -= r;

  size_t n = mfmas.size();
  auto share = [&](unsigned total, size_t i) {
    return unsigned(total * (i + 1) / n - total * i / n);
  };
  SmallVector<Group> groups;
  auto add = [&](Kind kind, unsigned size) {
    if (size)
      groups.push_back({kind, size});
  };
  unsigned ahead = 0;
  for (size_t i = 0; i < std::min<size_t>(distance, n); ++i)
    ahead += reads[i];
  add(DsRead, ahead);
  for (size_t i = 0; i < n; ++i) {
    add(Mfma, 1);
    add(DsRead, (i + distance < n ? reads[i + distance] : 0) +
                    (i + 1 == n ? spare : 0));
    add(VmemRead, share(counts[1], i));
    add(DsWrite, share(counts[2], i));
  }
  return groups;
}

/// The order the groups ask of the region: each group takes the next ops
/// of its kind in program order, with what they need; the rest follows.
SmallVector<Operation *> groupOrder(const Region &region,
                                    ArrayRef<Group> groups) {
  Placement placement(region.ops);
  DenseMap<uint32_t, size_t> next;
  for (const Group &group : groups) {
    size_t &i = next[group.kind];
    for (unsigned taken = 0; taken < group.size && i < region.ops.size(); ++i) {
      Operation *op = region.ops[i];
      if (classify(op) != group.kind || placement.isPlaced(op))
        continue;
      placement.place(op, group.kind);
      ++taken;
    }
  }
  for (Operation *op : region.ops)
    placement.place(op, Other);
  return SmallVector<Operation *>(placement.getOrder());
}

bool isBoundary(Operation *op) {
  if (auto barrier = dyn_cast<ROCDL::SchedBarrier>(op))
    return barrier.getMask() == 0;
  return isa<ROCDL::SetPrioOp>(op);
}

struct WaveScheduleLoops
    : wave::impl::WaveScheduleLoopsBase<WaveScheduleLoops> {
  using Base::Base;

  void runOnOperation() override {
    for (auto [header, latch] : findLoops(getOperation()))
      scheduleLoop(header, *latch);
  }

  void scheduleLoop(Block *header, Block &latch) {
    Location loc = latch.getTerminator()->getLoc();
    SmallVector<Block *> blocks = loopBlocks(header, latch);
    unsigned mfmas = 0;
    bool calls = false, groups = false;
    for (Block *block : blocks) {
      for (Operation &op : *block) {
        mfmas += classify(&op) == Mfma;
        calls |= isa<LLVM::CallOp>(op);
        groups |= isa<ROCDL::SchedGroupBarrier>(op);
      }
    }
    auto decline = [&](const Twine &why) {
      emitRemark(loc) << "wave-schedule-loops: loop not scheduled: " << why;
      ++numDeclined;
    };
    if (mfmas == 0)
      return decline("no MFMA in its body");
    if (calls)
      return decline("its body calls a function");
    if (groups)
      return decline("its body already has schedule groups");
    // One block of body: the latch, after a header that holds the exit test
    // (the form convert-scf-to-cf gives), or a latch that is its own header.
    if (blocks.size() > 2)
      return decline("its body spans " + Twine(blocks.size()) +
                     " blocks (scheduling regions end at branches)");

    SmallVector<Region> regions(1);
    for (Operation &op : latch) {
      if (isBoundary(&op) || op.hasTrait<OpTrait::IsTerminator>()) {
        regions.back().end = &op;
        regions.emplace_back();
        continue;
      }
      regions.back().ops.push_back(&op);
    }
    regions.pop_back();

    std::string report;
    llvm::raw_string_ostream os(report);
    unsigned scheduled = 0;
    for (auto [index, region] : llvm::enumerate(regions)) {
      std::string text;
      bool done = scheduleRegion(region, text);
      scheduled += done;
      if (regions.size() == 1) {
        os << text;
        continue;
      }
      os << (index ? "; " : "") << "region " << index + 1 << " of "
         << regions.size() << (done ? ": " : " left: ") << text;
    }
    if (!scheduled)
      return decline(report);
    emitRemark(loc) << "wave-schedule-loops: " << report;
    ++numLoops;
  }

  /// Adds the groups of `region` where they pay; `text` says what it did or
  /// why it did not.
  bool scheduleRegion(const Region &region, std::string &text) {
    auto leave = [&](const Twine &why) {
      text = why.str();
      return false;
    };
    unsigned mfmas = 0, accesses = 0;
    // A workgroup barrier with LDS accesses on both sides of it.
    bool lds = false, barrierAfterLds = false, pinned = false;
    for (Operation *op : region.ops) {
      Kind kind = classify(op);
      mfmas += kind == Mfma;
      accesses += kind == DsRead || kind == VmemRead || kind == DsWrite;
      if (isa<ROCDL::IglpOpt>(op))
        return leave("LLVM's iglp_opt strategy orders it");
      if (isa<ROCDL::SBarrierOp>(op))
        barrierAfterLds |= lds;
      if (kind == DsRead || kind == DsWrite) {
        pinned |= barrierAfterLds;
        lds = true;
      }
    }
    if (pinned)
      return leave("a workgroup barrier in it pins the LDS accesses on "
                   "either side");
    if (mfmas < minMfmas)
      return leave(Twine(mfmas) + " MFMAs, fewer than " + Twine(minMfmas));
    if (!accesses)
      return leave("no memory access to put under its MFMAs");
    SmallVector<Group> groups = buildGroups(region, distance);
    int64_t before = modelCycles(region.ops);
    int64_t after = modelCycles(groupOrder(region, groups));
    if (after >= before)
      return leave("the groups would not pay (modelled cycles of one wave " +
                   Twine(before) + " -> " + Twine(after) + ")");

    unsigned counts[3] = {0, 0, 0};
    for (const Group &group : groups) {
      if (group.kind == DsRead)
        counts[0] += group.size;
      else if (group.kind == VmemRead)
        counts[1] += group.size;
      else if (group.kind == DsWrite)
        counts[2] += group.size;
    }
    OpBuilder builder(region.end);
    for (const Group &group : groups)
      ROCDL::SchedGroupBarrier::create(builder, region.end->getLoc(),
                                       group.kind, group.size, /*groupId=*/0);
    numGroups += groups.size();
    llvm::raw_string_ostream os(text);
    os << mfmas << " MFMAs interleaved with " << counts[0]
       << " LDS reads (after each MFMA those of the one " << distance
       << " later, "
       << (groups.front().kind == DsRead ? groups.front().size : 0)
       << " before the first), " << counts[1] << " global loads and "
       << counts[2] << " LDS writes spread over them; modelled cycles of one "
       << "wave " << before << " -> " << after;
    return true;
  }
};
} // namespace
