//===- InterpretOptions.h - What interpret() runs and how -------*- C++ -*-===//
//
// The options of interpret() (Interpret.h), in the standard library only:
// wave-run maps its flags to them, wave-fuzz sets them, and the Python
// bindings expose the struct field by field, which they could not do with
// LLVM types in it (the bindings are compiled with exceptions and RTTI and
// see no LLVM header).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_INTERPRETER_INTERPRETOPTIONS_H
#define WAVE_INTERPRETER_INTERPRETOPTIONS_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::wave {

/// What one run of a kernel may allocate by default, in MiB: its argument
/// buffers, LDS (with the race detector's shadow), private memory and
/// registers.
inline constexpr uint64_t kDefaultMemoryLimitMiB = 4096;
/// The steps (instructions, each executed by one wave for its active lanes)
/// one run may take by default: 500 times what the longest example run needs
/// (gemm_nk_128's reference, about 2 * 10^7), and about two minutes of CPU
/// time, so that a loop that never ends is reported rather than hangs.
inline constexpr uint64_t kDefaultMaxSteps = 10'000'000'000;

/// What interpret() runs, on what, and what it compares it with. Each field
/// is one of wave-run's flags (named at the field, docs/Interpreter.md) and
/// one of Python's keyword arguments (the field in snake case). interpret()'s
/// messages speak of the options by what they mean ("the memory limit"); an
/// error that another option would avoid names it as an InterpretOption
/// (Interpret.h's InterpretOptionError), for each front end to say how its
/// users give it.
struct InterpretOptions {
  /// `--kernel`: the kernel to run, by its name or, where kernels of
  /// several gpu.modules share it, by its path from the module
  /// (`MODULE::NAME`, gpu.launch_func's `@MODULE::@NAME`; getKernelPath);
  /// empty: the one kernel with `wave.reference`, else the module's only
  /// kernel.
  std::string kernel;
  /// Whether the kernel is compared with another: after `comparePipeline`
  /// with itself before it, else with `reference` (or its `wave.reference`,
  /// when it names one). Off, it runs alone.
  bool compare = true;
  /// `--reference`: the kernel to compare with, by its name in the
  /// kernel's gpu.module or by its path; empty: the kernel's
  /// `wave.reference`.
  std::string reference;
  /// `--compare-pipeline`: compare the kernel with itself after this pass
  /// pipeline (`builtin.module(...)` or the bare list of module passes).
  std::string comparePipeline;
  /// `--grid`: the workgroups to launch; default: `known_grid_size`.
  std::optional<std::array<int64_t, 3>> grid;
  /// `--seed`: the seed of the random argument contents.
  uint64_t seed = 0;
  /// `--input=ARG=FILE.npy`: argument contents from NumPy files.
  std::vector<std::string> inputs;
  /// `--scalar=ARG=VALUE`: values of integer and index arguments.
  std::vector<std::string> scalars;
  /// The contents of every argument by position, in place of random ones:
  /// the raw bits of its logical elements in row-major order (one for a
  /// scalar), zero-extended to 64 bits. Empty: random contents, `inputs`
  /// and `scalars`.
  std::vector<std::vector<uint64_t>> arguments;
  /// `--output-dir`: where to write the arguments each kernel writes as
  /// `.npy` files; empty: nowhere.
  std::string outputDir;
  /// `--rtol`, `--atol`: float tolerances; default: per element type.
  std::optional<double> rtol, atol;
  /// `--memory-limit`: the most memory, in MiB, a run may hold with the
  /// copies of the arguments kept to compare; default
  /// kDefaultMemoryLimitMiB. Given, it may not exceed the machine's.
  std::optional<uint64_t> memoryLimit;
  /// `--max-steps`: the most steps one run of a kernel may take.
  uint64_t maxSteps = kDefaultMaxSteps;
};

/// The options an error of interpret() may ask for, one a field of
/// InterpretOptions that a user gives (`arguments` and `compare` are set by
/// the front ends themselves).
enum class InterpretOption {
  Kernel,
  Reference,
  ComparePipeline,
  Grid,
  Seed,
  Inputs,
  Scalars,
  OutputDir,
  Rtol,
  Atol,
  MemoryLimit,
  MaxSteps,
};

/// The name of `option`'s field in InterpretOptions.
constexpr const char *getFieldName(InterpretOption option) {
  switch (option) {
  case InterpretOption::Kernel:
    return "kernel";
  case InterpretOption::Reference:
    return "reference";
  case InterpretOption::ComparePipeline:
    return "comparePipeline";
  case InterpretOption::Grid:
    return "grid";
  case InterpretOption::Seed:
    return "seed";
  case InterpretOption::Inputs:
    return "inputs";
  case InterpretOption::Scalars:
    return "scalars";
  case InterpretOption::OutputDir:
    return "outputDir";
  case InterpretOption::Rtol:
    return "rtol";
  case InterpretOption::Atol:
    return "atol";
  case InterpretOption::MemoryLimit:
    return "memoryLimit";
  case InterpretOption::MaxSteps:
    return "maxSteps";
  }
  return "";
}

} // namespace mlir::wave

#endif // WAVE_INTERPRETER_INTERPRETOPTIONS_H
