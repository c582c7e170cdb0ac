//===- Fp8Test.cpp - The interpreter's 8-bit float conversions ------------===//
//
// The conversions between f32 (and f16) and MLIR's four 8-bit float types
// are arith.truncf and arith.extf as MLIR defines them, which is APFloat's
// convert with round-to-nearest-even: checked exhaustively against APFloat
// (every fp8 value, every f16 value, a stride through f32 plus every tie and
// its neighbours), against hand-computed values of each format's edges, and
// through arith.truncf/extf in a kernel.
//
//===----------------------------------------------------------------------===//

#include "FloatCases.h"
#include "KernelTestUtils.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"

#include <cmath>

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::testing;

namespace {

struct Format {
  ElementKind kind;
  const llvm::fltSemantics &(*semantics)();
  const char *name;
};

const Format kFormats[] = {
    {ElementKind::F8E4M3FNUZ, llvm::APFloat::Float8E4M3FNUZ, "f8E4M3FNUZ"},
    {ElementKind::F8E5M2FNUZ, llvm::APFloat::Float8E5M2FNUZ, "f8E5M2FNUZ"},
    {ElementKind::F8E4M3FN, llvm::APFloat::Float8E4M3FN, "f8E4M3FN"},
    {ElementKind::F8E5M2, llvm::APFloat::Float8E5M2, "f8E5M2"},
};

/// APFloat's arith.truncf of `x` (exact in double) to `format`, as bits.
uint64_t apTrunc(const Format &format, double x) {
  llvm::APFloat value(x);
  bool losesInfo;
  value.convert(format.semantics(), llvm::APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.bitcastToAPInt().getZExtValue();
}

class Fp8Test : public ::testing::TestWithParam<Format> {};

// extf: every one of the 256 codes decodes as APFloat decodes it.
TEST_P(Fp8Test, ExtendMatchesAPFloatForEveryCode) {
  const Format &format = GetParam();
  for (uint64_t bits = 0; bits < 256; ++bits) {
    llvm::APFloat value(format.semantics(), llvm::APInt(8, bits));
    EXPECT_TRUE(
        sameFloat(floatFromBits(format.kind, bits), value.convertToDouble()))
        << format.name << " 0x" << std::hex << bits;
  }
}

// truncf from f16: every f16 value (each is exact in double).
TEST_P(Fp8Test, TruncateMatchesAPFloatForEveryHalf) {
  const Format &format = GetParam();
  for (uint64_t bits = 0; bits < 65536; ++bits) {
    llvm::APFloat half(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits));
    double x = half.convertToDouble();
    EXPECT_EQ(floatToBits(format.kind, x), apTrunc(format, x))
        << format.name << " from f16 0x" << std::hex << bits;
  }
}

// truncf from f32: every code, the ties half way between neighbouring
// codes (and past the largest finite one) with their f32 neighbours, and a
// stride through all f32 bit patterns.
TEST_P(Fp8Test, TruncateMatchesAPFloatForFloats) {
  const Format &format = GetParam();
  auto check = [&](float x) {
    EXPECT_EQ(floatToBits(format.kind, x), apTrunc(format, x))
        << format.name << " from f32 " << x << " (0x" << std::hex
        << llvm::bit_cast<uint32_t>(x) << ")";
  };
  std::vector<double> codes;
  for (uint64_t bits = 0; bits < 256; ++bits) {
    double v = floatFromBits(format.kind, bits);
    if (std::isfinite(v))
      codes.push_back(v);
  }
  llvm::sort(codes);
  // One step of the top binade past the largest code: where it overflows.
  double largest = codes.back();
  codes.push_back(largest + (largest - codes[codes.size() - 2]));
  for (size_t i = 0; i + 1 < codes.size(); ++i) {
    float tie = float((codes[i] + codes[i + 1]) / 2);
    for (float x : {float(codes[i]), tie, std::nextafter(tie, -INFINITY),
                    std::nextafter(tie, INFINITY)}) {
      check(x);
      check(-x);
    }
  }
  for (uint64_t bits = 0; bits < (1ull << 32); bits += 65521)
    check(llvm::bit_cast<float>(uint32_t(bits)));
  for (float x : {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1e-30f, -1e-30f,
                  1e30f, -1e30f})
    check(x);
}

INSTANTIATE_TEST_SUITE_P(AllFormats, Fp8Test, ::testing::ValuesIn(kFormats),
                         [](const auto &info) {
                           return std::string(info.param.name);
                         });

TEST(Fp8Edges, HandComputed) {
  using K = ElementKind;
  const FloatCase cases[] = {
      // E4M3FNUZ: bias 8, largest 0x7f = 1.875 * 2^7 = 240, no infinity,
      // no -0, the one NaN 0x80.
      {K::F8E4M3FNUZ, 1.0, 0x40, 1.0},
      {K::F8E4M3FNUZ, 240, 0x7f, 240},
      {K::F8E4M3FNUZ, -240, 0xff, -240},
      {K::F8E4M3FNUZ, 247, 0x7f, 240},         // below the tie: rounds down
      {K::F8E4M3FNUZ, 248, 0x80, NAN},         // tie to 256 (even): overflow
      {K::F8E4M3FNUZ, 0x1p-7, 0x08, 0x1p-7},   // smallest normal
      {K::F8E4M3FNUZ, 0x1p-10, 0x01, 0x1p-10}, // smallest subnormal
      {K::F8E4M3FNUZ, 0x1p-11, 0x00, 0.0},     // tie to 0 (even)
      {K::F8E4M3FNUZ, 0x1.8p-11, 0x01, 0x1p-10},
      {K::F8E4M3FNUZ, -0x1p-11, 0x00, 0.0}, // no -0: +0
      {K::F8E4M3FNUZ, -0.0, 0x00, 0.0},
      {K::F8E4M3FNUZ, 1.0625, 0x40, 1.0},  // tie: 1.000 (even)
      {K::F8E4M3FNUZ, 1.1875, 0x42, 1.25}, // tie: 1.010 (even)
      {K::F8E4M3FNUZ, INFINITY, 0x80, NAN},
      {K::F8E4M3FNUZ, -INFINITY, 0x80, NAN},
      {K::F8E4M3FNUZ, NAN, 0x80, NAN},
      // E5M2FNUZ: bias 16, largest 0x7f = 1.75 * 2^15 = 57344.
      {K::F8E5M2FNUZ, 1.0, 0x40, 1.0},
      {K::F8E5M2FNUZ, 57344, 0x7f, 57344},
      {K::F8E5M2FNUZ, 61439, 0x7f, 57344},
      {K::F8E5M2FNUZ, 61440, 0x80, NAN},       // tie to 65536: overflow
      {K::F8E5M2FNUZ, 0x1p-15, 0x04, 0x1p-15}, // smallest normal
      {K::F8E5M2FNUZ, 0x1p-17, 0x01, 0x1p-17}, // smallest subnormal
      {K::F8E5M2FNUZ, -0.0, 0x00, 0.0},
      {K::F8E5M2FNUZ, -INFINITY, 0x80, NAN},
      // E4M3FN: bias 7, largest 0x7e = 1.75 * 2^8 = 448, NaN S.1111.111, no
      // infinity.
      {K::F8E4M3FN, 1.0, 0x38, 1.0},
      {K::F8E4M3FN, 448, 0x7e, 448},
      {K::F8E4M3FN, 464, 0x7e, 448}, // tie: 1.110 (even)
      {K::F8E4M3FN, 465, 0x7f, NAN}, // to 480, the NaN code
      {K::F8E4M3FN, -465, 0xff, -NAN},
      {K::F8E4M3FN, 0x1p-6, 0x08, 0x1p-6}, // smallest normal
      {K::F8E4M3FN, 0x1p-9, 0x01, 0x1p-9}, // smallest subnormal
      {K::F8E4M3FN, -0x1p-10, 0x80, -0.0}, // tie to -0
      {K::F8E4M3FN, -0.0, 0x80, -0.0},
      {K::F8E4M3FN, INFINITY, 0x7f, NAN},
      {K::F8E4M3FN, -INFINITY, 0xff, -NAN},
      {K::F8E4M3FN, NAN, 0x7f, NAN},
      // E5M2: bias 15, IEEE-like: largest 0x7b = 57344, infinity 0x7c.
      {K::F8E5M2, 1.0, 0x3c, 1.0},
      {K::F8E5M2, 57344, 0x7b, 57344},
      {K::F8E5M2, 61439, 0x7b, 57344},
      {K::F8E5M2, 61440, 0x7c, INFINITY}, // tie to 65536: infinity
      {K::F8E5M2, -1e6, 0xfc, -INFINITY},
      {K::F8E5M2, 0x1p-14, 0x04, 0x1p-14}, // smallest normal
      {K::F8E5M2, 0x1p-16, 0x01, 0x1p-16}, // smallest subnormal
      {K::F8E5M2, -0.0, 0x80, -0.0},
      {K::F8E5M2, NAN, 0x7e, NAN},
      {K::F8E5M2, -NAN, 0xfe, -NAN},
  };
  expectFloatCases(cases);
}

// arith.truncf and arith.extf run these conversions: f32 -> fp8 -> f32 and
// f16 -> fp8 -> f16 in a kernel.
constexpr const char *kRoundTrip = R"mlir(
gpu.module @m {
  gpu.func @round_trip(%x: memref<8xf32>, %h: memref<8xf16>,
                       %y: memref<8x@T@>, %z: memref<8xf32>,
                       %hz: memref<8xf16>) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>} {
    %l = gpu.thread_id x
    %v = memref.load %x[%l] : memref<8xf32>
    %t = arith.truncf %v : f32 to @T@
    memref.store %t, %y[%l] : memref<8x@T@>
    %e = arith.extf %t : @T@ to f32
    memref.store %e, %z[%l] : memref<8xf32>
    %hv = memref.load %h[%l] : memref<8xf16>
    %ht = arith.truncf %hv : f16 to @T@
    %he = arith.extf %ht : @T@ to f16
    memref.store %he, %hz[%l] : memref<8xf16>
    gpu.return
  }
}
)mlir";

