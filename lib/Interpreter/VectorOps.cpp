//===- VectorOps.cpp - vector dialect -------------------------------------===//
//
// Every op that only moves elements (broadcast, extract, insert,
// from_elements, shape_cast, transpose, shuffle, strided slices) becomes one
// row gather: the translator computes, for each destination row, the source
// row it copies, and the handler copies whole rows of lanes.
//
//===----------------------------------------------------------------------===//

#include "Combine.h"
#include "Elementwise.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstring>

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

Status mlir::wave::interp::gatherRows(Wave &w, const Instr &instr) {
  const std::vector<uint32_t> &table = w.program->rowTables[instr.aux];
  Slot *dst = w.reg(instr.dst);
  unsigned width = w.width;
  for (size_t r = 0; r < table.size(); ++r)
    std::memcpy(dst + r * width, w.reg(table[r]), sizeof(Slot) * width);
  return Status::Next;
}

static ArrayRef<int64_t> shapeOf(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getShape();
  return {};
}

/// Row-major strides of a shape, in rows.
static SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = int64_t(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

static SmallVector<int64_t> delinearize(int64_t index,
                                        ArrayRef<int64_t> shape) {
  SmallVector<int64_t> coord(shape.size());
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    coord[d] = index % shape[d];
    index /= shape[d];
  }
  return coord;
}

static SmallVector<int64_t> toI64(ArrayAttr attr) {
  return llvm::map_to_vector(
      attr, [](Attribute a) { return cast<IntegerAttr>(a).getInt(); });
}

/// Emits a gather of `result` from `sources`: `rows[e] = {source, row}`.
static LogicalResult emitGather(Compiler &c, Operation *op, Value result,
                                ArrayRef<std::pair<Value, int64_t>> rows) {
  if (failed(checkModelledTypes(op)))
    return failure();
  std::vector<uint32_t> table;
  table.reserve(rows.size());
  for (auto [source, row] : rows)
    table.push_back(c.use(source) + uint32_t(row) * c.width);
  c.program.rowTables.push_back(std::move(table));
  c.emit(op, gatherRows, c.define(result), {}, rows.size(),
         c.program.rowTables.size() - 1);
  return success();
}

static LogicalResult compileBroadcast(Compiler &c, vector::BroadcastOp op) {
  ArrayRef<int64_t> result = op.getResultVectorType().getShape();
  ArrayRef<int64_t> source = shapeOf(op.getSourceType());
  SmallVector<int64_t> sourceStrides = stridesOf(source);
  size_t lead = result.size() - source.size();
  SmallVector<std::pair<Value, int64_t>> rows;
  for (int64_t e = 0, n = op.getResultVectorType().getNumElements(); e < n;
       ++e) {
    SmallVector<int64_t> coord = delinearize(e, result);
    int64_t row = 0;
    // Source dimensions align with the trailing result dimensions; a source
    // dimension of 1 is stretched.
    for (size_t d = 0; d < source.size(); ++d)
      if (source[d] != 1)
        row += coord[lead + d] * sourceStrides[d];
    rows.push_back({op.getSource(), row});
  }
  return emitGather(c, op, op.getResult(), rows);
}

/// The first row of the slice that a static vector.extract/insert position
/// names in a vector of `shape`, or an error at `op` for a poison position
/// (-1). Such an op's result is poison, which canonicalization folds into
/// `ub.poison` and lets spread through the ops that use it; the interpreter
/// executes neither, rather than give the undefined value one meaning
/// before a pass and another after it.
static FailureOr<int64_t> positionRow(Operation *op, ArrayRef<int64_t> position,
                                      ArrayRef<int64_t> shape) {
  if (llvm::is_contained(position, vector::ExtractOp::kPoisonIndex))
    return op->emitError("the interpreter cannot execute ")
           << op->getName()
           << " at a poison position (-1): its result is undefined";
  int64_t row = 0;
  for (auto [pos, stride] : llvm::zip(position, stridesOf(shape)))
    row += pos * stride;
  return row;
}

