//===- InterpretTest.cpp - interpret(), the interpreter's entry -----------===//

#include "KernelTestUtils.h"

#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Interpreter/Interpret.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::testing;

namespace {

/// @add adds `@OP@ 1.0` to each element of X into Y, compared with @ref,
/// which adds 1.0.
constexpr const char *kKernels = R"mlir(
gpu.module @m {
  gpu.func @add(%X: memref<64xf32>, %Y: memref<64xf32>) kernel attributes {
      known_block_size = array<i32: 64, 1, 1>,
      known_grid_size = array<i32: 1, 1, 1>, wave.reference = @ref} {
    %t = gpu.thread_id x
    %x = memref.load %X[%t] : memref<64xf32>
    %one = arith.constant 1.0 : f32
    %y = @OP@ %x, %one : f32
    memref.store %y, %Y[%t] : memref<64xf32>
    gpu.return
  }
  gpu.func @ref(%X: memref<64xf32>, %Y: memref<64xf32>) kernel attributes {
      known_block_size = array<i32: 64, 1, 1>,
      known_grid_size = array<i32: 1, 1, 1>} {
    %t = gpu.thread_id x
    %x = memref.load %X[%t] : memref<64xf32>
    %one = arith.constant 1.0 : f32
    %y = arith.addf %x, %one : f32
    memref.store %y, %Y[%t] : memref<64xf32>
    gpu.return
  }
}
)mlir";

std::string printed(const InterpretResult &result) {
  std::string text;
  llvm::raw_string_ostream os(text);
  result.print(os);
  return text;
}

std::string errorText(llvm::Error error) {
  return llvm::toString(std::move(error));
}

TEST(InterpretTest, ComparesWithTheReferenceItChooses) {
  KernelModule k(substitute(kKernels, {{"OP", "arith.addf"}}));
  ASSERT_TRUE(k.parsed());
  llvm::Expected<InterpretResult> result = interpret(*k.module, {});
  ASSERT_TRUE(bool(result)) << errorText(result.takeError());
  EXPECT_EQ(result->kernel, "add");
  EXPECT_EQ(result->waveSize, 64u);
  ASSERT_EQ(result->comparisons.size(), 1u);
  EXPECT_EQ(result->comparisons[0].argument, 1u);
  EXPECT_TRUE(result->agrees());
  for (int64_t i = 0; i < 64; ++i)
    EXPECT_EQ(floatAt(result->outputs[1], i),
              float(floatAt(result->inputs[0], i)) + 1.0f);
  EXPECT_EQ(printed(*result),
            "comparing @add with @ref\n"
            "  output 'arg1' (64xf32): agrees (max abs error 0, max rel "
            "error 0)\n"
            "PASS\n");
}

TEST(InterpretTest, OutputsThatDifferAreAResultNotAnError) {
  KernelModule k(substitute(kKernels, {{"OP", "arith.subf"}}));
  ASSERT_TRUE(k.parsed());
  llvm::Expected<InterpretResult> result = interpret(*k.module, {});
  ASSERT_TRUE(bool(result)) << errorText(result.takeError());
  EXPECT_FALSE(result->agrees());
  EXPECT_EQ(result->comparisons[0].comparison.numMismatches, 64);
  EXPECT_TRUE(StringRef(printed(*result)).contains("MISMATCH: 64 of 64"));
  EXPECT_TRUE(
      StringRef(printed(*result)).contains("(rtol 0.0001, atol 1e-05)"));
  EXPECT_FALSE(StringRef(printed(*result)).contains("PASS"));

  // Tolerances as given.
  InterpretOptions options;
  options.atol = 2.0;
  result = interpret(*k.module, options);
  ASSERT_TRUE(bool(result)) << errorText(result.takeError());
  EXPECT_TRUE(result->agrees());
}

