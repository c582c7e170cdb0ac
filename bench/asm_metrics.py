"""Metrics of one kernel in AMDGPU assembly: instruction counts, the main
loop and llvm-mca's estimate for it. Shared by bench/run.py for the wave
kernels and their HIP peers, so both are measured by the same rules."""

import re
import subprocess

LLVM_MCA = "/usr/lib/llvm-22/bin/llvm-mca"
LABEL = re.compile(r"^(\.?[A-Za-z_$][\w.$]*):")
BRANCH = re.compile(r"^\s*s_(?:cbranch_\w+|branch)\s+(\.LBB\w+)")
GLOBAL_LOAD = re.compile(r"^(?:global|buffer|flat)_load_(\w+)")
UNLABELLED_BLOCK = re.compile(r"^;\s*%[\w.]+:")
MEMORY = re.compile(r"^(?:global_|buffer_|flat_|ds_|v_mfma|v_wmma)")


def kernel_lines(assembly, name):
    """The lines of kernel `name`, from its label to its end marker."""
    lines = assembly.splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith(name + ":"))
    end = next(i for i in range(start, len(lines))
               if lines[i].startswith(".Lfunc_end") or
               lines[i].strip().startswith("s_endpgm"))
    return lines[start + 1:end + 1]


INNER_LOOP_HEADER = "=>This Inner Loop Header"


def block_comments(lines, i):
    """Line i (a block's label) with the comment lines after it: LLVM puts a
    block's loop comments (`=>This Inner Loop Header`, `in Loop: Header=`)
    on the label's line, or on lines of their own after it when the label's
    line names the block (`.LBB0_5: ; %.lr.ph28`). An unlabelled block's
    own marker (`; %bb.6:`) ends them."""
    text = lines[i]
    k = i + 1
    while (k < len(lines) and lines[k].strip().startswith(";")
           and not UNLABELLED_BLOCK.match(lines[k].strip())):
        text += " " + lines[k].strip()
        k += 1
    return text


def instruction(line):
    """The instruction on an assembly line without comments, or None."""
    text = line.split(";")[0].strip()
    if not text or text.startswith(".") or LABEL.match(text):
        return None
    return text


def main_loop(lines):
    """The kernel's main loop: of the innermost loops (LLVM marks their
    headers `=>This Inner Loop Header`, block_comments) that access memory or run MMAs, the
    one with the most instructions, from its header to the last branch back
    to it. None when there is none: loops of the lowering that only move
    values between lanes (a reduction over the active lanes) do not count."""
    loops = []
    for i, line in enumerate(lines):
        match = LABEL.match(line)
        if not match or INNER_LOOP_HEADER not in block_comments(lines, i):
            continue
        back = [k for k in range(i + 1, len(lines))
                if (BRANCH.match(lines[k]) or [None, None])[1] ==
                match.group(1)]
        if back:
            loops.append(lines[i:back[-1] + 1])
    working = [loop for loop in loops
               if any(MEMORY.match(text) for text in map(instruction, loop)
                      if text)]
    if not working:
        return None
    return max(working, key=lambda loop: sum(
        instruction(line) is not None for line in loop))


def mca_cycles(instructions, chip):
    """llvm-mca's total cycles for one pass over `instructions` (branches
    left out: llvm-mca cannot resolve their labels)."""
    # RDNA chips run the examples' waves of 64 in wave64 mode.
    extra = ["-mattr=+wavefrontsize64"] if chip.startswith("gfx11") else []
    body = "\n".join(i for i in instructions
                     if not BRANCH.match("  " + i)) + "\n"
    result = subprocess.run(
        [LLVM_MCA, "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={chip}",
         "-iterations=1", *extra], input=body, capture_output=True,
        text=True)
    match = re.search(r"Total Cycles:\s+(\d+)", result.stdout)
    if not match:
        raise RuntimeError(f"llvm-mca failed:\n{result.stderr}")
    return int(match.group(1))


def measure(assembly, name, chip):
    """The instruction metrics of kernel `name` for bench/run.py."""
    lines = kernel_lines(assembly, name)
    instructions = [i for i in map(instruction, lines) if i]
    loop = main_loop(lines)
    region = [i for i in map(instruction, loop) if i] if loop else instructions
    loads = {}
    for text in instructions:
        match = GLOBAL_LOAD.match(text)
        if match:
            loads[match.group(1)] = loads.get(match.group(1), 0) + 1
    mnemonics = [text.split()[0] for text in region]
    return {
        "instructions": len(instructions),
        "global_loads": sum(loads.values()),
        "global_loads_by_width": " ".join(
            f"{width}:{count}" for width, count in sorted(loads.items())),
        "has_loop": loop is not None,
        "loop_instructions": len(region),
        "loop_barriers": mnemonics.count("s_barrier"),
        "loop_mma": sum(m.startswith(("v_mfma", "v_wmma")) for m in mnemonics),
        "loop_cycles": mca_cycles(region, chip),
    }
