"""Building wave kernels from Python.

A ``ModuleBuilder`` is one ``gpu.module``; ``kernel()`` adds a ``gpu.func``
kernel and returns a ``KernelBuilder``, whose dialect namespaces mirror MLIR's
op names (``k.wave.read`` emits ``wave.read``, ``k.arith.addf`` emits
``arith.addf``, ``k.scf.for_`` emits ``scf.for``). Every op records the Python
line that built it as its location, so verifier errors point at the Python
source. ``build()`` prints the ops as MLIR (generic form) and parses and
verifies it through the C++ library, returning a ``Module``.

    mb = ModuleBuilder("scale")
    k = mb.kernel("scale", [("x", memref([256], f32))], block=(64, 1, 1),
                  grid=(4, 1, 1), chip="gfx942")
    tid, wg = k.gpu.thread_id("x"), k.gpu.block_id("x")
    v = k.wave.read(k["x"], [tid, wg], vector(1, f32),
                    map=lambda t, w: w * 64 + t)
    k.wave.write(v + v, k["x"], [tid, wg], map=lambda t, w: w * 64 + t)
    module = mb.build()
"""
import os
import re
import sys

from . import _syntax
from .affine import affine_map, affine_set
from .types import (ScalarType, VectorType, as_type, i1, i32, index,
                    lds_tile)

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def _caller_location():
    """``"file":line:col`` of the innermost frame outside this package."""
    frame = sys._getframe(1)
    while frame is not None and os.path.dirname(
            os.path.abspath(frame.f_code.co_filename)) == _PACKAGE_DIR:
        frame = frame.f_back
    if frame is None:
        return "unknown"
    line, column = frame.f_lineno, 0
    positions = list(frame.f_code.co_positions())
    if 0 <= frame.f_lasti // 2 < len(positions):
        start_line, _, start_column, _ = positions[frame.f_lasti // 2]
        if start_line is not None and start_column is not None:
            line, column = start_line, start_column + 1
    return f"{_syntax.quote(frame.f_code.co_filename)}:{line}:{column}"


class Value:
    """An SSA value: an op result or a block argument.

    ``+``, ``-``, ``*`` emit ``arith`` add/sub/mul (integer or float by the
    type), ``/`` and unary ``-`` emit ``arith.divf``/``arith.negf``; a Python
    number on either side becomes an ``arith.constant`` of the value's type.
    """

    def __init__(self, builder, name, type_):
        self._builder = builder
        self.name = name
        self.type = type_

    def __str__(self):
        return self.name

    def __repr__(self):
        return f"<wave_mlir.Value {self.name} : {self.type}>"

    def _arith(self, int_op, float_op, other, swap=False):
        builder = self._builder
        if not isinstance(other, Value):
            other = builder.arith.constant(other, self.type)
        lhs, rhs = (other, self) if swap else (self, other)
        op = float_op if self.type.is_float else int_op
        if op is None:
            raise TypeError(f"no Python operator for {self.type}; use the "
                            f"arith namespace's signed or unsigned op")
        return builder.op(f"arith.{op}", [lhs, rhs], [self.type])

    def __add__(self, other):
        return self._arith("addi", "addf", other)

    def __radd__(self, other):
        return self._arith("addi", "addf", other, swap=True)

    def __sub__(self, other):
        return self._arith("subi", "subf", other)

    def __rsub__(self, other):
        return self._arith("subi", "subf", other, swap=True)

    def __mul__(self, other):
        return self._arith("muli", "mulf", other)

    def __rmul__(self, other):
        return self._arith("muli", "mulf", other, swap=True)

    def __truediv__(self, other):
        return self._arith(None, "divf", other)

    def __rtruediv__(self, other):
        return self._arith(None, "divf", other, swap=True)

    def __neg__(self):
        if not self.type.is_float:
            raise TypeError(f"unary minus needs a float, not {self.type}")
        return self._builder.op("arith.negf", [self], [self.type])


class _Block:
    def __init__(self, args=()):
        self.args = list(args)
        self.ops = []

    def terminated_by(self, name):
        return bool(self.ops) and self.ops[-1].name == name


class _Op:
    def __init__(self, name, operands, result_types, properties, attributes,
                 regions, location):
        self.name = name
        self.operands = list(operands)
        self.result_types = list(result_types)
        self.properties = properties or {}
        self.attributes = attributes or {}
        #: One block per region (wave kernels use structured control flow).
        self.regions = regions
        self.location = location
        self.results = []


def _render_block(block, indent, lines):
    if block.args:
        args = ", ".join(f"{a.name}: {a.type}" for a in block.args)
        lines.append((f"{indent}^bb0({args}):", None))
    for op in block.ops:
        _render_op(op, indent + "  ", lines)


def _render_op(op, indent, lines):
    """Appends the op's lines to ``lines``, each with the location of the op
    it belongs to."""
    head = indent
    if len(op.results) == 1:
        head += f"{op.results[0].name} = "
    elif op.results:
        head += f"{op.results[0].name.split('#')[0]}:{len(op.results)} = "
    head += f'"{op.name}"({", ".join(v.name for v in op.operands)})'
    if op.properties:
        head += " <{" + ", ".join(f"{k} = {v}" for k, v in
                                  sorted(op.properties.items())) + "}>"
    if op.regions:
        head += " ("
        for i, block in enumerate(op.regions):
            lines.append((head + ("{" if i == 0 else ", {"), op.location))
            _render_block(block, indent, lines)
            head = indent + "}"
        head += ")"
    if op.attributes:
        head += " {" + ", ".join(k if v is None else f"{k} = {v}" for k, v in
                                 sorted(op.attributes.items())) + "}"
    operand_types = ", ".join(str(v.type) for v in op.operands)
    if len(op.result_types) == 1:
        results = str(op.result_types[0])
    else:
        results = "(" + ", ".join(map(str, op.result_types)) + ")"
    lines.append((f"{head} : ({operand_types}) -> {results} "
                  f"loc({op.location})", op.location))


def _check_value(value, what):
    if not isinstance(value, Value):
        raise TypeError(f"{what} must be a wave_mlir.Value, got {value!r}")
    return value


def _check_values(values, what):
    return [_check_value(v, what) for v in values]


def _dim_attr(dim):
    if dim not in ("x", "y", "z"):
        raise ValueError(f"dimension must be 'x', 'y' or 'z', not {dim!r}")
    return f"#gpu<dim {dim}>"


def _with_element(like, element):
    """``element`` in the shape of ``like`` (a vector stays a vector)."""
    element = as_type(element)
    if isinstance(like, VectorType) and isinstance(element, ScalarType):
        return VectorType(like.shape, element)
    return element


class _Namespace:
    def __init__(self, builder):
        self._b = builder


# The ops generated from name lists: binary ops whose result has the lhs's
# type, casts to a given type, unary ops; and the comparison predicates in
# the order of their enum values.
_ARITH_BINARY = (
    "addi subi muli divsi divui ceildivsi ceildivui floordivsi remsi remui "
    "andi ori xori shli shrsi shrui maxsi maxui minsi minui "
    "addf subf mulf divf remf maximumf minimumf maxnumf minnumf").split()
_ARITH_CASTS = (
    "extf truncf extsi extui trunci sitofp uitofp fptosi fptoui index_cast "
    "index_castui bitcast").split()
_CMPI = "eq ne slt sle sgt sge ult ule ugt uge".split()
_CMPF = ("false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno "
         "true").split()
_MATH_UNARY = ("exp exp2 log log2 sqrt rsqrt tanh sin cos absf floor ceil "
               "erf").split()


def _binary_method(dialect, name):
    def method(self, lhs, rhs):
        lhs, rhs = _check_value(lhs, "lhs"), _check_value(rhs, "rhs")
        return self._b.op(f"{dialect}.{name}", [lhs, rhs], [lhs.type])
    method.__name__ = name
    method.__doc__ = f"``{dialect}.{name}``: the result has the lhs's type."
    return method


def _unary_method(dialect, name):
    def method(self, value):
        value = _check_value(value, "operand")
        return self._b.op(f"{dialect}.{name}", [value], [value.type])
    method.__name__ = name
    method.__doc__ = f"``{dialect}.{name}``."
    return method


def _cast_method(name):
    def method(self, value, to):
        value = _check_value(value, "operand")
        return self._b.op(f"arith.{name}", [value],
                          [_with_element(value.type, to)])
    method.__name__ = name
    method.__doc__ = (f"``arith.{name}`` to ``to`` (a scalar type applies to "
                      f"each element of a vector).")
    return method


class Arith(_Namespace):
    """``arith`` ops: every binary op by name, casts by name, and:"""

    def constant(self, value, type_):
        """``arith.constant``: a scalar, or a vector filled with ``value``
        (or from a list)."""
        type_ = as_type(type_)
        return self._b.op("arith.constant", [], [type_], properties={
            "value": _syntax.constant_attr(value, type_)})

    def _compare(self, name, predicates, predicate, lhs, rhs):
        lhs, rhs = _check_value(lhs, "lhs"), _check_value(rhs, "rhs")
        if predicate not in predicates:
            raise ValueError(f"arith.{name} predicate must be one of "
                             f"{', '.join(predicates)}, not {predicate!r}")
        return self._b.op(f"arith.{name}", [lhs, rhs],
                          [_with_element(lhs.type, i1)], properties={
                              "predicate": f"{predicates.index(predicate)} "
                                           f": i64"})

    def cmpi(self, predicate, lhs, rhs):
        """``arith.cmpi`` with a predicate name (``"eq"``, ``"ult"``, ...)."""
        return self._compare("cmpi", _CMPI, predicate, lhs, rhs)

    def cmpf(self, predicate, lhs, rhs):
        """``arith.cmpf`` with a predicate name (``"olt"``, ...)."""
        return self._compare("cmpf", _CMPF, predicate, lhs, rhs)

    def select(self, condition, true_value, false_value):
        true_value = _check_value(true_value, "true value")
        return self._b.op("arith.select", [_check_value(condition, "condition"),
                                           true_value,
                                           _check_value(false_value,
                                                        "false value")],
                          [true_value.type])

    negf = _unary_method("arith", "negf")


for _name in _ARITH_BINARY:
    setattr(Arith, _name, _binary_method("arith", _name))
for _name in _ARITH_CASTS:
    setattr(Arith, _name, _cast_method(_name))


class Math(_Namespace):
    """``math`` ops: unary ops by name, ``powf`` and ``fma``."""

    powf = _binary_method("math", "powf")

    def fma(self, a, b, c):
        a = _check_value(a, "a")
        return self._b.op("math.fma", [a, _check_value(b, "b"),
                                       _check_value(c, "c")], [a.type])


for _name in _MATH_UNARY:
    setattr(Math, _name, _unary_method("math", _name))


class Gpu(_Namespace):
    """``gpu`` ids, barrier and return."""

    def thread_id(self, dim="x"):
        return self._b.op("gpu.thread_id", [], [index],
                          properties={"dimension": _dim_attr(dim)})

    def block_id(self, dim="x"):
        return self._b.op("gpu.block_id", [], [index],
                          properties={"dimension": _dim_attr(dim)})

    def block_dim(self, dim="x"):
        return self._b.op("gpu.block_dim", [], [index],
                          properties={"dimension": _dim_attr(dim)})

    def grid_dim(self, dim="x"):
        return self._b.op("gpu.grid_dim", [], [index],
                          properties={"dimension": _dim_attr(dim)})

    def lane_id(self):
        return self._b.op("gpu.lane_id", [], [index])

    def subgroup_id(self):
        """``gpu.subgroup_id``: the wave's index in the workgroup."""
        return self._b.op("gpu.subgroup_id", [], [index])

    def barrier(self):
        self._b.op("gpu.barrier", [], [])

    def return_(self):
        self._b.op("gpu.return", [], [])


class Affine(_Namespace):
    """``affine.delinearize_index`` and ``affine.apply``."""

    def delinearize_index(self, value, basis):
        """``affine.delinearize_index value into (basis)``: one index a
        basis entry (a wave's place in a grid of waves, from
        ``gpu.subgroup_id``)."""
        value = _check_value(value, "value")
        return self._b.op("affine.delinearize_index", [value],
                          [index] * len(basis), properties={
                              "static_basis": _syntax.int_array(basis)})

    def apply(self, map, operands):
        """``affine.apply`` of a one-result ``map`` (a Python function, an
        ``AffineMap`` or MLIR text) to index ``operands``, dimensions first
        and then symbols."""
        map = affine_map(map)
        return self._b.op("affine.apply", _check_values(operands, "operand"),
                          [index], properties={"map": str(map)})


class MemRef(_Namespace):
    """``memref.load`` and ``memref.store``."""

    def load(self, memref, indices):
        memref = _check_value(memref, "memref")
        return self._b.op("memref.load", [memref, *_check_values(indices, "index")],
                          [memref.type.element])

    def store(self, value, memref, indices):
        self._b.op("memref.store", [_check_value(value, "value"),
                                    _check_value(memref, "memref"),
                                    *_check_values(indices, "index")], [])


class Vector(_Namespace):
    """The ``vector`` ops kernels use on lane vectors."""

    def reduction(self, kind, vector):
        """``vector.reduction <kind>`` (``add``, ``mul``, ``maximumf``,
        ``minsi``, ...) to the element type."""
        vector = _check_value(vector, "vector")
        return self._b.op("vector.reduction", [vector], [vector.type.element],
                          properties={"kind": f"#vector.kind<{kind}>"})

    def broadcast(self, value, type_):
        return self._b.op("vector.broadcast", [_check_value(value, "value")],
                          [as_type(type_)])

    def extract_strided_slice(self, vector, offsets, sizes, strides=None):
        vector = _check_value(vector, "vector")
        strides = strides if strides is not None else [1] * len(sizes)
        shape = list(sizes) + list(vector.type.shape[len(sizes):])
        return self._b.op("vector.extract_strided_slice", [vector],
                          [VectorType(shape, vector.type.element)],
                          properties={"offsets": _syntax.int_list(offsets),
                                      "sizes": _syntax.int_list(sizes),
                                      "strides": _syntax.int_list(strides)})

    def extract(self, vector, position):
        """``vector.extract`` at a constant position (an int or a list)."""
        vector = _check_value(vector, "vector")
        position = [position] if isinstance(position, int) else list(position)
        rest = vector.type.shape[len(position):]
        result = VectorType(rest, vector.type.element) if rest else \
            vector.type.element
        return self._b.op("vector.extract", [vector], [result], properties={
            "static_position": _syntax.int_array(position)})

    def insert(self, value, dest, position):
        """``vector.insert`` at a constant position (an int or a list)."""
        dest = _check_value(dest, "dest")
        position = [position] if isinstance(position, int) else list(position)
        return self._b.op("vector.insert", [_check_value(value, "value"),
                                            dest], [dest.type], properties={
            "static_position": _syntax.int_array(position)})


class _Region:
    """A context manager that sends the ops built in its body into a block."""

    def __init__(self, builder, block, terminator, implicit):
        self._b = builder
        self.block = block
        self._terminator = terminator
        self._implicit = implicit

    def __enter__(self):
        self._b._blocks.append(self.block)
        return self

    def __exit__(self, exc_type, exc, tb):
        self._b._blocks.pop()
        if exc_type is not None:
            return False
        if not self.block.terminated_by(self._terminator):
            if not self._implicit:
                raise ValueError("this region yields values: end it with "
                                 "yield_(...)")
            self.block.ops.append(_Op(self._terminator, [], [], None, None,
                                      [], _caller_location()))
        return False

    def yield_(self, *values):
        """``scf.yield`` of ``values`` (must be the region's last op)."""
        self._b.op(self._terminator, _check_values(values, "yielded value"),
                   [])


class ForLoop(_Region):
    """The body of an ``scf.for``: ``iv`` is the induction variable,
    ``args`` the loop-carried values, ``results`` the loop's results."""

    def __init__(self, builder, op, block):
        super().__init__(builder, block, "scf.yield",
                         implicit=not op.results)
        self.iv = block.args[0]
        self.args = tuple(block.args[1:])
        self.results = tuple(op.results)


class IfOp(_Region):
    """An ``scf.if``: ``with`` enters the then-region, ``else_()`` returns
    the else-region, ``results`` are the op's results."""

    def __init__(self, builder, op):
        super().__init__(builder, op.regions[0], "scf.yield",
                         implicit=not op.results)
        self._op = op
        self.results = tuple(op.results)

    def else_(self):
        return _Region(self._b, self._op.regions[1], "scf.yield",
                       implicit=not self._op.results)


class Scf(_Namespace):
    """Structured control flow: ``for_``, ``if_``, ``yield_``."""

    def for_(self, lower, upper, step, iter_args=()):
        """``scf.for`` from ``lower`` to ``upper`` by ``step`` (index values);
        use as ``with k.scf.for_(...) as loop:``."""
        lower = _check_value(lower, "lower bound")
        iter_args = _check_values(iter_args, "iter_arg")
        body = _Block()
        op = self._b._append("scf.for", [lower,
                                         _check_value(upper, "upper bound"),
                                         _check_value(step, "step"),
                                         *iter_args],
                             [v.type for v in iter_args], regions=[body])
        body.args = [self._b._new_value(v.type) for v in (lower, *iter_args)]
        return ForLoop(self._b, op, body)

    def if_(self, condition, results=()):
        """``scf.if`` on an i1 ``condition`` producing values of the types
        ``results``; use as ``with k.scf.if_(c) as branch:`` and
        ``with branch.else_():``."""
        op = self._b._append("scf.if", [_check_value(condition, "condition")],
                             [as_type(t) for t in results],
                             regions=[_Block(), _Block()])
        return IfOp(self._b, op)

    def yield_(self, *values):
        self._b.op("scf.yield", _check_values(values, "yielded value"), [])


class Wave(_Namespace):
    """The wave dialect's ops."""

    @staticmethod
    def _access_properties(map_, along, mask, cache, num_leading, indices,
                           fragment, bounded):
        props = {"operandSegmentSizes": _syntax.int_array(
            [1] * num_leading + [len(indices), 1 if mask is not None else 0],
            width=32)}
        if map_ is not None:
            props["map"] = str(affine_map(map_))
        if fragment is not None:
            props["fragment"] = _fragment_attr(fragment)
        if along is not None:
            props["along"] = f"{int(along)} : i64"
        if cache is not None:
            props["cache"] = f"#wave.cache<{cache}>"
        if bounded:
            props["bounded"] = "unit"
        return props

    def read(self, memref, indices, type_, *, map=None, along=None,
             mask=None, cache=None, fragment=None, bounded=False):
        """``wave.read`` of a ``vector`` type from ``memref``: element 0 at
        ``map(indices)`` (an AffineMap, a Python function or MLIR text),
        the rest along dimension ``along``; ``mask`` an i1 vector, ``cache``
        one of ``cached``, ``streaming``, ``uncached``. With ``fragment``
        (``(operand, kind)`` or ``(operand, kind, "transposed")``, operand
        ``"A"``, ``"B"`` or ``"acc"``) the lane reads its MMA fragment and
        ``map`` gives the position in whole fragments. With ``bounded`` the
        elements outside the memref's shape read as zero (the edge tiles of
        run-time sizes)."""
        memref = _check_value(memref, "memref")
        indices = _check_values(indices, "index")
        operands = [memref, *indices]
        if mask is not None:
            operands.append(_check_value(mask, "mask"))
        return self._b.op("wave.read", operands, [as_type(type_)],
                          properties=self._access_properties(
                              map, along, mask, cache, 1, indices, fragment,
                              bounded))

    def write(self, value, memref, indices, *, map=None, along=None,
              mask=None, cache=None, fragment=None, bounded=False):
        """``wave.write`` of a lane vector, addressed like ``read``; with
        ``bounded`` the elements outside the memref's shape are skipped."""
        indices = _check_values(indices, "index")
        operands = [_check_value(value, "value"),
                    _check_value(memref, "memref"), *indices]
        if mask is not None:
            operands.append(_check_value(mask, "mask"))
        self._b.op("wave.write", operands, [], properties=self
                   ._access_properties(map, along, mask, cache, 2, indices,
                                       fragment, bounded))

    def alloc_lds(self, shape, element, padding=None):
        """``wave.alloc_lds`` of a ``shape`` tile padded by ``padding``
        elements a dimension (the result type's strides follow)."""
        props = {}
        if padding is not None:
            props["padding"] = _syntax.int_array(padding)
        return self._b.op("wave.alloc_lds", [],
                          [lds_tile(shape, element, padding)],
                          properties=props)

    def barrier(self):
        self._b.op("wave.barrier", [], [])

    def mma(self, kind, a, b, acc, scales=None):
        """``wave.mma <kind>``: ``a * b + acc`` (``kind`` such as
        ``"f32_32x32x8_f16"``); a scaled kind takes ``scales``, the lane's
        E8M0 scales of A and of B."""
        acc = _check_value(acc, "acc")
        scale_values = ([_check_value(scales[0], "scale of A"),
                         _check_value(scales[1], "scale of B")]
                        if scales is not None else [])
        segments = [1, 1, 1] + ([1, 1] if scales is not None else [0, 0])
        return self._b.op("wave.mma", [_check_value(a, "a"),
                                       _check_value(b, "b"), acc,
                                       *scale_values],
                          [acc.type], properties={
                              "kind": f"#wave.mma<{kind}>",
                              "operandSegmentSizes": _syntax.int_array(
                                  segments, width=32)})

    def copy_tile(self, source, indices, tile, fragment, *, bounded=False):
        """``wave.copy_tile``: the block of ``source`` at block position
        ``indices`` (two indices, in tiles) into ``tile``, every wave
        copying whole ``fragment``s (``("A" or "B", kind)``, optionally with
        ``"transposed"``). With ``bounded`` the elements of the block outside
        ``source``'s shape are copied as zero."""
        indices = _check_values(indices, "index")
        props = {"fragment": _fragment_attr(fragment)}
        if bounded:
            props["bounded"] = "unit"
        self._b.op("wave.copy_tile",
                   [_check_value(source, "source"), *indices,
                    _check_value(tile, "tile")], [], properties=props)

    def mma_tile(self, a_tile, row, a_fragment, b_tile, col, b_fragment,
                 accs, grid=None):
        """``wave.mma_tile``: the MMAs of the accumulators ``accs`` (a
        ``grid`` of rows x columns, one by default, row-major) over every K
        fragment of ``a_tile`` (A fragments of fragment rows ``row * R +
        i``) and ``b_tile`` (B fragments of fragment columns ``col * C +
        j``). Returns the new accumulator, or a tuple of them."""
        accs = _check_values(accs, "acc")
        props = {"a_fragment": _fragment_attr(a_fragment),
                 "b_fragment": _fragment_attr(b_fragment)}
        if grid is not None:
            props["grid"] = _syntax.int_array(grid)
        return self._b.op("wave.mma_tile",
                          [_check_value(a_tile, "a_tile"),
                           _check_value(row, "row"),
                           _check_value(b_tile, "b_tile"),
                           _check_value(col, "col"), *accs],
                          [acc.type for acc in accs], properties=props)

    def reduce(self, kind, value):
        """``wave.reduce <kind>`` (add, mul, min, max, and, or, xor)."""
        value = _check_value(value, "value")
        return self._b.op("wave.reduce", [value], [value.type], properties={
            "kind": f"#wave.reduce<{kind}>"})

    def acc_to_operand(self, acc, acc_fragment, operand_fragment):
        """``wave.acc_to_operand``: the accumulator ``acc`` (a fragment
        ``("acc", kind)``) as the operand fragments ``operand_fragment``
        (``("A" or "B", kind)``) of the next MMA, converted to that kind's
        input type. For B the accumulator's rows are K and result ``j`` is
        the B fragment of its rows ``j * k ..``; for A its columns are K.
        Returns a tuple of ``M / k`` (B) or ``N / k`` (A) fragments. The
        verifier accepts it when every lane holds the elements it needs (the
        B fragments of a 32x32 or 16x16 accumulator of the same N)."""
        acc = _check_value(acc, "acc")
        acc_shape = _fragment_shape(acc_fragment)
        operand_shape = _fragment_shape(operand_fragment)
        operand = operand_fragment[0]
        if operand == "acc":
            raise ValueError("acc_to_operand converts into an A or B "
                             "fragment, not an accumulator")
        extent = acc_shape.m if operand == "B" else acc_shape.n
        count = extent // operand_shape.k
        if count == 0 or extent % operand_shape.k:
            raise ValueError(f"the {acc_shape.m}x{acc_shape.n} accumulator "
                             f"of {acc_fragment[1]} is no whole number of "
                             f"{operand} fragments of {operand_fragment[1]}")
        result = operand_shape.lane_type(operand)
        results = self._b.op("wave.acc_to_operand", [acc], [result] * count,
                             properties={
                                 "acc_fragment": _fragment_attr(acc_fragment),
                                 "operand_fragment":
                                     _fragment_attr(operand_fragment)})
        return results if isinstance(results, tuple) else (results,)

    def fragment_reduce(self, kind, accs, fragment, dim):
        """``wave.fragment_reduce <kind>`` (add, mul, min, max, ...) of the
        accumulator fragments ``accs`` (``fragment`` is ``("acc", kind)``),
        tiles side by side along ``dim``: ``dim=1`` combines each row over
        the tiles' columns, ``dim=0`` each column over their rows. The
        result holds one element for each line (column for ``dim=0``, row
        for ``dim=1``) the lane's slots lie on: 1 column, and 16 rows of a
        32x32 accumulator or 4 of a 16x16 one."""
        accs = [accs] if isinstance(accs, Value) else list(accs)
        accs = _check_values(accs, "acc")
        if not accs:
            raise ValueError("fragment_reduce needs at least one accumulator")
        shape = _fragment_shape(fragment)
        lines = shape.lines(_line_dim(dim))
        return self._b.op("wave.fragment_reduce", accs,
                          [VectorType([lines], accs[0].type.element)],
                          properties={"kind": f"#wave.reduce<{kind}>",
                                      "fragment": _fragment_attr(fragment),
                                      "dim": f"{int(dim)} : i64"})

    def fragment_broadcast(self, values, fragment, dim):
        """``wave.fragment_broadcast``: the per-line ``values`` (as
        ``fragment_reduce`` of ``fragment`` along ``dim`` returns them)
        spread over the accumulator's slots, each slot getting its line's
        value. No lane communicates."""
        values = _check_value(values, "values")
        shape = _fragment_shape(fragment)
        _line_dim(dim)
        return self._b.op("wave.fragment_broadcast", [values],
                          [VectorType([shape.per_lane("acc")],
                                      values.type.element)],
                          properties={"fragment": _fragment_attr(fragment),
                                      "dim": f"{int(dim)} : i64"})

    def fragment_index(self, fragment, dim):
        """``wave.fragment_index``: an i32 vector, element ``s`` the row
        (``dim=0``) or column (``dim=1``) within one fragment of the element
        the lane holds in slot ``s``. Add the tile's origin for the
        element's place in the problem (masks of keys past a length, causal
        masks)."""
        shape = _fragment_shape(fragment)
        if dim not in (0, 1):
            raise ValueError(f"dim must be 0 (rows) or 1 (columns), not "
                             f"{dim!r}")
        return self._b.op("wave.fragment_index", [],
                          [VectorType([shape.per_lane(fragment[0])], i32)],
                          properties={"fragment": _fragment_attr(fragment),
                                      "dim": f"{int(dim)} : i64"})

    def scan(self, kind, value, exclusive=False):
        value = _check_value(value, "value")
        props = {"kind": f"#wave.reduce<{kind}>"}
        if exclusive:
            props["exclusive"] = "unit"
        return self._b.op("wave.scan", [value], [value.type],
                          properties=props)

    def broadcast(self, value, lane):
        """``wave.broadcast``: every lane gets ``value`` of lane ``lane``."""
        value = _check_value(value, "value")
        return self._b.op("wave.broadcast", [value], [value.type],
                          properties={"lane": f"{int(lane)} : i64"})

    def shuffle(self, mode, value, offset):
        """``wave.shuffle <mode>`` (idx, up, down, xor) by an i32 offset."""
        value = _check_value(value, "value")
        return self._b.op("wave.shuffle", [value,
                                           _check_value(offset, "offset")],
                          [value.type], properties={
                              "mode": f"#wave.shuffle<{mode}>"})

    def ballot(self, predicate, type_=None):
        """``wave.ballot``: one bit a lane, i64 for waves of 64 (the
        kernel's wave size picks the default)."""
        if type_ is None:
            type_ = "i32" if self._b.wave_size == 32 else "i64"
        return self._b.op("wave.ballot", [_check_value(predicate,
                                                       "predicate")],
                          [as_type(type_)])

    def any(self, predicate):
        return self._b.op("wave.any", [_check_value(predicate, "predicate")],
                          [i1])

    def all(self, predicate):
        return self._b.op("wave.all", [_check_value(predicate, "predicate")],
                          [i1])


class KernelBuilder:
    """Builds one ``gpu.func`` kernel. Ops go to the innermost open region
    (``with`` a loop or branch), else to the kernel body."""

    def __init__(self, module_builder, name, arguments, *, block, grid=None,
                 chip=None, wave_size=64, occupancy=0, reference=None,
                 dims=None, noalias=(), assume=None):
        self.name = name
        self.wave_size = wave_size
        self._module_builder = module_builder
        if isinstance(arguments, dict):
            arguments = list(arguments.items())
        names = [n for n, _ in arguments]
        for n in names:
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n):
                raise ValueError(f"kernel '{name}': argument name {n!r} is "
                                 f"not an identifier")
        if len(set(names)) != len(names):
            raise ValueError(f"kernel '{name}' has duplicate argument names "
                             f"{names}")
        self._body = _Block([Value(self, f"%{n}", as_type(t))
                             for n, t in arguments])
        self._blocks = [self._body]
        self.arguments = tuple(self._body.args)
        properties = {
            "function_type": "(" + ", ".join(str(a.type) for a in
                                             self.arguments) + ") -> ()",
            "known_block_size": _syntax.int_array(_dim3(block), width=32),
        }
        if grid is not None:
            properties["known_grid_size"] = _syntax.int_array(_dim3(grid),
                                                              width=32)
        if dims or noalias:
            properties["arg_attrs"] = _arg_attrs(name, names, dims or {},
                                                 noalias)
        attributes = {"gpu.kernel": None, "sym_name": _syntax.quote(name),
                      "workgroup_attributions": "0 : i64"}
        if chip is not None:
            occupancy_text = f", occupancy = {occupancy}" if occupancy else ""
            attributes["wave.kernel"] = (
                f"#wave.kernel<chip = {_syntax.quote(chip)}, "
                f"wave_size = {wave_size}{occupancy_text}>")
        if reference is not None:
            attributes["wave.reference"] = f"@{reference}"
        if assume is not None:
            attributes["wave.assume"] = str(affine_set(assume))
        self._op = _Op("gpu.func", [], [], properties, attributes,
                       [self._body], _caller_location())
        self.arith = Arith(self)
        self.math = Math(self)
        self.gpu = Gpu(self)
        self.affine = Affine(self)
        self.memref = MemRef(self)
        self.vector = Vector(self)
        self.scf = Scf(self)
        self.wave = Wave(self)

    def __getitem__(self, name):
        """The argument called ``name``."""
        for arg in self.arguments:
            if arg.name == f"%{name}":
                return arg
        raise KeyError(f"kernel '{self.name}' has no argument '{name}'")

    def index(self, value):
        """``arith.constant value : index``."""
        return self.arith.constant(value, index)

    def op(self, name, operands, result_types, *, properties=None,
           attributes=None):
        """Any op without regions, in generic form: ``properties`` and
        ``attributes`` map names to MLIR attribute text (None for a unit
        attribute). Returns the result, a tuple of results, or None."""
        op = self._append(name, _check_values(operands, "operand"),
                          [as_type(t) for t in result_types],
                          properties=properties, attributes=attributes)
        if not op.results:
            return None
        return op.results[0] if len(op.results) == 1 else tuple(op.results)

    def _new_value(self, type_):
        return self._module_builder._new_value(self, type_)

    def _append(self, name, operands, result_types, *, properties=None,
                attributes=None, regions=()):
        if not self._blocks:
            raise ValueError(f"kernel '{self.name}' is finished")
        op = _Op(name, operands, result_types, properties, attributes,
                 list(regions), _caller_location())
        base = self._module_builder._new_name()
        if len(result_types) == 1:
            op.results = [Value(self, base, result_types[0])]
        else:
            op.results = [Value(self, f"{base}#{i}", t)
                          for i, t in enumerate(result_types)]
        self._blocks[-1].ops.append(op)
        return op

    def _finish(self):
        if len(self._blocks) > 1:
            raise ValueError(f"kernel '{self.name}' still has an open region")
        if self._blocks:
            if not self._body.terminated_by("gpu.return"):
                self._body.ops.append(_Op("gpu.return", [], [], None, None,
                                          [], self._op.location))
            self._blocks.clear()
        return self._op


