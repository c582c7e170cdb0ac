//===- TransposeLdsTiles.cpp - LDS tiles stored the other way round -------===//
//
// A tile written down its columns (each lane's elements `along` its rows,
// as attention's V staged as V^T) costs one LDS instruction an element
// written. On a chip with transposed LDS reads the same data stored the
// other way round is written a row of 16 bytes at a time and read down its
// columns 4 rows an instruction (wave/Analysis/Lds/TransposedReads.h). The
// pass swaps the last two dimensions of a tile, in its type and in every
// access's map and `along`, where that takes fewer LDS instructions a lane:
// it only moves where each element lives, no value changes.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "wave/Analysis/Lds/TransposedReads.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/Kernels.h"
#include "wave/Dialect/Wave/Transforms/StatisticCounts.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
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
/// is a transposed read, else one per element.
static int64_t countInstructions(LaneAccessOpInterface access,
                                 const UniformityInfo &uniformity) {
  MemRefType type = access.getMemref().getType();
  int64_t elements = access.getVectorType().getNumElements();
  if (access.getContiguousDim() + 1 == unsigned(type.getRank()))
    return llvm::divideCeil(elements * type.getElementTypeBitWidth(),
                            kMaxLdsAccessBytes * 8);
  auto read = dyn_cast<ReadOp>(access.getOperation());
  if (read && isLdsColumnRead(read) &&
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
      // Without transposed reads a column costs an instruction an element
      // either way round, and a column write more than a read (2-byte
      // writes, which the layout pass can rarely spread over the banks).
      if (reason.empty() && !transposedReads)
        reason = "chip '" +
                 (succeeded(target) ? target->chip->name : StringRef("unknown"))
                     .str() +
                 "' has no transposed LDS reads";
      if (!reason.empty()) {
        counts.add(numKept);
        tile.emitRemark("LDS tile kept as written: ") << reason;
        continue;
      }
      if (!uniformity)
        uniformity.emplace(kernel);
      auto cost = [&] {
        int64_t instructions = 0;
        for (Operation *user : tile->getUsers())
          instructions +=
              countInstructions(cast<LaneAccessOpInterface>(user), *uniformity);
        return instructions;
      };
      int64_t before = cost();
      transpose(tile);
      int64_t after = cost();
      if (after < before) {
        counts.add(numTransposed);
        tile.emitRemark("LDS tile stored transposed: ")
            << before << " -> " << after << " LDS instructions a lane";
        continue;
      }
      transpose(tile);
      counts.add(numKept);
      tile.emitRemark("LDS tile kept as written: ")
          << before << " LDS instructions a lane, " << after << " transposed";
    }
  }
};
} // namespace
