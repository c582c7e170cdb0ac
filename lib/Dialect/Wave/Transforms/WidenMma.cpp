//===- WidenMma.cpp - MMAs chained along K into the kinds of twice the K -===//
//
// On a chip with MFMA kinds of twice the K at the issue cost of one (gfx950),
// two wave.mma of the narrow kind accumulating into each other become one of
// the wide kind: each lane's operands are its two narrow operands
// concatenated, a permutation of K shared by A and B (Passes.td says why it
// is the same product).
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
    // Chains in program order: each pair's first MMA is one no pair has
    // taken yet.
    SmallVector<std::pair<MmaOp, MmaOp>> pairs;
    DenseSet<Operation *> taken;
    unsigned narrow = 0;
    std::optional<MmaKind> missing;
    kernel.walk([&](MmaOp mma) {
      std::optional<MmaKind> wide = getDoubleKKind(mma.getKind());
      if (!wide)
        return;
      ++narrow;
      if (taken.contains(mma))
        return;
      MmaOp next = getChainedSuccessor(mma);
      if (!next)
        return;
      if (!chip || !isMmaKindOnChip(*wide, *chip)) {
        missing = mma.getKind();
        return;
      }
      pairs.emplace_back(mma, next);
      taken.insert(mma);
      taken.insert(next);
    });
    if (missing)
      kernel.emitRemark("MMAs chained along K left narrow: chip '")
          << (chip ? chip->name : StringRef("unknown"))
          << "' has no kind of twice the K of " << stringifyMmaKind(*missing);
    numLeftNarrow += narrow - 2 * pairs.size();
    if (pairs.empty())
      return;

    OpBuilder builder(&getContext());
    llvm::SetVector<StringRef> kinds;
    for (auto [first, second] : pairs) {
      MmaKind wide = *getDoubleKKind(first.getKind());
      kinds.insert(stringifyMmaKind(wide));
      builder.setInsertionPoint(second);
      Location loc = second.getLoc();
      Value a = concatenate(builder, loc, first.getA(), second.getA());
      Value b = concatenate(builder, loc, first.getB(), second.getB());
      Value result = MmaOp::create(builder, loc, second.getType(), wide, a, b,
                                   first.getAcc());
      second.getResult().replaceAllUsesWith(result);
      llvm::SetVector<Value> narrowOperands;
      narrowOperands.insert_range(
          ValueRange{first.getA(), first.getB(), second.getA(), second.getB()});
      second.erase();
      first.erase();
      // The halves of packed reads the narrow MMAs took are dead now.
      for (Value operand : narrowOperands)
        if (auto slice = operand.getDefiningOp<vector::ExtractStridedSliceOp>();
            slice && slice->use_empty())
          slice.erase();
    }
    numWidened += pairs.size();
    InFlightDiagnostic remark =
        kernel.emitRemark()
        << pairs.size() << " pairs of MMAs chained along K became "
        << llvm::join(kinds, ", ") << " on " << chip->name;
    if (unsigned left = narrow - 2 * pairs.size())
      remark << "; " << left << " left narrow (no MMA of their kind "
             << "accumulates their result alone)";
  }
};
} // namespace
