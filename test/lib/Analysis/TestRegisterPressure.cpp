//===- TestRegisterPressure.cpp - Prints the register pressure estimate ---===//
//
// -test-wave-register-pressure: for every kernel, a remark at the kernel with
// the peak pressure and the op where it is reached, as wave-budget-registers
// estimates it (uniform values in SGPRs, MMA accumulators apart on chips
// with MFMA), and a remark at every op with the registers live across it.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "wave/Analysis/Registers/RegisterPressure.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::wave;

static void print(InFlightDiagnostic &remark, const RegisterCounts &counts) {
  remark << counts.vgprs << " VGPRs, " << counts.accumulators
         << " accumulators, " << counts.sgprs << " SGPRs";
}

namespace {
struct TestRegisterPressurePass
    : public PassWrapper<TestRegisterPressurePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestRegisterPressurePass)

  StringRef getArgument() const final { return "test-wave-register-pressure"; }
  StringRef getDescription() const final {
    return "Reports the live registers the register budget estimates";
  }

  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp kernel) {
      if (!kernel.isKernel())
        return;
      PressureOptions options;
      if (auto attr =
              kernel->getAttrOfType<KernelAttr>(WaveDialect::kKernelAttrName)) {
        options.waveSize = attr.getWaveSize();
        if (const ChipInfo *chip = lookupChip(attr.getChip()))
          options.accumulatorsInAgprs = chip->addressableAgprs > 0;
      }
      UniformityInfo uniformity(kernel);
      if (uniformity.succeeded())
        options.isUniform = [&](Value value) {
          return uniformity.isUniform(value);
        };
      RegisterPressure pressure(kernel, options);
      InFlightDiagnostic peak = kernel.emitRemark("peak: ");
      print(peak, pressure.getPeak());
      if (Operation *op = pressure.getPeakOp())
        peak << " at '" << op->getName() << "'";
      peak << "; at most " << pressure.getMaxSgprs() << " SGPRs";
      peak.report();
      kernel.getBody().walk([&](Operation *op) {
        if (op->hasTrait<OpTrait::ConstantLike>())
          return;
        InFlightDiagnostic remark = op->emitRemark("live: ");
        print(remark, pressure.getPressureAt(op));
      });
    });
  }
};
} // namespace

void mlir::wave::test::registerTestRegisterPressurePass() {
  PassRegistration<TestRegisterPressurePass>();
}
