//===- TestFootprint.cpp - Prints the footprint of every lane access ------===//
//
// -test-wave-footprint: for every `wave.read`/`wave.write`, a remark with the
// classes of its footprint's leaves and its map, then what enumerating it
// over one workgroup (leaves unbound) gives: the elements and distinct
// elements touched, the dense box when the union is one, and whether it is
// provably in bounds; or, at each step, why not.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::wave;

namespace {
struct TestFootprintPass
    : public PassWrapper<TestFootprintPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestFootprintPass)

  StringRef getArgument() const final { return "test-wave-footprint"; }
  StringRef getDescription() const final {
    return "Reports the footprint analysis' view of every lane access";
  }

  void runOnOperation() override {
    getOperation().walk([&](LaneAccessOpInterface access) {
      Operation *op = access.getOperation();
      std::string reason;
      FailureOr<AccessFootprint> footprint =
          AccessFootprint::get(access, &reason);
      if (failed(footprint)) {
        op->emitRemark("no footprint: ") << reason;
        return;
      }
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "leaves (";
      llvm::interleaveComma(
          footprint->getLeaves(), os,
          [&](const FootprintLeaf &leaf) { os << leaf.indexClass; });
      os << ") map " << footprint->getMap();
      op->emitRemark(text);

      FailureOr<WorkgroupFootprint> workgroup =
          footprint->enumerate(FootprintBindings(), &reason);
      if (failed(workgroup)) {
        op->emitRemark("not enumerated: ") << reason;
      } else {
        InFlightDiagnostic counts =
            op->emitRemark()
            << workgroup->getNumLanes() << " lanes touch "
            << workgroup->getTotalElements() << " elements, "
            << workgroup->countDistinctElements() << " distinct";
        if (std::optional<FootprintBox> box = workgroup->getDenseBox()) {
          counts << ", dense box from (";
          llvm::interleaveComma(box->lowerBounds, counts);
          counts << ") of extents (";
          llvm::interleaveComma(box->extents, counts);
          counts << ")";
        }
      }
      if (footprint->isProvablyInBounds(&reason))
        op->emitRemark("in bounds");
      else
        op->emitRemark("not provably in bounds: ") << reason;
    });
  }
};
} // namespace

void mlir::wave::test::registerTestFootprintPass() {
  PassRegistration<TestFootprintPass>();
}
