//===- wave-compile.cpp - Compiles wave kernels to HSA code objects -------===//
//
//   wave-compile IN.mlir --chip=CHIP -o OUT [--emit=hsaco|bundle|asm|llvm|mlir]
//       [-O0|-O1|-O2|-O3] [--code-object-version=5|6] [--lld-path=PATH]
//       [--resource-usage[=json]] [--occupancy=N] [--wave-optimize[=false]]
//
// A shell over mlir::wave::compileProgram (lib/Compiler): it takes
// CompileOptions from the flags lib/Compiler registers (CompileCLOptions.h),
// reads the input (gpu.modules, with or without host code, or gpu.launch
// ops) and writes what was asked for: with several gpu.modules, one file
// each in the directory -o names.
// docs/Pipeline.md shows the wave-opt, mlir-translate, opt, llc and ld.lld
// commands that reproduce each step.
//
//===----------------------------------------------------------------------===//

#include "wave/Compiler/CompileCLOptions.h"
#include "wave/Compiler/Compiler.h"
#include "wave/InitAllDialects.h"
#include "wave/Support/KnownParserCrashes.h"
#include "wave/Support/KnownVerifierCrashes.h"
#include "wave/Support/ThreadPool.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringSet.h"
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

// Named to sort before LLVM's "Generic Options" in --help.
static llvm::cl::OptionCategory category("Compilation options");

static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                                llvm::cl::Required,
                                                llvm::cl::desc("<input.mlir>"),
                                                llvm::cl::cat(category));

static llvm::cl::opt<std::string> outputFilename("o", llvm::cl::Required,
                                                 llvm::cl::desc("Output file"),
                                                 llvm::cl::value_desc("file"),
                                                 llvm::cl::cat(category));

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

/// Prints the error unless the pipeline's diagnostics already told it.
static int fail(llvm::Error error) {
  int status = 1;
  llvm::handleAllErrors(
      std::move(error), [](const PipelineFailure &) {},
      [&](const llvm::ErrorInfoBase &info) { status = fail(info.message()); });
  return status;
}

/// Writes `contents` to `outputFilename`.
static int writeOutput(llvm::StringRef contents,
                       llvm::StringRef outputFilename) {
  std::error_code error;
  llvm::ToolOutputFile output(outputFilename, error, llvm::sys::fs::OF_None);
  if (error)
    return fail("cannot write '" + outputFilename + "': " + error.message());
  output.os() << contents;
  output.os().flush();
  // A failed write (a full disk, /dev/full) is an error to report, not one
  // for the stream's destructor to abort on.
  if (std::error_code writeError = output.os().error()) {
    output.os().clear_error();
    // A partial regular file is removed; a device (/dev/full) is not ours
    // to remove.
    if (!llvm::sys::fs::is_regular_file(outputFilename))
      output.keep();
    return fail("cannot write '" + outputFilename +
                "': " + writeError.message());
  }
  output.keep();
  return 0;
}

/// The key of a remark, by which a copy is recognized: its location and
/// its text with its notes.
static std::string getRemarkKey(Diagnostic &diag) {
  std::string key;
  llvm::raw_string_ostream os(key);
  os << diag.getLocation() << '\n' << diag;
  for (Diagnostic &note : diag.getNotes())
    os << '\n' << note.getLocation() << '\n' << note;
  return key;
}

/// Flushes standard output (the report, or `-o -`) so that a failed write
/// is reported as an error rather than aborting at exit.
static int flushStdout(int status) {
  llvm::outs().flush();
  std::error_code error = llvm::outs().error();
  if (!error)
    return status;
  llvm::outs().clear_error();
  return fail("cannot write standard output: " + error.message());
}

