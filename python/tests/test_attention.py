"""build_attention: the FlashAttention forward kernel built from Python is
the one of examples/attention*.mlir, and it runs against its reference and
NumPy; the builder methods of the register-fragment ops."""
import subprocess

import numpy as np
import pytest

import paths
import wave_mlir as wm
from wave_mlir import f32, memref, vector

#: f16 inputs and output, P rounded to f16 for the second MMA: the kernel's
#: O against NumPy's f32 attention and against the f32 scalar reference.
RTOL, ATOL = 1e-2, 2e-3


def canonical(module):
    """The generic form without locations: equal for the same ops,
    operands, types and attributes, whatever the sources' names."""
    return module.print(generic=True)


@pytest.mark.parametrize("d,causal,example", [
    (128, False, "attention.mlir"),
    (64, False, "attention_d64.mlir"),
    (128, True, "attention_causal.mlir")])
def test_build_attention_reproduces_example(d, causal, example):
    built = wm.build_attention(d=d, causal=causal)
    expected = wm.load(paths.example(example))
    assert canonical(built) == canonical(expected)
    assert str(built) == str(expected)
    name = example[:-len(".mlir")]
    assert [k.name for k in built.kernels] == [name, f"{name}_ref"]
    assert built[name].reference.name == f"{name}_ref"


def test_build_attention_d64_causal():
    """No example has this one: it is the d=64 kernel with the causal
    mask and loop bound of attention_causal."""
    text = str(wm.build_attention(d=64, causal=True))
    plain = str(wm.build_attention(d=64))
    assert "gpu.func @attention_d64_causal(" in text
    assert "gpu.func @attention_d64_causal_ref(" in text
    for op in ("arith.minui", "wave.fragment_index", "arith.andi"):
        assert text.count(op) > plain.count(op), op
    # S^T: 2 halves x 8 K steps; O^T: 8 K steps x 2 tiles.
    assert text.count("wave.mma ") == plain.count("wave.mma ") == 32


def test_build_attention_rejects_other_head_dims():
    with pytest.raises(ValueError, match="64 and 128"):
        wm.build_attention(d=96)


