//===- SymbolicFootprintTest.cpp - Symbolic against enumerated footprints -===//
//
// The symbolic queries must agree exactly with enumeration wherever
// enumeration is exact: random small kernels (random affine maps of thread
// ids and an induction variable, masks, padded tiles, loop ranges) are asked
// for overlaps at every iteration distance and for bounds proofs both ways.
// Hand-written cases cover what enumeration cannot answer: huge trip counts,
// run-time loop bounds, uniform values and guards.
//
//===----------------------------------------------------------------------===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Footprint/GridQueries.h"
#include "wave/Analysis/Footprint/PairQueries.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Footprint/TileQueries.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"

#include <map>
#include <random>
#include <set>

using namespace mlir;
using namespace mlir::wave;

namespace {

class SymbolicFootprintTest : public test::FootprintTest {
protected:
  SymbolicFootprint symbolic(StringRef tag) {
    std::string reason;
    FailureOr<SymbolicFootprint> result =
        SymbolicFootprint::get(access(tag), &reason);
    EXPECT_TRUE(succeeded(result)) << reason;
    return std::move(*result);
  }
  CoordinateBounds bounds(StringRef tag) {
    FailureOr<CoordinateBounds> found = findCoordinateBounds(symbolic(tag));
    EXPECT_TRUE(succeeded(found));
    return *found;
  }
};

/// Expects `box` to span `[lower, upper]` along each dimension.
void expectBox(const CoordinateBounds &box,
               ArrayRef<std::pair<int64_t, int64_t>> ranges) {
  ASSERT_EQ(box.lower.size(), ranges.size());
  for (auto [dim, range] : llvm::enumerate(ranges)) {
    EXPECT_EQ(box.lower[dim], range.first) << "dimension " << dim;
    EXPECT_EQ(box.upper[dim], range.second) << "dimension " << dim;
  }
}

/// A random term of a coordinate over `(x, y, i)`.
std::string randomTerm(std::mt19937 &rng) {
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  int coefficient = pick(-2, 3);
  switch (pick(0, 5)) {
  case 0:
    return std::to_string(coefficient) + " * x";
  case 1:
    return std::to_string(coefficient) + " * y";
  case 2:
    return std::to_string(coefficient) + " * i";
  case 3:
    return "(x floordiv " + std::to_string(pick(2, 5)) + ") * " +
           std::to_string(coefficient);
  case 4:
    return "((x + i) mod " + std::to_string(pick(2, 6)) + ") * " +
           std::to_string(coefficient);
  default:
    return std::to_string(pick(0, 6));
  }
}

std::string randomCoordinate(std::mt19937 &rng) {
  std::string result = randomTerm(rng);
  for (int terms = std::uniform_int_distribution<int>(0, 2)(rng); terms > 0;
       --terms)
    result += " + " + randomTerm(rng);
  return result;
}

/// A constant mask of 4 slots, or none.
std::string randomMask(std::mt19937 &rng) {
  int bits = std::uniform_int_distribution<int>(0, 20)(rng);
  if (bits >= 16)
    return "";
  std::string mask = "dense<[";
  for (int slot = 0; slot < 4; ++slot)
    mask +=
        std::string(slot ? ", " : "") + ((bits >> slot) & 1 ? "true" : "false");
  return mask + "]> : vector<4xi1>";
}

struct RandomKernel {
  std::string text;
  int64_t lowerBound, step, tripCount;
};

RandomKernel randomKernel(std::mt19937 &rng) {
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  RandomKernel kernel;
  kernel.lowerBound = pick(0, 1);
  kernel.step = pick(1, 2);
  kernel.tripCount = pick(0, 4);
  int64_t upperBound = kernel.lowerBound + kernel.step * kernel.tripCount;
  int sizeX = 1 << pick(2, 4), sizeY = pick(1, 2);
  std::string maskA = randomMask(rng), maskB = randomMask(rng);
  auto maskOperand = [](const std::string &mask, StringRef name) {
    return mask.empty() ? std::string()
                        : " mask %" + name.str() + " : vector<4xi1>";
  };
  std::string text =
      "#lds = #gpu.address_space<workgroup>\n"
      "gpu.module @m {\n"
      "  gpu.func @k() kernel attributes {known_block_size = array<i32: " +
      std::to_string(sizeX) + ", " + std::to_string(sizeY) +
      ", 1>, wave.kernel = #wave.kernel<chip = \"gfx942\", wave_size = 64>} {\n"
      "    %buf = wave.alloc_lds padding [0, 4] : memref<12x12xf32, "
      "strided<[16, 1]>, #lds>\n"
      "    %x = gpu.thread_id x\n"
      "    %y = gpu.thread_id y\n"
      "    %v = arith.constant dense<1.0> : vector<4xf32>\n" +
      (maskA.empty() ? "" : "    %ma = arith.constant " + maskA + "\n") +
      (maskB.empty() ? "" : "    %mb = arith.constant " + maskB + "\n") +
      "    %lb = arith.constant " + std::to_string(kernel.lowerBound) +
      " : index\n"
      "    %ub = arith.constant " +
      std::to_string(upperBound) +
      " : index\n"
      "    %st = arith.constant " +
      std::to_string(kernel.step) +
      " : index\n"
      "    scf.for %i = %lb to %ub step %st {\n"
      "      wave.write %v, %buf[%x, %y, %i] map affine_map<(x, y, i) -> (" +
      randomCoordinate(rng) + ", " + randomCoordinate(rng) + ")>" +
      maskOperand(maskA, "ma") +
      " {tag = \"a\"} : vector<4xf32>, memref<12x12xf32, strided<[16, 1]>, "
      "#lds>\n"
      "      %r = wave.read %buf[%x, %y, %i] map affine_map<(x, y, i) -> (" +
      randomCoordinate(rng) + ", " + randomCoordinate(rng) + ")>" +
      maskOperand(maskB, "mb") +
      " {tag = \"b\"} : memref<12x12xf32, strided<[16, 1]>, #lds> -> "
      "vector<4xf32>\n"
      "    }\n"
      "    gpu.return\n"
      "  }\n"
      "}\n";
  kernel.text = text;
  return kernel;
}

/// The induction variable of the loop around `op`.
Value inductionVarOf(Operation *op) {
  return op->getParentOfType<scf::ForOp>().getInductionVar();
}

/// The overlap of `a` at iteration number `k` and `b` at `l`, enumerated,
/// or'ed over the pairs `accept` allows.
LaneOverlap enumerateOverlap(LaneAccessOpInterface a, LaneAccessOpInterface b,
                             const RandomKernel &kernel, unsigned waveSize,
                             function_ref<bool(int64_t, int64_t)> accept) {
  LaneOverlap result;
  Value iv = inductionVarOf(a);
  for (int64_t k = 0; k < kernel.tripCount; ++k) {
    for (int64_t l = 0; l < kernel.tripCount; ++l) {
      if (!accept(k, l))
        continue;
      FootprintBindings bindA, bindB;
      bindA.bind(iv, kernel.lowerBound + k * kernel.step);
      bindB.bind(iv, kernel.lowerBound + l * kernel.step);
      std::string reason;
      FailureOr<LaneOverlap> overlap =
          computeLaneOverlap(a, bindA, b, bindB, waveSize, &reason);
      EXPECT_TRUE(succeeded(overlap)) << reason;
      result.commonAddress |= overlap->commonAddress;
      result.crossLane |= overlap->crossLane;
      result.crossWave |= overlap->crossWave;
    }
  }
  return result;
}

TEST_F(SymbolicFootprintTest, AgreesWithEnumerationOnRandomKernels) {
  std::mt19937 rng(20261125);
  struct Relation {
    IterationDistance distance;
    bool (*accept)(int64_t, int64_t);
  };
  const Relation relations[] = {
      {IterationDistance::same(), [](int64_t k, int64_t l) { return k == l; }},
      {IterationDistance::exactly(1),
       [](int64_t k, int64_t l) { return l == k + 1; }},
      {IterationDistance::exactly(2),
       [](int64_t k, int64_t l) { return l == k + 2; }},
      {IterationDistance::atLeast(2),
       [](int64_t k, int64_t l) { return l >= k + 2; }},
  };
  unsigned nonTrivial = 0, inBoundsCases = 0, apartCases = 0;
  // One cache across every kernel (each parsed into a new module, so ops of
  // earlier rounds are freed): its answers must agree with enumeration.
  CommonAddressCache cache;
  for (int round = 0; round < 60; ++round) {
    RandomKernel kernel = randomKernel(rng);
    ASSERT_TRUE(parse(kernel.text));
    SCOPED_TRACE(kernel.text);
    LaneAccessOpInterface a = access("a"), b = access("b");
    SymbolicFootprint sa = symbolic("a"), sb = symbolic("b");
    for (const Relation &relation : relations) {
      for (unsigned waveSize : {4u, 8u}) {
        auto relationOf = [&](Operation *) {
          return std::optional<IterationDistance>(relation.distance);
        };
        for (auto [first, second, symFirst, symSecond] :
             {std::make_tuple(a, b, &sa, &sb), std::make_tuple(a, a, &sa, &sa),
              std::make_tuple(b, a, &sb, &sa)}) {
          LaneOverlap expected = enumerateOverlap(first, second, kernel,
                                                  waveSize, relation.accept);
          std::string reason;
          FailureOr<LaneOverlap> actual = computeSymbolicOverlap(
              *symFirst, *symSecond, relationOf, waveSize, &reason);
          ASSERT_TRUE(succeeded(actual)) << reason;
          EXPECT_EQ(actual->commonAddress, expected.commonAddress);
          EXPECT_EQ(actual->crossLane, expected.crossLane);
          EXPECT_EQ(actual->crossWave, expected.crossWave);
          nonTrivial += expected.crossLane && !expected.crossWave;
          auto cached = cache.find(*symFirst, *symSecond, relationOf,
                                   LanePairs::differentGroups(waveSize));
          ASSERT_TRUE(succeeded(cached));
          EXPECT_EQ(cached->has_value(), expected.crossWave);
          // Existence alone (branch and bound first) gives the same
          // answers, and so does the cache's `contains`, with and without
          // the witness answer in it.
          for (auto [lanes, answer] :
               {std::make_pair(LanePairs::differentGroups(waveSize),
                               expected.crossWave),
                std::make_pair(LanePairs::differentLanes(), expected.crossLane),
                std::make_pair(LanePairs::any(), expected.commonAddress)}) {
            FailureOr<bool> exists =
                hasCommonAddress(*symFirst, *symSecond, relationOf, lanes);
            ASSERT_TRUE(succeeded(exists));
            EXPECT_EQ(*exists, answer);
            FailureOr<bool> contained =
                cache.contains(*symFirst, *symSecond, relationOf, lanes);
            ASSERT_TRUE(succeeded(contained));
            EXPECT_EQ(*contained, answer);
          }
        }
      }
    }
    // Coordinate bounds hold every enumerated element, and boxes apart
    // mean no common address.
    for (StringRef tag : {"a", "b"}) {
      std::string reason;
      FailureOr<WorkgroupFootprint> elements =
          footprint(tag)->enumerate(FootprintBindings(), &reason);
      ASSERT_TRUE(succeeded(elements)) << reason;
      FailureOr<CoordinateBounds> bounds = findCoordinateBounds(symbolic(tag));
      ASSERT_TRUE(succeeded(bounds));
      std::optional<FootprintBox> box = elements->getBoundingBox();
      if (!box || kernel.tripCount == 0)
        continue;
      ASSERT_FALSE(bounds->empty);
      for (unsigned dim = 0; dim < box->lowerBounds.size(); ++dim) {
        if (bounds->lower[dim])
          EXPECT_LE(*bounds->lower[dim], box->lowerBounds[dim]);
        if (bounds->upper[dim])
          EXPECT_GE(*bounds->upper[dim],
                    box->lowerBounds[dim] + box->extents[dim] - 1);
      }
    }
    {
      FailureOr<CoordinateBounds> boundsA = findCoordinateBounds(sa);
      FailureOr<CoordinateBounds> boundsB = findCoordinateBounds(sb);
      ASSERT_TRUE(succeeded(boundsA) && succeeded(boundsB));
      if (!boundsA->mayMeet(*boundsB)) {
        ++apartCases;
        EXPECT_FALSE(enumerateOverlap(a, b, kernel, 4, [](int64_t, int64_t) {
                       return true;
                     }).commonAddress);
      }
    }
    // Bounds: every element of every lane in every iteration, enumerated.
    for (StringRef tag : {"a", "b"}) {
      std::string reason;
      FailureOr<WorkgroupFootprint> elements =
          footprint(tag)->enumerate(FootprintBindings(), &reason);
      ASSERT_TRUE(succeeded(elements)) << reason;
      bool inBounds = symbolic(tag).isProvablyInBounds(&reason);
      // Enumeration runs a loop only through the induction variables the
      // map uses; an access in a loop that never runs touches nothing.
      EXPECT_EQ(inBounds, kernel.tripCount == 0 || elements->isInBounds())
          << reason;
      inBoundsCases += inBounds;
    }
  }
  // The random cases reach every kind of answer, not only "overlap".
  EXPECT_GT(nonTrivial, 0u);
  EXPECT_GT(inBoundsCases, 0u);
  EXPECT_GT(apartCases, 0u);
}

/// A clone of a kernel (what load minimization restages) asks the same
/// questions: the cache answers them from the kernel's answers.
TEST_F(SymbolicFootprintTest, CacheServesClones) {
  std::mt19937 rng(7);
  RandomKernel kernel = randomKernel(rng);
  ASSERT_TRUE(parse(kernel.text));
  auto relationOf = [](Operation *) {
    return std::optional<IterationDistance>(IterationDistance::exactly(1));
  };
  CommonAddressCache cache;
  SymbolicFootprint a = symbolic("a"), b = symbolic("b");
  auto original = cache.find(a, b, relationOf, LanePairs::differentLanes());
  EXPECT_EQ(cache.getNumAnswers(), 1u);

  auto func = access("a")->getParentOfType<gpu::GPUFuncOp>();
  OwningOpRef<Operation *> copy = func->clone();
  SmallVector<LaneAccessOpInterface> accesses;
  (*copy)->walk([&](LaneAccessOpInterface op) { accesses.push_back(op); });
  ASSERT_EQ(accesses.size(), 2u);
  FailureOr<SymbolicFootprint> ca = SymbolicFootprint::get(accesses[0]);
  FailureOr<SymbolicFootprint> cb = SymbolicFootprint::get(accesses[1]);
  ASSERT_TRUE(succeeded(ca) && succeeded(cb));
  auto cloned = cache.find(*ca, *cb, relationOf, LanePairs::differentLanes());
  EXPECT_EQ(cache.getNumAnswers(), 1u);
  ASSERT_TRUE(succeeded(original) && succeeded(cloned));
  EXPECT_EQ(original->has_value(), cloned->has_value());
  // Another relation is another question.
  auto same = [](Operation *) {
    return std::optional<IterationDistance>(IterationDistance::same());
  };
  (void)cache.find(*ca, *cb, same, LanePairs::differentLanes());
  EXPECT_EQ(cache.getNumAnswers(), 2u);
}

/// A random read of a global memref by every lane, for staging boxes: a
/// coordinate is a few terms over the thread ids `x`, `y` (digits of `x`,
/// which staging layouts are made of, or any linear term).
std::string randomBoxTerm(std::mt19937 &rng) {
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  int coefficient = pick(-1, 4);
  switch (pick(0, 4)) {
  case 0:
    return std::to_string(coefficient) + " * x";
  case 1:
    return std::to_string(coefficient) + " * y";
  case 2:
    return "(x floordiv " + std::to_string(1 << pick(1, 3)) + ") * " +
           std::to_string(coefficient);
  case 3:
    return "(x mod " + std::to_string(1 << pick(1, 3)) + ") * " +
           std::to_string(coefficient);
  default:
    return std::to_string(pick(0, 8));
  }
}

/// The start of a kernel of `sizeX` x `sizeY` lanes that stages from `%g`,
/// up to its thread ids `%x` and `%y`.
std::string stagingKernel(int sizeX, int sizeY) {
  return "gpu.module @m {\n"
         "  gpu.func @k(%g: memref<256x256xf16>) kernel attributes "
         "{known_block_size = array<i32: " +
         std::to_string(sizeX) + ", " + std::to_string(sizeY) +
         ", 1>, wave.kernel = #wave.kernel<chip = \"gfx942\", wave_size = "
         "64>} {\n"
         "    %x = gpu.thread_id x\n"
         "    %y = gpu.thread_id y\n";
}

TEST_F(SymbolicFootprintTest, LaneBoxAgreesWithEnumerationOnRandomCopies) {
  std::mt19937 rng(20261126);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  unsigned dense = 0, holes = 0, undecided = 0;
  for (int round = 0; round < 150; ++round) {
    int sizeX = 1 << pick(1, 4), sizeY = pick(1, 2), width = 1 << pick(0, 2);
    int numReads = pick(1, 3);
    std::string text = stagingKernel(sizeX, sizeY);
    for (int r = 0; r < numReads; ++r) {
      // Half the reads are the rows of a linear layout (dense), moved by a
      // multiple of its size, so that several reads may fill a larger box.
      std::string row, column;
      if (pick(0, 1)) {
        int perRow = 1 << pick(0, 3);
        row = "(x floordiv " + std::to_string(perRow) + ") + y * " +
              std::to_string(sizeX / perRow > 0 ? sizeX / perRow : 1) + " + " +
              std::to_string(r * pick(0, 1) * sizeX * sizeY);
        column =
            "(x mod " + std::to_string(perRow) + ") * " + std::to_string(width);
      } else {
        row = randomBoxTerm(rng) + " + " + randomBoxTerm(rng);
        column = randomBoxTerm(rng) + " + " + randomBoxTerm(rng);
      }
      text += "    %r" + std::to_string(r) +
              " = wave.read %g[%x, %y] map affine_map<(x, y) -> (" + row +
              " + 16, " + column + " + 16)> {tag = \"r" + std::to_string(r) +
              "\"} : memref<256x256xf16> -> vector<" + std::to_string(width) +
              "xf16>\n";
    }
    text += "    gpu.return\n  }\n}\n";
    ASSERT_TRUE(parse(text));
    SCOPED_TRACE(text);

    // Enumerated: the distinct elements and their bounding box.
    std::set<std::pair<int64_t, int64_t>> elements;
    std::vector<SymbolicFootprint> reads;
    for (int r = 0; r < numReads; ++r) {
      std::string tag = "r" + std::to_string(r);
      std::optional<WorkgroupFootprint> enumerated = enumerate(tag);
      ASSERT_TRUE(enumerated);
      for (int64_t lane = 0; lane < enumerated->getNumLanes(); ++lane)
        for (int64_t i = 0; i < enumerated->getNumElements(lane); ++i) {
          ArrayRef<int64_t> c = enumerated->getCoordinate(lane, i);
          elements.insert({c[0], c[1]});
        }
      reads.push_back(symbolic(tag));
    }
    int64_t lo[2] = {INT64_MAX, INT64_MAX}, hi[2] = {INT64_MIN, INT64_MIN};
    for (auto [r, c] : elements) {
      lo[0] = std::min(lo[0], r), hi[0] = std::max(hi[0], r);
      lo[1] = std::min(lo[1], c), hi[1] = std::max(hi[1], c);
    }
    int64_t volume = (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1);
    int64_t touched = int64_t(sizeX) * sizeY * width * numReads;

    SmallVector<const SymbolicFootprint *> footprints;
    for (const SymbolicFootprint &read : reads)
      footprints.push_back(&read);
    std::string reason;
    FailureOr<LaneBox> box = findLaneBox(footprints, &reason);
    if (touched > volume) {
      // Repetitions: counting decides nothing, and says so.
      EXPECT_TRUE(failed(box));
      EXPECT_NE(reason.find("with repetitions"), std::string::npos) << reason;
      ++undecided;
      continue;
    }
    ASSERT_TRUE(succeeded(box)) << reason;
    EXPECT_EQ(box->box.lowerBounds, SmallVector<int64_t>({lo[0], lo[1]}));
    EXPECT_EQ(box->box.extents,
              SmallVector<int64_t>({hi[0] - lo[0] + 1, hi[1] - lo[1] + 1}));
    bool expected = static_cast<int64_t>(elements.size()) == volume;
    EXPECT_EQ(box->dense, expected);
    dense += expected;
    holes += !expected;
  }
  // Every kind of answer is reached.
  EXPECT_GT(dense, 10u);
  EXPECT_GT(holes, 10u);
  EXPECT_GT(undecided, 0u);
}

/// A random copy of a global memref into an LDS tile, `numPairs` reads and
/// the writes of their values (tags `r<i>`, `w<i>`): a write's coordinates
/// are mostly its read's moved by a constant (a translation), sometimes
/// with a term changed or along another dimension.
std::string randomCopy(std::mt19937 &rng, int numPairs) {
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  int sizeX = 1 << pick(1, 4), sizeY = pick(1, 2), width = 1 << pick(0, 2);
  std::string text = "#lds = #gpu.address_space<workgroup>\n" +
                     stagingKernel(sizeX, sizeY) +
                     "    %t = wave.alloc_lds : memref<64x64xf16, #lds>\n";
  for (int i = 0; i < numPairs; ++i) {
    std::string row = randomBoxTerm(rng) + " + " + randomBoxTerm(rng);
    std::string column = randomBoxTerm(rng) + " + " + randomBoxTerm(rng);
    std::string tileRow = row + " + " + std::to_string(pick(-2, 2));
    std::string tileColumn = column + " + " + std::to_string(pick(-2, 2));
    switch (pick(0, 5)) {
    case 0:
      tileRow = randomBoxTerm(rng) + " + " + randomBoxTerm(rng);
      break;
    case 1:
      tileColumn += " + " + randomBoxTerm(rng);
      break;
    default:
      break;
    }
    std::string along = pick(0, 3) == 0 ? " along 0" : "";
    std::string writeAlong = pick(0, 7) == 0 ? " along 0" : along;
    std::string n = std::to_string(i);
    std::string vector = "vector<" + std::to_string(width) + "xf16>";
    text += "    %v" + n +
            " = wave.read %g[%x, %y] map affine_map<(x, y) -> (" + row +
            " + 16, " + column + " + 16)>" + along + " {tag = \"r" + n +
            "\"} : memref<256x256xf16> -> " + vector + "\n";
    text += "    wave.write %v" + n +
            ", %t[%x, %y] map affine_map<(x, y) -> (" + tileRow + ", " +
            tileColumn + ")>" + writeAlong + " {tag = \"w" + n +
            "\"} : " + vector + ", memref<64x64xf16, #lds>\n";
  }
  return text + "    gpu.return\n  }\n}\n";
}

TEST_F(SymbolicFootprintTest, LaneTranslationAgreesWithEnumeration) {
  std::mt19937 rng(20261127);
  unsigned translations = 0, mismatches = 0, laterPairs = 0;
  for (int round = 0; round < 200; ++round) {
    int numPairs = std::uniform_int_distribution<int>(1, 3)(rng);
    std::string text = randomCopy(rng, numPairs);
    ASSERT_TRUE(parse(text));
    SCOPED_TRACE(text);

    // Enumerated: every element pair by pair, lane by lane, slot by slot;
    // the first one moved otherwise than element 0.
    std::vector<SymbolicFootprint> footprints;
    std::optional<CopiedElement> first, mismatch;
    unsigned mismatchPair = 0;
    for (int i = 0; i < numPairs; ++i) {
      std::string n = std::to_string(i);
      std::optional<WorkgroupFootprint> read = enumerate("r" + n);
      std::optional<WorkgroupFootprint> write = enumerate("w" + n);
      ASSERT_TRUE(read && write);
      for (int64_t lane = 0; lane < read->getNumLanes() && !mismatch; ++lane)
        for (int64_t e = 0; e < read->getNumElements(lane) && !mismatch; ++e) {
          CopiedElement element{lane, read->getSlot(lane, e),
                                to_vector(read->getCoordinate(lane, e)),
                                to_vector(write->getCoordinate(lane, e))};
          if (!first) {
            first = element;
            continue;
          }
          for (unsigned d = 0; d < 2; ++d)
            if (element.tile[d] - element.source[d] !=
                first->tile[d] - first->source[d]) {
              mismatch = element;
              mismatchPair = i;
            }
        }
      footprints.push_back(symbolic("r" + n));
      footprints.push_back(symbolic("w" + n));
    }
    SmallVector<std::pair<const SymbolicFootprint *, const SymbolicFootprint *>>
        copies;
    for (int i = 0; i < numPairs; ++i)
      copies.push_back({&footprints[2 * i], &footprints[2 * i + 1]});

    std::string reason;
    FailureOr<LaneTranslation> translation =
        findLaneTranslation(copies, &reason);
    ASSERT_TRUE(succeeded(translation)) << reason;
    EXPECT_EQ(translation->first.source, first->source);
    EXPECT_EQ(translation->first.tile, first->tile);
    ASSERT_EQ(translation->shift.has_value(), !mismatch);
    if (!mismatch) {
      EXPECT_EQ(*translation->shift,
                SmallVector<int64_t>({first->tile[0] - first->source[0],
                                      first->tile[1] - first->source[1]}));
      ++translations;
      continue;
    }
    ASSERT_TRUE(translation->mismatch);
    EXPECT_EQ(translation->mismatchPair, mismatchPair);
    EXPECT_EQ(translation->mismatch->lane, mismatch->lane);
    EXPECT_EQ(translation->mismatch->slot, mismatch->slot);
    EXPECT_EQ(translation->mismatch->source, mismatch->source);
    EXPECT_EQ(translation->mismatch->tile, mismatch->tile);
    ++mismatches;
    laterPairs += mismatchPair > 0;
  }
  // Every kind of answer is reached.
  EXPECT_GT(translations, 20u);
  EXPECT_GT(mismatches, 20u);
  EXPECT_GT(laterPairs, 5u);
}

TEST_F(SymbolicFootprintTest, RunsOfLanesAgreeWithEnumeration) {
  std::mt19937 rng(20261128);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  unsigned linear = 0, other = 0;
  for (int round = 0; round < 150; ++round) {
    // A box of `rows` x `runsPerRow * width` at [16, 8], cut into runs of
    // `width`; `numReads` reads a lane of `width` elements each, whose
    // starts are the linear layout's, or a permutation or shift of it.
    int sizeX = 1 << pick(1, 4), sizeY = pick(1, 2), width = 1 << pick(0, 2);
    int numLanes = sizeX * sizeY, numReads = pick(1, 2);
    int runsPerRow = 1 << pick(0, 3);
    int numRuns = numLanes * numReads;
    if (numRuns % runsPerRow != 0)
      runsPerRow = 1;
    int rows = numRuns / runsPerRow;
    std::string text = stagingKernel(sizeX, sizeY);
    for (int i = 0; i < numReads; ++i) {
      // The run of the lane: `t + i * numLanes`, or a changed one.
      std::string lane = "(x + y * " + std::to_string(sizeX) + ")";
      std::string run = lane + " + " + std::to_string(i * numLanes);
      switch (pick(0, 4)) {
      case 0:
        run = "(" + lane + " + 1) mod " + std::to_string(numLanes) + " + " +
              std::to_string(i * numLanes);
        break;
      case 1:
        run = lane + " + " + std::to_string((numReads - 1 - i) * numLanes);
        break;
      default:
        break;
      }
      std::string column = "((" + run + ") mod " + std::to_string(runsPerRow) +
                           ") * " + std::to_string(width) + " + 8";
      if (pick(0, 5) == 0)
        column += " + " + std::to_string(pick(1, 2));
      text += "    %r" + std::to_string(i) +
              " = wave.read %g[%x, %y] map affine_map<(x, y) -> ((" + run +
              ") floordiv " + std::to_string(runsPerRow) + " + 16, " + column +
              ")> {tag = \"r" + std::to_string(i) +
              "\"} : memref<256x256xf16> -> vector<" + std::to_string(width) +
              "xf16>\n";
    }
    text += "    gpu.return\n  }\n}\n";
    ASSERT_TRUE(parse(text));
    SCOPED_TRACE(text);

    // Enumerated: the (lane, start) pairs against the linear layout's.
    FootprintBox box{{16, 8}, {rows, runsPerRow * width}};
    std::multiset<std::vector<int64_t>> actual, expected;
    std::vector<SymbolicFootprint> reads;
    for (int i = 0; i < numReads; ++i) {
      std::string tag = "r" + std::to_string(i);
      std::optional<WorkgroupFootprint> lanes = enumerate(tag);
      ASSERT_TRUE(lanes);
      for (int64_t t = 0; t < lanes->getNumLanes(); ++t) {
        ArrayRef<int64_t> start = lanes->getCoordinate(t, 0);
        actual.insert({t, start[0], start[1]});
      }
      reads.push_back(symbolic(tag));
    }
    for (int64_t r = 0; r < numRuns; ++r)
      expected.insert(
          {r % numLanes, 16 + r / runsPerRow, 8 + (r % runsPerRow) * width});
    // The box holds every element and no element is read twice (a
    // precondition of the query, as in the staging plan).
    std::set<std::pair<int64_t, int64_t>> elements;
    bool inside = true;
    for (const std::vector<int64_t> &start : actual)
      for (int64_t s = 0; s < width; ++s) {
        elements.insert({start[1], start[2] + s});
        inside &= start[1] >= 16 && start[1] < 16 + rows && start[2] >= 8 &&
                  start[2] + s < 8 + runsPerRow * width;
      }
    if (!inside || int64_t(elements.size()) != int64_t(numRuns) * width)
      continue;

    SmallVector<const SymbolicFootprint *> footprints;
    for (const SymbolicFootprint &read : reads)
      footprints.push_back(&read);
    bool symbolicAnswer =
        startsRunsOfLanes(footprints, box, {0, 1}, width, numLanes);
    EXPECT_EQ(symbolicAnswer, actual == expected);
    linear += actual == expected;
    other += actual != expected;
  }
  EXPECT_GT(linear, 20u);
  EXPECT_GT(other, 10u);
}

/// An LDS tile written and read back by a neighbour in every iteration of a
/// loop whose trip count enumeration could not afford.
constexpr StringLiteral kStagedLoop = R"mlir(
#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @k(%n: index) kernel attributes {
      known_block_size = array<i32: 256, 1, 1>,
      wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : memref<1024xf32, #lds>
    %t = gpu.thread_id x
    %v = arith.constant dense<1.0> : vector<4xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %big = arith.constant 1048576 : index
    scf.for %i = %c0 to %big step %c1 {
      wave.write %v, %buf[%t] map affine_map<(t) -> (t * 4)> {tag = "w"}
          : vector<4xf32>, memref<1024xf32, #lds>
      %r = wave.read %buf[%t] map affine_map<(t) -> (((t + 64) mod 256) * 4)>
          {tag = "r"} : memref<1024xf32, #lds> -> vector<4xf32>
      %own = wave.read %buf[%t] map affine_map<(t) -> (t * 4)>
          {tag = "own"} : memref<1024xf32, #lds> -> vector<4xf32>
    }
    scf.for %j = %c0 to %n step %c1 {
      wave.write %v, %buf[%t, %j] map affine_map<(t, j) -> (t * 4 + j mod 2)>
          {tag = "wn"} : vector<4xf32>, memref<1024xf32, #lds>
    }
    gpu.return
  }
}
)mlir";

