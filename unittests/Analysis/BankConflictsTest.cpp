//===- BankConflictsTest.cpp - Tests of the LDS bank-conflict analysis ----===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Lds/BankConflicts.h"

#include <random>

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
  EXPECT_TRUE(LdsBankModel::get("gfx950"));
  EXPECT_FALSE(LdsBankModel::get("gfx1100"));
}

// gfx950: 64 banks, reads of a whole cycle's 256 bytes, writes of 128 bytes,
// b96 and b128 reads served in interleaved lane quads.
TEST(LdsBankModelTest, Gfx950HasSixtyFourBanksAndInterleavedReadPhases) {
  std::optional<LdsBankModel> model = LdsBankModel::get("gfx950");
  ASSERT_TRUE(model);
  EXPECT_EQ(model->getCycleBytes(), 256u);
  EXPECT_EQ(model->getPhaseLanes(4), 64u);
  EXPECT_EQ(model->getPhaseLanes(8), 32u);
  EXPECT_EQ(model->getPhaseLanes(12), 8u);
  EXPECT_EQ(model->getPhaseLanes(16), 16u);
  EXPECT_EQ(model->getPhaseLanes(4, /*write=*/true), 32u);
  EXPECT_EQ(model->getPhaseLanes(8, /*write=*/true), 16u);
  EXPECT_EQ(model->getPhaseLanes(16, /*write=*/true), 8u);
  // b128 reads: lanes 0-3, 12-15 and 20-27 are phase 0, the other quads of
  // the half wave phase 1; the second half wave is phases 2 and 3.
  SmallVector<unsigned> b128;
  for (unsigned lane = 0; lane < 64; lane += 4)
    b128.push_back(model->getPhase(lane, 16, /*write=*/false));
  EXPECT_EQ(b128, SmallVector<unsigned>(
                      {0, 1, 1, 0, 1, 0, 0, 1, 2, 3, 3, 2, 3, 2, 2, 3}));
  // b96 reads: quads paired as (0, 5), (1, 4), (2, 7), (3, 6).
  SmallVector<unsigned> b96;
  for (unsigned lane = 0; lane < 32; lane += 4)
    b96.push_back(model->getPhase(lane, 12, /*write=*/false));
  EXPECT_EQ(b96, SmallVector<unsigned>({0, 1, 2, 3, 1, 0, 3, 2}));
  // Writes and other widths take consecutive lanes.
  EXPECT_EQ(model->getPhase(20, 16, /*write=*/true), 2u);
  EXPECT_EQ(model->getPhase(20, 8, /*write=*/false), 0u);
  EXPECT_EQ(model->getPhase(40, 8, /*write=*/false), 1u);
  // gfx942's phases are all consecutive.
  LdsBankModel gfx942;
  EXPECT_EQ(gfx942.getPhase(20, 16, /*write=*/false), 2u);
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
        analyzeBankConflicts(access(tag), &reason);
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

// On gfx950 a b32 read is one phase of the whole wave over 64 banks: rows of
// 32 dwords start in banks 0 and 32 alternately, 32 rows in each.
TEST_F(BankConflictsTest, Gfx950ColumnOfAnUnpaddedTile) {
  ASSERT_TRUE(parseKernel(R"(
    %tile = wave.alloc_lds : memref<64x32xf32, #lds>
    %v = wave.read %tile[%t, %c0] {tag = "col"} : memref<64x32xf32, #lds> -> vector<1xf32>)",
                          "gfx950"));
  std::optional<AccessBankConflicts> result = analyze("col");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->phaseLanes, 64u);
  EXPECT_EQ(result->perExecution.cycles, 32);
  EXPECT_EQ(result->perExecution.minimum, 1);
}

