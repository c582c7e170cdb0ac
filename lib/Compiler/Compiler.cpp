//===- Compiler.cpp - From lowered MLIR to HSA code objects ---------------===//

#include "wave/Compiler/Compiler.h"
#include "wave/Pipelines/Optimize.h"
#include "wave/Pipelines/Pipelines.h"
#include "wave/Target/AMDGPUCodeGen.h"
#include "wave/Target/Linker.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace mlir::wave;

void wave::buildCompilePipeline(OpPassManager &pm,
                                const CompilePipelineOptions &options) {
  // The lowering budgets the registers itself, for the chip it fixes.
  if (options.waveOptimize.value_or(options.optLevel >= 2)) {
    WaveOptimizeOptions optimize;
    optimize.chip = options.chip->name.str();
    optimize.budgetRegisters = false;
    optimize.coarsenLanes = options.optLevel >= 3;
    buildWaveOptimizePipeline(pm, optimize);
  }
  WaveLoweringOptions lowering;
  lowering.chip = options.chip->name.str();
  lowering.codeObjectVersion = options.codeObjectVersion;
  lowering.occupancy = options.occupancy;
  buildWaveLowerToROCDLPipeline(pm, lowering);
}

llvm::StringMap<std::string> wave::locateKernels(ModuleOp module) {
  llvm::StringMap<std::string> locations;
  module.walk([&](gpu::GPUFuncOp func) {
    auto loc = dyn_cast<FileLineColLoc>(func.getLoc());
    if (func.isKernel() && loc)
      locations[func.getName()] =
          (loc.getFilename().getValue() + ":" + llvm::Twine(loc.getLine()) +
           ":" + llvm::Twine(loc.getColumn()))
              .str();
  });
  return locations;
}

/// Functions the kernels call but nothing defines (the ROCm device library's
/// math functions) would fail the link: say which.
static llvm::Error checkNoExternalCalls(llvm::Module &module) {
  for (llvm::Function &function : module)
    if (function.isDeclaration() && !function.isIntrinsic() &&
        !function.use_empty())
      return llvm::createStringError(
          "the kernels call '" + function.getName() +
          "', which only the ROCm device libraries define; wave-compile "
          "links none");
  return llvm::Error::success();
}

AMDGPUCompilation::AMDGPUCompilation()
    : context(std::make_unique<llvm::LLVMContext>()) {}
AMDGPUCompilation::~AMDGPUCompilation() = default;

llvm::Expected<std::unique_ptr<AMDGPUCompilation>>
AMDGPUCompilation::create(ModuleOp module, const ChipInfo &chip,
                          unsigned optLevel) {
  std::unique_ptr<AMDGPUCompilation> compilation(new AMDGPUCompilation());
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, *compilation->context);
  if (!llvmModule)
    return llvm::createStringError(
        "cannot translate the lowered module to LLVM IR");
  if (llvm::Error error = checkNoExternalCalls(*llvmModule))
    return std::move(error);

  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      createAMDGPUTargetMachine(chip.name, /*features=*/"", optLevel);
  if (!machine)
    return machine.takeError();
  compilation->machine = std::move(*machine);
  optimizeModule(*llvmModule, *compilation->machine, optLevel);
  llvm::raw_string_ostream(compilation->optimizedIR) << *llvmModule;
  return std::move(compilation);
}

llvm::Expected<std::unique_ptr<llvm::Module>>
AMDGPUCompilation::parseOptimizedIR() {
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> parsed =
      llvm::parseAssemblyString(optimizedIR, diagnostic, *context);
  if (!parsed)
    return llvm::createStringError("cannot reparse the optimized IR: " +
                                   diagnostic.getMessage());
  return std::move(parsed);
}

llvm::Expected<std::string> AMDGPUCompilation::emitAssembly() {
  llvm::Expected<std::unique_ptr<llvm::Module>> parsed = parseOptimizedIR();
  if (!parsed)
    return parsed.takeError();
  return emitCode(**parsed, *machine, llvm::CodeGenFileType::AssemblyFile);
}

llvm::Expected<std::string>
AMDGPUCompilation::emitCodeObject(llvm::StringRef linkerPath) {
  llvm::Expected<std::unique_ptr<llvm::Module>> parsed = parseOptimizedIR();
  if (!parsed)
    return parsed.takeError();
  llvm::Expected<std::string> object =
      emitCode(**parsed, *machine, llvm::CodeGenFileType::ObjectFile);
  if (!object)
    return object.takeError();
  return linkCodeObject(*object, linkerPath);
}
