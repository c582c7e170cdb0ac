//===- KernelTargetTest.cpp - Tests of getKernelTarget --------------------===//

#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

class KernelTargetTest : public ::testing::Test {
protected:
  KernelTargetTest() {
    context.loadDialect<WaveDialect, gpu::GPUDialect, ROCDL::ROCDLDialect>();
  }

  /// The kernel @k of a gpu.module with `targets` whose attributes are
  /// `attributes`.
  gpu::GPUFuncOp parseKernel(StringRef targets, StringRef attributes) {
    std::string text = ("module attributes {gpu.container_module} {\n"
                        "gpu.module @m " +
                        targets + " {\n  gpu.func @k() kernel attributes {" +
                        attributes + "} {\n    gpu.return\n  }\n}\n}\n")
                           .str();
    module = parseSourceString<ModuleOp>(text, &context);
    if (!module)
      return {};
    gpu::GPUFuncOp kernel;
    module->walk([&](gpu::GPUFuncOp func) { kernel = func; });
    return kernel;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(KernelTargetTest, WaveKernelStatesEverything) {
  gpu::GPUFuncOp kernel = parseKernel(
      "[#rocdl.target<chip = \"gfx1100\", features = \"+wavefrontsize32\">]",
      "known_block_size = array<i32: 64, 2, 1>, wave.kernel = "
      "#wave.kernel<chip = \"gfx942\", wave_size = 64, occupancy = 2>");
  ASSERT_TRUE(kernel);
  // Asked at an op inside the kernel; #wave.kernel wins over the module.
  FailureOr<KernelTarget> target =
      getKernelTarget(&kernel.getBody().front().front());
  ASSERT_TRUE(succeeded(target));
  EXPECT_EQ(target->chip->name, "gfx942");
  EXPECT_EQ(target->waveSize, 64u);
  EXPECT_EQ(target->occupancy, 2u);
  ASSERT_TRUE(target->workgroup);
  EXPECT_EQ(*target->workgroup, (std::array<int64_t, 3>{64, 2, 1}));
  EXPECT_EQ(target->getWorkgroupSize(), 128);
  EXPECT_EQ(target->getBudget(2).vgprs, 256u);
}

TEST_F(KernelTargetTest, LoweredKernelTakesTheModuleTarget) {
  gpu::GPUFuncOp kernel = parseKernel(
      "[#rocdl.target<chip = \"gfx1100\", features = \"+wavefrontsize64\">]",
      "known_block_size = array<i32: 32, 1, 1>");
  ASSERT_TRUE(kernel);
  FailureOr<KernelTarget> target = getKernelTarget(kernel);
  ASSERT_TRUE(succeeded(target));
  EXPECT_EQ(target->chip->name, "gfx1100");
  EXPECT_EQ(target->waveSize, 64u);
  EXPECT_EQ(target->occupancy, 0u);
  EXPECT_EQ(target->getWorkgroupSize(), 32);
}

TEST_F(KernelTargetTest, TargetWithoutWaveSizeTakesTheChipDefault) {
  gpu::GPUFuncOp kernel =
      parseKernel("[#rocdl.target<chip = \"gfx1100\">]", "");
  ASSERT_TRUE(kernel);
  FailureOr<KernelTarget> target = getKernelTarget(kernel);
  ASSERT_TRUE(succeeded(target));
  EXPECT_EQ(target->waveSize, 32u);
  EXPECT_FALSE(target->workgroup);
}

TEST_F(KernelTargetTest, MissingOrUnknownTargetSaysWhy) {
  std::string why;
  gpu::GPUFuncOp kernel = parseKernel("", "");
  ASSERT_TRUE(kernel);
  EXPECT_TRUE(failed(getKernelTarget(kernel, &why)));
  EXPECT_EQ(why, "its kernel has no 'wave.kernel' attribute and its "
                 "gpu.module no #rocdl.target");

  kernel = parseKernel("[#rocdl.target<chip = \"gfx803\">]", "");
  ASSERT_TRUE(kernel);
  EXPECT_TRUE(failed(getKernelTarget(kernel, &why)));
  EXPECT_NE(why.find("'gfx803'"), std::string::npos) << why;

  kernel = parseKernel(
      "[#rocdl.target<chip = \"gfx942\", features = \"+wavefrontsize32\">]",
      "");
  ASSERT_TRUE(kernel);
  EXPECT_TRUE(failed(getKernelTarget(kernel, &why)));
  EXPECT_NE(why.find("waves of 32 lanes, which gfx942 does not run"),
            std::string::npos)
      << why;
}

TEST_F(KernelTargetTest, WorkgroupNoLaunchRunsIsUnknown) {
  // More lanes than any chip takes, and more than 64 bits count: no
  // workgroup, so the passes that need one decline instead of multiplying.
  for (StringRef block : {"array<i32: 2147483647, 2147483647, 3>",
                          "array<i32: 64, 32, 1>", "array<i32: 64, 0, 1>"}) {
    gpu::GPUFuncOp kernel = parseKernel("[#rocdl.target<chip = \"gfx942\">]",
                                        ("known_block_size = " + block).str());
    ASSERT_TRUE(kernel);
    FailureOr<KernelTarget> target = getKernelTarget(kernel);
    ASSERT_TRUE(succeeded(target)) << block.str();
    EXPECT_FALSE(target->workgroup) << block.str();
    EXPECT_FALSE(target->getWorkgroupSize()) << block.str();
  }
}

TEST(MultiplyLaunchExtentsTest, CountsOrSaysItCannot) {
  EXPECT_EQ(multiplyLaunchExtents({256, 1, 1}), 256);
  EXPECT_EQ(multiplyLaunchExtents({64, 0, 1}), 0);
  EXPECT_EQ(multiplyLaunchExtents({2147483647, 2147483647, 1}),
            int64_t(2147483647) * 2147483647);
  EXPECT_FALSE(multiplyLaunchExtents({2147483647, 2147483647, 3}));
  EXPECT_FALSE(multiplyLaunchExtents({-2147483648, 2147483647, 2147483647}));
}

TEST(MultiplyLaunchExtentsTest, DescribesLanesOrExtents) {
  EXPECT_EQ(describeWorkgroupLanes({256, 2, 1}), "512");
  EXPECT_EQ(describeWorkgroupLanes({2147483647, 2147483647, 3}),
            "2147483647 x 2147483647 x 3");
}

} // namespace
