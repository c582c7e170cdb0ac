//===- Fp6Test.cpp - The interpreter's fp6 conversions --------------------===//
//
// fp6 (MLIR's f6E2M3FN and f6E3M2FN, the MXFP6 element formats) to and from
// double: every code decodes as APFloat decodes it; truncation is APFloat's
// round-to-nearest-even, saturating, but for infinities, which saturate here
// too; hand-computed edges; and the packing of fp6 four in 3 bytes through
// vector.bitcast in a kernel (element i at bits 6i).
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
  const llvm::fltSemantics &semantics;
};

const Format kFormats[] = {
    {ElementKind::F6E2M3FN, llvm::APFloat::Float6E2M3FN()},
    {ElementKind::F6E3M2FN, llvm::APFloat::Float6E3M2FN()}};

TEST(Fp6, ExtendMatchesAPFloatForEveryCode) {
  for (const Format &format : kFormats)
    for (uint64_t bits = 0; bits < 64; ++bits) {
      llvm::APFloat value(format.semantics, llvm::APInt(6, bits));
      EXPECT_TRUE(
          sameFloat(floatFromBits(format.kind, bits), value.convertToDouble()))
          << getElementKindName(format.kind).str() << " 0x" << std::hex << bits;
    }
}

// Finite inputs (a stride through f32, which meets the ties between codes):
// APFloat.
TEST(Fp6, TruncateMatchesAPFloatForFiniteFloats) {
  for (const Format &format : kFormats)
    for (uint64_t bits = 0; bits < (1ull << 32); bits += 65521) {
      float x = llvm::bit_cast<float>(uint32_t(bits));
      if (std::isinf(x) || std::isnan(x))
        continue;
      llvm::APFloat value(x);
      bool losesInfo;
      value.convert(format.semantics, llvm::APFloat::rmNearestTiesToEven,
                    &losesInfo);
      EXPECT_EQ(floatToBits(format.kind, x),
                value.bitcastToAPInt().getZExtValue())
          << getElementKindName(format.kind).str() << " " << x;
    }
}

TEST(Fp6, HandComputed) {
  using K = ElementKind;
  const FloatCase cases[] = {
      // E2M3: bias 1, subnormals m / 8, largest 1.875 * 2^2 = 7.5; bit 5 the
      // sign.
      {K::F6E2M3FN, 1.0, 0x08, 1.0},
      {K::F6E2M3FN, 3.0, 0x14, 3.0}, // 1.5 * 2^1
      {K::F6E2M3FN, 7.5, 0x1f, 7.5},
      {K::F6E2M3FN, 0.125, 0x01, 0.125}, // the smallest subnormal
      {K::F6E2M3FN, 7.25, 0x1e, 7.0},    // tie: 7 (mantissa 6, even)
      {K::F6E2M3FN, 0.0625, 0x00, 0.0},  // tie: 0 (even)
      {K::F6E2M3FN, -0.0625, 0x20, -0.0},
      {K::F6E2M3FN, 100, 0x1f, 7.5}, // saturates
      {K::F6E2M3FN, -100, 0x3f, -7.5},
      {K::F6E2M3FN, INFINITY, 0x1f, 7.5}, // saturates (APFloat: +0)
      {K::F6E2M3FN, NAN, 0x00, 0.0},      // no NaN: zero of its sign
      {K::F6E2M3FN, -NAN, 0x20, -0.0},
      // E3M2: bias 3, subnormals m / 16, largest 1.75 * 2^4 = 28.
      {K::F6E3M2FN, 1.0, 0x0c, 1.0},
      {K::F6E3M2FN, -3.0, 0x32, -3.0}, // -1.5 * 2^1
      {K::F6E3M2FN, 28.0, 0x1f, 28.0},
      {K::F6E3M2FN, 0.0625, 0x01, 0.0625}, // the smallest subnormal
      {K::F6E3M2FN, 26.0, 0x1e, 24.0},     // tie: 24 (mantissa 2, even)
      {K::F6E3M2FN, 30.0, 0x1f, 28.0},     // saturates
      {K::F6E3M2FN, 0.03125, 0x00, 0.0},   // tie: 0 (even)
      {K::F6E3M2FN, -INFINITY, 0x3f, -28.0},
  };
  expectFloatCases(cases);
}

// Bytes bit cast to fp6: element i is bits 6i .. 6i + 5 of the bytes, byte 0
// lowest; and arith.truncf / extf between f32 and fp6 in a kernel.
TEST(Fp6, PackedBytesAndConversionsInAKernel) {
  KernelModule module(R"mlir(
gpu.module @m {
  gpu.func @unpack(%bytes: memref<3xi8>, %x: memref<4xf32>,
                   %unpacked: memref<4xf32>, %rounded: memref<4xf32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %b = vector.load %bytes[%c0] : memref<3xi8>, vector<3xi8>
    %f6 = vector.bitcast %b : vector<3xi8> to vector<4xf6E2M3FN>
    %f = arith.extf %f6 : vector<4xf6E2M3FN> to vector<4xf32>
    vector.store %f, %unpacked[%c0] : memref<4xf32>, vector<4xf32>
    %v = vector.load %x[%c0] : memref<4xf32>, vector<4xf32>
    %t = arith.truncf %v : vector<4xf32> to vector<4xf6E3M2FN>
    %e = arith.extf %t : vector<4xf6E3M2FN> to vector<4xf32>
    vector.store %e, %rounded[%c0] : memref<4xf32>, vector<4xf32>
    gpu.return
  }
}
)mlir");
  ASSERT_TRUE(module.parsed()) << module.allDiagnostics();
  SmallVector<Buffer> args;
  args.emplace_back(ElementKind::I8, ArrayRef<int64_t>{3});
  args.emplace_back(ElementKind::F32, ArrayRef<int64_t>{4});
  args.emplace_back(ElementKind::F32, ArrayRef<int64_t>{4});
  args.emplace_back(ElementKind::F32, ArrayRef<int64_t>{4});
  // Codes 0x08 (1), 0x1f (7.5), 0x21 (-0.125), 0x14 (3) at bits 0, 6, 12,
  // 18: 0x5217c8, bytes 0xc8 0x17 0x52.
  args[0].setBits(0, 0xc8);
  args[0].setBits(1, 0x17);
  args[0].setBits(2, 0x52);
  const double x[] = {26.0, 0.1, 100.0, -0.03125};
  for (int i = 0; i < 4; ++i)
    setAt(args[1], i, x[i]);
  ASSERT_TRUE(succeeded(module.run("unpack", args))) << module.allDiagnostics();
  const double unpacked[] = {1.0, 7.5, -0.125, 3.0};
  // 0.1 lies between the subnormals 0.0625 and 0.125: nearer 0.125.
  const double rounded[] = {24.0, 0.125, 28.0, -0.0};
  for (int i = 0; i < 4; ++i) {
    EXPECT_TRUE(sameFloat(args[2].getDouble(i), unpacked[i])) << i;
    EXPECT_TRUE(sameFloat(args[3].getDouble(i), rounded[i])) << i;
  }
}

} // namespace
