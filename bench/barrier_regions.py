#!/usr/bin/env python3
"""Barrier insertion on loop regions holding many LDS exchanges: a kernel
whose `scf.for` body is a uniform `scf.if`, and one whose `scf.while` body,
holds N exchanges (each lane writes 4 elements at its own offset, a barrier,
reads the neighbouring lane's, a barrier), each exchange at another offset
so that no two ask the same question. Prints the wall time of
`wave-opt --wave-insert-barriers` (median of several runs) and the barriers
it leaves, for each region and N.

Usage: bench/barrier_regions.py BUILD_DIR [--runs N] [--sizes 16 64]
"""

import argparse
import pathlib
import statistics
import subprocess
import tempfile
import time


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
    return f"""
!buf = memref<{1024 + 8 * steps}xf32, #gpu.address_space<workgroup>>
gpu.module @m {{
  gpu.func @k(%n: index) kernel attributes {{
      known_block_size = array<i32: 256, 1, 1>,
      wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>}} {{
    %buf = wave.alloc_lds : !buf
    %t = gpu.thread_id x
    %v = arith.constant dense<1.0> : vector<4xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %u = arith.cmpi sgt, %n, %c0 : index{loop}
    gpu.return
  }}
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=pathlib.Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=[16, 64])
    args = parser.parse_args()
    wave_opt = args.build / "bin" / "wave-opt"
    print("| region | exchanges | seconds | barriers |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for region in ("if", "while"):
            for steps in args.sizes:
                path = pathlib.Path(tmp) / f"{region}{steps}.mlir"
                path.write_text(kernel(steps, region))
                command = [str(wave_opt), "--wave-insert-barriers", str(path)]
                times = []
                for _ in range(args.runs):
                    start = time.perf_counter()
                    result = subprocess.run(command, check=True,
                                            capture_output=True, text=True)
                    times.append(time.perf_counter() - start)
                barriers = result.stdout.count("wave.barrier")
                print(f"| {region} | {steps} | "
                      f"{statistics.median(times):.3f} | {barriers} |")


if __name__ == "__main__":
    main()
