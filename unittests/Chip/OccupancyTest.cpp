//===- OccupancyTest.cpp - Tests of the occupancy model -------------------===//
//
// Expected values are those LLVM 22's AMDGPU backend reports in its
// kernel-resource-usage remark for kernels with the same resources.
//
//===----------------------------------------------------------------------===//

#include "wave/Chip/Occupancy.h"

#include "gtest/gtest.h"

#include <utility>

using namespace mlir::wave;

namespace {
/// (VGPRs of a wave, expected waves per SIMD).
using VgprTable = std::vector<std::pair<unsigned, unsigned>>;

void expectVgprTable(llvm::StringRef chipName, unsigned waveSize,
                     const VgprTable &table) {
  const ChipInfo *chip = lookupChip(chipName);
  ASSERT_NE(chip, nullptr);
  for (auto [vgprs, waves] : table)
    EXPECT_EQ(getOccupancyWithVgprs(*chip, waveSize, vgprs), waves)
        << chipName.str() << " wave" << waveSize << " with " << vgprs
        << " VGPRs";
}

unsigned occupancyWithWorkgroups(llvm::StringRef chipName, unsigned waveSize,
                                 unsigned workgroupSize, unsigned ldsBytes,
                                 OccupancyLimiter &limiter) {
  return getOccupancyWithWorkgroups(*lookupChip(chipName), waveSize,
                                    workgroupSize, ldsBytes, limiter);
}
} // namespace

// The unified 512-entry VGPR+AGPR file of CDNA2/3, granule 8, 8 waves.
const VgprTable kCdnaTable = {{1, 8},   {64, 8},  {65, 7},  {72, 7},  {73, 6},
                              {80, 6},  {96, 5},  {128, 4}, {168, 3}, {169, 2},
                              {256, 2}, {257, 1}, {512, 1}};

TEST(OccupancyTest, Gfx90aVgprs) { expectVgprTable("gfx90a", 64, kCdnaTable); }
TEST(OccupancyTest, Gfx942Vgprs) { expectVgprTable("gfx942", 64, kCdnaTable); }
TEST(OccupancyTest, Gfx950Vgprs) { expectVgprTable("gfx950", 64, kCdnaTable); }

// RDNA3/4 wave32: 1536 entries, granule 24, 16 waves.
const VgprTable kRdnaWave32Table = {{24, 16},  {96, 16},  {97, 12}, {120, 12},
                                    {121, 10}, {144, 10}, {168, 9}, {192, 8},
                                    {216, 7},  {240, 6},  {256, 5}};
// RDNA3/4 wave64: 768 entries, granule 12, 16 waves.
const VgprTable kRdnaWave64Table = {{48, 16}, {64, 10}, {96, 8},  {97, 7},
                                    {120, 6}, {121, 5}, {144, 5}, {168, 4},
                                    {192, 4}, {216, 3}, {240, 3}, {256, 2}};

TEST(OccupancyTest, Gfx1100Wave32Vgprs) {
  expectVgprTable("gfx1100", 32, kRdnaWave32Table);
}
TEST(OccupancyTest, Gfx1100Wave64Vgprs) {
  expectVgprTable("gfx1100", 64, kRdnaWave64Table);
}
TEST(OccupancyTest, Gfx1201Wave32Vgprs) {
  expectVgprTable("gfx1201", 32, kRdnaWave32Table);
}
TEST(OccupancyTest, Gfx1201Wave64Vgprs) {
  expectVgprTable("gfx1201", 64, kRdnaWave64Table);
}

TEST(OccupancyTest, Sgprs) {
  const ChipInfo &gfx942 = *lookupChip("gfx942");
  EXPECT_EQ(getOccupancyWithSgprs(gfx942, 16), 8u);
  EXPECT_EQ(getOccupancyWithSgprs(gfx942, 100), 8u);
  EXPECT_EQ(getOccupancyWithSgprs(gfx942, 102), 7u);
  // From GFX10 every wave has its own SGPRs.
  EXPECT_EQ(getOccupancyWithSgprs(*lookupChip("gfx1100"), 106), 16u);
}

TEST(OccupancyTest, LdsPerComputeUnit) {
  OccupancyLimiter limiter;
  // 64 KiB on gfx942: 16 single-wave workgroups of 4 KiB, over 4 SIMDs.
  EXPECT_EQ(occupancyWithWorkgroups("gfx942", 64, 64, 4096, limiter), 4u);
  EXPECT_EQ(limiter, OccupancyLimiter::Lds);
  EXPECT_EQ(occupancyWithWorkgroups("gfx942", 64, 256, 20000, limiter), 3u);
  EXPECT_EQ(occupancyWithWorkgroups("gfx942", 64, 64, 40000, limiter), 1u);
  EXPECT_EQ(occupancyWithWorkgroups("gfx942", 64, 64, 65536, limiter), 1u);
  // More LDS than the CU has still reports one wave.
  EXPECT_EQ(occupancyWithWorkgroups("gfx942", 64, 64, 70000, limiter), 1u);
  EXPECT_EQ(limiter, OccupancyLimiter::Lds);
  // 160 KiB on gfx950.
  EXPECT_EQ(occupancyWithWorkgroups("gfx950", 64, 64, 8192, limiter), 5u);
  EXPECT_EQ(occupancyWithWorkgroups("gfx950", 64, 64, 40000, limiter), 1u);
  // 128 KiB per workgroup processor on RDNA.
  EXPECT_EQ(occupancyWithWorkgroups("gfx1100", 32, 32, 8192, limiter), 4u);
  EXPECT_EQ(occupancyWithWorkgroups("gfx1100", 32, 64, 8192, limiter), 8u);
  EXPECT_EQ(occupancyWithWorkgroups("gfx1100", 64, 64, 8192, limiter), 4u);
  EXPECT_EQ(occupancyWithWorkgroups("gfx1201", 32, 256, 16384, limiter), 16u);
  EXPECT_EQ(limiter, OccupancyLimiter::None);
}

