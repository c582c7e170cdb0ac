//===- IndexComposition.h - Index arithmetic as affine expressions -*- C++ -*-//
//
// Turns the SSA index arithmetic feeding an access into affine expressions
// over classified leaves (thread ids, workgroup ids, loop induction
// variables, uniform values). Shared by `classifyIndex` and footprints.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_ANALYSIS_FOOTPRINT_INDEXCOMPOSITION_H
#define WAVE_LIB_ANALYSIS_FOOTPRINT_INDEXCOMPOSITION_H

#include "AffineIntegers.h"

#include "../Uniformity/KernelSizes.h"

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Dialect/Wave/IR/DeclineReason.h"

#include "llvm/ADT/DenseMap.h"

#include <functional>

namespace mlir::wave::detail {

/// Composes index values into affine expressions whose dimensions are the
/// leaves collected so far.
class IndexComposer {
public:
  IndexComposer(MLIRContext *context, const KernelSizes &sizes)
      : context(context), sizes(sizes) {}

  /// The affine expression of `value` over the leaves, or failure with a
  /// sentence saying why in `reason`.
  FailureOr<AffineExpr> compose(Value value, std::string &reason);

  ArrayRef<FootprintLeaf> getLeaves() const { return leaves; }

  /// Proves an expression over the leaves collected so far non-negative
  /// where their ranges do not (a size under the kernel's `wave.assume`),
  /// so that truncating and unsigned division and remainder of it compose
  /// as floordiv and mod.
  void setNonNegativeProver(std::function<bool(AffineExpr)> prover) {
    isProvablyNonNegative = std::move(prover);
  }
  /// Sound range of each leaf's values.
  SmallVector<Interval> getLeafRanges() const;

private:
  FailureOr<AffineExpr> composeUncached(Value value, std::string &reason);
  FailureOr<AffineExpr> composeArithmetic(Operation *op, std::string &reason);
  AffineExpr getLeaf(const IndexClass &indexClass, Value value);
  /// `gpu.lane_id` as `(linear thread id) mod (wave size)`.
  FailureOr<AffineExpr> composeLaneId(Operation *op, std::string &reason);

  MLIRContext *context;
  KernelSizes sizes;
  SmallVector<FootprintLeaf> leaves;
  llvm::DenseMap<Value, AffineExpr> cache;
  std::function<bool(AffineExpr)> isProvablyNonNegative;
};

/// The range of values a leaf takes, given the kernel's sizes.
Interval getLeafRange(const IndexClass &leaf, const KernelSizes &sizes);

/// `'op.name' at file:line:col`, for reasons.
std::string describeOp(Operation *op);

/// The leaf's class and the op or block argument it comes from, for reasons.
std::string describeLeaf(const FootprintLeaf &leaf);

} // namespace mlir::wave::detail

#endif // WAVE_LIB_ANALYSIS_FOOTPRINT_INDEXCOMPOSITION_H
