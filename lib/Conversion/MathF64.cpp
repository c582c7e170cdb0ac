//===- MathF64.cpp - f64 math functions in double-double steps ------------===//
//
// wave-lower-math's expansions of the f64 functions (no AMDGPU instruction
// or backend sequence computes them; OCML is not linked). The f16, bf16 and
// f32 expansions compute in f64 and round once, which leaves them 29 bits of
// slack; an f64 result has none, so these carry the last bits where they
// would be lost as double-double pairs (hi + lo, built with TwoSum and
// fma's TwoProd): the reduced arguments of exp and of sin and cos, ln m of
// the logarithms, the quotients, and the sums that make the result. Each
// function rounds its pair once at the end, which keeps it within 1 ULP
// (docs/MathAccuracy.md has the measured bounds).
//
//===----------------------------------------------------------------------===//

#include "LowerMath.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wave::lower_math;

namespace {

/// A constant as the double nearest it and the double nearest the rest
/// (bench/math_coefficients.py --f64 prints them).
struct Split {
  double hi, lo;
};
constexpr Split kLn2Split{0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56};
constexpr Split kLog2ESplit{0x1.71547652b82fep+0, 0x1.777d0ffda0d24p-56};
constexpr Split kLog10ESplit{0x1.bcb7b1526e50ep-2, 0x1.95355baaafad3p-57};
constexpr Split kLog10Of2Split{0x1.34413509f79ffp-2, -0x1.9dc1da994fd21p-59};
constexpr Split kPiSplit{0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53};
constexpr Split kPio2Split{0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54};
constexpr Split kPio6Split{0x1.0c152382d7366p-1, -0x1.ee6913347c2a6p-55};
constexpr Split kSqrt3Split{0x1.bb67ae8584caap+0, 0x1.cec95d0b5c1e3p-54};
constexpr Split kTwoThirdsSplit{0x1.5555555555555p-1, 0x1.5555555555555p-55};
constexpr Split kOneSixthSplit{0x1.5555555555555p-3, 0x1.5555555555555p-57};

constexpr Split kTwoOverSqrtPiSplit{0x1.20dd750429b6dp+0,
                                    0x1.1ae3a914fed80p-56};

// e^{x^2} erfc(x) on [0.5, 1.5], [1.5, 3], [3, 6], [6, 10], [10, 16] and
// [16, 27.5]: Chebyshev interpolants of degree 22 in u = (2x - lo - hi) /
// (hi - lo) as monomials in u, the constant term's low part last, computed
// in mpmath (bench/math_coefficients.py --f64; the errors are those of
// Horner's rule in double, whose last step here is a pair).
constexpr double kErfcBounds64[7] = {0.5, 1.5, 3.0, 6.0, 10.0, 16.0, 27.5};
constexpr double kErfcScaled64[6][24] = {
    // [0.5, 1.5]: max relative error 4.26e-17
    {0.427583576155807,       -0.13660600739194928,    0.03859289034297711,
     -0.009903371117665843,   0.002348268513455678,    -0.0005206834090754488,
     0.00010890847460873168,  -2.1633318561284435e-05, 4.102614842885115e-06,
     -7.460049375301804e-07,  1.305302483915974e-07,   -2.2042929118287186e-08,
     3.6018495884363205e-09,  -5.707396303400481e-10,  8.787037219319511e-11,
     -1.3166600015141087e-11, 1.9230311562663217e-12,  -2.7416646702910704e-13,
     3.8191953740731486e-14,  -5.181632557865145e-15,  6.91709088839067e-16,
     -9.970599070475427e-17,  1.275042639186071e-17,   5.235737283314228e-18},
    // [1.5, 3.0]: max relative error 4.84e-17
    {0.23108725873039188,     -0.06636487710656187,    0.017995852918522272,
     -0.004641494381623145,   0.0011450727488398608,   -0.0002714121303983017,
     6.20318170584294e-05,    -1.371160916083829e-05,  2.9386391591111616e-06,
     -6.119614604592247e-07,  1.2405991250537873e-07,  -2.4523130669415448e-08,
     4.733486259200896e-09,   -8.933083699600784e-10,  1.6501839552204405e-10,
     -2.9868601889430066e-11, 5.302306855495928e-12,   -9.243675067034624e-13,
     1.582227247719884e-13,   -2.6323064231334365e-14, 4.360138127160482e-15,
     -8.31052226156627e-16,   1.3278722270320255e-16,  -5.74762364596782e-18},
    // [3.0, 6.0]: max relative error 4.56e-17
    {0.12248480427384142,     -0.039023892946409726,   0.012179532227877553,
     -0.0037279443941655916,  0.0011201614260533538,   -0.0003307141044051369,
     9.601433462885138e-05,   -2.7431421760019747e-05, 7.717539005036553e-06,
     -2.1394023853340417e-06, 5.846993521837669e-07,   -1.5762444555389227e-07,
     4.193468548487519e-08,   -1.1014887906538234e-08, 2.857669294489251e-09,
     -7.323272547882797e-10,  1.855679688871298e-10,   -4.6753605278638174e-11,
     1.1582471133149942e-11,  -2.657261160421332e-12,  6.465420229096451e-13,
     -2.284101787864829e-13,  5.399491184846836e-14,   -6.888693135744294e-18},
    // [6.0, 10.0]: max relative error 5.20e-17
    {0.06998516620088092,     -0.017233015762835462,  0.00421241259815634,
     -0.0010223076538935988,  0.0002463639651638888,  -5.896286918087224e-05,
     1.4016651253878917e-05,  -3.3100161889517e-06,   7.765864979584367e-07,
     -1.8104017539798032e-07, 4.194063770735931e-08,  -9.6564534887604e-09,
     2.209880390456168e-09,   -5.027292862985778e-10, 1.1369807559368603e-10,
     -2.5563048735486115e-11, 5.7156611963487636e-12, -1.2745198700805376e-12,
     2.818021393892227e-13,   -5.939663622295851e-14, 1.3005391780280196e-14,
     -3.862503661641004e-15,  8.338609102419275e-16,  3.2863406596468746e-18},
    // [10.0, 16.0]: max relative error 3.39e-17
    {0.043271921864609694,   -0.009927595846981694,   0.0022710587492011697,
     -0.0005180476026597559, 0.00011783611954002373,  -2.672790475075152e-05,
     6.0455968603107106e-06, -1.3636757727474606e-06, 3.0675415132716874e-07,
     -6.881556738315197e-08, 1.5396047251810586e-08,  -3.435320426832731e-09,
     7.644865625219141e-10,  -1.6967874886889616e-10, 3.756173829746942e-11,
     -8.292412125419707e-12, 1.8262083817284107e-12,  -4.0229970183444496e-13,
     8.814192929020494e-14,  -1.8456364545863463e-14, 4.025366815220589e-15,
     -1.198330116848623e-15, 2.5959799013934945e-16,  -1.5894692806153284e-18},
    // [16.0, 27.5]: max relative error 4.28e-17
    {0.02591242061289317,     -0.006836004999293562,   0.0018015312896292911,
     -0.0004742722532534478,  0.00012472729542951688,  -3.2767595415283416e-05,
     8.59960117226816e-06,    -2.254571945784952e-06,  5.90477440228265e-07,
     -1.5448891013858713e-07, 4.0378245375013575e-08,  -1.0542772001411548e-08,
     2.749927536378044e-09,   -7.165676607854521e-10,  1.865284764523556e-10,
     -4.847952348056594e-11,  1.259433326285986e-11,   -3.2982067863520426e-12,
     8.550678376505393e-13,   -2.0065799004224366e-13, 5.1942902236451374e-14,
     -2.1752761025619845e-14, 5.613037373020251e-15,   -3.854319839976015e-19},
};

/// Below this |x|, sin, cos and tan reduce by Cody and Waite with pi/2 in
/// three doubles: k < 2^30, so the error of the reduced argument stays
/// under 2^-125 absolute (docs/passes/wave-lower-math.md); at and above it
/// (finite), by Payne and Hanek in a branch.
constexpr double kTrigF64Limit = 0x1p30;

/// 2/pi's bits after the point, b_1 b_2 ..., 64 a word behind a word of
/// zeros: b_k is the bit of weight 2^(63 - (k + 63) mod 64) of word
/// (k + 63) / 64. They reach b_1216, past what the largest f64 needs
/// (bench/math_coefficients.py --f64 prints them).
constexpr uint64_t kTwoOverPiWords[20] = {
    0x0000000000000000, 0xA2F9836E4E441529, 0xFC2757D1F534DDC0,
    0xDB6295993C439041, 0xFE5163ABDEBBC561, 0xB7246E3A424DD2E0,
    0x06492EEA09D1921C, 0xFE1DEB1CB129A73E, 0xE88235F52EBB4484,
    0xE99C7026B45F7E41, 0x3991D639835339F4, 0x9C845F8BBDF9283B,
    0x1FF897FFDE05980F, 0xEF2F118B5A0A6D1F, 0x6D367ECF27CB09B7,
    0x4F463F669E5FEA2D, 0x7527BAC7EBE5F17B, 0x3D0739F78A5292EA,
    0x6BFB5FB11F8D5D08, 0x56033046FC7B6BAB};

/// A double-double value hi + lo.
struct Pair {
  Value hi, lo;
};

class F64Emitter : public Emitter {
public:
  F64Emitter(OpBuilder &builder, Location loc)
      : Emitter(builder, loc, builder.getF64Type()) {}

