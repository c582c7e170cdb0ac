//===- LowerMath.cpp - Every math op to instructions or f64 expansions ----===//
//
// convert-gpu-to-rocdl turns most math ops into calls of the ROCm device
// library (OCML), which wave-compile does not link (docs/MathAccuracy.md
// says why). This pass leaves no math op that would become such a call:
//
// * Ops the AMDGPU backend implements itself, from one instruction or its own
//   accurate sequence (floor, ceil, trunc, round, roundeven, fabs, copysign,
//   fma, sqrt, exp, exp2, log, log2, log10), become LLVM intrinsics; bf16
//   ones are computed in f32, f16 transcendentals too.
// * The other functions on f16, bf16 and f32 are expanded into arith ops on
//   f64 and rounded once to the result type: the kernels below keep a
//   relative error under 2^-44, so the result is the correctly rounded one
//   except within 2^-20 ULP of a rounding boundary. f16 and bf16 results are
//   rounded to odd in f32 first, which makes the two roundings one.
// * f64 is accepted where the backend computes it (the first group but the
//   transcendentals); any other op on f64 or on another float type is an error
//   at the op.
// * Under afn (wave-compile --fast-math), tanh, erf, log1p and expm1 take
//   MLIR's f32 polynomial approximations, sin, cos, sincos and tan an f32
//   reduction and series where |x| < 2^16, atan, atan2, asin and acos
//   their expansion in f32, and rsqrt 1 / sqrt(x) in f32 (v_sqrt_f32,
//   v_rcp_f32): within 4 ULP, a fraction of the instructions.
//
// docs/MathAccuracy.md lists each op's lowering and its measured error.
//
//===----------------------------------------------------------------------===//

#include "wave/Conversion/Passes.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

#include <array>
#include <cmath>
#include <limits>

