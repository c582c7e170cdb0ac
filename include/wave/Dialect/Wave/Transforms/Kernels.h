//===- Kernels.h - The kernels a kernel pass transforms ---------*- C++ -*-===//
//
// The passes that transform kernels one at a time find them the same way:
// run on a module, every kernel in it; scheduled on a gpu.func, as the
// pipelines do to transform the kernels in parallel, that one. Reference
// kernels are left out unless the pass's `reference-kernels` option
// (Passes.td's ReferenceKernelsOption) is set.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_KERNELS_H
#define WAVE_DIALECT_WAVE_TRANSFORMS_KERNELS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/AnalysisManager.h"

namespace mlir::wave {

/// Whether `func` is a reference kernel: a gpu.func that another function of
/// its symbol table names with `wave.reference`.
bool isReferenceKernel(gpu::GPUFuncOp func);

/// Whether a kernel pass leaves `func`, and everything in it, alone. A
/// reference kernel is the naive version its optimized kernel is checked
/// against (`wave-run` compares the two), so by default the passes leave it
/// as written and say nothing about it: transforming it would weaken that
/// check and cost compile time. `referenceKernels` is the pass's option.
bool isSkippedKernel(gpu::GPUFuncOp func, bool referenceKernels);

/// The gpu.func kernels that `root` is or holds and that a kernel pass
/// transforms, in order.
SmallVector<gpu::GPUFuncOp> getKernelsToTransform(Operation *root,
                                                  bool referenceKernels);

/// The analysis `AnalysisT` of `kernel`, built by the pass manager or taken
/// from its cache, for a kernel pass whose `analyses` belong to `root`: the
/// kernel itself or, run on a module, an ancestor (kernel passes declare no
/// anchor op). `AnalysisT` is constructed from the `gpu::GPUFuncOp`.
template <typename AnalysisT>
AnalysisT &getKernelAnalysis(AnalysisManager analyses, Operation *root,
                             gpu::GPUFuncOp kernel) {
  if (kernel.getOperation() == root)
    return analyses.getAnalysis<AnalysisT, gpu::GPUFuncOp>();
  return analyses.getChildAnalysis<AnalysisT>(kernel);
}

/// Sets LLVM function attributes on `kernel` through its `passthrough`
/// attribute, which the lowering copies onto the `llvm.func`: each entry is a
/// key and its value, replacing an entry of the same key or, without
/// `replaceExisting`, leaving that entry as it is.
void setLLVMFunctionAttributes(
    gpu::GPUFuncOp kernel,
    ArrayRef<std::pair<StringRef, std::string>> attributes,
    bool replaceExisting = true);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_KERNELS_H
