//===- CompileOptions.h - What compile() makes and how ----------*- C++ -*-===//
//
// The options of compile() (Compiler.h), in the standard library only:
// CompileCLOptions.h registers them as command-line flags (wave-compile's)
// and builds them from those, and the Python bindings expose the struct
// field by field, which they could not do with LLVM types in it (the
// bindings are compiled with exceptions and RTTI and see no LLVM header).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_COMPILER_COMPILEOPTIONS_H
#define WAVE_COMPILER_COMPILEOPTIONS_H

#include <optional>
#include <string>

namespace mlir::wave {

/// What compile() makes after the MLIR pipeline; each implies the steps it
/// needs (a report needs the code object, a bundle wraps it).
struct CompileOutputs {
  bool llvmIR = false;
  bool assembly = false;
  bool codeObject = false;
  bool bundle = false;
  bool report = false;

  /// Whether ld.lld runs.
  bool links() const { return codeObject || bundle || report; }
  /// Whether LLVM runs at all (otherwise only the MLIR pipeline does).
  bool generatesCode() const { return llvmIR || assembly || links(); }
};

/// What compile() makes and how: wave-compile's flags (CompileCLOptions.h
/// registers all but the outputs) and Python's keyword arguments (all but
/// the outputs, each field in snake case; `linkerPath` as `lld_path`,
/// `verifyEachPass` as `verify_each`).
struct CompileOptions {
  /// The AMDGPU processor; overrides the kernels' chip.
  std::string chip;
  /// 0 to 3, as `-O<n>`.
  unsigned optLevel = 3;
  /// 5 or 6.
  unsigned codeObjectVersion = 5;
  /// Waves per SIMD to budget every kernel's registers for (0: each kernel's
  /// `wave.kernel` occupancy).
  unsigned occupancy = 0;
  /// Whether the kernel-level optimizations run first; by default at -O2 and
  /// -O3.
  std::optional<bool> waveOptimize;
  /// wave-fast-math: afn, arcp, contract; with `finiteMath` also nnan, ninf.
  bool fastMath = false;
  bool finiteMath = false;
  /// With wave-optimize, wave-direct-to-lds: staged tiles copied with
  /// `global_load_lds` where the layout allows, and pipelined in LDS
  /// buffers. Off by default: not measured faster on the examples
  /// (docs/passes/wave-direct-to-lds.md).
  bool directToLds = false;
  /// With wave-optimize, whether wave-pipeline-loops keeps prefetched
  /// stages in LDS buffers rather than registers (as `directToLds` does
  /// without the direct copies): more LDS, fewer VGPRs, and a step's LDS
  /// writes go to the buffer of the next step, off its critical path. Unset:
  /// the pass decides for each loop (LDS buffers where an iteration's MMAs
  /// cover a global read; docs/passes/wave-pipeline-loops.md).
  std::optional<bool> pipelineInLds;
  /// With wave-optimize, wave-schedule-loops on the lowered loops (schedule
  /// groups interleaving LDS reads with MFMAs where its model says they
  /// pay). Off by default (docs/passes/wave-schedule-loops.md).
  bool scheduleLoops = false;
  /// With wave-optimize, wave-ping-pong on the lowered loops of 8-wave
  /// workgroups: memory and MFMA phases, the two waves of a SIMD a phase
  /// apart (docs/passes/wave-ping-pong.md).
  bool pingPong = true;
  /// With wave-optimize, wave-cover-barriers on the lowered loops no other
  /// scheduling pass ordered: MFMAs on either side of the barrier that waits
  /// for the LDS staging (docs/passes/wave-cover-barriers.md).
  bool coverBarriers = true;
  /// With wave-optimize, wave-interleave-mfmas on the lowered loops (each
  /// MFMA followed by a share of the loop's other work, the order fenced
  /// with sched_barrier). Off by default
  /// (docs/passes/wave-interleave-mfmas.md).
  bool interleaveMfmas = false;
  /// Whether kernels take memrefs as upstream's memref descriptors (the
  /// allocated and aligned pointers, the offset, sizes and strides) rather
  /// than as bare pointers (HIP). By default, descriptors for a program that
  /// launches its kernels (gpu.launch, gpu.launch_func), which upstream's
  /// host lowering, gpu-to-llvm, passes so unless told
  /// `use-bare-pointers-for-kernels`; bare pointers for kernels alone.
  std::optional<bool> memrefDescriptors;
  /// The `ld.lld` to link with; empty for the one of the LLVM this project
  /// is built with.
  std::string linkerPath;
  /// Whether the MLIR verifier runs after every pass of the pipeline, as in
  /// wave-opt, so that a pass that breaks the IR is the one named. Otherwise
  /// the lowered module is verified once, before translation: each
  /// verification walks the whole module, and the pipeline has some fifty
  /// passes.
  bool verifyEachPass = false;
  CompileOutputs outputs;
};

} // namespace mlir::wave

#endif // WAVE_COMPILER_COMPILEOPTIONS_H
