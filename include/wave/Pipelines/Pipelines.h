//===- Pipelines.h - The named pipelines of wave-compile --------*- C++ -*-===//
//
// wave-compile runs these pipelines, and wave-opt registers them under the
// same names, so one `wave-opt --pass-pipeline=...` reproduces each stage:
//
//   wave-to-upstream         gpu.launch bodies outlined, kernels on memref
//                            descriptors (with `memref-descriptors`),
//                            MMA fragments expanded, the chip fixed once
//                            (wave-attach-target), then
//                            the kernel passes (Transforms: wave-optimize's
//                            with `optimize`, the register budget), then the
//                            wave ops -> vector, memref, gpu, amdgpu, rocdl
//   wave-upstream-to-rocdl   upstream dialects -> llvm + rocdl (gpu.module)
//   wave-export-llvm-module  (a pass) gpu.module -> translatable module
//   wave-lower-to-rocdl      the three in a row: what wave-compile runs
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_PIPELINES_PIPELINES_H
#define WAVE_PIPELINES_PIPELINES_H

#include "wave/Dialect/Wave/Transforms/PipelineBuffer.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::wave {

/// Options of the lowering pipelines.
struct WaveLoweringOptions : public PassPipelineOptions<WaveLoweringOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("AMDGPU processor to compile for"),
      llvm::cl::init("gfx942")};
  PassOptions::Option<unsigned> codeObjectVersion{
      *this, "code-object-version",
      llvm::cl::desc("HSA code object version (5 or 6)"), llvm::cl::init(5)};
  PassOptions::Option<unsigned> occupancy{
      *this, "occupancy",
      llvm::cl::desc("Waves per SIMD to budget every kernel's registers for "
                     "(0: each kernel's #wave.kernel occupancy)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> optimize{
      *this, "optimize",
      llvm::cl::desc("Run wave-optimize's kernel passes after fixing the chip "
                     "(wave-compile: at -O2 and -O3)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> fastMath{
      *this, "fast-math",
      llvm::cl::desc("Run wave-fast-math (with or without `optimize`): "
                     "afn, arcp, contract (wave-compile --fast-math)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> finiteMath{
      *this, "finite-math",
      llvm::cl::desc("With fast-math, also nnan and ninf"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> memrefDescriptors{
      *this, "memref-descriptors",
      llvm::cl::desc("Kernels take memrefs as upstream's memref descriptors "
                     "(gpu-to-llvm's default), not as bare pointers (HIP)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> scheduleLoops{
      *this, "schedule-loops",
      llvm::cl::desc("With `optimize`, run wave-schedule-loops on the lowered "
                     "loops (off: it does not pay on the examples' loops, "
                     "docs/passes/wave-schedule-loops.md)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> pingPong{
      *this, "ping-pong",
      llvm::cl::desc("With `optimize`, run wave-ping-pong on the lowered "
                     "loops of 8-wave workgroups (docs/passes/"
                     "wave-ping-pong.md)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> interleaveMfmas{
      *this, "interleave-mfmas",
      llvm::cl::desc("With `optimize`, run wave-interleave-mfmas on the "
                     "lowered loops (off by default: it costs the examples' "
                     "attention loop and a spilling GEMM, "
                     "docs/passes/wave-interleave-mfmas.md)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> coverBarriers{
      *this, "cover-barriers",
      llvm::cl::desc("With `optimize`, run wave-cover-barriers on the "
                     "lowered loops that no other scheduling pass ordered "
                     "(docs/passes/wave-cover-barriers.md)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> coarsenLanes{
      *this, "coarsen-lanes",
      llvm::cl::desc("With `optimize`, also run wave-coarsen-lanes, which "
                     "changes the launch (wave-compile: at -O3)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> directToLds{
      *this, "direct-to-lds",
      llvm::cl::desc("With `optimize`, also run wave-direct-to-lds (staged "
                     "tiles copied with global_load_lds; off by default)"),
      llvm::cl::init(false)};
  PassOptions::Option<PipelineBuffer> pipelineInLds{
      *this, "pipeline-in-lds",
      llvm::cl::desc("With `optimize`, whether wave-pipeline-loops keeps the "
                     "prefetched stages in LDS buffers rather than in "
                     "registers"),
      llvm::cl::init(PipelineBuffer::Auto), getPipelineInLdsValues()};
};

/// Stage 1: gpu.launch bodies are outlined into gpu.modules, whose kernels
/// are fixed to the chip, optimized (with `optimize`), given their register
/// budget, and their wave ops lowered to upstream dialects. Host code is left
/// as it is; every gpu.module is compiled.
void buildWaveToUpstreamPipeline(OpPassManager &pm,
                                 const WaveLoweringOptions &options);

/// Stage 2: every gpu.module is lowered to the llvm and rocdl dialects.
void buildUpstreamToROCDLPipeline(OpPassManager &pm,
                                  const WaveLoweringOptions &options);

/// All stages, ending in a module `mlir-translate --mlir-to-llvmir` accepts.
void buildWaveLowerToROCDLPipeline(OpPassManager &pm,
                                   const WaveLoweringOptions &options);

/// Registers the pipelines with the names above.
void registerWavePipelines();

} // namespace mlir::wave

#endif // WAVE_PIPELINES_PIPELINES_H
