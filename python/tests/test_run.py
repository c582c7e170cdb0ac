"""Running kernels on the reference interpreter against NumPy, and the GPU
launch path."""
import ctypes
import os
import re
import shutil
import subprocess

import numpy as np
import pytest

import kernels
import paths
import wave_mlir as wm
from wave_mlir import _wave_mlir, f32, hip, i32, i64, memref, vector

rng = np.random.default_rng(0)


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def test_softmax_example_agrees_with_numpy():
    kernel = wm.load(paths.example("softmax.mlir"))["softmax"]
    x = rng.standard_normal((32, 256), dtype=np.float32)
    y = np.zeros_like(x)
    wm.run(kernel, x, y)
    np.testing.assert_allclose(y, softmax(x), rtol=1e-5, atol=1e-7)


def test_python_built_gemm_agrees_with_numpy():
    module = kernels.build_gemm().build()
    a = rng.uniform(-1, 1, (256, 256)).astype(np.float16)
    b = rng.uniform(-1, 1, (256, 256)).astype(np.float16)
    expected = a.astype(np.float32) @ b.astype(np.float32)
    for name in ("gemm", "gemm_ref"):
        c = np.zeros((256, 256), np.float32)
        wm.run(module[name], a, b, c)
        # f16 products are exact in f32; only the summation order differs.
        np.testing.assert_allclose(c, expected, rtol=1e-5, atol=1e-4)


def test_python_built_softmax_agrees_with_numpy():
    module = kernels.build_softmax().build()
    x = rng.standard_normal((32, 256), dtype=np.float32)
    y = np.zeros_like(x)
    wm.run(module["softmax"], x, y)
    np.testing.assert_allclose(y, softmax(x), rtol=1e-5, atol=1e-7)


def scaled_branch_kernel():
    """y[i] = x[i] * s for even lanes, x[i] + s for odd ones: a divergent
    scf.if and a scalar argument."""
    mb = wm.ModuleBuilder("branch")
    k = mb.kernel("branch", [("x", memref([512], f32)),
                             ("y", memref([512], f32)), ("s", f32)],
                  block=(128, 1, 1), grid=(4, 1, 1), chip="gfx942")
    x, y, s = k.arguments
    tid, wg = k.gpu.thread_id(), k.gpu.block_id()
    elem = wm.affine_map(lambda t, w: w * 128 + t)
    v = k.wave.read(x, [tid, wg], vector(1, f32), map=elem)
    sv = k.vector.broadcast(s, vector(1, f32))
    even = k.arith.cmpi("eq", k.arith.remui(tid, k.index(2)), k.index(0))
    with k.scf.if_(even, results=[vector(1, f32)]) as branch:
        branch.yield_(v * sv)
    with branch.else_():
        branch.yield_(v + sv)
    k.wave.write(branch.results[0], y, [tid, wg], map=elem)
    return mb.build()["branch"]


def test_divergent_branch_and_scalar_argument():
    x = rng.standard_normal(512, dtype=np.float32)
    y = np.zeros_like(x)
    wm.run(scaled_branch_kernel(), x, y, 3.0)
    expected = np.where(np.arange(512) % 2 == 0, x * np.float32(3),
                        x + np.float32(3))
    np.testing.assert_array_equal(y, expected)


def collectives_kernel(wave_size):
    """Per lane l of each wave: the wave's sum, exclusive prefix sum, lane 3's
    value, lane l xor 1's value and the ballot of odd values."""
    lanes = 2 * wave_size
    mb = wm.ModuleBuilder("collectives")
    args = [("x", memref([lanes], i32))] + [
        (n, memref([lanes], i32)) for n in ("sum", "prefix", "bcast",
                                            "swap")] + [
        ("ballot", memref([2], i64))]
    k = mb.kernel("collectives", args, block=(lanes, 1, 1), grid=(1, 1, 1),
                  chip="gfx1100" if wave_size == 32 else "gfx942",
                  wave_size=wave_size)
    x = k["x"]
    tid = k.gpu.thread_id()
    v = k.vector.extract(k.wave.read(x, [tid], vector(1, i32)), 0)
    results = [k.wave.reduce("add", v), k.wave.scan("add", v, exclusive=True),
               k.wave.broadcast(v, 3),
               k.wave.shuffle("xor", v, k.arith.constant(1, i32))]
    for name, r in zip(("sum", "prefix", "bcast", "swap"), results):
        k.wave.write(k.vector.broadcast(r, vector(1, i32)), k[name], [tid])
    odd = k.arith.cmpi("ne", k.arith.remui(v, k.arith.constant(2, i32)),
                       k.arith.constant(0, i32))
    bits = k.wave.ballot(odd, i64 if wave_size == 64 else i32)
    if wave_size == 32:
        bits = k.arith.extui(bits, i64)
    wave = k.arith.divui(tid, k.index(wave_size))
    first_lane = k.arith.cmpi("eq", k.arith.remui(tid, k.index(wave_size)),
                              k.index(0))
    with k.scf.if_(first_lane):
        k.memref.store(bits, k["ballot"], [wave])
    return mb.build()["collectives"]


