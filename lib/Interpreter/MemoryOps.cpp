//===- MemoryOps.cpp - Lane memory accesses and allocations ---------------===//
//
// wave.read/write, memref.load/store, vector.load/store (masked or not) and
// amdgpu.raw_buffer_load/store all become one access handler: the affine map
// gives element 0's coordinate for every lane at once (a buffer access's
// indices, which the buffer's range check places or drops whole), then each
// active lane moves its elements one by one, with bounds checks against the
// logical shape and, on LDS, the race detector. PointerOps.cpp has the
// accesses through addresses.
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Compiler.h"
#include "MemoryLayout.h"
#include "RaceDetector.h"

#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

static void reportOutOfBounds(Wave &w, const Instr &instr,
                              const MemObject &object, ArrayRef<int64_t> shape,
                              bool isWrite, unsigned lane,
                              ArrayRef<int64_t> coord) {
  InFlightDiagnostic diag = w.emitError(instr);
  diag << "out-of-bounds " << (isWrite ? "write to " : "read of ")
       << object.description << ": " << w.describeLane(lane) << " accesses "
       << formatCoordinate(coord) << " outside the shape ";
  llvm::interleave(shape, diag, "x");
  if (object.def)
    diag.attachNote(object.def->getLoc()) << "allocated here";
}

FailureOr<Layout> interp::resolveLayout(Wave &w, const Instr &instr,
                                        const MemObject &object) {
  Layout layout;
  if (object.space == MemorySpace::Global && !object.viewOf &&
      !object.shape.empty()) {
    const Buffer &arg = w.launch->args[object.index];
    layout.shape.assign(arg.getShape().begin(), arg.getShape().end());
    layout.strides.assign(arg.getStrides().begin(), arg.getStrides().end());
    layout.offset = arg.getOffset();
    return layout;
  }
  layout.shape = object.shape;
  layout.strides = object.strides;
  layout.offset = object.offset;
  size_t rank = object.shape.size();
  for (auto [i, reg] : llvm::enumerate(object.layoutRegs)) {
    if (reg < 0)
      continue;
    const Slot *values = w.reg(reg);
    std::optional<int64_t> value;
    bool uniform = true;
    forEachLane(w.exec, [&](unsigned l) {
      uniform &= !value || *value == values[l].i;
      value = values[l].i;
    });
    StringRef what = i < rank ? "size" : i < 2 * rank ? "stride" : "offset";
    if (!uniform) {
      w.emitError(instr) << "the " << what << " of " << object.description
                         << " differs between the active lanes of wave "
                         << w.index;
      return failure();
    }
    if (i < rank && *value < 0) {
      w.emitError(instr) << "size " << *value << " of " << object.description
                         << " is negative";
      return failure();
    }
    (i < rank       ? layout.shape[i]
     : i < 2 * rank ? layout.strides[i - rank]
                    : layout.offset) = value.value_or(0);
  }
  return layout;
}

/// Reports an access of a view whose element lies outside the storage the
/// view addresses.
static void reportOutsideView(Wave &w, const Instr &instr,
                              const MemObject &view, bool isWrite,
                              unsigned lane, ArrayRef<int64_t> coord,
                              int64_t linear, bool overflow,
                              const Buffer &storage) {
  const MemObject &base = w.program->objects[*view.viewOf];
  InFlightDiagnostic diag = w.emitError(instr);
  diag << "out-of-bounds " << (isWrite ? "write to " : "read of ")
       << view.description << ": " << w.describeLane(lane) << " accesses "
       << formatCoordinate(coord) << ", ";
  if (overflow)
    diag << "whose offset overflows";
  else
    diag << "element " << linear << " of " << base.description;
  diag << ", which holds " << storage.getStorageSize() << " elements";
  diag.attachNote(view.loc) << "the view is made here";
}