static LogicalResult compileExtract(Compiler &c, vector::ExtractOp op) {
  if (!op.getDynamicPosition().empty())
    return op.emitError("the interpreter executes vector.extract with static "
                        "positions only");
  FailureOr<int64_t> base = positionRow(op, op.getStaticPosition(),
                                        op.getSourceVectorType().getShape());
  if (failed(base))
    return failure();
  int64_t count = Compiler::rowsOf(op.getType());
  SmallVector<std::pair<Value, int64_t>> rows;
  for (int64_t i = 0; i < count; ++i)
    rows.push_back({op.getSource(), *base + i});
  return emitGather(c, op, op.getResult(), rows);
}

static LogicalResult compileInsert(Compiler &c, vector::InsertOp op) {
  if (!op.getDynamicPosition().empty())
    return op.emitError("the interpreter executes vector.insert with static "
                        "positions only");
  FailureOr<int64_t> base = positionRow(op, op.getStaticPosition(),
                                        op.getDestVectorType().getShape());
  if (failed(base))
    return failure();
  int64_t count = Compiler::rowsOf(op.getValueToStoreType());
  SmallVector<std::pair<Value, int64_t>> rows;
  for (int64_t e = 0, n = op.getDestVectorType().getNumElements(); e < n; ++e)
    rows.push_back(e >= *base && e < *base + count
                       ? std::make_pair(op.getValueToStore(), e - *base)
                       : std::make_pair(op.getDest(), e));
  return emitGather(c, op, op.getResult(), rows);
}

static LogicalResult compileFromElements(Compiler &c,
                                         vector::FromElementsOp op) {
  SmallVector<std::pair<Value, int64_t>> rows;
  for (Value element : op.getElements())
    rows.push_back({element, 0});
  return emitGather(c, op, op.getResult(), rows);
}

static LogicalResult compileShapeCast(Compiler &c, vector::ShapeCastOp op) {
  SmallVector<std::pair<Value, int64_t>> rows;
  for (int64_t e = 0, n = op.getResultVectorType().getNumElements(); e < n; ++e)
    rows.push_back({op.getSource(), e});
  return emitGather(c, op, op.getResult(), rows);
}

static LogicalResult compileTranspose(Compiler &c, vector::TransposeOp op) {
  ArrayRef<int64_t> result = op.getResultVectorType().getShape();
  SmallVector<int64_t> sourceStrides =
      stridesOf(op.getSourceVectorType().getShape());
  ArrayRef<int64_t> perm = op.getPermutation();
  SmallVector<std::pair<Value, int64_t>> rows;
  for (int64_t e = 0, n = op.getResultVectorType().getNumElements(); e < n;
       ++e) {
    SmallVector<int64_t> coord = delinearize(e, result);
    int64_t row = 0;
    // Result dimension d is source dimension perm[d].
    for (size_t d = 0; d < coord.size(); ++d)
      row += coord[d] * sourceStrides[perm[d]];
    rows.push_back({op.getVector(), row});
  }
  return emitGather(c, op, op.getResult(), rows);
}

static LogicalResult compileShuffle(Compiler &c, vector::ShuffleOp op) {
  // The mask picks leading-dimension slices of the concatenated operands.
  ArrayRef<int64_t> v1 = op.getV1VectorType().getShape();
  int64_t slice = 1;
  for (int64_t extent : ArrayRef<int64_t>(v1).drop_front())
    slice *= extent;
  int64_t v1Slices = v1.empty() ? 1 : v1.front();
  SmallVector<std::pair<Value, int64_t>> rows;
  for (int64_t pick : op.getMask()) {
    // A poison index (-1) may be anything: take the first slice.
    pick = std::max<int64_t>(pick, 0);
    for (int64_t i = 0; i < slice; ++i)
      rows.push_back(
          pick < v1Slices
              ? std::make_pair(op.getV1(), pick * slice + i)
              : std::make_pair(op.getV2(), (pick - v1Slices) * slice + i));
  }
  return emitGather(c, op, op.getResult(), rows);
}

