//===- UniformityTest.cpp - Tests of the uniformity analysis --------------===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Parses a kernel body into a 256x1x1 workgroup kernel with waves of 64
/// and arguments `%A: memref<4096xf32>`, `%n: index`, `%f: f32`, then runs
/// the analysis. Values are looked up through a `tag` attribute on the op
/// defining them (its first result).
class UniformityTest : public ::testing::Test {
protected:
  UniformityTest() {
    context.loadDialect<arith::ArithDialect, gpu::GPUDialect,
                        memref::MemRefDialect, scf::SCFDialect, WaveDialect>();
  }

  void analyze(StringRef body, StringRef blockSize = "256, 1, 1",
               bool verify = true) {
    std::string source =
        ("gpu.module @m {\n"
         "  gpu.func @k(%A: memref<4096xf32>, %n: index, %f: f32) kernel\n"
         "      attributes {known_block_size = array<i32: " +
         blockSize +
         ">,\n"
         "                  wave.kernel = #wave.kernel<chip = \"gfx942\", "
         "wave_size = 64>} {\n" +
         body + "\n    gpu.return\n  }\n}\n")
            .str();
    parse(source, verify);
  }

  /// `verify` off parses IR the verifier would reject, as a caller of the
  /// analysis on unverified IR would hand it over.
  void parse(StringRef source, bool verify = true) {
    module = parseSourceString<ModuleOp>(
        source, ParserConfig(&context, /*verifyAfterParse=*/verify));
    ASSERT_TRUE(module) << source.str();
    info = std::make_unique<UniformityInfo>(*module);
    ASSERT_TRUE(info->succeeded());
  }

  Value tagged(StringRef tag) {
    Operation *op = test::findTagged(*module, tag);
    return op ? op->getResult(0) : Value();
  }

  bool isUniform(StringRef tag) { return info->isUniform(tagged(tag)); }
  bool isDivergent(StringRef tag) { return info->isDivergent(tagged(tag)); }
  std::string limit(StringRef tag) {
    return info->getLaneValuesLimit(tagged(tag)).value_or("");
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::unique_ptr<UniformityInfo> info;
};

TEST_F(UniformityTest, Sources) {
  analyze(R"(
    %tid = gpu.thread_id x {tag = "tid"}
    %lane = gpu.lane_id {tag = "lane"}
    %gid = gpu.global_id x {tag = "gid"}
    %wg = gpu.block_id x {tag = "wg"}
    %bdim = gpu.block_dim x {tag = "bdim"}
    %gdim = gpu.grid_dim x {tag = "gdim"}
    %c = arith.constant {tag = "c"} 3 : index
    %arg = arith.addi %n, %c {tag = "arg"} : index
    %lds = wave.alloc_lds {tag = "lds"} : memref<64xf32, #gpu.address_space<workgroup>>
  )");
  EXPECT_TRUE(isDivergent("tid"));
  EXPECT_TRUE(isDivergent("lane"));
  EXPECT_TRUE(isDivergent("gid"));
  EXPECT_TRUE(isUniform("wg"));
  EXPECT_TRUE(isUniform("bdim"));
  EXPECT_TRUE(isUniform("gdim"));
  EXPECT_TRUE(isUniform("c"));
  EXPECT_TRUE(isUniform("arg"));
  EXPECT_TRUE(isUniform("lds"));
}

TEST_F(UniformityTest, ThreadIdAlongWaveAlignedDimensionsIsUniform) {
  // 64x4 workgroup, waves of 64: each wave is one value of y.
  analyze(R"(
    %x = gpu.thread_id x {tag = "x"}
    %y = gpu.thread_id y {tag = "y"}
    %z = gpu.thread_id z {tag = "z"}
  )",
          "64, 4, 1");
  EXPECT_TRUE(isDivergent("x"));
  EXPECT_TRUE(isUniform("y"));
  EXPECT_TRUE(isUniform("z"));