TEST_F(SymbolicFootprintTest, HugeTripCounts) {
  ASSERT_TRUE(parse(kStagedLoop));
  SymbolicFootprint w = symbolic("w"), r = symbolic("r"), own = symbolic("own");
  auto distance = [](IterationDistance d) {
    return [d](Operation *) { return std::optional<IterationDistance>(d); };
  };
  auto crossWave = [&](const SymbolicFootprint &a, const SymbolicFootprint &b,
                       IterationDistance d) {
    FailureOr<std::optional<FootprintWitness>> witness =
        findCommonAddress(a, b, distance(d), LanePairs::differentGroups(64));
    EXPECT_TRUE(succeeded(witness));
    return witness->has_value();
  };
  // The neighbour's read conflicts with the write in the same iteration and
  // with the next iteration's write (which reuses the tile).
  EXPECT_TRUE(crossWave(w, r, IterationDistance::same()));
  EXPECT_TRUE(crossWave(r, w, IterationDistance::exactly(1)));
  EXPECT_TRUE(crossWave(r, w, IterationDistance::atLeast(2)));
  // The last of 2^20 iterations has no successor 2^20 iterations later.
  EXPECT_FALSE(crossWave(r, w, IterationDistance::exactly(1 << 20)));
  EXPECT_TRUE(crossWave(r, w, IterationDistance::exactly((1 << 20) - 1)));
  // A lane reading back only what it wrote conflicts with no other lane.
  FailureOr<std::optional<FootprintWitness>> ownPair = findCommonAddress(
      w, own, distance(IterationDistance::same()), LanePairs::differentLanes());
  ASSERT_TRUE(succeeded(ownPair));
  EXPECT_FALSE(ownPair->has_value());
  // The witness names lanes of different waves touching one address.
  FailureOr<std::optional<FootprintWitness>> witness =
      findCommonAddress(w, r, distance(IterationDistance::same()),
                        LanePairs::differentGroups(64));
  ASSERT_TRUE(succeeded(witness) && witness->has_value());
  EXPECT_NE((**witness).laneA / 64, (**witness).laneB / 64);
  EXPECT_EQ((**witness).address / 4, (**witness).laneA);
  EXPECT_EQ(((**witness).laneB + 64) % 256, (**witness).laneA);

  // A run-time trip count: iterations j and j + 1 of one lane overlap, and
  // lane t's odd iteration reaches the first element of lane t + 1's chunk.
  SymbolicFootprint wn = symbolic("wn");
  FailureOr<std::optional<FootprintWitness>> sameLane = findCommonAddress(
      wn, wn, distance(IterationDistance::exactly(1)), LanePairs::any());
  ASSERT_TRUE(succeeded(sameLane));
  EXPECT_TRUE(sameLane->has_value());
  FailureOr<std::optional<FootprintWitness>> otherLane =
      findCommonAddress(wn, wn, distance(IterationDistance::atLeast(1)),
                        LanePairs::differentLanes());
  ASSERT_TRUE(succeeded(otherLane));
  EXPECT_TRUE(otherLane->has_value()) << "t*4+3 of lane t meets lane t+1";
  std::string reason;
  EXPECT_FALSE(wn.isProvablyInBounds(&reason));
  EXPECT_NE(reason.find("its range is unknown"), std::string::npos) << reason;
  EXPECT_TRUE(w.isProvablyInBounds(&reason)) << reason;
}

