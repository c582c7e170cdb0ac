//===- BarrierPlacementTest.cpp - Barrier placement against brute force ---===//
//
// Synthetic programs of LDS accesses ("lane l touches element f(l)") in a
// workgroup of 3 waves of 4 lanes. Placement (the core the pass uses) must
// leave no hazard and use as few barriers as the best subset of gaps found
// by brute force, where hazards are checked on execution traces (the loop
// unrolled), independently of how placement models paths.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Lds/BarrierPlacement.h"

#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace mlir::wave;

namespace {

constexpr int kWaveSize = 4;
constexpr int kNumWaves = 3;
constexpr int kNumLanes = kWaveSize * kNumWaves;
/// Iterations an unknown trip count is simulated for (patterns repeat with
/// a period of at most 3, so every iteration relation shows up).
constexpr int kHorizon = 6;

/// Which element lane `l` touches in iteration `i`.
enum class Pattern {
  Own,                   // l
  Reversed,              // kNumLanes - 1 - l
  NeighborLane,          // the next lane of the same wave
  OtherWave,             // the element of the same lane of the next wave
  Broadcast,             // element 0 (reads only)
  DoubleBuffer,          // l in even iterations, kNumLanes + l in odd ones
  DoubleBufferOtherWave, // DoubleBuffer of the same lane of the next wave
  Rotating,              // the element of lane l of wave (w + i) mod 3
  NumPatterns
};

int touchedElement(Pattern pattern, int lane, int iteration) {
  int wave = lane / kWaveSize, inWave = lane % kWaveSize;
  switch (pattern) {
  case Pattern::Own:
    return lane;
  case Pattern::Reversed:
    return kNumLanes - 1 - lane;
  case Pattern::NeighborLane:
    return wave * kWaveSize + (inWave + 1) % kWaveSize;
  case Pattern::OtherWave:
    return (lane + kWaveSize) % kNumLanes;
  case Pattern::Broadcast:
    return 0;
  case Pattern::DoubleBuffer:
    return lane + (iteration % 2) * kNumLanes;
  case Pattern::DoubleBufferOtherWave:
    return (lane + kWaveSize) % kNumLanes + (iteration % 2) * kNumLanes;
  case Pattern::Rotating:
    return ((wave + iteration) % kNumWaves) * kWaveSize + inWave;
  case Pattern::NumPatterns:
    break;
  }
  llvm_unreachable("unknown pattern");
}

struct Access {
  int buffer;
  bool write;
  Pattern pattern;
};

/// Two executions conflict when lanes of different waves touch a common
/// element of the same buffer and one of them writes (one wave's accesses
/// are ordered).
bool conflict(const Access &a, int iterationA, const Access &b,
              int iterationB) {
  if (a.buffer != b.buffer || (!a.write && !b.write))
    return false;
  for (int laneA = 0; laneA < kNumLanes; ++laneA)
    for (int laneB = 0; laneB < kNumLanes; ++laneB)
      if (laneA / kWaveSize != laneB / kWaveSize &&
          touchedElement(a.pattern, laneA, iterationA) ==
              touchedElement(b.pattern, laneB, iterationB))
        return true;
  return false;
}

/// Accesses before a loop, in its body, and after it (or straight-line code
/// when there is no loop), with the BarrierProgram modelling it.
struct SyntheticKernel {
  std::vector<Access> accesses;
  std::vector<int> before, body, after; // access ids
  bool hasLoop = false;
  /// Static trip count, or none for an unknown one (possibly zero).
  std::optional<int> tripCount;

  BarrierProgram program;
  unsigned bodyRegion = 0;

  void build() {
    for (int access : before)
      program.addAccess(BarrierProgram::kRoot, access);
    if (hasLoop) {
      bool mayRunZeroTimes = !tripCount || *tripCount == 0;
      unsigned loop = program.addLoop(BarrierProgram::kRoot, mayRunZeroTimes,
                                      /*barriersAllowed=*/true);
      bodyRegion = program.getItem(loop).children.front();
      for (int access : body)
        program.addAccess(bodyRegion, access);
    }
    for (int access : after)
      program.addAccess(BarrierProgram::kRoot, access);
  }

  bool inBody(unsigned access) const {
    return llvm::is_contained(body, static_cast<int>(access));
  }
  int numIterations() const { return tripCount ? *tripCount : kHorizon; }

