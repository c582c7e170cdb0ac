"""How far wave-compile --fast-math moves results: runs kernels in wave-run
before and after wave-fast-math (the interpreter models the approximations
of `afn`) and reports the largest distance in units in the last place (ULP)
between the two, for exp, exp2 and division over wide input ranges
(bench/fast_math_ops.mlir) and for examples/softmax.mlir on random inputs.
docs/passes/wave-fast-math.md quotes its output.

    /usr/bin/python3 bench/fast_math_accuracy.py [--build-dir build]
"""
import argparse
import os
import subprocess
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def ordered(values):
    """f32 bit patterns as integers ordered like the floats they encode."""
    bits = values.astype(np.float32).view(np.int32).astype(np.int64)
    return np.where(bits < 0, -(bits & 0x7FFFFFFF), bits)


def ulps(actual, expected, floor=0.0):
    """ULP distances where the expected value is at least `floor` (smaller
    results are flushed by the hardware and reported apart)."""
    keep = np.abs(expected) >= floor
    return np.abs(ordered(actual[keep]) - ordered(expected[keep]))


def compare(wave_run, kernel_file, workdir, inputs=(), seed=0):
    out = tempfile.mkdtemp(dir=workdir)
    command = [wave_run, kernel_file, "--compare-pipeline=wave-fast-math",
               f"--seed={seed}", f"--output-dir={out}", "--rtol=1",
               "--atol=1e30"]
    command += [f"--input={name}={path}" for name, path in inputs]
    subprocess.run(command, check=True, capture_output=True)
    return lambda name: (np.load(os.path.join(out, name + ".transformed.npy")),
                         np.load(os.path.join(out, name + ".npy")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    args = parser.parse_args()
    wave_run = os.path.join(args.build_dir, "bin", "wave-run")
    rng = np.random.default_rng(0)
    n = 65536
    with tempfile.TemporaryDirectory() as workdir:
        data = {
            "X": rng.uniform(-87.0, 88.0, n),
            "Y": rng.uniform(-126.0, 127.0, n),
            "A": rng.uniform(-1, 1, n) * 2.0 ** rng.integers(-60, 60, n),
            "B": rng.uniform(-1, 1, n) * 2.0 ** rng.integers(-60, 60, n),
        }
        inputs = []
        for name, values in data.items():
            path = os.path.join(workdir, name + ".npy")
            np.save(path, values.astype(np.float32))
            inputs.append((name, path))
        read = compare(wave_run, os.path.join(HERE, "fast_math_ops.mlir"),
                       workdir, inputs)
        for name, what in [("E", "exp(x), x in [-87, 88]"),
                           ("P", "exp2(y), y in [-126, 127]"),
                           ("Q", "a / b, |a|, |b| in 2^[-60, 60]")]:
            fast, accurate = read(name)
            d = ulps(fast, accurate, 2.0 ** -126)
            print(f"{what}: max {d.max()} ULP, mean {d.mean():.2f} ULP "
                  f"({d.size} normal results)")
        # exp on the inputs softmax gives it: x - max in [-2, 0].
        worst = 0
        for seed in range(8):
            fast, accurate = compare(
                wave_run, os.path.join(ROOT, "examples", "softmax.mlir"),
                workdir, seed=seed)("Y")
            worst = max(worst, int(ulps(fast, accurate).max()))
        print(f"softmax (32 x 256, inputs in [-1, 1), 8 seeds): max {worst} "
              f"ULP")


if __name__ == "__main__":
    main()