  Value f(double value) { return Emitter::f(value); }
  Pair f(Split value) { return {f(value.hi), f(value.lo)}; }
  Pair sel(Value c, Pair x, Pair y) {
    return {Emitter::sel(c, x.hi, y.hi), Emitter::sel(c, x.lo, y.lo)};
  }
  Value sel(Value c, Value x, Value y) { return Emitter::sel(c, x, y); }
  Value round(Pair x) { return add(x.hi, x.lo); }
  Value clamp(Value x, double low, double high) {
    x = sel(gt(x, high), f(high), x);
    return sel(lt(x, low), f(low), x);
  }

  /// Dekker's fast two-sum, for |x| >= |y| (or x = 0).
  Pair fastTwoSum(Value x, Value y) {
    Value sum = add(x, y);
    return {sum, sub(y, sub(sum, x))};
  }
  Pair twoSumPair(Value x, Value y) {
    auto [sum, error] = twoSum(x, y);
    return {sum, error};
  }
  /// x y = hi + lo exactly (fma), but for underflow.
  Pair twoProd(Value x, Value y) {
    Value product = mul(x, y);
    return {product, fma(x, y, neg(product))};
  }
  /// x + y for pairs, the error of the low parts' sum left.
  Pair addPair(Pair x, Pair y) {
    Pair sum = twoSumPair(x.hi, y.hi);
    return fastTwoSum(sum.hi, add(sum.lo, add(x.lo, y.lo)));
  }
  Pair negPair(Pair x) { return {neg(x.hi), neg(x.lo)}; }
  Pair mulPair(Pair x, Split c) {
    Pair product = twoProd(x.hi, f(c.hi));
    Value lo = add(product.lo, fma(x.hi, f(c.lo), mul(x.lo, f(c.hi))));
    return fastTwoSum(product.hi, lo);
  }
  /// n / d for pairs: the quotient of the high parts corrected by the exact
  /// remainder (an fma) and the low parts; relative error about 2^-104.
  Pair divide(Pair n, Pair d) {
    Value q = div(n.hi, d.hi);
    Value remainder = fma(neg(q), d.hi, n.hi);
    Value correction = div(sub(add(remainder, n.lo), mul(q, d.lo)), d.hi);
    return fastTwoSum(q, correction);
  }
  /// sqrt(x) for a pair x >= 0: the rounded root corrected by the exact
  /// remainder (0 for x = 0).
  Pair sqrtPair(Pair x) {
    Value root = sqrt(x.hi);
    Value lo = div(add(fma(neg(root), root, x.hi), x.lo), add(root, root));
    return {root, sel(eq(root, 0.0), f(0.0), lo)};
  }

  /// 2^n for an integral n in [-1022, 1023], from its bits.
  Value pow2(Value n) {
    Value exponent = arith::FPToSIOp::create(b, loc, i64, n);
    return fromBits(arith::ShLIOp::create(
        b, loc, arith::AddIOp::create(b, loc, exponent, i(1023)), i(52)));
  }
  /// v 2^k for an integral k in [-1100, 1100]: two normal powers of two, so
  /// that only the last product rounds (into a denormal or to inf).
  Value scale(Value v, Value k) {
    Value first = trunc(mul(k, f(0.5)));
    return mul(mul(v, pow2(first)), pow2(sub(k, first)));
  }

