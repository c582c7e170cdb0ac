//===- Optimize.h - The wave-optimize pipeline ------------------*- C++ -*-===//
//
// The kernel-level optimizations as one pipeline, run by
// `wave-opt --wave-optimize`; `wave-to-upstream{optimize}` (wave-compile -O2
// and -O3) runs it without `chip` and `budget-registers`, after fixing the
// chip itself:
//
//   wave-expand-fragments         MMA fragment accesses -> plain accesses
//   wave-attach-target{chip}      (only with `chip`) fixes the kernels' chip
//   wave-fast-math{finite}        (only with `fast-math`) fast-math flags
//   wave-use-collectives          LDS reduction trees -> wave.reduce
//   wave-remove-divergence        cheap divergent branches -> selects
//   wave-coarsen-lanes            (only with `coarsen-lanes`) wider lanes
//   wave-minimize-global-loads    global->LDS copies -> widest coalesced loads
//   wave-direct-to-lds            (only with `direct-to-lds`) staged copies
//                                 -> global_load_lds, without registers
//   wave-pipeline-loops           (unless pipeline-stages=0) staged global
//                                 reads issued iterations ahead
//   wave-optimize-lds-layout      each LDS tile's padding or swizzle
//   wave-insert-barriers          the fewest barriers ordering LDS hazards
//   wave-peel-loops               first iterations of short run-time loops
//   canonicalize, cse             fold the index arithmetic the passes create
//   wave-budget-registers         (only with `budget-registers`) occupancy
//
// docs/performance.md explains the order and what each pass buys.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_PIPELINES_OPTIMIZE_H
#define WAVE_PIPELINES_OPTIMIZE_H

#include "wave/Dialect/Wave/Transforms/PipelineBuffer.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::wave {

/// Options of the `wave-optimize` pipeline.
struct WaveOptimizeOptions : public PassPipelineOptions<WaveOptimizeOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("AMDGPU processor the kernels are optimized for (runs "
                     "wave-attach-target first; empty: each kernel's chip)"),
      llvm::cl::init("")};
  PassOptions::Option<unsigned> occupancy{
      *this, "occupancy",
      llvm::cl::desc("Waves per SIMD for wave-budget-registers (0: each "
                     "kernel's #wave.kernel occupancy)"),
      llvm::cl::init(0)};
  PassOptions::Option<unsigned> divergenceThreshold{
      *this, "divergence-threshold",
      llvm::cl::desc("Largest speculated cost of a divergent branch "
                     "wave-remove-divergence turns into selects"),
      llvm::cl::init(8)};
  PassOptions::Option<bool> coarsenLanes{
      *this, "coarsen-lanes",
      llvm::cl::desc("Run wave-coarsen-lanes: lane-private kernels give each "
                     "lane several lanes' elements and shrink the workgroup "
                     "(changes the launch; wave-compile turns it on at -O3)"),
      llvm::cl::init(false)};
  PassOptions::Option<unsigned> pipelineStages{
      *this, "pipeline-stages",
      llvm::cl::desc("Stages of wave-pipeline-loops (0: no pipelining)"),
      llvm::cl::init(2)};
  PassOptions::Option<bool> directToLds{
      *this, "direct-to-lds",
      llvm::cl::desc("Run wave-direct-to-lds after wave-minimize-global-loads "
                     "(staged tiles copied with global_load_lds) and pipeline "
                     "loops in LDS buffers, which keep the copies (off: not "
                     "measured faster, docs/passes/wave-direct-to-lds.md)"),
      llvm::cl::init(false)};
  PassOptions::Option<PipelineBuffer> pipelineInLds{
      *this, "pipeline-in-lds",
      llvm::cl::desc("Whether wave-pipeline-loops keeps the prefetched "
                     "stages in LDS buffers of the staged tiles rather than "
                     "in registers (more LDS, fewer VGPRs, the LDS writes of "
                     "a step off its critical path; direct-to-lds implies "
                     "true)"),
      llvm::cl::init(PipelineBuffer::Auto), getPipelineInLdsValues()};
  PassOptions::Option<bool> fastMath{
      *this, "fast-math",
      llvm::cl::desc("Start with wave-fast-math: afn, arcp and contract on "
                     "every float op (wave-compile --fast-math)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> finiteMath{
      *this, "finite-math",
      llvm::cl::desc("With fast-math, also nnan and ninf (wave-compile "
                     "--fast-math=finite)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> budgetRegisters{
      *this, "budget-registers",
      llvm::cl::desc("End with wave-budget-registers (wave-compile turns it "
                     "off: its lowering budgets for the final chip)"),
      llvm::cl::init(true)};
};

/// Appends the wave-optimize passes, in the order above, to `pm` (which runs
/// on a builtin.module).
void buildWaveOptimizePipeline(OpPassManager &pm,
                               const WaveOptimizeOptions &options);

/// Registers the pipeline as `wave-optimize`.
void registerWaveOptimizePipeline();

} // namespace mlir::wave

#endif // WAVE_PIPELINES_OPTIMIZE_H
