//===- WaveAttrs.h - Attributes of the wave dialect -------------*- C++ -*-===//

#ifndef WAVE_DIALECT_WAVE_IR_WAVEATTRS_H
#define WAVE_DIALECT_WAVE_IR_WAVEATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "wave/Dialect/Wave/IR/WaveEnums.h"

#define GET_ATTRDEF_CLASSES
#include "wave/Dialect/Wave/IR/WaveAttrs.h.inc"

#endif // WAVE_DIALECT_WAVE_IR_WAVEATTRS_H
