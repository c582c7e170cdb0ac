//===- TestUniformity.cpp - Prints the uniformity of every value ----------===//
//
// -test-wave-uniformity: for every op of every kernel with results (but
// constants), a remark saying for each result whether it is the same in
// every lane of the workgroup, only in the active lanes of each wave, or
// may differ between lanes.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Analysis/Uniformity/WorkgroupUniformity.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::wave;

namespace {
struct TestUniformityPass
    : public PassWrapper<TestUniformityPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestUniformityPass)

  StringRef getArgument() const final { return "test-wave-uniformity"; }
  StringRef getDescription() const final {
    return "Reports the workgroup- and wave-level uniformity of every value";
  }

  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp kernel) {
      if (!kernel.isKernel())
        return;
      const UniformityInfo &waves = getChildAnalysis<UniformityInfo>(kernel);
      if (!waves.succeeded()) {
        kernel.emitRemark("the uniformity analysis failed");
        return;
      }
      WorkgroupUniformity workgroup;
      kernel.walk([&](Operation *op) {
        if (op->getNumResults() == 0 || op->hasTrait<OpTrait::ConstantLike>())
          return;
        InFlightDiagnostic remark = op->emitRemark();
        llvm::interleaveComma(op->getResults(), remark, [&](Value result) {
          if (workgroup.isUniform(result))
            remark << "workgroup-uniform";
          else if (waves.isUniform(result))
            remark << "wave-uniform";
          else if (waves.isDivergent(result))
            remark << "divergent";
          else
            remark << "unreached";
        });
      });
    });
  }
};
} // namespace

void mlir::wave::test::registerTestUniformityPass() {
  PassRegistration<TestUniformityPass>();
}