  /// The oracle placement queries, answered from the access patterns.
  bool query(unsigned from, unsigned to, const PathClass &paths) const {
    const Access &a = accesses[from], &b = accesses[to];
    int trips = numIterations();
    // Accesses outside the loop run once, as iteration 0.
    auto iterationsOf = [&](unsigned access) {
      return inBody(access) ? trips : 1;
    };
    if (!paths.carrierLoop) {
      for (int i = 0; i < iterationsOf(from); ++i)
        for (int j = 0; j < iterationsOf(to); ++j)
          if ((!inBody(from) || !inBody(to) || i == j) && conflict(a, i, b, j))
            return true;
      return false;
    }
    for (int i = 0; i < trips; ++i)
      for (int j = i + paths.distance; j < trips; ++j)
        if ((paths.distance == 2 || j == i + 1) && conflict(a, i, b, j))
          return true;
    return false;
  }

  /// One execution with `trips` iterations: access ids, -1 for a barrier.
  std::vector<std::pair<int, int>> trace(const BarrierSet &barriers,
                                         int trips) const {
    std::vector<std::pair<int, int>> events;
    auto emitGap = [&](GapRef gap) {
      if (barriers.contains(gap))
        events.push_back({-1, 0});
    };
    unsigned rootGap = 0;
    for (int access : before) {
      emitGap({BarrierProgram::kRoot, rootGap++});
      events.push_back({access, 0});
    }
    if (hasLoop) {
      emitGap({BarrierProgram::kRoot, rootGap++});
      for (int i = 0; i < trips; ++i) {
        unsigned gap = 0;
        for (int access : body) {
          emitGap({bodyRegion, gap++});
          events.push_back({access, i});
        }
        emitGap({bodyRegion, gap});
      }
    }
    for (int access : after) {
      emitGap({BarrierProgram::kRoot, rootGap++});
      events.push_back({access, 0});
    }
    emitGap({BarrierProgram::kRoot, rootGap});
    return events;
  }

  /// Whether every execution orders every conflicting pair.
  bool isRaceFree(const BarrierSet &barriers) const {
    SmallVector<int> tripCounts;
    if (!hasLoop || tripCount)
      tripCounts.push_back(hasLoop ? *tripCount : 0);
    else
      for (int trips = 0; trips <= kHorizon; ++trips)
        tripCounts.push_back(trips);
    for (int trips : tripCounts) {
      std::vector<std::pair<int, int>> events = trace(barriers, trips);
      for (size_t first = 0; first < events.size(); ++first) {
        if (events[first].first < 0)
          continue;
        for (size_t second = first + 1; second < events.size(); ++second) {
          if (events[second].first < 0)
            break;
          if (conflict(accesses[events[first].first], events[first].second,
                       accesses[events[second].first], events[second].second))
            return false;
        }
      }
    }
    return true;
  }

  /// (barriers in the loop body, barriers in all) of a set.
  std::pair<unsigned, unsigned> cost(const BarrierSet &barriers) const {
    SmallVector<GapRef> gaps = barriers.getGaps();
    unsigned inBodyCount = llvm::count_if(
        gaps, [&](GapRef gap) { return gap.region != BarrierProgram::kRoot; });
    return {inBodyCount, static_cast<unsigned>(gaps.size())};
  }