TEST_P(Fp8Test, TruncAndExtInAKernel) {
  const Format &format = GetParam();
  KernelModule module(substitute(kRoundTrip, {{"T", format.name}}));
  ASSERT_TRUE(module.parsed()) << module.allDiagnostics();
  const double inputs[] = {1.0,  -0.0,  0.3,      -1e9,
                           1e-9, 65504, INFINITY, 0x1.1p-3};
  SmallVector<Buffer> args;
  args.emplace_back(ElementKind::F32, ArrayRef<int64_t>{8});
  args.emplace_back(ElementKind::F16, ArrayRef<int64_t>{8});
  args.emplace_back(format.kind, ArrayRef<int64_t>{8});
  args.emplace_back(ElementKind::F32, ArrayRef<int64_t>{8});
  args.emplace_back(ElementKind::F16, ArrayRef<int64_t>{8});
  for (int64_t i = 0; i < 8; ++i) {
    setAt(args[0], i, inputs[i]);
    setAt(args[1], i, inputs[i]);
  }
  ASSERT_TRUE(succeeded(module.run("round_trip", args)))
      << module.allDiagnostics();
  for (int64_t i = 0; i < 8; ++i) {
    double f32 = floatAt(args[0], i), f16 = floatAt(args[1], i);
    EXPECT_EQ(args[2].getBits(i), apTrunc(format, f32)) << inputs[i];
    EXPECT_TRUE(sameFloat(floatAt(args[3], i),
                          floatFromBits(format.kind, apTrunc(format, f32))))
        << inputs[i];
    EXPECT_TRUE(sameFloat(floatAt(args[4], i),
                          floatFromBits(format.kind, apTrunc(format, f16))))
        << inputs[i];
  }
}

} // namespace
