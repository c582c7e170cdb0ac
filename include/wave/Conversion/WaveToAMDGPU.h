//===- WaveToAMDGPU.h - Lowering of wave ops to upstream dialects -*- C++ -*-=//
//
// Rewrite patterns lowering each wave op to vector, memref, gpu, amdgpu and
// rocdl ops; `convert-wave-to-amdgpu` applies them all.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_CONVERSION_WAVETOAMDGPU_H
#define WAVE_CONVERSION_WAVETOAMDGPU_H

#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace mlir::wave {

class UniformityInfo;

/// Where the descriptor of a buffer access starts.
enum class BufferBase {
  /// At the memref's start, spanning all of it: a `bounded` access's lanes
  /// outside the shape address 2^31 bytes, past the end.
  Memref,
  /// At the row a `bounded` access's wave reads or writes (its coordinates
  /// before the last, the same in every lane of the wave), spanning that
  /// row, or nothing when the row lies outside the shape: the hardware's
  /// range check alone skips the vectors outside, with no per-lane select.
  Row,
  /// At the workgroup's tile: the memref's start plus the element offset of
  /// the coordinates' terms that are the same in every lane and every
  /// iteration (the tile's origin), spanning at most 2^31 bytes from there; a
  /// `bounded` access's offset is the rest of its coordinates', or 2^31
  /// bytes' worth in a lane whose vector lies outside the shape. For a
  /// memref that may span more than 2^31 bytes.
  Tile,
  /// At the loop step's tile, for an access in a loop whose offsets from the
  /// workgroup's tile may not fit: as `Tile`, with the terms over loop
  /// counters (and other values of the workgroup computed in the loops) in
  /// the origin, so the descriptor is computed at the access, every step.
  StepTile,
};

/// How a lane access becomes a buffer access.
struct BufferAccessPlan {
  BufferBase base = BufferBase::Memref;
  /// The constant element offset an unbounded access leaves to the scalar
  /// offset (see `getScalarBufferOffset`); 0 for a bounded one.
  int64_t scalarElements = 0;
  /// An unbounded access's terms the same in every lane go to the scalar
  /// offset (see `getUniformScalarOffset`); `scalarElements` is then 0.
  bool uniformScalarOffset = false;
};

/// `wave.read` and `wave.write` to vector or per-element memory accesses;
/// those in `bufferAccesses` to buffer accesses as planned (a `bounded`
/// one, see `lowersToBufferAccess`, or an unbounded one with a scalar
/// offset, see `getScalarBufferOffset`). Those in `guardedAccesses` (see
/// `lowersToGuardedAccess`) move their whole vector under one lane
/// predicate, the reads in `transposedReads` (see
/// `lowersToTransposedLdsRead`) become transposed LDS reads. All must
/// outlive the patterns.
void populateWaveLaneAccessLoweringPatterns(
    RewritePatternSet &patterns,
    const llvm::DenseMap<Operation *, BufferAccessPlan> &bufferAccesses,
    const llvm::DenseSet<Operation *> &guardedAccesses,
    const llvm::DenseSet<Operation *> &transposedReads);

/// The coordinates in memory of the logical `coordinates` of an LDS tile
/// with `swizzle` (null: the same): the column XORed with `((row >> log2
/// per_phase) & (max_phase - 1)) << log2 vec` (all powers of two), which
/// the verifier keeps inside the row and inside the access's group.
SmallVector<Value> getLdsPhysicalCoordinates(OpBuilder &builder, Location loc,
                                             SwizzleAttr swizzle,
                                             ValueRange coordinates);

/// The transposed reads of `op` (`lowersToTransposedLdsRead`,
/// wave/Analysis/Lds/TransposedReads.h), their parts put together as its
/// vector.
Value lowerTransposedLdsRead(RewriterBase &rewriter, ReadOp op);

/// The wave collectives to gpu shuffles and reductions and rocdl intrinsics;
/// the reductions and scans in `wholeWave` (findWholeWaveCollectives) take
/// their whole-wave lowering without testing the exec mask. The set must
/// outlive the patterns.
void populateWaveCollectiveLoweringPatterns(
    RewritePatternSet &patterns, const llvm::DenseSet<Operation *> &wholeWave);

