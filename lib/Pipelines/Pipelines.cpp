//===- Pipelines.cpp - The named pipelines of wave-compile ----------------===//

#include "wave/Pipelines/Pipelines.h"
#include "wave/Conversion/Passes.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Pipelines/Optimize.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToAMDGPU/ArithToAMDGPU.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::wave;

void mlir::wave::buildWaveToUpstreamPipeline(
    OpPassManager &pm, const WaveLoweringOptions &options) {
  // A program whose kernels are still gpu.launch bodies gets them outlined
  // into gpu.modules; host code stays as it is.
  pm.addPass(createWaveOutlineLaunches());
  // Before the chip is fixed: wave-attach-target checks the arguments.
  if (options.memrefDescriptors)
    pm.nest<gpu::GPUModuleOp>().addPass(createWaveMemrefDescriptorArguments());
  // Fragment accesses become plain ones before anything reads access maps
  // (wave-optimize starts with that itself), and the chip is fixed once,
  // before any pass that reads it.
  if (!options.optimize) {
    // Packing MMA operands along K is an optimization: without wave-optimize
    // the fragments keep the kind's K order.
    ExpandFragmentsOptions expand;
    expand.packK = false;
    pm.nest<gpu::GPUModuleOp>().addPass(createExpandFragments(expand));
    pm.nest<gpu::GPUModuleOp>().addPass(createWaveFoldSubviews());
  }
  WaveAttachTargetOptions target;
  target.chip = options.chip;
  target.codeObjectVersion = options.codeObjectVersion;
  pm.nest<gpu::GPUModuleOp>().addPass(createWaveAttachTarget(target));
  // Upstream's gpu.subgroup_mma ops become the MMA kinds of the chip just
  // fixed, as plain accesses and wave.mma.
  pm.nest<gpu::GPUModuleOp>().addPass(createWaveConvertSubgroupMma());
  // The kernel passes, all before the conversion. The register budget runs
  // here rather than in wave-optimize: it is needed at every level.
  if (options.optimize) {
    WaveOptimizeOptions optimize;
    optimize.budgetRegisters = false;
    optimize.coarsenLanes = options.coarsenLanes;
    optimize.directToLds = options.directToLds;
    optimize.pipelineInLds = options.pipelineInLds;
    optimize.fastMath = options.fastMath;
    optimize.finiteMath = options.finiteMath;
    buildWaveOptimizePipeline(pm, optimize);
  } else if (options.fastMath) {
    WaveFastMathOptions fastMath;
    fastMath.finite = options.finiteMath;
    pm.addPass(createWaveFastMath(fastMath));
  }
  OpPassManager &gpuModule = pm.nest<gpu::GPUModuleOp>();
  // The chip's MMA kinds of twice the K, at every level: the same source
  // runs at the chip's rate. Last on wave IR: the register budget for the
  // chip just fixed, and its LDS spill slots as volatile accesses LLVM
  // cannot fold away.
  BudgetRegistersOptions budget;
  budget.occupancy = options.occupancy;
  OpPassManager &kernels = gpuModule.nest<gpu::GPUFuncOp>();
  kernels.addPass(createWaveWidenMma());
  kernels.addPass(createBudgetRegisters(budget));
  kernels.addPass(createLowerSpillSlots());
  // Lowering choices that rest on wave analyses belong with wave-optimize.
  ConvertWaveToAMDGPUOptions lowering;
  lowering.uniformBranches = options.optimize;
  lowering.scalarOffsets = options.optimize;
  gpuModule.addPass(createConvertWaveToAMDGPU(lowering));
  // cse comes after convert-scf-to-cf, in wave-upstream-to-rocdl.
  gpuModule.addPass(createWaveCanonicalize());
}

