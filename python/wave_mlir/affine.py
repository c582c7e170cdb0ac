"""Affine maps written as Python functions.

``affine_map(lambda t, wg: (wg * 256 + t,))`` calls the function on symbolic
dimensions and records the expressions: ``+``, ``-``, ``*`` (by a constant),
``%`` (MLIR ``mod``) and ``//`` (``floordiv``) keep their Python meaning
(both round towards minus infinity, as MLIR's do). The map prints fully
parenthesized, so MLIR's parser builds exactly the expression tree the Python
code evaluated. ``affine_set(lambda m, n: (m - 1, 4096 - n))`` records an
integer set the same way, each expression constrained to be ``>= 0``.
"""


class AffineExpr:
    """A node of an affine expression."""

    def _binary(self, op, other, swap=False):
        other = _as_expr(other)
        if other is None:
            return NotImplemented
        return _Binary(op, other, self) if swap else _Binary(op, self, other)

    def __add__(self, other):
        return self._binary("+", other)

    def __radd__(self, other):
        return self._binary("+", other, swap=True)

    def __sub__(self, other):
        return self._binary("-", other)

    def __rsub__(self, other):
        return self._binary("-", other, swap=True)

    def __mul__(self, other):
        return self._binary("*", other)

    def __rmul__(self, other):
        return self._binary("*", other, swap=True)

    def __mod__(self, other):
        return self._binary("mod", other)

    def __floordiv__(self, other):
        return self._binary("floordiv", other)

    def __neg__(self):
        return _Binary("*", self, _Constant(-1))

    def ceildiv(self, other):
        """MLIR's ``ceildiv`` (Python has no operator for it)."""
        return self._binary("ceildiv", other)


class _Dim(AffineExpr):
    def __init__(self, position):
        self.position = position

    def __str__(self):
        return f"d{self.position}"


class _Symbol(AffineExpr):
    def __init__(self, position):
        self.position = position

    def __str__(self):
        return f"s{self.position}"


class _Constant(AffineExpr):
    def __init__(self, value):
        self.value = value

    def __str__(self):
        return str(self.value)


class _Binary(AffineExpr):
    def __init__(self, op, lhs, rhs):
        self.op, self.lhs, self.rhs = op, lhs, rhs

    def __str__(self):
        return f"({self.lhs} {self.op} {self.rhs})"


def _as_expr(value):
    if isinstance(value, AffineExpr):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return _Constant(value)
    return None


class AffineMap:
    """An affine map with ``num_dims`` dimensions, ``num_symbols`` symbols and
    one expression per result."""

    def __init__(self, num_dims, num_symbols, results):
        self.num_dims = num_dims
        self.num_symbols = num_symbols
        self.results = tuple(results)

    def __str__(self):
        dims = ", ".join(f"d{i}" for i in range(self.num_dims))
        syms = ""
        if self.num_symbols:
            syms = "[" + ", ".join(f"s{i}" for i in range(self.num_symbols)) \
                + "]"
        results = ", ".join(str(r) for r in self.results)
        return f"affine_map<({dims}){syms} -> ({results})>"

    def __repr__(self):
        return f"wave_mlir.AffineMap({str(self)!r})"


class _Text:
    """An affine map or set given as MLIR text, passed through unchanged
    (``keyword`` is ``affine_map`` or ``affine_set``)."""

    def __init__(self, keyword, text):
        self.keyword = keyword
        self.text = text if text.startswith(f"{keyword}<") else \
            f"{keyword}<{text}>"

    def __str__(self):
        return self.text


def _evaluate(function, arguments, what):
    """The affine expressions ``function`` returns (one or a tuple) when
    called on ``arguments``."""
    results = function(*arguments)
    if not isinstance(results, (tuple, list)):
        results = (results,)
    exprs = []
    for r in results:
        expr = _as_expr(r)
        if expr is None:
            raise TypeError(f"{what}: {r!r} is not an affine expression")
        exprs.append(expr)
    return exprs


def affine_map(function, num_symbols=0):
    """The map computed by ``function``, called with one symbolic dimension a
    parameter; with ``num_symbols``, its last parameters are symbols.

    ``function`` returns one expression or a tuple of them. An MLIR string
    (``"(d0, d1) -> (d0 * 4 + d1)"``, with or without ``affine_map<>``) is
    accepted as well.
    """
    if isinstance(function, AffineMap) or (
            isinstance(function, _Text) and function.keyword == "affine_map"):
        return function
    if isinstance(function, str):
        return _Text("affine_map", function)
    code = function.__code__
    num_params = code.co_argcount
    num_dims = num_params - num_symbols
    if num_dims < 0:
        raise ValueError(f"affine_map: {num_symbols} symbols but the "
                         f"function takes {num_params} parameters")
    symbols = [_Symbol(i) for i in range(num_symbols)]
    dims = [_Dim(i) for i in range(num_dims)]
    exprs = _evaluate(function, dims + symbols, "affine_map")
    return AffineMap(num_dims, num_symbols, exprs)


class AffineSet:
    """An integer set of ``num_dims`` dimensions: every constraint
    expression is ``>= 0``."""

    def __init__(self, num_dims, constraints):
        self.num_dims = num_dims
        self.constraints = tuple(constraints)

    def __str__(self):
        dims = ", ".join(f"d{i}" for i in range(self.num_dims))
        body = ", ".join(f"{c} >= 0" for c in self.constraints)
        return f"affine_set<({dims}) : ({body})>"

    def __repr__(self):
        return f"wave_mlir.AffineSet({str(self)!r})"


def affine_set(function):
    """The set of points where every expression ``function`` returns (called
    with one symbolic dimension a parameter) is non-negative. An MLIR string
    (``"(d0) : (d0 - 1 >= 0)"``, with or without ``affine_set<>``) is
    accepted as well."""
    if isinstance(function, AffineSet) or (
            isinstance(function, _Text) and function.keyword == "affine_set"):
        return function
    if isinstance(function, str):
        return _Text("affine_set", function)
    num_dims = function.__code__.co_argcount
    exprs = _evaluate(function, [_Dim(i) for i in range(num_dims)],
                      "affine_set")
    return AffineSet(num_dims, exprs)
