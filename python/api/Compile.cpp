//===- Compile.cpp - Compiling modules to code objects --------------------===//

#include "Internal.h"

#include "wave/Compiler/Compiler.h"

using namespace mlir;
using namespace mlir::wave;
using mlir::wave::python::CompiledCode;
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

bool python::Module::compile(const wave::CompileOptions &options,
                             CompiledCode &result,
                             Diagnostics &diagnostics) const {
  MLIRContext &ctx = *impl->module->getContext();
  DiagnosticCollector collector(ctx, diagnostics);

  // What the Python package reads.
  wave::CompileOptions compileOptions = options;
  compileOptions.outputs.codeObject = true;
  compileOptions.outputs.assembly = true;
  compileOptions.outputs.report = true;

  OwningOpRef<ModuleOp> module = impl->module->clone();
  llvm::Expected<CompileResult> compiled =
      wave::compile(*module, compileOptions);
  if (!compiled) {
    // A failed pipeline has reported through the collector already.
    llvm::handleAllErrors(
        compiled.takeError(), [](const PipelineFailure &) {},
        [&](const llvm::ErrorInfoBase &error) {
          collector.addError(error.message());
        });
    return false;
  }

  result.chip = compiled->chip->name.str();
  result.codeObject = std::move(compiled->codeObject);
  result.assembly = std::move(compiled->assembly);
  result.kernels.clear();
  for (const KernelReport &report : compiled->kernels)
    result.kernels.push_back(describe(report));
  llvm::raw_string_ostream text(result.reportText);
  compiled->printReport(text);
  llvm::raw_string_ostream json(result.reportJson);
  compiled->printReportJson(json);
  return true;
}
