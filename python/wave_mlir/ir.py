"""Modules and kernels parsed and verified by the C++ library."""
from . import _wave_mlir
from .types import SCALARS

#: Raised with the MLIR diagnostics (``.diagnostics``, each with
#: ``severity``, ``message``, ``location``, ``file``, ``line``, ``column``
#: and ``notes``) when parsing, verifying, a pass, compiling or an
#: interpreter run fails; ``str()`` holds their text.
MLIRError = _wave_mlir.MLIRError
Diagnostic = _wave_mlir.Diagnostic

_default_context = None


def native_options(cls, options, **fields):
    """An options struct of the C++ libraries (``_wave_mlir.CompileOptions``,
    ``InterpretOptions``) with ``fields`` and the keyword arguments
    ``options`` set; a None keeps the field's default. Unknown names raise
    ``TypeError`` listing the known ones."""
    native = cls()
    known = sorted(name for name in dir(native) if not name.startswith("_"))
    for name, value in {**fields, **options}.items():
        if name not in known:
            raise TypeError(f"unknown option '{name}'; {cls.__name__} has "
                            f"{', '.join(known)}")
        if value is not None:
            setattr(native, name, value)
    return native


def default_context():
    """The context modules use unless given another one."""
    global _default_context
    if _default_context is None:
        _default_context = _wave_mlir.Context()
    return _default_context


class Module:
    """A verified ``builtin.module``. ``str()`` prints it in the custom op
    form; ``module["name"]`` is the kernel called ``name``, and
    ``module["mod::name"]`` the one in ``gpu.module @mod`` (its ``path``),
    for kernels of one name in several modules."""

    def __init__(self, native):
        self._native = native

    @classmethod
    def parse(cls, text, name="<string>", context=None):
        """Parses and verifies MLIR text (``name`` appears in locations)."""
        return cls(_wave_mlir.Module.parse(context or default_context(), text,
                                           name))

    @classmethod
    def load(cls, path, context=None):
        """Parses and verifies an MLIR file."""
        with open(path, encoding="utf-8") as f:
            return cls.parse(f.read(), name=str(path), context=context)

    def __str__(self):
        return self.print()

    def print(self, generic=False, debug_info=False):
        """The module as text: in the generic op form if ``generic``, with
        locations if ``debug_info``."""
        return self._native.print(generic, debug_info)

    def verify(self):
        """Runs the verifier (raises ``MLIRError``)."""
        self._native.verify()

    def run_pipeline(self, pipeline):
        """Runs a pass pipeline on the module in place: any pass wave-opt
        knows, as ``"canonicalize,cse"`` or ``"builtin.module(...)"``.
        Returns the module."""
        self._native.run_pipeline(pipeline)
        return self

    def clone(self):
        return Module(self._native.clone())

    @property
    def kernels(self):
        """Every ``gpu.func`` kernel, in order."""
        return [Kernel(self, info) for info in self._native.kernels()]

    def __getitem__(self, name):
        kernels = self.kernels
        # A path as gpu.launch_func writes it, with or without its @s.
        parts = [part.strip().removeprefix("@") for part in name.split("::")]
        if len(parts) == 1:
            found = [k for k in kernels if k.name == parts[0]]
        else:
            found = [k for k in kernels if k.path == "::".join(parts)]
        if len(found) == 1:
            return found[0]
        if found:
            raise KeyError(f"'{name}' names {len(found)} kernels: "
                           f"{', '.join(k.path for k in found)}; choose one "
                           f"by its path, module['MODULE::NAME']")
        names = [k.name for k in kernels]
        listed = [k.name if names.count(k.name) == 1 else k.path
                  for k in kernels]
        raise KeyError(f"no kernel named '{name}' (kernels: "
                       f"{', '.join(listed)})")


class Argument:
    """A kernel argument: its MLIR type, element type and shape."""

    def __init__(self, info):
        self.type = info.type
        self.is_memref = info.is_memref
        self.shape = tuple(info.shape)
        #: The scalar type of the elements (None for types ``run`` cannot
        #: pass, such as vectors).
        self.element = SCALARS.get(info.element_type)

    def __repr__(self):
        return f"<wave_mlir.Argument {self.type}>"


class Kernel:
    """A ``gpu.func`` kernel of a module."""

    def __init__(self, module, info):
        self.module = module
        self.name = info.name
        self.gpu_module = info.gpu_module
        #: ``MODULE::NAME``: how ``module[...]``, ``run`` and wave-run's
        #: ``--kernel`` tell it from kernels of its name in other modules.
        self.path = info.path
        self.arguments = tuple(Argument(a) for a in info.arguments)
        self.block_size = info.block_size
        self.grid_size = info.grid_size
        #: From ``wave.kernel`` (None and 0 when the kernel has none).
        self.chip = info.chip or None
        self.wave_size = info.wave_size
        self.occupancy = info.occupancy
        self._reference = info.reference or None

    @property
    def reference(self):
        """The kernel ``wave.reference`` names, or None."""
        return self.module[self._reference] if self._reference else None

    def __repr__(self):
        return f"<wave_mlir.Kernel @{self.name}>"


def parse(text, name="<string>", context=None):
    """Parses and verifies MLIR text into a ``Module``."""
    return Module.parse(text, name, context)


def load(path, context=None):
    """Parses and verifies an MLIR file into a ``Module``."""
    return Module.load(path, context)
