//===- BufferTest.cpp - Buffers, float encodings, .npy, comparisons -------===//

#include "wave/Interpreter/Buffer.h"
#include "wave/Interpreter/Compare.h"
#include "wave/Interpreter/Npy.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir;
using namespace mlir::wave;

namespace {

TEST(FloatBits, HalfRoundsToNearestEven) {
  EXPECT_EQ(floatToBits(ElementKind::F16, 1.0), 0x3c00u);
  EXPECT_EQ(floatToBits(ElementKind::F16, -2.0), 0xc000u);
  EXPECT_EQ(floatToBits(ElementKind::F16, 65504.0), 0x7bffu);
  // 65520 is halfway between 65504 and the next step: rounds to infinity.
  EXPECT_EQ(floatToBits(ElementKind::F16, 65519.0), 0x7bffu);
  EXPECT_EQ(floatToBits(ElementKind::F16, 65520.0), 0x7c00u);
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to the even 1.
  EXPECT_EQ(floatToBits(ElementKind::F16, 1.0 + std::ldexp(1.0, -11)), 0x3c00u);
  // 1 + 3 * 2^-11 is halfway between 1 + 2^-10 and 1 + 2^-9: to the even
  // 1 + 2^-9.
  EXPECT_EQ(floatToBits(ElementKind::F16, 1.0 + 3 * std::ldexp(1.0, -11)),
            0x3c02u);
  // Subnormals: 2^-24 is the smallest, 2^-25 ties to zero, 3 * 2^-25 to 2.
  EXPECT_EQ(floatToBits(ElementKind::F16, std::ldexp(1.0, -24)), 0x0001u);
  EXPECT_EQ(floatToBits(ElementKind::F16, std::ldexp(1.0, -25)), 0x0000u);
  EXPECT_EQ(floatToBits(ElementKind::F16, 3 * std::ldexp(1.0, -25)), 0x0002u);
  EXPECT_EQ(floatFromBits(ElementKind::F16, 0x0001), std::ldexp(1.0, -24));
  EXPECT_EQ(floatFromBits(ElementKind::F16, 0x3555), 0.333251953125);
  EXPECT_TRUE(std::isinf(floatFromBits(ElementKind::F16, 0xfc00)));
  EXPECT_TRUE(std::isnan(floatFromBits(ElementKind::F16, 0x7e00)));
}

TEST(FloatBits, BFloat16RoundsToNearestEven) {
  EXPECT_EQ(floatToBits(ElementKind::BF16, 1.0), 0x3f80u);
  // 1 + 2^-8 ties to 1; 1 + 3 * 2^-8 ties to the even 1 + 2^-6.
  EXPECT_EQ(floatToBits(ElementKind::BF16, 1.0 + std::ldexp(1.0, -8)), 0x3f80u);
  EXPECT_EQ(floatToBits(ElementKind::BF16, 1.0 + 3 * std::ldexp(1.0, -8)),
            0x3f82u);
  EXPECT_EQ(floatFromBits(ElementKind::BF16, 0xc040), -3.0);
}

TEST(Buffer, StridedLayout) {
  // A 4 x 3 tile in rows of 5 (padding 2) starting at offset 1.
  Buffer buffer(ElementKind::I32, {4, 3}, {5, 1}, 1);
  EXPECT_EQ(buffer.getNumElements(), 12);
  EXPECT_EQ(buffer.getStorageSize(), 1 + 3 * 5 + 2 + 1);
  EXPECT_EQ(buffer.getLinearIndex({2, 1}), 1 + 10 + 1);
  EXPECT_EQ(buffer.getLinearIndexOfElement(7), 1 + 2 * 5 + 1);
  EXPECT_EQ(buffer.getCoordinate(7), (SmallVector<int64_t>{2, 1}));
}

TEST(Buffer, NegativeStridesSpanTheirWholeRange) {
  // Row 3 first: element (i, j) at 3 * 4 - 4 i + j.
  Buffer buffer(ElementKind::I32, {4, 4}, {-4, 1}, 12);
  EXPECT_EQ(buffer.getStorageSize(), 16);
  EXPECT_EQ(buffer.getLinearIndex({0, 3}), 15);
  EXPECT_EQ(buffer.getLinearIndex({3, 0}), 0);
}

TEST(Buffer, LayoutsBeyond63BitsAreRefused) {
  MLIRContext context;
  Type f32 = Float32Type::get(&context);
  std::string reason;
  // 2^62 x 4 elements: more than 2^63.
  EXPECT_FALSE(
      getBufferLayout(MemRefType::get({int64_t(1) << 62, 4}, f32), reason));
  EXPECT_EQ(reason, "memref<4611686018427387904x4xf32> has more elements or "
                    "addresses than fit in 63 bits");
  // A stride that reaches below address 0.
  reason.clear();
  auto backwards = MemRefType::get(
      {4}, f32, StridedLayoutAttr::get(&context, /*offset=*/2, {-1}));
  EXPECT_FALSE(getBufferLayout(backwards, reason));
  // Nothing is allocated to find out: the span is computed.
  std::optional<BufferLayout> large =
      getBufferLayout(MemRefType::get({int64_t(1) << 40}, f32), reason);
  ASSERT_TRUE(large);
  EXPECT_EQ(large->storageSize, int64_t(1) << 40);
  EXPECT_EQ(large->numElements, int64_t(1) << 40);
}

TEST(Buffer, RandomFillIsDeterministic) {
  Buffer a(ElementKind::F16, {64}), b(ElementKind::F16, {64}),
      c(ElementKind::F16, {64});
  a.fillRandom(42);
  b.fillRandom(42);
  c.fillRandom(43);
  bool differs = false;
  for (int64_t i = 0; i < 64; ++i) {
    EXPECT_EQ(a.getBits(i), b.getBits(i));
    differs |= a.getBits(i) != c.getBits(i);
    EXPECT_GE(a.getDouble(i), -1.0);
    EXPECT_LT(a.getDouble(i), 1.0);
  }
  EXPECT_TRUE(differs);
  Buffer ints(ElementKind::I8, {256});
  ints.fillRandom(1);
  for (int64_t i = 0; i < 256; ++i) {
    EXPECT_GE(ints.getDouble(i), -8);
    EXPECT_LT(ints.getDouble(i), 8);
  }
}

TEST(Npy, RoundTrip) {
  Buffer buffer(ElementKind::F16, {2, 3});
  for (int64_t i = 0; i < 6; ++i)
    buffer.setBits(i, floatToBits(ElementKind::F16, 0.5 * i - 1));
  std::string bytes = encodeNpy(buffer);
  // Magic, version 1.0, and a header padded to 64 bytes.
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  size_t headerLength = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8);
  EXPECT_EQ((10 + headerLength) % 64, 0u);
  EXPECT_NE(bytes.find("{'descr': '<f2', 'fortran_order': False, "
                       "'shape': (2, 3), }"),
            std::string::npos);
  EXPECT_EQ(bytes.size(), 10 + headerLength + 6 * 2);

