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

namespace mlir::wave {

/// `wave.read` and `wave.write` to vector or per-element memory accesses.
void populateWaveLaneAccessLoweringPatterns(RewritePatternSet &patterns);

/// The wave collectives to gpu shuffles and reductions and rocdl intrinsics.
void populateWaveCollectiveLoweringPatterns(RewritePatternSet &patterns);

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

/// The wave of the kernel holding `op`.
struct WaveShape {
  /// Lanes of the wave.
  unsigned size;
  /// Whether ds_bpermute reaches only the lanes of the reading lane's 32-lane
  /// half (waves of 64 on GFX11), so shuffles must also swap the halves.
  bool permutesInHalves;
};

/// The wave of the kernel holding `op`: the wave size and chip of its
/// `wave.kernel` attribute, else those of its gpu.module's `#rocdl.target`.
std::optional<WaveShape> getWaveShapeAt(Operation *op);

} // namespace mlir::wave

#endif // WAVE_CONVERSION_WAVETOAMDGPU_H
