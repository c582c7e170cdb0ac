#!/usr/bin/python3
"""Each run-time-size example beside its static twin (issue 34), measured by
the same rules: cycles a step, loads and stores by width, LDS bytes,
registers, scratch and occupancy on gfx942 at -O2.

    /usr/bin/python3 bench/dynamic_shapes.py --build-dir build [--doc]

A step is the work of the twin's one wave or its loop's one pass:

  * gemm / gemm_dynamic: a K step of 32 of one wave's main loop
    (bench/attention.py's measure: llvm-mca with kstep.py's corrections,
    -iterations=100, and the same with every MFMA at its published cycles);
  * pressure / pressure_dynamic: a K step of the main loop (16 loads of X
    a step), kstep.py's steady state of the loop with its corrections
    (-iterations=100) divided by the steps a pass;
  * the others: one wave's run of the kernel at the static twin's size (a
    row of softmax's 256, reduce_wave's and reduce_lds's 1024 or rmsnorm's
    4096 columns, a wave's quarter of rmsnorm_wg's row, a wave's 8 rows of
    transpose's 32 x 32 tile). The static
    twins have no loop (LLVM unrolls reduce_wave's 4 steps), so the step is
    the whole kernel; of a run-time-size kernel the instructions outside its
    loops count once, its main loop (of the innermost loops that access
    memory, the one with the most instructions) as many passes as the
    twin's size takes (PAIRS: none for the row reductions, whose one tile
    at that size wave-peel-loops copies before the loop), its other loops
    (remainders) none. llvm-mca
    -iterations=1 on that trace with kstep.py's corrections (global_load_X
    modelled as buffer_load_X, so the static kernels' global and the
    run-time-size kernels' buffer accesses cost alike). Instructions
    outside the loops that the path at that size skips count too (none in
    these kernels but a loop's guard).

--doc replaces the table between `<!-- dynamic-shapes:begin -->` and
`<!-- dynamic-shapes:end -->` in docs/performance.md.
"""

import argparse
import pathlib
import re
import tempfile

import asm_metrics
import attention
import kstep
import run

BENCH = pathlib.Path(__file__).resolve().parent
ROOT = BENCH.parent
CHIP = "gfx942"
# (static twin, run-time-size example, step, the twin's problem as
# wave-run scalars, and the step: the main-loop passes at the twin's size,
# ("kstep", MFMAs a wave's K step) or ("loads", loads of the main loop a
# step)).
PAIRS = [
    ("softmax", "softmax_dynamic", "a wave's row (256 columns)",
     "M=32 N=256", 0),
    ("reduce_wave", "reduce_dynamic", "a wave's row (1024 columns)",
     "M=128 N=1024", 0),
    ("reduce_lds", "reduce_lds_dynamic", "a workgroup's row (1024 columns)",
     "M=128 N=1024", 0),
    ("rmsnorm", "rmsnorm_dynamic", "a wave's row (4096 columns)",
     "M=64 N=4096", 0),
    ("rmsnorm_wg", "rmsnorm_wg_dynamic", "a wave's quarter of a row (4096 "
     "columns)", "M=64 N=4096", 0),
    ("pressure", "pressure_dynamic", "a K step of the wave's loop (16 "
     "loads of X)", "K=16 C=32768", ("loads", 16)),
    ("transpose", "transpose_dynamic", "a wave's quarter of a 32 x 32 tile",
     "M=256 N=256", 0),
    ("gemm", "gemm_dynamic", "a K step of 32 (a wave's 4 MFMAs)",
     "M=N=K=256", ("kstep", 4)),
    ("gemm_nk_128", "gemm_nk_128_dynamic",
     "a K step of 32 (a wave's 16 MFMAs)", "M=N=K=512", ("kstep", 16)),
]
ACCESS = re.compile(r"^(?:global|buffer|flat)_(load|store)_(\w+)")


def loop_ranges(lines):
    """(first, last) line of each innermost loop, header to last branch back
    (asm_metrics.block_comments finds the headers)."""
    ranges = []
    for i, line in enumerate(lines):
        match = asm_metrics.LABEL.match(line)
        if not match or (asm_metrics.INNER_LOOP_HEADER
                         not in asm_metrics.block_comments(lines, i)):
            continue
        back = [k for k in range(i + 1, len(lines))
                if (asm_metrics.BRANCH.match(lines[k]) or [None, None])[1] ==
                match.group(1)]
        if back:
            ranges.append((i, back[-1]))
    return ranges


def instructions(lines):
    return [t for t in map(asm_metrics.instruction, lines)
            if t and not asm_metrics.BRANCH.match("  " + t)]


def main_loop_range(lines):
    """Of the innermost loops that access memory, the one with the most
    instructions (None if there is none)."""
    working = [r for r in loop_ranges(lines)
               if any(asm_metrics.MEMORY.match(t)
                      for t in instructions(lines[r[0]:r[1] + 1]))]
    return max(working, default=None,
               key=lambda r: len(instructions(lines[r[0]:r[1] + 1])))


