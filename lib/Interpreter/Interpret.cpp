//===- Interpret.cpp - Running a module's kernel as wave-run does ---------===//

#include "wave/Interpreter/Interpret.h"

#include "wave/Dialect/Wave/IR/WaveDialect.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Interpreter/Npy.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <unistd.h>

using namespace mlir;
using namespace mlir::wave;

/// An error of interpret(): what failed, after the diagnostics that say why.
static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// An error that the options `remedies` name would avoid.
static llvm::Error
failWithOptions(const Twine &message,
                SmallVector<InterpretOptionError::Remedy, 2> remedies) {
  return llvm::make_error<InterpretOptionError>(message.str(),
                                                std::move(remedies));
}

char InterpretOptionError::ID = 0;

std::string mlir::wave::describeError(llvm::Error error, OptionSpeller spell) {
  std::string text;
  llvm::handleAllErrors(
      std::move(error),
      [&](const InterpretOptionError &optionError) {
        text = optionError.message;
        SmallVector<std::string, 2> spelled;
        for (const InterpretOptionError::Remedy &remedy : optionError.remedies)
          if (std::string option = spell(remedy.option, remedy.argument);
              !option.empty())
            spelled.push_back(std::move(option));
        if (!spelled.empty())
          text += " (" + llvm::join(spelled, " or ") + ")";
      },
      [&](const llvm::ErrorInfoBase &other) { text = other.message(); });
  return text;
}

static std::string formatDims(ArrayRef<int64_t> dims) {
  if (dims.empty())
    return "scalar";
  return llvm::join(
      llvm::map_range(dims, [](int64_t d) { return std::to_string(d); }), "x");
}

/// The file the module was read from, for messages about the whole input.
static std::string getSourceName(ModuleOp module) {
  if (auto loc = dyn_cast<FileLineColLoc>(module.getLoc()))
    return loc.getFilename().str();
  return "the module";
}

//===----------------------------------------------------------------------===//
// Choosing the kernels
//===----------------------------------------------------------------------===//