TEST(InterpretTest, RunsAloneOnGivenArguments) {
  KernelModule k(substitute(kKernels, {{"OP", "arith.addf"}}));
  ASSERT_TRUE(k.parsed());
  InterpretOptions options;
  options.kernel = "add";
  options.compare = false;
  options.arguments = {std::vector<uint64_t>(64), std::vector<uint64_t>(64)};
  for (int i = 0; i < 64; ++i)
    options.arguments[0][i] = floatToBits(ElementKind::F32, i);
  llvm::Expected<InterpretResult> result = interpret(*k.module, options);
  ASSERT_TRUE(bool(result)) << errorText(result.takeError());
  EXPECT_TRUE(result->comparedWith.empty());
  EXPECT_TRUE(result->otherOutputs.empty());
  EXPECT_TRUE(result->arguments[1].written);
  EXPECT_FALSE(result->arguments[0].written);
  for (int i = 0; i < 64; ++i)
    EXPECT_EQ(floatAt(result->outputs[1], i), i + 1.0);
  EXPECT_EQ(printed(*result), "@add ran on 1x1x1 workgroups with no error\n");

  options.arguments.pop_back();
  EXPECT_EQ(errorText(interpret(*k.module, options).takeError()),
            "kernel 'add' takes 2 arguments, got 1");
  options.arguments = {std::vector<uint64_t>(64), std::vector<uint64_t>(3)};
  EXPECT_EQ(errorText(interpret(*k.module, options).takeError()),
            "argument 1 of kernel 'add' has 64 elements, got 3");
}

TEST(InterpretTest, InputsFollowTheSeed) {
  KernelModule k(substitute(kKernels, {{"OP", "arith.addf"}}));
  ASSERT_TRUE(k.parsed());
  InterpretOptions options;
  options.seed = 7;
  llvm::Expected<InterpretResult> first = interpret(*k.module, options);
  ASSERT_TRUE(bool(first)) << errorText(first.takeError());
  FailureOr<Kernel> kernel = k.compile("add");
  ASSERT_TRUE(succeeded(kernel));
  SmallVector<Buffer> random = createRandomArguments(*kernel, 7);
  for (int64_t i = 0; i < 64; ++i)
    EXPECT_EQ(floatAt(first->inputs[0], i), floatAt(random[0], i));
  options.seed = 8;
  llvm::Expected<InterpretResult> second = interpret(*k.module, options);
  ASSERT_TRUE(bool(second)) << errorText(second.takeError());
  EXPECT_NE(floatAt(first->inputs[0], 0), floatAt(second->inputs[0], 0));
}

TEST(InterpretTest, ComparesWithItselfAfterAPipeline) {
  registerWaveTransformsPasses();
  KernelModule k(substitute(kKernels, {{"OP", "arith.addf"}}));
  ASSERT_TRUE(k.parsed());
  InterpretOptions options;
  options.comparePipeline = "wave-insert-barriers";
  llvm::Expected<InterpretResult> result = interpret(*k.module, options);
  ASSERT_TRUE(bool(result)) << errorText(result.takeError());
  EXPECT_TRUE(result->agrees());
  EXPECT_EQ(result->comparedWith, "comparing @add after "
                                  "'wave-insert-barriers' with @add before it");

  options.comparePipeline = "builtin.module(wave-insert-barriers";
  EXPECT_EQ(errorText(interpret(*k.module, options).takeError()),
            "unbalanced pipeline 'builtin.module(wave-insert-barriers'");
}

TEST(InterpretTest, SaysWhatIsWrong) {
  KernelModule k(substitute(kKernels, {{"OP", "arith.addf"}}));
  ASSERT_TRUE(k.parsed());
  InterpretOptions options;
  options.kernel = "missing";
  EXPECT_TRUE(StringRef(errorText(interpret(*k.module, options).takeError()))
                  .contains("no kernel @missing in "));
  options.kernel = "add";
  options.rtol = -1;
  EXPECT_EQ(errorText(interpret(*k.module, options).takeError()),
            "the relative tolerance must be a non-negative number, got -1");
  options.rtol.reset();
  options.reference = "missing";
  EXPECT_EQ(errorText(interpret(*k.module, options).takeError()),
            "no reference kernel @missing");
  options.reference.clear();
  options.scalars = {"0=3"};
  EXPECT_EQ(errorText(interpret(*k.module, options).takeError()),
            "the scalar value '0=3': scalar values are integers, for integer "
            "and index arguments");
  options.scalars.clear();
  options.maxSteps = 1;
  EXPECT_EQ(errorText(interpret(*k.module, options).takeError()),
            "@add failed");
  EXPECT_TRUE(StringRef(k.allDiagnostics()).contains("step"));
}

