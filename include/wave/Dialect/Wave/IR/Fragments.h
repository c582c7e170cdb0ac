//===- Fragments.h - MMA fragment accesses ----------------------*- C++ -*-===//
//
// `wave.read`/`wave.write` with a `#wave.fragment` move one lane's fragment of
// an MMA operand. The rules they obey beyond plain accesses, and what
// `wave-expand-fragments` needs to rewrite them into plain accesses, derived
// from the one MMA layout table (MmaLayout.h).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_FRAGMENTS_H
#define WAVE_DIALECT_WAVE_IR_FRAGMENTS_H

#include "wave/Dialect/Wave/IR/WaveOps.h"

#include <array>

namespace mlir::wave {

/// Checks a fragment access: a memref whose last two dimensions are at least
/// one fragment large, the kind's lane vector (an accumulator may be written
/// in another float type), no `along`, a kernel whose workgroup is whole waves
/// of the kind's wave size, and, for a write, that a written `wave.mma` result
/// is an accumulator fragment of the same kind.
LogicalResult verifyFragmentAccess(LaneAccessOpInterface access,
                                   FragmentAttr fragment,
                                   std::optional<uint64_t> along);

/// Checks that each operand of `mma` read as a fragment is the fragment of
/// its position (A, B, accumulator) and of the MMA's kind.
LogicalResult verifyMmaFragmentOperands(MmaOp mma);

/// The workgroup shape a fragment access in `op` runs in: the enclosing
/// gpu.func's `known_block_size`, or none.
std::optional<std::array<int64_t, 3>> getFragmentWorkgroupSize(Operation *op);

/// Fails with an error at `op` when the kernel around it states a workgroup
/// of more than `kMaxWorkgroupLanes` lanes, which no chip launches: fragment
/// ops derive their lanes (lane maps, a block of LDS a wave) from it.
LogicalResult verifyLaunchableWorkgroup(Operation *op);

/// The K fragments of `fragment`'s kind in `tile` (a static 2-D memref
/// seen as a grid of A or B fragments): how many MMAs a `wave.mma_tile`
/// chains into each accumulator.
int64_t getTileKSteps(FragmentAttr fragment, MemRefType tile);

/// The grid of `fragment`s a static 2-D `tile` is, in memory order.
std::array<int64_t, 2> getFragmentGrid(FragmentAttr fragment, MemRefType tile);

/// The waves of the workgroup running the verified fragment op `op`.
int64_t getWorkgroupWaves(Operation *op, FragmentAttr fragment);

/// Where in a `grid` of `fragment`s (memory order) copy `copy` of wave `wave`
/// of a `wave.copy_tile` over `waves` waves goes: fragment
/// `copy * waves + wave` counted with the K position fastest.
std::array<AffineExpr, 2> getCopyTilePosition(FragmentAttr fragment,
                                              std::array<int64_t, 2> grid,
                                              int64_t waves, AffineExpr copy,
                                              AffineExpr wave);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_FRAGMENTS_H
