//===- consumer.cpp - A program built on the installed wave-mlir ----------===//
//
// Parses a kernel file, runs wave-insert-barriers on it through MLIR's pass
// manager and prints, per kernel, its chip's VGPR file and the barriers
// before and after: what a downstream tool built on the package does.
//
//===----------------------------------------------------------------------===//

#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/InitAllDialects.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static std::map<std::string, unsigned> countBarriers(ModuleOp module) {
  std::map<std::string, unsigned> counts;
  module.walk([&](gpu::GPUFuncOp func) {
    unsigned &count = counts[func.getName().str()];
    func.walk([&](wave::BarrierOp) { ++count; });
  });
  return counts;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: wave-consumer KERNEL.mlir\n";
    return 2;
  }
  DialectRegistry registry;
  wave::registerAllWaveDialects(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  std::map<std::string, unsigned> before = countBarriers(*module);

  PassManager pm(&context);
  pm.addPass(wave::createWaveInsertBarriers());
  if (failed(pm.run(*module)))
    return 1;
  std::map<std::string, unsigned> after = countBarriers(*module);

  module->walk([&](gpu::GPUFuncOp func) {
    auto kernel = func->getAttrOfType<wave::KernelAttr>(
        wave::WaveDialect::kKernelAttrName);
    if (!kernel)
      return;
    const wave::ChipInfo *chip = wave::lookupChip(kernel.getChip());
    std::string name = func.getName().str();
    llvm::outs() << name << ": " << kernel.getChip() << ", "
                 << chip->getVgprFile(kernel.getWaveSize())->registersPerSimd
                 << " VGPRs a SIMD, barriers " << before[name] << " -> "
                 << after[name] << "\n";
  });
  return 0;
}
