//===- ThreadPool.h - A pool that keeps diagnostics in order ---*- C++ -*-===//
//
// MLIR reports the diagnostics of parallel work in the order of the ops it
// runs on: each parallel loop (a nested pass pipeline over gpu.modules, over
// the kernels of one gpu.module, parallel verification) gives every thread
// that runs an element the element's index, and its diagnostics are sorted by
// that index (ParallelDiagnosticHandler). LLVM's thread pool lets a worker
// that waits for a group of tasks run any queued task meanwhile, one of an
// enclosing loop included: a pipeline over two gpu.modules with several
// kernels each then runs the second gpu.module on the thread that waits for
// the first one's kernels, the outer loop forgets which element that thread
// works for, and the first gpu.module's remarks print before all others, or
// after some, depending on which thread started when.
//
// In this pool a worker that waits for a group runs only that group's tasks
// (whose own inner loops it then waits for alike), so every thread keeps the
// index of the element it works for, and diagnostics come in op order with
// or without threads. Kernels still compile in parallel; a waiting worker
// just does not help a loop other than the one it waits for.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_SUPPORT_THREADPOOL_H
#define WAVE_SUPPORT_THREADPOOL_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/thread.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace mlir::wave {

/// A thread pool whose workers, while they wait for a task group, run only
/// tasks of that group.
class GroupThreadPool final : public llvm::ThreadPoolInterface {
public:
  explicit GroupThreadPool(
      llvm::ThreadPoolStrategy strategy = llvm::hardware_concurrency());
  /// Runs the tasks still queued, then stops the workers.
  ~GroupThreadPool() override;

  /// Blocks until every task has finished.
  void wait() override;
  /// Blocks until every task of `group` has finished; a worker thread runs
  /// the group's queued tasks meanwhile, and no others.
  void wait(llvm::ThreadPoolTaskGroup &group) override;
  unsigned getMaxConcurrency() const override { return maxThreads; }

private:
  struct Task {
    llvm::unique_function<void()> run;
    llvm::ThreadPoolTaskGroup *group;
  };

  void asyncEnqueue(llvm::unique_function<void()> task,
                    llvm::ThreadPoolTaskGroup *group) override;
  /// Runs queued tasks: any task for a worker's main loop (`group` null),
  /// until the pool stops with nothing queued; `group`'s tasks only
  /// otherwise, until the group has finished.
  void runTasks(llvm::ThreadPoolTaskGroup *group);

  llvm::ThreadPoolStrategy strategy;
  unsigned maxThreads;
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<Task> queue;
  /// The tasks queued or running, per group (a null key: no group).
  llvm::DenseMap<llvm::ThreadPoolTaskGroup *, unsigned> unfinished;
  unsigned unfinishedTotal = 0;
  unsigned running = 0;
  bool stopping = false;
  std::vector<llvm::thread> threads;
};

/// Makes `context` run its parallel work on `pool`, unless multithreading is
/// off (`--mlir-disable-threading`, or the context was made without it);
/// before the context runs anything in parallel.
void useThreadPool(MLIRContext &context, GroupThreadPool &pool);

} // namespace mlir::wave

#endif // WAVE_SUPPORT_THREADPOOL_H
