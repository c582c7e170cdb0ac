//===- OccupancyFormula.h - The vendor-neutral occupancy equation -*- C++ -*-=//
//
// The plain occupancy equation of the WAVE ISA documents,
//
//   O     = floor(F / (R * W * w))        waves a compute unit sustains
//   R_max = floor(F / (O_target * W * w)) registers a thread may use
//
// with F the register file of one compute unit in bytes, R the registers a
// thread uses, W the lanes of a wave and w the bytes of a register. (The
// documents' parameter sets for other vendors' units are test data only and
// live in the unit test that reproduces their numbers.)
//
// The equation ignores allocation granules, addressable-register limits and
// every non-register limit; the AMDGPU occupancy model (Chip.h) adds those.
// `alignDownToGranule` turns a plain budget into an allocatable one.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_CHIP_OCCUPANCYFORMULA_H
#define WAVE_CHIP_OCCUPANCYFORMULA_H

#include <cstdint>

namespace mlir::wave {

/// O = floor(F / (R * W * w)). Zero registers (or a zero wave or register
/// width) would divide by zero and gives 0, as "no meaningful occupancy".
uint64_t computePlainOccupancy(uint64_t registerFileBytes, unsigned registers,
                               unsigned waveWidth, unsigned registerBytes);

/// R_max = floor(F / (O * W * w)); 0 for a zero divisor.
uint64_t computePlainRegisterBudget(uint64_t registerFileBytes,
                                    unsigned targetOccupancy,
                                    unsigned waveWidth, unsigned registerBytes);

/// `registers` rounded down to a multiple of `granule` (hardware allocates
/// registers in granules, so a budget between two granules is unusable).
unsigned alignDownToGranule(unsigned registers, unsigned granule);

struct ChipInfo;

/// The VGPRs a wave of `waveSize` lanes may use so that `wavesPerSimd` waves
/// fit on one SIMD of `chip`: R_max over the SIMD's VGPR file (4-byte
/// registers of `waveSize` lanes), rounded down to the allocation granule
/// and capped at what a wave can address. This is LLVM's getMaxNumVGPRs for
/// a minimum of `wavesPerSimd` waves per EU. 0 for an unsupported wave size
/// or no waves.
unsigned getVgprBudget(const ChipInfo &chip, unsigned waveSize,
                       unsigned wavesPerSimd);

} // namespace mlir::wave

#endif // WAVE_CHIP_OCCUPANCYFORMULA_H
