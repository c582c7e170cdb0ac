//===- wave-run.cpp - Reference interpreter for wave kernels --------------===//
//
// wave-run FILE.mlir [--kernel=NAME] [--reference=NAME] [--grid=X,Y,Z]
//   [--seed=N] [--input=ARG=FILE.npy]... [--output-dir=DIR]
//   [--rtol=R --atol=A] [--compare-pipeline='PIPELINE'] [--memory-limit=MIB]
//
// Runs a kernel on random inputs (or given .npy files) and compares the
// outputs it writes either with its reference kernel (`wave.reference`) or,
// with --compare-pipeline, with the same kernel after a pass pipeline. Exits
// with 0 when they agree and the interpreter's checks found no bug.
//
//===----------------------------------------------------------------------===//

#include "wave/InitAllDialects.h"
#include "wave/InitAllPasses.h"
#include "wave/Interpreter/Compare.h"
#include "wave/Interpreter/Interpreter.h"
#include "wave/Interpreter/Npy.h"
#include "wave/Support/KnownParserCrashes.h"
#include "wave/Support/KnownVerifierCrashes.h"
#include "wave/Support/ThreadPool.h"

#include "../common/SourceNames.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <unistd.h>

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
               cl::desc("Kernel to run (default: the one with "
                        "wave.reference, or the only kernel)"),
               cl::cat(category));
static cl::opt<std::string>
    referenceName("reference",
                  cl::desc("Reference kernel (default: wave.reference)"),
                  cl::cat(category));
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
    "memory-limit", cl::init(Kernel::kDefaultMemoryLimit >> 20),
    cl::desc("The most memory, in MiB, wave-run may hold while a kernel "
             "runs: the run's buffers, LDS, private memory and registers, "
             "and the inputs and other results it keeps to compare (up to "
             "three copies of the arguments in all)"),
    cl::value_desc("MiB"), cl::cat(category));
static cl::opt<uint64_t> maxSteps(
    "max-steps", cl::init(Kernel::kDefaultMaxSteps),
    cl::desc("The most steps (instructions one wave executes) one run of a "
             "kernel may take; a run that needs more stops with an error at "
             "the loop it is in"),
    cl::value_desc("N"), cl::cat(category));
static cl::opt<std::string> comparePipeline(
    "compare-pipeline",
    cl::desc("Compare the kernel with itself after this pass pipeline"),
    cl::value_desc("PIPELINE"), cl::cat(category));

/// Every gpu.func kernel of the module.
static SmallVector<gpu::GPUFuncOp> collectKernels(ModuleOp module) {
  SmallVector<gpu::GPUFuncOp> kernels;
  module.walk([&](gpu::GPUFuncOp func) {
    if (func.isKernel())
      kernels.push_back(func);
  });
  return kernels;
}

static gpu::GPUFuncOp findKernel(ArrayRef<gpu::GPUFuncOp> kernels,
                                 StringRef name) {
  for (gpu::GPUFuncOp kernel : kernels)
    if (kernel.getName() == name)
      return kernel;
  return {};
}

/// The kernel to run: --kernel, else the one kernel naming a reference, else
/// the only kernel.
static FailureOr<gpu::GPUFuncOp> selectKernel(ModuleOp module) {
  SmallVector<gpu::GPUFuncOp> kernels = collectKernels(module);
  if (!kernelName.empty()) {
    if (gpu::GPUFuncOp kernel = findKernel(kernels, kernelName))
      return kernel;
    llvm::errs() << "wave-run: no kernel @" << kernelName << " in " << inputFile
                 << "\n";
    return failure();
  }
  SmallVector<gpu::GPUFuncOp> withReference;
  for (gpu::GPUFuncOp kernel : kernels)
    if (kernel->hasAttr(WaveDialect::kReferenceAttrName))
      withReference.push_back(kernel);
  if (withReference.size() == 1)
    return withReference.front();
  if (withReference.empty() && kernels.size() == 1)
    return kernels.front();
  llvm::errs() << "wave-run: " << inputFile << " holds "
               << (withReference.empty() ? kernels.size()
                                         : withReference.size())
               << " candidate kernels; choose one with --kernel=NAME\n";
  return failure();
}

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

