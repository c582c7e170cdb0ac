//===- FloatCases.h - Hand-computed conversions of small floats -*- C++ -*-===//
//
// What the fp8, fp6 and fp4 conversion tests share: equality that tells
// signs and NaNs apart, and tables of hand-computed truncations.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_UNITTESTS_INTERPRETER_FLOATCASES_H
#define WAVE_UNITTESTS_INTERPRETER_FLOATCASES_H

#include "wave/Interpreter/Buffer.h"

#include "llvm/ADT/ArrayRef.h"

#include "gtest/gtest.h"

#include <cmath>

namespace mlir::wave::testing {

/// The same value and sign, or NaN for NaN of the same sign.
inline bool sameFloat(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b) && std::signbit(a) == std::signbit(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

/// Hand-computed: `x` truncates to `bits` of `kind`, which extend to `back`.
struct FloatCase {
  ElementKind kind;
  double x;
  uint64_t bits;
  double back;
};

inline void expectFloatCases(llvm::ArrayRef<FloatCase> cases) {
  for (const FloatCase &c : cases) {
    EXPECT_EQ(floatToBits(c.kind, c.x), c.bits)
        << getElementKindName(c.kind).str() << " " << c.x;
    EXPECT_TRUE(sameFloat(floatFromBits(c.kind, c.bits), c.back))
        << getElementKindName(c.kind).str() << " 0x" << std::hex << c.bits;
  }
}

} // namespace mlir::wave::testing

#endif // WAVE_UNITTESTS_INTERPRETER_FLOATCASES_H
