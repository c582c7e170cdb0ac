//===- KernelLds.cpp - LDS a kernel allocates -----------------------------===//

#include "wave/Dialect/Wave/Transforms/KernelLds.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wave;

unsigned mlir::wave::getAlignedLdsBytes(int64_t bytes) {
  return llvm::alignTo(bytes, kLdsAllocationAlignment);
}

unsigned mlir::wave::getKernelLdsBytes(gpu::GPUFuncOp func) {
  unsigned bytes = 0;
  func.walk([&](AllocLdsOp alloc) {
    bytes += getAlignedLdsBytes(alloc.getSizeInBytes());
  });
  for (BlockArgument attribution : func.getWorkgroupAttributions()) {
    auto type = cast<MemRefType>(attribution.getType());
    bytes += getAlignedLdsBytes(type.getNumElements() *
                                type.getElementTypeBitWidth() / 8);
  }
  return bytes;
}
