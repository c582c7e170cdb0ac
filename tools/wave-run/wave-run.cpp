//===- wave-run.cpp - Reference interpreter for wave kernels --------------===//
//
// wave-run FILE.mlir [--kernel=[MODULE::]NAME] [--reference=NAME]
//   [--grid=X,Y,Z] [--seed=N] [--input=ARG=FILE.npy]... [--output-dir=DIR]
//   [--rtol=R --atol=A] [--compare-pipeline='PIPELINE'] [--memory-limit=MIB]
//
// Runs a kernel on random inputs (or given .npy files) and compares the
// outputs it writes either with its reference kernel (`wave.reference`) or,
// with --compare-pipeline, with the same kernel after a pass pipeline. Exits
// with 0 when they agree and the interpreter's checks found no bug. The
// tool maps its flags to InterpretOptions and prints what interpret()
// (wave/Interpreter/Interpret.h) found.
//
//===----------------------------------------------------------------------===//

#include "wave/InitAllDialects.h"
#include "wave/InitAllPasses.h"
#include "wave/Interpreter/Interpret.h"
#include "wave/Support/KnownParserCrashes.h"
#include "wave/Support/KnownVerifierCrashes.h"
#include "wave/Support/ThreadPool.h"

#include "../common/SourceNames.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wave;

namespace cl = llvm::cl;

// Named to sort before LLVM's "Generic Options" in --help.
static cl::OptionCategory category("Execution options");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("<kernel file>"),
                                      cl::cat(category));
static cl::opt<std::string>
    kernelName("kernel",
               cl::desc("Kernel to run, by name or as MODULE::NAME "
                        "(default: the one with wave.reference, or the "
                        "only kernel)"),
               cl::value_desc("NAME"), cl::cat(category));
static cl::opt<std::string>
    referenceName("reference",
                  cl::desc("Reference kernel, by name or as MODULE::NAME "
                           "(default: wave.reference)"),
                  cl::value_desc("NAME"), cl::cat(category));
static cl::opt<std::string>
    gridOption("grid", cl::desc("Workgroups X,Y,Z (default: known_grid_size)"),
               cl::value_desc("X,Y,Z"), cl::cat(category));
static cl::opt<uint64_t> seed("seed", cl::init(0),
                              cl::desc("Seed of the random inputs"),
                              cl::cat(category));
static cl::list<std::string>
    inputOptions("input", cl::desc("Argument contents from a .npy file"),
                 cl::value_desc("ARG=FILE.npy"), cl::cat(category));
static cl::list<std::string> scalarOptions(
    "scalar",
    cl::desc("The value of an integer or index argument (a size, a trip "
             "count); sizes not given are read from the shapes of the "
             ".npy inputs of the memrefs they size"),
    cl::value_desc("ARG=VALUE"), cl::cat(category));
static cl::opt<std::string>
    outputDir("output-dir",
              cl::desc("Write the outputs as .npy files into this directory"),
              cl::cat(category));
static cl::opt<double> relTolerance("rtol",
                                    cl::desc("Relative tolerance for floats"),
                                    cl::cat(category));
static cl::opt<double> absTolerance("atol",
                                    cl::desc("Absolute tolerance for floats"),
                                    cl::cat(category));
static cl::opt<uint64_t> memoryLimit(
    "memory-limit", cl::init(kDefaultMemoryLimitMiB),
    cl::desc("The most memory, in MiB, wave-run may hold while a kernel "
             "runs: the run's buffers, LDS, private memory and registers, "
             "and the inputs and other results it keeps to compare (up to "
             "three copies of the arguments in all)"),
    cl::value_desc("MiB"), cl::cat(category));
static cl::opt<uint64_t> maxSteps(
    "max-steps", cl::init(kDefaultMaxSteps),
    cl::desc("The most steps (instructions one wave executes) one run of a "
             "kernel may take; a run that needs more stops with an error at "
             "the loop it is in"),
    cl::value_desc("N"), cl::cat(category));
static cl::opt<std::string> comparePipeline(
    "compare-pipeline",
    cl::desc("Compare the kernel with itself after this pass pipeline"),
    cl::value_desc("PIPELINE"), cl::cat(category));

/// The `%name` at `loc` in another file than the one being run: a kernel
/// that `wave-opt -mlir-print-debuginfo` printed keeps each argument's
/// location in its source, where the argument has its name.
static std::optional<std::string> getNameAtSourceLocation(Location loc) {
  auto fileLoc = dyn_cast<FileLineColLoc>(loc);
  if (!fileLoc || fileLoc.getFilename() == inputFile)
    return std::nullopt;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> source =
      llvm::MemoryBuffer::getFile(fileLoc.getFilename().getValue(),
                                  /*IsText=*/true);
  if (!source)
    return std::nullopt;
  return getSsaNameAt((*source)->getBuffer(), fileLoc.getLine(),
                      fileLoc.getColumn());
}

/// The names of the kernel's arguments, in order of preference: a name
/// location (`loc("A")`), the name at the argument's location in its
/// original source, the name in the file being run.
static SmallVector<std::string> getArgumentNames(gpu::GPUFuncOp func,
                                                 const AsmParserState *state) {
  SmallVector<std::string> names(func.getNumArguments());
  const AsmParserState::BlockDefinition *def =
      state && !func.getBody().empty()
          ? state->getBlockDef(&func.getBody().front())
          : nullptr;
  for (unsigned i = 0; i < names.size(); ++i) {
    Location loc = func.getArgument(i).getLoc();
    if (auto nameLoc = dyn_cast<NameLoc>(loc)) {
      names[i] = nameLoc.getName().str();
      continue;
    }
    if (std::optional<std::string> name = getNameAtSourceLocation(loc)) {
      names[i] = *name;
      continue;
    }
    if (!def || i >= def->arguments.size())
      continue;
    llvm::SMRange range = def->arguments[i].loc;
    if (!range.isValid())
      continue;
    StringRef text(range.Start.getPointer(),
                   range.End.getPointer() - range.Start.getPointer());
    names[i] = text.ltrim('%').str();
  }
  return names;
}

