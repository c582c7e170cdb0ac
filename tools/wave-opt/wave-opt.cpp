//===- wave-opt.cpp - The wave-mlir optimizer driver ----------------------===//
//
// mlir-opt for wave kernels: the wave dialect and passes plus the upstream
// dialects and passes a kernel pipeline uses, and the test passes that print
// what the analyses conclude (test/lib).
//
// Two differences from mlir-opt: functions print with their arguments' names
// from the input (`%A`, not `%arg0`), so that `wave-opt k.mlir | wave-run -`
// reports on the names the kernel was written with; and an output that
// cannot be written is an error with exit code 1, not an abort.
//
//===----------------------------------------------------------------------===//

#include "wave/Compiler/Compiler.h"
#include "wave/InitAllDialects.h"
#include "wave/InitAllPasses.h"
#include "wave/Support/KnownParserCrashes.h"
#include "wave/Support/KnownVerifierCrashes.h"
#include "wave/Support/ThreadPool.h"

#include "../common/SourceNames.h"
#include "TestPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace {
/// Names every function argument parsed from `source` after the `%name`
/// its location points at: a NameLoc that the printer, with
/// `--mlir-use-nameloc-as-prefix` (on by default in wave-opt), prints as the
/// argument's SSA name. MLIR's parser keeps the location but not the name.
class ArgumentNamer {
public:
  explicit ArgumentNamer(const llvm::MemoryBuffer &source) : source(source) {}

  void nameArguments(Operation *root) {
    root->walk([&](FunctionOpInterface func) {
      if (func.isExternal())
        return;
      for (BlockArgument arg : func.getArguments()) {
        auto loc = dyn_cast<FileLineColLoc>(arg.getLoc());
        if (!loc || loc.getFilename() != source.getBufferIdentifier())
          continue;
        if (std::optional<std::string> name = wave::getSsaNameAt(
                source.getBuffer(), loc.getLine(), loc.getColumn()))
          arg.setLoc(
              NameLoc::get(StringAttr::get(func.getContext(), *name), loc));
      }
    });
  }

private:
  const llvm::MemoryBuffer &source;
};

/// Names the arguments before the first pass sees the module.
class NameArgumentsInstrumentation : public PassInstrumentation {
public:
  explicit NameArgumentsInstrumentation(const llvm::MemoryBuffer &source)
      : namer(source) {}

  // Only the top-level passes (the first of which sees the whole input) are
  // run on an operation without a parent; nested ones may run in parallel.
  void runBeforePass(Pass *pass, Operation *op) override {
    if (!named && !op->getParentOp()) {
      namer.nameArguments(op);
      named = true;
    }
  }

private:
  ArgumentNamer namer;
  bool named = false;
};

/// A pass for a pipeline with no pass at all, so that the names are printed
/// then too.
struct NameArgumentsPass
    : public PassWrapper<NameArgumentsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(NameArgumentsPass)
  explicit NameArgumentsPass(const llvm::MemoryBuffer &source)
      : namer(source) {}
  StringRef getArgument() const override { return "wave-opt-argument-names"; }
  void runOnOperation() override { namer.nameArguments(getOperation()); }
  ArgumentNamer namer;
};
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  wave::registerAllWavePasses();
  wave::test::registerTestAnalysisPasses();

  // --help lists the options the main function registers (in MLIR's
  // "General options", which sorts first); LLVM's internal ones, registered
  // before, still parse but are not listed.
  llvm::cl::HideUnrelatedOptions(
      llvm::ArrayRef<const llvm::cl::OptionCategory *>());
  DialectRegistry registry;
  wave::registerAllWaveDialects(registry);
  // gpu-module-to-binary compiles gpu.modules with a #wave.target.
  wave::registerWaveTargetInterfaceExternalModels(registry);

  std::string helpHeader =
      registerCLIOptions("wave-mlir optimizer driver\n", registry);
  if (llvm::cl::Option *prefix =
          llvm::cl::getRegisteredOptions().lookup("mlir-use-nameloc-as-prefix"))
    static_cast<llvm::cl::opt<bool> *>(prefix)->setInitialValue(true);
  auto [inputFilename, outputFilename] =
      parseCLIOptions(argc, argv, helpHeader);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();

  if (config.shouldShowDialects()) {
    llvm::outs() << "Available Dialects: ";
    llvm::interleave(registry.getDialectNames(), llvm::outs(), ",");
    llvm::outs() << "\n";
    return 0;
  }
  if (config.shouldListPasses()) {
    printRegisteredPasses();
    return 0;
  }

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << "wave-opt: " << error << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << "wave-opt: " << error << "\n";
    return 1;
  }

  {
    MLIRContext context(registry);
    context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
    if (failed(wave::rejectKnownCrashesBeforeMain(
            input->getMemBufferRef(), config.inputSplitMarker(), &context)))
      return 1;
  }

  const llvm::MemoryBuffer &source = *input;
  MlirOptMainConfig userPipeline = config;
  // The pass manager is where wave-opt runs work in parallel (MLIR parses
  // and verifies the input on one thread): from here on the context runs it
  // on a pool that keeps diagnostics in op order.
  wave::GroupThreadPool threadPool;
  config.setPassPipelineSetupFn([&](PassManager &pm) {
    wave::useThreadPool(*pm.getContext(), threadPool);
    if (failed(userPipeline.setupPassPipeline(pm)))
      return failure();
    if (pm.size() == 0)
      pm.addPass(std::make_unique<NameArgumentsPass>(source));
    else
      pm.addInstrumentation(
          std::make_unique<NameArgumentsInstrumentation>(source));
    return success();
  });
  LogicalResult result =
      MlirOptMain(output->os(), std::move(input), registry, config);

  // A full disk or a closed pipe shows when the output is flushed.
  output->os().close();
  if (output->os().has_error()) {
    llvm::errs() << "wave-opt: cannot write '" << outputFilename
                 << "': " << output->os().error().message() << "\n";
    output->os().clear_error();
    return 1;
  }
  if (failed(result))
    return 1;
  output->keep();
  return 0;
}
