//===- DirectToLdsTest.cpp - The swizzle of a direct copy as a map --------===//
//
// `getSwizzleShiftExpr` writes a swizzle's XOR as a quasi-affine expression;
// `permuteDirectCopy` and the LDS hazard analysis rely on it being the XOR
// for every row and column, and on `matchSwizzledColumnExpr` finding the
// column it was built from.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/DirectToLds.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

class DirectToLdsTest : public ::testing::Test {
protected:
  DirectToLdsTest() { context.loadDialect<WaveDialect>(); }

  /// `expr` over (row, column) at a point.
  int64_t evaluate(AffineExpr expr, int64_t row, int64_t column) {
    AffineMap map = AffineMap::get(2, 0, expr);
    SmallVector<int64_t> result;
    map.partialConstantFold(
        {IntegerAttr::get(IndexType::get(&context), row),
         IntegerAttr::get(IndexType::get(&context), column)},
        &result);
    EXPECT_EQ(result.size(), 1u);
    return result.empty() ? -1 : result.front();
  }

  MLIRContext context;
};

TEST_F(DirectToLdsTest, ShiftIsTheSwizzlesXor) {
  AffineExpr row = getAffineDimExpr(0, &context);
  AffineExpr column = getAffineDimExpr(1, &context);
  for (int64_t vec : {1, 2, 8})
    for (int64_t perPhase : {1, 2, 4})
      for (int64_t maxPhase : {2, 4, 8}) {
        auto swizzle = SwizzleAttr::get(&context, vec, perPhase, maxPhase);
        AffineExpr swizzled =
            column + getSwizzleShiftExpr(swizzle, row, column);
        for (int64_t r = 0; r < 2 * perPhase * maxPhase; ++r)
          for (int64_t c = 0; c < 2 * vec * maxPhase; ++c)
            ASSERT_EQ(evaluate(swizzled, r, c), swizzle.apply(r, c))
                << "swizzle <" << vec << ", " << perPhase << ", " << maxPhase
                << "> row " << r << " column " << c;
      }
}

TEST_F(DirectToLdsTest, MatchFindsTheColumnTheShiftWasBuiltFrom) {
  auto swizzle = SwizzleAttr::get(&context, 8, 2, 4);
  AffineExpr t = getAffineDimExpr(0, &context);
  AffineExpr row = t.floorDiv(4), column = (t % 4) * 8;
  AffineExpr swizzled = column + getSwizzleShiftExpr(swizzle, row, column);
  EXPECT_EQ(matchSwizzledColumnExpr(swizzle, row, swizzled), column);
  // A constant column: the sum keeps the constant on the right.
  AffineExpr zero = getAffineConstantExpr(16, &context);
  EXPECT_EQ(matchSwizzledColumnExpr(
                swizzle, row, zero + getSwizzleShiftExpr(swizzle, row, zero)),
            zero);
  // Not the form: the plain column, another row's shift, another swizzle.
  EXPECT_FALSE(matchSwizzledColumnExpr(swizzle, row, column));
  EXPECT_FALSE(matchSwizzledColumnExpr(swizzle, row + 1, swizzled));
  EXPECT_FALSE(matchSwizzledColumnExpr(SwizzleAttr::get(&context, 8, 1, 4), row,
                                       swizzled));
}

} // namespace
