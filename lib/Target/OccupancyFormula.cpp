//===- OccupancyFormula.cpp - The vendor-neutral occupancy equation -------===//

#include "wave/Target/OccupancyFormula.h"
#include "wave/Target/Chip.h"

#include "llvm/ADT/STLExtras.h"

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

unsigned RegisterFileParams::occupancy(unsigned registers) const {
  return occupancy(registers, waveWidth);
}

unsigned RegisterFileParams::occupancy(unsigned registers,
                                       unsigned width) const {
  return computePlainOccupancy(registerFileBytes, registers, width,
                               registerBytes);
}

unsigned RegisterFileParams::registerBudget(unsigned targetOccupancy) const {
  uint64_t budget = computePlainRegisterBudget(
      registerFileBytes, targetOccupancy, waveWidth, registerBytes);
  return std::min<uint64_t>(budget, maxRegistersPerThread);
}

// The numbers of the occupancy-equation document's "Vendor Calculations".
static const RegisterFileParams kVendorRegisterFiles[] = {
    {"NVIDIA Ampere SM", "warps", 256 * 1024, 255, 32, 4},
    {"AMD RDNA3 CU", "wavefronts", 512 * 1024, 256, 64, 4},
    {"Intel Xe-HPG EU", "threads", 128 * 1024, 128, 16, 4},
    {"Apple M1 GPU core", "SIMD-groups", 208 * 1024, 128, 32, 4},
};

llvm::ArrayRef<RegisterFileParams> mlir::wave::getVendorRegisterFiles() {
  return kVendorRegisterFiles;
}

const RegisterFileParams *
mlir::wave::lookupVendorRegisterFile(llvm::StringRef name) {
  const RegisterFileParams *it =
      llvm::find_if(kVendorRegisterFiles, [&](const RegisterFileParams &p) {
        return p.name == name;
      });
  return it == std::end(kVendorRegisterFiles) ? nullptr : it;
}
