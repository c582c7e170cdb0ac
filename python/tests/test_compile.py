"""compile(): code objects and resource reports, checked against the
wave-compile tool on the same input."""
import dataclasses
import json
import subprocess

import pytest

import kernels
import paths
import wave_mlir as wm
from wave_mlir import _wave_mlir

ELF_MAGIC = b"\x7fELF"
EM_AMDGPU = 224


def wave_compile(path, out, *flags):
    """Runs wave-compile on ``path``; returns its standard output."""
    tool = paths.tool("wave-compile")
    assert tool, f"wave-compile is not built in {paths.BUILD_DIR}"
    return subprocess.run([tool, path, "-o", str(out), *flags], check=True,
                          capture_output=True, text=True).stdout


@pytest.mark.parametrize("name,chip,opt_level", [
    ("gemm", "gfx942", 3), ("softmax", "gfx942", 0),
    ("reduce_wave", "gfx1100", 2)])
def test_compile_matches_wave_compile(tmp_path, name, chip, opt_level):
    path = paths.example(f"{name}.mlir")
    code = wm.compile(wm.load(path)[name], chip=chip, opt_level=opt_level)
    flags = [f"--chip={chip}", f"-O{opt_level}"]

    report = json.loads(wave_compile(path, tmp_path / "out.hsaco", *flags,
                                     "--resource-usage=json"))
    assert code.report_json == report
    assert (tmp_path / "out.hsaco").read_bytes() == bytes(code)
    assert wave_compile(path, tmp_path / "out.hsaco", *flags,
                        "--resource-usage") == code.report_text
    wave_compile(path, tmp_path / "out.s", *flags, "--emit=asm")
    assert (tmp_path / "out.s").read_text() == code.assembly

    # The dataclass holds the same figures as the JSON report.
    (entry,) = [k for k in report["kernels"] if k["name"] == name]
    r = code.report
    assert (r.kernel, r.vgprs, r.agprs, r.sgprs, r.scratch_bytes,
            r.vgpr_spills, r.sgpr_spills, r.lds_bytes, r.wave_size,
            r.workgroup_size, r.occupancy, r.occupancy_limiter) == (
        entry["name"], entry["vgpr_count"], entry.get("agpr_count"),
        entry["sgpr_count"], entry["private_segment_fixed_size"],
        entry["vgpr_spill_count"], entry["sgpr_spill_count"],
        entry["group_segment_fixed_size"], entry["wavefront_size"],
        entry["workgroup_size"], entry["occupancy"],
        entry["occupancy_limiter"])
    assert set(code.reports) == {k["name"] for k in report["kernels"]}


def test_python_built_gemm_compiles_to_mfma(tmp_path):
    module = kernels.build_gemm().build()
    code = wm.compile(module["gemm"])  # the chip of its wave.kernel
    assert code.chip == "gfx942"
    assert code.assembly.count("v_mfma_f32_32x32x8") >= 4
    assert "s_barrier" in code.assembly
    report = code.report
    assert dataclasses.is_dataclass(report) and report.kernel == "gemm"
    # Two LDS tiles of 64 x 32 and 32 x 64 f16: wave-optimize-lds-layout
    # swizzles or unpads the padded tiles the builder made.
    assert report.lds_bytes == (64 * 32 + 32 * 64) * 2
    assert report.vgprs > 0 and report.wave_size == 64
    # The report names the Python line that built the kernel.
    assert f"{kernels.__file__}:" in code.report_text

    code.save(tmp_path / "gemm.hsaco")
    data = (tmp_path / "gemm.hsaco").read_bytes()
    assert data == bytes(code) and data[:4] == ELF_MAGIC
    assert int.from_bytes(data[18:20], "little") == EM_AMDGPU


def test_module_report_needs_a_kernel_name():
    code = wm.compile(wm.load(paths.example("softmax.mlir")))
    assert set(code.reports) == {"softmax", "softmax_ref"}
    with pytest.raises(ValueError, match="use reports"):
        code.report


def test_unknown_chip_raises_with_the_diagnostic():
    kernel = wm.load(paths.example("add1.mlir"))["add1"]
    with pytest.raises(wm.MLIRError, match="unknown chip 'gfx000'") as e:
        wm.compile(kernel, chip="gfx000")
    assert e.value.diagnostics[0].severity == "error"


#: Options of compile(), and wave-compile's flags for them.
OPTION_FLAGS = [
    ({"occupancy": 2}, ["--occupancy=2"]),
    ({"wave_optimize": False}, ["--wave-optimize=false"]),
    ({"opt_level": 1, "wave_optimize": True}, ["-O1", "--wave-optimize"]),
    ({"code_object_version": 6}, ["--code-object-version=6"]),
    ({"verify_each": True}, ["--verify-each"]),
    ({"fast_math": True}, ["--fast-math"]),
    ({"fast_math": True, "finite_math": True}, ["--fast-math=finite"]),
    ({"memref_descriptors": True}, ["--memref-descriptors"]),
    ({"direct_to_lds": True}, ["--direct-to-lds"]),
    ({"pipeline_in_lds": True}, ["--pipeline-in-lds"]),
    ({"pipeline_in_lds": False}, ["--pipeline-in-lds=false"]),
    ({"schedule_loops": True}, ["--schedule-loops"]),
    ({"interleave_mfmas": True}, ["--interleave-mfmas"]),
    ({"ping_pong": False}, ["--ping-pong=false"]),
    ({"cover_barriers": False}, ["--cover-barriers=false"])]


