//===- BoundSchedRegions.cpp - Bounded scheduling regions -----------------===//
//
// The AMDGPU machine scheduler's time per region grows faster than the
// region: each pick weighs the register pressure of every ready
// instruction, and in long straight-line code most instructions are ready.
// Cutting long code at its workgroup barriers keeps each region as short as
// the code between two barriers, so the scheduler's time grows with the
// number of regions, linearly in the kernel. Larger regions would let the
// scheduler hoist more loads, and it does, up to register counts that lower
// the occupancy.
//
//===----------------------------------------------------------------------===//

#include "wave/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEBOUNDSCHEDREGIONS
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct WaveBoundSchedRegions
    : wave::impl::WaveBoundSchedRegionsBase<WaveBoundSchedRegions> {
  using Base::Base;

  void runOnOperation() override {
    if (limit == 0)
      return;
    LLVM::LLVMFuncOp function = getOperation();
    unsigned numOps = 0;
    SmallVector<ROCDL::SBarrierOp> barriers;
    function.getBody().walk([&](Operation *op) {
      ++numOps;
      if (auto barrier = dyn_cast<ROCDL::SBarrierOp>(op))
        barriers.push_back(barrier);
    });
    if (numOps < limit)
      return;
    if (barriers.empty()) {
      emitRemark(function.getLoc())
          << "scheduling region left whole: " << numOps
          << " operations and no workgroup barrier to cut at";
      return;
    }
    for (ROCDL::SBarrierOp barrier : barriers) {
      OpBuilder builder(barrier->getContext());
      builder.setInsertionPointAfter(barrier);
      ROCDL::SchedBarrier::create(builder, barrier.getLoc(),
                                  builder.getI32IntegerAttr(0));
    }
    numCuts += barriers.size();
  }
};
} // namespace
