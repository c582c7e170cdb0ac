//===- wave-opt.cpp - The wave-mlir optimizer driver ----------------------===//
//
// mlir-opt for wave kernels: the wave dialect and passes plus the upstream
// dialects and passes a kernel pipeline uses.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<mlir::wave::WaveDialect>();

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "wave-mlir optimizer driver\n", registry));
}
