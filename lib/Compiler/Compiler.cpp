//===- Compiler.cpp - The wave-compile driver as a library ----------------===//

#include "wave/Compiler/Compiler.h"
#include "wave/Pipelines/Pipelines.h"
#include "wave/Target/AMDGPUCodeGen.h"
#include "wave/Target/Linker.h"
#include "wave/Target/OffloadBundle.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace mlir::wave;

char PipelineFailure::ID = 0;

void PipelineFailure::log(llvm::raw_ostream &os) const {
  os << "the MLIR pipeline failed";
}

std::error_code PipelineFailure::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

llvm::Expected<const ChipInfo *>
wave::checkCompileOptions(const CompileOptions &options) {
  const ChipInfo *chip = lookupChip(options.chip);
  if (!chip)
    return llvm::createStringError("unknown chip '" + options.chip +
                                   "' (known: " + getKnownChipNames() + ")");
  if (options.optLevel > 3)
    return llvm::createStringError("unknown optimization level -O" +
                                   llvm::Twine(options.optLevel) +
                                   " (-O0 to -O3)");
  if (options.codeObjectVersion != 5 && options.codeObjectVersion != 6)
    return llvm::createStringError("unsupported code object version " +
                                   llvm::Twine(options.codeObjectVersion) +
                                   " (5 or 6)");
  if (options.outputs.links())
    if (llvm::Error error =
            checkLinker(options.linkerPath.empty() ? getDefaultLinkerPath()
                                                   : options.linkerPath))
      return std::move(error);
  return chip;
}

/// Where each kernel of `module` is defined, as `file:line:col`. Lowering
/// replaces the gpu.func kernels, so this runs first.
static llvm::StringMap<std::string> locateKernels(ModuleOp module) {
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

/// Whether `type` is or holds a scalable vector (`vector<[4]xf32>`, or a
/// memref of one).
static bool holdsScalableVector(Type type) {
  return type
      .walk([](VectorType vector) {
        return vector.isScalable() ? WalkResult::interrupt()
                                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// AMD GPUs have fixed-width registers: the backend aborts on a scalable
/// vector ("Cannot implicitly convert a scalable size"), so each op or
/// block that defines one is an error at its location.
static LogicalResult rejectScalableVectors(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    auto report = [&](Type type) {
      emitError(op->getLoc()) << "scalable vector type " << type
                              << " has no AMDGPU lowering: AMD GPUs have "
                                 "fixed-width vector registers";
      found = true;
    };
    for (Type type : op->getResultTypes())
      if (holdsScalableVector(type))
        return report(type);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type type : block.getArgumentTypes())
          if (holdsScalableVector(type))
            return report(type);
  });
  return failure(found);
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

namespace {
/// Collects the errors LLVM's middle and back end report (a resource limit,
/// ...), which would otherwise print at `<unknown>:0:0` and exit. Each is
/// prefixed with the source location of the kernel it names.
class BackendDiagnostics : public llvm::DiagnosticHandler {
public:
  explicit BackendDiagnostics(const llvm::StringMap<std::string> &locations)
      : locations(locations) {}

  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    if (info.getSeverity() != llvm::DS_Error)
      return false;
    std::string message;
    llvm::raw_string_ostream os(message);
    if (const auto *limit =
            llvm::dyn_cast<llvm::DiagnosticInfoResourceLimit>(&info)) {
      StringRef kernel = limit->getFunction().getName();
      std::string where = locations.lookup(kernel);
      if (!where.empty())
        os << where << ": ";
      os << "kernel @" << kernel << " needs " << limit->getResourceSize()
         << " of " << limit->getResourceName() << ", over the chip's limit of "
         << limit->getResourceLimit();
    } else {
      llvm::DiagnosticPrinterRawOStream printer(os);
      info.print(printer);
    }
    errors.push_back(std::move(message));
    return true;
  }

  /// The errors reported so far, as one error.
  llvm::Error takeErrors() {
    if (errors.empty())
      return llvm::Error::success();
    std::string joined = llvm::join(errors, "\n");
    errors.clear();
    return llvm::createStringError(joined);
  }

private:
  const llvm::StringMap<std::string> &locations;
  std::vector<std::string> errors;
};

/// The lowered module translated to LLVM IR and optimized for one chip.
/// Code generation starts from the optimized IR as it prints, as `llc` on
/// that file does: value names are uniqued by counters that printing and
/// parsing reset, and the assembly's comments show them.
class CodeGenerator {
public:
  explicit CodeGenerator(const llvm::StringMap<std::string> &kernelLocations) {
    auto handler = std::make_unique<BackendDiagnostics>(kernelLocations);
    diagnostics = handler.get();
    context.setDiagnosticHandler(std::move(handler));
  }

  llvm::Error optimize(ModuleOp module, const ChipInfo &chip, unsigned optLevel,
                       std::string &optimizedIR);
  llvm::Expected<std::string> emit(llvm::StringRef optimizedIR,
                                   llvm::CodeGenFileType fileType);

private:
  llvm::LLVMContext context;
  /// Owned by `context`.
  BackendDiagnostics *diagnostics;
  std::unique_ptr<llvm::TargetMachine> machine;
};
} // namespace

llvm::Error CodeGenerator::optimize(ModuleOp module, const ChipInfo &chip,
                                    unsigned optLevel,
                                    std::string &optimizedIR) {
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context);
  if (!llvmModule)
    return llvm::createStringError(
        "cannot translate the lowered module to LLVM IR");
  if (llvm::Error error = checkNoExternalCalls(*llvmModule))
    return error;
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> created =
      createAMDGPUTargetMachine(chip.name, /*features=*/"", optLevel);
  if (!created)
    return created.takeError();
  machine = std::move(*created);
  optimizeModule(*llvmModule, *machine, optLevel);
  llvm::raw_string_ostream(optimizedIR) << *llvmModule;
  return diagnostics->takeErrors();
}