static std::string formatDims(ArrayRef<int64_t> dims) {
  if (dims.empty())
    return "scalar";
  return llvm::join(
      llvm::map_range(dims, [](int64_t d) { return std::to_string(d); }), "x");
}

/// The argument an `ARG=...` option names (its source name or its
/// position), or none after an error.
static std::optional<size_t> findArgument(const Kernel &kernel,
                                          StringRef option, StringRef flag,
                                          StringRef expected,
                                          StringRef &value) {
  auto [name, rest] = option.split('=');
  value = rest;
  if (rest.empty()) {
    llvm::errs() << "wave-run: --" << flag << " expects " << expected
                 << ", got '" << option << "'\n";
    return std::nullopt;
  }
  ArrayRef<KernelArgumentInfo> args = kernel.getArguments();
  for (auto [i, arg] : llvm::enumerate(args))
    if (arg.name == name)
      return i;
  size_t number;
  if (!name.getAsInteger(10, number) && number < args.size())
    return number;
  llvm::errs() << "wave-run: @" << kernel.getName() << " has no argument '"
               << name << "'\n";
  return std::nullopt;
}

/// Where the value of a size argument comes from.
struct SizeSource {
  int64_t value;
  std::string origin;
};

/// The values of the size arguments: given (--scalar or --input) or read
/// from the shapes of the .npy inputs of the memrefs they size; all sources
/// of one size must agree.
static LogicalResult resolveSizes(const Kernel &kernel,
                                  ArrayRef<const std::string *> inputs,
                                  MutableArrayRef<Buffer> buffers,
                                  ArrayRef<bool> givenScalars) {
  ArrayRef<KernelArgumentInfo> args = kernel.getArguments();
  SmallVector<std::optional<SizeSource>> sizes(args.size());
  SmallVector<int64_t> values = getScalarValues(buffers);
  for (auto [i, arg] : llvm::enumerate(args))
    if (givenScalars[i])
      sizes[i] =
          SizeSource{values[i], "the value given for '" + arg.name + "'"};
  for (auto [i, arg] : llvm::enumerate(args)) {
    if (!arg.hasDynamicExtents())
      continue;
    std::optional<SmallVector<int64_t>> shape;
    StringRef path;
    if (inputs[i]) {
      path = StringRef(*inputs[i]).split('=').second;
      std::string error;
      FailureOr<SmallVector<int64_t>> read = readNpyShape(path, error);
      if (failed(read)) {
        llvm::errs() << "wave-run: argument '" << arg.name << "': " << error
                     << "\n";
        return failure();
      }
      if (read->size() != arg.extentArguments.size()) {
        llvm::errs() << "wave-run: argument '" << arg.name << "': '" << path
                     << "' holds an array of rank " << read->size()
                     << ", the argument has rank " << arg.extentArguments.size()
                     << "\n";
        return failure();
      }
      shape = std::move(*read);
    }
    for (auto [dim, size] : llvm::enumerate(arg.extentArguments)) {
      if (size < 0)
        continue;
      if (!shape) {
        if (!sizes[size]) {
          llvm::errs() << "wave-run: '" << args[size].name << "' (extent "
                       << dim << " of '" << arg.name
                       << "') has no value: give --scalar=" << args[size].name
                       << "=VALUE or --input=" << arg.name << "=FILE.npy\n";
          return failure();
        }
        continue;
      }
      SizeSource source{(*shape)[dim], "the shape of '" + path.str() + "'"};
      if (sizes[size] && sizes[size]->value != source.value) {
        llvm::errs() << "wave-run: '" << args[size].name << "' is "
                     << sizes[size]->value << " by " << sizes[size]->origin
                     << " but " << source.value << " by " << source.origin
                     << " (extent " << dim << " of '" << arg.name << "')\n";
        return failure();
      }
      sizes[size] = std::move(source);
    }
  }
  for (auto [i, size] : llvm::enumerate(sizes))
    if (size)
      buffers[i].setBits(0, uint64_t(size->value) &
                                llvm::maskTrailingOnes<uint64_t>(
                                    getBitWidth(buffers[i].getKind())));
  return success();
}

