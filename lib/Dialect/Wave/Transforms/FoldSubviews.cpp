//===- FoldSubviews.cpp - Lane accesses through a view onto its source ----===//
//
// A lane access of a memref.subview becomes an access of the view's source,
// the view's offsets and strides folded into the access map, so that the
// analyses and the lowering see the memref the kernel was given.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/StatisticCounts.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEFOLDSUBVIEWS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Why the access `op` of `view` cannot be rewritten onto the view's
/// source; empty when it can.
std::string whyNotFoldable(LaneAccessOpInterface op, memref::SubViewOp view) {
  if (op.getFragmentAttr())
    return "it moves an MMA fragment (wave-expand-fragments makes it plain "
           "accesses first)";
  if (op.getBounded())
    return "it is bounded by the view's shape, which its source does not have";
  if (view.getType().getRank() != view.getSourceType().getRank())
    return "the view drops dimensions of its source";
  SmallVector<OpFoldResult> strides = view.getMixedStrides();
  if (llvm::any_of(strides, [](OpFoldResult stride) {
        return !getConstantIntValue(stride);
      }))
    return "the view's strides are not constant";
  if (getConstantIntValue(strides[op.getContiguousDim()]) != 1)
    return "the view's stride along the access's elements is not 1: they "
           "would not be contiguous in its source";
  return "";
}

/// Rewrites `op`, an access of `view`, onto the view's source: the view's
/// offsets that are values become index operands after the access's, and
/// each coordinate `m_d` of the map becomes `offset_d + stride_d * m_d`.
void fold(LaneAccessOpInterface op, memref::SubViewOp view) {
  AffineMap map = op.getAccessMap();
  MLIRContext *context = op->getContext();
  SmallVector<Value> indices(op.getIndices());
  SmallVector<AffineExpr> results;
  for (auto [d, offset, stride] :
       llvm::enumerate(view.getMixedOffsets(), view.getMixedStrides())) {
    AffineExpr start;
    if (std::optional<int64_t> constant = getConstantIntValue(offset)) {
      start = getAffineConstantExpr(*constant, context);
    } else {
      start = getAffineDimExpr(indices.size(), context);
      indices.push_back(cast<Value>(offset));
    }
    results.push_back(start + map.getResult(d) * *getConstantIntValue(stride));
  }
  AffineMapAttr folded =
      AffineMapAttr::get(AffineMap::get(indices.size(), 0, results, context));
  // Without a map the contiguous dimension is the innermost, with one
  // `along` (or the innermost): the rank is the same, and so is it.
  if (auto read = dyn_cast<ReadOp>(*op)) {
    read.getMemrefMutable().assign(view.getSource());
    read.getIndicesMutable().assign(indices);
    read.setMapAttr(folded);
    return;
  }
  auto write = cast<WriteOp>(*op);
  write.getMemrefMutable().assign(view.getSource());
  write.getIndicesMutable().assign(indices);
  write.setMapAttr(folded);
}

struct FoldSubviewsPass
    : public wave::impl::WaveFoldSubviewsBase<FoldSubviewsPass> {
  using Base::Base;

  void runOnOperation() override {
    counts = StatisticCounts();
    // Innermost views first would leave an outer view's accesses on an
    // inner view; a worklist reaches a view of a view in two steps.
    SmallVector<LaneAccessOpInterface> worklist;
    getOperation()->walk(
        [&](LaneAccessOpInterface op) { worklist.push_back(op); });
    llvm::SetVector<Operation *> views;
    while (!worklist.empty()) {
      LaneAccessOpInterface op = worklist.pop_back_val();
      auto view = op.getMemref().getDefiningOp<memref::SubViewOp>();
      if (!view)
        continue;
      std::string why = whyNotFoldable(op, view);
      if (!why.empty()) {
        op->emitRemark("wave-fold-subviews: access of a view left as it is: ")
            << why;
        counts.add(numDeclined);
        continue;
      }
      fold(op, view);
      counts.add(numFolded);
      views.insert(view);
      worklist.push_back(op);
    }
    // A view of a view keeps the view it views used until it goes itself:
    // erase until nothing more is unused, whatever the order of folding.
    SmallVector<Operation *> unused(views.begin(), views.end());
    for (bool erased = true; erased;) {
      erased = false;
      for (Operation *&view : unused) {
        if (!view || !view->use_empty())
          continue;
        view->erase();
        view = nullptr;
        erased = true;
      }
    }
    if (summary)
      counts.emitSummary(*this, getOperation());
  }

private:
  StatisticCounts counts;
};

} // namespace
