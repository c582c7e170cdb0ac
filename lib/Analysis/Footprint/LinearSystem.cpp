//===- LinearSystem.cpp - Integer constraint systems ----------------------===//
//
// Emptiness, samples, lexicographic minima and rational ranges of systems
// of affine constraints, decided on integers by the Presburger library.
//
//===----------------------------------------------------------------------===//

#include "LinearSystem.h"

#include "mlir/Analysis/Presburger/Simplex.h"
#include "llvm/ADT/SmallVectorExtras.h"

using namespace mlir;
using namespace mlir::wave::detail;
using presburger::VarKind;

Linear System::addVar(std::optional<int64_t> lo, std::optional<int64_t> hi) {
  Linear var = Linear::var(poly.appendVar(VarKind::SetDim));
  if (lo)
    addGe(var - *lo);
  if (hi)
    addGe(Linear::of(*hi) - var);
  return var;
}

void System::add(const Constraint &constraint) {
  overflowed |= constraint.form.overflowed;
  SmallVector<int64_t> row(poly.getNumVars() + 1, 0);
  for (auto [i, c] : llvm::enumerate(constraint.form.coeffs))
    row[i] = c;
  row.back() = constraint.form.constant;
  if (constraint.equality)
    poly.addEquality(row);
  else
    poly.addInequality(row);
}

FailureOr<Linear> System::linearize(AffineExpr expr, ArrayRef<Linear> dims) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant:
    return Linear::of(cast<AffineConstantExpr>(expr).getValue());
  case AffineExprKind::DimId:
    return dims[cast<AffineDimExpr>(expr).getPosition()];
  case AffineExprKind::SymbolId:
    return failure();
  default:
    break;
  }
  auto binary = cast<AffineBinaryOpExpr>(expr);
  FailureOr<Linear> lhs = linearize(binary.getLHS(), dims);
  FailureOr<Linear> rhs = linearize(binary.getRHS(), dims);
  if (failed(lhs) || failed(rhs))
    return failure();
  if (expr.getKind() == AffineExprKind::Add)
    return *lhs + *rhs;
  if (expr.getKind() == AffineExprKind::Mul) {
    if (rhs->isConstant())
      return *lhs * rhs->constant;
    if (lhs->isConstant())
      return *rhs * lhs->constant;
    return failure();
  }
  if (!rhs->isConstant() || rhs->constant <= 0)
    return failure();
  int64_t divisor = rhs->constant;
  Linear quotient = floorDiv(
      expr.getKind() == AffineExprKind::CeilDiv ? *lhs + (divisor - 1) : *lhs,
      divisor);
  if (expr.getKind() == AffineExprKind::Mod)
    return *lhs - quotient * divisor;
  return quotient;
}

Linear System::floorDiv(const Linear &form, int64_t divisor) {
  if (divisor == 1)
    return form;
  if (form.constant % divisor == 0 &&
      llvm::all_of(form.coeffs, [&](int64_t c) { return c % divisor == 0; })) {
    Linear result = form;
    for (int64_t &c : result.coeffs)
      c /= divisor;
    result.constant /= divisor;
    return result;
  }
  std::vector<int64_t> key;
  if (sharedQuotients) {
    key.assign(form.coeffs.begin(), form.coeffs.end());
    while (!key.empty() && key.back() == 0)
      key.pop_back();
    key.push_back(form.constant);
    key.push_back(divisor);
    auto it = quotients.find(key);
    if (it != quotients.end())
      return it->second;
  }
  Linear quotient = addVar();
  addGe(form - quotient * divisor);
  addGe(quotient * divisor + (divisor - 1) - form);
  if (sharedQuotients)
    quotients.emplace(std::move(key), quotient);
  return quotient;
}

std::pair<std::optional<int64_t>, std::optional<int64_t>>
System::getRationalRange(const Linear &form) const {
  presburger::Simplex simplex(poly);
  SmallVector<llvm::DynamicAPInt> coeffs(poly.getNumVars() + 1);
  for (auto [i, c] : llvm::enumerate(form.coeffs))
    coeffs[i] = llvm::DynamicAPInt(c);
  coeffs.back() = llvm::DynamicAPInt(form.constant);
  auto bound =
      [&](presburger::Simplex::Direction direction) -> std::optional<int64_t> {
    presburger::MaybeOptimum<presburger::Fraction> optimum =
        simplex.computeOptimum(direction, coeffs);
    if (!optimum.isBounded())
      return std::nullopt;
    llvm::DynamicAPInt value = direction == presburger::Simplex::Direction::Down
                                   ? presburger::floor(*optimum)
                                   : presburger::ceil(*optimum);
    if (value < llvm::DynamicAPInt(INT64_MIN) ||
        value > llvm::DynamicAPInt(INT64_MAX))
      return std::nullopt;
    return int64_t(value);
  };
  return {bound(presburger::Simplex::Direction::Down),
          bound(presburger::Simplex::Direction::Up)};
}

std::optional<SmallVector<int64_t>> System::findSample() const {
  auto sample = poly.findIntegerSample();
  if (!sample)
    return std::nullopt;
  return llvm::map_to_vector(
      *sample, [](const llvm::DynamicAPInt &x) { return int64_t(x); });
}

