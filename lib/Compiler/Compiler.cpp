//===- Compiler.cpp - The wave-compile driver as a library ----------------===//

#include "wave/Compiler/Compiler.h"

#include "CodeGenerator.h"
#include "wave/Conversion/Passes.h"
#include "wave/Pipelines/Pipelines.h"
#include "wave/Target/Linker.h"
#include "wave/Target/OffloadBundle.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

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
  lowering.memrefDescriptors = options.memrefDescriptors.value_or(false);
  lowering.fastMath = options.fastMath || options.finiteMath;
  lowering.finiteMath = options.finiteMath;
  lowering.directToLds = options.directToLds;
  lowering.pipelineInLds = !options.pipelineInLds   ? PipelineBuffer::Auto
                           : *options.pipelineInLds ? PipelineBuffer::Lds
                                                    : PipelineBuffer::Registers;
  lowering.scheduleLoops = options.scheduleLoops;
  lowering.pingPong = options.pingPong;
  lowering.coverBarriers = options.coverBarriers;
  lowering.interleaveMfmas = options.interleaveMfmas;
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
  CodeGenerator generator(module, **chip, options.optLevel, outputs, result);
  llvm::Expected<std::string> object = generator.generate();
  if (!object)
    return object.takeError();
  if (outputs.links()) {
    llvm::Expected<std::string> codeObject =
        linkCodeObject(*object, options.linkerPath.empty()
                                    ? getDefaultLinkerPath()
                                    : llvm::StringRef(options.linkerPath));
    if (!codeObject)
      return codeObject.takeError();
    result.codeObject = std::move(*codeObject);
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

/// Whether `program` launches kernels from host code, whose lowering
/// (gpu-to-llvm) decides how memrefs are passed.
static bool launchesKernels(ModuleOp program) {
  return program
      .walk([](Operation *op) {
        return isa<gpu::LaunchOp, gpu::LaunchFuncOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

llvm::Expected<std::vector<ModuleCompileResult>> wave::compileProgram(
    ModuleOp program, const CompileOptions &options,
    llvm::function_ref<LogicalResult(PassManager &)> configure) {
  if (llvm::Expected<const ChipInfo *> chip = checkCompileOptions(options);
      !chip)
    return chip.takeError();
  CompileOptions moduleOptions = options;
  if (!moduleOptions.memrefDescriptors)
    moduleOptions.memrefDescriptors = launchesKernels(program);
  // Outlined before the modules are taken apart; compile()'s pipeline
  // outlines too, which is then a no-op.
  PassManager outlining(program.getContext());
  outlining.addPass(createWaveOutlineLaunches());
  if (failed(outlining.run(program)))
    return llvm::make_error<PipelineFailure>();

  SmallVector<gpu::GPUModuleOp> gpuModules(program.getOps<gpu::GPUModuleOp>());
  if (gpuModules.empty()) {
    emitError(program.getLoc())
        << "holds no gpu.module and no gpu.launch: no kernel to compile";
    return llvm::make_error<PipelineFailure>();
  }
  std::vector<ModuleCompileResult> results;
  if (llvm::hasSingleElement(program.getBody()->getOperations())) {
    // Named first: the lowering replaces the gpu.module.
    std::string name = gpuModules.front().getName().str();
    llvm::Expected<CompileResult> result =
        compile(program, moduleOptions, configure);
    if (!result)
      return result.takeError();
    results.push_back(
        {std::move(name), std::move(*result), OwningOpRef<ModuleOp>()});
    return std::move(results);
  }
  // One code object each: modules may differ in wave size, and two modules
  // may name their kernels alike.
  for (gpu::GPUModuleOp gpuModule : gpuModules) {
    OwningOpRef<ModuleOp> copy = ModuleOp::create(gpuModule.getLoc());
    copy->getBody()->push_back(gpuModule.clone());
    llvm::Expected<CompileResult> result =
        compile(*copy, moduleOptions, configure);
    if (!result)
      return result.takeError();
    results.push_back(
        {gpuModule.getName().str(), std::move(*result), std::move(copy)});
  }
  return std::move(results);
}

void CompileResult::printReport(llvm::raw_ostream &os) const {
  printResourceReport(os, kernels, [&](llvm::StringRef name) {
    return kernelLocations.lookup(name);
  });
}

void CompileResult::printReportJson(llvm::raw_ostream &os) const {
  printResourceReportJson(os, kernels, *chip);
}