  /// The cheapest race-free set: smallest subsets first, fewest in the body
  /// first.
  std::pair<unsigned, unsigned> bruteForceOptimum() const {
    SmallVector<GapRef> rootGaps, bodyGaps;
    for (unsigned i = 0;
         i < program.getRegion(BarrierProgram::kRoot).getNumGaps(); ++i)
      rootGaps.push_back({BarrierProgram::kRoot, i});
    if (hasLoop)
      for (unsigned i = 0; i < program.getRegion(bodyRegion).getNumGaps(); ++i)
        bodyGaps.push_back({bodyRegion, i});
    for (unsigned inBody = 0; inBody <= bodyGaps.size(); ++inBody)
      for (unsigned outside = 0; outside <= rootGaps.size(); ++outside)
        if (existsRaceFree(bodyGaps, inBody, rootGaps, outside))
          return {inBody, inBody + outside};
    ADD_FAILURE() << "a barrier at every gap orders everything";
    return {0, 0};
  }

private:
  /// Whether some choice of `inBody` body gaps and `outside` root gaps is
  /// race-free.
  bool existsRaceFree(ArrayRef<GapRef> bodyGaps, unsigned inBody,
                      ArrayRef<GapRef> rootGaps, unsigned outside) const {
    std::vector<bool> bodyMask(bodyGaps.size()), rootMask(rootGaps.size());
    std::fill(bodyMask.begin(), bodyMask.begin() + inBody, true);
    do {
      std::fill(rootMask.begin(), rootMask.end(), false);
      std::fill(rootMask.begin(), rootMask.begin() + outside, true);
      do {
        BarrierSet barriers(program);
        for (size_t i = 0; i < bodyGaps.size(); ++i)
          if (bodyMask[i])
            barriers.insert(bodyGaps[i]);
        for (size_t i = 0; i < rootGaps.size(); ++i)
          if (rootMask[i])
            barriers.insert(rootGaps[i]);
        if (isRaceFree(barriers))
          return true;
      } while (std::prev_permutation(rootMask.begin(), rootMask.end()));
    } while (std::prev_permutation(bodyMask.begin(), bodyMask.end()));
    return false;
  }
};

/// Runs the core as the pass does: hazards, then placement.
BarrierSet place(const SyntheticKernel &kernel,
                 unsigned *numHazards = nullptr) {
  SmallVector<Hazard> hazards = findHazards(
      kernel.program, [&](unsigned from, unsigned to, const PathClass &paths) {
        return kernel.query(from, to, paths);
      });
  if (numHazards)
    *numHazards = hazards.size();
  BarrierPlacement placement =
      placeBarriers(kernel.program, hazards, {}, /*keepAllExisting=*/false);
  EXPECT_TRUE(placement.uncoverable.empty());
  BarrierSet barriers(kernel.program);
  for (GapRef gap : placement.inserted)
    barriers.insert(gap);
  return barriers;
}

Access randomAccess(std::mt19937 &rng, bool inLoop) {
  Access access;
  access.buffer = rng() % 2;
  access.write = rng() % 2;
  int numPatterns =
      static_cast<int>(inLoop ? Pattern::NumPatterns : Pattern::DoubleBuffer);
  do
    access.pattern = static_cast<Pattern>(rng() % numPatterns);
  while (access.write && access.pattern == Pattern::Broadcast);
  return access;
}

std::string describe(const SyntheticKernel &kernel) {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto list = [&](StringRef name, ArrayRef<int> ids) {
    os << name << ":";
    for (int id : ids) {
      const Access &access = kernel.accesses[id];
      os << " " << (access.write ? "W" : "R") << access.buffer << "/"
         << static_cast<int>(access.pattern);
    }
    os << "\n";
  };
  list("before", kernel.before);
  if (kernel.hasLoop) {
    os << "loop (trips "
       << (kernel.tripCount ? std::to_string(*kernel.tripCount) : "?") << ")\n";
    list("body", kernel.body);
    list("after", kernel.after);
  }
  return text;
}

void checkAgainstBruteForce(SyntheticKernel &kernel) {
  kernel.build();
  BarrierSet placed = place(kernel);
  EXPECT_TRUE(kernel.isRaceFree(placed)) << describe(kernel);
  EXPECT_EQ(kernel.cost(placed), kernel.bruteForceOptimum())
      << describe(kernel);
}

TEST(BarrierPlacementTest, StraightLineMatchesBruteForce) {
  std::mt19937 rng(20261121);
  for (int round = 0; round < 300; ++round) {
    SyntheticKernel kernel;
    int length = 2 + rng() % 7;
    for (int i = 0; i < length; ++i) {
      kernel.accesses.push_back(randomAccess(rng, /*inLoop=*/false));
      kernel.before.push_back(i);
    }
    checkAgainstBruteForce(kernel);
    if (HasFailure())
      return;
  }
}

TEST(BarrierPlacementTest, SingleLoopMatchesBruteForce) {
  std::mt19937 rng(42);
  for (int round = 0; round < 400; ++round) {
    SyntheticKernel kernel;
    kernel.hasLoop = true;
    int numBefore = rng() % 4, numBody = 1 + rng() % 4, numAfter = rng() % 4;
    int id = 0;
    for (int i = 0; i < numBefore; ++i, ++id) {
      kernel.accesses.push_back(randomAccess(rng, false));
      kernel.before.push_back(id);
    }
    for (int i = 0; i < numBody; ++i, ++id) {
      kernel.accesses.push_back(randomAccess(rng, true));
      kernel.body.push_back(id);
    }
    for (int i = 0; i < numAfter; ++i, ++id) {
      kernel.accesses.push_back(randomAccess(rng, false));
      kernel.after.push_back(id);
    }
    int trips = rng() % 5;
    if (trips != 0)
      kernel.tripCount = trips;
    checkAgainstBruteForce(kernel);
    if (HasFailure())
      return;
  }
}

/// The GEMM K loop with one LDS buffer: stage (write), then read operands
/// written by other waves. Reads after writes need a barrier between them,
/// and the next step's writes may not overwrite what other waves still read:
/// two barriers a step, none outside.
TEST(BarrierPlacementTest, GemmStepNeedsTwoBarriers) {
  SyntheticKernel kernel;
  kernel.hasLoop = true;
  kernel.accesses = {{0, true, Pattern::Own}, {0, false, Pattern::OtherWave}};
  kernel.body = {0, 1};
  kernel.tripCount = 4;
  kernel.build();
  BarrierSet placed = place(kernel);
  EXPECT_TRUE(kernel.isRaceFree(placed));
  // Before the write (start of the body) and before the read.
  EXPECT_TRUE(placed.contains({kernel.bodyRegion, 0}));
  EXPECT_TRUE(placed.contains({kernel.bodyRegion, 1}));
  EXPECT_EQ(kernel.cost(placed), std::make_pair(2u, 2u));
}

/// Double buffering: iteration i writes one half and reads what another wave
/// wrote to that half; the next iteration writes the other half, and the
/// write two iterations later is ordered by the barrier the read after write
/// needs anyway: one barrier a step.
TEST(BarrierPlacementTest, DoubleBufferNeedsOneBarrierAStep) {
  SyntheticKernel kernel;
  kernel.hasLoop = true;
  kernel.accesses = {{0, true, Pattern::DoubleBuffer},
                     {0, false, Pattern::DoubleBufferOtherWave}};
  kernel.body = {0, 1};
  kernel.tripCount = 4;
  kernel.build();
  BarrierSet placed = place(kernel);
  EXPECT_TRUE(kernel.isRaceFree(placed));
  EXPECT_TRUE(placed.contains({kernel.bodyRegion, 1}));
  EXPECT_EQ(kernel.cost(placed), std::make_pair(1u, 1u));
}

TEST(BarrierPlacementTest, OwnElementsAndOneWaveNeedNoBarrier) {
  SyntheticKernel kernel;
  kernel.accesses = {{0, true, Pattern::Own},
                     {0, false, Pattern::Own},
                     {0, true, Pattern::NeighborLane},
                     {0, false, Pattern::NeighborLane}};
  kernel.before = {0, 1, 2, 3};
  kernel.build();
  unsigned numHazards = 0;
  BarrierSet placed = place(kernel, &numHazards);
  EXPECT_EQ(numHazards, 0u);
  EXPECT_TRUE(placed.getGaps().empty());
}

/// A hazard from before a loop to after it is ordered by a barrier in a body
/// that runs at least once, but not by one in a body that may not run.
TEST(BarrierPlacementTest, LoopBodyOrdersAcrossOnlyWhenItRuns) {
  for (std::optional<int> trips :
       {std::optional<int>(3), std::optional<int>()}) {
    SyntheticKernel kernel;
    kernel.hasLoop = true;
    kernel.tripCount = trips;
    // W0 own; loop { W1 own; R1 other wave }; R0 other wave.
    kernel.accesses = {{0, true, Pattern::Own},
                       {1, true, Pattern::Own},
                       {1, false, Pattern::OtherWave},
                       {0, false, Pattern::OtherWave}};
    kernel.before = {0};
    kernel.body = {1, 2};
    kernel.after = {3};
    kernel.build();
    BarrierSet placed = place(kernel);
    EXPECT_TRUE(kernel.isRaceFree(placed));
    EXPECT_EQ(kernel.cost(placed), kernel.bruteForceOptimum());
    unsigned expectedTotal = trips ? 2 : 3;
    EXPECT_EQ(kernel.cost(placed).second, expectedTotal);
  }
}

/// Existing barriers: a needed one stays, a redundant one goes (or stays
/// when asked to keep them all), and the missing one is added.
TEST(BarrierPlacementTest, ExistingBarriers) {
  SyntheticKernel kernel;
  // W own | R other wave | W own | R other wave
  kernel.accesses = {{0, true, Pattern::Own},
                     {0, false, Pattern::OtherWave},
                     {1, true, Pattern::Own},
                     {1, false, Pattern::Own}};
  kernel.before = {0, 1, 2, 3};
  kernel.build();
  SmallVector<Hazard> hazards = findHazards(
      kernel.program, [&](unsigned from, unsigned to, const PathClass &paths) {
        return kernel.query(from, to, paths);
      });
  ASSERT_EQ(hazards.size(), 1u);
  // One barrier before the read (needed), one before the last read (orders
  // nothing: that lane reads what it wrote).
  SmallVector<ExistingBarrier> existing = {{{BarrierProgram::kRoot, 1}, true},
                                           {{BarrierProgram::kRoot, 3}, true}};
  BarrierPlacement placement =
      placeBarriers(kernel.program, hazards, existing, false);
  EXPECT_EQ(placement.keepExisting, SmallVector<bool>({true, false}));
  EXPECT_TRUE(placement.inserted.empty());

  placement = placeBarriers(kernel.program, hazards, existing, true);
  EXPECT_EQ(placement.keepExisting, SmallVector<bool>({true, true}));

  // A barrier that is not removable stays even when useless; with none
  // before the read one is inserted there.
  existing = {{{BarrierProgram::kRoot, 3}, false}};
  placement = placeBarriers(kernel.program, hazards, existing, false);
  EXPECT_EQ(placement.keepExisting, SmallVector<bool>({true}));
  ASSERT_EQ(placement.inserted.size(), 1u);
  EXPECT_EQ(placement.inserted.front(), (GapRef{BarrierProgram::kRoot, 1}));
}

/// The existing barriers placement keeps, by its definition: innermost
/// loops first, then program order, a barrier goes unless some hazard with a
/// segment holding it has no other barrier still present in its cover
/// (every hazard looked at, which placement avoids).
SmallVector<bool> keptByDefinition(const BarrierProgram &program,
                                   ArrayRef<Hazard> hazards,
                                   ArrayRef<ExistingBarrier> existing) {
  BarrierSet present(program);
  for (const ExistingBarrier &barrier : existing)
    present.insert(barrier.gap);
  SmallVector<unsigned> order;
  for (unsigned i = 0; i < existing.size(); ++i)
    if (existing[i].removable)
      order.push_back(i);
  auto depth = [&](unsigned i) {
    return program.getRegion(existing[i].gap.region).loopDepth;
  };
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return std::make_pair(depth(b), a) < std::make_pair(depth(a), b);
  });
  SmallVector<bool> kept(existing.size(), true);
  for (unsigned i : order) {
    GapRef gap = existing[i].gap;
    unsigned numGaps = program.getRegion(gap.region).getNumGaps();
    present.erase(gap);
    bool needed = llvm::any_of(hazards, [&](const Hazard &hazard) {
      return !present.covers(hazard) &&
             llvm::any_of(hazard.cover, [&](const GapSegment &segment) {
               return segment.region == gap.region &&
                      (gap.index + numGaps - segment.first) % numGaps <
                          segment.length;
             });
    });
    if (needed)
      present.insert(gap);
    else
      kept[i] = false;
  }
  return kept;
}

