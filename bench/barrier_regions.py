#!/usr/bin/env python3
"""Barrier insertion and divergence removal on kernels of many LDS
exchanges, each at its own offset so that no two ask the same question.
For barrier insertion, a kernel whose `scf.for` body is a uniform `scf.if`,
and one whose `scf.while` body, holds N exchanges (each lane writes 4
elements, a barrier, reads the neighbouring lane's, a barrier). For
divergence removal, a kernel of N steps that write LDS, a barrier, and
read the neighbouring lane's elements under a divergent `scf.if`, which
the pass converts after proving the read safe on a copy of the kernel.
Prints the wall time of `wave-opt --wave-insert-barriers` or
`--wave-remove-divergence` (median of several runs) and the barriers or
branches left, for each kernel and N.

Usage: bench/barrier_regions.py BUILD_DIR [--runs N] [--sizes 16 64]
"""

import argparse
import pathlib
import subprocess
import tempfile

from compile_time import wall_time


def wrap(steps, argument, body):
    """A kernel of 256 lanes taking `argument`, with an LDS buffer `%buf`
    for `steps` exchanges, the thread id `%t`, a vector `%v` and `%c0`
    ahead of `body`."""
    return f"""
!buf = memref<{1024 + 8 * steps}xf32, #gpu.address_space<workgroup>>
gpu.module @m {{
  gpu.func @k({argument}) kernel attributes {{
      known_block_size = array<i32: 256, 1, 1>,
      wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>}} {{
    %buf = wave.alloc_lds : !buf
    %t = gpu.thread_id x
    %v = arith.constant dense<1.0> : vector<4xf32>
    %c0 = arith.constant 0 : index{body}
    gpu.return
  }}
}}
"""


def kernel(steps, region):
    """`steps` exchanges in the body of a loop, under an `scf.if` on a
    kernel argument (`region` "if") or directly in an `scf.while` body."""
    body = "".join(f"""
      wave.write %v, %buf[%t] map affine_map<(t) -> (t * 4 + {s * 8})>
          : vector<4xf32>, !buf
      wave.barrier
      %r{s} = wave.read %buf[%t]
          map affine_map<(t) -> (((t + 1) mod 256) * 4 + {s * 8})>
          : !buf -> vector<4xf32>
      wave.barrier""" for s in range(steps))
    if region == "if":
        loop = f"""
    scf.for %i = %c0 to %c8 step %c1 {{
      scf.if %u {{{body}
      }}
    }}"""
    else:
        loop = f"""
    %z = scf.while (%i = %c0) : (index) -> index {{
      %go = arith.cmpi slt, %i, %c8 : index
      scf.condition(%go) %i : index
    }} do {{
    ^bb0(%i: index):{body}
      %next = arith.addi %i, %c1 : index
      scf.yield %next : index
    }}"""
    return wrap(steps, "%n: index", """
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %u = arith.cmpi sgt, %n, %c0 : index""" + loop)


def guarded_reads(steps):
    """`steps` writes of LDS, each followed by a read under a divergent
    branch."""
    body = "".join(f"""
    wave.write %v, %buf[%t] map affine_map<(t) -> (t * 4 + {s * 8})>
        : vector<4xf32>, !buf
    wave.barrier
    %e{s} = scf.if %even -> (vector<4xf32>) {{
      %r = wave.read %buf[%t]
          map affine_map<(t) -> (((t + 1) mod 256) * 4 + {s * 8})>
          : !buf -> vector<4xf32>
      scf.yield %r : vector<4xf32>
    }} else {{
      scf.yield %v : vector<4xf32>
    }}
    wave.write %e{s}, %out[%t] map affine_map<(t) -> (t * 4 + {s * 1024})>
        : vector<4xf32>, memref<{steps * 1024}xf32>
    wave.barrier""" for s in range(steps))
    return wrap(steps, f"%out: memref<{steps * 1024}xf32>", """
    %c2 = arith.constant 2 : index
    %p = arith.remui %t, %c2 : index
    %even = arith.cmpi eq, %p, %c0 : index""" + body)


# (kernel, its text for N, the pass, what the output is counted by)
KERNELS = [
    ("if in for", lambda n: kernel(n, "if"), "--wave-insert-barriers",
     "wave.barrier"),
    ("while", lambda n: kernel(n, "while"), "--wave-insert-barriers",
     "wave.barrier"),
    ("guarded reads", guarded_reads, "--wave-remove-divergence", "scf.if"),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=pathlib.Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=[16, 64])
    args = parser.parse_args()
    wave_opt = args.build / "bin" / "wave-opt"
    print("| kernel | N | pass | seconds | barriers or branches left |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, text, flag, counted in KERNELS:
            for steps in args.sizes:
                path = pathlib.Path(tmp) / "kernel.mlir"
                path.write_text(text(steps))
                command = [str(wave_opt), flag, str(path)]
                seconds = wall_time(command, args.runs)
                result = subprocess.run(command, check=True,
                                        capture_output=True, text=True)
                print(f"| {name} | {steps} | {flag[2:]} | {seconds:.3f} | "
                      f"{result.stdout.count(counted)} |")


if __name__ == "__main__":
    main()
