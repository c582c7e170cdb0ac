//===- Passes.td - Kernel-level passes of the wave dialect -*- tablegen -*-===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_TD
#define WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// One definition per pass: summary, description, options, statistics.

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_TD
