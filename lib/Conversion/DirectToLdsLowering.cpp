//===- DirectToLdsLowering.cpp - Direct copies to amdgpu.gather_to_lds ----===//
//
// A `wave.write` marked `wave.direct_to_lds` and the global `wave.read` right
// before it become one `amdgpu.gather_to_lds`: each lane's global address
// (the read's coordinates) and the LDS coordinates of its element 0, of
// which the hardware uses the wave's first lane's as the base (M0) and puts
// lane `l` `l` transfers after it; wave-direct-to-lds proved that is where
// every lane's write goes. The marked pair is checked again here for what a
// later pass could have changed locally (the pair still together, unmasked,
// a size the chip copies, on a swizzled tile a write whose column the
// permutation of the copy gives); a pair that fails keeps its load and write,
// with a remark. On a swizzled tile the write's coordinates are swizzled like
// any LDS access's: the copy's reads took the swizzle over, so the lanes'
// places in memory are consecutive.
//
// LLVM waits for the copies: its memory legalizer counts a global_load_lds
// as an LDS write, so the release fence of the barrier (amdgpu.lds_barrier)
// waits `vmcnt` for them, and a wave's own LDS read of an address a copy
// writes waits for that copy.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Staging/DirectCopy.h"
#include "wave/Conversion/WaveToAMDGPU.h"
#include "wave/Dialect/Wave/IR/DirectToLds.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::wave;

/// Why the marked `write` cannot become one copy with the read before it,
/// or an empty string.
static std::string checkDirectCopy(WriteOp write) {
  auto read = write.getValue().getDefiningOp<ReadOp>();
  if (!read || read->getBlock() != write->getBlock() || !read->hasOneUse())
    return "the write's value is not a global read of its block used only "
           "there";
  // Only ops without memory effects (the write's address arithmetic) and
  // barriers may separate them: the load moves to the write, and a
  // wave.barrier orders LDS only (wave-insert-barriers may put one between
  // a pair whose write is to be ordered after other lanes' reads).
  for (Operation *op = read->getNextNode(); op != write.getOperation();
       op = op->getNextNode())
    if (!isMemoryEffectFree(op) && !isa<BarrierOp>(op))
      return "'" + op->getName().getStringRef().str() +
             "' between the read and the write may access memory";
  if (read.getMask() || write.getMask() || read.getBounded() ||
      write.getBounded())
    return "the read or the write is masked or bounded";
  // On a swizzled tile only a copy that took the swizzle on its read side
  // writes consecutive addresses.
  if (SwizzleAttr swizzle = getLdsSwizzle(write.getMemref());
      swizzle && !matchSwizzledColumnExpr(swizzle, write.getAccessMap()))
    return "the tile is swizzled and the write's column is not one the "
           "swizzle's permutation of the copy gives (permuteDirectCopy)";
  FailureOr<KernelTarget> target = getKernelTarget(write);
  if (failed(target))
    return "the kernel has no known chip";
  VectorType type = read.getVectorType();
  int64_t bytes = type.getNumElements() *
                  llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  if (!llvm::is_contained(getDirectToLdsBytes(*target->chip), bytes))
    return std::to_string(bytes) + " bytes a lane is not a size " +
           target->chip->name.str() + "'s global_load_lds writes";
  return "";
}

void mlir::wave::lowerDirectToLdsCopies(gpu::GPUModuleOp module) {
  SmallVector<WriteOp> writes;
  module.walk([&](WriteOp write) {
    if (write->removeAttr(kDirectToLdsAttrName))
      writes.push_back(write);
  });
  IRRewriter rewriter(module.getContext());
  for (WriteOp write : writes) {
    std::string why = checkDirectCopy(write);
    if (!why.empty()) {
      emitRemark(write.getLoc(), "direct-to-LDS copy kept as a load and an "
                                 "LDS write: ")
          << why;
      continue;
    }
    auto read = write.getValue().getDefiningOp<ReadOp>();
    rewriter.setInsertionPoint(write);
    Location loc = write.getLoc();
    std::optional<SmallVector<Value, 8>> source = affine::expandAffineMap(
        rewriter, read.getLoc(), read.getAccessMap(), read.getIndices());
    std::optional<SmallVector<Value, 8>> target = affine::expandAffineMap(
        rewriter, loc, write.getAccessMap(), write.getIndices());
    if (!source || !target) {
      emitRemark(loc, "direct-to-LDS copy kept as a load and an LDS write: "
                      "its access maps cannot be expanded");
      continue;
    }
    // The hardware takes the first lane's address in memory as the wave's
    // base: on a swizzled tile, its logical coordinates swizzled.
    SmallVector<Value> physical = getLdsPhysicalCoordinates(
        rewriter, loc, getLdsSwizzle(write.getMemref()), *target);
    amdgpu::GatherToLDSOp::create(rewriter, loc, read.getMemref(), *source,
                                  write.getMemref(), physical,
                                  TypeAttr::get(read.getVectorType()));
    rewriter.eraseOp(write);
    rewriter.eraseOp(read);
  }
}
