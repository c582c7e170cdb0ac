//===- Fp4Test.cpp - The interpreter's fp4 and E8M0 conversions -----------===//
//
// fp4 (E2M1, MLIR's f4E2M1FN) and E8M0 (f8E8M0FNU) to and from double:
// every code decodes as APFloat decodes it; truncation is APFloat's
// round-to-nearest-even (saturating in fp4) but for fp4's infinities, which
// saturate here; hand-computed edges; and the packing of fp4 two a byte
// through vector.bitcast in a kernel (element i at bits 4i).
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

uint64_t apTrunc(const llvm::fltSemantics &semantics, double x) {
  llvm::APFloat value(x);
  bool losesInfo;
  value.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return value.bitcastToAPInt().getZExtValue();
}

TEST(Fp4, ExtendMatchesAPFloatForEveryCode) {
  for (uint64_t bits = 0; bits < 16; ++bits) {
    llvm::APFloat value(llvm::APFloat::Float4E2M1FN(), llvm::APInt(4, bits));
    EXPECT_TRUE(sameFloat(floatFromBits(ElementKind::F4E2M1FN, bits),
                          value.convertToDouble()))
        << "0x" << std::hex << bits;
  }
  // E8M0 has no sign bit, so its NaN has none; APFloat's convertToDouble
  // makes that NaN (0xFF) infinity, so NaN is asked of APFloat itself.
  for (uint64_t bits = 0; bits < 256; ++bits) {
    llvm::APFloat value(llvm::APFloat::Float8E8M0FNU(), llvm::APInt(8, bits));
    double ours = floatFromBits(ElementKind::F8E8M0FNU, bits);
    EXPECT_TRUE(value.isNaN() ? std::isnan(ours)
                              : ours == value.convertToDouble())
        << "0x" << std::hex << bits;
  }
}

// Finite inputs (a stride through f32 and the ties between codes): APFloat.
TEST(Fp4, TruncateMatchesAPFloatForFiniteFloats) {
  for (uint64_t bits = 0; bits < (1ull << 32); bits += 65521) {
    float x = llvm::bit_cast<float>(uint32_t(bits));
    if (std::isinf(x))
      continue;
    EXPECT_EQ(floatToBits(ElementKind::F4E2M1FN, x),
              apTrunc(llvm::APFloat::Float4E2M1FN(), x))
        << x;
    EXPECT_EQ(floatToBits(ElementKind::F8E8M0FNU, x),
              apTrunc(llvm::APFloat::Float8E8M0FNU(), x))
        << x;
  }
}

TEST(Fp4, HandComputed) {
  using K = ElementKind;
  const FloatCase cases[] = {
      // E2M1: codes 0, 0.5, 1, 1.5, 2, 3, 4, 6; bit 3 the sign.
      {K::F4E2M1FN, 1.0, 0x2, 1.0},
      {K::F4E2M1FN, 6.0, 0x7, 6.0},
      {K::F4E2M1FN, 0.5, 0x1, 0.5},    // the one subnormal
      {K::F4E2M1FN, 5.0, 0x6, 4.0},    // tie: 4 (1.0 * 2^2, even)
      {K::F4E2M1FN, 0.75, 0x2, 1.0},   // tie: 1 (even), not 0.5
      {K::F4E2M1FN, 2.5, 0x4, 2.0},    // tie: 2 (even)
      {K::F4E2M1FN, 3.5, 0x6, 4.0},    // tie: 4 (even)
      {K::F4E2M1FN, 5.0001, 0x7, 6.0}, // past the tie
      {K::F4E2M1FN, 100, 0x7, 6.0},    // saturates
      {K::F4E2M1FN, -7, 0xf, -6.0},
      {K::F4E2M1FN, 0.25, 0x0, 0.0},   // tie: 0 (even)
      {K::F4E2M1FN, -0.25, 0x8, -0.0}, // tie: -0
      {K::F4E2M1FN, 0.2500001, 0x1, 0.5},
      {K::F4E2M1FN, -0.0, 0x8, -0.0},
      {K::F4E2M1FN, INFINITY, 0x7, 6.0}, // saturates (APFloat: +0)
      {K::F4E2M1FN, -INFINITY, 0xf, -6.0},
      {K::F4E2M1FN, NAN, 0x0, 0.0}, // no NaN: zero of its sign
      {K::F4E2M1FN, -NAN, 0x8, -0.0},
      // E8M0: 2^(bits - 127), 0xFF NaN; no sign, no zero.
      {K::F8E8M0FNU, 1.0, 0x7f, 1.0},
      {K::F8E8M0FNU, 0x1p127, 0xfe, 0x1p127},
      {K::F8E8M0FNU, 0x1p-127, 0x00, 0x1p-127},
      {K::F8E8M0FNU, 3.0, 0x81, 4.0},  // 1.1 * 2^1: tie, to 2^2
      {K::F8E8M0FNU, 0.75, 0x7f, 1.0}, // 1.1 * 2^-1: tie, to 2^0
      {K::F8E8M0FNU, 1.4, 0x7f, 1.0},
      {K::F8E8M0FNU, 0.0, 0x00, 0x1p-127}, // no zero: the smallest
      {K::F8E8M0FNU, -1.0, 0xff, NAN},     // no sign: NaN
      {K::F8E8M0FNU, 0x1p128, 0xff, NAN},
      {K::F8E8M0FNU, NAN, 0xff, NAN},
  };
  expectFloatCases(cases);
}

