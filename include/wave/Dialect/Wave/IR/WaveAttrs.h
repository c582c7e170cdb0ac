//===- WaveAttrs.h - Attributes of the wave dialect -------------*- C++ -*-===//

#ifndef WAVE_DIALECT_WAVE_IR_WAVEATTRS_H
#define WAVE_DIALECT_WAVE_IR_WAVEATTRS_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"

#include <array>

#include "wave/Dialect/Wave/IR/WaveEnums.h"

namespace mlir::wave {
/// Parses a non-negative integer that fits `unsigned` (wave size,
/// occupancy), rejecting a negative literal with a clear message.
FailureOr<unsigned> parseCountParameter(AsmParser &parser, StringRef name);
struct MmaLayout;
} // namespace mlir::wave

#define GET_ATTRDEF_CLASSES
#include "wave/Dialect/Wave/IR/WaveAttrs.h.inc"

#endif // WAVE_DIALECT_WAVE_IR_WAVEATTRS_H
