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

/// Checks a fragment access: a 2-D memref at least one fragment large, the
/// kind's lane vector, no `along`, a kernel whose workgroup is whole waves of
/// the kind's wave size, and, for a write, that a written `wave.mma` result
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

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_FRAGMENTS_H