void mlir::wave::buildUpstreamToROCDLPipeline(
    OpPassManager &pm, const WaveLoweringOptions &options) {
  OpPassManager &gpuModule = pm.nest<gpu::GPUModuleOp>();
  gpuModule.addPass(createWaveLowerSubgroupReduce());
  // Before convert-gpu-to-rocdl, which would give exp and division under
  // afn LLVM's accurate sequences.
  gpuModule.addPass(createWaveLowerApproximateMath());
  // Every math op to the backend's instructions or an expansion:
  // convert-gpu-to-rocdl would call the ROCm device library for most of
  // them, which is not linked.
  gpuModule.addPass(createWaveLowerMath());
  // Float sums from -0.0, which LLVM folds, not upstream's +0.0.
  gpuModule.addPass(createWaveLowerVectorReductions());
  // Views (memref.subview of a kernel argument) become their base and
  // offsets, computed by affine.apply: before the affine lowering.
  gpuModule.addPass(memref::createExpandStridedMetadataPass());
  gpuModule.addPass(createLowerAffinePass());
  // The scf.ifs outside loops last to first: convert-scf-to-cf, first to
  // last, moves the rest of the block at each of them.
  gpuModule.addPass(createWaveLowerScfIf());
  // Without rollback the conversion splits a block at each scf.if in place;
  // with it, it moves the rest of the block op by op and records each move,
  // which is quadratic in long code with many branches.
  SCFToControlFlowPassOptions scfToCf;
  scfToCf.allowPatternRollback = false;
  gpuModule.addPass(createSCFToControlFlowPass(scfToCf));
  // cse hashes an scf.if by its operands and result types, not its regions:
  // n branches on one condition land in one bucket and each is compared with
  // every one before it. Here they are blocks, and the output is the same as
  // with cse before the lowering above.
  gpuModule.addPass(createCSEPass());
  // arith.extf and arith.truncf of the 8-bit float types become the chip's
  // conversion instructions (v_cvt_f32_fp8, v_cvt_pk_fp8_f32, ...), which
  // convert-gpu-to-rocdl lowers: arith-to-llvm has none for them.
  ArithToAMDGPUConversionPassOptions arithToAmdgpu;
  arithToAmdgpu.chipset = options.chip;
  gpuModule.addPass(createArithToAMDGPUConversionPass(arithToAmdgpu));
  // Kernels take bare pointers and see their memrefs through HIP's ABI.
  ConvertGpuOpsToROCDLOpsOptions rocdl;
  rocdl.chipset = options.chip;
  rocdl.useBarePtrCallConv = true;
  rocdl.runtime = gpu::amd::Runtime::HIP;
  gpuModule.addPass(createConvertGpuOpsToROCDLOps(rocdl));
  // What convert-gpu-to-rocdl leaves: vector mask ops and the index casts
  // their lowering creates.
  gpuModule.addPass(createConvertVectorToLLVMPass());
  gpuModule.addPass(createArithToLLVMConversionPass());
  gpuModule.addPass(createCanonicalizerPass());
  gpuModule.addPass(createCSEPass());
  gpuModule.addPass(createReconcileUnrealizedCastsPass());
  // Long straight-line code in bounded scheduling regions: the backend's
  // scheduler grows faster than its regions.
  gpuModule.addNestedPass<LLVM::LLVMFuncOp>(createWaveBoundSchedRegions());
  // The two waves of a SIMD in 8-wave workgroups a phase apart, one in its
  // MFMAs while the other is in its memory accesses.
  if (options.optimize && options.pingPong)
    gpuModule.addNestedPass<LLVM::LLVMFuncOp>(createWavePingPong());
  // MFMAs interleaved with their loop's memory accesses, in the regions the
  // cuts above leave, where the pass's model says it pays.
  if (options.optimize && options.scheduleLoops)
    gpuModule.addNestedPass<LLVM::LLVMFuncOp>(createWaveScheduleLoops());
  // Each MFMA's issue shadow filled with the loop's other work, the order
  // fenced; a loop given schedule groups above is left to them.
  if (options.optimize && options.interleaveMfmas)
    gpuModule.addNestedPass<LLVM::LLVMFuncOp>(createWaveInterleaveMfmas());
  // Loops none of the above ordered: MFMAs on either side of the barrier
  // that waits for the next step's staging.
  if (options.optimize && options.coverBarriers)
    gpuModule.addNestedPass<LLVM::LLVMFuncOp>(createWaveCoverBarriers());
}

void mlir::wave::buildWaveLowerToROCDLPipeline(
    OpPassManager &pm, const WaveLoweringOptions &options) {
  buildWaveToUpstreamPipeline(pm, options);
  buildUpstreamToROCDLPipeline(pm, options);
  pm.addPass(createWaveExportLLVMModule());
}

void mlir::wave::registerWavePipelines() {
  PassPipelineRegistration<WaveLoweringOptions>(
      "wave-to-upstream",
      "Fixes the kernels' chip, runs the kernel passes and lowers wave ops to "
      "upstream dialects",
      buildWaveToUpstreamPipeline);
  PassPipelineRegistration<WaveLoweringOptions>(
      "wave-upstream-to-rocdl",
      "Lowers gpu.modules in upstream dialects to the llvm and rocdl dialects",
      buildUpstreamToROCDLPipeline);
  PassPipelineRegistration<WaveLoweringOptions>(
      "wave-lower-to-rocdl",
      "Lowers wave kernels to an LLVM module for the AMDGPU backend",
      buildWaveLowerToROCDLPipeline);
}
