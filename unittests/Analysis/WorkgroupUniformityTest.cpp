//===- WorkgroupUniformityTest.cpp - Values alike in a whole workgroup ----===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Analysis/Uniformity/WorkgroupUniformity.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

/// A 256-lane kernel with waves of 64 and arguments `%A: memref<4096xf32>`,
/// `%n: index`, a workgroup attribution `%w` and a private attribution `%p`;
/// values are found by the `tag` attribute of the op defining them.
class WorkgroupUniformityTest : public ::testing::Test {
protected:
  WorkgroupUniformityTest() {
    context.loadDialect<arith::ArithDialect, gpu::GPUDialect,
                        memref::MemRefDialect, ROCDL::ROCDLDialect,
                        scf::SCFDialect, WaveDialect>();
  }

  void parse(StringRef body) {
    std::string source =
        ("gpu.module @m {\n"
         "  gpu.func @k(%A: memref<4096xf32>, %n: index)\n"
         "      workgroup(%w: memref<4xindex, #gpu.address_space<workgroup>>)\n"
         "      private(%p: memref<4xindex, #gpu.address_space<private>>)\n"
         "      kernel attributes {known_block_size = array<i32: 256, 1, 1>,\n"
         "      wave.kernel = #wave.kernel<chip = \"gfx942\", wave_size = 64>} "
         "{\n" +
         body + "\n    gpu.return\n  }\n}\n")
            .str();
    module = parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module) << source;
  }

  bool isUniform(StringRef tag) {
    Operation *op = test::findTagged(*module, tag);
    EXPECT_NE(op, nullptr) << tag.str();
    return op && isWorkgroupUniform(op->getResult(0));
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(WorkgroupUniformityTest, Sources) {
  parse(R"(
    %tid = gpu.thread_id x {tag = "tid"}
    %wg = gpu.block_id x {tag = "wg"}
    %c = arith.constant {tag = "c"} 3 : index
    %arg = arith.addi %n, %c {tag = "arg"} : index
    %sum = arith.addi %wg, %tid {tag = "sum"} : index
    %c0 = arith.constant 0 : index
    %wv = memref.load %w[%c0] {tag = "wload"} : memref<4xindex, #gpu.address_space<workgroup>>
    %pv = arith.addi %c0, %c0 {tag = "zero"} : index
    %lds = wave.alloc_lds {tag = "lds"} : memref<64xf32, #gpu.address_space<workgroup>>
    %nsg = gpu.num_subgroups {tag = "nsg"} : index
    %sg = gpu.subgroup_id {tag = "sg"} : index
    %c1 = arith.constant 1 : i32
    %mb = rocdl.mbcnt.lo %c1, %c1 {tag = "mbcnt"} : (i32, i32) -> i32
  )");
  EXPECT_FALSE(isUniform("tid"));
  EXPECT_TRUE(isUniform("wg"));
  EXPECT_TRUE(isUniform("c"));
  EXPECT_TRUE(isUniform("arg"));
  EXPECT_FALSE(isUniform("sum"));
  // A memory read may see different values in different lanes.
  EXPECT_FALSE(isUniform("wload"));
  EXPECT_TRUE(isUniform("zero"));
  EXPECT_TRUE(isUniform("lds"));
  EXPECT_TRUE(isUniform("nsg"));
  // The wave's id is the same within a wave, not within the workgroup.
  EXPECT_FALSE(isUniform("sg"));
  // Target intrinsics read per-lane state whatever their operands.
  EXPECT_FALSE(isUniform("mbcnt"));
}

TEST_F(WorkgroupUniformityTest, Attributions) {
  parse("");
  gpu::GPUFuncOp func;
  module->walk([&](gpu::GPUFuncOp op) { func = op; });
  ASSERT_TRUE(func);
  EXPECT_TRUE(isKernelArgument(func.getArgument(0)));
  EXPECT_TRUE(isKernelArgument(func.getWorkgroupAttributions()[0]));
  // Each lane has its own private attribution.
  EXPECT_FALSE(isKernelArgument(func.getPrivateAttributions()[0]));
  EXPECT_FALSE(isWorkgroupUniform(func.getPrivateAttributions()[0]));
}

// The values structured control flow yields are uniform when the decisions
// and every yielded value are.
TEST_F(WorkgroupUniformityTest, ControlFlow) {
  parse(R"(
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cond = arith.cmpi slt, %n, %c1 : index
    %lane = arith.cmpi slt, %tid, %c1 : index
    %u = scf.if %cond -> index {
      scf.yield %n : index
    } else {
      scf.yield %c1 : index
    } {tag = "if-uniform"}
    %d = scf.if %lane -> index {
      scf.yield %n : index
    } else {
      scf.yield %c1 : index
    } {tag = "if-lane-condition"}
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
      %next = arith.addi %acc, %i : index
      scf.yield %next : index
    } {tag = "for-uniform"}
    %t = scf.for %i = %c0 to %tid step %c1 iter_args(%acc = %c0) -> index {
      scf.yield %acc : index
    } {tag = "for-lane-bound"}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
      %next = arith.addi %acc, %tid : index
      scf.yield %next : index
    } {tag = "for-lane-carried"}
  )");
  EXPECT_TRUE(isUniform("if-uniform"));
  EXPECT_FALSE(isUniform("if-lane-condition"));
  EXPECT_TRUE(isUniform("for-uniform"));
  EXPECT_FALSE(isUniform("for-lane-bound"));
  EXPECT_FALSE(isUniform("for-lane-carried"));
}

// Workgroup-uniform values are uniform in each wave too (the wave-level
// analysis takes its sources from here); the converse does not hold.
TEST_F(WorkgroupUniformityTest, StrongerThanWaveUniformity) {
  parse(R"(
    %tid = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %wave = arith.divui %tid, %c64 {tag = "wave"} : index
    %f = arith.constant 1.0 : f32
    %r = wave.reduce <add> %f {tag = "reduce"} : f32
    %wg = gpu.block_id x {tag = "wg"}
  )");
  UniformityInfo waves(*module);
  ASSERT_TRUE(waves.succeeded());
  for (StringRef tag : {"wave", "reduce", "wg"})
    EXPECT_TRUE(waves.isUniform(test::findTagged(*module, tag)->getResult(0)))
        << tag.str();
  EXPECT_FALSE(isUniform("wave"));
  EXPECT_FALSE(isUniform("reduce"));
  EXPECT_TRUE(isUniform("wg"));
}

TEST_F(WorkgroupUniformityTest, Memoized) {
  parse(R"(
    %tid = gpu.thread_id x {tag = "tid"}
    %wg = gpu.block_id x {tag = "wg"}
  )");
  WorkgroupUniformity uniformity;
  Value tid = test::findTagged(*module, "tid")->getResult(0);
  Value wg = test::findTagged(*module, "wg")->getResult(0);
  EXPECT_FALSE(uniformity.isUniform(tid));
  EXPECT_TRUE(uniformity.isUniform(wg));
  EXPECT_FALSE(uniformity.isUniform(tid));
}

} // namespace
