"""How far wave-lower-math's expansions are from the correctly rounded result:
for each expanded math op and each of f32, f16 and bf16, runs a kernel
`R = op(X[, Y])` in wave-run before and after
`wave-lower-math{intrinsics=false}` (--compare-pipeline) and reports the
largest distance in units in the last place (ULP) between the two. Before
the pass the interpreter computes the op with glibc's double function and
rounds once (glibc's long double function rounded to double: the correctly
rounded result but near a rounding boundary); after it, it runs the
expansion op by op, f64 arithmetic as the GPU does it. This is a benchmark,
not a timed test: it takes minutes.

With --types f64 it measures the f64 expansions (MathF64.cpp) on 2^20
seeded inputs per op against numpy's long double functions (mpmath for erf
and erfc, on an eighth of them): the largest error in ULP as a fraction,
the share of results not correctly rounded, NaN, infinity and zero-sign
disagreements. sin, cos and tan take 2^18 more, from 2^30 (where their
Payne-Hanek reduction starts) to the largest f64, and the f64 closest to a
multiple of pi/2 in each binade, with rows for all of them, for either
side of 2^30 and for those closest f64 against mpmath at 2400 bits.

Inputs: f16 and bf16 every bit pattern (65536; two-operand ops 2^20 seeded
pairs and the special values crossed), f32 2^20 seeded values: every
special value (zeros, infinities, NaN, denormals, extremes, small integers,
the expansions' interval bounds), random bit patterns, magnitudes spread
log-uniformly over 2^-30..2^30 and values uniform in [-12, 12].

    /usr/bin/python3 bench/math_accuracy.py [--build-dir build]
        [--ops sin,erf] [--types f32,f16 | f64] [--count 1048576]
        [--fast-math]

With --fast-math the ops carry `afn`, as wave-compile --fast-math gives
them: tanh, erf, log1p and expm1 then take MLIR's f32 approximations.

docs/MathAccuracy.md quotes its table.
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

UNARY = ["sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
         "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "expm1", "log1p",
         "cbrt", "rsqrt"]
BINARY = ["atan2", "powf"]
BITS = {"f32": (np.uint32, 32), "f16": (np.uint16, 16), "bf16": (np.uint16, 16)}
# The trigonometric reduction is exact below this |x| (LowerMath.cpp).
TRIG_LIMIT = 2.0 ** 50


def kernel(op, ty, n, flags=""):
    """A gpu.module applying `op` (with fast-math `flags`, e.g. "afn") to
    each element of X (and Y) into R."""
    fastmath = f" fastmath<{flags}>" if flags else ""
    binary = op in BINARY or op == "fpowi"
    block = 256
    mem = f"memref<{n}x{ty}>"
    args = f"%X: {mem}, " + (f"%Y: {mem}, " if binary else "") + f"%R: {mem}"
    body = [
        "    %tid = gpu.thread_id x",
        "    %wg = gpu.block_id x",
        f"    %c{block} = arith.constant {block} : index",
        f"    %base = arith.muli %wg, %c{block} : index",
        "    %i = arith.addi %base, %tid : index",
        f"    %x = vector.load %X[%i] : {mem}, vector<1x{ty}>",
    ]
    if binary:
        body.append(f"    %y = vector.load %Y[%i] : {mem}, vector<1x{ty}>")
        body.append(f"    %r = math.{op} %x, %y{fastmath} : vector<1x{ty}>")
    else:
        body.append(f"    %r = math.{op} %x{fastmath} : vector<1x{ty}>")
    body.append(f"    vector.store %r, %R[%i] : {mem}, vector<1x{ty}>")
    return "\n".join([
        "gpu.module @m {",
        f"  gpu.func @k({args}) kernel",
        f"      attributes {{known_block_size = array<i32: {block}, 1, 1>,",
        f"                  known_grid_size = array<i32: {n // block}, 1, 1>,",
        "                  wave.kernel = #wave.kernel<chip = \"gfx942\", "
        "wave_size = 64>} {",
        *body,
        "    gpu.return",
        "  }",
        "}",
    ])


def f32_specials():
    values = [0.0, 1.0, 2.0, 0.5, 3.0, 6.0, 10.0, 10.1, 20.0, 22.0, 0.25,
              np.pi, np.pi / 2, np.pi / 4, np.e, 88.0, 88.7, 89.0, 89.5,
              1e-10, 1e-20, 1e-30, 1e10, 1e20, 1e30, 3e38, 1e-38, 1e-44,
              np.float32(np.finfo(np.float32).max),
              np.float32(np.finfo(np.float32).tiny),
              np.float32(np.finfo(np.float32).smallest_subnormal),
              np.float32(2.0 ** -149 * 1023), np.inf, np.nan,
              0.2679491924311227, 1.4142135623730951, 2.0 ** 24,
              2.0 ** 49, 2.0 ** 50, 2.0 ** 60]
    values += [float(k) for k in range(-10, 11)]
    values += [k + 0.5 for k in range(-10, 10)]
    values = np.array(values, dtype=np.float64)
    values = np.concatenate([values, -values])
    with np.errstate(over="ignore"):
        near = np.concatenate([
            np.nextafter(values.astype(np.float32), np.float32(np.inf)),
            np.nextafter(values.astype(np.float32), np.float32(-np.inf))])
    return np.concatenate([values.astype(np.float32), near])


def f32_inputs(rng, count):
    specials = f32_specials()
    rest = count - specials.size
    parts = [
        rng.integers(0, 2 ** 32, rest // 3, dtype=np.uint64)
        .astype(np.uint32).view(np.float32),
        (rng.choice([-1.0, 1.0], rest // 3) *
         2.0 ** rng.uniform(-30, 30, rest // 3)).astype(np.float32),
    ]
    parts.append(rng.uniform(-12, 12, rest - sum(p.size for p in parts))
                 .astype(np.float32))
    return np.concatenate([specials] + parts)


def half_specials(ty):
    """Bit patterns of the special values of f16 or bf16."""
    if ty == "f16":
        values = np.array([0, 1, 2, 0.5, 3, 6, 10, 65504, 6.1e-5, 6e-8,
                           np.inf, np.nan, np.pi], dtype=np.float16)
        bits = values.view(np.uint16)
    else:
        f32 = np.array([0, 1, 2, 0.5, 3, 6, 10, 3.38e38, 1.18e-38, 9.2e-41,
                        np.inf, np.nan, np.pi], dtype=np.float32)
        bits = (f32.view(np.uint32) >> 16).astype(np.uint16)
    return np.concatenate([bits, bits | 0x8000, bits + 1, bits - 1])


def to_float(bits, ty):
    """Values of f16/bf16/f32 bit patterns as float64."""
    if ty == "f32":
        with np.errstate(invalid="ignore"):
            return bits.view(np.float32).astype(np.float64)
    if ty == "f16":
        return bits.view(np.float16).astype(np.float64)
    with np.errstate(invalid="ignore"):
        return (bits.astype(np.uint32) << 16).view(np.float32).astype(
            np.float64)


def ordered(bits, width):
    signed = bits.astype(np.int64)
    sign = 1 << (width - 1)
    return np.where(signed & sign, -(signed & (sign - 1)), signed)


def run(wave_run, ty, op, inputs, workdir, flags=""):
    n = inputs[0].size
    kernel_file = os.path.join(workdir, "kernel.mlir")
    with open(kernel_file, "w") as f:
        f.write(kernel(op, ty, n, flags))
    out = tempfile.mkdtemp(dir=workdir)
    command = [wave_run, kernel_file, "--compare-pipeline="
               "gpu.module(wave-lower-math{intrinsics=false})",
               f"--output-dir={out}", "--rtol=1e30", "--atol=1e30"]
    for name, values in zip("XY", inputs):
        path = os.path.join(workdir, name + ".npy")
        np.save(path, values)
        command.append(f"--input={name}={path}")
    result = subprocess.run(command, capture_output=True, text=True)
    reference = os.path.join(out, "R.npy")
    if not os.path.exists(reference):
        sys.exit(f"wave-run failed for {op} on {ty}:\n{result.stderr}")
    return (np.load(os.path.join(out, "R.transformed.npy")),
            np.load(reference))


MPMATH = {
    "sin": "sin", "cos": "cos", "tan": "tan", "asin": "asin", "acos": "acos",
    "atan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh",
    "asinh": "asinh", "acosh": "acosh", "atanh": "atanh", "erf": "erf",
    "erfc": "erfc", "expm1": "expm1", "log1p": "log1p", "cbrt": "cbrt",
}


def correctly_rounded(op, x, ty):
    """op(x) rounded once to `ty` (f32 or f16) with mpmath at 60 digits, or
    None where mpmath gives no finite real value."""
    import mpmath as mp
    mp.mp.dps = 60
    v = mp.mpf(float(x))
    try:
        if op == "rsqrt":
            r = 1 / mp.sqrt(v)
        elif op == "cbrt":
            r = mp.cbrt(abs(v)) * (1 if v >= 0 else -1)
        else:
            r = getattr(mp, MPMATH[op])(v)
    except (ValueError, ZeroDivisionError):
        return None
    if isinstance(r, mp.mpc) or not mp.isfinite(r):
        return None
    dtype = np.float32 if ty == "f32" else np.float16
    largest = np.finfo(dtype).max
    limit = mp.mpf(float(largest)) + mp.mpf(float(
        largest - np.nextafter(largest, dtype(0)))) / 2
    if abs(r) >= limit:
        return dtype(np.inf) if r > 0 else dtype(-np.inf)
    with np.errstate(over="ignore"):
        guess = dtype(float(r))
        candidates = [np.nextafter(guess, dtype(-np.inf)), guess,
                      np.nextafter(guess, dtype(np.inf))]
    candidates = [c for c in candidates if np.isfinite(c)]
    return min(candidates, key=lambda c: abs(mp.mpf(float(c)) - r))


def check_sample(got, inputs, op, ty, size, rng):
    """How many of `size` sampled results of one-operand `op` differ from
    mpmath's correctly rounded value."""
    if op not in MPMATH and op != "rsqrt":
        return "-"
    values = to_float(inputs[0].view(BITS[ty][0]), ty)
    picks = rng.choice(np.flatnonzero(np.isfinite(values)), size, False)
    wrong = 0
    for k in picks:
        want = correctly_rounded(op, values[k], ty)
        if want is not None and got[k] != want:
            wrong += 1
    return f"{wrong} of {size}"


