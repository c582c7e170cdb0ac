//===- MmaLayoutTest.cpp - Tests of the MMA lane-layout tables ------------===//

#include "wave/Dialect/Wave/IR/MmaLayout.h"
#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include "AllMmaKinds.h"

#include "gtest/gtest.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::wave;

namespace {

class MmaLayoutTest : public ::testing::TestWithParam<MmaKind> {};

// Every element of A, B and the accumulator is held by exactly one
// (lane, slot) pair, and every pair holds an element inside the operand.
TEST_P(MmaLayoutTest, EveryElementOwnedExactlyOnce) {
  const MmaLayout &layout = getMmaLayout(GetParam());
  for (MmaOperand operand : {MmaOperand::A, MmaOperand::B, MmaOperand::Acc}) {
    auto [rows, cols] = layout.getShape(operand);
    std::set<std::pair<int64_t, int64_t>> seen;
    for (int64_t lane = 0; lane < layout.waveSize; ++lane) {
      for (int64_t slot = 0; slot < layout.getElementsPerLane(operand);
           ++slot) {
        auto [row, col] = layout.getCoordinate(operand, lane, slot);
        ASSERT_GE(row, 0);
        ASSERT_LT(row, rows);
        ASSERT_GE(col, 0);
        ASSERT_LT(col, cols);
        EXPECT_TRUE(seen.insert({row, col}).second)
            << "element (" << row << ", " << col << ") held twice";
      }
    }
    EXPECT_EQ(static_cast<int64_t>(seen.size()), rows * cols);
  }
}

// The affine form used by passes agrees with the integer form everywhere.
TEST_P(MmaLayoutTest, AffineMapMatchesIntegerTable) {
  MLIRContext context;
  const MmaLayout &layout = getMmaLayout(GetParam());
  for (MmaOperand operand : {MmaOperand::A, MmaOperand::B, MmaOperand::Acc}) {
    AffineMap map = layout.getCoordinateMap(operand, &context);
    for (int64_t lane = 0; lane < layout.waveSize; ++lane) {
      for (int64_t slot = 0; slot < layout.getElementsPerLane(operand);
           ++slot) {
        SmallVector<int64_t> fromMap = map.compose({lane, slot});
        auto expected = layout.getCoordinate(operand, lane, slot);
        EXPECT_EQ(fromMap[0], expected[0]);
        EXPECT_EQ(fromMap[1], expected[1]);
      }
    }
  }
}

TEST_P(MmaLayoutTest, ElementCountsMatchTheShape) {
  const MmaLayout &layout = getMmaLayout(GetParam());
  EXPECT_EQ(layout.kPerLane * layout.waveSize, layout.m * layout.k);
  EXPECT_EQ(layout.accPerLane * layout.waveSize, layout.m * layout.n);
}

INSTANTIATE_TEST_SUITE_P(AllKinds, MmaLayoutTest,
                         ::testing::ValuesIn(kAllMmaKinds),
                         [](const auto &info) {
                           return stringifyMmaKind(info.param).str();
                         });

// Hand-checked entries of the CDNA3 matrix-core layouts.
TEST(MmaLayoutTable, F32_32x32x8F16) {
  const MmaLayout &layout = getMmaLayout(MmaKind::f32_32x32x8_f16);
  using Coord = std::array<int64_t, 2>;
  EXPECT_EQ(layout.getCoordinate(MmaOperand::A, 0, 0), (Coord{0, 0}));
  EXPECT_EQ(layout.getCoordinate(MmaOperand::A, 33, 2), (Coord{1, 6}));
  EXPECT_EQ(layout.getCoordinate(MmaOperand::B, 33, 2), (Coord{6, 1}));
  EXPECT_EQ(layout.getCoordinate(MmaOperand::Acc, 0, 3), (Coord{3, 0}));
  EXPECT_EQ(layout.getCoordinate(MmaOperand::Acc, 32, 0), (Coord{4, 0}));
  EXPECT_EQ(layout.getCoordinate(MmaOperand::Acc, 0, 4), (Coord{8, 0}));
  EXPECT_EQ(layout.getCoordinate(MmaOperand::Acc, 63, 15), (Coord{31, 31}));
}

TEST(MmaLayoutTable, F32_16x16x16F16) {
  const MmaLayout &layout = getMmaLayout(MmaKind::f32_16x16x16_f16);
  using Coord = std::array<int64_t, 2>;
  EXPECT_EQ(layout.getCoordinate(MmaOperand::A, 17, 1), (Coord{1, 5}));
  EXPECT_EQ(layout.getCoordinate(MmaOperand::B, 63, 3), (Coord{15, 15}));
  EXPECT_EQ(layout.getCoordinate(MmaOperand::Acc, 17, 1), (Coord{5, 1}));
}

TEST(MmaLayoutTable, I32_16x16x32I8AndF32_16x16x4) {
  using Coord = std::array<int64_t, 2>;
  const MmaLayout &i8 = getMmaLayout(MmaKind::i32_16x16x32_i8);
  EXPECT_EQ(i8.getCoordinate(MmaOperand::A, 16, 7), (Coord{0, 15}));
  const MmaLayout &f32 = getMmaLayout(MmaKind::f32_16x16x4_f32);
  EXPECT_EQ(f32.getCoordinate(MmaOperand::A, 49, 0), (Coord{1, 3}));
  EXPECT_EQ(f32.getCoordinate(MmaOperand::B, 49, 0), (Coord{3, 1}));
}

// gfx950's f8f6f4 kinds: a lane holds 32 consecutive K elements of its row
// (A) or column (B); lanes 0-31 and 32-63 (32x32x64), or the four groups of
// 16 (16x16x128), split K in blocks of 32.
TEST(MmaLayoutTable, F8f6f4Kinds) {
  using Coord = std::array<int64_t, 2>;
  const MmaLayout &big = getMmaLayout(MmaKind::f32_32x32x64_f8E4M3FN);
  EXPECT_EQ(big.kPerLane, 32);
  EXPECT_EQ(big.getCoordinate(MmaOperand::A, 5, 31), (Coord{5, 31}));
  EXPECT_EQ(big.getCoordinate(MmaOperand::A, 37, 0), (Coord{5, 32}));
  EXPECT_EQ(big.getCoordinate(MmaOperand::B, 63, 31), (Coord{63, 31}));
  EXPECT_EQ(big.getCoordinate(MmaOperand::Acc, 32, 0), (Coord{4, 0}));
  const MmaLayout &small = getMmaLayout(MmaKind::f32_16x16x128_f8E5M2);
  EXPECT_EQ(small.getCoordinate(MmaOperand::A, 49, 3), (Coord{1, 99}));
  EXPECT_EQ(small.getCoordinate(MmaOperand::B, 33, 0), (Coord{64, 1}));
  EXPECT_EQ(small.getCoordinate(MmaOperand::Acc, 17, 1), (Coord{5, 1}));
}

// The wide twins: f16/bf16 pairs, fp8 fours, OCP fp8 only (gfx942 has no
// f8f6f4 MFMA).
TEST(MmaLayoutTable, WideKKinds) {
  EXPECT_EQ(getWideKKind(MmaKind::f32_32x32x8_f16), MmaKind::f32_32x32x16_f16);
  EXPECT_EQ(getWideKKind(MmaKind::f32_32x32x16_f8E4M3FN_f8E5M2),
            MmaKind::f32_32x32x64_f8E4M3FN_f8E5M2);
  EXPECT_EQ(getWideKKind(MmaKind::f32_16x16x32_f8E5M2),
            MmaKind::f32_16x16x128_f8E5M2);
  EXPECT_EQ(getWideKKind(MmaKind::f32_32x32x16_f8E4M3FNUZ), std::nullopt);
  EXPECT_EQ(getWideKKind(MmaKind::f32_32x32x64_f8E4M3FN), std::nullopt);
  // On a chip: gfx950 has the wide kinds, gfx942 none of them.
  EXPECT_EQ(getWideKKindOnChip(MmaKind::f32_32x32x8_f16, *lookupChip("gfx950")),
            MmaKind::f32_32x32x16_f16);
  EXPECT_EQ(getWideKKindOnChip(MmaKind::f32_32x32x8_f16, *lookupChip("gfx942")),
            std::nullopt);
  EXPECT_EQ(
      getWideKKindOnChip(MmaKind::f32_32x32x16_f16, *lookupChip("gfx950")),
      std::nullopt);
  // The wide kinds themselves, written so or joined.
  EXPECT_TRUE(isWideKKind(MmaKind::f32_32x32x16_f16));
  EXPECT_TRUE(isWideKKind(MmaKind::f32_16x16x128_f8E5M2));
  EXPECT_FALSE(isWideKKind(MmaKind::f32_32x32x8_f16));
  EXPECT_FALSE(isWideKKind(MmaKind::f32_32x32x16_f8E4M3FNUZ));
  EXPECT_FALSE(isWideKKind(MmaKind::f32_32x32x64_f4E2M1FN_scaled));
  // Every wide kind has its twin's element types and M, N, and a multiple of
  // its K.
  for (MmaKind kind : kAllMmaKinds) {
    std::optional<MmaKind> wide = getWideKKind(kind);
    if (!wide)
      continue;
    SCOPED_TRACE(stringifyMmaKind(kind).str());
    const MmaLayout &narrow = getMmaLayout(kind), &twin = getMmaLayout(*wide);
    EXPECT_EQ(narrow.a, twin.a);
    EXPECT_EQ(narrow.b, twin.b);
    EXPECT_EQ(narrow.m, twin.m);
    EXPECT_EQ(twin.k % narrow.k, 0);
    EXPECT_EQ(twin.kPerLane * narrow.k, narrow.kPerLane * twin.k);
  }
}

// Published dense rates: MI300X 512 FLOP a clock a SIMD of f16 (a 32x32x8
// MFMA in 32 cycles), 1024 of fp8; MI355X twice both, 4096 of fp4; MI250X
// half MI300X's f16.
TEST(MmaLayoutTable, PipeCycles) {
  const ChipInfo &gfx90a = *lookupChip("gfx90a");
  const ChipInfo &gfx942 = *lookupChip("gfx942");
  const ChipInfo &gfx950 = *lookupChip("gfx950");
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_32x32x8_f16, gfx942), 32u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_16x16x16_bf16, gfx942), 16u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_32x32x8_f16, gfx90a), 64u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_16x16x4_f32, gfx942), 32u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::i32_16x16x32_i8, gfx942), 16u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_32x32x16_f8E4M3FNUZ, gfx942), 32u);
  // gfx950: the wide kinds, and the narrow ones at their share of them.
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_32x32x16_f16, gfx950), 32u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_32x32x8_f16, gfx950), 16u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_32x32x64_f8E4M3FN, gfx950), 64u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_32x32x16_f8E4M3FN, gfx950), 16u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_16x16x32_f8E5M2, gfx950), 8u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_32x32x64_f4E2M1FN_scaled, gfx950),
            32u);
  EXPECT_EQ(
      getMmaPipeCycles(MmaKind::f32_16x16x128_f4E2M1FN_f8E4M3FN_scaled, gfx950),
      32u);
  // Kinds the chip lacks, and WMMA.
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_32x32x16_f8E4M3FNUZ, gfx950), 0u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::f32_32x32x16_f16, gfx942), 0u);
  EXPECT_EQ(getMmaPipeCycles(MmaKind::wmma_f32_16x16x16_f16_gfx11,
                             *lookupChip("gfx1100")),
            0u);
  // On gfx950 every narrow kind counts as a share of its wide twin.
  for (MmaKind kind : kAllMmaKinds)
    if (std::optional<MmaKind> wide = getWideKKind(kind)) {
      SCOPED_TRACE(stringifyMmaKind(kind).str());
      EXPECT_LT(getMmaPipeCycles(kind, gfx950),
                getMmaPipeCycles(*wide, gfx950));
    }
}

