//===- RegisterPressure.h - Live registers of a wave kernel -----*- C++ -*-===//
//
// Estimates how many 32-bit registers a lane of a kernel needs, before the
// kernel is lowered: a liveness analysis over the kernel's SSA values
// (structured control flow, `scf.for`/`scf.while` back edges included) whose
// live sets are weighed in registers and maximized over program points.
//
// The model (docs/passes/wave-budget-registers.md explains each choice):
//   * A lane value occupies ceil(bits / 32) registers: `vector<N x T>` holds
//     N * bitwidth(T) bits, so two f16 pack into one register and a
//     `vector<4xf16>` needs 2. `index` is counted as 32 bits: lane indices
//     become 32-bit offsets of the lane accesses.
//   * Values the uniformity analysis proves uniform live in SGPRs (the
//     backend's divergence analysis puts them there); they are counted
//     separately and never in the VGPR estimate.
//   * `i1` values are lane masks: one SGPR per 32 lanes each (an SGPR pair
//     for wave 64), never VGPRs.
//   * Constants cost nothing: they become inline operands or are
//     rematerialized next to their uses. Memrefs cost nothing either (kernel
//     arguments are SGPR pairs of the ABI, LDS tiles constant addresses).
//   * MMA accumulators (results and accumulator operands of `wave.mma`, and
//     the loop-carried values and loop results they flow through) are
//     counted apart as AGPR-eligible when `accumulatorsInAgprs` is set (CDNA,
//     where MFMA reads and writes accumulation registers), as VGPRs
//     otherwise.
//
// Liveness: a value is live from its definition to its last use in program
// order; a value used in a region of an op is live at the op. Inside a loop
// (`LoopLikeOpInterface`), every value defined outside the loop and used in
// it is live at every point of the loop body, because the back edge brings
// control back to its uses. The pressure at an op is the larger of the
// registers live just before it (its operands included) and just after it
// (its results included).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_REGISTERS_REGISTERPRESSURE_H
#define WAVE_ANALYSIS_REGISTERS_REGISTERPRESSURE_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>

namespace mlir::wave {

/// Registers of one lane, by register file.
struct RegisterCounts {
  /// Architected VGPRs (v0, v1, ...).
  unsigned vgprs = 0;
  /// MMA accumulators that may live in AGPRs (0 unless the options count
  /// them apart).
  unsigned accumulators = 0;
  /// Scalar registers of the wave (uniform values and lane masks).
  unsigned sgprs = 0;

  /// Registers of the vector file: what VGPR occupancy depends on where
  /// AGPRs and VGPRs share one file.
  unsigned getVectorRegisters() const { return vgprs + accumulators; }

  RegisterCounts &operator+=(const RegisterCounts &other) {
    vgprs += other.vgprs;
    accumulators += other.accumulators;
    sgprs += other.sgprs;
    return *this;
  }
  RegisterCounts &operator-=(const RegisterCounts &other) {
    vgprs -= other.vgprs;
    accumulators -= other.accumulators;
    sgprs -= other.sgprs;
    return *this;
  }
  bool operator==(const RegisterCounts &other) const {
    return vgprs == other.vgprs && accumulators == other.accumulators &&
           sgprs == other.sgprs;
  }
};

/// How the pressure estimate weighs values.
struct PressureOptions {
  /// Lanes of a wave: a lane mask takes `waveSize / 32` SGPRs.
  unsigned waveSize = 64;
  /// Count MMA accumulators as AGPR-eligible (CDNA) rather than as VGPRs.
  bool accumulatorsInAgprs = false;
  /// Whether a value is the same in every lane (it then lives in SGPRs).
  /// Unset: every value that is not a constant is taken to differ.
  std::function<bool(Value)> isUniform;
  /// Values planned to live in memory: they count only at the op defining
  /// them and at the ops using them directly (where the spill store and the
  /// reloads put them in registers), which predicts the pressure after the
  /// spill rewrite without performing it.
  llvm::DenseSet<Value> spilled;
};

/// Live registers of one kernel body. The analysis is computed once, at
/// construction; rewriting the IR invalidates it.
class RegisterPressure {
public:
  /// Analyzes the body of `kernel` (an op with one region, e.g. a
  /// `gpu.func`).
  RegisterPressure(Operation *kernel, PressureOptions options);

  /// The registers `value` occupies while live.
  RegisterCounts getCost(Value value) const;

  /// The largest vector-register pressure over all program points, with the
  /// SGPRs live at that point.
  RegisterCounts getPeak() const { return peak; }
  /// The most SGPRs live at any point (not necessarily the vector peak).
  unsigned getMaxSgprs() const { return maxSgprs; }
  /// The first op (in pre-order) at which the vector pressure is largest;
  /// null for a kernel without ops.
  Operation *getPeakOp() const { return peakOp; }

  /// The pressure at `op`: registers live just before or just after it,
  /// whichever is more.
  RegisterCounts getPressureAt(Operation *op) const;
  /// The values live across `op`: live just before and just after it,
  /// neither defined nor used by it (nor by ops in its regions). Spilling
  /// one of them lowers the pressure at `op`.
  SmallVector<Value> getLiveAcross(Operation *op) const;
  /// Whether `value` is live just before or just after `op`.
  bool isLiveAt(Value value, Operation *op) const;
  /// The number of program points (ops, nested ones included) at which
  /// `value` is live.
  unsigned getLiveRangeLength(Value value) const;
  /// Whether `value` counts as an MMA accumulator.
  bool isAccumulator(Value value) const { return accumulators.count(value); }

  /// Whether `op` sits in an innermost loop: its closest enclosing
  /// `LoopLikeOpInterface` op contains no other loop.
  static bool isInInnermostLoop(Operation *op);

private:
  struct Point {
    /// Live just before the op (operands included) and just after it
    /// (results included).
    SmallVector<Value> before, after;
    RegisterCounts pressure;
  };
  using LiveSet = llvm::SetVector<Value>;

  void findAccumulators(Operation *kernel);
  LiveSet walkRegion(Region &region, const LiveSet &through, bool record);
  LiveSet walkBlock(Block &block, LiveSet live, bool record);
  void recordPoint(Operation *op, const LiveSet &before, const LiveSet &after);
  RegisterCounts weigh(Operation *op, ArrayRef<Value> values) const;

  PressureOptions options;
  llvm::DenseSet<Value> accumulators;
  llvm::DenseMap<Operation *, unsigned> preOrder;
  llvm::DenseMap<Operation *, Point> points;
  llvm::DenseMap<Value, unsigned> liveRangeLengths;
  RegisterCounts peak;
  unsigned maxSgprs = 0;
  Operation *peakOp = nullptr;
};

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_REGISTERS_REGISTERPRESSURE_H
