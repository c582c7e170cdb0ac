//===- Kernels.cpp - The kernels a kernel pass transforms -----------------===//

#include "wave/Dialect/Wave/Transforms/Kernels.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::wave;

bool mlir::wave::isReferenceKernel(gpu::GPUFuncOp func) {
  Operation *table = SymbolTable::getNearestSymbolTable(func->getParentOp());
  if (!table)
    return false;
  for (Operation &other : table->getRegion(0).getOps())
    if (auto ref = other.getAttrOfType<FlatSymbolRefAttr>(
            WaveDialect::kReferenceAttrName);
        ref && ref.getValue() == func.getName())
      return true;
  return false;
}

bool mlir::wave::isSkippedKernel(gpu::GPUFuncOp func, bool referenceKernels) {
  return !referenceKernels && isReferenceKernel(func);
}

SmallVector<gpu::GPUFuncOp>
mlir::wave::getKernelsToTransform(Operation *root, bool referenceKernels) {
  SmallVector<gpu::GPUFuncOp> kernels;
  root->walk<WalkOrder::PreOrder>([&](gpu::GPUFuncOp func) {
    if (func.isKernel() && !isSkippedKernel(func, referenceKernels))
      kernels.push_back(func);
    return WalkResult::skip();
  });
  return kernels;
}