/// The names of the symbols around `op` and its own, outermost first, below
/// the outermost op (the module given, whose name a nested reference leaves
/// out).
static SmallVector<StringRef> getSymbolPath(Operation *op) {
  SmallVector<StringRef> path;
  for (; op && op->getParentOp(); op = op->getParentOp())
    if (auto name =
            op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      path.push_back(name.getValue());
  std::reverse(path.begin(), path.end());
  return path;
}

std::string mlir::wave::getKernelPath(gpu::GPUFuncOp func) {
  return llvm::join(getSymbolPath(func), "::");
}

/// A kernel as an option names it: `NAME` or a path `MODULE::NAME`, each
/// part with or without the `@` of a symbol reference (`@MODULE::@NAME`).
static SmallVector<StringRef> parseKernelPath(StringRef text) {
  SmallVector<StringRef> parts;
  text.split(parts, "::");
  for (StringRef &part : parts) {
    part = part.trim();
    part.consume_front("@");
  }
  return parts;
}

/// Whether `func` is the kernel `parts` names: by its name alone, or by its
/// whole path.
static bool isNamedBy(gpu::GPUFuncOp func, ArrayRef<StringRef> parts) {
  if (parts.size() == 1)
    return func.getName() == parts.front();
  return llvm::equal(getSymbolPath(func), parts);
}

/// `parts` as a nested symbol reference, for messages: `@k`, `@mod::@k`.
static std::string formatSymbolPath(ArrayRef<StringRef> parts) {
  return "@" + llvm::join(parts, "::@");
}

/// `kernels` for a message, each as the kernel option would name it: by its
/// name where no other kernel of `all` has it, else by its path.
static std::string listKernels(ArrayRef<gpu::GPUFuncOp> kernels,
                               ArrayRef<gpu::GPUFuncOp> all) {
  SmallVector<std::string> names;
  for (gpu::GPUFuncOp kernel : kernels) {
    StringRef name = kernel.getName();
    bool unique = llvm::count_if(all, [&](gpu::GPUFuncOp other) {
                    return other.getName() == name;
                  }) == 1;
    names.push_back(unique ? name.str() : getKernelPath(kernel));
  }
  return llvm::join(names, ", ");
}

/// The kernel to run: the one `options.kernel` names, else the one kernel
/// naming a reference, else the only kernel.
static llvm::Expected<gpu::GPUFuncOp>
selectKernel(ModuleOp module, const InterpretOptions &options) {
  SmallVector<gpu::GPUFuncOp> kernels, withReference;
  module.walk([&](gpu::GPUFuncOp func) {
    if (!func.isKernel())
      return;
    kernels.push_back(func);
    if (func->hasAttr(WaveDialect::kReferenceAttrName))
      withReference.push_back(func);
  });
  std::string source = getSourceName(module);
  if (!options.kernel.empty()) {
    SmallVector<StringRef> parts = parseKernelPath(options.kernel);
    SmallVector<gpu::GPUFuncOp> matches;
    for (gpu::GPUFuncOp kernel : kernels)
      if (isNamedBy(kernel, parts))
        matches.push_back(kernel);
    if (matches.size() == 1)
      return matches.front();
    // Kernels of one name in several gpu.modules: their paths tell them
    // apart.
    if (!matches.empty())
      return failWithOptions(
          formatSymbolPath(parts) + " names " + Twine(matches.size()) +
              " kernels in " + source + ": " +
              llvm::join(llvm::map_range(matches, getKernelPath), ", ") +
              "; choose one by its path, MODULE::NAME",
          {{InterpretOption::Kernel, ""}});
    if (kernels.empty())
      return fail("no kernel " + formatSymbolPath(parts) + " in " + source +
                  ", which holds no kernel");
    return fail("no kernel " + formatSymbolPath(parts) + " in " + source +
                "; its kernels are " + listKernels(kernels, kernels));
  }
  if (withReference.size() == 1)
    return withReference.front();
  if (withReference.empty() && kernels.size() == 1)
    return kernels.front();
  if (kernels.empty())
    return fail(source + " holds no kernel");
  ArrayRef<gpu::GPUFuncOp> candidates =
      withReference.empty() ? kernels : withReference;
  return failWithOptions(
      source + " holds " + Twine(candidates.size()) + " candidate kernels (" +
          listKernels(candidates, kernels) + "); choose the kernel by name",
      {{InterpretOption::Kernel, ""}});
}

gpu::GPUFuncOp mlir::wave::findSameKernel(ModuleOp module,
                                          gpu::GPUFuncOp func) {
  auto parent = func->getParentOfType<gpu::GPUModuleOp>();
  gpu::GPUFuncOp found;
  module.walk([&](gpu::GPUFuncOp candidate) {
    auto candidateParent = candidate->getParentOfType<gpu::GPUModuleOp>();
    if (candidate.getName() == func.getName() && parent && candidateParent &&
        candidateParent.getName() == parent.getName())
      found = candidate;
  });
  return found;
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

/// The kernel to compare with: none, the reference, or the kernel after the
/// pass pipeline, which transforms `transformed` (a copy of the module as
/// given) in place.
static llvm::Expected<gpu::GPUFuncOp>
selectOther(gpu::GPUFuncOp func, const InterpretOptions &options,
            ModuleOp transformed) {
  if (!options.compare)
    return gpu::GPUFuncOp();
  MLIRContext *context = func.getContext();
  if (!options.comparePipeline.empty()) {
    const std::string &text = options.comparePipeline;
    PassManager pm(context);
    std::string errors;
    llvm::raw_string_ostream os(errors);
    // Both `builtin.module(...)` and the bare list of module passes.
    StringRef pipeline = StringRef(text).trim();
    if (pipeline.consume_front("builtin.module(") &&
        !pipeline.consume_back(")"))
      return fail("unbalanced pipeline '" + text + "'");
    if (failed(parsePassPipeline(pipeline, pm, os)))
      return fail("bad pipeline: " + errors);
    if (failed(pm.run(transformed)))
      return fail("the pipeline '" + text + "' failed on the original module");
    gpu::GPUFuncOp after = findSameKernel(transformed, func);
    if (!after)
      return fail("the pipeline removed @" + func.getName());
    // Outputs are compared argument by argument.
    if (!llvm::equal(func.getArgumentTypes(), after.getArgumentTypes(),
                     isSameArgument))
      return fail("the pipeline changed the arguments of @" + func.getName() +
                  "; outputs cannot be compared");
    return after;
  }

  StringRef name = options.reference;
  if (name.empty()) {
    auto ref =
        func->getAttrOfType<FlatSymbolRefAttr>(WaveDialect::kReferenceAttrName);
    if (!ref)
      return gpu::GPUFuncOp();
    name = ref.getValue();
  }
  // A path names the reference from the outermost module, a name in the
  // kernel's own gpu.module (as `wave.reference` does).
  SmallVector<StringRef> parts = parseKernelPath(name);
  gpu::GPUFuncOp reference;
  if (parts.size() == 1) {
    reference =
        dyn_cast_or_null<gpu::GPUFuncOp>(SymbolTable::lookupNearestSymbolFrom(
            func, StringAttr::get(context, parts.front())));
  } else {
    Operation *root = func;
    while (root->getParentOp())
      root = root->getParentOp();
    root->walk([&](gpu::GPUFuncOp candidate) {
      if (isNamedBy(candidate, parts))
        reference = candidate;
    });
  }
  if (!reference)
    return fail("no reference kernel " + formatSymbolPath(parts));
  name = reference.getName();
  if (reference.getArgumentTypes() != func.getArgumentTypes())
    return fail("reference @" + name + " does not take the arguments of @" +
                func.getName());
  return reference;
}

//===----------------------------------------------------------------------===//
// Checking the options
//===----------------------------------------------------------------------===//

/// The machine's physical memory in MiB, or 0 where the system does not say.
static uint64_t getPhysicalMemoryMiB() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || pageSize <= 0)
    return 0;
  return (uint64_t(pages) * uint64_t(pageSize)) >> 20;
}

