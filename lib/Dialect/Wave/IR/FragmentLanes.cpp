//===- FragmentLanes.cpp - Lane maps of accumulator fragment ops ----------===//
//
// Everything here is found by enumerating the layout table over the lanes of
// a wave and the slots of a lane, so a new MMA kind needs no case of its own:
// the conversions and reductions it allows follow from its table.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/FragmentLanes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wave;

int64_t mlir::wave::getOperandFragmentCount(const MmaLayout &accLayout,
                                            const MmaLayout &operandLayout,
                                            MmaOperand operand) {
  if (accLayout.waveSize != operandLayout.waveSize)
    return 0;
  int64_t k = operandLayout.k;
  if (operand == MmaOperand::B && accLayout.n == operandLayout.n &&
      accLayout.m % k == 0)
    return accLayout.m / k;
  if (operand == MmaOperand::A && accLayout.m == operandLayout.m &&
      accLayout.n % k == 0)
    return accLayout.n / k;
  return 0;
}

/// (lane, slot) of each accumulator element, by (row, column).
static llvm::DenseMap<std::pair<int64_t, int64_t>, AccElement>
getAccHolders(const MmaLayout &accLayout) {
  llvm::DenseMap<std::pair<int64_t, int64_t>, AccElement> holders;
  for (int64_t lane = 0; lane < accLayout.waveSize; ++lane)
    for (int64_t slot = 0; slot < accLayout.accPerLane; ++slot) {
      std::array<int64_t, 2> at =
          accLayout.getCoordinate(MmaOperand::Acc, lane, slot);
      holders[{at[0], at[1]}] = {lane, slot};
    }
  return holders;
}

/// The accumulator (row, column) of slot `slot` of operand fragment
/// `fragment` of lane `lane`.
static std::pair<int64_t, int64_t>
getAccCoordinate(const MmaLayout &operandLayout, MmaOperand operand,
                 int64_t fragment, int64_t lane, int64_t slot) {
  std::array<int64_t, 2> at = operandLayout.getCoordinate(operand, lane, slot);
  // B is K x N: K runs along the accumulator's rows; A is M x K: along its
  // columns.
  if (operand == MmaOperand::B)
    return {fragment * operandLayout.k + at[0], at[1]};
  return {at[0], fragment * operandLayout.k + at[1]};
}

AccElement mlir::wave::getAccElement(const MmaLayout &accLayout,
                                     const MmaLayout &operandLayout,
                                     MmaOperand operand, int64_t fragment,
                                     int64_t lane, int64_t slot) {
  return getAccHolders(accLayout).lookup(
      getAccCoordinate(operandLayout, operand, fragment, lane, slot));
}

std::optional<llvm::SmallVector<llvm::SmallVector<int64_t>>>
mlir::wave::getLaneLocalOperandSlots(const MmaLayout &accLayout,
                                     const MmaLayout &operandLayout,
                                     MmaOperand operand) {
  int64_t count = getOperandFragmentCount(accLayout, operandLayout, operand);
  if (count == 0)
    return std::nullopt;
  auto holders = getAccHolders(accLayout);
  llvm::SmallVector<llvm::SmallVector<int64_t>> slots(count);
  for (int64_t fragment = 0; fragment < count; ++fragment)
    for (int64_t slot = 0; slot < operandLayout.kPerLane; ++slot)
      for (int64_t lane = 0; lane < operandLayout.waveSize; ++lane) {
        AccElement source = holders.lookup(
            getAccCoordinate(operandLayout, operand, fragment, lane, slot));
        if (source.lane != lane)
          return std::nullopt;
        if (lane == 0)
          slots[fragment].push_back(source.slot);
        else if (slots[fragment][slot] != source.slot)
          return std::nullopt;
      }
  return slots;
}

std::optional<FragmentLines>
mlir::wave::getFragmentLines(const MmaLayout &layout, unsigned dim) {
  if (dim > 1)
    return std::nullopt;
  int64_t lanes = layout.waveSize;
  // The line of each (lane, slot): the coordinate that is not reduced.
  auto lineAt = [&](int64_t lane, int64_t slot) {
    return layout.getCoordinate(MmaOperand::Acc, lane, slot)[1 - dim];
  };
  // Each lane's lines in the order its slots meet them.
  llvm::SmallVector<llvm::SmallVector<int64_t>> lines(lanes);
  FragmentLines result;
  for (int64_t lane = 0; lane < lanes; ++lane) {
    llvm::SmallVector<int64_t> lineOfSlot;
    for (int64_t slot = 0; slot < layout.accPerLane; ++slot) {
      int64_t line = lineAt(lane, slot);
      auto *it = llvm::find(lines[lane], line);
      lineOfSlot.push_back(it - lines[lane].begin());
      if (it == lines[lane].end())
        lines[lane].push_back(line);
    }
    if (lane == 0)
      result.lineOfSlot = lineOfSlot;
    else if (lineOfSlot != result.lineOfSlot)
      return std::nullopt;
  }
  result.numLines = lines[0].size();
  for (int64_t bit = 1; bit < lanes; bit <<= 1) {
    bool shares = true;
    for (int64_t lane = 0; lane < lanes && shares; ++lane)
      shares = lines[lane] == lines[lane ^ bit];
    if (shares)
      result.sharingLaneBits |= bit;
  }
  // The lanes holding a line must be exactly one lane's xor group.
  int64_t groupSize = int64_t(1) << llvm::popcount(result.sharingLaneBits);
  llvm::DenseMap<int64_t, int64_t> holders;
  for (int64_t lane = 0; lane < lanes; ++lane)
    for (int64_t line : lines[lane])
      ++holders[line];
  for (auto [line, count] : holders)
    if (count != groupSize)
      return std::nullopt;
  return result;
}
