//===- LowerVectorReductions.cpp - Float sums from their identity ---------===//
//
// Upstream's convert-vector-to-llvm starts a `vector.reduction <add>` of
// floats without an accumulator at +0.0. That is not the identity of a
// float add (-0.0 + +0.0 = +0.0), so LLVM keeps the add of the start unless
// it proves the first element is not -0.0, which it rarely can past a loop:
// a sum of n elements costs n adds where n - 1 compute it. Started from
// -0.0, the identity, the sum is the same for every input and LLVM drops
// the add.
//
//===----------------------------------------------------------------------===//

#include "wave/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVELOWERVECTORREDUCTIONS
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct LowerVectorReductionsPass
    : public wave::impl::WaveLowerVectorReductionsBase<
          LowerVectorReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](vector::ReductionOp reduction) {
      auto type = dyn_cast<FloatType>(reduction.getDest().getType());
      if (reduction.getKind() != vector::CombiningKind::ADD || !type ||
          reduction.getAcc())
        return;
      OpBuilder builder(reduction);
      APFloat negativeZero = APFloat::getZero(type.getFloatSemantics(),
                                              /*Negative=*/true);
      Value identity =
          arith::ConstantOp::create(builder, reduction.getLoc(),
                                    builder.getFloatAttr(type, negativeZero));
      reduction.getAccMutable().assign(identity);
      ++numReductions;
    });
  }
};
} // namespace