/// The argument buffers: random contents from the seed, then the --scalar
/// values and the --input files; a dynamically shaped memref takes the
/// extents its size arguments hold.
static FailureOr<SmallVector<Buffer>> prepareInputs(const Kernel &kernel) {
  ArrayRef<KernelArgumentInfo> args = kernel.getArguments();
  // The option that gives each argument, so that none is given twice.
  SmallVector<const std::string *> inputs(args.size(), nullptr);
  SmallVector<const std::string *> given(args.size(), nullptr);
  SmallVector<bool> givenScalars(args.size(), false);
  SmallVector<Buffer> buffers = kernel.createArgumentBuffers();
  for (auto [i, buffer] : llvm::enumerate(buffers))
    buffer.fillRandom(seed * 0x100000001b3ULL + i);
  auto claim = [&](size_t index, const std::string &option) {
    if (!given[index]) {
      given[index] = &option;
      return true;
    }
    llvm::errs() << "wave-run: argument '" << args[index].name
                 << "' is given twice: " << *given[index] << " and " << option
                 << "\n";
    return false;
  };
  SmallVector<std::string> scalarTexts, inputTexts;
  for (const std::string &option : scalarOptions)
    scalarTexts.push_back("--scalar=" + option);
  for (const std::string &option : inputOptions)
    inputTexts.push_back("--input=" + option);
  for (auto [option, text] : llvm::zip_equal(scalarOptions, scalarTexts)) {
    StringRef value;
    std::optional<size_t> index =
        findArgument(kernel, option, "scalar", "ARG=VALUE", value);
    if (!index || !claim(*index, text))
      return failure();
    Buffer &buffer = buffers[*index];
    int64_t number;
    if (buffer.getRank() != 0 || isFloat(buffer.getKind()) ||
        value.getAsInteger(10, number)) {
      llvm::errs() << "wave-run: " << text
                   << ": --scalar gives integer and index arguments an "
                      "integer value\n";
      return failure();
    }
    buffer.setBits(0, uint64_t(number) & llvm::maskTrailingOnes<uint64_t>(
                                             getBitWidth(buffer.getKind())));
    givenScalars[*index] = true;
  }
  for (auto [option, text] : llvm::zip_equal(inputOptions, inputTexts)) {
    StringRef path;
    std::optional<size_t> index =
        findArgument(kernel, option, "input", "ARG=FILE.npy", path);
    if (!index || !claim(*index, text))
      return failure();
    inputs[*index] = &option;
    if (buffers[*index].getRank() != 0)
      continue;
    std::string error;
    if (failed(readNpy(path, buffers[*index], error))) {
      llvm::errs() << "wave-run: argument '" << args[*index].name
                   << "': " << error << "\n";
      return failure();
    }
    givenScalars[*index] = !isFloat(buffers[*index].getKind());
  }
  if (failed(resolveSizes(kernel, inputs, buffers, givenScalars)))
    return failure();

  // The dynamically shaped memrefs, now that their sizes are known.
  SmallVector<int64_t> scalars = getScalarValues(buffers);
  for (auto [i, arg] : llvm::enumerate(args)) {
    if (!arg.hasDynamicExtents())
      continue;
    uint64_t elements = 1;
    for (auto [extent, size] :
         llvm::zip_equal(buffers[i].getShape(), arg.extentArguments)) {
      int64_t value = size < 0 ? extent : scalars[size];
      if (value < 0) {
        llvm::errs() << "wave-run: '" << args[size].name << "' (a size of '"
                     << arg.name << "') is " << value << "\n";
        return failure();
      }
      elements = llvm::SaturatingMultiply(elements, uint64_t(value));
    }
    // Refused before it is allocated, as the interpreter refuses its own.
    if (llvm::SaturatingMultiply(elements, uint64_t(sizeof(uint64_t))) >
        (memoryLimit << 20)) {
      llvm::errs() << "wave-run: argument '" << arg.name << "' of " << elements
                   << " elements is over the memory limit of " << memoryLimit
                   << " MiB\n";
      return failure();
    }
  }
  SmallVector<Buffer> sized = kernel.createArgumentBuffers(scalars);
  for (auto [i, arg] : llvm::enumerate(args)) {
    if (!arg.hasDynamicExtents())
      continue;
    buffers[i] = std::move(sized[i]);
    buffers[i].fillRandom(seed * 0x100000001b3ULL + i);
  }
  for (auto [i, option] : llvm::enumerate(inputs)) {
    if (!option || buffers[i].getRank() == 0)
      continue;
    std::string error;
    if (failed(
            readNpy(StringRef(*option).split('=').second, buffers[i], error))) {
      llvm::errs() << "wave-run: argument '" << args[i].name << "': " << error
                   << "\n";
      return failure();
    }
  }
  return buffers;
}

