//===- ApproximateMath.cpp - Hardware approximations under afn ------------===//
//
// f32 ops whose fast-math flags allow approximate functions become the
// hardware's approximate instructions: exp(x) = v_exp_f32(x * log2(e)),
// exp2(x) = v_exp_f32(x), a / b = a * v_rcp_f32(b). LLVM keeps its denormal
// range handling for exp/exp2 even under afn, and its exact division under
// arcp alone; these are what fast math is asked for.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/ApproximateMath.h"
#include "wave/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace mlir::wave {
#define GEN_PASS_DEF_WAVELOWERAPPROXIMATEMATH
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Applies the scalar intrinsic `OpTy` to `value`, element by element for a
/// vector (the ROCDL intrinsics are scalar).
template <typename OpTy>
Value applyIntrinsic(PatternRewriter &rewriter, Location loc, Value value) {
  auto vectorType = dyn_cast<VectorType>(value.getType());
  if (!vectorType)
    return OpTy::create(rewriter, loc, value.getType(), value);
  Value result = arith::ConstantOp::create(rewriter, loc, vectorType,
                                           rewriter.getZeroAttr(vectorType));
  for (int64_t i = 0; i < vectorType.getNumElements(); ++i) {
    Value element = vector::ExtractOp::create(rewriter, loc, value, i);
    Value mapped =
        OpTy::create(rewriter, loc, element.getType(), element).getResult();
    result = vector::InsertOp::create(rewriter, loc, mapped, result, i);
  }
  return result;
}

struct ApproximateExp : OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    if (!approximatesF32(op))
      return failure();
    Location loc = op.getLoc();
    Type type = op.getType();
    auto log2e = rewriter.getF32FloatAttr(float(M_LOG2E));
    Attribute scale =
        isa<VectorType>(type)
            ? Attribute(DenseElementsAttr::get(cast<ShapedType>(type), log2e))
            : Attribute(log2e);
    Value factor =
        arith::ConstantOp::create(rewriter, loc, cast<TypedAttr>(scale));
    Value exponent = arith::MulFOp::create(rewriter, loc, op.getOperand(),
                                           factor, op.getFastmathAttr());
    rewriter.replaceOp(
        op, applyIntrinsic<ROCDL::ROCDLExp2>(rewriter, loc, exponent));
    return success();
  }
};

struct ApproximateExp2 : OpRewritePattern<math::Exp2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Exp2Op op,
                                PatternRewriter &rewriter) const override {
    if (!approximatesF32(op))
      return failure();
    rewriter.replaceOp(op, applyIntrinsic<ROCDL::ROCDLExp2>(
                               rewriter, op.getLoc(), op.getOperand()));
    return success();
  }
};

struct ApproximateDivision : OpRewritePattern<arith::DivFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::DivFOp op,
                                PatternRewriter &rewriter) const override {
    if (!approximatesF32(op))
      return failure();
    Value reciprocal =
        applyIntrinsic<ROCDL::ROCDLRcp>(rewriter, op.getLoc(), op.getRhs());
    rewriter.replaceOpWithNewOp<arith::MulFOp>(op, op.getLhs(), reciprocal,
                                               op.getFastmathAttr());
    return success();
  }
};

struct LowerApproximateMathPass
    : public wave::impl::WaveLowerApproximateMathBase<
          LowerApproximateMathPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ApproximateExp, ApproximateExp2, ApproximateDivision>(
        &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
