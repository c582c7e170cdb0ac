//===- OutlineLaunches.cpp - gpu.launch bodies into gpu.module kernels ----===//
//
// Upstream's gpu-kernel-outlining, after the checks that make what it would
// outline a kernel that compiles: the outlining itself turns anything into
// a gpu.func, and what it cannot mean (a launch inside a kernel, a tensor
// argument, a call to a host declaration) would fail far later, at a
// lowered op or in the backend.
//
//===----------------------------------------------------------------------===//

#include "wave/Conversion/Passes.h"

#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEOUTLINELAUNCHES
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct WaveOutlineLaunchesPass
    : public wave::impl::WaveOutlineLaunchesBase<WaveOutlineLaunchesPass> {
  using Base::Base;

  void runOnOperation() override;
};
} // namespace

/// Whether a kernel can take a value of `type` as an argument.
static bool isKernelArgumentType(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return !vector.isScalable() &&
           isKernelArgumentType(vector.getElementType());
  return isa<IntegerType, IndexType, FloatType, MemRefType,
             LLVM::LLVMPointerType>(type);
}

/// Checks that `launch`'s body can become a kernel; an error at the op
/// concerned otherwise.
static LogicalResult checkOutlinable(gpu::LaunchOp launch) {
  Region &body = launch.getBody();
  WalkResult nested = body.walk([&](gpu::LaunchOp inner) {
    inner.emitError("gpu.launch inside a gpu.launch: a kernel cannot launch "
                    "kernels")
            .attachNote(launch.getLoc())
        << "in the body of this launch";
    return WalkResult::interrupt();
  });
  if (nested.wasInterrupted())
    return failure();

  // Outlining moves constants into the kernel; every other value from
  // outside becomes an argument.
  SetVector<Value> captured;
  getUsedValuesDefinedAbove(body, captured);
  for (Value value : captured) {
    if (isKernelArgumentType(value.getType()) ||
        matchPattern(value, m_Constant()))
      continue;
    Operation *user = nullptr;
    for (OpOperand &use : value.getUses())
      if (body.isAncestor(use.getOwner()->getParentRegion())) {
        user = use.getOwner();
        break;
      }
    InFlightDiagnostic diag =
        user->emitError()
        << "uses a value of type " << value.getType()
        << " defined outside its gpu.launch: a kernel takes scalars, "
           "vectors, pointers and memrefs as arguments";
    diag.attachNote(value.getLoc()) << "defined here";
    return failure();
  }

  WalkResult calls = body.walk([&](CallOpInterface call) {
    auto symbol =
        llvm::dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
    if (!symbol)
      return WalkResult::advance();
    Operation *callee = SymbolTable::lookupNearestSymbolFrom(launch, symbol);
    auto function = dyn_cast_if_present<FunctionOpInterface>(callee);
    if (function && !function.isExternal())
      return WalkResult::advance();
    InFlightDiagnostic diag =
        call->emitError() << "calls " << symbol << ", which "
                          << (callee ? "has no body here" : "is not defined")
                          << ": a kernel calls only functions compiled "
                             "with it";
    if (callee)
      diag.attachNote(callee->getLoc()) << "declared here";
    return WalkResult::interrupt();
  });
  return failure(calls.wasInterrupted());
}

void WaveOutlineLaunchesPass::runOnOperation() {
  ModuleOp module = getOperation();
  SmallVector<gpu::LaunchOp> launches;
  // Launches nested in another launch are reported at the outer one's check.
  module.walk<WalkOrder::PreOrder>([&](gpu::LaunchOp launch) {
    launches.push_back(launch);
    return WalkResult::skip();
  });
  if (launches.empty())
    return;
  bool failed = false;
  for (gpu::LaunchOp launch : launches)
    failed |= mlir::failed(checkOutlinable(launch));
  if (failed)
    return signalPassFailure();
  OpPassManager outlining(ModuleOp::getOperationName());
  outlining.addPass(createGpuKernelOutliningPass());
  if (mlir::failed(runPipeline(outlining, module)))
    signalPassFailure();
}
