//===- LockstepTest.cpp - Lanes in lockstep under an active mask ----------===//
//
// Divergent branches run both arms under complementary masks, loops whose
// trip count varies by lane run until the last lane is done, and each lane
// ends with what its own path computed.
//
//===----------------------------------------------------------------------===//

#include "KernelTestUtils.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::testing;

namespace {

constexpr const char *kKernels = R"mlir(
#kernel = #wave.kernel<chip = "gfx1100", wave_size = @W@>
gpu.module @m {
  // Even lanes: 10 * l; odd lanes: -l, through scf.if results, with a value
  // from before the branch used in both arms and after it.
  gpu.func @branch(%out: memref<@W@xi32>) kernel
      attributes {known_block_size = array<i32: @W@, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %ten = arith.constant 10 : i32
    %zero = arith.constant 0 : i32
    %li = arith.index_cast %l : index to i32
    %parity = arith.remui %l, %c2 : index
    %even = arith.cmpi eq, %parity, %c0 : index
    %r = scf.if %even -> (i32) {
      %m = arith.muli %li, %ten : i32
      scf.yield %m : i32
    } else {
      %n = arith.subi %zero, %li : i32
      scf.yield %n : i32
    }
    memref.store %r, %out[%l] : memref<@W@xi32>
    gpu.return
  }

  // Lanes below 8 add 100, lanes 8..15 add 200 (nested in the else arm),
  // the others keep l.
  gpu.func @nested(%out: memref<@W@xi32>) kernel
      attributes {known_block_size = array<i32: @W@, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %li = arith.index_cast %l : index to i32
    %hundred = arith.constant 100 : i32
    %low = arith.cmpi ult, %l, %c8 : index
    %r = scf.if %low -> (i32) {
      %a = arith.addi %li, %hundred : i32
      scf.yield %a : i32
    } else {
      %mid = arith.cmpi ult, %l, %c16 : index
      %b = scf.if %mid -> (i32) {
        %t = arith.addi %li, %hundred : i32
        %u = arith.addi %t, %hundred : i32
        scf.yield %u : i32
      } else {
        scf.yield %li : i32
      }
      scf.yield %b : i32
    }
    memref.store %r, %out[%l] : memref<@W@xi32>
    gpu.return
  }

  // Lane l iterates l mod 5 times, summing the induction variable and
  // counting its iterations; lanes that finish early keep their values.
  gpu.func @loop(%sum: memref<@W@xi32>, %count: memref<@W@xi32>) kernel
      attributes {known_block_size = array<i32: @W@, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %n = arith.remui %l, %c5 : index
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero, %k = %zero)
        -> (i32, i32) {
      %ii = arith.index_cast %i : index to i32
      %s2 = arith.addi %s, %ii : i32
      %k2 = arith.addi %k, %one : i32
      scf.yield %s2, %k2 : i32, i32
    }
    memref.store %r#0, %sum[%l] : memref<@W@xi32>
    memref.store %r#1, %count[%l] : memref<@W@xi32>
    gpu.return
  }

  // Iteration arguments that swap every iteration: after n iterations lane
  // l holds (a, b) = (l, -l) swapped n = l mod 3 times.
  gpu.func @swap(%a: memref<@W@xi32>, %b: memref<@W@xi32>) kernel
      attributes {known_block_size = array<i32: @W@, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0 : i32
    %li = arith.index_cast %l : index to i32
    %neg = arith.subi %zero, %li : i32
    %n = arith.remui %l, %c3 : index
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %li, %y = %neg)
        -> (i32, i32) {
      scf.yield %y, %x : i32, i32
    }
    memref.store %r#0, %a[%l] : memref<@W@xi32>
    memref.store %r#1, %b[%l] : memref<@W@xi32>
    gpu.return
  }

  // Doubles x = l + 1 while it is below 100: lanes leave the loop after
  // different numbers of iterations.
  gpu.func @while(%out: memref<@W@xi32>, %steps: memref<@W@xi32>) kernel
      attributes {known_block_size = array<i32: @W@, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %zero = arith.constant 0 : i32
    %limit = arith.constant 100 : i32
    %li = arith.index_cast %l : index to i32
    %x0 = arith.addi %li, %one : i32
    %r:2 = scf.while (%x = %x0, %k = %zero) : (i32, i32) -> (i32, i32) {
      %below = arith.cmpi slt, %x, %limit : i32
      scf.condition(%below) %x, %k : i32, i32
    } do {
    ^bb0(%x: i32, %k: i32):
      %x2 = arith.muli %x, %two : i32
      %k2 = arith.addi %k, %one : i32
      scf.yield %x2, %k2 : i32, i32
    }
    memref.store %r#0, %out[%l] : memref<@W@xi32>
    memref.store %r#1, %steps[%l] : memref<@W@xi32>
    gpu.return
  }

  // A loop inside a divergent branch: only odd lanes run it (l / 2 times).
  gpu.func @loop_in_branch(%out: memref<@W@xi32>) kernel
      attributes {known_block_size = array<i32: @W@, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %seven = arith.constant 7 : i32
    %three = arith.constant 3 : i32
    %parity = arith.remui %l, %c2 : index
    %odd = arith.cmpi eq, %parity, %c1 : index
    %n = arith.divui %l, %c2 : index
    %r = scf.if %odd -> (i32) {
      %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %seven) -> (i32) {
        %next = arith.addi %acc, %three : i32
        scf.yield %next : i32
      }
      scf.yield %s : i32
    } else {
      scf.yield %seven : i32
    }
    memref.store %r, %out[%l] : memref<@W@xi32>
    gpu.return
  }
}
)mlir";

