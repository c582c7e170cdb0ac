"""Launching compiled kernels on an AMD GPU through the HIP runtime (ctypes,
no build-time dependency): ``hipModuleLoadData`` on the code object,
``hipModuleLaunchKernel`` with one device buffer per memref argument (the
lowering passes memrefs as bare pointers) and scalars by value."""
import ctypes
import re

import numpy as np

from .runner import check_arguments

_HIP_LIBRARIES = ("libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5")
_MEMCPY_HOST_TO_DEVICE = 1
_MEMCPY_DEVICE_TO_HOST = 2


class GpuUnavailableError(RuntimeError):
    """No HIP runtime can be loaded, or it finds no AMD GPU."""


class _Runtime:
    def __init__(self):
        errors = []
        for name in _HIP_LIBRARIES:
            try:
                self.lib = ctypes.CDLL(name)
                break
            except OSError as e:
                errors.append(str(e))
        else:
            raise GpuUnavailableError(
                "no HIP runtime: cannot load libamdhip64.so (" +
                "; ".join(errors) + ")")
        self.lib.hipGetErrorString.restype = ctypes.c_char_p
        count = ctypes.c_int(0)
        status = self.lib.hipGetDeviceCount(ctypes.byref(count))
        if status != 0 or count.value == 0:
            raise GpuUnavailableError(
                f"the HIP runtime finds no AMD GPU (hipGetDeviceCount: "
                f"{self._error(status) if status else '0 devices'})")

    def _error(self, status):
        return self.lib.hipGetErrorString(status).decode()

    def call(self, name, *args):
        status = getattr(self.lib, name)(*args)
        if status != 0:
            raise RuntimeError(f"{name} failed: {self._error(status)}")

    def chip(self):
        """The processor of device 0 (``gfx942``), from ``gcnArchName`` of
        its ``hipDeviceProp_t``. The struct's layout differs between HIP
        versions, so the name is looked for rather than read at an offset;
        the buffer is larger than any version's struct."""
        props = ctypes.create_string_buffer(16384)
        self.call("hipGetDeviceProperties", props, 0)
        match = re.search(rb"gfx[0-9a-f]+", props.raw)
        if match is None:
            raise GpuUnavailableError("cannot tell the GPU's processor from "
                                      "hipGetDeviceProperties")
        return match.group().decode()


_runtime = None


def runtime():
    """The HIP runtime with a device, loaded once; raises
    ``GpuUnavailableError`` saying why there is none."""
    global _runtime
    if _runtime is None:
        _runtime = _Runtime()
    return _runtime


def available():
    """(True, chip) when an AMD GPU can run kernels, else (False, reason)."""
    try:
        return True, runtime().chip()
    except GpuUnavailableError as e:
        return False, str(e)


def launch(kernel, *values, grid):
    """Compiles ``kernel`` for the GPU found and runs it over ``grid``;
    memref arrays are copied to the device and back."""
    hip = runtime()
    from .compiler import compile as compile_kernel
    arrays = check_arguments(kernel, values)
    code = compile_kernel(kernel, chip=hip.chip())

    module = ctypes.c_void_p()
    hip.call("hipModuleLoadData", ctypes.byref(module), bytes(code))
    buffers = []
    try:
        function = ctypes.c_void_p()
        hip.call("hipModuleGetFunction", ctypes.byref(function), module,
                 kernel.name.encode())
        slots = []
        for array, arg in zip(arrays, kernel.arguments):
            if arg.is_memref:
                pointer = ctypes.c_void_p()
                hip.call("hipMalloc", ctypes.byref(pointer),
                         ctypes.c_size_t(max(array.nbytes, 1)))
                buffers.append((pointer, array))
                host = np.ascontiguousarray(array)
                hip.call("hipMemcpy", pointer, host.ctypes.data_as(
                    ctypes.c_void_p), ctypes.c_size_t(array.nbytes),
                    _MEMCPY_HOST_TO_DEVICE)
                slots.append(pointer)
            else:
                slots.append(ctypes.create_string_buffer(array.tobytes(),
                                                         array.nbytes))
        # kernelParams: the address of each argument's value; HIP packs them
        # as the code object's metadata lays them out.
        params = (ctypes.c_void_p * len(slots))(
            *[ctypes.addressof(s) for s in slots])
        # The launch the code object needs: passes may have changed the
        # source's workgroup (wave-coarsen-lanes at -O3).
        block = code.reports[kernel.name].block_size or kernel.block_size
        hip.call("hipModuleLaunchKernel", function,
                 *[ctypes.c_uint(g) for g in grid],
                 *[ctypes.c_uint(b) for b in block], ctypes.c_uint(0),
                 ctypes.c_void_p(), params, ctypes.c_void_p())
        hip.call("hipDeviceSynchronize")
        for pointer, array in buffers:
            host = np.empty_like(array)
            hip.call("hipMemcpy", host.ctypes.data_as(ctypes.c_void_p),
                     pointer, ctypes.c_size_t(array.nbytes),
                     _MEMCPY_DEVICE_TO_HOST)
            array[...] = host
    finally:
        for pointer, _ in buffers:
            hip.lib.hipFree(pointer)
        hip.lib.hipModuleUnload(module)
