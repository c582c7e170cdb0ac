//===- Occupancy.cpp - Waves per SIMD a kernel reaches --------------------===//

#include "wave/Chip/Occupancy.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir::wave;

llvm::StringRef
mlir::wave::stringifyOccupancyLimiter(OccupancyLimiter limiter) {
  switch (limiter) {
  case OccupancyLimiter::None:
    return "none";
  case OccupancyLimiter::Vgpr:
    return "VGPR";
  case OccupancyLimiter::Sgpr:
    return "SGPR";
  case OccupancyLimiter::Lds:
    return "LDS";
  case OccupancyLimiter::WorkgroupSize:
    return "workgroup size";
  }
  llvm_unreachable("unknown occupancy limiter");
}

unsigned mlir::wave::getOccupancyWithVgprs(const ChipInfo &chip,
                                           unsigned waveSize, unsigned vgprs) {
  const VgprFile *file = chip.getVgprFile(waveSize);
  assert(file && "wave size not supported by the chip");
  // Fewer registers than one granule still take one granule, which every
  // chip's file holds for its maximum number of waves.
  if (vgprs < file->allocationGranule)
    return chip.maxWavesPerSimd;
  unsigned allocated = llvm::alignTo(vgprs, file->allocationGranule);
  return std::min(std::max(file->registersPerSimd / allocated, 1u),
                  chip.maxWavesPerSimd);
}

unsigned mlir::wave::getOccupancyWithSgprs(const ChipInfo &chip,
                                           unsigned sgprs) {
  if (!chip.sgprsLimitOccupancy)
    return chip.maxWavesPerSimd;
  // The backend's table for GFX8 and GFX9 (800 SGPRs per SIMD, with the
  // allocation rounding that the hardware applies).
  unsigned waves = sgprs <= 80 ? 10 : sgprs <= 88 ? 9 : sgprs <= 100 ? 8 : 7;
  return std::min(waves, chip.maxWavesPerSimd);
}

unsigned mlir::wave::getOccupancyWithWorkgroups(const ChipInfo &chip,
                                                unsigned waveSize,
                                                unsigned workgroupSize,
                                                unsigned ldsBytes,
                                                OccupancyLimiter &limiter) {
  limiter = OccupancyLimiter::None;
  // A workgroup whose LDS exceeds the CU's cannot run beside any other.
  if (ldsBytes > chip.ldsBytesPerCu) {
    limiter = OccupancyLimiter::Lds;
    return 1;
  }
  unsigned wavesPerWorkgroup =
      llvm::divideCeil(std::max(workgroupSize, 1u), waveSize);
  unsigned waveSlots = chip.maxWavesPerSimd * chip.simdsPerCu;
  // Single-wave workgroups need no barrier; others are limited by both the
  // wave slots and the CU's barriers.
  unsigned bySize =
      wavesPerWorkgroup == 1
          ? waveSlots
          : std::min(waveSlots / wavesPerWorkgroup, chip.maxBarriersPerCu);
  unsigned byLds = ldsBytes == 0 ? bySize : chip.ldsBytesPerCu / ldsBytes;
  unsigned workgroups = std::min(bySize, byLds);
  // The backend spreads the resident waves evenly over the SIMDs and reports
  // the busiest one.
  unsigned waves = std::clamp<unsigned>(
      llvm::divideCeil(workgroups * wavesPerWorkgroup, chip.simdsPerCu), 1,
      chip.maxWavesPerSimd);
  if (waves < chip.maxWavesPerSimd)
    limiter = byLds < bySize ? OccupancyLimiter::Lds
                             : OccupancyLimiter::WorkgroupSize;
  return waves;
}

/// The waves per SIMD that whole workgroups of `wavesPerWorkgroup` waves
/// keep resident when registers allow `perSimd` a SIMD: a workgroup starts
/// only where all its waves fit, so 3 waves a SIMD of registers hold one
/// workgroup of 8 waves (2 a SIMD), not one and a half. Registers that allow
/// every wave slot leave the limit to the slots (getOccupancyWithWorkgroups).
static unsigned inWholeWorkgroups(const ChipInfo &chip, unsigned perSimd,
                                  unsigned wavesPerWorkgroup) {
  if (perSimd >= chip.maxWavesPerSimd)
    return perSimd;
  unsigned workgroups = perSimd * chip.simdsPerCu / wavesPerWorkgroup;
  return std::clamp<unsigned>(
      llvm::divideCeil(workgroups * wavesPerWorkgroup, chip.simdsPerCu), 1,
      perSimd);
}

Occupancy mlir::wave::computeOccupancy(const ChipInfo &chip,
                                       const KernelResourceUsage &usage) {
  Occupancy result;
  result.byVgprs = getOccupancyWithVgprs(chip, usage.waveSize, usage.vgprs);
  result.bySgprs = getOccupancyWithSgprs(chip, usage.sgprs);
  OccupancyLimiter workgroupLimiter;
  result.byWorkgroups =
      getOccupancyWithWorkgroups(chip, usage.waveSize, usage.workgroupSize,
                                 usage.ldsBytes, workgroupLimiter);
  unsigned wavesPerWorkgroup =
      llvm::divideCeil(std::max(usage.workgroupSize, 1u), usage.waveSize);
  unsigned vgprWaves =
      inWholeWorkgroups(chip, result.byVgprs, wavesPerWorkgroup);
  unsigned sgprWaves =
      inWholeWorkgroups(chip, result.bySgprs, wavesPerWorkgroup);
  result.wavesPerSimd = std::min({vgprWaves, sgprWaves, result.byWorkgroups});
  // Name the first resource, in this order, that sets the minimum.
  if (result.wavesPerSimd == chip.maxWavesPerSimd)
    result.limiter = OccupancyLimiter::None;
  else if (vgprWaves == result.wavesPerSimd)
    result.limiter = OccupancyLimiter::Vgpr;
  else if (sgprWaves == result.wavesPerSimd)
    result.limiter = OccupancyLimiter::Sgpr;
  else
    result.limiter = workgroupLimiter;
  return result;
}
