//===- Module.cpp - Parsing, printing and transforming modules ------------===//

#include "Internal.h"

#include "wave/Dialect/Wave/IR/WaveDialect.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Interpreter/Interpret.h"
#include "wave/Support/KnownParserCrashes.h"
#include "wave/Support/KnownVerifierCrashes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::wave::python;

Module::Module(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
Module::~Module() = default;

std::unique_ptr<Module> Module::parse(std::shared_ptr<Context> context,
                                      const std::string &text,
                                      const std::string &sourceName,
                                      Diagnostics &diagnostics) {
  MLIRContext &ctx = context->getImpl().context;
  DiagnosticCollector collector(ctx, diagnostics);
  if (failed(rejectKnownParserCrashes(text, sourceName, &ctx)))
    return nullptr;
  // Verified after the check for ops whose verifiers crash.
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      text, ParserConfig(&ctx, /*verifyAfterParse=*/false), sourceName);
  if (!module || failed(verifyParsedInput(*module)))
    return nullptr;
  auto impl = std::make_unique<Impl>();
  impl->context = std::move(context);
  impl->module = std::move(module);
  return std::unique_ptr<Module>(new Module(std::move(impl)));
}

std::string Module::print(const PrintOptions &options) const {
  OpPrintingFlags flags;
  flags.enableDebugInfo(options.debugInfo);
  if (options.generic)
    flags.printGenericOpForm();
  std::string text;
  llvm::raw_string_ostream os(text);
  impl->module->print(os, flags);
  return text;
}

bool Module::verify(Diagnostics &diagnostics) const {
  DiagnosticCollector collector(*impl->module->getContext(), diagnostics);
  return succeeded(mlir::verify(*impl->module));
}

/// An anchored pipeline `builtin.module(...)` is the same list of passes as
/// its body nested under the module: returns that body, or `pipeline` itself
/// when it is not a single anchored element. Option values in braces may hold
/// parentheses, so only the nesting of both kinds of brackets counts.
static StringRef stripModuleAnchor(StringRef pipeline) {
  std::string anchor = (ModuleOp::getOperationName() + "(").str();
  if (!pipeline.starts_with(anchor))
    return pipeline;
  StringRef body = pipeline.drop_front(anchor.size());
  int depth = 1;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '(' || body[i] == '{')
      ++depth;
    else if (body[i] == ')' || body[i] == '}')
      --depth;
    if (depth == 0)
      return i + 1 == body.size() ? body.take_front(i) : pipeline;
  }
  return pipeline;
}

bool Module::runPipeline(const std::string &pipeline,
                         Diagnostics &diagnostics) {
  MLIRContext &ctx = *impl->module->getContext();
  DiagnosticCollector collector(ctx, diagnostics);
  std::string parseErrors;
  llvm::raw_string_ostream errorStream(parseErrors);
  PassManager pm(&ctx, ModuleOp::getOperationName());
  StringRef text = stripModuleAnchor(StringRef(pipeline).trim());
  LogicalResult parsed = parsePassPipeline(text, pm, errorStream);
  if (failed(parsed)) {
    collector.addError("invalid pass pipeline '" + pipeline +
                       "': " + StringRef(parseErrors).trim().str());
    return false;
  }
  return succeeded(pm.run(*impl->module));
}

std::unique_ptr<Module> Module::clone() const {
  auto copy = std::make_unique<Impl>();
  copy->context = impl->context;
  copy->module = impl->module->clone();
  return std::unique_ptr<Module>(new Module(std::move(copy)));
}

static std::string printType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

static std::optional<std::array<int64_t, 3>>
getDim3(std::optional<ArrayRef<int32_t>> sizes) {
  if (!sizes || sizes->size() != 3)
    return std::nullopt;
  return std::array<int64_t, 3>{(*sizes)[0], (*sizes)[1], (*sizes)[2]};
}

static KernelInfo describeKernel(gpu::GPUFuncOp func) {
  KernelInfo info;
  info.name = func.getName().str();
  if (auto gpuModule = func->getParentOfType<gpu::GPUModuleOp>())
    info.gpuModule = gpuModule.getName().str();
  info.path = wave::getKernelPath(func);
  for (Type type : func.getArgumentTypes()) {
    ArgumentInfo arg;
    arg.type = printType(type);
    if (auto memref = dyn_cast<MemRefType>(type)) {
      arg.isMemRef = true;
      arg.elementType = printType(memref.getElementType());
      arg.shape.assign(memref.getShape().begin(), memref.getShape().end());
    } else {
      arg.elementType = arg.type;
    }
    info.arguments.push_back(std::move(arg));
  }
  info.blockSize = getDim3(func.getKnownBlockSize());
  info.gridSize = getDim3(func.getKnownGridSize());
  if (auto kernel = func->getAttrOfType<wave::KernelAttr>(
          wave::WaveDialect::kKernelAttrName)) {
    info.chip = kernel.getChip().str();
    info.waveSize = kernel.getWaveSize();
    info.occupancy = kernel.getOccupancy();
  }
  if (auto reference = func->getAttrOfType<FlatSymbolRefAttr>(
          wave::WaveDialect::kReferenceAttrName)) {
    auto referenced = dyn_cast_or_null<gpu::GPUFuncOp>(
        SymbolTable::lookupNearestSymbolFrom(func, reference.getAttr()));
    info.reference = referenced ? wave::getKernelPath(referenced)
                                : reference.getValue().str();
  }
  return info;
}

std::vector<KernelInfo> Module::getKernels() const {
  std::vector<KernelInfo> kernels;
  impl->module->walk([&](gpu::GPUFuncOp func) {
    if (func.isKernel())
      kernels.push_back(describeKernel(func));
  });
  return kernels;
}
