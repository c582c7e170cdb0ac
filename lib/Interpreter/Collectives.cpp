//===- Collectives.cpp - Wave collectives over the active lanes -----------===//
//
// Semantics as documented in WaveOps.td: reduce and scan combine the active
// lanes in lane order; broadcast needs an active source lane; a shuffle from
// outside the wave keeps the lane's own value, one from an inactive lane
// reads zero (what ds_bpermute returns); ballot, any and all look at the
// active lanes only. Results are written to the active lanes.
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Combine.h"
#include "Compiler.h"

#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

/// `aux` = combiner | element kind << 8 for reduce and scan.
static Combiner getCombiner(const Instr &instr) {
  return Combiner(instr.aux & 0xff);
}
static ElementKind getKind(const Instr &instr) {
  return ElementKind(instr.aux >> 8);
}

static Status waveReduce(Wave &w, const Instr &instr) {
  Combiner combiner = getCombiner(instr);
  ElementKind kind = getKind(instr);
  const Slot *value = w.reg(instr.src[0]);
  Slot *dst = w.reg(instr.dst);
  std::optional<Slot> acc;
  forEachLane(w.exec, [&](unsigned l) {
    acc = acc ? combine(combiner, kind, *acc, value[l]) : value[l];
  });
  forEachLane(w.exec, [&](unsigned l) { dst[l] = *acc; });
  return Status::Next;
}

/// `imm` set: exclusive.
static Status waveScan(Wave &w, const Instr &instr) {
  Combiner combiner = getCombiner(instr);
  ElementKind kind = getKind(instr);
  const Slot *value = w.reg(instr.src[0]);
  Slot *dst = w.reg(instr.dst);
  Slot acc = getIdentity(combiner, kind);
  bool first = true;
  forEachLane(w.exec, [&](unsigned l) {
    Slot before = acc;
    // Start from the first value rather than the identity, so an inclusive
    // scan is exact (-0.0 + 0.0 would not be).
    acc = first ? value[l] : combine(combiner, kind, acc, value[l]);
    first = false;
    dst[l] = instr.imm ? before : acc;
  });
  return Status::Next;
}

/// rocdl.readfirstlane, which uniform branches read their compares through
/// after lowering: the lowest active lane's value.
static Status waveReadFirstLane(Wave &w, const Instr &instr) {
  const Slot *value = w.reg(instr.src[0]);
  Slot *dst = w.reg(instr.dst);
  std::optional<Slot> first;
  forEachLane(w.exec, [&](unsigned l) {
    if (!first)
      first = value[l];
    dst[l] = *first;
  });
  return Status::Next;
}

static Status waveBroadcast(Wave &w, const Instr &instr) {
  unsigned lane = instr.aux;
  if (lane >= w.width || !w.isActive(lane)) {
    w.emitError(instr) << "wave.broadcast reads lane " << lane
                       << ", which is not active in wave " << w.index
                       << " of workgroup (" << w.workgroup->id[0] << ", "
                       << w.workgroup->id[1] << ", " << w.workgroup->id[2]
                       << ")";
    return Status::Error;
  }
  Slot value = w.reg(instr.src[0])[lane];
  Slot *dst = w.reg(instr.dst);
  forEachLane(w.exec, [&](unsigned l) { dst[l] = value; });
  return Status::Next;
}

/// src0 value, src1 offset (i32); `aux` the mode.
static Status waveShuffle(Wave &w, const Instr &instr) {
  const Slot *value = w.reg(instr.src[0]);
  const Slot *offset = w.reg(instr.src[1]);
  Slot *dst = w.reg(instr.dst);
  int64_t width = w.width;
  forEachLane(w.exec, [&](unsigned l) {
    int64_t off = signExtend(offset[l].u, 32);
    int64_t src = 0;
    switch (ShuffleMode(instr.aux)) {
    case ShuffleMode::idx:
      src = off;
      break;
    case ShuffleMode::up:
      src = int64_t(l) - off;
      break;
    case ShuffleMode::down:
      src = int64_t(l) + off;
      break;
    case ShuffleMode::xor_:
      src = int64_t(l) ^ off;
      break;
    }
    if (src < 0 || src >= width)
      dst[l] = value[l];
    else
      dst[l] = w.isActive(src) ? value[src] : intSlot(0);
  });
  return Status::Next;
}

static Status waveBallot(Wave &w, const Instr &instr) {
  LaneMask bits = laneBits(w.reg(instr.src[0]), w.width) & w.exec;
  Slot *dst = w.reg(instr.dst);
  forEachLane(w.exec, [&](unsigned l) { dst[l].u = bits; });
  return Status::Next;
}

/// `imm` set: all, else any.
static Status waveVote(Wave &w, const Instr &instr) {
  LaneMask bits = laneBits(w.reg(instr.src[0]), w.width) & w.exec;
  bool result = instr.imm ? bits == w.exec : bits != 0;
  Slot *dst = w.reg(instr.dst);
  forEachLane(w.exec, [&](unsigned l) { dst[l].u = result; });
  return Status::Next;
}

static LogicalResult emitCollective(Compiler &c, Operation *op, Handler fn,
                                    uint32_t aux = 0, uint64_t imm = 0) {
  if (failed(checkModelledTypes(op)))
    return failure();
  SmallVector<uint32_t, 2> srcs;
  for (Value operand : op->getOperands())
    srcs.push_back(c.use(operand));
  c.emit(op, fn, c.define(op->getResult(0)), srcs, 1, aux, imm);
  return success();
}

static uint32_t packCombiner(ReduceKind kind, Type type) {
  ElementKind element = getKindOf(type);
  return uint32_t(getCombiner(kind, element)) | (uint32_t(element) << 8);
}

std::optional<LogicalResult>
mlir::wave::interp::compileCollectiveOp(Compiler &c, Operation *op) {
  using R = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](ReduceOp o) {
        return emitCollective(c, o, waveReduce,
                              packCombiner(o.getKind(), o.getType()));
      })
      .Case([&](ScanOp o) {
        return emitCollective(c, o, waveScan,
                              packCombiner(o.getKind(), o.getType()),
                              o.getExclusive());
      })
      .Case([&](BroadcastOp o) {
        return emitCollective(c, o, waveBroadcast, o.getLane());
      })
      .Case([&](ShuffleOp o) {
        return emitCollective(c, o, waveShuffle, uint32_t(o.getMode()));
      })
      .Case([&](BallotOp o) { return emitCollective(c, o, waveBallot); })
      .Case([&](ROCDL::ReadfirstlaneOp o) {
        return emitCollective(c, o, waveReadFirstLane);
      })
      .Case([&](AnyOp o) { return emitCollective(c, o, waveVote, 0, 0); })
      .Case([&](AllOp o) { return emitCollective(c, o, waveVote, 0, 1); })
      .Case([&](BarrierOp o) {
        c.emit(o, barrier, 0);
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}
