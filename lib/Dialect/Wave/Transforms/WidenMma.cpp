//===- WidenMma.cpp - MMAs chained along K into the kinds of twice the K -===//
//
// On a chip with MFMA kinds of several times the K at twice the rate
// (gfx950), a chain of wave.mma of the narrow kind accumulating into each
// other becomes one of the wide kind: each lane's operands are its narrow
// operands concatenated, a permutation of K shared by A and B (Passes.td says
// why it is the same product).
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/Kernels.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEWIDENMMA
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

/// `low` followed by `high`, both of one vector type. Two adjacent slices of
/// one vector (a packed fragment read split among its MMAs) are that
/// vector's slice covering both.
static Value concatenate(OpBuilder &builder, Location loc, Value low,
                         Value high) {
  auto lowSlice = low.getDefiningOp<vector::ExtractStridedSliceOp>();
  auto highSlice = high.getDefiningOp<vector::ExtractStridedSliceOp>();
  int64_t size = cast<VectorType>(low.getType()).getNumElements();
  // Operands are 1-D, so are the slices (of unit stride, as the verifier
  // requires).
  if (lowSlice && highSlice && lowSlice.getSource() == highSlice.getSource()) {
    int64_t offset = cast<IntegerAttr>(lowSlice.getOffsets()[0]).getInt();
    int64_t highOffset = cast<IntegerAttr>(highSlice.getOffsets()[0]).getInt();
    Value source = lowSlice.getSource();
    if (highOffset == offset + size) {
      if (offset == 0 &&
          cast<VectorType>(source.getType()).getNumElements() == 2 * size)
        return source;
      return vector::ExtractStridedSliceOp::create(
          builder, loc, source, ArrayRef<int64_t>{offset},
          ArrayRef<int64_t>{2 * size}, ArrayRef<int64_t>{1});
    }
  }
  SmallVector<int64_t> order = llvm::to_vector(llvm::seq<int64_t>(0, 2 * size));
  return vector::ShuffleOp::create(builder, loc, low, high, order);
}

/// `parts` (a power of two of them, of one vector type) concatenated in
/// order, pairwise so that the slices of one packed read merge level by
/// level into that read.
static Value concatenate(OpBuilder &builder, Location loc,
                         SmallVector<Value> parts) {
  while (parts.size() > 1) {
    SmallVector<Value> halved;
    for (size_t i = 0; i < parts.size(); i += 2)
      halved.push_back(concatenate(builder, loc, parts[i], parts[i + 1]));
    // A slice of the level below that merged into a wider one is dead.
    for (Value part : llvm::SetVector<Value>(llvm::from_range, parts))
      if (auto slice = part.getDefiningOp<vector::ExtractStridedSliceOp>();
          slice && slice->use_empty())
        slice.erase();
    parts = std::move(halved);
  }
  return parts.front();
}

/// The MMA that accumulates `mma`'s result, when that is its only use and
/// both are of `mma`'s kind.
static MmaOp getChainedSuccessor(MmaOp mma) {
  if (!mma.getResult().hasOneUse())
    return {};
  OpOperand &use = *mma.getResult().getUses().begin();
  auto next = dyn_cast<MmaOp>(use.getOwner());
  // The only use, so also none of the successor's A or B.
  if (!next || next.getAcc() != mma.getResult() ||
      next.getKind() != mma.getKind() || next->getBlock() != mma->getBlock())
    return {};
  return next;
}

namespace {
struct WidenMmaPass : public wave::impl::WaveWidenMmaBase<WidenMmaPass> {
  using Base::Base;

  void runOnOperation() override {
    for (gpu::GPUFuncOp kernel :
         getKernelsToTransform(getOperation(), referenceKernels))
      widen(kernel);
  }

  void widen(gpu::GPUFuncOp kernel) {
    FailureOr<KernelTarget> target = getKernelTarget(kernel);
    const ChipInfo *chip = succeeded(target) ? target->chip : nullptr;
    // Chains in program order, each as long as the wide kind's K over the
    // narrow one's: its first MMA is one no chain has taken yet.
    SmallVector<SmallVector<MmaOp>> chains;
    DenseSet<Operation *> taken;
    unsigned narrow = 0;
    std::optional<MmaKind> missing;
    kernel.walk([&](MmaOp mma) {
      std::optional<MmaKind> wide = getWideKKind(mma.getKind());
      if (!wide)
        return;
      ++narrow;
      if (taken.contains(mma))
        return;
      int64_t length = getMmaLayout(*wide).k / getMmaLayout(mma.getKind()).k;
      SmallVector<MmaOp> chain = {mma};
      while (static_cast<int64_t>(chain.size()) < length)
        if (MmaOp next = getChainedSuccessor(chain.back()))
          chain.push_back(next);
        else
          return;
      if (!chip || !getWideKKindOnChip(mma.getKind(), *chip)) {
        missing = mma.getKind();
        return;
      }
      for (MmaOp link : chain)
        taken.insert(link);
      chains.push_back(std::move(chain));
    });
    if (missing)
      emitRemark(kernel.getLoc(), "MMAs chained along K left narrow: chip '")
          << (chip ? chip->name : StringRef("unknown"))
          << "' has no kind of several times the K of "
          << stringifyMmaKind(*missing);
    unsigned widened = 0;
    for (const SmallVector<MmaOp> &chain : chains)
      widened += chain.size();
    numLeftNarrow += narrow - widened;
    if (chains.empty())
      return;

    OpBuilder builder(&getContext());
    llvm::SetVector<StringRef> kinds;
    for (SmallVector<MmaOp> &chain : chains) {
      MmaKind wide = *getWideKKind(chain.front().getKind());
      kinds.insert(stringifyMmaKind(wide));
      MmaOp last = chain.back();
      builder.setInsertionPoint(last);
      Location loc = last.getLoc();
      SmallVector<Value> as, bs;
      llvm::SetVector<Value> narrowOperands;
      for (MmaOp link : chain) {
        as.push_back(link.getA());
        bs.push_back(link.getB());
        narrowOperands.insert_range(ValueRange{link.getA(), link.getB()});
      }
      Value a = concatenate(builder, loc, as);
      Value b = concatenate(builder, loc, bs);
      Value result = MmaOp::create(builder, loc, last.getType(), wide, a, b,
                                   chain.front().getAcc());
      last.getResult().replaceAllUsesWith(result);
      for (MmaOp link : llvm::reverse(chain))
        link.erase();
      // The parts of packed reads the narrow MMAs took are dead now.
      for (Value operand : narrowOperands)
        if (auto slice = operand.getDefiningOp<vector::ExtractStridedSliceOp>();
            slice && slice->use_empty())
          slice.erase();
    }
    numWidened += chains.size();
    InFlightDiagnostic remark =
        emitRemark(kernel.getLoc())
        << chains.size() << " chains of MMAs along K became "
        << llvm::join(kinds, ", ") << " on " << chip->name;
    if (unsigned left = narrow - widened)
      remark << "; " << left << " left narrow (no MMA of their kind "
             << "accumulates their result alone)";
  }
};
} // namespace