static llvm::Error checkOptions(const InterpretOptions &options) {
  for (auto [option, name, value] :
       {std::tuple(InterpretOption::Rtol, "relative", options.rtol),
        std::tuple(InterpretOption::Atol, "absolute", options.atol)}) {
    if (!value || (!std::isnan(*value) && *value >= 0))
      continue;
    std::string text;
    llvm::raw_string_ostream(text) << llvm::format("%g", *value);
    return failWithOptions("the " + Twine(name) +
                               " tolerance must be a non-negative number, "
                               "got " +
                               text,
                           {{option, ""}});
  }
  if (options.memoryLimit) {
    uint64_t limit = *options.memoryLimit;
    if (limit > (UINT64_MAX >> 20))
      return failWithOptions("the memory limit of " + Twine(limit) +
                                 " MiB is too large",
                             {{InterpretOption::MemoryLimit, ""}});
    // The interpreter touches what it allocates (registers of every lane),
    // so a limit past the machine's memory would let a run exhaust it.
    if (uint64_t physicalMiB = getPhysicalMemoryMiB();
        physicalMiB != 0 && limit > physicalMiB)
      return failWithOptions("the memory limit of " + Twine(limit) +
                                 " MiB is more than this machine's " +
                                 Twine(physicalMiB) + " MiB of memory",
                             {{InterpretOption::MemoryLimit, ""}});
  }
  if (options.maxSteps == 0)
    return failWithOptions("the maximum number of steps must be positive",
                           {{InterpretOption::MaxSteps, ""}});
  if (options.grid &&
      llvm::any_of(*options.grid, [](int64_t n) { return n <= 0; }))
    return failWithOptions("the grid must be positive, got " +
                               formatDims(*options.grid),
                           {{InterpretOption::Grid, ""}});
  if (!options.arguments.empty() &&
      (!options.inputs.empty() || !options.scalars.empty()))
    return fail("argument contents are given both by position and as inputs "
                "or scalar values");
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// The arguments
//===----------------------------------------------------------------------===//

SmallVector<Buffer> mlir::wave::createRandomArguments(const Kernel &kernel,
                                                      uint64_t seed) {
  SmallVector<Buffer> buffers = kernel.createArgumentBuffers();
  for (auto [i, buffer] : llvm::enumerate(buffers))
    buffer.fillRandom(seed * 0x100000001b3ULL + i);
  return buffers;
}

static void setScalar(Buffer &buffer, uint64_t value) {
  buffer.setBits(0, value & llvm::maskTrailingOnes<uint64_t>(
                                getBitWidth(buffer.getKind())));
}

namespace {
/// Fills the arguments of one kernel from the options.
class ArgumentFiller {
public:
  ArgumentFiller(const Kernel &kernel, const InterpretOptions &options)
      : kernel(kernel), options(options), args(kernel.getArguments()),
        inputs(args.size(), nullptr), given(args.size(), nullptr),
        givenScalars(args.size(), false) {}

  /// The argument buffers: random contents from the seed, then the scalar
  /// values and input files (or the given contents); a dynamically shaped
  /// memref takes the extents its size arguments hold.
  llvm::Expected<SmallVector<Buffer>> fill();

private:
  llvm::Expected<size_t> claimArgument(StringRef option, InterpretOption kind,
                                       StringRef what, StringRef expected,
                                       const std::string &text,
                                       StringRef &value);
  llvm::Error setGivenBits(size_t index, Buffer &buffer);
  llvm::Error resolveSizes(MutableArrayRef<Buffer> buffers);

  const Kernel &kernel;
  const InterpretOptions &options;
  ArrayRef<KernelArgumentInfo> args;
  /// The `inputs` entry that gives each argument, and the description of
  /// the entry that gives it at all, so that none is given twice.
  SmallVector<const std::string *> inputs, given;
  /// The integer arguments whose values are given.
  SmallVector<bool> givenScalars;
};

/// Where the value of a size argument comes from.
struct SizeSource {
  int64_t value;
  std::string origin;
};
} // namespace

/// The argument an `ARG=...` entry of `inputs` or `scalars` (`kind`, `what`
/// the entry is; `text` describes this one) names, by its source name or its
/// position, which no other entry may give.
llvm::Expected<size_t>
ArgumentFiller::claimArgument(StringRef option, InterpretOption kind,
                              StringRef what, StringRef expected,
                              const std::string &text, StringRef &value) {
  auto [name, rest] = option.split('=');
  value = rest;
  if (rest.empty())
    return failWithOptions(
        what + " must be " + expected + ", got '" + option + "'", {{kind, ""}});
  std::optional<size_t> index;
  for (auto [i, arg] : llvm::enumerate(args))
    if (!index && arg.name == name)
      index = i;
  size_t number;
  if (!index && !name.getAsInteger(10, number) && number < args.size())
    index = number;
  if (!index)
    return fail("@" + kernel.getName() + " has no argument '" + name + "'");
  if (given[*index])
    return fail("argument '" + args[*index].name + "' is given twice: by " +
                *given[*index] + " and by " + text);
  given[*index] = &text;
  return *index;
}

/// The contents of argument `index` from `options.arguments`.
llvm::Error ArgumentFiller::setGivenBits(size_t index, Buffer &buffer) {
  const std::vector<uint64_t> &bits = options.arguments[index];
  if (static_cast<int64_t>(bits.size()) != buffer.getNumElements())
    return fail("argument " + Twine(index) + " of kernel '" + kernel.getName() +
                "' has " + Twine(buffer.getNumElements()) + " elements, got " +
                Twine(bits.size()));
  for (auto [n, value] : llvm::enumerate(bits))
    buffer.setBits(buffer.getLinearIndexOfElement(n), value);
  return llvm::Error::success();
}

/// The values of the size arguments: given (a scalar or input) or read from
/// the shapes of the .npy inputs of the memrefs they size; all sources of
/// one size must agree.
llvm::Error ArgumentFiller::resolveSizes(MutableArrayRef<Buffer> buffers) {
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
      if (failed(read))
        return fail("argument '" + arg.name + "': " + error);
      if (read->size() != arg.extentArguments.size())
        return fail("argument '" + arg.name + "': '" + path +
                    "' holds an array of rank " + Twine(read->size()) +
                    ", the argument has rank " +
                    Twine(arg.extentArguments.size()));
      shape = std::move(*read);
    }
    for (auto [dim, size] : llvm::enumerate(arg.extentArguments)) {
      if (size < 0)
        continue;
      if (!shape) {
        if (!sizes[size])
          return failWithOptions(
              "'" + args[size].name + "' (extent " + Twine(dim) + " of '" +
                  arg.name + "') has no value: give a scalar value for '" +
                  args[size].name + "' or an input for '" + arg.name + "'",
              {{InterpretOption::Scalars, args[size].name},
               {InterpretOption::Inputs, arg.name}});
        continue;
      }
      SizeSource source{(*shape)[dim], "the shape of '" + path.str() + "'"};
      if (sizes[size] && sizes[size]->value != source.value)
        return fail("'" + args[size].name + "' is " +
                    Twine(sizes[size]->value) + " by " + sizes[size]->origin +
                    " but " + Twine(source.value) + " by " + source.origin +
                    " (extent " + Twine(dim) + " of '" + arg.name + "')");
      sizes[size] = std::move(source);
    }
  }
  for (auto [i, size] : llvm::enumerate(sizes))
    if (size)
      setScalar(buffers[i], uint64_t(size->value));
  return llvm::Error::success();
}