def measure(wave_run, ty, op, inputs, workdir, flags=""):
    """(max ULP, share of results not equal, NaN disagreements, worst
    input) for inputs as bit patterns."""
    bits_type, width = BITS[ty]
    values = [x.view(np.float32) if ty == "f32" else
              (x.view(np.float16) if ty == "f16" else x) for x in inputs]
    got, want = run(wave_run, ty, op, values, workdir, flags)
    got_bits = got.view(bits_type)
    want_bits = want.view(bits_type)
    got_f, want_f = to_float(got_bits, ty), to_float(want_bits, ty)
    nan_got, nan_want = np.isnan(got_f), np.isnan(want_f)
    nan_mismatch = int(np.sum(nan_got != nan_want))
    both = ~nan_got & ~nan_want
    distance = np.abs(ordered(got_bits[both], width) -
                      ordered(want_bits[both], width))
    worst = int(distance.max()) if distance.size else 0
    where = np.flatnonzero(both)[int(np.argmax(distance))] if worst else None
    detail = ""
    if where is not None:
        x = [to_float(v.view(bits_type), ty)[where] for v in inputs]
        detail = (f"x = {', '.join(repr(float(v)) for v in x)}: got "
                  f"{float(got_f[where])!r}, want {float(want_f[where])!r}")
    differ = float(np.mean(distance != 0)) if distance.size else 0.0
    zero = both & (got_f == 0) & (want_f == 0)
    signs = int(np.sum(np.signbit(got_f[zero]) != np.signbit(want_f[zero])))
    return worst, differ, nan_mismatch + signs, detail, got