/// Reports a buffer access by `lane` of elements `first` onwards (in the
/// memref's row-major order): "<prefix>buffer read of <object><middle>:
/// <lane> accesses elements A to B of its N (shape S)<suffix>".
static void reportBufferAccess(Wave &w, const Instr &instr,
                               const Access &access, const MemObject &object,
                               const Layout &layout, unsigned lane,
                               uint64_t first, StringRef prefix,
                               StringRef middle, StringRef suffix) {
  InFlightDiagnostic diag = w.emitError(instr);
  diag << prefix << "buffer " << (access.write ? "write to " : "read of ")
       << object.description << middle << ": " << w.describeLane(lane)
       << " accesses elements " << int64_t(first) << " to "
       << int64_t(first + access.elems - 1) << " of its "
       << layout.getNumElements() << " (shape ";
  llvm::interleave(layout.shape, diag, "x");
  diag << ")" << suffix;
}

/// Where the vector of `lane` starts in a raw buffer access of `buffer`, as
/// an element number in row-major order, or none when the range check drops
/// it whole (a load reads zeros, a store writes nothing). As the hardware
/// does, the access adds two 32-bit byte offsets, the voffset (indices
/// linearized, plus indexOffset) and the soffset (sgprOffset), and checks
/// them against the buffer's size (num_records: the memref's bytes), the
/// soffset included on some chips only. What depends on the chip (a vector
/// partly inside the buffer, e.g. straddling its end; one that its soffset
/// alone takes past the end, or brings back inside from a negative voffset)
/// is an error, as is any vector outside without `boundsCheck`.
static FailureOr<std::optional<int64_t>>
placeBufferVector(Wave &w, const Instr &instr, const Access &access,
                  const MemObject &object, const Layout &layout,
                  const int64_t *base, unsigned lane) {
  unsigned width = w.width, rank = layout.shape.size();
  ArrayRef<int64_t> strides = layout.strides;
  uint64_t bytes = getByteSize(object.kind);
  uint64_t size = uint64_t(layout.getNumElements()) * bytes;
  if (size > UINT32_MAX) {
    InFlightDiagnostic diag = w.emitError(instr);
    diag << "buffer " << (access.write ? "write to " : "read of ")
         << object.description << " spans " << size
         << " bytes, more than the 32-bit size of a buffer descriptor";
    return failure();
  }
  // Offsets wrap to 32 bits as the hardware's do; messages give the
  // element offset of the i32 operands read as signed.
  uint64_t index = access.buffer->indexOffset;
  uint64_t first = index;
  for (unsigned d = 0; d < rank; ++d) {
    uint64_t value = base[d * width + lane];
    index += value * strides[d];
    first += uint64_t(signExtend(value, 32)) * uint64_t(strides[d]);
  }
  uint64_t voffset = (index * bytes) & UINT32_MAX, soffset = 0;
  if (access.buffer->hasSgprOffset) {
    uint64_t value = base[rank * width + lane];
    soffset = (value * bytes) & UINT32_MAX;
    first += uint64_t(signExtend(value, 32));
  }
  uint64_t span = access.elems * bytes;
  // Whether a vector at byte offset `at` has bytes inside the buffer; it
  // may wrap past 2^32 to the buffer's start (a negative offset).
  auto touches = [&](uint64_t at) {
    return at < size || (at + span > (uint64_t(1) << 32) && size != 0);
  };
  StringRef bySgpr =
      "; whether the range check counts sgprOffset depends on the chip";
  if (!access.buffer->boundsCheck) {
    if (voffset + soffset + span > size) {
      reportBufferAccess(w, instr, access, object, layout, lane, first,
                         "out-of-bounds ", " with boundsCheck = false", "");
      return failure();
    }
  } else if (!touches(voffset)) {
    if (!touches((voffset + soffset) & UINT32_MAX))
      return std::optional<int64_t>();
    reportBufferAccess(w, instr, access, object, layout, lane, first, "",
                       " inside it only with its sgprOffset", bySgpr);
    return failure();
  } else if (voffset + span > size) {
    reportBufferAccess(w, instr, access, object, layout, lane, first, "",
                       " partly outside it",
                       "; which elements the range check keeps depends on "
                       "the chip");
    return failure();
  } else if (voffset + soffset + span > size) {
    reportBufferAccess(w, instr, access, object, layout, lane, first, "",
                       " past its end by its sgprOffset", bySgpr);
    return failure();
  }
  return std::optional<int64_t>((voffset + soffset) / bytes);
}

