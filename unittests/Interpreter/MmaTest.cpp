//===- MmaTest.cpp - wave.mma against a plain matrix multiply -------------===//
//
// For every kind: A, B and C are spread over the lanes with the kind's layout
// table, wave.mma runs, and the result gathered back from the lanes must be
// A * B + C computed by a triple loop. Inputs are small integers, so every
// product and sum is exact and the comparison is exact too.
//
//===----------------------------------------------------------------------===//

#include "../Dialect/AllMmaKinds.h"
#include "KernelTestUtils.h"

#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::testing;

namespace {

/// Lane l reads its slots of A, B and C from row l of the lane-major inputs
/// and writes its result slots to row l of %d. Scaled kinds take the scale
/// 1 (0x7F) in every lane; test/wave-run/mma-mxfp4.mlir tests others.
constexpr const char *kKernel = R"mlir(
gpu.module @m {
  gpu.func @mma(%a: memref<64x@K@x@TA@>, %b: memref<64x@K@x@TB@>,
                %c: memref<64x@N@x@TC@>, %d: memref<64x@N@x@TC@>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "@CHIP@", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x@K@x@TA@> -> vector<@K@x@TA@>
    %vb = wave.read %b[%l, %c0] : memref<64x@K@x@TB@> -> vector<@K@x@TB@>
    %vc = wave.read %c[%l, %c0] : memref<64x@N@x@TC@> -> vector<@N@x@TC@>
    @SCALE@
    %vd = wave.mma <@KIND@> %va, %vb, %vc @SCALES@
        : vector<@K@x@TA@>, vector<@K@x@TB@>@SCALETYPES@ -> vector<@N@x@TC@>
    wave.write %vd, %d[%l, %c0] : vector<@N@x@TC@>, memref<64x@N@x@TC@>
    gpu.return
  }
}
)mlir";

class MmaTest : public ::testing::TestWithParam<MmaKind> {};