/// The `wave.reduce` and `wave.scan` ops of `module` that every lane of their
/// wave runs (`uniformity`, the wave uniformity of `module`): the workgroup
/// is whole waves and each `scf.if` or `scf.for` around the op decides alike
/// in all lanes of a wave.
llvm::DenseSet<Operation *>
findWholeWaveCollectives(gpu::GPUModuleOp module,
                         const UniformityInfo &uniformity);

/// Gives every `scf.if` whose `arith.cmpi` condition reads lane ids but is
/// the same in all active lanes (wave uniformity analysis) a compare of the
/// first active lane's operands, which LLVM lowers as a uniform branch.
void makeUniformBranchesScalar(gpu::GPUModuleOp module);

/// Every `wave.write` marked `wave.direct_to_lds` (wave-direct-to-lds) and
/// the `wave.read` of its value (separated from it by address arithmetic
/// and barriers at most) become one `amdgpu.gather_to_lds` at the write; a
/// marked pair that is no longer one (a pass moved or changed it) stays a
/// load and an LDS write, with a remark. Runs before the other patterns.
void lowerDirectToLdsCopies(gpu::GPUModuleOp module);

/// `wave.alloc_lds`, `wave.barrier` and `wave.mma`.
void populateWaveLdsAndMmaLoweringPatterns(RewritePatternSet &patterns);

/// `gpu.block_dim`, `gpu.grid_dim`, `gpu.global_id`, `gpu.subgroup_id` and
/// `gpu.num_subgroups` to constants and arithmetic on the thread and
/// workgroup ids, from the kernel's `known_block_size`, `known_grid_size`
/// and wave size.
void populateWaveLaunchSizeLoweringPatterns(RewritePatternSet &patterns);

/// Checks that one of those ops can be lowered: emits an error at it and
/// fails when its kernel does not state the sizes it reads.
LogicalResult checkLaunchSizeOp(Operation *op);

/// Whether `op` becomes one vector access (rather than one access per
/// element): its elements run along the innermost, unit-stride dimension and
/// a mask, if any, comes without a cache hint.
bool lowersToVectorAccess(LaneAccessOpInterface op);

/// Whether `op`, a `bounded` access, becomes one buffer access
/// (`amdgpu.raw_buffer_load` / `raw_buffer_store`) of its whole vector
/// rather than a masked one, which the backend splits per element: an
/// unmasked, cached vector access of a row-major global memref whose every
/// vector lies wholly inside or wholly outside the shape
/// (`SymbolicFootprint::isWholeOrNothing`). The hardware checks a buffer
/// access's range per 32-bit word, so only whole vectors skip exactly the
/// elements `bounded` skips. `*base` gets where its descriptor starts:
/// - `BufferBase::Row` when the memref is a kernel argument, the lanes of a
///   wave access one row at a time (`findLaneOffRow`), the last coordinate
///   lies within 2^31 bytes either side of the row's start and a row spans
///   at most 2^31 bytes (dynamic extents bounded by `wave.assume`). The
///   access's offset is its last coordinate; the hardware drops the
///   vectors past the row's end, and all of them in a wave whose row lies
///   outside the shape (its descriptor spans nothing).
/// - `BufferBase::Memref` otherwise, for a memref of at most 2^31 bytes:
///   the offset is the element's, or 2^31 bytes' worth (past the end) in a
///   lane whose vector lies outside; `*rowReason` then says why the row
///   could not be the base.
/// - `BufferBase::Tile` for a larger memref (a kernel argument) when the
///   offsets from the workgroup's tile, the coordinates' terms that vary
///   between lanes or iterations times their strides, are non-negative and
///   end within 2^31 bytes (their ranges, and the extents' under
///   `wave.assume`); `*rowReason` again says why not at the row.
/// - `BufferBase::StepTile` where those offsets may not fit but the offsets
///   from the loop step's tile (the loops' counters in the origin) do.
/// `*reason` says why it is not a buffer access otherwise.
bool lowersToBufferAccess(LaneAccessOpInterface op,
                          std::string *reason = nullptr,
                          BufferBase *base = nullptr,
                          std::string *rowReason = nullptr);

/// Whether the row offset of `op`, a `bounded` access based at its row
/// (`BufferBase::Row`), is computed in `i32`: every extent and every
/// coordinate but the last have `i32` ranges (sizes under `wave.assume`,
/// workgroup ids under `known_block_size`), and so do the strides of those
/// coordinates and the offset of the last row inside the shape. A row
/// outside the shape gets an empty view, so its offset does not matter.
bool hasI32RowOffset(LaneAccessOpInterface op);