namespace mlir::wave {
#define GEN_PASS_DEF_WAVELOWERMATH
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

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
SmallVector<double> taylor(unsigned count, unsigned first, unsigned step,
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

Type withElement(Type shapeLike, Type element) {
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

  /// ln(x) for any f64 from a narrower float: x = 2^e m with m in
  /// [sqrt(1/2), sqrt(2)), ln m = 2 atanh(s), s = (m - 1) / (m + 1),
  /// |s| < 0.172, by its series to s^25. Zero gives -inf, negatives NaN.
  Value log(Value x) {
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

  /// x^y with IEEE 754 pow's special cases; `isInteger` and `isOdd` say
  /// whether y is an integer and an odd one.
  Value pow(Value x, Value y, Value isInteger, Value isOdd) {
    Value ax = abs(x);
    Value result = exp(mul(y, log(ax)));
    result = sel(isOdd, copysign(result, x), result);
    Value negativeFinite =
        andI(lt(x, 0.0), cmp(arith::CmpFPredicate::ONE, ax, inf()));
    result = sel(andI(negativeFinite, notI(isInteger)), nan(), result);
    Value one = orI(orI(eq(y, 0.0), eq(x, 1.0)),
                    andI(eq(x, -1.0), eq(abs(y), INFINITY)));
    return sel(one, f(1.0), result);
  }

  Value powf(Value x, Value y) {
    Value isInteger = cmp(arith::CmpFPredicate::OEQ, trunc(y), y);
    Value half = mul(y, f(0.5));
    Value isOdd =
        andI(isInteger, cmp(arith::CmpFPredicate::ONE, trunc(half), half));
    return pow(x, y, isInteger, isOdd);
  }

private:
  static SmallVector<double> sinSeries() {
    return taylor(10, 1, 2, 1.0, /*alternate=*/true);
  }
  static SmallVector<double> cosSeries() {
    return taylor(11, 0, 2, 1.0, /*alternate=*/true);
  }
};

/// The float types this pass computes: f16, bf16, f32 and f64.
bool isHandledFloat(Type element) {
  return element.isF16() || element.isBF16() || element.isF32() ||
         element.isF64();
}

/// Ops the backend computes itself on f32 and f16 (these are what LLVM
/// intrinsics become); the first group on f64 too.
bool isExactInstruction(Operation *op) {
  return isa<math::AbsFOp, math::CopySignOp, math::FmaOp, math::SqrtOp,
             math::FloorOp, math::CeilOp, math::TruncOp, math::RoundOp,
             math::RoundEvenOp, math::ClampFOp, math::IsNaNOp, math::IsInfOp,
             math::IsFiniteOp, math::IsNormalOp>(op);
}
bool isTranscendentalInstruction(Operation *op) {
  return isa<math::ExpOp, math::Exp2Op, math::LogOp, math::Log2Op,
             math::Log10Op>(op);
}
bool isExpanded(Operation *op) {
  return isa<math::SinOp, math::CosOp, math::TanOp, math::SincosOp,
             math::AsinOp, math::AcosOp, math::AtanOp, math::Atan2Op,
             math::SinhOp, math::CoshOp, math::TanhOp, math::AsinhOp,
             math::AcoshOp, math::AtanhOp, math::ErfOp, math::ErfcOp,
             math::ExpM1Op, math::Log1pOp, math::CbrtOp, math::PowFOp,
             math::FPowIOp, math::RsqrtOp>(op);
}

/// Whether the op carries `afn` (wave-compile --fast-math).
bool allowsApproximation(Operation *op) {
  auto fastMath = dyn_cast<arith::ArithFastMathInterface>(op);
  arith::FastMathFlagsAttr flags =
      fastMath ? fastMath.getFastMathFlagsAttr() : nullptr;
  return flags &&
         arith::bitEnumContainsAll(flags.getValue(), arith::FastMathFlags::afn);
}

/// Rounds an f64 value to `element` (f32, f16 or bf16) once: f16 and bf16
/// through f32 rounded to odd, which keeps the second rounding exact.
Value roundFromF64(Emitter &e, Value value, Type element, Type shapeLike) {
  Type f32 = withElement(shapeLike, e.b.getF32Type());
  Value narrow = arith::TruncFOp::create(e.b, e.loc, f32, value);
  if (element.isF32())
    return narrow;
  Type i32 = withElement(shapeLike, e.b.getI32Type());
  Value back = arith::ExtFOp::create(e.b, e.loc, e.real, narrow);
  Value inexact = e.cmp(arith::CmpFPredicate::ONE, back, value);
  Value word = arith::BitcastOp::create(e.b, e.loc, i32, narrow);
  Value one = e.constant(i32, e.b.getI32IntegerAttr(1));
  Value even =
      arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::eq,
                            arith::AndIOp::create(e.b, e.loc, word, one),
                            e.constant(i32, e.b.getI32IntegerAttr(0)));
  Value away = e.cmp(arith::CmpFPredicate::OGT, e.abs(value), e.abs(back));
  Value adjusted = e.sel(away, arith::AddIOp::create(e.b, e.loc, word, one),
                         arith::SubIOp::create(e.b, e.loc, word, one));
  word = e.sel(e.andI(inexact, even), adjusted, word);
  Value odd = arith::BitcastOp::create(e.b, e.loc, f32, word);
  return arith::TruncFOp::create(e.b, e.loc, withElement(shapeLike, element),
                                 odd);
}

/// math.ipowi by squaring over every bit of the exponent; a negative
/// exponent gives 1 for a base of 1, +-1 for -1, and 0 otherwise (0 too for
/// a base of 0, where upstream's outlined function divides by zero).
Value expandIPowI(OpBuilder &b, math::IPowIOp op) {
  Location loc = op.getLoc();
  Type type = op.getType();
  Type element = getElementTypeOrSelf(type);
  // index is as wide as the kernels' i64 (the data layout of wave-compile).
  unsigned width = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  auto cst = [&](int64_t v) -> Value {
    auto attr = b.getIntegerAttr(getElementTypeOrSelf(type), v);
    if (auto shaped = dyn_cast<ShapedType>(type))
      return arith::ConstantOp::create(
          b, loc, cast<TypedAttr>(DenseElementsAttr::get(shaped, attr)));
    return arith::ConstantOp::create(b, loc, cast<TypedAttr>(attr));
  };
  Value zero = cst(0), one = cst(1), minusOne = cst(-1);
  Value lower = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper = arith::ConstantIndexOp::create(b, loc, width);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lower, upper, step, ValueRange{one, op.getLhs(), op.getRhs()},
      [&](OpBuilder &nested, Location nestedLoc, Value, ValueRange args) {
        Value result = args[0], base = args[1], exponent = args[2];
        Value bit = arith::CmpIOp::create(
            nested, nestedLoc, arith::CmpIPredicate::ne,
            arith::AndIOp::create(nested, nestedLoc, exponent, one), zero);
        Value product = arith::MulIOp::create(nested, nestedLoc, result, base);
        result =
            arith::SelectOp::create(nested, nestedLoc, bit, product, result);
        base = arith::MulIOp::create(nested, nestedLoc, base, base);
        exponent = arith::ShRUIOp::create(nested, nestedLoc, exponent, one);
        scf::YieldOp::create(nested, nestedLoc,
                             ValueRange{result, base, exponent});
      });
  Value power = loop.getResult(0);
  Value lhs = op.getLhs(), rhs = op.getRhs();
  Value oddExponent =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            arith::AndIOp::create(b, loc, rhs, one), zero);
  Value negativeResult = arith::SelectOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, one),
      one,
      arith::SelectOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs,
                                minusOne),
          arith::SelectOp::create(b, loc, oddExponent, minusOne, one), zero));
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rhs, zero);
  return arith::SelectOp::create(b, loc, negative, negativeResult, power);
}

