"""Parsing, printing, verifying and transforming modules."""
import pytest

import paths
import wave_mlir as wm

DUPLICATES = """
gpu.module @m {
  gpu.func @k(%x: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %tid = gpu.thread_id x
    %a = arith.constant 2.0 : f32
    %b = arith.constant 2.0 : f32
    %v = memref.load %x[%tid] : memref<64xf32>
    %p = arith.mulf %v, %a : f32
    %q = arith.mulf %p, %b : f32
    memref.store %q, %x[%tid] : memref<64xf32>
    gpu.return
  }
}
"""


def test_parse_print_round_trip():
    module = wm.load(paths.example("gemm.mlir"))
    again = wm.parse(str(module))
    assert str(again) == str(module)
    assert again.print(generic=True) == module.print(generic=True)
    assert '"wave.mma_tile"' in module.print(generic=True)
    assert "loc(" in module.print(debug_info=True)
    assert "loc(" not in str(module)


def test_kernel_information():
    module = wm.load(paths.example("gemm.mlir"))
    assert [k.name for k in module.kernels] == ["gemm", "gemm_ref"]
    gemm = module["gemm"]
    assert gemm.gpu_module == "gemm"
    assert gemm.block_size == (256, 1, 1)
    assert gemm.grid_size == (4, 4, 1)
    assert (gemm.chip, gemm.wave_size, gemm.occupancy) == ("gfx942", 64, 0)
    assert gemm.reference.name == "gemm_ref"
    assert gemm.reference.chip is None
    a = gemm.arguments[0]
    assert a.type == "memref<256x256xf16>" and a.shape == (256, 256)
    assert a.element is wm.f16 and a.is_memref
    with pytest.raises(KeyError, match="no kernel named 'nope'"):
        module["nope"]


def test_parse_error_carries_location_and_text():
    with pytest.raises(wm.MLIRError) as failure:
        wm.parse("gpu.module @m {\n  %0 = arith.addi\n}", name="bad.mlir")
    (diag,) = failure.value.diagnostics
    assert (diag.file, diag.line) == ("bad.mlir", 2)
    assert diag.location.startswith("bad.mlir:2:")
    assert "bad.mlir:2:" in str(failure.value)


def test_index_dense_array_is_an_error_not_a_crash():
    # MLIR 22's parser crashes on `array<index: ...>`.
    text = DUPLICATES.replace("array<i32: 64, 1, 1>", "array<index: 64, 1, 1>")
    with pytest.raises(wm.MLIRError, match="dense arrays of 'index'") as failure:
        wm.parse(text, name="bad.mlir")
    assert failure.value.diagnostics[0].file == "bad.mlir"


def test_verifier_crash_is_an_error_not_a_crash():
    # MLIR 22's verifier of amdgpu.dpp crashes on a vector operand: the
    # module is checked for such ops before it is verified.
    dpp = "    %d = amdgpu.dpp %p %p row_shl(1 : i32) : {}\n"
    text = DUPLICATES.replace("    %q =", dpp.format("f32") + "    %q =")
    assert "amdgpu.dpp" in str(wm.parse(text, name="good.mlir"))
    vector = "    %w = vector.broadcast %p : f32 to vector<2xf32>\n"
    text = DUPLICATES.replace(
        "    %q =", vector + dpp.replace("%p", "%w").format("vector<2xf32>")
        + "    %q =")
    with pytest.raises(wm.MLIRError, match="'amdgpu.dpp' operand type must be "
                       "an integer or floating-point type") as failure:
        wm.parse(text, name="bad.mlir")
    (diag,) = failure.value.diagnostics
    assert (diag.file, diag.line, diag.column) == ("bad.mlir", 11, 10)


def test_verifier_error_from_text():
    text = DUPLICATES.replace("array<i32: 64, 1, 1>", "array<i32: 64, 1>")
    with pytest.raises(wm.MLIRError, match="known_block_size"):
        wm.parse(text, name="bad.mlir")


def test_pass_pipeline_transforms_in_place():
    module = wm.parse(DUPLICATES)
    copy = module.clone()
    assert str(module).count("arith.constant") == 2
    assert module.run_pipeline("builtin.module(cse)") is module
    assert str(module).count("arith.constant") == 1
    # The clone is a separate module.
    assert str(copy).count("arith.constant") == 2
    copy.run_pipeline("gpu.module(cse),canonicalize")
    assert str(copy).count("arith.constant") == 1


@pytest.mark.parametrize("name", ["wave-minimize-global-loads",
                                  "wave-insert-barriers",
                                  "wave-remove-divergence",
                                  "wave-budget-registers"])
def test_wave_passes_are_registered(name):
    # A module without kernels: the pass runs and has nothing to do.
    wm.parse("").run_pipeline(name)


def test_bad_pipeline_raises_with_the_parser_message():
    module = wm.parse(DUPLICATES)
    with pytest.raises(wm.MLIRError, match="no-such-pass") as failure:
        module.run_pipeline("no-such-pass")
    assert failure.value.diagnostics[0].severity == "error"
    with pytest.raises(wm.MLIRError, match="invalid pass pipeline"):
        module.run_pipeline("builtin.module(cse")
