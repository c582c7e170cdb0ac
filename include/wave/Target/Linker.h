//===- Linker.h - Links AMDGPU objects into HSA code objects ----*- C++ -*-===//
//
// An HSA code object is a shared ELF object that `ld.lld` makes from the
// backend's relocatable object. LLD older than the LLVM that produced the
// object rejects it ("unknown abi version" for LLD 14 and LLVM 22 objects),
// so the linker's version is checked first to say so clearly.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_TARGET_LINKER_H
#define WAVE_TARGET_LINKER_H

#include "llvm/Support/Error.h"

#include <string>

namespace mlir::wave {

/// The `ld.lld` of the LLVM this project is built with.
llvm::StringRef getDefaultLinkerPath();

/// The major version in an `ld.lld --version` line (`Debian LLD 22.1.0
/// (compatible with GNU linkers)`), if it is LLD's.
std::optional<unsigned> parseLldMajorVersion(llvm::StringRef versionOutput);

/// Checks that `path` is an `ld.lld` able to link objects of this LLVM.
llvm::Error checkLinker(llvm::StringRef path);

/// Links the relocatable AMDGPU object `object` into an HSA code object with
/// the `ld.lld` at `linkerPath`.
llvm::Expected<std::string> linkCodeObject(llvm::StringRef object,
                                           llvm::StringRef linkerPath);

} // namespace mlir::wave

#endif // WAVE_TARGET_LINKER_H
