#!/usr/bin/python3
"""Per 64-key block of one wave's attention main loop, from AMDGPU assembly:
llvm-mca cycles, the same with every MFMA at its published time, MFMA
efficiency, and the kernel's registers, scratch, LDS and occupancy. The same
function measures wave-mlir's kernels and Triton's (bench/attention.md):

    python3 bench/attention.py --ours build/attention.s --kernel attention \\
        --mfma-per-block 64 --chip gfx942 [--fill "D=128"]
    python3 bench/attention.py --triton /work/shared/peers/triton-3.6-more/gfx942/\\
triton_attn_fwd_d128_n4096_m128n64_w4_s1.s --kernel attn_fwd --mfma-per-block 64 \\
        --chip gfx942
    python3 bench/attention.py --peers      # every Triton row of bench/attention.md

The loop: of the kernel's innermost loops (LLVM marks their headers
`=>This Inner Loop Header`), the one with the most MFMAs (ties: the fewest
instructions, so the unmasked loop of a causal kernel rather than its diagonal
one; --loop picks another), from its header to its last branch back, less
the basic blocks named by --exclude-block (a masked branch that only a
partial or diagonal block takes). For
software-pipelined code that is the steady-state body. A block is one pass of
it divided by (its MFMAs / --mfma-per-block), so an unrolled loop of two
64-key blocks counts half a pass a block.

llvm-mca gets the four corrections of kstep.py (global_load_X modelled as
buffer_load_X; v_add_co_u32/v_addc_co_u32 as v_add_u32/v_sub_u32; a register
swap as two moves; global_load_lds_X as buffer_load_X ... lds), runs
-iterations=100 on the loop without its branches and under a time limit.
MFMA at published time: llvm-mca 22 issues every 32x32 MFMA in 8 cycles and
every 16x16 one in 4; the chips' published dense rates imply more (MFMA_CYCLES
below), so each MFMA is repeated until its copies take that time (4 copies of
a 32x32 one), and MFMA efficiency = the block's MFMA cycles at the published
rate / the block's cycles so modelled. Those cycles include llvm-mca's start
of the first pass and drain of the last (the latency of what the last pass
issued: its loads, and its s_barriers, to which llvm-mca 22 gives 500
cycles), spread over the 100 passes; the output also gives a block's steady-state
cycles (100 passes less 50, over 50) and that start and drain.
"""

import argparse
import collections
import json
import pathlib
import re
import subprocess
import sys

BENCH = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import asm_metrics  # noqa: E402
import kstep  # noqa: E402

# Published cycles of an MFMA on one SIMD. kstep's table is gfx942's (512
# FLOP a clock a SIMD: 1307 TFLOP/s on 304 CUs at 2.1 GHz); gfx950's dense
# FP16 peak (2.5 PFLOP/s on 256 CUs at 2.4 GHz) is 1024 FLOP a clock a SIMD
# for its K-doubled kinds, while its old 32x32x8/16x16x16 kinds stay at
# gfx942's cycles (half rate), so one table serves both chips.
MFMA_CYCLES = {**kstep.MFMA_CYCLES,
               "v_mfma_f32_32x32x16_f16": 32, "v_mfma_f32_32x32x16_bf16": 32,
               "v_mfma_f32_16x16x32_f16": 16, "v_mfma_f32_16x16x32_bf16": 16}
MCA_TIMEOUT = 300
PEERS = pathlib.Path("/work/shared/peers")
# LDS a CU and the register file a SIMD lane (VGPR+AGPR, granules of 8).
LDS_BYTES = {"gfx90a": 65536, "gfx942": 65536, "gfx950": 163840}
REGISTER_FILE = 512
MAX_WAVES = 8
DS = re.compile(r"^ds_(read|write|load|store)(2st64|2)?_[a-z]*?(\d+)\w*\s+(.*)$")


