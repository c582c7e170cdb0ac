//===- Passes.h - Lowering of wave kernels to AMDGPU ------------*- C++ -*-===//

#ifndef WAVE_CONVERSION_PASSES_H
#define WAVE_CONVERSION_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "wave/Dialect/Wave/IR/WaveEnums.h"

namespace mlir::wave {

#define GEN_PASS_DECL
#include "wave/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "wave/Conversion/Passes.h.inc"

} // namespace mlir::wave

#endif // WAVE_CONVERSION_PASSES_H
