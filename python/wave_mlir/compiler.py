"""Compiling kernels to HSA code objects, as wave-compile does."""
import dataclasses
import json
from typing import Optional

from . import _wave_mlir
from .ir import Kernel, Module, native_options


@dataclasses.dataclass(frozen=True)
class ResourceReport:
    """One kernel's resource usage, read back from the code object's
    metadata (the figures of clang's ``kernel-resource-usage`` remarks)."""
    kernel: str
    vgprs: int
    #: None on chips without MFMA.
    agprs: Optional[int]
    sgprs: int
    #: ``ScratchSize [bytes/lane]``.
    scratch_bytes: int
    dynamic_stack: bool
    #: Waves per SIMD, and the resource that limits them ("none", "VGPR",
    #: "SGPR", "LDS", "workgroup size").
    occupancy: int
    occupancy_limiter: str
    sgpr_spills: int
    vgpr_spills: int
    #: ``LDS Size [bytes/block]``.
    lds_bytes: int
    wave_size: int
    workgroup_size: int
    #: The (x, y, z) workgroup the code object must be launched with, or
    #: None when it states none; at -O3 lane coarsening may have shrunk it
    #: from the kernel's ``known_block_size``.
    block_size: Optional[tuple]
    #: The occupancy each resource alone allows.
    occupancy_by_vgprs: int
    occupancy_by_sgprs: int
    occupancy_by_workgroups: int

    @classmethod
    def _from_native(cls, k):
        return cls(kernel=k.name, vgprs=k.vgprs, agprs=k.agprs, sgprs=k.sgprs,
                   scratch_bytes=k.scratch_bytes,
                   dynamic_stack=k.dynamic_stack, occupancy=k.occupancy,
                   occupancy_limiter=k.limiter, sgpr_spills=k.sgpr_spills,
                   vgpr_spills=k.vgpr_spills, lds_bytes=k.lds_bytes,
                   wave_size=k.wave_size, workgroup_size=k.workgroup_size,
                   block_size=None if k.block_size is None
                   else tuple(k.block_size),
                   occupancy_by_vgprs=k.occupancy_by_vgprs,
                   occupancy_by_sgprs=k.occupancy_by_sgprs,
                   occupancy_by_workgroups=k.occupancy_by_workgroups)


class CodeObject:
    """An HSA code object for one chip (what ``hipModuleLoadData`` loads):
    ``bytes(code)``, ``save(path)``, the ``assembly`` it was generated as,
    and the resource ``reports`` of its kernels."""

    def __init__(self, native, kernel):
        self.chip = native.chip
        self.data = native.code_object
        self.assembly = native.assembly
        #: Kernel name -> ResourceReport, for every kernel of the module.
        self.reports = {k.name: ResourceReport._from_native(k)
                        for k in native.kernels}
        #: The report as ``wave-compile --resource-usage`` prints it.
        self.report_text = native.report_text
        #: ... and as ``--resource-usage=json`` does (parsed).
        self.report_json = json.loads(native.report_json)
        self._kernel = kernel

    @property
    def report(self):
        """The report of the kernel compiled (of the module's only kernel
        when a module was compiled)."""
        if self._kernel is not None:
            return self.reports[self._kernel]
        if len(self.reports) != 1:
            raise ValueError(f"the code object has kernels "
                             f"{', '.join(self.reports)}: use reports[name]")
        return next(iter(self.reports.values()))

    def __bytes__(self):
        return self.data

    def __len__(self):
        return len(self.data)

    def save(self, path):
        """Writes the code object (an ELF ``.hsaco``) to ``path``."""
        with open(path, "wb") as f:
            f.write(self.data)

    def __repr__(self):
        return (f"<wave_mlir.CodeObject {self.chip}, {len(self.data)} bytes, "
                f"kernels {', '.join(self.reports)}>")