/// Each element of a vector of `shape` as (operand number, element of the
/// operand) for operands of `operandShape`, which differs in the trailing
/// dimension only: `pick` maps the trailing coordinate to the operand and
/// its trailing coordinate there.
template <typename PickFn>
static SmallVector<std::pair<int64_t, int64_t>>
mapTrailing(ArrayRef<int64_t> shape, ArrayRef<int64_t> operandShape,
            PickFn pick) {
  SmallVector<int64_t> strides = stridesOf(operandShape);
  SmallVector<std::pair<int64_t, int64_t>> rows;
  int64_t n = 1;
  for (int64_t extent : shape)
    n *= extent;
  for (int64_t e = 0; e < n; ++e) {
    SmallVector<int64_t> coord = delinearize(e, shape);
    auto [operand, last] = pick(coord.back());
    coord.back() = last;
    int64_t row = 0;
    for (size_t d = 0; d < coord.size(); ++d)
      row += coord[d] * strides[d];
    rows.push_back({operand, row});
  }
  return rows;
}

static LogicalResult compileInterleave(Compiler &c, vector::InterleaveOp op) {
  SmallVector<std::pair<Value, int64_t>> rows;
  for (auto [operand, row] :
       mapTrailing(op.getResultVectorType().getShape(),
                   op.getSourceVectorType().getShape(), [](int64_t i) {
                     return std::pair<int64_t, int64_t>{i % 2, i / 2};
                   }))
    rows.push_back({operand == 0 ? op.getLhs() : op.getRhs(), row});
  return emitGather(c, op, op.getResult(), rows);
}

static LogicalResult compileDeinterleave(Compiler &c,
                                         vector::DeinterleaveOp op) {
  ArrayRef<int64_t> shape = op.getResultVectorType().getShape();
  for (auto [index, result] : llvm::enumerate(op->getResults())) {
    int64_t parity = index;
    SmallVector<std::pair<Value, int64_t>> rows;
    for (auto [operand, row] : mapTrailing(
             shape, op.getSourceVectorType().getShape(), [&](int64_t i) {
               return std::pair<int64_t, int64_t>{0, 2 * i + parity};
             }))
      rows.push_back({op.getSource(), row});
    if (failed(emitGather(c, op, result, rows)))
      return failure();
  }
  return success();
}

static LogicalResult
compileExtractStridedSlice(Compiler &c, vector::ExtractStridedSliceOp op) {
  ArrayRef<int64_t> source = op.getSourceVectorType().getShape();
  ArrayRef<int64_t> result = op.getType().getShape();
  SmallVector<int64_t> sourceStrides = stridesOf(source);
  SmallVector<int64_t> offsets = toI64(op.getOffsets());
  SmallVector<int64_t> steps = toI64(op.getStrides());
  SmallVector<std::pair<Value, int64_t>> rows;
  for (int64_t e = 0, n = op.getType().getNumElements(); e < n; ++e) {
    SmallVector<int64_t> coord = delinearize(e, result);
    int64_t row = 0;
    for (size_t d = 0; d < coord.size(); ++d) {
      int64_t offset = d < offsets.size() ? offsets[d] : 0;
      int64_t step = d < steps.size() ? steps[d] : 1;
      row += (offset + coord[d] * step) * sourceStrides[d];
    }
    rows.push_back({op.getSource(), row});
  }
  return emitGather(c, op, op.getResult(), rows);
}

static LogicalResult
compileInsertStridedSlice(Compiler &c, vector::InsertStridedSliceOp op) {
  ArrayRef<int64_t> dest = op.getDestVectorType().getShape();
  ArrayRef<int64_t> source = op.getSourceVectorType().getShape();
  SmallVector<int64_t> offsets = toI64(op.getOffsets());
  SmallVector<int64_t> steps = toI64(op.getStrides());
  SmallVector<int64_t> sourceStrides = stridesOf(source);
  size_t lead = dest.size() - source.size();
  SmallVector<std::pair<Value, int64_t>> rows;
  for (int64_t e = 0, n = op.getDestVectorType().getNumElements(); e < n; ++e) {
    SmallVector<int64_t> coord = delinearize(e, dest);
    // Inside the slice when every coordinate lands on a source element.
    bool inside = true;
    int64_t row = 0;
    for (size_t d = 0; d < dest.size() && inside; ++d) {
      int64_t rel = coord[d] - offsets[d];
      if (d < lead) {
        inside = rel == 0;
        continue;
      }
      int64_t step = steps[d - lead];
      inside = rel >= 0 && rel % step == 0 && rel / step < source[d - lead];
      row += (rel / step) * sourceStrides[d - lead];
    }
    rows.push_back(inside ? std::make_pair(op.getValueToStore(), row)
                          : std::make_pair(op.getDest(), e));
  }
  return emitGather(c, op, op.getResult(), rows);
}