static LogicalResult writeOutputs(const Kernel &kernel,
                                  ArrayRef<Buffer> buffers, StringRef suffix) {
  if (std::error_code ec = llvm::sys::fs::create_directories(outputDir)) {
    llvm::errs() << "wave-run: cannot create '" << outputDir
                 << "': " << ec.message() << "\n";
    return failure();
  }
  for (auto [arg, buffer] : llvm::zip_equal(kernel.getArguments(), buffers)) {
    if (!arg.written)
      continue;
    SmallString<128> path(outputDir);
    llvm::sys::path::append(path, arg.name + suffix.str() + ".npy");
    std::string error;
    if (failed(writeNpy(path, buffer, error))) {
      llvm::errs() << "wave-run: " << error << "\n";
      return failure();
    }
  }
  return success();
}

/// How messages name a kernel: with --compare-pipeline, the original or the
/// transformed one; otherwise the kernel or its reference.
static std::string describeKernel(StringRef name, bool other) {
  if (comparePipeline.empty())
    return (other ? "reference @" : "@") + name.str();
  if (other)
    return "@" + name.str() + " after '" + comparePipeline + "'";
  return "the original @" + name.str() + " (before '" + comparePipeline + "')";
}

/// Runs `kernel` on a copy of `inputs` over `grid`.
static FailureOr<SmallVector<Buffer>>
runOn(const Kernel &kernel, ArrayRef<Buffer> inputs, Dim3 grid, bool other) {
  SmallVector<Buffer> buffers(inputs.begin(), inputs.end());
  if (failed(kernel.run(buffers, grid, maxSteps))) {
    llvm::errs() << "wave-run: " << describeKernel(kernel.getName(), other)
                 << " failed";
    if (other && !comparePipeline.empty())
      llvm::errs() << "; the original ran with no error";
    llvm::errs() << "\n";
    return failure();
  }
  return buffers;
}

/// --rtol and --atol: a tolerance is a non-negative number.
static LogicalResult checkTolerances() {
  for (cl::opt<double> *option : {&relTolerance, &absTolerance}) {
    if (!option->getNumOccurrences())
      continue;
    double value = *option;
    if (std::isnan(value) || value < 0) {
      llvm::errs() << "wave-run: --" << option->ArgStr
                   << " must be a non-negative number, got "
                   << llvm::format("%g", value) << "\n";
      return failure();
    }
  }
  return success();
}

