//===- LowerScfIf.cpp - scf.if and loops to blocks, last to first ---------===//
//
// Upstream's scf.if and loop lowerings split the op's block and move every
// operation after the op into the new block. convert-scf-to-cf visits a
// block's ops first to last, so in code with n branches in one block, a
// loop body included, it moves about n^2/2 steps' operations. Visiting each
// block's ops last to first, each split moves only the operations up to the
// next one, which is already a branch: linear. An op is lowered before the
// ops inside it, as convert-scf-to-cf does: a loop's body and an if's arms
// must stay one block until their op is lowered. The ops are handed to the
// same patterns and driver one at a time, so the result is what
// convert-scf-to-cf gives.
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
// The ops this pass lowers.
bool isLowered(Operation *op) {
  return isa<scf::IfOp, scf::ForOp, scf::WhileOp>(op);
}

// Appends the scf.if, scf.for and scf.while ops of `region` that no other
// scf op encloses, each block's from last to first and an op before the ops
// inside it.
void collectLastToFirst(Region &region, SmallVectorImpl<Operation *> &ops) {
  for (Block &block : llvm::reverse(region)) {
    for (Operation &op : llvm::reverse(block)) {
      bool lowered = isLowered(&op);
      // The other scf ops are left whole, with what they hold, to
      // convert-scf-to-cf.
      if (!lowered && isa_and_nonnull<scf::SCFDialect>(op.getDialect())) {
        WalkResult inside = op.walk([](Operation *nested) {
          return isLowered(nested) ? WalkResult::interrupt()
                                   : WalkResult::advance();
        });
        if (inside.wasInterrupted())
          emitRemark(op.getLoc())
              << "branches and loops inside " << op.getName()
              << " left to convert-scf-to-cf, first to last: only "
                 "those outside other scf ops are lowered here";
        continue;
      }
      if (lowered)
        ops.push_back(&op);
      for (Region &nested : op.getRegions())
        collectLastToFirst(nested, ops);
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
    SmallVector<Operation *> ops;
    for (Region &region : getOperation()->getRegions())
      collectLastToFirst(region, ops);

    // One conversion per op, with only that op illegal: the driver converts
    // the illegal ops nested in a root first to last.
    Operation *current = nullptr;
    ConversionTarget target(getContext());
    target.addDynamicallyLegalOp<scf::IfOp, scf::ForOp, scf::WhileOp>(
        [&](Operation *op) { return op != current; });
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    ConversionConfig config;
    config.allowPatternRollback = false;
    for (Operation *op : ops) {
      current = op;
      bool isIf = isa<scf::IfOp>(op);
      if (failed(applyPartialConversion(op, target, patterns, config)))
        return signalPassFailure();
      ++(isIf ? numLowered : numLoopsLowered);
    }
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