  // 32x4: a wave spans two values of y.
  analyze(R"(
    %y = gpu.thread_id y {tag = "y"}
  )",
          "32, 4, 1");
  EXPECT_TRUE(isDivergent("y"));

  // 1x64: x is always 0.
  analyze(R"(
    %x = gpu.thread_id x {tag = "x"}
    %y = gpu.thread_id y {tag = "y"}
  )",
          "1, 64, 1");
  EXPECT_TRUE(isUniform("x"));
  EXPECT_TRUE(isDivergent("y"));
}

TEST_F(UniformityTest, ArithmeticAlignedWithWavesIsUniform) {
  // 256 lanes in waves of 64.
  analyze(R"(
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %lane = gpu.lane_id
    %first = arith.cmpi ult, %tid, %c64 {tag = "first_wave"} : index
    %half = arith.cmpi ult, %tid, %c32 {tag = "half_wave"} : index
    %wave = arith.divui %tid, %c64 {tag = "wave_index"} : index
    %parity = arith.remui %wave, %c2 : index
    %even = arith.cmpi eq, %parity, %c0 {tag = "even_wave"} : index
    %t32 = arith.index_cast %tid : index to i32
    %c6 = arith.constant 6 : i32
    %shifted = arith.shrui %t32, %c6 {tag = "shifted"} : i32
    %sel = arith.select %first, %c0, %c128 {tag = "select"} : index
    %laneLow = arith.cmpi ult, %lane, %c64 {tag = "lane_below_wave_size"} : index
    %laneHalf = arith.cmpi ult, %lane, %c32 {tag = "lane_half"} : index
    %plus = arith.addi %tid, %c32 : index
    %straddle = arith.divui %plus, %c64 {tag = "straddles_waves"} : index
  )");
  EXPECT_TRUE(isUniform("first_wave"));
  EXPECT_TRUE(isDivergent("half_wave"));
  EXPECT_TRUE(isUniform("wave_index"));
  EXPECT_TRUE(isUniform("even_wave"));
  EXPECT_TRUE(isUniform("shifted"));
  EXPECT_TRUE(isUniform("select"));
  EXPECT_TRUE(isUniform("lane_below_wave_size"));
  EXPECT_TRUE(isDivergent("lane_half"));
  EXPECT_TRUE(isDivergent("straddles_waves"));

  // Without a known workgroup size nothing can be evaluated.
  parse(R"(
    gpu.module @m {
      gpu.func @k() kernel {
        %c64 = arith.constant 64 : index
        %tid = gpu.thread_id x
        %first = arith.cmpi ult, %tid, %c64 {tag = "first_wave"} : index
        gpu.return
      }
    }
  )");
  EXPECT_TRUE(isDivergent("first_wave"));
}

