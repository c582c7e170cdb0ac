//===- PointerOps.cpp - Accesses through addresses ------------------------===//
//
// The volatile llvm.load and llvm.store of the `uncached` hint and of LDS
// spill slots access an address: a memory object's storage and a byte
// offset, checked to fall on whole elements inside it; LDS accesses go
// through the race detector.
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Compiler.h"
#include "MemoryLayout.h"
#include "RaceDetector.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

/// `memref.extract_aligned_pointer_as_index` gives a kernel argument's
/// storage the address `(n + 1) << kAddressBits` (n its memory object), a
/// pointer into it being that plus a byte offset; an LDS tile's storage its
/// byte address in the workgroup's LDS (`MemObject::ldsAddress`), as the
/// hardware's 32-bit LDS pointers.
static constexpr unsigned kAddressBits = 44;

/// memref.extract_strided_metadata: result `imm` (0 the offset, 1 + d size
/// d, 1 + rank + d stride d) of the layout of object `aux` in this run.
static Status stridedMetadata(Wave &w, const Instr &instr) {
  const MemObject &object = w.program->objects[instr.aux];
  FailureOr<Layout> layout = resolveLayout(w, instr, object);
  if (failed(layout))
    return Status::Error;
  size_t rank = layout->shape.size();
  int64_t value = instr.imm == 0      ? layout->offset
                  : instr.imm <= rank ? layout->shape[instr.imm - 1]
                                      : layout->strides[instr.imm - 1 - rank];
  Slot *dst = w.reg(instr.dst);
  forEachLane(w.exec, [&](unsigned l) { dst[l].i = value; });
  return Status::Next;
}

/// The memory object (an argument's, or an LDS tile's for `lds`) whose
/// storage holds the byte `address`, with the byte offset into it.
static std::optional<std::pair<unsigned, uint64_t>>
findPointee(Wave &w, uint64_t address, bool lds) {
  const Program &program = *w.program;
  if (!lds) {
    uint64_t tag = address >> kAddressBits;
    if (tag < 1 || tag > program.objects.size() ||
        program.objects[tag - 1].space != MemorySpace::Global)
      return std::nullopt;
    return std::make_pair(unsigned(tag - 1),
                          address & ((uint64_t(1) << kAddressBits) - 1));
  }
  address &= UINT32_MAX;
  for (unsigned number : program.ldsObjects) {
    const MemObject &tile = program.objects[number];
    uint64_t bytes = uint64_t(w.workgroup->lds[tile.index].getStorageSize()) *
                     getByteSize(tile.kind);
    if (address >= uint64_t(tile.ldsAddress) &&
        address < uint64_t(tile.ldsAddress) + bytes)
      return std::make_pair(number, address - tile.ldsAddress);
  }
  return std::nullopt;
}

/// llvm.load/llvm.store through an address (src1) of `rows` elements of
/// kind `aux & 0xff`, in LDS for `aux >> 8`; `imm` set for a store of src0,
/// else a load into dst. The address must point at a whole element of a
/// kernel argument's or an LDS tile's storage, and the elements must lie
/// inside it; LDS accesses go through the race detector.
static Status pointerAccess(Wave &w, const Instr &instr) {
  const Program &program = *w.program;
  auto kind = ElementKind(instr.aux & 0xff);
  bool lds = instr.aux >> 8;
  bool write = instr.imm;
  const Slot *address = w.reg(instr.src[1]);
  Slot *value = w.reg(write ? instr.src[0] : instr.dst);
  unsigned width = w.width;
  uint64_t bytes = getByteSize(kind);
  bool ok = true;
  forEachLane(w.exec, [&](unsigned l) {
    if (!ok)
      return;
    auto fail = [&]() -> InFlightDiagnostic {
      ok = false;
      InFlightDiagnostic diag = w.emitError(instr);
      diag << (write ? "llvm.store" : "llvm.load") << " by "
           << w.describeLane(l) << " ";
      return diag;
    };
    std::optional<std::pair<unsigned, uint64_t>> pointee =
        findPointee(w, address[l].u, lds);
    if (!pointee) {
      fail() << "through address " << address[l].u << ", which points into "
             << (lds ? "no LDS tile" : "no kernel argument");
      return;
    }
    auto [number, offset] = *pointee;
    const MemObject &object = program.objects[number];
    if (getBitWidth(object.kind) != getBitWidth(kind) || offset % bytes != 0) {
      fail() << "of " << getElementKindName(kind) << " at byte " << offset
             << " of " << object.description << ", whose elements are "
             << getElementKindName(object.kind);
      return;
    }
    Buffer &buffer =
        lds ? w.workgroup->lds[object.index] : w.launch->args[object.index];
    int64_t first = offset / bytes;
    if (uint64_t(first) + instr.rows > uint64_t(buffer.getStorageSize())) {
      fail() << "of elements " << first << " to " << first + instr.rows - 1
             << " of " << object.description << ", which holds "
             << buffer.getStorageSize() << " elements";
      return;
    }
    for (unsigned e = 0; e < instr.rows && ok; ++e) {
      Slot &slot = value[e * width + l];
      int64_t linear = first + e;
      // Messages give the element's place in the storage.
      if (lds && !(write ? recordLdsWrite : recordLdsRead)(w, instr, number,
                                                           linear, l, linear)) {
        ok = false;
        return;
      }
      if (write)
        buffer.setBits(linear, slotToBits(kind, slot));
      else
        slot = slotFromBits(kind, buffer.getBits(linear));
    }
  });
  return ok ? Status::Next : Status::Error;
}

