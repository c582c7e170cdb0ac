//===- VerificationTest.cpp - Tests of compile()'s verification ----------===//
//
// compile() verifies the lowered module once, before translation, unless
// asked to verify after every pass: both must give the same code, and a
// module broken after the last verification must stop with a diagnostic
// before translation, which assumes valid IR.
//
//===----------------------------------------------------------------------===//

#include "wave/Compiler/Compiler.h"
#include "wave/InitAllDialects.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

constexpr llvm::StringLiteral kKernel = R"mlir(
gpu.module @m {
  gpu.func @add(%x: memref<256xf32>, %y: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %v = wave.read %x[%tid] map affine_map<(t) -> (t * 4)>
        : memref<256xf32> -> vector<4xf32>
    %w = arith.addf %v, %v : vector<4xf32>
    wave.write %w, %y[%tid] map affine_map<(t) -> (t * 4)>
        : vector<4xf32>, memref<256xf32>
    gpu.return
  }
}
)mlir";

/// Removes every `llvm.return` once the last pass has run and been
/// verified, as a faulty last pass would.
struct BreakAfterLastPass : PassInstrumentation {
  void runAfterPass(Pass *pass, Operation *op) override {
    if (pass->getArgument() != "wave-export-llvm-module")
      return;
    op->walk([](LLVM::ReturnOp ret) { ret.erase(); });
  }
};

class VerificationTest : public ::testing::Test {
protected:
  VerificationTest() {
    DialectRegistry registry;
    registerAllWaveDialects(registry);
    context.appendDialectRegistry(registry);
  }

  /// Compiles kKernel to optimized LLVM IR; the diagnostics go to `errors`.
  llvm::Expected<CompileResult> compileKernel(bool verifyEachPass,
                                              bool breakAfterLastPass) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kKernel, &context);
    if (!module)
      return llvm::createStringError("the test kernel does not parse");
    CompileOptions options;
    options.chip = "gfx942";
    options.optLevel = 2;
    options.verifyEachPass = verifyEachPass;
    options.outputs.llvmIR = true;
    return compile(*module, options, [&](PassManager &pm) {
      if (breakAfterLastPass)
        pm.addInstrumentation(std::make_unique<BreakAfterLastPass>());
      return success();
    });
  }

  MLIRContext context;
  std::string errors;
  ScopedDiagnosticHandler handler{&context, [this](Diagnostic &diagnostic) {
                                    errors += diagnostic.str() + "\n";
                                    for (Diagnostic &note :
                                         diagnostic.getNotes())
                                      errors += note.str() + "\n";
                                    return success();
                                  }};
};

TEST_F(VerificationTest, SameCodeWithAndWithoutVerifyingEachPass) {
  llvm::Expected<CompileResult> once = compileKernel(false, false);
  ASSERT_TRUE(static_cast<bool>(once)) << llvm::toString(once.takeError());
  llvm::Expected<CompileResult> each = compileKernel(true, false);
  ASSERT_TRUE(static_cast<bool>(each)) << llvm::toString(each.takeError());
  EXPECT_NE(once->llvmIR.find("define amdgpu_kernel void @add"),
            std::string::npos);
  EXPECT_EQ(once->llvmIR, each->llvmIR);
  EXPECT_EQ(errors, "");
}

TEST_F(VerificationTest, BrokenLoweredModuleStopsBeforeTranslation) {
  for (bool verifyEachPass : {false, true}) {
    errors.clear();
    llvm::Expected<CompileResult> result =
        compileKernel(verifyEachPass, /*breakAfterLastPass=*/true);
    ASSERT_FALSE(static_cast<bool>(result));
    EXPECT_TRUE(result.errorIsA<PipelineFailure>());
    llvm::consumeError(result.takeError());
    // The verifier's own message, then compile()'s.
    EXPECT_NE(errors.find("block with no terminator"), std::string::npos)
        << errors;
    std::string expected = "the lowered module does not verify";
    if (!verifyEachPass)
      expected += "; --verify-each names the pass that broke it";
    EXPECT_NE(errors.find(expected + "\n"), std::string::npos) << errors;
  }
}

} // namespace
