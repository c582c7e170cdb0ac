//===- CompileCLOptions.cpp - compile()'s options as command-line flags ---===//

#include "wave/Compiler/CompileCLOptions.h"

#include <cassert>
#include <optional>

using namespace mlir::wave;

namespace cl = llvm::cl;

namespace {
enum class FastMath { Off, On, Finite };

/// The flags, one for each field of CompileOptions but the outputs.
struct CompileCLOptions {
  explicit CompileCLOptions(cl::OptionCategory &category);

  cl::opt<std::string> chip;
  cl::opt<char> optLevel;
  cl::opt<cl::boolOrDefault> waveOptimize;
  cl::opt<unsigned> codeObjectVersion;
  cl::opt<unsigned> occupancy;
  cl::opt<std::string> lldPath;
  cl::opt<FastMath> fastMath;
  cl::opt<bool> directToLds;
  cl::opt<cl::boolOrDefault> pipelineInLds;
  cl::opt<bool> scheduleLoops;
  cl::opt<bool> pingPong;
  cl::opt<bool> coverBarriers;
  cl::opt<bool> interleaveMfmas;
  cl::opt<cl::boolOrDefault> memrefDescriptors;
  cl::opt<bool> verifyEach;
};
} // namespace

CompileCLOptions::CompileCLOptions(cl::OptionCategory &category)
    : chip("chip", cl::Required,
           cl::desc("AMDGPU processor (overrides the kernels' chip)"),
           cl::value_desc("gfx942"), cl::cat(category)),
      optLevel("O", cl::Prefix, cl::init('3'),
               cl::desc("Optimization level: -O0, -O1, -O2 or -O3 "
                        "(default)"),
               cl::cat(category)),
      waveOptimize(
          "wave-optimize",
          cl::desc("Run the wave-optimize pipeline before lowering (default: "
                   "at -O2 and -O3); =false measures what it buys"),
          cl::cat(category)),
      codeObjectVersion("code-object-version", cl::init(5),
                        cl::desc("HSA code object version, 5 (default) or 6"),
                        cl::cat(category)),
      occupancy(
          "occupancy", cl::init(0),
          cl::desc("Budget every kernel's registers for this many waves per "
                   "SIMD (wave-budget-registers; 0: each kernel's own "
                   "request)"),
          cl::cat(category)),
      lldPath("lld-path",
              cl::desc("ld.lld to link code objects with (default: the "
                       "one of the LLVM wave-compile is built with)"),
              cl::cat(category)),
      fastMath(
          "fast-math", cl::ValueOptional, cl::init(FastMath::Off),
          cl::desc("Trade accuracy for speed (wave-fast-math; "
                   "docs/passes/wave-fast-math.md has the error bounds)"),
          cl::values(
              clEnumValN(FastMath::On, "",
                         "approximate functions and reciprocals, contraction"),
              clEnumValN(FastMath::Finite, "finite",
                         "also assume no NaN and no infinity")),
          cl::cat(category)),
      directToLds(
          "direct-to-lds",
          cl::desc("With wave-optimize, copy staged tiles with global_load_lds "
                   "where their layout allows and pipeline them in LDS "
                   "buffers (wave-direct-to-lds; off by default)"),
          cl::cat(category)),
      pipelineInLds(
          "pipeline-in-lds",
          cl::desc("With wave-optimize, pipeline loops with the prefetched "
                   "stages in LDS buffers rather than in registers "
                   "(wave-pipeline-loops buffer=lds); =false: in registers. "
                   "Default: LDS buffers for the loops whose MMAs of an "
                   "iteration cover a global read (buffer=auto)"),
          cl::cat(category)),
      scheduleLoops(
          "schedule-loops",
          cl::desc("With wave-optimize, interleave loops' LDS reads with their "
                   "MFMAs by schedule groups where a model says it pays "
                   "(wave-schedule-loops; off by default)"),
          cl::cat(category)),
      pingPong("ping-pong",
               cl::desc("With wave-optimize, split the loops of 8-wave "
                        "workgroups into memory and MFMA phases, the two "
                        "waves of a SIMD a phase apart (wave-ping-pong; "
                        "=false: off)"),
               cl::init(true), cl::cat(category)),
      coverBarriers(
          "cover-barriers",
          cl::desc("With wave-optimize, move MFMAs of loops that no other "
                   "scheduling pass ordered to either side of the barrier "
                   "that waits for their LDS staging (wave-cover-barriers; "
                   "=false: off)"),
          cl::init(true), cl::cat(category)),
      interleaveMfmas(
          "interleave-mfmas",
          cl::desc("With wave-optimize, fill each MFMA's issue shadow in "
                   "loops with their other work and fence the order "
                   "(wave-interleave-mfmas; off by default)"),
          cl::cat(category)),
      memrefDescriptors(
          "memref-descriptors",
          cl::desc("Kernels take memrefs as upstream's memref descriptors; "
                   "=false: as bare pointers (HIP). Default: descriptors when "
                   "the input launches its kernels (gpu.launch, "
                   "gpu.launch_func), as gpu-to-llvm passes them"),
          cl::cat(category)),
      verifyEach("verify-each",
                 cl::desc("Verify the IR after every pass of the MLIR pipeline "
                          "(default: once, after the last)"),
                 cl::cat(category)) {}

/// The flags, once registered.
static std::optional<CompileCLOptions> clOptions;

void mlir::wave::registerCompileCLOptions(cl::OptionCategory &category) {
  assert(!clOptions && "compile options registered twice");
  clOptions.emplace(category);
}

static std::optional<bool> getBool(cl::boolOrDefault value) {
  if (value == cl::BOU_UNSET)
    return std::nullopt;
  return value == cl::BOU_TRUE;
}

llvm::Expected<CompileOptions> mlir::wave::getCompileOptionsFromCL() {
  assert(clOptions && "compile options not registered");
  const CompileCLOptions &flags = *clOptions;
  char level = flags.optLevel;
  if (level < '0' || level > '3')
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::Twine("unknown optimization level -O") + llvm::Twine(level) +
            " (-O0 to -O3)");
  CompileOptions options;
  options.chip = flags.chip;
  options.optLevel = level - '0';
  options.codeObjectVersion = flags.codeObjectVersion;
  options.occupancy = flags.occupancy;
  options.waveOptimize = getBool(flags.waveOptimize);
  options.fastMath = flags.fastMath != FastMath::Off;
  options.finiteMath = flags.fastMath == FastMath::Finite;
  options.directToLds = flags.directToLds;
  options.pipelineInLds = getBool(flags.pipelineInLds);
  options.scheduleLoops = flags.scheduleLoops;
  options.pingPong = flags.pingPong;
  options.coverBarriers = flags.coverBarriers;
  options.interleaveMfmas = flags.interleaveMfmas;
  options.memrefDescriptors = getBool(flags.memrefDescriptors);
  options.linkerPath = flags.lldPath;
  options.verifyEachPass = flags.verifyEach;
  return options;
}
