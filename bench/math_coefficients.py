"""Prints the coefficients of wave-lower-math's erfc interpolants
(kErfcScaled in lib/Conversion/LowerMath.h) and their error: on each of
[1, 3], [3, 6] and [6, 10.1], g(x) = e^{x^2} erfc(x) interpolated at the
18 Chebyshev nodes of the interval (degree 17), written as monomials in
u = (2x - lo - hi) / (hi - lo), evaluated in double by Horner's rule against
mpmath's g at 2001 points of the interval.

    /usr/bin/python3 bench/math_coefficients.py

With --f64, what lib/Conversion/MathF64.cpp uses instead: its constants
split in two doubles (the double nearest, then the double nearest the
rest), 2/pi's bits in 64-bit words (kTwoOverPiWords), and kErfcScaled64,
the interpolants of the same g on F64_INTERVALS computed in mpmath (nodes,
Chebyshev coefficients and their monomial form at 50 digits, rounded to
double at the end, the constant term to two doubles: the last column), each
interval's error measured at 401 points with Horner's rule in double but
for its last step, exact (the pair MathF64.cpp computes). With
--trig-bound, how close an f64 below 2^30 comes to a multiple of pi/2 (what
sin, cos and tan's reduction must resolve).
"""
import sys

import mpmath as mp
import numpy as np

INTERVALS = [(1.0, 3.0), (3.0, 6.0), (6.0, 10.1)]
DEGREE = 17


def scaled_erfc(x):
    return float(mp.erfc(x) * mp.exp(x * x))


def interpolate(lo, hi, degree):
    n = degree + 1
    u = np.cos(np.pi * (np.arange(n) + 0.5) / n)
    x = (lo + hi) / 2 + (hi - lo) / 2 * u
    y = np.array([scaled_erfc(t) for t in x])
    chebyshev = np.polynomial.chebyshev.chebfit(u, y, degree)
    return np.polynomial.chebyshev.cheb2poly(chebyshev)


def max_relative_error(lo, hi, monomials):
    xs = np.linspace(lo, hi, 2001)
    us = (2 * xs - (lo + hi)) / (hi - lo)
    approx = np.zeros_like(us)
    for c in monomials[::-1]:
        approx = approx * us + c
    exact = np.array([scaled_erfc(t) for t in xs])
    return float(np.max(np.abs(approx / exact - 1)))


F64_INTERVALS = [(0.5, 1.5, 22), (1.5, 3.0, 22), (3.0, 6.0, 22),
                 (6.0, 10.0, 22), (10.0, 16.0, 22), (16.0, 27.5, 22)]


def precise_interpolant(lo, hi, degree):
    """Monomial coefficients (in u) of g's Chebyshev interpolant on
    [lo, hi], computed in mpmath."""
    lo, hi = mp.mpf(lo), mp.mpf(hi)
    n = degree + 1
    angles = [mp.pi * (k + mp.mpf(1) / 2) / n for k in range(n)]
    values = [mp.erfc(x) * mp.exp(x * x) for x in
              ((lo + hi) / 2 + (hi - lo) / 2 * mp.cos(a) for a in angles)]
    chebyshev = [2 * mp.fsum(v * mp.cos(j * a) for v, a in
                             zip(values, angles)) / n for j in range(n)]
    chebyshev[0] /= 2
    polynomials = [[mp.mpf(1)], [mp.mpf(0), mp.mpf(1)]]
    for j in range(2, n):
        doubled = [mp.mpf(0)] + [2 * c for c in polynomials[j - 1]]
        previous = polynomials[j - 2] + [mp.mpf(0)] * (
            len(doubled) - len(polynomials[j - 2]))
        polynomials.append([a - b for a, b in zip(doubled, previous)])
    monomials = [mp.mpf(0)] * n
    for c, polynomial in zip(chebyshev, polynomials):
        for i, p in enumerate(polynomial):
            monomials[i] += c * p
    # The constant term as two doubles: its rounding alone is 2^-54 of g.
    return [float(m) for m in monomials] + [
        float(monomials[0] - mp.mpf(float(monomials[0])))]