_MMA_OPERANDS = ("A", "B", "acc")


def _arg_attrs(kernel, names, dims, noalias):
    """The ``arg_attrs`` giving each memref argument of ``dims`` (a name to
    the names of the size arguments of its run-time extents) its
    ``wave.dims``, and each argument named in ``noalias`` ``llvm.noalias``."""
    def position(n, what):
        if n not in names:
            raise ValueError(f"kernel '{kernel}' has no argument '{n}' "
                             f"({what})")
        return names.index(n)

    attrs = [[] for _ in names]
    for n in noalias:
        attrs[position(n, "noalias")].append("llvm.noalias")
    for memref_name, sizes in dims.items():
        attrs[position(memref_name, "dims")].append(
            "wave.dims = " + _syntax.int_array([position(n, "dims")
                                                for n in sizes]))
    return "[" + ", ".join("{" + ", ".join(a) + "}" for a in attrs) + "]"


def _fragment_attr(fragment):
    """``#wave.fragment<operand, kind[, transposed]>`` from a tuple."""
    if isinstance(fragment, str) or not 2 <= len(fragment) <= 3:
        raise ValueError(f"fragment must be (operand, kind) or (operand, "
                         f"kind, 'transposed'), not {fragment!r}")
    operand, kind, *flag = fragment
    if operand not in _MMA_OPERANDS:
        raise ValueError(f"fragment operand must be one of "
                         f"{', '.join(_MMA_OPERANDS)}, not {operand!r}")
    if flag and flag != ["transposed"]:
        raise ValueError(f"the third fragment entry can only be "
                         f"'transposed', not {flag[0]!r}")
    suffix = ", transposed" if flag else ""
    return f"#wave.fragment<{operand}, {kind}{suffix}>"


