"""K-step metrics of a GEMM main loop in AMDGPU assembly: llvm-mca's steady
state, its stalls on vmcnt, the LDS traffic, and an analytic bound. Shared by
bench/run.py for the wave GEMMs and for Triton's code for the same problems
(/work/shared/peers or --triton-dir), so both are measured by the same rules.

llvm-mca 22 needs four corrections to model such loops fairly; all are
applied to every kernel alike:
  * it counts every global_load_* against lgkmcnt as well as vmcnt (its
    AMDGPU model assumes a FLAT instruction may reach LDS), so a wait for
    LDS also waits for prefetched global loads: global_load_X is rewritten
    as buffer_load_X (same latency and throughput in the model), addressed
    by the first register of the global address;
  * it can loop forever on some sequences with v_add_co_u32/v_addc_co_u32
    (and the subtracting forms): they are rewritten as v_add_u32/v_sub_u32
    without the carry operands (1-3 cycles of difference where it ends);
  * it can loop forever on some gfx950 loops with a swap of two registers
    (v_permlane32_swap_b32, v_permlane16_swap_b32, v_swap_b32) after a move
    and an s_nop: the swap is rewritten as two v_mov_b32, the same two uops
    (no difference on the four Triton gfx950 attention loops, which swap
    too, nor on the causal attention example's gfx950 loop at 19f8dd3);
  * it never ends on gfx950 loops with global_load_lds_* (the LDS DMA of
    wave-direct-to-lds, docs/passes/wave-direct-to-lds.md): the copy is
    rewritten as the buffer form of the same DMA, buffer_load_X ... lds,
    addressed by the first register of the global address, as the first
    correction does for the loads into registers.
"""

import re
import subprocess

import asm_metrics

# A 32x32x8 f16 MFMA at the published rate: MI300X's 1307 TFLOP/s dense
# FP16 on 304 CUs at 2.1 GHz is 512 FLOP a clock a SIMD, and one such MFMA
# is 32*32*8*2 FLOP (llvm-mca's model issues one every 8 cycles instead).
MFMA_CYCLES = {"v_mfma_f32_32x32x8_f16": 32, "v_mfma_f32_32x32x8bf16_1k": 32,
               "v_mfma_f32_16x16x16_f16": 16, "v_mfma_f32_16x16x16bf16_1k": 16}
# fp8 and bf8 (E4M3, E5M2, either operand): MI300X's 2615 TFLOP/s dense FP8
# on 304 CUs at 2.1 GHz is 1024 FLOP a clock a SIMD, so a 32x32x16 MFMA
# (32*32*16*2 FLOP) takes 32 cycles and a 16x16x32 one 16. gfx950 runs the
# same opcodes (in the OCP encodings); MI355X's dense FP8 peak (5 PFLOP/s
# on 256 CUs at 2.4 GHz, 2048 FLOP a clock a SIMD) is that of
# v_mfma_f32_32x32x64_f8f6f4, and these are counted at gfx942's cycles, as
# gfx950's old f16 kinds are.
MFMA_CYCLES.update({f"v_mfma_f32_{shape}_{a}_{b}": cycles
                    for shape, cycles in (("32x32x16", 32), ("16x16x32", 16))
                    for a in ("fp8", "bf8") for b in ("fp8", "bf8")})
# gfx950's f8f6f4 MFMAs (and their scaled forms, v_mfma_scale_*) with fp8
# operands, at MI355X's dense FP8 peak above (2048 FLOP a clock a SIMD):
# 32*32*64*2 FLOP in 64 cycles, 16*16*128*2 in 32. With fp6 or fp4 operands
# (cbsz and blgp 2 or more) they run at twice the rate (MI355X's 10 PFLOP/s
# dense MXFP4): f8f6f4_cycles reads the modifiers.
MFMA_CYCLES.update({f"v_mfma{scale}_f32_{shape}_f8f6f4": cycles
                    for shape, cycles in (("32x32x64", 64), ("16x16x128", 32))
                    for scale in ("", "_scale")})


def f8f6f4_cycles(text):
    """The published cycles of the MFMA instruction `text` (its mnemonic and
    operands): the table's, halved for an f8f6f4 one whose operands are both
    fp6 or fp4 (format codes 2 to 4 in cbsz and blgp)."""
    mnemonic = text.split()[0]
    cycles = MFMA_CYCLES[mnemonic]
    formats = [int(m.group(1)) if m else 0
               for m in (re.search(rf"\b{key}:(\d)", text)
                         for key in ("cbsz", "blgp"))]
    if mnemonic.endswith("_f8f6f4") and min(formats) >= 2:
        cycles //= 2
    return cycles
