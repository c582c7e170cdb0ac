#!/usr/bin/python3
"""A model of one SIMD running several waves' copies of a kernel's main loop,
from AMDGPU assembly: cycles a step and MFMA efficiency at 1, 2 and the
occupancy's number of waves. The same model runs wave-mlir's code and
Triton's (docs/performance.md, "Several waves on one SIMD"):

    python3 bench/simd_model.py gemm.s --chip gfx942 --waves 1,2,8 \\
        --mfma-per-step 4
    python3 bench/simd_model.py /work/shared/peers/triton-3.6-more/gfx942/\\
triton_gemm_kn_f16_4096_t256x256x64_w8_s2.s --chip gfx942 --mfma-per-step 64
    python3 bench/simd_model.py gemm.s --validate    # against llvm-mca

The loop is bench/attention.py's (the innermost loop with the most MFMAs,
rotated blocks included); a step is --mfma-per-step of its MFMAs (default:
one loop pass). Every wave runs the same loop from its own first instruction,
in order; the SIMD, each issue opportunity, takes one instruction from each
wave that can issue, at most one of each kind (VALU and MFMA, SALU, vector
memory, LDS, scalar memory) in the order of the waves' `s_setprio` priority,
then of their last issue (the longest idle first; a tie: the oldest). What
each kind costs is `Machine` below; `HARDWARE` is the model of the chip,
`MCA` the parameters of llvm-mca 22's gfx942 model (one instruction a
cycle, its latencies, MFMAs at their published cycles), which --validate
uses to compare one wave with llvm-mca's corrected estimate.

Workgroups: the N waves modelled are on one SIMD; a workgroup of W waves puts
W/4 of them on each SIMD (at least 1), and the CU's other three SIMDs are
assumed to run the same streams in step, so an `s_barrier` releases when the
waves of the workgroup on this SIMD have all reached it, and each SIMD gets a
quarter of the CU's LDS bandwidth. A kernel whose prologue has an `s_barrier`
that only some waves run (`s_cbranch_execz` around it: Triton's ping-pong
schedule of 8-wave tiles) starts the upper half of each workgroup's waves one
barrier ahead (--stagger).
"""

import argparse
import dataclasses
import json
import pathlib
import re
import subprocess
import sys

BENCH = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import asm_metrics  # noqa: E402
import attention  # noqa: E402
import kstep  # noqa: E402


@dataclasses.dataclass(frozen=True)
class Machine:
    """Costs in cycles. `issue_period`: a SIMD gets an issue opportunity
    every that many cycles and a wave issues at most one instruction in
    each. `valu`/`trans`: cycles the SIMD's VALU is busy with a wave64
    instruction (transcendental ones: v_exp, v_log, v_rcp, v_rsq, v_sqrt,
    v_sin, v_cos), `valu_latency`/`trans_latency` the cycles to its result. MFMAs occupy the
    SIMD's one MFMA pipe for their published cycles; a later MFMA that
    accumulates onto a result may start when the pipe frees, any other
    reader `mfma_read` cycles later. `lds_bytes_per_clock`: the LDS bandwidth
    of this SIMD (None: one cycle an instruction, llvm-mca's LGKM unit),
    `lds_min_clocks` the fewest clocks of a CU's LDS an instruction takes;
    data returns `lds_latency` after its transfer. Vector memory returns
    after `global_latency`, scalar memory after `smem_latency`; each counter
    (vmcnt, lgkmcnt) counts its operations in order. An `s_barrier` releases
    `barrier` cycles after the last wave of its group reaches it."""
    issue_period: int
    valu: int
    trans: int
    valu_latency: int
    trans_latency: int
    salu: int
    mfma_read: int
    lds_bytes_per_clock: float | None
    lds_min_clocks: int
    lds_latency: int
    global_latency: int
    smem_latency: int
    barrier: int
    one_issue_per_cycle: bool
    # llvm-mca only: an s_nop takes one cycle, and the wave dispatches past
    # an MFMA only when the copies that bring it to its published cycles
    # have dispatched (each waits for the one before: they accumulate).
    mca_mfma_copies: bool = False