/// Random kernels with a random barrier at some gaps: placement keeps
/// exactly the barriers its definition keeps, and the kept and inserted
/// ones order every hazard.
TEST(BarrierPlacementTest, ExistingBarriersMatchDefinition) {
  std::mt19937 rng(20261125);
  for (int round = 0; round < 400; ++round) {
    SyntheticKernel kernel;
    kernel.hasLoop = rng() % 3 != 0;
    int id = 0;
    auto addAccesses = [&](std::vector<int> &ids, int count, bool inLoop) {
      for (int i = 0; i < count; ++i, ++id) {
        kernel.accesses.push_back(randomAccess(rng, inLoop));
        ids.push_back(id);
      }
    };
    addAccesses(kernel.before, 1 + rng() % 5, false);
    if (kernel.hasLoop) {
      addAccesses(kernel.body, 1 + rng() % 5, true);
      addAccesses(kernel.after, rng() % 4, false);
      if (int trips = rng() % 5)
        kernel.tripCount = trips;
    }
    kernel.build();
    SmallVector<ExistingBarrier> existing;
    for (unsigned region = 0; region < kernel.program.getNumRegions(); ++region)
      for (unsigned gap = 0;
           gap < kernel.program.getRegion(region).getNumGaps(); ++gap)
        if (rng() % 2)
          existing.push_back({{region, gap}, rng() % 4 != 0});
    SmallVector<Hazard> hazards =
        findHazards(kernel.program,
                    [&](unsigned from, unsigned to, const PathClass &paths) {
                      return kernel.query(from, to, paths);
                    });
    BarrierPlacement placement =
        placeBarriers(kernel.program, hazards, existing, false);
    EXPECT_EQ(placement.keepExisting,
              keptByDefinition(kernel.program, hazards, existing))
        << describe(kernel);
    BarrierSet barriers(kernel.program);
    for (auto [barrier, kept] : llvm::zip(existing, placement.keepExisting))
      if (kept)
        barriers.insert(barrier.gap);
    for (GapRef gap : placement.inserted)
      barriers.insert(gap);
    EXPECT_TRUE(kernel.isRaceFree(barriers)) << describe(kernel);
    if (HasFailure())
      return;
  }
}