static Status laneAccess(Wave &w, const Instr &instr) {
  const Program &program = *w.program;
  const Access &access = program.accesses[instr.aux];
  const MemObject &object = program.objects[access.object];
  unsigned width = w.width;
  unsigned rank = object.shape.size();
  FailureOr<Layout> layout = resolveLayout(w, instr, object);
  if (failed(layout))
    return Status::Error;
  ArrayRef<int64_t> shape = layout->shape, strides = layout->strides;

  // One row of lanes per result of the map: the coordinates of element 0
  // (a buffer access's indices, then its sgprOffset).
  SmallVector<int64_t, 4 * kMaxWaveSize> base(
      size_t(access.map.getNumResults()) * width);
  SmallVector<const int64_t *, 4> operands;
  for (uint32_t reg : access.indices)
    operands.push_back(&w.reg(reg)->i);
  if (std::optional<AffineProgram::Fault> fault =
          access.map.evaluate(operands.data(), width, w.exec, base.data()))
    return reportAffineFault(w, instr, *fault);

  Slot *value = w.reg(access.write ? instr.src[0] : instr.dst);
  const Slot *mask = access.hasMask ? w.reg(access.mask) : nullptr;
  const Slot *passthru = access.hasPassthru ? w.reg(access.passthru) : nullptr;
  SmallVector<int64_t, 4> coord(rank);
  bool ok = true;
  forEachLane(w.exec, [&](unsigned l) {
    if (!ok)
      return;
    Buffer *buffer;
    switch (object.space) {
    case MemorySpace::Global:
      buffer = &w.launch->args[object.index];
      break;
    case MemorySpace::Lds:
      buffer = &w.workgroup->lds[object.index];
      break;
    case MemorySpace::Private:
      buffer = &w.privateMemory[object.index * width + l];
      break;
    }
    // A buffer access's vector starts at element `start` in row-major order,
    // unless the range check drops it (reads give zeros).
    int64_t start = 0;
    if (access.buffer) {
      FailureOr<std::optional<int64_t>> placed =
          placeBufferVector(w, instr, access, object, *layout, base.data(), l);
      if (failed(placed)) {
        ok = false;
        return;
      }
      if (!*placed) {
        if (!access.write)
          for (unsigned e = 0; e < access.elems; ++e)
            value[e * width + l].u = 0;
        return;
      }
      start = **placed;
    }
    for (unsigned e = 0; e < access.elems && ok; ++e) {
      Slot &slot = value[e * width + l];
      if (mask && !mask[e * width + l].u) {
        // Masked-off elements read as zero (+0.0 for floats), or as the
        // passthru's.
        if (!access.write)
          slot = passthru ? passthru[e * width + l] : intSlot(0);
        continue;
      }
      if (access.buffer)
        layout->getCoordinate(start + e, coord);
      else
        for (unsigned d = 0; d < rank; ++d)
          coord[d] = int64_t(uint64_t(base[d * width + l]) +
                             (d == access.along ? e : 0));
      // A bounded access skips the elements outside the shape.
      if (access.bounded && llvm::any_of(llvm::seq(rank), [&](unsigned d) {
            return coord[d] < 0 || coord[d] >= shape[d];
          })) {
        if (!access.write)
          slot.u = 0;
        continue;
      }
      // In bounds, the address cannot overflow.
      for (unsigned d = 0; d < rank; ++d) {
        if (coord[d] < 0 || coord[d] >= shape[d]) {
          reportOutOfBounds(w, instr, object, shape, access.write, l, coord);
          ok = false;
          return;
        }
      }
      // Bounds are logical; the swizzle moves the element within its row.
      int64_t linear = layout->offset;
      bool overflow = false;
      for (unsigned d = 0; d < rank; ++d) {
        int64_t index = coord[d];
        if (object.swizzle && d + 1 == rank)
          index = object.swizzle.apply(coord[d - 1], index);
        int64_t term;
        overflow |= llvm::MulOverflow(index, strides[d], term);
        overflow |= llvm::AddOverflow(linear, term, linear);
      }
      // A view's layout may leave the storage it views.
      if (object.viewOf &&
          (overflow || linear < 0 || linear >= buffer->getStorageSize())) {
        reportOutsideView(w, instr, object, access.write, l, coord, linear,
                          overflow, *buffer);
        ok = false;
        return;
      }
      if (access.write) {
        if (object.space == MemorySpace::Lds &&
            !recordLdsWrite(w, instr, access.object, linear, l, coord)) {
          ok = false;
          return;
        }
        buffer->setBits(linear, slotToBits(object.kind, slot));
      } else {
        if (object.space == MemorySpace::Lds &&
            !recordLdsRead(w, instr, access.object, linear, l, coord)) {
          ok = false;
          return;
        }
        slot = slotFromBits(object.kind, buffer->getBits(linear));
      }
    }
  });
  return ok ? Status::Next : Status::Error;
}

