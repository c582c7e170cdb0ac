//===- CanonicalizeTest.cpp - wave-canonicalize's guarded pattern ---------===//

#include "wave/Dialect/Wave/Transforms/Canonicalize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

class CanonicalizeTest : public ::testing::Test {
protected:
  CanonicalizeTest() {
    context
        .loadDialect<arith::ArithDialect, func::FuncDialect, scf::SCFDialect>();
  }

  MLIRContext context;
};

// The guard finds upstream's pattern among scf.if's canonicalizations: if a
// new MLIR renames it, wave-canonicalize stays correct but grows
// quadratically again, and this test says so.
TEST_F(CanonicalizeTest, FindsUpstreamConditionPropagation) {
  RewritePatternSet patterns(&context);
  scf::IfOp::getCanonicalizationPatterns(patterns, &context);
  size_t count = patterns.getNativePatterns().size();
  EXPECT_EQ(guardConditionPropagation(patterns), 1u);
  EXPECT_EQ(patterns.getNativePatterns().size(), count);
}

// The guarded pattern still acts where an op inside the if uses the
// condition: there the condition is known true in the then arm and false
// in the else arm.
TEST_F(CanonicalizeTest, GuardedPatternStillPropagates) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func private @use(i1)
    func.func @f(%c: i1) {
      scf.if %c {
        func.call @use(%c) : (i1) -> ()
      } else {
        func.call @use(%c) : (i1) -> ()
      }
      return
    }
  )mlir",
                                                             &context);
  ASSERT_TRUE(module);
  RewritePatternSet patterns(&context);
  scf::IfOp::getCanonicalizationPatterns(patterns, &context);
  ASSERT_EQ(guardConditionPropagation(patterns), 1u);
  ASSERT_TRUE(succeeded(applyPatternsGreedily(*module, std::move(patterns))));
  // No use of %c is left inside the if.
  unsigned numIfs = 0;
  module->walk([&](scf::IfOp ifOp) {
    ++numIfs;
    ifOp->walk([&](Operation *op) {
      if (op != ifOp)
        EXPECT_FALSE(
            llvm::is_contained(op->getOperands(), ifOp.getCondition()));
    });
  });
  EXPECT_EQ(numIfs, 1u);
}

} // namespace
