//===- AffineOps.cpp - affine.apply, affine.min, affine.max ---------------===//

#include "Compiler.h"

#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wave::interp;

namespace {
enum class Fold : uint8_t { Single, Min, Max };
} // namespace

FailureOr<AffineProgram> mlir::wave::interp::translateAffineMap(Operation *op,
                                                                AffineMap map) {
  if (std::optional<std::string> division = findNonPositiveDivisor(map))
    return op->emitError("affine map ")
           << *division
           << "; floordiv, ceildiv and mod need a positive divisor";
  return AffineProgram(map);
}

Status mlir::wave::interp::reportAffineFault(Wave &w, const Instr &instr,
                                             AffineProgram::Fault fault) {
  w.emitError(instr) << "affine map divides by " << fault.divisor << " for "
                     << w.describeLane(fault.lane)
                     << "; floordiv, ceildiv and mod need a positive divisor";
  return Status::Error;
}

/// Evaluates the map for every lane and folds its results (`imm`).
static Status affineApply(Wave &w, const Instr &instr) {
  const AffineApply &apply = w.program->affine[instr.aux];
  unsigned width = w.width;
  SmallVector<const int64_t *, 4> operands;
  for (uint32_t reg : apply.operands)
    operands.push_back(&w.reg(reg)->i);
  SmallVector<int64_t, 4 * kMaxWaveSize> results(
      size_t(apply.map.getNumResults()) * width);
  if (std::optional<AffineProgram::Fault> fault =
          apply.map.evaluate(operands.data(), width, w.exec, results.data()))
    return reportAffineFault(w, instr, *fault);
  Slot *dst = w.reg(instr.dst);
  for (unsigned l = 0; l < width; ++l) {
    int64_t value = results[l];
    for (unsigned r = 1; r < apply.map.getNumResults(); ++r) {
      int64_t next = results[r * width + l];
      value = Fold(instr.imm) == Fold::Min ? std::min(value, next)
                                           : std::max(value, next);
    }
    dst[l].i = value;
  }
  return Status::Next;
}

static LogicalResult emitApply(Compiler &c, Operation *op, AffineMap map,
                               ArrayRef<uint32_t> operands, uint32_t dst,
                               Fold fold) {
  FailureOr<AffineProgram> program = translateAffineMap(op, map);
  if (failed(program))
    return failure();
  AffineApply apply;
  apply.map = std::move(*program);
  llvm::append_range(apply.operands, operands);
  c.program.affine.push_back(std::move(apply));
  c.emit(op, affineApply, dst, {}, 1, c.program.affine.size() - 1,
         uint64_t(fold));
  return success();
}

static LogicalResult emitApply(Compiler &c, Operation *op, AffineMap map,
                               Fold fold) {
  SmallVector<uint32_t> operands = llvm::map_to_vector(
      op->getOperands(), [&](Value operand) { return c.use(operand); });
  return emitApply(c, op, map, operands, c.define(op->getResult(0)), fold);
}

LogicalResult mlir::wave::interp::emitAffineValue(Compiler &c, Operation *op,
                                                  AffineMap map,
                                                  ArrayRef<uint32_t> operands,
                                                  uint32_t dst) {
  return emitApply(c, op, map, operands, dst, Fold::Single);
}

std::optional<LogicalResult>
mlir::wave::interp::compileAffineOp(Compiler &c, Operation *op) {
  using R = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](affine::AffineApplyOp o) {
        return emitApply(c, o, o.getAffineMap(), Fold::Single);
      })
      .Case([&](affine::AffineMinOp o) {
        return emitApply(c, o, o.getAffineMap(), Fold::Min);
      })
      .Case([&](affine::AffineMaxOp o) {
        return emitApply(c, o, o.getAffineMap(), Fold::Max);
      })
      .Default([](Operation *) { return std::nullopt; });
}
