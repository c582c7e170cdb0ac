//===- CompileCLOptions.h - compile()'s options as command-line flags -----===//
//
// The options of compile() (CompileOptions.h) as llvm::cl flags, registered
// and read in one place, as MLIR registers its pass manager's and context's
// (registerPassManagerCLOptions, applyPassManagerCLOptions): a tool that
// compiles as wave-compile does registers them before it parses its command
// line and builds its CompileOptions from them after. What to write (the
// outputs, and where) stays the tool's: wave-compile's `--emit` and
// `--resource-usage`.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_COMPILER_COMPILECLOPTIONS_H
#define WAVE_COMPILER_COMPILECLOPTIONS_H

#include "wave/Compiler/CompileOptions.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

namespace mlir::wave {

/// Registers the flags of compile()'s options in `category`: `--chip`
/// (required), `-O<n>`, `--code-object-version`, `--occupancy`,
/// `--wave-optimize`, `--fast-math[=finite]`, `--memref-descriptors`,
/// `--lld-path` and `--verify-each`. Call once, before
/// llvm::cl::ParseCommandLineOptions.
void registerCompileCLOptions(llvm::cl::OptionCategory &category);

/// The CompileOptions the registered flags give, after the command line is
/// parsed; `outputs` is left to the caller. Fails for an optimization level
/// other than -O0 to -O3, naming the flag; compile() checks the rest.
llvm::Expected<CompileOptions> getCompileOptionsFromCL();

} // namespace mlir::wave

#endif // WAVE_COMPILER_COMPILECLOPTIONS_H