class LockstepTest : public ::testing::TestWithParam<unsigned> {
protected:
  void SetUp() override {
    module = std::make_unique<KernelModule>(
        substitute(kKernels, {{"W", std::to_string(GetParam())}}));
    ASSERT_TRUE(module->parsed()) << module->allDiagnostics();
  }

  /// Runs @name with `numOutputs` i32 outputs of one element a lane.
  SmallVector<Buffer> run(StringRef name, unsigned numOutputs) {
    SmallVector<Buffer> args;
    for (unsigned i = 0; i < numOutputs; ++i)
      args.emplace_back(ElementKind::I32, ArrayRef<int64_t>{GetParam()});
    EXPECT_TRUE(succeeded(module->run(name, args))) << module->allDiagnostics();
    return args;
  }

  std::unique_ptr<KernelModule> module;
};

TEST_P(LockstepTest, DivergentBranchRunsBothArms) {
  SmallVector<Buffer> out = run("branch", 1);
  for (int64_t l = 0; l < GetParam(); ++l)
    EXPECT_EQ(intAt(out[0], l), l % 2 == 0 ? 10 * l : -l) << "lane " << l;
}

TEST_P(LockstepTest, NestedBranches) {
  SmallVector<Buffer> out = run("nested", 1);
  for (int64_t l = 0; l < GetParam(); ++l)
    EXPECT_EQ(intAt(out[0], l), l < 8    ? l + 100
                                : l < 16 ? l + 200
                                         : l)
        << "lane " << l;
}

TEST_P(LockstepTest, LaneVaryingTripCount) {
  SmallVector<Buffer> out = run("loop", 2);
  // n = l mod 5 iterations: 0 + 1 + ... + (n - 1).
  static constexpr int64_t kSums[] = {0, 0, 1, 3, 6};
  for (int64_t l = 0; l < GetParam(); ++l) {
    EXPECT_EQ(intAt(out[0], l), kSums[l % 5]) << "lane " << l;
    EXPECT_EQ(intAt(out[1], l), l % 5) << "lane " << l;
  }
}

TEST_P(LockstepTest, SwappedIterationArguments) {
  SmallVector<Buffer> out = run("swap", 2);
  for (int64_t l = 0; l < GetParam(); ++l) {
    bool swapped = (l % 3) % 2 == 1;
    EXPECT_EQ(intAt(out[0], l), swapped ? -l : l) << "lane " << l;
    EXPECT_EQ(intAt(out[1], l), swapped ? l : -l) << "lane " << l;
  }
}

TEST_P(LockstepTest, WhileLoopLanesLeaveAtDifferentTimes) {
  SmallVector<Buffer> out = run("while", 2);
  // Lane 0: 1 -> 128 in 7 doublings; lane 2: 3 -> 192 in 6; lane 49:
  // 50 -> 100 in 1; lane 50: 51 -> 102 in 1; lane 63: 64 -> 128 in 1.
  EXPECT_EQ(intAt(out[0], 0), 128);
  EXPECT_EQ(intAt(out[1], 0), 7);
  EXPECT_EQ(intAt(out[0], 2), 192);
  EXPECT_EQ(intAt(out[1], 2), 6);
  EXPECT_EQ(intAt(out[0], 24), 100); // 25 -> 50 -> 100.
  EXPECT_EQ(intAt(out[1], 24), 2);
  if (GetParam() == 64) {
    EXPECT_EQ(intAt(out[0], 49), 100);
    EXPECT_EQ(intAt(out[1], 49), 1);
    EXPECT_EQ(intAt(out[0], 63), 128);
    EXPECT_EQ(intAt(out[1], 63), 1);
  }
}

TEST_P(LockstepTest, LoopInsideDivergentBranch) {
  SmallVector<Buffer> out = run("loop_in_branch", 1);
  for (int64_t l = 0; l < GetParam(); ++l)
    EXPECT_EQ(intAt(out[0], l), l % 2 == 1 ? 7 + 3 * (l / 2) : 7)
        << "lane " << l;
}

INSTANTIATE_TEST_SUITE_P(WaveSizes, LockstepTest, ::testing::Values(32u, 64u),
                         [](const ::testing::TestParamInfo<unsigned> &info) {
                           return "Wave" + std::to_string(info.param);
                         });

/// Lanes of a workgroup larger than a wave split into waves; the last one
/// may be partial. Thread ids cover the 3-D block.
TEST(LockstepLayout, ThreadIdsAcrossWaves) {
  KernelModule module(R"mlir(
gpu.module @m {
  gpu.func @ids(%x: memref<3x5x7xi32>, %wave: memref<3x5x7xi32>) kernel
      attributes {known_block_size = array<i32: 7, 5, 3>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tz = gpu.thread_id z
    %lane = gpu.lane_id
    %w = gpu.subgroup_id : index
    %li = arith.index_cast %lane : index to i32
    %wi = arith.index_cast %w : index to i32
    memref.store %li, %x[%tz, %ty, %tx] : memref<3x5x7xi32>
    memref.store %wi, %wave[%tz, %ty, %tx] : memref<3x5x7xi32>
    gpu.return
  }
}
)mlir");
  ASSERT_TRUE(module.parsed()) << module.allDiagnostics();
  SmallVector<Buffer> args;
  args.emplace_back(ElementKind::I32, ArrayRef<int64_t>{3, 5, 7});
  args.emplace_back(ElementKind::I32, ArrayRef<int64_t>{3, 5, 7});
  ASSERT_TRUE(succeeded(module.run("ids", args))) << module.allDiagnostics();
  // Linear id x + 7 y + 35 z: 105 lanes, waves of 64 (the second has 41).
  for (int64_t linear = 0; linear < 105; ++linear) {
    EXPECT_EQ(intAt(args[0], linear), linear % 64);
    EXPECT_EQ(intAt(args[1], linear), linear / 64);
  }
}

} // namespace