TEST_F(UniformityTest, LaneValueBoundsAreReported) {
  // The bound 128 comes from the block size, 33 ops below the first compare
  // (through 31 additions and a division) and 32 below the second. The
  // evaluation follows 32: the first compare counts as divergent, with the
  // reason. The chain given up on below `far` is evaluated again, nearer the
  // root, for `near`.
  analyze(R"(
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %bd = gpu.block_dim x
    %h0 = arith.divui %bd, %c2 : index
    %h1 = arith.addi %h0, %c0 : index
    %h2 = arith.addi %h1, %c0 : index
    %h3 = arith.addi %h2, %c0 : index
    %h4 = arith.addi %h3, %c0 : index
    %h5 = arith.addi %h4, %c0 : index
    %h6 = arith.addi %h5, %c0 : index
    %h7 = arith.addi %h6, %c0 : index
    %h8 = arith.addi %h7, %c0 : index
    %h9 = arith.addi %h8, %c0 : index
    %h10 = arith.addi %h9, %c0 : index
    %h11 = arith.addi %h10, %c0 : index
    %h12 = arith.addi %h11, %c0 : index
    %h13 = arith.addi %h12, %c0 : index
    %h14 = arith.addi %h13, %c0 : index
    %h15 = arith.addi %h14, %c0 : index
    %h16 = arith.addi %h15, %c0 : index
    %h17 = arith.addi %h16, %c0 : index
    %h18 = arith.addi %h17, %c0 : index
    %h19 = arith.addi %h18, %c0 : index
    %h20 = arith.addi %h19, %c0 : index
    %h21 = arith.addi %h20, %c0 : index
    %h22 = arith.addi %h21, %c0 : index
    %h23 = arith.addi %h22, %c0 : index
    %h24 = arith.addi %h23, %c0 : index
    %h25 = arith.addi %h24, %c0 : index
    %h26 = arith.addi %h25, %c0 : index
    %h27 = arith.addi %h26, %c0 : index
    %h28 = arith.addi %h27, %c0 : index
    %h29 = arith.addi %h28, %c0 : index
    %h30 = arith.addi %h29, %c0 : index
    %h31 = arith.addi %h30, %c0 : index
    %far = arith.cmpi ult, %tid, %h31 {tag = "far"} : index
    %near = arith.cmpi ult, %tid, %h30 {tag = "near"} : index
    %odd = arith.remui %tid, %c2 {tag = "odd"} : index
  )");
  EXPECT_TRUE(isUniform("near"));
  EXPECT_TRUE(isDivergent("far"));
  EXPECT_EQ(limit("far"), "lane values of 'arith.cmpi' not enumerated: its "
                          "expression is more than 32 ops deep; treated as "
                          "divergent");
  // Divergent for what it computes: nothing was given up.
  EXPECT_TRUE(isDivergent("odd"));
  EXPECT_EQ(limit("odd"), "");

  // More lanes than the bound (the verifier rejects such a #wave.kernel;
  // unverified IR can still reach the analysis).
  analyze(R"(
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %wave = arith.divui %tid, %c64 {tag = "wave_index"} : index
  )",
          "2048, 1, 1", /*verify=*/false);
  EXPECT_TRUE(isDivergent("wave_index"));
  EXPECT_EQ(limit("wave_index"),
            "lane values of 'arith.divui' not enumerated: 2048 lanes exceed "
            "the bound of 1024; treated as divergent");
  // Extents whose product does not fit in 64 bits (the fuzzer's input had
  // a launch of 64 x 2^31-1 x 2^31-1 lanes, which overflowed here): more
  // lanes than a 32-bit id counts give no workgroup size, so nothing is
  // enumerated, and a thread id is divergent as in a kernel without one.
  analyze(R"(
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %wave = arith.divui %tid, %c64 {tag = "wave_index"} : index
  )",
          "64, 2147483647, 2147483647", /*verify=*/false);
  EXPECT_TRUE(isDivergent("wave_index"));
  EXPECT_EQ(limit("wave_index"), "");
}

TEST_F(UniformityTest, DataDependencesAndLoads) {
  analyze(R"(
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %odd = arith.remui %tid, %c2 {tag = "odd"} : index
    %base = arith.muli %wg, %c2 {tag = "base"} : index
    %mixed = arith.addi %base, %tid {tag = "mixed"} : index
    %la = memref.load %A[%tid] {tag = "lane_load"} : memref<4096xf32>
    %lu = memref.load %A[%base] {tag = "uniform_load"} : memref<4096xf32>
    %ra = wave.read %A[%tid] {tag = "lane_read"} : memref<4096xf32> -> vector<1xf32>
    %ru = wave.read %A[%wg] {tag = "uniform_read"} : memref<4096xf32> -> vector<1xf32>
    %sum = arith.addf %lu, %f {tag = "uniform_sum"} : f32
    %cmp = arith.cmpf olt, %la, %sum {tag = "cmp"} : f32
  )");
  EXPECT_TRUE(isDivergent("odd"));
  EXPECT_TRUE(isUniform("base"));
  EXPECT_TRUE(isDivergent("mixed"));
  EXPECT_TRUE(isDivergent("lane_load"));
  EXPECT_TRUE(isUniform("uniform_load"));
  EXPECT_TRUE(isDivergent("lane_read"));
  EXPECT_TRUE(isUniform("uniform_read"));
  EXPECT_TRUE(isUniform("uniform_sum"));
  EXPECT_TRUE(isDivergent("cmp"));
}

