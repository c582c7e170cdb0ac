//===- Api.h - The C++ API behind the wave_mlir Python module ---*- C++ -*-===//
//
// A small facade over the wave-mlir libraries for the Python bindings. Its
// interface uses only the C++ standard library: LLVM and MLIR are built
// without exceptions and RTTI, while pybind11 needs both, so the binding
// translation unit must not see (or subclass) LLVM's polymorphic classes.
// The options are the libraries' own structs (CompileOptions.h,
// InterpretOptions.h), kept to the standard library for this. Failures
// never throw here; they return false or null and fill a list of
// diagnostics, which the bindings turn into Python exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_PYTHON_API_H
#define WAVE_PYTHON_API_H

#include "wave/Compiler/CompileOptions.h"
#include "wave/Interpreter/InterpretOptions.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::wave::python {

/// One MLIR diagnostic with its location and attached notes.
struct Diagnostic {
  /// "error", "warning", "remark" or "note".
  std::string severity;
  std::string message;
  /// The location as MLIR prints it (`"file.py":12:0`), empty when unknown.
  std::string location;
  /// The innermost file/line/column of the location; empty file when none.
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  std::vector<Diagnostic> notes;

  /// `location: severity: message`, then the notes, one a line.
  std::string str() const;
};
using Diagnostics = std::vector<Diagnostic>;

/// An MLIRContext with the wave dialect and every upstream dialect and
/// extension wave-opt registers. Every module keeps its context alive.
class Context {
public:
  Context();
  ~Context();
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;

  struct Impl;
  Impl &getImpl() { return *impl; }

private:
  std::unique_ptr<Impl> impl;
};

/// A kernel argument of a `gpu.func`.
struct ArgumentInfo {
  /// The type as MLIR prints it.
  std::string type;
  /// For memrefs and scalars, the element type (`f16`, `index`, ...).
  std::string elementType;
  bool isMemRef = false;
  /// The memref's shape (empty for scalars and rank-0 memrefs).
  std::vector<int64_t> shape;
};

/// A `gpu.func ... kernel` of a module.
struct KernelInfo {
  std::string name;
  /// The enclosing `gpu.module`.
  std::string gpuModule;
  /// The path that names the kernel from the module (`MODULE::NAME`,
  /// wave::getKernelPath), which tells apart kernels of one name in
  /// several gpu.modules.
  std::string path;
  std::vector<ArgumentInfo> arguments;
  /// `known_block_size`, if present.
  std::optional<std::array<int64_t, 3>> blockSize;
  /// `known_grid_size`, if present.
  std::optional<std::array<int64_t, 3>> gridSize;
  /// From `wave.kernel`; empty chip and zero wave size when absent.
  std::string chip;
  unsigned waveSize = 0;
  unsigned occupancy = 0;
  /// The path of the kernel `wave.reference` names (its name where no
  /// kernel has it), empty when none.
  std::string reference;
};

/// How Module::print writes the IR.
struct PrintOptions {
  /// The generic op form (every op as `"dialect.op"(...)`).
  bool generic = false;
  /// Locations (`loc(...)`) after every op.
  bool debugInfo = false;
};

/// One kernel's resource usage, read back from the code object.
struct KernelResources {
  std::string name;
  unsigned vgprs = 0;
  /// Absent on chips without MFMA.
  std::optional<unsigned> agprs;
  unsigned sgprs = 0;
  unsigned vgprSpills = 0;
  unsigned sgprSpills = 0;
  uint64_t ldsBytes = 0;
  uint64_t scratchBytes = 0;
  bool dynamicStack = false;
  unsigned waveSize = 0;
  unsigned workgroupSize = 0;
  /// The workgroup shape the code object requires (`.reqd_workgroup_size`),
  /// which passes such as wave-coarsen-lanes may have changed.
  std::optional<std::array<unsigned, 3>> requiredBlockSize;
  /// Waves per SIMD, what limits them ("none", "VGPR", "SGPR", "LDS",
  /// "workgroup size") and the limit each resource alone imposes.
  unsigned occupancy = 0;
  std::string limiter;
  unsigned occupancyByVgprs = 0;
  unsigned occupancyBySgprs = 0;
  unsigned occupancyByWorkgroups = 0;
};

/// What Module::compile produces.
struct CompiledCode {
  std::string chip;
  /// The HSA code object (ELF).
  std::string codeObject;
  std::string assembly;
  std::vector<KernelResources> kernels;
  /// The report as wave-compile's `--resource-usage` and
  /// `--resource-usage=json` print it.
  std::string reportText;
  std::string reportJson;
};

/// One gpu.module of a program, as Module::compileProgram compiles it.
struct CompiledModule {
  /// The gpu.module's symbol name (wave-compile names its file after it).
  std::string name;
  CompiledCode code;
};

/// A parsed and verified builtin.module.
class Module {
public:
  /// Parses `text` (named `sourceName` in locations) and verifies it. Returns
  /// null with the parser's or verifier's diagnostics on failure.
  static std::unique_ptr<Module> parse(std::shared_ptr<Context> context,
                                       const std::string &text,
                                       const std::string &sourceName,
                                       Diagnostics &diagnostics);
  ~Module();

  std::string print(const PrintOptions &options) const;
  bool verify(Diagnostics &diagnostics) const;
  /// Runs a textual pass pipeline, either anchored
  /// (`builtin.module(canonicalize)`) or the list of passes nested under the
  /// module (`canonicalize,cse`), as wave-opt's `--pass-pipeline` and `-p` do.
  bool runPipeline(const std::string &pipeline, Diagnostics &diagnostics);
  std::unique_ptr<Module> clone() const;
  /// Every `gpu.func` kernel, in order.
  std::vector<KernelInfo> getKernels() const;

  /// Runs a copy of the module on the reference interpreter as wave-run
  /// does (interpret() of wave/Interpreter/Interpret.h), the arguments'
  /// contents from `options.arguments`. `outputs` receives every argument's
  /// contents after the kernel's run, in the same form, and `written` says
  /// which ones the kernel stores to. Fails with the interpreter's
  /// diagnostics (races, out-of-bounds accesses, ...), or, when the kernel
  /// was compared with another and the outputs differ, with what wave-run
  /// prints.
  bool interpret(const InterpretOptions &options,
                 std::vector<std::vector<uint64_t>> &outputs,
                 std::vector<bool> &written, Diagnostics &diagnostics) const;

  /// Compiles a copy of the module as wave-compile does (kernel-level
  /// optimizations, lowering, LLVM's AMDGPU backend, ld.lld) and reads the
  /// resource report back.
  bool compile(const CompileOptions &options, CompiledCode &result,
               Diagnostics &diagnostics) const;
  /// Compiles a copy of the module as a program, as wave-compile does a
  /// file of host code beside gpu.modules or gpu.launch ops
  /// (compileProgram() of wave/Compiler/Compiler.h): the launches outlined,
  /// then each gpu.module compiled into a code object of its own, in the
  /// order of the modules.
  bool compileProgram(const CompileOptions &options,
                      std::vector<CompiledModule> &result,
                      Diagnostics &diagnostics) const;

  struct Impl;

private:
  explicit Module(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace mlir::wave::python

#endif // WAVE_PYTHON_API_H
