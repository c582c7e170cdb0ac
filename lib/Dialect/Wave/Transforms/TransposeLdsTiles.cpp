//===- TransposeLdsTiles.cpp - LDS tiles stored the other way round -------===//
//
// A tile written down its columns (each lane's elements `along` its rows,
// as attention's V staged as V^T) costs one LDS instruction an element
// written. On a chip with transposed LDS reads the same data stored the
// other way round is written a row of 16 bytes at a time and read down its
// columns 4 rows an instruction (wave/Analysis/Lds/TransposedReads.h). The
// pass swaps the last two dimensions of a tile, in its type and in every
// access's map and `along`, where that takes fewer LDS instructions a lane:
// it only moves where each element lives, no value changes. On a chip
// without transposed reads, a tile of 16-bit elements staged from global
// memory in 16-byte rows and read down its columns is stored transposed
// with its staging rebuilt: each lane reads 4 (or 2) rows of 8 elements
// and transposes them in registers into 8 rows of 4 (2) of the swapped
// tile.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "wave/Analysis/Footprint/PairQueries.h"
#include "wave/Analysis/Lds/TransposedReads.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/Kernels.h"
#include "wave/Dialect/Wave/Transforms/StagingAccesses.h"
#include "wave/Dialect/Wave/Transforms/StatisticCounts.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVETRANSPOSELDSTILES
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

/// Bytes one LDS instruction moves at most a lane (ds_read_b128).
static constexpr int64_t kMaxLdsAccessBytes = 16;

/// LDS instructions one lane's `access` takes: along the innermost
/// dimension one per 16 bytes; down a column one per 4 elements where that
/// is a transposed read of a chip with them (`transposedReads`), else one
/// per element.
static int64_t countInstructions(LaneAccessOpInterface access,
                                 bool transposedReads,
                                 const UniformityInfo &uniformity) {
  MemRefType type = access.getMemref().getType();
  int64_t elements = access.getVectorType().getNumElements();
  if (access.getContiguousDim() + 1 == unsigned(type.getRank()))
    return llvm::divideCeil(elements * type.getElementTypeBitWidth(),
                            kMaxLdsAccessBytes * 8);
  auto read = dyn_cast<ReadOp>(access.getOperation());
  if (read && transposedReads && isLdsColumnRead(read) &&
      lowersToTransposedLdsRead(read, uniformity))
    return elements / kTransposedReadElements;
  return elements;
}

/// `access` with the last two dimensions of its memref swapped: its map's
/// last two results swapped, and its elements along the swapped dimension.
template <typename OpTy> static void swapLastDims(OpTy access) {
  AffineMap map = access.getAccessMap();
  SmallVector<AffineExpr> results(map.getResults());
  unsigned rank = results.size();
  std::swap(results[rank - 2], results[rank - 1]);
  access.setMapAttr(AffineMapAttr::get(AffineMap::get(
      map.getNumDims(), map.getNumSymbols(), results, access.getContext())));
  unsigned along = access.getContiguousDim();
  if (along == rank - 1)
    along = rank - 2;
  else if (along == rank - 2)
    along = rank - 1;
  if (along == rank - 1)
    access.removeAlongAttr();
  else
    access.setAlongAttr(
        IntegerAttr::get(IntegerType::get(access.getContext(), 64), along));
}

/// Swaps the last two dimensions of `tile` and of all its accesses.
static void transpose(AllocLdsOp tile) {
  MemRefType type = tile.getType();
  SmallVector<int64_t> shape(type.getShape());
  std::swap(shape[shape.size() - 2], shape[shape.size() - 1]);
  tile.getResult().setType(MemRefType::get(shape, type.getElementType(),
                                           MemRefLayoutAttrInterface(),
                                           type.getMemorySpace()));
  for (Operation *user : tile->getUsers()) {
    if (auto read = dyn_cast<ReadOp>(user))
      swapLastDims(read);
    else
      swapLastDims(cast<WriteOp>(user));
  }
}

