//===- Npy.cpp - NumPy .npy files for interpreter buffers -----------------===//

#include "wave/Interpreter/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wave;

static constexpr StringLiteral kMagic = "\x93NUMPY";

/// The NumPy dtype string of an element kind.
static StringRef getDescr(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
    return "|b1";
  case ElementKind::I8:
    return "|i1";
  case ElementKind::I16:
    return "<i2";
  case ElementKind::I32:
    return "<i4";
  case ElementKind::I64:
    return "<i8";
  case ElementKind::F16:
    return "<f2";
  case ElementKind::BF16:
    return "<u2";
  case ElementKind::F32:
    return "<f4";
  case ElementKind::F64:
    return "<f8";
  // NumPy has no 8-, 6- or 4-bit floats: the raw bytes, as bf16's are raw
  // u2 (an fp4 or fp6 element a byte, in its low bits).
  case ElementKind::F8E4M3FNUZ:
  case ElementKind::F8E5M2FNUZ:
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E5M2:
  case ElementKind::F4E2M1FN:
  case ElementKind::F6E2M3FN:
  case ElementKind::F6E3M2FN:
  case ElementKind::F8E8M0FNU:
    return "|u1";
  }
  llvm_unreachable("unknown element kind");
}

/// Whether a file's dtype can fill a buffer of `kind`: the exact dtype, or
/// the unsigned/signed twin of an integer of the same width.
static bool isCompatibleDescr(StringRef descr, ElementKind kind) {
  if (descr == getDescr(kind))
    return true;
  // `=` and `|` mean native/irrelevant byte order, little-endian here.
  if (descr.size() == 3 &&
      (descr[0] == '=' || descr[0] == '|' || descr[0] == '<')) {
    std::string little = ("<" + descr.drop_front()).str();
    std::string none = ("|" + descr.drop_front()).str();
    if (little == getDescr(kind) || none == getDescr(kind))
      return true;
    char twin = descr[1] == 'u' ? 'i' : descr[1] == 'i' ? 'u' : 0;
    if (twin && !isFloat(kind) && kind != ElementKind::I1 &&
        descr[2] - '0' == int(getBitWidth(kind) / 8))
      return true;
  }
  return false;
}

std::string mlir::wave::encodeNpy(const Buffer &buffer) {
  std::string header;
  llvm::raw_string_ostream os(header);
  os << "{'descr': '" << getDescr(buffer.getKind())
     << "', 'fortran_order': False, 'shape': (";
  llvm::interleaveComma(buffer.getShape(), os);
  if (buffer.getRank() == 1)
    os << ","; // A one-element tuple: (4,).
  os << "), }";
  // Magic, version, length and header padded with spaces to a multiple of
  // 64 bytes, ending in a newline.
  size_t unpadded = kMagic.size() + 2 + 2 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header.push_back('\n');

  std::string bytes(kMagic);
  bytes.push_back(1);
  bytes.push_back(0);
  bytes.push_back(char(header.size() & 0xff));
  bytes.push_back(char(header.size() >> 8));
  bytes += header;
  unsigned size = getByteSize(buffer.getKind());
  int64_t n = buffer.getNumElements();
  bytes.reserve(bytes.size() + n * size);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t bits = buffer.getBits(buffer.getLinearIndexOfElement(i));
    for (unsigned b = 0; b < size; ++b)
      bytes.push_back(char((bits >> (8 * b)) & 0xff));
  }
  return bytes;
}

/// The value text of `key` in the header dictionary.
static std::optional<StringRef> findKey(StringRef header, StringRef key) {
  size_t pos = header.find(("'" + key + "'").str());
  if (pos == StringRef::npos)
    return std::nullopt;
  StringRef rest = header.drop_front(pos + key.size() + 2).ltrim();
  if (!rest.consume_front(":"))
    return std::nullopt;
  return rest.ltrim();
}

namespace {
/// What a .npy header says.
struct NpyHeader {
  StringRef dtype;
  SmallVector<int64_t> shape;
  /// Where the data starts.
  size_t dataStart = 0;
};
} // namespace