/// A branch arm where barriers are not allowed: a hazard inside it cannot be
/// ordered; one from before the branch into it is ordered before the
/// branch.
TEST(BarrierPlacementTest, DivergentBranch) {
  BarrierProgram program;
  program.addAccess(BarrierProgram::kRoot, 0); // W
  unsigned branch =
      program.addBranch(BarrierProgram::kRoot, 2, /*barriersAllowed=*/false);
  unsigned thenArm = program.getItem(branch).children[0];
  program.addAccess(thenArm, 1); // W
  program.addAccess(thenArm, 2); // R
  // Every pair conflicts, forward only.
  SmallVector<Hazard> hazards =
      findHazards(program, [](unsigned, unsigned, const PathClass &paths) {
        return !paths.carrierLoop;
      });
  // 0->1, 0->2, 1->2.
  ASSERT_EQ(hazards.size(), 3u);
  BarrierPlacement placement = placeBarriers(program, hazards, {}, false);
  ASSERT_EQ(placement.uncoverable.size(), 1u);
  EXPECT_EQ(hazards[placement.uncoverable.front()].fromItem,
            program.getRegion(thenArm).items[0]);
  ASSERT_EQ(placement.inserted.size(), 1u);
  EXPECT_EQ(placement.inserted.front(), (GapRef{BarrierProgram::kRoot, 1}));
}

