//===- CodeGenerator.h - Module to LLVM IR, assembly, object --*- C++ -*-===//
//
// compile()'s back end on upstream's LLVM::ModuleToObject: translation to
// LLVM IR, no library to link, the `opt -O<n>` pipeline, then code
// generation as `llc` does from the optimized IR as it prints.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_COMPILER_CODEGENERATOR_H
#define WAVE_LIB_COMPILER_CODEGENERATOR_H

#include "wave/Chip/Chip.h"
#include "wave/Compiler/Compiler.h"

#include "mlir/Target/LLVM/ModuleToObject.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Target/TargetMachine.h"
#include <map>

#include <memory>
#include <string>

namespace mlir::wave {

/// Generates, from a module lowered by the wave pipeline, the optimized LLVM
/// IR, and as `outputs` asks the assembly and the relocatable object (before
/// ld.lld), into a CompileResult.
class CodeGenerator : public LLVM::ModuleToObject {
public:
  CodeGenerator(ModuleOp module, const ChipInfo &chip, unsigned optLevel,
                const CompileOutputs &outputs, CompileResult &result);
  ~CodeGenerator() override;

  /// Runs ModuleToObject's steps; fills the result's `llvmIR` and
  /// `assembly` and returns the relocatable object (empty when `outputs`
  /// needs no link). Back-end errors carry the kernel's source location;
  /// upstream's own failures are MLIR diagnostics (PipelineFailure).
  llvm::Expected<std::string> generate();

protected:
  // What upstream's steps cannot do here, hook by hook:
  //
  // wave-export-llvm-module already gave the module the data layout and
  // triple of its #rocdl.target.
  void setDataLayoutAndTriple(llvm::Module &module) override {}
  // Backend errors (a resource limit) become messages naming the kernel's
  // source location instead of `<unknown>:0:0` and an exit.
  void handleModulePreLink(llvm::Module &module) override;
  // No ROCm device library is linked (wave-lower-math leaves no call for
  // one); a call that is left is an error naming it.
  std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
  loadBitcodeFiles(llvm::Module &module) override;
  // `opt -O<n>`'s pipeline with its instrumentation (-print-after, ...) on a
  // target machine of this optimization level for code generation too,
  // where upstream's machine keeps LLVM's default code generation level.
  LogicalResult optimizeModule(llvm::Module &module, int optLevel) override;
  // Code generation from the optimized IR as it prints, reparsed, as `llc`
  // on that file does (value names uniqued by counters that printing and
  // parsing reset; the assembly's comments show them), to an object and to
  // assembly; upstream's AMDGPU serializer always goes through assembly
  // text.
  FailureOr<SmallVector<char, 0>> moduleToObject(llvm::Module &module) override;

private:
  /// A kernel whose budget the backend could not meet without spilling:
  /// the occupancy asked and the one it was compiled for, and the AGPRs the
  /// budget had reserved, if it gave them back to the backend.
  struct Lowered {
    unsigned requested = 0, reached = 0;
    unsigned spillCount = 0;
    uint64_t scratchBytes = 0;
    unsigned releasedAgprs = 0;
  };

  /// Generates the object into `object` (when the outputs need a link or a
  /// kernel has a register budget), compiling each budgeted kernel that
  /// spills VGPRs again without the AGPRs its budget reserved, then for one
  /// occupancy less at a time, until none does; `result.llvmIR` is then the
  /// IR generated from.
  LogicalResult withoutSpills(llvm::Module &module, std::string &object);
  /// A remark at each kernel withoutSpills moved to a lower occupancy, and
  /// at each kernel whose code object spills VGPRs to scratch or SGPRs.
  void reportLoweredOccupancies();
  /// Records `error` as the reason generate() fails.
  void fail(llvm::Error error);
  /// Fails with the errors the diagnostic handler collected, if any.
  LogicalResult takeBackendErrors();
  llvm::Expected<std::string> emit(llvm::LLVMContext &context,
                                   llvm::CodeGenFileType fileType);

  const ChipInfo &chip;
  const CompileOutputs &outputs;
  CompileResult &result;
  std::unique_ptr<llvm::TargetMachine> machine;
  /// Set by handleModulePreLink on the translation's context.
  class BackendDiagnostics *diagnostics = nullptr;
  std::string errorMessage;
  llvm::StringMap<Location> kernelLocations;
  std::map<std::string, Lowered> loweredOccupancies;
  /// The kernels of the final code object that spill VGPRs: the count and
  /// the scratch bytes of a lane.
  std::map<std::string, std::pair<unsigned, uint64_t>> finalSpills;
  /// Likewise for the kernels that spill SGPRs.
  std::map<std::string, std::pair<unsigned, uint64_t>> finalSgprSpills;
};

} // namespace mlir::wave

#endif // WAVE_LIB_COMPILER_CODEGENERATOR_H
