//===- Compiler.h - From lowered MLIR to HSA code objects -------*- C++ -*-===//
//
// The steps of wave-compile, shared by the wave-compile driver and the Python
// package so that both produce the same bytes: the MLIR pipeline, then
// translation to LLVM IR, the middle-end, LLVM's AMDGPU backend and ld.lld.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_COMPILER_COMPILER_H
#define WAVE_COMPILER_COMPILER_H

#include "wave/Chip/Chip.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::wave {

/// What wave-compile's options decide before code generation.
struct CompilePipelineOptions {
  const ChipInfo *chip = nullptr;
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
};

/// Appends wave-compile's MLIR passes to `pm` (on a builtin.module): the
/// `wave-optimize` pipeline when asked for, then `wave-lower-to-rocdl`.
void buildCompilePipeline(OpPassManager &pm,
                          const CompilePipelineOptions &options);

/// Where each kernel of `module` is defined, as `file:line:col`, for the
/// resource report. Call it before lowering, which replaces the gpu.func
/// kernels.
llvm::StringMap<std::string> locateKernels(ModuleOp module);

/// A module lowered by `wave-lower-to-rocdl`, translated to LLVM IR and
/// optimized for one chip, from which assembly and code objects are made.
class AMDGPUCompilation {
public:
  /// Translates `module` and runs the middle-end of `opt -O<optLevel>` for
  /// `chip`. Fails when the translation does, or when the kernels call a
  /// function only the ROCm device libraries define (none is linked).
  static llvm::Expected<std::unique_ptr<AMDGPUCompilation>>
  create(ModuleOp module, const ChipInfo &chip, unsigned optLevel);
  ~AMDGPUCompilation();

  /// The optimized LLVM IR as text.
  llvm::StringRef getOptimizedIR() const { return optimizedIR; }
  /// The AMDGPU assembly of the optimized IR.
  llvm::Expected<std::string> emitAssembly();
  /// The HSA code object: the backend's object linked by the `ld.lld` at
  /// `linkerPath`.
  llvm::Expected<std::string> emitCodeObject(llvm::StringRef linkerPath);

private:
  AMDGPUCompilation();
  /// Code generation starts from the optimized IR as getOptimizedIR prints
  /// it, as `llc` on that file does: value names are uniqued by counters
  /// that printing and parsing reset, and the assembly's comments show them.
  llvm::Expected<std::unique_ptr<llvm::Module>> parseOptimizedIR();

  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::TargetMachine> machine;
  std::string optimizedIR;
};

} // namespace mlir::wave

#endif // WAVE_COMPILER_COMPILER_H
