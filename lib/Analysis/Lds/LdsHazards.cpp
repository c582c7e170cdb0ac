//===- LdsHazards.cpp - Cross-lane hazards on LDS -------------------------===//
//
// Reduces a kernel to a BarrierProgram (its LDS accesses, the structured
// control flow around them, the barriers it has) and answers the conflict
// queries of hazard finding from the accesses' exact footprints.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Lds/LdsHazards.h"

#include "../Footprint/IndexComposition.h"
#include "../Uniformity/KernelSizes.h"

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Footprint/IndexClassification.h"
#include "wave/Analysis/Footprint/PairQueries.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Analysis/Uniformity/WorkgroupUniformity.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::wave;

unsigned mlir::wave::getOrderedLaneGroupSize(gpu::GPUFuncOp kernel) {
  FailureOr<KernelTarget> target = getKernelTarget(kernel);
  return succeeded(target) ? target->waveSize : 1;
}

//===----------------------------------------------------------------------===//
// Accesses and buffers
//===----------------------------------------------------------------------===//

static bool isLds(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(memref);
}

/// The allocation `memref` views, through views that keep addresses
/// relative to the allocation (so footprints of different views compare);
/// null when it cannot be traced to one.
static Value traceBuffer(Value memref) {
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(memref)) {
      auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
      if (func && llvm::is_contained(func.getWorkgroupAttributions(), arg))
        return memref;
      return {};
    }
    Operation *def = memref.getDefiningOp();
    if (isa<AllocLdsOp, memref::AllocOp, memref::AllocaOp>(def))
      return memref;
    if (!isa<memref::SubViewOp, memref::CastOp, memref::ReinterpretCastOp,
             memref::ExpandShapeOp, memref::CollapseShapeOp>(def))
      return {};
    memref = def->getOperand(0);
  }
}

