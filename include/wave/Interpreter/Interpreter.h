//===- Interpreter.h - Reference interpreter for wave kernels ---*- C++ -*-===//
//
// Runs a `gpu.func` kernel written with the wave dialect and the upstream ops
// kernels use before lowering, on the CPU: workgroups one after another; in a
// workgroup, waves of lanes executing in lockstep under an active mask, with
// per-workgroup LDS and barriers. While running it checks for LDS data races,
// out-of-bounds accesses, barrier divergence and reads of LDS never written,
// and reports each as an error at the locations of the ops involved.
//
// The kernel is first translated into a flat list of instructions over
// registers that hold one value per lane (structure of arrays), so one
// instruction executes an op for every lane of a wave at once.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_INTERPRETER_INTERPRETER_H
#define WAVE_INTERPRETER_INTERPRETER_H

#include "wave/Interpreter/Buffer.h"
#include "wave/Interpreter/InterpretOptions.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Support/LLVM.h"

#include <array>
#include <memory>
#include <string>

namespace mlir::wave {

namespace interp {
struct Program;
} // namespace interp

using Dim3 = std::array<int64_t, 3>;

/// A kernel argument as the interpreter sees it.
struct KernelArgumentInfo {
  Type type;
  /// The name the source gave the argument (without `%`), or `argN`.
  std::string name;
  /// Whether the kernel writes the argument (a memref some op stores to).
  bool written = false;
  /// For a memref argument, per dimension, the argument holding its extent
  /// (`wave.dims`), or -1 for a static extent; empty for other arguments.
  SmallVector<int64_t, 4> extentArguments;

  /// Whether the argument is a memref with dynamic extents.
  bool hasDynamicExtents() const {
    return llvm::any_of(extentArguments, [](int64_t a) { return a >= 0; });
  }
};

/// The values of the integer and index scalars among `args` (rank-0
/// buffers), by argument number; 0 for every other argument.
SmallVector<int64_t> getScalarValues(ArrayRef<Buffer> args);

/// A kernel translated for execution.
class Kernel {
public:
  /// The defaults of InterpretOptions, in bytes and steps.
  static constexpr uint64_t kDefaultMemoryLimit = kDefaultMemoryLimitMiB << 20;
  static constexpr uint64_t kDefaultMaxSteps = wave::kDefaultMaxSteps;

  /// Translates `func`. On failure, a diagnostic has been emitted at the op
  /// the interpreter cannot execute. `argNames` names the arguments in
  /// messages and on the command line (defaults: `arg0`, `arg1`, ...). A
  /// kernel whose run would allocate more than `memoryLimit` bytes, with
  /// `heldArgumentCopies` more copies of its arguments that the caller keeps
  /// meanwhile (its inputs, another kernel's results), is refused, at the
  /// memory object that alone exceeds it or else at `func`. The kernel runs
  /// in the waves of its target (getKernelTarget), else in those of
  /// `loweredFrom`, the kernel it was lowered from by a pipeline that dropped
  /// `#wave.kernel` and attached no `#rocdl.target`, else in waves of 64.
  static FailureOr<Kernel> compile(gpu::GPUFuncOp func,
                                   ArrayRef<std::string> argNames = {},
                                   uint64_t memoryLimit = kDefaultMemoryLimit,
                                   unsigned heldArgumentCopies = 0,
                                   gpu::GPUFuncOp loweredFrom = {});

  Kernel(Kernel &&);
  Kernel &operator=(Kernel &&);
  ~Kernel();

  StringRef getName() const;
  unsigned getWaveSize() const;
  /// The workgroup size (`known_block_size`).
  Dim3 getBlockSize() const;
  /// The grid (`known_grid_size`), if the kernel states it.
  std::optional<Dim3> getKnownGridSize() const;
  ArrayRef<KernelArgumentInfo> getArguments() const;
  /// The op the kernel was translated from.
  Operation *getOperation() const;

  /// Buffers laid out like the arguments, zero-filled. A dynamically shaped
  /// memref (row-major) takes its extents from `scalars`, the values of the
  /// kernel's scalar arguments by argument number; without them (or for a
  /// negative value) the extent is 0.
  SmallVector<Buffer>
  createArgumentBuffers(ArrayRef<int64_t> scalars = {}) const;

  /// Runs the kernel over `grid` workgroups on `args` (one buffer per
  /// argument; rank-0 buffers for scalars). A dynamically shaped memref's
  /// buffer must have the extents its size arguments hold, and the scalar
  /// arguments must satisfy the kernel's `wave.assume`. Returns failure, with
  /// an error emitted at the ops involved, when the run detects a bug or takes
  /// more than `maxSteps` steps (reported at the innermost loop running then).
  LogicalResult run(MutableArrayRef<Buffer> args, Dim3 grid,
                    uint64_t maxSteps = kDefaultMaxSteps) const;

private:
  explicit Kernel(std::unique_ptr<interp::Program> program);
  std::unique_ptr<interp::Program> program;
};

} // namespace mlir::wave

#endif // WAVE_INTERPRETER_INTERPRETER_H
