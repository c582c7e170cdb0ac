//===- Compiler.h - Translating kernels to instruction lists ----*- C++ -*-===//
//
// The translator walks a kernel once, gives every SSA value a register and
// emits instructions. Each family of ops (arith/math, vector, memory, gpu,
// wave collectives, DPP and permlanes, MMA, scf, affine) has a `compile*`
// entry point that returns std::nullopt for ops it does not own.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_INTERPRETER_COMPILER_H
#define WAVE_LIB_INTERPRETER_COMPILER_H

#include "Program.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace mlir::wave::interp {

class Compiler {
public:
  Compiler(Program &program) : program(program), width(program.width) {}

  /// Number of rows of a value of `type` (vector elements, 1 for scalars).
  static uint64_t rowsOf(Type type);

  /// Allocates the register of `value` (an op result or block argument).
  uint32_t define(Value value);
  /// Makes `value` share the register `reg` (loop results and their
  /// iteration arguments).
  void defineAs(Value value, uint32_t reg) { registers[value] = reg; }
  /// The register of an operand.
  uint32_t use(Value value) const;
  /// A register holding no SSA value.
  uint32_t allocate(uint64_t rows);

  /// Appends an instruction; returns its index.
  size_t emit(Operation *op, Handler fn, uint32_t dst,
              ArrayRef<uint32_t> srcs = {}, uint32_t rows = 1, uint32_t aux = 0,
              uint64_t imm = 0);
  Instr &at(size_t index) { return program.code[index]; }
  /// Index of the next instruction.
  uint32_t here() const { return program.code.size(); }

  /// Translates the ops of `block` except its terminator.
  LogicalResult compileBody(Block &block);
  /// Copies `from[i]` into `to[i]` for the active lanes, as one parallel
  /// copy (a source that is also a destination is read before it changes).
  void emitParallelCopy(Operation *op, ValueRange from, ArrayRef<uint32_t> to);
  /// Tracks the deepest mask-frame nesting.
  void enterFrame() { program.maxDepth = std::max(program.maxDepth, ++depth); }
  void exitFrame() { --depth; }

  /// The memory object a memref value refers to (diagnoses memrefs the
  /// interpreter cannot trace back to an argument or an allocation).
  FailureOr<unsigned> getObject(Value memref, Operation *user) const;
  void setObject(Value memref, unsigned object) { objects[memref] = object; }
  /// Registers a memory object of `type`, allocated by `def` (null for
  /// arguments and attributions) at `loc`.
  FailureOr<unsigned> addObject(Operation *def, Location loc, MemorySpace space,
                                MemRefType type, std::string description);
  /// Registers argument `index` of `func`, a dynamically shaped memref
  /// whose extents `wave.dims` binds to other arguments (recorded in
  /// `info`); each run's buffer gives its shape.
  FailureOr<unsigned> addDynamicArgument(gpu::GPUFuncOp func, unsigned index,
                                         MemRefType type,
                                         KernelArgumentInfo &info);

  Program &program;
  const unsigned width;

private:
  LogicalResult compileOp(Operation *op);

  DenseMap<Value, uint32_t> registers;
  DenseMap<Value, unsigned> objects;
  unsigned depth = 0;
  /// Set when the register file would outgrow 32-bit offsets.
  bool registersExhausted = false;
};

/// Per-family translation. Each returns std::nullopt when `op` is not one of
/// its ops, failure after emitting a diagnostic, success otherwise.
std::optional<LogicalResult> compileArithOp(Compiler &c, Operation *op);
std::optional<LogicalResult> compileMathOp(Compiler &c, Operation *op);
std::optional<LogicalResult> compileVectorOp(Compiler &c, Operation *op);
std::optional<LogicalResult> compileMemoryOp(Compiler &c, Operation *op);
std::optional<LogicalResult> compilePointerOp(Compiler &c, Operation *op);
std::optional<LogicalResult> compileGpuOp(Compiler &c, Operation *op);
std::optional<LogicalResult> compileCollectiveOp(Compiler &c, Operation *op);
std::optional<LogicalResult> compileDppOp(Compiler &c, Operation *op);
std::optional<LogicalResult> compileMmaOp(Compiler &c, Operation *op);
std::optional<LogicalResult> compileControlFlowOp(Compiler &c, Operation *op);
std::optional<LogicalResult> compileAffineOp(Compiler &c, Operation *op);

/// The map of an affine op or access, translated; refuses (at `op`) a map
/// dividing by a constant below 1, which has no value.
FailureOr<AffineProgram> translateAffineMap(Operation *op, AffineMap map);
/// Reports a division by a non-positive symbol value found at run time.
Status reportAffineFault(Wave &wave, const Instr &instr,
                         AffineProgram::Fault fault);
/// Emits, for `op`, the evaluation of `map`'s single result over the
/// registers `operands` into `dst`.
LogicalResult emitAffineValue(Compiler &c, Operation *op, AffineMap map,
                              ArrayRef<uint32_t> operands, uint32_t dst);

/// Handlers shared between families.
Status copyMasked(Wave &wave, const Instr &instr);
Status gatherRows(Wave &wave, const Instr &instr);
/// Suspends the wave at a workgroup barrier (all its lanes must be active).
Status barrier(Wave &wave, const Instr &instr);
Status kernelReturn(Wave &wave, const Instr &instr);

} // namespace mlir::wave::interp

#endif // WAVE_LIB_INTERPRETER_COMPILER_H