/// scf.while: the loop leaves after its "before" part, so a hazard from an
/// access there to one after the loop needs no barrier in the "after" part,
/// and the "before" part always runs.
TEST(BarrierPlacementTest, WhileLoopExit) {
  BarrierProgram program;
  program.addAccess(BarrierProgram::kRoot, 0);
  unsigned loop = program.addLoop(BarrierProgram::kRoot,
                                  /*mayRunZeroTimes=*/false, true);
  unsigned body = program.getItem(loop).children.front();
  program.addAccess(body, 1);
  program.addLoopExit(body);
  program.addAccess(body, 2);
  program.addAccess(BarrierProgram::kRoot, 3);
  EXPECT_EQ(program.getRegion(body).getExitGap(), 1u);
  // Only 1 -> 3 (forward, out of the loop) and 0 -> 3 (over the loop).
  SmallVector<Hazard> hazards =
      findHazards(program, [](unsigned from, unsigned to, const PathClass &p) {
        return !p.carrierLoop && to == 3 && (from == 1 || from == 0);
      });
  ASSERT_EQ(hazards.size(), 2u);
  for (const Hazard &hazard : hazards) {
    if (hazard.fromItem != program.getRegion(body).items[0])
      continue;
    // From just after access 1 to the exit: gap 1 of the body only, then
    // the root's gap after the loop.
    ASSERT_EQ(hazard.cover.size(), 2u);
    EXPECT_EQ(hazard.cover[0].region, BarrierProgram::kRoot);
    EXPECT_EQ(hazard.cover[1].region, body);
    EXPECT_EQ(hazard.cover[1].first, 1u);
    EXPECT_EQ(hazard.cover[1].length, 1u);
  }
  BarrierPlacement placement = placeBarriers(program, hazards, {}, false);
  // One barrier after the loop orders both.
  ASSERT_EQ(placement.inserted.size(), 1u);
  EXPECT_EQ(placement.inserted.front(), (GapRef{BarrierProgram::kRoot, 2}));
}

/// A random structured program: accesses, branches and loops nested up to
/// `depth` deep, some under control flow where barriers are not allowed;
/// with `whileLoops`, half the loops leave in the middle of their body, as
/// an `scf.while` does.
void addRandomItems(BarrierProgram &program, unsigned region, unsigned depth,
                    std::mt19937 &rng, unsigned &numAccesses,
                    bool whileLoops = false) {
  for (unsigned count = 1 + rng() % 6; count != 0; --count) {
    unsigned kind = depth == 0 ? 0 : rng() % 8;
    if (kind < 6) {
      program.addAccess(region, numAccesses++);
    } else if (kind == 6) {
      unsigned branch =
          program.addBranch(region, 1 + rng() % 2, rng() % 4 != 0);
      for (unsigned arm :
           SmallVector<unsigned, 2>(program.getItem(branch).children))
        addRandomItems(program, arm, depth - 1, rng, numAccesses, whileLoops);
    } else {
      unsigned loop = program.addLoop(region, rng() % 2, rng() % 4 != 0);
      unsigned body = program.getItem(loop).children.front();
      addRandomItems(program, body, depth - 1, rng, numAccesses, whileLoops);
      if (whileLoops && rng() % 2) {
        program.addLoopExit(body);
        addRandomItems(program, body, depth - 1, rng, numAccesses, whileLoops);
      }
    }
  }
}

