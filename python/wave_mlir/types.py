"""MLIR types a kernel uses: scalars, lane vectors and memrefs.

Each type knows its MLIR spelling (``str(t)``); scalars also know the NumPy
dtype that holds them, which is how ``run`` checks and converts arrays.
"""
import numpy as np


class Type:
    """Base class: types compare and hash by their MLIR spelling."""

    def __eq__(self, other):
        return isinstance(other, Type) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def __repr__(self):
        return f"wave_mlir.Type({str(self)!r})"


class ScalarType(Type):
    """An integer, float or ``index`` type."""

    def __init__(self, name, bits, kind, dtype):
        self.name = name
        self.bits = bits
        #: "int", "float" or "index".
        self.kind = kind
        #: The NumPy dtype holding one element (bf16 travels as its raw bits,
        #: ``uint16``: NumPy has no bfloat16).
        self.dtype = np.dtype(dtype)

    def __str__(self):
        return self.name

    @property
    def is_float(self):
        return self.kind == "float"

    @property
    def is_integer(self):
        """Integers and ``index`` (what ``arith``'s integer ops accept)."""
        return self.kind in ("int", "index")

    @property
    def element(self):
        return self


i1 = ScalarType("i1", 1, "int", np.bool_)
i8 = ScalarType("i8", 8, "int", np.int8)
i16 = ScalarType("i16", 16, "int", np.int16)
i32 = ScalarType("i32", 32, "int", np.int32)
i64 = ScalarType("i64", 64, "int", np.int64)
index = ScalarType("index", 64, "index", np.int64)
f16 = ScalarType("f16", 16, "float", np.float16)
bf16 = ScalarType("bf16", 16, "float", np.uint16)
f32 = ScalarType("f32", 32, "float", np.float32)
f64 = ScalarType("f64", 64, "float", np.float64)

SCALARS = {t.name: t for t in (i1, i8, i16, i32, i64, index, f16, bf16, f32,
                               f64)}


class VectorType(Type):
    """A lane's ``vector<N x T>`` (or of higher rank, for vector ops)."""

    def __init__(self, shape, element):
        self.shape = tuple(int(s) for s in shape)
        self.element = as_type(element)
        if not isinstance(self.element, ScalarType):
            raise TypeError(f"vector elements must be scalars, not "
                            f"{self.element}")

    def __str__(self):
        dims = "".join(f"{s}x" for s in self.shape)
        return f"vector<{dims}{self.element}>"

    @property
    def is_float(self):
        return self.element.is_float

    @property
    def is_integer(self):
        return self.element.is_integer

    @property
    def size(self):
        return int(np.prod(self.shape))


class MemRefType(Type):
    """A ``memref`` with an optional strided layout and memory space."""

    def __init__(self, shape, element, strides=None, offset=0, space=None):
        #: The extents, None for a run-time one (``?``).
        self.shape = tuple(None if s is None else int(s) for s in shape)
        self.element = as_type(element)
        self.strides = None if strides is None else tuple(int(s)
                                                          for s in strides)
        self.offset = int(offset)
        #: None (global memory) or "workgroup" (LDS).
        self.space = space

    def __str__(self):
        parts = ["".join("?x" if s is None else f"{s}x" for s in self.shape)
                 + str(self.element)]
        if self.strides is not None:
            layout = f"strided<[{', '.join(map(str, self.strides))}]"
            if self.offset:
                layout += f", offset: {self.offset}"
            parts.append(layout + ">")
        if self.space is not None:
            parts.append(f"#gpu.address_space<{self.space}>")
        return f"memref<{', '.join(parts)}>"

    @property
    def rank(self):
        return len(self.shape)


def vector(size, element):
    """``vector<size x element>``; ``size`` may be a tuple for rank > 1."""
    shape = size if isinstance(size, (tuple, list)) else (size,)
    return VectorType(shape, element)


def memref(shape, element, *, strides=None, offset=0, space=None):
    """``memref<shape x element>``, with ``strides`` for a strided layout and
    ``space="workgroup"`` for LDS; an extent of None is a run-time one
    (``?``, bound to a size argument by the kernel's ``dims``)."""
    return MemRefType(shape, element, strides, offset, space)


def lds_tile(shape, element, padding=None):
    """The memref type of an LDS tile: row-major over ``shape + padding``
    (what ``wave.alloc_lds`` requires of its result)."""
    shape = tuple(int(s) for s in shape)
    padding = tuple(padding) if padding is not None else (0,) * len(shape)
    if len(padding) != len(shape):
        raise ValueError(f"padding {list(padding)} does not match the rank "
                         f"of shape {list(shape)}")
    physical = [s + p for s, p in zip(shape, padding)]
    if not any(padding):
        return MemRefType(shape, element, space="workgroup")
    strides = []
    stride = 1
    for extent in reversed(physical):
        strides.append(stride)
        stride *= extent
    return MemRefType(shape, element, strides=tuple(reversed(strides)),
                      space="workgroup")


def as_type(value):
    """A Type from a Type or a scalar type name (``"f32"``)."""
    if isinstance(value, Type):
        return value
    if isinstance(value, str) and value in SCALARS:
        return SCALARS[value]
    raise TypeError(f"expected a wave_mlir type or a scalar type name, got "
                    f"{value!r}")
