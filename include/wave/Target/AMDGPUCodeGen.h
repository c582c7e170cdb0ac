//===- AMDGPUCodeGen.h - LLVM IR to AMDGPU code ----------------*- C++ -*-===//
//
// Drives LLVM's AMDGPU backend the way `opt -O<n>` and `llc -O<n>` do: the
// middle-end pipeline, then code generation to assembly or to an ELF
// relocatable object, for the `amdgcn-amd-amdhsa` triple.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_TARGET_AMDGPUCODEGEN_H
#define WAVE_TARGET_AMDGPUCODEGEN_H

#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir::wave {

/// A target machine for `chip` with `features` (e.g. `+wavefrontsize64`) at
/// optimization level `optLevel` (0 to 3).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createAMDGPUTargetMachine(llvm::StringRef chip, llvm::StringRef features,
                          unsigned optLevel);

/// Runs the middle-end pipeline of `opt -O<optLevel>` on `module`.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                    unsigned optLevel);

/// Generates `module` as assembly or as an ELF relocatable object, as `llc`
/// does with the same target machine.
llvm::Expected<std::string> emitCode(llvm::Module &module,
                                     llvm::TargetMachine &machine,
                                     llvm::CodeGenFileType fileType);

} // namespace mlir::wave

#endif // WAVE_TARGET_AMDGPUCODEGEN_H
