//===- wave-fuzz.cpp - libFuzzer target for the tools' inputs -------------===//
//
// Every input is an MLIR file. The target parses and verifies it, runs each
// wave pass, wave-optimize and the lowering to the rocdl dialect on a copy,
// and runs every kernel in the interpreter. A crash, a sanitizer report, an
// abort (`LLVM ERROR`, a failed assertion), a pass that fails without an
// error diagnostic, or a pass whose output does not verify is a finding.
//
// With `--differential` (after the libFuzzer flags), each kernel that runs
// cleanly on random inputs (no race, out-of-bounds access or unwritten LDS
// read) must also run cleanly after every wave pass alone, after
// wave-optimize and after convert-wave-to-amdgpu, and write the same
// outputs: the check `wave-run --compare-pipeline` makes, on every mutant
// that verifies. A kernel whose lowered form the interpreter cannot
// translate is left out of the comparison.
//
// Work is bounded so that each input takes milliseconds: the interpreter
// runs only kernels with static loop bounds whose workgroups, lanes, loop
// trips and buffers stay under the limits below.
//
// A custom mutator makes MLIR-shaped changes (integers, identifiers and
// types swapped for others of the input, lines deleted or duplicated) next
// to libFuzzer's byte-level ones. docs/Fuzzing.md describes how to run it.
//
//===----------------------------------------------------------------------===//

#include "wave/InitAllDialects.h"
#include "wave/InitAllPasses.h"
#include "wave/Interpreter/Interpret.h"
#include "wave/Support/KnownParserCrashes.h"
#include "wave/Support/KnownVerifierCrashes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

using namespace mlir;
using namespace mlir::wave;

/// libFuzzer's own byte-level mutator.
extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

