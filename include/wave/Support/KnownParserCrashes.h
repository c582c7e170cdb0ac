//===- KnownParserCrashes.h - Input MLIR's parser crashes on -*- C++ -*-===//
//
// MLIR 22.1's parser crashes on a dense array of `index`, `array<index: 1>`:
// it asks the `index` type for a bit width as soon as it has parsed the
// element type, whatever follows it, and through a type alias of `index`
// too (llvm-project#179045; later MLIR reports an error instead). It also
// allocates per element of a vector type before checking anything (the
// operand types of `vector.from_elements`: `vector<2147483647x2xi32>` asks
// for 34 GB), and runs the verifier of `!amdgpu.tdm_gather_base`, which asks
// its element type for a bit width (a vector or `index` crashes it), and
// fails without saying why on a `!gpu.mma_matrix` whose operand kind is not
// a string (`!gpu.mma_matrix<16x16xf16, AOp>`). Every
// reader of kernel text (wave-opt, wave-compile, wave-run, wave-reduce, the
// Python module, wave-fuzz) rejects such input with a located error before
// it parses it (rejectKnownParserCrashes), so that no input crashes a tool.
//
// Op verifiers that crash on types ODS lets through are found in the parsed
// module instead (KnownVerifierCrashes.h).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_SUPPORT_KNOWNPARSERCRASHES_H
#define WAVE_SUPPORT_KNOWNPARSERCRASHES_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace mlir::wave {

namespace detail {
inline bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
}

/// The position in `text` past whitespace and `//` comments from `pos`.
inline size_t skipSpace(llvm::StringRef text, size_t pos) {
  while (pos < text.size()) {
    if (llvm::isSpace(text[pos]))
      ++pos;
    else if (text.substr(pos).starts_with("//"))
      pos = std::min(text.find('\n', pos), text.size());
    else
      break;
  }
  return pos;
}

/// The type name at `pos` of `text`: a keyword (`index`) or an alias
/// (`!name`); empty if none starts there.
inline llvm::StringRef getTypeName(llvm::StringRef text, size_t pos) {
  size_t end = pos < text.size() && text[pos] == '!' ? pos + 1 : pos;
  while (end < text.size() && isIdentifierChar(text[end]))
    ++end;
  return text.slice(pos, end);
}

/// The type aliases of `text` (`!name = type` at the start of a line, or an
/// alias of one of those) that stand for a type named as `isTarget` accepts.
template <typename IsTarget>
llvm::StringSet<> getAliasesOf(llvm::StringRef text, IsTarget isTarget) {
  llvm::StringSet<> aliases;
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t lineStart = 0; lineStart < text.size();) {
      size_t lineEnd = std::min(text.find('\n', lineStart), text.size());
      size_t pos = lineStart;
      while (pos < lineEnd && llvm::isSpace(text[pos]))
        ++pos;
      llvm::StringRef alias = getTypeName(text, pos);
      pos = skipSpace(text, pos + alias.size());
      if (alias.size() > 1 && alias.front() == '!' && pos < text.size() &&
          text[pos] == '=' && !aliases.contains(alias)) {
        llvm::StringRef type = getTypeName(text, skipSpace(text, pos + 1));
        if (isTarget(type) || aliases.contains(type))
          grew = aliases.insert(alias).second;
      }
      lineStart = lineEnd + 1;
    }
  }
  return aliases;
}

/// Whether `name` is the keyword of a builtin integer (`i32`, `si8`, `ui4`)
/// or floating-point type (`f32`, `bf16`, `f8E4M3FN`, ...).
inline bool isIntOrFloatKeyword(llvm::StringRef name) {
  llvm::StringRef width = name;
  if (width.consume_front("si") || width.consume_front("ui") ||
      width.consume_front("i"))
    return !width.empty() && llvm::all_of(width, llvm::isDigit);
  return name == "bf16" || name == "tf32" ||
         (name.size() > 1 && name.front() == 'f' && llvm::isDigit(name[1]));
}

/// Calls `visit(pos, line, column)` for each occurrence of `word` in `text`
/// that starts a token (or, with `afterDot`, a dialect type's name after
/// `!dialect.`) and is not in a `//` comment or a string.
template <typename Visit>
void forEachToken(llvm::StringRef text, llvm::StringRef word, Visit visit,
                  bool afterDot = false) {
  unsigned line = 1;
  size_t lineStart = 0;
  for (size_t pos = text.find(word); pos != llvm::StringRef::npos;
       pos = text.find(word, pos + 1)) {
    for (size_t next = text.find('\n', lineStart);
         next != llvm::StringRef::npos && next < pos;
         next = text.find('\n', lineStart)) {
      ++line;
      lineStart = next + 1;
    }
    llvm::StringRef prefix = text.slice(lineStart, pos);
    if (prefix.contains("//") || prefix.count('"') % 2 != 0)
      continue;
    if (pos > 0 && isIdentifierChar(text[pos - 1]) &&
        !(afterDot && text[pos - 1] == '.'))
      continue;
    visit(pos, line, unsigned(pos - lineStart + 1));
  }
}
} // namespace detail

