//===- Compile.cpp - Compiling modules to code objects --------------------===//

#include "Internal.h"

#include "wave/Compiler/Compiler.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::wave;
using mlir::wave::python::CompiledCode;
using mlir::wave::python::DiagnosticCollector;
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

/// What the Python package reads of every compilation.
static wave::CompileOptions withOutputs(const wave::CompileOptions &options) {
  wave::CompileOptions compileOptions = options;
  compileOptions.outputs.codeObject = true;
  compileOptions.outputs.assembly = true;
  compileOptions.outputs.report = true;
  return compileOptions;
}

/// Reports a failed compilation's error through `collector`.
static void report(llvm::Error error, DiagnosticCollector &collector) {
  // A failed pipeline has reported through the collector already.
  llvm::handleAllErrors(
      std::move(error), [](const PipelineFailure &) {},
      [&](const llvm::ErrorInfoBase &info) {
        collector.addError(info.message());
      });
}

/// Moves what compile() made into what the bindings return.
static void fill(CompileResult &compiled, CompiledCode &result) {
  result.chip = compiled.chip->name.str();
  result.codeObject = std::move(compiled.codeObject);
  result.assembly = std::move(compiled.assembly);
  result.kernels.clear();
  for (const KernelReport &report : compiled.kernels)
    result.kernels.push_back(describe(report));
  llvm::raw_string_ostream text(result.reportText);
  compiled.printReport(text);
  llvm::raw_string_ostream json(result.reportJson);
  compiled.printReportJson(json);
}

bool python::Module::compile(const wave::CompileOptions &options,
                             CompiledCode &result,
                             Diagnostics &diagnostics) const {
  MLIRContext &ctx = *impl->module->getContext();
  DiagnosticCollector collector(ctx, diagnostics);
  // Checked before the pipeline, whose last pass would say only that it
  // expects one gpu.module.
  Block *body = impl->module->getBody();
  if (!llvm::hasSingleElement(*body) || !isa<gpu::GPUModuleOp>(body->front())) {
    emitError(impl->module->getLoc())
        << "holds host code, several gpu.modules or gpu.launch ops: a "
           "program, which compile_program() compiles (one code object per "
           "gpu.module); compile() takes a module of one gpu.module";
    return false;
  }
  OwningOpRef<ModuleOp> module = impl->module->clone();
  llvm::Expected<CompileResult> compiled =
      wave::compile(*module, withOutputs(options));
  if (!compiled) {
    report(compiled.takeError(), collector);
    return false;
  }
  fill(*compiled, result);
  return true;
}

bool python::Module::compileProgram(const wave::CompileOptions &options,
                                    std::vector<CompiledModule> &result,
                                    Diagnostics &diagnostics) const {
  MLIRContext &ctx = *impl->module->getContext();
  DiagnosticCollector collector(ctx, diagnostics);
  OwningOpRef<ModuleOp> module = impl->module->clone();
  llvm::Expected<std::vector<ModuleCompileResult>> compiled =
      wave::compileProgram(*module, withOutputs(options));
  if (!compiled) {
    report(compiled.takeError(), collector);
    return false;
  }
  result.clear();
  for (ModuleCompileResult &gpuModule : *compiled) {
    result.push_back({gpuModule.name, CompiledCode()});
    fill(gpuModule.result, result.back().code);
  }
  return true;
}
