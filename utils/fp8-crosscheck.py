#!/usr/bin/env python3
"""Cross-checks wave-run's 8-bit float conversions against ml_dtypes.

arith.truncf from f32 to each of MLIR's four 8-bit float types (f8E4M3FNUZ,
f8E5M2FNUZ: gfx942's fp8/bf8; f8E4M3FN, f8E5M2: the OCP formats of gfx950)
and arith.extf of every code back to f32, run by wave-run on one kernel,
compared bit for bit with ml_dtypes' casts of the same inputs: every f16
value (as f32), every fp8 code with the ties half way between neighbouring
codes and their f32 neighbours, and a stride through all f32 bit patterns.
NaN is compared as NaN, with its sign where the format has signed NaNs: the
FNUZ formats' one NaN 0x80 extends to +NaN as APFloat (MLIR's definition)
has it, where ml_dtypes gives -NaN.

    python3 -m venv /tmp/fp8-venv && /tmp/fp8-venv/bin/pip install ml_dtypes
    /tmp/fp8-venv/bin/python utils/fp8-crosscheck.py [--wave-run build/bin/wave-run]

Prints one line a format and exits non-zero on any difference.
"""

import argparse
import pathlib
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

FORMATS = [("f8E4M3FNUZ", ml_dtypes.float8_e4m3fnuz),
           ("f8E5M2FNUZ", ml_dtypes.float8_e5m2fnuz),
           ("f8E4M3FN", ml_dtypes.float8_e4m3fn),
           ("f8E5M2", ml_dtypes.float8_e5m2)]
BLOCK = 256

KERNEL = """
gpu.module @fp8 {{
  gpu.func @fp8({args}) kernel
      attributes {{known_block_size = array<i32: {block}, 1, 1>,
                  known_grid_size = array<i32: {grid}, 1, 1>}} {{
    %c256 = arith.constant 256 : index
    %cblock = arith.constant {block} : index
    %b = gpu.block_id x
    %t = gpu.thread_id x
    %base = arith.muli %b, %cblock : index
    %i = arith.addi %base, %t : index
    %x = memref.load %X[%i] : memref<{n}xf32>
{body}
    %small = arith.cmpi ult, %i, %c256 : index
    scf.if %small {{
{ext}
    }}
    gpu.return
  }}
}}
"""


def inputs():
    """f32 inputs: every f16 value, each format's codes, ties and their
    neighbours, and a stride through f32."""
    values = [np.arange(65536, dtype=np.uint16).view(np.float16)
              .astype(np.float32)]
    for _, dtype in FORMATS:
        codes = np.arange(256, dtype=np.uint8).view(dtype).astype(np.float64)
        codes = np.unique(codes[np.isfinite(codes)])
        top = codes[-1] + (codes[-1] - codes[-2])  # where it overflows
        codes = np.append(codes, top)
        ties = ((codes[:-1] + codes[1:]) / 2).astype(np.float32)
        for v in (codes.astype(np.float32), ties,
                  np.nextafter(ties, np.float32(-np.inf)),
                  np.nextafter(ties, np.float32(np.inf))):
            values += [v, -v]
    values.append(np.arange(0, 1 << 32, 65521, dtype=np.uint64)
                  .astype(np.uint32).view(np.float32))
    values.append(np.array([np.inf, -np.inf, np.nan, -np.nan], np.float32))
    x = np.concatenate(values).astype(np.float32)
    pad = (-len(x)) % BLOCK
    return np.concatenate([x, np.zeros(pad, np.float32)])


def same(a, b, signed_nan=True):
    """Equal as floats, NaN equal to NaN (of the same sign with
    `signed_nan`), -0 apart from 0."""
    both_nan = np.isnan(a) & np.isnan(b)
    equal = (a == b) & (np.signbit(a) == np.signbit(b))
    if signed_nan:
        both_nan &= np.signbit(a) == np.signbit(b)
    return both_nan | equal


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wave-run", default="build/bin/wave-run")
    options = parser.parse_args()
    x = inputs()
    n = len(x)
    args, body, ext = ["%X: memref<{}xf32>".format(n)], [], []
    for name, _ in FORMATS:
        args += [f"%{name}_codes: memref<256x{name}>",
                 f"%{name}_trunc: memref<{n}x{name}>",
                 f"%{name}_ext: memref<256xf32>"]
        body.append(f"    %t_{name} = arith.truncf %x : f32 to {name}\n"
                    f"    memref.store %t_{name}, %{name}_trunc[%i] "
                    f": memref<{n}x{name}>")
        ext.append(f"      %c_{name} = memref.load %{name}_codes[%i] "
                   f": memref<256x{name}>\n"
                   f"      %e_{name} = arith.extf %c_{name} : {name} to f32\n"
                   f"      memref.store %e_{name}, %{name}_ext[%i] "
                   f": memref<256xf32>")
    kernel = KERNEL.format(args=", ".join(args), block=BLOCK,
                           grid=n // BLOCK, n=n, body="\n".join(body),
                           ext="\n".join(ext))
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        (tmp / "fp8.mlir").write_text(kernel)
        np.save(tmp / "x.npy", x)
        command = [options.wave_run, str(tmp / "fp8.mlir"),
                   f"--input=X={tmp / 'x.npy'}", f"--output-dir={tmp}"]
        for name, _ in FORMATS:
            np.save(tmp / f"{name}_codes.npy", np.arange(256, dtype=np.uint8))
            command.append(f"--input={name}_codes={tmp / (name + '_codes.npy')}")
        subprocess.run(command, check=True, capture_output=True)
        for name, dtype in FORMATS:
            trunc = np.load(tmp / f"{name}_trunc.npy")
            want = x.astype(dtype)
            ok_trunc = same(trunc.view(dtype).astype(np.float64),
                            want.astype(np.float64))
            # Bits too, where the value is not NaN (NaN codes may differ in
            # payload only where the format has several).
            ok_trunc &= (trunc == want.view(np.uint8)) | np.isnan(
                want.astype(np.float64))
            ext = np.load(tmp / f"{name}_ext.npy")
            ok_ext = same(ext.astype(np.float64), np.arange(
                256, dtype=np.uint8).view(dtype).astype(np.float64),
                signed_nan=not name.endswith("FNUZ"))
            bad = np.count_nonzero(~ok_trunc) + np.count_nonzero(~ok_ext)
            print(f"{name}: truncf of {n} f32 values, extf of 256 codes: "
                  f"{bad} differences")
            for i in np.flatnonzero(~ok_trunc)[:5]:
                print(f"  truncf {x[i]!r}: wave-run 0x{trunc[i]:02x}, "
                      f"ml_dtypes 0x{want.view(np.uint8)[i]:02x}")
            for i in np.flatnonzero(~ok_ext)[:5]:
                print(f"  extf 0x{i:02x}: wave-run {ext[i]!r}")
            failed |= bad != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
