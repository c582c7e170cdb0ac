#!/usr/bin/env python3
"""Compile time of wave-compile: the whole process per example (median of
several runs), the per-pass times of -mlir-timing for the slowest example,
and the growth with kernel size on a generated kernel with 1x, 4x, 16x, 64x
and 256x the work, with the least-squares exponent k of (time - start-up) ~
size^k, the start-up being the time wave-compile takes on an empty kernel,
and each pass's exponent, and the time of the project's passes, of MLIR's
passes and of LLVM (translation, middle end, backend, link) at each size
with their exponents, and LLVM's slowest passes (middle end and code
generation) at the two largest sizes (-time-passes). bench/run.py includes it in
bench/results.md; alone it writes the table for a few examples:

    bench/compile_time.py BUILD_DIR [--runs N] [--examples gemm ...]
                          [--sizes 1 4 16 64 256 1024] [--loop]
                          [--markdown bench/compile-time.md]

With --growth-only it measures only the generated kernel's growth, in CPU
seconds (user + system, the least of the runs) and peak resident memory,
without the per-pass timings, so that sizes far past the caches (65536x
takes about 4 minutes and 4 GB) can be measured:

    bench/compile_time.py BUILD_DIR --growth-only --runs 2
                          --sizes 16 64 256 1024 4096 16384 65536
"""

import argparse
import math
import os
import pathlib
import re
import statistics
import subprocess
import tempfile
import time

SIZES = [1, 4, 16, 64, 256]
SCALED_CHIP = "gfx942"


def wall_time(command, runs):
    """Median wall-clock seconds of `runs` runs of `command`."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def scaled_kernel(factor, loop=False):
    """A kernel doing `factor` times the work of one step: each step reads
    a 4-element chunk of X, does a short chain of arithmetic on it and a
    LDS exchange with the neighbouring lane between barriers, and
    accumulates (divergence removal, barrier
    insertion and the lowering all have `factor` times the ops to treat).
    With `loop`, the steps are the body of an `scf.for` over 4 chunks of X,
    as a step loop unrolled `factor` times would be: one block with
    `factor` branches until the loop is lowered."""
    chunks = 4 if loop else 1
    size = factor * chunks * 4096
    loop_dim, loop_index = (", i", ", %i") if loop else ("", "")
    chunk = (f"(i * {factor} + j) * 1024" if loop else "j * 1024")
    steps = []
    for s in range(factor):
        steps.append(f"""
    %x{s} = wave.read %X[%tid, %wg, %step{s}{loop_index}] map #chunk
        : memref<{size}xf32> -> vector<4xf32>
    wave.write %x{s}, %buf[%tid] map #lds : vector<4xf32>, !buf
    wave.barrier
    %y{s} = wave.read %buf[%tid] map #lds_next : !buf -> vector<4xf32>
    wave.barrier
    %m{s} = arith.mulf %x{s}, %y{s} : vector<4xf32>
    %e{s} = scf.if %even -> (vector<4xf32>) {{
      %t = arith.addf %m{s}, %x{s} : vector<4xf32>
      scf.yield %t : vector<4xf32>
    }} else {{
      %t = arith.subf %m{s}, %x{s} : vector<4xf32>
      scf.yield %t : vector<4xf32>
    }}
    %acc{s + 1} = arith.addf %acc{s}, %e{s} : vector<4xf32>""")
    constants = "\n".join(f"    %step{s} = arith.constant {s} : index"
                          for s in range(factor))
    if loop:
        zero = "%init"
        body = f"""
    %one = arith.constant 1 : index
    %chunks = arith.constant {chunks} : index
    %sum = scf.for %i = %zero to %chunks step %one iter_args(%acc0 = %init)
        -> (vector<4xf32>) {{{"".join(steps)}
    scf.yield %acc{factor} : vector<4xf32>
    }}"""
        result = "%sum"
    else:
        zero, body, result = "%acc0", "".join(steps), f"%acc{factor}"
    return f"""
