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
#include "wave/Compiler/CompileOptions.h"
#include "wave/Target/ResourceReport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class PassManager;
} // namespace mlir

namespace mlir::wave {

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

/// One gpu.module of a program, compiled by compileProgram().
struct ModuleCompileResult {
  /// The gpu.module's symbol name.
  std::string name;
  CompileResult result;
  /// The lowered copy of the gpu.module (what `--emit=mlir` prints); null
  /// where the input was the gpu.module alone, which is lowered in place.
  OwningOpRef<ModuleOp> lowered;
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

/// Compiles a program: host code and gpu.modules, or gpu.launch ops, which
/// are outlined into gpu.modules first (wave-outline-launches). Each
/// gpu.module is compiled into a code object of its own, as compile() does
/// (the modules may target different wave sizes and name their kernels
/// alike); the host code is left as it is. Without `memrefDescriptors`, a
/// program that launches its kernels has them take memref descriptors, as
/// upstream's gpu-to-llvm passes them. A module holding a gpu.module and
/// nothing else is lowered in place.
llvm::Expected<std::vector<ModuleCompileResult>>
compileProgram(ModuleOp program, const CompileOptions &options,
               llvm::function_ref<LogicalResult(PassManager &)> configure = {});

/// Makes #wave.target compile gpu.modules for upstream's
/// gpu-module-to-binary (gpu::TargetAttrInterface), through compile().
void registerWaveTargetInterfaceExternalModels(DialectRegistry &registry);

} // namespace mlir::wave

#endif // WAVE_COMPILER_COMPILER_H
