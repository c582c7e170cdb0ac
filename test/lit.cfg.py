# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "WAVE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.wave_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs", "consumer", "lib"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%wave_src", config.wave_src_root))
config.substitutions.append(("%wave_obj", config.wave_obj_root))
config.substitutions.append(("%wave_tools", config.wave_tools_dir))
config.substitutions.append(("%cxx_compiler", config.cxx_compiler))
config.substitutions.append(("%cxx_launcher", config.cxx_launcher))
config.substitutions.append(("%examples", os.path.join(config.wave_src_root, "examples")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP",
                                    "ASAN_OPTIONS", "UBSAN_OPTIONS",
                                    "LSAN_OPTIONS"])
llvm_config.use_default_substitutions()

# LLVM 22's own tools (FileCheck, not, llvm-readelf, ...) come first: the PATH
# may hold older LLVM versions.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.wave_tools_dir, append_path=True)

tool_dirs = [config.wave_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("wave-opt", unresolved="ignore"),
    ToolSubst("wave-compile", unresolved="ignore"),
    ToolSubst("wave-run", unresolved="ignore"),
    ToolSubst("wave-lsp-server", unresolved="ignore"),
    ToolSubst("wave-reduce", unresolved="ignore"),
    ToolSubst("llvm-readelf", unresolved="ignore"),
    ToolSubst("llvm-objdump", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
