//===- GpuOps.cpp - gpu dialect: ids, barrier, shuffle, subgroup reduce ---===//

#include "Arith.h"
#include "Combine.h"
#include "Compiler.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

namespace {
/// What an id op reads; `imm` of the instruction.
enum class IdKind : uint8_t {
  ThreadId,
  BlockId,
  BlockDim,
  GridDim,
  GlobalId,
  LaneId,
  SubgroupId,
  NumSubgroups,
  SubgroupSize
};
} // namespace

/// dst = the id of kind `imm` in dimension `aux`, for every lane.
static Status readId(Wave &w, const Instr &instr) {
  Slot *d = w.reg(instr.dst);
  unsigned dim = instr.aux;
  const Dim3 &block = w.program->block;
  int64_t lanes = block[0] * block[1] * block[2];
  for (unsigned l = 0; l < w.width; ++l) {
    int64_t value = 0;
    switch (IdKind(instr.imm)) {
    case IdKind::ThreadId:
      value = w.tid[dim][l];
      break;
    case IdKind::BlockId:
      value = w.workgroup->id[dim];
      break;
    case IdKind::BlockDim:
      value = block[dim];
      break;
    case IdKind::GridDim:
      value = w.launch->grid[dim];
      break;
    case IdKind::GlobalId:
      value = w.workgroup->id[dim] * block[dim] + w.tid[dim][l];
      break;
    case IdKind::LaneId:
      value = l;
      break;
    case IdKind::SubgroupId:
      value = w.index;
      break;
    case IdKind::NumSubgroups:
      value = (lanes + w.width - 1) / w.width;
      break;
    case IdKind::SubgroupSize:
      value = w.width;
      break;
    }
    d[l].i = value;
  }
  return Status::Next;
}

static LogicalResult emitId(Compiler &c, Operation *op, IdKind kind,
                            gpu::Dimension dim = gpu::Dimension::x) {
  c.emit(op, readId, c.define(op->getResult(0)), {}, 1, unsigned(dim),
         uint64_t(kind));
  return success();
}

/// gpu.shuffle: src0 value, src1 offset, src2 width; dst the value, `imm`
/// the register of the `valid` flag, `aux` the mode. Lanes form segments of
/// `width`; a source outside the lane's segment is invalid and the lane keeps
/// its value. As ds_bpermute does, an inactive source lane reads as zero.
static Status gpuShuffle(Wave &w, const Instr &instr) {
  const Slot *value = w.reg(instr.src[0]);
  const Slot *offset = w.reg(instr.src[1]);
  const Slot *segment = w.reg(instr.src[2]);
  Slot *dst = w.reg(instr.dst);
  Slot *valid = w.reg(uint32_t(instr.imm));
  unsigned width = w.width;
  auto mode = gpu::ShuffleMode(instr.aux);
  forEachLane(w.exec, [&](unsigned l) {
    int64_t off = signExtend(offset[l].u, 32);
    int64_t seg = signExtend(segment[l].u, 32);
    int64_t src = 0;
    switch (mode) {
    case gpu::ShuffleMode::XOR:
      src = int64_t(l) ^ off;
      break;
    case gpu::ShuffleMode::UP:
      src = int64_t(l) - off;
      break;
    case gpu::ShuffleMode::DOWN:
      src = int64_t(l) + off;
      break;
    case gpu::ShuffleMode::IDX:
      src = off;
      break;
    }
    int64_t segmentEnd = seg > 0 ? (int64_t(l) / seg + 1) * seg : 0;
    bool ok = src >= 0 && src < segmentEnd && src < int64_t(width);
    valid[l].u = ok;
    for (uint32_t r = 0; r < instr.rows; ++r) {
      Slot v = value[r * width + l];
      if (ok)
        v = w.isActive(src) ? value[r * width + src] : intSlot(0);
      dst[r * width + l] = v;
    }
  });
  return Status::Next;
}

static LogicalResult compileShuffle(Compiler &c, gpu::ShuffleOp op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  uint32_t valid = c.define(op.getValid());
  c.emit(op, gpuShuffle, c.define(op.getShuffleResult()),
         {c.use(op.getValue()), c.use(op.getOffset()), c.use(op.getWidth())},
         Compiler::rowsOf(op.getValue().getType()), uint32_t(op.getMode()),
         valid);
  return success();
}