def mca(instructions, chip, iterations=kstep.MCA_ITERATIONS):
    """llvm-mca's total cycles for `iterations` passes over `instructions`
    (branches left out: llvm-mca cannot resolve their labels)."""
    body = "\n".join(i for i in instructions
                     if not asm_metrics.BRANCH.match("  " + i)) + "\n"
    try:
        result = subprocess.run(
            [asm_metrics.LLVM_MCA, "-mtriple=amdgcn-amd-amdhsa",
             f"-mcpu={chip}", f"-iterations={iterations}"], input=body,
            capture_output=True, text=True, timeout=MCA_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"llvm-mca ran past {MCA_TIMEOUT} s (a sequence "
                           "kstep.correct does not rewrite?)")
    match = re.search(r"Total Cycles:\s+(\d+)", result.stdout)
    if result.returncode != 0 or not match:
        raise RuntimeError(f"llvm-mca failed:\n{result.stderr}")
    return int(match.group(1))


def model_cycles(mnemonic, chip, cache={}):
    """The cycles llvm-mca gives one `mnemonic` MFMA (8 for 32x32, 4 for
    16x16 in llvm-mca 22), measured on a chain of 100."""
    if (mnemonic, chip) not in cache:
        big = re.search(r"_32x32x", mnemonic)
        acc = "a[0:15]" if big else "a[0:3]"
        # Four-register operands, else two (x8, x16 of gfx942), else eight
        # (gfx950's f8f6f4 with fp8 operands); the scaled forms take each
        # lane's scales of A and B in two more registers.
        scales = ", v16, v17" if mnemonic.startswith("v_mfma_scale") else ""
        for operands in ("v[0:3], v[4:7]", "v[0:1], v[2:3]",
                         "v[0:7], v[8:15]"):
            try:
                cycles = mca([f"{mnemonic} {acc}, {operands}, {acc}{scales}"],
                             chip, 100) / 100
                break
            except RuntimeError:
                if operands == "v[0:7], v[8:15]":
                    raise
        cache[(mnemonic, chip)] = cycles
    return cache[(mnemonic, chip)]


def published(text):
    """The published cycles of the MFMA instruction `text` (f8f6f4 ones by
    their operand formats)."""
    mnemonic = text.split()[0]
    if mnemonic not in MFMA_CYCLES:
        raise SystemExit(f"no published cycles for {mnemonic}: add it to "
                         "MFMA_CYCLES")
    if mnemonic.endswith("_f8f6f4"):
        return kstep.f8f6f4_cycles(text)
    return MFMA_CYCLES[mnemonic]


def at_published_time(instructions, chip):
    """The loop with each MFMA repeated until its copies take its published
    cycles in llvm-mca's model."""
    out = []
    for text in instructions:
        mnemonic = text.split()[0]
        copies = 1
        if mnemonic.startswith("v_mfma"):
            copies = max(1, round(published(text) /
                                  model_cycles(mnemonic, chip)))
        out.extend([text] * copies)
    return out


