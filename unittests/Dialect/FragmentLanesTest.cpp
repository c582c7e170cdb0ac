//===- FragmentLanesTest.cpp - Lane maps of accumulator fragment ops ------===//
//
// The conversion and line maps of FragmentLanes.h against a plain
// enumeration of the layout table, for every MMA kind.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/FragmentLanes.h"

#include "AllMmaKinds.h"

#include "gtest/gtest.h"

#include <map>
#include <random>

using namespace mlir;
using namespace mlir::wave;

namespace {

class FragmentLanesTest : public ::testing::TestWithParam<MmaKind> {};

// Whenever a conversion is found lane-local, each slot of each operand
// fragment is the accumulator element at the same place of the matrix; and
// it is found lane-local exactly when enumeration says every lane holds
// what it needs at lane-independent slots.
TEST_P(FragmentLanesTest, OperandSlotsAgreeWithEnumeration) {
  const MmaLayout &acc = getMmaLayout(GetParam());
  for (MmaKind operandKind : kAllMmaKinds) {
    const MmaLayout &operand = getMmaLayout(operandKind);
    for (MmaOperand which : {MmaOperand::A, MmaOperand::B}) {
      int64_t count = getOperandFragmentCount(acc, operand, which);
      auto slots = getLaneLocalOperandSlots(acc, operand, which);
      if (count == 0) {
        EXPECT_FALSE(slots);
        continue;
      }
      // Enumerate: does every lane find every element in its own slots, at
      // the same slot in every lane?
      bool local = true;
      std::map<std::pair<int64_t, int64_t>, int64_t> slotOf;
      for (int64_t j = 0; j < count; ++j)
        for (int64_t t = 0; t < operand.kPerLane; ++t)
          for (int64_t lane = 0; lane < acc.waveSize; ++lane) {
            auto at = operand.getCoordinate(which, lane, t);
            int64_t row =
                which == MmaOperand::B ? j * operand.k + at[0] : at[0];
            int64_t col =
                which == MmaOperand::B ? at[1] : j * operand.k + at[1];
            bool found = false;
            for (int64_t s = 0; s < acc.accPerLane; ++s)
              if (acc.getCoordinate(MmaOperand::Acc, lane, s) ==
                  std::array<int64_t, 2>{row, col}) {
                found = true;
                auto [it, inserted] = slotOf.insert({{j, t}, s});
                local &= inserted || it->second == s;
              }
            local &= found;
          }
      ASSERT_EQ(bool(slots), local)
          << stringifyMmaKind(GetParam()).str() << " to "
          << stringifyMmaOperand(which).str() << " of "
          << stringifyMmaKind(operandKind).str();
      if (!slots)
        continue;
      for (int64_t j = 0; j < count; ++j)
        for (int64_t t = 0; t < operand.kPerLane; ++t)
          EXPECT_EQ((*slots)[j][t], (slotOf[{j, t}]));
    }
  }
}

// The accumulator of an f16 or bf16 kind is the B operand of the same
// kind's next MMA in registers: what attention's P * V relies on. Never the
// A operand: its K runs along the lanes of a row.
TEST(FragmentLanes, AccumulatorIsNextBOperandInRegisters) {
  for (MmaKind kind : {MmaKind::f32_32x32x8_f16, MmaKind::f32_16x16x16_f16,
                       MmaKind::f32_32x32x8_bf16, MmaKind::f32_16x16x16_bf16}) {
    const MmaLayout &layout = getMmaLayout(kind);
    auto slots = getLaneLocalOperandSlots(layout, layout, MmaOperand::B);
    ASSERT_TRUE(slots) << stringifyMmaKind(kind).str();
    EXPECT_EQ(int64_t(slots->size()), layout.m / layout.k);
    // Fragment j is slots 4j .. 4j + 3: the accumulator's rows 4 at a time.
    for (auto [j, fragment] : llvm::enumerate(*slots))
      for (auto [t, slot] : llvm::enumerate(fragment))
        EXPECT_EQ(slot, int64_t(4 * j + t));
    EXPECT_FALSE(getLaneLocalOperandSlots(layout, layout, MmaOperand::A));
  }
}

// Reducing random accumulators with the structure (a lane's slots of one
// line, then its xor group of lanes) gives each line's sum as a direct
// enumeration of the table computes it, in every lane and slot.
TEST_P(FragmentLanesTest, LineReductionAgreesWithEnumeration) {
  const MmaLayout &layout = getMmaLayout(GetParam());
  std::mt19937 random(7);
  std::uniform_int_distribution<int64_t> value(-1000, 1000);
  for (unsigned dim : {0u, 1u}) {
    auto lines = getFragmentLines(layout, dim);
    ASSERT_TRUE(lines) << "dim " << dim;
    ASSERT_EQ(int64_t(lines->lineOfSlot.size()), layout.accPerLane);
    // Two tiles side by side along `dim`, as fragment_reduce takes them.
    std::vector<std::vector<std::vector<int64_t>>> tiles(
        2, std::vector<std::vector<int64_t>>(
               layout.waveSize, std::vector<int64_t>(layout.accPerLane)));
    std::map<int64_t, int64_t> expected;
    for (auto &tile : tiles)
      for (int64_t lane = 0; lane < layout.waveSize; ++lane)
        for (int64_t slot = 0; slot < layout.accPerLane; ++slot) {
          tile[lane][slot] = value(random);
          expected[layout.getCoordinate(MmaOperand::Acc, lane,
                                        slot)[1 - dim]] += tile[lane][slot];
        }
    // The lane's own part of each line.
    std::vector<std::vector<int64_t>> partial(
        layout.waveSize, std::vector<int64_t>(lines->numLines, 0));
    for (auto &tile : tiles)
      for (int64_t lane = 0; lane < layout.waveSize; ++lane)
        for (int64_t slot = 0; slot < layout.accPerLane; ++slot)
          partial[lane][lines->lineOfSlot[slot]] += tile[lane][slot];
    // Butterfly over the sharing bits.
    for (uint64_t bit = 1; bit < uint64_t(layout.waveSize); bit <<= 1) {
      if (!(lines->sharingLaneBits & bit))
        continue;
      auto before = partial;
      for (int64_t lane = 0; lane < layout.waveSize; ++lane)
        for (int64_t i = 0; i < lines->numLines; ++i)
          partial[lane][i] = before[lane][i] + before[lane ^ bit][i];
    }
    for (int64_t lane = 0; lane < layout.waveSize; ++lane)
      for (int64_t slot = 0; slot < layout.accPerLane; ++slot) {
        int64_t line =
            layout.getCoordinate(MmaOperand::Acc, lane, slot)[1 - dim];
        EXPECT_EQ(partial[lane][lines->lineOfSlot[slot]], expected[line])
            << "dim " << dim << " lane " << lane << " slot " << slot;
      }
  }
}

// What the attention kernel and the softmax example rely on.
TEST(FragmentLanes, LinesOfThe32x32And16x16Accumulators) {
  auto columns = getFragmentLines(getMmaLayout(MmaKind::f32_32x32x8_f16), 0);
  ASSERT_TRUE(columns);
  EXPECT_EQ(columns->numLines, 1);
  EXPECT_EQ(columns->sharingLaneBits, 32u);
  auto rows = getFragmentLines(getMmaLayout(MmaKind::f32_16x16x16_f16), 1);
  ASSERT_TRUE(rows);
  EXPECT_EQ(rows->numLines, 4);
  EXPECT_EQ(rows->sharingLaneBits, 15u);
}

INSTANTIATE_TEST_SUITE_P(AllKinds, FragmentLanesTest,
                         ::testing::ValuesIn(kAllMmaKinds),
                         [](const auto &info) {
                           return stringifyMmaKind(info.param).str();
                         });

} // namespace