/// Uniform values and guards restrict footprints exactly.
constexpr StringLiteral kGuardsAndUniforms = R"mlir(
#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @k(%n: index) kernel attributes {
      known_block_size = array<i32: 128, 1, 1>,
      wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : memref<512xf32, #lds>
    %t = gpu.thread_id x
    %v = arith.constant dense<1.0> : vector<1xf32>
    %c64 = arith.constant 64 : index
    %low = arith.cmpi ult, %t, %c64 : index
    scf.if %low {
      wave.write %v, %buf[%t, %n] map affine_map<(t, n) -> (t + n)>
          {tag = "low"} : vector<1xf32>, memref<512xf32, #lds>
    } else {
      %r = wave.read %buf[%t, %n] map affine_map<(t, n) -> (t - 64 + n)>
          {tag = "high"} : memref<512xf32, #lds> -> vector<1xf32>
      %r2 = wave.read %buf[%t, %n] map affine_map<(t, n) -> (t + n)>
          {tag = "highOwn"} : memref<512xf32, #lds> -> vector<1xf32>
    }
    gpu.return
  }
}
)mlir";

TEST_F(SymbolicFootprintTest, GuardsAndUniformValues) {
  ASSERT_TRUE(parse(kGuardsAndUniforms));
  SymbolicFootprint low = symbolic("low"), high = symbolic("high"),
                    highOwn = symbolic("highOwn");
  auto same = [](Operation *) {
    return std::optional<IterationDistance>(IterationDistance::same());
  };
  // The second wave reads what the first wrote, whatever %n is.
  FailureOr<std::optional<FootprintWitness>> pair =
      findCommonAddress(low, high, same, LanePairs::differentGroups(64));
  ASSERT_TRUE(succeeded(pair) && pair->has_value());
  EXPECT_EQ((**pair).laneA + 64, (**pair).laneB);
  // Lanes 64..127 read t + n, which lanes 0..63 wrote only at a lower t.
  FailureOr<std::optional<FootprintWitness>> own =
      findCommonAddress(low, highOwn, same, LanePairs::any());
  ASSERT_TRUE(succeeded(own));
  EXPECT_FALSE(own->has_value());
  EXPECT_EQ(low.getInexactGuards(), 0u);
  EXPECT_FALSE(low.isEmpty());
}

