//===- Mma.cpp - wave.mma by the kind's lane-layout table -----------------===//
//
// The operands are gathered from the lanes into matrices with the layout
// table of MmaLayout.h, multiplied (accumulating in f32, or in i32 for i8
// inputs, in k order), and the result scattered back to the lanes.
// amdgpu.mfma, which wave.mma lowers to, runs by the table of the kind of
// its shape and types: the table is the hardware's layout.
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Compiler.h"

#include "wave/Dialect/Wave/IR/MmaLayout.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

static Status waveMma(Wave &w, const Instr &instr) {
  const MmaTables &t = w.program->mma[instr.aux];
  if (w.exec != w.present) {
    w.emitError(instr) << instr.op->getName()
                       << " executed with lanes inactive in wave " << w.index
                       << ": every lane of the wave takes part";
    return Status::Error;
  }
  const Slot *a = w.reg(instr.src[0]);
  const Slot *b = w.reg(instr.src[1]);
  const Slot *acc = w.reg(instr.src[2]);
  Slot *dst = w.reg(instr.dst);
  unsigned width = w.width;
  int64_t m = t.m, n = t.n, k = t.k;

  // Gather (inputs with `load`, the accumulator with `loadAcc`), multiply
  // and scatter (with `store`) over values of type T.
  // Each lane's scale of A and of B (1 where the kind has none).
  std::vector<double> scaleA(width, 1.0), scaleB(width, 1.0);
  if (t.scaled) {
    const Slot *sa = w.reg(t.aScale) + t.aScaleRow * width;
    const Slot *sb = w.reg(t.bScale) + t.bScaleRow * width;
    for (unsigned l = 0; l < width; ++l) {
      scaleA[l] = sa[l].f;
      scaleB[l] = sb[l].f;
    }
  }
  auto run = [&](auto zero, auto load, auto loadAcc, auto store) {
    using T = decltype(zero);
    std::vector<T> matA(m * k), matB(k * n), matC(m * n);
    for (unsigned s = 0; s < t.kPerLane; ++s) {
      for (unsigned l = 0; l < width; ++l) {
        matA[t.a[s * width + l]] = load(a[s * width + l]) * T(scaleA[l]);
        matB[t.b[s * width + l]] = load(b[s * width + l]) * T(scaleB[l]);
      }
    }
    for (unsigned s = 0; s < t.accPerLane; ++s)
      for (unsigned l = 0; l < width; ++l)
        matC[t.acc[s * width + l]] = loadAcc(acc[s * width + l]);
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        T sum = matC[i * n + j];
        for (int64_t kk = 0; kk < k; ++kk)
          sum = store.multiplyAdd(sum, matA[i * k + kk], matB[kk * n + j]);
        matC[i * n + j] = sum;
      }
    }
    for (unsigned s = 0; s < t.accPerLane; ++s)
      for (unsigned l = 0; l < width; ++l)
        dst[s * width + l] = store(matC[t.acc[s * width + l]]);
  };

  if (t.integer) {
    // i8 inputs sign-extended, i32 accumulation wrapping modulo 2^32.
    struct {
      int64_t multiplyAdd(int64_t sum, int64_t x, int64_t y) const {
        return signExtend(uint64_t(sum + x * y) & 0xffffffff, 32);
      }
      Slot operator()(int64_t v) const {
        return intSlot(uint64_t(v) & 0xffffffff);
      }
    } store;
    run(
        int64_t(0), [](Slot s) { return signExtend(s.u, 8); },
        [](Slot s) { return signExtend(s.u, 32); }, store);
  } else {
    // Every input type (f32, f16, bf16, the fp8, fp6 and fp4 formats) is exact
    // in f32, and times a power-of-two scale (2^-127 .. 2^127) in double;
    // products are exact in double, so each step rounds once to f32.
    struct {
      double multiplyAdd(double sum, double x, double y) const {
        return float(sum + x * y);
      }
      Slot operator()(double v) const { return floatSlot(v); }
    } store;
    auto load = [](Slot s) { return double(float(s.f)); };
    run(0.0, load, load, store);
  }
  return Status::Next;
}