def test_every_compile_option_is_covered():
    # A field added to CompileOptions reaches Python (Bindings.cpp) and a
    # test here: the chip in test_compile_matches_wave_compile, lld_path in
    # test_missing_linker_raises, the others in OPTION_FLAGS.
    fields = {name for name in dir(_wave_mlir.CompileOptions())
              if not name.startswith("_")}
    covered = {"chip", "lld_path"} | {name for options, _ in OPTION_FLAGS
                                      for name in options}
    assert fields == covered


@pytest.mark.parametrize("options,flags", OPTION_FLAGS)
def test_options_match_wave_compile(tmp_path, options, flags):
    path = paths.example("gemm.mlir")
    code = wm.compile(wm.load(path)["gemm"], **options)
    report = json.loads(wave_compile(path, tmp_path / "out.hsaco",
                                     "--chip=gfx942", *flags,
                                     "--resource-usage=json"))
    assert code.report_json == report
    assert (tmp_path / "out.hsaco").read_bytes() == bytes(code)


def test_fast_math_reaches_the_code():
    # softmax's exp becomes the hardware's approximation.
    kernel = wm.load(paths.example("softmax.mlir"))["softmax"]
    assert bytes(wm.compile(kernel, fast_math=True)) != bytes(
        wm.compile(kernel))


def test_ping_pong_reaches_the_code():
    # gemm_256's K loop of 8 waves: MFMA phases under s_setprio by default,
    # the loop as written without the pass.
    kernel = wm.load(paths.example("gemm_256.mlir"))["gemm_256"]
    assert "s_setprio 1" in wm.compile(kernel).assembly
    assert "s_setprio" not in wm.compile(kernel, ping_pong=False).assembly


def test_cover_barriers_reaches_the_code():
    # gemm_fp8_ocp's K loop: a sched_barrier keeps an MFMA ahead of the
    # staging barrier's wait by default; without the pass there is none.
    kernel = wm.load(paths.example("gemm_fp8_ocp.mlir"))["gemm_fp8_ocp"]
    assert "sched_barrier" in wm.compile(kernel).assembly
    assert "sched_barrier" not in wm.compile(kernel,
                                             cover_barriers=False).assembly


def test_unknown_options_raise():
    kernel = wm.load(paths.example("add1.mlir"))["add1"]
    with pytest.raises(TypeError, match="unknown option 'fastmath'.*"
                                        "fast_math"):
        wm.compile(kernel, fastmath=True)


def test_bad_options_raise_with_the_diagnostic():
    kernel = wm.load(paths.example("add1.mlir"))["add1"]
    with pytest.raises(wm.MLIRError, match="requested occupancy 99") as e:
        wm.compile(kernel, occupancy=99)
    assert e.value.diagnostics[0].file.endswith("add1.mlir")
    with pytest.raises(wm.MLIRError, match="code object version 4"):
        wm.compile(kernel, code_object_version=4)
    with pytest.raises(wm.MLIRError, match="optimization level -O7"):
        wm.compile(kernel, opt_level=7)
    reference = wm.load(paths.example("add1.mlir"))["add1_ref"]
    with pytest.raises(ValueError, match="pass chip="):
        wm.compile(reference)


def test_lowering_errors_raise_with_locations():
    # 256 KiB of LDS: the lowering's check, at the kernel's Python line.
    mb = wm.ModuleBuilder("big")
    k = mb.kernel("big", [("x", wm.memref([64], wm.f32))], block=(64, 1, 1),
                  chip="gfx942")
    tile = k.wave.alloc_lds([256, 256], wm.f32)
    tid = k.gpu.thread_id()
    k.memref.store(k.memref.load(tile, [tid, tid]), k["x"], [tid])
    with pytest.raises(wm.MLIRError, match=r"test_compile\.py:\d+:\d+: error: "
                       r"kernel @big needs 262144 bytes of LDS, more than the "
                       r"65536"):
        wm.compile(mb.build()["big"])


def test_f64_math_compiles():
    # f64 sin: wave-lower-math's double-double expansion, no OCML call.
    mb = wm.ModuleBuilder("sine")
    k = mb.kernel("sine", [("x", wm.memref([64], wm.f64))], block=(64, 1, 1),
                  chip="gfx942")
    tid = k.gpu.thread_id()
    k.memref.store(k.math.sin(k.memref.load(k["x"], [tid])), k["x"], [tid])
    assert wm.compile(mb.build()["sine"])


def test_math_functions_compile():
    mb = wm.ModuleBuilder("sine32")
    k = mb.kernel("sine32", [("x", wm.memref([64], wm.f32))],
                  block=(64, 1, 1), chip="gfx942")
    tid = k.gpu.thread_id()
    k.memref.store(k.math.sin(k.memref.load(k["x"], [tid])), k["x"], [tid])
    assert wm.compile(mb.build()["sine32"])


def test_missing_linker_raises():
    kernel = wm.load(paths.example("add1.mlir"))["add1"]
    with pytest.raises(wm.MLIRError, match="/nonexistent/ld.lld"):
        wm.compile(kernel, lld_path="/nonexistent/ld.lld")


def test_scalable_vectors_raise_with_locations(tmp_path):
    # The AMDGPU backend would abort on them.
    path = tmp_path / "scalable.mlir"
    path.write_text(
        "gpu.module @m { gpu.func @f(%x: memref<64xf32>) kernel attributes "
        "{known_block_size = array<i32: 64, 1, 1>} {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %v = vector.load %x[%c0] : memref<64xf32>, vector<[4]xf32>\n"
        "  vector.store %v, %x[%c0] : memref<64xf32>, vector<[4]xf32>\n"
        "  gpu.return\n} }\n")
    with pytest.raises(wm.MLIRError, match="scalable vector type") as e:
        wm.compile(wm.load(str(path))["f"], chip="gfx942")
    assert "scalable.mlir:3:8" in str(e.value)