#chunk = affine_map<(tid, wg, j{loop_dim}) -> (wg * {factor * chunks * 1024} + {chunk} + tid * 4)>
#lds = affine_map<(tid) -> (tid * 4)>
#lds_next = affine_map<(tid) -> (((tid + 1) mod 256) * 4)>
#out = affine_map<(tid, wg) -> (wg * 1024 + tid * 4)>
!buf = memref<1024xf32, #gpu.address_space<workgroup>>
gpu.module @scaled {{
  gpu.func @scaled(%X: memref<{size}xf32>, %Y: memref<4096xf32>)
      kernel attributes {{known_block_size = array<i32: 256, 1, 1>,
                         known_grid_size = array<i32: 4, 1, 1>,
                         wave.kernel = #wave.kernel<chip = "gfx942",
                                                    wave_size = 64>}} {{
    %buf = wave.alloc_lds : !buf
    %two = arith.constant 2 : index
    %zero = arith.constant 0 : index
{constants}
    {zero} = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %parity = arith.remui %tid, %two : index
    %even = arith.cmpi eq, %parity, %zero : index{body}
    wave.write {result}, %Y[%tid, %wg] map #out
        : vector<4xf32>, memref<4096xf32>
    gpu.return
  }}
}}
"""


EMPTY_KERNEL = """
gpu.module @empty {
  gpu.func @empty() kernel attributes {
      known_block_size = array<i32: 64, 1, 1>,
      wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}
"""
ROOT = pathlib.Path(__file__).resolve().parent.parent


def project_passes():
    """The names -mlir-timing gives the project's passes: their TableGen
    definitions in include/wave."""
    names = set()
    for td in (ROOT / "include" / "wave").rglob("Passes.td"):
        names.update(re.findall(r"^def (\w+)\s*:\s*(?:Interface)?Pass<",
                                td.read_text(), re.MULTILINE))
    return names


# The passes whose growth with kernel size is always reported.
TRACKED = ["WaveMinimizeGlobalLoads", "RemoveDivergence", "WaveInsertBarriers",
           "SCFToControlFlowPass", "WaveLowerScfIf"]
# Rows of -mlir-timing-display=list that group passes rather than name one.
GROUPS = {"root", "Total", "'gpu.module' Pipeline",
          "Pipeline Collection : ['gpu.module']", "'gpu.func' Pipeline",
          "Pipeline Collection : ['gpu.func']", "(A) DominanceInfo"}


def llvm_pass_times(stderr):
    """LLVM's passes of -time-passes (one report for the middle end's and
    the code generator's pass managers), as {name: user seconds}."""
    if "Pass execution timing report" not in stderr:
        return {}
    report = stderr[stderr.index("Pass execution timing report"):]
    times = {}
    for line in report.splitlines()[4:]:
        # User, system, user+system and wall columns, then the name.
        match = re.match(r"\s+([\d.]+) \(\s*[\d.]+%\)(?:\s+[\d.]+ "
                         r"\(\s*[\d.]+%\)){3}\s+(.*\S)", line)
        if not match:
            if times:
                break
            continue
        if match.group(2) != "Total":
            times[match.group(2)] = float(match.group(1))
    return times


def pass_times(tools, example, workdir, min_percent=0.5, llvm=None):
    """Every pass of -mlir-timing over `min_percent` of the time, as (name,
    seconds),
    and the total. The timer runs from the pass manager's creation to the
    exit: its `Rest` is the translation to LLVM IR, LLVM's middle end and
    backend, and the link. With `llvm` (a dict), also LLVM's passes
    (-time-passes, user seconds) into it."""
    result = subprocess.run(
        [tools / "wave-compile", example, f"--chip={SCALED_CHIP}", "-O2",
         "-o", workdir / "timing.hsaco", "-mlir-timing",
         "-mlir-timing-display=list"] +
        (["-time-passes"] if llvm is not None else []),
        capture_output=True, text=True, check=True)
    if llvm is not None:
        llvm.update(llvm_pass_times(result.stderr))
    rows = []
    total = None
    report = result.stderr[result.stderr.index("Execution time report"):]
    for line in report.splitlines():
        # Wall time: the last column (a user-time column comes first when
        # passes ran on several threads).
        match = re.match(r"\s+(?:[\d.]+ \(\s*[\d.]+%\)\s+)?"
                         r"([\d.]+) \(\s*([\d.]+)%\)\s+(.*\S)", line)
        if not match:
            continue
        seconds, percent, name = match.groups()
        if name == "Total":
            total = float(seconds)
        elif name not in GROUPS and float(percent) >= min_percent:
            rows.append((name, float(seconds)))
    return total, rows


def cpu_time(command):
    """CPU seconds (user + system) and peak resident MB of one run of
    `command`, from the kernel's accounting of that child alone."""
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(command, stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        raise subprocess.CalledProcessError(status, command)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure_growth(tools, workdir, runs, sizes, loop=False):
    """The least CPU seconds and the peak memory of `runs` compiles of the
    empty kernel and of the generated kernel at each of `sizes`, the sizes
    taking turns within each run."""
    paths = {0: workdir / "empty.mlir"}
    paths[0].write_text(EMPTY_KERNEL)
    for factor in sizes:
        paths[factor] = workdir / f"scaled{factor}.mlir"
        paths[factor].write_text(scaled_kernel(factor, loop))
    samples = {factor: [] for factor in paths}
    load_before = os.getloadavg()[0]
    for _ in range(runs):
        for factor, path in paths.items():
            samples[factor].append(cpu_time([
                tools / "wave-compile", path, f"--chip={SCALED_CHIP}", "-O2",
                "-o", workdir / "t.hsaco"]))
    least = {factor: min(seconds for seconds, _ in runs_of)
             for factor, runs_of in samples.items()}
    peak = {factor: max(mb for _, mb in runs_of)
            for factor, runs_of in samples.items()}
    return {"runs": runs, "load": (load_before, os.getloadavg()[0]),
            "cores": os.cpu_count(), "sizes": sizes, "loop": loop,
            "startup": least[0], "seconds": least, "peak": peak}


def growth_markdown(growth):
    """The growth table: CPU seconds, above start-up, per step, peak MB, the
    exponent from each size to the next and the fit over all sizes."""
    sizes, startup = growth["sizes"], growth["startup"]
    above = [(f, growth["seconds"][f] - startup) for f in sizes]
    kernel = ("generated kernel, its steps in an scf.for body"
              if growth["loop"] else "generated kernel")
    lines = [f"Growth with kernel size ({kernel}, -O2, gfx942): the least "
             f"CPU seconds (user + system) of {growth['runs']} runs, the "
             "sizes taking turns; start-up is an empty kernel's "
             f"{startup:.2f} s and {growth['peak'][0]:.0f} MB. Load average "
             f"{growth['load'][0]:.1f} when it began, {growth['load'][1]:.1f}"
             f" when it ended, on {growth['cores']} cores.", "",
             "| work | CPU seconds | above start-up | ms a step | peak MB "
             "| k to the next size |", "|---|---|---|---|---|---|"]
    for i, (factor, seconds) in enumerate(above):
        step = (f"{fit_exponent(above[i:i + 2]):.2f}"
                if i + 1 < len(above) else "")
        lines.append(f"| {factor}x | {growth['seconds'][factor]:.2f} | "
                     f"{seconds:.2f} | {1000 * seconds / factor:.2f} | "
                     f"{growth['peak'][factor]:.0f} | {step} |")
    lines += ["", f"Fitted exponent over {sizes[0]}x to {sizes[-1]}x: "
              f"k = {fit_exponent(above):.2f}."]
    return "\n".join(lines)


def measure(tools, examples_dir, examples, workdir, runs, sizes=SIZES,
            loop=False):
    """Whole-process times per example at -O0 and -O2, the per-pass times of
    the slowest example at -O2, and the times of the scaled kernel (its
    steps in a loop body with `loop`) at each of `sizes`."""
    load_before = os.getloadavg()[0]
    compile_command = lambda path, level: [
        tools / "wave-compile", path, f"--chip={SCALED_CHIP}", level, "-o",
        workdir / "t.hsaco"]
    per_example = [
        (example, *[wall_time(compile_command(
            examples_dir / f"{example}.mlir", level), runs)
            for level in ("-O0", "-O2")])
        for example in examples]
    empty = workdir / "empty.mlir"
    empty.write_text(EMPTY_KERNEL)
    startup = wall_time(compile_command(empty, "-O2"), runs)
    scaling = []
    for factor in sizes:
        path = workdir / f"scaled{factor}.mlir"
        path.write_text(scaled_kernel(factor, loop))
        scaling.append((factor, wall_time(compile_command(path, "-O2"), runs)))
    above = [(f, t - startup) for f, t in scaling]
    # The small sizes are within the noise of the start-up: the steps
    # between the largest sizes say more than the fit over all of them.
    steps = last_steps(above)
    # Each pass's time (median of `runs`) on every size of the scaled kernel,
    # and its exponent: the slowest passes at the largest size and the
    # kernel passes whose cost grows with the kernel.
    # Sizes take turns within each run, so that a change of the machine's
    # load during the measurement weighs on every size alike.
    samples_by_size = {factor: [] for factor in sizes}
    llvm_by_size = {factor: [] for factor in sizes}
    for _ in range(runs):
        for factor in sizes:
            llvm_passes = {}
            samples_by_size[factor].append(dict(pass_times(
                tools, workdir / f"scaled{factor}.mlir", workdir,
                min_percent=0, llvm=llvm_passes)[1]))
            llvm_by_size[factor].append(llvm_passes)
    per_size = []
    ours = project_passes()
    owners = {"wave passes": [], "MLIR passes": [], "LLVM": []}
    for factor in sizes:
        samples = samples_by_size[factor]
        per_size.append({name: statistics.median(
            sample.get(name, 0.0) for sample in samples)
            for name in samples[0]})
        # By owner, the median over runs of each run's sum.
        for owner, member in (
                ("wave passes", lambda name: name in ours),
                ("MLIR passes",
                 lambda name: name not in ours and name != "Rest"),
                ("LLVM", lambda name: name == "Rest")):
            owners[owner].append(statistics.median(
                sum(t for name, t in sample.items() if member(name))
                for sample in samples))
    pass_growth = []
    largest = [name for name, _ in sorted(per_size[-1].items(),
                                          key=lambda item: -item[1])[:8]]
    for name in largest + [name for name in TRACKED if name not in largest]:
        if all(name in times for times in per_size):
            points = list(zip(sizes, [times[name] for times in per_size]))
            pass_growth.append((name, [t for _, t in points],
                                fit_exponent(points), last_steps(points)))
    # LLVM's slowest passes at the largest size, their
    # medians at the two largest sizes and the exponent between them.
    def llvm_median(factor, name):
        return statistics.median(sample.get(name, 0.0)
                                 for sample in llvm_by_size[factor])
    llvm_growth = []
    if len(sizes) >= 2 and llvm_by_size[sizes[-1]][0]:
        last, before = sizes[-1], sizes[-2]
        names = sorted(llvm_by_size[last][0],
                       key=lambda name: -llvm_median(last, name))[:6]
        for name in names:
            points = [(before, llvm_median(before, name)),
                      (last, llvm_median(last, name))]
            llvm_growth.append((name, [t for _, t in points],
                                fit_exponent(points)))
    slowest = max(per_example, key=lambda row: row[2])[0]
    total, passes = pass_times(tools, examples_dir / f"{slowest}.mlir",
                               workdir)
    return {"runs": runs, "load": (load_before, os.getloadavg()[0]),
            "cores": os.cpu_count(), "examples": per_example,
            "scaling": scaling,
            "startup": startup, "exponent": fit_exponent(above),
            "llvm_growth": llvm_growth,
            "steps": steps, "pass_growth": pass_growth, "sizes": sizes,
            "loop": loop,
            "owners": [(owner, seconds, fit_exponent(
                list(zip(sizes, seconds))), last_steps(
                    list(zip(sizes, seconds))))
                       for owner, seconds in owners.items()],
            "passes": [(slowest, total, passes)]}


def fit_exponent(points):
    """The least-squares k of seconds = a * size^k on log-log scale."""
    xs = [math.log(size) for size, _ in points]
    ys = [math.log(max(seconds, 1e-5)) for _, seconds in points]
    mean_x, mean_y = statistics.mean(xs), statistics.mean(ys)
    return (sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) /
            sum((x - mean_x) ** 2 for x in xs))


def last_steps(points):
    """The exponents between the third and second largest sizes, and between
    the second largest and the largest."""
    return [fit_exponent(points[i:i + 2])
            for i in (len(points) - 3, len(points) - 2)]


def markdown(times):
    sizes = times["sizes"]
    step_names = [f"{sizes[i]}x to {sizes[i + 1]}x" for i in (-3, -2)]
    lines = ["## Compile time",
             f"wave-compile whole process, gfx942, median of {times['runs']} "
             "runs, seconds. The machine's load average was "
             f"{times['load'][0]:.1f} when the measurement began and "
             f"{times['load'][1]:.1f} when it ended, on {times['cores']} "
             "cores: other work shares it, and times on a loaded machine "
             "vary by a factor of two or more between runs.", "",
             "| example | -O0 | -O2 |", "|---|---|---|"]
    lines += [f"| {name} | {o0:.3f} | {o2:.3f} |"
              for name, o0, o2 in times["examples"]]
    startup = times["startup"]
    kernel = ("generated kernel, its steps in an scf.for body"
              if times["loop"] else "generated kernel")
    lines += ["", f"Growth with kernel size ({kernel}, -O2; start-up "
              f"is an empty kernel's {startup:.3f} s):", "",
              "| work | seconds | minus start-up |", "|---|---|---|"]
    lines += [f"| {factor}x | {t:.3f} | {t - startup:.3f} |"
              for factor, t in times["scaling"]]
    lines += ["", "Fitted growth exponent of the time above start-up "
              f"(time - start-up ~ size^k): k = {times['exponent']:.2f} "
              "over all sizes, " + ", ".join(
                  f"{k:.2f} from {name}"
                  for k, name in zip(times["steps"], step_names)) + "."]
    lines += ["", "Per-pass growth on the generated kernel (-mlir-timing, "
              f"median of {times['runs']} runs a size, seconds):", "",
              "| pass | " + " | ".join(f"{f}x" for f in sizes) +
              " | k (fit) | " + " | ".join(f"k ({name})"
                                            for name in step_names) + " |",
              "|---|" + "---|" * (len(sizes) + 3)]
    lines += ["| " + name + " | " + " | ".join(f"{t:.4f}" for t in seconds)
              + f" | {k:.2f} | " + " | ".join(f"{step:.2f}" for step in steps)
              + " |"
              for name, seconds, k, steps in times["pass_growth"]]
    llvm = dict((owner, seconds)
                for owner, seconds, _, _ in times["owners"])["LLVM"]
    totals = [sum(seconds[i] for _, seconds, _, _ in times["owners"])
              for i in range(len(sizes))]
    lines += ["", "The same runs by whose code it is (seconds; the project's "
              "passes are those include/wave/*/Passes.td defines, MLIR's the "
              "upstream passes of the pipeline, LLVM's the `Rest` after the "
              "pass pipeline: translation, middle end, backend and link):",
              "",
              "| code | " + " | ".join(f"{f}x" for f in sizes) +
              " | k (fit) | " + " | ".join(f"k ({name})"
                                            for name in step_names) +
              " |", "|---|" + "---|" * (len(sizes) + 3)]
    lines += ["| " + owner + " | " + " | ".join(f"{t:.4f}" for t in seconds) +
              f" | {k:.2f} | " + " | ".join(f"{step:.2f}" for step in steps) +
              " |"
              for owner, seconds, k, steps in times["owners"]]
    lines += ["| LLVM's share | " + " | ".join(
        f"{100 * t / total:.0f}%" for t, total in zip(llvm, totals)) +
        " | | " + " | ".join("" for _ in step_names) + " |"]
    if times["llvm_growth"]:
        before, last = sizes[-2], sizes[-1]
        lines += ["", "LLVM's slowest passes (middle end and code "
                  "generation) on the "
                  f"generated kernel at {last}x (-time-passes, user seconds, "
                  f"median of {times['runs']} runs a size):", "",
                  f"| LLVM pass | {before}x | {last}x | k ({before}x to "
                  f"{last}x) |", "|---|---|---|---|"]
        lines += [f"| {name} | {a:.4f} | {b:.4f} | {k:.2f} |"
                  for name, (a, b), k in times["llvm_growth"]]
    for name, total, passes in times["passes"]:
        lines += ["", f"Per-pass times (-mlir-timing, -O2, {name}; passes "
                  f"over 0.5% of the {total:.4f} s timed; `Rest` is LLVM: "
                  "translation, middle end, backend and link):", "",
                  "| pass | seconds |", "|---|---|"]
        lines += [f"| {pass_name} | {sec:.4f} |" for pass_name, sec in passes]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", type=pathlib.Path)
    parser.add_argument("--runs", type=int, default=3,
                        help="runs per measurement (median)")
    parser.add_argument("--examples", nargs="+", default=["gemm"],
                        help="examples/<name>.mlir to time")
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES,
                        help="work factors of the generated kernel")
    parser.add_argument("--loop", action="store_true",
                        help="the generated kernel's steps in an scf.for "
                        "body, as a step loop unrolled that many times")
    parser.add_argument("--growth-only", action="store_true",
                        help="only the generated kernel's growth, in CPU "
                        "seconds and peak memory (least of the runs)")
    parser.add_argument("--markdown", type=pathlib.Path,
                        help="also write the table to this file")
    args = parser.parse_args()
    tools = args.build_dir.resolve() / "bin"
    with tempfile.TemporaryDirectory() as tmp:
        if args.growth_only:
            text = growth_markdown(measure_growth(
                tools, pathlib.Path(tmp), args.runs, args.sizes,
                args.loop)) + "\n"
        else:
            text = markdown(measure(tools, ROOT / "examples", args.examples,
                                    pathlib.Path(tmp), args.runs, args.sizes,
                                    args.loop)) + "\n"
    print(text)
    if args.markdown:
        args.markdown.write_text(text)


if __name__ == "__main__":
    main()
