//===- KernelLds.h - LDS a kernel allocates ----------------------*- C++
//-*-===//
//
// The LDS of one workgroup as the occupancy model counts it, shared by the
// passes that add LDS and must keep an occupancy reachable
// (wave-budget-registers, wave-pipeline-loops).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_KERNELLDS_H
#define WAVE_DIALECT_WAVE_TRANSFORMS_KERNELLDS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::wave {

/// The backend aligns each LDS allocation; counting every buffer at a
/// multiple of this many bytes keeps LDS estimates upper bounds.
constexpr unsigned kLdsAllocationAlignment = 16;

/// `bytes` rounded up to the allocation alignment.
unsigned getAlignedLdsBytes(int64_t bytes);

/// LDS a workgroup of `func` allocates itself: its `wave.alloc_lds` tiles
/// and workgroup attributions, each aligned.
unsigned getKernelLdsBytes(gpu::GPUFuncOp func);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_KERNELLDS_H
