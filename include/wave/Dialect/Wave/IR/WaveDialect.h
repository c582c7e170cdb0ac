//===- WaveDialect.h - The wave dialect -------------------------*- C++ -*-===//

#ifndef WAVE_DIALECT_WAVE_IR_WAVEDIALECT_H
#define WAVE_DIALECT_WAVE_IR_WAVEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dialect.h"

#include "wave/Dialect/Wave/IR/WaveDialect.h.inc"

#endif // WAVE_DIALECT_WAVE_IR_WAVEDIALECT_H