  Buffer back(ElementKind::F16, {2, 3});
  std::string error;
  ASSERT_TRUE(succeeded(decodeNpy(bytes, back, error))) << error;
  for (int64_t i = 0; i < 6; ++i)
    EXPECT_EQ(back.getBits(i), buffer.getBits(i));
}

TEST(Npy, ScalarsAndVectorsHaveNumPyShapes) {
  EXPECT_NE(encodeNpy(Buffer(ElementKind::I32, {})).find("'shape': (), "),
            std::string::npos);
  EXPECT_NE(
      encodeNpy(Buffer(ElementKind::I1, {5}))
          .find("'descr': '|b1', 'fortran_order': False, 'shape': (5,), "),
      std::string::npos);
}

TEST(Npy, StridedBuffersTravelAsTheirLogicalElements) {
  Buffer padded(ElementKind::I16, {2, 2}, {3, 1});
  Buffer dense(ElementKind::I16, {2, 2});
  for (int64_t i = 0; i < 4; ++i) {
    padded.setBits(padded.getLinearIndexOfElement(i), 100 + i);
    dense.setBits(i, 100 + i);
  }
  EXPECT_EQ(encodeNpy(padded), encodeNpy(dense));
}

TEST(Npy, RejectsMismatches) {
  std::string bytes = encodeNpy(Buffer(ElementKind::F32, {4}));
  std::string error;
  Buffer wrongShape(ElementKind::F32, {5});
  EXPECT_TRUE(failed(decodeNpy(bytes, wrongShape, error)));
  EXPECT_EQ(error, "shape (4) does not match the argument's shape (5)");
  error.clear();
  Buffer wrongType(ElementKind::I32, {4});
  EXPECT_TRUE(failed(decodeNpy(bytes, wrongType, error)));
  EXPECT_EQ(error, "dtype '<f4' does not match i32 (expected '<i4')");
  error.clear();
  EXPECT_TRUE(failed(decodeNpy("not numpy", wrongType, error)));
  EXPECT_EQ(error, "not a .npy file");
  // Bytes after the array: the header describes another array.
  error.clear();
  Buffer four(ElementKind::F32, {4});
  EXPECT_TRUE(failed(decodeNpy(bytes + "tail", four, error)));
  EXPECT_EQ(error, "the file holds 4 bytes after its 4 elements");
  // Unsigned data of the right width fills a signless integer buffer.
  std::string unsignedBytes = encodeNpy(Buffer(ElementKind::I32, {4}));
  unsignedBytes.replace(unsignedBytes.find("<i4"), 3, "<u4");
  Buffer ints(ElementKind::I32, {4});
  EXPECT_TRUE(succeeded(decodeNpy(unsignedBytes, ints, error))) << error;
}