/// sin, cos, sincos or tan of the scalar `x` under afn: in f32 where
/// |x| < 2^16 (Emitter::fastTrig), else (an scf.if, so only where a lane
/// needs it) the f64 expansion; f16 and bf16 results rounded from f32.
SmallVector<Value> fastTrigonometry(OpBuilder &b, Operation *op, Value x) {
  Location loc = op->getLoc();
  Type element = x.getType();
  Type f32 = b.getF32Type();
  Emitter e(b, loc, f32, f32);
  Value x32 = element.isF32() ? x : arith::ExtFOp::create(b, loc, f32, x);
  Value small =
      e.cmp(arith::CmpFPredicate::OLT, e.abs(x32), e.f(kFastTrigLimit));
  auto pick = [&](std::array<Value, 3> trig) -> SmallVector<Value> {
    if (isa<math::SinOp>(op))
      return {trig[0]};
    if (isa<math::CosOp>(op))
      return {trig[1]};
    if (isa<math::TanOp>(op))
      return {trig[2]};
    return {trig[0], trig[1]};
  };
  auto branch = scf::IfOp::create(
      b, loc, small,
      [&](OpBuilder &thenBuilder, Location thenLoc) {
        Emitter fast(thenBuilder, thenLoc, f32, f32);
        scf::YieldOp::create(thenBuilder, thenLoc, pick(fast.fastTrig(x32)));
      },
      [&](OpBuilder &elseBuilder, Location elseLoc) {
        Emitter accurate(elseBuilder, elseLoc, f32);
        Value wide =
            arith::ExtFOp::create(elseBuilder, elseLoc, accurate.real, x32);
        SmallVector<Value> values;
        if (isa<math::TanOp>(op)) {
          values.push_back(accurate.tan(wide));
        } else {
          auto [sinValue, cosValue] = accurate.sinCos(wide);
          values = pick({sinValue, cosValue, Value()});
        }
        for (Value &value : values)
          value = roundFromF64(accurate, value, f32, f32);
        scf::YieldOp::create(elseBuilder, elseLoc, values);
      });
  SmallVector<Value> results(branch.getResults());
  if (!element.isF32())
    for (Value &result : results)
      result = arith::TruncFOp::create(b, loc, element, result);
  return results;
}

/// atan, atan2, asin or acos of f16, bf16 or f32 scalars under afn: the f64
/// expansion's reductions and series evaluated in f32 (Emitter on f32).
SmallVector<Value> fastInverseTrigonometry(OpBuilder &b, Operation *op,
                                           ValueRange operands) {
  Location loc = op->getLoc();
  Type element = operands[0].getType();
  Type f32 = b.getF32Type();
  Emitter e(b, loc, f32, f32);
  auto arg = [&](unsigned i) -> Value {
    return element.isF32() ? operands[i]
                           : arith::ExtFOp::create(b, loc, f32, operands[i]);
  };
  Value result =
      llvm::TypeSwitch<Operation *, Value>(op)
          .Case([&](math::AtanOp) { return e.atan(arg(0)); })
          .Case([&](math::Atan2Op) { return e.atan2(arg(0), arg(1)); })
          .Case([&](math::AsinOp) { return e.asin(arg(0)); })
          .Case([&](math::AcosOp) { return e.acos(arg(0)); });
  if (!element.isF32())
    result = arith::TruncFOp::create(b, loc, element, result);
  return {result};
}

