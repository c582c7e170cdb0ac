//===- Budget.cpp - What a kernel may use for an occupancy ----------------===//

#include "wave/Chip/Budget.h"
#include "wave/Chip/Occupancy.h"
#include "wave/Chip/OccupancyFormula.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir::wave;

unsigned mlir::wave::getWorkgroupMinimumOccupancy(const ChipInfo &chip,
                                                  unsigned waveSize,
                                                  unsigned workgroupSize) {
  unsigned wavesPerWorkgroup = llvm::divideCeil(workgroupSize, waveSize);
  return std::max(
      1u, unsigned(llvm::divideCeil(wavesPerWorkgroup, chip.simdsPerCu)));
}

OccupancyBudget mlir::wave::getOccupancyBudget(const ChipInfo &chip,
                                               unsigned waveSize,
                                               unsigned workgroupSize,
                                               unsigned occupancy) {
  OccupancyBudget budget;
  budget.occupancy = std::max(
      occupancy, getWorkgroupMinimumOccupancy(chip, waveSize, workgroupSize));
  budget.vgprs = getVgprBudget(chip, waveSize, budget.occupancy);
  budget.archVgprs = std::min(budget.vgprs, chip.addressableArchVgprs);
  // The workgroups' occupancy falls as their LDS grows, so the largest
  // allocation that keeps the occupancy is found by bisection.
  unsigned low = 0, high = chip.maxLdsBytesPerWorkgroup;
  while (low < high) {
    unsigned mid = low + (high - low + 1) / 2;
    OccupancyLimiter limiter;
    if (getOccupancyWithWorkgroups(chip, waveSize, workgroupSize, mid,
                                   limiter) >= budget.occupancy)
      low = mid;
    else
      high = mid - 1;
  }
  budget.ldsBytes = low;
  return budget;
}
