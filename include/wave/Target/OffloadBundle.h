//===- OffloadBundle.h - HIP fat binaries -----------------------*- C++ -*-===//
//
// The clang offload bundle HIP runtimes load with hipModuleLoadData: the magic
// `__CLANG_OFFLOAD_BUNDLE__`, the number of entries, one (offset, size, id)
// record per entry, then the entries' bytes. A HIP device fat binary holds an
// empty host entry and one code object per processor.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_TARGET_OFFLOADBUNDLE_H
#define WAVE_TARGET_OFFLOADBUNDLE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::wave {

/// The bundle entry id of a HIP code object for `chip`:
/// `hipv4-amdgcn-amd-amdhsa--gfx942`.
std::string getHipOffloadEntryId(llvm::StringRef chip);

/// Writes the bytes clang's HIP toolchain produces with `clang-offload-bundler
/// -type=o -bundle-align=4096
/// -targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--CHIP
/// -input=/dev/null -input=CODE_OBJECT`.
void writeHipOffloadBundle(llvm::raw_ostream &os, llvm::StringRef codeObject,
                           llvm::StringRef chip);

} // namespace mlir::wave

#endif // WAVE_TARGET_OFFLOADBUNDLE_H
