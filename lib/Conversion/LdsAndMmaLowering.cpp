//===- LdsAndMmaLowering.cpp - LDS, barriers and MMA to amdgpu ------------===//

#include "wave/Conversion/WaveToAMDGPU.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::wave;

/// LDS tiles start at 16 bytes so that 128-bit ds_read/ds_write can reach
/// them.
static constexpr int64_t kLdsAlignment = 16;

namespace {
/// The tile becomes a workgroup attribution of the kernel holding its padded
/// physical layout, flat, and a reinterpret_cast gives it the op's logical
/// shape and padded strides.
struct AllocLdsOpLowering : OpRewritePattern<AllocLdsOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AllocLdsOp op,
                                PatternRewriter &rewriter) const override {
    auto func = cast<gpu::GPUFuncOp>(op->getParentOp());
    MemRefType type = op.getType();
    int64_t elements = ShapedType::getNumElements(op.getPhysicalShape());
    auto flatType =
        MemRefType::get({elements}, type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace());
    BlockArgument buffer;
    rewriter.modifyOpInPlace(func, [&] {
      buffer = func.addWorkgroupAttribution(flatType, op.getLoc());
      func.setWorkgroupAttributionAttr(
          func.getNumWorkgroupAttributions() - 1,
          LLVM::LLVMDialect::getAlignAttrName(),
          rewriter.getI64IntegerAttr(kLdsAlignment));
    });
    // The verifier pins the layout to the padded row-major strides.
    auto [strides, offset] = type.getStridesAndOffset();
    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        op, type, buffer, offset, type.getShape(), strides);
    return success();
  }
};

/// wave.barrier orders LDS accesses only, which is what lds_barrier fences.
struct BarrierOpLowering : OpRewritePattern<BarrierOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BarrierOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<amdgpu::LDSBarrierOp>(op);
    return success();
  }
};

/// A scaled MMA's scale operand (a lane's one scale, `vector<1x...>`) as
/// amdgpu.scaled_mfma takes it, with the byte the instruction reads: an
/// element sliced out of a longer vector of scales (several K blocks read at
/// once) is its aligned group of 4, whose byte the instruction's op_sel
/// picks, so that no instruction moves it to byte 0 first; any other value
/// is the scalar in byte 0.
static std::pair<Value, int32_t> getScaleOperand(OpBuilder &builder,
                                                 Location loc, Value scale) {
  auto slice = scale.getDefiningOp<vector::ExtractStridedSliceOp>();
  VectorType source = slice ? slice.getSourceVectorType() : VectorType();
  if (source && source.getRank() == 1 && source.getNumElements() % 4 == 0) {
    int64_t offset = cast<IntegerAttr>(slice.getOffsets()[0]).getInt();
    Value group = vector::ExtractStridedSliceOp::create(
        builder, loc, slice.getSource(), /*offsets=*/{offset - offset % 4},
        /*sizes=*/{4}, /*strides=*/{1});
    return {group, static_cast<int32_t>(offset % 4)};
  }
  return {vector::ExtractOp::create(builder, loc, scale, 0), 0};
}

/// The kind's layout table gives the MFMA (WMMA) shape; the lane layouts of
/// amdgpu.mfma (amdgpu.wmma) are the hardware's, which the table describes. A
/// scaled kind becomes amdgpu.scaled_mfma with each lane's one scale of A and
/// of B (getScaleOperand).
struct MmaOpLowering : OpRewritePattern<MmaOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MmaOp op,
                                PatternRewriter &rewriter) const override {
    const MmaLayout &layout = getMmaLayout(op.getKind());
    Location loc = op.getLoc();
    // A single element per lane is a scalar operand of the instruction.
    auto operand = [&](Value value) -> Value {
      if (layout.kPerLane != 1)
        return value;
      return vector::ExtractOp::create(rewriter, loc, value, 0);
    };
    if (layout.scaled) {
      auto [aScale, aByte] = getScaleOperand(rewriter, loc, op.getAScale());
      auto [bScale, bByte] = getScaleOperand(rewriter, loc, op.getBScale());
      rewriter.replaceOpWithNewOp<amdgpu::ScaledMFMAOp>(
          op, op.getType(), layout.m, layout.n, layout.k, op.getA(), op.getB(),
          op.getAcc(), aScale, bScale, aByte, bByte);
      return success();
    }
    // RDNA's WMMAs: the kind's vectors are the instruction's operands
    // (gfx11's 16 A and B elements a lane, the half-waves' copies, and its
    // 8 f32 accumulators; gfx12's 8 of each).
    if (layout.isWmma()) {
      rewriter.replaceOpWithNewOp<amdgpu::WMMAOp>(
          op, op.getType(), static_cast<uint32_t>(layout.m),
          static_cast<uint32_t>(layout.n), static_cast<uint32_t>(layout.k),
          op.getA(), op.getB(), op.getAcc());
      return success();
    }
    rewriter.replaceOpWithNewOp<amdgpu::MFMAOp>(
        op, op.getType(), layout.m, layout.n, layout.k, /*blocks=*/1,
        operand(op.getA()), operand(op.getB()), op.getAcc());
    return success();
  }
};
} // namespace

void mlir::wave::populateWaveLdsAndMmaLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<AllocLdsOpLowering, BarrierOpLowering, MmaOpLowering>(
      patterns.getContext());
}
