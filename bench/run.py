#!/usr/bin/python3
"""The benchmark suite: every example against its HIP peer.

For every example and chip (gfx942, and gfx1100 for the examples without
MMA), compiles the kernel with wave-compile at -O0, at -O2 without the
wave-optimize pipeline (what LLVM alone does) and at -O2, and its HIP peer
bench/hip/<example>.hip with clang++-22 -O3 and, where it is installed, with
Debian's hipcc (clang 15) -O3, and reports registers, spills,
LDS, occupancy and its limiter, global loads by width, the main loop's
barriers, MMAs and llvm-mca cycles, and the instruction count. Then the
compile times (bench/compile_time.py). Writes bench/results.md,
bench/results.csv and bench/results.png, and the generated tables of
docs/performance.md:

    /usr/bin/python3 bench/run.py --build-dir build      # or: ninja wave-bench
"""

import argparse
import csv
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import asm_metrics
import compile_time
import kstep

BENCH = pathlib.Path(__file__).resolve().parent
ROOT = BENCH.parent
EXAMPLES = ["add1", "add2", "copy", "transpose", "reduce_wave", "reduce_lds",
            "softmax", "gemm", "gemm_nk_128", "divergent", "pressure"]
MMA_EXAMPLES = {"gemm", "gemm_nk_128"}
# Triton 3.6's code for the GEMM examples' problems and tiles
# (/work/shared/peers/README.md): (file, kernel, example, label, LDS bytes
# from its highest ds_* address, as that README states them).
TRITON_DIR = pathlib.Path("/work/shared/peers/triton-3.6-gfx942")
TRITON_GEMMS = [
    ("triton_gemm_kn_256_t64x64x32_s1.s", "gemm_kn", "gemm",
     "Triton num_stages=1", 4096),
    ("triton_gemm_kn_256_t64x64x32_s2.s", "gemm_kn", "gemm",
     "Triton num_stages=2", 8192),
    ("triton_gemm_nk_512_t128x128x32_s2.s", "gemm_k", "gemm_nk_128",
     "Triton num_stages=2", 16384),
]
# MFMAs (32x32x8) a wave makes one K step: tile M*N*K / (32*32*8) / 4 waves.
GEMM_MMA_PER_KSTEP = {"gemm": 4, "gemm_nk_128": 16}
# K steps a workgroup runs: K / 32 (gemm: 256, gemm_nk_128: 512).
GEMM_KSTEPS = {"gemm": 8, "gemm_nk_128": 16}
BANK_REMARK = re.compile(
    r"remark: \d+ x \d+ bytes a lane, phases of \d+ lanes: (\d+) cycles "
    r"\(minimum \d+, (\d+) extra\) a workgroup in its worst execution, "
    r"(\d+) executions a run")
CHIPS = ["gfx942", "gfx1100"]
CLANG = "/usr/bin/clang++-22"
# Debian's hipcc (ROCm 5.2, clang 15). Clang 15 has no gfx942: its peer rows
# are compiled for gfx940, the closest chip it knows (same ISA, MFMAs
# included).
HIPCC = shutil.which("hipcc")
HIPCC_TARGETS = {"gfx942": "gfx940", "gfx1100": "gfx1100"}
# (column name, extra wave-compile flags); the peers name their compiler.
VARIANTS = [("O0", ["-O0"]), ("O2-nopass", ["-O2", "--wave-optimize=false"]),
            ("O2", ["-O2"]), ("hip", CLANG), ("hipcc", HIPCC)]
PEERS = {"hip", "hipcc"}
FIELDS = ["kernel", "chip", "variant", "vgpr", "agpr", "sgpr", "vgpr_spill",
          "sgpr_spill", "lds_bytes", "occupancy", "limiter", "global_loads",
          "global_loads_by_width", "has_loop", "loop_barriers", "loop_mma",
          "loop_instructions", "loop_cycles", "instructions"]


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{result.stderr}")
    return result


def compile_wave(tools, example, chip, flags, workdir):
    """The kernel's resource report entry and its assembly."""
    asm = workdir / f"{example}.{chip}.{''.join(flags)}.s"
    result = run([tools / "wave-compile", ROOT / "examples" / f"{example}.mlir",
                  f"--chip={chip}", *flags, "--emit=asm", "-o", asm,
                  "--resource-usage=json"])
    report = next(k for k in json.loads(result.stdout)["kernels"]
                  if k["name"] == example)
    return {
        "vgpr": report["vgpr_count"], "agpr": report.get("agpr_count", 0),
        "sgpr": report["sgpr_count"], "vgpr_spill": report["vgpr_spill_count"],
        "sgpr_spill": report["sgpr_spill_count"],
        "lds_bytes": report["group_segment_fixed_size"],
        "occupancy": report["occupancy"],
        "limiter": report["occupancy_limiter"],
    }, asm.read_text()