/// What a hazard is about, to compare hazards of two lists.
std::tuple<unsigned, unsigned, std::optional<unsigned>, unsigned>
identify(const Hazard &hazard) {
  return {hazard.fromItem, hazard.toItem, hazard.paths.carrierLoop,
          hazard.paths.distance};
}

/// Whether placement decides the same with the hazards
/// `findPlacementHazards` keeps as with all of them on `program`, for random
/// conflict answers and existing barriers, and the kept ones are a
/// subsequence of all; sets `pruned` when some were left out.
void expectSameDecisions(const BarrierProgram &program, std::mt19937 &rng,
                         bool &pruned) {
  // Conflicts of a random density, the same answer for the same question.
  unsigned density = 1 + rng() % 4, seed = rng();
  auto oracle = [&](unsigned from, unsigned to, const PathClass &paths) {
    uint64_t key = (uint64_t(from) * 1000003 + to) * 1000003 +
                   (paths.carrierLoop ? *paths.carrierLoop + 1 : 0) * 7 +
                   paths.distance;
    return std::mt19937_64(key ^ seed)() % 5 < density;
  };
  SmallVector<ExistingBarrier> existing;
  for (unsigned region = 0; region < program.getNumRegions(); ++region)
    for (unsigned gap = 0; gap < program.getRegion(region).getNumGaps(); ++gap)
      if (rng() % 3 == 0)
        existing.push_back({{region, gap}, rng() % 4 != 0});

  SmallVector<Hazard> all = findHazards(program, oracle);
  SmallVector<Hazard> kept = findPlacementHazards(program, oracle, existing);
  pruned = kept.size() < all.size();
  auto *next = all.begin();
  for (const Hazard &hazard : kept) {
    while (next != all.end() && identify(*next) != identify(hazard))
      ++next;
    ASSERT_NE(next, all.end());
    ++next;
  }
  for (bool keepAll : {false, true}) {
    BarrierPlacement fromAll = placeBarriers(program, all, existing, keepAll);
    BarrierPlacement fromKept = placeBarriers(program, kept, existing, keepAll);
    EXPECT_EQ(fromAll.keepExisting, fromKept.keepExisting);
    EXPECT_EQ(fromAll.inserted, fromKept.inserted);
    auto uncoverable = [](ArrayRef<Hazard> hazards,
                          ArrayRef<unsigned> indices) {
      return llvm::map_to_vector(
          indices, [&](unsigned index) { return identify(hazards[index]); });
    };
    EXPECT_EQ(uncoverable(all, fromAll.uncoverable),
              uncoverable(kept, fromKept.uncoverable));
  }
}

/// `expectSameDecisions` on 3000 programs that `build` makes; the number of
/// them with hazards left out.
int countPrunedPrograms(
    unsigned seed,
    function_ref<void(BarrierProgram &, std::mt19937 &, int trial)> build) {
  std::mt19937 rng(seed);
  int numPruned = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    BarrierProgram program;
    build(program, rng, trial);
    bool pruned = false;
    expectSameDecisions(program, rng, pruned);
    numPruned += pruned;
    if (::testing::Test::HasFailure()) {
      ADD_FAILURE() << "trial " << trial;
      break;
    }
  }
  return numPruned;
}

/// Placement decides the same with the hazards `findPlacementHazards` keeps
/// as with all of them, on random programs, conflict answers and existing
/// barriers.
TEST(BarrierPlacementTest, PlacementHazardsDecideAsAllHazards) {
  int numPruned = countPrunedPrograms(15, [](BarrierProgram &program,
                                             std::mt19937 &rng, int trial) {
    unsigned numAccesses = 0;
    addRandomItems(program, BarrierProgram::kRoot, trial % 4, rng, numAccesses);
  });
  // Over a third of the programs have hazards to leave out.
  EXPECT_GT(numPruned, 1000);
}