/// Emits an access of `memref` by `op`: element 0 at `map(indices)`, the
/// `elems` elements along `along`. `value` is the register read into or
/// written from.
static LogicalResult emitAccess(Compiler &c, Operation *op, Value memref,
                                AffineMap map, ValueRange indices,
                                unsigned along, unsigned elems, Value mask,
                                bool write, uint32_t value) {
  FailureOr<unsigned> object = c.getObject(memref, op);
  if (failed(object))
    return failure();
  FailureOr<AffineProgram> program = translateAffineMap(op, map);
  if (failed(program))
    return failure();
  Access access;
  access.object = *object;
  access.map = std::move(*program);
  for (Value index : indices)
    access.indices.push_back(c.use(index));
  access.along = along;
  access.elems = elems;
  access.write = write;
  if (mask) {
    access.hasMask = true;
    access.mask = c.use(mask);
  }
  c.program.accesses.push_back(std::move(access));
  uint32_t aux = c.program.accesses.size() - 1;
  if (write)
    c.emit(op, laneAccess, 0, {value}, elems, aux);
  else
    c.emit(op, laneAccess, value, {}, elems, aux);
  return success();
}

template <typename OpTy>
static LogicalResult compileLaneAccess(Compiler &c, OpTy op) {
  if (op.getFragmentAttr())
    return op.emitError("an MMA fragment access runs once "
                        "wave-expand-fragments has made it plain accesses");
  VectorType type = op.getVectorType();
  if (!getElementKind(type.getElementType()))
    return op.emitError() << "the interpreter does not model values of type "
                          << type;
  uint32_t value =
      op.isWrite() ? c.use(op->getOperand(0)) : c.define(op->getResult(0));
  if (failed(emitAccess(c, op, op.getMemref(), op.getAccessMap(),
                        op.getIndices(), op.getContiguousDim(),
                        type.getNumElements(), op.getMask(), op.isWrite(),
                        value)))
    return failure();
  c.program.accesses.back().bounded = op.getBounded();
  return success();
}

/// memref.load/store and vector.load/store (and their masked forms, with
/// `mask`): identity map, innermost dimension.
static LogicalResult compileIdentityAccess(Compiler &c, Operation *op,
                                           Value memref, ValueRange indices,
                                           Type valueType, bool write,
                                           uint32_t value,
                                           Value mask = Value()) {
  if (auto vector = dyn_cast<VectorType>(valueType);
      vector && vector.getRank() != 1)
    return op->emitError("the interpreter executes 1-D vector loads and stores "
                         "only");
  auto type = cast<MemRefType>(memref.getType());
  return emitAccess(
      c, op, memref,
      AffineMap::getMultiDimIdentityMap(type.getRank(), op->getContext()),
      indices, type.getRank() - 1, Compiler::rowsOf(valueType), mask, write,
      value);
}

