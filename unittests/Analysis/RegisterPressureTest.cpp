//===- RegisterPressureTest.cpp - Tests of the register-pressure estimate -===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Registers/RegisterPressure.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <memory>

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Parses a kernel body into a gfx942 kernel of 64 x 1 x 1 lanes with
/// arguments `%A: memref<4096xf32>`, `%H: memref<4096xf16>`, `%n: index`
/// and analyzes it. Values are found through a `tag` attribute on the op
/// defining them (its first result) or, for `scf.for` iteration arguments,
/// on the loop (`tag = "loop"` then `iterArg("loop", i)`).
class RegisterPressureTest : public ::testing::Test {
protected:
  RegisterPressureTest() {
    context.loadDialect<arith::ArithDialect, cf::ControlFlowDialect,
                        gpu::GPUDialect, memref::MemRefDialect, scf::SCFDialect,
                        vector::VectorDialect, WaveDialect>();
  }

  /// Analyzes `body`; `uniform` runs the uniformity analysis (otherwise
  /// every non-constant value is taken to differ between lanes).
  void analyze(StringRef body, bool uniform = true, bool agprs = false) {
    std::string source =
        ("gpu.module @m {\n"
         "  gpu.func @k(%A: memref<4096xf32>, %H: memref<4096xf16>, "
         "%n: index) kernel\n"
         "      attributes {known_block_size = array<i32: 64, 1, 1>,\n"
         "                  wave.kernel = #wave.kernel<chip = \"gfx942\", "
         "wave_size = 64>} {\n" +
         body + "\n    gpu.return\n  }\n}\n")
            .str();
    parse(source);
    options.accumulatorsInAgprs = agprs;
    if (uniform) {
      uniformity = std::make_unique<UniformityInfo>(*module);
      ASSERT_TRUE(uniformity->succeeded());
      options.isUniform = [this](Value v) { return uniformity->isUniform(v); };
    }
    run();
  }

  void parse(StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module) << source.str();
    module->walk([&](gpu::GPUFuncOp f) { func = f; });
  }

  /// (Re)runs the analysis with the current options.
  void run() { pressure = std::make_unique<RegisterPressure>(func, options); }

  Operation *op(StringRef tag) { return test::findTagged(*module, tag); }
  Value value(StringRef tag) { return op(tag)->getResult(0); }
  Value iterArg(StringRef tag, unsigned i) {
    return cast<LoopLikeOpInterface>(op(tag)).getRegionIterArgs()[i];
  }

  unsigned vectorAt(StringRef tag) {
    return pressure->getPressureAt(op(tag)).getVectorRegisters();
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  gpu::GPUFuncOp func;
  std::unique_ptr<UniformityInfo> uniformity;
  PressureOptions options;
  std::unique_ptr<RegisterPressure> pressure;
};

TEST_F(RegisterPressureTest, CostOfTypes) {
  analyze(R"(
    %tid = gpu.thread_id x {tag = "tid"}
    %wg = gpu.block_id x {tag = "wg"}
    %f = wave.read %A[%tid] {tag = "f32x4"} : memref<4096xf32> -> vector<4xf32>
    %h4 = wave.read %H[%tid] {tag = "f16x4"} : memref<4096xf16> -> vector<4xf16>
    %h3 = wave.read %H[%tid] {tag = "f16x3"} : memref<4096xf16> -> vector<3xf16>
    %h1 = wave.read %H[%tid] {tag = "f16x1"} : memref<4096xf16> -> vector<1xf16>
    %b = vector.bitcast %f {tag = "i8x16"} : vector<4xf32> to vector<16xi8>
    %d = arith.extf %f {tag = "f64x4"} : vector<4xf32> to vector<4xf64>
    %p = arith.cmpf olt, %f, %f {tag = "mask4"} : vector<4xf32>
    %s = arith.cmpi ult, %wg, %n {tag = "cond"} : index
    %c = arith.constant {tag = "const"} dense<1.0> : vector<4xf32>
    %u = arith.addi %wg, %n {tag = "uniform"} : index
  )");
  auto vgprs = [&](StringRef tag) {
    return pressure->getCost(value(tag)).vgprs;
  };
  EXPECT_EQ(vgprs("f32x4"), 4u);
  // f16 pairs pack into one 32-bit register; an odd count rounds up.
  EXPECT_EQ(vgprs("f16x4"), 2u);
  EXPECT_EQ(vgprs("f16x3"), 2u);
  EXPECT_EQ(vgprs("f16x1"), 1u);
  EXPECT_EQ(vgprs("i8x16"), 4u);
  EXPECT_EQ(vgprs("f64x4"), 8u);
  // A lane index is one 32-bit offset.
  EXPECT_EQ(vgprs("tid"), 1u);
  // Lane masks live in SGPR pairs for waves of 64; a uniform condition in
  // one SGPR.
  EXPECT_EQ(pressure->getCost(value("mask4")), (RegisterCounts{0, 0, 8}));
  EXPECT_EQ(pressure->getCost(value("cond")), (RegisterCounts{0, 0, 1}));
  // Uniform values are SGPRs, constants nothing.
  EXPECT_EQ(pressure->getCost(value("wg")), (RegisterCounts{0, 0, 1}));
  EXPECT_EQ(pressure->getCost(value("uniform")), (RegisterCounts{0, 0, 1}));
  EXPECT_EQ(pressure->getCost(value("const")), RegisterCounts());
}