def trace(lines, passes):
    """The instructions outside the loops once, the main loop (of the loops
    that access memory, the one with the most instructions) `passes` times
    in its place, the other loops not at all."""
    ranges = loop_ranges(lines)
    main = main_loop_range(lines)
    out = []
    i = 0
    while i < len(lines):
        loop = next((r for r in ranges if r[0] == i), None)
        if loop is None:
            out.extend(instructions(lines[i:i + 1]))
            i += 1
            continue
        if loop == main:
            out.extend(instructions(lines[loop[0]:loop[1] + 1]) * passes)
        i = loop[1] + 1
    return out


def by_width(instructions, scale=1):
    """'load dwordx4:1, store dword:1' of the global and buffer accesses."""
    counts = {}
    for text in instructions:
        match = ACCESS.match(text)
        if match:
            key = f"{match.group(1)} {match.group(2)}"
            counts[key] = counts.get(key, 0) + 1
    return ", ".join(f"{key}: {count / scale:g}"
                     for key, count in sorted(counts.items())) or "none"


def measure(tools, example, passes, workdir):
    report, assembly = run.compile_wave(tools, example, CHIP, ["-O2"],
                                        workdir)
    row = {
        "kernel": example, "vgpr": report["vgpr"] + report["agpr"],
        "sgpr": report["sgpr"], "lds": report["lds_bytes"],
        "scratch": attention.metadata(assembly, example)[
            "private_segment_fixed_size"],
        "occupancy": report["occupancy"],
    }
    lines = asm_metrics.kernel_lines(assembly, example)
    if isinstance(passes, tuple) and passes[0] == "kstep":
        # The loop with the most MFMAs and, of a loop that
        # wave-pipeline-loops versioned on its run-time trip count, the
        # pipelined copy (the one that runs at the twin's size): its LDS
        # writes store the loads of the iteration before, so one comes
        # before the body's first load. LLVM prints the header comment of a
        # named block on the line after its label, which bench/attention.py's
        # loop finder does not read (it would see only the copy as written).
        def key(body):
            first = [next((i for i, t in enumerate(body) if t.startswith(p)),
                          len(body)) for p in ("ds_write", ("global_load",
                                                            "buffer_load"))]
            return (sum(t.startswith("v_mfma") for t in body),
                    first[0] < first[1], len(body))
        body = max((instructions(lines[r[0]:r[1] + 1])
                    for r in loop_ranges(lines)), key=key)
        count = key(body)[0]
        steps = count / passes[1]
        corrected, _ = kstep.correct(body)
        iterations = kstep.MCA_ITERATIONS
        row.update(
            cycles=round(attention.mca(corrected, CHIP) / iterations / steps,
                         1),
            published=round(attention.mca(attention.at_published_time(
                corrected, CHIP), CHIP) / iterations / steps, 1),
            accesses=by_width(body, steps), instructions=len(body) / steps)
        return row
    if isinstance(passes, tuple) and passes[0] == "loads":
        # ("loads", n): a step is n of the main loop's global or buffer
        # loads, its cycles the loop's steady state (kstep.py's) a step.
        main = main_loop_range(lines)
        body = instructions(lines[main[0]:main[1] + 1])
        loads = sum(bool(ACCESS.match(t)) and "_load_" in t for t in body)
        per_pass = loads / passes[1]
        corrected, _ = kstep.correct(body)
        cycles, _ = kstep.steady_state(corrected)
        row.update(cycles=round(cycles / per_pass, 1), published=None,
                   accesses=by_width(body, per_pass),
                   instructions=len(body) / per_pass)
        return row
    steps = trace(lines, passes)
    corrected, _ = kstep.correct(steps)
    row.update(cycles=attention.mca(corrected, CHIP, iterations=1),
               published=None, accesses=by_width(steps),
               instructions=len(steps))
    return row


def table(rows):
    header = ["kernel", "step", "mca cycles a step", "with MFMAs at "
              "published cycles", "vs static", "instructions a step",
              "global/buffer accesses a step (by width)", "LDS B", "VGPRs",
              "SGPRs", "scratch B", "occupancy"]
    body = []
    for static, dynamic, step in rows:
        for r in (static, dynamic):
            ratio = "-" if r is static else \
                f"{r['cycles'] / static['cycles']:.2f}x"
            if r is not static and r["published"] is not None:
                ratio += f" ({r['published'] / static['published']:.2f}x)"
            body.append([
                f"`{r['kernel']}`", step, f"{r['cycles']:g}",
                "-" if r["published"] is None else f"{r['published']:g}",
                ratio, f"{r['instructions']:g}", r["accesses"], r["lds"],
                r["vgpr"], r["sgpr"], r["scratch"], r["occupancy"]])
    return run.markdown_table(header, body)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default=str(ROOT / "build"))
    parser.add_argument("--doc", action="store_true",
                        help="write the table into docs/performance.md")
    args = parser.parse_args()
    tools = pathlib.Path(args.build_dir).resolve() / "bin"
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for static, dynamic, step, size, passes in PAIRS:
            twin = measure(tools, static,
                           passes if isinstance(passes, tuple) else 1,
                           pathlib.Path(tmp))
            ours = measure(tools, dynamic, passes, pathlib.Path(tmp))
            rows.append((twin, ours, f"{step}; {size}"))
    text = table(rows)
    print(text)
    if args.doc:
        run.update_doc(ROOT / "docs" / "performance.md", text,
                       "dynamic-shapes")


if __name__ == "__main__":
    main()
