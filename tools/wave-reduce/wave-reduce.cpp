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

int main(int argc, char **argv) {
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