/// Two staging chunks of a 64x128 f16 tile (rows t floordiv 16 + 16 c) and
/// a fragment read of rows 0..31: the integer bounds are the exact rows,
/// though the relaxation of the floordiv alone would widen them by one.
constexpr StringLiteral kStagingChunks = R"mlir(
gpu.module @m {
  gpu.func @k(%v: vector<8xf16>) kernel attributes {
      known_block_size = array<i32: 256, 1, 1>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tile = wave.alloc_lds : memref<64x128xf16, #gpu.address_space<workgroup>>
    wave.write %v, %tile[%c0, %t] map affine_map<(c, t) -> (c * 16 + t floordiv 16, (t mod 16) * 8)>
        {tag = "chunk0"} : vector<8xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>
    wave.write %v, %tile[%c1, %t] map affine_map<(c, t) -> (c * 16 + t floordiv 16, (t mod 16) * 8)>
        {tag = "chunk1"} : vector<8xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>
    wave.write %v, %tile[%c2, %t] map affine_map<(c, t) -> (c * 16 + t floordiv 16, (t mod 16) * 8)>
        {tag = "chunk2"} : vector<8xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>
    %a = wave.read %tile[%t] map affine_map<(t) -> (t mod 32, ((t mod 64) floordiv 32) * 4)>
        {tag = "fragment"} : memref<64x128xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
    gpu.return
  }
}
)mlir";

