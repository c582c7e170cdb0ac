//===- ThreadPoolTest.cpp - The pool that keeps diagnostics in order ------===//

#include "wave/Support/ThreadPool.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/Sequence.h"

#include <atomic>
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::wave;

namespace {

// The element of an outer loop that a thread runs, for the test below.
thread_local int outerElementsOnThread = 0;

// A worker that waits for an inner loop runs none of the outer loop's tasks
// meanwhile: each thread runs one outer element at a time.
TEST(GroupThreadPool, WaitingWorkerRunsOnlyItsGroup) {
  GroupThreadPool pool(llvm::hardware_concurrency(4));
  std::atomic<int> nestedOuter = 0, innerRuns = 0;
  for (int round = 0; round < 50; ++round) {
    llvm::ThreadPoolTaskGroup outer(pool);
    for (int i = 0; i < 8; ++i)
      outer.async([&] {
        if (outerElementsOnThread++ > 0)
          ++nestedOuter;
        llvm::ThreadPoolTaskGroup inner(pool);
        for (int j = 0; j < 4; ++j)
          inner.async([&] { ++innerRuns; });
        inner.wait();
        --outerElementsOnThread;
      });
    outer.wait();
  }
  pool.wait();
  EXPECT_EQ(nestedOuter, 0);
  EXPECT_EQ(innerRuns, 50 * 8 * 4);
}

// Tasks queued when the pool goes away still run.
TEST(GroupThreadPool, DestructorRunsQueuedTasks) {
  std::atomic<int> runs = 0;
  {
    GroupThreadPool pool(llvm::hardware_concurrency(2));
    for (int i = 0; i < 100; ++i)
      pool.async([&] { ++runs; });
  }
  EXPECT_EQ(runs, 100);
}

// The remarks of parallel loops nested in parallel loops, as a pass pipeline
// over gpu.modules and their kernels makes them, arrive in the order of the
// elements, as without threads. Line `100 * i + j` stands for kernel `j` of
// module `i`; some modules have one kernel (no inner loop), some several.
TEST(GroupThreadPool, NestedParallelRemarksInOrder) {
  GroupThreadPool pool(llvm::hardware_concurrency(4));
  MLIRContext context;
  useThreadPool(context, pool);
  ASSERT_TRUE(context.isMultithreadingEnabled());
  const std::vector<unsigned> kernels = {1, 1, 2, 2, 3, 1, 3};
  std::vector<unsigned> expected;
  for (unsigned i : llvm::seq<unsigned>(kernels.size()))
    for (unsigned j : llvm::seq(kernels[i]))
      expected.push_back(100 * i + j);

  std::vector<unsigned> lines;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    lines.push_back(cast<FileLineColLoc>(diag.getLocation()).getLine());
    return success();
  });
  for (int round = 0; round < 200; ++round) {
    lines.clear();
    parallelForEach(
        &context, llvm::seq<unsigned>(kernels.size()), [&](unsigned i) {
          parallelForEach(&context, llvm::seq(kernels[i]), [&](unsigned j) {
            emitRemark(FileLineColLoc::get(&context, "k.mlir", 100 * i + j, 1));
          });
        });
    ASSERT_EQ(lines, expected) << "round " << round;
  }
}

} // namespace