def steady_pass(instructions, chip, total=None):
    """llvm-mca's cycles of one more pass over `instructions` in the steady
    state. Its total over kstep.MCA_ITERATIONS passes (`total`, if already
    run) includes the first pass's start and the last pass's drain (the
    latency of what it issued last: loads, and s_barriers, to which llvm-mca
    22 gives 500 cycles), which those passes spread over their blocks;
    the difference from a run of half the passes leaves both out (a first
    pass can be shorter than the steady state: it waits for no earlier
    pass's loads)."""
    passes = kstep.MCA_ITERATIONS
    if total is None:
        total = mca(instructions, chip)
    return (total - mca(instructions, chip, iterations=passes // 2)) / (
        passes - passes // 2)


def mfma_idle(instructions, chip):
    """Where the matrix core waits, in the loop with every MFMA at its
    published time: the intervals of a steady-state pass (the second of
    llvm-mca's timeline over three) between the end of one MFMA's time on
    the core and the dispatch of the next, the last of the pass to the first
    of the next pass included. Each is (cycles, index of the MFMA that
    waited, the instructions dispatched between them); their sum is the
    pass's cycles less its MFMA time."""
    kept = [i for i in at_published_time(kstep.correct(instructions)[0], chip)
            if not asm_metrics.BRANCH.match("  " + i)]
    result = subprocess.run(
        [asm_metrics.LLVM_MCA, "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={chip}",
         "-iterations=3", "-timeline", "-timeline-max-iterations=3",
         "-timeline-max-cycles=0"], input="\n".join(kept) + "\n",
        capture_output=True, text=True, timeout=MCA_TIMEOUT)
    if result.returncode != 0:
        raise RuntimeError(f"llvm-mca failed:\n{result.stderr}")
    dispatch = kstep._timeline_dispatch(result.stdout, len(kept))
    mfmas = [i for i, t in enumerate(kept) if t.startswith("v_mfma")]
    order = [(1, i) for i in range(len(kept))] + \
        [(2, i) for i in range(mfmas[0] + 1)]
    intervals, between, busy_until = [], [], None
    for iteration, index in order:
        text = kept[index]
        if not text.startswith("v_mfma"):
            between.append(text)
            continue
        start = dispatch[(iteration, index)]
        if busy_until is not None and start > busy_until:
            intervals.append((round(start - busy_until), index, between))
        between = []
        busy_until = max(start, busy_until or start) + \
            model_cycles(text.split()[0], chip)
    return intervals


def idle_summary(intervals, blocks, threshold):
    """Lines for --idle: the total a block, then each interval of at least
    `threshold` cycles with the mnemonics dispatched before it, most
    frequent first."""
    total = sum(cycles for cycles, _, _ in intervals)
    lines = [f"mfma_idle_per_block          {total / blocks:g}"]
    for cycles, index, between in intervals:
        if cycles < threshold:
            continue
        kinds = collections.Counter(t.split()[0] for t in between)
        top = ", ".join(f"{k} {n}" for k, n in kinds.most_common(5))
        lines.append(f"  {cycles:5d} before instruction {index} after "
                     f"{len(between)}: {top}")
    return lines


BLOCK = re.compile(r"^(?:(\.LBB\w+):|;\s*(%bb\.\d+):)")


def loops(lines, exclude=()):
    """The innermost loops with their basic blocks (a label `.LBB0_3:` or
    LLVM's comment `; %bb.2:` starts one) and the instructions of those not
    named in `exclude`. A loop is its header and every block LLVM marks `in
    Loop: Header=` it, in layout order: a rotated loop's body may sit before
    its header."""
    blocks = []
    for i, line in enumerate(lines):
        start = BLOCK.match(line.strip())
        if start:
            blocks.append({"name": start.group(1) or start.group(2),
                           "line": asm_metrics.block_comments(lines, i),
                           "body": []})
            continue
        text = asm_metrics.instruction(line)
        if text and blocks:
            blocks[-1]["body"].append(text)
    found = []
    for header in blocks:
        if asm_metrics.INNER_LOOP_HEADER not in header["line"]:
            continue
        tag = "Header=" + header["name"].lstrip(".L") + " "
        members = [b for b in blocks
                   if b is header or tag in b["line"] + " "]
        kept = [t for b in members if b["name"] not in exclude
                for t in b["body"]]
        found.append({
            "label": header["name"], "instructions": kept,
            "mfmas": sum(t.startswith("v_mfma") for t in kept),
            "blocks": [(b["name"], len(b["body"]),
                        sum(t.startswith("v_mfma") for t in b["body"]),
                        b["name"] in exclude) for b in members]})
    return found


def main_loop(lines, index=None, exclude=()):
    found = loops(lines, exclude)
    if index is not None:
        return found[index], found
    with_mfma = [loop for loop in found if loop["mfmas"]]
    if not with_mfma:
        raise SystemExit("no loop with MFMAs in the kernel")
    return min(with_mfma, key=lambda loop: (-loop["mfmas"],
                                            len(loop["instructions"]))), found


def metadata(assembly, name):
    """The kernel's entry of the code object's metadata (amdhsa.kernels)."""
    entries = re.split(r"\n  - ", assembly.split("amdhsa.kernels:", 1)[-1])
    for entry in entries:
        entry = "    " + entry  # its first key stood after the "  - "
        if re.search(rf"^\s+\.name:\s+{re.escape(name)}\s*$", entry, re.M):
            def field(key):
                match = re.search(rf"^\s+\.{key}:\s+(\d+)", entry, re.M)
                return int(match.group(1)) if match else 0
            return {key: field(key) for key in (
                "vgpr_count", "agpr_count", "sgpr_count", "vgpr_spill_count",
                "sgpr_spill_count", "private_segment_fixed_size",
                "group_segment_fixed_size", "max_flat_workgroup_size")}
    raise SystemExit(f"no metadata for kernel {name}")


def arch_vgprs(assembly, name):
    """The kernel's architected VGPRs (`.set NAME.num_vgpr`; else
    .amdhsa_accum_offset, where AGPRs start in the unified file)."""
    match = re.search(rf"^\s*\.set\s+(?:\.L)?{re.escape(name)}\.num_vgpr,\s*(\d+)",
                      assembly, re.M)
    if match:
        return int(match.group(1))
    block = assembly.split(f".amdhsa_kernel {name}\n", 1)
    match = re.search(r"\.amdhsa_accum_offset\s+(\d+)", block[-1]) \
        if len(block) == 2 else None
    return int(match.group(1)) if match else None


MASK = 0xFFFFFFFF


def _signed(x):
    return x - (1 << 32) if x & 0x80000000 else x


def _sign_field(x, bits):
    return x - (1 << bits) if bits and x >> (bits - 1) & 1 else x


def _bitop3(a, b, c, lut):
    out = 0
    for index in range(8):
        if lut >> index & 1:
            out |= ((a if index & 4 else ~a) & (b if index & 2 else ~b) &
                    (c if index & 1 else ~c))
    return out & MASK


# The integer ALU of LDS address arithmetic: mnemonic (without _e32/_e64) ->
# the result of its sources. Anything else leaves its destination unknown.
ALU = {
    "mov_b32": lambda a: a, "movk_i32": lambda a: a,
    "add_u32": lambda a, b: a + b, "add_i32": lambda a, b: a + b,
    "add_co_u32": lambda a, b: a + b, "sub_u32": lambda a, b: a - b,
    "sub_i32": lambda a, b: a - b, "subrev_u32": lambda a, b: b - a,
    "and_b32": lambda a, b: a & b, "or_b32": lambda a, b: a | b,
    "xor_b32": lambda a, b: a ^ b, "not_b32": lambda a: ~a,
    "lshlrev_b32": lambda a, b: b << (a & 31),
    "lshrrev_b32": lambda a, b: b >> (a & 31),
    "ashrrev_i32": lambda a, b: _signed(b) >> (a & 31),
    "lshl_b32": lambda a, b: a << (b & 31), "lshr_b32": lambda a, b: a >> (b & 31),
    "ashr_i32": lambda a, b: _signed(a) >> (b & 31),
    "lshl_add_u32": lambda a, b, c: (a << (b & 31)) + c,
    "add_lshl_u32": lambda a, b, c: (a + b) << (c & 31),
    "lshl_or_b32": lambda a, b, c: (a << (b & 31)) | c,
    "and_or_b32": lambda a, b, c: (a & b) | c, "or3_b32": lambda a, b, c: a | b | c,
    "xor3_b32": lambda a, b, c: a ^ b ^ c, "xad_u32": lambda a, b, c: (a ^ b) + c,
    "add3_u32": lambda a, b, c: a + b + c,
    "bfe_u32": lambda a, b, c: (a >> (b & 31)) & ((1 << (c & 31)) - 1),
    "bfe_i32": lambda a, b, c: _sign_field((a >> (b & 31)) &
                                           ((1 << (c & 31)) - 1), c & 31),
    "bfi_b32": lambda a, b, c: (a & b) | (~a & c),
    "mul_u32_u24": lambda a, b: (a & 0xFFFFFF) * (b & 0xFFFFFF),
    "mad_u32_u24": lambda a, b, c: (a & 0xFFFFFF) * (b & 0xFFFFFF) + c,
    "mul_lo_u32": lambda a, b: a * b, "mul_i32": lambda a, b: a * b,
    "lshl1_add_u32": lambda a, b: (a << 1) + b,
    "lshl2_add_u32": lambda a, b: (a << 2) + b,
    "lshl3_add_u32": lambda a, b: (a << 3) + b,
    "lshl4_add_u32": lambda a, b: (a << 4) + b,
}
REGISTER = re.compile(r"^([vsa])(?:(\d+)|\[(\d+):(\d+)\])$")
COMPARE = {"eq": lambda a, b: a == b, "lg": lambda a, b: a != b,
           "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b,
           "lt": lambda a, b: a < b, "le": lambda a, b: a <= b}


def _registers(operand):
    match = REGISTER.match(operand)
    if not match:
        return [operand] if operand in ("m0", "vcc", "vcc_lo", "exec") else []
    if match.group(2):
        return [f"{match.group(1)}{match.group(2)}"]
    return [f"{match.group(1)}{i}"
            for i in range(int(match.group(3)), int(match.group(4)) + 1)]


def highest_ds_byte(instructions, lanes):
    """The highest LDS byte the kernel's ds_* instructions (and gfx950's
    global_load_lds_*) address, + 1, over the `lanes` work-items of a
    workgroup: how ../shared/peers/README.md reads the LDS of Triton, which
    allocates it at launch (.group_segment_fixed_size 0). The integer
    arithmetic of the addresses is executed for every lane, once in program
    order (a loop body once, both arms of a branch); values it cannot follow
    (loads, 64-bit or float arithmetic) are unknown. Returns the byte count
    and the LDS accesses whose address stayed unknown."""
    state = {"v0": list(range(lanes))}  # the work-item id (x only)
    scc = None
    highest, unknown = 0, []

    def value(operand):
        operand = operand.strip()
        if operand in state:
            return state[operand]
        match = re.fullmatch(r"-?(?:0x[0-9a-fA-F]+|\d+)", operand)
        if match:
            return [int(operand, 0) & MASK] * lanes
        return None

    for text in instructions:
        mnemonic, _, rest = text.partition(" ")
        rest = rest.strip()
        operands = [o.strip() for o in re.split(r",(?![^\[]*\])", rest)] \
            if rest else []
        mods = operands[-1].split()[1:] if operands else []
        if operands:
            operands[-1] = operands[-1].split()[0]
        access = DS.match(text)
        if access or mnemonic.startswith("global_load_lds_"):
            if access:
                kind, pair, bits = access.group(1), access.group(2), \
                    int(access.group(3))
                address = value(operands[1] if kind in ("read", "load")
                                else operands[0])
                size = bits // 8
                offsets = [int(m) for m in re.findall(r"offset\d?:(\d+)",
                                                      access.group(4))] or [0]
                if pair:
                    step = size * (64 if pair == "2st64" else 1)
                    offset = max(offsets) * step
                else:
                    offset = offsets[0]
                top = offset + size
            else:
                # gfx950: each lane writes its dwords at M0 + offset + lane *
                # width.
                size = {"dword": 4, "dwordx2": 8, "dwordx3": 12,
                        "dwordx4": 16}.get(mnemonic.split("_")[-1], 4)
                address = state.get("m0")
                offset = re.search(r"offset:(\d+)", text)
                top = (int(offset.group(1)) if offset else 0) + 64 * size
            if address is None:
                unknown.append(text)
            else:
                highest = max(highest, max(address) + top)
            # A read defines its destination: unknown.
            if access and kind in ("read", "load"):
                for reg in _registers(operands[0]):
                    state.pop(reg, None)
            continue
        base = re.sub(r"_(e32|e64|sdwa|dpp)$", "", mnemonic)
        unit, _, op = base.partition("_")
        dests = _registers(operands[0]) if operands else []
        result = None
        if unit == "s" and op.startswith("cmp_"):
            match = re.match(r"cmp_(\w\w)_([iu])32$", op)
            a, b = (value(o) for o in operands[:2]) if match else (None, None)
            scc = None
            if a is not None and b is not None:
                conv = _signed if match.group(2) == "i" else (lambda x: x)
                scc = [COMPARE[match.group(1)](conv(x), conv(y))
                       for x, y in zip(a, b)]
            continue
        if unit == "s" and op == "cselect_b32":
            a, b = value(operands[1]), value(operands[2])
            if scc is not None and a is not None and b is not None:
                result = [x if c else y for x, c, y in zip(a, scc, b)]
        elif op == "readfirstlane_b32":
            a = value(operands[1])
            if a is not None:
                result = [a[lane - lane % 64] for lane in range(lanes)]
        elif op == "bitop3_b32":
            sources = [value(o) for o in operands[1:4]]
            lut = re.search(r"bitop3:(0x[0-9a-fA-F]+|\d+)", text)
            if lut and all(s is not None for s in sources):
                result = [_bitop3(a, b, c, int(lut.group(1), 0))
                          for a, b, c in zip(*sources)]
        elif op in ALU and len(dests) == 1 and not mods and unit in "vs":
            sources = operands[2:] if op == "add_co_u32" and unit == "v" \
                else operands[1:]
            sources = [value(o) for o in sources]
            arity = ALU[op].__code__.co_argcount
            if len(sources) == arity and all(s is not None for s in sources):
                result = [ALU[op](*args) & MASK for args in zip(*sources)]
        for reg in dests:
            state.pop(reg, None)
        if result is not None:
            state[dests[0]] = result
        if unit == "s" and op not in ("cmp", "cselect_b32"):
            scc = None
    return highest, unknown


def occupancy(vgprs, lds, waves, chip):
    """Waves a SIMD by LLVM's model: a 512-entry VGPR+AGPR file in granules
    of 8, the chip's LDS a CU shared by the workgroups of its 4 SIMDs."""
    by_vgprs = min(MAX_WAVES, REGISTER_FILE // (-(-max(vgprs, 1) // 8) * 8))
    by_lds = MAX_WAVES
    if lds:
        workgroups = LDS_BYTES[chip] // lds
        by_lds = min(MAX_WAVES, workgroups * waves // 4)
    return min(by_vgprs, by_lds)


def kernel_lines(assembly, name):
    """The lines of kernel `name`, from its label to .Lfunc_end (not to the
    first s_endpgm as asm_metrics.kernel_lines: a kernel may return early)."""
    lines = assembly.splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith(name + ":"))
    end = next((i for i in range(start, len(lines))
                if lines[i].startswith(".Lfunc_end")), len(lines))
    return lines[start + 1:end]


def measure(assembly, name, mfma_per_block, chip, lds_from_ds=False,
            loop_index=None, exclude=()):
    """The attention row of kernel `name`: `mfma_per_block` MFMAs of the
    loop's kind make one 64-key block of one wave. LDS: the code object's
    .group_segment_fixed_size, or with `lds_from_ds` (Triton, which
    allocates LDS at launch) the highest byte its LDS accesses address.
    `exclude`: basic blocks of the loop that its steady state skips (the
    masked branch of a partial or diagonal block)."""
    lines = kernel_lines(assembly, name)
    loop, found = main_loop(lines, loop_index, exclude)
    body = loop["instructions"]
    mnemonics = [t.split()[0] for t in body]
    mfmas = [m for m in mnemonics if m.startswith("v_mfma")]
    blocks = len(mfmas) / mfma_per_block
    corrected, corrections = kstep.correct(body)
    iterations = kstep.MCA_ITERATIONS
    cycles = mca(corrected, chip) / iterations / blocks
    published_body = at_published_time(corrected, chip)
    published_total = mca(published_body, chip)
    slow = published_total / iterations / blocks
    steady = steady_pass(published_body, chip, published_total)
    mfma_time = sum(published(t) for t in body
                    if t.startswith("v_mfma")) / blocks
    meta = metadata(assembly, name)
    waves = max(1, meta["max_flat_workgroup_size"] // 64)
    lds_bytes, lds_unknown = meta["group_segment_fixed_size"], []
    if lds_from_ds:
        lds_bytes, lds_unknown = highest_ds_byte(
            [t for t in map(asm_metrics.instruction, lines) if t], waves * 64)
    vgprs = meta["vgpr_count"]
    agprs = meta["agpr_count"]
    arch = arch_vgprs(assembly, name)
    return {
        "kernel": name, "chip": chip, "loop": loop["label"],
        "loop_instructions": len(body), "loop_mfmas": len(mfmas),
        "mfma_kinds": sorted(set(mfmas)), "blocks_per_pass": blocks,
        "loops": [(lp["label"], lp["mfmas"], len(lp["instructions"]))
                  for lp in found],
        "loop_blocks (name, instructions, MFMAs, excluded)": loop["blocks"],
        "mca_cycles_per_block": round(cycles, 1),
        "published_cycles_per_block": round(slow, 1),
        "published_steady_cycles_per_block": round(steady / blocks, 1),
        "published_start_and_drain_cycles": round(published_total -
                                                  iterations * steady),
        "mfma_cycles_per_block": mfma_time,
        "mfma_efficiency": round(mfma_time / slow, 3),
        "vgpr_total": vgprs, "agpr": agprs,
        "arch_vgpr": arch if arch is not None else vgprs - agprs,
        "sgpr": meta["sgpr_count"],
        "vgpr_spill": meta["vgpr_spill_count"],
        "sgpr_spill": meta["sgpr_spill_count"],
        "scratch": meta["private_segment_fixed_size"],
        "lds_bytes": lds_bytes, "lds_unknown_accesses": len(lds_unknown),
        "waves_per_workgroup": waves,
        "occupancy": occupancy(vgprs, lds_bytes or 0, waves, chip),
        "barriers_per_block": mnemonics.count("s_barrier") / blocks,
        "global_loads_per_block": sum(m.startswith(("global_load",
                                                    "buffer_load"))
                                      for m in mnemonics) / blocks,
        "ds_per_block": sum(m.startswith("ds_") for m in mnemonics) / blocks,
        "corrections": corrections,
    }


def mfma_per_block_for(head_dim, kinds, queries=32, keys=64):
    """MFMAs of the loop's kind a wave makes for one 64-key block of
    `queries` rows: S = Q·Kᵀ and O += P·V, 2 * queries * keys * head_dim
    multiply-adds."""
    shapes = {tuple(map(int, re.search(r"_(\d+)x(\d+)x(\d+)", k).groups()))
              for k in kinds}
    if len(shapes) != 1:
        raise SystemExit(f"MFMA kinds {kinds}: give --mfma-per-block")
    m, n, k = shapes.pop()
    return 2 * queries * keys * head_dim // (m * n * k)


def per_block_of(assembly, name, head_dim, loop_index=None, exclude=()):
    loop, _ = main_loop(kernel_lines(assembly, name), loop_index, exclude)
    return mfma_per_block_for(head_dim, {t.split()[0]
                                         for t in loop["instructions"]
                                         if t.startswith("v_mfma")})


# The Triton rows of bench/attention.md: (file stem, problem, head dim).
TRITON_ROWS = [
    ("triton_attn_fwd_d128_n4096_m128n64_w4_s1", "D=128 m128n64 w4 s1", 128),
    ("triton_attn_fwd_d128_n4096_m128n64_w4_s2", "D=128 m128n64 w4 s2", 128),
    ("triton_attn_fwd_d128_n4096_m256n64_w8_s1", "D=128 m256n64 w8 s1", 128),
    ("triton_attn_fwd_d64_n4096_m128n64_w4_s1", "D=64 m128n64 w4 s1", 64),
]
HEADER = ("| code | chip | problem | cycles a block, MFMA at published time | "
          "llvm-mca cycles a block | MFMA efficiency | VGPR / AGPR (total) | "
          "SGPR | scratch B | LDS B | occupancy |")


def markdown_row(code, problem, row):
    lds = f"{row['lds_bytes']}"
    if row["lds_unknown_accesses"]:
        lds += f" ({row['lds_unknown_accesses']} accesses unknown)"
    return (f"| {code} | {row['chip']} | {problem} | "
            f"{row['published_cycles_per_block']:g} | "
            f"{row['mca_cycles_per_block']:g} | {row['mfma_efficiency']:.2f} | "
            f"{row['arch_vgpr']} / {row['agpr']} ({row['vgpr_total']}) | "
            f"{row['sgpr']} | {row['scratch']} | {lds} | {row['occupancy']} |")


def fill(doc, code, chip, problem, row):
    """Replace the row of `doc` whose first cells are code, chip, problem."""
    text = doc.read_text()
    prefix = re.compile(rf"^\| {re.escape(code)} \| {re.escape(chip)} \| "
                        rf"{re.escape(problem)} \|.*$", re.M)
    if not prefix.search(text):
        raise SystemExit(f"{doc}: no row '| {code} | {chip} | {problem} |'")
    doc.write_text(prefix.sub(lambda _: markdown_row(code, problem, row),
                              text, count=1))


def peers(directories):
    """The Triton rows for every (label, directory) given."""
    for label, directory in directories:
        for chip in ("gfx942", "gfx950"):
            for stem, problem, head_dim in TRITON_ROWS:
                path = pathlib.Path(directory) / chip / f"{stem}.s"
                if not path.exists():
                    print(f"{path} is missing", file=sys.stderr)
                    continue
                assembly = path.read_text()
                per_block = per_block_of(assembly, "attn_fwd", head_dim)
                row = measure(assembly, "attn_fwd", per_block, chip,
                              lds_from_ds=True)
                print(markdown_row(label, problem, row), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--ours", type=pathlib.Path,
                        help="wave-mlir assembly: LDS from "
                        ".group_segment_fixed_size")
    source.add_argument("--triton", type=pathlib.Path,
                        help="Triton assembly: LDS from its ds_* addresses")
    source.add_argument("--peers", nargs="*", metavar="LABEL=DIR",
                        help="print bench/attention.md's Triton rows "
                        "(default: Triton 3.6 in ../shared/peers)")
    parser.add_argument("--kernel", help="kernel name (Triton: attn_fwd)")
    parser.add_argument("--chip", choices=sorted(LDS_BYTES))
    per_block = parser.add_mutually_exclusive_group()
    per_block.add_argument("--mfma-per-block", type=int,
                           help="MFMAs a wave makes for one 64-key block "
                           "(D=128, 32 queries a wave: 64 of 32x32x8, 32 of "
                           "32x32x16; D=64: half)")
    per_block.add_argument("--head-dim", type=int,
                           help="derive --mfma-per-block from D and the "
                           "loop's MFMA shape (32 queries a wave)")
    parser.add_argument("--loop", type=int,
                        help="index of the innermost loop to measure "
                        "(default: the most MFMAs, then the fewest "
                        "instructions)")
    parser.add_argument("--exclude-block", action="append", default=[],
                        metavar="LABEL", help="leave out a basic block of the "
                        "loop that the steady state skips (`.LBB0_5` or "
                        "`%%bb.2`, as the output's loop_blocks lists them; "
                        "repeatable)")
    parser.add_argument("--fill", metavar="PROBLEM",
                        help="write the row '| wave-mlir | CHIP | PROBLEM |' "
                        "of bench/attention.md")
    parser.add_argument("--idle", type=int, metavar="CYCLES", nargs="?",
                        const=4, help="also list where the matrix core "
                        "waits in a steady-state pass with MFMAs at "
                        "published time: the cycles a block, and each wait "
                        "of at least CYCLES (default 4) with what was "
                        "dispatched before it")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.peers is not None:
        dirs = [tuple(d.split("=", 1)) for d in args.peers] or \
            [("Triton 3.6", PEERS / "triton-3.6-more")]
        print(HEADER)
        print("|" + "---|" * HEADER.count(" | ") + "---|")
        peers(dirs)
        return
    path = args.ours or args.triton
    if not (args.kernel and args.chip):
        parser.error("--kernel and --chip are needed")
    assembly = path.read_text()
    count = args.mfma_per_block
    if count is None:
        if args.head_dim is None:
            parser.error("--mfma-per-block or --head-dim is needed")
        count = per_block_of(assembly, args.kernel, args.head_dim, args.loop,
                             args.exclude_block)
    row = measure(assembly, args.kernel, count, args.chip,
                  lds_from_ds=args.triton is not None, loop_index=args.loop,
                  exclude=args.exclude_block)
    row["mfma_per_block"] = count
    if args.json:
        print(json.dumps(row, indent=1))
    else:
        for key, value in row.items():
            print(f"{key:28} {value}")
        print(markdown_row("wave-mlir" if args.ours else "Triton",
                           args.fill or args.kernel, row))
    if args.idle is not None:
        loop, _ = main_loop(kernel_lines(assembly, args.kernel), args.loop,
                            args.exclude_block)
        blocks = sum(t.startswith("v_mfma")
                     for t in loop["instructions"]) / count
        print("\n".join(idle_summary(mfma_idle(loop["instructions"],
                                                args.chip),
                                      blocks, args.idle)))
    if args.fill:
        fill(BENCH / "attention.md", "wave-mlir", args.chip, args.fill, row)


if __name__ == "__main__":
    main()