llvm::Expected<SmallVector<Buffer>> ArgumentFiller::fill() {
  SmallVector<Buffer> buffers = createRandomArguments(kernel, options.seed);
  if (!options.arguments.empty() && options.arguments.size() != args.size())
    return fail("kernel '" + kernel.getName() + "' takes " +
                Twine(args.size()) + " arguments, got " +
                Twine(options.arguments.size()));
  // The values of scalars first: they size the dynamically shaped memrefs.
  SmallVector<std::string> scalarTexts, inputTexts;
  for (const std::string &option : options.scalars)
    scalarTexts.push_back("the scalar value '" + option + "'");
  for (const std::string &option : options.inputs)
    inputTexts.push_back("the input '" + option + "'");
  for (auto [option, text] : llvm::zip_equal(options.scalars, scalarTexts)) {
    StringRef value;
    llvm::Expected<size_t> index =
        claimArgument(option, InterpretOption::Scalars, "a scalar value",
                      "ARG=VALUE", text, value);
    if (!index)
      return index.takeError();
    Buffer &buffer = buffers[*index];
    int64_t number;
    if (buffer.getRank() != 0 || isFloat(buffer.getKind()) ||
        value.getAsInteger(10, number))
      return failWithOptions(text + ": scalar values are integers, for "
                                    "integer and index arguments",
                             {{InterpretOption::Scalars, ""}});
    setScalar(buffer, uint64_t(number));
    givenScalars[*index] = true;
  }
  for (auto [option, text] : llvm::zip_equal(options.inputs, inputTexts)) {
    StringRef path;
    llvm::Expected<size_t> index =
        claimArgument(option, InterpretOption::Inputs, "an input",
                      "ARG=FILE.npy", text, path);
    if (!index)
      return index.takeError();
    inputs[*index] = &option;
    if (buffers[*index].getRank() != 0)
      continue;
    std::string error;
    if (failed(readNpy(path, buffers[*index], error)))
      return fail("argument '" + args[*index].name + "': " + error);
    givenScalars[*index] = !isFloat(buffers[*index].getKind());
  }
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    if (options.arguments.empty() || buffer.getRank() != 0)
      continue;
    if (llvm::Error error = setGivenBits(i, buffer))
      return std::move(error);
    givenScalars[i] = !isFloat(buffer.getKind());
  }
  if (llvm::Error error = resolveSizes(buffers))
    return std::move(error);

  // The dynamically shaped memrefs, now that their sizes are known.
  uint64_t memoryLimit = options.memoryLimit.value_or(kDefaultMemoryLimitMiB);
  SmallVector<int64_t> scalars = getScalarValues(buffers);
  for (auto [i, arg] : llvm::enumerate(args)) {
    if (!arg.hasDynamicExtents())
      continue;
    uint64_t elements = 1;
    for (auto [extent, size] :
         llvm::zip_equal(buffers[i].getShape(), arg.extentArguments)) {
      int64_t value = size < 0 ? extent : scalars[size];
      if (value < 0)
        return fail("'" + args[size].name + "' (a size of '" + arg.name +
                    "') is " + Twine(value));
      elements = llvm::SaturatingMultiply(elements, uint64_t(value));
    }
    // Refused before it is allocated, as the interpreter refuses its own.
    if (llvm::SaturatingMultiply(elements, uint64_t(sizeof(uint64_t))) >
        (memoryLimit << 20))
      return failWithOptions("argument '" + arg.name + "' of " +
                                 Twine(elements) +
                                 " elements is over the memory limit of " +
                                 Twine(memoryLimit) + " MiB",
                             {{InterpretOption::MemoryLimit, ""}});
  }
  SmallVector<Buffer> sized = kernel.createArgumentBuffers(scalars);
  for (auto [i, arg] : llvm::enumerate(args)) {
    if (!arg.hasDynamicExtents())
      continue;
    buffers[i] = std::move(sized[i]);
    buffers[i].fillRandom(options.seed * 0x100000001b3ULL + i);
  }
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    if (buffer.getRank() == 0)
      continue;
    if (!options.arguments.empty()) {
      if (llvm::Error error = setGivenBits(i, buffer))
        return std::move(error);
      continue;
    }
    if (!inputs[i])
      continue;
    std::string error;
    if (failed(readNpy(StringRef(*inputs[i]).split('=').second, buffer, error)))
      return fail("argument '" + args[i].name + "': " + error);
  }
  return buffers;
}

