//===- SymbolicFootprint.cpp - Footprints as integer relations ------------===//
//
// An access's footprint becomes a system of integer constraints: one
// variable per thread id, workgroup id, loop iteration number, induction
// variable and uniform value, one per floordiv or mod of the address
// arithmetic, and the address as an affine form over them. Disjunctions
// (conditions such as `!=` and `||`, masks that enable non-adjacent slots,
// lanes of different groups) are kept as alternatives, each a set of extra
// constraints; a query is non-empty when one combination of alternatives
// is. Emptiness is decided on integers by the Presburger library.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/SymbolicFootprint.h"

#include "IndexComposition.h"

#include "wave/Dialect/Wave/IR/Assumptions.h"

#include "mlir/Analysis/Presburger/IntegerRelation.h"
#include "mlir/Analysis/Presburger/Simplex.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;
using presburger::IntegerPolyhedron;
using presburger::PresburgerSpace;
using presburger::VarKind;

static void setReason(std::string *reason, const Twine &text) {
  if (reason)
    *reason = text.str();
}

//===----------------------------------------------------------------------===//
// Linear forms and systems
//===----------------------------------------------------------------------===//

namespace {
/// `sum(coeffs[i] * var_i) + constant`; missing coefficients are zero.
/// `overflowed` marks a form whose arithmetic left int64_t (a kernel's
/// constants can be anything): a system it enters answers no query.
struct Linear {
  SmallVector<int64_t> coeffs;
  int64_t constant = 0;
  bool overflowed = false;

