//===- LaunchSizeLowering.cpp - Launch sizes from the kernel's attributes -===//
//
// On AMDGPU the workgroup and grid sizes live in the HSA dispatch packet,
// which upstream's lowering reads through the ROCm device library
// (`__ockl_get_local_size`, `__ockl_get_num_groups`); wave-compile links no
// device library. A kernel states its sizes in `known_block_size` and
// `known_grid_size`, so the ops that read them become constants and
// arithmetic on the thread and workgroup ids.
//
//===----------------------------------------------------------------------===//

#include "wave/Conversion/WaveToAMDGPU.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wave;

/// The kernel's `known_block_size` (or `known_grid_size` with `grid`), when
/// it states one.
static std::optional<std::array<int64_t, 3>> getLaunchSize(Operation *op,
                                                           bool grid) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return std::nullopt;
  std::optional<ArrayRef<int32_t>> sizes =
      grid ? func.getKnownGridSize() : func.getKnownBlockSize();
  if (!sizes || sizes->size() != 3)
    return std::nullopt;
  std::array<int64_t, 3> result = {(*sizes)[0], (*sizes)[1], (*sizes)[2]};
  // A workgroup no launch runs has no size to lower; checkLaunchSizeOp says
  // so. Checked extent by extent, the product stays within 64 bits.
  int64_t lanes = 1;
  if (!grid)
    for (int64_t extent : result)
      if (extent <= 0 || (lanes *= extent) > kMaxWorkgroupLanes)
        return std::nullopt;
  return result;
}

namespace {
/// The workgroup and its waves at an op.
struct WorkgroupShape {
  std::array<int64_t, 3> block;
  unsigned waveSize;
};
} // namespace

static std::optional<WorkgroupShape> getWorkgroupShape(Operation *op) {
  std::optional<std::array<int64_t, 3>> block = getLaunchSize(op, false);
  std::optional<WaveShape> wave = getWaveShapeAt(op);
  if (!block || !wave)
    return std::nullopt;
  return WorkgroupShape{*block, wave->size};
}

LogicalResult mlir::wave::checkLaunchSizeOp(Operation *op) {
  bool grid = isa<gpu::GridDimOp>(op);
  bool waves = isa<gpu::SubgroupIdOp, gpu::NumSubgroupsOp>(op);
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  std::optional<ArrayRef<int32_t>> block =
      func ? func.getKnownBlockSize() : std::nullopt;
  if (!grid && block && block->size() == 3 && !getLaunchSize(op, grid))
    return op->emitOpError("needs a workgroup of 1 to ")
           << kMaxWorkgroupLanes << " lanes, but the kernel's "
           << "'known_block_size' is " << (*block)[0] << " x " << (*block)[1]
           << " x " << (*block)[2];
  if (!getLaunchSize(op, grid))
    return op->emitOpError("needs the kernel's '")
           << (grid ? "known_grid_size" : "known_block_size")
           << "': add it to the enclosing gpu.func (wave-compile links no "
              "device library that reads the size at run time)";
  if (std::string why; waves && failed(getKernelTarget(op, &why)))
    return op->emitOpError("needs the wave size, but ") << why;
  return success();
}

namespace {
/// gpu.block_dim, gpu.grid_dim: the stated extent.
template <typename OpTy, bool Grid>
struct LowerLaunchDim : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    std::optional<std::array<int64_t, 3>> sizes = getLaunchSize(op, Grid);
    if (!sizes)
      return failure();
    Value extent = arith::ConstantIndexOp::create(
        rewriter, op.getLoc(), (*sizes)[unsigned(op.getDimension())]);
    rewriter.replaceOp(op, extent);
    return success();
  }
};

/// gpu.global_id: block id * block size + thread id.
struct LowerGlobalId : OpRewritePattern<gpu::GlobalIdOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::GlobalIdOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<std::array<int64_t, 3>> block = getLaunchSize(op, false);
    if (!block)
      return failure();
    Location loc = op.getLoc();
    gpu::Dimension dim = op.getDimension();
    Value extent =
        arith::ConstantIndexOp::create(rewriter, loc, (*block)[unsigned(dim)]);
    Value blockId = gpu::BlockIdOp::create(rewriter, loc, dim);
    Value threadId = gpu::ThreadIdOp::create(rewriter, loc, dim);
    Value base = arith::MulIOp::create(rewriter, loc, blockId, extent);
    Value id = arith::AddIOp::create(rewriter, loc, base, threadId);
    rewriter.replaceOp(op, id);
    return success();
  }
};

/// gpu.subgroup_id: the workgroup-linear thread id divided by the wave size
/// (waves hold consecutive linear ids, x fastest).
struct LowerSubgroupId : OpRewritePattern<gpu::SubgroupIdOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::SubgroupIdOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<WorkgroupShape> shape = getWorkgroupShape(op);
    if (!shape)
      return failure();
    Location loc = op.getLoc();
    Value linear;
    int64_t stride = 1;
    for (gpu::Dimension dim :
         {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
      int64_t extent = shape->block[unsigned(dim)];
      // A dimension of extent 1 has thread id 0.
      if (extent != 1) {
        Value term = gpu::ThreadIdOp::create(rewriter, loc, dim);
        if (stride != 1) {
          Value scale = arith::ConstantIndexOp::create(rewriter, loc, stride);
          term = arith::MulIOp::create(rewriter, loc, term, scale);
        }
        if (linear)
          term = arith::AddIOp::create(rewriter, loc, linear, term);
        linear = term;
      }
      stride *= extent;
    }
    if (!linear)
      linear = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value waveSize =
        arith::ConstantIndexOp::create(rewriter, loc, shape->waveSize);
    Value id = arith::DivUIOp::create(rewriter, loc, linear, waveSize);
    rewriter.replaceOp(op, id);
    return success();
  }
};

/// gpu.num_subgroups: the workgroup's lanes over the wave size, rounded up.
struct LowerNumSubgroups : OpRewritePattern<gpu::NumSubgroupsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::NumSubgroupsOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<WorkgroupShape> shape = getWorkgroupShape(op);
    if (!shape)
      return failure();
    const std::array<int64_t, 3> &block = shape->block;
    uint64_t lanes = block[0] * block[1] * block[2];
    Value count = arith::ConstantIndexOp::create(
        rewriter, op.getLoc(), llvm::divideCeil(lanes, shape->waveSize));
    rewriter.replaceOp(op, count);
    return success();
  }
};
} // namespace

void mlir::wave::populateWaveLaunchSizeLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<LowerLaunchDim<gpu::BlockDimOp, false>,
               LowerLaunchDim<gpu::GridDimOp, true>, LowerGlobalId,
               LowerSubgroupId, LowerNumSubgroups>(patterns.getContext());
}