// Lane quad q reads rows 3q..3q+3 of a tile of 16-byte rows (row r in banks
// 4(r mod 16)..+3). gfx950's b128 phase 0 (quads 0, 3, 5, 6) reads rows 0-3,
// 9-12, 15-18 and 18-21: rows 16-19 share banks with rows 0-3, 2 cycles a
// phase where consecutive quads (rows 0-12) would take 1.
TEST_F(BankConflictsTest, Gfx950InterleavedReadPhases) {
  ASSERT_TRUE(parseKernel(R"(
    %tile = wave.alloc_lds : memref<64x4xf32, #lds>
    %v = wave.read %tile[%t] map affine_map<(t) -> ((t floordiv 4) * 3 + t mod 4, 0)> {tag = "q"} : memref<64x4xf32, #lds> -> vector<4xf32>)",
                          "gfx950"));
  std::optional<AccessBankConflicts> result = analyze("q");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->bytesPerInstruction, 16u);
  EXPECT_EQ(result->phaseLanes, 16u);
  EXPECT_EQ(result->perExecution.cycles, 8);
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
  EXPECT_TRUE(failed(analyzeBankConflicts(access("guarded"), &reason)));
  EXPECT_EQ(reason, "the access is under 'scf.if', whose condition on the "
                    "lanes the analysis does not model");
}

