//===- BankConflictsTest.cpp - Tests of the LDS bank-conflict analysis ----===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/BankConflicts.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

TEST(LdsBankModelTest, PhasesFollowTheBytesALane) {
  LdsBankModel model;
  EXPECT_EQ(model.getCycleBytes(), 128u);
  EXPECT_EQ(model.getPhaseLanes(1), 32u);
  EXPECT_EQ(model.getPhaseLanes(2), 32u);
  EXPECT_EQ(model.getPhaseLanes(4), 32u);
  EXPECT_EQ(model.getPhaseLanes(8), 16u);
  EXPECT_EQ(model.getPhaseLanes(12), 8u);
  EXPECT_EQ(model.getPhaseLanes(16), 8u);
  EXPECT_TRUE(LdsBankModel::get("gfx942"));
  EXPECT_TRUE(LdsBankModel::get("gfx90a"));
  EXPECT_FALSE(LdsBankModel::get("gfx1100"));
}

TEST(LdsBankModelTest, PhaseCostIsTheBusiestBank) {
  LdsBankModel model;
  EXPECT_EQ(computePhaseCycles({}, model).cycles, 0);
  // 32 consecutive dwords: one per bank.
  SmallVector<int64_t> linear;
  for (int64_t i = 0; i < 32; ++i)
    linear.push_back(100 + i);
  LdsCycles cycles = computePhaseCycles(linear, model);
  EXPECT_EQ(cycles.cycles, 1);
  EXPECT_EQ(cycles.minimum, 1);
  // Two dwords 32 apart share bank 0; a third lane reading one of them is
  // served by the broadcast.
  cycles = computePhaseCycles({0, 32, 32, 5}, model);
  EXPECT_EQ(cycles.cycles, 2);
  EXPECT_EQ(cycles.minimum, 1);
  EXPECT_EQ(cycles.getExtra(), 1);
  // 64 distinct dwords cannot take fewer than 2 cycles.
  for (int64_t i = 0; i < 32; ++i)
    linear.push_back(132 + i);
  cycles = computePhaseCycles(linear, model);
  EXPECT_EQ(cycles.cycles, 2);
  EXPECT_EQ(cycles.minimum, 2);
}

class BankConflictsTest : public test::FootprintTest {
protected:
  /// A kernel of 64 lanes (one wave) on `chip` holding `body`, with `%t`
  /// (thread id x), `%c0`, `%c32` and a f32 value `%x`.
  bool parseKernel(StringRef body, StringRef chip = "gfx942") {
    std::string ir = ("#lds = #gpu.address_space<workgroup>\n"
                      "gpu.module @m {\n"
                      "  gpu.func @k() kernel attributes {\n"
                      "      known_block_size = array<i32: 64, 1, 1>,\n"
                      "      wave.kernel = #wave.kernel<chip = \"" +
                      chip +
                      "\", wave_size = 64>} {\n"
                      "    %t = gpu.thread_id x\n"
                      "    %c0 = arith.constant 0 : index\n"
                      "    %c32 = arith.constant 32 : index\n" +
                      body + "\n    gpu.return\n  }\n}\n")
                         .str();
    return parse(ir);
  }

  std::optional<AccessBankConflicts> analyze(StringRef tag) {
    std::string reason;
    FailureOr<AccessBankConflicts> result =
        analyzeBankConflicts(access(tag), reason);
    if (failed(result)) {
      ADD_FAILURE() << "no bank conflicts for " << tag.str() << ": " << reason;
      return std::nullopt;
    }
    return *result;
  }
};

