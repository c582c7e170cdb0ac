//===- TargetAttr.cpp - #wave.target's parameters -------------------------===//
//
// The attribute's compilation (gpu::TargetAttrInterface) is lib/Compiler's;
// here only what the IR can check without the back end.
//
//===----------------------------------------------------------------------===//

#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/WaveAttrs.h"

using namespace mlir;
using namespace mlir::wave;

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef chip, unsigned optLevel,
                                 unsigned codeObjectVersion, unsigned occupancy,
                                 bool memrefDescriptors,
                                 FastMathMode fastMath) {
  if (!lookupChip(chip))
    return emitError() << "unknown chip '" << chip
                       << "' (known: " << getKnownChipNames() << ")";
  if (optLevel > 3)
    return emitError() << "optimization level " << optLevel
                       << " is not one of 0 to 3";
  if (codeObjectVersion != 5 && codeObjectVersion != 6)
    return emitError() << "unsupported code object version "
                       << codeObjectVersion << " (5 or 6)";
  if (occupancy > 20)
    return emitError() << "requested occupancy " << occupancy
                       << " exceeds any chip's waves per SIMD";
  return success();
}
