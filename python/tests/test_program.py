"""compile_program(): programs of host code beside gpu.modules or
gpu.launch ops, one code object per gpu.module, checked against the
wave-compile tool on the same file."""
import json
import os

import pytest

import paths
import wave_mlir as wm
from test_compile import wave_compile

PROGRAMS = os.path.join(paths.SOURCE_DIR, "test", "gpu-programs")


def program(name):
    return os.path.join(PROGRAMS, name)


def test_two_modules_give_two_code_objects(tmp_path):
    # Two gpu.launch ops: outlined into two gpu.modules, compiled one code
    # object each, as wave-compile writes them into the directory -o names.
    path = program("two-modules.mlir")
    codes = wm.compile_program(wm.load(path), chip="gfx942")
    assert list(codes) == ["square_kernel", "double_kernel"]
    report = json.loads(wave_compile(path, tmp_path / "out", "--chip=gfx942",
                                     "--resource-usage=json"))
    for name, code in codes.items():
        assert isinstance(code, wm.CodeObject) and code.chip == "gfx942"
        assert (tmp_path / "out" / f"{name}.hsaco").read_bytes() == bytes(code)
        # Each module's kernel, with its resource report.
        assert set(code.reports) == {name}
        assert code.report.kernel == name and code.report.vgprs > 0
        assert f".amdhsa_kernel {name}" in code.assembly
    # wave-compile reports every module's kernels in one report.
    assert [k for code in codes.values()
            for k in code.report_json["kernels"]] == report["kernels"]
    wave_compile(path, tmp_path / "asm", "--chip=gfx942", "--emit=asm")
    for name, code in codes.items():
        assert (tmp_path / "asm" / f"{name}.s").read_text() == code.assembly


def test_launch_program_matches_wave_compile(tmp_path):
    # One gpu.launch: one module, whose kernels take memref descriptors
    # since host code launches them, as in wave-compile.
    path = program("vecadd.mlir")
    module = wm.load(path)
    (name, code), = wm.compile_program(module, chip="gfx942").items()
    assert name == "vecadd_kernel"
    report = json.loads(wave_compile(path, tmp_path / "out.hsaco",
                                     "--chip=gfx942", "--resource-usage=json"))
    assert (tmp_path / "out.hsaco").read_bytes() == bytes(code)
    assert code.report_json == report
    assert code.report.kernel == "vecadd_kernel"
    # Options are compile()'s: bare pointers, as wave-compile's flag.
    bare = wm.compile_program(module, chip="gfx942",
                              memref_descriptors=False)["vecadd_kernel"]
    wave_compile(path, tmp_path / "bare.hsaco", "--chip=gfx942",
                 "--memref-descriptors=false")
    assert (tmp_path / "bare.hsaco").read_bytes() == bytes(bare)
    assert bytes(bare) != bytes(code)
    # The module itself is left as it was: the launch is still there.
    assert "gpu.launch blocks" in str(module)


def test_module_of_kernels_is_a_program_of_one_module():
    # What compile() takes: the same code object, named after its module.
    module = wm.load(paths.example("softmax.mlir"))
    codes = wm.compile_program(module)
    (code,) = codes.values()
    assert bytes(code) == bytes(wm.compile(module))
    assert set(code.reports) == {"softmax", "softmax_ref"}


def test_program_errors_raise():
    with pytest.raises(ValueError, match="pass chip="):
        wm.compile_program(wm.load(program("vecadd.mlir")))
    with pytest.raises(TypeError, match="wave_mlir.Module"):
        wm.compile_program(wm.load(paths.example("add1.mlir"))["add1"])
    host_only = wm.parse("func.func @f() { return }")
    with pytest.raises(wm.MLIRError, match="no gpu.module and no gpu.launch"):
        wm.compile_program(host_only, chip="gfx942")
    with pytest.raises(TypeError, match="unknown option 'fastmath'"):
        wm.compile_program(host_only, chip="gfx942", fastmath=True)
    # compile() takes a module of one gpu.module, and points programs here.
    with pytest.raises(wm.MLIRError, match="compile_program") as e:
        wm.compile(wm.load(program("two-modules.mlir")), chip="gfx942")
    assert e.value.diagnostics[0].file.endswith("two-modules.mlir")
