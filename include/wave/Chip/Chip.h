//===- Chip.h - AMDGPU processors known to wave-mlir ------------*- C++ -*-===//
//
// One entry per supported processor: the facts the verifier, the lowering, the
// occupancy model and the register budget need. Numbers follow LLVM's AMDGPU
// backend (AMDGPUBaseInfo.cpp and AMDGPUSubtarget.cpp), so that occupancy
// computed here equals what the backend reports for the same kernel.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_CHIP_CHIP_H
#define WAVE_CHIP_CHIP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace mlir::wave {

/// The target triple of HSA code objects.
inline constexpr llvm::StringLiteral kAmdhsaTriple = "amdgcn-amd-amdhsa";

/// The VGPR file of one SIMD as the backend allocates it to waves of one size
/// (AMDGPUBaseInfo.cpp: getTotalNumVGPRs, getVGPRAllocGranule,
/// getAddressableNumVGPRs).
struct VgprFile {
  /// Registers of the SIMD shared by its resident waves.
  unsigned registersPerSimd;
  /// A wave is given registers in multiples of this.
  unsigned allocationGranule;
  /// Most registers one wave can address: VGPRs plus AGPRs where both come
  /// from one unified file (gfx90a and later CDNA), VGPRs alone otherwise.
  unsigned addressablePerWave;
};

/// Register and memory resources of one AMDGPU processor.
struct ChipInfo {
  llvm::StringRef name;
  /// GFX major version (9 for CDNA, 11 and 12 for RDNA3/4).
  unsigned gfxMajor;
  bool supportsWave32;
  bool supportsWave64;
  /// Whether the chip has MFMA units (CDNA).
  bool hasMfma;
  /// Whether MFMA has the gfx940-class instruction set (i8 16x16x32, ...).
  bool hasGfx940Mfma;
  /// Whether MFMA has gfx950's instructions (f16 and bf16 at twice the K of
  /// gfx940's for the same issue cost: 32x32x16, 16x16x32).
  bool hasGfx950Mfma;
  /// LDS bytes per compute unit (CDNA) or workgroup processor (RDNA); the
  /// backend divides this among resident workgroups.
  unsigned ldsBytesPerCu;
  /// Largest LDS allocation of one workgroup.
  unsigned maxLdsBytesPerWorkgroup;

  /// VGPR file for waves of 64 and of 32 lanes (the latter is meaningful only
  /// where `supportsWave32`).
  VgprFile wave64Vgprs;
  VgprFile wave32Vgprs;
  /// Architected VGPRs (v0...) one wave can address.
  unsigned addressableArchVgprs;
  /// Accumulation registers (a0...) one wave can address; 0 without MFMA.
  unsigned addressableAgprs;
  /// Whether AGPRs are allocated from the VGPR file (gfx90a and later CDNA),
  /// so that a wave's VGPR count includes its AGPRs.
  bool unifiedVgprFile;

  /// Most waves one SIMD holds at once (getMaxWavesPerEU).
  unsigned maxWavesPerSimd;
  /// SIMDs sharing one CU's (CDNA) or WGP's (RDNA) LDS and barriers.
  unsigned simdsPerCu;
  /// Workgroups with more than one wave need a barrier; a CU has this many.
  unsigned maxBarriersPerCu;

  /// SGPRs of one SIMD (getTotalNumSGPRs).
  unsigned sgprsPerSimd;
  /// Most SGPRs one wave can address (getAddressableNumSGPRs).
  unsigned addressableSgprs;
  /// SGPR allocation granule (getSGPRAllocGranule).
  unsigned sgprAllocationGranule;
  /// Whether SGPR usage limits occupancy (GFX8/9; from GFX10 every wave has
  /// its own full set of SGPRs).
  bool sgprsLimitOccupancy;

  bool supportsWaveSize(unsigned waveSize) const {
    return (waveSize == 32 && supportsWave32) ||
           (waveSize == 64 && supportsWave64);
  }

  /// The wave size the backend uses when none is requested: 64 on GFX9, 32
  /// from GFX10.
  unsigned getDefaultWaveSize() const { return gfxMajor >= 10 ? 32 : 64; }

  /// The VGPR file for waves of `waveSize` lanes; null for an unsupported
  /// size.
  const VgprFile *getVgprFile(unsigned waveSize) const;

  /// Whether ds_bpermute reaches every lane of a wave of `waveSize` lanes;
  /// GFX10 and GFX11 waves of 64 permute each 32-lane half on its own
  /// (GCNSubtarget::supportsWaveWideBPermute).
  bool hasWaveWideBPermute(unsigned waveSize) const {
    return waveSize == 32 || gfxMajor <= 9 || gfxMajor >= 12;
  }

  /// Whether LDS reads may transpose 16-bit elements into lanes
  /// (ds_read_b64_tr_b16 and its 8-, 6- and 4-bit forms), which came with
  /// gfx950's MFMA generation (LLVM's FeatureGFX950Insts).
  bool hasLdsTransposeReads() const { return hasGfx950Mfma; }

  /// The largest byte offset a global load or store encodes as an immediate
  /// (a signed field of 13 bits on GFX9 and GFX11, 24 on GFX12:
  /// AMDGPU::getNumFlatOffsetBits); a larger constant offset takes address
  /// arithmetic.
  int64_t getMaxGlobalImmediateOffset() const {
    return gfxMajor >= 12 ? (int64_t(1) << 23) - 1 : (int64_t(1) << 12) - 1;
  }
};

/// The processors wave-mlir compiles for, in a stable order.
llvm::ArrayRef<ChipInfo> getKnownChips();

/// The processor named `name`, if known.
const ChipInfo *lookupChip(llvm::StringRef name);

/// The known chips' names separated by ", " (for diagnostics).
std::string getKnownChipNames();

} // namespace mlir::wave

#endif // WAVE_CHIP_CHIP_H
