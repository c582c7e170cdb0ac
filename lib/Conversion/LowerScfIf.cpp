//===- LowerScfIf.cpp - scf.if to blocks, last to first -------------------===//
//
// Upstream's scf.if lowering splits the if's block and moves every operation
// after the if into the new block. convert-scf-to-cf visits a block's ifs
// first to last, so in code with n branches in one block it moves about
// n^2/2 steps' operations. Visiting them last to first, each split moves only
// the operations up to the next if, which is already a branch: linear. The
// ifs are handed to the same patterns and driver one at a time, so the
// result is what convert-scf-to-cf gives.
//
//===----------------------------------------------------------------------===//

#include "wave/Conversion/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVELOWERSCFIF
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
// Appends the scf.ifs of `region` that no other scf op encloses, each
// block's from last to first and an if's nested ifs before it.
void collectIfsBottomUp(Region &region, SmallVectorImpl<scf::IfOp> &ifs) {
  for (Block &block : llvm::reverse(region)) {
    for (Operation &op : llvm::reverse(block)) {
      auto ifOp = dyn_cast<scf::IfOp>(op);
      // Loops and the other scf ops need their regions whole until
      // convert-scf-to-cf lowers them, with the ifs inside.
      if (!ifOp && isa<scf::SCFDialect>(op.getDialect()))
        continue;
      for (Region &nested : op.getRegions())
        collectIfsBottomUp(nested, ifs);
      if (ifOp)
        ifs.push_back(ifOp);
    }
  }
}

struct WaveLowerScfIf : wave::impl::WaveLowerScfIfBase<WaveLowerScfIf> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateSCFToControlFlowConversionPatterns(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    SmallVector<scf::IfOp> ifs;
    for (Region &region : getOperation()->getRegions())
      collectIfsBottomUp(region, ifs);

    ConversionTarget target(getContext());
    target.addIllegalOp<scf::IfOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    ConversionConfig config;
    config.allowPatternRollback = false;
    // One conversion per if: the driver converts a root's nested ops with
    // it, first to last, so a list of roots would visit nested ifs twice.
    for (scf::IfOp ifOp : ifs) {
      if (failed(applyPartialConversion(ifOp.getOperation(), target, patterns,
                                        config)))
        return signalPassFailure();
    }
    numLowered += ifs.size();
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
