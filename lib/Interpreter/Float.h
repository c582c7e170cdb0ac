//===- Float.h - Narrow float conversions -----------------------*- C++ -*-===//
//
// f16 and bf16 to and from f32 with round-to-nearest-even, by bit
// manipulation (APFloat is far too slow for an inner loop); the 8-bit float
// formats to and from double, by scaling; the MX element formats (fp4, fp6)
// and E8M0 to double by their codes, from double by APFloat (MX kernels
// convert their inputs once).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_INTERPRETER_FLOAT_H
#define WAVE_LIB_INTERPRETER_FLOAT_H

#include "wave/Interpreter/Buffer.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
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

/// How an 8-bit float format spends its top codes: IEEE-like (E5M2:
/// exponent all ones is infinity or NaN), NaN only where every bit but the
/// sign is set (E4M3FN), or no infinity, no -0 and the one NaN 0x80 (FNUZ).
enum class Fp8NanEncoding { Ieee, AllOnes, NegativeZero };

/// An 8-bit float format: sign, 7 - mantissaBits exponent bits, mantissa.
struct Fp8Format {
  unsigned mantissaBits;
  int bias;
  Fp8NanEncoding nan;

  unsigned exponentMask() const { return (1u << (7 - mantissaBits)) - 1; }
  /// The largest finite magnitude.
  double maxFinite() const {
    int topExponent = int(exponentMask()) - bias;
    switch (nan) {
    case Fp8NanEncoding::Ieee: // The top exponent is infinity and NaN.
      return std::ldexp(2.0 - std::ldexp(1.0, -int(mantissaBits)),
                        topExponent - 1);
    case Fp8NanEncoding::AllOnes: // Mantissa all ones is NaN.
      return std::ldexp(2.0 - std::ldexp(1.0, 1 - int(mantissaBits)),
                        topExponent);
    case Fp8NanEncoding::NegativeZero:
      return std::ldexp(2.0 - std::ldexp(1.0, -int(mantissaBits)), topExponent);
    }
    return 0;
  }
};

// MLIR's f8E4M3FNUZ, f8E5M2FNUZ (gfx942's fp8 and bf8), f8E4M3FN and f8E5M2
// (the OCP formats gfx950 reads).
inline constexpr Fp8Format kF8E4M3FNUZ{3, 8, Fp8NanEncoding::NegativeZero};
inline constexpr Fp8Format kF8E5M2FNUZ{2, 16, Fp8NanEncoding::NegativeZero};
inline constexpr Fp8Format kF8E4M3FN{3, 7, Fp8NanEncoding::AllOnes};
inline constexpr Fp8Format kF8E5M2{2, 15, Fp8NanEncoding::Ieee};

/// The format of an 8-bit float kind.
inline Fp8Format getFp8Format(ElementKind kind) {
  switch (kind) {
  case ElementKind::F8E4M3FNUZ:
    return kF8E4M3FNUZ;
  case ElementKind::F8E5M2FNUZ:
    return kF8E5M2FNUZ;
  case ElementKind::F8E4M3FN:
    return kF8E4M3FN;
  case ElementKind::F8E5M2:
    return kF8E5M2;
  default:
    llvm_unreachable("not an 8-bit float kind");
  }
}

/// The value of `bits` in `format`, exactly (NaN keeps its sign).
inline double fp8BitsToDouble(Fp8Format format, uint8_t bits) {
  unsigned m = format.mantissaBits;
  unsigned exponent = (bits >> m) & format.exponentMask();
  unsigned mantissa = bits & ((1u << m) - 1);
  double sign = bits & 0x80 ? -1.0 : 1.0;
  switch (format.nan) {
  case Fp8NanEncoding::Ieee:
    if (exponent == format.exponentMask())
      return mantissa ? std::copysign(NAN, sign) : sign * INFINITY;
    break;
  case Fp8NanEncoding::AllOnes:
    if ((bits & 0x7f) == 0x7f)
      return std::copysign(NAN, sign);
    break;
  case Fp8NanEncoding::NegativeZero:
    if (bits == 0x80)
      return NAN;
    break;
  }
  int scale = 1 - format.bias - int(m); // Subnormals: mantissa * 2^scale.
  if (exponent == 0)
    return sign * std::ldexp(double(mantissa), scale);
  return sign *
         std::ldexp(double(mantissa | (1u << m)), int(exponent) - 1 + scale);
}

