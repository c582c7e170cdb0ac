//===- TestLdsHazards.cpp - Prints the LDS hazards of every kernel --------===//
//
// -test-wave-lds-hazards: for every kernel, a remark with the number of LDS
// accesses, barriers and hazards, then one remark per hazard at its second
// access naming the kind (RAW, WAR, WAW), the first access and whether it
// is carried by a loop's back edge. Lanes of one wave are taken to be
// ordered, as wave-insert-barriers does.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "wave/Analysis/Lds/LdsHazards.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::wave;

/// `line:column` of `op` in its file, or its whole location otherwise.
static std::string describePosition(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    os << loc.getLine() << ":" << loc.getColumn();
  else
    os << op->getLoc();
  return text;
}

namespace {
struct TestLdsHazardsPass
    : public PassWrapper<TestLdsHazardsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLdsHazardsPass)

  StringRef getArgument() const final { return "test-wave-lds-hazards"; }
  StringRef getDescription() const final {
    return "Reports the cross-lane LDS hazards barrier insertion orders";
  }

  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp kernel) {
      if (!kernel.isKernel())
        return;
      const LdsHazardAnalysis &analysis =
          getChildAnalysis<KernelLdsHazards</*AssumeWaveOrder=*/true>>(kernel);
      if (!analysis.succeeded()) {
        kernel.emitRemark("not analyzed: ") << analysis.getFailureReason();
        return;
      }
      SmallVector<Hazard> hazards = analysis.findAllHazards();
      kernel.emitRemark() << analysis.getAccesses().size() << " LDS accesses, "
                          << analysis.getBarriers().size() << " barriers, "
                          << hazards.size()
                          << " hazards; lanes ordered in groups of "
                          << analysis.getOrderedLaneGroupSize();
      for (const LdsAccess &access : analysis.getAccesses())
        if (!access.unknownFootprintReason.empty())
          access.op->emitRemark("footprint unknown: ")
              << access.unknownFootprintReason;
      for (const Hazard &hazard : hazards) {
        const LdsAccess &from = analysis.getAccessOfItem(hazard.fromItem);
        const LdsAccess &to = analysis.getAccessOfItem(hazard.toItem);
        StringRef kind = from.writes ? (to.writes ? "WAW" : "RAW") : "WAR";
        InFlightDiagnostic remark = to.op->emitRemark()
                                    << kind << " hazard after '"
                                    << from.op->getName() << "' at "
                                    << describePosition(from.op);
        if (hazard.paths.carrierLoop)
          remark << ", carried " << hazard.paths.distance
                 << " iteration(s) by a loop";
      }
    });
  }
};
} // namespace

void mlir::wave::test::registerTestLdsHazardsPass() {
  PassRegistration<TestLdsHazardsPass>();
}