//===----------------------------------------------------------------------===//
// Running and comparing
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<Buffer>> mlir::wave::runOnCopy(const Kernel &kernel,
                                                     ArrayRef<Buffer> inputs,
                                                     Dim3 grid,
                                                     uint64_t maxSteps) {
  SmallVector<Buffer> buffers(inputs.begin(), inputs.end());
  if (failed(kernel.run(buffers, grid, maxSteps)))
    return failure();
  return buffers;
}

SmallVector<OutputComparison>
mlir::wave::compareOutputs(ArrayRef<KernelArgumentInfo> arguments,
                           ArrayRef<KernelArgumentInfo> expectedArguments,
                           ArrayRef<Buffer> actual, ArrayRef<Buffer> expected,
                           std::optional<double> rtol,
                           std::optional<double> atol) {
  SmallVector<OutputComparison> comparisons;
  for (auto [i, arg] : llvm::enumerate(arguments)) {
    if (!arg.written && !expectedArguments[i].written)
      continue;
    const Buffer &a = actual[i], &e = expected[i];
    OutputComparison &output = comparisons.emplace_back();
    output.argument = i;
    output.name = arg.name;
    output.tolerance = getDefaultTolerance(a.getKind());
    output.tolerance.rtol = rtol.value_or(output.tolerance.rtol);
    output.tolerance.atol = atol.value_or(output.tolerance.atol);
    output.comparison = compareBuffers(a, e, output.tolerance);
    output.kind = a.getKind();
    output.shape.assign(a.getShape().begin(), a.getShape().end());
    if (!output.comparison.agrees())
      output.mismatch = describeComparison(output.comparison, a, e);
  }
  return comparisons;
}

