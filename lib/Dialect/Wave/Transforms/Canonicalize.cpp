//===- Canonicalize.cpp - Upstream canonicalize, linear on many branches --===//
//
// Upstream's scf.if condition propagation walks all uses of the condition
// each time the driver tries it on an if, so n branches on one condition
// cost n^2 steps in every iteration of the driver. A guard in the pattern's
// place answers the common case, no use of the condition inside the if, in
// time bounded by the if's size, and hands every other case to the upstream
// pattern: the pattern list, its order and every rewrite stay the same.
// Two patterns are added: run-time sizes fold under the kernel's
// `wave.assume` as a static twin's constants fold upstream.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/Transforms/Canonicalize.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "wave/Analysis/Footprint/LaunchFacts.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVECANONICALIZE
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Whether an op inside `ifOp` may use its condition. The if's ops and the
/// condition's uses are walked side by side: when the uses run out first,
/// the answer is "may" and the upstream pattern, which walks them, decides
/// at no greater cost.
bool mayUseConditionInside(scf::IfOp ifOp) {
  Value condition = ifOp.getCondition();
  auto use = condition.use_begin();
  WalkResult walk = ifOp->walk([&](Operation *op) {
    if (use == condition.use_end())
      return WalkResult::interrupt();
    ++use;
    if (op != ifOp && llvm::is_contained(op->getOperands(), condition))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// Upstream's condition propagation, tried only where it may act. It fails
/// without touching the IR when no op inside the if uses the condition, so
/// skipping it then changes nothing.
struct GuardedConditionPropagation : RewritePattern {
  explicit GuardedConditionPropagation(std::unique_ptr<RewritePattern> upstream)
      : RewritePattern(upstream->getRootKind()->getStringRef(),
                       upstream->getBenefit(), upstream->getContext()),
        upstream(std::move(upstream)) {
    setDebugName(this->upstream->getDebugName());
    addDebugLabels(this->upstream->getDebugLabels());
    setHasBoundedRewriteRecursion(this->upstream->hasBoundedRewriteRecursion());
  }

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!mayUseConditionInside(cast<scf::IfOp>(op)))
      return failure();
    return upstream->matchAndRewrite(op, rewriter);
  }

  std::unique_ptr<RewritePattern> upstream;
};

/// A memref's extent that `wave.dims` binds to a size argument is that
/// argument, as a static extent is its constant.
struct DimOfSizeArgument : OpRewritePattern<memref::DimOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::DimOp dim,
                                PatternRewriter &rewriter) const override {
    std::optional<int64_t> index = dim.getConstantIndex();
    auto type = dyn_cast<MemRefType>(dim.getSource().getType());
    if (!index || !type || *index < 0 || *index >= type.getRank())
      return failure();
    BlockArgument size = getSizeArgument(dim.getSource(), *index);
    if (!size || size.getType() != dim.getType())
      return failure();
    rewriter.replaceOp(dim, size);
    return success();
  }
};

/// A comparison of sizes whose outcome the kernel's `wave.assume` decides
/// is that constant, as a comparison of a static twin's constant sizes
/// folds.
struct ComparisonUnderAssumptions : OpRewritePattern<arith::CmpIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::CmpIOp cmp,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> value = getComparisonUnderAssumptions(cmp);
    if (!value)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        cmp, rewriter.getBoolAttr(*value));
    return success();
  }
};

} // namespace

void mlir::wave::populateSizeFoldingPatterns(RewritePatternSet &patterns) {
  patterns.add<DimOfSizeArgument, ComparisonUnderAssumptions>(
      patterns.getContext());
}

unsigned mlir::wave::guardConditionPropagation(RewritePatternSet &patterns) {
  unsigned guarded = 0;
  // Replaced in place: patterns of equal benefit are tried in list order.
  for (std::unique_ptr<RewritePattern> &pattern :
       patterns.getNativePatterns()) {
    std::optional<OperationName> root = pattern->getRootKind();
    if (root && root->getStringRef() == scf::IfOp::getOperationName() &&
        pattern->getDebugName().ends_with("::ConditionPropagation")) {
      pattern =
          std::make_unique<GuardedConditionPropagation>(std::move(pattern));
      ++guarded;
    }
  }
  return guarded;
}

namespace {

struct WaveCanonicalizePass
    : wave::impl::WaveCanonicalizeBase<WaveCanonicalizePass> {
  LogicalResult initialize(MLIRContext *context) override {
    // The patterns and the configuration of upstream canonicalize with its
    // default options.
    config.setUseTopDownTraversal(true);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal);
    RewritePatternSet owningPatterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owningPatterns);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owningPatterns, context);
    guardConditionPropagation(owningPatterns);
    populateSizeFoldingPatterns(owningPatterns);
    patterns =
        std::make_shared<FrozenRewritePatternSet>(std::move(owningPatterns));
    return success();
  }

  void runOnOperation() override {
    // Best effort, as in upstream canonicalize: not converging within the
    // iteration limit is no failure.
    (void)applyPatternsGreedily(getOperation(), *patterns, config);
  }

  GreedyRewriteConfig config;
  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

} // namespace
