//===- InitAllDialects.h - Every dialect the wave tools know ----*- C++ -*-===//
//
// The one dialect registration wave-opt, wave-run, wave-compile and the
// Python module share, so a file one tool parses every other tool parses.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_INITALLDIALECTS_H
#define WAVE_INITALLDIALECTS_H

#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

namespace mlir::wave {

/// Registers the upstream dialects and extensions, the LLVM IR translations
/// the lowering needs, and the wave dialect.
inline void registerAllWaveDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registry.insert<WaveDialect>();
}

} // namespace mlir::wave

#endif // WAVE_INITALLDIALECTS_H
