//===- ChipTest.cpp - Tests of the chip table -----------------------------===//

#include "wave/Chip/Chip.h"

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

TEST(ChipTest, RegisterFiles) {
  const ChipInfo &gfx942 = *lookupChip("gfx942");
  EXPECT_TRUE(gfx942.unifiedVgprFile);
  EXPECT_EQ(gfx942.getVgprFile(64)->registersPerSimd, 512u);
  EXPECT_EQ(gfx942.getVgprFile(64)->allocationGranule, 8u);
  EXPECT_EQ(gfx942.getVgprFile(64)->addressablePerWave, 512u);
  EXPECT_EQ(gfx942.getVgprFile(32), nullptr);
  EXPECT_EQ(gfx942.addressableAgprs, 256u);
  EXPECT_EQ(gfx942.maxWavesPerSimd, 8u);
  EXPECT_EQ(gfx942.addressableSgprs, 102u);
  EXPECT_EQ(gfx942.getDefaultWaveSize(), 64u);

  const ChipInfo &gfx1100 = *lookupChip("gfx1100");
  EXPECT_FALSE(gfx1100.unifiedVgprFile);
  EXPECT_EQ(gfx1100.getVgprFile(32)->registersPerSimd, 1536u);
  EXPECT_EQ(gfx1100.getVgprFile(32)->allocationGranule, 24u);
  EXPECT_EQ(gfx1100.getVgprFile(64)->registersPerSimd, 768u);
  EXPECT_EQ(gfx1100.getVgprFile(64)->allocationGranule, 12u);
  EXPECT_EQ(gfx1100.getVgprFile(32)->addressablePerWave, 256u);
  EXPECT_EQ(gfx1100.addressableAgprs, 0u);
  EXPECT_EQ(gfx1100.maxWavesPerSimd, 16u);
  EXPECT_EQ(gfx1100.addressableSgprs, 106u);
  EXPECT_EQ(gfx1100.getDefaultWaveSize(), 32u);
}

TEST(ChipTest, KnownChipNames) {
  EXPECT_EQ(getKnownChipNames(), "gfx90a, gfx942, gfx950, gfx1100, gfx1201");
}
