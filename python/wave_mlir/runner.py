"""Running kernels on NumPy arrays: on the reference interpreter, or on an
AMD GPU through the HIP runtime."""
import numpy as np

from . import _wave_mlir
from .ir import Kernel, native_options


def _unsigned(dtype):
    return np.dtype(f"u{np.dtype(dtype).itemsize}")


def _to_bits(array, element):
    """The raw bits of every element, row-major, zero-extended to 64 bits."""
    array = np.ascontiguousarray(array)
    return array.view(_unsigned(element.dtype)).astype(np.uint64).ravel()


def _from_bits(bits, element, shape):
    unsigned = _unsigned(element.dtype)
    return bits.astype(unsigned).view(element.dtype).reshape(shape)


def check_arguments(kernel, values):
    """Checks ``values`` against the kernel's signature: one array of the
    exact shape and dtype per memref, a number per scalar. Returns the values
    as NumPy arrays (scalars as 0-d arrays)."""
    if not isinstance(kernel, Kernel):
        raise TypeError(f"expected a wave_mlir.Kernel, got {kernel!r}")
    if len(values) != len(kernel.arguments):
        types = ", ".join(a.type for a in kernel.arguments)
        raise TypeError(f"kernel '{kernel.name}' takes "
                        f"{len(kernel.arguments)} arguments ({types}), got "
                        f"{len(values)}")
    arrays = []
    for position, (arg, value) in enumerate(zip(kernel.arguments, values)):
        where = f"argument {position} of kernel '{kernel.name}' ({arg.type})"
        if arg.element is None:
            raise TypeError(f"{where}: cannot pass this type from Python")
        if arg.is_memref:
            if not isinstance(value, np.ndarray):
                raise TypeError(f"{where}: expected a NumPy array, got "
                                f"{type(value).__name__}")
            if any(extent < 0 for extent in arg.shape):
                raise ValueError(f"{where}: run-time extents (wave.dims) "
                                 f"are not supported here; wave-run runs "
                                 f"such kernels")
            if value.shape != arg.shape:
                raise ValueError(f"{where}: expected shape {arg.shape}, got "
                                 f"{value.shape}")
            if value.dtype != arg.element.dtype:
                raise ValueError(f"{where}: expected dtype "
                                 f"{arg.element.dtype}, got {value.dtype}")
            arrays.append(value)
        else:
            if np.ndim(value) != 0:
                raise ValueError(f"{where}: expected a scalar")
            arrays.append(np.asarray(value, dtype=arg.element.dtype))
    return arrays


def _grid(kernel, grid):
    if grid is None:
        grid = kernel.grid_size
        if grid is None:
            raise ValueError(f"kernel '{kernel.name}' has no known_grid_size:"
                             f" pass grid=(x, y, z)")
    grid = tuple(int(g) for g in grid)
    if not 1 <= len(grid) <= 3 or min(grid) < 1:
        raise ValueError(f"grid must be 1 to 3 positive sizes, got {grid}")
    return grid + (1,) * (3 - len(grid))


def interpret(kernel, *values, grid=None, **options):
    """Runs ``kernel`` on the reference interpreter; see ``run``."""
    arrays = check_arguments(kernel, values)
    bits = [_to_bits(a, arg.element) for a, arg in zip(arrays,
                                                       kernel.arguments)]
    native = native_options(_wave_mlir.InterpretOptions, options,
                            kernel=kernel.path, grid=_grid(kernel, grid),
                            compare=False)
    outputs, written = kernel.module._native.interpret(native, bits)
    for array, arg, out, was_written in zip(arrays, kernel.arguments, outputs,
                                            written):
        if arg.is_memref and was_written:
            array[...] = _from_bits(out, arg.element, arg.shape)


def run(kernel, *arrays, grid=None, device="interpreter", **options):
    """Runs ``kernel`` over ``grid`` workgroups (default: its
    ``known_grid_size``) on ``arrays``, one per kernel argument: a NumPy
    array of the memref's shape and dtype (bf16 as ``uint16`` bits), or a
    number for a scalar. Arrays the kernel writes are updated in place, as
    device buffers are by a launch.

    ``device="interpreter"`` runs the reference interpreter, which raises
    ``MLIRError`` on a data race, an out-of-bounds access or a divergent
    barrier; ``options`` are the fields of ``InterpretOptions`` (wave-run's
    flags): ``max_steps``, ``memory_limit``, and ``compare=True`` to run the
    kernel's reference (``reference=`` another), or the kernel after
    ``compare_pipeline``, on the same arrays and raise ``MLIRError`` when
    their outputs differ (``rtol``, ``atol``). ``device="gpu"`` compiles the
    kernel for the AMD GPU found and launches it through the HIP runtime,
    raising ``GpuUnavailableError`` when there is none."""
    if device == "interpreter":
        interpret(kernel, *arrays, grid=grid, **options)
    elif device == "gpu":
        if options:
            raise TypeError(f"options {', '.join(options)} are the "
                            f"interpreter's")
        from . import hip
        hip.launch(kernel, *arrays, grid=_grid(kernel, grid))
    else:
        raise ValueError(f"device must be 'interpreter' or 'gpu', not "
                         f"{device!r}")