/// `op` (wave.mma or amdgpu.mfma) multiplies `a` and `b` into `acc` with
/// the lane layout of `kind`.
static LogicalResult compileMma(Compiler &c, Operation *op, MmaKind kind,
                                Value a, Value b, Value acc, Value aScale = {},
                                Value bScale = {}, unsigned aScaleRow = 0,
                                unsigned bScaleRow = 0) {
  const MmaLayout &layout = getMmaLayout(kind);
  if (c.width != layout.waveSize)
    return op->emitError() << "the interpreter models "
                           << stringifyMmaKind(kind) << " on waves of "
                           << layout.waveSize << " lanes, not " << c.width;
  MmaTables tables;
  tables.m = layout.m;
  tables.n = layout.n;
  tables.k = layout.k;
  tables.kPerLane = layout.kPerLane;
  tables.accPerLane = layout.accPerLane;
  tables.integer = layout.a == MmaElement::i8;
  if (layout.scaled) {
    tables.scaled = true;
    tables.aScale = c.use(aScale);
    tables.bScale = c.use(bScale);
    tables.aScaleRow = aScaleRow;
    tables.bScaleRow = bScaleRow;
  }
  auto fill = [&](MmaOperand operand, int64_t slots, int64_t columns,
                  std::vector<uint32_t> &table) {
    table.resize(slots * layout.waveSize);
    for (int64_t s = 0; s < slots; ++s)
      for (unsigned l = 0; l < layout.waveSize; ++l) {
        auto [row, col] = layout.getCoordinate(operand, l, s);
        table[s * layout.waveSize + l] = row * columns + col;
      }
  };
  fill(MmaOperand::A, layout.kPerLane, layout.k, tables.a);
  fill(MmaOperand::B, layout.kPerLane, layout.n, tables.b);
  fill(MmaOperand::Acc, layout.accPerLane, layout.n, tables.acc);
  c.program.mma.push_back(std::move(tables));
  c.emit(op, waveMma, c.define(op->getResult(0)),
         {c.use(a), c.use(b), c.use(acc)}, layout.accPerLane,
         c.program.mma.size() - 1);
  return success();
}

/// The unscaled kind, MFMA or WMMA as `wmma` says, of the shape `m` x `n` x
/// `k` whose operands `a`, `b` and accumulator `c` a lane has the element
/// types and counts of (an operand of one element a lane may be a scalar).
static std::optional<MmaKind> findMmaKind(bool wmma, int64_t m, int64_t n,
                                          int64_t k, Value a, Value b,
                                          Value c) {
  auto matches = [](Value value, int64_t elements, Type elementType) {
    auto vector = dyn_cast<VectorType>(value.getType());
    return (vector ? vector.getNumElements() : 1) == elements &&
           getElementTypeOrSelf(value.getType()) == elementType;
  };
  MLIRContext *context = a.getContext();
  for (unsigned value = 0; value <= getMaxEnumValForMmaKind(); ++value) {
    MmaKind kind = MmaKind(value);
    const MmaLayout &layout = getMmaLayout(kind);
    if (!layout.scaled && layout.isWmma() == wmma && layout.m == m &&
        layout.n == n && layout.k == k &&
        matches(a, layout.kPerLane,
                layout.getElementType(MmaOperand::A, context)) &&
        matches(b, layout.kPerLane,
                layout.getElementType(MmaOperand::B, context)) &&
        matches(c, layout.accPerLane,
                layout.getElementType(MmaOperand::Acc, context)))
      return kind;
  }
  return std::nullopt;
}

