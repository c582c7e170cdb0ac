//===- wave-lsp-server.cpp - Language server for wave kernels -------------===//
//
// MLIR's language server (diagnostics, hover, go-to-definition, ...) with the
// wave dialect and every dialect a wave kernel file uses registered, for
// editors such as VS Code's MLIR extension (set its server path to this
// binary).
//
//===----------------------------------------------------------------------===//

#include "wave/InitAllDialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  // --help lists the options the main function registers (in MLIR's
  // "General options", which sorts first); LLVM's internal ones, registered
  // before, still parse but are not listed.
  llvm::cl::HideUnrelatedOptions(
      llvm::ArrayRef<const llvm::cl::OptionCategory *>());
  mlir::DialectRegistry registry;
  mlir::wave::registerAllWaveDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
