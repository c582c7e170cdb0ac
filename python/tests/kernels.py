"""examples/gemm.mlir and examples/softmax.mlir rebuilt with the Python
builder, op for op (the tests check both give the same IR)."""
import wave_mlir as wm
from wave_mlir import f16, f32, index, memref, vector


def build_gemm():
    """C = A * B, 256 x 256 x 256, f16 in, f32 out, MFMA through LDS, with
    the operands and the accumulator moved as MMA fragments."""
    mb = wm.ModuleBuilder("gemm")
    a_t, b_t = memref([256, 256], f16), memref([256, 256], f16)
    c_t = memref([256, 256], f32)
    k = mb.kernel("gemm", [("A", a_t), ("B", b_t), ("C", c_t)],
                  block=(256, 1, 1), grid=(4, 4, 1), chip="gfx942",
                  wave_size=64, reference="gemm_ref")
    A, B, C = k.arguments

    # Fragments of v_mfma_f32_32x32x8_f16, and wave (wr, wc)'s accumulator
    # position in the workgroup's block; see examples/gemm.mlir.
    kind = "f32_32x32x8_f16"
    fa, fb, fc = ("A", kind), ("B", kind), ("acc", kind)
    pc = wm.affine_map(lambda bm, bn, wr, wc: (bm * 2 + wr, bn * 2 + wc))

    a_tile = k.wave.alloc_lds([64, 32], f16, padding=[0, 4])
    b_tile = k.wave.alloc_lds([32, 64], f16, padding=[0, 4])
    c0, c1, c8 = k.index(0), k.index(1), k.index(8)
    zero = k.arith.constant(0.0, vector(16, f32))
    bn = k.gpu.block_id("x")
    bm = k.gpu.block_id("y")
    w = k.gpu.subgroup_id()
    wr, wc = k.affine.delinearize_index(w, [2, 2])
    with k.scf.for_(c0, c8, c1, iter_args=[zero]) as loop:
        ks, (acc,) = loop.iv, loop.args
        k.wave.copy_tile(A, [bm, ks], a_tile, fa)
        k.wave.copy_tile(B, [ks, bn], b_tile, fb)
        k.wave.barrier()
        acc = k.wave.mma_tile(a_tile, wr, fa, b_tile, wc, fb, [acc])
        k.wave.barrier()
        loop.yield_(acc)
    (result,) = loop.results
    k.wave.write(result, C, [bm, bn, wr, wc], map=pc, fragment=fc)

    r = mb.kernel("gemm_ref", [("A", a_t), ("B", b_t), ("C", c_t)],
                  block=(16, 16, 1), grid=(16, 16, 1))
    A, B, C = r.arguments
    c0, c1, c16, c256 = (r.index(i) for i in (0, 1, 16, 256))
    zero = r.arith.constant(0.0, f32)
    tx, ty = r.gpu.thread_id("x"), r.gpu.thread_id("y")
    bx, by = r.gpu.block_id("x"), r.gpu.block_id("y")
    col = bx * c16 + tx
    row = by * c16 + ty
    with r.scf.for_(c0, c256, c1, iter_args=[zero]) as loop:
        (s,) = loop.args
        a = r.memref.load(A, [row, loop.iv])
        b = r.memref.load(B, [loop.iv, col])
        p = r.arith.extf(a, f32) * r.arith.extf(b, f32)
        loop.yield_(s + p)
    r.memref.store(loop.results[0], C, [row, col])
    return mb


