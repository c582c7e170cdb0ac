//===- AffineIntegers.cpp - Affine expressions evaluated on integers ------===//

#include "AffineIntegers.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::wave::detail;

int64_t mlir::wave::detail::addClamped(int64_t a, int64_t b) {
  int64_t sum;
  if (llvm::AddOverflow(a, b, sum))
    return b > 0 ? std::numeric_limits<int64_t>::max()
                 : std::numeric_limits<int64_t>::min();
  return sum;
}

int64_t mlir::wave::detail::mulClamped(int64_t a, int64_t b) {
  int64_t product;
  if (llvm::MulOverflow(a, b, product))
    return (a < 0) != (b < 0) ? std::numeric_limits<int64_t>::min()
                              : std::numeric_limits<int64_t>::max();
  return product;
}

int64_t mlir::wave::detail::evaluate(AffineExpr expr, ArrayRef<int64_t> dims) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant:
    return cast<AffineConstantExpr>(expr).getValue();
  case AffineExprKind::DimId:
    return dims[cast<AffineDimExpr>(expr).getPosition()];
  case AffineExprKind::SymbolId:
    llvm_unreachable("footprint maps have no symbols");
  default:
    break;
  }
  auto binary = cast<AffineBinaryOpExpr>(expr);
  int64_t lhs = evaluate(binary.getLHS(), dims);
  int64_t rhs = evaluate(binary.getRHS(), dims);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return addClamped(lhs, rhs);
  case AffineExprKind::Mul:
    return mulClamped(lhs, rhs);
  case AffineExprKind::FloorDiv:
    return llvm::divideFloorSigned(lhs, rhs);
  case AffineExprKind::CeilDiv:
    return llvm::divideCeilSigned(lhs, rhs);
  case AffineExprKind::Mod:
    return llvm::mod(lhs, rhs);
  default:
    llvm_unreachable("not a binary affine expression");
  }
}

static std::optional<int64_t> add(std::optional<int64_t> a,
                                  std::optional<int64_t> b) {
  int64_t sum;
  if (!a || !b || llvm::AddOverflow(*a, *b, sum))
    return std::nullopt;
  return sum;
}

static std::optional<int64_t> scale(std::optional<int64_t> a, int64_t c) {
  int64_t product;
  if (!a || llvm::MulOverflow(*a, c, product))
    return std::nullopt;
  return product;
}

static std::optional<int64_t>
divide(AffineExprKind kind, std::optional<int64_t> x, int64_t divisor) {
  if (!x)
    return std::nullopt;
  return kind == AffineExprKind::FloorDiv ? llvm::divideFloorSigned(*x, divisor)
                                          : llvm::divideCeilSigned(*x, divisor);
}

/// Bounds of `x * c` for a constant `c`.
static Interval multiply(Interval x, int64_t c) {
  if (c == 0)
    return Interval::point(0);
  if (c > 0)
    return {scale(x.lo, c), scale(x.hi, c)};
  return {scale(x.hi, c), scale(x.lo, c)};
}

Interval mlir::wave::detail::evaluateInterval(AffineExpr expr,
                                              ArrayRef<Interval> dims) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant:
    return Interval::point(cast<AffineConstantExpr>(expr).getValue());
  case AffineExprKind::DimId:
    return dims[cast<AffineDimExpr>(expr).getPosition()];
  case AffineExprKind::SymbolId:
    return Interval::unbounded();
  default:
    break;
  }
  auto binary = cast<AffineBinaryOpExpr>(expr);
  Interval lhs = evaluateInterval(binary.getLHS(), dims);
  auto constantRhs = dyn_cast<AffineConstantExpr>(binary.getRHS());
  if (expr.getKind() == AffineExprKind::Add) {
    Interval rhs = evaluateInterval(binary.getRHS(), dims);
    return {add(lhs.lo, rhs.lo), add(lhs.hi, rhs.hi)};
  }
  if (expr.getKind() == AffineExprKind::Mul) {
    if (constantRhs)
      return multiply(lhs, constantRhs.getValue());
    if (auto constantLhs = dyn_cast<AffineConstantExpr>(binary.getLHS()))
      return multiply(evaluateInterval(binary.getRHS(), dims),
                      constantLhs.getValue());
    return Interval::unbounded();
  }
  if (!constantRhs || constantRhs.getValue() <= 0)
    return Interval::unbounded();
  int64_t divisor = constantRhs.getValue();
  switch (expr.getKind()) {
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv:
    // Both roundings are monotonic in the dividend.
    return {divide(expr.getKind(), lhs.lo, divisor),
            divide(expr.getKind(), lhs.hi, divisor)};
  case AffineExprKind::Mod:
    // Within one period the remainder grows with the dividend.
    if (lhs.lo && lhs.hi &&
        llvm::divideFloorSigned(*lhs.lo, divisor) ==
            llvm::divideFloorSigned(*lhs.hi, divisor))
      return {llvm::mod(*lhs.lo, divisor), llvm::mod(*lhs.hi, divisor)};
    return {0, divisor - 1};
  default:
    llvm_unreachable("not a binary affine expression");
  }
}

bool mlir::wave::detail::hasPositiveDivisors(AffineExpr expr) {
  WalkResult result = expr.walk([](AffineExpr sub) {
    if (sub.getKind() != AffineExprKind::FloorDiv &&
        sub.getKind() != AffineExprKind::CeilDiv &&
        sub.getKind() != AffineExprKind::Mod)
      return WalkResult::advance();
    auto divisor =
        dyn_cast<AffineConstantExpr>(cast<AffineBinaryOpExpr>(sub).getRHS());
    return divisor && divisor.getValue() > 0 ? WalkResult::advance()
                                             : WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}