class _KindShape:
    """The shape of an MMA kind ``<acc>_<M>x<N>x<K>_<input>`` on a wave of
    64 lanes: the elements a lane holds of each operand."""

    def __init__(self, kind):
        match = re.fullmatch(r"(f32|i32)_(\d+)x(\d+)x(\d+)_(f16|bf16|i8|f32)",
                             kind)
        if match is None:
            raise ValueError(f"unknown MMA kind {kind!r}")
        acc, m, n, k, element = match.groups()
        self.m, self.n, self.k = int(m), int(n), int(k)
        self.acc_element = as_type(acc)
        self.element = as_type(element)

    def per_lane(self, operand):
        """Elements of an ``A``, ``B`` or ``acc`` fragment a lane holds."""
        extent = {"A": self.m * self.k, "B": self.k * self.n,
                  "acc": self.m * self.n}[operand]
        return extent // 64

    def lane_type(self, operand):
        element = self.acc_element if operand == "acc" else self.element
        return VectorType([self.per_lane(operand)], element)

    def lines(self, dim):
        """Lines of the accumulator a lane's slots lie on: one column
        (``dim=0``), and a row for each slot (``dim=1``)."""
        return 1 if dim == 0 else self.per_lane("acc")


def _fragment_shape(fragment):
    _fragment_attr(fragment)
    return _KindShape(fragment[1])