// Bytes bit cast to fp4: element 2j is the low 4 bits of byte j; and
// arith.truncf / extf between f32 and fp4 in a kernel.
TEST(Fp4, PackedBytesAndConversionsInAKernel) {
  KernelModule module(R"mlir(
gpu.module @m {
  gpu.func @unpack(%bytes: memref<2xi8>, %x: memref<4xf32>,
                   %unpacked: memref<4xf32>, %rounded: memref<4xf32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %b = vector.load %bytes[%c0] : memref<2xi8>, vector<2xi8>
    %f4 = vector.bitcast %b : vector<2xi8> to vector<4xf4E2M1FN>
    %f = arith.extf %f4 : vector<4xf4E2M1FN> to vector<4xf32>
    vector.store %f, %unpacked[%c0] : memref<4xf32>, vector<4xf32>
    %v = vector.load %x[%c0] : memref<4xf32>, vector<4xf32>
    %t = arith.truncf %v : vector<4xf32> to vector<4xf4E2M1FN>
    %e = arith.extf %t : vector<4xf4E2M1FN> to vector<4xf32>
    vector.store %e, %rounded[%c0] : memref<4xf32>, vector<4xf32>
    gpu.return
  }
}
)mlir");
  ASSERT_TRUE(module.parsed()) << module.allDiagnostics();
  SmallVector<Buffer> args;
  args.emplace_back(ElementKind::I8, ArrayRef<int64_t>{2});
  args.emplace_back(ElementKind::F32, ArrayRef<int64_t>{4});
  args.emplace_back(ElementKind::F32, ArrayRef<int64_t>{4});
  args.emplace_back(ElementKind::F32, ArrayRef<int64_t>{4});
  // 0x7a: elements 0x a (-1) and 0x7 (6); 0x13: 0x3 (1.5) and 0x1 (0.5).
  args[0].setBits(0, 0x7a);
  args[0].setBits(1, 0x13);
  const double x[] = {5.0, 0.75, 100.0, -0.25};
  for (int i = 0; i < 4; ++i)
    setAt(args[1], i, x[i]);
  ASSERT_TRUE(succeeded(module.run("unpack", args))) << module.allDiagnostics();
  const double unpacked[] = {-1.0, 6.0, 1.5, 0.5};
  const double rounded[] = {4.0, 1.0, 6.0, -0.0};
  for (int i = 0; i < 4; ++i) {
    EXPECT_TRUE(sameFloat(args[2].getDouble(i), unpacked[i])) << i;
    EXPECT_TRUE(sameFloat(args[3].getDouble(i), rounded[i])) << i;
  }
}

} // namespace
