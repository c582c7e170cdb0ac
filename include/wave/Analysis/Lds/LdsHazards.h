//===- LdsHazards.h - Cross-lane hazards on LDS -----------------*- C++ -*-===//
//
// Which LDS accesses of a kernel must be ordered by a workgroup barrier.
// Every LDS access (`wave.read`/`wave.write` on a memref in
// `#gpu.address_space<workgroup>`, `memref.load`/`memref.store` on one, and
// any other op whose effects may touch LDS) is tied to its buffer (the
// `wave.alloc_lds`, `memref.alloc` or workgroup attribution it comes from)
// and to its exact per-lane footprint. Two accesses form a hazard along a
// class of control-flow paths (straight-line and `scf.if` code, both arms,
// `scf.for` and `scf.while` back edges, nested loops) when lanes whose LDS
// accesses the target does not keep in order touch a common address and
// one of them writes. The kernel is reduced to a `BarrierProgram` on which
// `placeBarriers` (BarrierPlacement.h) orders the hazards.
//
// docs/passes/wave-insert-barriers.md describes the analysis.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_LDS_LDSHAZARDS_H
#define WAVE_ANALYSIS_LDS_LDSHAZARDS_H

#include "wave/Analysis/Footprint/PairQueries.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Lds/BarrierPlacement.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <memory>
#include <string>

namespace mlir::wave {

class CommonAddressCache;
class SymbolicFootprint;

/// Consecutive lanes (linear thread ids) of `kernel` whose LDS accesses the
/// hardware keeps in program order: the wave size on the AMDGPU chips of the
/// chip table (a wave issues its LDS instructions in order), 1 when the chip
/// or wave size is unknown.
unsigned getOrderedLaneGroupSize(gpu::GPUFuncOp kernel);

/// One op that may touch LDS.
struct LdsAccess {
  Operation *op;
  /// The allocation it touches; null when it may touch any LDS buffer.
  Value buffer;
  /// Whether it may write (otherwise it only reads).
  bool writes = false;
  /// Why its footprint is not known exactly (empty when it is); such an
  /// access conflicts with every access of its buffer.
  std::string unknownFootprintReason;
  /// How its footprint is over-approximated (empty when it is not): a
  /// swizzled run covered by its whole swizzle blocks.
  std::string approximation = "";
};

/// A barrier op present in the kernel.
struct LdsBarrier {
  Operation *op;
  GapRef gap;
  /// `wave.barrier` is the pass's to remove; `gpu.barrier` and
  /// `amdgpu.lds_barrier` are left alone (but order hazards).
  bool removable;
};

/// The LDS hazards of one kernel.
class LdsHazardAnalysis {
public:
  /// Analyzes `kernel`. With `assumeWaveOrder`, lanes of one wave are
  /// ordered as `getOrderedLaneGroupSize` says; without, every lane is
  /// ordered only with itself. Conflict answers go to `cache` when given
  /// (it may outlive the analysis and serve analyses of clones of the
  /// kernel: its keys are structural), else to one of the analysis's own.
  /// Check `succeeded()` before the queries.
  LdsHazardAnalysis(gpu::GPUFuncOp kernel, bool assumeWaveOrder,
                    CommonAddressCache *cache = nullptr);
  ~LdsHazardAnalysis();

  /// False for kernels whose body is not one block (unstructured control
  /// flow); `getFailureReason` says so.
  bool succeeded() const { return failureReason.empty(); }
  StringRef getFailureReason() const { return failureReason; }

  const BarrierProgram &getProgram() const { return program; }
  /// The hazards barrier placement needs with the kernel's barriers
  /// (`findPlacementHazards`): placement decides the same with them as with
  /// every hazard.
  ArrayRef<Hazard> getHazards() const { return hazards; }
  /// Every hazard (`findHazards`), asking about every pair of accesses.
  SmallVector<Hazard> findAllHazards() const;
  /// The hazards placement needs with only the barriers `existing` (some of
  /// `getExistingBarriers()`): what `getHazards()` would be for the kernel
  /// without the others, which the program does not depend on.
  SmallVector<Hazard>
  findPlacementHazardsWith(ArrayRef<ExistingBarrier> existing) const;
  /// The accesses, by the id the program's access items carry.
  ArrayRef<LdsAccess> getAccesses() const { return accesses; }
  const LdsAccess &getAccessOfItem(unsigned item) const {
    return accesses[program.getItem(item).access];
  }
  ArrayRef<LdsBarrier> getBarriers() const { return barriers; }
  /// The barriers as placement sees them, in the same order.
  SmallVector<ExistingBarrier> getExistingBarriers() const;
  /// The op a barrier placed at `gap` goes right before.
  Operation *getInsertionPoint(GapRef gap) const {
    return gapOps[gap.region][gap.index];
  }
  unsigned getOrderedLaneGroupSize() const { return groupSize; }
  /// Pair questions its cache left undecided (`CommonAddressCache::
  /// getNumUndecided`, so with a shared cache those of every analysis it
  /// served), each taken as a conflict.
  unsigned getNumUndecidedQuestions() const {
    return commonAddresses->getNumUndecided();
  }

  /// Why the LDS read `read` (a `wave.read`) of the analyzed kernel may
  /// misbehave, or an empty string when it provably does not: every hazard
  /// it takes part in is ordered by a barrier of the kernel, and every
  /// element it may read (enumerated over all lanes and iterations) was
  /// written before by `wave.write`s ahead of it in an enclosing block, not
  /// under an `scf.if`, unmasked, whose addresses do not depend on a loop.
  /// Divergence removal asks this of an LDS read it has moved out of a
  /// branch into every lane.
  std::string explainUnsafeRead(Operation *read) const;

private:
  class Builder;
  bool conflicts(unsigned from, unsigned to, const PathClass &paths) const;

  std::string failureReason;
  BarrierProgram program;
  SmallVector<Hazard> hazards;
  SmallVector<LdsAccess> accesses;
  /// Exact footprints by access id; null when unknown.
  SmallVector<std::unique_ptr<SymbolicFootprint>> footprints;
  /// A box around each footprint, by access id; none when unknown.
  SmallVector<std::optional<CoordinateBounds>, 0> boxes;
  /// Conflict answers by the structure of the question: the caller's cache
  /// or `ownCache`.
  std::unique_ptr<CommonAddressCache> ownCache;
  CommonAddressCache *commonAddresses = nullptr;
  SmallVector<LdsBarrier> barriers;
  /// The op of each loop item (for path classes).
  llvm::DenseMap<unsigned, Operation *> loopOps;
  /// Per region, the op each gap precedes.
  SmallVector<SmallVector<Operation *>> gapOps;
  unsigned groupSize = 1;
  /// Lanes of the workgroup, when known.
  std::optional<int64_t> numLanes;
};

/// The LDS hazards of a kernel as the pass manager builds and caches them
/// (`getAnalysis`, `getChildAnalysis`; Transforms' `getKernelAnalysis`):
/// one analysis type per lane ordering, so that passes that assume wave
/// order and passes that do not never share an answer. Not preserved by a
/// pass that changes the kernel's LDS accesses or barriers.
template <bool AssumeWaveOrder>
class KernelLdsHazards : public LdsHazardAnalysis {
public:
  explicit KernelLdsHazards(gpu::GPUFuncOp kernel)
      : LdsHazardAnalysis(kernel, AssumeWaveOrder) {}
};

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_LDS_LDSHAZARDS_H
