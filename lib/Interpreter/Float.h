//===- Float.h - Narrow float conversions -----------------------*- C++ -*-===//
//
// f16 and bf16 to and from f32 with round-to-nearest-even, by bit
// manipulation (APFloat is far too slow for an inner loop).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_INTERPRETER_FLOAT_H
#define WAVE_LIB_INTERPRETER_FLOAT_H

#include "llvm/ADT/bit.h"

#include <cmath>
#include <cstdint>

namespace mlir::wave::interp {

/// An f32 result of an AMDGPU transcendental instruction (v_exp_f32,
/// v_rcp_f32): those flush results below the smallest normal f32 to zero.
inline double flushF32Denormal(double x) {
  return std::fabs(x) < 0x1p-126 ? std::copysign(0.0, x) : x;
}

inline float halfBitsToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  uint32_t bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000 | (mant << 13);
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    bits = sign;
  } else {
    // Subnormal half: exactly mant * 2^-24.
    float value = float(mant) * 5.9604644775390625e-8f;
    return sign ? -value : value;
  }
  return llvm::bit_cast<float>(bits);
}

inline uint16_t floatToHalfBits(float f) {
  uint32_t x = llvm::bit_cast<uint32_t>(f);
  uint16_t sign = (x >> 16) & 0x8000;
  uint32_t absBits = x & 0x7fffffff;
  if (absBits > 0x7f800000) // NaN: keep it quiet.
    return sign | 0x7e00 | ((absBits >> 13) & 0x3ff);
  if (absBits >= 0x477ff000) // Rounds to infinity (65520 and above).
    return sign | 0x7c00;
  if (absBits < 0x38800000) {
    // Subnormal or zero in half: round |f| / 2^-24 to an integer.
    float scaled = llvm::bit_cast<float>(absBits) * 16777216.0f;
    // Round to nearest even through the float adder: adding 2^23 leaves
    // the integer in the low mantissa bits.
    float rounded = (scaled + 8388608.0f) - 8388608.0f;
    return sign | uint16_t(rounded);
  }
  uint32_t mantissaRound = absBits + 0xfff + ((absBits >> 13) & 1);
  return sign | uint16_t((mantissaRound - 0x38000000) >> 13);
}

inline float bf16BitsToFloat(uint16_t b) {
  return llvm::bit_cast<float>(uint32_t(b) << 16);
}

inline uint16_t floatToBf16Bits(float f) {
  uint32_t x = llvm::bit_cast<uint32_t>(f);
  if ((x & 0x7fffffff) > 0x7f800000) // NaN: keep it quiet.
    return uint16_t((x >> 16) | 0x40);
  return uint16_t((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

} // namespace mlir::wave::interp

#endif // WAVE_LIB_INTERPRETER_FLOAT_H
