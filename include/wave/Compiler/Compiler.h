//===- Compiler.h - The wave-compile driver as a library ---------*- C++
//-*-===//
//
// One entry point, compile(), from a module of wave kernels to what
// wave-compile writes: option checks, the MLIR pipeline, translation to LLVM
// IR, the middle end, LLVM's AMDGPU backend, ld.lld, the offload bundle and
// the resource report. wave-compile and the Python package both call it, so
// both produce the same bytes. docs/Architecture.md draws the path.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_COMPILER_COMPILER_H
#define WAVE_COMPILER_COMPILER_H

#include "wave/Chip/Chip.h"
#include "wave/Target/ResourceReport.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
class PassManager;
} // namespace mlir

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

/// wave-compile's options.
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

/// What compile() made, as `outputs` asked.
struct CompileResult {
  const ChipInfo *chip = nullptr;
  std::string llvmIR;
  std::string assembly;
  std::string codeObject;
  std::string bundle;
  /// Each kernel's resources, read back from the code object.
  std::vector<KernelReport> kernels;
  /// Where each kernel is defined (`file:line:col`), for the report.
  llvm::StringMap<std::string> kernelLocations;

  /// The report as clang's `-Rpass-analysis=kernel-resource-usage` remarks.
  void printReport(llvm::raw_ostream &os) const;
  /// The report as JSON.
  void printReportJson(llvm::raw_ostream &os) const;
};

/// The error compile() returns when the MLIR pipeline failed: its
/// diagnostics went to the context's handler, so there is nothing to add.
class PipelineFailure : public llvm::ErrorInfo<PipelineFailure> {
public:
  static char ID;
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;
};

/// Checks `options` before any input is read: a known chip, an optimization
/// level and code object version in range, and, when the outputs need a
/// link, a usable ld.lld. Returns the chip.
llvm::Expected<const ChipInfo *>
checkCompileOptions(const CompileOptions &options);

/// Compiles `module` as wave-compile does. The module is lowered in place
/// (afterwards it is what `--emit=mlir` prints); `configure` may adjust the
/// pass manager (command-line instrumentation, timing) before it runs.
/// Errors are the checks' and the back end's messages, or a PipelineFailure.
llvm::Expected<CompileResult>
compile(ModuleOp module, const CompileOptions &options,
        llvm::function_ref<LogicalResult(PassManager &)> configure = {});

} // namespace mlir::wave

#endif // WAVE_COMPILER_COMPILER_H
