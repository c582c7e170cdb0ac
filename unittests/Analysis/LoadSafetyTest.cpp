//===- LoadSafetyTest.cpp - Tests of the speculative-load check -----------===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Staging/LoadSafety.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Parses a kernel body into a 64-lane kernel of 4 workgroups with arguments
/// `%A: memref<64xf32>`, `%G: memref<256xf32>`, `%D: memref<?xf32>` of `%n`
/// elements, `%I: memref<64xindex>`, `%n: index`, and computes integer ranges.
/// Ops are looked up through a `tag` attribute.
class LoadSafetyTest : public ::testing::Test {
protected:
  LoadSafetyTest() {
    context.loadDialect<arith::ArithDialect, gpu::GPUDialect,
                        memref::MemRefDialect, WaveDialect>();
  }

  void analyze(StringRef body) {
    std::string source =
        ("gpu.module @m {\n"
         "  gpu.func @k(%A: memref<64xf32>, %G: memref<256xf32>,\n"
         "              %D: memref<?xf32> {wave.dims = array<i64: 4>},\n"
         "              %I: memref<64xindex>, %n: index) kernel\n"
         "      attributes {known_block_size = array<i32: 64, 1, 1>,\n"
         "                  known_grid_size = array<i32: 4, 1, 1>,\n"
         "                  wave.kernel = #wave.kernel<chip = \"gfx942\", "
         "wave_size = 64>} {\n"
         "    %c0 = arith.constant 0 : index\n"
         "    %c1 = arith.constant 1 : index\n"
         "    %c64 = arith.constant 64 : index\n"
         "    %tid = gpu.thread_id x\n"
         "    %wg = gpu.block_id x\n" +
         body + "\n    gpu.return\n  }\n}\n")
            .str();
    module = parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module) << source;
    solver = std::make_unique<DataFlowSolver>();
    dataflow::loadBaselineAnalyses(*solver);
    loadIntegerRangeAnalysis(*solver);
    ASSERT_TRUE(succeeded(solver->initializeAndRun(*module)));
  }

  Operation *tagged(StringRef tag) { return test::findTagged(*module, tag); }

  /// Whether the op tagged `tag` may be speculated; the reason lands in
  /// `reason`.
  bool isSafe(StringRef tag) {
    reason.clear();
    return isSafeToSpeculateLoad(tagged(tag), *solver, &reason);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::unique_ptr<DataFlowSolver> solver;
  std::string reason;
};

TEST_F(LoadSafetyTest, ReadsByFootprint) {
  analyze(R"(
    %a = wave.read %A[%tid] {tag = "lane"} : memref<64xf32> -> vector<1xf32>
    %b = wave.read %A[%tid] map affine_map<(d0) -> (63 - d0)> {tag = "reversed"} : memref<64xf32> -> vector<1xf32>
    %c = wave.read %A[%tid] map affine_map<(d0) -> (d0 + 1)> {tag = "shifted"} : memref<64xf32> -> vector<1xf32>
    %d = wave.read %G[%tid, %wg] map affine_map<(d0, d1) -> (d1 * 64 + d0)> {tag = "global"} : memref<256xf32> -> vector<1xf32>
    %e = wave.read %A[%tid] map affine_map<(d0) -> (d0 floordiv 4 * 4)> {tag = "vector"} : memref<64xf32> -> vector<4xf32>
    wave.write %a, %A[%tid] {tag = "write"} : vector<1xf32>, memref<64xf32>
  )");
  EXPECT_TRUE(isSafe("lane")) << reason;
  EXPECT_TRUE(isSafe("reversed")) << reason;
  EXPECT_TRUE(isSafe("global")) << reason;
  EXPECT_TRUE(isSafe("vector")) << reason;
  EXPECT_FALSE(isSafe("shifted"));
  EXPECT_FALSE(reason.empty());
  EXPECT_FALSE(isSafe("write"));
  EXPECT_NE(reason.find("writes memory"), std::string::npos) << reason;
}

TEST_F(LoadSafetyTest, LoadsByIntegerRanges) {
  analyze(R"(
    %a = memref.load %A[%tid] {tag = "lane"} : memref<64xf32>
    %next = arith.addi %tid, %c1 : index
    %b = memref.load %A[%next] {tag = "next"} : memref<64xf32>
    %base = arith.muli %wg, %c64 : index
    %i = arith.addi %base, %tid : index
    %c = memref.load %G[%i] {tag = "global"} : memref<256xf32>
    %d = memref.load %D[%tid] {tag = "dynamic"} : memref<?xf32>
    %j = memref.load %I[%tid] : memref<64xindex>
    %e = memref.load %A[%j] {tag = "indirect"} : memref<64xf32>
  )");
  EXPECT_TRUE(isSafe("lane")) << reason;
  // Four workgroups of 64 lanes cover exactly the 256 elements.
  EXPECT_TRUE(isSafe("global")) << reason;
  EXPECT_FALSE(isSafe("next"));
  EXPECT_NE(reason.find("may lie outside [0, 64): its range is [1, 64]"),
            std::string::npos)
      << reason;
  EXPECT_FALSE(isSafe("dynamic"));
  EXPECT_NE(reason.find("dynamic shape"), std::string::npos) << reason;
  EXPECT_FALSE(isSafe("indirect"));
}

TEST_F(LoadSafetyTest, OtherOpsAreNotLoads) {
  analyze(R"(
    %s = arith.addi %tid, %c1 {tag = "add"} : index
  )");
  EXPECT_FALSE(isSafe("add"));
  EXPECT_NE(reason.find("not a known load"), std::string::npos) << reason;
}

} // namespace