def _line_dim(dim):
    if dim not in (0, 1):
        raise ValueError(f"dim must be 0 (columns) or 1 (rows) of the "
                         f"accumulator, not {dim!r}")
    return dim


def _dim3(sizes):
    sizes = list(sizes)
    if not 1 <= len(sizes) <= 3:
        raise ValueError(f"expected 1 to 3 sizes, got {sizes}")
    return sizes + [1] * (3 - len(sizes))


class ModuleBuilder:
    """Builds a ``gpu.module`` of kernels."""

    def __init__(self, name):
        self.name = name
        self._kernels = []
        self._counter = 0
        self._location = _caller_location()

    def kernel(self, name, arguments, *, block, grid=None, chip=None,
               wave_size=64, occupancy=0, reference=None, dims=None,
               noalias=(), assume=None):
        """Adds a ``gpu.func`` kernel. ``arguments`` is a list of
        ``(name, type)`` pairs; ``block`` the workgroup size
        (``known_block_size``), ``grid`` the workgroups (``known_grid_size``);
        ``chip`` (with ``wave_size`` and ``occupancy``) adds the
        ``wave.kernel`` attribute, ``reference`` names a reference kernel;
        ``dims`` maps a memref argument of run-time extents to the names of
        the index arguments holding them (``wave.dims``); ``noalias`` names
        the memref arguments no other argument overlaps (``llvm.noalias``:
        the schedulers may move their reads across the others' accesses and
        barriers); ``assume`` is
        ``wave.assume``, what every launch guarantees of the arguments: a
        function of one symbolic dimension an argument returning
        expressions that are ``>= 0`` (``lambda a, n: (n - 1, 4096 - n)``,
        see ``affine_set``) or MLIR ``affine_set`` text."""
        kernel = KernelBuilder(self, name, arguments, block=block, grid=grid,
                               chip=chip, wave_size=wave_size,
                               occupancy=occupancy, reference=reference,
                               dims=dims, noalias=noalias, assume=assume)
        self._kernels.append(kernel)
        return kernel

    def _new_name(self):
        self._counter += 1
        return f"%{self._counter - 1}"

    def _new_value(self, kernel, type_):
        return Value(kernel, self._new_name(), type_)

    def _render(self):
        module = _Op("gpu.module", [], [], {"sym_name":
                                            _syntax.quote(self.name)},
                     None, [_Block()], self._location)
        module.regions[0].ops = [k._finish() for k in self._kernels]
        lines = []
        _render_op(module, "", lines)
        return lines

    def text(self):
        """The module as MLIR text (generic op form, with the Python
        locations). Finishes every kernel: a kernel whose body does not end
        with ``gpu.return`` gets one."""
        return "\n".join(line for line, _ in self._render()) + "\n"

    def build(self, context=None):
        """Parses and verifies the module; raises ``MLIRError`` with the
        diagnostics when it is invalid. Op verifiers report the Python line
        that built the op; errors the parser finds in the generated text (an
        attribute's verifier, such as an unknown chip) get a line naming the
        Python code that built that part of it."""
        from .ir import MLIRError, Module
        lines = self._render()
        source = f"{self.name}.mlir"
        try:
            return Module.parse("\n".join(line for line, _ in lines) + "\n",
                                name=source, context=context)
        except MLIRError as error:
            built_at = [f"{source}:{d.line}: built at {lines[d.line - 1][1]}"
                        for d in error.diagnostics
                        if d.file == source and 0 < d.line <= len(lines)
                        and lines[d.line - 1][1] is not None]
            if built_at:
                error.args = ("\n".join([str(error), *built_at]),)
            raise


__all__ = ["ModuleBuilder", "KernelBuilder", "Value", "ForLoop", "IfOp"]