TEST_F(RegisterPressureTest, WithoutUniformityEverythingIsAVgpr) {
  analyze(R"(
    %wg = gpu.block_id x {tag = "wg"}
    %v = wave.read %A[%wg] {tag = "v"} : memref<4096xf32> -> vector<2xf32>
    wave.write %v, %A[%wg] : vector<2xf32>, memref<4096xf32>
  )",
          /*uniform=*/false);
  EXPECT_EQ(pressure->getCost(value("wg")), (RegisterCounts{1, 0, 0}));
  EXPECT_EQ(pressure->getCost(value("v")), (RegisterCounts{2, 0, 0}));
}

// Straight-line code: the peak is where the most values overlap, and a value
// dies at its last use.
TEST_F(RegisterPressureTest, StraightLine) {
  analyze(R"(
    %tid = gpu.thread_id x
    %a = wave.read %A[%tid] {tag = "a"} : memref<4096xf32> -> vector<4xf32>
    %b = wave.read %A[%tid] {tag = "b"} : memref<4096xf32> -> vector<4xf32>
    %c = arith.addf %a, %b {tag = "c"} : vector<4xf32>
    %d = arith.mulf %c, %c {tag = "d"} : vector<4xf32>
    wave.write %d, %A[%tid] {tag = "w"} : vector<4xf32>, memref<4096xf32>
  )");
  // tid (1) + a (4) after the first read; + b at the second; a and b as
  // operands of the add.
  EXPECT_EQ(vectorAt("a"), 5u);
  EXPECT_EQ(vectorAt("b"), 9u);
  EXPECT_EQ(vectorAt("c"), 9u);
  EXPECT_EQ(vectorAt("d"), 5u);
  EXPECT_EQ(vectorAt("w"), 5u);
  EXPECT_EQ(pressure->getPeak().getVectorRegisters(), 9u);
  EXPECT_EQ(pressure->getPeakOp(), op("b"));
  EXPECT_FALSE(pressure->isLiveAt(value("a"), op("d")));
  EXPECT_TRUE(pressure->isLiveAt(value("c"), op("d")));
  // a is live at its definition, the second read and the add.
  EXPECT_EQ(pressure->getLiveRangeLength(value("a")), 3u);
  EXPECT_EQ(pressure->getLiveAcross(op("b")), (SmallVector<Value>{value("a")}));
}