/// rsqrt of an f16, bf16 or f32 scalar under afn: 1 / sqrt(x) in f32 with
/// afn, which the backend emits as v_rsq_f32 (within 1 ULP, denormal inputs
/// scaled) instead of the f64 expansion's division.
Value fastRsqrt(OpBuilder &b, Location loc, Value x) {
  Type element = x.getType();
  Type f32 = b.getF32Type();
  auto afn =
      arith::FastMathFlagsAttr::get(b.getContext(), arith::FastMathFlags::afn);
  Value x32 = element.isF32() ? x : arith::ExtFOp::create(b, loc, f32, x);
  Value root = math::SqrtOp::create(b, loc, x32, afn);
  Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
  Value result = arith::DivFOp::create(b, loc, one, root, afn);
  return element.isF32() ? result
                         : arith::TruncFOp::create(b, loc, element, result);
}

/// Expands `op` (isExpanded) on f16, bf16 or f32 scalars, `operands`, into
/// f64 arith; returns its results.
SmallVector<Value> expandScalars(OpBuilder &b, Operation *op,
                                 ValueRange operands) {
  Type shapeLike = operands[0].getType();
  Type element = shapeLike;
  Emitter e(b, op->getLoc(), shapeLike);
  auto widen = [&](Value v) -> Value {
    return arith::ExtFOp::create(b, op->getLoc(), e.real, v);
  };
  auto arg = [&](unsigned i) { return widen(operands[i]); };
  if (isa<math::SinOp, math::CosOp, math::SincosOp, math::TanOp>(op) &&
      allowsApproximation(op))
    return fastTrigonometry(b, op, operands[0]);
  if (isa<math::AtanOp, math::Atan2Op, math::AsinOp, math::AcosOp>(op) &&
      allowsApproximation(op))
    return fastInverseTrigonometry(b, op, operands);
  if (isa<math::RsqrtOp>(op) && allowsApproximation(op))
    return {fastRsqrt(b, op->getLoc(), operands[0])};
  SmallVector<Value> results =
      llvm::TypeSwitch<Operation *, SmallVector<Value>>(op)
          .Case([&](math::SinOp) {
            return SmallVector<Value>{e.sinCos(arg(0)).first};
          })
          .Case([&](math::CosOp) {
            return SmallVector<Value>{e.sinCos(arg(0)).second};
          })
          .Case([&](math::SincosOp) {
            auto [s, c] = e.sinCos(arg(0));
            return SmallVector<Value>{s, c};
          })
          .Case([&](math::TanOp) { return SmallVector<Value>{e.tan(arg(0))}; })
          .Case(
              [&](math::AsinOp) { return SmallVector<Value>{e.asin(arg(0))}; })
          .Case(
              [&](math::AcosOp) { return SmallVector<Value>{e.acos(arg(0))}; })
          .Case(
              [&](math::AtanOp) { return SmallVector<Value>{e.atan(arg(0))}; })
          .Case([&](math::Atan2Op) {
            return SmallVector<Value>{e.atan2(arg(0), arg(1))};
          })
          .Case(
              [&](math::SinhOp) { return SmallVector<Value>{e.sinh(arg(0))}; })
          .Case(
              [&](math::CoshOp) { return SmallVector<Value>{e.cosh(arg(0))}; })
          .Case(
              [&](math::TanhOp) { return SmallVector<Value>{e.tanh(arg(0))}; })
          .Case([&](math::AsinhOp) {
            return SmallVector<Value>{e.asinh(arg(0))};
          })
          .Case([&](math::AcoshOp) {
            return SmallVector<Value>{e.acosh(arg(0))};
          })
          .Case([&](math::AtanhOp) {
            return SmallVector<Value>{e.atanh(arg(0))};
          })
          .Case([&](math::ErfOp) { return SmallVector<Value>{e.erf(arg(0))}; })
          .Case(
              [&](math::ErfcOp) { return SmallVector<Value>{e.erfc(arg(0))}; })
          .Case([&](math::ExpM1Op) {
            return SmallVector<Value>{e.expm1(arg(0))};
          })
          .Case([&](math::Log1pOp) {
            return SmallVector<Value>{e.log1p(arg(0))};
          })
          .Case(
              [&](math::CbrtOp) { return SmallVector<Value>{e.cbrt(arg(0))}; })
          .Case([&](math::PowFOp) {
            return SmallVector<Value>{e.powf(arg(0), arg(1))};
          })
          .Case([&](math::FPowIOp) {
            Value n = operands[1];
            if (n.getType().isIndex())
              n = arith::IndexCastOp::create(b, e.loc, b.getI64Type(), n);
            Type intType = n.getType();
            auto intCst = [&](int64_t v) -> Value {
              auto attr = b.getIntegerAttr(getElementTypeOrSelf(intType), v);
              if (auto shaped = dyn_cast<ShapedType>(intType))
                return arith::ConstantOp::create(
                    b, e.loc,
                    cast<TypedAttr>(DenseElementsAttr::get(shaped, attr)));
              return arith::ConstantOp::create(b, e.loc, cast<TypedAttr>(attr));
            };
            Value isOdd = arith::CmpIOp::create(
                b, e.loc, arith::CmpIPredicate::ne,
                arith::AndIOp::create(b, e.loc, n, intCst(1)), intCst(0));
            Value y = arith::SIToFPOp::create(b, e.loc, e.real, n);
            Value isInteger =
                e.constant(e.i1, b.getIntegerAttr(b.getI1Type(), 1));
            return SmallVector<Value>{e.pow(arg(0), y, isInteger, isOdd)};
          })
          .Case([&](math::RsqrtOp) {
            return SmallVector<Value>{e.div(e.f(1.0), e.sqrt(arg(0)))};
          })
          .Default([](Operation *) { return SmallVector<Value>{}; });
  for (Value &result : results)
    result = roundFromF64(e, result, element, shapeLike);
  return results;
}

