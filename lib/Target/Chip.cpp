//===- Chip.cpp - AMDGPU processors known to wave-mlir --------------------===//

#include "wave/Target/Chip.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir::wave;

static const ChipInfo kChips[] = {
    // name, major, w32, w64, mfma, gfx940 mfma, LDS/CU, LDS/WG
    {"gfx90a", 9, false, true, true, false, 64 * 1024, 64 * 1024},
    {"gfx942", 9, false, true, true, true, 64 * 1024, 64 * 1024},
    {"gfx950", 9, false, true, true, true, 160 * 1024, 160 * 1024},
    {"gfx1100", 11, true, true, false, false, 128 * 1024, 64 * 1024},
    {"gfx1201", 12, true, true, false, false, 128 * 1024, 64 * 1024},
};

llvm::ArrayRef<ChipInfo> mlir::wave::getKnownChips() { return kChips; }

const ChipInfo *mlir::wave::lookupChip(llvm::StringRef name) {
  const ChipInfo *it = llvm::find_if(
      kChips, [&](const ChipInfo &chip) { return chip.name == name; });
  return it == std::end(kChips) ? nullptr : it;
}