  /// e^(r + rl) - 1 for |r| <= 0.35 (about) and rl below r's ULP, as a
  /// pair: r + r^2/2 exactly (TwoProd, fast two-sum), then r^3 times the
  /// Taylor series from 1/3! to 1/14! (remainder below 2^-63 of the
  /// result) and rl (1 + r) in the low part.
  Pair expm1Kernel(Value r, Value rl) {
    Pair square = twoProd(r, r);
    Pair head = fastTwoSum(r, mul(square.hi, f(0.5)));
    Value series = poly(r, taylor(12, 3, 1));
    Value rest =
        fma(mul(square.hi, r), series, fma(rl, r, fma(square.lo, f(0.5), rl)));
    return fastTwoSum(head.hi, add(head.lo, rest));
  }

  /// e^(x + xl) = 2^k (1 + p.hi + p.lo) for |x| <= 746: k = rint(x log2 e)
  /// (0 for NaN), r = x - k ln 2 by Cody and Waite, the first fma exact
  /// (k ln2.hi is a multiple of 2^-53, and so is x where k != 0), the
  /// second's rounding kept by TwoSum.
  std::pair<Value, Pair> expParts(Value x, Value xl) {
    Value k = rint(mul(x, f(kLog2ESplit.hi)));
    Value minusK = neg(k);
    Value r = fma(minusK, f(kLn2Split.hi), x);
    Pair reduced = twoSumPair(r, fma(minusK, f(kLn2Split.lo), xl));
    return {sel(isNaN(k), f(0.0), k), expm1Kernel(reduced.hi, reduced.lo)};
  }
  /// 2^k (1 + p) rounded once (but for denormal results).
  Value expFromParts(Value k, Pair p) {
    Pair one = fastTwoSum(f(1.0), p.hi);
    return scale(add(one.hi, add(one.lo, p.lo)), k);
  }
  /// e^(x + xl); x past the range saturates to inf or 0, NaN stays.
  Value expOfPair(Value x, Value xl) {
    Value inRange = lt(abs(x), 746.0);
    x = clamp(x, -746.0, 710.0);
    auto [k, p] = expParts(x, sel(inRange, xl, f(0.0)));
    return expFromParts(k, p);
  }
  Value exp64(Value x) { return expOfPair(x, f(0.0)); }

  /// 2^x: x = k + t exactly, t ln 2 as a pair.
  Value exp2_64(Value x) {
    x = clamp(x, -1080.0, 1030.0);
    Value k = rint(x);
    Value t = sub(x, k);
    Pair r = twoProd(t, f(kLn2Split.hi));
    Value rl = fma(t, f(kLn2Split.lo), r.lo);
    return expFromParts(sel(isNaN(k), f(0.0), k), expm1Kernel(r.hi, rl));
  }

  /// e^x - 1 as a pair from expParts for k in [-60, 60]: (2^k - 1) exactly
  /// as a pair plus 2^k p.
  Pair expm1FromParts(Value k, Pair p) {
    Value s = pow2(k);
    Pair shifted = twoSumPair(s, f(-1.0));
    Pair sum = twoSumPair(shifted.hi, mul(s, p.hi));
    return fastTwoSum(sum.hi, add(sum.lo, add(shifted.lo, mul(s, p.lo))));
  }

  /// e^x - 1: below -40 it is -1 rounded, past k = 60 e^x rounded.
  Value expm1_64(Value x) {
    Value clamped = clamp(x, -40.0, 710.0);
    auto [k, p] = expParts(clamped, f(0.0));
    Value large = gt(k, 60.0);
    Value result = round(expm1FromParts(sel(large, f(0.0), k), p));
    result = sel(large, expFromParts(k, p), result);
    return sel(eq(x, 0.0), x, result);
  }

  /// sinh and cosh from one reduction of e^|x| (|x| clamped at 711, where
  /// both overflow): past 40, e^|x| / 2 (e^-2|x| is below 2^-115); below,
  /// sinh = (E + E/(E + 1)) / 2 with E = e^|x| - 1 and cosh = (X + 1/X) / 2
  /// with X = e^|x|, in pairs.
  Value sinh64(Value x) {
    Value a = clamp(abs(x), 0.0, 711.0);
    auto [k, p] = expParts(a, f(0.0));
    Value large = gt(a, 40.0);
    Value half = expFromParts(sub(k, f(1.0)), p);
    Pair e = expm1FromParts(sel(large, f(0.0), k), p);
    Pair d = twoSumPair(e.hi, f(1.0));
    d.lo = add(d.lo, e.lo);
    Pair twice = addPair(e, divide(e, d));
    Value result = sel(large, half, mul(round(twice), f(0.5)));
    return copysign(result, x);
  }

  Value cosh64(Value x) {
    Value a = clamp(abs(x), 0.0, 711.0);
    auto [k, p] = expParts(a, f(0.0));
    Value large = gt(a, 40.0);
    Value half = expFromParts(sub(k, f(1.0)), p);
    Value s = pow2(sel(large, f(0.0), k));
    Pair one = fastTwoSum(f(1.0), p.hi);
    Pair e = {mul(s, one.hi), mul(s, add(one.lo, p.lo))};
    Pair twice = addPair(e, divide({f(1.0), f(0.0)}, e));
    return sel(large, half, mul(round(twice), f(0.5)));
  }

  /// tanh = E / (E + 2) with E = e^2|x| - 1 as a pair; 1 (rounded) from
  /// |x| = 20 on.
  Value tanh64(Value x) {
    Value a = clamp(abs(x), 0.0, 20.0);
    auto [k, p] = expParts(add(a, a), f(0.0));
    Pair e = expm1FromParts(k, p);
    Pair d = twoSumPair(e.hi, f(2.0));
    d.lo = add(d.lo, e.lo);
    return copysign(round(divide(e, d)), x);
  }

