"""The kernel builder: the IR it produces and the errors it reports."""
import inspect

import numpy as np
import pytest

import kernels
import paths
import wave_mlir as wm
from wave_mlir import f16, f32, i1, i32, index, memref, vector


def canonical(module):
    """The module in the generic op form without locations. The printer
    names SSA values and attribute aliases by position, so two modules print
    the same exactly when they have the same ops, operands, types and
    attributes, whatever names their sources used."""
    return module.print(generic=True)


@pytest.mark.parametrize("name,build", [("gemm", kernels.build_gemm),
                                        ("softmax", kernels.build_softmax)])
def test_builder_reproduces_example(name, build):
    example = wm.load(paths.example(f"{name}.mlir"))
    built = build().build()
    assert canonical(built) == canonical(example)
    # The custom form matches too (what users read).
    assert str(built) == str(example)


def test_builder_output_differs_when_an_op_differs():
    example = wm.load(paths.example("softmax.mlir"))
    mb = kernels.build_softmax()
    # One more op than the example.
    mb._kernels[0].index(0)
    assert canonical(mb.build()) != canonical(example)


def test_affine_map_from_python_function():
    m = wm.affine_map(lambda t, w: (w * 64 + t % 32, (t // 64) * 4 - 1))
    assert str(m) == ("affine_map<(d0, d1) -> (((d1 * 64) + (d0 mod 32)), "
                      "(((d0 floordiv 64) * 4) - 1))>")
    s = wm.affine_map(lambda d, s0: (d.ceildiv(4) + s0,), num_symbols=1)
    assert str(s) == "affine_map<(d0)[s0] -> (((d0 ceildiv 4) + s0))>"
    assert str(wm.affine_map("(d0) -> (d0 * 2)")) == \
        "affine_map<(d0) -> (d0 * 2)>"


def test_affine_map_rejects_non_affine_results():
    with pytest.raises(TypeError, match="unsupported operand"):
        wm.affine_map(lambda t: (t * 1.5,))
    with pytest.raises(TypeError, match="not an affine expression"):
        wm.affine_map(lambda t: (t, "t"))


def test_lds_tile_layout_follows_padding():
    assert str(wm.lds_tile([64, 32], f16, [0, 4])) == (
        "memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>")
    assert str(wm.lds_tile([16], f32)) == \
        "memref<16xf32, #gpu.address_space<workgroup>>"


def every_op_kernel():
    """A kernel using every wave op, loops, branches and the upstream ops
    kernels use."""
    mb = wm.ModuleBuilder("all_ops")
    k = mb.kernel("all_ops", [("x", memref([256], f32)),
                              ("y", memref([256], f32)),
                              ("n", memref([4], i32))],
                  block=(64, 1, 1), grid=(4, 1, 1), chip="gfx942",
                  occupancy=2)
    x, y, n = k.arguments
    tid = k.gpu.thread_id("x")
    wg = k.gpu.block_id("x")
    lane = k.gpu.lane_id()
    c0, c1, c4 = k.index(0), k.index(1), k.index(4)
    elem = lambda t, w: w * 64 + t  # noqa: E731
    tile = k.wave.alloc_lds([64], f32, padding=[4])
    mask = k.arith.constant([True], vector(1, i1))
    v = k.wave.read(x, [tid, wg], vector(1, f32), map=elem, mask=mask,
                    cache="streaming")
    k.wave.write(v, tile, [tid])
    k.wave.barrier()
    with k.scf.for_(c0, c4, c1, iter_args=[v]) as loop:
        loop.yield_(loop.args[0] + k.wave.read(tile, [tid], vector(1, f32)))
    s = k.vector.extract(loop.results[0], 0)
    total = k.wave.reduce("add", s)
    prefix = k.wave.scan("max", s, exclusive=True)
    first = k.wave.broadcast(s, 0)
    shifted = k.wave.shuffle("xor", s, k.arith.constant(1, i32))
    positive = k.arith.cmpf("ogt", s, k.arith.constant(0.0, f32))
    bits = k.wave.ballot(positive)
    any_, all_ = k.wave.any(positive), k.wave.all(positive)
    even = k.arith.cmpi("eq", k.arith.remui(lane, k.index(2)), c0)
    with k.scf.if_(even, results=[f32]) as branch:
        branch.yield_(total + prefix)
    with branch.else_():
        branch.yield_(first * shifted)
    r = k.arith.select(any_, branch.results[0], s)
    r = k.arith.select(all_, r, -r)
    k.wave.write(k.vector.broadcast(r, vector(1, f32)), y, [tid, wg],
                 map=elem)
    count = k.arith.trunci(bits, i32)
    with k.scf.if_(k.arith.cmpi("eq", tid, c0)):
        k.memref.store(count, n, [wg])
    fa = k.arith.constant(1.0, vector(4, f16))
    acc = k.arith.constant(0.0, vector(16, f32))
    k.wave.mma("f32_32x32x8_f16", fa, fa, acc)
    return mb


def test_every_op_builds_and_verifies():
    module = every_op_kernel().build()
    text = str(module)
    for op in ("wave.read", "wave.write", "wave.alloc_lds", "wave.barrier",
               "wave.mma", "wave.reduce", "wave.scan", "wave.broadcast",
               "wave.shuffle", "wave.ballot", "wave.any", "wave.all",
               "scf.for", "scf.if", "arith.select", "memref.store"):
        assert op in text, op
    assert "cache <streaming>" in text
    assert "occupancy = 2" in text


def test_verifier_error_points_at_the_python_line():
    mb = wm.ModuleBuilder("bad")
    k = mb.kernel("bad", [], block=(64, 1, 1), chip="gfx942")
    a = k.arith.constant(1.0, vector(8, f16))  # MFMA 32x32x8 wants 4 f16
    acc = k.arith.constant(0.0, vector(16, f32))
    line = inspect.currentframe().f_lineno + 1
    k.wave.mma("f32_32x32x8_f16", a, a, acc)
    with pytest.raises(wm.MLIRError) as failure:
        mb.build()
    (diag,) = failure.value.diagnostics
    assert diag.severity == "error"
    assert "wave.mma" in diag.message
    assert diag.file == __file__ and diag.line == line
    assert f"{__file__}:{line}:" in str(failure.value)


def test_bad_shape_raises_with_the_diagnostic():
    mb = wm.ModuleBuilder("bad")
    k = mb.kernel("bad", [("x", memref([64], f32))], block=(64, 1, 1),
                  chip="gfx942")
    tid = k.gpu.thread_id()
    # Two indices for a rank-1 memref and an identity map.
    k.wave.read(k["x"], [tid, tid], vector(4, f32))
    with pytest.raises(wm.MLIRError, match="'wave.read' op"):
        mb.build()


def test_unknown_chip_raises_with_the_diagnostic():
    mb = wm.ModuleBuilder("bad")
    mb.kernel("bad", [], block=(64, 1, 1), chip="gfx000")
    with pytest.raises(wm.MLIRError) as failure:
        mb.build()
    message = str(failure.value)
    assert "unknown chip 'gfx000'" in message
    # The generated line is traced back to the kernel() call.
    assert f"built at \"{__file__}\"" in message


def test_builder_misuse_is_a_python_error():
    mb = wm.ModuleBuilder("bad")
    k = mb.kernel("bad", [("x", memref([64], f32))], block=(64, 1, 1))
    with pytest.raises(TypeError, match="must be a wave_mlir.Value"):
        k.memref.load(k["x"], [0])
    with pytest.raises(ValueError, match="predicate must be one of"):
        k.arith.cmpi("less", k.index(0), k.index(1))
    with pytest.raises(ValueError, match="end it with yield_"):
        with k.scf.for_(k.index(0), k.index(4), k.index(1),
                        iter_args=[k.index(0)]):
            pass
    with pytest.raises(ValueError, match="not an identifier"):
        mb.kernel("bad2", [("0", index)], block=(64,))
    with pytest.raises(KeyError):
        k["y"]


def test_bounded_accesses_on_run_time_extents():
    """``memref`` with None extents, ``dims`` binding them to size
    arguments, and ``bounded`` reads and writes (test_run.py runs such a
    kernel with wave-run: ``run`` takes static shapes only)."""
    mb = wm.ModuleBuilder("edges")
    k = mb.kernel("edges", [("x", memref([None], f32)),
                            ("y", memref([None], f32)), ("n", index)],
                  block=(64, 1, 1), chip="gfx942", dims={"x": ["n"],
                                                         "y": ["n"]})
    x, y, _ = k.arguments
    at = wm.affine_map(lambda t, w: w * 256 + t * 4)
    tid, wg = k.gpu.thread_id(), k.gpu.block_id()
    v = k.wave.read(x, [tid, wg], vector(4, f32), map=at, bounded=True)
    k.wave.write(v, y, [tid, wg], map=at, bounded=True)
    text = str(mb.build())
    assert "%arg0: memref<?xf32> {wave.dims = array<i64: 2>}" in text
    assert "bounded : memref<?xf32> -> vector<4xf32>" in text
    assert "bounded : vector<4xf32>, memref<?xf32>" in text
    x = np.zeros(100, np.float32)
    with pytest.raises(ValueError, match="run-time extents"):
        wm.run(mb.build()["edges"], x, x.copy(), 100, grid=(1,))
    with pytest.raises(ValueError, match="kernel 'bad' has no argument 'm' "
                                         "\\(dims\\)"):
        mb.kernel("bad", [("x", memref([None], f32)), ("n", index)],
                  block=(64,), dims={"x": ["m"]})


def test_noalias_arguments():
    """``noalias`` gives the named arguments ``llvm.noalias`` beside their
    ``wave.dims``, and no others."""
    mb = wm.ModuleBuilder("copy")
    k = mb.kernel("copy", [("x", memref([None], f32)),
                           ("y", memref([None], f32)), ("n", index)],
                  block=(64, 1, 1), chip="gfx942",
                  dims={"x": ["n"], "y": ["n"]}, noalias=["x"])
    x, y, _ = k.arguments
    tid = k.gpu.thread_id()
    k.wave.write(k.wave.read(x, [tid], vector(1, f32)), y, [tid])
    text = str(mb.build())
    assert ("%arg0: memref<?xf32> {llvm.noalias, wave.dims = "
            "array<i64: 2>}") in text
    assert "%arg1: memref<?xf32> {wave.dims = array<i64: 2>}" in text
    assert "%arg2: index)" in text
    with pytest.raises(ValueError, match="kernel 'bad' has no argument 'z' "
                                         "\\(noalias\\)"):
        mb.kernel("bad", [("x", memref([None], f32))], block=(64,),
                  noalias=["z"])


def test_comparison_predicates_print_their_names():
    from wave_mlir.builder import _CMPF, _CMPI
    mb = wm.ModuleBuilder("cmp")
    k = mb.kernel("cmp", [], block=(64, 1, 1))
    i, x = k.index(1), k.arith.constant(1.0, f32)
    for predicate in _CMPI:
        k.arith.cmpi(predicate, i, i)
    for predicate in _CMPF:
        k.arith.cmpf(predicate, x, x)
    printed = [line.split("=", 1)[1].split()[1].rstrip(",")
               for line in str(mb.build()).splitlines() if "cmp" in line
               and "arith.cmp" in line]
    assert printed == _CMPI + _CMPF


def test_constants_round_to_their_type_exactly():
    mb = wm.ModuleBuilder("c")
    k = mb.kernel("c", [], block=(64, 1, 1))
    cases = [(0.1, f16, "9.997550e-02 : f16"),
             (0.1, wm.bf16, "1.000980e-01 : bf16"),
             (float("-inf"), f32, "0xFF800000 : f32"),
             (1 / 3, wm.f64, "0.33333333333333331 : f64"),
             (0.5, vector(4, f16), "dense<5.000000e-01> : vector<4xf16>"),
             ([1, -1, 3, 4], vector(4, wm.i8),
              "dense<[1, -1, 3, 4]> : vector<4xi8>"),
             ([True, False], vector(2, i1), "dense<[true, false]>")]
    for value, type_, _ in cases:
        k.arith.constant(value, type_)
    lines = [line for line in str(mb.build()).splitlines()
             if "arith.constant" in line]
    assert len(lines) == len(cases)
    for line, (_, _, expected) in zip(lines, cases):
        assert expected in line


def test_fragment_accesses():
    """``fragment=`` builds #wave.fragment accesses; the gemm kernel built
    with them runs on the interpreter and agrees with its reference."""
    mb = wm.ModuleBuilder("frag")
    k = mb.kernel("frag", [("a", memref([64, 16], f16)),
                           ("c", memref([16, 32], f32))],
                  block=(64, 1, 1), chip="gfx942")
    c0 = k.index(0)
    v = k.wave.read(k["a"], [c0, c0], vector(4, f16),
                    fragment=("B", "f32_16x16x16_f16", "transposed"))
    k.wave.write(k.arith.constant(0.0, vector(4, f32)), k["c"], [c0, c0],
                 fragment=("acc", "f32_16x16x16_f16"))
    text = str(mb.build())
    assert "fragment <B, f32_16x16x16_f16, transposed>" in text
    assert "fragment <acc, f32_16x16x16_f16>" in text
    assert v.type == vector(4, f16)

    mb = kernels.build_gemm()
    module = mb.build()
    gemm = module["gemm"]
    rng = np.random.default_rng(3)
    a = rng.standard_normal((256, 256)).astype(np.float16)
    b = rng.standard_normal((256, 256)).astype(np.float16)
    c = np.zeros((256, 256), np.float32)
    wm.run(gemm, a, b, c)
    expected = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(c, expected, rtol=1e-4, atol=1e-3)


def test_tile_ops():
    """``copy_tile`` and ``mma_tile`` (a 2 x 2 grid of accumulators, B
    stored N x K): C = A * B^T for 64 x 64 x 32 in one workgroup, run on the
    interpreter against numpy."""
    kind = "f32_16x16x16_f16"
    fa, fb, fc = ("A", kind), ("B", kind, "transposed"), ("acc", kind)
    mb = wm.ModuleBuilder("tiles")
    k = mb.kernel("tiles", [("a", memref([64, 32], f16)),
                            ("b", memref([64, 32], f16)),
                            ("c", memref([64, 64], f32))],
                  block=(256, 1, 1), grid=(1, 1, 1), chip="gfx942")
    A, B, C = k.arguments
    a_tile = k.wave.alloc_lds([64, 32], f16)
    b_tile = k.wave.alloc_lds([64, 32], f16)
    c0, c1 = k.index(0), k.index(1)
    zero = k.arith.constant(0.0, vector(4, f32))
    wr, wc = k.affine.delinearize_index(k.gpu.subgroup_id(), [2, 2])
    k.wave.copy_tile(A, [c0, c0], a_tile, fa)
    k.wave.copy_tile(B, [c0, c0], b_tile, fb)
    k.wave.barrier()
    accs = k.wave.mma_tile(a_tile, wr, fa, b_tile, wc, fb, [zero] * 4,
                           grid=[2, 2])
    assert len(accs) == 4 and all(a.type == vector(4, f32) for a in accs)
    place = wm.affine_map(lambda wr, wc, i, j: (wr * 2 + i, wc * 2 + j))
    for n, acc in enumerate(accs):
        k.wave.write(acc, C, [wr, wc, (c0, c1)[n // 2], (c0, c1)[n % 2]],
                     map=place, fragment=fc)
    module = mb.build()
    text = str(module)
    assert "wave.copy_tile" in text
    assert "grid [2, 2]" in text
    rng = np.random.default_rng(5)
    a = rng.standard_normal((64, 32)).astype(np.float16)
    b = rng.standard_normal((64, 32)).astype(np.float16)
    c = np.zeros((64, 64), np.float32)
    wm.run(module["tiles"], a, b, c)
    expected = a.astype(np.float32) @ b.astype(np.float32).T
    np.testing.assert_allclose(c, expected, rtol=1e-4, atol=1e-3)


def test_fragment_errors():
    mb = wm.ModuleBuilder("frag")
    k = mb.kernel("frag", [("a", memref([32, 8], f16))], block=(64, 1, 1),
                  chip="gfx942")
    c0 = k.index(0)
    with pytest.raises(ValueError, match="fragment operand must be one of "
                                         "A, B, acc, not 'C'"):
        k.wave.read(k["a"], [c0, c0], vector(4, f16),
                    fragment=("C", "f32_32x32x8_f16"))
    with pytest.raises(ValueError, match="can only be 'transposed'"):
        k.wave.read(k["a"], [c0, c0], vector(4, f16),
                    fragment=("A", "f32_32x32x8_f16", "swapped"))
    # The verifier's rule, at the Python line that built the read.
    k.wave.read(k["a"], [c0, c0], vector(8, f16),
                fragment=("A", "f32_32x32x8_f16"))
    with pytest.raises(wm.MLIRError, match="the A fragment of "
                       "f32_32x32x8_f16 is 'vector<4xf16>', not "
                       "'vector<8xf16>'"):
        mb.build()
