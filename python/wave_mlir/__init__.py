"""wave-mlir from Python: build wave kernels, verify and transform them,
compile them to AMD GPU code objects and run them on the reference
interpreter or a GPU.

    import wave_mlir as wm
    module = wm.load("examples/softmax.mlir")
    kernel = module["softmax"]
    wm.run(kernel, x, y)
"""
from .affine import AffineMap, AffineSet, affine_map, affine_set
from .builder import KernelBuilder, ModuleBuilder, Value
from .compiler import CodeObject, ResourceReport, compile, compile_program
from .kernels import attention_builder, build_attention
from .ir import (Argument, Diagnostic, Kernel, MLIRError, Module,
                 default_context, load, parse)
from .runner import run
from .types import (MemRefType, ScalarType, Type, VectorType, bf16, f16, f32,
                    f64, i1, i8, i16, i32, i64, index, lds_tile, memref,
                    vector)

__all__ = [
    "AffineMap", "AffineSet", "Argument", "CodeObject", "Diagnostic",
    "Kernel", "KernelBuilder", "ResourceReport", "compile", "compile_program",
    "MLIRError", "MemRefType", "Module", "ModuleBuilder", "ScalarType", "Type",
    "Value", "VectorType", "affine_map", "affine_set", "attention_builder",
    "bf16", "build_attention", "default_context", "f16", "f32", "f64", "i1",
    "i8", "i16", "i32", "i64", "index", "lds_tile", "load", "memref", "parse",
    "run", "vector",
]
