//===- OccupancyFormulaTest.cpp - Tests of the plain occupancy equation ---===//
//
// Every number of the occupancy-equation document's vendor calculations (its
// parameter sets are test data defined below), the register budget R_max
// derived from it, the worked example of the WAVE optimization guide, and the
// granule rounding that turns the plain budget into gfx942's allocatable one.
//
//===----------------------------------------------------------------------===//

#include "wave/Chip/OccupancyFormula.h"
#include "wave/Chip/Chip.h"
#include "wave/Chip/Occupancy.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace mlir::wave;

namespace {

/// The inputs of the plain equation for one of the document's units. Only
/// these tests use other vendors' numbers, so they live here, not in the chip
/// library.
struct RegisterFileParams {
  llvm::StringRef name;
  /// F: register file of one compute unit, in bytes.
  uint64_t registerFileBytes;
  /// The most registers one thread can address.
  unsigned maxRegistersPerThread;
  /// W: lanes of a wave.
  unsigned waveWidth;
  /// w: bytes of one register.
  unsigned registerBytes;

  /// O for `registers` per thread at `width` lanes (default: `waveWidth`).
  unsigned occupancy(unsigned registers, unsigned width = 0) const {
    return computePlainOccupancy(registerFileBytes, registers,
                                 width ? width : waveWidth, registerBytes);
  }
  /// R_max for `targetOccupancy` waves, capped at the addressable registers.
  unsigned registerBudget(unsigned targetOccupancy) const {
    return std::min<uint64_t>(
        computePlainRegisterBudget(registerFileBytes, targetOccupancy,
                                   waveWidth, registerBytes),
        maxRegistersPerThread);
  }
};

// The numbers of the occupancy-equation document's "Vendor Calculations",
// in its order.
const RegisterFileParams kVendorRegisterFiles[] = {
    {"NVIDIA Ampere SM", 256 * 1024, 255, 32, 4},
    {"AMD RDNA3 CU", 512 * 1024, 256, 64, 4},
    {"Intel Xe-HPG EU", 128 * 1024, 128, 16, 4},
    {"Apple M1 GPU core", 208 * 1024, 128, 32, 4},
};

const RegisterFileParams &vendor(llvm::StringRef name) {
  for (const RegisterFileParams &params : kVendorRegisterFiles)
    if (params.name == name)
      return params;
  ADD_FAILURE() << "no parameter set " << name.str();
  return kVendorRegisterFiles[0];
}

// F = 256 KB = 262,144 bytes, R = 255, W = 32, w = 4:
// O = floor(262,144 / 32,640) = floor(8.03) = 8; with R = 32, O = 64.
TEST(OccupancyFormulaTest, NvidiaAmpere) {
  const RegisterFileParams &sm = vendor("NVIDIA Ampere SM");
  EXPECT_EQ(sm.registerFileBytes, 262144u);
  EXPECT_EQ(sm.maxRegistersPerThread, 255u);
  EXPECT_EQ(sm.waveWidth, 32u);
  EXPECT_EQ(sm.registerBytes, 4u);
  EXPECT_EQ(uint64_t(sm.maxRegistersPerThread) * sm.waveWidth *
                sm.registerBytes,
            32640u);
  EXPECT_NEAR(double(sm.registerFileBytes) / 32640, 8.03, 0.005);
  // The document's prose says "approximately 7 warps" at 255 registers; its
  // own equation (and this one) gives 8.
  EXPECT_EQ(sm.occupancy(255), 8u);
  EXPECT_EQ(sm.occupancy(32), 64u);
}

// F = 512 KB = 524,288 bytes, R = 256, W = 64, w = 4:
// O = floor(524,288 / 65,536) = 8; wave 32 doubles it.
TEST(OccupancyFormulaTest, AmdRdna3) {
  const RegisterFileParams &cu = vendor("AMD RDNA3 CU");
  EXPECT_EQ(cu.registerFileBytes, 524288u);
  EXPECT_EQ(cu.maxRegistersPerThread, 256u);
  EXPECT_EQ(cu.waveWidth, 64u);
  EXPECT_EQ(cu.occupancy(256), 8u);
  EXPECT_EQ(cu.occupancy(256, /*waveWidth=*/32), 16u);
}

// F = 128 KB = 131,072 bytes, R = 128, W = 16, w = 4:
// O = floor(131,072 / 8,192) = 16.
TEST(OccupancyFormulaTest, IntelXeHpg) {
  const RegisterFileParams &eu = vendor("Intel Xe-HPG EU");
  EXPECT_EQ(eu.registerFileBytes, 131072u);
  EXPECT_EQ(eu.maxRegistersPerThread, 128u);
  EXPECT_EQ(eu.waveWidth, 16u);
  EXPECT_EQ(eu.occupancy(128), 16u);
}

// F = 208 KB = 212,992 bytes, R = 128, W = 32, w = 4:
// O = floor(212,992 / 16,384) = 13.
TEST(OccupancyFormulaTest, AppleM1) {
  const RegisterFileParams &core = vendor("Apple M1 GPU core");
  EXPECT_EQ(core.registerFileBytes, 212992u);
  EXPECT_EQ(core.maxRegistersPerThread, 128u);
  EXPECT_EQ(core.waveWidth, 32u);
  EXPECT_EQ(core.occupancy(128), 13u);
}

// R_max = floor(F / (O_target * W * w)) inverts the equation: at the
// occupancy each vendor reaches with its maximum registers, the budget is
// those registers again (Ampere's 256 is capped at its 255 addressable).
TEST(OccupancyFormulaTest, RegisterBudgetInvertsTheEquation) {
  EXPECT_EQ(computePlainRegisterBudget(262144, 8, 32, 4), 256u);
  EXPECT_EQ(vendor("NVIDIA Ampere SM").registerBudget(8), 255u);
  EXPECT_EQ(vendor("NVIDIA Ampere SM").registerBudget(64), 32u);
  EXPECT_EQ(vendor("AMD RDNA3 CU").registerBudget(8), 256u);
  EXPECT_EQ(vendor("AMD RDNA3 CU").registerBudget(16), 128u);
  EXPECT_EQ(vendor("Intel Xe-HPG EU").registerBudget(16), 128u);
  EXPECT_EQ(vendor("Apple M1 GPU core").registerBudget(13), 128u);
  // "A kernel should achieve at least O = 4 waves" on RDNA3: 512 registers
  // by the equation, capped at the 256 a thread can address.
  EXPECT_EQ(computePlainRegisterBudget(524288, 4, 64, 4), 512u);
  EXPECT_EQ(vendor("AMD RDNA3 CU").registerBudget(4), 256u);
  for (const RegisterFileParams &p : kVendorRegisterFiles)
    for (unsigned o = 1; o <= 64; ++o)
      EXPECT_GE(p.occupancy(p.registerBudget(o)), o) << p.name.str();
}

// The optimization guide's example counts F in registers and sets w to 1:
// 16,384 registers, 16 a thread, waves of 32 -> 32 waves; 32 a thread -> 16.
TEST(OccupancyFormulaTest, OptimizationGuideExample) {
  EXPECT_EQ(computePlainOccupancy(16384, 16, 32, 1), 32u);
  EXPECT_EQ(computePlainOccupancy(16384, 32, 32, 1), 16u);
}

// gfx942: a SIMD's unified file is 512 registers of 64 lanes of 4 bytes
// (131,072 bytes). The equation's budget, rounded down to the granule of 8,
// is LLVM's register limit for each number of waves per SIMD.
TEST(OccupancyFormulaTest, Gfx942BudgetWithGranule) {
  const uint64_t simdFile = 512 * 64 * 4;
  const unsigned expected[] = {512, 256, 168, 128, 96, 80, 72, 64};
  for (unsigned o = 1; o <= 8; ++o) {
    unsigned plain = computePlainRegisterBudget(simdFile, o, 64, 4);
    EXPECT_EQ(alignDownToGranule(plain, 8), expected[o - 1]) << "O = " << o;
  }
  EXPECT_EQ(computePlainRegisterBudget(simdFile, 3, 64, 4), 170u);
  EXPECT_EQ(computePlainRegisterBudget(simdFile, 4, 64, 4), 128u);
}

// The per-chip budget equals the backend's register limit for a minimum
// number of waves per SIMD: gfx942 as above, gfx1100 wave 32 (1536
// registers, granule 24, at most 256 addressable).
TEST(OccupancyFormulaTest, ChipBudgets) {
  const ChipInfo &gfx942 = *lookupChip("gfx942");
  const unsigned cdna[] = {512, 256, 168, 128, 96, 80, 72, 64};
  for (unsigned o = 1; o <= 8; ++o)
    EXPECT_EQ(getVgprBudget(gfx942, 64, o), cdna[o - 1]) << "O = " << o;
  EXPECT_EQ(getVgprBudget(gfx942, 32, 4), 0u);
  EXPECT_EQ(getVgprBudget(gfx942, 64, 0), 0u);

  const ChipInfo &gfx1100 = *lookupChip("gfx1100");
  const unsigned rdna3[] = {256, 256, 256, 256, 256, 240, 216, 192,
                            168, 144, 120, 120, 96,  96,  96,  96};
  for (unsigned o = 1; o <= 16; ++o)
    EXPECT_EQ(getVgprBudget(gfx1100, 32, o), rdna3[o - 1]) << "O = " << o;
}

// On every chip and wave size the budget reaches the occupancy it is
// computed for, and one more granule would not (unless the budget is the
// addressable maximum).
TEST(OccupancyFormulaTest, BudgetIsLargestThatReachesTheOccupancy) {
  for (const ChipInfo &chip : getKnownChips()) {
    for (unsigned waveSize : {32u, 64u}) {
      const VgprFile *file = chip.getVgprFile(waveSize);
      if (!file)
        continue;
      for (unsigned o = 1; o <= chip.maxWavesPerSimd; ++o) {
        unsigned budget = getVgprBudget(chip, waveSize, o);
        EXPECT_GE(getOccupancyWithVgprs(chip, waveSize, budget), o)
            << chip.name.str() << " wave " << waveSize << " O = " << o;
        if (budget + file->allocationGranule <= file->addressablePerWave)
          EXPECT_LT(getOccupancyWithVgprs(chip, waveSize,
                                          budget + file->allocationGranule),
                    o)
              << chip.name.str() << " wave " << waveSize << " O = " << o;
      }
    }
  }
}

TEST(OccupancyFormulaTest, DegenerateInputs) {
  EXPECT_EQ(computePlainOccupancy(262144, 0, 32, 4), 0u);
  EXPECT_EQ(computePlainRegisterBudget(262144, 0, 32, 4), 0u);
  EXPECT_EQ(alignDownToGranule(170, 0), 170u);
  EXPECT_EQ(alignDownToGranule(7, 8), 0u);
}

} // namespace
