//===- PipelineBuffer.h - Where pipelined stages live -----------*- C++ -*-===//
//
// The choice wave-pipeline-loops makes for each loop, which the pipelines and
// the compiler options pass on.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_PIPELINEBUFFER_H
#define WAVE_DIALECT_WAVE_TRANSFORMS_PIPELINEBUFFER_H

#include "llvm/Support/CommandLine.h"

namespace mlir::wave {

/// Where wave-pipeline-loops keeps the stages it prefetches: registers, LDS
/// buffers, or LDS buffers for the loops whose MMAs cover a global read
/// (Auto).
enum class PipelineBuffer { Registers, Lds, Auto };

/// The values of the pipelines' `pipeline-in-lds` option: `auto` (the
/// pass's choice), `true` (LDS buffers) and `false` (registers), as
/// `wave-compile --pipeline-in-lds[=false]` spells them.
inline auto getPipelineInLdsValues() {
  return llvm::cl::values(
      clEnumValN(PipelineBuffer::Auto, "auto",
                 "LDS buffers for loops whose MMAs of an iteration cover a "
                 "global read (wave-pipeline-loops buffer=auto)"),
      clEnumValN(PipelineBuffer::Lds, "true", "always LDS buffers"),
      clEnumValN(PipelineBuffer::Registers, "false", "always registers"));
}

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_PIPELINEBUFFER_H
