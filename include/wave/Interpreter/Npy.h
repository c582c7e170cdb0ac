//===- Npy.h - NumPy .npy files for interpreter buffers ---------*- C++ -*-===//
//
// Reads and writes the NumPy format (version 1.0 written; 1.0, 2.0 and 3.0
// read), little-endian, C order. bf16 has no NumPy dtype and travels as
// `<u2` (its raw bits).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_INTERPRETER_NPY_H
#define WAVE_INTERPRETER_NPY_H

#include "wave/Interpreter/Buffer.h"

#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::wave {

/// Writes the logical elements of `buffer` to `path`.
LogicalResult writeNpy(StringRef path, const Buffer &buffer,
                       std::string &error);

/// Reads `path` into `buffer`, whose element type and shape the file must
/// match.
LogicalResult readNpy(StringRef path, Buffer &buffer, std::string &error);

/// The shape of the array in `path`.
FailureOr<SmallVector<int64_t>> readNpyShape(StringRef path,
                                             std::string &error);

/// The same on memory: the bytes of a .npy file.
std::string encodeNpy(const Buffer &buffer);
LogicalResult decodeNpy(StringRef bytes, Buffer &buffer, std::string &error);

} // namespace mlir::wave

#endif // WAVE_INTERPRETER_NPY_H
