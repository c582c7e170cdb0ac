//===- BudgetTest.cpp - Tests of the occupancy budget ---------------------===//

#include "wave/Chip/Budget.h"
#include "wave/Chip/Occupancy.h"

#include "gtest/gtest.h"

using namespace mlir::wave;

namespace {

const ChipInfo &gfx942() { return *lookupChip("gfx942"); }

TEST(BudgetTest, WorkgroupMinimumSpreadsWavesOverSimds) {
  // Waves of one workgroup spread over the CU's four SIMDs.
  EXPECT_EQ(getWorkgroupMinimumOccupancy(gfx942(), 64, 64), 1u);
  EXPECT_EQ(getWorkgroupMinimumOccupancy(gfx942(), 64, 256), 1u);
  EXPECT_EQ(getWorkgroupMinimumOccupancy(gfx942(), 64, 512), 2u);
  EXPECT_EQ(getWorkgroupMinimumOccupancy(gfx942(), 64, 1024), 4u);
}

TEST(BudgetTest, RequestKeptWhenTheWorkgroupAllowsIt) {
  OccupancyBudget budget = getOccupancyBudget(gfx942(), 64, 256, 2);
  EXPECT_EQ(budget.occupancy, 2u);
  // The unified file of 512 registers, shared by two waves.
  EXPECT_EQ(budget.vgprs, 256u);
  EXPECT_EQ(budget.archVgprs, 256u);
  // Two workgroups of four waves give each SIMD two waves; they share the
  // CU's 64 KiB.
  EXPECT_EQ(budget.ldsBytes, 32u * 1024);
}

TEST(BudgetTest, RequestRaisedToTheWorkgroupMinimum) {
  // Sixteen waves of one workgroup put four on each SIMD, whatever asked.
  OccupancyBudget budget = getOccupancyBudget(gfx942(), 64, 1024, 1);
  EXPECT_EQ(budget.occupancy, 4u);
  EXPECT_EQ(budget.vgprs, 128u);
  EXPECT_EQ(budget.ldsBytes, gfx942().maxLdsBytesPerWorkgroup);
}

TEST(BudgetTest, LdsBudgetIsTheLargestThatKeepsTheOccupancy) {
  for (unsigned occupancy : {1u, 2u, 3u, 4u, 8u}) {
    OccupancyBudget budget = getOccupancyBudget(gfx942(), 64, 256, occupancy);
    OccupancyLimiter limiter;
    EXPECT_GE(
        getOccupancyWithWorkgroups(gfx942(), 64, 256, budget.ldsBytes, limiter),
        budget.occupancy)
        << occupancy;
    if (budget.ldsBytes < gfx942().maxLdsBytesPerWorkgroup)
      EXPECT_LT(getOccupancyWithWorkgroups(gfx942(), 64, 256,
                                           budget.ldsBytes + 1, limiter),
                budget.occupancy)
          << occupancy;
  }
}

} // namespace
