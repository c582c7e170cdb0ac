//===- StagingGroups.h - The reads and writes that stage a tile -*- C++ -*-===//
//
// A kernel stages a tile when `wave.read`s of global memory feed `wave.write`s
// of the same values to LDS. This finds the pairs of one tile: the reads of
// one global memref whose values are written to one LDS tile.
// StagingPlan.h proves and plans the copy.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_STAGING_STAGINGGROUPS_H
#define WAVE_ANALYSIS_STAGING_STAGINGGROUPS_H

#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::wave {

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

/// Whether two memrefs may share memory: false only for different address
/// spaces (global and LDS) and for different `wave.alloc_lds` tiles.
bool mayAlias(Value a, Value b);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_STAGING_STAGINGGROUPS_H
