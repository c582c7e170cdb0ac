//===- wave-compile.cpp - Compiles wave kernels to HSA code objects -------===//
//
//   wave-compile IN.mlir --chip=CHIP -o OUT [--emit=hsaco|bundle|asm|llvm|mlir]
//       [-O0|-O1|-O2|-O3] [--code-object-version=5|6] [--lld-path=PATH]
//       [--resource-usage[=json]] [--occupancy=N] [--wave-optimize[=false]]
//
// Runs `wave-optimize` (at -O2 and -O3) and the `wave-lower-to-rocdl`
// pipeline, translates the result to LLVM IR, optimizes and compiles it with
// LLVM's AMDGPU backend, links it with ld.lld and optionally wraps it in a
// HIP offload bundle. docs/Pipeline.md shows the
// wave-opt, mlir-translate, opt, llc and ld.lld commands that reproduce each
// step.
//
//===----------------------------------------------------------------------===//

#include "wave/Chip/Chip.h"
#include "wave/Compiler/Compiler.h"
#include "wave/InitAllDialects.h"
#include "wave/Target/KernelMetadata.h"
#include "wave/Target/Linker.h"
#include "wave/Target/OffloadBundle.h"
#include "wave/Target/ResourceReport.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace mlir::wave;

namespace {
enum class EmitKind { Hsaco, Bundle, Asm, LLVM, MLIR };
enum class ReportFormat { None, Text, Json };
} // namespace

static llvm::cl::OptionCategory category("wave-compile options");

static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                                llvm::cl::Required,
                                                llvm::cl::desc("<input.mlir>"),
                                                llvm::cl::cat(category));

static llvm::cl::opt<std::string> outputFilename("o", llvm::cl::Required,
                                                 llvm::cl::desc("Output file"),
                                                 llvm::cl::value_desc("file"),
                                                 llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    chipName("chip", llvm::cl::Required,
             llvm::cl::desc("AMDGPU processor (overrides the kernels' chip)"),
             llvm::cl::value_desc("gfx942"), llvm::cl::cat(category));

static llvm::cl::opt<EmitKind> emitKind(
    "emit", llvm::cl::desc("What to write"), llvm::cl::init(EmitKind::Hsaco),
    llvm::cl::values(clEnumValN(EmitKind::Hsaco, "hsaco",
                                "HSA code object (default)"),
                     clEnumValN(EmitKind::Bundle, "bundle",
                                "HIP offload bundle holding the code object"),
                     clEnumValN(EmitKind::Asm, "asm", "AMDGPU assembly"),
                     clEnumValN(EmitKind::LLVM, "llvm", "optimized LLVM IR"),
                     clEnumValN(EmitKind::MLIR, "mlir",
                                "the lowered MLIR module, before translation")),
    llvm::cl::cat(category));

static llvm::cl::opt<char>
    optLevel("O", llvm::cl::Prefix, llvm::cl::init('3'),
             llvm::cl::desc("Optimization level: -O0, -O1, -O2 or -O3 "
                            "(default)"),
             llvm::cl::cat(category));

static llvm::cl::opt<llvm::cl::boolOrDefault> waveOptimize(
    "wave-optimize",
    llvm::cl::desc("Run the wave-optimize pipeline before lowering (default: "
                   "at -O2 and -O3); =false measures what it buys"),
    llvm::cl::cat(category));

static llvm::cl::opt<unsigned> codeObjectVersion(
    "code-object-version", llvm::cl::init(5),
    llvm::cl::desc("HSA code object version, 5 (default) or 6"),
    llvm::cl::cat(category));

static llvm::cl::opt<unsigned> occupancy(
    "occupancy", llvm::cl::init(0),
    llvm::cl::desc("Budget every kernel's registers for this many waves per "
                   "SIMD (wave-budget-registers; 0: each kernel's own "
                   "request)"),
    llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    lldPath("lld-path", llvm::cl::init(getDefaultLinkerPath().str()),
            llvm::cl::desc("ld.lld to link code objects with"),
            llvm::cl::cat(category));

static llvm::cl::opt<ReportFormat> resourceUsage(
    "resource-usage", llvm::cl::ValueOptional,
    llvm::cl::init(ReportFormat::None),
    llvm::cl::desc("Print each kernel's registers, LDS, scratch and "
                   "occupancy, read back from the code object"),
    llvm::cl::values(clEnumValN(ReportFormat::Json, "json", "as JSON"),
                     clEnumValN(ReportFormat::Text, "",
                                "as clang's kernel-resource-usage remarks")),
    llvm::cl::cat(category));

/// Prints `wave-compile: error: message` and returns the exit code.
static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "wave-compile") << message << "\n";
  return 1;
}

static int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

/// Writes `contents` to the output file.
static int writeOutput(llvm::StringRef contents) {
  std::error_code error;
  llvm::ToolOutputFile output(outputFilename, error, llvm::sys::fs::OF_None);
  if (error)
    return fail("cannot write '" + outputFilename + "': " + error.message());
  output.os() << contents;
  output.keep();
  return 0;
}