  /// x = 2^e m for a finite x > 0 (denormals scaled first), m in
  /// [sqrt(1/2), sqrt(2)): e as a double and ln m as a pair. ln m =
  /// 2 atanh(s) = 2s + 2s^3/3 + s^5 (2/5 + 2/7 s^2 + ...) with s = (m - 1) /
  /// (m + 1), |s| < 0.172: s and 2s^3/3 as pairs, the rest (below 2^-12 of
  /// the result) in double to s^27; relative error below 2^-64.
  std::pair<Value, Pair> logParts(Value x) {
    Value tiny = lt(x, 0x1p-1022);
    auto [exponent, m] = splitMantissa(sel(tiny, mul(x, f(0x1p54)), x));
    Value e = sub(arith::SIToFPOp::create(b, loc, real, exponent),
                  sel(tiny, f(54.0), f(0.0)));

    Value numerator = sub(m, f(1.0)); // exact: m in [1/2, 2]
    Pair denominator = twoSumPair(m, f(1.0));
    Value s = div(numerator, denominator.hi);
    Value sLo =
        div(sub(fma(neg(s), denominator.hi, numerator), mul(s, denominator.lo)),
            denominator.hi);
    Pair square = twoProd(s, s);
    square.lo = fma(add(s, s), sLo, square.lo);
    Pair cube = twoProd(square.hi, s);
    cube.lo = add(cube.lo, fma(square.lo, s, mul(square.hi, sLo)));
    Pair third = twoProd(f(kTwoThirdsSplit.hi), cube.hi);
    third.lo = add(third.lo, fma(f(kTwoThirdsSplit.hi), cube.lo,
                                 mul(f(kTwoThirdsSplit.lo), cube.hi)));
    SmallVector<double> series;
    for (unsigned k = 2; k <= 13; ++k)
      series.push_back(2.0 / double(2 * k + 1));
    Value rest = mul(mul(cube.hi, square.hi), poly(square.hi, series));
    Pair sum = fastTwoSum(add(s, s), third.hi);
    Value lo = add(sum.lo, add(add(sLo, sLo), add(third.lo, rest)));
    return {e, fastTwoSum(sum.hi, lo)};
  }

  /// ln x as a pair for a finite x > 0 (NaN for NaN): e ln 2 (TwoProd)
  /// plus ln m.
  Pair logPair(Value x) {
    auto [e, lnM] = logParts(x);
    Pair scaled = twoProd(e, f(kLn2Split.hi));
    Pair sum = twoSumPair(scaled.hi, lnM.hi);
    Value lo = add(sum.lo, add(lnM.lo, fma(e, f(kLn2Split.lo), scaled.lo)));
    return sel(isNaN(x), Pair{x, x}, fastTwoSum(sum.hi, lo));
  }

  /// The logarithms' special values: -inf at +-0, NaN below 0, inf at inf.
  Value logSpecials(Value x, Value result) {
    result = sel(eq(x, 0.0), neg(inf()), result);
    result = sel(lt(x, 0.0), nan(), result);
    result = sel(eq(x, INFINITY), x, result);
    return sel(isNaN(x), x, result);
  }
  Value log64(Value x) { return logSpecials(x, round(logPair(x))); }
  Value log2_64(Value x) {
    auto [e, lnM] = logParts(x);
    Pair m = mulPair(lnM, kLog2ESplit);
    Pair sum = twoSumPair(e, m.hi);
    return logSpecials(x, add(sum.hi, add(sum.lo, m.lo)));
  }
  Value log10_64(Value x) {
    auto [e, lnM] = logParts(x);
    Pair scaled = twoProd(e, f(kLog10Of2Split.hi));
    scaled.lo = fma(e, f(kLog10Of2Split.lo), scaled.lo);
    return logSpecials(x, round(addPair(scaled, mulPair(lnM, kLog10ESplit))));
  }

  /// ln(1 + w) for a pair w > -1: below 2^-10, w + w^2 (-1/2 + w/3 - ...)
  /// to w^7 (where the sum below would leave the low part's rounding at
  /// 2^-53 of the result); else u = 1 + w.hi by TwoSum, ln u plus t - t^2/2
  /// for t = (the rest) / u, |t| <= 2^-52.
  Pair log1pPair(Pair w) {
    Pair u = twoSumPair(f(1.0), w.hi);
    Value t = div(add(u.lo, w.lo), u.hi);
    Pair lnU = logPair(u.hi);
    Pair large = fastTwoSum(lnU.hi, add(lnU.lo, fma(mul(t, f(-0.5)), t, t)));
    SmallVector<double> series;
    for (unsigned k = 2; k <= 7; ++k)
      series.push_back((k % 2 ? 1.0 : -1.0) / double(k));
    Pair small =
        fastTwoSum(w.hi, fma(mul(w.hi, w.hi), poly(w.hi, series), w.lo));
    return sel(lt(abs(w.hi), 0x1p-10), small, large);
  }
  /// log1p's special values (`w` its argument): -inf at -1, NaN below,
  /// inf at inf, the argument at +-0 and NaN.
  Value log1pSpecials(Value w, Value result) {
    result = sel(eq(w, -1.0), neg(inf()), result);
    result = sel(lt(w, -1.0), nan(), result);
    result = sel(eq(w, INFINITY), w, result);
    return sel(orI(eq(w, 0.0), isNaN(w)), w, result);
  }
  Value log1p64(Value x) {
    return log1pSpecials(x, round(log1pPair({x, f(0.0)})));
  }

  /// asinh |x| = ln(1 + w), w = |x| + x^2 / (1 + sqrt(1 + x^2)) as a
  /// pair; past 2^28, ln(|x|) + ln 2 (1/(4x^2) is below 2^-58).
  Value asinh64(Value x) {
    Value a = abs(x);
    Value large = gt(a, 0x1p28);
    Pair square = twoProd(a, a);
    Pair inner = twoSumPair(f(1.0), square.hi);
    inner.lo = add(inner.lo, square.lo);
    Pair root = sqrtPair(inner);
    Pair d = twoSumPair(f(1.0), root.hi);
    d.lo = add(d.lo, root.lo);
    Pair w = addPair({a, f(0.0)}, divide(square, d));
    Pair result = log1pPair(sel(large, Pair{a, f(-1.0)}, w));
    result = sel(large, addPair(result, f(kLn2Split)), result);
    return copysign(log1pSpecials(a, round(result)), x);
  }

  /// acosh x = ln(1 + w), w = (x - 1) + sqrt((x - 1)(x + 1)) as pairs; past
  /// 2^28, ln x + ln 2.
  Value acosh64(Value x) {
    Value large = gt(x, 0x1p28);
    Pair below = twoSumPair(x, f(-1.0));
    Pair above = twoSumPair(x, f(1.0));
    Pair product = twoProd(below.hi, above.hi);
    product.lo =
        add(product.lo, fma(below.hi, above.lo, mul(below.lo, above.hi)));
    Pair w = addPair(below, sqrtPair(product));
    Pair result = log1pPair(sel(large, Pair{x, f(-1.0)}, w));
    result = sel(large, addPair(result, f(kLn2Split)), result);
    Value value = sel(eq(x, INFINITY), x, round(result));
    return sel(orI(lt(x, 1.0), isNaN(x)), nan(), value);
  }

