//===- Interpret.h - Running a module's kernel as wave-run does -*- C++ -*-===//
//
// One entry, interpret(), from a module of kernels to a checked run: it
// expands MMA fragment accesses, chooses the kernel and the one to compare
// it with (its reference, or itself after a pass pipeline), fills the
// arguments (random from a seed, .npy files, sizes, given contents), runs
// both on the same inputs and compares what they write. wave-run, wave-fuzz
// and the Python package call it (or, where they need other control, the
// steps below it), so all three run kernels the same way.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_INTERPRETER_INTERPRET_H
#define WAVE_INTERPRETER_INTERPRET_H

#include "wave/Interpreter/Compare.h"
#include "wave/Interpreter/InterpretOptions.h"
#include "wave/Interpreter/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace mlir::wave {

/// How one output of the kernel compares with the other kernel's.
struct OutputComparison {
  /// The argument's position and name.
  unsigned argument = 0;
  std::string name;
  Comparison comparison;
  Tolerance tolerance;
  /// The argument's shape (empty for a scalar) and element type.
  SmallVector<int64_t, 4> shape;
  ElementKind kind = ElementKind::I64;
  /// describeComparison's report when the outputs differ.
  std::string mismatch;
};

/// What interpret() ran and found.
struct InterpretResult {
  /// The kernel run, the workgroups it ran on and the lanes of its waves.
  std::string kernel;
  Dim3 grid = {1, 1, 1};
  unsigned waveSize = 0;
  SmallVector<KernelArgumentInfo> arguments;
  /// The argument buffers before and after the kernel's run.
  SmallVector<Buffer> inputs, outputs;
  /// When the kernel was compared: what with (`comparing @k with @ref`), the
  /// other kernel's buffers after its run on the same inputs, and each
  /// argument either kernel writes.
  std::string comparedWith;
  SmallVector<Buffer> otherOutputs;
  SmallVector<OutputComparison> comparisons;

  bool agrees() const;
  /// What wave-run prints: the comparison, one line an output, and `PASS`
  /// when the outputs agree; without a comparison, that the kernel ran.
  void print(llvm::raw_ostream &os) const;
};

/// An error of interpret() that other options would avoid: a wrong option or
/// one missing. The message speaks of the options by what they mean, the same
/// for every front end ("the memory limit of 8 MiB is ..."); `remedies` names
/// the options to give or change, each perhaps for one kernel argument, so
/// that a front end can add how its users give them (describeError).
class InterpretOptionError : public llvm::ErrorInfo<InterpretOptionError> {
public:
  struct Remedy {
    InterpretOption option;
    /// The argument an `inputs` or `scalars` entry would name; empty: any.
    std::string argument;
  };

  InterpretOptionError(std::string message, SmallVector<Remedy, 2> remedies)
      : message(std::move(message)), remedies(std::move(remedies)) {}

  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

  std::string message;
  SmallVector<Remedy, 2> remedies;

  static char ID;
};

/// How a front end spells `option` for its users (`--max-steps=N` in
/// wave-run, `keyword argument max_steps` in Python), for `argument` when it
/// is not empty; an empty string when it has none.
using OptionSpeller =
    llvm::function_ref<std::string(InterpretOption option, StringRef argument)>;

/// The text of an error of interpret(), for a front end to print: its
/// message, then, for an InterpretOptionError, its remedies as `spell`
/// writes them (`message (--scalar=n=VALUE or --input=X=FILE.npy)`). Empty
/// where the diagnostics emitted before say all.
std::string describeError(llvm::Error error, OptionSpeller spell);

/// The names of a kernel's arguments, for messages and the `inputs` and
/// `scalars` entries that name them;
/// empty names take the default (`argN`).
using ArgumentNamer =
    llvm::function_ref<SmallVector<std::string>(gpu::GPUFuncOp)>;

/// The path that names `func` from its outermost module, as a nested symbol
/// reference does, without its `@`s: the names of the symbols around it,
/// outermost first, and its own, joined by `::` (`kernels::gemm` for @gemm
/// in gpu.module @kernels, which gpu.launch_func calls as
/// `@kernels::@gemm`). `options.kernel` and `options.reference` take it
/// where a name alone is ambiguous.
std::string getKernelPath(gpu::GPUFuncOp func);

/// Runs the kernel `options` chooses in `module`, as wave-run does. The
/// module's MMA fragment accesses are first expanded in place (the
/// interpreter runs plain accesses, as every compile pipeline does). The
/// interpreter's findings are emitted as diagnostics at the ops involved;
/// the error, if any, then says which step failed (`@k failed`), or has an
/// empty message where they say all (the expansion failed); it is an
/// InterpretOptionError where other options would avoid it. Outputs that
/// differ are no error: the result does not agree().
llvm::Expected<InterpretResult> interpret(ModuleOp module,
                                          const InterpretOptions &options,
                                          ArgumentNamer names = {});

/// The same for `func`, whose fragment accesses are already expanded;
/// `options.kernel` is not used.
llvm::Expected<InterpretResult> interpret(gpu::GPUFuncOp func,
                                          const InterpretOptions &options,
                                          ArgumentNamer names = {});

//===----------------------------------------------------------------------===//
// The steps, for callers that need other control (wave-fuzz runs one kernel
// before many pipelines)
//===----------------------------------------------------------------------===//

/// Argument buffers of random contents: a float uniform in [-1, 1), an
/// integer in [-8, 8), from `seed` and the argument's position.
SmallVector<Buffer> createRandomArguments(const Kernel &kernel, uint64_t seed);

/// Runs `kernel` over `grid` on a copy of `inputs`; returns the buffers
/// after the run.
FailureOr<SmallVector<Buffer>> runOnCopy(const Kernel &kernel,
                                         ArrayRef<Buffer> inputs, Dim3 grid,
                                         uint64_t maxSteps = kDefaultMaxSteps);

/// The kernel of `module` with the name and gpu.module of `func`: the same
/// kernel in a transformed copy of its module.
gpu::GPUFuncOp findSameKernel(ModuleOp module, gpu::GPUFuncOp func);

/// Compares each argument that either kernel writes (by `arguments` and
/// `expectedArguments`, of two kernels that take the same arguments); a
/// float tolerance not given is the element type's default.
SmallVector<OutputComparison>
compareOutputs(ArrayRef<KernelArgumentInfo> arguments,
               ArrayRef<KernelArgumentInfo> expectedArguments,
               ArrayRef<Buffer> actual, ArrayRef<Buffer> expected,
               std::optional<double> rtol = std::nullopt,
               std::optional<double> atol = std::nullopt);

} // namespace mlir::wave

#endif // WAVE_INTERPRETER_INTERPRET_H
