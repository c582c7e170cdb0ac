//===- LowerMath.h - Emitter of the math expansions -------------*- C++ -*-===//
//
// The arith builder and the kernels (2^t, ln x, the trigonometric reductions,
// ...) that wave-lower-math expands math ops into, shared by LowerMath.cpp
// (f16, bf16 and f32 results, computed in f64 and rounded once) and
// MathF64.cpp (f64 results, in double-double where the last bits need it).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_CONVERSION_LOWERMATH_H
#define WAVE_LIB_CONVERSION_LOWERMATH_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

#include <array>
#include <cmath>
#include <limits>

namespace mlir::wave::lower_math {
constexpr double kPi = 3.141592653589793;
constexpr double kLn2 = 0.6931471805599453;
constexpr double kLog2E = 1.4426950408889634;
constexpr double kSqrt2 = 1.4142135623730951;
constexpr double kSqrt3 = 1.7320508075688772;
// pi/2 as the sum of three doubles, each the nearest to what the ones
// before leave (fdlibm's pio2_1..3 carry 33 bits each; these carry 53, for
// fused multiply-adds).
constexpr double kPio2Hi = 1.5707963267948966;      // 0x3FF921FB54442D18
constexpr double kPio2Mid = 6.123233995736766e-17;  // 0x3C91A62633145C07
constexpr double kPio2Lo = -1.4973849048591698e-33; // 0xB91F1976B7ED8FBC
constexpr double kTwoOverPi = 0.6366197723675814;
// 2/pi in 24-bit chunks: 2/pi = sum c[i] 2^(-24(i+1)) (fdlibm's two_over_pi).
constexpr double kTwoOverPiChunks[10] = {0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1,
                                         0xF534DD, 0xC0DB62, 0x95993C, 0x439041,
                                         0xFE5163, 0xABDEBB};
// From this |x| on the reduction takes 2/pi's bits (Payne and Hanek).
constexpr double kHugeArgument = 0x1p50;
// pi/2 as three floats, for the f32 reduction under afn, and the |x| below
// which it is used.
constexpr float kPio2F1 = float(kPio2Hi);
constexpr float kPio2F2 = float((kPio2Hi - double(kPio2F1)) + kPio2Mid);
constexpr float kPio2F3 =
    float(((kPio2Hi - double(kPio2F1)) - double(kPio2F2)) + kPio2Mid);
constexpr double kFastTrigLimit = 0x1p16;
constexpr double kTanPiOver12 = 0.2679491924311227;

// e^{x^2} erfc(x) on [1, 3], [3, 6] and [6, 10.1], Chebyshev interpolants of
// degree 17 in u = (2x - lo - hi) / (hi - lo), as monomials in u
// (bench/math_coefficients.py prints them; relative error < 1.3e-14).
constexpr double kErfcScaled[3][18] = {
    {0.25539567631050647, -0.1067964618534864, 0.04180275260340651,
     -0.015460637764447258, 0.005440738540765597, -0.0018316642736403662,
     0.0005924699608513456, -0.00018477837868565363, 5.57284943396575e-05,
     -1.6293691213512955e-05, 4.627657305948214e-06, -1.2795406213091605e-06,
     3.4572810155471744e-07, -9.078524006630083e-08, 2.2492486095870858e-08,
     -5.7721081248018915e-09, 1.8808350432664156e-09, -4.277656747338671e-10},
    {0.12248480427384156, -0.03902389294640917, 0.012179532227870413,
     -0.0037279443942041164, 0.0011201614263461038, -0.00033071410380852473,
     9.601433082495152e-05, -2.7431425491580858e-05, 7.717561075389541e-06,
     -2.139391008756011e-06, 5.84631473380764e-07, -1.5764159252048214e-07,
     4.2053168651060996e-08, -1.1005523011438839e-08, 2.740345432054408e-09,
     -7.26681529764998e-10, 2.460183168295771e-10, -5.570655048359183e-11},
    {0.0695569576867905, -0.01744990409328664, 0.0043460723792752036,
     -0.0010747750086587003, 0.0002639472964901027, -6.43806855875137e-05,
     1.5598751711536542e-05, -3.7546946233280973e-06, 8.979709194556499e-07,
     -2.1340651976120622e-07, 5.040458006533309e-08, -1.1831498373619361e-08,
     2.758765068241096e-09, -6.381783990150326e-10, 1.475655153626578e-10,
     -3.6121624210257654e-11, 8.791782117138306e-12, -1.1747639897900318e-12}};
constexpr double kErfcBounds[4] = {1.0, 3.0, 6.0, 10.1};

/// Taylor coefficients c[k] = sign^k * scale^k / k!, k from `first` on with
/// step `step` (sin: first 1, step 2).
inline SmallVector<double> taylor(unsigned count, unsigned first, unsigned step,
                                  double scale = 1.0, bool alternate = false) {
  SmallVector<double> coefficients;
  double factorial = 1.0, power = 1.0;
  unsigned k = 0;
  for (unsigned i = 0; i < count; ++i) {
    unsigned target = first + i * step;
    for (; k < target; ++k) {
      factorial *= double(k + 1);
      power *= scale;
    }
    double sign = alternate && i % 2 == 1 ? -1.0 : 1.0;
    coefficients.push_back(sign * power / factorial);
  }
  return coefficients;
}

inline Type withElement(Type shapeLike, Type element) {
  if (auto vector = dyn_cast<VectorType>(shapeLike))
    return vector.clone(element);
  return element;
}

/// Builds f64 and i64 arith on values of one shape (a scalar or a vector).
class Emitter {
public:
  /// Computes in `realType` (f64 unless given) of the shape of `shapeLike`.
  Emitter(OpBuilder &builder, Location loc, Type shapeLike, Type realType = {})
      : b(builder), loc(loc),
        real(
            withElement(shapeLike, realType ? realType : builder.getF64Type())),
        i64(withElement(shapeLike, builder.getI64Type())),
        i1(withElement(shapeLike, builder.getI1Type())) {}