bool InterpretResult::agrees() const {
  return llvm::all_of(comparisons, [](const OutputComparison &output) {
    return output.comparison.agrees();
  });
}

void InterpretResult::print(llvm::raw_ostream &os) const {
  if (comparedWith.empty()) {
    os << "@" << kernel << " ran on " << formatDims(grid)
       << " workgroups with no error\n";
    return;
  }
  os << comparedWith << "\n";
  for (const OutputComparison &output : comparisons) {
    os << "  output '" << output.name << "' (";
    if (!output.shape.empty())
      os << formatDims(output.shape) << "x";
    os << getElementKindName(output.kind) << "): ";
    const Comparison &comparison = output.comparison;
    if (comparison.agrees()) {
      os << llvm::format("agrees (max abs error %.3g, max rel error %.3g)\n",
                         comparison.maxAbsError, comparison.maxRelError);
      continue;
    }
    os << "MISMATCH: " << output.mismatch;
    if (isFloat(output.kind))
      os << llvm::format(" (rtol %g, atol %g)", output.tolerance.rtol,
                         output.tolerance.atol);
    os << "\n";
  }
  if (agrees())
    os << "PASS\n";
}

namespace {
/// One interpret() call: the kernel, the one compared with it, and how
/// messages name them.
class Interpretation {
public:
  Interpretation(gpu::GPUFuncOp func, const InterpretOptions &options)
      : func(func), options(options),
        memoryLimit(options.memoryLimit.value_or(kDefaultMemoryLimitMiB)) {}

