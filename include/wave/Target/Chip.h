//===- Chip.h - AMDGPU processors known to wave-mlir ------------*- C++ -*-===//
//
// One entry per supported processor: the facts the verifier, the lowering, the
// occupancy model and the register budget need. Numbers follow LLVM's AMDGPU
// backend (AMDGPUBaseInfo.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_TARGET_CHIP_H
#define WAVE_TARGET_CHIP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace mlir::wave {

/// Register and memory resources of one AMDGPU processor for one wave size.
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
  /// LDS bytes per compute unit (CDNA) or workgroup processor (RDNA).
  unsigned ldsBytesPerCu;
  /// Largest LDS allocation of one workgroup.
  unsigned maxLdsBytesPerWorkgroup;

  bool supportsWaveSize(unsigned waveSize) const {
    return (waveSize == 32 && supportsWave32) ||
           (waveSize == 64 && supportsWave64);
  }
};

/// The processors wave-mlir compiles for, in a stable order.
llvm::ArrayRef<ChipInfo> getKnownChips();

/// The processor named `name`, if known.
const ChipInfo *lookupChip(llvm::StringRef name);

} // namespace mlir::wave

#endif // WAVE_TARGET_CHIP_H
