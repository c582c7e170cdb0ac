//===- TestBankConflicts.cpp - Remarks with each LDS access's conflicts ---===//
//
// `-test-wave-bank-conflicts` puts the bank-conflict analysis's result for
// every `wave.read`/`wave.write` of LDS in a remark, for lit tests.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "wave/Analysis/Lds/BankConflicts.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::wave;

namespace {
struct TestBankConflictsPass
    : PassWrapper<TestBankConflictsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestBankConflictsPass)

  StringRef getArgument() const final { return "test-wave-bank-conflicts"; }
  StringRef getDescription() const final {
    return "Reports the LDS bank conflicts of every LDS access as a remark";
  }

  void runOnOperation() override {
    getOperation().walk([](LaneAccessOpInterface access) {
      Operation *op = access.getOperation();
      if (!gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
              access.getMemref().getType()))
        return;
      std::string reason;
      FailureOr<AccessBankConflicts> result = analyzeBankConflicts(op, &reason);
      if (failed(result)) {
        op->emitRemark("bank conflicts unknown: ") << reason;
        return;
      }
      const LdsCycles &cycles = result->perExecution;
      op->emitRemark() << result->instructionsPerLane << " x "
                       << result->bytesPerInstruction
                       << " bytes a lane, phases of " << result->phaseLanes
                       << " lanes: " << cycles.cycles << " cycles (minimum "
                       << cycles.minimum << ", " << cycles.getExtra()
                       << " extra) a workgroup in its worst execution, "
                       << result->executions << " executions a run";
    });
  }
};
} // namespace

void mlir::wave::test::registerTestBankConflictsPass() {
  PassRegistration<TestBankConflictsPass>();
}
