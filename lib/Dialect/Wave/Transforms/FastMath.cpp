//===- FastMath.cpp - Fast-math flags on every float op of the kernels ----===//
//
// Sets the fast-math flags the user chose (wave-compile --fast-math) on every
// op of the kernels that carries them. The lowering then turns approximate
// functions into the hardware's instructions (wave-lower-approximate-math)
// and LLVM uses the others; the interpreter models the approximations, so
// wave-run measures the accuracy the flags cost.
// docs/passes/wave-fast-math.md lists the flags and the measured error.
//
// The kernels also run with the mode register's IEEE bit clear: the only
// difference it makes is that float instructions need not quiet a signaling
// NaN input, whose quietness LLVM leaves unspecified anyway, and it lets the
// backend drop the v_max_f32 x, x that quiets each input of a maxnum or
// minnum whose operand it cannot prove canonical (a row maximum over values
// that cross a branch). A kernel that sets its IEEE mode keeps it.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Lds/LdsHazards.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Dialect/Wave/Transforms/Kernels.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEFASTMATH
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct FastMathPass : public wave::impl::WaveFastMathBase<FastMathPass> {
  using Base::Base;

  void runOnOperation() override {
    // Safe to document: approximate functions and reciprocals, contraction
    // into fma. No NaN or infinity (values that do occur become poison in
    // LLVM) only on request.
    arith::FastMathFlags flags = arith::FastMathFlags::afn |
                                 arith::FastMathFlags::arcp |
                                 arith::FastMathFlags::contract;
    if (finite)
      flags = flags | arith::FastMathFlags::nnan | arith::FastMathFlags::ninf;
    StatisticCounts counts;
    for (gpu::GPUFuncOp kernel :
         getKernelsToTransform(getOperation(), referenceKernels)) {
      kernel.walk([&](arith::ArithFastMathInterface op) {
        arith::FastMathFlags old = op.getFastMathFlagsAttr()
                                       ? op.getFastMathFlagsAttr().getValue()
                                       : arith::FastMathFlags::none;
        if ((old | flags) == old)
          return;
        op->setAttr(op.getFastMathAttrName(),
                    arith::FastMathFlagsAttr::get(&getContext(), old | flags));
        counts.add(numFlagged);
      });
      // An IEEE mode the kernel chose itself stays.
      setLLVMFunctionAttributes(kernel, {{"amdgpu-ieee", "false"}},
                                /*replaceExisting=*/false);
    }
    // Fast-math flags change no value's uniformity and no LDS access.
    markAnalysesPreserved<UniformityInfo, KernelLdsHazards<false>,
                          KernelLdsHazards<true>>();
    if (summary)
      counts.emitSummary(*this, getOperation());
  }
};
} // namespace
