//===- OccupancyFormula.cpp - The vendor-neutral occupancy equation -------===//

#include "wave/Chip/OccupancyFormula.h"
#include "wave/Chip/Chip.h"

#include <algorithm>

using namespace mlir::wave;

uint64_t mlir::wave::computePlainOccupancy(uint64_t registerFileBytes,
                                           unsigned registers,
                                           unsigned waveWidth,
                                           unsigned registerBytes) {
  uint64_t bytesPerWave = uint64_t(registers) * waveWidth * registerBytes;
  return bytesPerWave == 0 ? 0 : registerFileBytes / bytesPerWave;
}

uint64_t mlir::wave::computePlainRegisterBudget(uint64_t registerFileBytes,
                                                unsigned targetOccupancy,
                                                unsigned waveWidth,
                                                unsigned registerBytes) {
  // The same division with the roles of R and O exchanged.
  return computePlainOccupancy(registerFileBytes, targetOccupancy, waveWidth,
                               registerBytes);
}

unsigned mlir::wave::alignDownToGranule(unsigned registers, unsigned granule) {
  return granule == 0 ? registers : registers / granule * granule;
}

unsigned mlir::wave::getVgprBudget(const ChipInfo &chip, unsigned waveSize,
                                   unsigned wavesPerSimd) {
  const VgprFile *file = chip.getVgprFile(waveSize);
  if (!file || wavesPerSimd == 0)
    return 0;
  constexpr unsigned registerBytes = 4;
  uint64_t simdBytes =
      uint64_t(file->registersPerSimd) * waveSize * registerBytes;
  uint64_t plain = computePlainRegisterBudget(simdBytes, wavesPerSimd, waveSize,
                                              registerBytes);
  // Granule first, then the addressable cap (which need not be a multiple
  // of the granule: 256 on RDNA3 with its granule of 24), as the backend.
  return std::min<uint64_t>(alignDownToGranule(plain, file->allocationGranule),
                            file->addressablePerWave);
}
