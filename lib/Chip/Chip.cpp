//===- Chip.cpp - AMDGPU processors known to wave-mlir --------------------===//

#include "wave/Chip/Chip.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir::wave;

namespace {
/// CDNA (GFX9 with MFMA, gfx90a and later): VGPRs and AGPRs share a unified
/// 512-entry file allocated in granules of 8, at most 8 waves per SIMD, SGPR
/// usage limits occupancy.
constexpr ChipInfo cdna(llvm::StringRef name, bool gfx940Mfma, bool gfx950Mfma,
                        unsigned ldsBytes) {
  return ChipInfo{name,
                  /*gfxMajor=*/9,
                  /*supportsWave32=*/false,
                  /*supportsWave64=*/true,
                  /*hasMfma=*/true,
                  gfx940Mfma,
                  gfx950Mfma,
                  /*ldsBytesPerCu=*/ldsBytes,
                  /*maxLdsBytesPerWorkgroup=*/ldsBytes,
                  /*wave64Vgprs=*/{512, 8, 512},
                  /*wave32Vgprs=*/{0, 0, 0},
                  /*addressableArchVgprs=*/256,
                  /*addressableAgprs=*/256,
                  /*unifiedVgprFile=*/true,
                  /*maxWavesPerSimd=*/8,
                  /*simdsPerCu=*/4,
                  /*maxBarriersPerCu=*/16,
                  /*sgprsPerSimd=*/800,
                  /*addressableSgprs=*/102,
                  /*sgprAllocationGranule=*/16,
                  /*sgprsLimitOccupancy=*/true};
}

/// RDNA3/4 with 1.5x VGPRs (gfx1100, gfx1101, gfx1200, gfx1201): 1536 VGPRs
/// per SIMD for wave32 in granules of 24 (768 and 12 for wave64), 16 waves
/// per SIMD, a workgroup processor of 4 SIMDs with 128 KiB of LDS and 32
/// barriers; SGPRs do not limit occupancy.
constexpr ChipInfo rdna1_5xVgprs(llvm::StringRef name, unsigned gfxMajor) {
  return ChipInfo{name,
                  gfxMajor,
                  /*supportsWave32=*/true,
                  /*supportsWave64=*/true,
                  /*hasMfma=*/false,
                  /*hasGfx940Mfma=*/false,
                  /*hasGfx950Mfma=*/false,
                  /*ldsBytesPerCu=*/128 * 1024,
                  /*maxLdsBytesPerWorkgroup=*/64 * 1024,
                  /*wave64Vgprs=*/{768, 12, 256},
                  /*wave32Vgprs=*/{1536, 24, 256},
                  /*addressableArchVgprs=*/256,
                  /*addressableAgprs=*/0,
                  /*unifiedVgprFile=*/false,
                  /*maxWavesPerSimd=*/16,
                  /*simdsPerCu=*/4,
                  /*maxBarriersPerCu=*/32,
                  /*sgprsPerSimd=*/800,
                  /*addressableSgprs=*/106,
                  /*sgprAllocationGranule=*/106,
                  /*sgprsLimitOccupancy=*/false};
}
} // namespace

static const ChipInfo kChips[] = {
    cdna("gfx90a", /*gfx940Mfma=*/false, /*gfx950Mfma=*/false, 64 * 1024),
    cdna("gfx942", /*gfx940Mfma=*/true, /*gfx950Mfma=*/false, 64 * 1024),
    cdna("gfx950", /*gfx940Mfma=*/true, /*gfx950Mfma=*/true, 160 * 1024),
    rdna1_5xVgprs("gfx1100", 11),
    rdna1_5xVgprs("gfx1201", 12),
};

const VgprFile *ChipInfo::getVgprFile(unsigned waveSize) const {
  if (!supportsWaveSize(waveSize))
    return nullptr;
  return waveSize == 64 ? &wave64Vgprs : &wave32Vgprs;
}

llvm::ArrayRef<ChipInfo> mlir::wave::getKnownChips() { return kChips; }

const ChipInfo *mlir::wave::lookupChip(llvm::StringRef name) {
  const ChipInfo *it = llvm::find_if(
      kChips, [&](const ChipInfo &chip) { return chip.name == name; });
  return it == std::end(kChips) ? nullptr : it;
}

std::string mlir::wave::getKnownChipNames() {
  return llvm::join(
      llvm::map_range(kChips, [](const ChipInfo &chip) { return chip.name; }),
      ", ");
}
