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

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
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

bool mlir::wave::interp::checkWholeClusters(Wave &w, const Instr &instr,
                                            unsigned size, unsigned stride) {
  for (unsigned first = 0; first < w.width; ++first) {
    // `first` starts a cluster when it is the lowest of its lanes.
    if (first % (size * stride) >= stride)
      continue;
    LaneMask cluster = 0;
    for (unsigned i = 0; i < size && first + i * stride < w.width; ++i)
      cluster |= LaneMask(1) << (first + i * stride);
    LaneMask active = w.exec & cluster;
    if (!active || active == cluster)
      continue;
    w.emitError(instr) << instr.op->getName() << " over clusters of " << size
                       << " lanes executed with lanes "
                       << describeLanes(cluster & ~active)
                       << " inactive in the cluster of active lanes "
                       << describeLanes(active) << ", in wave " << w.index
                       << " of workgroup (" << w.workgroup->id[0] << ", "
                       << w.workgroup->id[1] << ", " << w.workgroup->id[2]
                       << "): every lane of a cluster with an active lane "
                          "takes part";
    return false;
  }
  return true;
}

/// wave.reduce over the active lanes of the wave (`imm` = 0), or over
/// clusters of `imm` consecutive lanes, each wholly active or inactive.
static Status waveReduce(Wave &w, const Instr &instr) {
  Combiner combiner = getCombiner(instr);
  ElementKind kind = getKind(instr);
  unsigned size = instr.imm ? unsigned(instr.imm) : w.width;
  if (instr.imm && !checkWholeClusters(w, instr, size))
    return Status::Error;
  const Slot *value = w.reg(instr.src[0]);
  Slot *dst = w.reg(instr.dst);
  for (unsigned first = 0; first < w.width; first += size) {
    LaneMask lanes = w.exec & (widthMask(size) << first);
    std::optional<Slot> acc;
    forEachLane(lanes, [&](unsigned l) {
      acc = acc ? combine(combiner, kind, *acc, value[l]) : value[l];
    });
    forEachLane(lanes, [&](unsigned l) { dst[l] = *acc; });
  }
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

/// Gives every active lane the value (src0) of `lane`, which must be active.
static Status broadcastLane(Wave &w, const Instr &instr, uint64_t lane) {
  if (lane >= w.width || !w.isActive(lane)) {
    w.emitError(instr) << instr.op->getName() << " reads lane " << lane
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

static Status waveBroadcast(Wave &w, const Instr &instr) {
  return broadcastLane(w, instr, instr.aux);
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

/// wave.ballot and rocdl.ballot: the active lanes whose predicate holds, as
/// the low bits of an integer of `aux` bits (an i32 ballot of a wave of 64
/// keeps lanes 0 to 31, as the hardware's).
static Status waveBallot(Wave &w, const Instr &instr) {
  LaneMask bits =
      laneBits(w.reg(instr.src[0]), w.width) & w.exec & widthMask(instr.aux);
  Slot *dst = w.reg(instr.dst);
  forEachLane(w.exec, [&](unsigned l) { dst[l].u = bits; });
  return Status::Next;
}

/// rocdl.readlane: every active lane gets the value of the lane its (uniform)
/// lane operand names, modulo the wave size as the hardware's lane select.
/// The operand is read from the first active lane, as the backend's
/// v_readfirstlane makes of a divergent one; the lane read must be active,
/// since what an inactive lane's register holds is no value of the kernel.
static Status waveReadLane(Wave &w, const Instr &instr) {
  if (!w.exec)
    return Status::Next;
  const Slot *lane = w.reg(instr.src[1]);
  return broadcastLane(w, instr,
                       lane[llvm::countr_zero(w.exec)].u & (w.width - 1));
}

/// rocdl.ds_bpermute: each active lane reads the word of the lane its byte
/// address names (address / 4, modulo the wave), or, where ds_bpermute stays
/// in 32-lane halves (`aux`: waves of 64 on GFX10 and GFX11), of that lane
/// of its own half; an inactive source lane reads zero.
static Status waveBPermute(Wave &w, const Instr &instr) {
  const Slot *address = w.reg(instr.src[0]);
  const Slot *value = w.reg(instr.src[1]);
  Slot *dst = w.reg(instr.dst);
  bool inHalves = instr.aux;
  unsigned reach = inHalves ? 32 : w.width;
  SmallVector<Slot, kMaxWaveSize> result(w.width);
  forEachLane(w.exec, [&](unsigned l) {
    unsigned source =
        (inHalves ? l & 32 : 0) | ((address[l].u >> 2) & (reach - 1));
    result[l] = w.isActive(source) ? value[source] : intSlot(0);
  });
  forEachLane(w.exec, [&](unsigned l) { dst[l] = result[l]; });
  return Status::Next;
}

/// llvm.amdgcn.permlane64: each active lane gets the word of the lane 32
/// away, in the other half of the wave of 64. The hardware reads that lane
/// whether it is active or not; an inactive lane's register holds what the
/// interpreter last computed for it, which need not be the hardware's.
static Status wavePermlane64(Wave &w, const Instr &instr) {
  const Slot *value = w.reg(instr.src[0]);
  Slot *dst = w.reg(instr.dst);
  SmallVector<Slot, kMaxWaveSize> result(w.width);
  forEachLane(w.exec, [&](unsigned l) { result[l] = value[l ^ 32]; });
  forEachLane(w.exec, [&](unsigned l) { dst[l] = result[l]; });
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
      .Case([&](ReduceOp o) -> LogicalResult {
        std::optional<uint64_t> size = o.getClusterSize();
        // The verifier knows the wave size only from a #wave.kernel.
        if (size && *size > c.width)
          return o.emitError("the interpreter cannot reduce over clusters of ")
                 << *size << " lanes in waves of " << c.width;
        return emitCollective(c, o, waveReduce,
                              packCombiner(o.getKind(), o.getType()),
                              size.value_or(0));
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
      .Case<BallotOp, ROCDL::BallotOp>([&](Operation *o) {
        return emitCollective(
            c, o, waveBallot,
            o->getResult(0).getType().getIntOrFloatBitWidth());
      })
      .Case([&](ROCDL::ReadfirstlaneOp o) {
        return emitCollective(c, o, waveReadFirstLane);
      })
      .Case([&](ROCDL::ReadlaneOp o) {
        return emitCollective(c, o, waveReadLane);
      })
      .Case([&](ROCDL::DsBpermuteOp o) {
        return emitCollective(c, o, waveBPermute, c.program.permutesInHalves);
      })
      .Case([&](LLVM::CallIntrinsicOp o) -> std::optional<LogicalResult> {
        if (o.getIntrin() != "llvm.amdgcn.permlane64")
          return std::nullopt;
        if (c.width != 64 || o.getNumOperands() != 1 ||
            o.getNumResults() != 1 ||
            o.getResult(0).getType() != o.getOperand(0).getType())
          return o.emitError(
              "the interpreter executes llvm.amdgcn.permlane64 of "
              "one value in waves of 64 lanes only");
        return emitCollective(c, o, wavePermlane64);
      })
      .Case([&](AnyOp o) { return emitCollective(c, o, waveVote, 0, 0); })
      .Case([&](AllOp o) { return emitCollective(c, o, waveVote, 0, 1); })
      .Case([&](BarrierOp o) {
        c.emit(o, barrier, 0);
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}
