//===- LinearSystemTest.cpp - Integer points of constraint systems --------===//
//
// `System::hasSample` decides by a bounded branch and bound before the full
// search, and by the points of earlier systems kept in a `SamplePool`: it
// must agree with `findSample` (and with enumeration) on random small
// systems, on ones whose branch and bound runs out of nodes, and with
// alternatives.
//
//===----------------------------------------------------------------------===//

#include "../../lib/Analysis/Footprint/LinearSystem.h"

#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace mlir::wave::detail;

namespace {

/// A random conjunction over `vars` variables in [-4, 4]: its forms, for
/// enumeration, and the system.
struct RandomSystem {
  System system;
  SmallVector<Constraint> constraints;
};

RandomSystem randomSystem(std::mt19937 &rng, unsigned vars) {
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  RandomSystem result;
  for (unsigned i = 0; i < vars; ++i)
    (void)result.system.addVar(-4, 4);
  for (int count = pick(1, 4); count > 0; --count) {
    Constraint constraint;
    constraint.form.coeffs.resize(vars);
    for (int64_t &c : constraint.form.coeffs)
      c = pick(-3, 3);
    constraint.form.constant = pick(-6, 6);
    constraint.equality = pick(0, 3) == 0;
    result.system.add(constraint);
    result.constraints.push_back(constraint);
  }
  return result;
}

bool holds(ArrayRef<Constraint> constraints, ArrayRef<int64_t> point) {
  return llvm::all_of(constraints, [&](const Constraint &constraint) {
    int64_t value = constraint.form.evaluate(point);
    return constraint.equality ? value == 0 : value >= 0;
  });
}

/// Whether a point of [-4, 4]^vars satisfies `constraints`.
bool hasPointInBox(ArrayRef<Constraint> constraints, unsigned vars) {
  SmallVector<int64_t> point(vars, -4);
  while (true) {
    if (holds(constraints, point))
      return true;
    unsigned i = 0;
    while (i < vars && ++point[i] > 4)
      point[i++] = -4;
    if (i == vars)
      return false;
  }
}

TEST(LinearSystemTest, HasSampleAgreesWithFullSearchOnRandomSystems) {
  std::mt19937 rng(20261202);
  unsigned withPoint = 0, without = 0;
  for (int round = 0; round < 400; ++round) {
    unsigned vars = std::uniform_int_distribution<unsigned>(1, 3)(rng);
    RandomSystem random = randomSystem(rng, vars);
    bool expected = hasPointInBox(random.constraints, vars);
    EXPECT_EQ(random.system.findSample().has_value(), expected);
    EXPECT_EQ(random.system.hasSample(), expected) << "round " << round;
    (expected ? withPoint : without) += 1;
  }
  EXPECT_GT(withPoint, 0u);
  EXPECT_GT(without, 0u);
}

/// One pool across every round: a kept point answers only the systems it
/// satisfies, so the answers stay those of enumeration, and some rounds are
/// answered by an earlier round's point.
TEST(LinearSystemTest, HasSampleWithKeptPointsAgreesOnRandomSystems) {
  std::mt19937 rng(17);
  SamplePool pool;
  for (int round = 0; round < 400; ++round) {
    unsigned vars = std::uniform_int_distribution<unsigned>(1, 3)(rng);
    RandomSystem random = randomSystem(rng, vars);
    bool expected = hasPointInBox(random.constraints, vars);
    EXPECT_EQ(random.system.hasSample({}, &pool), expected)
        << "round " << round;
  }
  EXPECT_GT(pool.getNumHits(), 0u);
}

TEST(LinearSystemTest, KeptPointAnswersBeforeAnySearch) {
  System system;
  Linear x = system.addVar(0, 1 << 20), y = system.addVar(0, 1 << 20);
  // Only (5, 9) is a point.
  system.addEq(x - 5);
  system.addEq(y - 9);
  SamplePool pool;
  pool.add({1, 2});
  EXPECT_FALSE(pool.findIn(system));
  EXPECT_EQ(system.hasSample({}, &pool), true);
  // The search kept (5, 9): the same system again is answered by it.
  EXPECT_TRUE(pool.findIn(system));
  EXPECT_EQ(pool.getNumHits(), 1u);
  // A point of another number of variables, or whose evaluation overflows,
  // is no point of the system.
  EXPECT_FALSE(system.contains({5}));
  System large;
  Linear z = large.addVar();
  large.addGe(z * (int64_t(1) << 40));
  EXPECT_TRUE(large.contains({1}));
  EXPECT_FALSE(large.contains({int64_t(1) << 40}));
}

TEST(LinearSystemTest, HasSampleAgreesWithAlternatives) {
  std::mt19937 rng(7);
  SamplePool pool;
  for (int round = 0; round < 200; ++round) {
    RandomSystem random = randomSystem(rng, 2);
    RandomSystem first = randomSystem(rng, 2), second = randomSystem(rng, 2);
    Disjunction choice = {
        Conjunction(first.constraints.begin(), first.constraints.end()),
        Conjunction(second.constraints.begin(), second.constraints.end())};
    SmallVector<Constraint> withFirst = random.constraints;
    withFirst.append(first.constraints.begin(), first.constraints.end());
    SmallVector<Constraint> withSecond = random.constraints;
    withSecond.append(second.constraints.begin(), second.constraints.end());
    bool expected = hasPointInBox(withFirst, 2) || hasPointInBox(withSecond, 2);
    EXPECT_EQ(random.system.findSample({choice}).has_value(), expected);
    EXPECT_EQ(random.system.hasSample({choice}), expected) << "round " << round;
    EXPECT_EQ(random.system.hasSample({choice}, &pool), expected)
        << "round " << round;
  }
}

/// `2x - 2y = 1` has rational points all along a long diagonal and no
/// integer one: branch and bound cuts it into slices, each still rational,
/// and runs out of nodes; the full search (its GCD test) answers.
TEST(LinearSystemTest, HasSampleFallsBackWhenBranchAndBoundRunsOut) {
  System system;
  Linear x = system.addVar(0, 1 << 20), y = system.addVar(0, 1 << 20);
  System diagonal = system;
  diagonal.addEq(x * 2 - y * 2 - 1);
  EXPECT_FALSE(diagonal.findSample().has_value());
  EXPECT_FALSE(diagonal.hasSample());
  // The same with an alternative that has a point, listed after it: the
  // alternative decides without the full search of the first.
  Disjunction choice = {{{x * 2 - y * 2 - 1, true}}, {{x - y - 7, true}}};
  EXPECT_TRUE(system.findSample({choice}).has_value());
  EXPECT_EQ(system.hasSample({choice}), true);
  // Both alternatives without a point.
  Disjunction neither = {{{x * 2 - y * 2 - 1, true}},
                         {{x * 4 - y * 4 - 2, true}}};
  EXPECT_EQ(system.hasSample({neither}), false);
  // A point at the far end of the diagonal's neighbour `2x - 2y = 2`
  // beyond `x = 2^20 - 3`: narrow, but with integer points.
  System far = system;
  far.addEq(x * 2 - y * 2 - 2);
  far.addGe(x - ((1 << 20) - 3));
  EXPECT_TRUE(far.findSample().has_value());
  EXPECT_TRUE(far.hasSample());
}

/// A pool allows `kFullSearches` full searches; after them a question that
/// branch and bound cannot decide (the diagonal above) is left undecided,
/// and counted, while one that branch and bound settles is still answered.
TEST(LinearSystemTest, PoolBoundsTheFullSearches) {
  System system;
  Linear x = system.addVar(0, 1 << 20), y = system.addVar(0, 1 << 20);
  System diagonal = system;
  diagonal.addEq(x * 2 - y * 2 - 1);
  SamplePool pool;
  for (unsigned i = 0; i < SamplePool::kFullSearches; ++i)
    ASSERT_EQ(diagonal.hasSample({}, &pool), false) << "search " << i;
  EXPECT_EQ(pool.getNumUndecided(), 0u);
  EXPECT_EQ(diagonal.hasSample({}, &pool), std::nullopt);
  EXPECT_EQ(pool.getNumUndecided(), 1u);
  // Of two alternatives, one that has a point decides without a full
  // search; neither having one would need the searches that are spent.
  Disjunction either = {{{x * 2 - y * 2 - 1, true}}, {{x - y - 7, true}}};
  EXPECT_EQ(system.hasSample({either}, &pool), true);
  Disjunction neither = {{{x * 2 - y * 2 - 1, true}},
                         {{x * 4 - y * 4 - 2, true}}};
  EXPECT_EQ(system.hasSample({neither}, &pool), std::nullopt);
  EXPECT_EQ(pool.getNumUndecided(), 2u);
  // Without a pool nothing bounds the search.
  EXPECT_EQ(diagonal.hasSample({}), false);
}

/// A pool never runs the full search of a system of more than
/// `kFullSearchVariables` variables: the diagonal above with that many
/// extra variables is left undecided (and counted) with its searches
/// unspent; one variable fewer, it is searched and answered.
TEST(LinearSystemTest, PoolSkipsTheFullSearchOfLargeSystems) {
  auto diagonalWith = [](unsigned variables) {
    System system;
    Linear x = system.addVar(0, 1 << 20), y = system.addVar(0, 1 << 20);
    system.addEq(x * 2 - y * 2 - 1);
    for (unsigned i = 2; i < variables; ++i)
      system.addVar(0, 1);
    return system;
  };
  SamplePool pool;
  EXPECT_EQ(
      diagonalWith(SamplePool::kFullSearchVariables + 1).hasSample({}, &pool),
      std::nullopt);
  EXPECT_EQ(pool.getNumUndecided(), 1u);
  EXPECT_EQ(diagonalWith(SamplePool::kFullSearchVariables).hasSample({}, &pool),
            false);
  EXPECT_EQ(pool.getNumUndecided(), 1u);
  // Without a pool the search runs whatever the size.
  EXPECT_EQ(diagonalWith(SamplePool::kFullSearchVariables + 1).hasSample(),
            false);
}

/// The binary search of `findExtreme` between bounds of opposite signs
/// whose difference does not fit 64 bits (a fuzzer finding: hi - lo
/// overflowed): it finds the extremes of x in [-5, 1 << 40].
TEST(LinearSystemTest, FindExtremeAcrossTheWholeRange) {
  System system;
  Linear x = system.addVar(-5, int64_t(1) << 40);
  EXPECT_EQ(findExtreme(system, {}, x, INT64_MIN + 1, INT64_MAX - 1, 1), -5);
  EXPECT_EQ(findExtreme(system, {}, x, INT64_MIN + 1, INT64_MAX - 1, -1),
            int64_t(1) << 40);
  // Bounds that are the extremes already, and one apart.
  EXPECT_EQ(findExtreme(system, {}, x, -5, -5, 1), -5);
  EXPECT_EQ(findExtreme(system, {}, x, -6, -5, -1), -5);
}

} // namespace
