#!/usr/bin/python3
"""Compiles every example for every CDNA chip at each requested occupancy
(`wave-compile --occupancy=N`, N = 1..8) and checks that no kernel spills
registers (VGPRs to scratch, SGPRs into VGPR lanes or scratch) unless a
remark at it says so: either the read-back of the budget ("the backend
spilled ... compiled ... instead, where it still spills") or the report of
the final object ("the code object spills ..."). Scratch a kernel asks for itself (a `private` attribution, as
the scalar reference of softmax_mfma has) is not a spill: the code object's
spill counts decide.

Prints one line per example and chip (the occupancies compiled without
spills, those that spill with a remark, those refused with an error, and
those the read-back compiled again at a lower occupancy or without the
AGPRs the budget reserved) and
exits 1 if any kernel spills silently:

    /usr/bin/python3 bench/occupancy_sweep.py --build-dir build [--jobs 2] \
        [--chips gfx90a,gfx942,gfx950] [EXAMPLE ...]
"""

import argparse
import concurrent.futures
import json
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHIPS = ["gfx90a", "gfx942", "gfx950"]
OCCUPANCIES = range(1, 9)
# The remarks that say a kernel's code object spills.
# The read-back's remark: the budget spilled and the kernel was compiled again.
READ_BACK = re.compile(r"remark: kernel @\w+: the backend (?:spilled|ran out)")
SPILL_REMARK = re.compile(r"remark: kernel @(\w+): (?:the code object spills|"
                          r"the backend (?:spilled|ran out)[^\n]*still spills)")


def compile_one(tools, example, chip, occupancy, workdir):
    """(kernel -> registers spilled, kernels a remark says spill, whether
    the read-back compiled a kernel again), or None with the first error
    line when wave-compile refuses the example."""
    out = workdir / f"{example.stem}-{chip}-{occupancy}.hsaco"
    result = subprocess.run(
        [str(tools / "wave-compile"), str(example), f"--chip={chip}",
         f"--occupancy={occupancy}", "--resource-usage=json", "-o", str(out)],
        capture_output=True, text=True)
    if result.returncode != 0:
        error = next((line for line in result.stderr.splitlines()
                      if "error:" in line), result.stderr.strip()[:200])
        return None, error, False
    kernels = json.loads(result.stdout)["kernels"]
    spills = {k["name"]: k["vgpr_spill_count"] + k["sgpr_spill_count"]
              for k in kernels}
    said = set(SPILL_REMARK.findall(result.stderr))
    return spills, said, bool(READ_BACK.search(result.stderr))


def sweep(tools, examples, chips, jobs):
    """Rows of (example, chip, clean, reported, silent, refused, read back)."""
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        work = {(example, chip, n): pool.submit(
                    compile_one, tools, example, chip, n, pathlib.Path(tmp))
                for example in examples for chip in chips
                for n in OCCUPANCIES}
        for example in examples:
            for chip in chips:
                clean, reported, silent, refused = [], [], [], []
                read_back = []
                for n in OCCUPANCIES:
                    spills, said, again = work[(example, chip, n)].result()
                    if again:
                        read_back.append(n)
                    if spills is None:
                        refused.append((n, said))
                        continue
                    spilling = {k for k, count in spills.items() if count}
                    if not spilling:
                        clean.append(n)
                    elif spilling <= said:
                        reported.append(n)
                    else:
                        silent.append((n, sorted(spilling - said)))
                yield (example.stem, chip, clean, reported, silent, refused,
                       read_back)


def listed(items):
    """A table cell: the items comma-separated, "-" for none."""
    return ",".join(map(str, items)) or "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chips", default=",".join(CHIPS),
                        help="comma-separated (default: %(default)s)")
    parser.add_argument("examples", nargs="*",
                        help="example names (default: all of examples/)")
    args = parser.parse_args()
    tools = pathlib.Path(args.build_dir).resolve() / "bin"
    examples = ([ROOT / "examples" / f"{name}.mlir" for name in args.examples]
                or sorted((ROOT / "examples").glob("*.mlir")))
    print("| example | chip | no spills | spills said by a remark | "
          "silent spills | refused | compiled again by the read-back |")
    print("|---|---|---|---|---|---|---|")
    failed = False
    for example, chip, clean, reported, silent, refused, read_back in sweep(
            tools, examples, args.chips.split(","), args.jobs):
        failed |= bool(silent)
        reason = refused[0][1].split("error: ", 1)[-1][:60] if refused else ""
        silent_cells = (f"{n} ({', '.join(kernels)})" for n, kernels in silent)
        print(f"| {example} | {chip} | {listed(clean)} | {listed(reported)} "
              f"| {listed(silent_cells)} | "
              f"{listed(n for n, _ in refused)}{' ' + reason if reason else ''}"
              f" | {listed(read_back)} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