std::optional<SmallVector<int64_t>>
System::findSample(ArrayRef<Disjunction> choices) const {
  SmallVector<unsigned> pick(choices.size(), 0);
  if (llvm::any_of(choices,
                   [](const Disjunction &choice) { return choice.empty(); }))
    return std::nullopt;
  while (true) {
    System copy = *this;
    for (auto [choice, index] : llvm::zip_equal(choices, pick))
      copy.add(choice[index]);
    if (std::optional<SmallVector<int64_t>> point = copy.findSample())
      return point;
    // Next combination, the last choice fastest.
    unsigned i = choices.size();
    while (i > 0 && ++pick[i - 1] == choices[i - 1].size())
      pick[--i] = 0;
    if (i == 0)
      return std::nullopt;
  }
}

/// Nodes a branch and bound may visit before it gives up: most hazard and
/// box questions of examples/attention.mlir take a few; more nodes decide
/// few of the rest and cost more than the full search they would save.
static constexpr unsigned kBranchAndBoundNodes = 64;

/// Whether the polytope of `simplex` holds an integer point, by depth-first
/// branch and bound on a fractional coordinate of its rational sample:
/// exact when it finishes, none when `budget` nodes did not suffice.
/// `simplex` is left as it was.
static std::optional<bool> branchAndBound(presburger::Simplex &simplex,
                                          unsigned &budget) {
  if (simplex.isEmpty())
    return false;
  if (budget == 0)
    return std::nullopt;
  --budget;
  std::optional<SmallVector<presburger::Fraction, 8>> sample =
      simplex.getRationalSample();
  if (!sample)
    return false;
  const auto *fractional =
      llvm::find_if(*sample, [](const presburger::Fraction &value) {
        return value.num % value.den != 0;
      });
  if (fractional == sample->end())
    return true;
  unsigned var = fractional - sample->begin();
  SmallVector<llvm::DynamicAPInt> coeffs(simplex.getNumVariables() + 1);
  // var <= floor(value), then var >= ceil(value).
  std::optional<bool> answers[2];
  for (int side = 0; side < 2; ++side) {
    unsigned snapshot = simplex.getSnapshot();
    coeffs[var] = llvm::DynamicAPInt(side == 0 ? -1 : 1);
    coeffs.back() = side == 0 ? presburger::floor(*fractional)
                              : -presburger::ceil(*fractional);
    simplex.addInequality(coeffs);
    answers[side] = branchAndBound(simplex, budget);
    simplex.rollback(snapshot);
    if (answers[side] == true)
      return true;
  }
  if (!answers[0] || !answers[1])
    return std::nullopt;
  return false;
}

/// Whether `poly` has an integer point, when a bounded branch and bound
/// tells.
static std::optional<bool>
decideByBranchAndBound(const presburger::IntegerPolyhedron &poly) {
  presburger::Simplex simplex(poly);
  unsigned budget = kBranchAndBoundNodes;
  return branchAndBound(simplex, budget);
}

bool System::hasSample() const {
  if (std::optional<bool> found = decideByBranchAndBound(poly))
    return *found;
  return poly.findIntegerSample().has_value();
}

bool System::hasSample(ArrayRef<Disjunction> choices) const {
  SmallVector<unsigned> pick(choices.size(), 0);
  if (llvm::any_of(choices,
                   [](const Disjunction &choice) { return choice.empty(); }))
    return false;
  // Every combination by branch and bound first: one that has a point ends
  // the question before the full search of another that may not.
  SmallVector<System, 0> undecided;
  while (true) {
    System copy = *this;
    for (auto [choice, index] : llvm::zip_equal(choices, pick))
      copy.add(choice[index]);
    std::optional<bool> found = decideByBranchAndBound(copy.poly);
    if (found == true)
      return true;
    if (!found)
      undecided.push_back(std::move(copy));
    unsigned i = choices.size();
    while (i > 0 && ++pick[i - 1] == choices[i - 1].size())
      pick[--i] = 0;
    if (i == 0)
      break;
  }
  return llvm::any_of(undecided, [](const System &system) {
    return system.poly.findIntegerSample().has_value();
  });
}

std::optional<SmallVector<int64_t>> System::findLexMin() const {
  auto minimum = poly.findIntegerLexMin();
  if (!minimum.isBounded())
    return std::nullopt;
  return llvm::map_to_vector(
      *minimum, [](const llvm::DynamicAPInt &x) { return int64_t(x); });
}

std::optional<int64_t> System::findLexMinOfFirst() const {
  std::optional<SmallVector<int64_t>> minimum = findLexMin();
  if (!minimum)
    return std::nullopt;
  return minimum->front();
}

int64_t mlir::wave::detail::findExtreme(const System &system,
                                        ArrayRef<Disjunction> choices,
                                        const Linear &form, int64_t lo,
                                        int64_t hi, int sign) {
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2 + (sign < 0 ? (hi - lo) % 2 : 0);
    System probe = system;
    // Is there a point with form <= mid (or >= mid for the largest)?
    probe.addGe(sign > 0 ? Linear::of(mid) - form : form - mid);
    bool found = probe.hasSample(choices);
    if (sign > 0 && found)
      hi = mid;
    else if (sign > 0)
      lo = mid + 1;
    else if (found)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}