TEST_F(SymbolicFootprintTest, CoordinateBoundsAreTheExactBoxes) {
  ASSERT_TRUE(parse(kStagingChunks));
  CoordinateBounds chunk0 = bounds("chunk0"), chunk1 = bounds("chunk1"),
                   chunk2 = bounds("chunk2"), fragment = bounds("fragment");
  expectBox(chunk1, {{16, 31}, {0, 127}});
  expectBox(fragment, {{0, 31}, {0, 7}});
  EXPECT_FALSE(chunk0.mayMeet(chunk1));
  EXPECT_TRUE(chunk0.mayMeet(fragment));
  EXPECT_TRUE(chunk1.mayMeet(fragment));
  EXPECT_FALSE(chunk2.mayMeet(fragment));
}

/// The rows of a tile stored transposed in registers (wave-transpose-lds-
/// tiles): lane t writes row 8 (t / 16) + j of 4 elements; and two vector
/// writes whose first columns differ by one.
constexpr StringLiteral kTransposedRows = R"mlir(
gpu.module @m {
  gpu.func @k(%v: vector<4xf16>) kernel attributes {
      known_block_size = array<i32: 256, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<128x64xf16, #gpu.address_space<workgroup>>
    wave.write %v, %tile[%t] map affine_map<(t) -> ((t floordiv 16) * 8, (t mod 16) * 4)>
        {tag = "row0"} : vector<4xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>
    wave.write %v, %tile[%t] map affine_map<(t) -> ((t floordiv 16) * 8 + 1, (t mod 16) * 4)>
        {tag = "row1"} : vector<4xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>
    wave.write %v, %tile[%t] map affine_map<(t) -> ((t floordiv 16) * 8 + 8, (t mod 16) * 4 + 1)>
        {tag = "shifted"} : vector<4xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
)mlir";

TEST_F(SymbolicFootprintTest, CoordinateBoundsKeepTheRowsCongruence) {
  ASSERT_TRUE(parse(kTransposedRows));
  CoordinateBounds row0 = bounds("row0"), row1 = bounds("row1"),
                   shifted = bounds("shifted");
  // The boxes overlap: rows 0..120 and 1..121 (columns 0..63).
  expectBox(row0, {{0, 120}, {0, 63}});
  expectBox(row1, {{1, 121}, {0, 63}});
  // The rows are 0 and 1 modulo 8; the columns, 4 wide, say nothing.
  EXPECT_EQ(row0.modulus[0], 8);
  EXPECT_EQ(row0.residue[0], 0);
  EXPECT_EQ(row1.residue[0], 1);
  EXPECT_LE(row0.modulus[1], 1);
  EXPECT_FALSE(row0.mayMeet(row1));
  EXPECT_FALSE(row1.mayMeet(row0));
  // Rows 8 q + 8 meet rows 8 q; a first column one further still meets
  // the columns of the row before.
  EXPECT_TRUE(row0.mayMeet(shifted));
  EXPECT_FALSE(row1.mayMeet(shifted));
}

/// A copy that took its tile's swizzle (<8, 1, 4>) on the read side: lane t
/// writes row t / 4 at the logical column (t mod 4) * 8 xor (phase * 8), the
/// XOR bit by bit; waves of 64 lanes write rows 16 w to 16 w + 15 whole. The
/// reads are of row 3 (wave 0's) and of row 40 (wave 2's), 8 elements a lane
/// from column (t mod 4) * 8.
constexpr StringLiteral kSwizzledCopy = R"mlir(
gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 4> : memref<64x32xf16, #gpu.address_space<workgroup>>
    %v = arith.constant dense<0.0> : vector<8xf16>
    wave.write %v, %tile[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d0 mod 4 + (d0 floordiv 4) mod 4) mod 2 + (((d0 mod 4) floordiv 2 + ((d0 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d0 mod 4) * 8)>
        {tag = "swizzled"} : vector<8xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
    %r3 = wave.read %tile[%t] map affine_map<(t) -> (3, (t mod 4) * 8)>
        {tag = "row3"} : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %r40 = wave.read %tile[%t] map affine_map<(t) -> (40, (t mod 4) * 8)>
        {tag = "row40"} : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    gpu.return
  }
}
)mlir";

