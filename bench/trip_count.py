#!/usr/bin/env python3
"""Analysis cost against the trip count: the whole wave-optimize pipeline
(wave-opt --wave-optimize='chip=gfx942') on a kernel that loops over chunks
of its input staged through one reused LDS tile, at trip counts from 8 to
2^16: wall time (median of several runs) and peak memory (the child's
maximum resident set), as ratios to the smallest trip count, and the
barriers barrier insertion places in the loop and the layout
wave-optimize-lds-layout chooses for a rank-2 version of the tile at every
trip count from 2 to 2^20 (they must not depend on it).

Usage: bench/trip_count.py BUILD_DIR [--runs N] [--markdown FILE]
"""

import argparse
import pathlib
import os
import statistics
import subprocess
import tempfile
import time

TIMED = [8, 64, 512, 4096, 1 << 16]
DECISIONS = [2, 3, 4, 16, 1 << 10, 1 << 16, 1 << 20]


def staged_kernel(trips, rank2=False):
    """Each iteration reads a 1024-element chunk (4 elements a lane), stages
    it in one half of a double-buffered LDS tile (half i mod 2), and every
    lane reads back the chunk of the lane 64 further (another wave): a
    barrier between the write and the read orders this iteration, and the
    next iteration writes the other half, so one barrier an iteration is
    enough. Enumerating the iterations made the LDS addresses' pairs grow
    with the square of the trip count. With `rank2`, the tile is 2 x 1024
    (buffer i mod 2 is a row), which wave-optimize-lds-layout may pad or
    swizzle (a rank-1 tile has no rows)."""
    tile = "2x1024xf32" if rank2 else "2048xf32"
    offset = "i mod 2, " if rank2 else "(i mod 2) * 1024 + "
    return f"""
#lds = #gpu.address_space<workgroup>
gpu.module @m {{
  gpu.func @staged(%X: memref<{trips * 1024}xf32>, %Y: memref<1024xf32>)
      kernel attributes {{known_block_size = array<i32: 256, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>,
                         wave.kernel = #wave.kernel<chip = "gfx942",
                                                    wave_size = 64>}} {{
    %buf = wave.alloc_lds : memref<{tile}, #lds>
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant {trips} : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero)
        -> (vector<4xf32>) {{
      %x = wave.read %X[%t, %i] map affine_map<(t, i) -> (i * 1024 + t * 4)>
          : memref<{trips * 1024}xf32> -> vector<4xf32>
      wave.write %x, %buf[%t, %i]
          map affine_map<(t, i) -> ({offset}t * 4)>
          : vector<4xf32>, memref<{tile}, #lds>
      %y = wave.read %buf[%t, %i]
          map affine_map<(t, i) -> ({offset}((t + 64) mod 256) * 4)>
          : memref<{tile}, #lds> -> vector<4xf32>
      %next = arith.addf %acc, %y : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }}
    wave.write %sum, %Y[%t] map affine_map<(t) -> (t * 4)>
        : vector<4xf32>, memref<1024xf32>
    gpu.return
  }}
}}
"""


def run_pipeline(wave_opt, path, pipeline="--wave-optimize=chip=gfx942",
                 stderr=False):
    """Seconds, peak resident kilobytes and output (with the remarks when
    `stderr`) of one wave-opt run."""
    with tempfile.TemporaryFile("w+") as out:
        start = time.perf_counter()
        child = subprocess.Popen(
            [wave_opt, path, pipeline], stdout=out,
            stderr=subprocess.STDOUT if stderr else subprocess.DEVNULL)
        # wait4 gives this child's own resource usage (its peak memory).
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            raise RuntimeError(f"wave-opt failed on {path}")
        out.seek(0)
        return seconds, usage.ru_maxrss, out.read()


def barriers_in_loop(output):
    """Barriers inside and outside the loop of the optimized kernel."""
    body = output[output.index("scf.for"):]
    depth, inside = 0, 0
    for line in body.splitlines():
        inside += depth > 0 and "wave.barrier" in line
        depth += line.count("{") - line.count("}")
        if depth <= 0 and "scf.for" not in line:
            break
    total = output.count("wave.barrier")
    return inside, total - inside


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build", type=pathlib.Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--markdown", type=pathlib.Path)
    args = parser.parse_args()
    wave_opt = args.build / "bin" / "wave-opt"
    lines = ["## Analysis cost against the trip count", "",
             "`wave-opt --wave-optimize=chip=gfx942` on the LDS-staged loop "
             "of `bench/trip_count.py`; time is the median of "
             f"{args.runs} runs, peak memory the process's maximum resident "
             "set; ratios are to 8 iterations.", "",
             "| iterations | seconds | time ratio | peak MB | memory ratio |",
             "|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        base = None
        for trips in TIMED:
            path = pathlib.Path(tmp) / f"staged{trips}.mlir"
            path.write_text(staged_kernel(trips))
            times, peaks = [], []
            for _ in range(args.runs):
                seconds, peak, _ = run_pipeline(wave_opt, path)
                times.append(seconds)
                peaks.append(peak)
            seconds, peak = statistics.median(times), max(peaks) / 1024
            base = base or (seconds, peak)
            lines.append(f"| {trips} | {seconds:.3f} | "
                         f"{seconds / base[0]:.2f} | {peak:.1f} | "
                         f"{peak / base[1]:.2f} |")
        lines += ["", "Barriers `--wave-insert-barriers` places (in the "
                  "loop, outside it) at each trip count (the whole pipeline "
                  "also software-pipelines the loop and folds it away when "
                  "it runs once, so its output differs at 2 iterations for "
                  "reasons of its own):", "",
                  "| iterations | in the loop | outside |", "|---|---|---|"]
        for trips in DECISIONS:
            path = pathlib.Path(tmp) / f"decide{trips}.mlir"
            path.write_text(staged_kernel(trips))
            _, _, output = run_pipeline(wave_opt, path,
                                        "--wave-insert-barriers")
            inside, outside = barriers_in_loop(output)
            lines.append(f"| {trips} | {inside} | {outside} |")
        lines += ["", "The layout `--wave-optimize-lds-layout` chooses for "
                  "the rank-2 tile (its remark up to the cycle count, which "
                  "scales with the trip count), and the seconds it takes:",
                  "", "| iterations | decision | seconds |", "|---|---|---|"]
        for trips in DECISIONS:
            path = pathlib.Path(tmp) / f"layout{trips}.mlir"
            path.write_text(staged_kernel(trips, rank2=True))
            seconds, _, output = run_pipeline(
                wave_opt, path, "--wave-optimize-lds-layout", stderr=True)
            remark = output[output.index("remark: ") + len("remark: "):]
            decision = remark.splitlines()[0].split(":")[0]
            if "left alone" in decision:
                decision = remark.splitlines()[0]
            lines.append(f"| {trips} | {decision} | {seconds:.2f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        args.markdown.write_text(text)


if __name__ == "__main__":
    main()
