//===- Compile.cpp - Compiling modules to code objects --------------------===//

#include "Internal.h"

#include "wave/Chip/Chip.h"
#include "wave/Compiler/Compiler.h"
#include "wave/Target/KernelMetadata.h"
#include "wave/Target/Linker.h"
#include "wave/Target/ResourceReport.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::wave;
using mlir::wave::python::CompiledCode;
using mlir::wave::python::CompileOptions;
using mlir::wave::python::KernelResources;

static KernelResources describe(const KernelReport &report) {
  const KernelMetadata &metadata = report.metadata;
  KernelResources resources;
  resources.name = metadata.name;
  resources.vgprs = metadata.vgprCount;
  resources.agprs = metadata.agprCount;
  resources.sgprs = metadata.sgprCount;
  resources.vgprSpills = metadata.vgprSpillCount;
  resources.sgprSpills = metadata.sgprSpillCount;
  resources.ldsBytes = metadata.groupSegmentFixedSize;
  resources.scratchBytes = metadata.privateSegmentFixedSize;
  resources.dynamicStack = metadata.usesDynamicStack;
  resources.waveSize = metadata.wavefrontSize;
  resources.workgroupSize = metadata.getWorkgroupSize();
  resources.requiredBlockSize = metadata.reqdWorkgroupSize;
  resources.occupancy = report.occupancy.wavesPerSimd;
  resources.limiter = stringifyOccupancyLimiter(report.occupancy.limiter).str();
  resources.occupancyByVgprs = report.occupancy.byVgprs;
  resources.occupancyBySgprs = report.occupancy.bySgprs;
  resources.occupancyByWorkgroups = report.occupancy.byWorkgroups;
  return resources;
}

bool python::Module::compile(const CompileOptions &options,
                             CompiledCode &result,
                             Diagnostics &diagnostics) const {
  MLIRContext &ctx = *impl->module->getContext();
  DiagnosticCollector collector(ctx, diagnostics);
  auto fail = [&](llvm::Error error) {
    collector.addError(llvm::toString(std::move(error)));
    return false;
  };

  const ChipInfo *chip = lookupChip(options.chip);
  if (!chip) {
    collector.addError("unknown chip '" + options.chip +
                       "' (known: " + getKnownChipNames() + ")");
    return false;
  }
  if (options.optLevel > 3) {
    collector.addError("unknown optimization level " +
                       std::to_string(options.optLevel) + " (0 to 3)");
    return false;
  }
  if (options.codeObjectVersion != 5 && options.codeObjectVersion != 6) {
    collector.addError("unsupported code object version " +
                       std::to_string(options.codeObjectVersion) + " (5 or 6)");
    return false;
  }
  std::string linker = options.linkerPath.empty() ? getDefaultLinkerPath().str()
                                                  : options.linkerPath;
  if (llvm::Error error = checkLinker(linker))
    return fail(std::move(error));

  OwningOpRef<ModuleOp> module = impl->module->clone();
  llvm::StringMap<std::string> locations = locateKernels(*module);
  PassManager pm(&ctx);
  CompilePipelineOptions pipeline;
  pipeline.chip = chip;
  pipeline.optLevel = options.optLevel;
  pipeline.codeObjectVersion = options.codeObjectVersion;
  pipeline.occupancy = options.occupancy;
  pipeline.waveOptimize = options.waveOptimize;
  buildCompilePipeline(pm, pipeline);
  if (failed(pm.run(*module)))
    return false;

  llvm::Expected<std::unique_ptr<AMDGPUCompilation>> compilation =
      AMDGPUCompilation::create(*module, *chip, options.optLevel);
  if (!compilation)
    return fail(compilation.takeError());
  llvm::Expected<std::string> codeObject =
      (*compilation)->emitCodeObject(linker);
  if (!codeObject)
    return fail(codeObject.takeError());
  llvm::Expected<std::string> assembly = (*compilation)->emitAssembly();
  if (!assembly)
    return fail(assembly.takeError());

  llvm::Expected<CodeObjectMetadata> metadata =
      readCodeObjectMetadata(llvm::MemoryBufferRef(*codeObject, "code object"));
  if (!metadata)
    return fail(metadata.takeError());
  llvm::Expected<std::vector<KernelReport>> reports =
      buildResourceReport(*metadata, *chip);
  if (!reports)
    return fail(reports.takeError());

  result.chip = chip->name.str();
  result.codeObject = std::move(*codeObject);
  result.assembly = std::move(*assembly);
  result.kernels.clear();
  for (const KernelReport &report : *reports)
    result.kernels.push_back(describe(report));
  llvm::raw_string_ostream text(result.reportText);
  printResourceReport(text, *reports, [&](llvm::StringRef name) {
    return locations.lookup(name);
  });
  llvm::raw_string_ostream json(result.reportJson);
  printResourceReportJson(json, *reports, *chip);
  return true;
}
