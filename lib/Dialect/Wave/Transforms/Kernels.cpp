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

void mlir::wave::setLLVMFunctionAttributes(
    gpu::GPUFuncOp kernel,
    ArrayRef<std::pair<StringRef, std::string>> attributes,
    bool replaceExisting) {
  // The lowering copies a gpu.func's attributes onto the llvm.func, whose
  // `passthrough` entries become LLVM function attributes: a name alone, or
  // a name and its value.
  constexpr StringLiteral passthroughName = "passthrough";
  Builder builder(kernel.getContext());
  auto keyOf = [](Attribute entry) -> StringRef {
    auto pair = dyn_cast<ArrayAttr>(entry);
    auto key = pair && pair.size() == 2 ? dyn_cast<StringAttr>(pair[0])
                                        : dyn_cast<StringAttr>(entry);
    return key ? key.getValue() : StringRef();
  };
  SmallVector<Attribute> existing;
  if (auto array = kernel->getAttrOfType<ArrayAttr>(passthroughName))
    llvm::append_range(existing, array.getValue());
  auto isSet = [&](StringRef key) {
    return llvm::any_of(existing,
                        [&](Attribute entry) { return keyOf(entry) == key; });
  };
  auto isGiven = [&](StringRef key) {
    return llvm::any_of(attributes, [&](const auto &attribute) {
      return attribute.first == key;
    });
  };
  SmallVector<Attribute> merged;
  for (Attribute entry : existing)
    if (!replaceExisting || !isGiven(keyOf(entry)))
      merged.push_back(entry);
  for (const auto &[key, value] : attributes)
    if (replaceExisting || !isSet(key))
      merged.push_back(builder.getStrArrayAttr({key, value}));
  kernel->setAttr(passthroughName, builder.getArrayAttr(merged));
}