@pytest.mark.parametrize("wave_size", [64, 32])
def test_collectives_agree_with_numpy(wave_size):
    lanes = 2 * wave_size
    x = rng.integers(-100, 100, lanes, dtype=np.int32)
    out = [np.zeros(lanes, np.int32) for _ in range(4)]
    ballot = np.zeros(2, np.int64)
    wm.run(collectives_kernel(wave_size), x, *out, ballot)
    waves = x.reshape(2, wave_size)
    np.testing.assert_array_equal(out[0], np.repeat(waves.sum(1),
                                                    wave_size))
    prefix = np.cumsum(waves, axis=1) - waves
    np.testing.assert_array_equal(out[1], prefix.ravel())
    np.testing.assert_array_equal(out[2], np.repeat(waves[:, 3], wave_size))
    np.testing.assert_array_equal(out[3], x[np.arange(lanes) ^ 1])
    expected_bits = [sum(1 << lane for lane in range(wave_size)
                         if w[lane] % 2) for w in waves]
    assert [int(b) & ((1 << wave_size) - 1) for b in
            ballot.view(np.uint64)] == expected_bits


def racy_kernel():
    """Lanes read a neighbour's LDS element with no barrier after the
    writes."""
    mb = wm.ModuleBuilder("racy")
    k = mb.kernel("racy", [("x", memref([64], f32)), ("y", memref([64], f32))],
                  block=(64, 1, 1), grid=(1, 1, 1), chip="gfx942")
    tid = k.gpu.thread_id()
    tile = k.wave.alloc_lds([64], f32)
    v = k.wave.read(k["x"], [tid], vector(1, f32))
    k.wave.write(v, tile, [tid])
    w = k.wave.read(tile, [tid], vector(1, f32),
                    map=lambda t: (63 - t,))
    k.wave.write(w, k["y"], [tid])
    return mb.build()["racy"]


def test_interpreter_errors_raise_with_locations():
    x = np.ones(64, np.float32)
    with pytest.raises(wm.MLIRError, match="race") as failure:
        wm.run(racy_kernel(), x, np.zeros_like(x))
    located = [d for d in failure.value.diagnostics if d.file == __file__]
    assert located, str(failure.value)


def test_bad_arguments_raise_before_running():
    kernel = wm.load(paths.example("softmax.mlir"))["softmax"]
    x = np.zeros((32, 256), np.float32)
    with pytest.raises(ValueError, match=r"expected shape \(32, 256\), got "
                                         r"\(256, 32\)"):
        wm.run(kernel, x, np.zeros((256, 32), np.float32))
    with pytest.raises(ValueError, match="expected dtype float32, got "
                                         "float64"):
        wm.run(kernel, x, np.zeros((32, 256)))
    with pytest.raises(TypeError, match="takes 2 arguments"):
        wm.run(kernel, x)
    with pytest.raises(ValueError, match="grid must be"):
        wm.run(kernel, x, x.copy(), grid=(0, 1, 1))


PLUS_MINUS = """
gpu.module @m {
  gpu.func @plus(%X: memref<64xf32>) kernel attributes {
      known_block_size = array<i32: 64, 1, 1>,
      known_grid_size = array<i32: 1, 1, 1>, wave.reference = @minus} {
    %t = gpu.thread_id x
    %x = memref.load %X[%t] : memref<64xf32>
    %one = arith.constant 1.0 : f32
    %y = arith.addf %x, %one : f32
    memref.store %y, %X[%t] : memref<64xf32>
    gpu.return
  }
  gpu.func @minus(%X: memref<64xf32>) kernel attributes {
      known_block_size = array<i32: 64, 1, 1>,
      known_grid_size = array<i32: 1, 1, 1>} {
    %t = gpu.thread_id x
    %x = memref.load %X[%t] : memref<64xf32>
    %one = arith.constant 1.0 : f32
    %y = arith.subf %x, %one : f32
    memref.store %y, %X[%t] : memref<64xf32>
    gpu.return
  }
}
"""