  llvm::Expected<InterpretResult> run(ArgumentNamer namer);

private:
  std::string describeKernel(StringRef name, bool other) const;
  llvm::Expected<Kernel> compileKernel(gpu::GPUFuncOp kernelFunc, bool other,
                                       gpu::GPUFuncOp loweredFrom = {});
  llvm::Expected<SmallVector<Buffer>> runKernel(const Kernel &kernel,
                                                ArrayRef<Buffer> inputs,
                                                Dim3 grid, bool other) const;
  llvm::Error writeOutputs(const Kernel &kernel, ArrayRef<Buffer> buffers,
                           StringRef suffix) const;

  gpu::GPUFuncOp func;
  const InterpretOptions &options;
  uint64_t memoryLimit;
  SmallVector<std::string> names;
};
} // namespace

/// How messages name a kernel: with a pipeline, the original or the
/// transformed one; otherwise the kernel or its reference.
std::string Interpretation::describeKernel(StringRef name, bool other) const {
  const std::string &pipeline = options.comparePipeline;
  if (pipeline.empty())
    return (other ? "reference @" : "@") + name.str();
  if (other)
    return "@" + name.str() + " after '" + pipeline + "'";
  return "the original @" + name.str() + " (before '" + pipeline + "')";
}

/// Compiles `kernelFunc`, which runs in the waves of `loweredFrom` when it
/// has no target of its own.
llvm::Expected<Kernel>
Interpretation::compileKernel(gpu::GPUFuncOp kernelFunc, bool other,
                              gpu::GPUFuncOp loweredFrom) {
  // While a kernel runs, the inputs are kept and, while the second runs,
  // the first one's results.
  FailureOr<Kernel> kernel = Kernel::compile(
      kernelFunc, names, memoryLimit << 20, other ? 2 : 1, loweredFrom);
  if (failed(kernel))
    return fail("cannot run " + describeKernel(kernelFunc.getName(), other));
  return std::move(*kernel);
}

llvm::Expected<SmallVector<Buffer>>
Interpretation::runKernel(const Kernel &kernel, ArrayRef<Buffer> inputs,
                          Dim3 grid, bool other) const {
  FailureOr<SmallVector<Buffer>> buffers =
      runOnCopy(kernel, inputs, grid, options.maxSteps);
  if (failed(buffers))
    return fail(describeKernel(kernel.getName(), other) + " failed" +
                (other && !options.comparePipeline.empty()
                     ? "; the original ran with no error"
                     : ""));
  return std::move(*buffers);
}

llvm::Error Interpretation::writeOutputs(const Kernel &kernel,
                                         ArrayRef<Buffer> buffers,
                                         StringRef suffix) const {
  if (options.outputDir.empty())
    return llvm::Error::success();
  if (std::error_code ec = llvm::sys::fs::create_directories(options.outputDir))
    return fail("cannot create '" + options.outputDir + "': " + ec.message());
  for (auto [arg, buffer] : llvm::zip_equal(kernel.getArguments(), buffers)) {
    if (!arg.written)
      continue;
    SmallString<128> path(options.outputDir);
    llvm::sys::path::append(path, arg.name + suffix.str() + ".npy");
    std::string error;
    if (failed(writeNpy(path, buffer, error)))
      return fail(error);
  }
  return llvm::Error::success();
}