def metadata_field(assembly, key):
    match = re.search(rf"^\s+\.{key}:\s+(\d+)", assembly, re.M)
    return int(match.group(1)) if match else 0


def peer_target(variant, chip):
    """The chip the peer is compiled for on `chip`'s rows."""
    return HIPCC_TARGETS[chip] if variant == "hipcc" else chip


def compile_hip(compiler, variant, example, chip, workdir):
    """The HIP peer's resources, from the assembly's kernel metadata and the
    backend's occupancy comment, and its assembly. The peer keeps waves of
    64 on gfx1100, as the examples do."""
    asm = workdir / f"{example}.{chip}.{variant}.s"
    flags = ["-mwavefrontsize64"] if chip == "gfx1100" else []
    run([compiler, "-x", "hip", "--cuda-device-only", "-nogpulib",
         "-nogpuinc", f"--offload-arch={peer_target(variant, chip)}", "-O3",
         "-S", *flags, BENCH / "hip" / f"{example}.hip", "-o", asm])
    text = asm.read_text()
    occupancy = re.search(r"; Occupancy: (\d+)", text)
    return {
        "vgpr": metadata_field(text, "vgpr_count"),
        "agpr": metadata_field(text, "agpr_count"),
        "sgpr": metadata_field(text, "sgpr_count"),
        "vgpr_spill": metadata_field(text, "vgpr_spill_count"),
        "sgpr_spill": metadata_field(text, "sgpr_spill_count"),
        "lds_bytes": metadata_field(text, "group_segment_fixed_size"),
        "occupancy": int(occupancy.group(1)) if occupancy else 0,
        "limiter": "(backend)",
    }, text


def measure_all(tools, workdir):
    rows = []
    for example in EXAMPLES:
        for chip in CHIPS:
            if chip != "gfx942" and example in MMA_EXAMPLES:
                continue
            for variant, flags in VARIANTS:
                if variant in PEERS:
                    if flags is None:
                        continue
                    resources, assembly = compile_hip(flags, variant, example,
                                                      chip, workdir)
                else:
                    resources, assembly = compile_wave(tools, example, chip,
                                                       flags, workdir)
                row = {"kernel": example, "chip": chip, "variant": variant}
                row.update(resources)
                row.update(asm_metrics.measure(assembly, example, chip))
                rows.append(row)
                print(f"{example:12} {chip:8} {variant:10} occupancy "
                      f"{row['occupancy']} cycles {row['loop_cycles']}",
                      file=sys.stderr)
    return rows


def compile_wave_unpipelined(tools, example, workdir):
    """`-O2` with wave-optimize's loop pipelining turned off."""
    mlir = workdir / f"{example}.nopipe.mlir"
    run([tools / "wave-opt", ROOT / "examples" / f"{example}.mlir",
         "--wave-optimize=chip=gfx942 budget-registers=false "
         "pipeline-stages=0", "-o", mlir])
    asm = workdir / f"{example}.nopipe.s"
    result = run([tools / "wave-compile", mlir, "--chip=gfx942", "-O2",
                  "--wave-optimize=false", "--emit=asm", "-o", asm,
                  "--resource-usage=json"])
    report = next(k for k in json.loads(result.stdout)["kernels"]
                  if k["name"] == example)
    return report, asm.read_text()


def bank_conflicts(tools, example, options):
    """LDS cycles and bank-conflict cycles a K step of a workgroup, by the
    bank-conflict analysis (docs/BankConflicts.md) on the kernel after
    `--wave-optimize=options`: each access's cycles in its worst execution
    times its executions a run, summed, over the K steps of a run. None for
    the conflict cycles when an access was not analyzed."""
    result = run([tools / "wave-opt", ROOT / "examples" / f"{example}.mlir",
                  f"--wave-optimize=chip=gfx942 budget-registers=false "
                  f"{options}", "-test-wave-bank-conflicts", "-o",
                  "/dev/null"])
    cycles = extra = 0
    for line in result.stderr.splitlines():
        if "bank conflicts unknown" in line:
            return cycles / GEMM_KSTEPS[example], None
        match = BANK_REMARK.search(line)
        if match:
            executions = int(match.group(3))
            cycles += int(match.group(1)) * executions
            extra += int(match.group(2)) * executions
    return cycles / GEMM_KSTEPS[example], extra / GEMM_KSTEPS[example]


