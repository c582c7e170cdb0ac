"""Instructions per element of each math op: compiles a kernel applying the
op to one element a lane (`R = op(X[, Y])`) with wave-compile -O3 for a
chip, counts the instructions of the kernel's assembly, and subtracts those
of the same kernel copying X to R. The count is static: sin, cos and tan
hold the Payne-Hanek reduction in a branch that only lanes with |x| >=
2^50 take, and under --fast-math the f64 expansion in a branch that only
lanes with |x| >= 2^16 take; erf and erfc branch between their series
(|x| < 1) and their interpolant; the number in parentheses of those rows is
the count without the largest region a branch skips (the path every lane
takes when none needs the rare one, plus the branches' own few
instructions).

    /usr/bin/python3 bench/math_instructions.py [--build-dir build]
        [--chips gfx942,gfx1100] [--types f32,f16,bf16] [--ops tanh,erf]
        [--fast-math] [--hipcc]

docs/MathAccuracy.md quotes its table.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "test", "wave-compile", "Inputs"))
import math_ops  # noqa: E402

INSTRUCTION = re.compile(r"^\s+([sv]_|global_|buffer_|flat_|ds_)(\S+)")
BRANCH_SKIP = re.compile(r"^\s+s_cbranch_execz\s+(\S+)")
# Ops with a branch the common path skips: the trigonometric functions'
# Payne-Hanek reduction (and their f64 expansion under --fast-math), erf's
# and erfc's interpolant past 1, expm1's, sinh's and tanh's exponential
# past 1/2 (the count in parentheses takes the series).
BRANCHED = ("sin", "cos", "tan", "erf", "erfc", "expm1", "sinh", "tanh")
F64 = re.compile(r"_f64(_e32|_e64|_dpp|_sdwa)?$")


def kernel(op, ty):
    n = 256
    mem = f"memref<{n}x{ty}>"
    vec = f"vector<1x{ty}>"
    binary = op in math_ops.BINARY
    args = f"%X: {mem}, %Y: {mem}, %N: memref<{n}xi32>, %R: {mem}"
    if op == "copy":
        body = f"    %r = arith.select %t, %x, %x : vector<1xi1>, {vec}"
    elif binary:
        body = f"    %r = math.{op} %x, %y : {vec}"
    elif op == "fma":
        body = f"    %r = math.fma %x, %y, %x : {vec}"
    elif op == "clampf":
        body = f"    %r = math.clampf %x to [%y, %x] : {vec}"
    elif op == "fpowi":
        body = f"    %r = math.fpowi %x, %n : {vec}, vector<1xi32>"
    else:
        body = f"    %r = math.{op} %x : {vec}"
    return "\n".join([
        "gpu.module @m {",
        f"  gpu.func @k({args}) kernel",
        f"      attributes {{known_block_size = array<i32: {n}, 1, 1>,",
        "                  known_grid_size = array<i32: 1, 1, 1>,",
        "                  wave.kernel = #wave.kernel<chip = \"gfx942\", "
        "wave_size = 64>} {",
        "    %i = gpu.thread_id x",
        "    %t = arith.constant dense<true> : vector<1xi1>",
        f"    %x = vector.load %X[%i] : {mem}, {vec}",
        f"    %y = vector.load %Y[%i] : {mem}, {vec}",
        f"    %n = vector.load %N[%i] : memref<{n}xi32>, vector<1xi32>",
        body,
        f"    vector.store %r, %R[%i] : {mem}, {vec}",
        "    gpu.return",
        "  }",
        "}",
    ])


def count(wave_compile, chip, op, ty, workdir, extra=()):
    path = os.path.join(workdir, "k.mlir")
    with open(path, "w") as f:
        f.write(kernel(op, ty))
    result = subprocess.run([wave_compile, path, f"--chip={chip}", "-O3",
                             "--emit=asm", "-o", "-", *extra],
                            capture_output=True, text=True)
    if result.returncode:
        return None
    total = f64 = 0
    # Instructions of each top-level region an s_cbranch_execz skips.
    regions = []
    skip_label = None
    for line in result.stdout.splitlines():
        if skip_label and line.startswith(skip_label + ":"):
            skip_label = None
        if INSTRUCTION.match(line):
            total += 1
            f64 += bool(F64.search(line.split()[0]))
            if skip_label:
                regions[-1] += 1
        branch = BRANCH_SKIP.match(line)
        if branch and op in BRANCHED and skip_label is None:
            skip_label = branch.group(1)
            regions.append(0)
    skipped = max(regions, default=0)
    # A layout that jumps over the common path (s_cbranch_execnz) hides it
    # from this count: no number in parentheses then.
    if "s_cbranch_execnz" in result.stdout:
        skipped = 0
    return total, f64, skipped


def hipcc_counts(fast_math):
    """Instructions of each k_<op> of bench/hip/math.hip compiled by hipcc for
    gfx940, minus k_copy's: {op: count}."""
    hipcc = shutil.which("hipcc")
    if not hipcc:
        sys.exit("--hipcc: no hipcc on the PATH (apt-get install hipcc)")
    flags = ["-ffast-math"] if fast_math else []
    result = subprocess.run(
        [hipcc, "-x", "hip", "--cuda-device-only", "--offload-arch=gfx940",
         "-O3", "-S", *flags, os.path.join(HERE, "hip", "math.hip"), "-o",
         "-"], capture_output=True, text=True)
    if result.returncode:
        sys.exit(f"hipcc failed:\n{result.stderr}")
    counts, name = {}, None
    for line in result.stdout.splitlines():
        label = re.match(r"^k_(\w+):", line)
        if label:
            name = label.group(1)
            counts[name] = 0
        elif name and INSTRUCTION.match(line):
            counts[name] += 1
        if name and "s_endpgm" in line:
            name = None
    base = counts.pop("copy")
    return {op: n - base for op, n in counts.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    parser.add_argument("--chips", default="gfx942,gfx1100")
    parser.add_argument("--types", default="f32,f16,bf16")
    parser.add_argument("--ops", default="")
    parser.add_argument("--fast-math", action="store_true",
                        help="compile with wave-compile --fast-math")
    parser.add_argument("--hipcc", action="store_true",
                        help="add a column: Debian's hipcc (ROCm 5.2, OCML) "
                        "on bench/hip/math.hip for gfx940 (-ffast-math with "
                        "--fast-math), f32")
    args = parser.parse_args()
    extra = ["--fast-math"] if args.fast_math else []
    wave_compile = os.path.join(args.build_dir, "bin", "wave-compile")
    ops = (args.ops.split(",") if args.ops else
           sorted(math_ops.UNARY + math_ops.BINARY + math_ops.TERNARY +
                  ["fpowi"]))
    chips = args.chips.split(",")
    types = args.types.split(",")
    columns = [f"{chip} {ty}" for chip in chips for ty in types]
    hip_counts = hipcc_counts(args.fast_math) if args.hipcc else None
    if hip_counts is not None:
        columns.append("hipcc gfx940 f32")
    print("| op | " + " | ".join(columns) + " |")
    print("|---|" + "---|" * len(columns))
    with tempfile.TemporaryDirectory() as workdir:
        base = {(c, t): count(wave_compile, c, "copy", t, workdir, extra)[0]
                for c in chips for t in types}
        for op in ops:
            cells = []
            for chip in chips:
                for ty in types:
                    counted = count(wave_compile, chip, op, ty, workdir,
                                    extra)
                    if counted is None:
                        cells.append("error")
                        continue
                    total, f64, skipped = counted
                    cell = str(total - base[(chip, ty)])
                    if skipped:
                        cell += f" ({total - skipped - base[(chip, ty)]})"
                    if f64:
                        cell += f", {f64} f64"
                    cells.append(cell)
            if hip_counts is not None:
                cells.append(str(hip_counts.get(op, "-")))
            print(f"| {op} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