def test_run_compares_as_wave_run_does():
    add1 = wm.load(paths.example("add1.mlir"))["add1"]
    a, b = (rng.standard_normal(16384, dtype=np.float32) for _ in range(2))
    c = np.zeros_like(a)
    wm.run(add1, a, b, c, compare=True)
    np.testing.assert_array_equal(c, a + b)
    wm.run(add1, a, b, c, compare=True,
           compare_pipeline="gpu.module(convert-wave-to-amdgpu)")
    plus = wm.parse(PLUS_MINUS)["plus"]
    x = np.zeros(64, np.float32)
    wm.run(plus, x)  # alone by default
    with pytest.raises(wm.MLIRError, match="outputs differ") as failure:
        wm.run(plus, x, compare=True)
    assert "comparing @plus with @minus" in str(failure.value)
    assert "MISMATCH" in str(failure.value)
    wm.run(plus, x, compare=True, atol=2.0)


def test_run_takes_wave_runs_limits():
    kernel = wm.load(paths.example("softmax.mlir"))["softmax"]
    x = np.zeros((32, 256), np.float32)
    with pytest.raises(wm.MLIRError, match="steps"):
        wm.run(kernel, x, x.copy(), max_steps=1)
    with pytest.raises(TypeError, match="unknown option 'steps'"):
        wm.run(kernel, x, x.copy(), steps=1)


def test_option_errors_name_the_keyword_arguments():
    # The interpreter's messages speak of the options; Python adds the
    # keyword argument that gives each, never one of wave-run's flags.
    kernel = wm.load(paths.example("softmax.mlir"))["softmax"]
    x = np.zeros((32, 256), np.float32)
    cases = [({"max_steps": 0},
              "the maximum number of steps must be positive (keyword "
              "argument max_steps)"),
             ({"rtol": -1.0},
              "the relative tolerance must be a non-negative number, got -1 "
              "(keyword argument rtol)"),
             ({"atol": float("nan")},
              "the absolute tolerance must be a non-negative number, got nan "
              "(keyword argument atol)"),
             ({"memory_limit": 2**63},
              f"the memory limit of {2**63} MiB is too large (keyword "
              f"argument memory_limit)")]
    fields = dir(_wave_mlir.InterpretOptions())
    for options, message in cases:
        with pytest.raises(wm.MLIRError) as failure:
            wm.run(kernel, x, x.copy(), **options)
        text = str(failure.value)
        assert message in text
        assert "--" not in text
        for keyword in re.findall(r"keyword argument (\w+)", text):
            assert keyword in fields


def test_kernels_of_one_name_are_chosen_by_path():
    # wave-run's test of the same: a program of two gpu.modules, @first and
    # @second, each with a kernel @fill (out[l] = l and 100 + l), and
    # @second::@iota.
    module = wm.load(os.path.join(paths.SOURCE_DIR, "test", "wave-run",
                                  "kernel-paths.mlir"))
    assert [k.path for k in module.kernels] == ["first::fill", "second::fill",
                                                "second::iota"]
    assert module["iota"].path == "second::iota"
    with pytest.raises(KeyError, match="'fill' names 2 kernels: first::fill, "
                                       "second::fill; choose one by its path"):
        module["fill"]
    with pytest.raises(KeyError, match=r"no kernel named 'third::fill' "
                                       r"\(kernels: first::fill, "
                                       r"second::fill, iota\)"):
        module["third::fill"]
    out = np.zeros(64, np.int32)
    wm.run(module["first::fill"], out)
    np.testing.assert_array_equal(out, np.arange(64))
    # gpu.launch_func's spelling, with the @s, names the same kernel.
    second = module["@second::@fill"]
    assert (second.name, second.gpu_module) == ("fill", "second")
    wm.run(second, out)
    np.testing.assert_array_equal(out, 100 + np.arange(64))
    # The library chooses the same way: a name two kernels share is refused
    # with their paths.
    options = _wave_mlir.InterpretOptions()
    options.kernel = "fill"
    options.compare = False
    with pytest.raises(wm.MLIRError, match="@fill names 2 kernels in "
                                           ".*: first::fill, second::fill; "
                                           "choose one by its path, "
                                           "MODULE::NAME .keyword argument "
                                           "kernel."):
        module._native.interpret(options, [np.zeros(64, np.uint64)])


def test_run_with_explicit_grid():
    # Half the grid: only the first 16 rows are computed.
    kernel = wm.load(paths.example("softmax.mlir"))["softmax"]
    x = rng.standard_normal((32, 256), dtype=np.float32)
    y = np.zeros_like(x)
    wm.run(kernel, x, y, grid=(4,))
    np.testing.assert_allclose(y[:16], softmax(x)[:16], rtol=1e-5, atol=1e-7)
    assert not y[16:].any()


