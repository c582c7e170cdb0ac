"""Spelling Python values as MLIR attributes."""
import math

import numpy as np

from .types import ScalarType, VectorType, bf16


def quote(text):
    """An MLIR string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _float_bits(value, element):
    """The raw bits of ``value`` rounded to ``element`` (to nearest even)."""
    if element is bf16:
        bits32 = int(np.array(value, dtype=np.float32).view(np.uint32))
        if math.isnan(value):
            return (bits32 >> 16) | 0x40
        return (bits32 + 0x7FFF + ((bits32 >> 16) & 1)) >> 16
    unsigned = np.dtype(f"u{element.dtype.itemsize}")
    return int(np.array(value, dtype=element.dtype).view(unsigned))


def _float_value(bits, element):
    if element is bf16:
        return float(np.array(bits << 16, dtype=np.uint32).view(np.float32))
    unsigned = np.dtype(f"u{element.dtype.itemsize}")
    return float(np.array(bits, dtype=unsigned).view(element.dtype))


def float_literal(value, element):
    """``value`` as a literal of float type ``element``: decimal when the
    type holds it exactly, otherwise (and for infinities and NaNs) the
    hexadecimal bits of the nearest value, so the parser never rounds."""
    value = float(value)
    bits = _float_bits(value, element)
    if math.isfinite(value) and _float_value(bits, element) == value:
        return repr(value)
    digits = element.bits // 4
    return f"0x{bits:0{digits}X}"


def element_literal(value, element):
    if element.is_float:
        return float_literal(value, element)
    if element.bits == 1:
        return "true" if value else "false"
    if isinstance(value, float) and not value.is_integer():
        raise TypeError(f"{value} is not a valid {element} value")
    return str(int(value))


def constant_attr(value, type_):
    """The ``value`` attribute of an ``arith.constant`` of type ``type_``: a
    scalar, or a vector filled with one value (a splat) or from a list."""
    if isinstance(type_, ScalarType):
        if type_.bits == 1 and type_.kind == "int":
            return element_literal(value, type_)
        return f"{element_literal(value, type_)} : {type_}"
    if isinstance(type_, VectorType):
        element = type_.element
        if isinstance(value, (list, tuple, np.ndarray)):
            flat = np.asarray(value).ravel().tolist()
            if len(flat) != type_.size:
                raise ValueError(f"{len(flat)} values for {type_}")
            body = "[" + ", ".join(element_literal(v, element)
                                   for v in flat) + "]"
        else:
            body = element_literal(value, element)
        return f"dense<{body}> : {type_}"
    raise TypeError(f"no constants of type {type_}")


def int_array(values, width=64):
    """A dense integer array: ``array<i64: 1, 2>``."""
    values = [int(v) for v in values]
    if not values:
        return f"array<i{width}>"
    return f"array<i{width}: {', '.join(map(str, values))}>"


def int_list(values):
    """An array attribute of i64 integers: ``[0, 4]``."""
    return "[" + ", ".join(str(int(v)) for v in values) + "]"
