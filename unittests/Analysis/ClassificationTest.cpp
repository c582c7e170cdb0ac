//===- ClassificationTest.cpp - Tests of index classification -------------===//

#include "FootprintTestUtils.h"

#include "llvm/Support/raw_ostream.h"

#include <limits>

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::test;

namespace {

// One access whose indices are every kind of index value; the map ignores
// them, so the kernel is valid whatever they are.
constexpr const char *kClassesIR = R"mlir(
gpu.module @classes {
  gpu.func @classes(%a: memref<4xf32>, %n: index, %m: index,
                    %buf: memref<8xindex>) kernel
      attributes {known_block_size = array<i32: 64, 2, 2>,
                  known_grid_size = array<i32: 4, 3, 2>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c64 = arith.constant 64 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tz = gpu.thread_id z
    %lane = gpu.lane_id
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %bz = gpu.block_id z
    %folded = arith.muli %c5, %c3 : index
    %bdim = gpu.block_dim y
    %gdim = gpu.grid_dim z
    %wgBase = arith.muli %bx, %c5 : index
    %argProduct = arith.muli %n, %m : index
    %mixed = arith.addi %wgBase, %argProduct : index
    %derived = arith.addi %tx, %c5 : index
    %cast = arith.index_cast %ty : index to i32
    %back = arith.index_cast %cast : i32 to index
    %square = arith.muli %tx, %tx : index
    %loaded = memref.load %buf[%c3] : memref<8xindex>
    scf.for %i = %c0 to %c64 step %c4 {
      scf.for %j = %c0 to %n step %c1 {
        scf.for %k = %c0 to %tx step %c1 {
          %ij = arith.addi %i, %j : index
          %kd = arith.addi %k, %c1 : index
          %v = wave.read %a[%c5, %tx, %ty, %tz, %lane, %bx, %by, %bz, %folded,
                            %bdim, %gdim, %n, %wgBase, %argProduct, %mixed,
                            %derived, %back, %square, %loaded, %i, %j, %k,
                            %ij, %kd]
              map affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11,
                              d12, d13, d14, d15, d16, d17, d18, d19, d20, d21,
                              d22, d23) -> (0)>
              {tag = "all"} : memref<4xf32> -> vector<1xf32>
        }
      }
    }
    gpu.return
  }
}
)mlir";

std::string print(const IndexClass &indexClass) {
  std::string text;
  llvm::raw_string_ostream(text) << indexClass;
  return text;
}

TEST_F(FootprintTest, ClassifiesEveryOperandKind) {
  ASSERT_TRUE(parse(kClassesIR));
  OperandRange indices = access("all").getIndices();
  // What each operand of the access is, in operand order.
  const char *expected[] = {
      "constant 5",
      "thread id x",
      "thread id y",
      "thread id z",
      "lane id",
      "workgroup id x",
      "workgroup id y",
      "workgroup id z",
      "constant 15",                     // arithmetic on constants folds
      "constant 2",                      // gpu.block_dim with known_block_size
      "constant 2",                      // gpu.grid_dim with known_grid_size
      "uniform value",                   // kernel argument
      "uniform value",                   // affine in a workgroup id
      "uniform value",                   // product of two kernel arguments
      "uniform value",                   // sum of the two above
      "lane-dependent index arithmetic", // thread id + 5
      "thread id y",                     // index_cast round trip of a thread id
      "unknown value",                   // thread id squared
      "unknown value",                   // loaded from memory
      "loop induction variable in [0, 64) step 4",
      "loop induction variable of unknown range",
      "loop induction variable of unknown range",
      "uniform value", // sum of induction variables of uniform loops
      "lane-dependent index arithmetic", // iv of a loop bounded by a thread id
  };
  ASSERT_EQ(indices.size(), std::size(expected));
  for (auto [position, index] : llvm::enumerate(indices))
    EXPECT_EQ(print(classifyIndex(index)), expected[position])
        << "operand #" << position;
}

TEST_F(FootprintTest, ClassifiesFields) {
  ASSERT_TRUE(parse(kClassesIR));
  OperandRange indices = access("all").getIndices();

  IndexClass ty = classifyIndex(indices[2]);
  EXPECT_EQ(ty.kind, IndexKind::ThreadId);
  EXPECT_EQ(ty.dim, 1u);

  IndexClass bz = classifyIndex(indices[7]);
  EXPECT_EQ(bz.kind, IndexKind::WorkgroupId);
  EXPECT_EQ(bz.dim, 2u);

  IndexClass folded = classifyIndex(indices[8]);
  EXPECT_EQ(folded.kind, IndexKind::Constant);
  EXPECT_EQ(folded.constant, 15);

  IndexClass loop = classifyIndex(indices[19]);
  ASSERT_TRUE(loop.hasStaticRange());
  EXPECT_EQ(*loop.lowerBound, 0);
  EXPECT_EQ(*loop.upperBound, 64);
  EXPECT_EQ(*loop.step, 4);
  EXPECT_EQ(loop.getTripCount(), 16);

  IndexClass dynamicLoop = classifyIndex(indices[20]);
  EXPECT_EQ(dynamicLoop.kind, IndexKind::LoopInductionVar);
  EXPECT_FALSE(dynamicLoop.hasStaticRange());
}

// Loops as long as an index allows: the trip count of [0, 2^63 - 1) is
// computed without overflow, and a range wider than int64_t is unknown.
constexpr const char *kHugeLoopsIR = R"mlir(
gpu.module @huge {
  gpu.func @huge(%a: memref<4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %cm1 = arith.constant -1 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %max = arith.constant 9223372036854775807 : index
    scf.for %i = %c0 to %max step %c1 {
      scf.for %j = %c0 to %max step %c64 {
        scf.for %k = %cm1 to %max step %c1 {
          %v = wave.read %a[%i, %j, %k]
              map affine_map<(d0, d1, d2) -> (0)>
              {tag = "huge"} : memref<4xf32> -> vector<1xf32>
        }
      }
    }
    gpu.return
  }
}
)mlir";

TEST_F(FootprintTest, HugeLoopRanges) {
  ASSERT_TRUE(parse(kHugeLoopsIR));
  OperandRange indices = access("huge").getIndices();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

  IndexClass whole = classifyIndex(indices[0]);
  ASSERT_TRUE(whole.hasStaticRange());
  EXPECT_EQ(whole.getTripCount(), kMax);

  IndexClass strided = classifyIndex(indices[1]);
  ASSERT_TRUE(strided.hasStaticRange());
  EXPECT_EQ(strided.getTripCount(), kMax / 64 + 1);

  IndexClass wider = classifyIndex(indices[2]);
  EXPECT_EQ(wider.kind, IndexKind::LoopInductionVar);
  EXPECT_FALSE(wider.hasStaticRange());
}

// The whole access has no footprint because of its unknown operands; the
// reason names the first of them.
TEST_F(FootprintTest, UnknownOperandHasNoFootprint) {
  ASSERT_TRUE(parse(kClassesIR));
  std::string reason = footprintFailure("all");
  EXPECT_NE(reason.find("index operand #17"), std::string::npos) << reason;
  EXPECT_NE(reason.find("'arith.muli' at test.mlir:30:15"), std::string::npos)
      << reason;
  EXPECT_NE(reason.find("not affine"), std::string::npos) << reason;
}

} // namespace