/// amdgpu.raw_buffer_load/store of a kernel argument: the map passes the
/// indices and sgprOffset through; the handler linearizes them with the
/// argument's row-major strides and range-checks the vector as a buffer.
template <typename OpTy>
static LogicalResult compileBufferAccess(Compiler &c, OpTy op, Type valueType,
                                         bool write, uint32_t value) {
  if (auto vector = dyn_cast<VectorType>(valueType);
      vector && vector.getRank() != 1)
    return op.emitError("the interpreter executes scalar and 1-D vector buffer "
                        "loads and stores only");
  MemRefType type = op.getMemref().getType();
  // A 1-D view of unit stride (a row the lowering bases a descriptor at) is
  // row-major whatever its offset.
  auto strided = dyn_cast<StridedLayoutAttr>(type.getLayout());
  bool unitStrideRow =
      type.getRank() == 1 && strided && strided.getStrides().front() == 1;
  if (!type.getLayout().isIdentity() && !unitStrideRow)
    return op.emitError("the interpreter executes buffer accesses of row-major "
                        "memrefs (identity layout) and 1-D views of unit "
                        "stride only");
  uint64_t bits = type.getElementTypeBitWidth() * Compiler::rowsOf(valueType);
  if (type.getElementTypeBitWidth() % 8 != 0 ||
      !llvm::is_contained({8u, 16u, 32u, 64u, 96u, 128u}, bits))
    return op.emitError("a buffer access moves 1, 2, 4, 8, 12 or 16 bytes of "
                        "whole-byte elements, not a ")
           << valueType;
  FailureOr<unsigned> object = c.getObject(op.getMemref(), op);
  if (failed(object))
    return failure();
  if (c.program.objects[*object].space != MemorySpace::Global)
    return op.emitError("the interpreter executes buffer accesses of kernel "
                        "arguments only");
  if (type.hasStaticShape() &&
      uint64_t(type.getNumElements()) * (type.getElementTypeBitWidth() / 8) >
          UINT32_MAX)
    return op.emitError("its memref spans ")
           << type.getNumElements() * (type.getElementTypeBitWidth() / 8)
           << " bytes, more than the 32-bit size of a buffer descriptor";
  SmallVector<Value, 4> operands(op.getIndices());
  if (Value sgprOffset = op.getSgprOffset())
    operands.push_back(sgprOffset);
  if (failed(emitAccess(
          c, op, op.getMemref(),
          AffineMap::getMultiDimIdentityMap(operands.size(), op.getContext()),
          operands, type.getRank() - 1, Compiler::rowsOf(valueType), Value(),
          write, value)))
    return failure();
  BufferAccess &buffer = c.program.accesses.back().buffer.emplace();
  buffer.indexOffset = signExtend(op.getIndexOffset().value_or(0), 32);
  buffer.hasSgprOffset = bool(op.getSgprOffset());
  buffer.boundsCheck = op.getBoundsCheck();
  return success();
}

/// The exchange of a transposed LDS read (ds_read_b64_tr_b16): `src[0]`
/// holds the 4 elements each lane read at its address; in each group of 16
/// lanes, lane i gets as element j element i % 4 of lane 4 j + i / 4's.
/// The instruction needs every lane of the wave active.
static Status transposeLoadExchange(Wave &w, const Instr &instr) {
  LaneMask all =
      w.width == kMaxWaveSize ? ~LaneMask(0) : (LaneMask(1) << w.width) - 1;
  if (w.exec != all) {
    w.emitError(instr) << "amdgpu.transpose_load needs every lane of the "
                          "wave active (ds_read_b64_tr_b16 needs exec all "
                          "ones); wave "
                       << w.index << " has lanes " << describeLanes(w.exec)
                       << " active";
    return Status::Error;
  }
  const Slot *read = w.reg(instr.src[0]);
  Slot *dst = w.reg(instr.dst);
  unsigned width = w.width;
  for (unsigned l = 0; l < width; ++l) {
    unsigned group = l & ~15u, i = l & 15u;
    for (unsigned j = 0; j < 4; ++j)
      dst[j * width + l] = read[(i % 4) * width + group + 4 * j + i / 4];
  }
  return Status::Next;
}