//===----------------------------------------------------------------------===//
// Computation
//===----------------------------------------------------------------------===//

/// Folds the rows of src0 per lane, starting from the accumulator (src1)
/// when `imm` bit 8 is set. `aux` = combiner, `imm` & 0xff = element kind.
static Status reduceRows(Wave &w, const Instr &instr) {
  auto combiner = Combiner(instr.aux);
  auto kind = ElementKind(instr.imm & 0xff);
  bool hasAcc = instr.imm >> 8;
  const Slot *v = w.reg(instr.src[0]);
  const Slot *acc = w.reg(instr.src[1]);
  Slot *d = w.reg(instr.dst);
  unsigned width = w.width;
  for (unsigned l = 0; l < width; ++l) {
    Slot r = hasAcc ? acc[l] : v[l];
    for (uint32_t e = hasAcc ? 0 : 1; e < instr.rows; ++e)
      r = combine(combiner, kind, r, v[e * width + l]);
    d[l] = r;
  }
  return Status::Next;
}

static LogicalResult compileReduction(Compiler &c, vector::ReductionOp op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  std::optional<Combiner> combiner = getCombiner(op.getKind());
  if (!combiner)
    return op.emitError("the interpreter does not model this combining kind");
  ElementKind kind = getKindOf(op.getType());
  uint32_t acc = op.getAcc() ? c.use(op.getAcc()) : 0;
  c.emit(op, reduceRows, c.define(op.getResult()), {c.use(op.getVector()), acc},
         op.getSourceVectorType().getNumElements(), uint32_t(*combiner),
         uint64_t(kind) | (uint64_t(bool(op.getAcc())) << 8));
  return success();
}

/// Reinterprets the bits of each lane's vector: `aux` = source kind |
/// destination kind << 8, `imm` = source rows.
static Status bitcastRows(Wave &w, const Instr &instr) {
  auto from = ElementKind(instr.aux & 0xff);
  auto to = ElementKind(instr.aux >> 8);
  unsigned fromBits = getBitWidth(from), toBits = getBitWidth(to);
  const Slot *src = w.reg(instr.src[0]);
  Slot *dst = w.reg(instr.dst);
  unsigned width = w.width;
  uint64_t sourceRows = instr.imm;
  for (unsigned l = 0; l < width; ++l) {
    // Concatenate the source elements' bits, element 0 lowest. An element
    // of a width that does not divide 64 (fp6) may straddle two words.
    SmallVector<uint64_t, 16> bits((sourceRows * fromBits + 63) / 64 + 1, 0);
    for (uint64_t e = 0; e < sourceRows; ++e) {
      uint64_t value = slotToBits(from, src[e * width + l]);
      uint64_t at = e * fromBits;
      bits[at / 64] |= value << (at % 64);
      if (at % 64 + fromBits > 64)
        bits[at / 64 + 1] |= value >> (64 - at % 64);
    }
    for (uint32_t e = 0; e < instr.rows; ++e) {
      uint64_t at = uint64_t(e) * toBits;
      uint64_t value = bits[at / 64] >> (at % 64);
      if (at % 64 + toBits > 64)
        value |= bits[at / 64 + 1] << (64 - at % 64);
      dst[e * width + l] = slotFromBits(to, value & widthMask(toBits));
    }
  }
  return Status::Next;
}

static LogicalResult compileBitcast(Compiler &c, vector::BitCastOp op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  if (op.getSourceVectorType().getElementTypeBitWidth() == 1 ||
      op.getResultVectorType().getElementTypeBitWidth() == 1)
    return op.emitError(
        "the interpreter does not model bit casts of i1 vectors");
  ElementKind from = getKindOf(op.getSourceVectorType());
  ElementKind to = getKindOf(op.getResultVectorType());
  c.emit(op, bitcastRows, c.define(op.getResult()), {c.use(op.getSource())},
         op.getResultVectorType().getNumElements(),
         uint32_t(from) | (uint32_t(to) << 8),
         op.getSourceVectorType().getNumElements());
  return success();
}