# LDS: 32 banks of 4 bytes a clock per CU, shared by its 4 SIMDs; a wave
# instruction takes at least 2 clocks (64 lanes, 32 a clock).
LDS_BYTES_PER_CLOCK = 128
SIMDS_PER_CU = 4
# Global-memory latency in cycles. Assumed, not measured: no MI300X
# measurement is at hand (llvm-mca's model uses 80 cycles for a load, far
# below HBM). The latency column scales linearly with it.
GLOBAL_LATENCY = 500
MCA_ITERATIONS = 100
TIMELINE_ITERATIONS = 10

GLOBAL_LOAD = re.compile(
    r"^global_load_(\w+)\s+(v\[?\d+(?::\d+\])?),\s*v\[?(\d+)(?::\d+\])?,"
    r"\s*(off|s\[\d+:\d+\])(.*)$")
GLOBAL_LOAD_LDS = re.compile(
    r"^global_load_lds_(\w+)\s+v\[?(\d+)(?::\d+\])?,\s*(off|s\[\d+:\d+\])(.*)$")
ADD_CO = re.compile(r"^v_(add|sub|subrev)(c|b)?_co_u32(_e32|_e64)?\s+(.*)$")
SWAP = re.compile(r"^v_(?:permlane(?:16|32)_swap_b32|swap_b32)(?:_e32|_e64)?\s+"
                  r"(v\d+),\s*(v\d+)\s*$")
LDS_ACCESS = re.compile(
    r"^ds_(read|write)(2st64|2)?_([biu])(\d+)(?:_d16(?:_hi)?)?\b")


def correct(instructions):
    """The loop with the four corrections applied, and how many of each."""
    out, loads, adds, swaps, dmas = [], 0, 0, 0, 0
    for text in instructions:
        match = GLOBAL_LOAD_LDS.match(text)
        if match:
            # The same LDS DMA in its buffer form (llvm-mca 22 never ends
            # on the global form).
            width, addr = match.group(1), match.group(2)
            offset = re.search(r"offset:(\d+)", match.group(4))
            imm = f" offset:{offset.group(1)}" if offset else ""
            out.append(f"buffer_load_{width} v{addr}, s[0:3], 0 offen{imm} lds")
            dmas += 1
            continue
        match = SWAP.match(text)
        if match:
            # Two registers exchanged: two moves, the same two uops a
            # pass (llvm-mca 22 can loop forever on the single form).
            a, b = match.groups()
            out += [f"v_mov_b32_e32 {a}, {b}", f"v_mov_b32_e32 {b}, {a}"]
            swaps += 1
            continue
        match = GLOBAL_LOAD.match(text)
        if match:
            width, dst, addr = match.group(1), match.group(2), match.group(3)
            offset = re.search(r"offset:(-?\d+)", match.group(5))
            imm = f" offset:{offset.group(1)}" if offset and \
                int(offset.group(1)) >= 0 else ""
            out.append(f"buffer_load_{width} {dst}, v{addr}, s[0:3], 0 "
                       f"offen{imm}")
            loads += 1
            continue
        match = ADD_CO.match(text)
        if match:
            op, carry, encoding, operands = match.groups()
            parts = [p.strip() for p in re.split(r",(?![^\[]*\])", operands)]
            # dst, carry-out, src0, src1[, carry-in]
            kept = [parts[0], parts[2], parts[3]]
            mnemonic = "v_add_u32" if op == "add" else f"v_{op}_u32"
            out.append(f"{mnemonic}{encoding or ''} " + ", ".join(kept))
            adds += 1
            continue
        out.append(text)
    return out, {"global_load": loads, "add_co": adds, "swap": swaps,
                 "lds_dma": dmas}


def _mca(body, args):
    result = subprocess.run(
        [asm_metrics.LLVM_MCA, "-mtriple=amdgcn-amd-amdhsa",
         "-mcpu=gfx942", *args], input=body, capture_output=True, text=True,
        timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"llvm-mca failed:\n{result.stderr}")
    return result.stdout


def _timeline_dispatch(output, count):
    """Dispatch cycle of each (iteration, index) of llvm-mca's timeline."""
    dispatch = {}
    for line in output.splitlines():
        match = re.match(r"^\[(\d+),(\d+)\]\s(.*)$", line)
        if not match:
            continue
        # The timeline starts after the index column (10 characters).
        timeline = line[10:]
        column = timeline.find("D")
        if column >= 0:
            dispatch[(int(match.group(1)), int(match.group(2)))] = column
    return dispatch