/// `x` rounded to nearest even in `format`, as MLIR's arith.truncf defines
/// it (APFloat): no saturation, so magnitudes that round past the largest
/// finite value are infinity where the format has one (E5M2) and NaN where
/// it has none, as is infinity; NaN is 0x80 in FNUZ (which has no -0: a
/// negative value that rounds to zero is +0), the sign with 0x7f in E4M3FN
/// and, in E5M2, the sign with 0x7e (quiet) and the payload's top bit.
inline uint8_t doubleToFp8Bits(Fp8Format format, double x) {
  uint8_t sign = std::signbit(x) ? 0x80 : 0;
  uint8_t payloadTop = (llvm::bit_cast<uint64_t>(x) >> 50) & 1;
  uint8_t nanBits = format.nan == Fp8NanEncoding::NegativeZero ? 0x80
                    : format.nan == Fp8NanEncoding::AllOnes
                        ? sign | 0x7f
                        : sign | 0x7e | payloadTop;
  uint8_t infBits = format.nan == Fp8NanEncoding::Ieee ? sign | 0x7c : nanBits;
  if (std::isnan(x))
    return nanBits;
  int m = int(format.mantissaBits);
  int minExponent = 1 - format.bias; // Of the smallest normal.
  double magnitude = std::fabs(x);
  if (std::isinf(magnitude))
    return infBits;
  // The spacing of the format around `magnitude` (2^(minExponent - m) for
  // subnormals): dividing by it is exact, and nearbyint rounds to nearest
  // even in the default rounding mode.
  int exponent = magnitude == 0 ? minExponent
                                : std::max(std::ilogb(magnitude), minExponent);
  double ulp = std::ldexp(1.0, exponent - m);
  double rounded = std::nearbyint(magnitude / ulp) * ulp;
  if (rounded > format.maxFinite())
    return infBits;
  if (rounded == 0)
    return format.nan == Fp8NanEncoding::NegativeZero ? 0 : sign;
  int roundedExponent = std::ilogb(rounded);
  if (roundedExponent < minExponent)
    return sign | uint8_t(rounded / ulp);
  unsigned mantissa =
      unsigned(std::ldexp(rounded, m - roundedExponent)) - (1u << m);
  return sign | uint8_t(unsigned(roundedExponent + format.bias) << m) |
         uint8_t(mantissa);
}

/// The OCP MX element formats, which have no infinity and no NaN (MLIR's
/// f4E2M1FN, f6E2M3FN and f6E3M2FN): a sign, `exponentBits` of bias
/// 2^(exponentBits - 1) - 1 whose top code is an ordinary binade, and
/// `mantissaBits`.
struct MxFormat {
  unsigned exponentBits, mantissaBits;
};

inline constexpr MxFormat kF4E2M1FN{2, 1};
inline constexpr MxFormat kF6E2M3FN{2, 3};
inline constexpr MxFormat kF6E3M2FN{3, 2};

/// The format of an MX element kind.
inline MxFormat getMxFormat(ElementKind kind) {
  switch (kind) {
  case ElementKind::F4E2M1FN:
    return kF4E2M1FN;
  case ElementKind::F6E2M3FN:
    return kF6E2M3FN;
  case ElementKind::F6E3M2FN:
    return kF6E3M2FN;
  default:
    llvm_unreachable("not an MX element kind");
  }
}

/// The value of the code in the low bits of `bits` (fp4: 0, 0.5, 1, 1.5, 2,
/// 3, 4, 6 and their negatives; E2M3 up to 7.5; E3M2 up to 28).
inline double mxBitsToDouble(MxFormat format, uint8_t bits) {
  unsigned bias = (1u << (format.exponentBits - 1)) - 1;
  unsigned exponent =
      (bits >> format.mantissaBits) & ((1u << format.exponentBits) - 1);
  double fraction = std::ldexp(double(bits & ((1u << format.mantissaBits) - 1)),
                               -int(format.mantissaBits));
  double magnitude =
      exponent == 0 ? std::ldexp(fraction, 1 - int(bias))
                    : std::ldexp(1.0 + fraction, int(exponent) - int(bias));
  unsigned signBit = format.exponentBits + format.mantissaBits;
  return (bits >> signBit) & 1 ? -magnitude : magnitude;
}

/// `x` rounded to nearest even in the MX element kind `kind`, as arith.truncf
/// defines it (APFloat): magnitudes past the largest saturate to it, a
/// negative value that rounds to zero is -0, and NaN is +-0 by its sign.
/// Infinity, which APFloat makes +-0 too, saturates here like every other
/// overflow.
uint8_t doubleToMxBits(ElementKind kind, double x);

/// The value of an E8M0 scale (MLIR's f8E8M0FNU): 2^(bits - 127), or NaN for
/// 0xFF; there is no sign and no zero.
inline double e8m0BitsToDouble(uint8_t bits) {
  return bits == 0xff ? NAN : std::ldexp(1.0, int(bits) - 127);
}

/// `x` in E8M0 as arith.truncf defines it (APFloat, round to nearest even
/// of the exponent's mantissa-less significand): 0 and values below 2^-127
/// are 0x00 (2^-127), negatives, NaN and what rounds past 2^127 are 0xFF.
uint8_t doubleToE8m0Bits(double x);

} // namespace mlir::wave::interp

#endif // WAVE_LIB_INTERPRETER_FLOAT_H