static int printReport(llvm::StringRef codeObject, const ChipInfo &chip,
                       const llvm::StringMap<std::string> &locations) {
  llvm::Expected<CodeObjectMetadata> metadata =
      readCodeObjectMetadata(llvm::MemoryBufferRef(codeObject, outputFilename));
  if (!metadata)
    return fail(metadata.takeError());
  llvm::Expected<std::vector<KernelReport>> reports =
      buildResourceReport(*metadata, chip);
  if (!reports)
    return fail(reports.takeError());
  if (resourceUsage == ReportFormat::Json) {
    printResourceReportJson(llvm::outs(), *reports, chip);
    return 0;
  }
  printResourceReport(llvm::outs(), *reports, [&](llvm::StringRef name) {
    return locations.lookup(name);
  });
  return 0;
}

/// From the lowered MLIR module to the output file.
static int generateCode(ModuleOp module, const ChipInfo &chip,
                        const llvm::StringMap<std::string> &locations) {
  llvm::Expected<std::unique_ptr<AMDGPUCompilation>> compilation =
      AMDGPUCompilation::create(module, chip, optLevel - '0');
  if (!compilation)
    return fail(compilation.takeError());
  if (emitKind == EmitKind::LLVM)
    return writeOutput((*compilation)->getOptimizedIR());

  auto emitAssembly = [&]() -> int {
    llvm::Expected<std::string> assembly = (*compilation)->emitAssembly();
    if (!assembly)
      return fail(assembly.takeError());
    return writeOutput(*assembly);
  };
  if (emitKind == EmitKind::Asm && resourceUsage == ReportFormat::None)
    return emitAssembly();

  llvm::Expected<std::string> codeObject =
      (*compilation)->emitCodeObject(lldPath);
  if (!codeObject)
    return fail(codeObject.takeError());

  int status = 0;
  if (emitKind == EmitKind::Hsaco) {
    status = writeOutput(*codeObject);
  } else if (emitKind == EmitKind::Bundle) {
    std::string bundle;
    llvm::raw_string_ostream os(bundle);
    writeHipOffloadBundle(os, *codeObject, chip.name);
    status = writeOutput(bundle);
  } else {
    status = emitAssembly();
  }
  if (status != 0 || resourceUsage == ReportFormat::None)
    return status;
  return printReport(*codeObject, chip, locations);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerPassManagerCLOptions();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerDefaultTimingManagerCLOptions();
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "wave-compile: compiles wave kernels to HSA code objects\n");

  const ChipInfo *chip = lookupChip(chipName);
  if (!chip)
    return fail("unknown chip '" + chipName +
                "' (known: " + getKnownChipNames() + ")");
  if (optLevel < '0' || optLevel > '3')
    return fail(llvm::Twine("unknown optimization level -O") +
                llvm::Twine(static_cast<char>(optLevel)) + " (-O0 to -O3)");
  if (codeObjectVersion != 5 && codeObjectVersion != 6)
    return fail("unsupported code object version " +
                llvm::Twine(codeObjectVersion) + " (5 or 6)");
  bool links = emitKind == EmitKind::Hsaco || emitKind == EmitKind::Bundle ||
               resourceUsage != ReportFormat::None;
  if (resourceUsage != ReportFormat::None && emitKind == EmitKind::MLIR)
    return fail("--resource-usage needs a code object, not --emit=mlir");
  if (resourceUsage != ReportFormat::None && emitKind == EmitKind::LLVM)
    return fail("--resource-usage needs a code object, not --emit=llvm");
  if (resourceUsage != ReportFormat::None && outputFilename == "-")
    return fail("--resource-usage prints to standard output; give -o a file");
  if (links)
    if (llvm::Error error = checkLinker(lldPath))
      return fail(std::move(error));

  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &message);
  if (!input)
    return fail(message);

  DialectRegistry registry;
  registerAllWaveDialects(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  llvm::StringMap<std::string> locations = locateKernels(*module);

  PassManager pm(&context);
  if (failed(applyPassManagerCLOptions(pm)))
    return 1;
  // -mlir-timing: the time of each pass of both pipelines.
  auto timing = std::make_unique<DefaultTimingManager>();
  applyDefaultTimingManagerCLOptions(*timing);
  pm.enableTiming(std::move(timing));
  // -O2 and -O3 first run the kernel-level optimizations.
  CompilePipelineOptions options;
  options.chip = chip;
  options.optLevel = optLevel - '0';
  options.codeObjectVersion = codeObjectVersion;
  options.occupancy = occupancy;
  if (waveOptimize != llvm::cl::BOU_UNSET)
    options.waveOptimize = waveOptimize == llvm::cl::BOU_TRUE;
  buildCompilePipeline(pm, options);
  if (failed(pm.run(*module)))
    return 1;

  if (emitKind == EmitKind::MLIR) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    os << "\n";
    return writeOutput(text);
  }
  return generateCode(*module, *chip, locations);
}