// A value defined before a loop and used in it is live in the whole body
// (the back edge returns to its use), one used after the loop is live
// across it, one used only before it is dead inside.
TEST_F(RegisterPressureTest, LoopBackEdge) {
  analyze(R"(
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %early = wave.read %A[%tid] {tag = "early"} : memref<4096xf32> -> vector<4xf32>
    %inside = wave.read %A[%tid] {tag = "inside"} : memref<4096xf32> -> vector<4xf32>
    %after = wave.read %A[%tid] {tag = "after"} : memref<4096xf32> -> vector<2xf32>
    wave.write %early, %A[%tid] : vector<4xf32>, memref<4096xf32>
    %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero)
        -> (vector<4xf32>) {
      %x = arith.addf %acc, %inside {tag = "first"} : vector<4xf32>
      %y = arith.mulf %x, %x {tag = "last"} : vector<4xf32>
      scf.yield {tag = "yield"} %y : vector<4xf32>
    } {tag = "loop"}
    %r = vector.extract_strided_slice %sum
        {offsets = [0], sizes = [2], strides = [1], tag = "r"}
        : vector<4xf32> to vector<2xf32>
    %s = arith.addf %r, %after {tag = "s"} : vector<2xf32>
    wave.write %s, %A[%tid] : vector<2xf32>, memref<4096xf32>
  )");
  // In the body: tid 1, inside 4, after 2 and acc (before) or x (after) 4.
  EXPECT_EQ(vectorAt("first"), 11u);
  // inside is dead after its last use in program order but live at the
  // end of the body through the back edge.
  EXPECT_TRUE(pressure->isLiveAt(value("inside"), op("last")));
  EXPECT_TRUE(pressure->isLiveAt(value("inside"), op("yield")));
  EXPECT_EQ(vectorAt("last"), 11u);
  EXPECT_TRUE(pressure->isLiveAt(value("after"), op("first")));
  EXPECT_FALSE(pressure->isLiveAt(value("early"), op("first")));
  EXPECT_FALSE(pressure->isLiveAt(value("inside"), op("r")));
  // Across the body ops: after (not used in the loop); inside is used by
  // the loop's body, so it is live across "last" but not across the loop.
  SmallVector<Value> acrossLast = pressure->getLiveAcross(op("last"));
  EXPECT_TRUE(llvm::is_contained(acrossLast, value("after")));
  EXPECT_TRUE(llvm::is_contained(acrossLast, value("inside")));
  SmallVector<Value> acrossLoop = pressure->getLiveAcross(op("loop"));
  EXPECT_TRUE(llvm::is_contained(acrossLoop, value("after")));
  EXPECT_FALSE(llvm::is_contained(acrossLoop, value("inside")));
  EXPECT_TRUE(RegisterPressure::isInInnermostLoop(op("first")));
  EXPECT_FALSE(RegisterPressure::isInInnermostLoop(op("loop")));
  EXPECT_FALSE(RegisterPressure::isInInnermostLoop(op("r")));
}

TEST_F(RegisterPressureTest, NestedLoopsAndWhile) {
  analyze(R"(
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %v = wave.read %A[%tid] {tag = "v"} : memref<4096xf32> -> vector<4xf32>
    %w = wave.read %A[%tid] {tag = "w"} : memref<4096xf32> -> vector<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      wave.write %w, %A[%tid] {tag = "outer"} : vector<4xf32>, memref<4096xf32>
      scf.for %j = %c0 to %c4 step %c1 {
        %u = arith.addf %v, %v {tag = "inner"} : vector<4xf32>
        wave.write %u, %A[%tid] : vector<4xf32>, memref<4096xf32>
      } {tag = "innerLoop"}
    } {tag = "outerLoop"}
    %last = scf.while (%x = %c0) : (index) -> index {
      %more = arith.cmpi ult, %x, %c4 : index
      scf.condition(%more) %x : index
    } do {
    ^bb0(%y: index):
      %t = arith.addf %w, %w {tag = "whileBody"} : vector<4xf32>
      wave.write %t, %A[%tid] : vector<4xf32>, memref<4096xf32>
      %next = arith.addi %y, %c1 {tag = "next"} : index
      scf.yield %next : index
    }
  )");
  // v is used only by the inner loop, but the outer back edge keeps it live
  // at the outer loop's write too.
  EXPECT_TRUE(pressure->isLiveAt(value("v"), op("outer")));
  // w, used after the loops, is live through the inner loop.
  EXPECT_TRUE(pressure->isLiveAt(value("w"), op("inner")));
  EXPECT_EQ(vectorAt("inner"), 1u + 4 + 4 + 4);
  // The while loop's after region: w is used at its start and live again
  // at its end (the back edge through the before region).
  EXPECT_TRUE(pressure->isLiveAt(value("w"), op("next")));
  EXPECT_FALSE(pressure->isLiveAt(value("v"), op("next")));
  EXPECT_TRUE(RegisterPressure::isInInnermostLoop(op("inner")));
  EXPECT_FALSE(RegisterPressure::isInInnermostLoop(op("outer")));
  EXPECT_TRUE(RegisterPressure::isInInnermostLoop(op("whileBody")));
}