TEST(OccupancyTest, WorkgroupSize) {
  OccupancyLimiter limiter;
  EXPECT_EQ(occupancyWithWorkgroups("gfx942", 64, 1024, 0, limiter), 8u);
  EXPECT_EQ(limiter, OccupancyLimiter::None);
  EXPECT_EQ(occupancyWithWorkgroups("gfx90a", 64, 320, 0, limiter), 8u);
  // 9 waves a workgroup: 3 workgroups fill 27 of 32 wave slots.
  EXPECT_EQ(occupancyWithWorkgroups("gfx942", 64, 576, 0, limiter), 7u);
  EXPECT_EQ(limiter, OccupancyLimiter::WorkgroupSize);
  EXPECT_EQ(occupancyWithWorkgroups("gfx942", 64, 704, 0, limiter), 6u);
  EXPECT_EQ(occupancyWithWorkgroups("gfx1100", 32, 608, 0, limiter), 15u);
  EXPECT_EQ(occupancyWithWorkgroups("gfx1100", 64, 640, 0, limiter), 15u);
  EXPECT_EQ(occupancyWithWorkgroups("gfx1100", 32, 1024, 0, limiter), 16u);
}

TEST(OccupancyTest, MinimumNamesTheLimiter) {
  const ChipInfo &gfx942 = *lookupChip("gfx942");
  KernelResourceUsage usage;
  usage.vgprs = 6;
  usage.sgprs = 16;
  usage.workgroupSize = 64;
  Occupancy occupancy = computeOccupancy(gfx942, usage);
  EXPECT_EQ(occupancy.wavesPerSimd, 8u);
  EXPECT_EQ(occupancy.limiter, OccupancyLimiter::None);

  usage.vgprs = 128;
  occupancy = computeOccupancy(gfx942, usage);
  EXPECT_EQ(occupancy.wavesPerSimd, 4u);
  EXPECT_EQ(occupancy.limiter, OccupancyLimiter::Vgpr);

  // Two single-wave workgroups of 32 KiB fit in a CU: one wave per SIMD.
  usage.ldsBytes = 32768;
  occupancy = computeOccupancy(gfx942, usage);
  EXPECT_EQ(occupancy.wavesPerSimd, 1u);
  EXPECT_EQ(occupancy.byWorkgroups, 1u);
  EXPECT_EQ(occupancy.limiter, OccupancyLimiter::Lds);

  usage = KernelResourceUsage();
  usage.sgprs = 102;
  usage.workgroupSize = 64;
  occupancy = computeOccupancy(gfx942, usage);
  EXPECT_EQ(occupancy.wavesPerSimd, 7u);
  EXPECT_EQ(occupancy.limiter, OccupancyLimiter::Sgpr);

  usage = KernelResourceUsage();
  usage.workgroupSize = 576;
  occupancy = computeOccupancy(gfx942, usage);
  EXPECT_EQ(occupancy.wavesPerSimd, 7u);
  EXPECT_EQ(stringifyOccupancyLimiter(occupancy.limiter).str(),
            "workgroup size");
}

TEST(OccupancyTest, RegistersHoldWholeWorkgroups) {
  const ChipInfo &gfx942 = *lookupChip("gfx942");
  KernelResourceUsage usage;
  usage.sgprs = 16;
  // 162 VGPRs allow 3 waves a SIMD, 12 a CU: one workgroup of 8 waves (2 a
  // SIMD) and not a second, whose 8 would need 2 more on every SIMD.
  usage.vgprs = 162;
  usage.workgroupSize = 512;
  Occupancy occupancy = computeOccupancy(gfx942, usage);
  EXPECT_EQ(occupancy.byVgprs, 3u);
  EXPECT_EQ(occupancy.wavesPerSimd, 2u);
  EXPECT_EQ(occupancy.limiter, OccupancyLimiter::Vgpr);
  // Workgroups of 4 waves: three of them, one wave each a SIMD.
  usage.workgroupSize = 256;
  occupancy = computeOccupancy(gfx942, usage);
  EXPECT_EQ(occupancy.wavesPerSimd, 3u);
  // 16 waves a workgroup need 4 a SIMD; 3 a SIMD of registers do not hold
  // one: reported as 1, the least a launch can mean.
  usage.workgroupSize = 1024;
  occupancy = computeOccupancy(gfx942, usage);
  EXPECT_EQ(occupancy.wavesPerSimd, 1u);
}