TEST(MmaLayoutTable, ElementTypes) {
  MLIRContext context;
  EXPECT_TRUE(getMmaLayout(MmaKind::f32_32x32x8_bf16)
                  .getElementType(MmaOperand::A, &context)
                  .isBF16());
  EXPECT_TRUE(getMmaLayout(MmaKind::i32_16x16x32_i8)
                  .getElementType(MmaOperand::Acc, &context)
                  .isInteger(32));
  EXPECT_TRUE(getMmaLayout(MmaKind::f32_16x16x4_f32)
                  .getElementType(MmaOperand::B, &context)
                  .isF32());
  // A mixed fp8 kind: A and B in their own formats.
  const MmaLayout &mixed =
      getMmaLayout(MmaKind::f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ);
  EXPECT_TRUE(
      isa<Float8E5M2FNUZType>(mixed.getElementType(MmaOperand::A, &context)));
  EXPECT_TRUE(
      isa<Float8E4M3FNUZType>(mixed.getElementType(MmaOperand::B, &context)));
  EXPECT_TRUE(mixed.getElementType(MmaOperand::Acc, &context).isF32());
}

// The fp8 kinds are the chip's encodings only: FNUZ on gfx942, OCP on
// gfx950, none on gfx90a.
TEST(MmaLayoutTable, Fp8KindsByChip) {
  MLIRContext context;
  const ChipInfo &gfx90a = *lookupChip("gfx90a");
  const ChipInfo &gfx942 = *lookupChip("gfx942");
  const ChipInfo &gfx950 = *lookupChip("gfx950");
  EXPECT_TRUE(isMmaKindOnChip(MmaKind::f32_32x32x16_f8E4M3FNUZ, gfx942));
  EXPECT_FALSE(isMmaKindOnChip(MmaKind::f32_32x32x16_f8E4M3FNUZ, gfx950));
  EXPECT_FALSE(isMmaKindOnChip(MmaKind::f32_32x32x16_f8E4M3FNUZ, gfx90a));
  EXPECT_TRUE(isMmaKindOnChip(MmaKind::f32_16x16x32_f8E5M2_f8E4M3FN, gfx950));
  EXPECT_FALSE(isMmaKindOnChip(MmaKind::f32_16x16x32_f8E5M2_f8E4M3FN, gfx942));
  EXPECT_TRUE(isMmaKindOnChip(MmaKind::f32_32x32x64_f8E5M2, gfx950));
  EXPECT_FALSE(isMmaKindOnChip(MmaKind::f32_32x32x64_f8E5M2, gfx942));
  EXPECT_FALSE(isMmaKindOnChip(MmaKind::f32_16x16x128_f8E4M3FN, gfx90a));
  EXPECT_EQ(getMmaFp8TypesOnChip(gfx942, &context), "f8E4M3FNUZ, f8E5M2FNUZ");
  EXPECT_EQ(getMmaFp8TypesOnChip(gfx950, &context), "f8E4M3FN, f8E5M2");
  EXPECT_EQ(getMmaFp8TypesOnChip(gfx90a, &context), "");
  EXPECT_TRUE(isFp8MmaKind(MmaKind::f32_32x32x16_f8E5M2));
  EXPECT_FALSE(isFp8MmaKind(MmaKind::i32_16x16x32_i8));
}

