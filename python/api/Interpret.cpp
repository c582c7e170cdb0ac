//===- Interpret.cpp - Running kernels on the reference interpreter -------===//

#include "Internal.h"

#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Interpreter/Interpreter.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::wave::python;

/// The kernel named `name`; emits an error when there is none.
static gpu::GPUFuncOp lookupKernel(ModuleOp module, StringRef name) {
  gpu::GPUFuncOp found;
  module.walk([&](gpu::GPUFuncOp func) {
    if (func.isKernel() && func.getName() == name)
      found = func;
  });
  if (!found)
    emitError(module.getLoc()) << "no kernel named '" << name << "'";
  return found;
}

bool Module::interpret(const std::string &kernelName,
                       std::vector<std::vector<uint64_t>> &arguments,
                       const std::array<int64_t, 3> &grid,
                       std::vector<bool> &written,
                       Diagnostics &diagnostics) const {
  MLIRContext &ctx = *impl->module->getContext();
  DiagnosticCollector collector(ctx, diagnostics);
  // The interpreter runs plain accesses: a copy of the module whose MMA
  // fragment accesses are expanded, as wave-run does.
  OwningOpRef<ModuleOp> plain = impl->module->clone();
  PassManager expand(&ctx);
  expand.addPass(wave::createExpandFragments());
  if (failed(expand.run(*plain)))
    return false;
  gpu::GPUFuncOp func = lookupKernel(*plain, kernelName);
  if (!func)
    return false;
  FailureOr<wave::Kernel> kernel = wave::Kernel::compile(func);
  if (failed(kernel))
    return false;

  SmallVector<wave::Buffer> buffers = kernel->createArgumentBuffers();
  if (arguments.size() != buffers.size()) {
    emitError(func.getLoc())
        << "kernel '" << kernelName << "' takes " << buffers.size()
        << " arguments, got " << arguments.size();
    return false;
  }
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    const std::vector<uint64_t> &bits = arguments[index];
    if (static_cast<int64_t>(bits.size()) != buffer.getNumElements()) {
      emitError(func.getLoc())
          << "argument " << index << " of kernel '" << kernelName << "' has "
          << buffer.getNumElements() << " elements, got " << bits.size();
      return false;
    }
    for (auto [n, value] : llvm::enumerate(bits))
      buffer.setBits(buffer.getLinearIndexOfElement(n), value);
  }

  if (failed(kernel->run(buffers, {grid[0], grid[1], grid[2]})))
    return false;

  written.clear();
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    written.push_back(kernel->getArguments()[index].written);
    std::vector<uint64_t> &bits = arguments[index];
    for (size_t n = 0; n < bits.size(); ++n)
      bits[n] = buffer.getBits(buffer.getLinearIndexOfElement(n));
  }
  return true;
}
