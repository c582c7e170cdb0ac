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

/// `values` as int64_t, when every one is an integer that fits.
static std::optional<SmallVector<int64_t>>
toIntegers(ArrayRef<presburger::Fraction> values) {
  SmallVector<int64_t> point;
  for (const presburger::Fraction &value : values) {
    if (value.num % value.den != 0)
      return std::nullopt;
    llvm::DynamicAPInt integer = value.num / value.den;
    if (integer < llvm::DynamicAPInt(INT64_MIN) ||
        integer > llvm::DynamicAPInt(INT64_MAX))
      return std::nullopt;
    point.push_back(int64_t(integer));
  }
  return point;
}

/// Whether the polytope of `simplex` holds an integer point, by depth-first
/// branch and bound on a fractional coordinate of its rational sample:
/// exact when it finishes, none when `budget` nodes did not suffice. The
/// point found goes to `pool` when there is one. `simplex` is left as it
/// was.
static std::optional<bool> branchAndBound(presburger::Simplex &simplex,
                                          unsigned &budget, SamplePool *pool) {
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
  if (fractional == sample->end()) {
    if (pool)
      if (std::optional<SmallVector<int64_t>> point = toIntegers(*sample))
        pool->add(*point);
    return true;
  }
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
    answers[side] = branchAndBound(simplex, budget, pool);
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
decideByBranchAndBound(const presburger::IntegerPolyhedron &poly,
                       SamplePool *pool) {
  presburger::Simplex simplex(poly);
  unsigned budget = kBranchAndBoundNodes;
  return branchAndBound(simplex, budget, pool);
}

/// The full search, its point kept in `pool`; none once `pool`'s full
/// searches are spent.
static std::optional<bool>
decideByFullSearch(const presburger::IntegerPolyhedron &poly,
                   SamplePool *pool) {
  if (pool && !pool->takeFullSearch(poly.getNumVars()))
    return std::nullopt;
  std::optional<SmallVector<llvm::DynamicAPInt, 8>> sample =
      poly.findIntegerSample();
  if (!sample)
    return false;
  if (pool && llvm::all_of(*sample, [](const llvm::DynamicAPInt &x) {
        return x >= llvm::DynamicAPInt(INT64_MIN) &&
               x <= llvm::DynamicAPInt(INT64_MAX);
      }))
    pool->add(llvm::map_to_vector(
        *sample, [](const llvm::DynamicAPInt &x) { return int64_t(x); }));
  return true;
}

bool System::hasSample() const {
  if (std::optional<bool> found = decideByBranchAndBound(poly, nullptr))
    return *found;
  return *decideByFullSearch(poly, nullptr);
}

std::optional<bool> System::hasSample(ArrayRef<Disjunction> choices,
                                      SamplePool *pool) const {
  SmallVector<unsigned> pick(choices.size(), 0);
  if (llvm::any_of(choices,
                   [](const Disjunction &choice) { return choice.empty(); }))
    return false;
  // Every combination by the kept points and branch and bound first: one
  // that has a point ends the question before the full search of another
  // that may not.
  SmallVector<System, 0> undecided;
  while (true) {
    System copy = *this;
    for (auto [choice, index] : llvm::zip_equal(choices, pick))
      copy.add(choice[index]);
    if (pool && pool->findIn(copy))
      return true;
    std::optional<bool> found = decideByBranchAndBound(copy.poly, pool);
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
  // A combination that has a point decides the question, whatever the
  // others; none only when no decided combination has one.
  bool open = false;
  for (const System &system : undecided) {
    std::optional<bool> found = decideByFullSearch(system.poly, pool);
    if (found == true)
      return true;
    open |= !found;
  }
  if (open) {
    pool->noteUndecided();
    return std::nullopt;
  }
  return false;
}

bool System::contains(ArrayRef<int64_t> point) const {
  if (point.size() != poly.getNumVars())
    return false;
  unsigned numVars = poly.getNumVars();
  auto evaluate = [&](auto at, unsigned row) -> std::optional<int64_t> {
    int64_t sum = at(row, numVars);
    for (unsigned j = 0; j < numVars; ++j) {
      int64_t term;
      if (llvm::MulOverflow(at(row, j), point[j], term) ||
          llvm::AddOverflow(sum, term, sum))
        return std::nullopt;
    }
    return sum;
  };
  auto atEq = [&](unsigned i, unsigned j) { return poly.atEq64(i, j); };
  auto atIneq = [&](unsigned i, unsigned j) { return poly.atIneq64(i, j); };
  // Equalities first: a point of another system fails most often there.
  for (unsigned i = 0, e = poly.getNumEqualities(); i < e; ++i)
    if (evaluate(atEq, i) != std::optional<int64_t>(0))
      return false;
  for (unsigned i = 0, e = poly.getNumInequalities(); i < e; ++i) {
    std::optional<int64_t> value = evaluate(atIneq, i);
    if (!value || *value < 0)
      return false;
  }
  return true;
}

bool SamplePool::findIn(const System &system) {
  for (auto *it = points.begin(); it != points.end(); ++it) {
    if (!system.contains(*it))
      continue;
    std::rotate(points.begin(), it, it + 1);
    ++numHits;
    return true;
  }
  return false;
}

bool SamplePool::takeFullSearch(unsigned variables) {
  if (numFullSearches == kFullSearches || variables > kFullSearchVariables)
    return false;
  ++numFullSearches;
  return true;
}

void SamplePool::add(ArrayRef<int64_t> point) {
  if (points.size() == kCapacity)
    points.pop_back();
  points.insert(points.begin(), SmallVector<int64_t>(point));
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
    // The midpoint, rounded down (up for the largest), without forming
    // hi - lo, which overflows for bounds of opposite signs far apart.
    int64_t mid = (lo & hi) + ((lo ^ hi) >> 1) + (sign < 0 ? (lo ^ hi) & 1 : 0);
    System probe = system;
    // Is there a point with form <= mid (or >= mid for the largest)?
    probe.addGe(sign > 0 ? Linear::of(mid) - form : form - mid);
    bool found = *probe.hasSample(choices);
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