def triton_occupancy(vgprs, lds_bytes, waves=4):
    """Waves a SIMD on gfx942 for a Triton kernel (LLVM's model: a 512-entry
    VGPR+AGPR file in granules of 8, 64 KiB of LDS a CU, 4 SIMDs)."""
    by_vgprs = min(8, 512 // (-(-vgprs // 8) * 8))
    by_lds = min(8, (65536 // lds_bytes) * waves // 4) if lds_bytes else 8
    return min(by_vgprs, by_lds)


def measure_gemms(tools, workdir, triton_dir):
    """The K-step rows of the GEMM examples and of Triton's code."""
    rows = []
    for example in GEMM_MMA_PER_KSTEP:
        for variant in ["O2", "O2, pipeline-stages=0"]:
            if variant == "O2":
                report, assembly = compile_wave(tools, example, "gfx942",
                                                ["-O2"], workdir)
                vgprs = report["vgpr"] + report["agpr"]
                lds, occupancy = report["lds_bytes"], report["occupancy"]
            else:
                report, assembly = compile_wave_unpipelined(tools, example,
                                                            workdir)
                vgprs = report["vgpr_count"] + report.get("agpr_count", 0)
                lds = report["group_segment_fixed_size"]
                occupancy = report["occupancy"]
            row = {"kernel": example, "code": variant, "vgprs": vgprs,
                   "lds_bytes": lds, "occupancy": occupancy}
            _, conflicts = bank_conflicts(
                tools, example, "" if variant == "O2" else "pipeline-stages=0")
            row.update(kstep.measure(assembly, example,
                                     GEMM_MMA_PER_KSTEP[example], occupancy,
                                     conflicts))
            rows.append(row)
    for name, kernel, example, label, lds in TRITON_GEMMS:
        path = triton_dir / name
        if not path.exists():
            print(f"{path} is missing: no Triton row", file=sys.stderr)
            continue
        assembly = path.read_text()
        vgprs = metadata_field(assembly, "vgpr_count")
        occupancy = triton_occupancy(vgprs, lds)
        row = {"kernel": example, "code": label, "vgprs": vgprs,
               "lds_bytes": lds, "occupancy": occupancy}
        row.update(kstep.measure(assembly, kernel,
                                 GEMM_MMA_PER_KSTEP[example], occupancy))
        rows.append(row)
    return rows


def gemm_table(rows):
    """The K-step table, with each row's llvm-mca cycles against Triton
    num_stages=2 on the same problem."""
    triton = {r["kernel"]: r["mca_cycles_per_kstep"] for r in rows
              if r["code"] == "Triton num_stages=2"}
    header = ["kernel", "code", "mca cycles / K step", "vs Triton s2",
              "vmcnt stalls / K step", "global loads / K step",
              "barriers / K step", "LDS bytes / K step (wave)",
              "bank-conflict cycles / K step", "LDS B", "VGPR+AGPR",
              "occupancy", "bound: MFMA", "LDS", "latency", "bound (limiter)"]
    body = []
    for r in rows:
        ratio = (f"{r['mca_cycles_per_kstep'] / triton[r['kernel']]:.2f}x"
                 if r["kernel"] in triton else "-")
        body.append([
            r["kernel"], r["code"], f"{r['mca_cycles_per_kstep']:.1f}", ratio,
            f"{r['vmcnt_stall_per_kstep']:.1f}",
            f"{r['global_loads_per_kstep']:g}",
            f"{r['barriers_per_kstep']:g}",
            f"{r['lds_bytes_per_kstep']:g}",
            "not modelled" if r["conflict_cycles_per_kstep"] is None
            else f"{r['conflict_cycles_per_kstep']:g}",
            r["lds_bytes"], r["vgprs"],
            r["occupancy"], f"{r['bound_mfma']:g}", f"{r['bound_lds']:g}",
            f"{r['bound_latency']:.0f}",
            f"{r['bound']:.0f} ({r['bound_limiter']})"])
    return markdown_table(header, body)


GEMM_NOTE = (
    "Per K step of one wave's main loop (`bench/kstep.py`). mca cycles: "
    f"`llvm-mca -mcpu=gfx942 -iterations={kstep.MCA_ITERATIONS}` on the loop "
    "without its branch, total cycles / iterations / K steps a loop pass; "
    "vmcnt stalls: the dispatch gaps before `s_waitcnt ... vmcnt` in "
    f"llvm-mca's timeline ({kstep.TIMELINE_ITERATIONS} iterations, the first "
    "left out). Both apply the same corrections to every row: "
    "`global_load_X` is modelled as `buffer_load_X` (llvm-mca 22 counts "
    "global loads against lgkmcnt too, so a wait for LDS would also wait for "
    "prefetched loads), `v_add_co_u32`/`v_addc_co_u32` are modelled as "
    "`v_add_u32` (llvm-mca 22 can loop forever on them), and a register "
    "swap (`v_permlane32_swap_b32`, `v_swap_b32`) as two `v_mov_b32` (the "
    "same two uops; llvm-mca 22 can loop forever on it on gfx950). Bound: "
    "the largest "
    "of MFMA time at the published rate (32 cycles a 32x32x8 f16 MFMA: "
    "1307 TFLOP/s dense FP16 on 304 CUs at 2.1 GHz is 512 FLOP a clock a "
    "SIMD; llvm-mca issues one every 8 cycles), LDS time (the bank model of "
    "docs/BankConflicts.md: 128 bytes a clock a CU shared by 4 SIMDs, "
    "phases of 32, 16 or 8 lanes for 4-, 8- and 16-byte accesses, so at "
    "least 2 clocks a wave instruction, from the loop's ds_* instructions, "
    "plus the bank-conflict cycles) and global latency "
    f"({kstep.GLOBAL_LATENCY} cycles, assumed) / waves a SIMD. Bank-conflict "
    "cycles: the extra cycles the bank-conflict analysis finds on the wave "
    "kernel after wave-optimize, each LDS access's worst execution times "
    "its executions, summed over a run and divided by its K steps (a "
    "workgroup of 4 waves, one a SIMD); Triton's are not modelled (its "
    "swizzle is address arithmetic in the assembly, which the analysis does "
    "not read), so its LDS bound counts none. Triton's occupancy is LLVM's "
    "model for its VGPR+AGPR count and the LDS its ds_* instructions "
    "address (Triton allocates LDS at launch).")


def hipcc_note():
    """What the `hipcc` rows are, or why there are none."""
    if HIPCC is None:
        return ("No `hipcc` rows: hipcc was not installed when this was "
                "generated (docs/performance.md says how to get them).")
    targets = ", ".join(f"{target} on the {chip} rows" if target != chip
                        else f"{chip} on its rows"
                        for chip, target in HIPCC_TARGETS.items())
    return (f"`hip`: clang++-22 for the row's chip. `hipcc`: Debian's hipcc "
            f"(ROCm 5.2, clang 15), compiled for {targets} (clang 15 has no "
            f"gfx942; gfx940 has its ISA), measured with llvm-mca for the "
            f"row's chip like every other variant.")


def markdown_table(header, rows):
    lines = ["| " + " | ".join(header) + " |",
             "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def resource_table(rows):
    header = ["kernel", "chip", "variant", "VGPR", "AGPR", "SGPR",
              "spills (v/s)", "LDS B", "occupancy", "limiter",
              "global loads (by width)", "loop?", "barriers", "MMA",
              "loop instrs", "mca cycles", "instrs"]
    body = [[r["kernel"], r["chip"], r["variant"], r["vgpr"], r["agpr"],
             r["sgpr"], f"{r['vgpr_spill']}/{r['sgpr_spill']}",
             r["lds_bytes"], r["occupancy"], r["limiter"],
             f"{r['global_loads']} ({r['global_loads_by_width']})",
             "yes" if r["has_loop"] else "no", r["loop_barriers"],
             r["loop_mma"], r["loop_instructions"], r["loop_cycles"],
             r["instructions"]] for r in rows]
    return markdown_table(header, body)


def regressions(rows, explanations):
    """(kernel, chip, metric, O0, O2, explained) where -O2 is worse than
    -O0; explained: whether `explanations` (docs/performance.md) has a
    bullet starting with **kernel, chip, metric**."""
    by_key = {(r["kernel"], r["chip"], r["variant"]): r for r in rows}
    worse = []
    for (kernel, chip, variant), o2 in by_key.items():
        if variant != "O2":
            continue
        o0 = by_key[(kernel, chip, "O0")]
        for metric, higher_better in [("occupancy", True),
                                      ("global_loads", False),
                                      ("loop_barriers", False),
                                      ("loop_cycles", False)]:
            if (o2[metric] < o0[metric]) if higher_better else \
                    (o2[metric] > o0[metric]):
                explained = f"**{kernel}, {chip}, {metric}**" in explanations
                worse.append([kernel, chip, metric, o0[metric], o2[metric],
                              "yes" if explained else "NO"])
    return worse


def chart(rows, path):
    """Occupancy and estimated main-loop cycles per kernel on gfx942."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("python3-matplotlib is missing: no chart", file=sys.stderr)
        return False
    variants = [v for v, _ in VARIANTS
                if any(r["variant"] == v for r in rows)]
    figure, axes = plt.subplots(2, 1, figsize=(12, 8))
    width = 0.8 / len(variants)
    for metric, axis, log in [("occupancy", axes[0], False),
                              ("loop_cycles", axes[1], True)]:
        for i, variant in enumerate(variants):
            values = [next(r[metric] for r in rows if r["kernel"] == k and
                           r["chip"] == "gfx942" and r["variant"] == variant)
                      for k in EXAMPLES]
            axis.bar([x + i * width for x in range(len(EXAMPLES))], values,
                     width, label=variant)
        axis.set_xticks([x + 0.4 - width / 2 for x in range(len(EXAMPLES))])
        axis.set_xticklabels(EXAMPLES)
        if log:
            axis.set_yscale("log")
        axis.set_ylabel({"occupancy": "waves per SIMD",
                         "loop_cycles": "llvm-mca cycles (main loop)"}[metric])
        axis.legend()
    axes[0].set_title("gfx942: occupancy and estimated main-loop cycles")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    return True


def update_doc(doc, tables, marker="bench"):
    """Replaces a generated part of docs/performance.md, between its
    `<!-- marker:begin -->` and `<!-- marker:end -->` markers (`bench` by
    default: this script's tables)."""
    text = doc.read_text()
    begin, end = f"<!-- {marker}:begin -->\n", f"<!-- {marker}:end -->"
    start, stop = text.index(begin) + len(begin), text.index(end)
    doc.write_text(text[:start] + tables + "\n" + text[stop:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default=str(ROOT / "build"))
    parser.add_argument("--triton-dir", default=str(TRITON_DIR),
                        help="Triton's assembly for the GEMM rows")
    parser.add_argument("--runs", type=int, default=5,
                        help="compile-time runs per measurement (median)")
    parser.add_argument("--keep-compile-time", action="store_true",
                        help="keep bench/results.md's compile-time section "
                        "instead of timing again (on a loaded machine)")
    args = parser.parse_args()
    tools = pathlib.Path(args.build_dir).resolve() / "bin"
    if HIPCC is None:
        print("hipcc is not installed (Debian package hipcc): no hipcc rows",
              file=sys.stderr)

    with tempfile.TemporaryDirectory() as tmp:
        rows = measure_all(tools, pathlib.Path(tmp))
        gemms = measure_gemms(tools, pathlib.Path(tmp),
                              pathlib.Path(args.triton_dir))
        if args.keep_compile_time:
            previous = (BENCH / "results.md").read_text()
            timing = previous[previous.index("## Compile time"):].rstrip()
        else:
            timing = compile_time.markdown(compile_time.measure(
                tools, ROOT / "examples", EXAMPLES, pathlib.Path(tmp),
                args.runs))

    with open(BENCH / "results.csv", "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    has_chart = chart(rows, BENCH / "results.png")
    doc = ROOT / "docs" / "performance.md"
    worse = regressions(rows, " ".join(doc.read_text().split()))
    sections = [
        "# Benchmark results",
        "Generated by `bench/run.py`; docs/performance.md explains them. "
        "Variants: `O0` (wave-compile -O0: no wave passes, LLVM -O0), "
        "`O2-nopass` (-O2 --wave-optimize=false: LLVM -O2 alone), `O2` "
        "(wave-optimize, then LLVM -O2), `hip` (bench/hip/, clang++-22 -O3), "
        "`hipcc` (the same sources, Debian's hipcc -O3). "
        "Loop columns are for the main loop, the largest innermost loop "
        "that accesses memory (`loop?` no: the whole kernel, which has no "
        "such loop); mca cycles: llvm-mca's total for one pass over it.",
        "## Code", hipcc_note(), resource_table(rows),
        "## GEMM K step (gfx942)", GEMM_NOTE, gemm_table(gemms),
        "## -O2 worse than -O0",
        markdown_table(["kernel", "chip", "metric", "O0", "O2",
                        "explained in docs/performance.md"], worse)
        if worse else "None.",
        timing]
    if has_chart:
        sections.insert(2, "![occupancy and cycles](results.png)")
    (BENCH / "results.md").write_text("\n\n".join(sections) + "\n")
    update_doc(doc, "\n\n".join(sections[2:]).replace(
        "## ", "### ").replace("](results.png)", "](../bench/results.png)"))
    print(f"wrote {BENCH / 'results.md'}, results.csv"
          + (", results.png" if has_chart else ""), file=sys.stderr)


if __name__ == "__main__":
    main()