/// Elements of a row a lane reads at once for a transposed block (16 bytes
/// of 16-bit elements), and the rows of a block: 4 (8-byte column writes)
/// where the workgroup's lanes have enough blocks, else 2 (4-byte ones).
static constexpr int64_t kBlockColumns = 8;
static constexpr int64_t kBlockRowChoices[] = {4, 2};

namespace {
/// A staging to rebuild transposed in registers, in blocks of `blockRows`
/// rows of 8 elements of the box's last two dimensions.
struct TransposedStaging {
  StagingPlan plan;
  int64_t blockRows;

  /// Groups of `blockRows` rows of the box.
  int64_t getRowGroups() const { return plan.extents.end()[-2] / blockRows; }
  /// Blocks each lane transposes.
  int64_t getBlocksPerLane() const {
    return getRowGroups() * (plan.extents.back() / kBlockColumns) /
           plan.numLanes;
  }
};
} // namespace

/// LDS instructions one lane's `access` of a tile of rank 2 takes once the
/// tile is swapped, on a chip without transposed reads.
static int64_t countSwappedInstructions(LaneAccessOpInterface access) {
  int64_t elements = access.getVectorType().getNumElements();
  if (access.getContiguousDim() == 0)
    return llvm::divideCeil(
        elements * access.getMemref().getType().getElementTypeBitWidth(),
        kMaxLdsAccessBytes * 8);
  return elements;
}

/// The staging of `tile` rebuilt transposed in registers: the plan of its
/// one staging group (the linear copy of wave-minimize-global-loads), in 16-
/// byte rows of 16-bit elements of a box whose last two dimensions are the
/// tile's (a source of higher rank is fixed in the others), whose blocks of
/// 4 x 8 elements (else 2 x 8) the workgroup's lanes share evenly; bounded
/// reads (edge tiles) stay bounded. Fails with the reason otherwise.
static FailureOr<TransposedStaging> planTransposedStaging(gpu::GPUFuncOp kernel,
                                                          AllocLdsOp tile,
                                                          std::string &why) {
  if (tile.getType().getRank() != 2) {
    why = "it has more than two dimensions";
    return failure();
  }
  SmallVector<StagingGroup> groups;
  for (StagingGroup &group : findStagingGroups(kernel))
    if (group.tile == tile.getResult())
      groups.push_back(std::move(group));
  if (groups.size() != 1) {
    why = groups.empty()
              ? "it is not staged from global memory"
              : "it is staged in " + std::to_string(groups.size()) + " places";
    return failure();
  }
  StagingGroup &group = groups.front();
  if (group.blocker) {
    why = "its staging: " + group.blockerReason;
    return failure();
  }
  // Every write of the tile is the staging's.
  for (Operation *user : tile->getUsers())
    if (isa<WriteOp>(user) && llvm::none_of(group.pairs, [&](StagingPair p) {
          return p.write == user;
        })) {
      why = "it is written by other writes than its staging";
      return failure();
    }
  if (llvm::any_of(group.pairs, [](StagingPair pair) {
        return pair.write.getContiguousDim() != 1;
      })) {
    why = "its staging writes down its columns";
    return failure();
  }
  StagingDiagnostic diagnostic;
  FailureOr<StagingPlan> plan =
      planLinearStaging(group, kMaxLdsAccessBytes * 8, diagnostic);
  if (failed(plan)) {
    why = "its staging is not a linear copy (run wave-minimize-global-loads "
          "first): " +
          diagnostic.reason;
    return failure();
  }
  auto sourceType = cast<MemRefType>(plan->source.getType());
  if (sourceType.getElementTypeBitWidth() != 16 ||
      plan->width != kBlockColumns) {
    why = "its staging does not copy 16-byte rows of 16-bit elements";
    return failure();
  }
  // The box is rows of the source's last two dimensions (the tile's
  // translation fixes the others).
  unsigned rank = sourceType.getRank();
  if (plan->contiguousDim + 1 != rank) {
    why = "its staging copies runs along another dimension of its source "
          "than the innermost";
    return failure();
  }
  if (plan->needsMask()) {
    why = "its staging leaves lanes out";
    return failure();
  }
  int64_t rows = plan->extents[rank - 2], columns = plan->extents[rank - 1];
  for (int64_t blockRows : kBlockRowChoices)
    if (rows % blockRows == 0 &&
        rows / blockRows * (columns / kBlockColumns) % plan->numLanes == 0)
      return TransposedStaging{std::move(*plan), blockRows};
  why = llvm::formatv("its staged box of {0} x {1} is not blocks of 4 or 2 "
                      "rows that its {2} lanes share evenly",
                      rows, columns, plan->numLanes);
  return failure();
}

