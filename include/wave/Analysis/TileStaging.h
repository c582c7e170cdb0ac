//===- TileStaging.h - Global-to-LDS tile staging ---------------*- C++ -*-===//
//
// A kernel stages a tile when `wave.read`s of global memory feed `wave.write`s
// of the same values to LDS. Written in an MMA-operand layout, such a copy
// makes each lane load a few scattered elements. This analysis finds the
// reads and writes that stage one tile, proves from their footprints that
// the workgroup copies a dense box of global memory to LDS by one
// translation, and plans the linear layout in which consecutive lanes load
// consecutive runs of up to 128 bits: the fewest, fully coalesced loads.
// `wave-minimize-global-loads` rewrites the kernel from the plan;
// docs/passes/wave-minimize-global-loads.md explains the algorithm.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_TILESTAGING_H
#define WAVE_ANALYSIS_TILESTAGING_H

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AffineExpr.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::wave {

//===----------------------------------------------------------------------===//
// Staging groups
//===----------------------------------------------------------------------===//

/// Why a tile's staging cannot be re-mapped (or need not be).
enum class StagingFailure {
  /// A global read feeding an LDS write has other users.
  OtherUsers,
  /// An access has no footprint, is masked, or mixes thread ids with
  /// workgroup ids or induction variables in a non-linear way.
  Unanalyzable,
  /// The global memref has a dynamic extent, stride or offset.
  DynamicExtent,
  /// The workgroup's reads do not cover exactly a box of global memory.
  NotDenseBox,
  /// The LDS writes do not place the box by one translation.
  NotBijective,
  /// The global memref has no unit-stride dimension along which runs lie.
  NotContiguous,
  /// The copy cannot move to one place: lane-dependent control flow, or an
  /// op between the reads and writes that may write the memory involved.
  NotMovable,
  /// The linear layout would make lanes read LDS other lanes wrote where
  /// each lane read only its own elements: a barrier the kernel does not
  /// have.
  NeedsBarrier,
  /// The linear layout would not need fewer loads (not a bail-out).
  AlreadyMinimal,
};

/// One global read and the LDS write of its value.
struct StagingPair {
  ReadOp read;
  WriteOp write;
};

/// The LDS writes of one block that copy values read from one global memref
/// into one LDS tile, with no barrier or other access to the tile between
/// them: the staging of that tile for one loop iteration.
struct StagingGroup {
  Block *block = nullptr;
  /// The LDS memref written and the global memref read.
  Value tile, source;
  /// In block order of the writes.
  SmallVector<StagingPair> pairs;
  /// Set when a member cannot be re-mapped whatever the footprints say: a
  /// read with other users, or one in another block than its write.
  Operation *blocker = nullptr;
  StagingFailure blockerKind = StagingFailure::OtherUsers;
  std::string blockerReason;
};

/// The staging groups of `kernel`, block by block, in program order.
SmallVector<StagingGroup> findStagingGroups(gpu::GPUFuncOp kernel);

//===----------------------------------------------------------------------===//
// Plans
//===----------------------------------------------------------------------===//

/// A term `coefficient * leaf` of the translation of a coordinate by
/// workgroup ids, loop induction variables and uniform values.
struct UniformTerm {
  FootprintLeaf leaf;
  int64_t coefficient = 0;
};

/// What one staging of a tile costs a workgroup.
struct StagingCost {
  /// `wave.read` ops.
  int64_t readOps = 0;
  /// Memory load instructions summed over lanes (one per lane and load).
  int64_t laneLoads = 0;
  /// Load instructions summed over waves (a wave issues a load when at least
  /// one of its lanes takes part).
  int64_t waveLoads = 0;
  /// Bytes the lanes load.
  int64_t bytes = 0;
};

/// How to restage a group: run `r` (of `numRuns`) covers `width` elements of
/// the box, contiguous in memory, at row-major position `r * width` over the
/// box (dimensions in `dimOrder`); lane `t` (linear thread id) loads runs
/// `t`, `t + numLanes`, ... in its reads 0, 1, ....
struct StagingPlan {
  SmallVector<StagingPair> pairs;
  Value tile, source;
  /// The op after which the new reads and writes go (the group's last).
  Operation *lastOp = nullptr;

  /// The box at zero translation, in global coordinates.
  SmallVector<int64_t> lowerBounds, extents;
  /// Translation of the box by workgroup ids, induction variables and
  /// uniform values, per global and per LDS dimension.
  SmallVector<SmallVector<UniformTerm>> sourceOffset, tileOffset;
  /// LDS coordinate minus global coordinate at zero translation.
  SmallVector<int64_t> tileShift;
  /// Box dimensions from the outermost to the innermost; the last one is
  /// `contiguousDim`, the global memref's unit-stride dimension.
  SmallVector<unsigned> dimOrder;
  unsigned contiguousDim = 0;

  /// Elements a run (every run's start is provably aligned to its size),
  /// runs, reads a lane and lanes of the workgroup.
  int64_t width = 1, numRuns = 0, readsPerLane = 0, numLanes = 0;
  std::array<int64_t, 3> workgroupSize = {1, 1, 1};
  unsigned waveSize = 64;
  std::optional<CacheHint> cache;
  /// The new reads are `bounded`: a read of the group is, and may cross
  /// the memref's edge (an edge tile of a run-time size). Skipping depends
  /// on the element only, so the linear layout skips the same elements.
  bool bounded = false;
  StagingCost before, after;
  /// Where the plan gave up precision or decided by enumeration, why (the
  /// pass reports it in a remark); empty otherwise.
  std::string note;

  /// Lanes that take part in read `read` (all but in the tail).
  int64_t getActiveLanes(int64_t read) const;
  /// Whether the last read leaves lanes out (the box is not a multiple of
  /// `numLanes * width` elements).
  bool needsMask() const { return readsPerLane * numLanes > numRuns; }
  /// Box coordinates at zero translation (lower bounds included) of the
  /// first element of run `run`; with `wrap`, of run `run mod numRuns`, so
  /// that the lanes a mask leaves out still address the box.
  SmallVector<AffineExpr> getRunCoordinates(AffineExpr run, bool wrap) const;
  /// The same for a run number.
  SmallVector<int64_t> getRunStart(int64_t run) const;
};

/// A reason not to re-map a group, anchored at the op it concerns.
struct StagingDiagnostic {
  StagingFailure kind = StagingFailure::Unanalyzable;
  Operation *op = nullptr;
  std::string reason;
};

/// Proves that `group` copies a dense box by one translation and plans its
/// linear layout with runs of at most `loadBits` bits. Fails with the reason
/// in `diagnostic` otherwise.
FailureOr<StagingPlan> planStaging(const StagingGroup &group, unsigned loadBits,
                                   StagingDiagnostic &diagnostic);

/// Whether two memrefs may share memory: false only for different address
/// spaces (global and LDS) and for different `wave.alloc_lds` tiles.
bool mayAlias(Value a, Value b);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_TILESTAGING_H
