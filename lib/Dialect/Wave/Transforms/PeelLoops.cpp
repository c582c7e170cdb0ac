//===- PeelLoops.cpp - The first iteration of short run-time loops --------===//
//
// A loop of run-time trip count is entered through a test of that count,
// and its first loads issue only after the count is computed and tested.
// Its static twin, whose loop LLVM unrolls, issues its loads first and
// computes the rest while they are in flight. Where the kernel's
// `wave.assume` proves that the loop runs at least once, its first
// iteration needs no test: it becomes straight-line code before the loop,
// which then starts one step later. Only loops that run a few times at most
// pay for the copy of their body: there the first iteration is a large part
// of the work (a row of a few tiles).
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/LoopFacts.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/Transforms/Kernels.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Dialect/Wave/Transforms/StatisticCounts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEPEELLOOPS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
/// Whether `loop`'s bounds and step are all constants: LLVM knows its trip
/// count and unrolls or counts it as it likes.
bool hasConstantTripCount(scf::ForOp loop) {
  return getConstantIntValue(loop.getLowerBound()) &&
         getConstantIntValue(loop.getUpperBound()) &&
         getConstantIntValue(loop.getStep());
}

/// Copies `loop`'s first iteration before it, with the lower bound as
/// counter and the initial values as iteration arguments, and starts the
/// loop one step later from the values that iteration yields.
void peelFirstIteration(scf::ForOp loop) {
  OpBuilder builder(loop);
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), loop.getLowerBound());
  for (auto [argument, init] :
       llvm::zip_equal(loop.getRegionIterArgs(), loop.getInitArgs()))
    mapping.map(argument, init);
  for (Operation &op : loop.getBody()->without_terminator())
    builder.clone(op, mapping);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<Value> yielded =
      llvm::map_to_vector(yield.getOperands(), [&](Value value) {
        return mapping.lookupOrDefault(value);
      });
  Value second = arith::AddIOp::create(builder, loop.getLoc(),
                                       loop.getLowerBound(), loop.getStep());
  loop.getLowerBoundMutable().assign(second);
  loop.getInitArgsMutable().assign(yielded);
}

class PeelLoopsPass : public wave::impl::WavePeelLoopsBase<PeelLoopsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    counts = StatisticCounts();
    for (gpu::GPUFuncOp kernel :
         getKernelsToTransform(getOperation(), referenceKernels)) {
      // Collected first: peeling copies the loops nested in a body, and the
      // copies run once where their originals did.
      SmallVector<scf::ForOp> loops;
      kernel.walk([&](scf::ForOp loop) {
        if (!hasConstantTripCount(loop))
          loops.push_back(loop);
      });
      for (scf::ForOp loop : loops)
        processLoop(loop);
    }
    if (summary)
      counts.emitSummary(*this, getOperation());
  }

private:
  void processLoop(scf::ForOp loop) {
    std::string why;
    auto kernel = loop->getParentOfType<gpu::GPUFuncOp>();
    if (!kernel->hasAttr(kAssumeAttrName)) {
      emitRemark(loop.getLoc(), "first iteration not peeled: the kernel has no "
                                "wave.assume to bound its trip count");
      counts.add(numDeclined);
      return;
    }
    if (!isTripCountAtLeast(loop, 1, &why)) {
      emitRemark(loop.getLoc(),
                 "first iteration not peeled: not proven to run: ")
          << why;
      counts.add(numDeclined);
      return;
    }
    if (!isTripCountAtMost(loop, maxTrips, &why)) {
      emitRemark(loop.getLoc(), "first iteration not peeled: ")
          << why << " (max-trips=" << maxTrips.getValue() << ")";
      counts.add(numDeclined);
      return;
    }
    peelFirstIteration(loop);
    emitRemark(loop.getLoc(),
               "first iteration peeled: wave.assume proves the loop "
               "runs at least once and at most ")
        << maxTrips.getValue() << " times";
    counts.add(numPeeled);
  }

  StatisticCounts counts;
};
} // namespace
