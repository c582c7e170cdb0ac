//===- ControlFlow.cpp - scf control flow under lane masks ----------------===//
//
// Structured control flow runs as on a SIMT machine: a divergent `scf.if`
// executes both arms, each under the lanes taking it; a loop keeps running
// while any lane still iterates, the others masked off; an arm or loop with
// no active lane is skipped. Values leave a region through masked copies, so
// each lane keeps what its own path produced.
//
// Layout of the emitted code:
//   scf.if:    ifBegin(cond -> else) then.. copies ifElse(-> end) else..
//              copies popFrame
//   scf.for:   copy lb, forCheckStep, init copies, pushFrame;
//              cond: forCond(-> exit) body..
//              yield copies forStep(-> cond); exit: popFrame
//   scf.while: init copies, pushFrame; before: body.. copies to results,
//              whileCond(-> exit), copies to after args, after.. yield
//              copies, jump(-> before); exit: popFrame
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstring>

using namespace mlir;
using namespace mlir::wave::interp;

Status mlir::wave::interp::copyMasked(Wave &w, const Instr &instr) {
  Slot *dst = w.reg(instr.dst);
  const Slot *src = w.reg(instr.src[0]);
  unsigned width = w.width;
  if (w.exec == w.present) {
    std::memcpy(dst, src, sizeof(Slot) * instr.rows * width);
    return Status::Next;
  }
  for (uint32_t r = 0; r < instr.rows; ++r)
    forEachLane(w.exec,
                [&](unsigned l) { dst[r * width + l] = src[r * width + l]; });
  return Status::Next;
}

static Status ifBegin(Wave &w, const Instr &instr) {
  LaneMask cond = laneBits(w.reg(instr.src[0]), w.width);
  w.frames.push_back({w.exec, w.exec & ~cond, instr.op});
  w.exec &= cond;
  if (!w.exec)
    w.pc = instr.aux;
  return Status::Next;
}

static Status ifElse(Wave &w, const Instr &instr) {
  w.exec = w.frames.back().other;
  if (!w.exec)
    w.pc = instr.aux;
  return Status::Next;
}

static Status pushFrame(Wave &w, const Instr &instr) {
  w.frames.push_back({w.exec, 0, instr.op});
  return Status::Next;
}

static Status popFrame(Wave &w, const Instr &) {
  w.exec = w.frames.back().outer;
  w.frames.pop_back();
  return Status::Next;
}

/// Keeps the lanes whose induction variable (src0) is below the upper bound
/// (src1); `imm` holds the width, bit 8 an unsigned comparison.
static Status forCond(Wave &w, const Instr &instr) {
  const Slot *iv = w.reg(instr.src[0]);
  const Slot *ub = w.reg(instr.src[1]);
  unsigned bits = instr.imm & 0xff;
  bool isUnsigned = instr.imm >> 8;
  LaneMask keep = 0;
  forEachLane(w.exec, [&](unsigned l) {
    bool below = isUnsigned
                     ? iv[l].u < ub[l].u
                     : signExtend(iv[l].u, bits) < signExtend(ub[l].u, bits);
    keep |= LaneMask(below) << l;
  });
  w.exec = keep;
  if (!keep)
    w.pc = instr.aux;
  return Status::Next;
}

/// Stops the run when a lane that enters the loop (its induction variable,
/// src1, below the upper bound, src2) has a step (src0) with which the loop
/// never ends: zero, or negative under a signed comparison. `imm` as for
/// forCond.
static Status forCheckStep(Wave &w, const Instr &instr) {
  const Slot *step = w.reg(instr.src[0]);
  const Slot *iv = w.reg(instr.src[1]);
  const Slot *ub = w.reg(instr.src[2]);
  unsigned bits = instr.imm & 0xff;
  bool isUnsigned = instr.imm >> 8;
  Status status = Status::Next;
  forEachLane(w.exec, [&](unsigned l) {
    bool enters = isUnsigned
                      ? iv[l].u < ub[l].u
                      : signExtend(iv[l].u, bits) < signExtend(ub[l].u, bits);
    int64_t value = signExtend(step[l].u, bits);
    if (status != Status::Next || !enters || value > 0 ||
        (isUnsigned && value != 0))
      return;
    w.emitError(instr) << "scf.for step " << value << " for "
                       << w.describeLane(l)
                       << ": the loop would never end; the step must be "
                          "positive";
    status = Status::Error;
  });
  return status;
}

/// Adds the step (src0) to the induction variable (dst) and jumps back.
static Status forStep(Wave &w, const Instr &instr) {
  Slot *iv = w.reg(instr.dst);
  const Slot *step = w.reg(instr.src[0]);
  uint64_t mask = widthMask(instr.imm);
  forEachLane(w.exec,
              [&](unsigned l) { iv[l].u = (iv[l].u + step[l].u) & mask; });
  w.pc = instr.aux;
  return Status::Next;
}

