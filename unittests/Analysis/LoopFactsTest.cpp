//===- LoopFactsTest.cpp - The one composition of loop bounds -------------===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Footprint/IndexClassification.h"
#include "wave/Analysis/Footprint/LoopFacts.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::test;

namespace {

constexpr const char *kLoopsIR = R"mlir(
gpu.module @loops {
  gpu.func @loops(%n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %tid = gpu.thread_id x
    %width = gpu.block_dim x
    scf.for %i = %c0 to %c16 step %c2 {
    } {tag = "constant"}
    // The block size is known: 2 * 64 is a constant bound.
    %twice = arith.muli %width, %c2 : index
    scf.for %i = %c1 to %twice step %c1 {
    } {tag = "block_dim"}
    // Affine in a kernel argument and a thread id.
    %ub = arith.addi %n, %tid : index
    scf.for %i = %tid to %ub step %c1 {
    } {tag = "affine"}
    // A product of two non-constants, and a step that is not a constant.
    %product = arith.muli %n, %tid : index
    scf.for %i = %c0 to %product step %n {
    } {tag = "product"}
    scf.for unsigned %i = %c0 to %c16 step %c1 {
    } {tag = "unsigned"}
    gpu.return
  }
}
)mlir";

std::optional<int64_t> getConstant(FailureOr<AffineExpr> expr) {
  if (succeeded(expr))
    if (auto constant = dyn_cast<AffineConstantExpr>(*expr))
      return constant.getValue();
  return std::nullopt;
}

// One composition of the bounds and step over one list of leaves, which
// index classification reads the constant ranges from.
TEST_F(FootprintTest, ComposeLoopBounds) {
  ASSERT_TRUE(parse(kLoopsIR));
  auto loop = [&](StringRef tag) {
    return cast<scf::ForOp>(findTagged(module.get(), tag));
  };

  LoopBounds constant = composeLoopBounds(loop("constant"));
  EXPECT_EQ(getConstant(constant.lower), 0);
  EXPECT_EQ(getConstant(constant.upper), 16);
  EXPECT_EQ(constant.getPositiveStep(), 2);
  EXPECT_TRUE(constant.leaves.empty());
  EXPECT_FALSE(constant.unsignedCmp);
  EXPECT_TRUE(constant.reason.empty());
  IndexClass iv = classifyIndex(loop("constant").getInductionVar());
  ASSERT_TRUE(iv.hasStaticRange());
  EXPECT_EQ(iv.getTripCount(), 8);

  LoopBounds blockDim = composeLoopBounds(loop("block_dim"));
  EXPECT_EQ(getConstant(blockDim.upper), 128);
  EXPECT_EQ(classifyIndex(loop("block_dim").getInductionVar()).getTripCount(),
            127);

  // Both bounds over the same leaves: the thread id, then the argument.
  LoopBounds affine = composeLoopBounds(loop("affine"));
  ASSERT_TRUE(succeeded(affine.lower) && succeeded(affine.upper));
  ASSERT_EQ(affine.leaves.size(), 2u);
  EXPECT_EQ(affine.leaves[0].indexClass.kind, IndexKind::ThreadId);
  EXPECT_EQ(affine.leaves[1].indexClass.kind, IndexKind::Uniform);
  MLIRContext *ctx = &context;
  EXPECT_EQ(*affine.lower, getAffineDimExpr(0, ctx));
  EXPECT_EQ(*affine.upper, getAffineDimExpr(1, ctx) + getAffineDimExpr(0, ctx));
  EXPECT_EQ(affine.getPositiveStep(), 1);
  EXPECT_FALSE(
      classifyIndex(loop("affine").getInductionVar()).hasStaticRange());

  LoopBounds product = composeLoopBounds(loop("product"));
  EXPECT_TRUE(succeeded(product.lower));
  EXPECT_TRUE(failed(product.upper));
  EXPECT_FALSE(product.reason.empty());
  EXPECT_TRUE(succeeded(product.step));
  EXPECT_EQ(product.getPositiveStep(), std::nullopt);

  LoopBounds unsignedLoop = composeLoopBounds(loop("unsigned"));
  EXPECT_TRUE(unsignedLoop.unsignedCmp);
  EXPECT_EQ(getConstant(unsignedLoop.upper), 16);
}

} // namespace