static Tolerance getTolerance(ElementKind kind) {
  Tolerance tolerance = getDefaultTolerance(kind);
  if (relTolerance.getNumOccurrences())
    tolerance.rtol = relTolerance;
  if (absTolerance.getNumOccurrences())
    tolerance.atol = absTolerance;
  return tolerance;
}

/// Compares every output either kernel writes; prints one line per output.
static bool compareOutputs(const Kernel &kernel, const Kernel &other,
                           ArrayRef<Buffer> actual, ArrayRef<Buffer> expected) {
  bool agree = true;
  if (comparePipeline.empty())
    llvm::outs() << "comparing @" << kernel.getName() << " with @"
                 << other.getName() << "\n";
  else
    llvm::outs() << "comparing @" << kernel.getName() << " after '"
                 << comparePipeline << "' with @" << other.getName()
                 << " before it\n";
  for (auto [i, arg] : llvm::enumerate(kernel.getArguments())) {
    if (!arg.written && !other.getArguments()[i].written)
      continue;
    const Buffer &a = actual[i], &e = expected[i];
    Tolerance tolerance = getTolerance(a.getKind());
    Comparison comparison = compareBuffers(a, e, tolerance);
    llvm::outs() << "  output '" << arg.name << "' (";
    if (a.getRank())
      llvm::outs() << formatDims(a.getShape()) << "x";
    llvm::outs() << getElementKindName(a.getKind()) << "): ";
    if (comparison.agrees()) {
      llvm::outs() << llvm::format("agrees (max abs error %.3g, max rel "
                                   "error %.3g)\n",
                                   comparison.maxAbsError,
                                   comparison.maxRelError);
      continue;
    }
    agree = false;
    llvm::outs() << "MISMATCH: " << describeComparison(comparison, a, e);
    if (isFloat(a.getKind()))
      llvm::outs() << llvm::format(" (rtol %g, atol %g)", tolerance.rtol,
                                   tolerance.atol);
    llvm::outs() << "\n";
  }
  return agree;
}

/// Compiles `func`, which runs in the waves of `loweredFrom` when it has no
/// target of its own.
static FailureOr<Kernel> compileKernel(gpu::GPUFuncOp func,
                                       ArrayRef<std::string> names, bool other,
                                       gpu::GPUFuncOp loweredFrom = {}) {
  // While a kernel runs, wave-run keeps the inputs and, while the second
  // runs, the first one's results.
  FailureOr<Kernel> kernel = Kernel::compile(func, names, memoryLimit << 20,
                                             other ? 2 : 1, loweredFrom);
  if (failed(kernel))
    llvm::errs() << "wave-run: cannot run "
                 << describeKernel(func.getName(), other) << "\n";
  return kernel;
}

/// Whether an argument of type `before` takes the same buffer as one of type
/// `after`: the same type, or a dynamically shaped memref that a lowering
/// passes as a bare pointer (a rank-0 memref of its elements), which the
/// interpreter gives the whole buffer.
static bool isSameArgument(Type before, Type after) {
  if (before == after)
    return true;
  auto from = dyn_cast<MemRefType>(before), to = dyn_cast<MemRefType>(after);
  return from && to && !from.hasStaticShape() && to.getRank() == 0 &&
         from.getElementType() == to.getElementType() &&
         from.getMemorySpace() == to.getMemorySpace();
}

