//===- Uniformity.h - Which values are the same in every lane -*- C++ -*-===//
//
// A sparse forward dataflow analysis on MLIR's dataflow framework that
// classifies every SSA value of a kernel as uniform (the same in all active
// lanes of a wave) or divergent (it may differ between lanes).
//
// Divergence comes from lane-dependent sources (`gpu.thread_id`,
// `gpu.lane_id`, `gpu.global_id`, `wave.shuffle`, `wave.scan`, `wave.mma`),
// flows through the operands of every op (a load through a divergent address
// is divergent), and from the
// control decisions of structured control flow: the results of an `scf.if`
// on a divergent condition, or of a loop whose bounds or exit condition are
// divergent, are divergent even when every yielded value is uniform, because
// different lanes take different paths. Values computed inside such a region
// from uniform values stay uniform: the lanes that execute them agree.
//
// Workgroup ids, block and grid sizes, constants, kernel arguments and the
// results of `wave.reduce`, `wave.broadcast`, `wave.ballot`, `wave.any` and
// `wave.all` are uniform. So is integer arithmetic on thread ids that takes
// one value in every lane of each wave (`tid < 64`, `tid / 64` with waves of
// 64, `thread_id y` of a 64x4 workgroup), which the analysis finds by
// evaluating it in every lane of a workgroup of known size.
//
// docs/passes/wave-remove-divergence.md describes the analysis in full.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_UNIFORMITY_UNIFORMITY_H
#define WAVE_ANALYSIS_UNIFORMITY_UNIFORMITY_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Value.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::wave {

/// The lattice uninitialized < uniform < divergent. `Uninitialized` marks
/// values the analysis has not reached (dead code).
class Uniformity {
public:
  enum class Kind { Uninitialized, Uniform, Divergent };

  Uniformity() = default;
  Uniformity(Kind kind) : kind(kind) {}
  static Uniformity uniform() { return Kind::Uniform; }
  static Uniformity divergent() { return Kind::Divergent; }

  Kind getKind() const { return kind; }
  bool isUninitialized() const { return kind == Kind::Uninitialized; }
  bool isUniform() const { return kind == Kind::Uniform; }
  bool isDivergent() const { return kind == Kind::Divergent; }

  bool operator==(const Uniformity &other) const { return kind == other.kind; }

  /// The least upper bound: divergent wins over uniform.
  static Uniformity join(const Uniformity &lhs, const Uniformity &rhs) {
    return lhs.kind > rhs.kind ? lhs : rhs;
  }

  void print(raw_ostream &os) const;

private:
  Kind kind = Kind::Uninitialized;
};

/// The uniformity of one SSA value.
class UniformityLattice : public dataflow::Lattice<Uniformity> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(UniformityLattice)
  using Lattice::Lattice;
};

/// Loads the uniformity analyses into `solver`, which must also hold the
/// analyses every sparse analysis needs (`dataflow::loadBaselineAnalyses`:
/// `DeadCodeAnalysis` and `SparseConstantPropagation`). Run the solver, then
/// query it with `getUniformity`.
void loadUniformityAnalysis(DataFlowSolver &solver);

/// The uniformity `solver` computed for `value` (uninitialized when it was
/// never reached).
Uniformity getUniformity(const DataFlowSolver &solver, Value value);

/// Why `solver` did not evaluate `value` in every lane to see whether it is
/// the same across each wave: the bound of that evaluation it exceeded, as a
/// sentence for a remark ("lane values of 'arith.cmpi' not enumerated: its
/// expression is more than 32 ops deep; treated as divergent"). None when
/// no bound was reached.
std::optional<std::string> getLaneValuesLimit(const DataFlowSolver &solver,
                                              Value value);

/// Ops whose result depends on which lanes of the wave are active (the
/// `mlir::wave::Convergent` trait, and the upstream `gpu`/`amdgpu` collectives
/// and barriers): moving them into or out of divergent control flow changes
/// their meaning.
bool isConvergent(Operation *op);

/// Workgroup barriers (`wave.barrier`, `gpu.barrier`, `amdgpu.lds_barrier`).
bool isBarrier(Operation *op);

/// The uniformity of every value under one op, computed once.
class UniformityInfo {
public:
  /// Runs the analysis on `top` (a module, `gpu.module` or `gpu.func`).
  /// Check `succeeded()` before querying.
  explicit UniformityInfo(Operation *top);
  ~UniformityInfo();

  bool succeeded() const { return solved; }
  Uniformity get(Value value) const { return getUniformity(*solver, value); }
  /// True only for values proved the same in every active lane.
  bool isUniform(Value value) const { return get(value).isUniform(); }
  /// True for values that may differ between lanes.
  bool isDivergent(Value value) const { return get(value).isDivergent(); }
  /// See `getLaneValuesLimit`.
  std::optional<std::string> getLaneValuesLimit(Value value) const {
    return mlir::wave::getLaneValuesLimit(*solver, value);
  }

private:
  std::unique_ptr<DataFlowSolver> solver;
  bool solved = false;
};

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_UNIFORMITY_UNIFORMITY_H
