//===- KnownParserCrashes.h - Input MLIR's parser crashes on -*- C++ -*-===//
//
// MLIR 22.1's parser crashes on a dense array of `index`, `array<index: 1>`:
// it asks the `index` type for a bit width as soon as it has parsed the
// element type, whatever follows it, and through a type alias of `index`
// too (llvm-project#179045; later MLIR reports an error instead). It also
// allocates per element of a vector type before checking anything (the
// operand types of `vector.from_elements`: `vector<2147483647x2xi32>` asks
// for 34 GB), and runs the verifier of `!amdgpu.tdm_gather_base`, which asks
// its element type for a bit width (a vector or `index` crashes it). Every
// reader of kernel text (wave-opt, wave-compile, wave-run, wave-reduce, the
// Python module, wave-fuzz) rejects such input with a located error before
// it parses it (rejectKnownParserCrashes), so that no input crashes a tool.
//
// Some op verifiers crash the same way on types ODS lets through
// (`amdgpu.dpp` on a vector, and the others rejectKnownVerifierCrashes
// lists). Those are found in the parsed module, not in the text: the readers
// parse with `verifyAfterParse` off, so that the types are the parser's
// (through aliases, in the generic form, in bytecode), and verify with
// verifyParsedInput, which reports such ops before it runs the verifier.
// wave-opt and wave-reduce, whose MLIR mains parse and verify in one step,
// parse the input once more for the check beforehand, unverified
// (rejectKnownCrashesBeforeMain). wave-lsp-server, whose MlirLspServerMain
// parses each document as it changes, has no such check.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_SUPPORT_KNOWNPARSERCRASHES_H
#define WAVE_SUPPORT_KNOWNPARSERCRASHES_H

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

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
/// `index`) and each vector type of more than `kMaxVectorElements` elements
/// in `text`, outside comments and strings, as an error at its line and
/// column of `bufferName`; fails if there is one.
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
  return failure(found);
}

namespace detail {
/// The first type of `types` that is not an integer or floating-point type,
/// or null.
inline Type findNonScalar(ArrayRef<Type> types) {
  for (Type type : types)
    if (!type.isIntOrFloat())
      return type;
  return {};
}

/// The element types of the memrefs among `types`.
inline SmallVector<Type> getMemRefElementTypes(TypeRange types) {
  SmallVector<Type> elements;
  for (Type type : types)
    if (auto memref = dyn_cast<MemRefType>(type))
      elements.push_back(memref.getElementType());
  return elements;
}
} // namespace detail