// RDNA's WMMA kinds, wave 32: the accumulator's 256 elements once each; A's
// and B's every element held, on gfx11 by lanes 0-15 and again, the same, by
// lanes 16-31, on gfx12 once each; gfx11's accumulator rows interleaved by
// the half-wave (2 s + l / 16), gfx12's in halves (8 (l / 16) + s); each
// chip has its own kind only.
TEST(MmaLayoutTable, WmmaKinds) {
  MLIRContext context;
  for (MmaKind kind : {MmaKind::wmma_f32_16x16x16_f16_gfx11,
                       MmaKind::wmma_f32_16x16x16_f16_gfx12}) {
    SCOPED_TRACE(stringifyMmaKind(kind).str());
    const MmaLayout &layout = getMmaLayout(kind);
    EXPECT_TRUE(layout.isWmma());
    EXPECT_EQ(layout.waveSize, 32u);
    bool gfx11 = kind == MmaKind::wmma_f32_16x16x16_f16_gfx11;
    for (MmaOperand operand : {MmaOperand::A, MmaOperand::B, MmaOperand::Acc}) {
      std::array<int64_t, 2> shape = layout.getShape(operand);
      std::map<std::array<int64_t, 2>, int> owners;
      int64_t slots = layout.getElementsPerLane(operand);
      AffineMap map = layout.getCoordinateMap(operand, &context);
      for (int64_t lane = 0; lane < 32; ++lane)
        for (int64_t slot = 0; slot < slots; ++slot) {
          std::array<int64_t, 2> at = layout.getCoordinate(operand, lane, slot);
          ASSERT_GE(at[0], 0);
          ASSERT_LT(at[0], shape[0]);
          ASSERT_GE(at[1], 0);
          ASSERT_LT(at[1], shape[1]);
          ++owners[at];
          SmallVector<int64_t> fromMap = map.compose({lane, slot});
          EXPECT_EQ(fromMap[0], at[0]);
          EXPECT_EQ(fromMap[1], at[1]);
          if (gfx11 && operand != MmaOperand::Acc && lane >= 16)
            EXPECT_EQ(at, layout.getCoordinate(operand, lane - 16, slot));
        }
      EXPECT_EQ(static_cast<int64_t>(owners.size()), shape[0] * shape[1]);
      int copies = gfx11 && operand != MmaOperand::Acc ? 2 : 1;
      for (auto [element, count] : owners)
        EXPECT_EQ(count, copies);
    }
    for (int64_t lane : {0, 5, 16, 31})
      for (int64_t slot = 0; slot < layout.accPerLane; ++slot) {
        std::array<int64_t, 2> expected =
            gfx11 ? std::array<int64_t, 2>{2 * slot + lane / 16, lane % 16}
                  : std::array<int64_t, 2>{8 * (lane / 16) + slot, lane % 16};
        EXPECT_EQ(layout.getCoordinate(MmaOperand::Acc, lane, slot), expected);
      }
  }
  EXPECT_EQ(getMmaLayout(MmaKind::wmma_f32_16x16x16_f16_gfx11).kPerLane, 16);
  EXPECT_EQ(getMmaLayout(MmaKind::wmma_f32_16x16x16_f16_gfx12).kPerLane, 8);
  EXPECT_EQ(getMmaKindsOnChip(*lookupChip("gfx1100")),
            "wmma_f32_16x16x16_f16_gfx11");
  EXPECT_EQ(getMmaKindsOnChip(*lookupChip("gfx1201")),
            "wmma_f32_16x16x16_f16_gfx12");
  EXPECT_FALSE(isMmaKindOnChip(MmaKind::wmma_f32_16x16x16_f16_gfx11,
                               *lookupChip("gfx942")));
  EXPECT_FALSE(getMmaLayout(MmaKind::f32_16x16x16_f16).isWmma());
}

} // namespace