TEST_F(RegisterPressureTest, BranchesKeepValuesUsedAfterThem) {
  analyze(R"(
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %v = wave.read %A[%tid] {tag = "v"} : memref<4096xf32> -> vector<4xf32>
    %w = wave.read %A[%tid] {tag = "w"} : memref<4096xf32> -> vector<4xf32>
    %even = arith.cmpi eq, %tid, %c0 : index
    %r = scf.if %even -> (vector<4xf32>) {
      %a = arith.addf %v, %v {tag = "then"} : vector<4xf32>
      scf.yield %a : vector<4xf32>
    } else {
      %b = arith.mulf %v, %v {tag = "else"} : vector<4xf32>
      scf.yield %b : vector<4xf32>
    } {tag = "if"}
    %s = arith.addf %r, %w {tag = "s"} : vector<4xf32>
    wave.write %s, %A[%tid] : vector<4xf32>, memref<4096xf32>
  )");
  EXPECT_TRUE(pressure->isLiveAt(value("w"), op("then")));
  EXPECT_TRUE(pressure->isLiveAt(value("w"), op("else")));
  // tid, w and v (before) or the arm's result (after).
  EXPECT_EQ(vectorAt("then"), 9u);
  EXPECT_FALSE(pressure->isLiveAt(value("v"), op("s")));
  // The condition is a lane mask.
  EXPECT_EQ(pressure->getPressureAt(op("if")).sgprs, 2u);
}

// MMA accumulators, and the loop-carried values and results tied to them,
// count apart on CDNA; the operands do not.
TEST_F(RegisterPressureTest, AccumulatorsAreAgprEligible) {
  StringRef body = R"(
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %res = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero)
        -> (vector<16xf32>) {
      %a = wave.read %H[%tid] {tag = "a"} : memref<4096xf16> -> vector<4xf16>
      %b = wave.read %H[%tid] {tag = "b"} : memref<4096xf16> -> vector<4xf16>
      %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc {tag = "mma"}
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      scf.yield %d : vector<16xf32>
    } {tag = "loop"}
    %part = vector.extract_strided_slice %res
        {offsets = [0], sizes = [4], strides = [1], tag = "part"}
        : vector<16xf32> to vector<4xf32>
    wave.write %part, %A[%tid] : vector<4xf32>, memref<4096xf32>
  )";
  analyze(body, /*uniform=*/true, /*agprs=*/true);
  EXPECT_TRUE(pressure->isAccumulator(value("mma")));
  EXPECT_TRUE(pressure->isAccumulator(iterArg("loop", 0)));
  EXPECT_TRUE(pressure->isAccumulator(value("loop")));
  EXPECT_FALSE(pressure->isAccumulator(value("a")));
  EXPECT_FALSE(pressure->isAccumulator(value("part")));
  EXPECT_EQ(pressure->getCost(value("mma")), (RegisterCounts{0, 16, 0}));
  // At the MMA: tid, a, b and acc before; the result after.
  EXPECT_EQ(pressure->getPressureAt(op("mma")), (RegisterCounts{5, 16, 0}));
  EXPECT_EQ(pressure->getPeak().accumulators, 16u);

  // Elsewhere (RDNA) they are plain VGPRs.
  analyze(body, /*uniform=*/true, /*agprs=*/false);
  EXPECT_EQ(pressure->getCost(value("mma")), (RegisterCounts{16, 0, 0}));
  EXPECT_EQ(pressure->getPressureAt(op("mma")).vgprs, 21u);
}

// A value planned for a spill counts only where it is defined or used.
TEST_F(RegisterPressureTest, SpilledValuesCountOnlyAtDefinitionAndUses) {
  analyze(R"(
    %tid = gpu.thread_id x
    %long = wave.read %A[%tid] {tag = "long"} : memref<4096xf32> -> vector<4xf32>
    %a = wave.read %A[%tid] {tag = "a"} : memref<4096xf32> -> vector<4xf32>
    %b = arith.addf %a, %a {tag = "b"} : vector<4xf32>
    %c = arith.addf %b, %a {tag = "c"} : vector<4xf32>
    %d = arith.addf %c, %long {tag = "d"} : vector<4xf32>
    wave.write %d, %A[%tid] : vector<4xf32>, memref<4096xf32>
  )");
  EXPECT_EQ(vectorAt("b"), 13u);
  EXPECT_EQ(pressure->getPeakOp(), op("b"));
  options.spilled.insert(value("long"));
  run();
  EXPECT_EQ(vectorAt("long"), 5u);
  EXPECT_EQ(vectorAt("b"), 9u);
  EXPECT_EQ(vectorAt("c"), 9u);
  EXPECT_EQ(vectorAt("d"), 9u);
  EXPECT_EQ(pressure->getPeak().getVectorRegisters(), 9u);
}