/// Whether `value` is computed from lane ids (thread, lane, global or
/// subgroup ids), which LLVM's divergence analysis takes as divergent.
bool readsLaneIds(Value value);

/// Whether `op`, a vector access of several elements (`lowersToVectorAccess`)
/// that is `bounded` or masked, moves its whole vector or nothing in each
/// lane, so that it becomes one access of the whole vector under a lane
/// predicate (`scf.if`: the exec mask) rather than a masked access, which
/// the backend splits per element: its mask, if any, is one `i1` broadcast
/// to the vector, and a `bounded` one's vectors lie wholly inside or wholly
/// outside the shape (`SymbolicFootprint::isWholeOrNothing`), so element 0
/// decides. Any memory and any size: the predicate keeps the lanes outside
/// from addressing memory. `*reason` says why a `bounded` one does not.
bool lowersToGuardedAccess(LaneAccessOpInterface op,
                           std::string *reason = nullptr);

/// The constant element offset an unbounded access `op` leaves to the scalar
/// offset of a buffer access, when it is better made as one: a global load
/// or store whose address is the same variable part plus a constant across
/// accesses needs, beyond `maxImmediateBytes`, a 64-bit vector addition per
/// constant (and LLVM 22's SI Load Store Optimizer then scans the rest of
/// the block for every such access, quadratic in a long block). As a buffer
/// access the constant is an SGPR offset and the variable part, the vector
/// offset, is shared. It applies to an unmasked, cached vector access of a
/// row-major global memref of at most 2^31 bytes whose map results
/// (constant operands folded in) are each a part known to be non-negative
/// (from launch ids and sizes, constants, extents and induction variables)
/// plus a
/// constant, the constants adding up to more than `maxImmediateBytes`
/// bytes: the vector offset is then a part of the in-bounds offset, below
/// 2^31. The scalar offset is the constants' multiple of 4096 bytes; the
/// rest stays with the vector offset. Otherwise none; `*reason` then says
/// why an access with such constants is not a buffer access, and is empty
/// for the others (smaller constants, a `bounded` access, one access per
/// element, memory other than global). With `withinImmediate`, an access
/// that is such an access but for its constants fitting the immediate gives
/// 0 (and no reason when it is not): it can share the descriptor and the
/// vector offset of the accesses of its memref that need one.
std::optional<int64_t> getScalarBufferOffset(LaneAccessOpInterface op,
                                             int64_t maxImmediateBytes,
                                             std::string *reason = nullptr,
                                             bool withinImmediate = false);

/// Whether an unbounded access can be a buffer access whose scalar offset
/// holds the terms of its coordinates the same in every lane of the
/// workgroup (times their strides), with the others in the vector offset,
/// and what that saves. A global access whose address moves with a loop
/// counter takes a 64-bit vector addition each iteration; as such a buffer
/// access the counter's part is an SGPR offset. It applies to an access
/// `getScalarBufferOffset` gives 0 with `withinImmediate` (its constants fit
/// `maxImmediateBytes`) with some such term, when each coordinate's two
/// parts are known to be non-negative and the uniform terms' dimensions
/// have static strides: both offsets are then parts of the in-bounds
/// offset, below 2^31. `*reason` says why not where a uniform term that
/// varies in the loop cannot move.
enum class UniformScalarOffset {
  /// Not such an access.
  None,
  /// No uniform term varies in the innermost loop around the access (or
  /// there is no loop).
  Fixed,
  /// Some uniform term varies in that loop; the other terms do not: the
  /// vector offset is the same in every iteration.
  Varies,
  /// Uniform terms and others vary in that loop.
  VariesWithVector,
};
UniformScalarOffset getUniformScalarOffset(LaneAccessOpInterface op,
                                           int64_t maxImmediateBytes,
                                           std::string *reason = nullptr);

/// The wave of the kernel holding `op`.
struct WaveShape {
  /// Lanes of the wave.
  unsigned size;
  /// Whether ds_bpermute reaches only the lanes of the reading lane's 32-lane
  /// half (waves of 64 on GFX11), so shuffles must also swap the halves.
  bool permutesInHalves;
};

/// The wave of the kernel holding `op`, from its target (getKernelTarget).
std::optional<WaveShape> getWaveShapeAt(Operation *op);

} // namespace mlir::wave

#endif // WAVE_CONVERSION_WAVETOAMDGPU_H
