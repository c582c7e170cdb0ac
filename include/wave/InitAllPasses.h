//===- InitAllPasses.h - Every pass the wave tools know ---------*- C++ -*-===//
//
// The one registration wave-opt and wave-run share, so a pipeline wave-opt
// accepts also runs under `wave-run --compare-pipeline`. The libraries that
// define these passes are ${WAVE_PASS_LIBS} in tools/CMakeLists.txt.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_INITALLPASSES_H
#define WAVE_INITALLPASSES_H

#include "wave/Conversion/Passes.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Pipelines/Optimize.h"
#include "wave/Pipelines/Pipelines.h"

#include "mlir/InitAllPasses.h"

namespace mlir::wave {

/// Registers the upstream passes, the wave passes and the named pipelines.
inline void registerAllWavePasses() {
  mlir::registerAllPasses();
  registerWaveTransformsPasses();
  registerWaveConversionPasses();
  registerWavePipelines();
  registerWaveOptimizePipeline();
}

} // namespace mlir::wave

#endif // WAVE_INITALLPASSES_H
