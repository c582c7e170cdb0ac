//===- Passes.h - Kernel-level passes of the wave dialect -------*- C++ -*-===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_H
#define WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_H

#include "wave/Dialect/Wave/IR/WaveDialect.h"
#include "wave/Dialect/Wave/Transforms/Kernels.h"
#include "wave/Dialect/Wave/Transforms/PipelineBuffer.h"
#include "wave/Dialect/Wave/Transforms/StatisticCounts.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::wave {

#define GEN_PASS_DECL
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_H
