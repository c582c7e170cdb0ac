//===- ThreadPool.cpp - A pool that keeps diagnostics in order -----------===//

#include "wave/Support/ThreadPool.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::wave;

/// The pool whose worker the current thread is, if any.
static thread_local GroupThreadPool *currentPool = nullptr;

GroupThreadPool::GroupThreadPool(llvm::ThreadPoolStrategy strategy)
    : strategy(strategy), maxThreads(strategy.compute_thread_count()) {}

GroupThreadPool::~GroupThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  changed.notify_all();
  for (llvm::thread &thread : threads)
    thread.join();
}

void GroupThreadPool::asyncEnqueue(llvm::unique_function<void()> task,
                                   llvm::ThreadPoolTaskGroup *group) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    queue.push_back({std::move(task), group});
    ++unfinished[group];
    ++unfinishedTotal;
    // Threads start when there is work for them, as in LLVM's pool.
    size_t wanted = std::min<size_t>(maxThreads, running + queue.size());
    while (threads.size() < wanted) {
      unsigned index = threads.size();
      threads.emplace_back([this, index] {
        llvm::set_thread_name(llvm::formatv("wave-worker-{0}", index));
        strategy.apply_thread_strategy(index);
        currentPool = this;
        runTasks(nullptr);
      });
    }
  }
  // Waiters look for different groups' tasks: wake them all.
  changed.notify_all();
}

void GroupThreadPool::runTasks(llvm::ThreadPoolTaskGroup *group) {
  std::unique_lock<std::mutex> lock(mutex);
  auto nextTask = [&] {
    return group ? llvm::find_if(
                       queue, [&](const Task &t) { return t.group == group; })
                 : queue.begin();
  };
  while (true) {
    changed.wait(lock, [&] {
      return nextTask() != queue.end() ||
             (group ? !unfinished.contains(group) : stopping);
    });
    // Nothing to run: the group has finished, or the pool stops.
    auto next = nextTask();
    if (next == queue.end())
      return;
    Task task = std::move(*next);
    queue.erase(next);
    ++running;
    lock.unlock();
    task.run();
    // The task's captures go before the group counts as finished.
    task.run = nullptr;
    lock.lock();
    --running;
    if (--unfinished[task.group] == 0)
      unfinished.erase(task.group);
    --unfinishedTotal;
    changed.notify_all();
  }
}

void GroupThreadPool::wait() {
  std::unique_lock<std::mutex> lock(mutex);
  changed.wait(lock, [&] { return unfinishedTotal == 0; });
}

void GroupThreadPool::wait(llvm::ThreadPoolTaskGroup &group) {
  // A worker runs the group's tasks itself: blocking it could leave the
  // group no thread to run on.
  if (currentPool == this)
    return runTasks(&group);
  std::unique_lock<std::mutex> lock(mutex);
  changed.wait(lock, [&] { return !unfinished.contains(&group); });
}

void mlir::wave::useThreadPool(MLIRContext &context, GroupThreadPool &pool) {
  if (!context.isMultithreadingEnabled())
    return;
  // The context takes a pool only while multithreading is off.
  context.disableMultithreading();
  context.setThreadPool(pool);
}