/// The kernel to compare with: the reference, or the kernel after the pass
/// pipeline, which transforms `transformed` (a copy of the module as given)
/// in place.
static FailureOr<gpu::GPUFuncOp>
selectOther(ModuleOp module, gpu::GPUFuncOp func,
            OwningOpRef<ModuleOp> &transformed) {
  if (!comparePipeline.empty()) {
    PassManager pm(module.getContext());
    std::string errors;
    llvm::raw_string_ostream os(errors);
    // Both `builtin.module(...)` and the bare list of module passes.
    StringRef pipeline = StringRef(comparePipeline).trim();
    if (pipeline.consume_front("builtin.module(") &&
        !pipeline.consume_back(")")) {
      llvm::errs() << "wave-run: unbalanced pipeline '" << comparePipeline
                   << "'\n";
      return failure();
    }
    if (failed(parsePassPipeline(pipeline, pm, os))) {
      llvm::errs() << "wave-run: bad pipeline: " << errors << "\n";
      return failure();
    }
    if (failed(pm.run(*transformed))) {
      llvm::errs() << "wave-run: the pipeline '" << comparePipeline
                   << "' failed on the original module\n";
      return failure();
    }
    // The kernel under the same symbol path in the transformed module.
    auto gpuModule = func->getParentOfType<gpu::GPUModuleOp>();
    gpu::GPUFuncOp after;
    transformed->walk([&](gpu::GPUFuncOp candidate) {
      auto parent = candidate->getParentOfType<gpu::GPUModuleOp>();
      if (candidate.getName() == func.getName() && parent && gpuModule &&
          parent.getName() == gpuModule.getName())
        after = candidate;
    });
    if (!after) {
      llvm::errs() << "wave-run: the pipeline removed @" << func.getName()
                   << "\n";
      return failure();
    }
    // Outputs are compared argument by argument.
    if (!llvm::equal(func.getArgumentTypes(), after.getArgumentTypes(),
                     isSameArgument)) {
      llvm::errs() << "wave-run: the pipeline changed the arguments of @"
                   << func.getName() << "; outputs cannot be compared\n";
      return failure();
    }
    return after;
  }

  StringRef name = referenceName;
  if (name.empty()) {
    auto ref =
        func->getAttrOfType<FlatSymbolRefAttr>(WaveDialect::kReferenceAttrName);
    if (!ref)
      return gpu::GPUFuncOp();
    name = ref.getValue();
  }
  auto reference =
      dyn_cast_or_null<gpu::GPUFuncOp>(SymbolTable::lookupNearestSymbolFrom(
          func, StringAttr::get(module.getContext(), name)));
  if (!reference) {
    llvm::errs() << "wave-run: no reference kernel @" << name << "\n";
    return failure();
  }
  if (reference.getArgumentTypes() != func.getArgumentTypes()) {
    llvm::errs() << "wave-run: reference @" << name
                 << " does not take the arguments of @" << func.getName()
                 << "\n";
    return failure();
  }
  return reference;
}

/// The machine's physical memory in MiB, or 0 where the system does not say.
static uint64_t getPhysicalMemoryMiB() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || pageSize <= 0)
    return 0;
  return (uint64_t(pages) * uint64_t(pageSize)) >> 20;
}