  OpBuilder &b;
  Location loc;
  Type real, i64, i1;

  Value constant(Type type, Attribute scalar) {
    if (auto shaped = dyn_cast<ShapedType>(type))
      return arith::ConstantOp::create(
          b, loc, cast<TypedAttr>(DenseElementsAttr::get(shaped, scalar)));
    return arith::ConstantOp::create(b, loc, cast<TypedAttr>(scalar));
  }
  Value f(double value) {
    return constant(real, b.getFloatAttr(getElementTypeOrSelf(real), value));
  }
  Value i(int64_t value) { return constant(i64, b.getI64IntegerAttr(value)); }
  Value inf() { return f(std::numeric_limits<double>::infinity()); }
  Value nan() { return f(std::numeric_limits<double>::quiet_NaN()); }

  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value fma(Value x, Value y, Value z) {
    return math::FmaOp::create(b, loc, x, y, z);
  }
  Value abs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value copysign(Value x, Value sign) {
    return math::CopySignOp::create(b, loc, x, sign);
  }
  Value rint(Value x) { return math::RoundEvenOp::create(b, loc, x); }
  Value trunc(Value x) { return math::TruncOp::create(b, loc, x); }
  Value sqrt(Value x) { return math::SqrtOp::create(b, loc, x); }
  Value sel(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value lt(Value x, double y) {
    return cmp(arith::CmpFPredicate::OLT, x, f(y));
  }
  Value gt(Value x, double y) {
    return cmp(arith::CmpFPredicate::OGT, x, f(y));
  }
  Value eq(Value x, double y) {
    return cmp(arith::CmpFPredicate::OEQ, x, f(y));
  }
  Value isNaN(Value x) { return cmp(arith::CmpFPredicate::UNO, x, x); }
  Value icmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value orI(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value notI(Value x) {
    return arith::XOrIOp::create(
        b, loc, x, constant(x.getType(), b.getIntegerAttr(b.getI1Type(), 1)));
  }
  Value bits(Value x) { return arith::BitcastOp::create(b, loc, i64, x); }
  Value fromBits(Value x) { return arith::BitcastOp::create(b, loc, real, x); }
  Value signBit(Value x) {
    Type word = withElement(
        real,
        b.getIntegerType(getElementTypeOrSelf(real).getIntOrFloatBitWidth()));
    Value zero =
        constant(word, b.getIntegerAttr(getElementTypeOrSelf(word), 0));
    return icmp(arith::CmpIPredicate::slt,
                arith::BitcastOp::create(b, loc, word, x), zero);
  }

  /// c[0] + c[1] x + c[2] x^2 + ..., by Horner's rule in fused multiply-adds.
  Value poly(Value x, ArrayRef<double> c) {
    Value result = f(c.back());
    for (double coefficient : llvm::reverse(c.drop_back()))
      result = fma(result, x, f(coefficient));
    return result;
  }

  /// 2^t, relative error < 2^-52 before the last multiply. t is clamped to
  /// [-250, 250], past every f32 result's range; NaN stays NaN.
  Value exp2(Value t) {
    t = sel(gt(t, 250.0), f(250.0), t);
    t = sel(lt(t, -250.0), f(-250.0), t);
    Value n = rint(t);
    Value fraction = sub(t, n); // exact, |fraction| <= 1/2
    // 2^f = e^{f ln 2}: Taylor to degree 13, remainder < 2^-57 on |f| <= 1/2.
    Value p = poly(fraction, taylor(14, 0, 1, kLn2));
    Value safe = sel(isNaN(n), f(0.0), n);
    Value exponent = arith::FPToSIOp::create(b, loc, i64, safe);
    Value scale = fromBits(arith::ShLIOp::create(
        b, loc, arith::AddIOp::create(b, loc, exponent, i(1023)), i(52)));
    return mul(p, scale);
  }

  /// e^x: 2^(x log2 e); rounding the exponent costs |x| 2^-53, < 2^-45 on
  /// the f32 range.
  Value exp(Value x) { return exp2(mul(x, f(kLog2E))); }

  /// x = 2^e m for a normal f64 x > 0, m in [sqrt(1/2), sqrt(2)), from
  /// its bits: e (i64) and m.
  std::pair<Value, Value> splitMantissa(Value x) {
    Value word = bits(x);
    Value exponent = arith::SubIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, word, i(52)), i(1023));
    Value mantissa = fromBits(arith::OrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, word, i(0x000FFFFFFFFFFFFFLL)),
        i(0x3FF0000000000000LL)));
    Value high = gt(mantissa, kSqrt2);
    mantissa = sel(high, mul(mantissa, f(0.5)), mantissa);
    exponent =
        sel(high, arith::AddIOp::create(b, loc, exponent, i(1)), exponent);
    return {exponent, mantissa};
  }

  /// ln(x) for any f64 from a narrower float: x = 2^e m with m in
  /// [sqrt(1/2), sqrt(2)), ln m = 2 atanh(s), s = (m - 1) / (m + 1),
  /// |s| < 0.172, by its series to s^25. Zero gives -inf, negatives NaN.
  Value log(Value x) {
    auto [exponent, mantissa] = splitMantissa(x);
    Value s = div(sub(mantissa, f(1.0)), add(mantissa, f(1.0)));
    Value z = mul(s, s);
    SmallVector<double> series;
    for (unsigned k = 1; k <= 12; ++k)
      series.push_back(2.0 / double(2 * k + 1));
    Value lnM = fma(mul(s, z), poly(z, series), add(s, s));
    Value e = arith::SIToFPOp::create(b, loc, real, exponent);
    Value result = fma(e, f(kLn2), lnM);
    result = sel(eq(x, 0.0), neg(inf()), result);
    result = sel(lt(x, 0.0), nan(), result);
    result = sel(eq(x, INFINITY), x, result);
    return sel(isNaN(x), x, result);
  }

  /// ln(1 + x): Goldberg's ln(u) x / (u - 1) with u = 1 + x rounded.
  Value log1p(Value x) {
    Value u = add(f(1.0), x);
    Value d = sub(u, f(1.0));
    Value result = mul(log(u), div(x, d));
    result = sel(eq(d, 0.0), x, result);
    return sel(eq(x, INFINITY), x, result);
  }

  /// e^x - 1: its Taylor series to x^17 for |x| < 1/2, else e^x - 1.
  Value expm1(Value x) {
    return branch(
        lt(abs(x), 0.5),
        [&](Emitter &e) { return e.mul(x, e.poly(x, taylor(16, 1, 1))); },
        [&](Emitter &e) { return e.sub(e.exp(x), e.f(1.0)); });
  }

  Value sinh(Value x) {
    Value a = abs(x);
    return branch(
        lt(a, 0.5),
        [&](Emitter &e) {
          // x (1 + x^2/3! + x^4/5! + ...) to x^15.
          return e.mul(x, e.poly(e.mul(x, x), taylor(8, 1, 2)));
        },
        [&](Emitter &e) {
          Value exponential = e.exp(a);
          return e.copysign(
              e.mul(e.f(0.5), e.sub(exponential, e.div(e.f(1.0), exponential))),
              x);
        });
  }

  Value cosh(Value x) {
    Value e = exp(abs(x));
    return mul(f(0.5), add(e, div(f(1.0), e)));
  }

  Value tanh(Value x) {
    Value a = abs(x);
    Value t = expm1(add(a, a));
    Value result = sel(gt(a, 20.0), f(1.0), div(t, add(t, f(2.0))));
    return copysign(result, x);
  }

  Value asinh(Value x) {
    Value a = abs(x);
    Value z = mul(a, a);
    Value result = log1p(add(a, div(z, add(f(1.0), sqrt(add(f(1.0), z))))));
    result = sel(gt(a, 1e10), add(log(a), f(kLn2)), result);
    return copysign(result, x);
  }

  Value acosh(Value x) {
    Value t = sub(x, f(1.0));
    Value result = log1p(add(t, sqrt(mul(t, add(x, f(1.0))))));
    result = sel(gt(x, 1e10), add(log(x), f(kLn2)), result);
    // Below 1 (where a large negative x can give a finite form): NaN.
    return sel(lt(x, 1.0), nan(), result);
  }

  Value atanh(Value x) {
    Value a = abs(x);
    Value result = mul(f(0.5), log1p(div(add(a, a), sub(f(1.0), a))));
    return copysign(result, x);
  }

  /// sin(r) and cos(r) for |r| < 1: Taylor to r^19 and r^20.
  Value sinKernel(Value r) { return mul(r, poly(mul(r, r), sinSeries())); }
  Value cosKernel(Value r) { return poly(mul(r, r), cosSeries()); }

  Value quadrantOf(Value k) {
    Value safe = sel(lt(abs(k), 0x1p60), k, f(0.0));
    return arith::AndIOp::create(
        b, loc, arith::FPToSIOp::create(b, loc, i64, safe), i(3));
  }

  /// x = k pi/2 + r with |r| <= pi/4 (about), returns r and k mod 4. Below
  /// 2^50, k = rint(2x/pi) and r by Cody and Waite in three fused
  /// multiply-adds, the first exact there. From 2^50 on (only where a lane
  /// has such an x: an scf.if), Payne and Hanek's reduction by 2/pi's bits.
  std::pair<Value, Value> reduce(Value x) {
    Value k = rint(mul(x, f(kTwoOverPi)));
    Value minusK = neg(k);
    Value r = fma(minusK, f(kPio2Hi), x);
    r = fma(minusK, f(kPio2Mid), r);
    r = fma(minusK, f(kPio2Lo), r);
    Value quadrant = quadrantOf(k);

    Value a = abs(x);
    Value huge = andI(cmp(arith::CmpFPredicate::OGE, a, f(kHugeArgument)),
                      cmp(arith::CmpFPredicate::OLT, a, inf()));
    // Scalar: expandInF64 takes vectors apart.
    auto branch = scf::IfOp::create(
        b, loc, huge,
        [&](OpBuilder &thenBuilder, Location thenLoc) {
          Emitter e(thenBuilder, thenLoc, real);
          auto [hugeR, hugeQuadrant] =
              e.reduceHuge(e.sel(huge, a, e.f(kHugeArgument)), x);
          scf::YieldOp::create(thenBuilder, thenLoc,
                               ValueRange{hugeR, hugeQuadrant});
        },
        [&](OpBuilder &elseBuilder, Location elseLoc) {
          Emitter e(elseBuilder, elseLoc, real);
          scf::YieldOp::create(elseBuilder, elseLoc,
                               ValueRange{e.f(0.0), e.i(0)});
        });
    r = sel(huge, branch.getResult(0), r);
    quadrant = sel(huge, branch.getResult(1), quadrant);
    return {r, quadrant};
  }

  /// Knuth's two-sum: x + y = sum + error exactly.
  std::pair<Value, Value> twoSum(Value x, Value y) {
    Value sum = add(x, y);
    Value yPart = sub(sum, x);
    Value xPart = sub(sum, yPart);
    Value error = add(sub(x, xPart), sub(y, yPart));
    return {sum, error};
  }

  /// Payne and Hanek for a = |x| in [2^50, inf): a = m 2^E with m < 2^24 an
  /// integer, so a (2/pi) mod 4 is the sum over 2/pi's 24-bit chunks c[j]
  /// of m c[j] 2^(E - 24(j+1)), each product exact in f64, from the first
  /// chunk whose term is not a multiple of 4 (j0 = 1 to 4) over six
  /// chunks; the fraction is kept as two doubles (error < 2^-75) and
  /// multiplied by pi/2.
  std::pair<Value, Value> reduceHuge(Value a, Value x) {
    auto iop = [&](auto tag, Value lhs, Value rhs) -> Value {
      using OpTy = decltype(tag);
      return OpTy::create(b, loc, lhs, rhs);
    };
    Value word = bits(a);
    Value exponent =
        iop(arith::SubIOp(), iop(arith::ShRUIOp(), word, i(52)), i(1023 + 23));
    auto pow2 = [&](Value power) {
      return fromBits(
          iop(arith::ShLIOp(), iop(arith::AddIOp(), power, i(1023)), i(52)));
    };
    Value m = mul(a, pow2(iop(arith::SubIOp(), i(0), exponent)));
    Value first =
        iop(arith::SubIOp(),
            iop(arith::DivSIOp(), iop(arith::AddIOp(), exponent, i(22)), i(24)),
            i(1));
    Value shift =
        iop(arith::SubIOp(), exponent,
            iop(arith::MulIOp(), i(24), iop(arith::AddIOp(), first, i(1))));
    auto chunk = [&](int t) {
      Value value = f(kTwoOverPiChunks[4 + t]);
      for (int j0 = 3; j0 >= 1; --j0)
        value = sel(icmp(arith::CmpIPredicate::eq, first, i(j0)),
                    f(kTwoOverPiChunks[j0 + t]), value);
      return value;
    };
    SmallVector<Value> terms;
    for (int t = 0; t < 6; ++t)
      terms.push_back(
          mul(mul(m, chunk(t)), pow2(iop(arith::SubIOp(), shift, i(24 * t)))));
    auto mod4 = [&](Value v) {
      return sub(v, mul(f(4.0), trunc(mul(v, f(0.25)))));
    };
    Value high = mod4(add(mod4(terms[0]), mod4(terms[1])));
    Value low2 = mod4(terms[2]);
    Value n = rint(add(high, low2));
    auto [hi, lo] = twoSum(sub(high, n), low2);
    lo = add(lo, add(terms[3], add(terms[4], terms[5])));
    Value fraction = add(hi, lo);
    Value fractionLo = sub(lo, sub(fraction, hi));
    Value product = mul(fraction, f(kPio2Hi));
    Value productError = fma(fraction, f(kPio2Hi), neg(product));
    Value r = add(product, add(productError, fma(fraction, f(kPio2Mid),
                                                 mul(fractionLo, f(kPio2Hi)))));
    Value negative = lt(x, 0.0);
    r = sel(negative, neg(r), r);
    n = sel(negative, neg(n), n);
    return {r, quadrantOf(n)};
  }
  /// sin, cos and tan of x from sin(r), cos(r) and k mod 4 (of any integer
  /// type) for x = k pi/2 + r; sin(-0) and tan(-0) are -0 (the reductions
  /// give r = +0).
  std::array<Value, 3> byQuadrant(Value x, Value s, Value c, Value quadrant) {
    Type type = quadrant.getType();
    auto integer = [&](int64_t v) {
      return constant(type, b.getIntegerAttr(getElementTypeOrSelf(type), v));
    };
    auto bit = [&](Value value, int64_t mask) {
      return icmp(arith::CmpIPredicate::ne,
                  arith::AndIOp::create(b, loc, value, integer(mask)),
                  integer(0));
    };
    Value odd = bit(quadrant, 1);
    Value sinValue = sel(odd, c, s);
    sinValue = sel(bit(quadrant, 2), neg(sinValue), sinValue);
    Value cosValue = sel(odd, s, c);
    Value cosQuadrant = arith::AddIOp::create(b, loc, quadrant, integer(1));
    cosValue = sel(bit(cosQuadrant, 2), neg(cosValue), cosValue);
    Value tanValue = sel(odd, neg(div(c, s)), div(s, c));
    Value zero = eq(x, 0.0);
    return {sel(zero, x, sinValue), cosValue, sel(zero, x, tanValue)};
  }
  std::pair<Value, Value> sinCos(Value x) {
    auto [r, quadrant] = reduce(x);
    auto [sinValue, cosValue, tanValue] =
        byQuadrant(x, sinKernel(r), cosKernel(r), quadrant);
    return {sinValue, cosValue};
  }
  Value tan(Value x) {
    auto [r, quadrant] = reduce(x);
    return byQuadrant(x, sinKernel(r), cosKernel(r), quadrant)[2];
  }

  /// sin, cos and tan in the emitter's type (f32) for |x| < 2^16 under
  /// afn: k = rint(2x/pi), r by Cody and Waite with pi/2 in three floats,
  /// the Taylor series of sin and cos to r^11 and r^12.
  std::array<Value, 3> fastTrig(Value x) {
    Value k = rint(mul(x, f(kTwoOverPi)));
    Value minusK = neg(k);
    Value r = fma(minusK, f(kPio2F1), x);
    r = fma(minusK, f(kPio2F2), r);
    r = fma(minusK, f(kPio2F3), r);
    Type i32 = withElement(real, b.getI32Type());
    Value quadrant =
        arith::AndIOp::create(b, loc, arith::FPToSIOp::create(b, loc, i32, k),
                              constant(i32, b.getI32IntegerAttr(3)));
    Value z = mul(r, r);
    Value s = mul(r, poly(z, taylor(6, 1, 2, 1.0, /*alternate=*/true)));
    Value c = poly(z, taylor(7, 0, 2, 1.0, /*alternate=*/true));
    return byQuadrant(x, s, c, quadrant);
  }

  /// atan(a) for a >= 0 (inf included): a > 1 through pi/2 - atan(1/a),
  /// b > tan(pi/12) through pi/6 + atan((b sqrt(3) - 1) / (b + sqrt(3))),
  /// then the series to c^29 on |c| <= tan(pi/12) (to c^13 in f32, under
  /// afn, where the next term is below 2^-26 of the result).
  Value atanOfNonNegative(Value a) {
    Value inverted = gt(a, 1.0);
    Value bArg = sel(inverted, div(f(1.0), a), a);
    Value shifted = gt(bArg, kTanPiOver12);
    Value c =
        sel(shifted, div(fma(bArg, f(kSqrt3), f(-1.0)), add(bArg, f(kSqrt3))),
            bArg);
    SmallVector<double> series;
    unsigned terms = getElementTypeOrSelf(real).isF32() ? 7 : 15;
    for (unsigned k = 0; k < terms; ++k)
      series.push_back((k % 2 ? -1.0 : 1.0) / double(2 * k + 1));
    Value result = mul(c, poly(mul(c, c), series));
    result = sel(shifted, add(f(kPi / 6), result), result);
    return sel(inverted, sub(f(kPi / 2), result), result);
  }

  Value atan(Value x) { return copysign(atanOfNonNegative(abs(x)), x); }

  Value atan2(Value y, Value x) {
    Value ax = abs(x), ay = abs(y);
    Value bothInf = andI(eq(ax, INFINITY), eq(ay, INFINITY));
    ax = sel(bothInf, f(1.0), ax);
    ay = sel(bothInf, f(1.0), ay);
    Value swapped = cmp(arith::CmpFPredicate::OGT, ay, ax);
    Value ratio = sel(swapped, div(ax, ay), div(ay, ax));
    ratio = sel(andI(eq(ax, 0.0), eq(ay, 0.0)), f(0.0), ratio);
    Value angle = atanOfNonNegative(ratio);
    angle = sel(swapped, sub(f(kPi / 2), angle), angle);
    angle = sel(signBit(x), sub(f(kPi), angle), angle);
    return copysign(angle, y);
  }

  Value asin(Value x) {
    Value a = abs(x);
    Value cosine = sqrt(mul(sub(f(1.0), a), add(f(1.0), a)));
    return copysign(atanOfNonNegative(div(a, cosine)), x);
  }

  Value acos(Value x) {
    return atan2(sqrt(mul(sub(f(1.0), x), add(f(1.0), x))), x);
  }

  /// erf(x) for |x| < 1: x times its series in x^2 to x^35.
  Value erfSmall(Value x) {
    SmallVector<double> series;
    double factorial = 1.0;
    for (unsigned n = 0; n < 18; ++n) {
      if (n)
        factorial *= double(n);
      series.push_back((n % 2 ? -1.0 : 1.0) * 2.0 / std::sqrt(kPi) /
                       (factorial * double(2 * n + 1)));
    }
    return mul(x, poly(mul(x, x), series));
  }

  /// erfc(a) for a in [1, 10.1]: e^{-a^2} times the interpolant of
  /// e^{a^2} erfc(a) on a's interval.
  Value erfcLarge(Value a) {
    Value first = lt(a, kErfcBounds[1]);
    Value second = lt(a, kErfcBounds[2]);
    auto pick = [&](double v0, double v1, double v2) {
      return sel(first, f(v0), sel(second, f(v1), f(v2)));
    };
    auto scale = [&](int j) {
      return 2.0 / (kErfcBounds[j + 1] - kErfcBounds[j]);
    };
    auto offset = [&](int j) {
      return -(kErfcBounds[j + 1] + kErfcBounds[j]) /
             (kErfcBounds[j + 1] - kErfcBounds[j]);
    };
    Value u = fma(a, pick(scale(0), scale(1), scale(2)),
                  pick(offset(0), offset(1), offset(2)));
    Value g = pick(kErfcScaled[0][17], kErfcScaled[1][17], kErfcScaled[2][17]);
    for (int j = 16; j >= 0; --j)
      g = fma(g, u,
              pick(kErfcScaled[0][j], kErfcScaled[1][j], kErfcScaled[2][j]));
    return mul(exp(neg(mul(a, a))), g);
  }

  /// `then(e)` where the scalar `condition` holds, else `otherwise(e)`, as
  /// an scf.if: a wave runs only the arms its lanes need.
  Value branch(Value condition, function_ref<Value(Emitter &)> then,
               function_ref<Value(Emitter &)> otherwise) {
    auto branchOp = scf::IfOp::create(
        b, loc, condition,
        [&](OpBuilder &thenBuilder, Location thenLoc) {
          Emitter e(thenBuilder, thenLoc, real, getElementTypeOrSelf(real));
          scf::YieldOp::create(thenBuilder, thenLoc, then(e));
        },
        [&](OpBuilder &elseBuilder, Location elseLoc) {
          Emitter e(elseBuilder, elseLoc, real, getElementTypeOrSelf(real));
          scf::YieldOp::create(elseBuilder, elseLoc, otherwise(e));
        });
    return branchOp.getResult(0);
  }

  /// erf: the series below 1, 1 - erfc beyond (a branch: the two cost
  /// about the same and GELU's arguments often fall on one side).
  Value erf(Value x) {
    Value a = abs(x);
    return branch(
        lt(a, 1.0), [&](Emitter &e) { return e.erfSmall(x); },
        [&](Emitter &e) {
          Value clamped = e.sel(e.gt(a, 10.0), e.f(10.0), a);
          return e.copysign(e.sub(e.f(1.0), e.erfcLarge(clamped)), x);
        });
  }

  Value erfc(Value x) {
    Value a = abs(x);
    return branch(
        lt(a, 1.0), [&](Emitter &e) { return e.sub(e.f(1.0), e.erfSmall(x)); },
        [&](Emitter &e) {
          Value beyond = e.gt(a, kErfcBounds[3]);
          Value clamped = e.sel(beyond, e.f(kErfcBounds[3]), a);
          Value tail = e.sel(beyond, e.f(0.0), e.erfcLarge(clamped));
          return e.sel(e.gt(x, 0.0), tail, e.sub(e.f(2.0), tail));
        });
  }

  Value cbrt(Value x) {
    Value a = abs(x);
    Value result = exp(mul(log(a), f(1.0 / 3.0)));
    result = sel(orI(eq(a, 0.0), eq(a, INFINITY)), a, result);
    return copysign(result, x);
  }

  /// |x|^y from |x| and y: e^(y ln |x|), within 2^-44 of it on the
  /// narrower types' range.
  Value powMagnitude(Value ax, Value y) { return exp(mul(y, log(ax))); }

  /// x^y with IEEE 754 pow's special cases, from `magnitude`, which gives
  /// |x|^y for |x| and y; `isInteger` and `isOdd` say whether y is an
  /// integer and an odd one.
  Value pow(Value x, Value y, Value isInteger, Value isOdd,
            function_ref<Value(Value, Value)> magnitude) {
    Value ax = abs(x);
    Value result = magnitude(ax, y);
    result = sel(isOdd, copysign(result, x), result);
    Value negativeFinite =
        andI(lt(x, 0.0), cmp(arith::CmpFPredicate::ONE, ax, inf()));
    result = sel(andI(negativeFinite, notI(isInteger)), nan(), result);
    Value one = orI(orI(eq(y, 0.0), eq(x, 1.0)),
                    andI(eq(x, -1.0), eq(abs(y), INFINITY)));
    return sel(one, f(1.0), result);
  }

  Value powf(Value x, Value y, function_ref<Value(Value, Value)> magnitude) {
    Value isInteger = cmp(arith::CmpFPredicate::OEQ, trunc(y), y);
    Value half = mul(y, f(0.5));
    Value isOdd =
        andI(isInteger, cmp(arith::CmpFPredicate::ONE, trunc(half), half));
    return pow(x, y, isInteger, isOdd, magnitude);
  }

  /// x^n for math.fpowi's integer (or index) exponent n.
  Value fpowi(Value x, Value n, function_ref<Value(Value, Value)> magnitude) {
    if (n.getType().isIndex())
      n = arith::IndexCastOp::create(b, loc, b.getI64Type(), n);
    Type intType = n.getType();
    auto intCst = [&](int64_t v) {
      return constant(intType,
                      b.getIntegerAttr(getElementTypeOrSelf(intType), v));
    };
    Value isOdd = icmp(arith::CmpIPredicate::ne,
                       arith::AndIOp::create(b, loc, n, intCst(1)), intCst(0));
    Value y = arith::SIToFPOp::create(b, loc, real, n);
    Value isInteger = constant(i1, b.getIntegerAttr(b.getI1Type(), 1));
    return pow(x, y, isInteger, isOdd, magnitude);
  }

private:
  static SmallVector<double> sinSeries() {
    return taylor(10, 1, 2, 1.0, /*alternate=*/true);
  }
  static SmallVector<double> cosSeries() {
    return taylor(11, 0, 2, 1.0, /*alternate=*/true);
  }
};

/// Expands `op` (a math function wave-lower-math expands, or exp, exp2,
/// log, log2, log10) on f64 scalars, `operands`, into f64 arith with
/// double-double steps; returns its results (MathF64.cpp).
SmallVector<Value> expandF64Scalars(OpBuilder &b, Operation *op,
                                    ValueRange operands);

} // namespace mlir::wave::lower_math

#endif // WAVE_LIB_CONVERSION_LOWERMATH_H
