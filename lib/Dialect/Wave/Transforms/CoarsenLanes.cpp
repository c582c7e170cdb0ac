//===- CoarsenLanes.cpp - Several lanes' work per lane, wider accesses ----===//
//
// In a kernel whose lanes share no data, lane t takes over lanes V*t to
// V*t+V-1 of the same workgroup: the top-level ops are copied V times, copy i
// seeing the old thread id V*t+i, and the V copies of each access become one
// access of V times the elements. Emptiness questions on the symbolic
// footprints prove, for any grid, that the copies' elements are contiguous
// and that no lane touches what another one writes.
// docs/passes/wave-coarsen-lanes.md describes the algorithm.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/GridQueries.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVECOARSENLANES
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Why a kernel is left alone, sorted for the statistics.
enum class Bail { None, NotLanePrivate, NotContiguous, Sizes, AlreadyWide };

/// The plan for one kernel, or why there is none.
struct CoarseningPlan {
  Bail bail = Bail::None;
  std::string reason;
  /// Lanes merged into one.
  int64_t factor = 1;
  SmallVector<LaneAccessOpInterface> accesses;
};

bool isWorkgroupMemory(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(memref);
}

/// Why `op` may let lanes share data or cannot be copied per lane; empty
/// when it cannot.
std::string whyNotLanePrivate(Operation *op, Block &entry) {
  for (Type type :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
    if (isWorkgroupMemory(type))
      return "it uses LDS ('" + op->getName().getStringRef().str() + "')";
  if (op->hasTrait<Convergent>() ||
      isa<gpu::BarrierOp, gpu::ShuffleOp, gpu::SubgroupReduceOp, gpu::LaneIdOp,
          gpu::SubgroupIdOp, gpu::NumSubgroupsOp, gpu::SubgroupSizeOp,
          gpu::GlobalIdOp>(op))
    return "'" + op->getName().getStringRef().str() +
           "' exchanges data between lanes or depends on how lanes are "
           "grouped";
  if (auto access = dyn_cast<LaneAccessOpInterface>(op)) {
    if (op->getBlock() != &entry)
      return "an access sits inside a region ('" +
             op->getParentOp()->getName().getStringRef().str() +
             "'); only top-level accesses are merged";
    if (!isa<BlockArgument>(access.getMemref()))
      return "an access's memref is not a kernel argument";
    return "";
  }
  if (isMemoryEffectFree(op) || op->hasTrait<OpTrait::IsTerminator>())
    return "";
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return ""; // The ops of its regions are checked on their own.
  return "'" + op->getName().getStringRef().str() +
         "' has memory effects other than a wave.read/wave.write";
}

/// The linear id of `lane`'s workgroup in `grid`.
int64_t getLinearWorkgroup(const GridLane &lane, ArrayRef<int32_t> grid) {
  auto [x, y, z] = lane.workgroup;
  return x + grid[0] * (y + grid[1] * z);
}

/// A workgroup as the remarks name it: its linear id in a known grid, its
/// id otherwise.
std::string describeWorkgroup(const GridLane &lane,
                              std::optional<ArrayRef<int32_t>> grid) {
  if (grid)
    return std::to_string(getLinearWorkgroup(lane, *grid));
  auto [x, y, z] = lane.workgroup;
  return "(" + std::to_string(x) + ", " + std::to_string(y) + ", " +
         std::to_string(z) + ")";
}

/// Checks that lane x+i's access starts i*N elements after lane x's for
/// every lane x that is a multiple of `factor`, in every workgroup, and that
/// no element one lane (of the whole grid) writes is touched by another
/// lane: emptiness questions on the symbolic footprints, whatever the sizes
/// of workgroup and grid.
void proveAccesses(CoarseningPlan &plan, ArrayRef<int32_t> block,
                   std::optional<ArrayRef<int32_t>> grid) {
  SmallVector<SymbolicFootprint> footprints;
  for (LaneAccessOpInterface access : plan.accesses) {
    std::string reason;
    FailureOr<SymbolicFootprint> footprint =
        SymbolicFootprint::get(access, &reason);
    if (failed(footprint)) {
      plan.bail = Bail::NotContiguous;
      plan.reason = "an access has no footprint: " + reason;
      return;
    }
    int64_t length = access.getVectorType().getNumElements();
    FailureOr<std::optional<GridLane>> late =
        findLaneOutOfStep(*footprint, plan.factor, length, &reason);
    if (failed(late)) {
      plan.bail = Bail::NotContiguous;
      plan.reason = "an access's address cannot be analyzed: " + reason;
      return;
    }
    if (*late) {
      plan.bail = Bail::NotContiguous;
      plan.reason = "an access is not contiguous in the thread id: lane " +
                    std::to_string((*late)->lane) + " of workgroup " +
                    describeWorkgroup(**late, grid) + " does not start " +
                    std::to_string(length) +
                    " elements after the lane before it";
      return;
    }
    footprints.push_back(std::move(*footprint));
    // Against itself and every access before it.
    const SymbolicFootprint &mine = footprints.back();
    for (auto [other, theirs] : llvm::zip(plan.accesses, footprints)) {
      if (other.getMemref() != access.getMemref() ||
          (!access.isWrite() && !other.isWrite()))
        continue;
      FailureOr<std::optional<std::pair<GridLane, GridLane>>> shared =
          findElementSharedInGrid(mine, theirs, &reason);
      if (failed(shared)) {
        plan.bail = Bail::NotLanePrivate;
        plan.reason = "whether lanes share data cannot be decided: " + reason;
        return;
      }
      if (!*shared)
        continue;
      auto [lane, owner] = **shared;
      plan.bail = Bail::NotLanePrivate;
      int64_t lanes = int64_t(block[0]) * block[1] * block[2];
      auto inGrid = [&](const GridLane &l) {
        return std::to_string(getLinearWorkgroup(l, *grid) * lanes + l.lane);
      };
      plan.reason =
          "lanes share data: " +
          (grid ? "lanes " + inGrid(owner) + " and " + inGrid(lane) +
                      " (of the grid)"
                : "lane " + std::to_string(owner.lane) + " of workgroup " +
                      describeWorkgroup(owner, grid) + " and lane " +
                      std::to_string(lane.lane) + " of workgroup " +
                      describeWorkgroup(lane, grid)) +
          " touch one element of an argument that a lane writes";
      return;
    }
  }
}

/// Finds the merge factor and checks that the kernel can be coarsened by it.
CoarseningPlan planCoarsening(gpu::GPUFuncOp kernel, unsigned accessBits) {
  CoarseningPlan plan;
  auto fail = [&](Bail bail, const Twine &reason) {
    plan.bail = bail;
    plan.reason = reason.str();
    return plan;
  };
  Block &entry = kernel.getBody().front();
  if (!kernel.getBody().hasOneBlock())
    return fail(Bail::NotLanePrivate, "the body has more than one block");
  std::string why;
  kernel.getBody().walk([&](Operation *op) {
    if (why.empty())
      why = whyNotLanePrivate(op, entry);
    if (auto access = dyn_cast<LaneAccessOpInterface>(op))
      plan.accesses.push_back(access);
  });
  if (!why.empty())
    return fail(Bail::NotLanePrivate, why);
  if (plan.accesses.empty())
    return fail(Bail::AlreadyWide, "no lane access to widen");

  std::optional<ArrayRef<int32_t>> block = kernel.getKnownBlockSize();
  if (!block)
    return fail(Bail::Sizes, "the kernel states no known_block_size");

  int64_t widestBits = 0;
  for (LaneAccessOpInterface access : plan.accesses) {
    VectorType type = access.getVectorType();
    widestBits = std::max<int64_t>(
        widestBits,
        type.getNumElements() * type.getElementType().getIntOrFloatBitWidth());
  }
  if (2 * widestBits > accessBits)
    return fail(Bail::AlreadyWide, "an access already moves " +
                                       Twine(widestBits / 8) +
                                       " bytes; merging two would exceed " +
                                       Twine(accessBits) + " bits");
  FailureOr<KernelTarget> target = getKernelTarget(kernel);
  int64_t waveSize = succeeded(target) ? target->waveSize : 64;
  int64_t lanes = int64_t((*block)[0]) * (*block)[1] * (*block)[2];
  int64_t factor = 1;
  while (2 * factor * widestBits <= accessBits &&
         (*block)[0] % (2 * factor) == 0 && lanes / (2 * factor) >= waveSize)
    factor *= 2;
  if (factor == 1)
    return fail(Bail::Sizes, "sizes do not divide: the workgroup's " +
                                 Twine((*block)[0]) +
                                 " lanes along x cannot be "
                                 "halved and keep a whole wave of " +
                                 Twine(waveSize));
  plan.factor = factor;
  proveAccesses(plan, *block, kernel.getKnownGridSize());
  return plan;
}

/// Concatenates `parts` (vectors of one type) into one vector.
Value concatenate(OpBuilder &builder, Location loc, ArrayRef<Value> parts) {
  auto partType = cast<VectorType>(parts.front().getType());
  int64_t length = partType.getNumElements();
  auto type = VectorType::get({length * static_cast<int64_t>(parts.size())},
                              partType.getElementType());
  Value result =
      arith::ConstantOp::create(builder, loc, type, builder.getZeroAttr(type));
  for (auto [i, part] : llvm::enumerate(parts))
    result = vector::InsertStridedSliceOp::create(
        builder, loc, part, result, ArrayRef<int64_t>{int64_t(i) * length},
        ArrayRef<int64_t>{1});
  return result;
}

/// Rewrites `kernel` by `plan`; returns the number of merged accesses.
unsigned coarsen(gpu::GPUFuncOp kernel, const CoarseningPlan &plan) {
  Block &entry = kernel.getBody().front();
  Location loc = kernel.getLoc();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  int64_t factor = plan.factor;
  SmallVector<int32_t> newBlock(*kernel.getKnownBlockSize());

  // One thread id x for the whole body, and the old block size for every
  // gpu.block_dim x, so that every copy can see its own.
  auto threadIdOp = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
  Value threadId = threadIdOp;
  Operation *lastNew = threadIdOp;
  Value oldBlockX;
  SmallVector<Operation *> replaced;
  kernel.getBody().walk([&](Operation *op) {
    if (auto id = dyn_cast<gpu::ThreadIdOp>(op);
        id && id != threadIdOp && id.getDimension() == gpu::Dimension::x)
      replaced.push_back(op);
    if (auto dim = dyn_cast<gpu::BlockDimOp>(op);
        dim && dim.getDimension() == gpu::Dimension::x)
      replaced.push_back(op);
  });
  for (Operation *op : replaced) {
    if (isa<gpu::BlockDimOp>(op) && !oldBlockX) {
      builder.setInsertionPointAfter(lastNew);
      oldBlockX = arith::ConstantIndexOp::create(builder, loc, newBlock[0]);
      lastNew = oldBlockX.getDefiningOp();
    }
    op->replaceAllUsesWith(
        ValueRange{isa<gpu::ThreadIdOp>(op) ? threadId : oldBlockX});
    op->erase();
  }
  builder.setInsertionPointAfter(lastNew);

  // Copy i sees the old thread id factor * t + i.
  SmallVector<IRMapping> copies(factor);
  Value scaled = arith::MulIOp::create(
      builder, loc, threadId,
      arith::ConstantIndexOp::create(builder, loc, factor));
  for (int64_t i = 0; i < factor; ++i) {
    Value old = i == 0 ? scaled
                       : arith::AddIOp::create(
                             builder, loc, scaled,
                             arith::ConstantIndexOp::create(builder, loc, i))
                             .getResult();
    copies[i].map(threadId, old);
  }

  SmallVector<Operation *> originals;
  for (Operation &op :
       llvm::make_range(builder.getInsertionPoint(), entry.end()))
    if (!op.hasTrait<OpTrait::IsTerminator>())
      originals.push_back(&op);

  unsigned merged = 0;
  for (Operation *op : originals) {
    builder.setInsertionPoint(op);
    auto access = dyn_cast<LaneAccessOpInterface>(op);
    if (!access) {
      for (IRMapping &copy : copies)
        builder.clone(*op, copy);
      continue;
    }
    ++merged;
    auto gather = [&](Value value) {
      SmallVector<Value> parts;
      for (IRMapping &copy : copies)
        parts.push_back(copy.lookupOrDefault(value));
      return concatenate(builder, op->getLoc(), parts);
    };
    Value mask = access.getMask() ? gather(access.getMask()) : Value();
    SmallVector<Value> indices =
        llvm::map_to_vector(access.getIndices(), [&](Value v) {
          return copies[0].lookupOrDefault(v);
        });
    VectorType partType = access.getVectorType();
    if (auto read = dyn_cast<ReadOp>(op)) {
      auto type = VectorType::get({partType.getNumElements() * factor},
                                  partType.getElementType());
      auto wide = ReadOp::create(
          builder, read.getLoc(), type, read.getMemref(), indices,
          read.getMapAttr(), read.getAlongAttr(), mask, read.getCacheAttr());
      wide.setBounded(read.getBounded());
      for (auto [i, copy] : llvm::enumerate(copies))
        copy.map(read.getResult(),
                 vector::ExtractStridedSliceOp::create(
                     builder, read.getLoc(), wide,
                     ArrayRef<int64_t>{int64_t(i) * partType.getNumElements()},
                     ArrayRef<int64_t>{partType.getNumElements()},
                     ArrayRef<int64_t>{1}));
      continue;
    }
    auto write = cast<WriteOp>(op);
    WriteOp::create(builder, write.getLoc(), gather(write.getValue()),
                    write.getMemref(), indices, write.getMapAttr(),
                    write.getAlongAttr(), mask, write.getCacheAttr())
        .setBounded(write.getBounded());
  }
  for (Operation *op : llvm::reverse(originals))
    op->erase();

  newBlock[0] /= factor;
  kernel.setKnownBlockSizeAttr(
      DenseI32ArrayAttr::get(kernel.getContext(), newBlock));
  return merged;
}

struct CoarsenLanesPass
    : public wave::impl::WaveCoarsenLanesBase<CoarsenLanesPass> {
  using Base::Base;

  void runOnOperation() override {
    StatisticCounts counts;
    for (gpu::GPUFuncOp kernel :
         getKernelsToTransform(getOperation(), referenceKernels)) {
      if (kernel.getBody().empty())
        continue;
      CoarseningPlan plan = planCoarsening(kernel, accessBits);
      switch (plan.bail) {
      case Bail::None: {
        int64_t before = (*kernel.getKnownBlockSize())[0];
        unsigned merged = coarsen(kernel, plan);
        counts.add(numCoarsened);
        counts.add(numWidened, merged);
        emitRemark(kernel.getLoc())
            << "lanes coarsened by " << plan.factor << ": each lane takes "
            << plan.factor << " consecutive lanes' elements, " << merged
            << " accesses widened, workgroup x " << before << " -> "
            << before / plan.factor << " lanes";
        continue;
      }
      case Bail::NotLanePrivate:
        counts.add(numBailNotLanePrivate);
        break;
      case Bail::NotContiguous:
        counts.add(numBailNotContiguous);
        break;
      case Bail::Sizes:
        counts.add(numBailSizes);
        break;
      case Bail::AlreadyWide:
        counts.add(numAlreadyWide);
        break;
      }
      emitRemark(kernel.getLoc()) << "lanes not coarsened: " << plan.reason;
    }
    if (summary)
      counts.emitSummary(*this, getOperation());
  }
};

} // namespace
