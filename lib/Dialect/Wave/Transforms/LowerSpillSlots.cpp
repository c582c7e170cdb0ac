//===- LowerSpillSlots.cpp - Volatile accesses for LDS spill slots --------===//
//
// The spill slots of wave-budget-registers are written once after a value's
// definition and read back before its uses, with nothing else writing them
// in between. LLVM's optimizer sees exactly that and forwards the stored
// value to the reloads, which keeps the value in registers and undoes the
// spill. Lowering the slot accesses to volatile LLVM loads and stores keeps
// them: LLVM neither forwards nor deletes volatile accesses.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Dialect/Wave/Transforms/SpillSlots.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::wave {
#define GEN_PASS_DEF_LOWERSPILLSLOTS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

/// LDS pointers are 32 bits wide in the AMDGPU address space 3.
static constexpr unsigned kLdsAddressSpace = 3;

namespace {
class LowerSpillSlotsPass
    : public wave::impl::LowerSpillSlotsBase<LowerSpillSlotsPass> {
public:
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

/// Whether `type` is a spill buffer the pass can address: a static,
/// row-major LDS memref.
static bool isAddressableSlot(MemRefType type) {
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
  return space && space.getValue() == gpu::AddressSpace::Workgroup &&
         type.hasStaticShape() && type.getLayout().isIdentity() &&
         type.getElementTypeBitWidth() % 8 == 0;
}

/// The LDS pointer to the element `access` starts at, and the alignment the
/// whole lane vector has there (buffers are 16-byte aligned, rows a multiple
/// of the vector's bytes). Fails when the access map cannot be expanded.
static FailureOr<std::pair<Value, unsigned>>
getSlotPointer(RewriterBase &rewriter, LaneAccessOpInterface access) {
  Location loc = access.getLoc();
  MemRefType type = access.getMemref().getType();
  AffineMap map = access.getAccessMap();
  // Byte offset of the element: the row-major linearization of the map's
  // coordinates, scaled by the element size, expanded as one expression.
  unsigned elementBytes = type.getElementTypeBitWidth() / 8;
  AffineExpr offset = rewriter.getAffineConstantExpr(0);
  int64_t stride = elementBytes;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    offset = offset + map.getResult(d) * stride;
    stride *= type.getDimSize(d);
  }
  ValueRange indices = access.getIndices();
  Value bytes = affine::expandAffineExpr(rewriter, loc, offset,
                                         indices.take_front(map.getNumDims()),
                                         indices.drop_front(map.getNumDims()));
  if (!bytes)
    return failure();
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(
      rewriter, loc, access.getMemref());
  Value address = arith::AddIOp::create(rewriter, loc, base, bytes);
  Value address32 = arith::IndexCastUIOp::create(
      rewriter, loc, rewriter.getI32Type(), address);
  Value pointer = LLVM::IntToPtrOp::create(
      rewriter, loc,
      LLVM::LLVMPointerType::get(rewriter.getContext(), kLdsAddressSpace),
      address32);
  uint64_t vectorBytes = access.getVectorType().getNumElements() * elementBytes;
  unsigned alignment =
      std::min<uint64_t>(16, uint64_t(1) << llvm::countr_zero(vectorBytes));
  return std::make_pair(pointer, alignment);
}

void LowerSpillSlotsPass::runOnOperation() {
  SmallVector<LaneAccessOpInterface> accesses;
  getOperation()->walk([&](LaneAccessOpInterface access) {
    if (access->hasAttr(kSpillSlotAttrName))
      accesses.push_back(access);
  });
  IRRewriter rewriter(&getContext());
  for (LaneAccessOpInterface access : accesses) {
    if (!isAddressableSlot(access.getMemref().getType()) || access.getMask() ||
        access.getContiguousDim() + 1 !=
            access.getMemref().getType().getRank()) {
      access.emitError() << "a '" << kSpillSlotAttrName
                         << "' access needs an unmasked access along the "
                            "innermost dimension of a static row-major LDS "
                            "buffer";
      return signalPassFailure();
    }
    rewriter.setInsertionPoint(access);
    FailureOr<std::pair<Value, unsigned>> slot =
        getSlotPointer(rewriter, access);
    if (failed(slot)) {
      access.emitError("cannot expand the access map of a spill slot");
      return signalPassFailure();
    }
    auto [pointer, alignment] = *slot;
    // LLVM has no type for MLIR's small floats (the fp8 formats, E8M0): the
    // slot holds their bits, as integers of the same width.
    VectorType valueType = access.getVectorType();
    VectorType slotType = valueType;
    if (!LLVM::isCompatibleType(valueType))
      slotType = valueType.clone(
          rewriter.getIntegerType(valueType.getElementTypeBitWidth()));
    if (auto write = dyn_cast<WriteOp>(access.getOperation())) {
      Value value = write.getValue();
      if (slotType != valueType)
        value = vector::BitCastOp::create(rewriter, write.getLoc(), slotType,
                                          value);
      LLVM::StoreOp::create(rewriter, write.getLoc(), value, pointer, alignment,
                            /*isVolatile=*/true);
      rewriter.eraseOp(write);
    } else {
      auto read = cast<ReadOp>(access.getOperation());
      Value value =
          LLVM::LoadOp::create(rewriter, read.getLoc(), slotType, pointer,
                               alignment, /*isVolatile=*/true);
      if (slotType != valueType)
        value = vector::BitCastOp::create(rewriter, read.getLoc(), valueType,
                                          value);
      rewriter.replaceOp(read, value);
    }
    ++numLowered;
  }
}
