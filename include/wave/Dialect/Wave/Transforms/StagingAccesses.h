//===- StagingAccesses.h - Accesses of a staging plan -----------*- C++ -*-===//
//
// The passes that restage a tile from a StagingPlan (wave-minimize-global-
// loads: one run a read; wave-transpose-lds-tiles: four rows a lane,
// transposed in registers) build new reads and writes whose coordinates are
// a run of the plan's box, moved by the plan's translation. This builds the
// thread and workgroup ids they use and their maps.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_STAGINGACCESSES_H
#define WAVE_DIALECT_WAVE_TRANSFORMS_STAGINGACCESSES_H

#include "wave/Analysis/Lds/LdsHazards.h"
#include "wave/Analysis/Staging/StagingPlan.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::wave {

/// The thread and workgroup id ops new accesses use: ones of the kernel's
/// entry block before `user` (the op the new accesses follow, or its
/// ancestor there), else new ones at the top of the kernel.
class KernelIds {
public:
  explicit KernelIds(Operation *user);

  Value getThreadId(unsigned dim);
  Value getWorkgroupId(unsigned dim);

private:
  template <typename OpTy> Value get(unsigned dim);

  Block *entry;
  Operation *user;
};

/// The index operands of new accesses and the map dimensions naming them.
class AccessOperands {
public:
  explicit AccessOperands(MLIRContext *context) : context(context) {}

  AffineExpr getDim(Value value);
  /// The map of `coords`, to be built once every operand is known.
  AffineMapAttr getMap(ArrayRef<AffineExpr> coords) const;
  ArrayRef<Value> getOperands() const { return operands; }

private:
  MLIRContext *context;
  SmallVector<Value> operands;
};

/// The linear thread id of the plan's workgroup over `operands`.
AffineExpr addLinearThreadId(const StagingPlan &plan, KernelIds &ids,
                             AccessOperands &operands);

/// `boxCoordinates` (of `plan`'s box at zero translation) plus `shift`,
/// moved by `offset` (the plan's `sourceOffset` or `tileOffset`).
SmallVector<AffineExpr> translateBoxCoordinates(
    const StagingPlan &plan, KernelIds &ids, AccessOperands &operands,
    SmallVector<AffineExpr> boxCoordinates,
    ArrayRef<SmallVector<UniformTerm>> offset, ArrayRef<int64_t> shift);

/// The same of the first element of run `run` of the box (with `wrap`, of
/// run `run` modulo the runs).
SmallVector<AffineExpr>
getRunAccessCoordinates(const StagingPlan &plan, KernelIds &ids,
                        AccessOperands &operands, AffineExpr run, bool wrap,
                        ArrayRef<SmallVector<UniformTerm>> offset,
                        ArrayRef<int64_t> shift);

/// The locations of `plan`'s reads and of its writes, each fused: those
/// of the accesses that replace them.
std::pair<Location, Location> getStagingLocations(const StagingPlan &plan);

/// Erases `plan`'s reads and writes, once the new accesses replace them.
void eraseStaging(const StagingPlan &plan);

/// The barriers a kernel lacks: those placement inserts next to every
/// barrier the kernel has, and the hazards no barrier can order.
struct MissingBarriers {
  size_t inserted = 0, unordered = 0;

  /// Whether `this`, the kernel restaged, lacks more than `before`: the
  /// new layout makes lanes read LDS other lanes wrote where each lane read
  /// only its own elements.
  bool exceed(const MissingBarriers &before) const {
    return inserted > before.inserted || unordered > before.unordered;
  }
};

/// The barriers `kernel` lacks, by the LDS hazard analysis (its pair
/// questions answered through `conflicts`).
MissingBarriers getMissingBarriers(gpu::GPUFuncOp kernel,
                                   CommonAddressCache &conflicts);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_STAGINGACCESSES_H