TEST_F(SymbolicFootprintTest, SwizzleBlockCoverHoldsTheSwizzledRuns) {
  ASSERT_TRUE(parse(kSwizzledCopy));
  // Only the swizzled form gets a cover; a plain access of the tile none.
  EXPECT_FALSE(SymbolicFootprint::getSwizzleBlockCover(access("row3")));
  std::optional<SymbolicFootprint> cover =
      SymbolicFootprint::getSwizzleBlockCover(access("swizzled"));
  ASSERT_TRUE(cover);
  // The cover is the whole of every row the copy writes: rows 0 to 63, the
  // one block of columns 0 to 31 (the box holds every slot).
  FailureOr<CoordinateBounds> box = findCoordinateBounds(*cover);
  ASSERT_TRUE(succeeded(box));
  expectBox(*box, {{0, 63}, {0, 31}});
  // Across waves, the cover meets exactly what the swizzled runs meet: row
  // 3 is wave 0's, so other waves' lanes reading it meet wave 0's writes;
  // with lanes of any waves, row 40's readers meet wave 2's writes too.
  auto same = [](Operation *) {
    return std::optional<IterationDistance>(IterationDistance::same());
  };
  SymbolicFootprint exact = symbolic("swizzled");
  for (StringRef read : {"row3", "row40"})
    for (LanePairs lanes : {LanePairs::differentGroups(64), LanePairs::any(),
                            LanePairs::differentLanes()}) {
      FailureOr<bool> byCover =
          hasCommonAddress(*cover, symbolic(read), same, lanes);
      FailureOr<bool> byRuns =
          hasCommonAddress(exact, symbolic(read), same, lanes);
      ASSERT_TRUE(succeeded(byCover) && succeeded(byRuns));
      EXPECT_EQ(*byCover, *byRuns) << read.str() << " " << lanes.groupSize;
      EXPECT_TRUE(*byCover);
    }
}

/// A coordinate whose linear form has the coefficient -2^63: ((t + 1) mod 2)
/// * 2^62 is 2^62 (t + 1) - 2^63 floor((t + 1) / 2) (found by the fuzzer,
/// whose sanitized build stopped on the negation of that coefficient; the
/// sanitized suite, built with -fno-sanitize-recover=undefined, stops here
/// the same way on such a negation).
constexpr StringLiteral kExtremeCoefficient = R"mlir(
gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<1536xf32, #gpu.address_space<workgroup>>
    %x = wave.read %tile[%t] map affine_map<(t) -> (((t + 1) mod 2) * 4611686018427387904)>
        {tag = "extreme"} : memref<1536xf32, #gpu.address_space<workgroup>> -> vector<1xf32>
    gpu.return
  }
}
)mlir";

TEST_F(SymbolicFootprintTest,
       CoordinateCongruenceTakesTheMostNegativeCoefficient) {
  ASSERT_TRUE(parse(kExtremeCoefficient));
  CoordinateBounds extreme = bounds("extreme");
  // Coordinates 0 and 2^62: both 0 modulo gcd(2^62, 2^63) = 2^62.
  EXPECT_EQ(extreme.modulus[0], int64_t(1) << 62);
  EXPECT_EQ(extreme.residue[0], 0);
  EXPECT_TRUE(extreme.mayMeet(extreme));
}

/// A loop of run-time trip count `%n`; `ASSUME` is the kernel's assumption.
constexpr StringLiteral kRunTimeTrips = R"mlir(
gpu.module @m {
  gpu.func @k(%A: memref<1024xf32>, %n: index) kernel attributes {
      known_block_size = array<i32: 256, 1, 1>ASSUME} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %k = %c0 to %n step %c1 {
      %r = wave.read %A[%t, %k] map affine_map<(t, k) -> (k * 256 + t)>
          {tag = "r"} : memref<1024xf32> -> vector<1xf32>
    }
    gpu.return
  }
}
)mlir";

TEST_F(SymbolicFootprintTest, AssumptionsBoundRunTimeValues) {
  auto inBounds = [&](StringRef assume, std::string &reason) {
    std::string text = kRunTimeTrips.str();
    text.replace(text.find("ASSUME"), 6, assume.str());
    EXPECT_TRUE(parse(text));
    return symbolic("r").isProvablyInBounds(&reason);
  };
  std::string reason;
  EXPECT_FALSE(inBounds("", reason));
  EXPECT_NE(reason.find("its range is unknown"), std::string::npos) << reason;
  // At most 4 iterations of 256 elements: inside the 1024.
  EXPECT_TRUE(
      inBounds(", wave.assume = affine_set<(a, n) : (4 - n >= 0)>", reason))
      << reason;
  // A fifth iteration would read past the end.
  EXPECT_FALSE(
      inBounds(", wave.assume = affine_set<(a, n) : (5 - n >= 0)>", reason));
  // Divisibility: an even trip count of at most 5 is at most 4.
  EXPECT_TRUE(inBounds(
      ", wave.assume = affine_set<(a, n) : (5 - n >= 0, n mod 2 == 0)>",
      reason))
      << reason;
}

/// Accesses of one element each; `ASSUME` bounds the trip count `%n`.
constexpr StringLiteral kFixedElements = R"mlir(
#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @k(%n: index) kernel attributes {
      known_block_size = array<i32: 64, 1, 1>ASSUME} {
    %buf = wave.alloc_lds : memref<128xf32, #lds>
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %big = arith.constant 2097152 : index
    %shifted = wave.read %buf[%t, %c2] map affine_map<(t, s) -> (t + s)>
        {tag = "shifted"} : memref<128xf32, #lds> -> vector<1xf32>
    %first = arith.cmpi ult, %t, %c1 : index
    scf.if %first {
      %own = wave.read %buf[%t] {tag = "guarded"}
          : memref<128xf32, #lds> -> vector<1xf32>
    }
    scf.for %k = %c0 to %n step %c1 {
      %r = wave.read %buf[%k] map affine_map<(k) -> (k floordiv 4)>
          {tag = "runTime"} : memref<128xf32, #lds> -> vector<1xf32>
    }
    scf.for %k = %c0 to %big step %c1 {
      %r = wave.read %buf[%k] map affine_map<(k) -> (k floordiv 2097152)>
          {tag = "long"} : memref<128xf32, #lds> -> vector<1xf32>
    }
    gpu.return
  }
}
)mlir";

