"""The kernels of test/wave-run/mma-mx-mixed-every-kind.test: for every
gfx950 f8f6f4 MMA kind of two formats, a kernel and its scalar reference
(mx.mlir), the kernels alone (mx-kernels.mlir, for the ISA), their names
(kernels.txt) and the ISA each compiles to (isa.check).

  python3 mx-mixed-kinds.py OUTPUT_DIR
"""
import itertools
import sys

out = sys.argv[1]
# Each format: its bits and its format code (cbsz for A, blgp for B). fp8
# is kept in memory as its type, fp6 and fp4 as packed bytes.
FORMATS = {"f8E4M3FN": (8, 0), "f8E5M2": (8, 1), "f6E2M3FN": (6, 2),
           "f6E3M2FN": (6, 3), "f4E2M1FN": (4, 4)}
SHAPES = {"32x32x64": (32, 64, 16), "16x16x128": (16, 128, 4)}


def storage(fmt, rows, k):
    bits, _ = FORMATS[fmt]
    return (f"memref<{rows}x{k}x{fmt}>" if bits == 8
            else f"memref<{rows}x{k * bits // 8}xi8>")


def lane_read(name, memref, fmt):
    """The lane's 32 elements of `fmt`: row %row, K block %block."""
    bits, _ = FORMATS[fmt]
    if bits == 8:
        return [f"%{name}k = arith.muli %block, %c32 : index",
                f"%{name} = wave.read %{memref}[%row, %{name}k] : "
                f"{{ty}} -> vector<32x{fmt}>"]
    nbytes = 32 * bits // 8
    return [f"%{name}c = arith.constant {nbytes} : index",
            f"%{name}k = arith.muli %block, %{name}c : index",
            f"%{name}b = wave.read %{memref}[%row, %{name}k] : {{ty}} -> "
            f"vector<{nbytes}xi8>",
            f"%{name} = vector.bitcast %{name}b : vector<{nbytes}xi8> to "
            f"vector<32x{fmt}>"]


def ref_group(name, memref, fmt, index):
    """Group g (4 elements) of row `index` of `fmt` as vector<4xf32>."""
    bits, _ = FORMATS[fmt]
    if bits == 8:
        return [f"%{name}k = arith.muli %g, %c4 : index",
                f"%{name}4 = vector.load %{memref}[%{index}, %{name}k] : "
                f"{{ty}}, vector<4x{fmt}>",
                f"%{name} = arith.extf %{name}4 : vector<4x{fmt}> to "
                "vector<4xf32>"]
    nbytes = 4 * bits // 8
    return [f"%{name}w = arith.constant {nbytes} : index",
            f"%{name}k = arith.muli %g, %{name}w : index",
            f"%{name}v = vector.load %{memref}[%{index}, %{name}k] : {{ty}}, "
            f"vector<{nbytes}xi8>",
            f"%{name}4 = vector.bitcast %{name}v : vector<{nbytes}xi8> to "
            f"vector<4x{fmt}>",
            f"%{name} = arith.extf %{name}4 : vector<4x{fmt}> to "
            "vector<4xf32>"]