F64_UNARY = ["exp", "exp2", "expm1", "log", "log2", "log10", "log1p",
             "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
             "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "cbrt",
             "rsqrt"]
F64_BINARY = ["atan2", "powf"]
# f64 sin, cos and tan reduce by Payne and Hanek from this |x| on
# (MathF64.cpp).
F64_TRIG_LIMIT = 2.0 ** 30
# numpy's long double functions (x87, 64-bit significands) for the
# reference; erf and erfc come from mpmath.
LONG_DOUBLE = {
    "exp": np.exp, "exp2": np.exp2, "expm1": np.expm1, "log": np.log,
    "log2": np.log2, "log10": np.log10, "log1p": np.log1p, "sin": np.sin,
    "cos": np.cos, "tan": np.tan, "asin": np.arcsin, "acos": np.arccos,
    "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh,
    "asinh": np.arcsinh, "acosh": np.arccosh, "atanh": np.arctanh,
    "cbrt": np.cbrt, "rsqrt": lambda x: 1 / np.sqrt(x),
    "atan2": np.arctan2, "powf": np.power,
}


def f64_specials():
    values = [0.0, 1.0, 2.0, 0.5, 3.0, 10.0, 20.0, 40.0, 41.0, 0.25, 1e-300,
              np.pi, np.pi / 2, np.pi / 4, np.e, 709.0, 709.78, 710.0,
              710.47, 711.0, 745.0, 745.13, 746.0, 1022.0, 1023.0, 1024.0,
              1074.0, 1075.0, 2.0 ** 28, 2.0 ** 29, 2.0 ** 30, 2.0 ** 52,
              1e-10, 1e-20, 1e-100, 1e10, 1e100, 1e300,
              np.finfo(np.float64).max, np.finfo(np.float64).tiny,
              np.finfo(np.float64).smallest_subnormal,
              2.0 ** -1074 * 1023, np.inf, np.nan, 0.2679491924311227,
              1.4142135623730951, 0.7071067811865476, 5.9, 6.0, 26.5, 27.3,
              1.0 / 3, 0.35, 0.347, 37.5, 19.0, 22.0]
    values += [float(k) for k in range(-10, 11)]
    values += [k + 0.5 for k in range(-10, 10)]
    values = np.array(values, dtype=np.float64)
    values = np.concatenate([values, -values])
    with np.errstate(over="ignore"):
        near = np.concatenate([np.nextafter(values, np.inf),
                               np.nextafter(values, -np.inf)])
    return np.concatenate([values, near])