def test_gpu_run_agrees_with_numpy_or_says_why_not():
    kernel = wm.load(paths.example("softmax.mlir"))["softmax"]
    x = rng.standard_normal((32, 256), dtype=np.float32)
    y = np.zeros_like(x)
    present, reason = hip.available()
    if not present:
        with pytest.raises(hip.GpuUnavailableError) as failure:
            wm.run(kernel, x, y, device="gpu")
        assert str(failure.value) == reason
        pytest.skip(f"no AMD GPU to run on: {reason}")
    wm.run(kernel, x, y, device="gpu")
    np.testing.assert_allclose(y, softmax(x), rtol=1e-5, atol=1e-7)


def test_gpu_launch_path_with_a_fake_hip_runtime(tmp_path, monkeypatch):
    """The ctypes launch sequence against tests/fake_hip.c, whose "kernel"
    reverses the bytes of every buffer it is passed."""
    compiler = shutil.which("cc") or shutil.which("clang-22")
    library = tmp_path / "libfakehip.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(library),
                    os.path.join(os.path.dirname(__file__), "fake_hip.c")],
                   check=True)
    monkeypatch.setattr(hip, "_HIP_LIBRARIES", (str(library),))
    monkeypatch.setattr(hip, "_runtime", None)
    assert hip.available() == (True, "gfx942")
    fake = hip.runtime().lib
    # Two buffers (bare pointers) and an f32 scalar.
    ctypes.c_int.in_dll(fake, "fake_param_count").value = 3
    (ctypes.c_int * 16).in_dll(fake, "fake_param_sizes")[:3] = [8, 8, 4]

    x = rng.standard_normal(512, dtype=np.float32)
    y = rng.standard_normal(512, dtype=np.float32)
    x_bytes, y_bytes = x.tobytes(), y.tobytes()
    wm.run(scaled_branch_kernel(), x, y, 3.0, device="gpu")

    assert x.tobytes() == x_bytes[::-1] and y.tobytes() == y_bytes[::-1]
    assert list((ctypes.c_uint * 3).in_dll(fake, "fake_grid")) == [4, 1, 1]
    # The launch the code object needs: at -O3 wave-coarsen-lanes gives each
    # lane two elements, so the workgroup of 128 lanes becomes 64.
    assert list((ctypes.c_uint * 3).in_dll(fake, "fake_block")) == \
        [64, 1, 1]
    assert (ctypes.c_char * 256).in_dll(fake, "fake_function").value == \
        b"branch"
    params = list((ctypes.c_uint64 * 3).in_dll(fake, "fake_params"))
    assert params[0] and params[1] and params[0] != params[1]
    assert params[2] == int(np.float32(3.0).view(np.uint32))
    assert ctypes.c_int.in_dll(fake, "fake_frees").value == 2
    assert ctypes.c_int.in_dll(fake, "fake_unloads").value == 1


def wave_run(path, *flags):
    """Runs wave-run on ``path``; returns the finished process."""
    tool = paths.tool("wave-run")
    assert tool, f"wave-run is not built in {paths.BUILD_DIR}"
    return subprocess.run([tool, str(path), *flags], capture_output=True,
                          text=True)


@pytest.mark.parametrize("m,n,k,grid", [(40, 72, 20, "2,2"),
                                        (128, 130, 72, "3,2"),
                                        (64, 64, 64, "1,1")])
def test_bounded_gemm_at_run_time_sizes(tmp_path, m, n, k, grid):
    """``bounded`` copies and write: the GEMM of run-time sizes agrees with
    its scalar reference with partial edge tiles in M, N and K and without.
    ``run`` takes static shapes only, so wave-run runs it."""
    path = tmp_path / "gemm.mlir"
    mb = kernels.build_gemm_dynamic()
    text = str(mb.build())
    assert text.count(" bounded :") == 3
    path.write_text(mb.text())
    sizes = [f"--scalar=M={m}", f"--scalar=N={n}", f"--scalar=K={k}"]
    done = wave_run(path, "--kernel=gemm", f"--grid={grid}", *sizes)
    assert done.returncode == 0, done.stderr
    assert "output 'C' (" in done.stdout and "agrees" in done.stdout
    assert done.stdout.rstrip().endswith("PASS")


def test_unbounded_gemm_reads_past_the_edges(tmp_path):
    """Without ``bounded`` the partial edge tiles of the same GEMM read out
    of bounds, which the interpreter reports."""
    path = tmp_path / "gemm.mlir"
    mb = kernels.build_gemm_dynamic(bounded=False)
    assert " bounded" not in str(mb.build())
    path.write_text(mb.text())
    done = wave_run(path, "--kernel=gemm", "--grid=2,2", "--scalar=M=40",
                    "--scalar=N=72", "--scalar=K=20")
    assert done.returncode != 0
    assert "out-of-bounds read of argument 'A'" in done.stderr