static LogicalResult
compileStridedMetadata(Compiler &c, memref::ExtractStridedMetadataOp op) {
  FailureOr<unsigned> object = c.getObject(op.getSource(), op);
  if (failed(object))
    return failure();
  // The base buffer is the storage at offset 0, seen as a rank-0 memref.
  c.program.objects.push_back(makeView(c, op, *object, "the base buffer of "));
  c.setObject(op.getBaseBuffer(), c.program.objects.size() - 1);
  for (auto [i, result] : llvm::enumerate(op->getResults().drop_front()))
    c.emit(op, stridedMetadata, c.define(result), {}, 1, *object, i);
  return success();
}

static LogicalResult
compileAlignedPointer(Compiler &c, memref::ExtractAlignedPointerAsIndexOp op) {
  FailureOr<unsigned> object = c.getObject(op.getSource(), op);
  if (failed(object))
    return failure();
  unsigned storage = c.program.objects[*object].viewOf.value_or(*object);
  // Which argument a pointer store writes is known at run time only: an
  // argument whose address the kernel takes is an output when it stores
  // through a pointer.
  const MemObject &base = c.program.objects[storage];
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (base.space == MemorySpace::Global && func &&
      func.walk([](LLVM::StoreOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    c.program.arguments[base.index].written = true;
  if (base.space == MemorySpace::Private)
    return op.emitError(
        "the interpreter takes the address of kernel arguments and "
        "LDS only, not of private memory");
  RegisterInit init;
  init.reg = c.define(op.getResult());
  init.rows.push_back(intSlot(base.space == MemorySpace::Lds
                                  ? uint64_t(base.ldsAddress)
                                  : uint64_t(storage + 1) << kAddressBits));
  c.program.inits.push_back(std::move(init));
  return success();
}

/// llvm.load/llvm.store of `type` (an element or a 1-D vector) through
/// `pointer`; `value` is the register loaded into or stored from.
static LogicalResult compilePointerAccess(Compiler &c, Operation *op,
                                          Value pointer, Type type, bool write,
                                          uint32_t value) {
  auto vector = dyn_cast<VectorType>(type);
  std::optional<ElementKind> kind = getElementKind(getElementTypeOrSelf(type));
  if ((vector && vector.getRank() != 1) || !kind || getBitWidth(*kind) % 8 != 0)
    return op->emitError("the interpreter executes llvm.load and llvm.store of "
                         "whole-byte elements and 1-D vectors of them only, "
                         "not ")
           << type;
  // Pointers of address space 3 are LDS addresses.
  bool lds =
      cast<LLVM::LLVMPointerType>(pointer.getType()).getAddressSpace() == 3;
  uint32_t aux = uint32_t(*kind) | uint32_t(lds) << 8;
  if (write)
    c.emit(op, pointerAccess, 0, {value, c.use(pointer)},
           Compiler::rowsOf(type), aux, 1);
  else
    c.emit(op, pointerAccess, value, {0, c.use(pointer)},
           Compiler::rowsOf(type), aux, 0);
  return success();
}

std::optional<LogicalResult>
mlir::wave::interp::compilePointerOp(Compiler &c, Operation *op) {
  using R = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](memref::ExtractStridedMetadataOp o) {
        return compileStridedMetadata(c, o);
      })
      .Case([&](memref::ExtractAlignedPointerAsIndexOp o) {
        return compileAlignedPointer(c, o);
      })
      // A pointer is the address it was made from.
      .Case([&](LLVM::IntToPtrOp o) {
        c.defineAs(o.getResult(), c.use(o.getArg()));
        return success();
      })
      .Case([&](LLVM::LoadOp o) {
        return compilePointerAccess(c, o, o.getAddr(), o.getType(), false,
                                    c.define(o.getResult()));
      })
      .Case([&](LLVM::StoreOp o) {
        return compilePointerAccess(c, o, o.getAddr(), o.getValue().getType(),
                                    true, c.use(o.getValue()));
      })
      .Default([](Operation *) { return std::nullopt; });
}