# The chip: GCN's issue model, which CDNA3 keeps: the CU's sequencer serves
# its 4 SIMDs in turn, so a SIMD has an issue opportunity every 4 cycles,
# one instruction a wave and one a kind; a wave64 VALU instruction takes
# the SIMD's 16 lanes 4 cycles, a transcendental one 16 (quarter rate).
# LDS: 128 bytes a clock a CU (32 banks of 4 bytes), a quarter a SIMD, at
# least 2 clocks of the CU's LDS a wave instruction (kstep.lds_cycles). LDS
# latency 64 and barrier 4 cycles are assumed; global latency is kstep's
# assumed 500 cycles (no MI300X measurement at hand).
HARDWARE = Machine(issue_period=4, valu=4, trans=16, valu_latency=4,
                   trans_latency=16, salu=4, mfma_read=4,
                   lds_bytes_per_clock=kstep.LDS_BYTES_PER_CLOCK /
                   kstep.SIMDS_PER_CU,
                   lds_min_clocks=2, lds_latency=64,
                   global_latency=kstep.GLOBAL_LATENCY, smem_latency=64,
                   barrier=4, one_issue_per_cycle=False)
# llvm-mca 22's gfx942 model (its -instruction-info): dispatch width 1,
# VALU/SALU latency 1, transcendental 4, DS 5, VMEM 80, SMEM 5; a 32x32
# MFMA repeated to its published 32 cycles has its result 4 cycles after
# the last copy's issue slot ends (latency 12, throughput 8).
MCA = Machine(issue_period=1, valu=1, trans=1, valu_latency=1,
              trans_latency=4, salu=1, mfma_read=4,
              lds_bytes_per_clock=None, lds_min_clocks=1, lds_latency=5,
              global_latency=80, smem_latency=5, barrier=1,
              one_issue_per_cycle=True, mca_mfma_copies=True)
MACHINES = {"hardware": HARDWARE, "mca": MCA}

# Published cycles of an MFMA on one SIMD (bench/attention.py's table, which
# extends kstep's), and gfx950's f8f6f4 kinds: MI355X's dense FP8 peak (5
# PFLOP/s on 256 CUs at 2.4 GHz, 2048 FLOP a clock a SIMD) makes a
# 32x32x64 one 64 cycles with fp8/bf8 operands, and its FP6/FP4 peak (10
# PFLOP/s) 32 cycles when both operands are fp6/bf6/fp4 (cbsz and blgp >= 2).
MFMA_CYCLES = dict(attention.MFMA_CYCLES)
F8F6F4 = re.compile(r"^v_mfma_(?:scale_)?f32_(32x32x64|16x16x128)_f8f6f4$")


def mfma_cycles(mnemonic, text):
    match = F8F6F4.match(mnemonic)
    if match:
        full = 64 if match.group(1) == "32x32x64" else 32
        cbsz = re.search(r"cbsz:(\d+)", text)
        blgp = re.search(r"blgp:(\d+)", text)
        narrow = all(m and int(m.group(1)) >= 2 for m in (cbsz, blgp))
        return full // 2 if narrow else full
    if mnemonic not in MFMA_CYCLES:
        raise SystemExit(f"no published cycles for {mnemonic}: add it to "
                         "MFMA_CYCLES")
    return MFMA_CYCLES[mnemonic]


TRANS = re.compile(r"^v_(exp|log|rcp|rsq|sqrt|sin|cos)_")
REG = re.compile(r"(?<![\w.])([vsa])(?:(\d+)|\[(\d+):(\d+)\])(?![\w])"
                 r"|(?<![\w.])(vcc|exec|m0)(?:_lo|_hi)?(?![\w])")
LDS_RETURNS = re.compile(r"^ds_(read|load|bpermute|permute|swizzle|\w+_rtn)")
VMEM = re.compile(r"^(global|buffer|flat|scratch)_")
NO_DEST = re.compile(r"^(s_cmp|s_bitcmp|s_cbranch|s_branch|s_waitcnt|"
                     r"s_barrier|s_nop|s_setprio|s_sched|s_sleep|s_endpgm|"
                     r"s_dcache|s_setreg|s_trap|s_icache)")


def registers(operands):
    out = []
    for match in REG.finditer(operands):
        if match.group(5):
            out.append(match.group(5))
        elif match.group(2):
            out.append(match.group(1) + match.group(2))
        else:
            out.extend(f"{match.group(1)}{i}" for i in
                       range(int(match.group(3)), int(match.group(4)) + 1))
    return out


@dataclasses.dataclass
class Instr:
    text: str
    kind: str           # valu mfma salu vmem lds smem waitcnt barrier
                        # setprio nop branch
    dests: list
    srcs: list
    src_c: list = dataclasses.field(default_factory=list)
    cycles: int = 0     # MFMA: published cycles; nop: wait states
    lds_bytes: int = 0
    vmcnt: int | None = None
    lgkmcnt: int | None = None
    prio: int = 0
    trans: bool = False