def compile(kernel, chip=None, **options):
    """Compiles the module of ``kernel`` (a ``Kernel``, or a ``Module``) to a
    ``CodeObject``, exactly as ``wave-compile --chip=CHIP`` with the flags of
    ``options`` would: the kernel-level optimizations, the lowering, LLVM's
    AMDGPU backend and ld.lld. ``chip`` defaults to the kernel's
    ``wave.kernel`` chip. ``options`` are the fields of ``CompileOptions``
    (the C++ ``CompileOptions``), with its defaults: ``opt_level`` (3),
    ``code_object_version`` (5), ``occupancy`` (the waves per SIMD every
    kernel's registers are budgeted for; 0: each kernel's ``wave.kernel``
    occupancy), ``wave_optimize`` (None: at ``opt_level`` 2 and 3),
    ``fast_math`` and ``finite_math`` (``--fast-math``,
    ``--fast-math=finite``), ``direct_to_lds``,
    ``schedule_loops`` and ``interleave_mfmas`` (``--direct-to-lds``,
    ``--schedule-loops``, ``--interleave-mfmas``: optimizations that are off
    by default), ``ping_pong`` (``--ping-pong``, on by default: the loops
    of 8-wave workgroups in memory and MFMA phases, the two waves of a SIMD
    a phase apart), ``cover_barriers`` (``--cover-barriers``, on by default:
    MFMAs of a loop on either side of the barrier that waits for its LDS
    staging), ``pipeline_in_lds`` (``--pipeline-in-lds``: True for LDS
    buffers, False for registers; None: each loop's choice, LDS buffers where
    an iteration's MMAs cover a global read),
    ``memref_descriptors`` (kernels take memrefs
    as upstream's memref descriptors rather than bare pointers; None: only a
    program that launches its kernels), ``lld_path`` and ``verify_each``
    (the MLIR verifier after every pass rather than once on the lowered
    module); None keeps the default. Raises ``MLIRError`` with the diagnostics on failure
    (an unknown chip, a kernel the lowering rejects, a missing linker)."""
    if isinstance(kernel, Kernel):
        module, name = kernel.module, kernel.name
    elif isinstance(kernel, Module):
        module, name = kernel, None
    else:
        raise TypeError(f"expected a wave_mlir.Kernel or Module, got "
                        f"{kernel!r}")
    native = native_options(_wave_mlir.CompileOptions, options,
                            chip=_chip(module, chip, name))
    return CodeObject(module._native.compile(native), name)


def _chip(module, chip, name=None):
    """``chip``, else the one chip the ``wave.kernel`` attributes of the
    module's kernels (of kernel ``name`` only, if given) name."""
    if chip is not None:
        return chip
    chips = {k.chip for k in module.kernels if k.chip is not None
             and (name is None or k.name == name)}
    if len(chips) != 1:
        raise ValueError("pass chip=...: the kernels do not name one chip")
    return chips.pop()


def compile_program(module, chip=None, **options):
    """Compiles a program, a ``Module`` of host code beside any number of
    ``gpu.module``s or with kernels still ``gpu.launch`` bodies, exactly as
    ``wave-compile --chip=CHIP`` compiles such a file: the launches are
    outlined (``wave-outline-launches``), then each ``gpu.module`` is
    compiled into a code object of its own, and the host code is left
    alone. Returns a dict from each ``gpu.module``'s name (the name of the
    file wave-compile writes for it, less the extension) to its
    ``CodeObject``, in the modules' order; a module of one ``gpu.module``
    and nothing else gives a dict of one. ``chip`` and ``options`` are
    those of ``compile()``; ``memref_descriptors`` defaults, as in
    wave-compile, to descriptors when the program launches its kernels
    (``gpu.launch``, ``gpu.launch_func``). Raises ``MLIRError`` with the
    diagnostics on failure (a launch that cannot be outlined, no kernel at
    all)."""
    if not isinstance(module, Module):
        raise TypeError(f"expected a wave_mlir.Module, got {module!r}")
    native = native_options(_wave_mlir.CompileOptions, options,
                            chip=_chip(module, chip))
    return {name: CodeObject(code, None)
            for name, code in module._native.compile_program(native)}