TEST_F(SymbolicFootprintTest, FixedElements) {
  auto parseWith = [&](StringRef assume) {
    std::string text = kFixedElements.str();
    text.replace(text.find("ASSUME"), 6, assume.str());
    return parse(text);
  };
  using Element = std::optional<SmallVector<int64_t>>;
  auto fixed = [&](StringRef tag, std::optional<unsigned> laneDim,
                   bool ignoreGuards = false) {
    std::string reason;
    FailureOr<Element> element =
        symbolic(tag).getFixedElement(laneDim, ignoreGuards, &reason);
    EXPECT_TRUE(succeeded(element)) << reason;
    return succeeded(element) ? *element : Element();
  };
  ASSERT_TRUE(parseWith(", wave.assume = affine_set<(n) : (4 - n >= 0)>"));
  // buf[t + 2]: 2 past the lane, not one element.
  EXPECT_EQ(fixed("shifted", 0u), Element({2}));
  EXPECT_EQ(fixed("shifted", std::nullopt), Element());
  // Only lane 0 runs the guarded read, unless the guard is ignored.
  EXPECT_EQ(fixed("guarded", std::nullopt), Element({0}));
  EXPECT_EQ(fixed("guarded", std::nullopt, /*ignoreGuards=*/true), Element());
  // k < n <= 4: k floordiv 4 is 0, at a cost independent of trip counts.
  EXPECT_EQ(fixed("runTime", std::nullopt), Element({0}));
  EXPECT_EQ(fixed("long", std::nullopt), Element({0}));
  // n <= 8 lets k reach 4.
  ASSERT_TRUE(parseWith(", wave.assume = affine_set<(n) : (8 - n >= 0)>"));
  EXPECT_EQ(fixed("runTime", std::nullopt), Element());
  // Without an assumption n is unbounded.
  ASSERT_TRUE(parseWith(""));
  EXPECT_EQ(fixed("runTime", std::nullopt), Element());
}

/// Random one-element reads of a one-dimensional buffer, many of them of
/// one element in every lane or one shift from the lane: getFixedElement
/// agrees with the enumerated elements of every lane and iteration.
TEST_F(SymbolicFootprintTest, FixedElementsAgreeWithEnumeration) {
  std::mt19937 rng(20261127);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  unsigned fixed = 0, shifted = 0;
  for (int round = 0; round < 80; ++round) {
    int sizeX = 1 << pick(2, 4), sizeY = pick(1, 2), trips = pick(0, 4);
    std::string terms[] = {
        std::to_string(pick(0, 1)) + " * x",
        std::to_string(pick(-1, 1)) + " * y",
        "(x floordiv " + std::to_string(pick(2, 20)) + ") * " +
            std::to_string(pick(1, 2)),
        "(i floordiv " + std::to_string(pick(1, 6)) + ") * " +
            std::to_string(pick(1, 3)),
        "((x + i) mod " + std::to_string(pick(1, 6)) + ")",
    };
    std::string map = "100";
    for (const std::string &term : terms)
      if (pick(0, 2) == 0)
        map += " + " + term;
    std::string text =
        "#lds = #gpu.address_space<workgroup>\n"
        "gpu.module @m {\n"
        "  gpu.func @k() kernel attributes {known_block_size = array<i32: " +
        std::to_string(sizeX) + ", " + std::to_string(sizeY) +
        ", 1>} {\n"
        "    %buf = wave.alloc_lds : memref<256xf32, #lds>\n"
        "    %x = gpu.thread_id x\n"
        "    %y = gpu.thread_id y\n"
        "    %lb = arith.constant 0 : index\n"
        "    %ub = arith.constant " +
        std::to_string(trips) +
        " : index\n"
        "    %st = arith.constant 1 : index\n"
        "    scf.for %i = %lb to %ub step %st {\n"
        "      %r = wave.read %buf[%x, %y, %i] map affine_map<(x, y, i) -> (" +
        map +
        ")> {tag = \"r\"} : memref<256xf32, #lds> -> vector<1xf32>\n"
        "    }\n"
        "    gpu.return\n"
        "  }\n"
        "}\n";
    ASSERT_TRUE(parse(text));
    SCOPED_TRACE(text);
    std::string reason;
    FailureOr<WorkgroupFootprint> elements =
        footprint("r")->enumerate(FootprintBindings(), &reason);
    ASSERT_TRUE(succeeded(elements)) << reason;
    // The enumerated answer: one coordinate (minus the lane, for the
    // second) for every element of every lane.
    std::set<int64_t> coordinates, shifts;
    if (trips > 0)
      for (int64_t lane = 0; lane < elements->getNumLanes(); ++lane)
        for (int64_t e = 0; e < elements->getNumElements(lane); ++e) {
          coordinates.insert(elements->getCoordinate(lane, e)[0]);
          shifts.insert(elements->getCoordinate(lane, e)[0] - lane);
        }
    using Element = std::optional<SmallVector<int64_t>>;
    auto expected = [](const std::set<int64_t> &values) {
      return values.size() == 1 ? Element({*values.begin()}) : Element();
    };
    SymbolicFootprint r = symbolic("r");
    FailureOr<Element> one = r.getFixedElement(std::nullopt, false, &reason);
    ASSERT_TRUE(succeeded(one)) << reason;
    EXPECT_EQ(*one, expected(coordinates));
    FailureOr<Element> lane = r.getFixedElement(0u, false, &reason);
    ASSERT_TRUE(succeeded(lane)) << reason;
    EXPECT_EQ(*lane, expected(shifts));
    fixed += one->has_value();
    shifted += lane->has_value();
  }
  // Both kinds of answer occur.
  EXPECT_GT(fixed, 0u);
  EXPECT_GT(shifted, 0u);
}

/// The start of a module whose kernel @k takes `%buf` of type `buffer`, runs
/// workgroups of `sizeX` x `sizeY` lanes in a grid of `grid` along x, and
/// reads its thread ids `%x`, `%y` and workgroup id `%w`.
static std::string gridKernelPrologue(int sizeX, int sizeY, int grid,
                                      StringRef buffer) {
  return "gpu.module @m {\n"
         "  gpu.func @k(%buf: " +
         buffer.str() + ") kernel attributes {known_block_size = array<i32: " +
         std::to_string(sizeX) + ", " + std::to_string(sizeY) +
         ", 1>, known_grid_size = array<i32: " + std::to_string(grid) +
         ", 1, 1>} {\n"
         "    %x = gpu.thread_id x\n"
         "    %y = gpu.thread_id y\n"
         "    %w = gpu.block_id x\n";
}

