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
#include "wave/Support/KnownParserCrashes.h"
#include "wave/Support/KnownVerifierCrashes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
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

/// The input file mlirReduceMain will read: its one positional argument
/// (its options take their values after `=`, but for `-o`). Empty for
/// standard input, which is left unread here.
static llvm::StringRef findInputFile(llvm::ArrayRef<char *> args) {
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (arg == "-o" || arg == "--o")
      ++i;
    else if (arg == "--")
      return i + 1 < args.size() ? args[i + 1] : "";
    else if (!arg.starts_with("-"))
      return arg;
  }
  return "";
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
  // mlirReduceMain parses and verifies its input in one step: the input the
  // packaged parser or verifiers crash on is rejected before.
  llvm::ArrayRef<char *> args(argv, argc);
  llvm::StringRef inputFile = findInputFile(args);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> input =
      inputFile.empty() || inputFile == "-"
          ? std::make_error_code(std::errc::no_such_file_or_directory)
          : llvm::MemoryBuffer::getFile(inputFile, /*IsText=*/true);
  if (input) {
    mlir::MLIRContext checkContext(registry);
    checkContext.allowUnregisteredDialects(llvm::any_of(args, [](char *arg) {
      return llvm::StringRef(arg).ltrim('-') == "allow-unregistered-dialect";
    }));
    if (mlir::failed(mlir::wave::rejectKnownCrashesBeforeMain(
            (*input)->getMemBufferRef(), /*splitMarker=*/"", &checkContext)))
      return 1;
  }
  mlir::MLIRContext context(registry);
  return mlir::failed(mlir::mlirReduceMain(argc, argv, context));
}
