"""Makes the wave_mlir package of the build tree importable when PYTHONPATH
does not already name it (`python3 -m pytest python` from the checkout)."""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths  # noqa: E402

if importlib.util.find_spec("wave_mlir") is None:
    sys.path.insert(0, os.path.join(paths.BUILD_DIR, "python"))
    if importlib.util.find_spec("wave_mlir") is None:
        raise ImportError(
            f"wave_mlir is not built in {paths.BUILD_DIR}/python: build the "
            f"WavePython target (CMake enables it when pybind11-dev and "
            f"python3-dev are installed), or set WAVE_BUILD_DIR")