/// Random one-element accesses of a global buffer in a small grid:
/// findLaneOutOfStep and findElementSharedInGrid agree with the enumerated
/// elements of every lane of every workgroup.
TEST_F(SymbolicFootprintTest, GridQueriesAgreeWithEnumeration) {
  std::mt19937 rng(20261128);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  auto randomMap = [&] {
    std::string terms[] = {
        std::to_string(pick(0, 2)) + " * x",
        std::to_string(pick(-1, 1)) + " * y",
        std::to_string(pick(0, 16)) + " * w",
        "(x floordiv " + std::to_string(pick(2, 4)) + ") * " +
            std::to_string(pick(1, 3)),
        "(x mod " + std::to_string(pick(2, 4)) + ") * " +
            std::to_string(pick(1, 3)),
    };
    std::string map = std::to_string(pick(100, 104));
    for (const std::string &term : terms)
      if (pick(0, 1) == 0)
        map += " + " + term;
    return map;
  };
  unsigned inStep = 0, lanePrivate = 0;
  for (int round = 0; round < 120; ++round) {
    int sizeX = 1 << pick(1, 3), sizeY = pick(1, 2), grid = pick(1, 3);
    int64_t factor = 1 << pick(1, 1 + (sizeX > 2));
    std::string text =
        gridKernelPrologue(sizeX, sizeY, grid, "memref<512xf32>") +
        "    %r = wave.read %buf[%x, %y, %w] map affine_map<(x, y, w) -> (" +
        randomMap() +
        ")> {tag = \"r\"} : memref<512xf32> -> vector<1xf32>\n"
        "    wave.write %r, %buf[%x, %y, %w] map affine_map<(x, y, w) -> (" +
        randomMap() +
        ")> {tag = \"w\"} : vector<1xf32>, memref<512xf32>\n"
        "    gpu.return\n"
        "  }\n"
        "}\n";
    ASSERT_TRUE(parse(text));
    SCOPED_TRACE(text);
    // The enumerated answers: the first lane (by workgroup, then lane) of
    // the read out of step with its group's first lane, and the lanes of
    // the grid touching each element written.
    std::optional<std::pair<int64_t, int64_t>> firstLate;
    std::map<int64_t, std::set<int64_t>> readers, writers;
    for (int64_t wg = 0; wg < grid; ++wg) {
      FootprintBindings bindings;
      bindings.workgroupId = {wg, 0, 0};
      std::string reason;
      FailureOr<WorkgroupFootprint> reads =
          footprint("r")->enumerate(bindings, &reason);
      FailureOr<WorkgroupFootprint> writes =
          footprint("w")->enumerate(bindings, &reason);
      ASSERT_TRUE(succeeded(reads) && succeeded(writes)) << reason;
      for (int64_t lane = 0; lane < reads->getNumLanes(); ++lane) {
        int64_t global = wg * reads->getNumLanes() + lane;
        readers[reads->getCoordinate(lane, 0)[0]].insert(global);
        writers[writes->getCoordinate(lane, 0)[0]].insert(global);
        int64_t i = (lane % sizeX) % factor;
        if (!firstLate && i != 0 &&
            reads->getCoordinate(lane, 0)[0] !=
                reads->getCoordinate(lane - i, 0)[0] + i)
          firstLate = {wg, lane};
      }
    }
    bool shared = false;
    for (auto &[element, lanes] : writers) {
      std::set<int64_t> touching = lanes;
      touching.insert(readers[element].begin(), readers[element].end());
      shared |= touching.size() > 1;
    }

    std::string reason;
    SymbolicFootprint r = symbolic("r"), w = symbolic("w");
    FailureOr<std::optional<GridLane>> late =
        findLaneOutOfStep(r, factor, 1, &reason);
    ASSERT_TRUE(succeeded(late)) << reason;
    ASSERT_EQ(late->has_value(), firstLate.has_value());
    if (firstLate) {
      EXPECT_EQ((*late)->workgroup[0], firstLate->first);
      EXPECT_EQ((*late)->lane, firstLate->second);
    }
    bool found = false;
    for (const SymbolicFootprint *other : {&r, &w}) {
      FailureOr<std::optional<std::pair<GridLane, GridLane>>> pair =
          findElementSharedInGrid(w, *other, &reason);
      ASSERT_TRUE(succeeded(pair)) << reason;
      found |= pair->has_value();
    }
    EXPECT_EQ(found, shared);
    inStep += !firstLate;
    lanePrivate += !shared;
  }
  // Both answers occur for both queries.
  EXPECT_GT(inStep, 0u);
  EXPECT_LT(inStep, 120u);
  EXPECT_GT(lanePrivate, 0u);
  EXPECT_LT(lanePrivate, 120u);
}

/// Random one-element reads of a matrix in a loop, in a small grid:
/// findLaneOffRow agrees with the enumerated rows of every lane of every
/// workgroup in every iteration (the lanes of a group compared in the same
/// iteration only).
TEST_F(SymbolicFootprintTest, LaneOffRowAgreesWithEnumeration) {
  std::mt19937 rng(20261203);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  auto randomCoordinate = [&](int constant, bool row) {
    std::string terms[] = {
        std::to_string(pick(0, 1)) + " * x",
        "(x floordiv " + std::to_string(1 << pick(1, 2)) + ") * " +
            std::to_string(pick(1, 2)),
        std::to_string(pick(0, 2)) + " * y",
        std::to_string(pick(0, 3)) + " * w",
        std::to_string(pick(0, 2)) + " * i",
    };
    std::string expr = std::to_string(constant);
    for (const std::string &term : terms)
      if (pick(0, row ? 2 : 1) == 0)
        expr += " + " + term;
    return expr;
  };
  unsigned oneRow = 0;
  for (int round = 0; round < 120; ++round) {
    int sizeX = 1 << pick(1, 3), sizeY = pick(1, 2), grid = pick(1, 2);
    int64_t group = 1 << pick(1, sizeX == 2 ? 1 : 2);
    std::string text =
        gridKernelPrologue(sizeX, sizeY, grid, "memref<64x64xf32>") +
        "    %c0 = arith.constant 0 : index\n"
        "    %c1 = arith.constant 1 : index\n"
        "    %c2 = arith.constant 2 : index\n"
        "    scf.for %i = %c0 to %c2 step %c1 {\n"
        "      %r = wave.read %buf[%x, %y, %w, %i] map affine_map<(x, y, w, "
        "i) -> (" +
        randomCoordinate(1, /*row=*/true) + ", " +
        randomCoordinate(2, /*row=*/false) +
        ")> {tag = \"r\"} : memref<64x64xf32> -> vector<1xf32>\n"
        "    }\n"
        "    gpu.return\n"
        "  }\n"
        "}\n";
    ASSERT_TRUE(parse(text));
    SCOPED_TRACE(text);
    Value iv;
    module->walk([&](scf::ForOp loop) { iv = loop.getInductionVar(); });
    // The enumerated answer: the first lane (by workgroup, then lane) whose
    // row differs from its group's first lane's in some iteration.
    std::optional<std::pair<int64_t, int64_t>> firstOff;
    for (int64_t wg = 0; wg < grid && !firstOff; ++wg) {
      std::optional<int64_t> lateLane;
      for (int64_t i = 0; i < 2; ++i) {
        FootprintBindings bindings;
        bindings.workgroupId = {wg, 0, 0};
        bindings.bind(iv, i);
        std::string reason;
        FailureOr<WorkgroupFootprint> reads =
            footprint("r")->enumerate(bindings, &reason);
        ASSERT_TRUE(succeeded(reads)) << reason;
        for (int64_t lane = 0; lane < reads->getNumLanes(); ++lane)
          if (lane % group != 0 &&
              reads->getCoordinate(lane, 0)[0] !=
                  reads->getCoordinate(lane - lane % group, 0)[0]) {
            lateLane = std::min(lateLane.value_or(lane), lane);
            break;
          }
      }
      if (lateLane)
        firstOff = {wg, *lateLane};
    }
    std::string reason;
    FailureOr<std::optional<GridLane>> off =
        findLaneOffRow(symbolic("r"), group, &reason);
    ASSERT_TRUE(succeeded(off)) << reason;
    ASSERT_EQ(off->has_value(), firstOff.has_value());
    if (firstOff) {
      EXPECT_EQ((*off)->workgroup[0], firstOff->first);
      EXPECT_EQ((*off)->lane, firstOff->second);
    }
    oneRow += !firstOff;
  }
  // Both answers occur.
  EXPECT_GT(oneRow, 0u);
  EXPECT_LT(oneRow, 120u);
}

TEST_F(SymbolicFootprintTest, NonAffineIndexHasNoFootprint) {
  ASSERT_TRUE(parse(R"mlir(
#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %buf = wave.alloc_lds : memref<512xf32, #lds>
    %t = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %s = arith.shli %c1, %t : index
    %r = wave.read %buf[%s] map affine_map<(s) -> (s)> {tag = "shift"}
        : memref<512xf32, #lds> -> vector<1xf32>
    gpu.return
  }
}
)mlir"));
  std::string reason;
  EXPECT_TRUE(failed(SymbolicFootprint::get(access("shift"), &reason)));
  EXPECT_NE(reason.find("'arith.shli'"), std::string::npos) << reason;
}

} // namespace