/// Replaces the staging by its transposition in registers: with R the
/// block's rows, lane t reads, for each of its blocks b = t + q * lanes,
/// rows R r .. R r + R - 1 of the box at columns 8 c .. 8 c + 7 (r, c = b
/// modulo, divided by the box's groups of R rows), and writes column j of
/// those rows down column 8 c + j of the tile, R elements, which become a
/// row once the tile is swapped. Consecutive lanes take consecutive row
/// groups, so that a wave's write covers whole runs of the swapped rows
/// (16 lanes 128 contiguous bytes with R = 4), which the layout pass keeps
/// free of bank conflicts without splitting the writes. Returns the
/// shuffles a lane makes.
static int64_t restageTransposed(const TransposedStaging &staging) {
  const StagingPlan &plan = staging.plan;
  int64_t blockRows = staging.blockRows;
  MLIRContext *context = plan.lastOp->getContext();
  KernelIds ids(plan.lastOp);
  OpBuilder builder(context);
  builder.setInsertionPointAfter(plan.lastOp);
  auto [readLoc, writeLoc] = getStagingLocations(plan);

  unsigned rank = plan.extents.size();
  int64_t groups = staging.getRowGroups();
  int64_t blocksPerLane = staging.getBlocksPerLane();
  // Box coordinates where row `row` of block `block` of `lane` starts: the
  // box's last two dimensions, its others at their one value (written
  // directly: through a run number of the box, the affine simplifier would
  // keep a floordiv that is always 0).
  auto start = [&](AffineExpr lane, int64_t block, int64_t row) {
    AffineExpr b = lane + block * plan.numLanes;
    SmallVector<AffineExpr> coords;
    for (unsigned d = 0; d + 2 < rank; ++d)
      coords.push_back(getAffineConstantExpr(plan.lowerBounds[d], context));
    coords.push_back((b % groups) * blockRows + row +
                     plan.lowerBounds[rank - 2]);
    coords.push_back(b.floorDiv(groups) * kBlockColumns +
                     plan.lowerBounds[rank - 1]);
    return coords;
  };
  // Coordinates first: the maps need every operand.
  AccessOperands readOperands(context), writeOperands(context);
  AffineExpr readLane = addLinearThreadId(plan, ids, readOperands);
  AffineExpr writeLane = addLinearThreadId(plan, ids, writeOperands);
  SmallVector<int64_t> noShift(rank, 0);
  SmallVector<SmallVector<AffineExpr>> readCoords, writeCoords;
  for (int64_t block = 0; block < blocksPerLane; ++block) {
    for (int64_t row = 0; row < blockRows; ++row)
      readCoords.push_back(translateBoxCoordinates(plan, ids, readOperands,
                                                   start(readLane, block, row),
                                                   plan.sourceOffset, noShift));
    writeCoords.push_back(plan.getTileCoordinates<AffineExpr>(
        translateBoxCoordinates(plan, ids, writeOperands,
                                start(writeLane, block, 0), plan.tileOffset,
                                plan.tileShift)));
  }

  auto sourceType = cast<MemRefType>(plan.source.getType());
  Type element = sourceType.getElementType();
  auto rowType = VectorType::get({kBlockColumns}, element);
  CacheHintAttr cache =
      plan.cache ? CacheHintAttr::get(context, *plan.cache) : CacheHintAttr();
  SmallVector<Value> rows;
  // Bounded rows read zeros outside the source, as the staging's reads did
  // for the same elements.
  for (ArrayRef<AffineExpr> coords : readCoords) {
    auto read = ReadOp::create(
        builder, readLoc, rowType, plan.source, readOperands.getOperands(),
        readOperands.getMap(coords), IntegerAttr(), Value(), cache);
    read.setBounded(plan.bounded);
    rows.push_back(read);
  }
  // Rows 0 and 1 (and 2 and 3) interleaved; then column j is elements
  // 2 j, 2 j + 1 of each pair.
  SmallVector<int64_t> interleave;
  for (int64_t i = 0; i < kBlockColumns; ++i)
    interleave.append({i, i + kBlockColumns});
  IntegerAttr down = builder.getI64IntegerAttr(0);
  int64_t shuffles = 0;
  for (int64_t block = 0; block < blocksPerLane; ++block) {
    ArrayRef<Value> blockRowValues =
        ArrayRef(rows).slice(block * blockRows, blockRows);
    Value low = vector::ShuffleOp::create(builder, readLoc, blockRowValues[0],
                                          blockRowValues[1], interleave);
    Value high =
        blockRows == 4
            ? vector::ShuffleOp::create(builder, readLoc, blockRowValues[2],
                                        blockRowValues[3], interleave)
            : low;
    shuffles += blockRows / 2;
    for (int64_t j = 0; j < kBlockColumns; ++j) {
      int64_t pair = 2 * kBlockColumns;
      SmallVector<int64_t> picked = {2 * j, 2 * j + 1};
      if (blockRows == 4)
        picked.append({pair + 2 * j, pair + 2 * j + 1});
      Value column =
          vector::ShuffleOp::create(builder, writeLoc, low, high, picked);
      ++shuffles;
      SmallVector<AffineExpr> coords = writeCoords[block];
      coords[1] = coords[1] + j;
      WriteOp::create(builder, writeLoc, column, plan.tile,
                      writeOperands.getOperands(), writeOperands.getMap(coords),
                      down, Value(), CacheHintAttr());
    }
  }
  eraseStaging(plan);
  return shuffles;
}

