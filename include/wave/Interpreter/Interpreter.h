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
};

/// A kernel translated for execution.
class Kernel {
public:
  /// What one run may allocate by default: its argument buffers, LDS (with
  /// the race detector's shadow), private memory and registers.
  static constexpr uint64_t kDefaultMemoryLimit = uint64_t(4) << 30;

  /// Translates `func`. On failure, a diagnostic has been emitted at the op
  /// the interpreter cannot execute. `argNames` names the arguments in
  /// messages and on the command line (defaults: `arg0`, `arg1`, ...). A
  /// kernel whose run would allocate more than `memoryLimit` bytes is
  /// refused, at the memory object that alone exceeds it or else at `func`.
  static FailureOr<Kernel> compile(gpu::GPUFuncOp func,
                                   ArrayRef<std::string> argNames = {},
                                   uint64_t memoryLimit = kDefaultMemoryLimit);

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

  /// Buffers laid out like the arguments, zero-filled.
  SmallVector<Buffer> createArgumentBuffers() const;

  /// Runs the kernel over `grid` workgroups on `args` (one buffer per
  /// argument; rank-0 buffers for scalars). Returns failure, with an error
  /// emitted at the ops involved, when the run detects a bug.
  LogicalResult run(MutableArrayRef<Buffer> args, Dim3 grid) const;

private:
  explicit Kernel(std::unique_ptr<interp::Program> program);
  std::unique_ptr<interp::Program> program;
};

} // namespace mlir::wave

#endif // WAVE_INTERPRETER_INTERPRETER_H