/// Expands `op` element by element: the chips have no vector f64 arithmetic
/// (the backend splits vectors anyway), and LLVM 22's AMDGPU instruction
/// selection crashes on some <1 x double> operations.
SmallVector<Value> expandInF64(OpBuilder &b, Operation *op) {
  auto vectorType = dyn_cast<VectorType>(op->getResult(0).getType());
  if (!vectorType)
    return expandScalars(b, op, op->getOperands());
  Location loc = op->getLoc();
  int64_t count = vectorType.getNumElements();
  SmallVector<Value> flat;
  for (Value operand : op->getOperands()) {
    auto type = cast<VectorType>(operand.getType());
    auto flatType = VectorType::get({count}, type.getElementType());
    flat.push_back(type.getRank() == 1 ? operand
                                       : vector::ShapeCastOp::create(
                                             b, loc, flatType, operand));
  }
  SmallVector<SmallVector<Value>> elements(op->getNumResults());
  for (int64_t i = 0; i < count; ++i) {
    SmallVector<Value> scalars;
    for (Value operand : flat)
      scalars.push_back(vector::ExtractOp::create(b, loc, operand, i));
    for (auto [k, result] : llvm::enumerate(expandScalars(b, op, scalars)))
      elements[k].push_back(result);
  }
  SmallVector<Value> results;
  for (auto [k, parts] : llvm::enumerate(elements)) {
    auto resultType = cast<VectorType>(op->getResult(k).getType());
    Value result = vector::FromElementsOp::create(
        b, loc, VectorType::get({count}, resultType.getElementType()), parts);
    if (resultType.getRank() != 1)
      result = vector::ShapeCastOp::create(b, loc, resultType, result);
    results.push_back(result);
  }
  return results;
}