def f64_inputs(rng, count):
    """Specials, then a quarter each of random bit patterns, magnitudes
    log-uniform over 2^-30..2^30, values uniform in [-12, 12] and in
    [-1, 1]."""
    specials = f64_specials()
    rest = count - specials.size
    quarter = rest // 4
    parts = [
        rng.integers(0, 2 ** 64, quarter, dtype=np.uint64).view(np.float64),
        rng.choice([-1.0, 1.0], quarter) * 2.0 ** rng.uniform(-30, 30,
                                                               quarter),
        rng.uniform(-12, 12, quarter),
    ]
    parts.append(rng.uniform(-1, 1, rest - 3 * quarter))
    return np.concatenate([specials] + parts)


def f64_trig_hard_cases():
    """For each binade exponent s of x = q 2^s (q < 2^53) from 2^30 to the
    largest f64, the two f64 closest to a multiple of pi/2 that q 2^s
    gives: q the last two denominators below 2^53 of the continued
    fraction of frac(2^s 2/pi) (2/pi to 1400 bits, in integers). They
    include 0x1.6ac5b262ca1ffp+849, the closest of all (2^-60.9)."""
    import mpmath as mp
    mp.mp.dps = 450
    bits = 1400
    two_over_pi = int(mp.floor(2 / mp.pi * mp.mpf(2) ** bits))
    values = []
    for s in range(-22, 972):
        shifted = two_over_pi << s if s >= 0 else two_over_pi >> -s
        numerator, denominator = shifted % (1 << bits), 1 << bits
        previous, current, found = 1, 0, []
        while denominator:
            term = numerator // denominator
            numerator, denominator = (denominator,
                                      numerator - term * denominator)
            previous, current = current, term * current + previous
            if current >= 1 << 53:
                break
            found.append(current)
        values += [math.ldexp(float(q), s) for q in found[-2:]]
    values = np.array(values)
    return values[values >= F64_TRIG_LIMIT]


def f64_trig_inputs(rng, count):
    """sin, cos and tan's extra inputs: the hard cases, their neighbours,
    both signs (first), then magnitudes log-uniform over [2^30, 2^1024) up to
    count in all."""
    hard = f64_trig_hard_cases()
    hard = np.concatenate([hard, np.nextafter(hard, np.inf),
                           np.nextafter(hard, 0)])
    hard = np.concatenate([hard, -hard])
    rest = max(count - hard.size, 0)
    large = rng.choice([-1.0, 1.0], rest) * 2.0 ** rng.uniform(30, 1024, rest)
    return hard, large[np.isfinite(large)]