// Kernels of one name in two gpu.modules are told apart by their paths,
// as gpu.launch_func names them; the name alone is ambiguous.
TEST(InterpretTest, ChoosesAKernelByItsPath) {
  constexpr const char *kTwoModules = R"mlir(
gpu.module @first {
  gpu.func @fill(%out: memref<64xi32>) kernel attributes {
      known_block_size = array<i32: 64, 1, 1>,
      known_grid_size = array<i32: 1, 1, 1>} {
    %t = gpu.thread_id x
    %v = arith.index_cast %t : index to i32
    memref.store %v, %out[%t] : memref<64xi32>
    gpu.return
  }
}
gpu.module @second {
  gpu.func @fill(%out: memref<64xi32>) kernel attributes {
      known_block_size = array<i32: 64, 1, 1>,
      known_grid_size = array<i32: 1, 1, 1>} {
    %t = gpu.thread_id x
    %c7 = arith.constant 7 : i32
    memref.store %c7, %out[%t] : memref<64xi32>
    gpu.return
  }
}
)mlir";
  KernelModule k(kTwoModules);
  ASSERT_TRUE(k.parsed());
  SmallVector<std::string> paths;
  k.module->walk(
      [&](gpu::GPUFuncOp func) { paths.push_back(getKernelPath(func)); });
  EXPECT_EQ(paths, (SmallVector<std::string>{"first::fill", "second::fill"}));

  InterpretOptions options;
  for (auto [path, at5] : {std::pair<std::string, int64_t>("first::fill", 5),
                           {"@second::@fill", 7}}) {
    options.kernel = path;
    llvm::Expected<InterpretResult> result = interpret(*k.module, options);
    ASSERT_TRUE(bool(result)) << errorText(result.takeError());
    EXPECT_EQ(intAt(result->outputs[0], 5), at5) << path;
  }

  options.kernel = "fill";
  llvm::Error error = interpret(*k.module, options).takeError();
  ASSERT_TRUE(error.isA<InterpretOptionError>());
  EXPECT_TRUE(StringRef(errorText(std::move(error)))
                  .ends_with(": first::fill, second::fill; choose one by its "
                             "path, MODULE::NAME"));
  options.kernel = "third::fill";
  EXPECT_TRUE(StringRef(errorText(interpret(*k.module, options).takeError()))
                  .ends_with("; its kernels are first::fill, second::fill"));
  options.kernel.clear();
  EXPECT_TRUE(StringRef(errorText(interpret(*k.module, options).takeError()))
                  .ends_with(" holds 2 candidate kernels (first::fill, "
                             "second::fill); choose the kernel by name"));
}

// The messages speak of the options, never of one front end's spelling;
// an error that other options would avoid names them, for the front end to
// add how its users give them.
TEST(InterpretTest, NamesTheOptionsThatWouldAvoidAnError) {
  KernelModule k(substitute(kKernels, {{"OP", "arith.addf"}}));
  ASSERT_TRUE(k.parsed());
  auto spell = [](InterpretOption option, StringRef argument) {
    std::string text = getFieldName(option);
    if (!argument.empty())
      text += "[" + argument.str() + "]";
    return text;
  };
  InterpretOptions options;
  options.kernel = "add";
  options.maxSteps = 0;
  llvm::Error error = interpret(*k.module, options).takeError();
  ASSERT_TRUE(error.isA<InterpretOptionError>());
  EXPECT_EQ(describeError(std::move(error), spell),
            "the maximum number of steps must be positive (maxSteps)");
  options.maxSteps = kDefaultMaxSteps;
  options.memoryLimit = UINT64_MAX;
  EXPECT_EQ(describeError(interpret(*k.module, options).takeError(), spell),
            "the memory limit of 18446744073709551615 MiB is too large "
            "(memoryLimit)");
  options.memoryLimit.reset();
  options.inputs = {"nothing"};
  EXPECT_EQ(describeError(interpret(*k.module, options).takeError(), spell),
            "an input must be ARG=FILE.npy, got 'nothing' (inputs)");
  // A front end without a spelling for an option adds nothing.
  EXPECT_EQ(
      describeError(interpret(*k.module, options).takeError(),
                    [](InterpretOption, StringRef) { return std::string(); }),
      "an input must be ARG=FILE.npy, got 'nothing'");
  // Other errors are their message.
  options.inputs.clear();
  options.reference = "missing";
  EXPECT_EQ(describeError(interpret(*k.module, options).takeError(), spell),
            "no reference kernel @missing");
}

} // namespace