TEST(Compare, FloatsWithinTolerance) {
  Buffer actual(ElementKind::F32, {4}), expected(ElementKind::F32, {4});
  double got[] = {1.0, 2.0, 100.5, NAN};
  double want[] = {1.0, 2.001, 100.0, NAN};
  for (int64_t i = 0; i < 4; ++i) {
    actual.setBits(i, floatToBits(ElementKind::F32, got[i]));
    expected.setBits(i, floatToBits(ElementKind::F32, want[i]));
  }
  // |2 - 2.001| = 0.001 <= 0 + 1e-3 * 2.001; |100.5 - 100| = 0.5 > 0.1.
  Comparison loose = compareBuffers(actual, expected, {1e-3, 0});
  EXPECT_EQ(loose.numMismatches, 1);
  EXPECT_EQ(loose.firstMismatch, 2);
  EXPECT_NEAR(loose.maxAbsError, 0.5, 1e-9);
  EXPECT_EQ(loose.maxAbsIndex, 2);
  EXPECT_NEAR(loose.maxRelError, 0.005, 1e-9);
  Comparison exact = compareBuffers(actual, expected, {0, 0});
  EXPECT_EQ(exact.numMismatches, 2);
  EXPECT_EQ(exact.firstMismatch, 1);
  EXPECT_EQ(describeComparison(exact, actual, expected),
            "2 of 4 elements differ; largest absolute error 0.5 at [2], "
            "largest relative error 0.005 at [2]; first difference at [1]: "
            "got 2, expected 2.00099993");
}

TEST(Compare, IntegersBitwise) {
  Buffer actual(ElementKind::I32, {3}), expected(ElementKind::I32, {3});
  for (int64_t i = 0; i < 3; ++i) {
    actual.setBits(i, 1000 + i);
    expected.setBits(i, 1000 + i);
  }
  actual.setBits(1, 1002);
  // Tolerances do not apply to integers.
  Comparison comparison = compareBuffers(actual, expected, {1.0, 10.0});
  EXPECT_EQ(comparison.numMismatches, 1);
  EXPECT_EQ(comparison.firstMismatch, 1);
}

} // namespace