/// Whether storing `tile` transposed with its staging in registers makes
/// `kernel` need a barrier it does not have: where each lane read back only
/// what it wrote, the new blocks may be other lanes' elements. Tried on a
/// copy of the kernel.
static bool addsBarrier(gpu::GPUFuncOp kernel, AllocLdsOp tile) {
  IRMapping mapping;
  OwningOpRef<Operation *> copy = kernel->clone(mapping);
  auto copied = cast<gpu::GPUFuncOp>(*copy);
  auto copiedTile = cast<AllocLdsOp>(mapping.lookup(tile.getOperation()));
  std::string why;
  FailureOr<TransposedStaging> staging =
      planTransposedStaging(copied, copiedTile, why);
  if (failed(staging))
    return true;
  CommonAddressCache conflicts;
  MissingBarriers before = getMissingBarriers(kernel, conflicts);
  restageTransposed(*staging);
  transpose(copiedTile);
  return getMissingBarriers(copied, conflicts).exceed(before);
}

namespace {
struct TransposeLdsTilesPass
    : public wave::impl::WaveTransposeLdsTilesBase<TransposeLdsTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    StatisticCounts counts;
    for (gpu::GPUFuncOp kernel :
         getKernelsToTransform(getOperation(), referenceKernels))
      runOnKernel(kernel, counts);
    if (summary)
      counts.emitSummary(*this, getOperation());
  }

  /// On a chip without transposed reads: stores `tile` transposed with its
  /// staging rebuilt in registers where that takes fewer LDS instructions
  /// a lane than `before`, with a remark; otherwise sets why it is kept.
  bool restageInRegisters(gpu::GPUFuncOp kernel, AllocLdsOp tile,
                          int64_t before, StringRef chip, std::string &reason,
                          StatisticCounts &counts) {
    std::string why;
    FailureOr<TransposedStaging> staging =
        planTransposedStaging(kernel, tile, why);
    if (failed(staging)) {
      reason = ("chip '" + chip + "' has no transposed LDS reads, and ").str() +
               "it cannot be staged transposed in registers: " + why;
      return false;
    }
    int64_t after = staging->getBlocksPerLane() * kBlockColumns;
    for (Operation *user : tile->getUsers())
      if (!isa<WriteOp>(user))
        after += countSwappedInstructions(cast<LaneAccessOpInterface>(user));
    if (after >= before) {
      reason = llvm::formatv("chip '{0}' has no transposed LDS reads, and "
                             "staged transposed in registers it would take "
                             "{1} LDS instructions a lane against {2}",
                             chip, after, before);
      return false;
    }
    if (addsBarrier(kernel, tile)) {
      reason = ("chip '" + chip + "' has no transposed LDS reads, and ").str() +
               "staged transposed in registers its lanes would read LDS "
               "other lanes wrote where no barrier orders it";
      return false;
    }
    int64_t shuffles = restageTransposed(*staging);
    transpose(tile);
    counts.add(numTransposed);
    counts.add(numRestaged);
    emitRemark(tile.getLoc(),
               "LDS tile stored transposed, staged in registers: ")
        << before << " -> " << after << " LDS instructions a lane; each "
        << "lane reads rows of " << staging->blockRows << " x " << kBlockColumns
        << " blocks and transposes them with " << shuffles << " shuffles";
    return true;
  }

  /// Why `tile` stays as it is whatever its accesses, or empty.
  static std::string getFixedReason(AllocLdsOp tile) {
    if (tile.getType().getRank() < 2)
      return "it has one dimension";
    if (tile.getPadding() || tile.getSwizzle())
      return "it is padded or swizzled already";
    for (Operation *user : tile->getUsers()) {
      auto access = dyn_cast<LaneAccessOpInterface>(user);
      if (!access || access.getMemref() != tile.getResult() ||
          !isa<ReadOp, WriteOp>(user))
        return ("it is used by '" + user->getName().getStringRef() +
                "', not only read and written")
            .str();
      if (access.getFragmentAttr())
        return "it has a fragment access; run wave-expand-fragments first";
      if (access.getMask() || access.getBounded())
        return "it has a masked or bounded access";
    }
    return "";
  }

  void runOnKernel(gpu::GPUFuncOp kernel, StatisticCounts &counts) {
    FailureOr<KernelTarget> target = getKernelTarget(kernel);
    bool transposedReads =
        succeeded(target) && target->chip->hasLdsTransposeReads();
    std::optional<UniformityInfo> uniformity;
    for (auto tile : llvm::to_vector(kernel.getOps<AllocLdsOp>())) {
      // Only a tile with accesses down its columns could gain.
      if (llvm::none_of(tile->getUsers(), [&](Operation *user) {
            auto access = dyn_cast<LaneAccessOpInterface>(user);
            return access && access.getContiguousDim() + 1 !=
                                 unsigned(tile.getType().getRank());
          }))
        continue;
      std::string reason = getFixedReason(tile);
      auto cost = [&] {
        if (!uniformity)
          uniformity.emplace(kernel);
        int64_t instructions = 0;
        for (Operation *user : tile->getUsers())
          instructions += countInstructions(cast<LaneAccessOpInterface>(user),
                                            transposedReads, *uniformity);
        return instructions;
      };
      // Without transposed reads a column costs an instruction an element
      // either way round, and a column write more than a read (2-byte
      // writes, which the layout pass can rarely spread over the banks):
      // only a staging rebuilt to write rows of the swapped tile gains.
      if (reason.empty() && !transposedReads) {
        StringRef chip =
            succeeded(target) ? target->chip->name : StringRef("unknown");
        if (restageInRegisters(kernel, tile, cost(), chip, reason, counts))
          continue;
      }
      if (!reason.empty()) {
        counts.add(numKept);
        emitRemark(tile.getLoc(), "LDS tile kept as written: ") << reason;
        continue;
      }
      int64_t before = cost();
      transpose(tile);
      int64_t after = cost();
      if (after < before) {
        counts.add(numTransposed);
        emitRemark(tile.getLoc(), "LDS tile stored transposed: ")
            << before << " -> " << after << " LDS instructions a lane";
        continue;
      }
      transpose(tile);
      counts.add(numKept);
      emitRemark(tile.getLoc(), "LDS tile kept as written: ")
          << before << " LDS instructions a lane, " << after << " transposed";
    }
  }
};
} // namespace
