//===- wave-reduce.cpp - Test case reducer for wave kernels ---------------===//
//
// MLIR's reducer with the wave dialects and passes registered: shrinks a
// kernel file to the smallest one an interestingness script still accepts
// (`-reduction-tree`), or runs wave passes on each candidate
// (`-opt-reduction-pass`), e.g. to isolate a wave pass that crashes.
//
//===----------------------------------------------------------------------===//

#include "wave/InitAllDialects.h"
#include "wave/InitAllPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

/// MLIR's reducer main owns the output file; a write that fails (a full
/// disk, /dev/full) shows when the stream closes, as a fatal error. Say
/// what failed and exit with 1 (LLVM exits after this handler returns).
static void reportFatalError(void *, const char *reason, bool) {
  llvm::StringRef message(reason);
  if (message.consume_front("IO failure on output stream: "))
    llvm::errs() << "wave-reduce: cannot write the output: " << message << "\n";
  else
    llvm::errs() << "wave-reduce: error: " << message << "\n";
}

int main(int argc, char **argv) {
  llvm::install_fatal_error_handler(reportFatalError);
  mlir::wave::registerAllWavePasses();
  // --help lists the options the main function registers (in MLIR's
  // "General options", which sorts first); LLVM's internal ones, registered
  // before, still parse but are not listed.
  llvm::cl::HideUnrelatedOptions(
      llvm::ArrayRef<const llvm::cl::OptionCategory *>());
  mlir::DialectRegistry registry;
  mlir::wave::registerAllWaveDialects(registry);
  mlir::MLIRContext context(registry);
  return mlir::failed(mlir::mlirReduceMain(argc, argv, context));
}
