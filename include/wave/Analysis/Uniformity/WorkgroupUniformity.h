//===- WorkgroupUniformity.h - Values alike in a whole workgroup -*- C++
//-*-===//
//
// Whether every lane of a workgroup computes the same value: the notion a
// barrier, a staged tile and an index's uniform leaves need, all of which
// count every lane of the workgroup. It is stronger than the wave-level
// uniformity of Uniformity.h (the same in the active lanes of each wave):
// a wave collective's result or `gpu.subgroup_id` is uniform in each wave
// but may differ between the waves of a workgroup.
//
// A value is workgroup-uniform when nothing it depends on varies between
// lanes. The sources that do not vary are constants, workgroup and cluster
// ids, block, grid, cluster and subgroup sizes and counts, LDS buffers,
// workgroup-wide reductions, and the kernel's arguments and workgroup
// attributions. Dependences run through the operands of pure ops
// without regions (target intrinsics such as `rocdl.mbcnt.lo` read per-lane
// state and never count), through loop bounds and steps (for induction
// variables), loop-carried values and the conditions that choose between
// the values an `scf.if`, `scf.for` or `scf.while` yields. Thread and lane
// ids, memory reads, anything else is assumed to vary. The check follows
// the def-use graph backwards and is exact for it: a value is uniform if and
// only if no varying source reaches it.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_UNIFORMITY_WORKGROUPUNIFORMITY_H
#define WAVE_ANALYSIS_UNIFORMITY_WORKGROUPUNIFORMITY_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::wave {

/// Arguments of a `gpu.func` kernel and its workgroup attributions (one
/// buffer for the whole workgroup); not its private attributions, of which
/// each lane has its own copy.
bool isKernelArgument(Value value);

/// Ops whose results are the same in every lane of the workgroup whatever
/// their operands (the sources listed above).
bool isWorkgroupUniformSource(Operation *op);

/// Whether every lane of the workgroup computes the same `value`.
bool isWorkgroupUniform(Value value);

/// isWorkgroupUniform with the answers remembered, for analyses that ask
/// about many values of one kernel that does not change meanwhile.
class WorkgroupUniformity {
public:
  bool isUniform(Value value);

private:
  llvm::DenseMap<Value, bool> known;
};

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_UNIFORMITY_WORKGROUPUNIFORMITY_H
