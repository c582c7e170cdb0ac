//===- StagingGroups.cpp - The copies that stage an LDS tile --------------===//
//
// Groups the global-read -> LDS-write pairs of a kernel by block, LDS tile and
// global memref. A group ends where the tile is otherwise accessed (or at an
// op with unknown effects, such as a barrier), so that a tile staged twice in
// one block (an unrolled loop) forms two groups.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Staging/StagingGroups.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::wave;

static bool isWorkgroupMemRef(Value memref) {
  return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
      cast<MemRefType>(memref.getType()));
}

bool mlir::wave::mayAlias(Value a, Value b) {
  if (a == b)
    return true;
  if (isWorkgroupMemRef(a) != isWorkgroupMemRef(b))
    return false;
  // Two LDS allocations never overlap.
  return !(a.getDefiningOp<AllocLdsOp>() && b.getDefiningOp<AllocLdsOp>());
}

/// The global read whose value `write` stores to LDS, if it is one.
static ReadOp getStagedRead(WriteOp write) {
  if (!isWorkgroupMemRef(write.getMemref()))
    return {};
  auto read = write.getValue().getDefiningOp<ReadOp>();
  if (!read || isWorkgroupMemRef(read.getMemref()))
    return {};
  return read;
}

namespace {
/// The groups of one block that may still grow, keyed by (tile, source).
class OpenGroups {
public:
  OpenGroups(Block *block, SmallVectorImpl<StagingGroup> &groups)
      : block(block), groups(groups) {}

  void add(ReadOp read, WriteOp write) {
    std::pair<Value, Value> key = {write.getMemref(), read.getMemref()};
    auto [it, inserted] = open.try_emplace(key, groups.size());
    if (inserted) {
      StagingGroup &group = groups.emplace_back();
      group.block = block;
      group.tile = key.first;
      group.source = key.second;
    }
    StagingGroup &group = groups[it->second];
    group.pairs.push_back({read, write});
    if (group.blocker)
      return;
    if (!read->hasOneUse()) {
      group.blocker = read;
      group.blockerKind = StagingFailure::OtherUsers;
      group.blockerReason = "the global read has users other than its one "
                            "LDS write";
    } else if (read->getBlock() != block) {
      group.blocker = read;
      group.blockerKind = StagingFailure::NotMovable;
      group.blockerReason = "the global read is not in the block of its "
                            "LDS write";
    }
  }

  /// Ends the groups whose tile `op` may access (all of them when its
  /// effects are unknown or touch unnamed memory, as a barrier's do).
  void closeTouchedBy(Operation &op) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        getEffectsRecursively(&op);
    if (!effects) {
      open.clear();
      return;
    }
    for (const MemoryEffects::EffectInstance &effect : *effects) {
      if (isa<MemoryEffects::Allocate>(effect.getEffect()))
        continue;
      Value value = effect.getValue();
      if (!value) {
        open.clear();
        return;
      }
      if (!isa<MemRefType>(value.getType()))
        continue;
      open.remove_if([&](const auto &entry) {
        return mayAlias(entry.first.first, value);
      });
    }
  }

private:
  Block *block;
  SmallVectorImpl<StagingGroup> &groups;
  llvm::MapVector<std::pair<Value, Value>, size_t> open;
};
} // namespace

SmallVector<StagingGroup> mlir::wave::findStagingGroups(gpu::GPUFuncOp kernel) {
  SmallVector<StagingGroup> groups;
  kernel->walk<WalkOrder::PreOrder>([&](Block *block) {
    OpenGroups open(block, groups);
    for (Operation &op : *block) {
      auto write = dyn_cast<WriteOp>(op);
      if (ReadOp read = write ? getStagedRead(write) : ReadOp()) {
        open.add(read, write);
        continue;
      }
      open.closeTouchedBy(op);
    }
  });
  return groups;
}