static Status whileCond(Wave &w, const Instr &instr) {
  w.exec &= laneBits(w.reg(instr.src[0]), w.width);
  if (!w.exec)
    w.pc = instr.aux;
  return Status::Next;
}

static Status jump(Wave &w, const Instr &instr) {
  w.pc = instr.aux;
  return Status::Next;
}

static SmallVector<uint32_t> defineAll(Compiler &c, ValueRange values) {
  SmallVector<uint32_t> regs;
  for (Value v : values)
    regs.push_back(c.define(v));
  return regs;
}

static LogicalResult compileIf(Compiler &c, scf::IfOp op) {
  SmallVector<uint32_t> results = defineAll(c, op.getResults());
  c.enterFrame();
  size_t begin = c.emit(op, ifBegin, 0, {c.use(op.getCondition())});
  if (failed(c.compileBody(*op.thenBlock())))
    return failure();
  c.emitParallelCopy(op, op.thenYield().getOperands(), results);
  size_t elseInstr = c.emit(op, ifElse, 0);
  c.at(begin).aux = elseInstr;
  if (Block *elseBlock = op.elseBlock()) {
    if (failed(c.compileBody(*elseBlock)))
      return failure();
    c.emitParallelCopy(op, op.elseYield().getOperands(), results);
  }
  c.at(elseInstr).aux = c.emit(op, popFrame, 0);
  c.exitFrame();
  return success();
}

static LogicalResult compileFor(Compiler &c, scf::ForOp op) {
  Type ivType = op.getInductionVar().getType();
  unsigned bits = ivType.isIndex() ? 64 : ivType.getIntOrFloatBitWidth();
  uint32_t iv = c.define(op.getInductionVar());
  SmallVector<uint32_t> iterArgs = defineAll(c, op.getRegionIterArgs());
  for (auto [result, reg] : llvm::zip_equal(op.getResults(), iterArgs))
    c.defineAs(result, reg);

  c.emit(op, copyMasked, iv, {c.use(op.getLowerBound())});
  uint64_t comparison = bits | (uint64_t(op.getUnsignedCmp()) << 8);
  c.emit(op, forCheckStep, 0,
         {c.use(op.getStep()), iv, c.use(op.getUpperBound())}, 1, 0,
         comparison);
  c.emitParallelCopy(op, op.getInitArgs(), iterArgs);
  c.emit(op, pushFrame, 0);
  c.enterFrame();
  uint32_t cond = c.here();
  size_t condInstr =
      c.emit(op, forCond, 0, {iv, c.use(op.getUpperBound())}, 1, 0, comparison);
  if (failed(c.compileBody(*op.getBody())))
    return failure();
  c.emitParallelCopy(op, op.getBody()->getTerminator()->getOperands(),
                     iterArgs);
  c.emit(op, forStep, iv, {c.use(op.getStep())}, 1, cond, bits);
  c.at(condInstr).aux = c.emit(op, popFrame, 0);
  c.exitFrame();
  return success();
}

static LogicalResult compileWhile(Compiler &c, scf::WhileOp op) {
  SmallVector<uint32_t> beforeArgs = defineAll(c, op.getBeforeArguments());
  SmallVector<uint32_t> afterArgs = defineAll(c, op.getAfterArguments());
  SmallVector<uint32_t> results = defineAll(c, op.getResults());

  c.emitParallelCopy(op, op.getInits(), beforeArgs);
  c.emit(op, pushFrame, 0);
  c.enterFrame();
  uint32_t before = c.here();
  if (failed(c.compileBody(op.getBefore().front())))
    return failure();
  scf::ConditionOp condition = op.getConditionOp();
  c.emitParallelCopy(condition, condition.getArgs(), results);
  size_t condInstr =
      c.emit(condition, whileCond, 0, {c.use(condition.getCondition())});
  c.emitParallelCopy(condition, condition.getArgs(), afterArgs);
  if (failed(c.compileBody(op.getAfter().front())))
    return failure();
  c.emitParallelCopy(op, op.getYieldOp().getOperands(), beforeArgs);
  c.emit(op, jump, 0, {}, 1, before);
  c.at(condInstr).aux = c.emit(op, popFrame, 0);
  c.exitFrame();
  return success();
}

std::optional<LogicalResult>
mlir::wave::interp::compileControlFlowOp(Compiler &c, Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](scf::IfOp ifOp) { return compileIf(c, ifOp); })
      .Case([&](scf::ForOp forOp) { return compileFor(c, forOp); })
      .Case([&](scf::WhileOp whileOp) { return compileWhile(c, whileOp); })
      .Default([](Operation *) { return std::nullopt; });
}
