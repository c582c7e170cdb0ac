//===- InterpreterBench.cpp - How fast wave-run executes the examples -----===//
//
// Times Kernel::run alone (parsing and translation excluded) on one core for
// the examples named on the command line, by default the 256x256x256 f16
// GEMM and its scalar reference. Results: bench/interpreter.md.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/WaveDialect.h"
#include "wave/Interpreter/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"

#include "benchmark/benchmark.h"

#include <string>

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Runs kernel @`kernel` of examples/`file`.mlir on random inputs.
void runExample(benchmark::State &state, const std::string &file,
                const std::string &kernel) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registry.insert<WaveDialect>();
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(
      std::string(WAVE_EXAMPLES_DIR) + "/" + file + ".mlir", &context);
  if (!module) {
    state.SkipWithError("cannot parse the example");
    return;
  }
  gpu::GPUFuncOp func;
  module->walk([&](gpu::GPUFuncOp candidate) {
    if (candidate.getName() == kernel)
      func = candidate;
  });
  FailureOr<Kernel> compiled =
      func ? Kernel::compile(func) : FailureOr<Kernel>(failure());
  if (failed(compiled) || !compiled->getKnownGridSize()) {
    state.SkipWithError("cannot translate the kernel");
    return;
  }
  SmallVector<Buffer> inputs = compiled->createArgumentBuffers();
  for (auto [i, buffer] : llvm::enumerate(inputs))
    buffer.fillRandom(i);
  for (auto _ : state) {
    SmallVector<Buffer> args(inputs.begin(), inputs.end());
    if (failed(compiled->run(args, *compiled->getKnownGridSize())))
      state.SkipWithError("the kernel failed");
    benchmark::DoNotOptimize(args.data());
  }
}

} // namespace

BENCHMARK_CAPTURE(runExample, gemm, std::string("gemm"), std::string("gemm"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(runExample, gemm_ref, std::string("gemm"),
                  std::string("gemm_ref"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(runExample, transpose, std::string("transpose"),
                  std::string("transpose"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(runExample, softmax, std::string("softmax"),
                  std::string("softmax"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(runExample, reduce_lds, std::string("reduce_lds"),
                  std::string("reduce_lds"))
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