TEST_P(MmaTest, MatchesPlainMatrixMultiply) {
  const MmaLayout &layout = getMmaLayout(GetParam());
  // Every kind is on gfx950 but gfx942's fp8 kinds (FNUZ encodings).
  std::string chip =
      isMmaKindOnChip(GetParam(), *lookupChip("gfx950")) ? "gfx950" : "gfx942";
  MLIRContext types;
  auto typeName = [&](MmaOperand operand) {
    std::string text;
    llvm::raw_string_ostream(text) << layout.getElementType(operand, &types);
    return text;
  };
  KernelModule module(substitute(
      kKernel, {{"K", std::to_string(layout.kPerLane)},
                {"N", std::to_string(layout.accPerLane)},
                {"TA", typeName(MmaOperand::A)},
                {"TB", typeName(MmaOperand::B)},
                {"TC", typeName(MmaOperand::Acc)},
                {"CHIP", chip},
                {"KIND", stringifyMmaKind(GetParam()).str()},
                {"SCALE", layout.scaled ? "%s = arith.constant dense<1.0> : "
                                          "vector<1xf8E8M0FNU>"
                                        : ""},
                {"SCALES", layout.scaled ? "scales %s, %s" : ""},
                {"SCALETYPES", layout.scaled ? ", vector<1xf8E8M0FNU>, "
                                               "vector<1xf8E8M0FNU>"
                                             : ""}}));
  ASSERT_TRUE(module.parsed()) << module.allDiagnostics();

  // Small integers (exact in every input type) from a fixed pattern.
  int64_t m = layout.m, n = layout.n, k = layout.k;
  std::vector<int64_t> a(m * k), b(k * n), c(m * n);
  for (int64_t i = 0; i < m * k; ++i)
    a[i] = (i * 7 + 3) % 9 - 4;
  for (int64_t i = 0; i < k * n; ++i)
    b[i] = (i * 5 + 1) % 7 - 3;
  for (int64_t i = 0; i < m * n; ++i)
    c[i] = (i * 3) % 11 - 5;

  auto kindOf = [&](MmaOperand operand) {
    return *getElementKind(layout.getElementType(operand, &module.context));
  };
  SmallVector<Buffer> args;
  args.emplace_back(kindOf(MmaOperand::A),
                    ArrayRef<int64_t>{64, layout.kPerLane});
  args.emplace_back(kindOf(MmaOperand::B),
                    ArrayRef<int64_t>{64, layout.kPerLane});
  args.emplace_back(kindOf(MmaOperand::Acc),
                    ArrayRef<int64_t>{64, layout.accPerLane});
  args.emplace_back(kindOf(MmaOperand::Acc),
                    ArrayRef<int64_t>{64, layout.accPerLane});
  for (int64_t lane = 0; lane < 64; ++lane) {
    for (int64_t s = 0; s < layout.kPerLane; ++s) {
      auto [ar, ac] = layout.getCoordinate(MmaOperand::A, lane, s);
      auto [br, bc] = layout.getCoordinate(MmaOperand::B, lane, s);
      setAt(args[0], lane * layout.kPerLane + s, a[ar * k + ac]);
      setAt(args[1], lane * layout.kPerLane + s, b[br * n + bc]);
    }
    for (int64_t s = 0; s < layout.accPerLane; ++s) {
      auto [cr, cc] = layout.getCoordinate(MmaOperand::Acc, lane, s);
      setAt(args[2], lane * layout.accPerLane + s, c[cr * n + cc]);
    }
  }
  ASSERT_TRUE(succeeded(module.run("mma", args))) << module.allDiagnostics();

  for (int64_t lane = 0; lane < 64; ++lane) {
    for (int64_t s = 0; s < layout.accPerLane; ++s) {
      auto [row, col] = layout.getCoordinate(MmaOperand::Acc, lane, s);
      int64_t expected = c[row * n + col];
      for (int64_t kk = 0; kk < k; ++kk)
        expected += a[row * k + kk] * b[kk * n + col];
      EXPECT_EQ(intAt(args[3], lane * layout.accPerLane + s), expected)
          << "D[" << row << "][" << col << "] (lane " << lane << ", slot " << s
          << ")";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllKinds, MmaTest, ::testing::ValuesIn(kAllMmaKinds),
                         [](const ::testing::TestParamInfo<MmaKind> &info) {
                           return stringifyMmaKind(info.param).str();
                         });

/// i8 products wrap in the i32 accumulator: 127 * 127 * 32 + 2^31 - 1.
TEST(MmaWrap, IntegerAccumulatorWraps) {
  const MmaLayout &layout = getMmaLayout(MmaKind::i32_16x16x32_i8);
  KernelModule module(substitute(kKernel, {{"K", "8"},
                                           {"N", "4"},
                                           {"TA", "i8"},
                                           {"TB", "i8"},
                                           {"TC", "i32"},
                                           {"CHIP", "gfx942"},
                                           {"KIND", "i32_16x16x32_i8"},
                                           {"SCALE", ""},
                                           {"SCALES", ""},
                                           {"SCALETYPES", ""}}));
  ASSERT_TRUE(module.parsed()) << module.allDiagnostics();
  SmallVector<Buffer> args;
  args.emplace_back(ElementKind::I8, ArrayRef<int64_t>{64, 8});
  args.emplace_back(ElementKind::I8, ArrayRef<int64_t>{64, 8});
  args.emplace_back(ElementKind::I32, ArrayRef<int64_t>{64, 4});
  args.emplace_back(ElementKind::I32, ArrayRef<int64_t>{64, 4});
  for (int64_t i = 0; i < 64 * 8; ++i) {
    setAt(args[0], i, 127);
    setAt(args[1], i, -128);
  }
  for (int64_t i = 0; i < 64 * 4; ++i)
    setAt(args[2], i, INT32_MIN);
  ASSERT_TRUE(succeeded(module.run("mma", args))) << module.allDiagnostics();
  // INT32_MIN + 32 * (127 * -128) wraps to INT32_MAX - 520191.
  int64_t expected = int64_t(INT32_MIN) + layout.k * 127 * -128;
  expected += int64_t(1) << 32;
  for (int64_t i = 0; i < 64 * 4; ++i)
    EXPECT_EQ(intAt(args[3], i), expected);
}

/// MMA needs every lane of the wave; under a divergent branch it fails.
TEST(MmaDivergence, PartialWaveIsAnError) {
  KernelModule module(R"mlir(
gpu.module @m {
  gpu.func @mma(%d: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %x = arith.constant dense<1.0> : vector<1xf32>
    %acc = arith.constant dense<0.0> : vector<4xf32>
    %low = arith.cmpi ult, %l, %c32 : index
    scf.if %low {
      %r = wave.mma <f32_16x16x4_f32> %x, %x, %acc
          : vector<1xf32>, vector<1xf32> -> vector<4xf32>
      wave.write %r, %d[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    }
    gpu.return
  }
}
)mlir");
  ASSERT_TRUE(module.parsed()) << module.allDiagnostics();
  SmallVector<Buffer> args;
  args.emplace_back(ElementKind::F32, ArrayRef<int64_t>{64, 4});
  EXPECT_TRUE(failed(module.run("mma", args)));
  EXPECT_NE(module.allDiagnostics().find("wave.mma executed with lanes "
                                         "inactive in wave 0"),
            std::string::npos)
      << module.allDiagnostics();
}

} // namespace