kernels, body, compiled, checks = [], [], [], []
for shape, (m, k, acc) in SHAPES.items():
    blocks = k // 32
    for scaled in (False, True):
        for a, b in itertools.permutations(FORMATS, 2):
            fp8 = FORMATS[a][0] == 8 and FORMATS[b][0] == 8
            if fp8 and not scaled:
                continue  # the fp8 pairs' plain kinds have tests of their own
            kind = f"f32_{shape}_{a}_{b}" + ("_scaled" if scaled else "")
            name = kind
            kernels.append(name)
            ta, tb = storage(a, m, k), storage(b, m, k)
            ts = f"memref<{m}x{blocks}xf8E8M0FNU>"
            args = f"%A: {ta}, %B: {tb}, " + \
                (f"%SA: {ts}, %SB: {ts}, " if scaled else "") + \
                f"%C: memref<{m}x{m}xf32>"
            lines = [f"gpu.func @{name}({args}) kernel",
                     "    attributes {known_block_size = array<i32: 64, 1, 1>,",
                     "                known_grid_size = array<i32: 1, 1, 1>,"
                     f" wave.kernel = #k, wave.reference = @{name}_ref}} {{",
                     "  %c0 = arith.constant 0 : index",
                     "  %c32 = arith.constant 32 : index",
                     f"  %cm = arith.constant {m} : index",
                     f"  %init = arith.constant dense<0.5> : vector<{acc}xf32>",
                     "  %lane = gpu.thread_id x",
                     "  %row = arith.remui %lane, %cm : index",
                     "  %block = arith.divui %lane, %cm : index"]
            lines += ["  " + l.format(ty=ta) for l in lane_read("a", "A", a)]
            lines += ["  " + l.format(ty=tb) for l in lane_read("b", "B", b)]
            scales = ""
            types = f"vector<32x{a}>, vector<32x{b}>"
            if scaled:
                lines += [f"  %sa = wave.read %SA[%row, %block] : {ts} -> "
                          "vector<1xf8E8M0FNU>",
                          f"  %sb = wave.read %SB[%row, %block] : {ts} -> "
                          "vector<1xf8E8M0FNU>"]
                scales = " scales %sa, %sb"
                types += ", vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU>"
            lines += [f"  %d = wave.mma <{kind}> %a, %b, %init{scales} : "
                      f"{types} -> vector<{acc}xf32>",
                      f"  wave.write %d, %C[%c0, %c0] fragment <acc, {kind}> :"
                      f" vector<{acc}xf32>, memref<{m}x{m}xf32>",
                      "  gpu.return", "}"]
            compiled += ["  " + l.replace(f", wave.reference = @{name}_ref", "")
                         for l in lines]
            # The reference: row y of A and column x of B, K 4 at a time.
            lines += [f"gpu.func @{name}_ref({args}) kernel",
                      "    attributes {known_block_size = array<i32: "
                      f"{m}, {m}, 1>, known_grid_size = array<i32: 1, 1, 1>}} {{",
                      "  %c0 = arith.constant 0 : index",
                      "  %c1 = arith.constant 1 : index",
                      "  %c4 = arith.constant 4 : index",
                      "  %c8 = arith.constant 8 : index",
                      f"  %cg = arith.constant {k // 4} : index",
                      "  %init = arith.constant 0.5 : f32",
                      "  %col = gpu.thread_id x",
                      "  %row = gpu.thread_id y",
                      "  %dot = scf.for %g = %c0 to %cg step %c1 "
                      "iter_args(%acc = %init) -> (f32) {"]
            lines += ["    " + l.format(ty=ta) for l in ref_group("a", "A", a, "row")]
            lines += ["    " + l.format(ty=tb) for l in ref_group("b", "B", b, "col")]
            product = "%p = arith.mulf %a, %b : vector<4xf32>"
            if scaled:
                lines += ["    %blk = arith.divui %g, %c8 : index",
                          f"    %sa8 = memref.load %SA[%row, %blk] : {ts}",
                          f"    %sb8 = memref.load %SB[%col, %blk] : {ts}",
                          "    %sa = arith.extf %sa8 : f8E8M0FNU to f32",
                          "    %sb = arith.extf %sb8 : f8E8M0FNU to f32",
                          "    %sav = vector.broadcast %sa : f32 to vector<4xf32>",
                          "    %sbv = vector.broadcast %sb : f32 to vector<4xf32>",
                          "    %as = arith.mulf %a, %sav : vector<4xf32>",
                          "    %bs = arith.mulf %b, %sbv : vector<4xf32>"]
                product = "%p = arith.mulf %as, %bs : vector<4xf32>"
            lines += ["    " + product]
            total = "%acc"
            for i in range(4):
                lines += [f"    %p{i} = vector.extract %p[{i}] : f32 from vector<4xf32>",
                          f"    %s{i} = arith.addf {total}, %p{i} : f32"]
                total = f"%s{i}"
            lines += ["    scf.yield %s3 : f32", "  }",
                      f"  memref.store %dot, %C[%row, %col] : memref<{m}x{m}xf32>",
                      "  gpu.return", "}"]
            body += ["  " + l for l in lines]
            # The ISA: one f8f6f4 MFMA with each operand's format code (E4M3's
            # 0 unprinted) and its registers (8, 6 or 4 a lane).
            ca, cb = FORMATS[a][1], FORMATS[b][1]
            mods = " ".join(f"{key}:{code}" for key, code in
                            (("cbsz", ca), ("blgp", cb)) if code)
            ra, rb = FORMATS[a][0] - 1, FORMATS[b][0] - 1
            mnemonic = f"v_mfma{'_scale' if scaled else ''}_f32_{shape}_f8f6f4"
            scale_regs = r", v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0]" if scaled else ""
            checks += [f"CHECK-LABEL: {name}:",
                       f"CHECK: {mnemonic} {{{{[av]}}}}[{{{{[0-9:]+}}}}], v{{{{\\[}}}}[[#A:]]:",
                       f"CHECK-SAME: [[#A+{ra}]]{{{{\\]}}}}, v{{{{\\[}}}}[[#B:]]:",
                       f"CHECK-SAME: [[#B+{rb}]]{{{{\\]}}}}, {{{{[^ ,]+}}}}{scale_regs}"
                       + (f" {mods}" if mods else "") + "{{$}}"]

with open(f"{out}/mx.mlir", "w") as f:
    f.write('#k = #wave.kernel<chip = "gfx950", wave_size = 64>\n')
    f.write("gpu.module @every_mixed_kind {\n")
    f.write("\n".join(body) + "\n}\n")
with open(f"{out}/mx-kernels.mlir", "w") as f:
    f.write('#k = #wave.kernel<chip = "gfx950", wave_size = 64>\n')
    f.write("gpu.module @every_mixed_kind {\n")
    f.write("\n".join(compiled) + "\n}\n")
with open(f"{out}/kernels.txt", "w") as f:
    f.write("\n".join(kernels) + "\n")
with open(f"{out}/isa.check", "w") as f:
    f.write("\n".join(checks) + "\n")
print(len(kernels), "kernels of two formats")