// A value of unknown range (here the grid's size) that picks the buffer of a
// double-buffered tile (as the tail of a pipelined loop of run-time trip
// count does) moves the footprint by a multiple of the bank width: the cost
// is the one of either buffer. In a row, or moving a buffer of a size that is
// no multiple of the bank width, it leaves the access without an answer.
TEST_F(BankConflictsTest, RunTimeValueOnlyWhereItRotatesTheBanks) {
  ASSERT_TRUE(parseKernel(R"(
    %c2 = arith.constant 2 : index
    %n = gpu.grid_dim x
    %any = arith.remui %n, %c2 : index
    %tile = wave.alloc_lds : memref<2x64x32xf32, #lds>
    %v = wave.read %tile[%any, %t, %c0] {tag = "some"} : memref<2x64x32xf32, #lds> -> vector<1xf32>
    %w = wave.read %tile[%c0, %t, %c0] {tag = "first"} : memref<2x64x32xf32, #lds> -> vector<1xf32>
    %x = wave.read %tile[%c0, %any, %t] {tag = "row"} : memref<2x64x32xf32, #lds> -> vector<1xf32>
    %odd = wave.alloc_lds : memref<2x1x31xf16, #lds>
    %u = wave.read %odd[%any, %c0, %c0] {tag = "odd"} : memref<2x1x31xf16, #lds> -> vector<1xf16>)"));
  std::optional<AccessBankConflicts> some = analyze("some");
  std::optional<AccessBankConflicts> first = analyze("first");
  ASSERT_TRUE(some && first);
  EXPECT_EQ(some->perExecution.cycles, 64);
  EXPECT_EQ(some->perExecution.cycles, first->perExecution.cycles);
  EXPECT_EQ(some->perExecution.minimum, first->perExecution.minimum);
  for (StringRef tag : {"row", "odd"}) {
    std::string reason;
    EXPECT_TRUE(failed(analyzeBankConflicts(access(tag), &reason)))
        << tag.str();
    EXPECT_NE(reason.find("needs a value for the uniform value"),
              std::string::npos)
        << reason;
  }
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
  EXPECT_TRUE(failed(analyzeBankConflicts(access("col"), &reason)));
  EXPECT_EQ(reason, "no LDS bank model for chip 'gfx1100'");
}

} // namespace

//===----------------------------------------------------------------------===//
// One period of the iterations against every iteration
//===----------------------------------------------------------------------===//

class BankCostPeriodTest : public BankConflictsTest {
protected:
  /// Both answers for the tagged access; the test fails where either has
  /// none or they differ. Returns the iterations each enumerated.
  std::pair<int64_t, int64_t> compare(StringRef tag, StringRef ir) {
    std::string reason;
    LdsBankModel model;
    FailureOr<AccessBankConflicts> periodic =
        analyzeBankConflicts(access(tag), model, &reason, std::nullopt,
                             BankConflictIterations::OnePeriod);
    EXPECT_TRUE(succeeded(periodic)) << reason << "\n" << ir.str();
    FailureOr<AccessBankConflicts> every =
        analyzeBankConflicts(access(tag), model, &reason, std::nullopt,
                             BankConflictIterations::Every);
    EXPECT_TRUE(succeeded(every)) << reason << "\n" << ir.str();
    if (failed(periodic) || failed(every))
      return {0, 0};
    EXPECT_EQ(periodic->executions, every->executions) << ir.str();
    EXPECT_EQ(periodic->perExecution.cycles, every->perExecution.cycles)
        << ir.str();
    EXPECT_EQ(periodic->perExecution.minimum, every->perExecution.minimum)
        << ir.str();
    EXPECT_EQ(periodic->instructionsPerLane, every->instructionsPerLane);
    return {periodic->analyzedIterations, every->analyzedIterations};
  }

  /// `compare` on a read of a `memref` tile allocated with `attrs`, at
  /// `map` of (t, k) in a loop of k from 0 to `upper` by `step`.
  std::pair<int64_t, int64_t> analyzeLoop(StringRef attrs, StringRef memref,
                                          StringRef map, StringRef vector,
                                          int64_t upper, int64_t step) {
    std::string ir =
        ("    %upper = arith.constant " + std::to_string(upper) +
         " : index\n    %step = arith.constant " + std::to_string(step) +
         " : index\n    %tile = wave.alloc_lds" + attrs + " : " + memref +
         "\n    scf.for %k = %c0 to %upper step %step {\n"
         "      %v = wave.read %tile[%t, %k] map affine_map<(t, k) -> " +
         map + "> {tag = \"a\"} : " + memref + " -> " + vector + "\n    }")
            .str();
    if (!parseKernel(ir))
      return {0, 0};
    return compare("a", ir);
  }
};

// A double-buffered f32 tile whose buffer is `k mod 2`: two iterations cost
// what 1000 do.
TEST_F(BankCostPeriodTest, DoubleBufferedTileRepeatsEveryTwoIterations) {
  EXPECT_EQ(analyzeLoop("", "memref<2x64x32xf32, #lds>",
                        "(k mod 2, t, (t floordiv 8) * 4)", "vector<4xf32>",
                        1000, 1),
            std::make_pair(int64_t(2), int64_t(1000)));
}

// An f16 column advancing by one element a step moves every address by 2
// bytes: two steps make a dword, so the cost repeats every 2 iterations; a
// step of 3 iterations of the loop is still 2 of them.
TEST_F(BankCostPeriodTest, HalfDwordStridesRepeatEveryTwoSteps) {
  EXPECT_EQ(analyzeLoop("", "memref<64x128xf16, #lds>", "(t, k)",
                        "vector<1xf16>", 90, 3),
            std::make_pair(int64_t(2), int64_t(30)));
}

// The row of a swizzled tile moving with the loop changes the column masks:
// no period, every iteration is enumerated.
TEST_F(BankCostPeriodTest, SwizzledRowMovingWithTheLoopIsEnumerated) {
  EXPECT_EQ(analyzeLoop(" swizzle <vec = 1, per_phase = 1, max_phase = 32>",
                        "memref<128x32xf32, #lds>", "(t + k, 0)",
                        "vector<1xf32>", 16, 1),
            std::make_pair(int64_t(16), int64_t(16)));
}

// Random tiles (f16/f32/i8/f64, padded, swizzled or multi-buffered), random
// quasi-affine addresses in one or two loops of random ranges: the answer
// from one period is the answer from every iteration.
TEST_F(BankCostPeriodTest, RandomAccessesAgreeWithEveryIteration) {
  std::mt19937 rng(15);
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  auto pow2 = [&](int64_t maxLog) { return int64_t(1) << pick(0, maxLog); };
  int64_t reduced = 0, cases = 300;
  for (int64_t c = 0; c < cases; ++c) {
    const char *types[] = {"i8", "f16", "f32", "f64"};
    std::string type = types[pick(0, 3)];
    int64_t buffers = pick(1, 4), rows = 64, columns = 64;
    int64_t padding = 0;
    std::string swizzle;
    int64_t layoutKind = pick(0, 2);
    if (layoutKind == 1)
      padding = pick(1, 9);
    int64_t vec = 1, maxPhase = 1;
    if (layoutKind == 2) {
      vec = pow2(3);
      maxPhase = pow2(3);
      swizzle = " swizzle <vec = " + std::to_string(vec) +
                ", per_phase = " + std::to_string(pow2(2)) +
                ", max_phase = " + std::to_string(maxPhase) + ">";
    }
    int64_t width = layoutKind == 2 ? 1 : pow2(2);
    bool rank3 = pick(0, 1);
    std::string shape =
        rank3 ? std::to_string(buffers) + "x" + std::to_string(rows) + "x" +
                    std::to_string(columns)
              : std::to_string(buffers * rows) + "x" + std::to_string(columns);
    std::string memref = "memref<" + shape + "x" + type;
    if (padding) {
      int64_t row = columns + padding;
      memref += rank3 ? ", strided<[" + std::to_string(rows * row) + ", " +
                            std::to_string(row) + ", 1]>"
                      : ", strided<[" + std::to_string(row) + ", 1]>";
    }
    memref += ", #lds>";
    std::string padAttr;
    if (padding)
      padAttr = rank3 ? " padding [0, 0, " + std::to_string(padding) + "]"
                      : " padding [0, " + std::to_string(padding) + "]";

    bool twoLoops = pick(0, 2) == 0;
    auto term = [&](StringRef iv) {
      std::string s;
      switch (pick(0, 3)) {
      case 0:
        s = std::to_string(pick(-3, 6)) + " * " + iv.str();
        break;
      case 1:
        s = "(" + iv.str() + " floordiv " + std::to_string(pick(1, 6)) +
            ") * " + std::to_string(pick(-2, 5));
        break;
      case 2:
        s = "(" + iv.str() + " mod " + std::to_string(pick(1, 7)) + ") * " +
            std::to_string(pick(1, 9));
        break;
      default:
        s = "((" + iv.str() + " * " + std::to_string(pick(1, 5)) +
            ") ceildiv " + std::to_string(pick(1, 4)) + ")";
      }
      return s;
    };
    std::string loopTerms = term("k");
    if (twoLoops)
      loopTerms += " + " + term("j");
    std::string buffer =
        "(k" + std::string(twoLoops && pick(0, 1) ? " + j" : "") +
        (pick(0, 1) ? "" : " floordiv " + std::to_string(pick(1, 3))) +
        ") mod " + std::to_string(buffers);
    int64_t group = pow2(4);
    std::string row = "(t floordiv " + std::to_string(group) + ")";
    if (pick(0, 3) == 0)
      row += " + " + term("k");
    std::string column = "(t mod " + std::to_string(group) + ") * " +
                         std::to_string(pick(1, 4) * width) + " + " + loopTerms;
    if (pick(0, 2) == 0)
      column = "(" + column + ") mod " + std::to_string(columns);
    std::string results = rank3 ? buffer + ", " + row + ", " + column
                                : "(" + buffer + ") * " + std::to_string(rows) +
                                      " + " + row + ", " + column;
    std::string vector = "vector<" + std::to_string(width) + "x" + type + ">";

    auto range = [&](StringRef name) {
      int64_t lower = pick(-5, 5), step = pick(1, 4), trips = pick(1, 40);
      return "    %" + name.str() + "lb = arith.constant " +
             std::to_string(lower) + " : index\n    %" + name.str() +
             "ub = arith.constant " + std::to_string(lower + step * trips) +
             " : index\n    %" + name.str() + "st = arith.constant " +
             std::to_string(step) + " : index\n";
    };
    std::string body = range("k");
    if (twoLoops)
      body += range("j");
    body += "    %tile = wave.alloc_lds" + padAttr + swizzle + " : " + memref +
            "\n    scf.for %k = %klb to %kub step %kst {\n";
    if (twoLoops)
      body += "    scf.for %j = %jlb to %jub step %jst {\n";
    body += "      %v = wave.read %tile[%t, %k" +
            std::string(twoLoops ? ", %j" : "") + "] map affine_map<(t, k" +
            (twoLoops ? ", j" : "") + ") -> (" + results +
            ")> {tag = \"a\"} : " + memref + " -> " + vector + "\n    }";
    if (twoLoops)
      body += "\n    }";
    ASSERT_TRUE(parseKernel(body)) << body;
    auto [periodic, every] = compare("a", body);
    if (HasFailure())
      return;
    reduced += periodic < every;
  }
  // Most cases enumerate less than every iteration.
  EXPECT_GT(reduced, cases / 2);
}