llvm::Expected<InterpretResult> Interpretation::run(ArgumentNamer namer) {
  if (llvm::Error error = checkOptions(options))
    return std::move(error);
  if (namer)
    names = namer(func);
  const std::string &pipeline = options.comparePipeline;
  OwningOpRef<ModuleOp> transformed;
  if (options.compare && !pipeline.empty())
    transformed = func->getParentOfType<ModuleOp>().clone();
  llvm::Expected<Kernel> kernel = compileKernel(func, /*other=*/false);
  if (!kernel)
    return kernel.takeError();

  InterpretResult result;
  result.kernel = kernel->getName().str();
  result.waveSize = kernel->getWaveSize();
  result.arguments.assign(kernel->getArguments().begin(),
                          kernel->getArguments().end());
  if (options.grid) {
    result.grid = *options.grid;
  } else if (std::optional<Dim3> known = kernel->getKnownGridSize()) {
    result.grid = *known;
  } else {
    return failWithOptions("@" + kernel->getName() +
                               " has no known_grid_size: give the grid",
                           {{InterpretOption::Grid, ""}});
  }

  llvm::Expected<gpu::GPUFuncOp> otherFunc =
      selectOther(func, options, transformed.get());
  if (!otherFunc)
    return otherFunc.takeError();
  std::optional<Kernel> other;
  Dim3 otherGrid = result.grid;
  if (*otherFunc) {
    // A pipeline that drops `wave.kernel` and attaches no #rocdl.target
    // leaves the kernel in the waves it was compiled for.
    llvm::Expected<Kernel> compiled = compileKernel(
        *otherFunc, /*other=*/true, pipeline.empty() ? gpu::GPUFuncOp() : func);
    if (!compiled)
      return compiled.takeError();
    other = std::move(*compiled);
    // Lane ids and subgroup sizes differ between waves of other sizes (a
    // pipeline that attaches a #rocdl.target of another wave size).
    if (!pipeline.empty() && other->getWaveSize() != kernel->getWaveSize())
      return fail("@" + kernel->getName() + " runs in waves of " +
                  Twine(kernel->getWaveSize()) + " lanes before '" + pipeline +
                  "' and of " + Twine(other->getWaveSize()) +
                  " after it; outputs cannot be compared");
    if (pipeline.empty()) {
      // The reference runs with its own launch shape.
      std::optional<Dim3> known = other->getKnownGridSize();
      if (!known)
        return fail("reference @" + other->getName() +
                    " has no known_grid_size");
      otherGrid = *known;
    }
  }

  llvm::Expected<SmallVector<Buffer>> inputs =
      ArgumentFiller(*kernel, options).fill();
  if (!inputs)
    return inputs.takeError();
  result.inputs = std::move(*inputs);

  llvm::Expected<SmallVector<Buffer>> outputs =
      runKernel(*kernel, result.inputs, result.grid, /*other=*/false);
  if (!outputs)
    return outputs.takeError();
  result.outputs = std::move(*outputs);
  if (llvm::Error error = writeOutputs(*kernel, result.outputs, ""))
    return std::move(error);
  if (!other)
    return result;

  llvm::Expected<SmallVector<Buffer>> otherOutputs =
      runKernel(*other, result.inputs, otherGrid, /*other=*/true);
  if (!otherOutputs)
    return otherOutputs.takeError();
  result.otherOutputs = std::move(*otherOutputs);
  if (llvm::Error error =
          writeOutputs(*other, result.otherOutputs,
                       pipeline.empty() ? ".reference" : ".transformed"))
    return std::move(error);

  // After a pipeline, the transformed kernel is checked against the
  // original; otherwise the kernel against its reference.
  if (pipeline.empty()) {
    result.comparedWith = "comparing @" + kernel->getName().str() + " with @" +
                          other->getName().str();
    result.comparisons = compareOutputs(
        kernel->getArguments(), other->getArguments(), result.outputs,
        result.otherOutputs, options.rtol, options.atol);
  } else {
    result.comparedWith = "comparing @" + kernel->getName().str() + " after '" +
                          pipeline + "' with @" + other->getName().str() +
                          " before it";
    result.comparisons = compareOutputs(
        other->getArguments(), kernel->getArguments(), result.otherOutputs,
        result.outputs, options.rtol, options.atol);
  }
  return result;
}

llvm::Expected<InterpretResult>
mlir::wave::interpret(gpu::GPUFuncOp func, const InterpretOptions &options,
                      ArgumentNamer names) {
  return Interpretation(func, options).run(names);
}

llvm::Expected<InterpretResult>
mlir::wave::interpret(ModuleOp module, const InterpretOptions &options,
                      ArgumentNamer names) {
  // The interpreter runs plain accesses and wave.mma: upstream's subgroup
  // MMA ops first become the chip's MMA kinds and MMA fragment accesses the
  // plain accesses they stand for, as in every compile pipeline. The
  // passes' diagnostics say why they failed.
  PassManager expand(module.getContext());
  expand.addPass(createWaveConvertSubgroupMma());
  expand.addPass(createExpandFragments());
  if (failed(expand.run(module)))
    return fail("");
  llvm::Expected<gpu::GPUFuncOp> func = selectKernel(module, options);
  if (!func)
    return func.takeError();
  return interpret(*func, options, names);
}
