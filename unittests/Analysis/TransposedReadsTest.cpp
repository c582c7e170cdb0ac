//===- TransposedReadsTest.cpp - Which LDS columns are transposed reads ---===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Lds/BankConflicts.h"
#include "wave/Analysis/Lds/TransposedReads.h"
#include "wave/Analysis/Uniformity/Uniformity.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

class TransposedReadsTest : public test::FootprintTest {
protected:
  /// A kernel of `lanes` lanes on `chip` holding `body`, with `%t` (thread
  /// id x), `%c0` and a 16 x 64 f16 tile `%tile`.
  bool parseKernel(StringRef body, StringRef chip = "gfx950",
                   unsigned lanes = 128) {
    std::string ir = ("#lds = #gpu.address_space<workgroup>\n"
                      "gpu.module @m {\n"
                      "  gpu.func @k(%n: index) kernel attributes {\n"
                      "      known_block_size = array<i32: " +
                      Twine(lanes) +
                      ", 1, 1>,\n"
                      "      wave.kernel = #wave.kernel<chip = \"" +
                      chip +
                      "\", wave_size = 64>} {\n"
                      "    %t = gpu.thread_id x\n"
                      "    %c0 = arith.constant 0 : index\n"
                      "    %tile = wave.alloc_lds : memref<16x64xf16, #lds>\n" +
                      body + "\n    gpu.return\n  }\n}\n")
                         .str();
    return parse(ir);
  }

  /// Whether the tagged read qualifies, with the reason if it does not.
  std::pair<bool, std::string> check(StringRef tag) {
    auto read = cast<ReadOp>(access(tag).getOperation());
    EXPECT_TRUE(isLdsColumnRead(read));
    UniformityInfo uniformity(module->getOperation());
    std::string reason;
    bool accepted = lowersToTransposedLdsRead(read, uniformity, &reason);
    return {accepted, reason};
  }
};

// The B fragment of f32_32x32x8_f16: lane t, column 32 (t / 64) + t % 32,
// rows 4 ((t % 64) / 32) ... + 3. Each quad reads 4 adjacent columns.
TEST_F(TransposedReadsTest, BFragmentsAreTransposedReads) {
  ASSERT_TRUE(parseKernel(R"(
    %b = wave.read %tile[%t] map affine_map<(t) -> (((t mod 64) floordiv 32) * 4, (t floordiv 64) * 32 + t mod 32)> along 0 {tag = "b"} : memref<16x64xf16, #lds> -> vector<4xf16>)"));
  auto [accepted, reason] = check("b");
  EXPECT_TRUE(accepted) << reason;
  EXPECT_EQ(
      getTransposedReadThreadIdDim(cast<ReadOp>(access("b").getOperation())),
      0u);
  EXPECT_TRUE(isTransposedLdsRead(access("b")));
  // The bank-conflict analysis costs it as one 8-byte read.
  FailureOr<AccessBankConflicts> conflicts =
      analyzeBankConflicts(access("b"), nullptr);
  ASSERT_TRUE(succeeded(conflicts));
  EXPECT_EQ(conflicts->instructionsPerLane, 1);
  EXPECT_EQ(conflicts->bytesPerInstruction, 8u);
}

// The same read on gfx942: a column read, but the chip reads it an element
// an instruction.
TEST_F(TransposedReadsTest, OnlyChipsWithTransposedReads) {
  ASSERT_TRUE(parseKernel(R"(
    %b = wave.read %tile[%t] map affine_map<(t) -> (((t mod 64) floordiv 32) * 4, (t floordiv 64) * 32 + t mod 32)> along 0 {tag = "b"} : memref<16x64xf16, #lds> -> vector<4xf16>)",
                          "gfx942"));
  EXPECT_FALSE(isTransposedLdsRead(access("b")));
  FailureOr<AccessBankConflicts> conflicts =
      analyzeBankConflicts(access("b"), nullptr);
  ASSERT_TRUE(succeeded(conflicts));
  EXPECT_EQ(conflicts->instructionsPerLane, 4);
  EXPECT_EQ(conflicts->bytesPerInstruction, 2u);
}

// Lanes 2 columns apart: no quad reads adjacent columns.
TEST_F(TransposedReadsTest, QuadsMustReadAdjacentColumns) {
  ASSERT_TRUE(parseKernel(R"(
    %b = wave.read %tile[%t] map affine_map<(t) -> (0, (t mod 32) * 2)> along 0 {tag = "b"} : memref<16x64xf16, #lds> -> vector<4xf16>)"));
  auto [accepted, reason] = check("b");
  EXPECT_FALSE(accepted);
  EXPECT_EQ(reason,
            "threads 0 to 3 do not read 4 adjacent columns of the same rows");
}

// Quads starting at column 2 mod 4: 8 bytes not aligned. (A constant 2 added
// to the column is the other indices' part, which says so itself.)
TEST_F(TransposedReadsTest, QuadsStartAtMultiplesOfFour) {
  ASSERT_TRUE(parseKernel(R"(
    %b = wave.read %tile[%t] map affine_map<(t) -> (0, (t + 2) mod 64)> along 0 {tag = "b"} : memref<16x64xf16, #lds> -> vector<4xf16>)"));
  auto [accepted, reason] = check("b");
  EXPECT_FALSE(accepted);
  EXPECT_EQ(reason,
            "thread 0 starts its quad at column 2, not a multiple of 4");
}

// A wave-uniform index in the column is fine when its part is a multiple
// of 4, and not otherwise.
TEST_F(TransposedReadsTest, OtherIndicesKeepQuadsAligned) {
  ASSERT_TRUE(parseKernel(R"(
    %a = wave.read %tile[%t, %n] map affine_map<(t, n) -> (0, t mod 16 + n * 16)> along 0 {tag = "aligned"} : memref<16x64xf16, #lds> -> vector<4xf16>
    %b = wave.read %tile[%t, %n] map affine_map<(t, n) -> (0, t mod 16 + n * 2)> along 0 {tag = "unaligned"} : memref<16x64xf16, #lds> -> vector<4xf16>)"));
  EXPECT_TRUE(check("aligned").first) << check("aligned").second;
  auto [accepted, reason] = check("unaligned");
  EXPECT_FALSE(accepted);
  EXPECT_EQ(reason, "the part of its column the other indices give is not "
                    "known to be a multiple of 4");
}

// A kernel of 96 lanes has a partial wave, which the instruction's exchange
// cannot serve.
TEST_F(TransposedReadsTest, WavesMustBeWhole) {
  ASSERT_TRUE(parseKernel(R"(
    %b = wave.read %tile[%t] map affine_map<(t) -> (0, t mod 64)> along 0 {tag = "b"} : memref<16x64xf16, #lds> -> vector<4xf16>)",
                          "gfx950", 96));
  auto [accepted, reason] = check("b");
  EXPECT_FALSE(accepted);
  EXPECT_EQ(reason, "its kernel's 'known_block_size' does not make every "
                    "wave whole, 64 lanes of consecutive x");
}

// Six elements a lane: not whole transposed reads.
TEST_F(TransposedReadsTest, WholeReadsOfFourElements) {
  ASSERT_TRUE(parseKernel(R"(
    %b = wave.read %tile[%t] map affine_map<(t) -> (0, t mod 64)> along 0 {tag = "b"} : memref<16x64xf16, #lds> -> vector<6xf16>)"));
  auto [accepted, reason] = check("b");
  EXPECT_FALSE(accepted);
  EXPECT_EQ(reason, "it reads 6 elements a lane, not a multiple of 4");
}

} // namespace
