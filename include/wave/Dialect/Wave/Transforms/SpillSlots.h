//===- SpillSlots.h - LDS spill slots of the register budget ----*- C++ -*-===//
//
// wave-budget-registers spills a lane value to a per-lane row of an LDS
// buffer. The buffer and its accesses carry the unit attribute
// `wave.spill_slot`,
// so that wave-lower-spill-slots can make those accesses volatile: without
// that LLVM's optimizer forwards the stored value to the reload (nothing
// else writes the slot in between) and the spill disappears.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_SPILLSLOTS_H
#define WAVE_DIALECT_WAVE_TRANSFORMS_SPILLSLOTS_H

#include "wave/Dialect/Wave/IR/WaveDialect.h"

namespace mlir::wave {

/// Marks a spill buffer (`wave.alloc_lds`) and its `wave.read`/`wave.write`.
constexpr llvm::StringLiteral kSpillSlotAttrName =
    WaveDialect::kSpillSlotAttrName;

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_SPILLSLOTS_H