/// The pressure example's shape with `n` column chunks: n scale vectors
/// loaded before a K loop that carries n accumulators and loads n chunks an
/// iteration; the scales are used after the loop.
std::string makePressureKernel(unsigned n) {
  std::string body = R"(
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
)";
  std::string iterArgs, types, yields;
  for (unsigned j = 0; j < n; ++j) {
    body += llvm::formatv("    %s{0} = wave.read %A[%tid] {{tag = \"s{0}\"} : "
                          "memref<4096xf32> -> vector<4xf32>\n",
                          j);
    iterArgs += llvm::formatv("{0}%a{1} = %zero", j ? ", " : "", j);
    types += llvm::formatv("{0}vector<4xf32>", j ? ", " : "");
    yields += llvm::formatv("{0}%n{1}", j ? ", " : "", j);
  }
  body += "    %acc:" + std::to_string(n) + " = scf.for %k = %c0 to %c16 " +
          "step %c1 iter_args(" + iterArgs + ") -> (" + types + ") {\n";
  for (unsigned j = 0; j < n; ++j)
    body +=
        llvm::formatv("      %x{0} = wave.read %A[%tid, %k] map affine_map<(t, "
                      "k) -> (t + k * "
                      "64)> {{tag = \"x{0}\"} : memref<4096xf32> -> "
                      "vector<4xf32>\n      %n{0} = arith.addf %a{0}, %x{0} : "
                      "vector<4xf32>\n",
                      j);
  body += "      scf.yield " + yields + " : " + types + "\n    }\n";
  for (unsigned j = 0; j < n; ++j)
    body += llvm::formatv(
        "    %y{0} = arith.mulf %acc#{0}, %s{0} : vector<4xf32>\n"
        "    wave.write %y{0}, %A[%tid] : vector<4xf32>, memref<4096xf32>\n",
        j);
  return body;
}

// examples/pressure.mlir has n = 16: 16 scales and 16 accumulators of 4
// VGPRs, the thread id and one chunk in flight: 8n + 5 = 133 at the first
// load of the loop body. The scales are live across the loop; each one
// lives a step longer than the one loaded before it (it is used two ops
// later after the loop and defined one op later before it).
TEST_F(RegisterPressureTest, PressureExample) {
  for (unsigned n : {1u, 4u, 16u}) {
    analyze(makePressureKernel(n));
    EXPECT_EQ(pressure->getPeak(), (RegisterCounts{8 * n + 5, 0, 1}))
        << "n = " << n;
    EXPECT_EQ(pressure->getPeakOp(), op("x0")) << "n = " << n;
    SmallVector<Value> across = pressure->getLiveAcross(op("x0"));
    for (unsigned j = 0; j < n; ++j) {
      Value scale = value(("s" + std::to_string(j)).c_str());
      EXPECT_TRUE(llvm::is_contained(across, scale));
      if (j > 0)
        EXPECT_EQ(pressure->getLiveRangeLength(scale),
                  pressure->getLiveRangeLength(
                      value(("s" + std::to_string(j - 1)).c_str())) +
                      1);
    }
  }
}

TEST_F(RegisterPressureTest, UnstructuredControlFlow) {
  analyze(R"(
    %tid = gpu.thread_id x
    %v = wave.read %A[%tid] {tag = "v"} : memref<4096xf32> -> vector<4xf32>
    cf.br ^loop
  ^loop:
    %w = arith.addf %v, %v {tag = "body"} : vector<4xf32>
    wave.write %w, %A[%tid] : vector<4xf32>, memref<4096xf32>
    %c = arith.cmpi eq, %tid, %n {tag = "cmp"} : index
    cf.cond_br %c, ^loop, ^exit
  ^exit:
  )");
  // v flows around the CFG loop: live at the block's end as well.
  EXPECT_TRUE(pressure->isLiveAt(value("v"), op("cmp")));
  EXPECT_EQ(vectorAt("body"), 9u);
  EXPECT_EQ(vectorAt("cmp"), 5u);
}

} // namespace
