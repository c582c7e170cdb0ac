//===- LoweredAccesses.h - Memory accesses of lowered loop code -*- C++ -*-===//
//
// What the passes that reorder lowered loops (wave-interleave-mfmas,
// wave-ping-pong) know of the memory an LLVM dialect op reaches: its space
// (LDS or global), whether it writes, and the object it reaches where no
// other object's accesses can (an LDS array or a `llvm.noalias` argument),
// so that two accesses keep their order only where they may meet.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_CONVERSION_LOWEREDACCESSES_H
#define WAVE_CONVERSION_LOWEREDACCESSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::wave::issue {

/// ROCDL ops that read and write registers only, which ROCDL does not
/// declare free of effects: the lane permutes and reads.
bool isRegisterOnly(Operation *op);

/// The argument of `function` that the pointer or buffer resource `value`
/// is based on (through address arithmetic, buffer resources and address
/// space casts), if it is one.
std::optional<unsigned> baseArgument(Value value, LLVM::LLVMFuncOp function);

/// The address or buffer resource of an access, null for other ops.
Value accessAddress(Operation *op);

/// What an op does to memory, for the order of accesses: LDS and global
/// memory are apart (address space 3 against the rest), and so are distinct
/// objects of one; an op with effects the passes do not model orders
/// against everything.
struct Access {
  enum Space { None, Lds, Global, Unknown } space = None;
  bool writes = false;
  /// The object it reaches (a global's name, or a `llvm.noalias`
  /// argument's number), null where not known.
  Attribute object = {};

  static Access of(Operation *op);

  /// Whether two accesses must keep their order, in one wave and, across a
  /// workgroup barrier, between waves.
  bool conflicts(const Access &other) const;
};

/// Ops that order accesses across waves or ask the backend for an order,
/// and write nothing themselves.
bool isSynchronization(Operation *op);

} // namespace mlir::wave::issue

#endif // WAVE_CONVERSION_LOWEREDACCESSES_H
