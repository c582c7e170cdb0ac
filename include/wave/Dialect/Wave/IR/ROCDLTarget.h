//===- ROCDLTarget.h - The #rocdl.target of a lowered module ----*- C++ -*-===//
//
// After `wave-attach-target`, a gpu.module's `#rocdl.target` carries what the
// rest of the lowering needs: the chip, the wave size (as the target feature
// `+wavefrontsize32` or `+wavefrontsize64`) and the code object version (as
// the ABI, `500` for version 5).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_ROCDLTARGET_H
#define WAVE_DIALECT_WAVE_IR_ROCDLTARGET_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

namespace mlir::wave {

/// The module's `#rocdl.target`, or null.
ROCDL::ROCDLTargetAttr getROCDLTarget(gpu::GPUModuleOp module);

/// The target feature selecting waves of `waveSize` lanes.
std::string getWaveSizeFeature(unsigned waveSize);

/// The wave size `target`'s features select, if they select one.
std::optional<unsigned> getWaveSize(ROCDL::ROCDLTargetAttr target);

/// The ABI string of a code object version (`500` for 5).
std::string getCodeObjectAbi(unsigned codeObjectVersion);

/// The code object version of an ABI string, if it is one.
std::optional<unsigned> parseCodeObjectAbi(StringRef abi);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_ROCDLTARGET_H
