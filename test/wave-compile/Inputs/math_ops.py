"""Writes a gpu.module whose kernels apply every op of the math dialect: one
kernel per float type (every op wave-lower-math lowers on it), one for the
integer ops. Each lane reads two elements of each operand and writes every
result to its own row of the output.

    math_ops.py [--types f16,bf16,f32,f64] [--chip gfx942] [--wave-size 64]
                [--width 2]

test/wave-compile/math-ops.test compiles it for every chip;
bench/math_accuracy.py uses the op lists.
"""
import argparse

# Float ops of one operand, of two, of three (name, arity).
UNARY = ["absf", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt",
         "ceil", "cos", "cosh", "erf", "erfc", "exp", "exp2", "expm1",
         "floor", "log", "log10", "log1p", "log2", "round", "roundeven",
         "rsqrt", "sin", "sinh", "sqrt", "tan", "tanh", "trunc"]
BINARY = ["atan2", "copysign", "powf"]
TERNARY = ["fma", "clampf"]
CLASSIFY = ["isnan", "isinf", "isfinite", "isnormal"]
INTEGER_UNARY = ["absi", "ctlz", "cttz", "ctpop"]
LANES = 64
WIDTH = 2


def kernel_start(name, arguments, loads, ty, chip, wave_size):
    """The opening of a kernel of `LANES` lanes: lane `tid` loads `WIDTH`
    elements at `tid * WIDTH` of each memref in `loads` (as `%a`, `%b`,
    ...)."""
    lines = [
        f"  gpu.func @{name}({arguments}) kernel",
        f"      attributes {{known_block_size = array<i32: {LANES}, 1, 1>,",
        f"                  known_grid_size = array<i32: 1, 1, 1>,",
        f"                  wave.kernel = #wave.kernel<chip = \"{chip}\", "
        f"wave_size = {wave_size}>}} {{",
        "    %tid = gpu.thread_id x",
        f"    %c{WIDTH} = arith.constant {WIDTH} : index",
        f"    %i = arith.muli %tid, %c{WIDTH} : index",
    ]
    n = LANES * WIDTH
    for value, memref in zip("abc", loads):
        lines.append(f"    %{value} = vector.load %{memref}[%i] : "
                     f"memref<{n}x{ty}>, vector<{WIDTH}x{ty}>")
    return lines


def store_rows(values, memref, ty, prefix):
    """Stores each of `values` (vectors of `ty`) to its own row of
    `memref`, row i at `i * LANES * WIDTH`."""
    n = LANES * WIDTH
    lines = []
    for row, value in enumerate(values):
        lines.append(f"    %{prefix}o{row} = arith.constant {row * n} : index")
        lines.append(f"    %{prefix}j{row} = arith.addi %i, %{prefix}o{row} : "
                     "index")
        lines.append(f"    vector.store {value}, %{memref}[%{prefix}j{row}] : "
                     f"memref<{len(values) * n}x{ty}>, vector<{WIDTH}x{ty}>")
    return lines


def float_kernel(name, ty, chip, wave_size):
    ops = UNARY + BINARY + TERNARY
    rows = len(ops) + 3
    vec = f"vector<{WIDTH}x{ty}>"
    n = LANES * WIDTH
    lines = kernel_start(
        name,
        f"%A: memref<{n}x{ty}>, %B: memref<{n}x{ty}>, %C: memref<{n}x{ty}>, "
        f"%N: memref<{n}xi32>, %OUT: memref<{rows * n}x{ty}>, "
        f"%FLAGS: memref<{4 * n}xi32>", ["A", "B", "C"], ty, chip, wave_size)
    results = []
    for op in ops:
        if op in BINARY:
            lines.append(f"    %{op} = math.{op} %a, %b : {vec}")
        elif op == "fma":
            lines.append(f"    %{op} = math.fma %a, %b, %c : {vec}")
        elif op == "clampf":
            lines.append(f"    %{op} = math.clampf %a to [%b, %c] : {vec}")
        else:
            lines.append(f"    %{op} = math.{op} %a : {vec}")
        results.append(f"%{op}")
    lines.append(f"    %n = vector.load %N[%i] : memref<{n}xi32>, "
                 f"vector<{WIDTH}xi32>")
    lines.append(f"    %fpowi = math.fpowi %a, %n : {vec}, "
                 f"vector<{WIDTH}xi32>")
    lines.append(f"    %sc.s, %sc.c = math.sincos %a : {vec}")
    results += ["%fpowi", "%sc.s", "%sc.c"]
    lines += store_rows(results, "OUT", ty, "")
    for op in CLASSIFY:
        lines.append(f"    %{op} = math.{op} %a : {vec}")
        lines.append(f"    %{op}.i = arith.extui %{op} : vector<{WIDTH}xi1> "
                     f"to vector<{WIDTH}xi32>")
    lines += store_rows([f"%{op}.i" for op in CLASSIFY], "FLAGS", "i32", "f")
    lines += ["    gpu.return", "  }"]
    return lines


def integer_kernel(chip, wave_size):
    n = LANES * WIDTH
    vec = f"vector<{WIDTH}xi32>"
    ops = INTEGER_UNARY + ["ipowi"]
    lines = kernel_start(
        "integers",
        f"%A: memref<{n}xi32>, %B: memref<{n}xi32>, "
        f"%OUT: memref<{len(ops) * n}xi32>", ["A", "B"], "i32", chip,
        wave_size)
    for op in ops:
        operands = "%a, %b" if op == "ipowi" else "%a"
        lines.append(f"    %{op} = math.{op} {operands} : {vec}")
    lines += store_rows([f"%{op}" for op in ops], "OUT", "i32", "")
    lines += ["    gpu.return", "  }"]
    return lines


def main():
    global WIDTH
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--types", default="f16,bf16,f32,f64")
    parser.add_argument("--chip", default="gfx942")
    parser.add_argument("--wave-size", type=int, default=64)
    parser.add_argument("--no-integers", action="store_true")
    parser.add_argument("--width", type=int, default=WIDTH,
                        help="elements of each vector")
    args = parser.parse_args()
    WIDTH = args.width
    lines = ["gpu.module @math_ops {"]
    for ty in args.types.split(","):
        lines += float_kernel(f"math_{ty}", ty, args.chip, args.wave_size)
    if not args.no_integers:
        lines += integer_kernel(args.chip, args.wave_size)
    lines.append("}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
