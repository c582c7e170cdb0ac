//===- Occupancy.h - Waves per SIMD a kernel reaches ------------*- C++ -*-===//
//
// The occupancy model of LLVM's AMDGPU backend (GCNSubtarget::computeOccupancy
// and AMDGPUSubtarget::getOccupancyWithWorkGroupSizes) for a kernel whose
// workgroup size is pinned: the minimum of what its VGPRs, its SGPRs and its
// workgroups (LDS and workgroup size) allow, with the resource that limits it.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_CHIP_OCCUPANCY_H
#define WAVE_CHIP_OCCUPANCY_H

#include "wave/Chip/Chip.h"

#include "llvm/ADT/StringRef.h"

namespace mlir::wave {

/// The resource that keeps a kernel below the chip's maximum waves per SIMD.
enum class OccupancyLimiter { None, Vgpr, Sgpr, Lds, WorkgroupSize };

/// "none", "VGPR", "SGPR", "LDS" or "workgroup size".
llvm::StringRef stringifyOccupancyLimiter(OccupancyLimiter limiter);

/// What a compiled kernel uses, as its code object's metadata states it.
struct KernelResourceUsage {
  /// VGPRs of one wave (including AGPRs on a unified VGPR file).
  unsigned vgprs = 0;
  /// SGPRs of one wave, including VCC, FLAT_SCRATCH and XNACK_MASK.
  unsigned sgprs = 0;
  /// Static LDS of one workgroup in bytes.
  unsigned ldsBytes = 0;
  /// Lanes of one workgroup.
  unsigned workgroupSize = 1;
  unsigned waveSize = 64;
};

/// Waves per SIMD and what limits them.
struct Occupancy {
  unsigned wavesPerSimd;
  OccupancyLimiter limiter;
  /// The limit each resource alone imposes.
  unsigned byVgprs, bySgprs, byWorkgroups;
};

/// Waves per SIMD when each wave needs `vgprs` VGPRs
/// (getNumWavesPerEUWithNumVGPRs). `waveSize` must be supported by `chip`.
unsigned getOccupancyWithVgprs(const ChipInfo &chip, unsigned waveSize,
                               unsigned vgprs);

/// Waves per SIMD when each wave needs `sgprs` SGPRs
/// (getOccupancyWithNumSGPRs).
unsigned getOccupancyWithSgprs(const ChipInfo &chip, unsigned sgprs);

/// Waves per SIMD that whole workgroups of `workgroupSize` lanes, each
/// allocating `ldsBytes` of LDS, can keep resident; `limiter` is set to `Lds`
/// or `WorkgroupSize` when the result is below the chip's maximum.
unsigned getOccupancyWithWorkgroups(const ChipInfo &chip, unsigned waveSize,
                                    unsigned workgroupSize, unsigned ldsBytes,
                                    OccupancyLimiter &limiter);

/// The occupancy of a kernel using `usage` on `chip`.
Occupancy computeOccupancy(const ChipInfo &chip,
                           const KernelResourceUsage &usage);

} // namespace mlir::wave

#endif // WAVE_CHIP_OCCUPANCY_H