def precise_error(lo, hi, monomials):
    worst = 0
    for i in range(401):
        x = mp.mpf(lo) + (mp.mpf(hi) - lo) * i / 400
        u = float((2 * x - lo - hi) / (hi - lo))
        rest = 0.0
        for c in reversed(monomials[1:-1]):
            rest = rest * u + c
        approx = mp.mpf(monomials[0]) + monomials[-1] + mp.mpf(u) * rest
        worst = max(worst, abs(approx / (mp.erfc(x) * mp.exp(x * x)) - 1))
    return float(worst)


def split(name, value):
    hi = float(value)
    lo = float(value - mp.mpf(hi))
    print(f"constexpr Split {name}{{{hi.hex()}, {lo.hex()}}};")


def main_f64():
    mp.mp.dps = 50
    split("kLn2Split", mp.log(2))
    split("kLog2ESplit", 1 / mp.log(2))
    split("kLog10ESplit", 1 / mp.log(10))
    split("kLog10Of2Split", mp.log10(2))
    split("kPiSplit", mp.pi)
    split("kPio2Split", mp.pi / 2)
    split("kPio6Split", mp.pi / 6)
    split("kSqrt3Split", mp.sqrt(3))
    split("kTwoThirdsSplit", mp.mpf(2) / 3)
    split("kOneSixthSplit", mp.mpf(1) / 6)
    split("kTwoOverSqrtPiSplit", 2 / mp.sqrt(mp.pi))
    # 2/pi's first 19 * 64 bits after the point, behind a word of zeros.
    with mp.workdps(400):
        bits = int(mp.floor(2 / mp.pi * mp.mpf(2) ** (19 * 64)))
    words = [0] + [(bits >> (64 * (18 - w))) & (2 ** 64 - 1)
                   for w in range(19)]
    print("constexpr uint64_t kTwoOverPiWords[20] = {" +
          ", ".join(f"0x{w:016X}" for w in words) + "};")
    degree = F64_INTERVALS[0][2]
    print(f"constexpr double kErfcScaled64[{len(F64_INTERVALS)}]"
          f"[{degree + 2}] = {{")
    for lo, hi, degree in F64_INTERVALS:
        monomials = precise_interpolant(lo, hi, degree)
        error = precise_error(lo, hi, monomials)
        print(f"    // [{lo}, {hi}]: max relative error {error:.2e}")
        print("    {" + ", ".join(repr(c) for c in monomials) + "},")
    print("};")


def closest_to_half_pi_multiple(top_exponent=30):
    """The smallest |x - k pi/2| over doubles x in [1, 2^top_exponent): per
    binade x = m 2^(e-52), the best approximations m/k of
    (pi/2) 2^(52-e) are the continued fraction's convergents, and below
    the largest denominator the binade allows none comes closer than the
    last convergent. MathF64.cpp's kTrigF64Limit rests on it."""
    mp.mp.dps = 120
    closest = None
    for e in range(top_exponent):
        alpha = mp.pi / 2 * mp.mpf(2) ** (52 - e)
        largest = int(mp.floor(mp.mpf(2) ** 53 / alpha)) + 1
        p0, q0, p1, q1 = 1, 0, int(mp.floor(alpha)), 1
        rest = alpha - mp.floor(alpha)
        while q1 <= largest and rest:
            distance = abs(p1 - q1 * alpha) * mp.mpf(2) ** (e - 52)
            if closest is None or distance < closest:
                closest = distance
            alpha_next = 1 / rest
            term = int(mp.floor(alpha_next))
            rest = alpha_next - term
            p0, q0, p1, q1 = p1, q1, term * p1 + p0, term * q1 + q0
    return closest


def main():
    if "--trig-bound" in sys.argv[1:]:
        closest = closest_to_half_pi_multiple()
        print(f"closest f64 in [1, 2^30) to a multiple of pi/2: "
              f"2^{float(mp.log(closest, 2)):.1f}")
        return
    if "--f64" in sys.argv[1:]:
        return main_f64()
    mp.mp.dps = 40
    print("constexpr double kErfcScaled[3][18] = {")
    for lo, hi in INTERVALS:
        monomials = interpolate(lo, hi, DEGREE)
        error = max_relative_error(lo, hi, monomials)
        print(f"    // [{lo}, {hi}]: max relative error {error:.2e}")
        print("    {" + ", ".join(repr(float(c)) for c in monomials) + "},")
    print("};")


if __name__ == "__main__":
    main()
