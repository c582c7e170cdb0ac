//===- WaveEnums.h - Enumerations of the wave dialect -----------*- C++ -*-===//

#ifndef WAVE_DIALECT_WAVE_IR_WAVEENUMS_H
#define WAVE_DIALECT_WAVE_IR_WAVEENUMS_H

#include "mlir/IR/OpImplementation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

#include "wave/Dialect/Wave/IR/WaveEnums.h.inc"

#endif // WAVE_DIALECT_WAVE_IR_WAVEENUMS_H
