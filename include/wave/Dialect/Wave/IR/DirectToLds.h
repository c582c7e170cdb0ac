//===- DirectToLds.h - The mark of a direct-to-LDS copy ---------*- C++ -*-===//
//
// `wave-direct-to-lds` marks the `wave.write` of an LDS tile whose value a
// global `wave.read` just before it gives, when the pair may be one
// `global_load_lds` (lanes of a wave write consecutive LDS addresses). The
// pair keeps its meaning for every analysis and the interpreter; the lowering
// (`convert-wave-to-amdgpu`) makes it one `amdgpu.gather_to_lds`.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_DIRECTTOLDS_H
#define WAVE_DIALECT_WAVE_IR_DIRECTTOLDS_H

#include "llvm/ADT/StringRef.h"

namespace mlir::wave {

/// Unit attribute of a `wave.write` to LDS whose value is the result of the
/// global `wave.read` of its block (only address arithmetic and barriers
/// between them):
/// the two are one direct-to-LDS copy.
inline constexpr llvm::StringLiteral kDirectToLdsAttrName =
    "wave.direct_to_lds";

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_DIRECTTOLDS_H
