//===- Execution.h - One execution of an access in a system -----*- C++ -*-===//
//
// The execution model of symbolic footprints: what a footprint records of
// its access (`SymbolicFootprint::Impl`), and one execution of it as
// variables of an integer system, the lane's thread ids, the iteration
// numbers and induction variables of its loops, its uniform values and the
// kernel's assumptions, with the coordinate it touches as affine forms over
// them. Every query builds its system from one or more executions.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_ANALYSIS_FOOTPRINT_EXECUTION_H
#define WAVE_LIB_ANALYSIS_FOOTPRINT_EXECUTION_H

#include "Guards.h"
#include "IndexComposition.h"
#include "LinearSystem.h"

#include "wave/Analysis/Footprint/SymbolicFootprint.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::wave {

class SymbolicFootprint::Impl {
public:
  Operation *op;
  Value memref;
  MemRefType type;
  detail::KernelSizes sizes;
  /// Element 0's coordinate over `leaves`.
  AffineMap map;
  SmallVector<FootprintLeaf> leaves;
  unsigned contiguousDim = 0;
  /// `bounded`: the elements outside the memref's shape are skipped.
  bool bounded = false;
  /// Runs `[first, last]` of slots the access may touch.
  SmallVector<std::pair<int64_t, int64_t>> slotRuns;
  /// Conditions around the access, over `guardLeaves`.
  SmallVector<FootprintLeaf> guardLeaves;
  SmallVector<detail::GuardDnf> guards;
  unsigned inexactGuards = 0;
  /// `scf.for` and `scf.while` ops around the access, outermost first.
  SmallVector<Operation *> loops;
  /// Whether no lane executes the access, once asked.
  mutable std::optional<bool> empty;
};

namespace detail {

/// The variables of a loop around an access in one execution.
struct LoopVars {
  /// The iteration number (from 0) and the induction variable; no
  /// iteration number for an `scf.for` with a non-constant step or an
  /// `scf.while`.
  std::optional<Linear> iteration;
  std::optional<Linear> inductionVar;
};

/// Values shared by the executions of one query.
struct Shared {
  std::array<std::optional<Linear>, 3> workgroupId;
  llvm::DenseMap<Value, Linear> uniforms;
};

/// One execution of an access in a system: the variables of its lane, its
/// loops and its uniform values, and what it touches.
class Execution {
public:
  Execution(System &system, Shared &shared, const SymbolicFootprint::Impl &fp,
            function_ref<bool(Value)> isShared)
      : system(system), shared(shared), fp(fp), isShared(isShared) {}

  /// Creates the variables and constraints of the execution; fails when an
  /// expression cannot be linearized (not affine).
  LogicalResult build();

  /// The extent of dimension `dim` of the accessed memref: a constant, or
  /// the variable of the kernel argument `wave.dims` binds it to; none for
  /// another dynamic extent.
  std::optional<Linear> extentOf(unsigned dim);

  Linear lane;
  /// With `ownWorkgroup`, the execution's workgroup id is its own (the
  /// unset dimensions are created on demand) instead of the shared one.
  bool ownWorkgroup = false;
  std::array<std::optional<Linear>, 3> workgroupId;
  SmallVector<Linear> coordinate;
  /// Alternatives the execution satisfies: its guards, its slot runs.
  SmallVector<Disjunction, 4> choices;
  llvm::DenseMap<Operation *, LoopVars> loopVars;

private:
  FailureOr<Linear> valueOf(const FootprintLeaf &leaf);
  FailureOr<SmallVector<Linear>> valuesOf(ArrayRef<FootprintLeaf> leaves);
  void buildLoop(Operation *loop);
  /// The kernel's `wave.assume` constraints on its arguments.
  LogicalResult addAssumptions();

  System &system;
  Shared &shared;
  const SymbolicFootprint::Impl &fp;
  function_ref<bool(Value)> isShared;
  std::array<Linear, 3> threadId;
  llvm::DenseMap<Value, Linear> uniforms;
};

/// For queries about one execution: no value is shared with another.
inline bool neverShared(Value) { return false; }

/// Whether `value` is computed outside every loop whose iterations may
/// differ between the two executions.
bool isSameInBoth(Value value, IterationRelationFn relationOf);

/// A workgroup id along `dim`: at least 0, and inside the grid when the
/// kernel states it.
Linear addWorkgroupId(System &system, const KernelSizes &sizes, unsigned dim);

/// The thread ids of one lane, as variables of `system` bounded by the
/// workgroup size `block` when known (a dimension of one lane: the constant
/// 0).
std::array<Linear, 3> addThreadIds(System &system,
                                   std::optional<std::array<int64_t, 3>> block);

/// The linear thread id of `threadId` in a workgroup of `block` lanes.
Linear getLinearId(ArrayRef<Linear> threadId, std::array<int64_t, 3> block);

/// Element offset of `coordinate` in the allocation of a memref of `type`;
/// none for a layout that is not static.
std::optional<Linear> getAddress(MemRefType type, ArrayRef<Linear> coordinate);

/// A system whose variables are the arguments of `func` (one each, in
/// order) under its `wave.assume`; none when a constraint is not affine.
std::optional<std::pair<System, SmallVector<Linear>>>
buildLaunchSystem(gpu::GPUFuncOp func);

/// Lets `composer` divide what the launch keeps non-negative: an expression
/// over arguments of `func` alone that no launch of `system` (whose
/// variables `args` are those arguments, as buildLaunchSystem makes them)
/// makes negative composes through truncating and unsigned division and
/// remainder as floordiv and mod. The arguments must outlive the composer.
void proveNonNegativeInLaunch(IndexComposer &composer, gpu::GPUFuncOp func,
                              const System &system, ArrayRef<Linear> args);

} // namespace detail
} // namespace mlir::wave

#endif // WAVE_LIB_ANALYSIS_FOOTPRINT_EXECUTION_H
