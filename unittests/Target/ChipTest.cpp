//===- ChipTest.cpp - Tests of the chip table -----------------------------===//

#include "wave/Target/Chip.h"

#include "gtest/gtest.h"

using namespace mlir::wave;

TEST(ChipTest, LookupFindsEveryKnownChip) {
  for (const ChipInfo &chip : getKnownChips())
    EXPECT_EQ(lookupChip(chip.name), &chip);
  EXPECT_EQ(lookupChip("gfx000"), nullptr);
}

TEST(ChipTest, WaveSizes) {
  EXPECT_TRUE(lookupChip("gfx942")->supportsWaveSize(64));
  EXPECT_FALSE(lookupChip("gfx942")->supportsWaveSize(32));
  EXPECT_TRUE(lookupChip("gfx1100")->supportsWaveSize(32));
  EXPECT_TRUE(lookupChip("gfx1100")->supportsWaveSize(64));
  EXPECT_FALSE(lookupChip("gfx1201")->supportsWaveSize(16));
}

TEST(ChipTest, MatrixUnits) {
  EXPECT_TRUE(lookupChip("gfx90a")->hasMfma);
  EXPECT_FALSE(lookupChip("gfx90a")->hasGfx940Mfma);
  EXPECT_TRUE(lookupChip("gfx950")->hasGfx940Mfma);
  EXPECT_FALSE(lookupChip("gfx1100")->hasMfma);
}

TEST(ChipTest, LdsPerComputeUnit) {
  EXPECT_EQ(lookupChip("gfx942")->ldsBytesPerCu, 64u * 1024);
  EXPECT_EQ(lookupChip("gfx950")->ldsBytesPerCu, 160u * 1024);
}