/// The same inside loops: random programs in a loop body (which may hold
/// more loops and branches), where hazards also go around back edges.
TEST(BarrierPlacementTest, PlacementHazardsInLoopsDecideAsAllHazards) {
  int numPruned = countPrunedPrograms(
      16, [](BarrierProgram &program, std::mt19937 &rng, int trial) {
        unsigned numAccesses = 0;
        if (rng() % 2)
          program.addAccess(BarrierProgram::kRoot, numAccesses++);
        unsigned loop = program.addLoop(BarrierProgram::kRoot, rng() % 2,
                                        /*barriersAllowed=*/true);
        addRandomItems(program, program.getItem(loop).children.front(),
                       trial % 3, rng, numAccesses);
        if (rng() % 2)
          program.addAccess(BarrierProgram::kRoot, numAccesses++);
      });
  EXPECT_GT(numPruned, 1000);
}

/// The same in `scf.while` bodies, which leave in the middle, and with
/// more branches inside loops.
TEST(BarrierPlacementTest, PlacementHazardsInWhileLoopsDecideAsAllHazards) {
  int numPruned = countPrunedPrograms(
      17, [](BarrierProgram &program, std::mt19937 &rng, int trial) {
        unsigned numAccesses = 0;
        unsigned loop = program.addLoop(BarrierProgram::kRoot, rng() % 2,
                                        /*barriersAllowed=*/true);
        unsigned body = program.getItem(loop).children.front();
        addRandomItems(program, body, trial % 3, rng, numAccesses,
                       /*whileLoops=*/true);
        if (rng() % 2) {
          program.addLoopExit(body);
          addRandomItems(program, body, trial % 3, rng, numAccesses,
                         /*whileLoops=*/true);
        }
      });
  EXPECT_GT(numPruned, 1000);
}

/// Straight-line code where every write conflicts with every later read
/// and every read with every later write: the hazards placement needs, and
/// the questions asked, grow linearly with the code.
TEST(BarrierPlacementTest, PlacementHazardsOfStraightLineCodeAreLinear) {
  for (bool withBarriers : {false, true}) {
    BarrierProgram program;
    SmallVector<ExistingBarrier> existing;
    constexpr unsigned kNumAccesses = 400;
    for (unsigned access = 0; access < kNumAccesses; ++access) {
      if (withBarriers)
        existing.push_back({program.getEndGap(BarrierProgram::kRoot), true});
      program.addAccess(BarrierProgram::kRoot, access);
    }
    unsigned numQueries = 0;
    auto oracle = [&](unsigned from, unsigned to, const PathClass &) {
      ++numQueries;
      return from % 2 != to % 2;
    };
    SmallVector<Hazard> kept = findPlacementHazards(program, oracle, existing);
    // Into each access from the one before it only.
    EXPECT_EQ(kept.size(), kNumAccesses - 1);
    EXPECT_LE(numQueries, 2 * kNumAccesses);
    SmallVector<Hazard> all = findHazards(program, oracle);
    EXPECT_EQ(placeBarriers(program, all, existing, false).inserted,
              placeBarriers(program, kept, existing, false).inserted);
  }
}

/// A loop body of accesses each conflicting with every other along every
/// kind of path, with a barrier before each: the hazards placement needs,
/// and the questions asked, grow linearly with the body.
TEST(BarrierPlacementTest, PlacementHazardsOfLoopBodiesAreLinear) {
  BarrierProgram program;
  unsigned loop = program.addLoop(BarrierProgram::kRoot,
                                  /*mayRunZeroTimes=*/true,
                                  /*barriersAllowed=*/true);
  unsigned body = program.getItem(loop).children.front();
  SmallVector<ExistingBarrier> existing;
  constexpr unsigned kNumAccesses = 400;
  for (unsigned access = 0; access < kNumAccesses; ++access) {
    existing.push_back({program.getEndGap(body), true});
    program.addAccess(body, access);
  }
  unsigned numQueries = 0;
  auto oracle = [&](unsigned from, unsigned to, const PathClass &) {
    ++numQueries;
    return from % 2 != to % 2;
  };
  SmallVector<Hazard> kept = findPlacementHazards(program, oracle, existing);
  // Into each access from the one before it only (around the back edge for
  // the first, whose hazard from the last is the only one it needs).
  EXPECT_EQ(kept.size(), kNumAccesses);
  EXPECT_LE(numQueries, 3 * kNumAccesses);
  SmallVector<Hazard> all = findHazards(program, oracle);
  for (bool keepAll : {false, true}) {
    BarrierPlacement fromAll = placeBarriers(program, all, existing, keepAll);
    BarrierPlacement fromKept = placeBarriers(program, kept, existing, keepAll);
    EXPECT_EQ(fromAll.keepExisting, fromKept.keepExisting);
    EXPECT_EQ(fromAll.inserted, fromKept.inserted);
  }
}

} // namespace