/// The most elements of a vector type a kernel may have: far more than a
/// lane's registers hold, and few enough for the parser's allocation.
inline constexpr uint64_t kMaxVectorElements = uint64_t(1) << 20;

/// Reports each dense array of `index` (`array<index`, or of an alias of
/// `index`), each vector type of more than `kMaxVectorElements` elements,
/// each `!amdgpu.tdm_gather_base` of a non-scalar element type and each
/// `!gpu.mma_matrix` whose operand kind is not a string in `text`, outside
/// comments and strings, as an error at its line and column of
/// `bufferName`; fails if there is one.
inline LogicalResult rejectKnownParserCrashes(llvm::StringRef text,
                                              llvm::StringRef bufferName,
                                              MLIRContext *context) {
  llvm::StringSet<> indexAliases = detail::getAliasesOf(
      text, [](llvm::StringRef type) { return type == "index"; });
  bool found = false;
  auto report = [&](unsigned line, unsigned column) {
    found = true;
    return emitError(FileLineColLoc::get(context, bufferName, line, column));
  };
  detail::forEachToken(
      text, "array<", [&](size_t pos, unsigned line, unsigned column) {
        llvm::StringRef type =
            detail::getTypeName(text, detail::skipSpace(text, pos + 6));
        if (type == "index" || indexAliases.contains(type))
          report(line, column) << "dense arrays of 'index' are not supported "
                                  "(the MLIR 22 parser "
                                  "crashes on them); use i64 or i32";
      });
  detail::forEachToken(
      text, "vector<", [&](size_t pos, unsigned line, unsigned column) {
        // The fixed extents `NxMx...x` before the element type.
        uint64_t elements = 1;
        size_t end = pos + 7;
        while (true) {
          size_t digits = end;
          while (digits < text.size() && llvm::isDigit(text[digits]))
            ++digits;
          if (digits == end || digits >= text.size() || text[digits] != 'x')
            break;
          uint64_t extent = 0;
          if (text.slice(end, digits).getAsInteger(10, extent))
            extent = std::numeric_limits<uint64_t>::max();
          elements = llvm::SaturatingMultiply(elements, extent);
          end = digits + 1;
        }
        if (elements > kMaxVectorElements)
          report(line, column)
              << "vector types of more than " << kMaxVectorElements
              << " elements are not supported (the MLIR 22 "
                 "parser allocates per element before checking)";
      });
  // The type's own verifier, which the parser runs on it, asks the element
  // type for a bit width.
  llvm::StringSet<> scalarAliases =
      detail::getAliasesOf(text, detail::isIntOrFloatKeyword);
  detail::forEachToken(
      text, "tdm_gather_base",
      [&](size_t pos, unsigned line, unsigned column) {
        size_t less = detail::skipSpace(text, pos + 15);
        if (less >= text.size() || text[less] != '<')
          return;
        llvm::StringRef type =
            detail::getTypeName(text, detail::skipSpace(text, less + 1));
        if (!detail::isIntOrFloatKeyword(type) && !scalarAliases.contains(type))
          report(line, column)
              << "the element type of '!amdgpu.tdm_gather_base' must be an "
                 "integer or floating-point type (the MLIR 22 parser crashes "
                 "on others)";
      },
      /*afterDot=*/true);
  // The operand kind follows the first comma inside the angle brackets.
  detail::forEachToken(
      text, "mma_matrix",
      [&](size_t pos, unsigned line, unsigned column) {
        size_t less = detail::skipSpace(text, pos + 10);
        if (less >= text.size() || text[less] != '<')
          return;
        int depth = 0;
        for (size_t i = less + 1; i < text.size(); ++i) {
          char c = text[i];
          if (c == '<' || c == '(' || c == '[')
            ++depth;
          else if (c == ')' || c == ']' || (c == '>' && depth > 0))
            --depth;
          else if (c == '>' || c == '"')
            return; // No comma: the parser says it expected one.
          else if (c == ',' && depth == 0) {
            size_t kind = detail::skipSpace(text, i + 1);
            if (kind >= text.size() || text[kind] != '"')
              report(line, column)
                  << "the operand kind of '!gpu.mma_matrix' must be a string, "
                     "\"AOp\", \"BOp\" or \"COp\" (the MLIR 22 parser "
                     "rejects others without an error)";
            return;
          }
        }
      },
      /*afterDot=*/true);
  return failure(found);
}

} // namespace mlir::wave

#endif // WAVE_SUPPORT_KNOWNPARSERCRASHES_H