def build_softmax():
    """Row softmax of a 32 x 256 f32 matrix with wave collectives."""
    mb = wm.ModuleBuilder("softmax")
    t = memref([32, 256], f32)
    row_chunk = wm.affine_map(lambda tid, wg: (wg * 4 + tid // 64,
                                               (tid % 64) * 4))
    k = mb.kernel("softmax", [("X", t), ("Y", t)], block=(256, 1, 1),
                  grid=(8, 1, 1), chip="gfx942", wave_size=64,
                  reference="softmax_ref")
    X, Y = k.arguments
    tid = k.gpu.thread_id("x")
    wg = k.gpu.block_id("x")
    v4 = vector(4, f32)
    x = k.wave.read(X, [tid, wg], v4, map=row_chunk)
    row_max = k.wave.reduce("max", k.vector.reduction("maximumf", x))
    shifted = x - k.vector.broadcast(row_max, v4)
    e = k.math.exp(shifted)
    row_sum = k.wave.reduce("add", k.vector.reduction("add", e))
    y = e / k.vector.broadcast(row_sum, v4)
    k.wave.write(y, Y, [tid, wg], map=row_chunk)

    r = mb.kernel("softmax_ref", [("X", t), ("Y", t)], block=(256, 1, 1),
                  grid=(32, 1, 1))
    X, Y = r.arguments
    c0, c1, c256 = r.index(0), r.index(1), r.index(256)
    zero = r.arith.constant(0.0, f32)
    minus_inf = r.arith.constant(float("-inf"), f32)
    col = r.gpu.thread_id("x")
    row = r.gpu.block_id("x")
    with r.scf.for_(c0, c256, c1, iter_args=[minus_inf]) as loop:
        x = r.memref.load(X, [row, loop.iv])
        loop.yield_(r.arith.maximumf(loop.args[0], x))
    (row_max,) = loop.results
    with r.scf.for_(c0, c256, c1, iter_args=[zero]) as loop:
        x = r.memref.load(X, [row, loop.iv])
        loop.yield_(loop.args[0] + r.math.exp(x - row_max))
    (row_sum,) = loop.results
    x = r.memref.load(X, [row, col])
    r.memref.store(r.math.exp(x - row_max) / row_sum, Y, [row, col])
    return mb


def build_gemm_dynamic(bounded=True):
    """The GEMM of ``build_gemm`` on run-time M, N, K (memrefs of run-time
    extents, ``dims``), its copies and its write ``bounded`` so that blocks
    past the edges read zeros and write nothing; a scalar reference."""
    mb = wm.ModuleBuilder("gemm_dynamic")
    arguments = [("A", memref([None, None], f16)),
                 ("B", memref([None, None], f16)),
                 ("C", memref([None, None], f32)),
                 ("M", index), ("N", index), ("K", index)]
    dims = {"A": ["M", "K"], "B": ["K", "N"], "C": ["M", "N"]}
    k = mb.kernel("gemm", arguments, block=(256, 1, 1), chip="gfx942",
                  reference="gemm_ref", dims=dims)
    A, B, C = k.arguments[:3]
    kind = "f32_32x32x8_f16"
    fa, fb, fc = ("A", kind), ("B", kind), ("acc", kind)
    pc = wm.affine_map(lambda bm, bn, wr, wc: (bm * 2 + wr, bn * 2 + wc))

    a_tile = k.wave.alloc_lds([64, 32], f16, padding=[0, 4])
    b_tile = k.wave.alloc_lds([32, 64], f16, padding=[0, 4])
    c0, c1 = k.index(0), k.index(1)
    zero = k.arith.constant(0.0, vector(16, f32))
    bn = k.gpu.block_id("x")
    bm = k.gpu.block_id("y")
    wr, wc = k.affine.delinearize_index(k.gpu.subgroup_id(), [2, 2])
    steps = k.arith.ceildivsi(k["K"], k.index(32))
    with k.scf.for_(c0, steps, c1, iter_args=[zero]) as loop:
        ks, (acc,) = loop.iv, loop.args
        k.wave.copy_tile(A, [bm, ks], a_tile, fa, bounded=bounded)
        k.wave.copy_tile(B, [ks, bn], b_tile, fb, bounded=bounded)
        k.wave.barrier()
        acc = k.wave.mma_tile(a_tile, wr, fa, b_tile, wc, fb, [acc])
        k.wave.barrier()
        loop.yield_(acc)
    k.wave.write(loop.results[0], C, [bm, bn, wr, wc], map=pc, fragment=fc,
                 bounded=bounded)

    r = mb.kernel("gemm_ref", arguments, block=(16, 16, 1), grid=(1, 1, 1),
                  dims=dims)
    A, B, C, M, N, K = r.arguments
    c0, c1, c16 = r.index(0), r.index(1), r.index(16)
    zero = r.arith.constant(0.0, f32)
    with r.scf.for_(r.gpu.thread_id("y"), M, c16) as rows:
        with r.scf.for_(r.gpu.thread_id("x"), N, c16) as cols:
            with r.scf.for_(c0, K, c1, iter_args=[zero]) as dot:
                a = r.memref.load(A, [rows.iv, dot.iv])
                b = r.memref.load(B, [dot.iv, cols.iv])
                dot.yield_(dot.args[0] +
                           r.arith.extf(a, f32) * r.arith.extf(b, f32))
            r.memref.store(dot.results[0], C, [rows.iv, cols.iv])
    return mb
