//===- LinearSystem.h - Integer constraint systems ---------------*- C++
//-*-===//
//
// Affine forms over integer variables and conjunctions of constraints on
// them, decided by MLIR's Presburger library: the layer every symbolic
// footprint query builds its system on. Disjunctions (conditions such as
// `!=` and `||`, masks that enable non-adjacent slots, lanes of different
// groups) are kept as alternatives, each a set of extra constraints; a
// query is non-empty when one combination of alternatives is.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_ANALYSIS_FOOTPRINT_LINEARSYSTEM_H
#define WAVE_LIB_ANALYSIS_FOOTPRINT_LINEARSYSTEM_H

#include "mlir/Analysis/Presburger/IntegerRelation.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <map>
#include <optional>
#include <vector>

namespace mlir::wave::detail {

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

class System;

/// Integer points of earlier systems, kept to answer later ones: a point
/// that satisfies every constraint of a system is a point of it, whatever
/// system it came from. The hazard questions of one kernel are systems of
/// the same few shapes (two executions of two accesses), and a pair found
/// for one pair of accesses is often a pair for another, at the cost of a
/// few evaluated constraints against the milliseconds of a search. Holds at
/// most `kCapacity` points, the latest found or used first.
///
/// The pool also bounds the work of the questions it serves: the full
/// integer search (`findIntegerSample`) has no bound of its own and takes
/// from a few to a hundred milliseconds on the systems of real kernels.
/// After `kFullSearches` of them, a question the branch and bound leaves
/// open gets none: the caller gives its conservative answer and says so.
/// Nor does a system of more than `kFullSearchVariables` variables, whose
/// search may take seconds.
class SamplePool {
public:
  /// A kept point of `system`, if any; moves it to the front.
  bool findIn(const System &system);
  void add(ArrayRef<int64_t> point);

  /// Whether a full search of a system of `variables` variables may run;
  /// counts it when it may.
  bool takeFullSearch(unsigned variables);
  void noteUndecided() { ++numUndecided; }

  unsigned getNumHits() const { return numHits; }
  /// The questions left undecided once the full searches were spent.
  unsigned getNumUndecided() const { return numUndecided; }

  /// Full searches a pool allows: the most one of the examples' analyses
  /// needs is 146 (gemm_gfx950), and attention pipelined in LDS buffers runs
  /// 551 over all its analyses; each takes 5 to 80 milliseconds in the
  /// Release build.
  static constexpr unsigned kFullSearches = 1024;
  /// Variables of the largest system a pool searches fully: the examples'
  /// pair questions have at most 17; two runs moved by an XOR swizzle in
  /// the access maps (a dozen quotients each) make 44, 3 seconds a search.
  static constexpr unsigned kFullSearchVariables = 32;

private:
  static constexpr unsigned kCapacity = 64;
  SmallVector<SmallVector<int64_t>, 0> points;
  unsigned numHits = 0;
  unsigned numFullSearches = 0;
  unsigned numUndecided = 0;
};

/// A conjunction of integer constraints over variables created on demand.
class System {
public:
  Linear addVar(std::optional<int64_t> lo = std::nullopt,
                std::optional<int64_t> hi = std::nullopt);
  void add(const Constraint &constraint);
  void addGe(const Linear &form) { add({form, false}); }
  void addEq(const Linear &form) { add({form, true}); }
  void add(ArrayRef<Constraint> constraints) {
    for (const Constraint &constraint : constraints)
      add(constraint);
  }

  /// `expr` with dimension `i` replaced by `dims[i]`; floordiv, ceildiv
  /// and mod by a positive constant introduce a variable. Fails on products
  /// of non-constants and divisions by non-constants.
  FailureOr<Linear> linearize(AffineExpr expr, ArrayRef<Linear> dims);

  /// `floor(form / divisor)` for a positive divisor.
  Linear floorDiv(const Linear &form, int64_t divisor);

  /// Makes `floorDiv` give one variable to equal quotients, so that the
  /// forms of two accesses that divide the same thread ids alike subtract
  /// to constants.
  void shareQuotients() { sharedQuotients = true; }

  bool isEmpty() const { return poly.isIntegerEmpty(); }
  /// The bounds of `form` over the rational relaxation of a system that has
  /// a rational point: every integer point lies inside them. A side the
  /// relaxation leaves unbounded (or that overflows 64 bits) is none.
  std::pair<std::optional<int64_t>, std::optional<int64_t>>
  getRationalRange(const Linear &form) const;
  /// A point of the system, when it has one.
  std::optional<SmallVector<int64_t>> findSample() const;

  /// Whether one combination of an alternative of each of `choices` is
  /// satisfiable together with this system; the point found, if any.
  std::optional<SmallVector<int64_t>>
  findSample(ArrayRef<Disjunction> choices) const;

  /// Whether the system has an integer point: `findSample().has_value()`,
  /// decided first by a bounded branch and bound on the rational
  /// relaxation, which finds some point (not `findSample`'s) far sooner
  /// than generalized basis reduction; the full search only when the
  /// branch and bound runs out of nodes.
  bool hasSample() const;
  /// `findSample(choices).has_value()`, each combination by `hasSample`.
  /// With `pool`, a kept point answers first, the points the branch and
  /// bound or the full search find are kept, and the answer is none when
  /// `pool`'s full searches are spent before one decides.
  std::optional<bool> hasSample(ArrayRef<Disjunction> choices,
                                SamplePool *pool = nullptr) const;

  /// Whether `point` (a value for each variable) satisfies every
  /// constraint, with arithmetic that overflows int64_t counting as not.
  bool contains(ArrayRef<int64_t> point) const;

  /// Whether a constraint's arithmetic overflowed: the system is then not
  /// the kernel's, and the query gives its conservative answer.
  bool hasOverflow() const { return overflowed; }

  /// The lexicographically smallest point (variables in the order of
  /// their creation), when the system has one and is bounded below.
  std::optional<SmallVector<int64_t>> findLexMin() const;
  /// The smallest value of the first variable, when it has one.
  std::optional<int64_t> findLexMinOfFirst() const;

private:
  presburger::IntegerPolyhedron poly{
      presburger::PresburgerSpace::getSetSpace(0)};
  bool overflowed = false;
  bool sharedQuotients = false;
  /// With `sharedQuotients`: the quotient of each form (coefficients
  /// without trailing zeros, constant) and divisor.
  std::map<std::vector<int64_t>, Linear> quotients;
};

/// Smallest (`sign` 1) or largest (`sign` -1) value of `form` over the
/// system with `choices`, searched in `[lo, hi]`, which holds it.
int64_t findExtreme(const System &system, ArrayRef<Disjunction> choices,
                    const Linear &form, int64_t lo, int64_t hi, int sign);

} // namespace mlir::wave::detail

#endif // WAVE_LIB_ANALYSIS_FOOTPRINT_LINEARSYSTEM_H