/// vector.create_mask on a 1-D vector: element e is set where e < bound.
static Status createMask(Wave &w, const Instr &instr) {
  const Slot *bound = w.reg(instr.src[0]);
  Slot *dst = w.reg(instr.dst);
  unsigned width = w.width;
  for (uint32_t e = 0; e < instr.rows; ++e)
    for (unsigned l = 0; l < width; ++l)
      dst[e * width + l].u = int64_t(e) < bound[l].i;
  return Status::Next;
}

/// A constant vector register.
static LogicalResult defineConstantRows(Compiler &c, Value result,
                                        SmallVector<Slot, 4> rows) {
  RegisterInit init;
  init.reg = c.define(result);
  init.rows = std::move(rows);
  c.program.inits.push_back(std::move(init));
  return success();
}

static LogicalResult compileStep(Compiler &c, vector::StepOp op) {
  SmallVector<Slot, 4> rows;
  for (int64_t e = 0, n = op.getType().getNumElements(); e < n; ++e)
    rows.push_back(intSlot(e));
  return defineConstantRows(c, op.getResult(), std::move(rows));
}

static LogicalResult compileConstantMask(Compiler &c,
                                         vector::ConstantMaskOp op) {
  ArrayRef<int64_t> shape = op.getVectorType().getShape();
  ArrayRef<int64_t> sizes = op.getMaskDimSizes();
  SmallVector<Slot, 4> rows;
  for (int64_t e = 0, n = op.getVectorType().getNumElements(); e < n; ++e) {
    SmallVector<int64_t> coord = delinearize(e, shape);
    bool set = true;
    for (size_t d = 0; d < coord.size(); ++d)
      set &= coord[d] < sizes[d];
    rows.push_back(intSlot(set));
  }
  return defineConstantRows(c, op.getResult(), std::move(rows));
}

std::optional<LogicalResult>
mlir::wave::interp::compileVectorOp(Compiler &c, Operation *op) {
  using R = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](vector::BroadcastOp o) { return compileBroadcast(c, o); })
      .Case([&](vector::ExtractOp o) { return compileExtract(c, o); })
      .Case([&](vector::InsertOp o) { return compileInsert(c, o); })
      .Case([&](vector::FromElementsOp o) { return compileFromElements(c, o); })
      .Case([&](vector::ShapeCastOp o) { return compileShapeCast(c, o); })
      .Case([&](vector::TransposeOp o) { return compileTranspose(c, o); })
      .Case([&](vector::ShuffleOp o) { return compileShuffle(c, o); })
      .Case([&](vector::InterleaveOp o) { return compileInterleave(c, o); })
      .Case([&](vector::DeinterleaveOp o) { return compileDeinterleave(c, o); })
      .Case([&](vector::ExtractStridedSliceOp o) {
        return compileExtractStridedSlice(c, o);
      })
      .Case([&](vector::InsertStridedSliceOp o) {
        return compileInsertStridedSlice(c, o);
      })
      .Case([&](vector::ReductionOp o) { return compileReduction(c, o); })
      .Case([&](vector::FMAOp o) -> LogicalResult {
        if (failed(checkModelledTypes(o)))
          return failure();
        return emitElementwise(c, o, getFmaHandler(getKindOf(o.getType())));
      })
      .Case([&](vector::BitCastOp o) { return compileBitcast(c, o); })
      .Case([&](vector::StepOp o) { return compileStep(c, o); })
      .Case([&](vector::ConstantMaskOp o) { return compileConstantMask(c, o); })
      .Case([&](vector::CreateMaskOp o) -> LogicalResult {
        if (o.getVectorType().getRank() != 1)
          return o.emitError(
              "the interpreter executes 1-D vector.create_mask only");
        c.emit(o, createMask, c.define(o.getResult()), {c.use(o.getOperand(0))},
               o.getVectorType().getNumElements());
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}