static int compileMain(int argc, char **argv) {
  registerCompileCLOptions(category);
  registerPassManagerCLOptions();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerDefaultTimingManagerCLOptions();
  // --help lists this tool's options, then MLIR's (pass timing, IR
  // printing); LLVM's internal ones still parse but are not listed.
  static llvm::cl::OptionCategory mlirCategory("MLIR options");
  for (auto &[name, option] : llvm::cl::getRegisteredOptions())
    if (name.starts_with("mlir-"))
      option->addCategory(mlirCategory);
  llvm::cl::HideUnrelatedOptions({&category, &mlirCategory});
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "wave-compile: compiles wave kernels to HSA code objects\n");

  llvm::Expected<CompileOptions> fromFlags = getCompileOptionsFromCL();
  if (!fromFlags)
    return fail(fromFlags.takeError());
  CompileOptions &options = *fromFlags;
  CompileOutputs &outputs = options.outputs;
  outputs.llvmIR = emitKind == EmitKind::LLVM;
  outputs.assembly = emitKind == EmitKind::Asm;
  outputs.codeObject = emitKind == EmitKind::Hsaco;
  outputs.bundle = emitKind == EmitKind::Bundle;
  outputs.report = resourceUsage != ReportFormat::None;
  if (outputs.report && emitKind == EmitKind::MLIR)
    return fail("--resource-usage needs a code object, not --emit=mlir");
  if (outputs.report && emitKind == EmitKind::LLVM)
    return fail("--resource-usage needs a code object, not --emit=llvm");
  if (outputs.report && outputFilename == "-")
    return fail("--resource-usage prints to standard output; give -o a file");
  if (llvm::Expected<const ChipInfo *> chip = checkCompileOptions(options);
      !chip)
    return fail(chip.takeError());

  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &message);
  if (!input)
    return fail(message);

  DialectRegistry registry;
  registerAllWaveDialects(registry);
  GroupThreadPool threadPool;
  MLIRContext context(registry);
  useThreadPool(context, threadPool);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  // A pass that copies an op (a pipelined loop's prologue, a peeled
  // iteration) keeps its location, and the passes after it remark on each
  // copy alike: a remark already printed is printed once. The engine calls
  // handlers one at a time, so the set needs no lock.
  llvm::StringSet<> remarksSeen;
  ScopedDiagnosticHandler onceEach(&context, [&](Diagnostic &diag) {
    return success(diag.getSeverity() == DiagnosticSeverity::Remark &&
                   !remarksSeen.insert(getRemarkKey(diag)).second);
  });
  const llvm::MemoryBuffer *text =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (failed(rejectKnownParserCrashes(text->getBuffer(),
                                      text->getBufferIdentifier(), &context)))
    return 1;
  // Verified after the check for ops whose verifiers crash.
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(
      sourceMgr, ParserConfig(&context, /*verifyAfterParse=*/false));
  if (!module || failed(verifyParsedInput(*module)))
    return 1;
  // The parser puts the module it wraps around the file's ops at line 0;
  // messages about it name the file's first line instead.
  if (auto loc = dyn_cast<FileLineColLoc>(module->getLoc());
      loc && loc.getLine() == 0)
    (*module)->setLoc(FileLineColLoc::get(loc.getFilename(), 1, 1));
  llvm::Expected<std::vector<ModuleCompileResult>> results =
      compileProgram(*module, options, [](PassManager &pm) {
        if (failed(applyPassManagerCLOptions(pm)))
          return failure();
        // -mlir-timing: the time of each pass.
        auto timing = std::make_unique<DefaultTimingManager>();
        applyDefaultTimingManagerCLOptions(*timing);
        pm.enableTiming(std::move(timing));
        return success();
      });
  if (!results)
    return fail(results.takeError());

  // One gpu.module: its output is the file -o names. Several: each module's
  // is a file of the directory -o names, after the module.
  bool several = results->size() > 1;
  if (several) {
    if (outputFilename == "-")
      return fail("'" + inputFilename + "' holds " +
                  llvm::Twine(results->size()) +
                  " gpu.modules, compiled one file each: give -o a directory");
    if (std::error_code error =
            llvm::sys::fs::create_directories(outputFilename))
      return fail("cannot create the directory '" + outputFilename +
                  "': " + error.message());
  }
  static constexpr llvm::StringLiteral extensions[] = {".hsaco", ".hipfb", ".s",
                                                       ".ll", ".mlir"};
  for (ModuleCompileResult &compiled : *results) {
    std::string path = outputFilename;
    if (several)
      path = (outputFilename + "/" + compiled.name +
              extensions[static_cast<int>(emitKind.getValue())])
                 .str();
    const CompileResult &result = compiled.result;
    int status = 0;
    switch (emitKind) {
    case EmitKind::MLIR: {
      std::string text;
      llvm::raw_string_ostream os(text);
      (compiled.lowered ? *compiled.lowered : *module)->print(os);
      os << "\n";
      status = writeOutput(text, path);
      break;
    }
    case EmitKind::LLVM:
      status = writeOutput(result.llvmIR, path);
      break;
    case EmitKind::Asm:
      status = writeOutput(result.assembly, path);
      break;
    case EmitKind::Hsaco:
      status = writeOutput(result.codeObject, path);
      break;
    case EmitKind::Bundle:
      status = writeOutput(result.bundle, path);
      break;
    }
    if (status != 0)
      return status;
  }
  if (resourceUsage == ReportFormat::None)
    return 0;
  // One report over every module's kernels.
  CompileResult report;
  for (ModuleCompileResult &compiled : *results) {
    report.chip = compiled.result.chip;
    llvm::append_range(report.kernels, compiled.result.kernels);
    for (auto &entry : compiled.result.kernelLocations)
      report.kernelLocations.try_emplace(entry.getKey(), entry.getValue());
  }
  if (resourceUsage == ReportFormat::Json)
    report.printReportJson(llvm::outs());
  else
    report.printReport(llvm::outs());
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  return flushStdout(compileMain(argc, argv));
}
