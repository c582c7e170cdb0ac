//===- Optimize.cpp - The wave-optimize pipeline --------------------------===//
//
// The order matters:
//  * Fragment expansion runs first: every other pass reads plain access maps.
//  * wave.reduce then replaces the in-wave levels of LDS reduction trees,
//    while the levels are still the branches it recognizes.
//  * Divergence removal runs next: it turns divergent branches into
//    straight-line code, so the LDS accesses they held become unconditional
//    and the barrier pass can order them (no barrier may sit under
//    lane-divergent control flow).
//  * Lane coarsening (opt-in: it changes the launch) follows divergence
//    removal, which turns branches around accesses into straight-line
//    code that it can widen.
//  * Global load minimization rewrites both sides of each global->LDS copy
//    (new lane layouts of the LDS writes), so it runs before the barriers
//    are placed for the accesses that exist in the end.
//  * Tile transposition (the last two dimensions of an LDS tile swapped
//    where the chip reads columns transposed) counts the LDS writes that
//    load minimization leaves, and comes before the passes that pipeline and
//    lay out tiles, so that they see each tile as it is stored.
//  * Loop pipelining moves the staged global reads a loop makes (after
//    minimization has made them few and wide) an iteration ahead; with LDS
//    buffers it also moves LDS writes, so it runs before barrier insertion.
//  * LDS layout optimization runs on the final LDS accesses (after load
//    minimization rewrote the writes and pipelining moved them or gave
//    their tiles more buffers), before barriers: it may split an
//    access into one a swizzle group, and padding or swizzling changes no
//    hazard (both are bijections on a tile's elements).
//  * Barrier insertion runs after every pass that creates, moves or removes
//    LDS accesses, and drops the barriers that order nothing.
//  * canonicalize and cse fold the index arithmetic the passes create; they
//    neither move nor drop barriers and LDS accesses (both have effects).
//  * The register budget is last: it needs the final register pressure, and
//    its LDS spill slots are per lane, so they add no cross-lane hazard.
//
//===----------------------------------------------------------------------===//

#include "wave/Pipelines/Optimize.h"
#include "wave/Conversion/Passes.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::wave;

void mlir::wave::buildWaveOptimizePipeline(OpPassManager &pm,
                                           const WaveOptimizeOptions &options) {
  OpPassManager &gpuModule = pm.nest<gpu::GPUModuleOp>();
  // Fragment accesses become plain ones before anything reads access maps,
  // and accesses of views accesses of the memrefs they view.
  gpuModule.addPass(createExpandFragments());
  gpuModule.addPass(createWaveFoldSubviews());
  if (!options.chip.empty()) {
    WaveAttachTargetOptions target;
    target.chip = options.chip;
    gpuModule.addPass(createWaveAttachTarget(target));
  }
  // The kernel passes change one gpu.func each: anchored on gpu.func, the
  // pass manager runs them on the kernels in parallel.
  OpPassManager &kernels = gpuModule.nest<gpu::GPUFuncOp>();
  if (options.fastMath) {
    WaveFastMathOptions fastMath;
    fastMath.finite = options.finiteMath;
    kernels.addPass(createWaveFastMath(fastMath));
  }
  kernels.addPass(createWaveUseCollectives());
  RemoveDivergenceOptions divergence;
  divergence.threshold = options.divergenceThreshold;
  kernels.addPass(createRemoveDivergence(divergence));
  if (options.coarsenLanes)
    kernels.addPass(createWaveCoarsenLanes());
  kernels.addPass(createWaveMinimizeGlobalLoads());
  kernels.addPass(createWaveTransposeLdsTiles());
  // Direct copies are the linear layout's reads and writes as one op, which
  // pipelining in LDS buffers moves together (in registers it would undo
  // them), before the LDS layouts (which keep their tiles unpadded).
  if (options.directToLds)
    kernels.addPass(createWaveDirectToLds());
  if (options.pipelineStages != 0) {
    WavePipelineLoopsOptions pipelining;
    pipelining.stages = options.pipelineStages;
    pipelining.buffer =
        options.directToLds ? PipelineBuffer::Lds : options.pipelineInLds;
    kernels.addPass(createWavePipelineLoops(pipelining));
  }
  kernels.addPass(createWaveOptimizeLdsLayout());
  kernels.addPass(createWaveInsertBarriers());
  // Last on the kernel's structure: the first iteration of a short loop of
  // run-time trip count, barriers and all, as straight-line code.
  kernels.addPass(createWavePeelLoops());
  pm.addPass(createWaveCanonicalize());
  pm.addPass(createWaveCse());
  if (options.budgetRegisters) {
    BudgetRegistersOptions budget;
    budget.occupancy = options.occupancy;
    pm.nest<gpu::GPUModuleOp>().nest<gpu::GPUFuncOp>().addPass(
        createBudgetRegisters(budget));
  }
}

void mlir::wave::registerWaveOptimizePipeline() {
  PassPipelineRegistration<WaveOptimizeOptions>(
      "wave-optimize",
      "Runs the kernel-level optimizations: divergence removal, global load "
      "minimization, loop pipelining, LDS layouts, barrier insertion, "
      "clean-ups and register budgeting",
      buildWaveOptimizePipeline);
}