/// amdgpu.mfma, as convert-wave-to-amdgpu emits it: the kind whose shape
/// and element types it has, whose layout table is the hardware's (an
/// operand of one element a lane is a scalar). The operand-broadcast and
/// negation modifiers, and shapes no kind has, are refused.
static LogicalResult compileMfma(Compiler &c, amdgpu::MFMAOp op) {
  if (op.getBlocks() != 1 || op.getCbsz() != 0 || op.getAbid() != 0 ||
      op.getBlgp() != amdgpu::MFMAPermB::none || op.getNegateA() ||
      op.getNegateB() || op.getNegateC() || op.getReducePrecision())
    return op.emitError(
        "the interpreter executes amdgpu.mfma of one block without "
        "operand broadcasts (cbsz, abid, blgp), negation or "
        "reduced precision only");
  if (std::optional<MmaKind> kind =
          findMmaKind(/*wmma=*/false, op.getM(), op.getN(), op.getK(),
                      op.getSourceA(), op.getSourceB(), op.getDestC()))
    return compileMma(c, op, *kind, op.getSourceA(), op.getSourceB(),
                      op.getDestC());
  return op.emitError() << "the interpreter executes amdgpu.mfma of the shapes "
                           "and types of the wave.mma kinds only, not "
                        << op.getM() << "x" << op.getN() << "x" << op.getK()
                        << " of " << op.getSourceA().getType();
}

/// amdgpu.wmma, as convert-wave-to-amdgpu emits it: the WMMA kind of its
/// shape, operand types and elements a lane (gfx11's 16 A elements a lane,
/// gfx12's 8), without the unsigned, clamp or subword modifiers.
static LogicalResult compileWmma(Compiler &c, amdgpu::WMMAOp op) {
  if (op.getUnsignedA() || op.getUnsignedB() || op.getClamp() ||
      op.getSubwordOffset() != 0)
    return op.emitError(
        "the interpreter executes amdgpu.wmma without the unsigned, "
        "clamp and subword modifiers only");
  if (std::optional<MmaKind> kind =
          findMmaKind(/*wmma=*/true, op.getM(), op.getN(), op.getK(),
                      op.getSourceA(), op.getSourceB(), op.getDestC()))
    return compileMma(c, op, *kind, op.getSourceA(), op.getSourceB(),
                      op.getDestC());
  return op.emitError()
         << "the interpreter executes amdgpu.wmma of the shapes and "
            "types of the WMMA wave.mma kinds only, not "
         << op.getM() << "x" << op.getN() << "x" << op.getK() << " of "
         << op.getSourceA().getType();
}

/// amdgpu.scaled_mfma, as convert-wave-to-amdgpu emits it: the scaled kind
/// of its shape and operand types; a scale is a scalar, or the row
/// `scalesIdx` of a vector of 4.
static LogicalResult compileScaledMfma(Compiler &c, amdgpu::ScaledMFMAOp op) {
  MLIRContext *context = op.getContext();
  for (unsigned value = 0; value <= getMaxEnumValForMmaKind(); ++value) {
    MmaKind kind = MmaKind(value);
    const MmaLayout &layout = getMmaLayout(kind);
    if (layout.scaled && layout.m == op.getM() && layout.n == op.getN() &&
        layout.k == op.getK() &&
        op.getSourceA().getType() ==
            VectorType::get({layout.kPerLane},
                            layout.getElementType(MmaOperand::A, context)) &&
        op.getSourceB().getType() ==
            VectorType::get({layout.kPerLane},
                            layout.getElementType(MmaOperand::B, context)))
      return compileMma(c, op, kind, op.getSourceA(), op.getSourceB(),
                        op.getDestC(), op.getScalesA(), op.getScalesB(),
                        op.getScalesIdxA(), op.getScalesIdxB());
  }
  return op.emitError() << "the interpreter executes amdgpu.scaled_mfma of the "
                           "shapes and types of the scaled wave.mma kinds "
                           "only, not "
                        << op.getM() << "x" << op.getN() << "x" << op.getK()
                        << " of " << op.getSourceA().getType();
}

std::optional<LogicalResult> mlir::wave::interp::compileMmaOp(Compiler &c,
                                                              Operation *op) {
  if (auto mma = dyn_cast<MmaOp>(op))
    return compileMma(c, mma, mma.getKind(), mma.getA(), mma.getB(),
                      mma.getAcc(), mma.getAScale(), mma.getBScale());
  if (auto mfma = dyn_cast<amdgpu::MFMAOp>(op))
    return compileMfma(c, mfma);
  if (auto mfma = dyn_cast<amdgpu::ScaledMFMAOp>(op))
    return compileScaledMfma(c, mfma);
  if (auto wmma = dyn_cast<amdgpu::WMMAOp>(op))
    return compileWmma(c, wmma);
  return std::nullopt;
}