namespace {

/// Limits that keep one input in the milliseconds.
constexpr size_t kMaxInputBytes = 32 * 1024;
constexpr int64_t kMaxLaneSteps = int64_t(1) << 21;
constexpr int64_t kMaxBufferElements = int64_t(1) << 18;
constexpr int64_t kMaxLoopTrips = 1 << 12;

/// What the differential mode checks after a pipeline.
enum class Check {
  /// Nothing: the pipeline may change what a kernel computes (approximate
  /// math) or leaves ops the interpreter does not execute at all (LLVM).
  None,
  /// Each kernel that ran cleanly before runs cleanly after the pipeline
  /// and writes the same outputs.
  Semantics,
  /// The same for each kernel the interpreter can translate after the
  /// pipeline, with the kernel's wave size: a lowering that leaves some
  /// kernels in ops the interpreter does not execute.
  SemanticsIfTranslated,
};

/// The pipelines run on every input.
struct Pipeline {
  const char *text;
  Check check;
};
constexpr Pipeline kPipelines[] = {
    {"wave-expand-fragments", Check::Semantics},
    {"wave-fast-math", Check::None},
    {"wave-use-collectives", Check::Semantics},
    {"wave-remove-divergence", Check::Semantics},
    {"wave-coarsen-lanes", Check::Semantics},
    {"wave-minimize-global-loads", Check::Semantics},
    {"wave-transpose-lds-tiles", Check::Semantics},
    {"wave-direct-to-lds", Check::Semantics},
    {"wave-pipeline-loops", Check::Semantics},
    {"wave-pipeline-loops{buffer=lds}", Check::Semantics},
    {"wave-pipeline-loops{peel-epilogue=true}", Check::Semantics},
    // buffer=auto choosing LDS buffers for any loop with MMAs of staged
    // tiles, and deferring whole the K chains gfx950 joins.
    {"wave-pipeline-loops{lds-buffer-cycles=1},wave-widen-mma",
     Check::Semantics},
    {"wave-optimize-lds-layout", Check::Semantics},
    {"wave-insert-barriers", Check::Semantics},
    {"wave-peel-loops", Check::Semantics},
    // Every loop wave.assume proves runs, however many times.
    {"wave-peel-loops{max-trips=1000000}", Check::Semantics},
    {"wave-budget-registers", Check::Semantics},
    {"wave-budget-registers{occupancy=4}", Check::Semantics},
    {"wave-optimize", Check::Semantics},
    {"wave-optimize{coarsen-lanes=true}", Check::Semantics},
    {"wave-optimize{direct-to-lds=true}", Check::Semantics},
    {"wave-optimize{fast-math=true}", Check::None},
    {"gpu.module(convert-wave-to-amdgpu)", Check::SemanticsIfTranslated},
    {"gpu.module(convert-wave-to-amdgpu{scalar-offsets uniform-branches})",
     Check::SemanticsIfTranslated},
    {"gpu.module(wave-attach-target{chip=gfx942},wave-lower-spill-slots)",
     Check::Semantics},
    {"gpu.module(wave-lower-vector-reductions)", Check::Semantics},
    {"wave-to-upstream{chip=gfx942 optimize=true}",
     Check::SemanticsIfTranslated},
    {"wave-to-upstream{chip=gfx950 optimize=true}",
     Check::SemanticsIfTranslated},
    {"wave-lower-to-rocdl{chip=gfx942}", Check::None},
    {"wave-lower-to-rocdl{chip=gfx942 optimize=true}", Check::None},
    {"wave-lower-to-rocdl{chip=gfx942 optimize=true interleave-mfmas=true "
     "schedule-loops=true}",
     Check::None},
    {"wave-lower-to-rocdl{chip=gfx950 optimize=true interleave-mfmas=true}",
     Check::None},
    // gfx950's joined K chains, which wave-cover-barriers spreads over their
    // staging barrier.
    {"wave-lower-to-rocdl{chip=gfx950 optimize=true}", Check::None},
    // wave-ping-pong on any loop of an 8-wave workgroup with an MFMA,
    // whatever its model says.
    {"wave-lower-to-rocdl{chip=gfx942 optimize=true ping-pong=false},"
     "llvm.func(wave-ping-pong{min-mfmas=1 max-overhead=100})",
     Check::None},
};

bool differential = false;

MLIRContext &getContext() {
  static MLIRContext *context = [] {
    DialectRegistry registry;
    registerAllWaveDialects(registry);
    auto *ctx = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    ctx->loadAllAvailableDialects();
    return ctx;
  }();
  return *context;
}

[[noreturn]] void report(const Twine &what, StringRef detail = "") {
  llvm::errs() << "wave-fuzz: " << what << "\n" << detail << "\n";
  llvm::errs().flush();
  abort();
}

/// Collects the errors reported while it lives.
struct DiagnosticCollector {
  explicit DiagnosticCollector(MLIRContext &context)
      : handler(&context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error) {
            ++errors;
            text += diag.str() + "\n";
          }
          return success();
        }) {}
  ScopedDiagnosticHandler handler;
  unsigned errors = 0;
  std::string text;
};