/// Replaces an op the backend computes by its LLVM intrinsic, in f32 for
/// bf16 (and for f16 transcendentals, whose f16 instructions are less
/// accurate than a rounded f32 result).
LogicalResult lowerToIntrinsic(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  Type operandType = op->getOperand(0).getType();
  Type element = getElementTypeOrSelf(operandType);
  bool widen =
      element.isBF16() || (element.isF16() && isTranscendentalInstruction(op));
  Type computeType =
      widen ? withElement(operandType, b.getF32Type()) : operandType;
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(
        widen ? arith::ExtFOp::create(b, loc, computeType, operand) : operand);
  LLVM::FastmathFlagsAttr flags;
  if (auto fastMath = dyn_cast<arith::ArithFastMathInterface>(op))
    if (arith::FastMathFlagsAttr attr = fastMath.getFastMathFlagsAttr())
      flags = LLVM::FastmathFlagsAttr::get(
          b.getContext(),
          arith::convertArithFastMathFlagsToLLVM(attr.getValue()));
  auto create = [&](auto tag) -> Value {
    using OpTy = decltype(tag);
    auto created = OpTy::create(b, loc, computeType, operands);
    if (flags)
      created->setAttr(created.getFastmathAttrName(), flags);
    return created;
  };
  // convert-gpu-to-rocdl turns llvm.intr.floor, ceil, exp, exp2, log, log2
  // and log10 into OCML calls (f32 exp and log excepted); a generic
  // intrinsic call is left alone and translates to the same intrinsic.
  auto call = [&](StringRef name) -> Value {
    return LLVM::CallIntrinsicOp::create(
               b, loc, TypeRange{computeType}, b.getStringAttr(name), operands,
               flags ? flags
                     : LLVM::FastmathFlagsAttr::get(b.getContext(),
                                                    LLVM::FastmathFlags::none))
        .getResult(0);
  };
  auto classify = [&](int32_t mask) -> Value {
    return LLVM::IsFPClass::create(b, loc, op->getResult(0).getType(),
                                   operands[0], mask);
  };
  // llvm.is.fpclass masks: nan 3, inf 4|512, finite 8..256, normal 8|256.
  Value result =
      llvm::TypeSwitch<Operation *, Value>(op)
          .Case([&](math::AbsFOp) { return create(LLVM::FAbsOp()); })
          .Case([&](math::CopySignOp) { return create(LLVM::CopySignOp()); })
          .Case([&](math::FmaOp) { return create(LLVM::FMAOp()); })
          .Case([&](math::SqrtOp) { return create(LLVM::SqrtOp()); })
          .Case([&](math::FloorOp) { return call("llvm.floor"); })
          .Case([&](math::CeilOp) { return call("llvm.ceil"); })
          .Case([&](math::TruncOp) { return create(LLVM::FTruncOp()); })
          .Case([&](math::RoundOp) { return create(LLVM::RoundOp()); })
          .Case([&](math::RoundEvenOp) { return create(LLVM::RoundEvenOp()); })
          .Case([&](math::ExpOp) { return call("llvm.exp"); })
          .Case([&](math::Exp2Op) { return call("llvm.exp2"); })
          .Case([&](math::LogOp) { return call("llvm.log"); })
          .Case([&](math::Log2Op) { return call("llvm.log2"); })
          .Case([&](math::Log10Op) { return call("llvm.log10"); })
          .Case([&](math::ClampFOp clamp) -> Value {
            // The op's definition: maximumf(minimumf(value, min), max), as
            // upstream's expansion reads it.
            Value low =
                arith::MinimumFOp::create(b, loc, operands[0], operands[1]);
            return arith::MaximumFOp::create(b, loc, low, operands[2]);
          })
          .Case([&](math::IsNaNOp) { return classify(3); })
          .Case([&](math::IsInfOp) { return classify(4 | 512); })
          .Case([&](math::IsFiniteOp) { return classify(504); })
          .Case([&](math::IsNormalOp) { return classify(8 | 256); })
          .Default([](Operation *) { return Value(); });
  if (!result)
    return failure();
  if (widen && isa<FloatType>(getElementTypeOrSelf(result.getType())))
    result =
        arith::TruncFOp::create(b, loc, op->getResult(0).getType(), result);
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
  return success();
}

/// The ops that, under `afn`, take MLIR's f32 polynomial approximations
/// instead of the f64 expansions: the ones whose approximation stays within
/// a few ULP over the whole f32 range (bench/math_accuracy.py --fast-math;
/// MLIR's sin, cos, atan2, cbrt and erfc approximations lose the result for
/// large or denormal arguments, and its atan is off by 40 ULP).
bool isApproximatedUnderAfn(Operation *op) {
  if (!isa<math::TanhOp, math::ErfOp, math::Log1pOp, math::ExpM1Op>(op))
    return false;
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  return allowsApproximation(op) &&
         (element.isF32() || element.isF16() || element.isBF16());
}