static LogicalResult runMain(ModuleOp module, const AsmParserState &state) {
  FailureOr<gpu::GPUFuncOp> func = selectKernel(module);
  if (failed(func))
    return failure();
  if (failed(checkTolerances()))
    return failure();
  if (memoryLimit > (UINT64_MAX >> 20)) {
    llvm::errs() << "wave-run: --memory-limit of " << memoryLimit
                 << " MiB is too large\n";
    return failure();
  }
  // The interpreter touches what it allocates (registers of every lane), so
  // a limit given past the machine's memory would let a run exhaust it.
  if (uint64_t physicalMiB = getPhysicalMemoryMiB();
      memoryLimit.getNumOccurrences() && physicalMiB != 0 &&
      memoryLimit > physicalMiB) {
    llvm::errs() << "wave-run: --memory-limit of " << memoryLimit
                 << " MiB is more than this machine's " << physicalMiB
                 << " MiB of memory\n";
    return failure();
  }
  if (maxSteps == 0) {
    llvm::errs() << "wave-run: --max-steps must be positive\n";
    return failure();
  }
  SmallVector<std::string> names = getArgumentNames(*func, &state);
  OwningOpRef<ModuleOp> transformed;
  if (!comparePipeline.empty())
    transformed = module.clone();
  FailureOr<Kernel> kernel = compileKernel(*func, names, /*other=*/false);
  if (failed(kernel))
    return failure();

  Dim3 grid;
  if (!gridOption.empty()) {
    FailureOr<Dim3> parsed = parseGrid(gridOption);
    if (failed(parsed)) {
      llvm::errs() << "wave-run: --grid expects X,Y,Z, got '" << gridOption
                   << "'\n";
      return failure();
    }
    grid = *parsed;
  } else if (std::optional<Dim3> known = kernel->getKnownGridSize()) {
    grid = *known;
  } else {
    llvm::errs() << "wave-run: @" << kernel->getName()
                 << " has no known_grid_size; give --grid=X,Y,Z\n";
    return failure();
  }

  FailureOr<gpu::GPUFuncOp> otherFunc = selectOther(module, *func, transformed);
  if (failed(otherFunc))
    return failure();
  std::optional<Kernel> other;
  Dim3 otherGrid = grid;
  if (*otherFunc) {
    // A pipeline that drops `wave.kernel` and attaches no #rocdl.target
    // leaves the kernel in the waves it was compiled for.
    FailureOr<Kernel> compiled =
        compileKernel(*otherFunc, names, /*other=*/true,
                      comparePipeline.empty() ? gpu::GPUFuncOp() : *func);
    if (failed(compiled))
      return failure();
    other = std::move(*compiled);
    // Lane ids and subgroup sizes differ between waves of other sizes (a
    // pipeline that attaches a #rocdl.target of another wave size).
    if (!comparePipeline.empty() &&
        other->getWaveSize() != kernel->getWaveSize()) {
      llvm::errs() << "wave-run: @" << kernel->getName() << " runs in waves of "
                   << kernel->getWaveSize() << " lanes before '"
                   << comparePipeline << "' and of " << other->getWaveSize()
                   << " after it; outputs cannot be compared\n";
      return failure();
    }
    if (comparePipeline.empty()) {
      // The reference runs with its own launch shape.
      std::optional<Dim3> known = other->getKnownGridSize();
      if (!known) {
        llvm::errs() << "wave-run: reference @" << other->getName()
                     << " has no known_grid_size\n";
        return failure();
      }
      otherGrid = *known;
    }
  }

  FailureOr<SmallVector<Buffer>> prepared = prepareInputs(*kernel);
  if (failed(prepared))
    return failure();
  SmallVector<Buffer> inputs = std::move(*prepared);

  FailureOr<SmallVector<Buffer>> results =
      runOn(*kernel, inputs, grid, /*other=*/false);
  if (failed(results))
    return failure();
  if (!outputDir.empty() && failed(writeOutputs(*kernel, *results, "")))
    return failure();
  if (!other) {
    llvm::outs() << "@" << kernel->getName() << " ran on " << formatDims(grid)
                 << " workgroups with no error\n";
    return success();
  }

  FailureOr<SmallVector<Buffer>> otherResults =
      runOn(*other, inputs, otherGrid, /*other=*/true);
  if (failed(otherResults))
    return failure();
  StringRef suffix = comparePipeline.empty() ? ".reference" : ".transformed";
  if (!outputDir.empty() && failed(writeOutputs(*other, *otherResults, suffix)))
    return failure();

  // After a pipeline, the transformed kernel is checked against the
  // original; otherwise the kernel against its reference.
  bool agree = comparePipeline.empty()
                   ? compareOutputs(*kernel, *other, *results, *otherResults)
                   : compareOutputs(*other, *kernel, *otherResults, *results);
  if (!agree) {
    llvm::errs() << "wave-run: outputs differ\n";
    return failure();
  }
  llvm::outs() << "PASS\n";
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
  // The interpreter runs plain accesses: MMA fragment accesses first become
  // the plain accesses they stand for, as in every compile pipeline.
  PassManager expand(&context);
  expand.addPass(createExpandFragments());
  if (failed(expand.run(*module)))
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