def steady_state(instructions):
    """llvm-mca cycles of one loop pass in the steady state, and the cycles
    of that pass spent stalled on `s_waitcnt` with a vmcnt: dispatch is in
    order, one instruction a cycle, so an instruction dispatched g cycles
    after its predecessor waited g - 1; the waits of vmcnt waits are
    averaged over the timeline's iterations after the first."""
    body = "\n".join(i for i in instructions
                     if not asm_metrics.BRANCH.match("  " + i)) + "\n"
    kept = [i for i in instructions if not asm_metrics.BRANCH.match("  " + i)]
    total = int(re.search(r"Total Cycles:\s+(\d+)",
                          _mca(body, [f"-iterations={MCA_ITERATIONS}"]))
                .group(1))
    output = _mca(body, [f"-iterations={TIMELINE_ITERATIONS}", "-timeline",
                         f"-timeline-max-iterations={TIMELINE_ITERATIONS}",
                         "-timeline-max-cycles=100000"])
    dispatch = _timeline_dispatch(output, len(kept))
    order = sorted(dispatch)
    stalls = {}
    for previous, current in zip(order, order[1:]):
        iteration, index = current
        text = kept[index]
        if iteration == 0 or not (text.startswith("s_waitcnt") and
                                  "vmcnt" in text):
            continue
        gap = dispatch[current] - dispatch[previous] - 1
        stalls[iteration] = stalls.get(iteration, 0) + max(gap, 0)
    iterations = TIMELINE_ITERATIONS - 1
    vmcnt = sum(stalls.values()) / iterations if iterations else 0
    return total / MCA_ITERATIONS, vmcnt


def lds_cycles(text):
    """LDS bytes a wave moves with one instruction and the clocks it takes
    (None if it is no LDS access)."""
    match = LDS_ACCESS.match(text)
    if not match:
        return None
    lane_bytes = int(match.group(4)) // 8 * (2 if match.group(2) else 1)
    return 64 * lane_bytes, max(2, 64 * lane_bytes // LDS_BYTES_PER_CLOCK)


def measure(assembly, name, mma_per_kstep, occupancy, conflicts=None):
    """The K-step metrics of kernel `name`'s main loop: `mma_per_kstep` MFMAs
    a wave make one K step; `occupancy` waves a SIMD; `conflicts`: the LDS
    bank-conflict cycles of a K step of a workgroup of one wave a SIMD (None
    where they are not known: the LDS bound then counts none)."""
    lines = asm_metrics.kernel_lines(assembly, name)
    loop = [i for i in map(asm_metrics.instruction,
                           asm_metrics.main_loop(lines)) if i]
    mnemonics = [text.split()[0] for text in loop]
    mfmas = [m for m in mnemonics if m.startswith("v_mfma")]
    ksteps = len(mfmas) / mma_per_kstep
    corrected, corrections = correct(loop)
    cycles, vmcnt = steady_state(corrected)
    lds_bytes = lds_clocks = 0
    for text in loop:
        access = lds_cycles(text)
        if access:
            lds_bytes += access[0]
            lds_clocks += access[1]
    mfma_bound = sum(MFMA_CYCLES.get(m, 32) for m in mfmas) / ksteps
    # The CU's LDS serves the waves of all its SIMDs.
    lds_bound = lds_clocks * SIMDS_PER_CU / ksteps + (conflicts or 0)
    latency_bound = GLOBAL_LATENCY / max(occupancy, 1)
    bounds = {"MFMA": mfma_bound, "LDS": lds_bound, "latency": latency_bound}
    limiter = max(bounds, key=bounds.get)
    return {
        "ksteps_per_pass": ksteps,
        "mca_cycles_per_kstep": cycles / ksteps,
        "vmcnt_stall_per_kstep": vmcnt / ksteps,
        "global_loads_per_kstep": sum(
            m.startswith(("global_load", "buffer_load")) for m in mnemonics)
        / ksteps,
        "barriers_per_kstep": mnemonics.count("s_barrier") / ksteps,
        "lds_bytes_per_kstep": lds_bytes / ksteps,
        "conflict_cycles_per_kstep": conflicts,
        "bound_mfma": mfma_bound, "bound_lds": lds_bound,
        "bound_latency": latency_bound,
        "bound": bounds[limiter], "bound_limiter": limiter,
        "corrections": corrections,
    }