/// amdgpu.transpose_load of 4 16-bit elements: each lane's read at its
/// indices into a scratch register, then the exchange.
static LogicalResult compileTransposeLoad(Compiler &c,
                                          amdgpu::TransposeLoadOp op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  auto type = cast<VectorType>(op.getType());
  if (type.getRank() != 1 || type.getNumElements() != 4 ||
      type.getElementTypeBitWidth() != 16)
    return op.emitError("the interpreter executes amdgpu.transpose_load of "
                        "four 16-bit elements (ds_read_b64_tr_b16) only, "
                        "not ")
           << type;
  if (!c.program.ldsTransposeReads)
    return op.emitError("amdgpu.transpose_load runs on chips with transposed "
                        "LDS reads (gfx950); this kernel's chip has none");
  uint32_t read = c.allocate(4);
  if (failed(compileIdentityAccess(c, op, op.getSrc(), op.getSrcIndices(), type,
                                   /*write=*/false, read)))
    return failure();
  c.emit(op, transposeLoadExchange, c.define(op.getResult()), {read}, 4);
  return success();
}

static LogicalResult compileAllocation(Compiler &c, Operation *op,
                                       MemorySpace space,
                                       StringRef description) {
  FailureOr<unsigned> object = c.addObject(
      op, op->getLoc(), space, cast<MemRefType>(op->getResult(0).getType()),
      description.str());
  if (failed(object))
    return failure();
  c.setObject(op->getResult(0), *object);
  return success();
}

/// A memref op whose result is its operand seen with another type.
static LogicalResult compileAlias(Compiler &c, Operation *op, Value source) {
  FailureOr<unsigned> object = c.getObject(source, op);
  if (failed(object))
    return failure();
  c.setObject(op->getResult(0), *object);
  return success();
}

MemObject interp::makeView(Compiler &c, Operation *op, unsigned object,
                           StringRef prefix) {
  unsigned storage = c.program.objects[object].viewOf.value_or(object);
  const MemObject &base = c.program.objects[storage];
  MemObject view;
  view.space = base.space;
  view.index = base.index;
  view.kind = base.kind;
  view.loc = op->getLoc();
  view.def = base.def;
  view.description = (prefix + base.description).str();
  view.viewOf = storage;
  return view;
}

/// `memref.reinterpret_cast`: a view of the storage of the object its source
/// traces to (offsets are from that storage's start, as from the base
/// pointer), with the op's sizes, strides and offset; those that are values
/// are read when an access runs.
static LogicalResult compileReinterpretCast(Compiler &c,
                                            memref::ReinterpretCastOp op) {
  FailureOr<unsigned> source = c.getObject(op.getSource(), op);
  if (failed(source))
    return failure();
  MemObject view = makeView(c, op, *source, "the view of ");
  bool dynamic = false;
  auto add = [&](OpFoldResult value, int64_t &slot) {
    std::optional<int64_t> constant = getConstantIntValue(value);
    slot = constant.value_or(0);
    view.layoutRegs.push_back(constant ? int64_t(-1)
                                       : int64_t(c.use(cast<Value>(value))));
    dynamic |= !constant;
  };
  for (OpFoldResult size : op.getMixedSizes())
    add(size, view.shape.emplace_back());
  for (OpFoldResult stride : op.getMixedStrides())
    add(stride, view.strides.emplace_back());
  add(op.getMixedOffsets().front(), view.offset);
  if (!dynamic)
    view.layoutRegs.clear();
  c.program.objects.push_back(std::move(view));
  c.setObject(op.getResult(), c.program.objects.size() - 1);
  return success();
}