/// gpu.subgroup_reduce over clusters of `imm & 0x3fffffff` lanes with
/// stride `imm >> 32`, of the active lanes; with `uniform` (bit 31 of `imm`)
/// every lane of the wave takes part, as upstream requires: the hardware's
/// lowering (DPP) reads every lane. With a `cluster` (bit 30) every lane of
/// a cluster with an active lane takes part (upstream: "every lane in the
/// cluster is reduced"), which the DPP lowering, reading every lane of the
/// cluster, needs too. `aux` = combiner | element kind << 8.
static Status subgroupReduce(Wave &w, const Instr &instr) {
  auto combiner = Combiner(instr.aux & 0xff);
  auto kind = ElementKind(instr.aux >> 8);
  unsigned size = instr.imm & 0x3fffffff, stride = instr.imm >> 32;
  if ((instr.imm & 0x80000000) && w.exec != w.present) {
    w.emitError(instr) << "gpu.subgroup_reduce uniform executed with lanes "
                          "inactive in wave "
                       << w.index << ": every lane of the wave takes part";
    return Status::Error;
  }
  if ((instr.imm & 0x40000000) && !checkWholeClusters(w, instr, size, stride))
    return Status::Error;
  const Slot *value = w.reg(instr.src[0]);
  Slot *dst = w.reg(instr.dst);
  unsigned width = w.width;
  forEachLane(w.exec, [&](unsigned l) {
    unsigned first = l % stride + (l / (size * stride)) * (size * stride);
    for (uint32_t r = 0; r < instr.rows; ++r) {
      std::optional<Slot> acc;
      for (unsigned i = 0; i < size; ++i) {
        unsigned lane = first + i * stride;
        if (lane >= width || !w.isActive(lane))
          continue;
        Slot v = value[r * width + lane];
        acc = acc ? combine(combiner, kind, *acc, v) : v;
      }
      dst[r * width + l] = *acc; // Lane l itself is active.
    }
  });
  return Status::Next;
}

static LogicalResult compileSubgroupReduce(Compiler &c,
                                           gpu::SubgroupReduceOp op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  std::optional<Combiner> combiner = getCombiner(op.getOp());
  if (!combiner)
    return op.emitError("the interpreter does not model this reduction");
  uint64_t size = op.getClusterSize() ? *op.getClusterSize() : c.width;
  uint64_t stride = op.getClusterStride();
  // Upstream's verifier checks powers of two, not the wave size.
  if (size * stride > c.width)
    return op.emitError("the interpreter cannot reduce over clusters of ")
           << size << " lanes " << stride << " apart in waves of " << c.width;
  ElementKind kind = getKindOf(op.getType());
  c.emit(op, subgroupReduce, c.define(op.getResult()), {c.use(op.getValue())},
         Compiler::rowsOf(op.getType()),
         uint32_t(*combiner) | (uint32_t(kind) << 8),
         size | (uint64_t(op.getClusterSize().has_value()) << 30) |
             (uint64_t(op.getUniform()) << 31) | (stride << 32));
  return success();
}

std::optional<LogicalResult> mlir::wave::interp::compileGpuOp(Compiler &c,
                                                              Operation *op) {
  using R = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](gpu::ThreadIdOp o) {
        return emitId(c, o, IdKind::ThreadId, o.getDimension());
      })
      .Case([&](gpu::BlockIdOp o) {
        return emitId(c, o, IdKind::BlockId, o.getDimension());
      })
      .Case([&](gpu::BlockDimOp o) {
        return emitId(c, o, IdKind::BlockDim, o.getDimension());
      })
      .Case([&](gpu::GridDimOp o) {
        return emitId(c, o, IdKind::GridDim, o.getDimension());
      })
      .Case([&](gpu::GlobalIdOp o) {
        return emitId(c, o, IdKind::GlobalId, o.getDimension());
      })
      .Case([&](gpu::LaneIdOp o) { return emitId(c, o, IdKind::LaneId); })
      .Case(
          [&](gpu::SubgroupIdOp o) { return emitId(c, o, IdKind::SubgroupId); })
      .Case([&](gpu::NumSubgroupsOp o) {
        return emitId(c, o, IdKind::NumSubgroups);
      })
      .Case([&](gpu::SubgroupSizeOp o) {
        return emitId(c, o, IdKind::SubgroupSize);
      })
      .Case<gpu::BarrierOp, amdgpu::LDSBarrierOp>([&](Operation *o) {
        c.emit(o, barrier, 0);
        return success();
      })
      .Case([&](gpu::ReturnOp o) {
        c.emit(o, kernelReturn, 0);
        return success();
      })
      // A hint to the backend's instruction scheduler: nothing to execute.
      .Case([&](ROCDL::IglpOpt) { return success(); })
      .Case([&](gpu::ShuffleOp o) { return compileShuffle(c, o); })
      .Case(
          [&](gpu::SubgroupReduceOp o) { return compileSubgroupReduce(c, o); })
      .Default([](Operation *) { return std::nullopt; });
}