/// Rewrites `ops` (isApproximatedUnderAfn) with MLIR's f32 polynomial
/// approximations, f16 and bf16 through f32.
LogicalResult approximate(MLIRContext *context, ArrayRef<Operation *> ops) {
  auto approximated = [](StringRef name) {
    return llvm::is_contained(
        {math::TanhOp::getOperationName(), math::ErfOp::getOperationName(),
         math::Log1pOp::getOperationName(), math::ExpM1Op::getOperationName()},
        name);
  };
  RewritePatternSet patterns(context);
  populateMathF32ExpansionPatterns(patterns, approximated);
  populateMathPolynomialApproximationPatterns(patterns, approximated);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  return applyOpPatternsGreedily(ops, std::move(patterns), config);
}

/// The float element type an op computes on, or null for integer ops.
Type getFloatElement(Operation *op) {
  for (Value operand : op->getOperands())
    if (auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(operand)))
      return floatType;
  return {};
}

struct LowerMathPass : public wave::impl::WaveLowerMathBase<LowerMathPass> {
  using Base::Base;

  /// Checks that `op` can be lowered for its type; emits the error if not.
  LogicalResult check(Operation *op) {
    for (Type type : op->getOperandTypes()) {
      auto vector = dyn_cast<VectorType>(type);
      if ((vector && vector.isScalable()) ||
          (!vector && !type.isIntOrIndexOrFloat()))
        return op->emitError() << "wave-lower-math lowers math ops on scalars "
                                  "and fixed-size vectors, not "
                               << type;
    }
    Type element = getFloatElement(op);
    if (!element)
      return success();
    if (!isHandledFloat(element))
      return op->emitError()
             << "'" << op->getName() << "' on " << element
             << " cannot be compiled: wave-lower-math computes math ops on "
                "f16, bf16, f32 and f64 only";
    if (element.isF64() && !isExactInstruction(op))
      return op->emitError()
             << "'" << op->getName()
             << "' on f64 cannot be compiled: its only AMDGPU implementation "
                "is the ROCm device library (OCML), which wave-compile does "
                "not link, and wave-lower-math expands f16, bf16 and f32 "
                "only (f64 takes abs, copysign, fma, sqrt, floor, ceil, "
                "trunc, round, roundeven, clampf and the classifications)";
    return success();
  }

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()))
        ops.push_back(op);
    });
    bool failed = false;
    for (Operation *op : ops)
      failed |= mlir::failed(check(op));
    if (failed)
      return signalPassFailure();

    SmallVector<Operation *> fast;
    for (Operation *op : ops)
      if (isApproximatedUnderAfn(op))
        fast.push_back(op);
    if (!fast.empty()) {
      numApproximated = fast.size();
      // MLIR's erf approximation gives erf(-0) = +0: the sign goes back on.
      for (Operation *op : fast) {
        if (!isa<math::ErfOp>(op))
          continue;
        OpBuilder after(op->getContext());
        after.setInsertionPointAfter(op);
        Value result = op->getResult(0);
        Value withSign = math::CopySignOp::create(after, op->getLoc(), result,
                                                  op->getOperand(0));
        result.replaceAllUsesExcept(withSign, withSign.getDefiningOp());
      }
      if (mlir::failed(approximate(&getContext(), fast)))
        return signalPassFailure();
      ops.clear();
      getOperation().walk([&](Operation *op) {
        if (isa<math::MathDialect>(op->getDialect()))
          ops.push_back(op);
      });
    }

    OpBuilder builder(&getContext());
    for (Operation *op : ops) {
      builder.setInsertionPoint(op);
      if (auto ipowi = dyn_cast<math::IPowIOp>(op)) {
        op->getResult(0).replaceAllUsesWith(expandIPowI(builder, ipowi));
        op->erase();
        ++numExpanded;
        continue;
      }
      if (!isExpanded(op))
        continue;
      SmallVector<Value> results = expandInF64(builder, op);
      op->replaceAllUsesWith(results);
      op->erase();
      ++numExpanded;
    }
    if (!intrinsics)
      return;
    // The ops left, the user's and those the expansions made, to the
    // backend's instructions; integer ops stay for convert-gpu-to-rocdl.
    SmallVector<Operation *> left;
    getOperation().walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()) && getFloatElement(op))
        left.push_back(op);
    });
    for (Operation *op : left) {
      builder.setInsertionPoint(op);
      if (mlir::succeeded(lowerToIntrinsic(builder, op)))
        ++numIntrinsics;
    }
  }
};

} // namespace