def f64_trig_mpmath(op, x, got):
    """The largest error in ULP of `got` = op(x) against mpmath at 2400
    bits (past what reducing any f64 needs) and its argument."""
    import mpmath as mp
    mp.mp.prec = 2400
    function = getattr(mp, op)
    worst, where = 0.0, None
    for value, result in zip(x, got):
        exact = function(mp.mpf(float(value)))
        ulps = float(abs(mp.mpf(float(result)) - exact) /
                     np.spacing(abs(float(exact))))
        if ulps > worst:
            worst, where = ulps, value
    return worst, where


def f64_reference(op, inputs):
    """op on the inputs in long double (mpmath at 40 digits for erf and
    erfc) and that value rounded to double."""
    if op in ("erf", "erfc"):
        import mpmath as mp
        mp.mp.dps = 40
        function = getattr(mp, op)
        # Past |x| = 30 erf is +-1 and erfc 0 or 2 in long double (and
        # mpmath's erfc overflows on huge arguments).
        exact = np.array([np.longdouble(str(function(mp.mpf(float(v)))))
                          if abs(v) < 30 else np.longdouble(
                              {"erf": np.sign(v), "erfc": 1 - np.sign(v)}[op])
                          if not np.isnan(v) else np.longdouble(np.nan)
                          for v in inputs[0]], dtype=np.longdouble)
        if op == "erf":  # erf(-0) = -0
            exact = np.where(inputs[0] == 0, inputs[0], exact)
    else:
        with np.errstate(all="ignore"):
            exact = LONG_DOUBLE[op](*[v.astype(np.longdouble)
                                      for v in inputs])
    return exact


def f64_errors(op, inputs, got):
    """(max ULP as a fraction, share not correctly rounded, NaN/inf/zero
    sign disagreements, worst case) of the expansion's results `got` on
    `inputs` against long double."""
    exact = f64_reference(op, inputs)
    with np.errstate(all="ignore"):
        rounded = exact.astype(np.float64)
        nan_got, nan_want = np.isnan(got), np.isnan(rounded)
        finite = np.isfinite(got) & np.isfinite(rounded)
        specials = int(np.sum(nan_got != nan_want))
        infinite = ~nan_got & ~nan_want & ~finite
        specials += int(np.sum(got[infinite] != rounded[infinite]))
        zero = finite & (got == 0) & (rounded == 0)
        specials += int(np.sum(np.signbit(got[zero]) !=
                               np.signbit(rounded[zero])))
        scale = np.spacing(np.abs(rounded[finite]))
        ulps = (np.abs(got[finite].astype(np.longdouble) - exact[finite]) /
                scale.astype(np.longdouble)).astype(np.float64)
    worst = float(ulps.max()) if ulps.size else 0.0
    detail = ""
    if ulps.size:
        where = np.flatnonzero(finite)[int(np.argmax(ulps))]
        detail = (f"x = {', '.join(repr(float(v[where])) for v in inputs)}:"
                  f" got {float(got[where])!r}, want "
                  f"{float(rounded[where])!r}")
    off = float(np.mean(got[finite] != rounded[finite])) if ulps.size else 0
    return worst, off, specials, detail


