"""Prints the coefficients of wave-lower-math's erfc interpolants
(kErfcScaled in lib/Conversion/LowerMath.cpp) and their error: on each of
[1, 3], [3, 6] and [6, 10.1], g(x) = e^{x^2} erfc(x) interpolated at the
18 Chebyshev nodes of the interval (degree 17), written as monomials in
u = (2x - lo - hi) / (hi - lo), evaluated in double by Horner's rule against
mpmath's g at 2001 points of the interval.

    /usr/bin/python3 bench/math_coefficients.py
"""
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


def main():
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
