//===- wave-opt.cpp - The wave-mlir optimizer driver ----------------------===//
//
// mlir-opt for wave kernels: the wave dialect and passes plus the upstream
// dialects and passes a kernel pipeline uses, and the test passes that print
// what the analyses conclude (test/lib).
//
//===----------------------------------------------------------------------===//

#include "wave/InitAllDialects.h"
#include "wave/InitAllPasses.h"

#include "TestPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  mlir::wave::registerAllWavePasses();
  mlir::wave::test::registerTestAnalysisPasses();

  // --help lists the options the main function registers (in MLIR's
  // "General options", which sorts first); LLVM's internal ones, registered
  // before, still parse but are not listed.
  llvm::cl::HideUnrelatedOptions(
      llvm::ArrayRef<const llvm::cl::OptionCategory *>());
  mlir::DialectRegistry registry;
  mlir::wave::registerAllWaveDialects(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "wave-mlir optimizer driver\n", registry));
}
