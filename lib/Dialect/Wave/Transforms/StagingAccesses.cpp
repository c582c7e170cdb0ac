//===- StagingAccesses.cpp - Accesses of a staging plan -------------------===//

#include "wave/Dialect/Wave/Transforms/StagingAccesses.h"

#include "wave/Analysis/Lds/BarrierPlacement.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::wave;

KernelIds::KernelIds(Operation *user)
    : entry(&user->getParentOfType<gpu::GPUFuncOp>().getBody().front()),
      user(entry->findAncestorOpInBlock(*user)) {}

template <typename OpTy> Value KernelIds::get(unsigned dim) {
  auto dimension = static_cast<gpu::Dimension>(dim);
  for (OpTy op : entry->getOps<OpTy>())
    if (op.getDimension() == dimension && op->isBeforeInBlock(user))
      return op;
  OpBuilder builder = OpBuilder::atBlockBegin(entry);
  return OpTy::create(builder, entry->getParentOp()->getLoc(), dimension);
}

Value KernelIds::getThreadId(unsigned dim) { return get<gpu::ThreadIdOp>(dim); }

Value KernelIds::getWorkgroupId(unsigned dim) {
  return get<gpu::BlockIdOp>(dim);
}

AffineExpr AccessOperands::getDim(Value value) {
  auto *it = llvm::find(operands, value);
  if (it != operands.end())
    return getAffineDimExpr(it - operands.begin(), context);
  operands.push_back(value);
  return getAffineDimExpr(operands.size() - 1, context);
}

AffineMapAttr AccessOperands::getMap(ArrayRef<AffineExpr> coords) const {
  return AffineMapAttr::get(
      AffineMap::get(operands.size(), 0, coords, context));
}

AffineExpr mlir::wave::addLinearThreadId(const StagingPlan &plan,
                                         KernelIds &ids,
                                         AccessOperands &operands) {
  AffineExpr linear = getAffineConstantExpr(0, plan.lastOp->getContext());
  int64_t stride = 1;
  for (unsigned dim = 0; dim < 3; ++dim) {
    if (plan.workgroupSize[dim] == 1)
      continue;
    linear = linear + operands.getDim(ids.getThreadId(dim)) * stride;
    stride *= plan.workgroupSize[dim];
  }
  return linear;
}

SmallVector<AffineExpr> mlir::wave::translateBoxCoordinates(
    const StagingPlan &plan, KernelIds &ids, AccessOperands &operands,
    SmallVector<AffineExpr> coords, ArrayRef<SmallVector<UniformTerm>> offset,
    ArrayRef<int64_t> shift) {
  for (auto [d, coord] : llvm::enumerate(coords)) {
    coord = coord + shift[d];
    for (const UniformTerm &term : offset[d]) {
      const FootprintLeaf &leaf = term.leaf;
      Value value = leaf.indexClass.kind == IndexKind::WorkgroupId
                        ? ids.getWorkgroupId(leaf.indexClass.dim)
                        : leaf.value;
      coord = coord + operands.getDim(value) * term.coefficient;
    }
  }
  return coords;
}

SmallVector<AffineExpr> mlir::wave::getRunAccessCoordinates(
    const StagingPlan &plan, KernelIds &ids, AccessOperands &operands,
    AffineExpr run, bool wrap, ArrayRef<SmallVector<UniformTerm>> offset,
    ArrayRef<int64_t> shift) {
  return translateBoxCoordinates(
      plan, ids, operands, plan.getRunCoordinates(run, wrap), offset, shift);
}

std::pair<Location, Location>
mlir::wave::getStagingLocations(const StagingPlan &plan) {
  SmallVector<Location> readLocs, writeLocs;
  for (StagingPair pair : plan.pairs) {
    readLocs.push_back(pair.read.getLoc());
    writeLocs.push_back(pair.write.getLoc());
  }
  MLIRContext *context = plan.lastOp->getContext();
  return {FusedLoc::get(context, readLocs), FusedLoc::get(context, writeLocs)};
}

void mlir::wave::eraseStaging(const StagingPlan &plan) {
  for (StagingPair pair : plan.pairs)
    pair.write.erase();
  for (StagingPair pair : plan.pairs)
    pair.read.erase();
}

MissingBarriers mlir::wave::getMissingBarriers(gpu::GPUFuncOp kernel,
                                               CommonAddressCache &conflicts) {
  LdsHazardAnalysis analysis(kernel, /*assumeWaveOrder=*/false, &conflicts);
  if (!analysis.succeeded())
    return {};
  BarrierPlacement placement =
      placeBarriers(analysis.getProgram(), analysis.getHazards(),
                    analysis.getExistingBarriers(), /*keepAllExisting=*/true);
  return {placement.inserted.size(), placement.uncoverable.size()};
}