/// `memref.subview` that keeps its source's rank: a view of the storage of
/// the object the source traces to, its strides the source's times the
/// op's, its offset the source's plus each offset times the source's
/// stride (computed when the op runs where an offset is a value). The
/// source's strides and the op's must be static, the source's offset
/// static or a view's, and the source not a swizzled LDS tile, whose
/// elements move within rows.
static LogicalResult compileSubView(Compiler &c, memref::SubViewOp op) {
  FailureOr<unsigned> source = c.getObject(op.getSource(), op);
  if (failed(source))
    return failure();
  MemRefType sourceType = op.getSourceType();
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  // A source of dynamic offset is a view whose offset a register holds.
  const MemObject &sourceObject = c.program.objects[*source];
  std::optional<uint32_t> sourceOffsetReg;
  if (!sourceObject.layoutRegs.empty() && sourceObject.layoutRegs.back() >= 0)
    sourceOffsetReg = sourceObject.layoutRegs.back();
  if (failed(sourceType.getStridesAndOffset(strides, offset)) ||
      (ShapedType::isDynamic(offset) && !sourceOffsetReg) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return op.emitError("the interpreter takes subviews of memrefs of static "
                        "strides only, of a static offset or a view's");
  if (op.getType().getRank() != sourceType.getRank())
    return op.emitError("the interpreter takes subviews that keep their "
                        "source's rank only");
  if (sourceObject.swizzle)
    return op.emitError("the interpreter takes no subview of a swizzled LDS "
                        "tile");
  MemObject view = makeView(c, op, *source, "the subview of ");
  bool dynamic = false;
  for (OpFoldResult size : op.getMixedSizes()) {
    std::optional<int64_t> constant = getConstantIntValue(size);
    view.shape.push_back(constant.value_or(0));
    view.layoutRegs.push_back(constant ? int64_t(-1)
                                       : int64_t(c.use(cast<Value>(size))));
    dynamic |= !constant;
  }
  for (auto [stride, step] : llvm::zip(strides, op.getMixedStrides())) {
    std::optional<int64_t> constant = getConstantIntValue(step);
    if (!constant)
      return op.emitError("the interpreter takes subviews of static strides "
                          "only");
    view.strides.push_back(stride * *constant);
    view.layoutRegs.push_back(-1);
  }
  // The offset: its constant part, and the value offsets times their
  // strides through an affine map.
  SmallVector<uint32_t> operands;
  AffineExpr terms = getAffineConstantExpr(offset, op.getContext());
  if (ShapedType::isDynamic(offset)) {
    terms = getAffineDimExpr(0, op.getContext());
    operands.push_back(*sourceOffsetReg);
  }
  for (auto [value, stride] : llvm::zip(op.getMixedOffsets(), strides)) {
    if (std::optional<int64_t> constant = getConstantIntValue(value)) {
      terms = terms + *constant * stride;
      continue;
    }
    terms = terms + getAffineDimExpr(operands.size(), op.getContext()) * stride;
    operands.push_back(c.use(cast<Value>(value)));
  }
  if (operands.empty()) {
    view.offset = cast<AffineConstantExpr>(terms).getValue();
    view.layoutRegs.push_back(-1);
  } else {
    uint32_t reg = c.allocate(1);
    if (failed(emitAffineValue(c, op, AffineMap::get(operands.size(), 0, terms),
                               operands, reg)))
      return failure();
    view.layoutRegs.push_back(reg);
    dynamic = true;
  }
  if (!dynamic)
    view.layoutRegs.clear();
  c.program.objects.push_back(std::move(view));
  c.setObject(op.getResult(), c.program.objects.size() - 1);
  return success();
}

/// `memref.dim`: a static extent is a constant; a dynamic one of a kernel
/// argument is the size argument `wave.dims` names, of a view the value
/// the view was made with.
static LogicalResult compileDim(Compiler &c, memref::DimOp op) {
  std::optional<int64_t> dim = op.getConstantIndex();
  auto type = dyn_cast<MemRefType>(op.getSource().getType());
  if (!dim || !type || *dim < 0 || *dim >= type.getRank())
    return op.emitError("the interpreter reads extents of ranked memrefs at "
                        "constant, valid dimensions only");
  if (!type.isDynamicDim(*dim)) {
    RegisterInit init;
    init.reg = c.define(op.getResult());
    init.rows.push_back(intSlot(type.getDimSize(*dim)));
    c.program.inits.push_back(std::move(init));
    return success();
  }
  if (auto view = op.getSource().getDefiningOp<memref::ReinterpretCastOp>()) {
    c.defineAs(op.getResult(), c.use(cast<Value>(view.getMixedSizes()[*dim])));
    return success();
  }
  BlockArgument size = getSizeArgument(op.getSource(), *dim);
  if (!size)
    return op.emitError("the interpreter reads the dynamic extents of kernel "
                        "arguments only (those 'wave.dims' binds)");
  c.defineAs(op.getResult(), c.use(size));
  return success();
}

std::optional<LogicalResult>
mlir::wave::interp::compileMemoryOp(Compiler &c, Operation *op) {
  using R = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](ReadOp o) { return compileLaneAccess(c, o); })
      .Case([&](WriteOp o) { return compileLaneAccess(c, o); })
      .Case([&](AllocLdsOp o) -> LogicalResult {
        if (failed(compileAllocation(c, o, MemorySpace::Lds, "the LDS tile")))
          return failure();
        c.program.objects.back().swizzle = o.getSwizzleAttr();
        return success();
      })
      .Case([&](memref::AllocaOp o) {
        return compileAllocation(c, o, MemorySpace::Private, "private memory");
      })
      .Case([&](memref::CastOp o) { return compileAlias(c, o, o.getSource()); })
      .Case([&](memref::DimOp o) { return compileDim(c, o); })
      .Case([&](memref::ReinterpretCastOp o) {
        return compileReinterpretCast(c, o);
      })
      .Case([&](memref::SubViewOp o) { return compileSubView(c, o); })
      .Case([&](memref::AssumeAlignmentOp o) {
        return compileAlias(c, o, o.getMemref());
      })
      .Case([&](memref::LoadOp o) -> LogicalResult {
        if (failed(checkModelledTypes(o)))
          return failure();
        return compileIdentityAccess(c, o, o.getMemref(), o.getIndices(),
                                     o.getType(), false,
                                     c.define(o.getResult()));
      })
      .Case([&](memref::StoreOp o) -> LogicalResult {
        if (failed(checkModelledTypes(o)))
          return failure();
        return compileIdentityAccess(c, o, o.getMemref(), o.getIndices(),
                                     o.getValueToStore().getType(), true,
                                     c.use(o.getValueToStore()));
      })
      .Case([&](vector::LoadOp o) -> LogicalResult {
        if (failed(checkModelledTypes(o)))
          return failure();
        return compileIdentityAccess(c, o, o.getBase(), o.getIndices(),
                                     o.getVectorType(), false,
                                     c.define(o.getResult()));
      })
      .Case([&](vector::StoreOp o) -> LogicalResult {
        if (failed(checkModelledTypes(o)))
          return failure();
        return compileIdentityAccess(c, o, o.getBase(), o.getIndices(),
                                     o.getVectorType(), true,
                                     c.use(o.getValueToStore()));
      })
      // Masked-off elements are not accessed; a load gives the passthru's.
      .Case([&](vector::MaskedLoadOp o) -> LogicalResult {
        if (failed(checkModelledTypes(o)) ||
            failed(compileIdentityAccess(c, o, o.getBase(), o.getIndices(),
                                         o.getVectorType(), false,
                                         c.define(o.getResult()), o.getMask())))
          return failure();
        Access &access = c.program.accesses.back();
        access.hasPassthru = true;
        access.passthru = c.use(o.getPassThru());
        return success();
      })
      .Case([&](vector::MaskedStoreOp o) -> LogicalResult {
        if (failed(checkModelledTypes(o)))
          return failure();
        return compileIdentityAccess(c, o, o.getBase(), o.getIndices(),
                                     o.getVectorType(), true,
                                     c.use(o.getValueToStore()), o.getMask());
      })
      .Case(
          [&](amdgpu::TransposeLoadOp o) { return compileTransposeLoad(c, o); })
      .Case([&](amdgpu::RawBufferLoadOp o) {
        return compileBufferAccess(c, o, o.getType(), false,
                                   c.define(o.getResult()));
      })
      .Case([&](amdgpu::RawBufferStoreOp o) {
        return compileBufferAccess(c, o, o.getValue().getType(), true,
                                   c.use(o.getValue()));
      })
      .Default([](Operation *) { return std::nullopt; });
}