TEST_F(UniformityTest, AllocationsAndAtomicsGiveEachLaneItsOwnResult) {
  analyze(R"(
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %old = memref.atomic_rmw addf %one, %A[%c0] {tag = "atomic"} : (f32, memref<4096xf32>) -> f32
    %priv = memref.alloca() {tag = "alloca"} : memref<4xf32, 5>
  )");
  EXPECT_TRUE(isDivergent("atomic"));
  EXPECT_TRUE(isDivergent("alloca"));
}

TEST_F(UniformityTest, Collectives) {
  analyze(R"(
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %x = arith.sitofp %t : i32 to f32
    %c1 = arith.constant 1 : i32
    %p = arith.cmpf ogt, %x, %f : f32
    %red = wave.reduce <add> %x {tag = "reduce"} : f32
    %bc = wave.broadcast %x, lane 3 {tag = "broadcast"} : f32
    %bal = wave.ballot %p {tag = "ballot"} : i64
    %any = wave.any %p {tag = "any"}
    %all = wave.all %p {tag = "all"}
    %sh = wave.shuffle <xor> %f, %c1 {tag = "shuffle"} : f32
    %scan = wave.scan <add> %f {tag = "scan"} : f32
  )");
  EXPECT_TRUE(isUniform("reduce"));
  EXPECT_TRUE(isUniform("broadcast"));
  EXPECT_TRUE(isUniform("ballot"));
  EXPECT_TRUE(isUniform("any"));
  EXPECT_TRUE(isUniform("all"));
  // Lane-dependent even on a uniform input.
  EXPECT_TRUE(isDivergent("shuffle"));
  EXPECT_TRUE(isDivergent("scan"));
}

TEST_F(UniformityTest, BranchesOnDivergentConditionsHaveDivergentResults) {
  analyze(R"(
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %parity = arith.remui %tid, %c2 : index
    %even = arith.cmpi eq, %parity, %c0 : index
    %flag = arith.cmpi eq, %n, %c0 : index
    %div = scf.if %even -> (index) {
      %inner = arith.addi %n, %c2 {tag = "inside"} : index
      scf.yield %inner : index
    } else {
      scf.yield %c0 : index
    } {tag = "divergent_if"}
    %uni = scf.if %flag -> (index) {
      scf.yield %c2 : index
    } else {
      scf.yield %c0 : index
    } {tag = "uniform_if"}
    %mixed = scf.if %flag -> (index) {
      scf.yield %tid : index
    } else {
      scf.yield %c0 : index
    } {tag = "uniform_if_of_lane_value"}
  )");
  // Every yielded value is uniform, but lanes pick different ones.
  EXPECT_TRUE(isDivergent("divergent_if"));
  // The lanes that run an arm agree on what they compute from uniform values.
  EXPECT_TRUE(isUniform("inside"));
  EXPECT_TRUE(isUniform("uniform_if"));
  EXPECT_TRUE(isDivergent("uniform_if_of_lane_value"));
}

TEST_F(UniformityTest, LoopsWithDivergentTripCounts) {
  analyze(R"(
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %r = scf.for %i = %c0 to %tid step %c1 iter_args(%acc = %c0) -> (index) {
      %iv = arith.addi %i, %c0 {tag = "iv_divergent_ub"} : index
      %a = arith.addi %acc, %c1 {tag = "acc_divergent_ub"} : index
      scf.yield %a : index
    } {tag = "result_divergent_ub"}
    %s = scf.for %i = %tid to %n step %c1 iter_args(%acc = %c0) -> (index) {
      %iv = arith.addi %i, %c0 {tag = "iv_divergent_lb"} : index
      scf.yield %acc : index
    } {tag = "result_divergent_lb"}
    %u = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
      %iv = arith.addi %i, %c0 {tag = "iv_uniform"} : index
      %a = arith.addi %acc, %tid {tag = "acc_of_lane_value"} : index
      scf.yield %a : index
    } {tag = "result_lane_value"}
    %v = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
      %a = arith.addi %acc, %i : index
      scf.yield %a : index
    } {tag = "result_uniform"}
  )");
  // Lanes still iterating agree on the induction variable and the carried
  // value; the lanes leave in different iterations.
  EXPECT_TRUE(isUniform("iv_divergent_ub"));
  EXPECT_TRUE(isUniform("acc_divergent_ub"));
  EXPECT_TRUE(isDivergent("result_divergent_ub"));
  EXPECT_TRUE(isDivergent("iv_divergent_lb"));
  EXPECT_TRUE(isDivergent("result_divergent_lb"));
  EXPECT_TRUE(isUniform("iv_uniform"));
  EXPECT_TRUE(isDivergent("acc_of_lane_value"));
  EXPECT_TRUE(isDivergent("result_lane_value"));
  EXPECT_TRUE(isUniform("result_uniform"));
}