def main_f64(args, wave_run):
    ops = [o for o in args.ops.split(",") if o in F64_UNARY + F64_BINARY]
    print("| op | inputs | max ULP | not correctly rounded | NaN, inf or "
          "zero-sign disagreements | worst case |")
    print("|---|---|---|---|---|---|")
    rng = np.random.default_rng(64)
    x = f64_inputs(rng, args.count)
    y = f64_inputs(rng, args.count)
    rng.shuffle(y)
    hard, large = f64_trig_inputs(rng, args.count // 4)
    trig_x = np.concatenate([x, hard, large])
    is_hard = np.zeros(trig_x.size, dtype=bool)
    is_hard[x.size:x.size + hard.size] = True
    with tempfile.TemporaryDirectory() as workdir:
        for op in ops:
            inputs = [x, y] if op in F64_BINARY else [x]
            if op in ("erf", "erfc"):
                inputs = [x[:args.count // 8]]
            if op in ("sin", "cos", "tan"):
                inputs = [trig_x]
            size = -(-inputs[0].size // 256) * 256
            inputs = [np.concatenate([v, np.repeat(v[:1], size - v.size)])
                      for v in inputs]
            got, _ = run(wave_run, "f64", op, inputs, workdir)
            rows = [(op, np.full(size, True))]
            if op in ("sin", "cos", "tan"):
                past = np.abs(inputs[0]) >= F64_TRIG_LIMIT
                rows += [(f"{op} (abs x < 2^30)", ~past),
                         (f"{op} (abs x >= 2^30)", past)]
            for name, rows_in in rows:
                worst, off, specials, detail = f64_errors(
                    op, [v[rows_in] for v in inputs], got[rows_in])
                print(f"| {name} | {int(rows_in.sum())} | {worst:.3f} | "
                      f"{off:.2e} | {specials} | {detail} |", flush=True)
            if op in ("sin", "cos", "tan"):
                mask = np.concatenate([is_hard, np.zeros(size - is_hard.size,
                                                         dtype=bool)])
                worst, where = f64_trig_mpmath(op, inputs[0][mask],
                                               got[mask])
                print(f"| {op} (hard cases, mpmath) | {int(mask.sum())} | "
                      f"{worst:.3f} | | | x = {float(where).hex()} |",
                      flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    parser.add_argument("--ops", default=None)
    parser.add_argument("--types", default="f32,f16,bf16")
    parser.add_argument("--count", type=int, default=1 << 20)
    parser.add_argument("--fast-math", action="store_true",
                        help="the ops with fastmath<afn> (what wave-compile "
                        "--fast-math gives them)")
    parser.add_argument("--sample", type=int, default=2000,
                        help="results per op and type checked against "
                        "mpmath (0: none)")
    args = parser.parse_args()
    if args.ops is None:
        args.ops = ",".join(F64_UNARY + F64_BINARY if args.types == "f64"
                            else UNARY + BINARY)
    wave_run = os.path.join(args.build_dir, "bin", "wave-run")
    if args.types == "f64":
        return main_f64(args, wave_run)
    ops = args.ops.split(",")
    print("| op | type | inputs | max ULP | results off by >= 1 ULP | "
          "NaN or zero-sign disagreements | worst case | off the mpmath "
          "sample |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as workdir:
        for ty in args.types.split(","):
            rng = np.random.default_rng(31)
            if ty == "f32":
                x = f32_inputs(rng, args.count).view(np.uint32)
                y = f32_inputs(rng, args.count).view(np.uint32)
                rng.shuffle(y)
                trig_x = x[np.abs(x.view(np.float32)) < TRIG_LIMIT]
            else:
                x = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16)
                specials = half_specials(ty)
                pairs = rng.integers(0, 1 << 16, (2, args.count - (
                    specials.size ** 2)), dtype=np.uint32).astype(np.uint16)
                cross = np.stack(np.meshgrid(specials, specials)).reshape(2, -1)
                px, py = np.concatenate([pairs, cross], axis=1)
                trig_x = x
            for op in ops:
                if op in BINARY:
                    inputs = [x, y] if ty == "f32" else [px, py]
                else:
                    inputs = [x]
                # Pad to whole workgroups of 256 (repeating the first value).
                size = -(-inputs[0].size // 256) * 256
                inputs = [np.concatenate([v, np.repeat(v[:1], size - v.size)])
                          for v in inputs]
                flags = "afn" if args.fast_math else ""
                worst, differ, nans, detail, got = measure(
                    wave_run, ty, op, inputs, workdir, flags)
                sample = ("-" if ty == "bf16" or args.sample == 0 else
                          check_sample(got, inputs, op, ty, args.sample, rng))
                described = (f"all {inputs[0].size}" if ty != "f32"
                             and op not in BINARY else f"{inputs[0].size}")
                print(f"| {op} | {ty} | {described} | {worst} | "
                      f"{differ:.2e} | {nans} | {detail} | {sample} |",
                      flush=True)
                if op in ("sin", "cos", "tan") and ty == "f32":
                    v = np.concatenate([trig_x, np.repeat(trig_x[:1], -(
                        -trig_x.size // 256) * 256 - trig_x.size)])
                    worst, differ, nans, detail, _ = measure(
                        wave_run, ty, op, [v], workdir, flags)
                    print(f"| {op} (abs x < 2^50) | {ty} | {v.size} | "
                          f"{worst} | {differ:.2e} | {nans} | {detail} | - |",
                          flush=True)


if __name__ == "__main__":
    main()
