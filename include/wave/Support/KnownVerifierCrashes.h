//===- KnownVerifierCrashes.h - Ops MLIR 22's verifiers crash on -*- C++
//-*-===//
//
// Some op verifiers of MLIR 22 crash on types ODS lets through (`amdgpu.dpp`
// on a vector, and the others rejectKnownVerifierCrashes lists). Those are
// found in the parsed module, not in the text: the readers of kernel text
// parse with `verifyAfterParse` off, so that the types are the parser's
// (through aliases, in the generic form, in bytecode), and verify with
// verifyParsedInput, which reports such ops before it runs the verifier.
// wave-opt and wave-reduce, whose MLIR mains parse and verify in one step,
// parse the input once more for the check beforehand, unverified
// (rejectKnownCrashesBeforeMain). wave-lsp-server, whose MlirLspServerMain
// parses each document as it changes, has no such check.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_SUPPORT_KNOWNVERIFIERCRASHES_H
#define WAVE_SUPPORT_KNOWNVERIFIERCRASHES_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace mlir::wave {

/// Reports each op under `root` (which the parser returned without verifying
/// it) whose MLIR 22 verifier would crash, as an error at the op; fails if
/// there is one. The verifiers ask a type for its bit width without checking
/// that it is an integer or float (`getIntOrFloatBitWidth`, which reads an
/// unrelated type's storage as a float's in a build without assertions), or
/// cast attributes unchecked:
///  - `amdgpu.dpp`: its operand type (any type, to ODS), and each element of
///    a `quad_perm` array (any attribute);
///  - `amdgpu.gather_to_lds`: its transfer type, or a vector's element type;
///  - `amdgpu.transpose_load`: its result vector's element type;
///  - `amdgpu.make_dma_base`, `make_gather_dma_base`: the memrefs' element
///    type;
///  - `amdgpu.make_dma_descriptor`: the element type of its
///    `!amdgpu.tdm_base` (a `!amdgpu.tdm_gather_base` of another element type
///    already crashes the parser: rejectKnownParserCrashes).
/// The ODS constraints, which run before these verifiers, are not checked
/// yet, so only the generic form is read (operand and result types, inherent
/// attributes by name): every op it reports is invalid input whichever check
/// would have rejected it first. The errors are reported at the op's
/// location alone: the op is not verified, so it is not printed either.
LogicalResult rejectKnownVerifierCrashes(Operation *root);

/// What every reader of kernel text runs on the module it parsed with
/// `verifyAfterParse` off: rejectKnownVerifierCrashes, then the verifier.
LogicalResult verifyParsedInput(Operation *root);

/// For the tools whose MLIR main parses and verifies in one step, with no
/// hook in between (wave-opt's MlirOptMain, wave-reduce's mlirReduceMain),
/// before that main runs: rejectKnownParserCrashes on `input`, then
/// rejectKnownVerifierCrashes on a parse of our own, unverified, of each
/// chunk of it as `splitMarker` (-split-input-file; none if empty) cuts it,
/// reported at the input's lines. Input that does not parse is left to the
/// main to report.
LogicalResult rejectKnownCrashesBeforeMain(llvm::MemoryBufferRef input,
                                           llvm::StringRef splitMarker,
                                           MLIRContext *context);

} // namespace mlir::wave

#endif // WAVE_SUPPORT_KNOWNVERIFIERCRASHES_H
