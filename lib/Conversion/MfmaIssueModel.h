//===- MfmaIssueModel.h - One wave's issue of lowered loop code -*- C++ -*-===//
//
// What the loop-scheduling passes (wave-schedule-loops,
// wave-interleave-mfmas) know of the machine: the kind of each lowered LLVM
// dialect op as a schedule group names it, the blocks of a loop, an MFMA's
// cycles in the matrix pipe, the VALU instructions other ops become, and one
// wave issuing an order of ops in order.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_CONVERSION_MFMAISSUEMODEL_H
#define WAVE_CONVERSION_MFMAISSUEMODEL_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::wave::issue {

/// The instruction kinds of a schedule group; the values are the masks of
/// `llvm.amdgcn.sched.group.barrier`.
enum Kind : uint32_t {
  Other = 0,
  Mfma = 0x8,
  VmemRead = 0x20,
  VmemWrite = 0x40,
  DsRead = 0x100,
  DsWrite = 0x200,
};

// One wave's issue in the model: an instruction every 4 cycles, LDS data 64
// cycles after the read issues, global data 500 cycles after.
constexpr int64_t kIssueCycles = 4;
constexpr int64_t kLdsLatency = 64;
constexpr int64_t kGlobalLatency = 500;

/// The loops of `function`, as (header, latch) pairs: each reachable block
/// whose `llvm.br` goes back to a block that dominates it. Collected before
/// any is changed.
SmallVector<std::pair<Block *, Block *>> findLoops(Operation *function);

/// The blocks of the loop of `header` and back edge from `latch`, header
/// first.
SmallVector<Block *> loopBlocks(Block *header, Block &latch);

/// Whether `address` is a pointer to LDS.
bool isLds(Value address);

Kind classify(Operation *op);

/// The MFMA pipe's cycles for `op`, by its output tile: 32 for the 32x32
/// kinds, 16 for 16x16, 8 for 4x4 (the published rates of gfx942's f16,
/// bf16 and fp8 kinds and gfx950's double-K f16 ones); gfx950's f8f6f4 ones
/// twice that unless both operand formats are fp6 or fp4 (the rates
/// getMmaPipeCycles gives their MMA kinds).
int64_t mfmaCycles(Operation *op);

/// The issue slots other than the MFMA pipe's that the backend spends on
/// `op`: none for an MFMA and for what becomes no instruction (casts,
/// element moves, constants), one for a memory access, one a 32-bit word
/// that a shuffle of narrower elements assembles from parts of words (a
/// `v_perm_b32`), half the elements
/// for the packed f32 arithmetic of gfx90a and later, otherwise one a
/// result element.
double issueSlots(Operation *op);

/// Cycles of one wave issuing `order` in order: an access or MFMA issues
/// when its operands are ready and the previous one has issued, an MFMA
/// also when the MFMA pipe is free. Other ops are free unless `countValu`,
/// in which case they take their `issueSlots` of issue.
int64_t modelCycles(ArrayRef<Operation *> order, bool countValu = false);

/// The most 32-bit registers that the values live at one point of `order`
/// take: a value from its definition (the start, for one defined outside
/// `order`) to its last use in `order`, or to the end where code after
/// `order` uses it. Values that the order does not touch are not counted.
int64_t peakLiveRegisters(ArrayRef<Operation *> order);

} // namespace mlir::wave::issue

#endif // WAVE_CONVERSION_MFMAISSUEMODEL_H
