//===- FragmentLanes.h - Lane maps of accumulator fragment ops --*- C++ -*-===//
//
// What `wave.acc_to_operand`, `wave.fragment_reduce`, `wave.fragment_broadcast`
// and `wave.fragment_index` need to know about the lanes, derived from the one
// MMA layout table (MmaLayout.h): the verifiers, `wave-expand-fragments` and
// the unit tests read it from here.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_FRAGMENTLANES_H
#define WAVE_DIALECT_WAVE_IR_FRAGMENTLANES_H

#include "wave/Dialect/Wave/IR/MmaLayout.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::wave {

/// The element of an accumulator that one slot of an operand fragment takes.
struct AccElement {
  int64_t lane;
  int64_t slot;
};

/// How many operand fragments of `operandLayout` (A or B, as `operand`)
/// cover an accumulator of `accLayout`, or 0 when the shapes do not fit: B
/// needs the same N and K dividing M, A the same M and K dividing N.
int64_t getOperandFragmentCount(const MmaLayout &accLayout,
                                const MmaLayout &operandLayout,
                                MmaOperand operand);

/// The accumulator element that slot `slot` of operand fragment `fragment`
/// of lane `lane` takes (the shapes must fit).
AccElement getAccElement(const MmaLayout &accLayout,
                         const MmaLayout &operandLayout, MmaOperand operand,
                         int64_t fragment, int64_t lane, int64_t slot);

/// When every lane finds each element of the operand fragments in its own
/// accumulator slots, at the same slots in every lane: for each fragment and
/// slot, the accumulator slot. Otherwise none.
std::optional<llvm::SmallVector<llvm::SmallVector<int64_t>>>
getLaneLocalOperandSlots(const MmaLayout &accLayout,
                         const MmaLayout &operandLayout, MmaOperand operand);

/// The lines (rows when reducing over `dim = 1`, columns for `dim = 0`) an
/// accumulator fragment's lanes hold.
struct FragmentLines {
  /// For each slot, the index of its line among the lane's lines (in the
  /// order the slots first meet them); the same in every lane.
  llvm::SmallVector<int64_t> lineOfSlot;
  int64_t numLines = 0;
  /// Lane `l` shares its lines, at the same indices, with exactly the lanes
  /// `l xor x` for the `x` made of these bits.
  uint64_t sharingLaneBits = 0;
};

/// The line structure of `layout`'s accumulator reduced over `dim`, or none
/// when it is not the same in every lane or its sharing lanes are not an
/// xor group (no MFMA kind; the unit tests check every one).
std::optional<FragmentLines> getFragmentLines(const MmaLayout &layout,
                                              unsigned dim);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_FRAGMENTLANES_H
