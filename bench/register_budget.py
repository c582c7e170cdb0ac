#!/usr/bin/python3
"""Measures wave-budget-registers against the AMDGPU backend.

For every example: the register-pressure estimate of the pass against the
VGPRs of the compiled kernel (gfx942, no budget). For the pressure and GEMM
examples: each requested occupancy from 1 to 8 through
`wave-compile --occupancy=N`, with what the pass decided and what the code
object reached. Prints Markdown (bench/register-budget.md is its output):

    /usr/bin/python3 bench/register_budget.py --build-dir build
"""

import argparse
import json
import pathlib
import re
import tempfile

from run import EXAMPLES, run

SWEPT = ["pressure", "gemm"]
CHIP = "gfx942"
# The estimate in the pass's remark, "estimate 133 (VGPR 133, ...)", and
# after spills, "estimate now 117 (VGPR 117, ...)".
ESTIMATE = re.compile(r"estimate (?:now )?(\d+) \(VGPR (\d+), "
                      r"AGPR-eligible (\d+), SGPR (\d+)\)")
SPILLS = re.compile(r"spilled (\d+) values \((\d+) registers, (\d+) bytes")
BUDGET = re.compile(r"budget (\d+) VGPRs")
# An infeasible request falls back to the highest feasible occupancy.
FALLBACK = re.compile(r"budgeted for occupancy (\d+) instead")


def compile_kernel(tools, example, occupancy, workdir):
    """The pass's remark and the kernel's entry of the JSON report."""
    command = [str(tools / "wave-compile"), str(example), f"--chip={CHIP}",
               "-o", str(workdir / "out.hsaco"), "--resource-usage=json"]
    if occupancy:
        command.append(f"--occupancy={occupancy}")
    result = run(command)
    report = json.loads(result.stdout)
    kernel = next(k for k in report["kernels"] if k["name"] == example.stem)
    return result.stderr, kernel


def estimate_of(tools, example, workdir):
    """The estimate the pass makes inside wave-compile (after the -O3
    kernel-level optimizations, on the IR the backend compiles), from its
    remark at occupancy 1, which spills nothing on any example."""
    remark, _ = compile_kernel(tools, example, 1, workdir)
    return tuple(int(x) for x in ESTIMATE.search(remark).groups())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default="build", type=pathlib.Path)
    parser.add_argument("--source-dir", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    tools = args.build_dir.resolve() / "bin"
    examples = args.source_dir / "examples"

    with tempfile.TemporaryDirectory() as tmp:
        workdir = pathlib.Path(tmp)
        print("## Estimate against the code object (gfx942, no budget)\n")
        print("| example | estimate (VGPR + AGPR-eligible) | SGPR estimate "
              "| VGPRs of the code object | error |")
        print("|---|---|---|---|---|")
        for name in EXAMPLES:
            total, vgpr, agpr, sgpr = estimate_of(
                tools, examples / f"{name}.mlir", workdir)
            _, kernel = compile_kernel(tools, examples / f"{name}.mlir", 0,
                                       workdir)
            real = kernel["vgpr_count"]
            print(f"| {name} | {total} ({vgpr} + {agpr}) | {sgpr} | {real} "
                  f"| {real - total:+d} |")

        for name in SWEPT:
            print(f"\n## {name}: requested occupancy 1 to 8\n")
            print("| requested | budget | estimate after spills | spills "
                  "(registers, LDS bytes) | pass | VGPRs | scratch bytes "
                  "| LDS bytes | occupancy (limiter) |")
            print("|---|---|---|---|---|---|---|---|---|")
            for occupancy in range(1, 9):
                remark, kernel = compile_kernel(
                    tools, examples / f"{name}.mlir", occupancy, workdir)
                budgets = BUDGET.findall(remark)
                estimates = ESTIMATE.findall(remark)
                spills = SPILLS.findall(remark)
                spills = spills[-1] if spills else None
                fallback = FALLBACK.search(remark)
                got = int(fallback.group(1)) if fallback else occupancy
                verdict = "met" if kernel["occupancy"] >= got else "MISSED"
                if fallback:
                    verdict = f"infeasible; {got} {verdict}"
                elif "infeasible" in remark:
                    verdict = "infeasible"
                print(f"| {occupancy} | {budgets[-1] if budgets else '-'} "
                      f"| {estimates[-1][0] if estimates else '-'} "
                      f"| {spills[0] + ' (' + spills[1] + ', ' + spills[2] + ')' if spills else '-'} "
                      f"| {verdict} | {kernel['vgpr_count']} "
                      f"| {kernel['private_segment_fixed_size']} "
                      f"| {kernel['group_segment_fixed_size']} "
                      f"| {kernel['occupancy']} ({kernel['occupancy_limiter']}) |")


if __name__ == "__main__":
    main()
