//===- Budget.h - What a kernel may use for an occupancy --------*- C++ -*-===//
//
// The one budget every pass that adds registers or LDS keeps to: for a
// requested number of waves per SIMD, the VGPRs one wave and the LDS one
// workgroup may take so that the occupancy model (Occupancy.h) still allows
// it. A workgroup's waves are resident together, so the occupancy budgeted
// is never below the one the workgroup itself forces.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_CHIP_BUDGET_H
#define WAVE_CHIP_BUDGET_H

#include "wave/Chip/Chip.h"

namespace mlir::wave {

/// The waves per SIMD one workgroup of `workgroupSize` lanes puts on a SIMD
/// of its CU at least: its waves spread over the CU's SIMDs. The backend
/// raises any lower request to this (AMDGPUSubtarget::getWavesPerEU).
unsigned getWorkgroupMinimumOccupancy(const ChipInfo &chip, unsigned waveSize,
                                      unsigned workgroupSize);

/// What a kernel may use to reach an occupancy.
struct OccupancyBudget {
  /// The waves per SIMD budgeted for: the request, raised to the workgroup's
  /// minimum.
  unsigned occupancy;
  /// VGPRs one wave may use (the vector file, AGPRs included where unified),
  /// and of those the architected VGPRs alone.
  unsigned vgprs;
  unsigned archVgprs;
  /// The most LDS one workgroup may allocate and still reach `occupancy`.
  unsigned ldsBytes;
};

/// The budget of a kernel of `workgroupSize` lanes in waves of `waveSize`
/// on `chip` that asks for `occupancy` waves per SIMD. `waveSize` must be
/// one `chip` runs.
OccupancyBudget getOccupancyBudget(const ChipInfo &chip, unsigned waveSize,
                                   unsigned workgroupSize, unsigned occupancy);

} // namespace mlir::wave

#endif // WAVE_CHIP_BUDGET_H