/// Reports each op under `root` (which the parser returned without verifying
/// it) whose MLIR 22 verifier would crash, as an error at the op; fails if
/// there is one. The verifiers ask a type for its bit width without checking
/// that it is an integer or float (`getIntOrFloatBitWidth`, which reads an
/// unrelated type's storage as a float's in a build without assertions), or
/// cast attributes unchecked:
///  - `amdgpu.dpp`: its operand type (any type, to ODS), and each element of
///    a `quad_perm` array (any attribute);
///  - `amdgpu.gather_to_lds`: its transfer type, or a vector's element type;
///  - `amdgpu.transpose_load`: its result vector's element type;
///  - `amdgpu.make_dma_base`, `make_gather_dma_base`: the memrefs' element
///    type;
///  - `amdgpu.make_dma_descriptor`: the element type of its
///    `!amdgpu.tdm_base` (a `!amdgpu.tdm_gather_base` of another element type
///    already crashes the parser: rejectKnownParserCrashes).
/// The ODS constraints, which run before these verifiers, are not checked
/// yet, so only the generic form is read (operand and result types, inherent
/// attributes by name): every op it reports is invalid input whichever check
/// would have rejected it first. The errors are reported at the op's
/// location alone: the op is not verified, so it is not printed either.
inline LogicalResult rejectKnownVerifierCrashes(Operation *root) {
  bool found = false;
  root->walk([&](Operation *op) {
    auto report = [&](const Twine &what, Type type) {
      found = true;
      emitError(op->getLoc())
          << "'" << op->getName() << "' " << what
          << " must be an integer or floating-point type, not " << type
          << " (the MLIR 22 verifier crashes on others)";
    };
    if (isa<amdgpu::DPPOp>(op)) {
      SmallVector<Type> types(op->getOperandTypes());
      llvm::append_range(types, op->getResultTypes());
      if (Type type = detail::findNonScalar(types))
        return report("operand type", type);
      if (auto perm = dyn_cast_or_null<ArrayAttr>(
              op->getInherentAttr("permArgument").value_or(Attribute())))
        for (Attribute element : perm)
          if (!isa<IntegerAttr>(element)) {
            found = true;
            emitError(op->getLoc())
                << "'" << op->getName()
                << "' permutation elements must be integers, not " << element
                << " (the MLIR 22 verifier crashes on others)";
            return;
          }
    } else if (isa<amdgpu::GatherToLDSOp>(op)) {
      if (auto transfer = dyn_cast_or_null<TypeAttr>(
              op->getInherentAttr("transferType").value_or(Attribute()))) {
        Type type = transfer.getValue();
        if (auto vector = dyn_cast<VectorType>(type))
          type = vector.getElementType();
        if (!type.isIntOrFloat())
          report("transfer type (or its vector's element type)", type);
      }
    } else if (isa<amdgpu::TransposeLoadOp>(op)) {
      for (Type result : op->getResultTypes())
        if (auto vector = dyn_cast<VectorType>(result))
          if (!vector.getElementType().isIntOrFloat())
            return report("result element type", vector.getElementType());
    } else if (isa<amdgpu::MakeDmaBaseOp, amdgpu::MakeGatherDmaBaseOp>(op)) {
      if (Type type = detail::findNonScalar(
              detail::getMemRefElementTypes(op->getOperandTypes())))
        report("memref element type", type);
    } else if (isa<amdgpu::MakeDmaDescriptorOp>(op)) {
      for (Type operand : op->getOperandTypes())
        if (auto base = dyn_cast<amdgpu::TDMBaseType>(operand))
          if (!base.getElementType().isIntOrFloat())
            return report("base element type", base.getElementType());
    }
  });
  return failure(found);
}

/// What every reader of kernel text runs on the module it parsed with
/// `verifyAfterParse` off: rejectKnownVerifierCrashes, then the verifier.
inline LogicalResult verifyParsedInput(Operation *root) {
  if (failed(rejectKnownVerifierCrashes(root)))
    return failure();
  return verify(root);
}

/// For the tools whose MLIR main parses and verifies in one step, with no
/// hook in between (wave-opt's MlirOptMain, wave-reduce's mlirReduceMain),
/// before that main runs: rejectKnownParserCrashes on `input`, then
/// rejectKnownVerifierCrashes on a parse of our own, unverified, of each
/// chunk of it as `splitMarker` (-split-input-file; none if empty) cuts it,
/// reported at the input's lines. Input that does not parse is left to the
/// main to report.
inline LogicalResult rejectKnownCrashesBeforeMain(llvm::MemoryBufferRef input,
                                                  llvm::StringRef splitMarker,
                                                  MLIRContext *context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input, /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, context);
  if (failed(rejectKnownParserCrashes(input.getBuffer(),
                                      input.getBufferIdentifier(), context)))
    return failure();
  auto rejectChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                         raw_ostream &) {
    llvm::SourceMgr chunkSourceMgr;
    chunkSourceMgr.AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    Block block;
    {
      ScopedDiagnosticHandler quiet(context,
                                    [](Diagnostic &) { return success(); });
      if (failed(parseSourceFile(
              chunkSourceMgr, &block,
              ParserConfig(context, /*verifyAfterParse=*/false))))
        return success();
    }
    SourceMgrDiagnosticHandler chunkDiagnostics(chunkSourceMgr, context);
    bool crashes = false;
    for (Operation &op : block)
      crashes |= failed(rejectKnownVerifierCrashes(&op));
    return failure(crashes);
  };
  return splitAndProcessBuffer(
      llvm::MemoryBuffer::getMemBuffer(input, /*RequiresNullTerminator=*/false),
      rejectChunk, llvm::nulls(), splitMarker);
}

} // namespace mlir::wave

#endif // WAVE_SUPPORT_KNOWNPARSERCRASHES_H