static FailureOr<Dim3> parseGrid(StringRef text) {
  SmallVector<StringRef> parts;
  text.split(parts, ',');
  if (parts.empty() || parts.size() > 3)
    return failure();
  Dim3 grid = {1, 1, 1};
  for (auto [i, part] : llvm::enumerate(parts))
    if (part.trim().getAsInteger(10, grid[i]) || grid[i] <= 0)
      return failure();
  return grid;
}

/// How the options an error asks for are given here: the flag of each.
static std::string spellFlag(InterpretOption option, StringRef argument) {
  std::string arg = argument.empty() ? "ARG" : argument.str();
  switch (option) {
  case InterpretOption::Kernel:
    return "--kernel=NAME";
  case InterpretOption::Reference:
    return "--reference=NAME";
  case InterpretOption::ComparePipeline:
    return "--compare-pipeline=PIPELINE";
  case InterpretOption::Grid:
    return "--grid=X,Y,Z";
  case InterpretOption::Seed:
    return "--seed=N";
  case InterpretOption::Inputs:
    return "--input=" + arg + "=FILE.npy";
  case InterpretOption::Scalars:
    return "--scalar=" + arg + "=VALUE";
  case InterpretOption::OutputDir:
    return "--output-dir=DIR";
  case InterpretOption::Rtol:
    return "--rtol=R";
  case InterpretOption::Atol:
    return "--atol=A";
  case InterpretOption::MemoryLimit:
    return "--memory-limit=MIB";
  case InterpretOption::MaxSteps:
    return "--max-steps=N";
  }
  llvm_unreachable("unknown interpret option");
}

/// Maps the flags to the options and prints the result.
static LogicalResult runMain(ModuleOp module, const AsmParserState &state) {
  InterpretOptions options;
  options.kernel = kernelName;
  options.reference = referenceName;
  options.comparePipeline = comparePipeline;
  if (!gridOption.empty()) {
    FailureOr<Dim3> grid = parseGrid(gridOption);
    if (failed(grid)) {
      llvm::errs() << "wave-run: --grid expects X,Y,Z, got '" << gridOption
                   << "'\n";
      return failure();
    }
    options.grid = *grid;
  }
  options.seed = seed;
  options.inputs = inputOptions;
  options.scalars = scalarOptions;
  options.outputDir = outputDir;
  if (relTolerance.getNumOccurrences())
    options.rtol = relTolerance;
  if (absTolerance.getNumOccurrences())
    options.atol = absTolerance;
  if (memoryLimit.getNumOccurrences())
    options.memoryLimit = memoryLimit;
  options.maxSteps = maxSteps;

  llvm::Expected<InterpretResult> result =
      interpret(module, options, [&](gpu::GPUFuncOp func) {
        return getArgumentNames(func, &state);
      });
  if (!result) {
    // An empty message: the diagnostics say why.
    if (std::string text = describeError(result.takeError(), spellFlag);
        !text.empty())
      llvm::errs() << "wave-run: " << text << "\n";
    return failure();
  }
  result->print(llvm::outs());
  if (!result->agrees()) {
    llvm::errs() << "wave-run: outputs differ\n";
    return failure();
  }
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // Results go to stdout, errors to stderr; keep them in order.
  llvm::errs().tie(&llvm::outs());
  registerAllWavePasses();
  // --help lists this tool's options; LLVM's internal ones still parse.
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "wave-run: reference interpreter for wave "
                              "kernels, with LDS race and bounds checks\n");

  DialectRegistry registry;
  registerAllWaveDialects(registry);
  GroupThreadPool threadPool;
  MLIRContext context(registry);
  useThreadPool(context, threadPool);

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << "wave-run: " << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  // Parse with the parser state, which remembers the source names of the
  // kernel arguments (for --input and the messages).
  Block block;
  AsmParserState state;
  // Verified after the check for ops whose verifiers crash.
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  const llvm::MemoryBuffer *text =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (failed(rejectKnownParserCrashes(text->getBuffer(),
                                      text->getBufferIdentifier(), &context)) ||
      failed(parseAsmSourceFile(sourceMgr, &block, config, &state)))
    return 1;
  OwningOpRef<ModuleOp> module;
  if (llvm::hasSingleElement(block) && isa<ModuleOp>(block.front())) {
    module = cast<ModuleOp>(block.front());
    module.get()->remove();
  } else {
    module = ModuleOp::create(FileLineColLoc::get(&context, inputFile, 0, 0));
    module->getBody()->getOperations().splice(module->getBody()->end(),
                                              block.getOperations());
  }
  if (failed(verifyParsedInput(*module)))
    return 1;
  int status = failed(runMain(*module, state)) ? 1 : 0;
  // A failed write to standard output is reported, not left to abort at
  // exit.
  llvm::outs().flush();
  if (std::error_code writeError = llvm::outs().error()) {
    llvm::outs().clear_error();
    llvm::errs() << "wave-run: cannot write standard output: "
                 << writeError.message() << "\n";
    return 1;
  }
  return status;
}