llvm::Expected<std::string>
CodeGenerator::emit(llvm::StringRef optimizedIR,
                    llvm::CodeGenFileType fileType) {
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> parsed =
      llvm::parseAssemblyString(optimizedIR, diagnostic, context);
  if (!parsed)
    return llvm::createStringError("cannot reparse the optimized IR: " +
                                   diagnostic.getMessage());
  llvm::Expected<std::string> code = emitCode(*parsed, *machine, fileType);
  if (llvm::Error error = diagnostics->takeErrors()) {
    llvm::consumeError(code.takeError());
    return std::move(error);
  }
  return code;
}

llvm::Expected<CompileResult>
wave::compile(ModuleOp module, const CompileOptions &options,
              llvm::function_ref<LogicalResult(PassManager &)> configure) {
  CompileResult result;
  llvm::Expected<const ChipInfo *> chip = checkCompileOptions(options);
  if (!chip)
    return chip.takeError();
  result.chip = *chip;
  if (failed(rejectScalableVectors(module)))
    return llvm::make_error<PipelineFailure>();
  result.kernelLocations = locateKernels(module);

  PassManager pm(module.getContext());
  pm.enableVerifier(options.verifyEachPass);
  if (configure && failed(configure(pm)))
    return llvm::make_error<PipelineFailure>();
  WaveLoweringOptions lowering;
  lowering.chip = options.chip;
  lowering.codeObjectVersion = options.codeObjectVersion;
  lowering.occupancy = options.occupancy;
  lowering.optimize = options.waveOptimize.value_or(options.optLevel >= 2);
  lowering.coarsenLanes = options.optLevel >= 3;
  lowering.fastMath = options.fastMath || options.finiteMath;
  lowering.finiteMath = options.finiteMath;
  buildWaveLowerToROCDLPipeline(pm, lowering);
  if (failed(pm.run(module)))
    return llvm::make_error<PipelineFailure>();
  // Translation assumes a valid module; checked whatever the option, since
  // instrumentation may change the IR after the last pass's verification.
  if (failed(verify(module))) {
    emitError(module.getLoc())
        << "the lowered module does not verify"
        << (options.verifyEachPass
                ? ""
                : "; --verify-each names the pass that broke it");
    return llvm::make_error<PipelineFailure>();
  }

  const CompileOutputs &outputs = options.outputs;
  if (!outputs.generatesCode())
    return std::move(result);
  CodeGenerator generator(result.kernelLocations);
  if (llvm::Error error =
          generator.optimize(module, **chip, options.optLevel, result.llvmIR))
    return std::move(error);
  if (outputs.links()) {
    llvm::Expected<std::string> object =
        generator.emit(result.llvmIR, llvm::CodeGenFileType::ObjectFile);
    if (!object)
      return object.takeError();
    llvm::Expected<std::string> codeObject =
        linkCodeObject(*object, options.linkerPath.empty()
                                    ? getDefaultLinkerPath()
                                    : llvm::StringRef(options.linkerPath));
    if (!codeObject)
      return codeObject.takeError();
    result.codeObject = std::move(*codeObject);
  }
  if (outputs.assembly) {
    llvm::Expected<std::string> assembly =
        generator.emit(result.llvmIR, llvm::CodeGenFileType::AssemblyFile);
    if (!assembly)
      return assembly.takeError();
    result.assembly = std::move(*assembly);
  }
  if (outputs.bundle) {
    llvm::raw_string_ostream os(result.bundle);
    writeHipOffloadBundle(os, result.codeObject, (*chip)->name);
  }
  if (outputs.report) {
    llvm::Expected<CodeObjectMetadata> metadata = readCodeObjectMetadata(
        llvm::MemoryBufferRef(result.codeObject, "code object"));
    if (!metadata)
      return metadata.takeError();
    llvm::Expected<std::vector<KernelReport>> kernels =
        buildResourceReport(*metadata, **chip);
    if (!kernels)
      return kernels.takeError();
    result.kernels = std::move(*kernels);
  }
  return std::move(result);
}

void CompileResult::printReport(llvm::raw_ostream &os) const {
  printResourceReport(os, kernels, [&](llvm::StringRef name) {
    return kernelLocations.lookup(name);
  });
}

void CompileResult::printReportJson(llvm::raw_ostream &os) const {
  printResourceReportJson(os, kernels, *chip);
}
