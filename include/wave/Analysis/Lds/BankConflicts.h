//===- BankConflicts.h - LDS bank conflicts of lane accesses ----*- C++ -*-===//
//
// The extra LDS cycles an access costs because lanes served together hit
// different addresses of one bank. From the enumerated per-lane footprint
// (every address each lane of the workgroup touches in one period of the
// loops' iterations, after which the cost repeats, through the tile's padding
// or swizzle) the analysis splits the access into
// the LDS instructions the lowering emits, each wave's instruction into the
// lane phases the hardware serves together, and counts, per phase, the most
// distinct dwords any bank must deliver. docs/BankConflicts.md states the
// bank and phase model and where it comes from.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_LDS_BANKCONFLICTS_H
#define WAVE_ANALYSIS_LDS_BANKCONFLICTS_H

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::wave {

/// Lanes served together by LDS instructions of one width whose phases are
/// not runs of consecutive lanes: each group of 4 lanes of a half wave goes to
/// the phase `quadPhases[group]` of that half.
struct InterleavedPhases {
  unsigned bytesPerLane;
  unsigned phasesPerHalfWave;
  std::array<uint8_t, 8> quadPhases;
};

/// The LDS banks of a chip and how a wave's instruction is served.
struct LdsBankModel {
  /// Banks, each delivering one dword of `bankBytes` a cycle.
  unsigned numBanks = 32;
  unsigned bankBytes = 4;
  /// Bytes one phase of a write moves (reads move `getCycleBytes()`).
  unsigned writeCycleBytes = 128;
  /// Read widths whose phases interleave lane quads; others are consecutive.
  ArrayRef<InterleavedPhases> interleavedReads;

  /// Bytes all banks deliver in one cycle.
  unsigned getCycleBytes() const { return numBanks * bankBytes; }
  /// Lanes served together (a phase) by an instruction that moves
  /// `bytesPerLane` bytes a lane: as many as one phase's bytes cover, with
  /// sub-dword accesses counted as a dword (on 32 banks: 32 lanes for b32 and
  /// narrower, 16 for b64, 8 for b96 and b128).
  unsigned getPhaseLanes(unsigned bytesPerLane, bool write = false) const;
  /// The phase of lane `laneInWave` (0 to the wave size) in such an
  /// instruction.
  unsigned getPhase(unsigned laneInWave, unsigned bytesPerLane,
                    bool write) const;
  /// The model of `chip`: gfx90a and gfx942 (CDNA2/3: 32 banks of 4 bytes),
  /// gfx950 (CDNA4: 64 banks of 4 bytes, writes at half the read bandwidth,
  /// interleaved phases for b96 and b128 reads); none for chips whose banks
  /// the model does not describe.
  static std::optional<LdsBankModel> get(StringRef chip);
};

/// LDS cycles of some instructions, and the fewest the same data could take
/// (one cycle for each phase's distinct dwords per `numBanks`).
struct LdsCycles {
  int64_t cycles = 0;
  int64_t minimum = 0;

  /// Cycles lost to bank conflicts.
  int64_t getExtra() const { return cycles - minimum; }
  LdsCycles &operator+=(const LdsCycles &other) {
    cycles += other.cycles;
    minimum += other.minimum;
    return *this;
  }
};

/// The cycles of one phase: `dwords` are the dword addresses (byte address
/// / 4) its lanes touch, duplicates allowed (a dword read by several lanes
/// is broadcast, written by several is one access).
LdsCycles computePhaseCycles(ArrayRef<int64_t> dwords,
                             const LdsBankModel &model);

/// `a * b` and `a + b` for non-negative counts (cycles, executions), INT64_MAX
/// where the result does not fit: loops of huge constant trip counts weigh
/// as much as any count can, rather than overflowing.
inline int64_t multiplyCounts(int64_t a, int64_t b) {
  return int64_t(std::min<uint64_t>(
      llvm::SaturatingMultiply(uint64_t(a), uint64_t(b)), INT64_MAX));
}
inline int64_t addCounts(int64_t a, int64_t b) {
  return int64_t(std::min<uint64_t>(
      llvm::SaturatingAdd(uint64_t(a), uint64_t(b)), INT64_MAX));
}

/// What one LDS access costs.
struct AccessBankConflicts {
  /// LDS instructions one lane's access becomes and the bytes each moves.
  int64_t instructionsPerLane = 0;
  unsigned bytesPerInstruction = 0;
  /// Lanes served together by each instruction.
  unsigned phaseLanes = 0;
  /// Executions of the access in one run of the workgroup: the iterations
  /// of the `scf.for` loops around it with constant bounds (1 outside
  /// loops; a loop of unknown trip count counts once), at most INT64_MAX.
  int64_t executions = 0;
  /// Cycles of one execution by all waves of the workgroup, all
  /// instructions together: of the iterations of the loops its address or
  /// guard depends on, the one with the most extra cycles (the first such
  /// in the order of the iterations).
  LdsCycles perExecution;
  /// Iterations of the loops around the access that were enumerated to
  /// find it (1 when its address depends on none).
  int64_t analyzedIterations = 0;
};

/// Which iterations of the loops around an access the analysis enumerates.
enum class BankConflictIterations {
  /// For each loop, one period of its iterations after which every lane's
  /// byte address has moved by the same multiple of the bank width (which
  /// permutes the banks and leaves every phase's cost as it was), or every
  /// iteration where no such period is known or the trip count is shorter.
  /// The answer is that of `Every`, whatever the trip count.
  OnePeriod,
  /// Every iteration: the reference `OnePeriod` must agree with.
  Every,
};

/// Bank conflicts of `op`, a `wave.read`/`wave.write` of an LDS memref,
/// under the model of its kernel's chip. Fails with the reason when the
/// enumerated footprint is not exact (dynamic shapes or loop ranges, an
/// address that depends on uniform values, a non-constant mask, an access
/// under an `scf.if` or other op than `scf.for`, whose lanes it would
/// over-count) or the chip has no bank model.
FailureOr<AccessBankConflicts>
analyzeBankConflicts(Operation *op, std::string *reason = nullptr);

/// The LDS instructions one lane's access `op` (a `wave.read` or
/// `wave.write`) becomes, split into accesses of at most `maxSlots`
/// elements when given: `analyzeBankConflicts`' `instructionsPerLane`,
/// without enumerating anything.
int64_t getLdsInstructionsPerLane(Operation *op,
                                  std::optional<int64_t> maxSlots);

/// The same under `model`; with `maxSlots`, for the access split into
/// accesses of at most that many elements (as a swizzle may require).
FailureOr<AccessBankConflicts> analyzeBankConflicts(
    Operation *op, const LdsBankModel &model, std::string *reason = nullptr,
    std::optional<int64_t> maxSlots = std::nullopt,
    BankConflictIterations iterations = BankConflictIterations::OnePeriod);

/// Iterations of the loop of `loopLeaf` (a leaf of `footprint`, the
/// induction variable of a loop with a static range) after which every
/// lane's byte address moves by the same multiple of `model.bankBytes`,
/// whatever the other leaves, for elements of `elementBytes` in `layout`:
/// computed from the footprint's quasi-affine map (a floordiv or mod by `d`
/// multiplies the period until the shift of its operand is a multiple of
/// `d`) and, for a swizzled tile, the swizzle's column groups. None when
/// the map is not quasi-affine in the variable, the row of a swizzled tile
/// moves with it, or the period exceeds 2^40.
std::optional<int64_t> getBankCostPeriod(const AccessFootprint &footprint,
                                         unsigned loopLeaf,
                                         const StaticMemRefLayout &layout,
                                         unsigned elementBytes,
                                         const LdsBankModel &model);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_LDS_BANKCONFLICTS_H