def lds_bytes(text):
    access = kstep.lds_cycles(text)
    if access:
        return access[0]
    width = re.search(r"_b(\d+)", text.split()[0])
    return 64 * (int(width.group(1)) // 8 if width else 4)


def decode(text):
    """One instruction of the loop, classified, with its registers."""
    mnemonic, _, operands = text.partition(" ")
    parts = [p.strip() for p in re.split(r",(?![^\[]*\])", operands)] \
        if operands.strip() else []
    regs = [registers(p) for p in parts]
    if mnemonic.startswith("s_waitcnt"):
        vm = re.search(r"vmcnt\((\d+)\)", operands)
        lgkm = re.search(r"lgkmcnt\((\d+)\)", operands)
        return Instr(text, "waitcnt", [], [],
                     vmcnt=int(vm.group(1)) if vm else None,
                     lgkmcnt=int(lgkm.group(1)) if lgkm else None)
    if mnemonic == "s_barrier":
        return Instr(text, "barrier", [], [])
    if mnemonic == "s_setprio":
        return Instr(text, "setprio", [], [], prio=int(operands.strip(), 0))
    if mnemonic == "s_nop":
        return Instr(text, "nop", [], [], cycles=int(operands.strip(), 0) + 1)
    if mnemonic.startswith(("s_cbranch", "s_branch", "s_sched", "s_sleep")):
        return Instr(text, "branch", [], [r for p in regs for r in p])
    if mnemonic.startswith(("v_mfma", "v_smfmac")):
        return Instr(text, "mfma", regs[0],
                     [r for p in regs[1:] for r in p],
                     src_c=regs[3] if len(regs) > 3 else [],
                     cycles=mfma_cycles(mnemonic, text))
    if mnemonic.startswith("ds_"):
        returns = LDS_RETURNS.match(mnemonic) is not None
        return Instr(text, "lds", regs[0] if returns else [],
                     [r for p in (regs[1:] if returns else regs) for r in p],
                     lds_bytes=lds_bytes(text))
    if VMEM.match(mnemonic):
        loads = "_load" in mnemonic or "_atomic" in mnemonic and \
            " glc" in " " + operands
        return Instr(text, "vmem", regs[0] if loads else [],
                     [r for p in (regs[1:] if loads else regs) for r in p])
    if mnemonic.startswith(("s_load", "s_buffer_load")):
        return Instr(text, "smem", regs[0], [r for p in regs[1:] for r in p])
    kind = "valu" if mnemonic.startswith("v_") else "salu"
    if NO_DEST.match(mnemonic) or not regs:
        return Instr(text, kind, [], [r for p in regs for r in p])
    return Instr(text, kind, regs[0], [r for p in regs[1:] for r in p],
                 trans=kind == "valu" and TRANS.match(mnemonic) is not None)


# The issue port each kind takes (None: handled in the instruction buffer).
PORT = {"valu": "valu", "mfma": "valu", "salu": "salu", "branch": "salu",
        "vmem": "vmem", "lds": "lds", "smem": "smem", "waitcnt": None,
        "barrier": None, "setprio": None, "nop": None}


class Wave:
    """One wave's state: where it is in the loop, its priority, when its
    registers and outstanding memory operations are ready, the barriers it
    has reached (a staggered wave starts one ahead, waiting at it)."""

    def __init__(self, index, group, barriers_ahead):
        self.index = index
        self.group = group
        self.pc = 0
        self.iteration = 0
        self.ready = 0            # earliest cycle of its next issue
        self.last_issue = -1
        self.prio = 0
        self.reg_ready = {}       # register -> (any reader, MFMA srcC)
        self.vm = []              # completion cycles, in order
        self.lgkm = []
        self.arrived = barriers_ahead  # barriers reached
        self.arrival = {n: 0 for n in range(1, barriers_ahead + 1)}
        # The barrier (group, number) it waits at: one it is ahead by.
        self.waiting = (group, barriers_ahead) if barriers_ahead else None
        self.starts = []          # cycle of each pass's first issue
        self.issued = []          # (iteration, pc, cycle) with --timeline
        self.stalls = {}          # cycles waited, by reason


def _complete_in_order(wave, queue, ins, done):
    """Queues an access on the counter `queue` (vm or lgkm), whose accesses
    complete in order, and marks its destinations ready when it does."""
    if queue:
        done = max(done, queue[-1])
    queue.append(done)
    for reg in ins.dests:
        wave.reg_ready[reg] = (done, done)


class Simd:
    """Runs `waves` copies of `body` for `iterations` passes each."""

    def __init__(self, body, machine, waves, group_size=1, stagger=False,
                 timeline=False, chip="gfx942"):
        self.body = body
        self.chip = chip
        self.m = machine
        self.waves = []
        for i in range(waves):
            group = i // group_size
            members = min(group_size, waves - group * group_size)
            ahead = 1 if stagger and i % group_size >= (members + 1) // 2 \
                and members > 1 else 0
            self.waves.append(Wave(i, group, ahead))
        self.group_waves = {}
        for wave in self.waves:
            self.group_waves.setdefault(wave.group, []).append(wave)
        # barrier (group, number) -> release cycle
        self.released = {}
        self.mfma_free = 0
        self.valu_free = 0
        self.lds_free = 0
        self.mfma_busy = []       # (start, end)
        self.timeline = timeline

    def earliest(self, wave, why=False):
        """A lower bound on the cycle the wave's next instruction can issue
        (None: waiting at a barrier not yet released); with `why`, also
        the constraint that sets it beyond the wave's own issue cadence."""
        ins = self.body[wave.pc]
        t, reason = wave.ready, None

        def bound(cycle, name):
            nonlocal t, reason
            if cycle > t:
                t, reason = cycle, name
        key = wave.waiting
        if key is not None:
            if key not in self.released:
                return (None, "barrier") if why else None
            bound(self.released[key], "barrier")
        for reg in ins.srcs:
            ready = wave.reg_ready.get(reg)
            if ready:
                bound(ready[1] if reg in ins.src_c else ready[0],
                      "dependency")
        if ins.kind == "waitcnt":
            for counter, limit, name in ((wave.vm, ins.vmcnt, "vmcnt"),
                                         (wave.lgkm, ins.lgkmcnt,
                                          "lgkmcnt")):
                if limit is not None and len(counter) > limit:
                    bound(counter[len(counter) - limit - 1], name)
        elif ins.kind == "mfma":
            bound(self.mfma_free, "MFMA pipe")
        elif ins.kind == "valu":
            bound(self.valu_free, "VALU busy")
        return (t, reason) if why else t

    def _arrive(self, wave, t):
        wave.arrived += 1
        wave.arrival[wave.arrived] = t
        key = (wave.group, wave.arrived)
        wave.waiting = key
        members = self.group_waves[wave.group]
        if all(w.arrived >= wave.arrived for w in members):
            last = max(w.arrival[wave.arrived] for w in members)
            self.released[key] = last + self.m.barrier

    def issue(self, wave, t):
        ins = self.body[wave.pc]
        m = self.m
        if self.timeline:
            wave.issued.append((wave.iteration, wave.pc, t))
        if wave.pc == 0:
            wave.starts.append(t)
        wave.waiting = None
        wave.last_issue = t
        next_ready = t + m.issue_period
        if ins.kind == "valu":
            busy = m.trans if ins.trans else m.valu
            latency = m.trans_latency if ins.trans else m.valu_latency
            self.valu_free = t + busy
            for reg in ins.dests:
                wave.reg_ready[reg] = (t + latency, t + latency)
        elif ins.kind == "salu":
            for reg in ins.dests:
                wave.reg_ready[reg] = (t + m.salu, t + m.salu)
        elif ins.kind == "mfma":
            end = t + ins.cycles
            self.mfma_free = end
            self.mfma_busy.append((t, end))
            if m.mca_mfma_copies:
                copy = attention.model_cycles(ins.text.split()[0], self.chip)
                next_ready = t + max(1, round(ins.cycles - copy)) + 1
            for reg in ins.dests:
                wave.reg_ready[reg] = (end + m.mfma_read, end)
        elif ins.kind == "lds":
            if m.lds_bytes_per_clock is None:
                transfer = 1
            else:
                clocks = max(m.lds_min_clocks, ins.lds_bytes /
                             kstep.LDS_BYTES_PER_CLOCK)
                transfer = clocks * kstep.LDS_BYTES_PER_CLOCK / \
                    m.lds_bytes_per_clock
            start = max(t, self.lds_free)
            self.lds_free = start + transfer
            _complete_in_order(wave, wave.lgkm, ins,
                               start + transfer + m.lds_latency)
        elif ins.kind == "vmem":
            _complete_in_order(wave, wave.vm, ins, t + m.global_latency)
        elif ins.kind == "smem":
            _complete_in_order(wave, wave.lgkm, ins, t + m.smem_latency)
        elif ins.kind == "setprio":
            wave.prio = ins.prio
        elif ins.kind == "nop" and not m.mca_mfma_copies:
            next_ready = t + max(m.issue_period, ins.cycles)
        elif ins.kind == "barrier":
            self._arrive(wave, t)
        # Counters: drop what has completed by now (in order).
        for counter in (wave.vm, wave.lgkm):
            while counter and counter[0] <= t:
                counter.pop(0)
        wave.ready = next_ready
        wave.pc += 1
        if wave.pc == len(self.body):
            wave.pc = 0
            wave.iteration += 1

    def run(self, iterations):
        m = self.m
        t = 0
        # Stalls are counted from the passes after the first third.
        self.counted_from = iterations // 3
        # Until the waves have made `iterations` passes each on average (a
        # wave the others starve of an issue port may make fewer).
        while sum(w.iteration for w in self.waves) < \
                iterations * len(self.waves):
            active = self.waves
            bounds = [(self.earliest(w), w) for w in active]
            times = [b for b, _ in bounds if b is not None]
            if not times:
                raise RuntimeError("every wave waits at a barrier")
            t = max(t, min(times))
            period = m.issue_period
            t = -(-t // period) * period
            used = set()
            order = sorted(active, key=lambda w: (-w.prio, w.last_issue,
                                                  w.index))
            for wave in order:
                bound = self.earliest(wave)
                if bound is None or bound > t:
                    continue
                port = PORT[self.body[wave.pc].kind]
                if port is not None and port in used:
                    continue
                if m.one_issue_per_cycle and "any" in used:
                    continue
                if wave.iteration >= self.counted_from:
                    _, reason = self.earliest(wave, why=True)
                    # The wait beyond the wave's cadence: the constraint's
                    # part, then what arbitration (ports, priority) added.
                    limit = max(wave.ready, bound)
                    if reason:
                        wave.stalls[reason] = wave.stalls.get(reason, 0) + \
                            limit - wave.ready
                    if t > limit:
                        wave.stalls["arbitration"] = \
                            wave.stalls.get("arbitration", 0) + t - limit
                self.issue(wave, t)
                if port is not None:
                    used.add(port)
                used.add("any")
            t += period
        self.end = t
        return self

    def result(self, steps_per_pass):
        """Cycles a step in the steady state: a window from the end of the
        first third of the run to the last pass every wave started, the
        passes the waves made in it (interpolated between their passes'
        first issues), and the MFMA pipe's busy fraction over it."""
        end = self.end
        if all(len(w.starts) > 1 for w in self.waves):
            end = min(w.starts[-1] for w in self.waves)
        begin = end / 3
        def passes(wave, x):
            starts = wave.starts
            if not starts or x <= starts[0]:
                return 0.0
            for i in range(1, len(starts)):
                if starts[i] >= x:
                    return i - 1 + (x - starts[i - 1]) / \
                        (starts[i] - starts[i - 1])
            return float(len(starts) - 1)
        made = sum(passes(w, end) - passes(w, begin) for w in self.waves)
        if made < 1:
            raise RuntimeError("too few iterations for a steady state")
        window = end - begin
        busy = sum(max(0, min(e, end) - max(s, begin))
                   for s, e in self.mfma_busy)
        simd = window / made / steps_per_pass
        stalls = {}
        for w in self.waves:
            passes_counted = max(1, w.iteration - self.counted_from)
            for reason, cycles in w.stalls.items():
                stalls[reason] = stalls.get(reason, 0) + cycles / \
                    passes_counted / steps_per_pass / len(self.waves)
        return {"cycles_per_step_per_wave": simd * len(self.waves),
                "simd_cycles_per_step": simd,
                "mfma_efficiency": busy / window,
                "stalls_per_step_per_wave": {
                    k: round(v, 1) for k, v in sorted(
                        stalls.items(), key=lambda kv: -kv[1])},
                "passes_in_window": [round(passes(w, end) - passes(w, begin),
                                           2) for w in self.waves]}


def loop_body(assembly, name):
    """The loop bench/attention.py measures (the innermost loop with the
    most MFMAs), else bench/asm_metrics.py's main loop (the largest
    innermost loop that accesses memory): its instructions, the kernel's
    lines and the loop's label."""
    lines = attention.kernel_lines(assembly, name)
    if any(t.startswith("v_mfma") for t in map(asm_metrics.instruction, lines)
           if t):
        loop, _ = attention.main_loop(lines)
        return loop["instructions"], lines, loop["label"]
    loop = asm_metrics.main_loop(lines)
    if loop is None:
        raise SystemExit(f"no main loop in {name}")
    return [t for t in map(asm_metrics.instruction, loop) if t], lines, \
        asm_metrics.LABEL.match(loop[0].strip()).group(1)


def kernel_name(assembly):
    match = re.search(r"^\s*\.amdhsa_kernel\s+(\S+)", assembly, re.M)
    if match:
        return match.group(1)
    match = re.search(r"^\s*\.globl\s+(\S+)", assembly, re.M)
    if not match:
        raise SystemExit("no kernel in the assembly: give --kernel")
    return match.group(1)


def staggered(lines, loop_label):
    """Whether the prologue has an `s_barrier` only some waves run: a
    conditional branch to `L` (`s_cbranch_execz` where the condition is a
    lane mask, `s_cbranch_vccnz`, `s_cbranch_scc1`, ... where it is uniform)
    with an `s_barrier` before `L:`, before the loop."""
    skip = None
    for line in lines:
        text = asm_metrics.instruction(line)
        label = asm_metrics.LABEL.match(line.strip())
        if label and label.group(1) == loop_label:
            return False
        if label and skip and label.group(1) == skip[0]:
            if skip[1]:
                return True
            skip = None
        if text:
            match = re.match(
                r"s_cbranch_(?:execz|execnz|vccz|vccnz|scc0|scc1)\s+(\S+)",
                text)
            if match:
                skip = [match.group(1), False]
            elif text == "s_barrier" and skip:
                skip[1] = True
    return False


def occupancy_of(assembly, name, lines):
    try:
        meta = attention.metadata(assembly, name)
    except SystemExit:
        return None, 1
    waves = max(1, meta["max_flat_workgroup_size"] // 64)
    lds = meta["group_segment_fixed_size"]
    if not lds and any(asm_metrics.instruction(l) and
                       asm_metrics.instruction(l).startswith("ds_")
                       for l in lines):
        lds, _ = attention.highest_ds_byte(
            [t for t in map(asm_metrics.instruction, lines) if t], waves * 64)
    chip = "gfx950" if "gfx950" in assembly else "gfx942"
    return attention.occupancy(meta["vgpr_count"], lds, waves, chip), waves


def simulate(body, machine, waves, group_size=1, stagger=False,
             iterations=12, timeline=False, chip="gfx942"):
    """The SIMD after `waves` waves have each run `iterations` passes of
    `body` (instruction texts)."""
    decoded = [decode(t) for t in body]
    return Simd(decoded, machine, waves, group_size, stagger,
                timeline, chip).run(iterations)


def model(assembly, name, chip, waves_list, mfma_per_step=None,
          machine=HARDWARE, iterations=12, stagger=None, workgroup=None):
    body, lines, label = loop_body(assembly, name)
    if machine.mca_mfma_copies:
        # llvm-mca runs the loop without its branches.
        body = [t for t in body if not asm_metrics.BRANCH.match("  " + t)]
    mfmas = sum(t.startswith(("v_mfma", "v_smfmac")) for t in body)
    steps = mfmas / mfma_per_step if mfma_per_step else 1
    occupancy, wg = occupancy_of(assembly, name, lines)
    wg = workgroup or wg
    group_size = max(1, wg // kstep.SIMDS_PER_CU)
    if stagger is None:
        stagger = staggered(lines, label)
    rows = []
    for waves in waves_list:
        if waves == "occ":
            waves = occupancy or 1
        simd = simulate(body, machine, waves, group_size, stagger,
                        iterations, chip=chip)
        row = simd.result(steps)
        row["waves"] = waves
        rows.append(row)
    mfma_step = sum(mfma_cycles(t.split()[0], t) for t in body
                    if t.startswith(("v_mfma", "v_smfmac"))) / steps
    return {"kernel": name, "chip": chip, "loop": label,
            "loop_instructions": len(body), "loop_mfmas": mfmas,
            "steps_per_pass": steps, "mfma_cycles_per_step": mfma_step,
            "occupancy": occupancy, "workgroup_waves": wg,
            "waves_a_simd_of_a_workgroup": group_size, "stagger": stagger,
            "rows": rows}


def mca_reference(assembly, name, chip, mfma_per_step=None):
    """llvm-mca's cycles a step for one wave, the corrections applied and
    every MFMA at its published time (bench/attention.py's method)."""
    body, _, _ = loop_body(assembly, name)
    mfmas = sum(t.startswith("v_mfma") for t in body)
    steps = mfmas / mfma_per_step if mfma_per_step else 1
    corrected, _ = kstep.correct(body)
    slow = attention.at_published_time(corrected, chip)
    return attention.mca(slow, chip) / kstep.MCA_ITERATIONS / steps


# The rows of docs/performance.md's table: (code, problem, assembly, kernel,
# chip, MFMAs a step). Ours: an example's name, or a path from the
# repository's root, compiled by --table.
PEERS = attention.PEERS
TABLE = [
    ("wave-mlir", "gemm 64x64x32, 4 waves", "gemm", "gemm", "gfx942", 4),
    ("Triton s2", "gemm 64x64x32, 4 waves",
     "triton-3.6-gfx942/triton_gemm_kn_256_t64x64x32_s2.s", None,
     "gfx942", 4),
    ("wave-mlir", "gemm_nk 128x128x32, 4 waves", "gemm_nk_128",
     "gemm_nk_128", "gfx942", 16),
    ("Triton s2", "gemm_nk 128x128x32, 4 waves",
     "triton-3.6-gfx942/triton_gemm_nk_512_t128x128x32_s2.s", None,
     "gfx942", 16),
    ("Triton s2", "gemm 256x256x64, 8 waves (ping-pong)",
     "triton-3.6-more/gfx942/triton_gemm_kn_f16_4096_t256x256x64_w8_s2.s",
     None, "gfx942", 64),
    ("Triton s2", "gemm 256x256x64, 8 waves (no ping-pong)",
     "triton-3.6-more/gfx950/triton_gemm_kn_f16_4096_t256x256x64_w8_s2.s",
     None, "gfx950", 32),
    ("wave-mlir", "gemm_256 256x256x64, 8 waves", "gemm_256", "gemm_256",
     "gfx942", 64),
    ("wave-mlir", "gemm_256 256x256x64, 8 waves", "gemm_256",
     "gemm_256", "gfx950", 32),
    ("wave-mlir", "gemm_256_gfx950 256x256x64, 8 waves, A from global",
     "gemm_256_gfx950", "gemm_256_gfx950", "gfx950", 32),
    ("Triton s2", "gemm 256x128x64, 8 waves (ping-pong)",
     "triton-3.6-gfx942/triton_gemm_kn_4096_t256x128x64_w8_s2.s", None,
     "gfx942", 32),
    ("wave-mlir", "gemm 256x128x64, 8 waves",
     "test/wave-compile/Inputs/gemm_256x128.mlir", "gemm_256x128", "gfx942",
     32),
    ("wave-mlir", "attention D=128, 64-key block", "attention", "attention",
     "gfx942", 64),
    ("Triton s1", "attention D=128, 64-key block",
     "triton-3.6-more/gfx942/triton_attn_fwd_d128_n4096_m128n64_w4_s1.s",
     "attn_fwd", "gfx942", 64),
    ("Triton s2", "attention D=128, 64-key block",
     "triton-3.6-more/gfx942/triton_attn_fwd_d128_n4096_m128n64_w4_s2.s",
     "attn_fwd", "gfx942", 64),
    ("Triton w8 s1", "attention D=128, 64-key block",
     "triton-3.6-more/gfx942/triton_attn_fwd_d128_n4096_m256n64_w8_s1.s",
     "attn_fwd", "gfx942", 64),
    ("wave-mlir", "attention D=64, 64-key block", "attention_d64",
     "attention_d64", "gfx942", 32),
    ("Triton s1", "attention D=64, 64-key block",
     "triton-3.6-more/gfx942/triton_attn_fwd_d64_n4096_m128n64_w4_s1.s",
     "attn_fwd", "gfx942", 32),
]


def table(build, peers=PEERS, out=sys.stdout):
    """docs/performance.md's table: every TABLE row at 1, 2 and the
    occupancy's waves, and one wave against llvm-mca."""
    import tempfile
    tmp = pathlib.Path(tempfile.mkdtemp())
    print("| code | problem | chip | occupancy | 1 wave | 2 waves | "
          "occupancy's waves | llvm-mca, 1 wave | model (mca machine) / "
          "llvm-mca |", file=out)
    print("|---|---|---|---|---|---|---|---|---|", file=out)
    for code, problem, source, name, chip, per_step in TABLE:
        if code == "wave-mlir":
            path = tmp / f"{pathlib.Path(source).stem}.s"
            input_path = BENCH.parent / (
                source if "/" in source else f"examples/{source}.mlir")
            subprocess.run([str(pathlib.Path(build) / "bin" / "wave-compile"),
                            str(input_path),
                            f"--chip={chip}", "--emit=asm", "-o", str(path)],
                           check=True, capture_output=True)
        else:
            path = pathlib.Path(peers) / source
        assembly = path.read_text()
        name = name or kernel_name(assembly)
        result = model(assembly, name, chip, [1, 2, "occ"], per_step)
        mca_row = model(assembly, name, chip, [1], per_step, MCA)
        reference = mca_reference(assembly, name, chip, per_step)
        cells = [f"{r['simd_cycles_per_step']:.0f} "
                 f"({r['mfma_efficiency']:.2f})" for r in result["rows"]]
        occ = result["occupancy"]
        if occ in (1, 2):
            cells[2] = "= " + str(occ)
        ratio = mca_row["rows"][0]["cycles_per_step_per_wave"] / reference
        print(f"| {code} | {problem} | {chip} | {occ} | " + " | ".join(cells)
              + f" | {reference:.0f} | {ratio:.2f} |", file=out, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("assembly", type=pathlib.Path, nargs="?")
    parser.add_argument("--table", metavar="BUILD_DIR",
                        help="print docs/performance.md's table (ours "
                        "compiled with BUILD_DIR/bin/wave-compile, Triton's "
                        "from ../shared/peers)")
    parser.add_argument("--kernel", help="default: the first kernel")
    parser.add_argument("--chip", choices=sorted(attention.LDS_BYTES),
                        default="gfx942")
    parser.add_argument("--waves", default="1,2,occ",
                        help="waves a SIMD, comma-separated; occ: the "
                        "kernel's occupancy (default 1,2,occ)")
    parser.add_argument("--mfma-per-step", type=int,
                        help="MFMAs a wave makes a step (default: a loop "
                        "pass is a step)")
    parser.add_argument("--machine", choices=sorted(MACHINES),
                        default="hardware")
    parser.add_argument("--iterations", type=int, default=12,
                        help="loop passes each wave runs (default 12; the "
                        "first third is left out)")
    parser.add_argument("--workgroup", type=int,
                        help="waves a workgroup (default: the metadata's "
                        ".max_flat_workgroup_size / 64)")
    parser.add_argument("--stagger", choices=("auto", "yes", "no"),
                        default="auto")
    parser.add_argument("--validate", action="store_true",
                        help="one wave against llvm-mca's corrected "
                        "estimate, with both machines")
    parser.add_argument("--timeline", action="store_true",
                        help="print every issue: wave iteration index cycle "
                        "instruction")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.table:
        table(args.table)
        return
    if args.assembly is None:
        parser.error("the assembly file is needed")
    assembly = args.assembly.read_text()
    name = args.kernel or kernel_name(assembly)
    machine = MACHINES[args.machine]
    stagger = {"auto": None, "yes": True, "no": False}[args.stagger]
    if args.timeline:
        body, lines, label = loop_body(assembly, name)
        waves = int(args.waves.split(",")[0])
        _, wg = occupancy_of(assembly, name, lines)
        wg = args.workgroup or wg
        if stagger is None:
            stagger = staggered(lines, label)
        simd = simulate(body, machine, waves,
                        max(1, wg // kstep.SIMDS_PER_CU), stagger,
                        args.iterations, timeline=True, chip=args.chip)
        for wave in simd.waves:
            for iteration, pc, cycle in wave.issued:
                print(f"{wave.index} {iteration} {pc} {cycle:g} {body[pc]}")
        return
    if args.validate:
        reference = mca_reference(assembly, name, args.chip,
                                  args.mfma_per_step)
        out = {"llvm_mca_cycles_per_step": round(reference, 1)}
        for label, m in MACHINES.items():
            row = model(assembly, name, args.chip, [1], args.mfma_per_step,
                        m, args.iterations, stagger, args.workgroup)
            cycles = row["rows"][0]["cycles_per_step_per_wave"]
            out[f"{label}_cycles_per_step"] = round(cycles, 1)
            out[f"{label}_vs_llvm_mca"] = round(cycles / reference, 2)
        print(json.dumps(out) if args.json else
              "\n".join(f"{k:28} {v}" for k, v in out.items()))
        return
    waves = [w if w == "occ" else int(w) for w in args.waves.split(",")]
    result = model(assembly, name, args.chip, waves, args.mfma_per_step,
                   machine, args.iterations, stagger, args.workgroup)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for key, value in result.items():
        if key != "rows":
            print(f"{key:28} {value}")
    print("| waves | cycles a step (a wave) | SIMD cycles a step | "
          "MFMA efficiency | a wave's stalls a step |")
    for row in result["rows"]:
        stalls = ", ".join(f"{k} {v:g}" for k, v in
                           row["stalls_per_step_per_wave"].items())
        print(f"| {row['waves']} | {row['cycles_per_step_per_wave']:.1f} | "
              f"{row['simd_cycles_per_step']:.1f} | "
              f"{row['mfma_efficiency']:.2f} | {stalls} |")


if __name__ == "__main__":
    main()
