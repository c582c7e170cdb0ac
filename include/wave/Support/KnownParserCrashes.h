//===- KnownParserCrashes.h - Input MLIR's parser crashes on -*- C++ -*-===//
//
// MLIR 22.1's parser crashes on a dense array of `index`, `array<index: 1>`:
// it asks the `index` type for a bit width (llvm-project#179045; later MLIR
// reports an error instead). Every reader of kernel text (wave-opt,
// wave-compile, wave-run, the Python module, wave-fuzz) rejects such input
// with a located error before it parses it, so that no input crashes a tool.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_SUPPORT_KNOWNPARSERCRASHES_H
#define WAVE_SUPPORT_KNOWNPARSERCRASHES_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::wave {

/// Reports each `array<index` of `text` that is not in a comment or a
/// string as an error at its line and column of `bufferName`; fails if there
/// is one.
inline LogicalResult rejectIndexDenseArrays(llvm::StringRef text,
                                            llvm::StringRef bufferName,
                                            MLIRContext *context) {
  bool found = false;
  unsigned line = 1;
  size_t lineStart = 0;
  for (size_t pos = text.find("array<"); pos != llvm::StringRef::npos;
       pos = text.find("array<", pos + 1)) {
    for (size_t next = text.find('\n', lineStart);
         next != llvm::StringRef::npos && next < pos;
         next = text.find('\n', lineStart)) {
      ++line;
      lineStart = next + 1;
    }
    llvm::StringRef prefix = text.slice(lineStart, pos);
    if (prefix.contains("//") || prefix.count('"') % 2 != 0)
      continue;
    if (pos > 0 && (llvm::isAlnum(text[pos - 1]) || text[pos - 1] == '_' ||
                    text[pos - 1] == '.' || text[pos - 1] == '$'))
      continue;
    llvm::StringRef rest = text.drop_front(pos + 6).ltrim();
    if (!rest.consume_front("index") || !(rest = rest.ltrim()).size() ||
        (rest.front() != ':' && rest.front() != '>'))
      continue;
    emitError(
        FileLineColLoc::get(context, bufferName, line, pos - lineStart + 1))
        << "dense arrays of 'index' are not supported (the MLIR 22 parser "
           "crashes on them); use i64 or i32";
    found = true;
  }
  return failure(found);
}

} // namespace mlir::wave

#endif // WAVE_SUPPORT_KNOWNPARSERCRASHES_H
