//===- Guards.cpp - Branch conditions as affine constraints ---------------===//
//
// Comparisons become atoms; `and`, `or` and `xor` combine them in
// disjunctive normal form, negations pushed to the comparisons.
//
//===----------------------------------------------------------------------===//

#include "Guards.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::wave::detail;

static GuardDnf conjoin(const GuardDnf &a, const GuardDnf &b) {
  GuardDnf result;
  for (const GuardConjunction &x : a)
    for (const GuardConjunction &y : b) {
      GuardConjunction both = x;
      both.append(y.begin(), y.end());
      result.push_back(std::move(both));
    }
  return result;
}

static GuardDnf disjoin(GuardDnf a, const GuardDnf &b) {
  a.append(b.begin(), b.end());
  return a;
}

/// `lhs < rhs`, `lhs <= rhs`, `lhs == rhs` as atoms.
static GuardDnf less(AffineExpr lhs, AffineExpr rhs) {
  return {{{rhs - lhs - 1, false}}};
}
static GuardDnf lessEq(AffineExpr lhs, AffineExpr rhs) {
  return {{{rhs - lhs, false}}};
}

static GuardDnf compare(arith::CmpIPredicate predicate, AffineExpr lhs,
                        AffineExpr rhs) {
  using P = arith::CmpIPredicate;
  AffineExpr zero = getAffineConstantExpr(0, lhs.getContext());
  switch (predicate) {
  case P::eq:
    return {{{lhs - rhs, true}}};
  case P::ne:
    return disjoin(less(lhs, rhs), less(rhs, lhs));
  case P::slt:
    return less(lhs, rhs);
  case P::sle:
    return lessEq(lhs, rhs);
  case P::sgt:
    return less(rhs, lhs);
  case P::sge:
    return lessEq(rhs, lhs);
  case P::ult:
  case P::ule: {
    // Unsigned order: both of one sign compare as signed; a non-negative
    // value is below every negative one.
    GuardDnf signedOrder =
        predicate == P::ult ? less(lhs, rhs) : lessEq(lhs, rhs);
    GuardDnf bothNonNegative = conjoin(lessEq(zero, lhs), lessEq(zero, rhs));
    GuardDnf bothNegative = conjoin(less(lhs, zero), less(rhs, zero));
    return disjoin(conjoin(disjoin(bothNonNegative, bothNegative), signedOrder),
                   conjoin(lessEq(zero, lhs), less(rhs, zero)));
  }
  case P::ugt:
    return compare(P::ult, rhs, lhs);
  case P::uge:
    return compare(P::ule, rhs, lhs);
  }
  llvm_unreachable("unknown comparison");
}

std::optional<GuardDnf> mlir::wave::detail::buildGuard(Value condition,
                                                       bool negated,
                                                       IndexComposer &composer,
                                                       unsigned depth) {
  APInt bit;
  if (matchPattern(condition, m_ConstantInt(&bit))) {
    if (bit.isZero() != negated)
      return GuardDnf();
    return GuardDnf{GuardConjunction()};
  }
  Operation *op = condition.getDefiningOp();
  if (!op || depth > 8)
    return std::nullopt;
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    std::string ignored;
    FailureOr<AffineExpr> lhs = composer.compose(cmp.getLhs(), ignored);
    FailureOr<AffineExpr> rhs = composer.compose(cmp.getRhs(), ignored);
    if (failed(lhs) || failed(rhs))
      return std::nullopt;
    arith::CmpIPredicate predicate = cmp.getPredicate();
    return compare(negated ? arith::invertPredicate(predicate) : predicate,
                   *lhs, *rhs);
  }
  if (!isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op) ||
      !op->getResult(0).getType().isInteger(1))
    return std::nullopt;
  auto sub = [&](unsigned i, bool neg) {
    return buildGuard(op->getOperand(i), neg, composer, depth + 1);
  };
  if (isa<arith::XOrIOp>(op)) {
    // a != b: (a && !b) || (!a && b); negated: (a && b) || (!a && !b).
    std::optional<GuardDnf> a = sub(0, false), notA = sub(0, true);
    std::optional<GuardDnf> b = sub(1, negated), notB = sub(1, !negated);
    if (!a || !notA || !b || !notB)
      return std::nullopt;
    return disjoin(conjoin(*a, *notB), conjoin(*notA, *b));
  }
  std::optional<GuardDnf> a = sub(0, negated), b = sub(1, negated);
  if (!a || !b)
    return std::nullopt;
  // De Morgan: a negated `and` is an `or` of the negations, and back.
  bool isAnd = isa<arith::AndIOp>(op) != negated;
  return isAnd ? conjoin(*a, *b) : disjoin(*a, *b);
}
