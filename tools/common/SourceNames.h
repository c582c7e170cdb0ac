//===- SourceNames.h - SSA names in a kernel file's text --------*- C++ -*-===//
//
// The parser keeps a block argument's location (the `%name` token) but not
// its name. The tools read the name back from the text at that location, so
// that `wave-opt` prints kernels with their arguments' names and `wave-run`
// reports on `A` and `C` rather than `arg0` and `arg2`.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_TOOLS_COMMON_SOURCENAMES_H
#define WAVE_TOOLS_COMMON_SOURCENAMES_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LineIterator.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <optional>
#include <string>

namespace mlir::wave {

/// The name of the SSA value `%name` that starts at `line`:`column` (both
/// from 1) of `text`, without the `%`; none when no SSA name starts there.
inline std::optional<std::string> getSsaNameAt(llvm::StringRef text,
                                               unsigned line, unsigned column) {
  if (line == 0 || column == 0)
    return std::nullopt;
  llvm::line_iterator lines(llvm::MemoryBufferRef(text, ""),
                            /*SkipBlanks=*/false);
  while (!lines.is_at_end() && lines.line_number() < int64_t(line))
    ++lines;
  if (lines.is_at_end() || column > lines->size())
    return std::nullopt;
  llvm::StringRef rest = lines->drop_front(column - 1);
  if (!rest.consume_front("%"))
    return std::nullopt;
  llvm::StringRef name = rest.take_while([](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
  });
  if (name.empty())
    return std::nullopt;
  return name.str();
}

} // namespace mlir::wave

#endif // WAVE_TOOLS_COMMON_SOURCENAMES_H