  /// atanh |x| = ln(1 + 2|x| / (1 - |x|)) / 2, the quotient a pair.
  Value atanh64(Value x) {
    Value a = abs(x);
    Pair q = divide({add(a, a), f(0.0)}, twoSumPair(f(1.0), neg(a)));
    Value result = mul(round(log1pPair(q)), f(0.5));
    result = sel(eq(a, 1.0), inf(), result);
    result = sel(gt(a, 1.0), nan(), result);
    result = sel(eq(a, 0.0), a, result);
    return copysign(result, x);
  }

  /// |x|^y = e^(y ln |x|): ln |x| as a pair and y times it as a pair, so
  /// the exponent's error stays near 2^-64 relative (|y ln|x|| <= 746).
  Value powMagnitude64(Value ax, Value y) {
    Pair lnX = logPair(ax);
    Value edge = orI(eq(ax, 0.0), eq(ax, INFINITY));
    lnX = sel(edge, Pair{sel(eq(ax, 0.0), neg(inf()), inf()), f(0.0)}, lnX);
    Pair t = twoProd(y, lnX.hi);
    return expOfPair(t.hi, fma(y, lnX.lo, t.lo));
  }

  /// cbrt x = e^(ln|x| / 3), the quotient a pair.
  Value cbrt64(Value x) {
    Value a = abs(x);
    Pair lnA = logPair(a);
    Value q = div(lnA.hi, f(3.0));
    Value ql = div(add(fma(neg(q), f(3.0), lnA.hi), lnA.lo), f(3.0));
    Value result = expOfPair(q, ql);
    result = sel(orI(eq(a, 0.0), eq(a, INFINITY)), a, result);
    return copysign(result, x);
  }

  /// 1/sqrt(x): y = 1 / sqrt(x) and one Newton step y + y (1 - x y^2) / 2
  /// with x y^2 from TwoProd; x is scaled by 2^+-100 near the ends of the
  /// range so that y^2 stays normal.
  Value rsqrt64(Value x) {
    Value small = lt(x, 0x1p-960), large = gt(x, 0x1p960);
    Value scaled =
        mul(x, sel(small, f(0x1p100), sel(large, f(0x1p-100), f(1.0))));
    Value y = div(f(1.0), sqrt(scaled));
    Pair square = twoProd(y, y);
    Value residual =
        sub(fma(neg(scaled), square.hi, f(1.0)), mul(scaled, square.lo));
    y = fma(mul(y, f(0.5)), residual, y);
    y = mul(y, sel(small, f(0x1p50), sel(large, f(0x1p-50), f(1.0))));
    y = sel(eq(x, 0.0), copysign(inf(), x), y);
    y = sel(eq(x, INFINITY), f(0.0), y);
    return sel(orI(lt(x, 0.0), isNaN(x)), nan(), y);
  }

  /// x = k pi/2 + r for |x| < kTrigF64Limit: k = rint(2x/pi), r as a pair
  /// by Cody and Waite with pi/2 in three doubles (the first fma exact,
  /// k pi2.mid by TwoProd); returns r and k mod 4.
  std::pair<Pair, Value> reduce64(Value x) {
    Value k = rint(mul(x, f(kTwoOverPi)));
    Value minusK = neg(k);
    Value first = fma(minusK, f(kPio2Hi), x);
    Pair second = twoProd(k, f(kPio2Mid));
    Pair r = twoSumPair(first, neg(second.hi));
    r.lo = sub(r.lo, fma(k, f(kPio2Lo), second.lo));
    return {fastTwoSum(r.hi, r.lo), quadrantOf(k)};
  }