def attention(q, k, v, sm_scale, causal):
    """NumPy's softmax(Q K^T sm_scale) V per head, in f32."""
    q, k, v = (x.astype(np.float32) for x in (q, k, v))
    s = np.einsum("hqd,hkd->hqk", q, k) * np.float32(sm_scale)
    if causal:
        n = q.shape[1]
        s = np.where(np.triu(np.ones((n, n), bool), 1), -np.inf, s)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return np.einsum("hqk,hkd->hqd", p, v)


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("d", [64, 128])
@pytest.mark.parametrize("n_ctx", [64, 200])
def test_attention_agrees_with_reference_and_numpy(tmp_path, d, causal,
                                                   n_ctx):
    """The kernel on the interpreter agrees with its scalar reference
    (wave-run compares them) and with NumPy, at a whole key block (64) and
    with a partial last block and partial query rows (200). ``run`` takes
    static shapes only and Q, K, V, O have run-time extents, so wave-run
    runs the module, with the arrays as .npy inputs and outputs."""
    heads = 2
    rng = np.random.default_rng(d + n_ctx + causal)
    arrays = {name: rng.standard_normal((heads, n_ctx, d)).astype(np.float16)
              for name in "QKV"}
    arrays["O"] = np.zeros((heads, n_ctx, d), np.float16)
    sm_scale = np.float32(1 / np.sqrt(d))
    arrays["sm_scale"] = np.array(sm_scale)
    inputs = []
    for name, array in arrays.items():
        np.save(tmp_path / f"{name}.npy", array)
        inputs.append(f"--input={name}={tmp_path / f'{name}.npy'}")

    mb = wm.attention_builder(d=d, causal=causal)
    name = mb.name
    path = tmp_path / f"{name}.mlir"
    path.write_text(mb.text())
    tool = paths.tool("wave-run")
    assert tool, f"wave-run is not built in {paths.BUILD_DIR}"
    grid = f"{-(-n_ctx // 128)},{heads},1"
    done = subprocess.run(
        [tool, str(path), f"--kernel={name}", f"--grid={grid}", *inputs,
         f"--output-dir={tmp_path / 'out'}", f"--rtol={RTOL}",
         f"--atol={ATOL}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "output 'O' (" in done.stdout and "agrees" in done.stdout
    assert done.stdout.rstrip().endswith("PASS")

    expected = attention(arrays["Q"], arrays["K"], arrays["V"], sm_scale,
                         causal)
    for output in ("O", "O.reference"):
        o = np.load(tmp_path / "out" / f"{output}.npy")
        assert o.dtype == np.float16 and o.shape == expected.shape
        np.testing.assert_allclose(o.astype(np.float32), expected,
                                   rtol=RTOL, atol=ATOL, err_msg=output)


def fragment_ops_kernel(kind):
    """The four register-fragment ops on accumulators of ``kind``, written
    to memory so that nothing is dead."""
    mb = wm.ModuleBuilder("fragments")
    k = mb.kernel("fragments", [("X", memref([64, 64], f32))],
                  block=(64, 1, 1), grid=(1, 1, 1), chip="gfx942")
    acc_fragment = ("acc", kind)
    per_lane = 16 if kind.startswith("f32_32x32") else 4
    acc = k.arith.constant(1.0, vector(per_lane, f32))
    rows = k.wave.fragment_reduce("max", [acc, acc], acc_fragment, 1)
    cols = k.wave.fragment_reduce("add", acc, acc_fragment, 0)
    spread = k.wave.fragment_broadcast(rows, acc_fragment, 1)
    spread = k.arith.addf(spread, k.wave.fragment_broadcast(
        cols, acc_fragment, 0))
    index = k.wave.fragment_index(acc_fragment, 0)
    operands = k.wave.acc_to_operand(spread, acc_fragment, ("B", kind))
    return mb, k, rows, cols, spread, index, operands


@pytest.mark.parametrize("kind,rows,operands", [
    ("f32_32x32x8_f16", 16, 4), ("f32_16x16x16_f16", 4, 1)])
def test_fragment_op_builders(kind, rows, operands):
    """The builders derive the result types the verifier expects."""
    mb, k, r, c, spread, index, ops = fragment_ops_kernel(kind)
    assert str(r.type) == f"vector<{rows}xf32>"
    assert str(c.type) == "vector<1xf32>"
    assert spread.type == (vector(16, f32) if rows == 16 else
                           vector(4, f32))
    assert str(index.type) == f"vector<{rows}xi32>"
    assert len(ops) == operands
    assert all(str(o.type) == "vector<4xf16>" for o in ops)
    text = str(mb.build())
    assert f"to <B, {kind}>" in text
    assert "wave.fragment_reduce <max>" in text
    assert "wave.fragment_broadcast" in text and "wave.fragment_index" in text


def test_fragment_op_builders_reject_bad_fragments():
    mb = wm.ModuleBuilder("bad")
    k = mb.kernel("bad", [], block=(64, 1, 1), chip="gfx942")
    acc = k.arith.constant(0.0, vector(16, f32))
    kind = "f32_32x32x8_f16"
    with pytest.raises(ValueError, match="A or B"):
        k.wave.acc_to_operand(acc, ("acc", kind), ("acc", kind))
    with pytest.raises(ValueError, match="dim must be 0"):
        k.wave.fragment_reduce("add", [acc], ("acc", kind), 2)
    with pytest.raises(ValueError, match="unknown MMA kind"):
        k.wave.fragment_index(("acc", "f32_32x32_f16"), 0)
    # What the Python side cannot see, the verifier reports at the call:
    # a 32x32 accumulator is no whole number of 16x16x16 B fragments.
    k.wave.acc_to_operand(acc, ("acc", kind), ("B", "f32_16x16x16_f16"))
    with pytest.raises(wm.MLIRError, match="no whole number of B "
                                           "fragments") as error:
        mb.build()
    assert error.value.diagnostics[0].file == __file__


def test_kernel_assume_from_python_function():
    mb = wm.ModuleBuilder("assume")
    mb.kernel("assume", [("x", memref([None], f32)), ("n", wm.index)],
              block=(64, 1, 1), dims={"x": ["n"]},
              assume=lambda x, n: (n - 1, 4096 - n))
    text = str(mb.build())
    assert "#set = affine_set<(d0, d1) : (d1 - 1 >= 0, -d1 + 4096 >= 0)>" \
        in text and "wave.assume = #set}" in text
    assert str(wm.affine_set("(d0) : (d0 >= 0)")) == \
        "affine_set<(d0) : (d0 >= 0)>"