TEST_F(UniformityTest, WhileLoopWithDivergentExit) {
  analyze(R"(
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %r = scf.while (%i = %n) : (index) -> index {
      %go = arith.cmpi ult, %i, %tid : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      %next = arith.addi %j, %c1 {tag = "body"} : index
      scf.yield %next : index
    } attributes {tag = "while_divergent"}
    %s = scf.while (%i = %n) : (index) -> index {
      %go = arith.cmpi ult, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      %next = arith.addi %j, %c1 : index
      scf.yield %next : index
    } attributes {tag = "while_uniform"}
  )");
  EXPECT_TRUE(isUniform("body"));
  EXPECT_TRUE(isDivergent("while_divergent"));
  EXPECT_TRUE(isUniform("while_uniform"));
}

TEST_F(UniformityTest, DeadCodeIsNeitherUniformNorDivergent) {
  analyze(R"(
    %false = arith.constant false
    %tid = gpu.thread_id x
    %r = scf.if %false -> (index) {
      %dead = arith.addi %tid, %tid {tag = "dead"} : index
      scf.yield %dead : index
    } else {
      %c0 = arith.constant 0 : index
      scf.yield %c0 : index
    } {tag = "if"}
  )");
  Uniformity dead = info->get(tagged("dead"));
  EXPECT_TRUE(dead.isUninitialized());
  // Only the live arm reaches the result.
  EXPECT_TRUE(isUniform("if"));
}

TEST_F(UniformityTest, AttributionsOfKernels) {
  parse(R"(
    gpu.module @m {
      gpu.func @k() workgroup(%shared: memref<64xf32, #gpu.address_space<workgroup>>)
          private(%own: memref<4xf32, #gpu.address_space<private>>) kernel {
        %c0 = arith.constant 0 : index
        %s = memref.load %shared[%c0] {tag = "shared"} : memref<64xf32, #gpu.address_space<workgroup>>
        %o = memref.load %own[%c0] {tag = "own"} : memref<4xf32, #gpu.address_space<private>>
        gpu.return
      }
    }
  )");
  EXPECT_TRUE(isUniform("shared"));
  EXPECT_TRUE(isDivergent("own"));
}

TEST_F(UniformityTest, DeviceFunctionArgumentsMayDiverge) {
  parse(R"(
    gpu.module @m {
      gpu.func @device(%x: index) -> index {
        %y = arith.addi %x, %x {tag = "y"} : index
        gpu.return %y : index
      }
    }
  )");
  EXPECT_TRUE(isDivergent("y"));
}

TEST_F(UniformityTest, ConvergentAndBarrierOps) {
  analyze(R"(
    %tid = gpu.thread_id x
    wave.barrier
    %r = wave.reduce <add> %f : f32
    %s = arith.addf %f, %f : f32
  )");
  SmallVector<Operation *> ops;
  module->walk([&](Operation *op) {
    if (isa<BarrierOp, ReduceOp, arith::AddFOp>(op))
      ops.push_back(op);
  });
  ASSERT_EQ(ops.size(), 3u);
  EXPECT_TRUE(isBarrier(ops[0]) && isConvergent(ops[0]));
  EXPECT_TRUE(!isBarrier(ops[1]) && isConvergent(ops[1]));
  EXPECT_TRUE(!isBarrier(ops[2]) && !isConvergent(ops[2]));
}

} // namespace