  Value shl(Value x, Value y) { return arith::ShLIOp::create(b, loc, x, y); }
  Value shr(Value x, int64_t y) {
    return arith::ShRUIOp::create(b, loc, x, i(y));
  }
  Value shr(Value x, Value y) { return arith::ShRUIOp::create(b, loc, x, y); }
  Value addI(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value subI(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value mulI(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value low32(Value x) { return andI(x, i(0xFFFFFFFF)); }
  Value high32(Value x) { return shr(x, 32); }

  /// x = k pi/2 + r for a finite |x| >= kTrigF64Limit, by Payne and Hanek:
  /// |x| = m 2^e with m < 2^53 an integer and e >= -22, so |x| 2/pi mod 4
  /// is m W 2^-190 mod 4, W being the 192 bits of 2/pi from b_(e-1) on (the
  /// bits before give multiples of 4, those after less than 2^-137). W is
  /// selected among constants by the exponent (no memory), P = m W mod
  /// 2^192 computed in 32-bit limbs of i64 words; its top two bits are
  /// k mod 4 and the 190 below the fraction, rounded to the nearest k (the
  /// fraction then negated in two's complement, exactly) and summed into a
  /// pair, times pi/2 as a pair. No f64 comes closer than 2^-60.9 to a
  /// multiple of pi/2 (bench/math_accuracy.py's hard cases), so the
  /// truncation stays under 2^-75 of r.
  std::pair<Pair, Value> reduceHuge64(Value x) {
    Value word = bits(abs(x));
    Value m = orI(andI(word, i(0x000FFFFFFFFFFFFFLL)), i(1LL << 52));
    // b_(e-1) is bit e + 62 of the padded bits; e = biased exponent - 1075.
    Value position = subI(shr(word, 52), i(1075 - 62));
    Value index = shr(position, 6), shift = andI(position, i(63));
    // The largest f64 reads up to word 16 + 3.
    constexpr int kLastIndex = 16;
    SmallVector<Value> at;
    for (int j = 0; j <= kLastIndex; ++j)
      at.push_back(icmp(arith::CmpIPredicate::eq, index, i(j)));
    SmallVector<Value> words;
    for (int t = 0; t < 4; ++t) {
      Value value = i(int64_t(kTwoOverPiWords[t]));
      for (int j = 1; j <= kLastIndex; ++j)
        value = sel(at[j], i(int64_t(kTwoOverPiWords[j + t])), value);
      words.push_back(value);
    }
    // W's 64-bit words, most significant first: the word after is shifted
    // right by 64 - shift in two steps (one shift by 64 would be poison).
    Value rest = subI(i(63), shift);
    SmallVector<Value> limbs(6);
    for (int t = 0; t < 3; ++t) {
      Value w = orI(shl(words[t], shift), shr(shr(words[t + 1], 1), rest));
      limbs[5 - 2 * t] = high32(w);
      limbs[4 - 2 * t] = low32(w);
    }
    // P's limbs: each product of 32-bit limbs split in halves, the halves of
    // a limb's weight summed with the carry (under 2^35).
    Value m0 = low32(m), m1 = high32(m);
    SmallVector<Value> low, high;
    for (int t = 0; t < 6; ++t) {
      low.push_back(mulI(m0, limbs[t]));
      // m1 limbs[5] has weight 2^192 and more.
      if (t < 5)
        high.push_back(mulI(m1, limbs[t]));
    }
    SmallVector<Value> p(6);
    Value carry = i(0);
    for (int t = 0; t < 6; ++t) {
      Value sum = addI(carry, low32(low[t]));
      if (t >= 1)
        sum = addI(sum, addI(high32(low[t - 1]), low32(high[t - 1])));
      if (t >= 2)
        sum = addI(sum, high32(high[t - 2]));
      p[t] = low32(sum);
      carry = high32(sum);
    }
    Value quadrant = shr(p[5], 30);
    Value half = icmp(arith::CmpIPredicate::ne, andI(p[5], i(1LL << 29)), i(0));
    p[5] = andI(p[5], i((1LL << 30) - 1));
    // Past the half: k + 1, and the fraction 2^190 - F.
    carry = i(1);
    for (int t = 0; t < 6; ++t) {
      int64_t mask = t == 5 ? (1LL << 30) - 1 : 0xFFFFFFFFLL;
      Value negated = addI(arith::XOrIOp::create(b, loc, p[t], i(mask)), carry);
      carry = shr(negated, 32);
      p[t] = sel(half, andI(negated, i(mask)), p[t]);
    }
    quadrant = sel(half, addI(quadrant, i(1)), quadrant);
    // The fraction's limbs (exact doubles, no cancellation) summed from the
    // least significant up.
    Pair fraction{f(0.0), f(0.0)};
    for (int t = 0; t < 6; ++t) {
      Value limb = mul(arith::SIToFPOp::create(b, loc, real, p[t]),
                       f(std::ldexp(1.0, 32 * t - 190)));
      Pair sum = twoSumPair(limb, fraction.hi);
      fraction = fastTwoSum(sum.hi, add(sum.lo, fraction.lo));
    }
    Pair r = mulPair(fraction, kPio2Split);
    // r is negative for a negated fraction or a negative x (not both); k
    // for a negative x.
    Value negative = arith::XOrIOp::create(b, loc, half, signBit(x));
    r = sel(negative, negPair(r), r);
    quadrant = sel(signBit(x), subI(i(0), quadrant), quadrant);
    return {r, andI(quadrant, i(3))};
  }

  /// reduce64 where |x| < kTrigF64Limit (and for inf and NaN, which give
  /// NaN), reduceHuge64 past it: an scf.if, so that a wave without such
  /// lanes skips it.
  std::pair<Pair, Value> reduceAny64(Value x) {
    Value a = abs(x);
    Value huge = andI(cmp(arith::CmpFPredicate::OGE, a, f(kTrigF64Limit)),
                      cmp(arith::CmpFPredicate::OLT, a, inf()));
    auto yield = [](OpBuilder &builder, Location yieldLoc,
                    std::pair<Pair, Value> reduced) {
      scf::YieldOp::create(
          builder, yieldLoc,
          ValueRange{reduced.first.hi, reduced.first.lo, reduced.second});
    };
    auto branchOp = scf::IfOp::create(
        b, loc, huge,
        [&](OpBuilder &thenBuilder, Location thenLoc) {
          F64Emitter e(thenBuilder, thenLoc);
          yield(thenBuilder, thenLoc, e.reduceHuge64(x));
        },
        [&](OpBuilder &elseBuilder, Location elseLoc) {
          F64Emitter e(elseBuilder, elseLoc);
          yield(elseBuilder, elseLoc, e.reduce64(x));
        });
    return {{branchOp.getResult(0), branchOp.getResult(1)},
            branchOp.getResult(2)};
  }

  /// sin(r) and cos(r) as pairs for |r| <= pi/4 (about): Taylor series to
  /// r^17 and r^18 (remainders below 2^-63), their first terms (r - r^3/6,
  /// 1 - r^2/2) as pairs, r.lo through the derivatives.
  std::pair<Pair, Pair> sinCosKernel(Pair r) {
    Pair square = twoProd(r.hi, r.hi);
    Value z = square.hi;
    SmallVector<double> sinSeries = taylor(9, 1, 2, 1.0, /*alternate=*/true);
    SmallVector<double> cosSeries = taylor(10, 0, 2, 1.0, /*alternate=*/true);
    // -r^3/6 as a pair (it is up to 0.11 of sin r); the rest from r^5 on.
    Pair cube = twoProd(r.hi, z);
    cube.lo = fma(r.hi, square.lo, cube.lo);
    Pair third = twoProd(cube.hi, f(-kOneSixthSplit.hi));
    third.lo = sub(third.lo, fma(cube.hi, f(kOneSixthSplit.lo),
                                 mul(cube.lo, f(kOneSixthSplit.hi))));
    Value sinTail = mul(mul(cube.hi, z),
                        poly(z, ArrayRef<double>(sinSeries).drop_front(2)));
    Value halfZ = mul(z, f(0.5));
    Pair head = fastTwoSum(r.hi, third.hi);
    Pair s = fastTwoSum(
        head.hi,
        add(head.lo, add(third.lo, fma(r.lo, sub(f(1.0), halfZ), sinTail))));
    Value w = sub(f(1.0), halfZ);
    Value cosTail =
        fma(mul(z, z), poly(z, ArrayRef<double>(cosSeries).drop_front(2)),
            neg(fma(r.hi, r.lo, mul(square.lo, f(0.5)))));
    Pair c = fastTwoSum(w, add(sub(sub(f(1.0), w), halfZ), cosTail));
    return {s, c};
  }

  std::pair<Value, Value> sinCos64(Value x) {
    auto [r, quadrant] = reduceAny64(x);
    auto [s, c] = sinCosKernel(r);
    auto [sinValue, cosValue, tanValue] =
        byQuadrant(x, round(s), round(c), quadrant);
    return {sinValue, cosValue};
  }

  /// tan: sin/cos or -cos/sin by k's parity, a quotient of pairs.
  Value tan64(Value x) {
    auto [r, quadrant] = reduceAny64(x);
    auto [s, c] = sinCosKernel(r);
    Value odd = icmp(arith::CmpIPredicate::ne,
                     arith::AndIOp::create(b, loc, quadrant, i(1)), i(0));
    Value q = round(divide(sel(odd, c, s), sel(odd, s, c)));
    q = sel(odd, neg(q), q);
    return sel(eq(x, 0.0), x, q);
  }

  /// erf(x) for |x| < 1/2 as a pair: x 2/sqrt(pi) (a pair) plus x^3 times
  /// the rest of the series to x^25 (remainder below 2^-63).
  Pair erfPair(Value x) {
    Pair head = twoProd(x, f(kTwoOverSqrtPiSplit.hi));
    head.lo = fma(x, f(kTwoOverSqrtPiSplit.lo), head.lo);
    SmallVector<double> series;
    double factorial = 1.0;
    for (unsigned n = 1; n <= 12; ++n) {
      factorial *= double(n);
      series.push_back((n % 2 ? -1.0 : 1.0) * 2.0 / std::sqrt(kPi) /
                       (factorial * double(2 * n + 1)));
    }
    Value z = mul(x, x);
    Value rest = mul(mul(x, z), poly(z, series));
    return fastTwoSum(head.hi, add(head.lo, rest));
  }

  /// erfc(a) = 2^k (hi + lo) for a in [1/2, 27.5]: e^{-a^2} (a^2 by
  /// TwoProd, the exponential's reduction taking its low part) times the
  /// interpolant of e^{a^2} erfc(a) on a's interval, whose last Horner
  /// step is a pair.
  std::pair<Value, Pair> erfcParts(Value a) {
    SmallVector<Value> below;
    for (int j = 1; j < 6; ++j)
      below.push_back(lt(a, kErfcBounds64[j]));
    auto pick = [&](auto value) {
      Value picked = f(value(5));
      for (int j = 4; j >= 0; --j)
        picked = sel(below[j], f(value(j)), picked);
      return picked;
    };
    Value u = fma(a, pick([](int j) {
                    return 2.0 / (kErfcBounds64[j + 1] - kErfcBounds64[j]);
                  }),
                  pick([](int j) {
                    return -(kErfcBounds64[j + 1] + kErfcBounds64[j]) /
                           (kErfcBounds64[j + 1] - kErfcBounds64[j]);
                  }));
    Value g = pick([](int j) { return kErfcScaled64[j][22]; });
    for (int i = 21; i >= 1; --i)
      g = fma(g, u, pick([i](int j) { return kErfcScaled64[j][i]; }));
    Pair last = twoProd(g, u);
    Pair scaled =
        twoSumPair(pick([](int j) { return kErfcScaled64[j][0]; }), last.hi);
    Value constantLo = pick([](int j) { return kErfcScaled64[j][23]; });
    scaled.lo = add(scaled.lo, add(last.lo, constantLo));
    Pair square = twoProd(a, a);
    auto [k, p] = expParts(neg(square.hi), neg(square.lo));
    Pair one = fastTwoSum(f(1.0), p.hi);
    one.lo = add(one.lo, p.lo);
    Pair product = twoProd(one.hi, scaled.hi);
    product.lo = fma(one.lo, scaled.hi, fma(one.hi, scaled.lo, product.lo));
    return {k, product};
  }

  /// `then(e)` where the scalar `condition` holds, else `otherwise(e)`, as
  /// an scf.if (Emitter::branch with this emitter).
  Value branch64(Value condition, function_ref<Value(F64Emitter &)> then,
                 function_ref<Value(F64Emitter &)> otherwise) {
    auto branchOp = scf::IfOp::create(
        b, loc, condition,
        [&](OpBuilder &thenBuilder, Location thenLoc) {
          F64Emitter e(thenBuilder, thenLoc);
          scf::YieldOp::create(thenBuilder, thenLoc, then(e));
        },
        [&](OpBuilder &elseBuilder, Location elseLoc) {
          F64Emitter e(elseBuilder, elseLoc);
          scf::YieldOp::create(elseBuilder, elseLoc, otherwise(e));
        });
    return branchOp.getResult(0);
  }

  /// erf: its series below 1/2, 1 - erfc beyond (|x| clamped at 6, where
  /// erfc is below 2^-55).
  Value erf64(Value x) {
    Value a = abs(x);
    return branch64(
        lt(a, 0.5),
        [&](F64Emitter &e) { return e.copysign(e.round(e.erfPair(x)), x); },
        [&](F64Emitter &e) {
          auto [k, tail] = e.erfcParts(e.clamp(a, 0.0, 6.0));
          Value s = e.pow2(k);
          Pair result =
              e.addPair(e.f(Split{1.0, 0.0}),
                        {e.neg(e.mul(tail.hi, s)), e.neg(e.mul(tail.lo, s))});
          return e.copysign(e.round(result), x);
        });
  }

  /// erfc: 1 - erf below 1/2; beyond, erfcParts (0 past 27.5) and
  /// 2 - erfc(-x) for negative x.
  Value erfc64(Value x) {
    Value a = abs(x);
    return branch64(
        lt(a, 0.5),
        [&](F64Emitter &e) {
          return e.round(
              e.addPair(e.f(Split{1.0, 0.0}), e.negPair(e.erfPair(x))));
        },
        [&](F64Emitter &e) {
          auto [k, tail] = e.erfcParts(e.clamp(a, 0.0, 27.5));
          Value positive = e.scale(e.round(tail), k);
          Pair scaled = {e.scale(tail.hi, k), e.scale(tail.lo, k)};
          Value negative =
              e.round(e.addPair(e.f(Split{2.0, 0.0}), e.negPair(scaled)));
          return e.sel(e.gt(x, 0.0), positive, negative);
        });
  }

  /// atan(c) for a pair c >= 0 (c.hi = inf included), as a pair: the
  /// reductions of Emitter::atanOfNonNegative (1/c past 1, then
  /// pi/6 + atan((c sqrt 3 - 1)/(c + sqrt 3)) past tan(pi/12)) in pairs,
  /// then c + c^3 (-1/3 + c^2/5 - ...) to c^29, c.lo times 1 - c^2.
  Pair atanPair(Pair c) {
    Value inverted = gt(c.hi, 1.0);
    Pair bArg = sel(inverted, divide({f(1.0), f(0.0)}, c), c);
    bArg = sel(eq(c.hi, INFINITY), Pair{f(0.0), f(0.0)}, bArg);
    Value shifted = gt(bArg.hi, kTanPiOver12);
    Pair scaled = mulPair(bArg, kSqrt3Split);
    Pair numerator = twoSumPair(scaled.hi, f(-1.0));
    numerator.lo = add(numerator.lo, scaled.lo);
    Pair denominator = addPair(bArg, f(kSqrt3Split));
    Pair t = sel(shifted, divide(numerator, denominator), bArg);
    Value z = mul(t.hi, t.hi);
    SmallVector<double> series;
    for (unsigned k = 1; k < 15; ++k)
      series.push_back((k % 2 ? -1.0 : 1.0) / double(2 * k + 1));
    Value tail = mul(mul(t.hi, z), poly(z, series));
    Pair result = fastTwoSum(t.hi, fma(t.lo, sub(f(1.0), z), tail));
    result = sel(shifted, addPair(f(kPio6Split), result), result);
    return sel(inverted, addPair(f(kPio2Split), negPair(result)), result);
  }

  Value atan64(Value x) {
    return copysign(round(atanPair({abs(x), f(0.0)})), x);
  }

  /// The angle of the point (ax, ay), magnitudes as pairs, in [0, pi/2]:
  /// atan of the smaller over the larger, pi/2 minus it if swapped.
  Pair angle(Pair ay, Pair ax) {
    Value swapped = cmp(arith::CmpFPredicate::OGT, ay.hi, ax.hi);
    Pair n = sel(swapped, ax, ay), d = sel(swapped, ay, ax);
    Pair ratio = divide(n, d);
    Value zero = orI(eq(n.hi, 0.0), eq(d.hi, INFINITY));
    ratio = sel(zero, Pair{f(0.0), f(0.0)}, ratio);
    Pair result = atanPair(ratio);
    return sel(swapped, addPair(f(kPio2Split), negPair(result)), result);
  }

  Value atan2_64(Value y, Value x) {
    Value ax = abs(x), ay = abs(y);
    Value bothInf = andI(eq(ax, INFINITY), eq(ay, INFINITY));
    ax = sel(bothInf, f(1.0), ax);
    ay = sel(bothInf, f(1.0), ay);
    Pair result = angle({ay, f(0.0)}, {ax, f(0.0)});
    result = sel(signBit(x), addPair(f(kPiSplit), negPair(result)), result);
    Value value = copysign(round(result), y);
    return sel(orI(isNaN(x), isNaN(y)), nan(), value);
  }

  /// sqrt((1 - x)(1 + x)) = sqrt(1 - x^2) as a pair, x^2 by TwoProd.
  Pair cosineOf(Value a) {
    Pair square = twoProd(a, a);
    Pair rest = twoSumPair(f(1.0), neg(square.hi));
    rest.lo = sub(rest.lo, square.lo);
    return sqrtPair(rest);
  }
  Value asin64(Value x) {
    Value a = abs(x);
    return copysign(round(angle({a, f(0.0)}, cosineOf(a))), x);
  }
  Value acos64(Value x) {
    Pair result = angle(cosineOf(x), {abs(x), f(0.0)});
    result = sel(signBit(x), addPair(f(kPiSplit), negPair(result)), result);
    return sel(gt(abs(x), 1.0), nan(), round(result));
  }
};

} // namespace

SmallVector<Value>
mlir::wave::lower_math::expandF64Scalars(OpBuilder &b, Operation *op,
                                         ValueRange operands) {
  F64Emitter e(b, op->getLoc());
  auto powMagnitude = [&](Value ax, Value y) {
    return e.powMagnitude64(ax, y);
  };
  auto one = [](Value v) { return SmallVector<Value>{v}; };
  Value x = operands[0];
  return llvm::TypeSwitch<Operation *, SmallVector<Value>>(op)
      .Case([&](math::ExpOp) { return one(e.exp64(x)); })
      .Case([&](math::Exp2Op) { return one(e.exp2_64(x)); })
      .Case([&](math::ExpM1Op) { return one(e.expm1_64(x)); })
      .Case([&](math::LogOp) { return one(e.log64(x)); })
      .Case([&](math::Log2Op) { return one(e.log2_64(x)); })
      .Case([&](math::Log10Op) { return one(e.log10_64(x)); })
      .Case([&](math::Log1pOp) { return one(e.log1p64(x)); })
      .Case([&](math::SinhOp) { return one(e.sinh64(x)); })
      .Case([&](math::CoshOp) { return one(e.cosh64(x)); })
      .Case([&](math::TanhOp) { return one(e.tanh64(x)); })
      .Case([&](math::AsinhOp) { return one(e.asinh64(x)); })
      .Case([&](math::AcoshOp) { return one(e.acosh64(x)); })
      .Case([&](math::AtanhOp) { return one(e.atanh64(x)); })
      .Case([&](math::CbrtOp) { return one(e.cbrt64(x)); })
      .Case([&](math::RsqrtOp) { return one(e.rsqrt64(x)); })
      .Case([&](math::PowFOp) {
        return one(e.powf(x, operands[1], powMagnitude));
      })
      .Case([&](math::FPowIOp) {
        return one(e.fpowi(x, operands[1], powMagnitude));
      })
      .Case([&](math::SinOp) { return one(e.sinCos64(x).first); })
      .Case([&](math::CosOp) { return one(e.sinCos64(x).second); })
      .Case([&](math::SincosOp) {
        auto [s, c] = e.sinCos64(x);
        return SmallVector<Value>{s, c};
      })
      .Case([&](math::TanOp) { return one(e.tan64(x)); })
      .Case([&](math::AtanOp) { return one(e.atan64(x)); })
      .Case([&](math::Atan2Op) { return one(e.atan2_64(x, operands[1])); })
      .Case([&](math::AsinOp) { return one(e.asin64(x)); })
      .Case([&](math::AcosOp) { return one(e.acos64(x)); })
      .Case([&](math::ErfOp) { return one(e.erf64(x)); })
      .Case([&](math::ErfcOp) { return one(e.erfc64(x)); })
      .Default([](Operation *) { return SmallVector<Value>{}; });
}
