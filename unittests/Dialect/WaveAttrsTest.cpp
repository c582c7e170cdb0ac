//===- WaveAttrsTest.cpp - Tests of wave attribute builders ---------------===//

#include "wave/Dialect/Wave/IR/WaveAttrs.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

class WaveAttrsTest : public ::testing::Test {
protected:
  WaveAttrsTest() { context.loadDialect<WaveDialect>(); }

  /// Builds a kernel attribute, returning null and the diagnostic on error.
  KernelAttr buildKernel(StringRef chip, unsigned waveSize,
                         unsigned occupancy) {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      lastError = diag.str();
      return success();
    });
    return KernelAttr::getChecked(
        [&] { return emitError(UnknownLoc::get(&context)); }, &context, chip,
        waveSize, occupancy);
  }

  MLIRContext context;
  std::string lastError;
};

TEST_F(WaveAttrsTest, KernelAttrBuildsAndUniques) {
  KernelAttr kernel = buildKernel("gfx942", 64, 2);
  ASSERT_TRUE(kernel);
  EXPECT_EQ(kernel.getChip(), "gfx942");
  EXPECT_EQ(kernel.getWaveSize(), 64u);
  EXPECT_EQ(kernel.getOccupancy(), 2u);
  EXPECT_EQ(kernel, KernelAttr::get(&context, "gfx942", 64, 2));
}

TEST_F(WaveAttrsTest, KernelAttrRejectsBadInput) {
  EXPECT_FALSE(buildKernel("gfx000", 64, 0));
  EXPECT_NE(lastError.find("unknown chip 'gfx000'"), std::string::npos);
  EXPECT_FALSE(buildKernel("gfx942", 32, 0));
  EXPECT_NE(lastError.find("does not run waves of 32"), std::string::npos);
  EXPECT_FALSE(buildKernel("gfx1100", 16, 0));
  EXPECT_NE(lastError.find("32 or 64"), std::string::npos);
  EXPECT_TRUE(buildKernel("gfx1100", 32, 16));
}

TEST_F(WaveAttrsTest, KernelAttrRoundTripsThroughText) {
  Attribute parsed = parseAttribute(
      "#wave.kernel<chip = \"gfx1100\", wave_size = 32, occupancy = 4>",
      &context);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed, KernelAttr::get(&context, "gfx1100", 32, 4));
  // The default occupancy (0: no request) is optional in the text.
  EXPECT_EQ(parseAttribute("#wave.kernel<chip = \"gfx942\", wave_size = 64>",
                           &context),
            KernelAttr::get(&context, "gfx942", 64, 0));
}

TEST_F(WaveAttrsTest, EnumAttrs) {
  auto cache = CacheHintAttr::get(&context, CacheHint::streaming);
  EXPECT_EQ(cache.getValue(), CacheHint::streaming);
  EXPECT_EQ(parseAttribute("#wave.cache<uncached>", &context),
            CacheHintAttr::get(&context, CacheHint::uncached));
  EXPECT_EQ(parseAttribute("#wave.mma<i32_16x16x32_i8>", &context),
            MmaKindAttr::get(&context, MmaKind::i32_16x16x32_i8));
  EXPECT_EQ(parseAttribute("#wave.reduce<xor>", &context),
            ReduceKindAttr::get(&context, ReduceKind::xor_));
  EXPECT_EQ(parseAttribute("#wave.shuffle<down>", &context),
            ShuffleModeAttr::get(&context, ShuffleMode::down));
  EXPECT_EQ(symbolizeMmaKind("f32_16x16x4_f32"), MmaKind::f32_16x16x4_f32);
  EXPECT_FALSE(symbolizeReduceKind("sum").has_value());
}

} // namespace