/// The lanes a kernel runs and whether its work and buffers fit the limits.
std::optional<Dim3> getBoundedGrid(gpu::GPUFuncOp func) {
  std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
  std::optional<ArrayRef<int32_t>> grid = func.getKnownGridSize();
  if (!block || !grid)
    return std::nullopt;
  int64_t lanes = 1;
  Dim3 dims;
  for (unsigned d = 0; d < 3; ++d) {
    if ((*block)[d] <= 0 || (*grid)[d] <= 0)
      return std::nullopt;
    lanes *= int64_t((*block)[d]) * (*grid)[d];
    dims[d] = (*grid)[d];
    if (lanes > kMaxLaneSteps)
      return std::nullopt;
  }
  for (Type type : func.getArgumentTypes())
    if (auto memref = dyn_cast<MemRefType>(type))
      if (!memref.hasStaticShape() ||
          memref.getNumElements() > kMaxBufferElements)
        return std::nullopt;
  // Each op runs once per lane and iteration of the loops around it; loops
  // must have constant bounds (a zero or negative step counts as one trip,
  // so that the interpreter's check of it is exercised).
  int64_t steps = 0;
  WalkResult walk = func.walk([&](Operation *op) {
    if (isa<scf::WhileOp>(op))
      return WalkResult::interrupt();
    if (auto memref = dyn_cast_or_null<MemRefType>(
            op->getNumResults() == 1 ? op->getResult(0).getType() : Type()))
      if (!memref.hasStaticShape() ||
          memref.getNumElements() > kMaxBufferElements)
        return WalkResult::interrupt();
    int64_t trips = 1;
    for (auto loop = op->getParentOfType<scf::ForOp>(); loop;
         loop = loop->getParentOfType<scf::ForOp>()) {
      APInt lb, ub, step;
      if (!matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) ||
          !matchPattern(loop.getUpperBound(), m_ConstantInt(&ub)) ||
          !matchPattern(loop.getStep(), m_ConstantInt(&step)))
        return WalkResult::interrupt();
      int64_t s = step.getSExtValue(), l = lb.getSExtValue(),
              u = ub.getSExtValue();
      // The span in unsigned arithmetic: a mutant's bounds may be as far
      // apart as INT64_MIN and INT64_MAX.
      uint64_t count = 1;
      if (s > 0 && u > l)
        count = llvm::divideCeil(static_cast<uint64_t>(u) -
                                     static_cast<uint64_t>(l),
                                 static_cast<uint64_t>(s));
      if (count > static_cast<uint64_t>(kMaxLoopTrips))
        return WalkResult::interrupt();
      trips *= static_cast<int64_t>(count);
      if (trips > kMaxLaneSteps)
        return WalkResult::interrupt();
    }
    steps += trips * lanes;
    return steps > kMaxLaneSteps ? WalkResult::interrupt()
                                 : WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return dims;
}

std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

/// A kernel's clean run before the passes, to compare with after them.
struct Reference {
  gpu::GPUFuncOp func;
  InterpretResult run;
};

/// Runs `pipeline` on a copy of `module`; checks its result and, for
/// pipelines that preserve semantics, the kernels in `references`.
void runPipeline(ModuleOp module, const Pipeline &pipeline,
                 ArrayRef<Reference> references) {
  MLIRContext &context = getContext();
  OwningOpRef<ModuleOp> copy = module.clone();
  PassManager pm(&context);
  // The result is verified below, to tell a pass that fails from one that
  // leaves invalid IR.
  pm.enableVerifier(false);
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (failed(parsePassPipeline(pipeline.text, pm, os)))
    report("bad pipeline '" + Twine(pipeline.text) + "'", errors);
  {
    DiagnosticCollector diagnostics(context);
    if (failed(pm.run(*copy))) {
      if (diagnostics.errors == 0)
        report("'" + Twine(pipeline.text) + "' failed without an error");
      return;
    }
  }
  {
    DiagnosticCollector diagnostics(context);
    if (failed(verify(*copy)))
      report("'" + Twine(pipeline.text) + "' produced IR that does not verify",
             diagnostics.text + "\n" + print(*copy));
  }
  if (!differential || pipeline.check == Check::None)
    return;

  for (const Reference &reference : references) {
    gpu::GPUFuncOp before = reference.func;
    gpu::GPUFuncOp after = findSameKernel(*copy, before);
    if (!after)
      report("'" + Twine(pipeline.text) + "' removed @" + before.getName());
    DiagnosticCollector diagnostics(context);
    // The lowering drops `wave.kernel`; without a #rocdl.target the lowered
    // kernel runs in the original's waves, which the lowering compiled it
    // for. The interpreter refuses ops it does not execute and memory it
    // cannot model.
    FailureOr<Kernel> kernel =
        Kernel::compile(after, {}, Kernel::kDefaultMemoryLimit,
                        /*heldArgumentCopies=*/0, before);
    const InterpretResult &run = reference.run;
    if (pipeline.check == Check::SemanticsIfTranslated &&
        (failed(kernel) || kernel->getWaveSize() != run.waveSize))
      continue;
    // The same inputs: a run-time shape becomes a bare pointer to the same
    // buffer.
    FailureOr<SmallVector<Buffer>> outputs = failure();
    if (succeeded(kernel))
      outputs = runOnCopy(*kernel, run.inputs, run.grid);
    if (failed(outputs))
      report("@" + before.getName() + " ran cleanly before '" + pipeline.text +
                 "' but not after it",
             diagnostics.text + "\n" + print(after));
    for (const OutputComparison &output : compareOutputs(
             kernel->getArguments(), run.arguments, *outputs, run.outputs))
      if (!output.comparison.agrees())
        report("@" + before.getName() + " argument " + Twine(output.argument) +
                   " differs after '" + pipeline.text + "': " + output.mismatch,
               print(after));
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  for (int i = 1; i < *argc; ++i)
    if (StringRef((*argv)[i]) == "--differential")
      differential = true;
  registerAllWavePasses();
  getContext();
  return 0;
}

/// Whether `op` holds a gpu.launch_func.
static bool launchesKernels(Operation &op) {
  return op.walk([](gpu::LaunchFuncOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInputBytes)
    return -1;
  MLIRContext &context = getContext();
  // A null-terminated copy: the tools' inputs are, and MLIR's parser reads
  // the terminator (libFuzzer's buffer has none).
  const std::string text(reinterpret_cast<const char *>(data), size);
  OwningOpRef<ModuleOp> module;
  // The kernels run before the passes in a copy of the module: the wave
  // stated for the interpreter (a #rocdl.target's) is no part of the
  // passes' input.
  OwningOpRef<ModuleOp> ran;
  std::vector<Reference> references;
  {
    DiagnosticCollector diagnostics(context);
    // Verified after the check for ops whose verifiers crash.
    ParserConfig config(&context, /*verifyAfterParse=*/false);
    if (succeeded(rejectKnownParserCrashes(text, "input.mlir", &context)))
      module = parseSourceString<ModuleOp>(text, config, "input.mlir");
    if (module && failed(verifyParsedInput(*module)))
      module = nullptr;
    if (!module) {
      // The parser and the verifiers must say why.
      if (diagnostics.errors == 0)
        report("input rejected without an error");
      return 0;
    }

    ran = module->clone();
    SmallVector<gpu::GPUFuncOp> kernels;
    ran->walk([&](gpu::GPUFuncOp func) {
      if (func.isKernel())
        kernels.push_back(func);
    });
    for (gpu::GPUFuncOp func : kernels) {
      std::optional<Dim3> grid = getBoundedGrid(func);
      if (!grid)
        continue;
      unsigned before = diagnostics.errors;
      // The kernel alone on random inputs.
      InterpretOptions options;
      options.compare = false;
      options.grid = *grid;
      llvm::Expected<InterpretResult> run = interpret(func, options);
      if (run) {
        references.push_back({func, std::move(*run)});
        continue;
      }
      llvm::consumeError(run.takeError());
      if (diagnostics.errors == before)
        report("the interpreter rejected @" + func.getName() +
               " without an error");
    }
  }
  // Host code that launches the kernels names their arguments as written;
  // the lowering changes them (bare pointers or descriptor fields), which is
  // why wave-compile and gpu-module-to-binary compile each gpu.module apart
  // from the program. The pipelines see the device part alone, as there.
  for (Operation &op : llvm::make_early_inc_range(module->getOps()))
    if (!isa<gpu::GPUModuleOp>(op) && launchesKernels(op))
      op.erase();
  for (const Pipeline &pipeline : kPipelines)
    runPipeline(*module, pipeline, references);
  return 0;
}

//===----------------------------------------------------------------------===//
// Mutations shaped like MLIR
//===----------------------------------------------------------------------===//

namespace {

/// Integers that sit on the edges the verifiers and passes care about.
constexpr const char *kInterestingIntegers[] = {"0",
                                                "1",
                                                "-1",
                                                "2",
                                                "3",
                                                "4",
                                                "7",
                                                "8",
                                                "16",
                                                "31",
                                                "32",
                                                "33",
                                                "63",
                                                "64",
                                                "65",
                                                "127",
                                                "128",
                                                "255",
                                                "256",
                                                "1023",
                                                "1024",
                                                "1025",
                                                "4096",
                                                "65536",
                                                "2147483647",
                                                "-2147483648",
                                                "4611686018427387904",
                                                "9223372036854775807"};

/// Token spans: integers, identifiers (with `%`, `@`, `#`, `!` prefixes and
/// dotted names), one line each.
struct Token {
  size_t begin, end;
  bool integer;
};

SmallVector<Token> tokenize(StringRef text) {
  SmallVector<Token> tokens;
  size_t i = 0, n = text.size();
  auto isIdent = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
  };
  while (i < n) {
    char c = text[i];
    if (llvm::isDigit(c) ||
        (c == '-' && i + 1 < n && llvm::isDigit(text[i + 1]) &&
         (i == 0 || !isIdent(text[i - 1])))) {
      size_t j = i + 1;
      while (j < n && llvm::isDigit(text[j]))
        ++j;
      if (i == 0 || !isIdent(text[i - 1]))
        tokens.push_back({i, j, true});
      i = j;
    } else if (llvm::isAlpha(c) || c == '%' || c == '@' || c == '#' ||
               c == '!' || c == '_') {
      size_t j = i + 1;
      while (j < n && isIdent(text[j]))
        ++j;
      tokens.push_back({i, j, false});
      i = j;
    } else {
      ++i;
    }
  }
  return tokens;
}

/// One MLIR-shaped change of `text`; false when none applies.
bool mutateText(std::string &text, std::mt19937_64 &rng) {
  auto pick = [&](size_t n) { return size_t(rng() % n); };
  SmallVector<Token> tokens = tokenize(text);
  switch (pick(5)) {
  case 0: { // An integer becomes an interesting one.
    SmallVector<Token> integers;
    for (const Token &token : tokens)
      if (token.integer)
        integers.push_back(token);
    if (integers.empty())
      return false;
    const Token &token = integers[pick(integers.size())];
    text.replace(token.begin, token.end - token.begin,
                 kInterestingIntegers[pick(std::size(kInterestingIntegers))]);
    return true;
  }
  case 1: { // An identifier becomes another identifier of the input: an
            // operand, type, op or attribute name, map dimension.
    SmallVector<Token> names;
    for (const Token &token : tokens)
      if (!token.integer)
        names.push_back(token);
    if (names.size() < 2)
      return false;
    const Token &to = names[pick(names.size())];
    const Token &from = names[pick(names.size())];
    std::string replacement = text.substr(from.begin, from.end - from.begin);
    text.replace(to.begin, to.end - to.begin, replacement);
    return true;
  }
  default: { // A line is deleted, duplicated or moved.
    SmallVector<size_t> starts = {0};
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n' && i + 1 < text.size())
        starts.push_back(i + 1);
    size_t line = pick(starts.size());
    size_t begin = starts[line];
    size_t end = line + 1 < starts.size() ? starts[line + 1] : text.size();
    std::string content = text.substr(begin, end - begin);
    if (!content.empty() && content.back() != '\n')
      content += '\n';
    size_t action = pick(3);
    if (action != 1)
      text.erase(begin, end - begin);
    if (action != 0) {
      size_t at = starts[pick(starts.size())];
      text.insert(std::min(at, text.size()), content);
    }
    return true;
  }
  }
}

} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  std::mt19937_64 rng(seed);
  if (rng() % 4 == 0)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::string text(reinterpret_cast<const char *>(data), size);
  for (unsigned i = 0, n = 1 + rng() % 3; i < n; ++i)
    if (!mutateText(text, rng))
      return LLVMFuzzerMutate(data, size, maxSize);
  if (text.size() > maxSize)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::memcpy(data, text.data(), text.size());
  return text.size();
}