// Lane t reads element 0 of row t of a 32-column f32 tile: every row starts
// in bank 0, so each half-wave phase serializes its 32 lanes.
TEST_F(BankConflictsTest, ColumnOfAnUnpaddedTileConflicts) {
  ASSERT_TRUE(parseKernel(R"(
    %tile = wave.alloc_lds : memref<64x32xf32, #lds>
    %v = wave.read %tile[%t, %c0] {tag = "col"} : memref<64x32xf32, #lds> -> vector<1xf32>)"));
  std::optional<AccessBankConflicts> result = analyze("col");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->instructionsPerLane, 1);
  EXPECT_EQ(result->bytesPerInstruction, 4u);
  EXPECT_EQ(result->phaseLanes, 32u);
  EXPECT_EQ(result->executions, 1);
  EXPECT_EQ(result->perExecution.cycles, 64);
  EXPECT_EQ(result->perExecution.minimum, 2);
}

// One f32 of padding a row puts row t in bank t mod 32.
TEST_F(BankConflictsTest, PaddingRemovesTheConflict) {
  ASSERT_TRUE(parseKernel(R"(
    %tile = wave.alloc_lds padding [0, 1] : memref<64x32xf32, strided<[33, 1]>, #lds>
    %v = wave.read %tile[%t, %c0] {tag = "col"} : memref<64x32xf32, strided<[33, 1]>, #lds> -> vector<1xf32>)"));
  std::optional<AccessBankConflicts> result = analyze("col");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->perExecution.cycles, 2);
  EXPECT_EQ(result->perExecution.getExtra(), 0);
}

// So does a swizzle that XORs column 0 of row t with t mod 32, without the
// extra bytes.
TEST_F(BankConflictsTest, SwizzleRemovesTheConflict) {
  ASSERT_TRUE(parseKernel(R"(
    %tile = wave.alloc_lds swizzle <vec = 1, per_phase = 1, max_phase = 32> : memref<64x32xf32, #lds>
    %v = wave.read %tile[%t, %c0] {tag = "col"} : memref<64x32xf32, #lds> -> vector<1xf32>)"));
  std::optional<AccessBankConflicts> result = analyze("col");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->perExecution.cycles, 2);
  EXPECT_EQ(result->perExecution.getExtra(), 0);
}

// 16 bytes a lane, consecutive lanes on consecutive 16 bytes: eight phases of
// eight lanes, each covering the 32 banks once.
TEST_F(BankConflictsTest, WideLinearWriteIsConflictFree) {
  ASSERT_TRUE(parseKernel(R"(
    %x = arith.constant dense<1.0> : vector<8xf16>
    %tile = wave.alloc_lds : memref<16x32xf16, #lds>
    wave.write %x, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> {tag = "w"} : vector<8xf16>, memref<16x32xf16, #lds>)"));
  std::optional<AccessBankConflicts> result = analyze("w");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->instructionsPerLane, 1);
  EXPECT_EQ(result->bytesPerInstruction, 16u);
  EXPECT_EQ(result->phaseLanes, 8u);
  EXPECT_EQ(result->perExecution.cycles, 8);
  EXPECT_EQ(result->perExecution.minimum, 8);
}

// The MFMA A operand of a 32x32x8 f16 product read from an unpadded tile of
// 32 f16 (16 dwords) a row: lane l reads 8 bytes of row l mod 32. A phase of
// 16 lanes reads 16 rows, whose dword pairs fall into banks {0, 1} and
// {16, 17} 8 times each: 8 cycles a phase instead of 1.
TEST_F(BankConflictsTest, MfmaOperandOfAnUnpaddedTile) {
  ASSERT_TRUE(parseKernel(R"(
    %tile = wave.alloc_lds : memref<32x32xf16, #lds>
    %v = wave.read %tile[%t] map affine_map<(t) -> (t mod 32, (t floordiv 32) * 4)> {tag = "a"} : memref<32x32xf16, #lds> -> vector<4xf16>)"));
  std::optional<AccessBankConflicts> result = analyze("a");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->bytesPerInstruction, 8u);
  EXPECT_EQ(result->phaseLanes, 16u);
  EXPECT_EQ(result->perExecution.cycles, 32);
  EXPECT_EQ(result->perExecution.minimum, 4);
}

// Elements along columns are one access each.
TEST_F(BankConflictsTest, ElementAccessesAlongColumns) {
  ASSERT_TRUE(parseKernel(R"(
    %tile = wave.alloc_lds padding [0, 1] : memref<64x32xf32, strided<[33, 1]>, #lds>
    %v = wave.read %tile[%c0, %t] map affine_map<(r, t) -> (r, t mod 32)> along 0 {tag = "rows"} : memref<64x32xf32, strided<[33, 1]>, #lds> -> vector<2xf32>)"));
  std::optional<AccessBankConflicts> result = analyze("rows");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->instructionsPerLane, 2);
  EXPECT_EQ(result->bytesPerInstruction, 4u);
  EXPECT_EQ(result->perExecution.cycles, 4);
  EXPECT_EQ(result->perExecution.minimum, 4);
}

// Under a branch the enumerated footprint would count lanes the condition
// excludes: no answer, and the reason.
TEST_F(BankConflictsTest, AccessUnderABranchHasNoAnswer) {
  ASSERT_TRUE(parseKernel(R"(
    %tile = wave.alloc_lds : memref<64x32xf32, #lds>
    %low = arith.cmpi ult, %t, %c32 : index
    scf.if %low {
      %v = wave.read %tile[%t, %c0] {tag = "guarded"} : memref<64x32xf32, #lds> -> vector<1xf32>
    })"));
  std::string reason;
  EXPECT_TRUE(failed(analyzeBankConflicts(access("guarded"), reason)));
  EXPECT_EQ(reason, "the access is under 'scf.if', whose condition on the "
                    "lanes the analysis does not model");
}

// Every iteration of a loop is an execution; the worst one is reported.
TEST_F(BankConflictsTest, LoopIterationsAreExecutions) {
  ASSERT_TRUE(parseKernel(R"(
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tile = wave.alloc_lds : memref<64x32xf32, #lds>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = wave.read %tile[%t, %i] map affine_map<(t, i) -> (t mod 32, i * 8)> {tag = "loop"} : memref<64x32xf32, #lds> -> vector<1xf32>
    })"));
  std::optional<AccessBankConflicts> result = analyze("loop");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->executions, 4);
  EXPECT_EQ(result->perExecution.cycles, 64);
}

TEST_F(BankConflictsTest, UnknownChipHasNoModel) {
  ASSERT_TRUE(parseKernel(R"(
    %tile = wave.alloc_lds : memref<64x32xf32, #lds>
    %v = wave.read %tile[%t, %c0] {tag = "col"} : memref<64x32xf32, #lds> -> vector<1xf32>)",
                          "gfx1100"));
  std::string reason;
  EXPECT_TRUE(failed(analyzeBankConflicts(access("col"), reason)));
  EXPECT_EQ(reason, "no LDS bank model for chip 'gfx1100'");
}

} // namespace