  static Linear of(int64_t value) { return {{}, value}; }
  static Linear var(unsigned position) {
    Linear result;
    result.coeffs.assign(position + 1, 0);
    result.coeffs[position] = 1;
    return result;
  }
  int64_t get(unsigned i) const { return i < coeffs.size() ? coeffs[i] : 0; }
  bool isConstant() const {
    return llvm::all_of(coeffs, [](int64_t c) { return c == 0; });
  }
  Linear operator+(const Linear &other) const {
    Linear result;
    result.overflowed = overflowed || other.overflowed;
    result.coeffs.resize(std::max(coeffs.size(), other.coeffs.size()), 0);
    for (unsigned i = 0; i < result.coeffs.size(); ++i)
      result.overflowed |=
          llvm::AddOverflow(get(i), other.get(i), result.coeffs[i]);
    result.overflowed |=
        llvm::AddOverflow(constant, other.constant, result.constant);
    return result;
  }
  Linear operator*(int64_t factor) const {
    Linear result = *this;
    for (int64_t &c : result.coeffs)
      result.overflowed |= llvm::MulOverflow(c, factor, c);
    result.overflowed |= llvm::MulOverflow(constant, factor, result.constant);
    return result;
  }
  Linear operator-(const Linear &other) const { return *this + other * -1; }
  Linear operator+(int64_t value) const { return *this + of(value); }
  Linear operator-(int64_t value) const { return *this + of(-value); }
  /// The form at `point`, wrapping around on overflow (witnesses are only
  /// printed).
  int64_t evaluate(ArrayRef<int64_t> point) const {
    int64_t sum = constant;
    for (auto [i, c] : llvm::enumerate(coeffs)) {
      int64_t term;
      llvm::MulOverflow(c, point[i], term);
      llvm::AddOverflow(sum, term, sum);
    }
    return sum;
  }
};

/// A constraint `form == 0` or `form >= 0`.
struct Constraint {
  Linear form;
  bool equality = false;
};

/// A conjunction of constraints; an empty one holds always.
using Conjunction = SmallVector<Constraint, 2>;
/// A disjunction of conjunctions; an empty one never holds.
using Disjunction = SmallVector<Conjunction, 1>;

/// A conjunction of integer constraints over variables created on demand.
class System {
public:
  Linear addVar(std::optional<int64_t> lo = std::nullopt,
                std::optional<int64_t> hi = std::nullopt) {
    Linear var = Linear::var(poly.appendVar(VarKind::SetDim));
    if (lo)
      addGe(var - *lo);
    if (hi)
      addGe(Linear::of(*hi) - var);
    return var;
  }
  void add(const Constraint &constraint) {
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
  void addGe(const Linear &form) { add({form, false}); }
  void addEq(const Linear &form) { add({form, true}); }
  void add(ArrayRef<Constraint> constraints) {
    for (const Constraint &constraint : constraints)
      add(constraint);
  }

  /// `expr` with dimension `i` replaced by `dims[i]`; floordiv, ceildiv
  /// and mod by a positive constant introduce a variable. Fails on products
  /// of non-constants and divisions by non-constants.
  FailureOr<Linear> linearize(AffineExpr expr, ArrayRef<Linear> dims) {
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

  /// `floor(form / divisor)` for a positive divisor.
  Linear floorDiv(const Linear &form, int64_t divisor) {
    if (divisor == 1)
      return form;
    if (form.constant % divisor == 0 &&
        llvm::all_of(form.coeffs,
                     [&](int64_t c) { return c % divisor == 0; })) {
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

  /// Makes `floorDiv` give one variable to equal quotients, so that the
  /// forms of two accesses that divide the same thread ids alike subtract
  /// to constants.
  void shareQuotients() { sharedQuotients = true; }

  bool isEmpty() const { return poly.isIntegerEmpty(); }
  /// The bounds of `form` over the rational relaxation of a system that has
  /// a rational point: every integer point lies inside them. A side the
  /// relaxation leaves unbounded (or that overflows 64 bits) is none.
  std::pair<std::optional<int64_t>, std::optional<int64_t>>
  getRationalRange(const Linear &form) const {
    presburger::Simplex simplex(poly);
    SmallVector<llvm::DynamicAPInt> coeffs(poly.getNumVars() + 1);
    for (auto [i, c] : llvm::enumerate(form.coeffs))
      coeffs[i] = llvm::DynamicAPInt(c);
    coeffs.back() = llvm::DynamicAPInt(form.constant);
    auto bound = [&](presburger::Simplex::Direction direction)
        -> std::optional<int64_t> {
      presburger::MaybeOptimum<presburger::Fraction> optimum =
          simplex.computeOptimum(direction, coeffs);
      if (!optimum.isBounded())
        return std::nullopt;
      llvm::DynamicAPInt value =
          direction == presburger::Simplex::Direction::Down
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
  /// A point of the system, when it has one.
  std::optional<SmallVector<int64_t>> findSample() const {
    auto sample = poly.findIntegerSample();
    if (!sample)
      return std::nullopt;
    return llvm::map_to_vector(
        *sample, [](const llvm::DynamicAPInt &x) { return int64_t(x); });
  }

  /// Whether one combination of an alternative of each of `choices` is
  /// satisfiable together with this system; the point found, if any.
  std::optional<SmallVector<int64_t>>
  findSample(ArrayRef<Disjunction> choices) const {
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

  /// Whether a constraint's arithmetic overflowed: the system is then not
  /// the kernel's, and the query gives its conservative answer.
  bool hasOverflow() const { return overflowed; }

  /// The lexicographically smallest point (variables in the order of
  /// their creation), when the system has one and is bounded below.
  std::optional<SmallVector<int64_t>> findLexMin() const {
    auto minimum = poly.findIntegerLexMin();
    if (!minimum.isBounded())
      return std::nullopt;
    return llvm::map_to_vector(
        *minimum, [](const llvm::DynamicAPInt &x) { return int64_t(x); });
  }
  /// The smallest value of the first variable, when it has one.
  std::optional<int64_t> findLexMinOfFirst() const {
    std::optional<SmallVector<int64_t>> minimum = findLexMin();
    if (!minimum)
      return std::nullopt;
    return minimum->front();
  }

private:
  IntegerPolyhedron poly{PresburgerSpace::getSetSpace(0)};
  bool overflowed = false;
  bool sharedQuotients = false;
  /// With `sharedQuotients`: the quotient of each form (coefficients
  /// without trailing zeros, constant) and divisor.
  std::map<std::vector<int64_t>, Linear> quotients;
};
} // namespace

//===----------------------------------------------------------------------===//
// Guards
//===----------------------------------------------------------------------===//

/// `condition` (an `i1`) as a disjunction of conjunctions of affine
/// constraints over `composer`'s leaves (constraints are on AffineExprs,
/// `expr == 0` or `expr >= 0`); `negated` for the condition being false.
/// None when it is not built from constants, comparisons of affine index
/// values, `and`, `or` and `xor`.
namespace {
struct GuardAtom {
  AffineExpr expr;
  bool equality;
};
using GuardConjunction = SmallVector<GuardAtom, 2>;
using GuardDnf = SmallVector<GuardConjunction, 2>;
} // namespace

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

static std::optional<GuardDnf> buildGuard(Value condition, bool negated,
                                          IndexComposer &composer,
                                          unsigned depth = 0) {
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

//===----------------------------------------------------------------------===//
// SymbolicFootprint::Impl
//===----------------------------------------------------------------------===//

class SymbolicFootprint::Impl {
public:
  Operation *op;
  Value memref;
  MemRefType type;
  KernelSizes sizes;
  /// Element 0's coordinate over `leaves`.
  AffineMap map;
  SmallVector<FootprintLeaf> leaves;
  unsigned contiguousDim = 0;
  /// `bounded`: the elements outside the memref's shape are skipped.
  bool bounded = false;
  /// Runs `[first, last]` of slots the access may touch.
  SmallVector<std::pair<int64_t, int64_t>> slotRuns;
  /// Conditions around the access, over `guardLeaves`.
  SmallVector<FootprintLeaf> guardLeaves;
  SmallVector<GuardDnf> guards;
  unsigned inexactGuards = 0;
  /// `scf.for` and `scf.while` ops around the access, outermost first.
  SmallVector<Operation *> loops;
  /// Whether no lane executes the access, once asked.
  mutable std::optional<bool> empty;
};

/// Slot runs of `enabled` (consecutive enabled slots).
static SmallVector<std::pair<int64_t, int64_t>>
getRuns(ArrayRef<bool> enabled) {
  SmallVector<std::pair<int64_t, int64_t>> runs;
  for (auto [slot, on] : llvm::enumerate(enabled)) {
    if (!on)
      continue;
    int64_t s = slot;
    if (!runs.empty() && runs.back().second == s - 1)
      runs.back().second = s;
    else
      runs.push_back({s, s});
  }
  return runs;
}

FailureOr<SymbolicFootprint> SymbolicFootprint::get(Operation *op,
                                                    std::string *reason) {
  auto impl = std::make_unique<Impl>();
  impl->op = op;
  impl->sizes = KernelSizes::of(op);
  if (auto access = dyn_cast<LaneAccessOpInterface>(op)) {
    FailureOr<AccessFootprint> footprint = AccessFootprint::get(access, reason);
    if (failed(footprint))
      return failure();
    impl->memref = access.getMemref();
    impl->map = footprint->getMap();
    impl->leaves = llvm::to_vector(footprint->getLeaves());
    impl->contiguousDim = footprint->getContiguousDim();
    impl->slotRuns = getRuns(footprint->getEnabledSlots());
    impl->bounded = access.getBounded();
  } else {
    ValueRange indices;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      impl->memref = load.getMemRef();
      indices = load.getIndices();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      impl->memref = store.getMemRef();
      indices = store.getIndices();
    } else {
      setReason(reason, describeOp(op) + " is not a lane access");
      return failure();
    }
    IndexComposer composer(op->getContext(), impl->sizes);
    SmallVector<AffineExpr> coordinates;
    for (auto [i, index] : llvm::enumerate(indices)) {
      std::string why;
      FailureOr<AffineExpr> expr = composer.compose(index, why);
      if (failed(expr)) {
        setReason(reason, "index operand #" + Twine(i) + " of " +
                              describeOp(op) + ": " + why);
        return failure();
      }
      coordinates.push_back(*expr);
    }
    impl->leaves = llvm::to_vector(composer.getLeaves());
    impl->map =
        AffineMap::get(impl->leaves.size(), 0, coordinates, op->getContext());
    impl->slotRuns = {{0, 0}};
  }
  impl->type = cast<MemRefType>(impl->memref.getType());

  IndexComposer guardComposer(op->getContext(), impl->sizes);
  for (Operation *child = op, *parent = op->getParentOp();
       parent && !isa<gpu::GPUFuncOp>(parent);
       child = parent, parent = parent->getParentOp()) {
    if (isa<scf::ForOp, scf::WhileOp>(parent))
      impl->loops.insert(impl->loops.begin(), parent);
    auto branch = dyn_cast<scf::IfOp>(parent);
    if (!branch)
      continue;
    bool inElse = child->getParentRegion() == &branch.getElseRegion();
    std::optional<GuardDnf> guard =
        buildGuard(branch.getCondition(), inElse, guardComposer);
    if (guard)
      impl->guards.push_back(std::move(*guard));
    else
      ++impl->inexactGuards;
  }
  impl->guardLeaves = llvm::to_vector(guardComposer.getLeaves());
  return SymbolicFootprint(std::move(impl));
}

SymbolicFootprint::SymbolicFootprint(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}
SymbolicFootprint::SymbolicFootprint(SymbolicFootprint &&) = default;
SymbolicFootprint &SymbolicFootprint::operator=(SymbolicFootprint &&) = default;
SymbolicFootprint::~SymbolicFootprint() = default;

Operation *SymbolicFootprint::getOp() const { return impl->op; }
Value SymbolicFootprint::getMemref() const { return impl->memref; }
MemRefType SymbolicFootprint::getMemRefType() const { return impl->type; }
unsigned SymbolicFootprint::getInexactGuards() const {
  return impl->inexactGuards;
}

//===----------------------------------------------------------------------===//
// Executions
//===----------------------------------------------------------------------===//

namespace {
/// The variables of a loop around an access in one execution.
struct LoopVars {
  /// The iteration number (from 0) and the induction variable; no
  /// iteration number for an `scf.for` with a non-constant step or an
  /// `scf.while`.
  std::optional<Linear> iteration;
  std::optional<Linear> inductionVar;
};

/// Values shared by the executions of one query.
struct Shared {
  std::array<std::optional<Linear>, 3> workgroupId;
  llvm::DenseMap<Value, Linear> uniforms;
};

/// One execution of an access in a system: the variables of its lane, its
/// loops and its uniform values, and what it touches.
class Execution {
public:
  Execution(System &system, Shared &shared, const SymbolicFootprint::Impl &fp,
            function_ref<bool(Value)> isShared)
      : system(system), shared(shared), fp(fp), isShared(isShared) {}

  /// Creates the variables and constraints of the execution; fails when an
  /// expression cannot be linearized (not affine).
  LogicalResult build();

  /// The extent of dimension `dim` of the accessed memref: a constant, or
  /// the variable of the kernel argument `wave.dims` binds it to; none for
  /// another dynamic extent.
  std::optional<Linear> extentOf(unsigned dim);

  Linear lane;
  /// With `ownWorkgroup`, the execution's workgroup id is its own (the
  /// unset dimensions are created on demand) instead of the shared one.
  bool ownWorkgroup = false;
  std::array<std::optional<Linear>, 3> workgroupId;
  SmallVector<Linear> coordinate;
  /// Alternatives the execution satisfies: its guards, its slot runs.
  SmallVector<Disjunction, 4> choices;
  llvm::DenseMap<Operation *, LoopVars> loopVars;

private:
  FailureOr<Linear> valueOf(const FootprintLeaf &leaf);
  FailureOr<SmallVector<Linear>> valuesOf(ArrayRef<FootprintLeaf> leaves);
  void buildLoop(Operation *loop);
  /// The kernel's `wave.assume` constraints on its arguments.
  LogicalResult addAssumptions();

  System &system;
  Shared &shared;
  const SymbolicFootprint::Impl &fp;
  function_ref<bool(Value)> isShared;
  std::array<Linear, 3> threadId;
  llvm::DenseMap<Value, Linear> uniforms;
};
} // namespace

/// A workgroup id along `dim`: at least 0, and inside the grid when the
/// kernel states it.
static Linear addWorkgroupId(System &system, const KernelSizes &sizes,
                             unsigned dim) {
  return system.addVar(
      0, sizes.gridSize ? std::optional<int64_t>((*sizes.gridSize)[dim] - 1)
                        : std::nullopt);
}

FailureOr<Linear> Execution::valueOf(const FootprintLeaf &leaf) {
  const IndexClass &indexClass = leaf.indexClass;
  switch (indexClass.kind) {
  case IndexKind::ThreadId:
    return threadId[indexClass.dim];
  case IndexKind::WorkgroupId: {
    std::optional<Linear> &id =
        (ownWorkgroup ? workgroupId : shared.workgroupId)[indexClass.dim];
    if (!id)
      id = addWorkgroupId(system, fp.sizes, indexClass.dim);
    return *id;
  }
  case IndexKind::LoopInductionVar: {
    Operation *loop = cast<BlockArgument>(leaf.value).getOwner()->getParentOp();
    auto it = loopVars.find(loop);
    if (it != loopVars.end() && it->second.inductionVar)
      return *it->second.inductionVar;
    return system.addVar();
  }
  case IndexKind::Uniform: {
    llvm::DenseMap<Value, Linear> &map =
        isShared(leaf.value) ? shared.uniforms : uniforms;
    auto it = map.find(leaf.value);
    if (it != map.end())
      return it->second;
    return map[leaf.value] = system.addVar();
  }
  default:
    return failure();
  }
}

std::optional<Linear> Execution::extentOf(unsigned dim) {
  if (!fp.type.isDynamicDim(dim))
    return Linear::of(fp.type.getDimSize(dim));
  BlockArgument size = getSizeArgument(fp.memref, dim);
  if (!size)
    return std::nullopt;
  FailureOr<Linear> value = valueOf({IndexClass{IndexKind::Uniform}, size});
  if (failed(value))
    return std::nullopt;
  // A launch has extents of at least 0.
  system.addGe(*value);
  return *value;
}

FailureOr<SmallVector<Linear>>
Execution::valuesOf(ArrayRef<FootprintLeaf> leaves) {
  SmallVector<Linear> values;
  for (const FootprintLeaf &leaf : leaves) {
    FailureOr<Linear> value = valueOf(leaf);
    if (failed(value))
      return failure();
    values.push_back(*value);
  }
  return values;
}

void Execution::buildLoop(Operation *op) {
  LoopVars &vars = loopVars[op];
  auto loop = dyn_cast<scf::ForOp>(op);
  if (!loop)
    return;
  // The induction variable is an affine form of the iteration number when
  // the step is constant (no variable of its own: fewer variables make
  // emptiness cheaper).
  IndexClass iv = classifyIndex(loop.getInductionVar());
  if (iv.hasStaticRange()) {
    vars.iteration = system.addVar(0, iv.getTripCount() - 1);
    vars.inductionVar = *vars.iteration * *iv.step + *iv.lowerBound;
    return;
  }
  vars.inductionVar = system.addVar();
  // Bounds the kernel computes: `lb + step * k < ub` with a constant step
  // and affine bounds (over uniform values, say).
  IndexComposer composer(loop->getContext(), KernelSizes::of(loop));
  std::string ignored;
  FailureOr<AffineExpr> lb = composer.compose(loop.getLowerBound(), ignored);
  FailureOr<AffineExpr> ub = composer.compose(loop.getUpperBound(), ignored);
  FailureOr<AffineExpr> step = composer.compose(loop.getStep(), ignored);
  auto constantStep = succeeded(step) ? dyn_cast<AffineConstantExpr>(*step)
                                      : AffineConstantExpr();
  if (!constantStep || constantStep.getValue() <= 0 || failed(lb))
    return;
  FailureOr<SmallVector<Linear>> values = valuesOf(composer.getLeaves());
  if (failed(values))
    return;
  FailureOr<Linear> lower = system.linearize(*lb, *values);
  if (failed(lower))
    return;
  vars.iteration = system.addVar(0);
  vars.inductionVar = *vars.iteration * constantStep.getValue() + *lower;
  if (loop.getUnsignedCmp() || failed(ub))
    return;
  if (FailureOr<Linear> upper = system.linearize(*ub, *values);
      succeeded(upper))
    system.addGe(*upper - *vars.inductionVar - 1);
}

LogicalResult Execution::addAssumptions() {
  auto func = fp.op->getParentOfType<gpu::GPUFuncOp>();
  auto set = func ? func->getAttrOfType<IntegerSetAttr>(kAssumeAttrName)
                  : IntegerSetAttr();
  if (!set)
    return success();
  IntegerSet constraints = set.getValue();
  SmallVector<Linear> args;
  for (auto [dim, arg] : llvm::enumerate(func.getArguments())) {
    unsigned position = dim;
    bool used = llvm::any_of(constraints.getConstraints(), [&](AffineExpr e) {
      return e.isFunctionOfDim(position);
    });
    // Arguments the constraints do not use are never linearized.
    FailureOr<Linear> value =
        used ? valueOf({IndexClass{IndexKind::Uniform}, arg}) : Linear::of(0);
    if (failed(value))
      return failure();
    args.push_back(*value);
  }
  for (auto [expr, isEquality] : llvm::zip_equal(constraints.getConstraints(),
                                                 constraints.getEqFlags())) {
    FailureOr<Linear> form = system.linearize(expr, args);
    if (failed(form))
      return failure();
    system.add({*form, isEquality});
  }
  return success();
}

LogicalResult Execution::build() {
  // Thread ids and the linear lane.
  std::optional<std::array<int64_t, 3>> block = fp.sizes.workgroupSize;
  for (unsigned dim = 0; dim < 3; ++dim)
    threadId[dim] =
        block && (*block)[dim] == 1
            ? Linear::of(0)
            : system.addVar(0, block ? std::optional<int64_t>((*block)[dim] - 1)
                                     : std::nullopt);
  if (block)
    lane = threadId[0] + threadId[1] * (*block)[0] +
           threadId[2] * ((*block)[0] * (*block)[1]);

  for (Operation *loop : fp.loops)
    buildLoop(loop);

  FailureOr<SmallVector<Linear>> leafValues = valuesOf(fp.leaves);
  if (failed(leafValues))
    return failure();
  for (AffineExpr result : fp.map.getResults()) {
    FailureOr<Linear> value = system.linearize(result, *leafValues);
    if (failed(value))
      return failure();
    coordinate.push_back(*value);
  }
  // The slot: a constant for one enabled slot, bounds for one run of them,
  // a choice between runs otherwise.
  Linear slot = fp.slotRuns.size() == 1 &&
                        fp.slotRuns.front().first == fp.slotRuns.front().second
                    ? Linear::of(fp.slotRuns.front().first)
                    : system.addVar();
  coordinate[fp.contiguousDim] = coordinate[fp.contiguousDim] + slot;
  if (fp.slotRuns.size() == 1) {
    system.addGe(slot - fp.slotRuns.front().first);
    system.addGe(Linear::of(fp.slotRuns.front().second) - slot);
  } else {
    Disjunction &slots = choices.emplace_back();
    for (auto [first, last] : fp.slotRuns)
      slots.push_back(
          {{slot - first, false}, {Linear::of(last) - slot, false}});
  }

  if (failed(addAssumptions()))
    return failure();
  // A bounded access touches only elements inside the shape (a dynamic
  // extent without a size argument leaves its coordinate unconstrained).
  if (fp.bounded)
    for (auto [dim, value] : llvm::enumerate(coordinate)) {
      system.addGe(value);
      if (std::optional<Linear> extent = extentOf(dim))
        system.addGe(*extent - value - 1);
    }

  FailureOr<SmallVector<Linear>> guardValues = valuesOf(fp.guardLeaves);
  if (failed(guardValues))
    return failure();
  for (const GuardDnf &guard : fp.guards) {
    Disjunction &alternatives = choices.emplace_back();
    for (const GuardConjunction &conjunction : guard) {
      Conjunction &constraints = alternatives.emplace_back();
      for (const GuardAtom &atom : conjunction) {
        FailureOr<Linear> form = system.linearize(atom.expr, *guardValues);
        if (failed(form))
          return failure();
        constraints.push_back({*form, atom.equality});
      }
    }
  }
  return success();
}

/// A system whose variables are the arguments of `func` (one each, in
/// order) under its `wave.assume`; none when a constraint is not affine.
static std::optional<std::pair<System, SmallVector<Linear>>>
buildLaunchSystem(gpu::GPUFuncOp func) {
  System system;
  SmallVector<Linear> args;
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    args.push_back(system.addVar());
  auto set = func->getAttrOfType<IntegerSetAttr>(kAssumeAttrName);
  if (!set)
    return std::make_pair(std::move(system), std::move(args));
  IntegerSet constraints = set.getValue();
  for (auto [expr, isEquality] : llvm::zip_equal(constraints.getConstraints(),
                                                 constraints.getEqFlags())) {
    FailureOr<Linear> form = system.linearize(expr, args);
    if (failed(form))
      return std::nullopt;
    system.add({*form, isEquality});
  }
  return std::make_pair(std::move(system), std::move(args));
}

/// The launch system of the kernel of argument `arg`, and its variable.
static std::optional<std::pair<System, Linear>>
buildLaunchSystem(BlockArgument arg) {
  auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
  if (!func || !func->hasAttr(kAssumeAttrName))
    return std::nullopt;
  auto launch = buildLaunchSystem(func);
  if (!launch)
    return std::nullopt;
  return std::make_pair(std::move(launch->first),
                        launch->second[arg.getArgNumber()]);
}

int64_t mlir::wave::getKnownDivisor(BlockArgument arg, int64_t limit) {
  std::optional<std::pair<System, Linear>> launch = buildLaunchSystem(arg);
  if (!launch)
    return 1;
  int64_t divisor = 1;
  for (int64_t candidate = 2; candidate <= limit; candidate *= 2) {
    // Is there a launch whose value is not a multiple of `candidate`?
    System system = launch->first;
    Linear value = launch->second;
    Linear quotient = system.addVar();
    Linear remainder = system.addVar(1, candidate - 1);
    system.addEq(value - quotient * candidate - remainder);
    if (system.hasOverflow() || system.findSample())
      break;
    divisor = candidate;
  }
  return divisor;
}

/// Whether `value` is computed outside every loop whose iterations may
/// differ between the two executions.
static bool isSameInBoth(Value value, IterationRelationFn relationOf) {
  for (Operation *parent = value.getParentRegion()->getParentOp();
       parent && !isa<gpu::GPUFuncOp>(parent); parent = parent->getParentOp()) {
    if (!isa<LoopLikeOpInterface>(parent))
      continue;
    std::optional<IterationDistance> distance = relationOf(parent);
    if (!distance || distance->min != 0 || distance->max != 0)
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

/// For queries about one execution: no value is shared with another.
static bool neverShared(Value) { return false; }

static bool computeEmpty(const SymbolicFootprint::Impl &impl) {
  System system;
  Shared shared;
  Execution execution(system, shared, impl, neverShared);
  if (failed(execution.build()) || system.hasOverflow())
    return false;
  return !system.findSample(execution.choices);
}

bool SymbolicFootprint::isEmpty() const {
  if (!impl->empty)
    impl->empty = computeEmpty(*impl);
  return *impl->empty;
}

/// A leaf whose range the kernel does not bound, and why; none if all are.
static std::optional<std::string>
describeUnboundedLeaf(const FootprintLeaf &leaf, const KernelSizes &sizes) {
  const IndexClass &indexClass = leaf.indexClass;
  if (indexClass.kind == IndexKind::ThreadId && !sizes.workgroupSize)
    return std::string("the enclosing gpu.func has no known_block_size");
  if (indexClass.kind == IndexKind::WorkgroupId && !sizes.gridSize)
    return std::string("the enclosing gpu.func has no known_grid_size");
  if (indexClass.kind == IndexKind::Uniform ||
      (indexClass.kind == IndexKind::LoopInductionVar &&
       !indexClass.hasStaticRange()))
    return std::string("its range is unknown");
  return std::nullopt;
}

/// Smallest (`sign` 1) or largest (`sign` -1) value of `form` over the
/// system with `choices`, searched in `[lo, hi]`, which holds it.
static int64_t findExtreme(const System &system, ArrayRef<Disjunction> choices,
                           const Linear &form, int64_t lo, int64_t hi,
                           int sign) {
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2 + (sign < 0 ? (hi - lo) % 2 : 0);
    System probe = system;
    // Is there a point with form <= mid (or >= mid for the largest)?
    probe.addGe(sign > 0 ? Linear::of(mid) - form : form - mid);
    bool found = probe.findSample(choices).has_value();
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

/// Extent `dim` of the memref `execution` accesses; none, with the reason,
/// for a dynamic extent no kernel argument holds.
static std::optional<Linear> getExtent(Execution &execution, unsigned dim,
                                       StringRef accessName,
                                       std::string *reason) {
  std::optional<Linear> extent = execution.extentOf(dim);
  if (!extent)
    setReason(reason, "extent " + Twine(dim) + " of the memref of " +
                          accessName +
                          " is dynamic, and no kernel argument holds it "
                          "('wave.dims')");
  return extent;
}

bool SymbolicFootprint::isProvablyInBounds(std::string *reason,
                                           bool ignoreBounded) const {
  std::string accessName = describeOp(impl->op);
  if (impl->slotRuns.empty())
    return true;
  // A bounded access skips what lies outside; the question is then whether
  // it would need to (a staged copy that never crosses the edge).
  if (impl->bounded && !ignoreBounded)
    return true;
  Impl unbounded = *impl;
  unbounded.bounded = false;
  // Guards are not used: the question is whether the access may run in every
  // lane, without the conditions around it.
  Impl unguarded = unbounded;
  unguarded.guards.clear();
  System system;
  Shared shared;
  Execution execution(system, shared, unguarded, neverShared);
  if (failed(execution.build())) {
    setReason(reason, "the address of " + accessName + " is not affine");
    return false;
  }
  // Extents first: a dynamic one is a variable of the system.
  SmallVector<Linear> extents;
  for (unsigned r = 0; r < impl->type.getRank(); ++r) {
    std::optional<Linear> extent = getExtent(execution, r, accessName, reason);
    if (!extent)
      return false;
    extents.push_back(*extent);
  }
  for (auto [r, coordinate] : llvm::enumerate(execution.coordinate)) {
    System below = system, above = system;
    below.addGe(Linear::of(-1) - coordinate);
    above.addGe(coordinate - extents[r]);
    if (below.hasOverflow() || above.hasOverflow()) {
      setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                            " overflows 64-bit integers");
      return false;
    }
    if (!below.findSample(execution.choices) &&
        !above.findSample(execution.choices))
      continue;
    if (impl->type.isDynamicDim(r)) {
      setReason(reason,
                "coordinate " + Twine(r) + " of " + accessName +
                    " may lie outside [0, argument #" +
                    Twine(getSizeArgument(impl->memref, r).getArgNumber()) +
                    ") for sizes the kernel's wave.assume allows");
      return false;
    }
    for (unsigned dim = 0; dim < impl->leaves.size(); ++dim) {
      if (!impl->map.getResult(r).isFunctionOfDim(dim))
        continue;
      if (std::optional<std::string> why =
              describeUnboundedLeaf(impl->leaves[dim], impl->sizes)) {
        setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                              " depends on the " +
                              describeLeaf(impl->leaves[dim]) + " and " + *why);
        return false;
      }
    }
    int64_t extent = impl->type.getDimSize(r);
    // Every leaf is bounded: interval bounds bracket the exact extremes.
    SmallVector<Interval> leafRanges =
        llvm::map_to_vector(impl->leaves, [&](const FootprintLeaf &leaf) {
          return getLeafRange(leaf.indexClass, impl->sizes);
        });
    Interval bracket = evaluateInterval(impl->map.getResult(r), leafRanges);
    if (!bracket.lo || !bracket.hi) {
      setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                            " could not be bounded");
      return false;
    }
    int64_t lo = *bracket.lo;
    int64_t hi = *bracket.hi;
    if (r == impl->contiguousDim)
      hi += impl->slotRuns.back().second;
    lo = findExtreme(system, execution.choices, coordinate, lo, hi, 1);
    hi = findExtreme(system, execution.choices, coordinate, lo, hi, -1);
    setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                          " ranges over [" + Twine(lo) + ", " + Twine(hi) +
                          "], outside [0, " + Twine(extent - 1) + "]");
    return false;
  }
  return true;
}

bool SymbolicFootprint::isWholeOrNothing(std::string *reason) const {
  std::string accessName = describeOp(impl->op);
  if (impl->slotRuns.empty())
    return true;
  // Element 0's coordinate, without the bounds a bounded access adds (they
  // would hide the elements it skips).
  Impl first = *impl;
  first.bounded = false;
  int64_t firstSlot = impl->slotRuns.front().first;
  int64_t span = impl->slotRuns.back().second - firstSlot;
  first.slotRuns = {{firstSlot, firstSlot}};
  System system;
  Shared shared;
  Execution execution(system, shared, first, neverShared);
  if (failed(execution.build())) {
    setReason(reason, "the address of " + accessName + " is not affine");
    return false;
  }
  unsigned dim = impl->contiguousDim;
  std::optional<Linear> extent = getExtent(execution, dim, accessName, reason);
  if (!extent)
    return false;
  Linear lo = execution.coordinate[dim];
  Linear hi = lo + span;
  // A run across the end (lo < extent <= hi) or across 0 (lo < 0 <= hi).
  System acrossEnd = system, acrossZero = system;
  acrossEnd.addGe(*extent - lo - 1);
  acrossEnd.addGe(hi - *extent);
  acrossZero.addGe(Linear::of(-1) - lo);
  acrossZero.addGe(hi);
  if (acrossEnd.hasOverflow() || acrossZero.hasOverflow()) {
    setReason(reason,
              "the address of " + accessName + " overflows 64-bit integers");
    return false;
  }
  if (!acrossEnd.findSample(execution.choices) &&
      !acrossZero.findSample(execution.choices))
    return true;
  setReason(reason, "the " + Twine(span + 1) + " elements of " + accessName +
                        " may lie partly inside and partly outside extent " +
                        Twine(dim) + " of its memref");
  return false;
}

FailureOr<std::optional<SmallVector<int64_t>>>
SymbolicFootprint::getFixedElement(std::optional<unsigned> laneDim,
                                   bool ignoreGuards,
                                   std::string *reason) const {
  std::string accessName = describeOp(impl->op);
  if (laneDim && !impl->sizes.workgroupSize) {
    setReason(reason, "the enclosing gpu.func of " + accessName +
                          " has no known_block_size");
    return failure();
  }
  Impl copy = *impl;
  if (ignoreGuards)
    copy.guards.clear();
  System system;
  Shared shared;
  Execution execution(system, shared, copy, neverShared);
  if (failed(execution.build())) {
    setReason(reason, "the address of " + accessName + " is not affine");
    return failure();
  }
  SmallVector<Linear> offsets = execution.coordinate;
  if (laneDim)
    offsets[*laneDim] = offsets[*laneDim] - execution.lane;
  auto overflows = [&] {
    setReason(reason,
              "the address of " + accessName + " overflows 64-bit integers");
    return failure();
  };
  if (system.hasOverflow())
    return overflows();
  // One execution's offsets; then none may differ from them.
  std::optional<SmallVector<int64_t>> point =
      system.findSample(execution.choices);
  if (!point)
    return std::optional<SmallVector<int64_t>>();
  SmallVector<int64_t> element;
  for (const Linear &offset : offsets) {
    int64_t value = offset.evaluate(*point);
    Linear difference = offset - value;
    System below = system, above = system;
    below.addGe(Linear::of(-1) - difference);
    above.addGe(difference - 1);
    if (below.hasOverflow() || above.hasOverflow())
      return overflows();
    if (below.findSample(execution.choices) ||
        above.findSample(execution.choices))
      return std::optional<SmallVector<int64_t>>();
    element.push_back(value);
  }
  return std::optional<SmallVector<int64_t>>(std::move(element));
}

std::optional<int64_t> mlir::wave::getKnownUpperBound(BlockArgument arg) {
  std::optional<std::pair<System, Linear>> launch = buildLaunchSystem(arg);
  if (!launch)
    return std::nullopt;
  auto &[system, value] = *launch;
  // Values past 2^40 count as unbounded: no size the hardware addresses.
  constexpr int64_t kLimit = int64_t(1) << 40;
  System beyond = system;
  beyond.addGe(value - kLimit);
  if (beyond.hasOverflow())
    return std::nullopt;
  std::optional<SmallVector<int64_t>> point = system.findSample();
  if (!point || beyond.findSample())
    return std::nullopt;
  return findExtreme(system, {}, value, value.evaluate(*point), kLimit, -1);
}

bool mlir::wave::isTripCountAtLeast(scf::ForOp loop, int64_t count,
                                    std::string *reason) {
  auto func = loop->getParentOfType<gpu::GPUFuncOp>();
  if (!func || loop.getUnsignedCmp()) {
    setReason(reason, "the loop is not a signed scf.for in a gpu.func");
    return false;
  }
  KernelSizes sizes = KernelSizes::of(loop);
  IndexComposer composer(loop->getContext(), sizes);
  std::string why;
  FailureOr<AffineExpr> lb = composer.compose(loop.getLowerBound(), why);
  FailureOr<AffineExpr> ub = composer.compose(loop.getUpperBound(), why);
  FailureOr<AffineExpr> step = composer.compose(loop.getStep(), why);
  auto constantStep = succeeded(step) ? dyn_cast<AffineConstantExpr>(*step)
                                      : AffineConstantExpr();
  if (failed(lb) || failed(ub) || !constantStep ||
      constantStep.getValue() <= 0) {
    setReason(reason, failed(lb) || failed(ub)
                          ? "a bound is not affine: " + why
                          : std::string("the step is not a positive constant"));
    return false;
  }
  auto launch = buildLaunchSystem(func);
  if (!launch) {
    setReason(reason, "the kernel's wave.assume is not affine");
    return false;
  }
  auto &[system, args] = *launch;
  // Kernel arguments are the launch's variables; other leaves range over
  // what their class allows.
  SmallVector<Interval> ranges = composer.getLeafRanges();
  SmallVector<Linear> leaves;
  for (auto [leaf, range] : llvm::zip_equal(composer.getLeaves(), ranges)) {
    auto arg = dyn_cast<BlockArgument>(leaf.value);
    if (arg && arg.getOwner() == &func.getBody().front() &&
        arg.getArgNumber() < args.size()) {
      leaves.push_back(args[arg.getArgNumber()]);
      continue;
    }
    leaves.push_back(system.addVar(range.lo, range.hi));
  }
  FailureOr<Linear> lower = system.linearize(*lb, leaves);
  FailureOr<Linear> upper = system.linearize(*ub, leaves);
  if (failed(lower) || failed(upper)) {
    setReason(reason, "a bound is not affine");
    return false;
  }
  // Fewer than `count` trips: ub - lb <= (count - 1) * step.
  system.addGe(Linear::of(count - 1) * constantStep.getValue() -
               (*upper - *lower));
  if (system.hasOverflow()) {
    setReason(reason, "a bound overflows 64-bit integers");
    return false;
  }
  if (!system.findSample())
    return true;
  setReason(reason, "the kernel's wave.assume allows fewer than " +
                        Twine(count) + " trips");
  return false;
}

std::optional<bool>
mlir::wave::getComparisonUnderAssumptions(arith::CmpIOp cmp) {
  auto func = cmp->getParentOfType<gpu::GPUFuncOp>();
  if (!func || !func->hasAttr(kAssumeAttrName) ||
      !cmp.getLhs().getType().isIndex())
    return std::nullopt;
  auto launch = buildLaunchSystem(func);
  if (!launch)
    return std::nullopt;
  auto &[system, args] = *launch;
  IndexComposer composer(cmp->getContext(), KernelSizes::of(cmp));
  // Only the launch's values: a comparison that depends on a lane, a
  // workgroup or an iteration is no fact about the sizes.
  auto getLeafValues = [&]() -> std::optional<SmallVector<Linear>> {
    SmallVector<Linear> leaves;
    for (const FootprintLeaf &leaf : composer.getLeaves()) {
      auto arg = dyn_cast<BlockArgument>(leaf.value);
      if (!arg || arg.getOwner() != &func.getBody().front())
        return std::nullopt;
      leaves.push_back(args[arg.getArgNumber()]);
    }
    return leaves;
  };
  auto isNegative = [](const Linear &x) {
    return Disjunction{{{Linear::of(-1) - x}}};
  };
  // A size the assumptions keep non-negative divides as floordiv/mod: no
  // launch makes it negative. Linearizing may add variables, hence a copy.
  composer.setNonNegativeProver([&](AffineExpr expr) {
    std::optional<SmallVector<Linear>> leaves = getLeafValues();
    if (!leaves)
      return false;
    System copy = system;
    FailureOr<Linear> value = copy.linearize(expr, *leaves);
    return succeeded(value) && !value->overflowed && !copy.hasOverflow() &&
           !copy.findSample({isNegative(*value)});
  });
  std::string why;
  FailureOr<AffineExpr> lhs = composer.compose(cmp.getLhs(), why);
  FailureOr<AffineExpr> rhs = composer.compose(cmp.getRhs(), why);
  if (failed(lhs) || failed(rhs))
    return std::nullopt;
  std::optional<SmallVector<Linear>> leaves = getLeafValues();
  if (!leaves)
    return std::nullopt;
  FailureOr<Linear> left = system.linearize(*lhs, *leaves);
  FailureOr<Linear> right = system.linearize(*rhs, *leaves);
  if (failed(left) || failed(right))
    return std::nullopt;
  Linear difference = *left - *right;
  if (system.hasOverflow() || difference.overflowed)
    return std::nullopt;
  // An unsigned comparison is the signed one where both operands are
  // non-negative in every launch.
  using Predicate = arith::CmpIPredicate;
  Predicate predicate = cmp.getPredicate();
  std::optional<Predicate> signedPredicate;
  switch (predicate) {
  case Predicate::ult:
    signedPredicate = Predicate::slt;
    break;
  case Predicate::ule:
    signedPredicate = Predicate::sle;
    break;
  case Predicate::ugt:
    signedPredicate = Predicate::sgt;
    break;
  case Predicate::uge:
    signedPredicate = Predicate::sge;
    break;
  default:
    break;
  }
  if (signedPredicate) {
    if (system.findSample({isNegative(*left)}) ||
        system.findSample({isNegative(*right)}))
      return std::nullopt;
    predicate = *signedPredicate;
  }
  // The launches where `difference` compares with 0 as `p` says.
  auto holding = [&](Predicate p) -> Disjunction {
    switch (p) {
    case Predicate::eq:
      return {{{difference, true}}};
    case Predicate::ne:
      return {{{difference - 1}}, {{Linear::of(-1) - difference}}};
    case Predicate::slt:
      return {{{Linear::of(-1) - difference}}};
    case Predicate::sle:
      return {{{Linear::of(0) - difference}}};
    case Predicate::sgt:
      return {{{difference - 1}}};
    default:
      return {{{difference}}};
    }
  };
  if (!system.findSample({holding(predicate)}))
    return false;
  if (!system.findSample({holding(arith::invertPredicate(predicate))}))
    return true;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// The box of a staged tile
//===----------------------------------------------------------------------===//

namespace {
/// One lane of the workgroup touching one element through an access, with
/// every leaf but the thread ids at 0.
struct LanePart {
  /// The linear thread id.
  Linear lane;
  SmallVector<Linear> coordinate;
};
} // namespace

/// The thread ids of one lane of a workgroup of `block` lanes, as
/// variables of `system` (a dimension of one lane: the constant 0).
static std::array<Linear, 3> addThreadIds(System &system,
                                          std::array<int64_t, 3> block) {
  std::array<Linear, 3> threadId;
  for (unsigned dim = 0; dim < 3; ++dim)
    threadId[dim] =
        block[dim] == 1 ? Linear::of(0) : system.addVar(0, block[dim] - 1);
  return threadId;
}

static Linear getLinearId(ArrayRef<Linear> threadId,
                          std::array<int64_t, 3> block) {
  return threadId[0] + threadId[1] * block[0] +
         threadId[2] * (block[0] * block[1]);
}

/// The coordinate `fp` touches in the lane of `threadId`, slot `slot`, with
/// every leaf but the thread ids at 0. Fails when an address is not affine.
static FailureOr<SmallVector<Linear>>
buildLaneCoordinate(System &system, const SymbolicFootprint::Impl &fp,
                    ArrayRef<Linear> threadId, const Linear &slot) {
  SmallVector<Linear> leafValues =
      llvm::map_to_vector(fp.leaves, [&](const FootprintLeaf &leaf) {
        return leaf.indexClass.kind == IndexKind::ThreadId
                   ? threadId[leaf.indexClass.dim]
                   : Linear::of(0);
      });
  SmallVector<Linear> coordinate;
  for (AffineExpr result : fp.map.getResults()) {
    FailureOr<Linear> value = system.linearize(result, leafValues);
    if (failed(value))
      return failure();
    coordinate.push_back(*value);
  }
  coordinate[fp.contiguousDim] = coordinate[fp.contiguousDim] + slot;
  return coordinate;
}

/// A variable for a slot of the run `[first, last]` (a constant for one).
static Linear addSlot(System &system, std::pair<int64_t, int64_t> run) {
  return run.first == run.second ? Linear::of(run.first)
                                 : system.addVar(run.first, run.second);
}

/// Adds a `LanePart` of `fp` to `system`, its slot in the run `run` of
/// `fp.slotRuns`. Fails when an address is not affine.
static FailureOr<LanePart>
buildLanePart(System &system, const SymbolicFootprint::Impl &fp, unsigned run) {
  std::array<int64_t, 3> block = *fp.sizes.workgroupSize;
  std::array<Linear, 3> threadId = addThreadIds(system, block);
  LanePart part;
  part.lane = getLinearId(threadId, block);
  Linear slot = addSlot(system, fp.slotRuns[run]);
  FailureOr<SmallVector<Linear>> coordinate =
      buildLaneCoordinate(system, fp, threadId, slot);
  if (failed(coordinate))
    return failure();
  part.coordinate = std::move(*coordinate);
  return part;
}

FailureOr<LaneBox>
mlir::wave::findLaneBox(ArrayRef<const SymbolicFootprint *> footprints,
                        std::string *reason) {
  if (footprints.empty()) {
    setReason(reason, "there are no accesses");
    return failure();
  }
  unsigned rank = footprints.front()->getMemRefType().getRank();
  // Each run of slots of each access: a part of the copy.
  SmallVector<std::pair<const SymbolicFootprint::Impl *, unsigned>> parts;
  // Lanes and slots over all parts: elements with repetitions.
  int64_t touched = 0;
  for (const SymbolicFootprint *footprint : footprints) {
    const SymbolicFootprint::Impl &fp = footprint->getImpl();
    std::string accessName = describeOp(fp.op);
    if (fp.type.getRank() != rank) {
      setReason(reason, accessName + " has another rank");
      return failure();
    }
    if (!fp.sizes.workgroupSize) {
      setReason(reason, accessName + " is not in a gpu.func with a "
                                     "known_block_size");
      return failure();
    }
    auto [x, y, z] = *fp.sizes.workgroupSize;
    for (auto [run, slots] : llvm::enumerate(fp.slotRuns)) {
      parts.push_back({&fp, run});
      touched += x * y * z * (slots.second - slots.first + 1);
    }
  }
  if (parts.empty()) {
    setReason(reason, "no lane touches an element");
    return failure();
  }

  // Exact extremes of each coordinate: the lexicographic minimum of a
  // system whose first variable is the coordinate (or its negation).
  LaneBox result;
  SmallVector<std::optional<int64_t>> lo(rank), hi(rank);
  // Each part's own box, `[low, high]` a dimension.
  SmallVector<SmallVector<std::pair<int64_t, int64_t>>> partBoxes;
  for (auto [fp, run] : parts) {
    SmallVector<std::pair<int64_t, int64_t>> &partBox =
        partBoxes.emplace_back(rank);
    for (unsigned d = 0; d < rank; ++d) {
      for (int sign : {1, -1}) {
        System system;
        Linear extreme = system.addVar();
        FailureOr<LanePart> part = buildLanePart(system, *fp, run);
        if (failed(part)) {
          setReason(reason,
                    "the address of " + describeOp(fp->op) + " is not affine");
          return failure();
        }
        system.addEq(extreme - part->coordinate[d] * sign);
        if (system.hasOverflow()) {
          setReason(reason, "the address of " + describeOp(fp->op) +
                                " overflows 64-bit integers");
          return failure();
        }
        std::optional<int64_t> value = system.findLexMinOfFirst();
        if (!value) {
          setReason(reason, "coordinate " + Twine(d) + " of " +
                                describeOp(fp->op) + " could not be bounded");
          return failure();
        }
        std::optional<int64_t> &bound = sign > 0 ? lo[d] : hi[d];
        int64_t x = *value * sign;
        (sign > 0 ? partBox[d].first : partBox[d].second) = x;
        bound = !bound     ? x
                : sign > 0 ? std::min(*bound, x)
                           : std::max(*bound, x);
      }
    }
  }
  int64_t volume = 1;
  for (unsigned d = 0; d < rank; ++d) {
    result.box.lowerBounds.push_back(*lo[d]);
    result.box.extents.push_back(*hi[d] - *lo[d] + 1);
    if (llvm::MulOverflow(volume, result.box.extents.back(), volume)) {
      setReason(reason, "the box has more than 2^63 elements");
      return failure();
    }
  }

  // Every element touched lies in the box: fewer touches than elements
  // leave a hole, as many fill it exactly when no element is touched
  // twice, and more decide nothing.
  if (touched < volume)
    return result;
  if (touched > volume) {
    setReason(reason, "the lanes touch " + Twine(touched) +
                          " elements with repetitions for a box of " +
                          Twine(volume));
    return failure();
  }
  auto disjoint = [&](unsigned i, unsigned j) {
    return llvm::any_of(llvm::seq(rank), [&](unsigned d) {
      return partBoxes[i][d].second < partBoxes[j][d].first ||
             partBoxes[j][d].second < partBoxes[i][d].first;
    });
  };
  for (unsigned i = 0; i < parts.size(); ++i) {
    for (unsigned j = i; j < parts.size(); ++j) {
      // Parts whose boxes are apart touch no common element.
      if (j != i && disjoint(i, j))
        continue;
      auto first = parts[i], second = parts[j];
      System system;
      FailureOr<LanePart> a = buildLanePart(system, *first.first, first.second);
      FailureOr<LanePart> b =
          buildLanePart(system, *second.first, second.second);
      if (failed(a) || failed(b))
        return failure();
      for (unsigned d = 0; d < rank; ++d)
        system.addEq(a->coordinate[d] - b->coordinate[d]);
      // Within one part, slots of one lane never meet: other lanes do.
      if (i == j)
        system.addGe(b->lane - a->lane - 1);
      if (system.hasOverflow()) {
        setReason(reason, "an address overflows 64-bit integers");
        return failure();
      }
      if (system.findSample())
        return result;
    }
  }
  result.dense = true;
  return result;
}

//===----------------------------------------------------------------------===//
// The placement of a staged tile
//===----------------------------------------------------------------------===//

namespace {
/// One pair of a copy in a system: a lane, a slot of one run of slots, and
/// the element the read touches there and where the write puts it. The lane
/// and the slot are the system's first two variables, so that its
/// lexicographic minimum is the first element in lane and slot order.
struct CopyPart {
  Linear lane, slot;
  SmallVector<Linear> source, tile;
};
} // namespace

static FailureOr<CopyPart> buildCopyPart(System &system,
                                         const SymbolicFootprint::Impl &read,
                                         const SymbolicFootprint::Impl &write,
                                         std::pair<int64_t, int64_t> run) {
  std::array<int64_t, 3> block = *read.sizes.workgroupSize;
  CopyPart part;
  part.lane = system.addVar();
  part.slot = system.addVar(run.first, run.second);
  std::array<Linear, 3> threadId = addThreadIds(system, block);
  system.addEq(part.lane - getLinearId(threadId, block));
  FailureOr<SmallVector<Linear>> source =
      buildLaneCoordinate(system, read, threadId, part.slot);
  FailureOr<SmallVector<Linear>> tile =
      buildLaneCoordinate(system, write, threadId, part.slot);
  if (failed(source) || failed(tile))
    return failure();
  part.source = std::move(*source);
  part.tile = std::move(*tile);
  return part;
}

static CopiedElement evaluate(const CopyPart &part, ArrayRef<int64_t> point) {
  CopiedElement element;
  element.lane = part.lane.evaluate(point);
  element.slot = part.slot.evaluate(point);
  for (const Linear &x : part.source)
    element.source.push_back(x.evaluate(point));
  for (const Linear &x : part.tile)
    element.tile.push_back(x.evaluate(point));
  return element;
}

FailureOr<LaneTranslation> mlir::wave::findLaneTranslation(
    ArrayRef<std::pair<const SymbolicFootprint *, const SymbolicFootprint *>>
        copies,
    std::string *reason) {
  if (copies.empty()) {
    setReason(reason, "there are no accesses");
    return failure();
  }
  for (auto [read, write] : copies) {
    const SymbolicFootprint::Impl &r = read->getImpl(), &w = write->getImpl();
    if (!r.sizes.workgroupSize || !w.sizes.workgroupSize ||
        *r.sizes.workgroupSize != *w.sizes.workgroupSize) {
      setReason(reason, describeOp(r.op) + " and " + describeOp(w.op) +
                            " are not in one gpu.func with a "
                            "known_block_size");
      return failure();
    }
    if (r.slotRuns != w.slotRuns) {
      setReason(reason, describeOp(w.op) + " does not store the slots " +
                            describeOp(r.op) + " reads");
      return failure();
    }
    if (r.type.getRank() != w.type.getRank()) {
      setReason(reason, describeOp(w.op) + " and " + describeOp(r.op) +
                            " access memrefs of different ranks");
      return failure();
    }
  }
  auto build = [&](System &system, unsigned pair,
                   unsigned run) -> FailureOr<CopyPart> {
    auto [read, write] = copies[pair];
    FailureOr<CopyPart> part =
        buildCopyPart(system, read->getImpl(), write->getImpl(),
                      read->getImpl().slotRuns[run]);
    if (failed(part)) {
      setReason(reason, "the address of " + describeOp(read->getOp()) + " or " +
                            describeOp(write->getOp()) + " is not affine");
      return failure();
    }
    if (system.hasOverflow()) {
      setReason(reason, "the address of " + describeOp(read->getOp()) + " or " +
                            describeOp(write->getOp()) +
                            " overflows 64-bit integers");
      return failure();
    }
    return part;
  };

  // The first element: lane 0 of the first pair, its first slot.
  LaneTranslation result;
  {
    if (copies.front().first->getImpl().slotRuns.empty()) {
      setReason(reason, "no lane touches an element");
      return failure();
    }
    System system;
    system.shareQuotients();
    FailureOr<CopyPart> part = build(system, 0, 0);
    if (failed(part))
      return failure();
    system.addEq(part->lane);
    system.addEq(part->slot -
                 copies.front().first->getImpl().slotRuns[0].first);
    std::optional<SmallVector<int64_t>> first = system.findSample();
    if (!first) {
      setReason(reason, "the first element could not be found");
      return failure();
    }
    result.first = evaluate(*part, *first);
  }
  SmallVector<int64_t> shift;
  for (auto [g, l] : llvm::zip_equal(result.first.source, result.first.tile))
    shift.push_back(l - g);

  // The first element of each pair, in lane and slot order, whose
  // difference is not `shift`: one question a coordinate and direction.
  for (unsigned pair = 0; pair < copies.size(); ++pair) {
    std::optional<CopiedElement> mismatch;
    const SymbolicFootprint::Impl &read = copies[pair].first->getImpl();
    for (unsigned run = 0; run < read.slotRuns.size(); ++run) {
      for (unsigned d = 0; d < shift.size(); ++d) {
        for (int sign : {1, -1}) {
          System system;
          system.shareQuotients();
          FailureOr<CopyPart> part = build(system, pair, run);
          if (failed(part))
            return failure();
          Linear difference = part->tile[d] - part->source[d] - shift[d];
          // Accesses that differ by a translation mostly subtract to a
          // constant, which needs no question.
          if (difference.isConstant() && difference.constant == 0)
            break;
          system.addGe(difference * sign - 1);
          if (!system.findSample())
            continue;
          std::optional<SmallVector<int64_t>> point = system.findLexMin();
          if (!point) {
            setReason(reason, "an element of " + describeOp(read.op) +
                                  " could not be found");
            return failure();
          }
          CopiedElement element = evaluate(*part, *point);
          if (!mismatch || std::make_pair(element.lane, element.slot) <
                               std::make_pair(mismatch->lane, mismatch->slot))
            mismatch = std::move(element);
        }
      }
    }
    if (mismatch) {
      result.mismatch = std::move(mismatch);
      result.mismatchPair = pair;
      return result;
    }
  }
  result.shift = std::move(shift);
  return result;
}

bool mlir::wave::startsRunsOfLanes(ArrayRef<const SymbolicFootprint *> reads,
                                   const FootprintBox &box,
                                   ArrayRef<unsigned> dimOrder, int64_t width,
                                   int64_t numLanes) {
  unsigned inner = dimOrder.back();
  int64_t runsPerRow = box.extents[inner] / width;
  for (const SymbolicFootprint *footprint : reads) {
    const SymbolicFootprint::Impl &fp = footprint->getImpl();
    if (!fp.sizes.workgroupSize || fp.slotRuns.empty() ||
        fp.slotRuns.front().first != 0)
      return false;
    // Is there a lane whose element 0 is not at the start of a run (a
    // remainder modulo the width), or starts a run of another lane (a
    // remainder modulo the lanes)?
    for (bool aligned : {false, true}) {
      if ((!aligned && width == 1) || (aligned && numLanes == 1))
        continue;
      System system;
      std::array<int64_t, 3> block = *fp.sizes.workgroupSize;
      std::array<Linear, 3> threadId = addThreadIds(system, block);
      FailureOr<SmallVector<Linear>> coordinate =
          buildLaneCoordinate(system, fp, threadId, Linear::of(0));
      if (failed(coordinate))
        return false;
      Linear column = (*coordinate)[inner] - box.lowerBounds[inner];
      Linear quotient = system.addVar();
      Linear remainder = aligned ? Linear::of(0) : system.addVar(1, width - 1);
      system.addEq(column - quotient * width - remainder);
      if (aligned) {
        // The run's number, row-major over the box.
        Linear run = quotient;
        int64_t scale = runsPerRow;
        for (unsigned d : llvm::reverse(dimOrder.drop_back())) {
          run = run + ((*coordinate)[d] - box.lowerBounds[d]) * scale;
          scale *= box.extents[d];
        }
        Linear multiple = system.addVar();
        Linear other = system.addVar(1, numLanes - 1);
        system.addEq(run - getLinearId(threadId, block) - multiple * numLanes -
                     other);
      }
      if (system.hasOverflow() || system.findSample())
        return false;
    }
  }
  return true;
}

/// Element offset of `coordinate` in the allocation of a memref of `type`;
/// none for a layout that is not static.
static std::optional<Linear> getAddress(MemRefType type,
                                        ArrayRef<Linear> coordinate) {
  FailureOr<StaticMemRefLayout> layout = StaticMemRefLayout::get(type);
  if (failed(layout))
    return std::nullopt;
  Linear address = Linear::of(layout->offset);
  for (auto [index, stride] : llvm::zip_equal(coordinate, layout->strides))
    address = address + index * stride;
  return address;
}

FailureOr<std::optional<FootprintWitness>> mlir::wave::findCommonAddress(
    const SymbolicFootprint &a, const SymbolicFootprint &b,
    IterationRelationFn relationOf, LanePairs lanes, std::string *reason) {
  const SymbolicFootprint::Impl &fa = a.getImpl(), &fb = b.getImpl();
  if (!fa.sizes.workgroupSize) {
    setReason(reason, "the kernel has no known_block_size");
    return failure();
  }
  System system;
  Shared shared;
  auto isShared = [&](Value value) { return isSameInBoth(value, relationOf); };
  Execution first(system, shared, fa, isShared);
  Execution second(system, shared, fb, isShared);
  if (failed(first.build()) || failed(second.build())) {
    setReason(reason, "an address is not affine");
    return failure();
  }
  std::optional<Linear> addressA = getAddress(fa.type, first.coordinate);
  std::optional<Linear> addressB = getAddress(fb.type, second.coordinate);
  if (!addressA || !addressB) {
    setReason(reason, "the memref has a dynamic shape, stride or offset");
    return failure();
  }
  system.addEq(*addressA - *addressB);

  // Loops around both accesses: the iteration numbers differ by the
  // distance the caller gives.
  for (Operation *loop : fa.loops) {
    if (!llvm::is_contained(fb.loops, loop))
      continue;
    std::optional<IterationDistance> distance = relationOf(loop);
    if (!distance)
      continue;
    const LoopVars &varsA = first.loopVars[loop];
    const LoopVars &varsB = second.loopVars[loop];
    if (varsA.iteration && varsB.iteration) {
      Linear delta = *varsB.iteration - *varsA.iteration;
      system.addGe(delta - distance->min);
      if (distance->max)
        system.addGe(Linear::of(*distance->max) - delta);
    } else if (varsA.inductionVar && distance->min == 0 && distance->max &&
               *distance->max == 0) {
      system.addEq(*varsB.inductionVar - *varsA.inductionVar);
    }
  }

  SmallVector<Disjunction, 4> choices = first.choices;
  choices.append(second.choices.begin(), second.choices.end());
  if (lanes.groupSize != 0) {
    Linear groupA = system.floorDiv(first.lane, lanes.groupSize);
    Linear groupB = system.floorDiv(second.lane, lanes.groupSize);
    choices.push_back(
        {{{groupB - groupA - 1, false}}, {{groupA - groupB - 1, false}}});
  }
  if (system.hasOverflow()) {
    setReason(reason, "an address or loop bound overflows 64-bit integers");
    return failure();
  }
  std::optional<SmallVector<int64_t>> point = system.findSample(choices);
  if (!point)
    return std::optional<FootprintWitness>();
  return std::optional<FootprintWitness>(FootprintWitness{
      first.lane.evaluate(*point), second.lane.evaluate(*point),
      addressA->evaluate(*point)});
}

//===----------------------------------------------------------------------===//
// Queries over the grid
//===----------------------------------------------------------------------===//

/// The lexicographically smallest values of `keys` (at least 0 in every
/// point) over `system` with `choices`, which has a point.
static SmallVector<int64_t> findSmallestKeys(System system,
                                             ArrayRef<Disjunction> choices,
                                             ArrayRef<Linear> keys) {
  SmallVector<int64_t> values;
  for (const Linear &key : keys) {
    std::optional<SmallVector<int64_t>> point = system.findSample(choices);
    int64_t value =
        findExtreme(system, choices, key, 0, key.evaluate(*point), 1);
    system.addEq(key - value);
    values.push_back(value);
  }
  return values;
}

/// A `GridLane` from the smallest keys: workgroup z, y, x, then the lane.
static GridLane toGridLane(ArrayRef<int64_t> keys) {
  return GridLane{{keys[2], keys[1], keys[0]}, keys[3]};
}

FailureOr<std::optional<GridLane>>
mlir::wave::findLaneOutOfStep(const SymbolicFootprint &fp, int64_t groupSize,
                              int64_t stride, std::string *reason) {
  const SymbolicFootprint::Impl &impl = fp.getImpl();
  if (!impl.sizes.workgroupSize) {
    setReason(reason, "the kernel has no known_block_size");
    return failure();
  }
  // Element 0 of the access in every lane: masks, bounds and guards do not
  // move it.
  SymbolicFootprint::Impl start = impl;
  start.slotRuns = {{0, 0}};
  start.bounded = false;
  start.guards.clear();
  System system;
  Shared shared;
  SmallVector<Linear> keys;
  for (int dim = 2; dim >= 0; --dim)
    keys.push_back(
        *(shared.workgroupId[dim] = addWorkgroupId(system, impl.sizes, dim)));
  // Both lanes are of one workgroup: every uniform value is theirs alike.
  auto always = [](Value) { return true; };
  Execution lane(system, shared, start, always);
  Execution leader(system, shared, start, always);
  if (failed(lane.build()) || failed(leader.build())) {
    setReason(reason,
              "the address of " + describeOp(impl.op) + " is not affine");
    return failure();
  }
  keys.push_back(lane.lane);
  Linear group = system.addVar();
  Linear offset = system.addVar(1, groupSize - 1);
  system.addEq(leader.lane - group * groupSize);
  system.addEq(lane.lane - leader.lane - offset);
  Disjunction differs;
  for (auto [dim, mine, theirs] :
       llvm::enumerate(lane.coordinate, leader.coordinate)) {
    Linear gap = mine - theirs;
    if (dim == impl.contiguousDim)
      gap = gap - offset * stride;
    differs.push_back({{gap - 1, false}});
    differs.push_back({{Linear::of(-1) - gap, false}});
  }
  if (system.hasOverflow()) {
    setReason(reason, "the address of " + describeOp(impl.op) +
                          " overflows 64-bit integers");
    return failure();
  }
  SmallVector<Disjunction, 1> choices = {differs};
  if (!system.findSample(choices))
    return std::optional<GridLane>();
  return std::optional<GridLane>(
      toGridLane(findSmallestKeys(system, choices, keys)));
}

/// Whether `func` reads its workgroup id along `dim`.
static bool readsWorkgroupId(gpu::GPUFuncOp func, unsigned dim) {
  return func
      .walk([&](gpu::BlockIdOp id) {
        return static_cast<unsigned>(id.getDimension()) == dim
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

FailureOr<std::optional<std::pair<GridLane, GridLane>>>
mlir::wave::findElementSharedInGrid(const SymbolicFootprint &a,
                                    const SymbolicFootprint &b,
                                    std::string *reason) {
  const SymbolicFootprint::Impl &fa = a.getImpl(), &fb = b.getImpl();
  if (!fa.sizes.workgroupSize) {
    setReason(reason, "the kernel has no known_block_size");
    return failure();
  }
  auto func = fa.op->getParentOfType<gpu::GPUFuncOp>();
  // Dimensions along which a launch may have two workgroups: those of the
  // known grid that do, else those the kernel reads the id of (workgroups
  // that differ elsewhere run the same work).
  std::array<bool, 3> spread;
  for (unsigned dim = 0; dim < 3; ++dim)
    spread[dim] = fa.sizes.gridSize ? (*fa.sizes.gridSize)[dim] > 1
                                    : readsWorkgroupId(func, dim);
  // Executions in different workgroups agree on the kernel's arguments
  // only.
  auto isArgument = [&](Value value) {
    auto arg = dyn_cast<BlockArgument>(value);
    return arg && arg.getOwner()->getParentOp() == func;
  };
  System system;
  Shared shared;
  Execution first(system, shared, fa, isArgument);
  Execution second(system, shared, fb, isArgument);
  first.ownWorkgroup = second.ownWorkgroup = true;
  for (int dim = 2; dim >= 0; --dim)
    first.workgroupId[dim] = addWorkgroupId(system, fa.sizes, dim);
  for (int dim = 2; dim >= 0; --dim)
    second.workgroupId[dim] = spread[dim]
                                  ? addWorkgroupId(system, fa.sizes, dim)
                                  : *first.workgroupId[dim];
  if (failed(first.build()) || failed(second.build())) {
    setReason(reason, "an address is not affine");
    return failure();
  }
  std::optional<Linear> addressA = getAddress(fa.type, first.coordinate);
  std::optional<Linear> addressB = getAddress(fb.type, second.coordinate);
  if (addressA && addressB) {
    system.addEq(*addressA - *addressB);
  } else if (fa.memref == fb.memref && fa.type.getLayout().isIdentity()) {
    // Run-time extents: two coordinates of one element are equal, an index
    // past an extent being outside the memref.
    for (auto [x, y] : llvm::zip_equal(first.coordinate, second.coordinate))
      system.addEq(x - y);
  } else {
    setReason(reason, "the memref has a dynamic stride or offset");
    return failure();
  }

  SmallVector<Disjunction, 4> choices = first.choices;
  choices.append(second.choices.begin(), second.choices.end());
  Disjunction &different = choices.emplace_back();
  auto differ = [&](const Linear &x, const Linear &y) {
    different.push_back({{x - y - 1, false}});
    different.push_back({{y - x - 1, false}});
  };
  differ(first.lane, second.lane);
  for (unsigned dim = 0; dim < 3; ++dim)
    if (spread[dim])
      differ(*first.workgroupId[dim], *second.workgroupId[dim]);
  if (system.hasOverflow()) {
    setReason(reason, "an address overflows 64-bit integers");
    return failure();
  }
  if (!system.findSample(choices))
    return std::optional<std::pair<GridLane, GridLane>>();
  SmallVector<int64_t> keys = findSmallestKeys(
      system, choices,
      {*first.workgroupId[2], *first.workgroupId[1], *first.workgroupId[0],
       first.lane, *second.workgroupId[2], *second.workgroupId[1],
       *second.workgroupId[0], second.lane});
  return std::optional<std::pair<GridLane, GridLane>>(
      std::make_pair(toGridLane(ArrayRef(keys).take_front(4)),
                     toGridLane(ArrayRef(keys).drop_front(4))));
}

namespace {
/// The key of a pair query: everything its system is built from, in the
/// order it is built. Values and ops appear as numbers in their order of
/// first appearance, described there by what the system reads of them, so
/// that a kernel and its clones (the restaged copies load minimization
/// tries) ask the same question with the same key, and the key holds no
/// pointer to an op that may be erased. Types, maps and expressions are
/// uniqued in the context and appear as themselves.
class QueryKey {
public:
  QueryKey(LanePairs lanes, IterationRelationFn relationOf)
      : relationOf(relationOf) {
    words.push_back(lanes.groupSize);
  }

  void addFootprint(const SymbolicFootprint::Impl &fp);
  StringRef getBytes() const {
    return StringRef(reinterpret_cast<const char *>(words.data()),
                     words.size() * sizeof(uintptr_t));
  }

private:
  void addInt(int64_t value) { words.push_back(static_cast<uintptr_t>(value)); }
  void addPointer(const void *pointer) {
    words.push_back(reinterpret_cast<uintptr_t>(pointer));
  }
  /// Appends the number of `entity`; true at its first appearance.
  bool addId(const void *entity) {
    auto [it, inserted] = ids.try_emplace(entity, ids.size());
    addInt(it->second);
    return inserted;
  }
  void addSizes(const std::optional<std::array<int64_t, 3>> &sizes) {
    addInt(sizes.has_value());
    if (sizes)
      for (int64_t size : *sizes)
        addInt(size);
  }
  void addKernel(gpu::GPUFuncOp func);
  void addValue(Value value);
  void addLeaves(ArrayRef<FootprintLeaf> leaves);
  void addLoop(Operation *loop);

  IterationRelationFn relationOf;
  SmallVector<uintptr_t, 64> words;
  llvm::DenseMap<const void *, unsigned> ids;
};
} // namespace

/// The kernel's assumptions and arguments (they become variables).
void QueryKey::addKernel(gpu::GPUFuncOp func) {
  if (!addId(func.getOperation()))
    return;
  addPointer(func->getAttr(kAssumeAttrName).getAsOpaquePointer());
  addInt(func.getNumArguments());
}

/// A uniform value: which kernel argument it is, if one (the assumptions
/// name arguments by number).
void QueryKey::addValue(Value value) {
  if (!addId(value.getAsOpaquePointer()))
    return;
  auto arg = dyn_cast<BlockArgument>(value);
  auto func = arg ? dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp())
                  : gpu::GPUFuncOp();
  bool isKernelArgument = func && arg.getOwner() == &func.getBody().front();
  addInt(isKernelArgument);
  if (isKernelArgument) {
    addKernel(func);
    addInt(arg.getArgNumber());
  }
}

void QueryKey::addLeaves(ArrayRef<FootprintLeaf> leaves) {
  addInt(leaves.size());
  for (const FootprintLeaf &leaf : leaves) {
    addInt(static_cast<int64_t>(leaf.indexClass.kind));
    addInt(leaf.indexClass.dim);
    // Ids are variables by dimension; other kinds are not linearized.
    if (leaf.indexClass.kind == IndexKind::LoopInductionVar) {
      addLoop(cast<BlockArgument>(leaf.value).getOwner()->getParentOp());
    } else if (leaf.indexClass.kind == IndexKind::Uniform) {
      addValue(leaf.value);
      addInt(isSameInBoth(leaf.value, relationOf));
    }
  }
}

/// A loop: its relation between the executions and what `buildLoop` reads
/// of its bounds.
void QueryKey::addLoop(Operation *loop) {
  if (!addId(loop))
    return;
  addPointer(loop->getName().getAsOpaquePointer());
  std::optional<IterationDistance> distance = relationOf(loop);
  addInt(distance.has_value());
  if (distance) {
    addInt(distance->min);
    addInt(distance->max.has_value());
    addInt(distance->max.value_or(0));
  }
  auto forOp = dyn_cast<scf::ForOp>(loop);
  if (!forOp)
    return;
  IndexClass iv = classifyIndex(forOp.getInductionVar());
  addInt(iv.hasStaticRange());
  if (iv.hasStaticRange()) {
    addInt(*iv.lowerBound);
    addInt(*iv.step);
    addInt(iv.getTripCount());
    return;
  }
  IndexComposer composer(loop->getContext(), KernelSizes::of(loop));
  std::string ignored;
  for (Value bound :
       {forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep()}) {
    FailureOr<AffineExpr> expr = composer.compose(bound, ignored);
    addPointer(succeeded(expr) ? expr->getAsOpaquePointer() : nullptr);
  }
  addInt(forOp.getUnsignedCmp());
  addLeaves(composer.getLeaves());
}

void QueryKey::addFootprint(const SymbolicFootprint::Impl &fp) {
  addSizes(fp.sizes.workgroupSize);
  addSizes(fp.sizes.gridSize);
  auto func = fp.op->getParentOfType<gpu::GPUFuncOp>();
  addInt(static_cast<bool>(func));
  if (func)
    addKernel(func);
  addInt(fp.loops.size());
  for (Operation *loop : fp.loops)
    addLoop(loop);
  addPointer(fp.type.getAsOpaquePointer());
  addPointer(fp.map.getAsOpaquePointer());
  addLeaves(fp.leaves);
  addInt(fp.contiguousDim);
  addInt(fp.slotRuns.size());
  for (auto [first, last] : fp.slotRuns) {
    addInt(first);
    addInt(last);
  }
  // A bounded access reads the extents: dynamic ones are kernel arguments.
  addInt(fp.bounded);
  if (fp.bounded)
    for (unsigned dim = 0; dim < fp.type.getRank(); ++dim) {
      BlockArgument size = fp.type.isDynamicDim(dim)
                               ? getSizeArgument(fp.memref, dim)
                               : BlockArgument();
      addInt(static_cast<bool>(size));
      if (size)
        addValue(size);
    }
  addLeaves(fp.guardLeaves);
  addInt(fp.guards.size());
  for (const GuardDnf &guard : fp.guards) {
    addInt(guard.size());
    for (const GuardConjunction &conjunction : guard) {
      addInt(conjunction.size());
      for (const GuardAtom &atom : conjunction) {
        addPointer(atom.expr.getAsOpaquePointer());
        addInt(atom.equality);
      }
    }
  }
}

FailureOr<std::optional<FootprintWitness>>
CommonAddressCache::find(const SymbolicFootprint &a, const SymbolicFootprint &b,
                         IterationRelationFn relationOf, LanePairs lanes) {
  QueryKey key(lanes, relationOf);
  key.addFootprint(a.getImpl());
  key.addFootprint(b.getImpl());
  StringRef bytes = key.getBytes();
  auto it = answers.find(bytes);
  if (it != answers.end())
    return it->second;
  FailureOr<std::optional<FootprintWitness>> answer =
      findCommonAddress(a, b, relationOf, lanes);
  answers.try_emplace(bytes, answer);
  return answer;
}

FailureOr<CoordinateBounds>
mlir::wave::findCoordinateBounds(const SymbolicFootprint &footprint) {
  const SymbolicFootprint::Impl &fp = footprint.getImpl();
  System system;
  Shared shared;
  Execution execution(system, shared, fp, [](Value) { return false; });
  if (failed(execution.build()) || system.hasOverflow())
    return failure();
  CoordinateBounds bounds;
  // The execution's alternatives (guards, slot runs) are left out: fewer
  // constraints, more points, still bounds.
  if (!system.findSample()) {
    bounds.empty = true;
    return bounds;
  }
  for (const Linear &coordinate : execution.coordinate) {
    auto [lower, upper] = system.getRationalRange(coordinate);
    // The relaxation of a floordiv or mod leaves slack; a binary search on
    // integers between the rational bounds takes it back, so that the boxes
    // of neighbouring rows (a staging chunk and the next) are apart.
    if (lower && upper) {
      int64_t lo = *lower, hi = *upper;
      lower = findExtreme(system, {}, coordinate, lo, hi, 1);
      upper = findExtreme(system, {}, coordinate, *lower, hi, -1);
    }
    bounds.lower.push_back(lower);
    bounds.upper.push_back(upper);
  }
  return bounds;
}

bool CoordinateBounds::mayMeet(const CoordinateBounds &other) const {
  if (empty || other.empty)
    return false;
  for (auto [lowerA, upperA, lowerB, upperB] :
       llvm::zip_equal(lower, upper, other.lower, other.upper))
    if ((upperA && lowerB && *upperA < *lowerB) ||
        (upperB && lowerA && *upperB < *lowerA))
      return false;
  return true;
}

FailureOr<LaneOverlap> mlir::wave::computeSymbolicOverlap(
    const SymbolicFootprint &a, const SymbolicFootprint &b,
    IterationRelationFn relationOf, unsigned waveSize, std::string *reason) {
  if (a.getMemref() != b.getMemref()) {
    setReason(reason, describeOp(a.getOp()) + " and " + describeOp(b.getOp()) +
                          " access different memrefs");
    return failure();
  }
  LaneOverlap overlap;
  // The strongest overlap first: each implies the weaker ones.
  LanePairs strongestFirst[] = {LanePairs::differentGroups(waveSize),
                                LanePairs::differentLanes(), LanePairs::any()};
  for (auto [strength, lanes] : llvm::enumerate(strongestFirst)) {
    FailureOr<std::optional<FootprintWitness>> witness =
        findCommonAddress(a, b, relationOf, lanes, reason);
    if (failed(witness))
      return failure();
    if (!*witness)
      continue;
    overlap.crossWave = strength == 0;
    overlap.crossLane = strength <= 1;
    overlap.commonAddress = true;
    overlap.laneA = (*witness)->laneA;
    overlap.laneB = (*witness)->laneB;
    overlap.address = (*witness)->address;
    return overlap;
  }
  return overlap;
}