static FailureOr<NpyHeader> parseHeader(StringRef bytes, std::string &error) {
  llvm::raw_string_ostream os(error);
  if (!bytes.starts_with(kMagic) || bytes.size() < kMagic.size() + 4) {
    os << "not a .npy file";
    return failure();
  }
  unsigned major = uint8_t(bytes[kMagic.size()]);
  size_t pos = kMagic.size() + 2;
  size_t headerLength;
  if (major == 1) {
    headerLength = uint8_t(bytes[pos]) | (uint8_t(bytes[pos + 1]) << 8);
    pos += 2;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < pos + 4) {
      os << "truncated .npy header";
      return failure();
    }
    headerLength = 0;
    for (unsigned b = 0; b < 4; ++b)
      headerLength |= size_t(uint8_t(bytes[pos + b])) << (8 * b);
    pos += 4;
  } else {
    os << ".npy format version " << major << " is not supported";
    return failure();
  }
  if (bytes.size() < pos + headerLength) {
    os << "truncated .npy header";
    return failure();
  }
  StringRef header = bytes.substr(pos, headerLength);
  pos += headerLength;

  std::optional<StringRef> descr = findKey(header, "descr");
  std::optional<StringRef> fortran = findKey(header, "fortran_order");
  std::optional<StringRef> shapeText = findKey(header, "shape");
  if (!descr || !fortran || !shapeText || !descr->consume_front("'")) {
    os << "malformed .npy header: " << header.rtrim();
    return failure();
  }
  NpyHeader result;
  result.dtype = descr->take_until([](char c) { return c == '\''; });
  if (fortran->starts_with("True")) {
    os << "Fortran-order arrays are not supported";
    return failure();
  }
  if (!shapeText->consume_front("(")) {
    os << "malformed shape in .npy header";
    return failure();
  }
  SmallVector<int64_t> shape;
  StringRef dims = shapeText->take_until([](char c) { return c == ')'; });
  SmallVector<StringRef> parts;
  dims.split(parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef part : parts) {
    part = part.trim();
    if (part.empty())
      continue;
    int64_t extent;
    if (part.getAsInteger(10, extent)) {
      os << "malformed shape in .npy header";
      return failure();
    }
    shape.push_back(extent);
  }
  result.shape = std::move(shape);
  result.dataStart = pos;
  return result;
}

LogicalResult mlir::wave::decodeNpy(StringRef bytes, Buffer &buffer,
                                    std::string &error) {
  FailureOr<NpyHeader> header = parseHeader(bytes, error);
  if (failed(header))
    return failure();
  llvm::raw_string_ostream os(error);
  StringRef dtype = header->dtype;
  ArrayRef<int64_t> shape = header->shape;
  size_t pos = header->dataStart;
  if (!isCompatibleDescr(dtype, buffer.getKind())) {
    os << "dtype '" << dtype << "' does not match "
       << getElementKindName(buffer.getKind()) << " (expected '"
       << getDescr(buffer.getKind()) << "')";
    return failure();
  }
  if (shape != buffer.getShape()) {
    auto print = [&](ArrayRef<int64_t> s) {
      os << "(";
      llvm::interleaveComma(s, os);
      os << ")";
    };
    os << "shape ";
    print(shape);
    os << " does not match the argument's shape ";
    print(buffer.getShape());
    return failure();
  }
  unsigned size = getByteSize(buffer.getKind());
  int64_t n = buffer.getNumElements();
  if (bytes.size() - pos < size_t(n) * size) {
    os << "the file holds fewer than " << n << " elements";
    return failure();
  }
  // Data past the array means the header describes another array than
  // the file holds.
  if (size_t extra = bytes.size() - pos - size_t(n) * size) {
    os << "the file holds " << extra << " bytes after its " << n << " elements";
    return failure();
  }
  unsigned width = getBitWidth(buffer.getKind());
  uint64_t mask = llvm::maskTrailingOnes<uint64_t>(width);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t bits = 0;
    for (unsigned b = 0; b < size; ++b)
      bits |= uint64_t(uint8_t(bytes[pos + i * size + b])) << (8 * b);
    buffer.setBits(buffer.getLinearIndexOfElement(i), bits & mask);
  }
  return success();
}

LogicalResult mlir::wave::writeNpy(StringRef path, const Buffer &buffer,
                                   std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = "cannot write '" + path.str() + "': " + ec.message();
    return failure();
  }
  os << encodeNpy(buffer);
  os.flush();
  // A failed write (a full disk) is reported, not left to abort in the
  // stream's destructor.
  if (std::error_code writeError = os.error()) {
    os.clear_error();
    error = "cannot write '" + path.str() + "': " + writeError.message();
    return failure();
  }
  return success();
}

/// Reads the file at `path` and applies `decode` to its bytes; errors name
/// the file.
template <typename T>
static FailureOr<T>
withFileBytes(StringRef path, std::string &error,
              function_ref<FailureOr<T>(StringRef)> decode) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!file) {
    error = "cannot read '" + path.str() + "': " + file.getError().message();
    return failure();
  }
  FailureOr<T> result = decode((*file)->getBuffer());
  if (failed(result))
    error = "'" + path.str() + "': " + error;
  return result;
}

LogicalResult mlir::wave::readNpy(StringRef path, Buffer &buffer,
                                  std::string &error) {
  return withFileBytes<bool>(path, error, [&](StringRef bytes) {
    return failed(decodeNpy(bytes, buffer, error)) ? FailureOr<bool>(failure())
                                                   : FailureOr<bool>(true);
  });
}

FailureOr<SmallVector<int64_t>> mlir::wave::readNpyShape(StringRef path,
                                                         std::string &error) {
  return withFileBytes<SmallVector<int64_t>>(
      path, error, [&](StringRef bytes) -> FailureOr<SmallVector<int64_t>> {
        FailureOr<NpyHeader> header = parseHeader(bytes, error);
        if (failed(header))
          return failure();
        return header->shape;
      });
}