/// The LDS access `op` (an op without regions) makes, if any.
static std::optional<LdsAccess> getLdsAccess(Operation *op) {
  auto makeAccess = [&](Value memref, bool write) -> std::optional<LdsAccess> {
    if (!isLds(memref.getType()))
      return std::nullopt;
    LdsAccess access{op, traceBuffer(memref), write, ""};
    if (!access.buffer)
      access.unknownFootprintReason =
          "its memref cannot be traced to an LDS allocation";
    return access;
  };
  if (auto access = dyn_cast<LaneAccessOpInterface>(op))
    return makeAccess(access.getMemref(), access.isWrite());
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return makeAccess(load.getMemRef(), false);
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return makeAccess(store.getMemRef(), true);
  if (op->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt;

  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return LdsAccess{op, {}, true, "it has unknown memory effects"};
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  std::optional<LdsAccess> result;
  for (const MemoryEffects::EffectInstance &instance : instances) {
    bool read = isa<MemoryEffects::Read>(instance.getEffect());
    if (!read && !isa<MemoryEffects::Write>(instance.getEffect()))
      continue;
    Value buffer;
    if (Value value = instance.getValue()) {
      if (!isLds(value.getType()))
        continue;
      buffer = traceBuffer(value);
    } else if (instance.getResource() != SideEffects::DefaultResource::get()) {
      continue;
    }
    if (!result)
      result = LdsAccess{op, buffer, false,
                         "it is not a lane access with a footprint"};
    else if (result->buffer != buffer)
      result->buffer = {};
    result->writes |= !read;
  }
  return result;
}

/// Whether an op with regions holds a barrier or an LDS access.
static bool isRelevant(Operation *op) {
  return op
      ->walk([&](Operation *nested) {
        if (nested != op &&
            (isBarrier(nested) ||
             (nested->getNumRegions() == 0 && getLdsAccess(nested))))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

//===----------------------------------------------------------------------===//
// Building the program
//===----------------------------------------------------------------------===//

class LdsHazardAnalysis::Builder {
public:
  explicit Builder(LdsHazardAnalysis &analysis) : analysis(analysis) {}

  /// Appends the ops of `block` (but its terminator) to `region`.
  void build(Block &block, unsigned region);
  /// Records for every region the op each gap precedes.
  void finish();

private:
  void addAccess(unsigned region, LdsAccess access);
  void buildFor(scf::ForOp loop, unsigned region);
  void buildIf(scf::IfOp branch, unsigned region);
  void buildWhile(scf::WhileOp loop, unsigned region);

  LdsHazardAnalysis &analysis;
  BarrierProgram &program = analysis.program;
  llvm::DenseMap<unsigned, Operation *> itemOps;
  llvm::DenseMap<unsigned, Operation *> regionEnds;
};

void LdsHazardAnalysis::Builder::addAccess(unsigned region, LdsAccess access) {
  unsigned item = program.addAccess(region, analysis.accesses.size());
  itemOps[item] = access.op;
  analysis.accesses.push_back(std::move(access));
}

void LdsHazardAnalysis::Builder::buildFor(scf::ForOp loop, unsigned region) {
  IndexClass iv = classifyIndex(loop.getInductionVar());
  bool runsOnce = iv.hasStaticRange() && iv.getTripCount() >= 1;
  bool uniform = isWorkgroupUniform(loop.getLowerBound()) &&
                 isWorkgroupUniform(loop.getUpperBound()) &&
                 isWorkgroupUniform(loop.getStep());
  unsigned item = program.addLoop(region, !runsOnce, uniform);
  itemOps[item] = analysis.loopOps[item] = loop;
  build(*loop.getBody(), program.getItem(item).children.front());
}

void LdsHazardAnalysis::Builder::buildIf(scf::IfOp branch, unsigned region) {
  bool hasElse = !branch.getElseRegion().empty();
  unsigned item = program.addBranch(region, hasElse ? 2 : 1,
                                    isWorkgroupUniform(branch.getCondition()));
  itemOps[item] = branch;
  // Copy: building the arms appends to the program's items.
  SmallVector<unsigned, 2> arms = program.getItem(item).children;
  build(branch.getThenRegion().front(), arms[0]);
  if (hasElse)
    build(branch.getElseRegion().front(), arms[1]);
}

void LdsHazardAnalysis::Builder::buildWhile(scf::WhileOp loop,
                                            unsigned region) {
  scf::ConditionOp condition = loop.getConditionOp();
  unsigned item = program.addLoop(region, /*mayRunZeroTimes=*/false,
                                  isWorkgroupUniform(condition.getCondition()));
  itemOps[item] = analysis.loopOps[item] = loop;
  // One cyclic body: the "before" part, the exit point, the "after" part.
  unsigned body = program.getItem(item).children.front();
  build(loop.getBefore().front(), body);
  itemOps[program.addLoopExit(body)] = condition;
  build(loop.getAfter().front(), body);
}

void LdsHazardAnalysis::Builder::build(Block &block, unsigned region) {
  for (Operation &op : block.without_terminator()) {
    if (isBarrier(&op)) {
      analysis.barriers.push_back(
          {&op, program.getEndGap(region), isa<BarrierOp>(op)});
      continue;
    }
    if (op.getNumRegions() != 0) {
      if (!isRelevant(&op))
        continue;
      if (auto loop = dyn_cast<scf::ForOp>(op))
        buildFor(loop, region);
      else if (auto branch = dyn_cast<scf::IfOp>(op))
        buildIf(branch, region);
      else if (auto loop = dyn_cast<scf::WhileOp>(op))
        buildWhile(loop, region);
      else {
        addAccess(region, {&op, {}, true, "its regions are not analyzed"});
      }
      continue;
    }
    if (std::optional<LdsAccess> access = getLdsAccess(&op))
      addAccess(region, std::move(*access));
  }
  regionEnds[region] = block.getTerminator();
}

void LdsHazardAnalysis::Builder::finish() {
  for (unsigned region = 0, e = program.getNumRegions(); region < e; ++region) {
    SmallVector<Operation *> &ops = analysis.gapOps.emplace_back();
    for (unsigned item : program.getRegion(region).items)
      ops.push_back(itemOps.lookup(item));
    ops.push_back(regionEnds.lookup(region));
  }
}

//===----------------------------------------------------------------------===//
// LdsHazardAnalysis
//===----------------------------------------------------------------------===//

LdsHazardAnalysis::LdsHazardAnalysis(gpu::GPUFuncOp kernel,
                                     bool assumeWaveOrder,
                                     CommonAddressCache *cache) {
  if (!kernel.getBody().hasOneBlock()) {
    failureReason = "the kernel body is not one block (unstructured control "
                    "flow)";
    return;
  }
  if (assumeWaveOrder)
    groupSize = mlir::wave::getOrderedLaneGroupSize(kernel);
  if (std::optional<std::array<int64_t, 3>> block =
          detail::KernelSizes::of(kernel).workgroupSize)
    numLanes = (*block)[0] * (*block)[1] * (*block)[2];

  Builder builder(*this);
  builder.build(kernel.getBody().front(), BarrierProgram::kRoot);
  builder.finish();

  if (!cache) {
    ownCache = std::make_unique<CommonAddressCache>();
    cache = ownCache.get();
  }
  commonAddresses = cache;
  for (LdsAccess &access : accesses) {
    std::unique_ptr<SymbolicFootprint> &footprint = footprints.emplace_back();
    if (!access.unknownFootprintReason.empty())
      continue;
    if (!numLanes) {
      access.unknownFootprintReason =
          "the kernel has no known_block_size (or one of more lanes than a "
          "32-bit id counts)";
      continue;
    }
    // A run the swizzle moved, as a direct-to-LDS copy writes it, costs a
    // pair query a dozen quotients; its swizzle blocks cost one.
    FailureOr<SymbolicFootprint> built = failure();
    if (std::optional<SymbolicFootprint> cover =
            SymbolicFootprint::getSwizzleBlockCover(access.op)) {
      built = std::move(*cover);
      access.approximation = "a run the tile's swizzle moves, taken as its "
                             "whole swizzle block";
    } else {
      built = SymbolicFootprint::get(access.op, &access.unknownFootprintReason);
    }
    if (::mlir::failed(built))
      continue;
    if (failed(StaticMemRefLayout::get(built->getMemRefType()))) {
      access.unknownFootprintReason =
          "the memref has a dynamic shape, stride or offset";
      continue;
    }
    footprint = std::make_unique<SymbolicFootprint>(std::move(*built));
  }
  // A box around each footprint: most pairs of a tiled kernel's accesses
  // to one tile (a staging write of some rows, a fragment read of others)
  // are apart, which the boxes tell without a pair query.
  for (const std::unique_ptr<SymbolicFootprint> &footprint : footprints) {
    std::optional<CoordinateBounds> &bounds = boxes.emplace_back();
    if (!footprint)
      continue;
    if (FailureOr<CoordinateBounds> found = findCoordinateBounds(*footprint);
        ::mlir::succeeded(found))
      bounds = std::move(*found);
  }

  hazards = findPlacementHazardsWith(getExistingBarriers());
}

SmallVector<Hazard> LdsHazardAnalysis::findPlacementHazardsWith(
    ArrayRef<ExistingBarrier> existing) const {
  return findPlacementHazards(
      program,
      [&](unsigned from, unsigned to, const PathClass &paths) {
        return conflicts(from, to, paths);
      },
      existing);
}

SmallVector<Hazard> LdsHazardAnalysis::findAllHazards() const {
  return findHazards(program,
                     [&](unsigned from, unsigned to, const PathClass &paths) {
                       return conflicts(from, to, paths);
                     });
}

LdsHazardAnalysis::~LdsHazardAnalysis() = default;

SmallVector<ExistingBarrier> LdsHazardAnalysis::getExistingBarriers() const {
  return llvm::map_to_vector(barriers, [](const LdsBarrier &barrier) {
    return ExistingBarrier{barrier.gap, barrier.removable};
  });
}

bool LdsHazardAnalysis::conflicts(unsigned from, unsigned to,
                                  const PathClass &paths) const {
  const LdsAccess &first = accesses[from], &second = accesses[to];
  if (!first.writes && !second.writes)
    return false;
  if (first.buffer && second.buffer && first.buffer != second.buffer)
    return false;
  // All lanes in one group: the hardware orders everything.
  if (numLanes && *numLanes <= static_cast<int64_t>(groupSize))
    return false;

  Operation *carrier =
      paths.carrierLoop ? loopOps.lookup(*paths.carrierLoop) : nullptr;
  if (auto loop = dyn_cast_or_null<scf::ForOp>(carrier)) {
    IndexClass iv = classifyIndex(loop.getInductionVar());
    if (iv.hasStaticRange() &&
        iv.getTripCount() <= static_cast<int64_t>(paths.distance))
      return false;
  }

  const SymbolicFootprint *firstFootprint = footprints[from].get();
  const SymbolicFootprint *secondFootprint = footprints[to].get();
  if (!firstFootprint || !secondFootprint) {
    // An unknown footprint may touch anything from any lane; an access that
    // no lane executes conflicts with nothing.
    const SymbolicFootprint *known =
        firstFootprint ? firstFootprint : secondFootprint;
    return !known || !known->isEmpty();
  }
  if (firstFootprint->getMemRefType().getElementTypeBitWidth() !=
      secondFootprint->getMemRefType().getElementTypeBitWidth())
    return true;
  if (firstFootprint->getMemref() == secondFootprint->getMemref() &&
      boxes[from] && boxes[to] && !boxes[from]->mayMeet(*boxes[to]))
    return false;

  // Loops around both accesses: the carrier's iterations are `distance`
  // apart (exactly 1, or at least 2), loops around it are in the same
  // iteration, loops inside it in any; without a carrier, every common loop
  // is in the same iteration.
  auto relationOf = [&](Operation *loop) -> std::optional<IterationDistance> {
    if (!loop->isProperAncestor(first.op) || !loop->isProperAncestor(second.op))
      return std::nullopt;
    if (!carrier)
      return IterationDistance::same();
    if (loop == carrier)
      return paths.distance == 1 ? IterationDistance::exactly(1)
                                 : IterationDistance::atLeast(2);
    if (loop->isProperAncestor(carrier))
      return IterationDistance::same();
    return std::nullopt;
  };
  FailureOr<bool> meet =
      commonAddresses->contains(*firstFootprint, *secondFootprint, relationOf,
                                LanePairs::differentGroups(groupSize));
  return ::mlir::failed(meet) || *meet;
}

/// Whether `write` runs, every time `read` does, before it: it lies ahead
/// of `read` (or of an op holding `read`) in the same block.
static bool runsBefore(Operation *write, Operation *read) {
  for (Operation *ancestor = read; ancestor && !isa<gpu::GPUFuncOp>(ancestor);
       ancestor = ancestor->getParentOp())
    if (ancestor->getBlock() == write->getBlock())
      return write->isBeforeInBlock(ancestor);
  return false;
}

/// The physical offsets of the elements the lane access `op` touches in one
/// workgroup, over all lanes and iterations; none when its footprint cannot
/// be enumerated or depends on the workgroup. With `exact`, also none when
/// the enumeration may hold elements `op` does not touch: a non-constant
/// mask, an `scf.if` around it (guards are not enumerated) or an address
/// that depends on a loop (whose iterations are all enumerated).
static std::optional<llvm::DenseSet<int64_t>> enumerateElements(Operation *op,
                                                                bool exact) {
  auto access = dyn_cast<LaneAccessOpInterface>(op);
  if (!access)
    return std::nullopt;
  FailureOr<AccessFootprint> footprint = AccessFootprint::get(access);
  if (failed(footprint) || footprint->dependsOn(IndexKind::WorkgroupId))
    return std::nullopt;
  if (exact && (footprint->hasNonConstantMask() ||
                footprint->dependsOn(IndexKind::LoopInductionVar) ||
                op->getParentOfType<scf::IfOp>()))
    return std::nullopt;
  FailureOr<WorkgroupFootprint> elements = footprint->enumerate();
  if (failed(elements))
    return std::nullopt;
  llvm::DenseSet<int64_t> offsets;
  for (int64_t lane = 0, e = elements->getNumLanes(); lane < e; ++lane)
    for (int64_t i = 0, n = elements->getNumElements(lane); i < n; ++i)
      offsets.insert(elements->getPhysicalOffset(lane, i));
  return offsets;
}

std::string LdsHazardAnalysis::explainUnsafeRead(Operation *read) const {
  const auto *found = llvm::find_if(
      accesses, [&](const LdsAccess &access) { return access.op == read; });
  if (found == accesses.end())
    return "it is not an LDS access of the kernel";
  const LdsAccess &access = *found;
  if (!footprints[found - accesses.begin()])
    return "its LDS footprint is not exact (" + access.unknownFootprintReason +
           ")";

  BarrierSet existing(program);
  for (const LdsBarrier &barrier : barriers)
    existing.insert(barrier.gap);
  unsigned item = 0;
  while (program.getItem(item).kind != BarrierProgram::ItemKind::Access ||
         &accesses[program.getItem(item).access] != found)
    ++item;
  for (const Hazard &hazard :
       findHazardsOf(program, item,
                     [&](unsigned from, unsigned to, const PathClass &paths) {
                       return conflicts(from, to, paths);
                     })) {
    Operation *from = getAccessOfItem(hazard.fromItem).op;
    Operation *to = getAccessOfItem(hazard.toItem).op;
    if ((from == read || to == read) && !existing.covers(hazard))
      return "it may race with " +
             mlir::wave::detail::describeOp(from == read ? to : from) +
             ", another lane's LDS access that no barrier orders with it";
  }

  // Every element it may read must have been written by a write that runs
  // ahead of it and whose elements are known exactly.
  std::optional<llvm::DenseSet<int64_t>> reads =
      enumerateElements(read, /*exact=*/false);
  if (!reads)
    return "the elements it reads cannot be enumerated";
  auto elementBits = [](Operation *op) {
    return cast<LaneAccessOpInterface>(op)
        .getMemref()
        .getType()
        .getElementTypeBitWidth();
  };
  llvm::DenseSet<int64_t> written;
  for (const LdsAccess &other : accesses) {
    if (!other.writes || other.buffer != access.buffer ||
        !isa<LaneAccessOpInterface>(other.op) ||
        elementBits(other.op) != elementBits(read) ||
        !runsBefore(other.op, read))
      continue;
    if (std::optional<llvm::DenseSet<int64_t>> elements =
            enumerateElements(other.op, /*exact=*/true))
      written.insert(elements->begin(), elements->end());
  }
  SmallVector<int64_t> offsets(reads->begin(), reads->end());
  llvm::sort(offsets);
  for (int64_t offset : offsets)
    if (!written.contains(offset))
      return ("it would read element " + Twine(offset) +
              " of its LDS buffer, which no write ahead of it initializes")
          .str();
  return "";
}
