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

/// Replaces each `fneg x` of a half, float or double type (or vector of them)
/// by `fmul x, -1.0` where that gives the same machine code and spares
/// LLVM 22's CodeGenPrepare a quadratic cost; returns how many it replaced.
///
/// CodeGenPrepare numbers every instruction of a block anew for each
/// instruction with an `fneg` or `fabs` operand (`tryToSinkFreeOperands`,
/// fixed after LLVM 22 by llvm/llvm-project#190485), which is quadratic in a
/// long block with many negations. An `fneg` whose users are all in its
/// block has nothing to sink, so it is replaced where:
/// - every user is in its block and is a binary operator, a select, an
///   intrinsic call or a store: ops CodeGenPrepare never moves to another
///   block (it may sink casts, compares and shuffles, and an `fneg` after
///   them);
/// - the function keeps denormals of the type (IEEE denormal mode): the
///   SelectionDAG turns `fmul x, -1.0` into `fsub -0.0, x` and that into
///   `fneg x` only then, so the instruction selector sees the same negation
///   and folds it into a source modifier or a sign-bit `xor` as before;
/// - `x` is not a constant, an `fpext` or an instruction other than a load
///   used only by this `fneg`: the SelectionDAG could negate those in place
///   on the way (`TargetLowering::getNegatedExpression`) where it keeps
///   `fneg x` as it is.
/// (`fsub -0.0, x` would not do: CodeGenPrepare takes it for an `fneg`.)
///
/// NaN: `fneg` flips the sign bit of any value, NaNs included, and keeps a
/// signaling NaN signaling; LLVM IR lets `fmul` return a quiet NaN of either
/// sign, so as IR the rewrite is not a refinement (the reverse, which
/// InstCombine makes, is). The machine code is the `fneg`'s, a negate source
/// modifier or a sign-bit `xor`, which flips the sign of a NaN too: the
/// rewrite is only made where the backend turns it back into that `fneg`,
/// which is why it runs just before code generation and not on the
/// optimized IR that `--emit=llvm` prints.
unsigned rewriteLocalNegations(llvm::Module &module);

/// Generates `module` as assembly or as an ELF relocatable object, as `llc`
/// does with the same target machine (on LLVM 22 and above -O0, after
/// `rewriteLocalNegations`, which changes how long it takes, not the code).
llvm::Expected<std::string> emitCode(llvm::Module &module,
                                     llvm::TargetMachine &machine,
                                     llvm::CodeGenFileType fileType);

} // namespace mlir::wave

#endif // WAVE_TARGET_AMDGPUCODEGEN_H
