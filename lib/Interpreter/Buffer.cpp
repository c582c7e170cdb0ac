//===- Buffer.cpp - Typed memory of the wave interpreter ------------------===//

#include "wave/Interpreter/Buffer.h"
#include "Float.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

/// `x` converted by APFloat, as arith.truncf converts it, to `semantics`.
static uint8_t truncateByAPFloat(const llvm::fltSemantics &semantics,
                                 double x) {
  APFloat value(x);
  bool losesInfo;
  value.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  return uint8_t(value.bitcastToAPInt().getZExtValue());
}

uint8_t mlir::wave::interp::doubleToMxBits(ElementKind kind, double x) {
  const llvm::fltSemantics &semantics =
      kind == ElementKind::F4E2M1FN   ? APFloat::Float4E2M1FN()
      : kind == ElementKind::F6E2M3FN ? APFloat::Float6E2M3FN()
                                      : APFloat::Float6E3M2FN();
  if (std::isinf(x))
    x = std::copysign(APFloat::getLargest(semantics).convertToDouble(), x);
  return truncateByAPFloat(semantics, x);
}

uint8_t mlir::wave::interp::doubleToE8m0Bits(double x) {
  return truncateByAPFloat(APFloat::Float8E8M0FNU(), x);
}

std::optional<ElementKind> mlir::wave::getElementKind(Type type) {
  if (type.isIndex())
    return ElementKind::I64;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    switch (intType.getWidth()) {
    case 1:
      return ElementKind::I1;
    case 8:
      return ElementKind::I8;
    case 16:
      return ElementKind::I16;
    case 32:
      return ElementKind::I32;
    case 64:
      return ElementKind::I64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF16())
    return ElementKind::F16;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isF32())
    return ElementKind::F32;
  if (type.isF64())
    return ElementKind::F64;
  if (isa<Float8E4M3FNUZType>(type))
    return ElementKind::F8E4M3FNUZ;
  if (isa<Float8E5M2FNUZType>(type))
    return ElementKind::F8E5M2FNUZ;
  if (isa<Float8E4M3FNType>(type))
    return ElementKind::F8E4M3FN;
  if (isa<Float8E5M2Type>(type))
    return ElementKind::F8E5M2;
  if (isa<Float4E2M1FNType>(type))
    return ElementKind::F4E2M1FN;
  if (isa<Float6E2M3FNType>(type))
    return ElementKind::F6E2M3FN;
  if (isa<Float6E3M2FNType>(type))
    return ElementKind::F6E3M2FN;
  if (isa<Float8E8M0FNUType>(type))
    return ElementKind::F8E8M0FNU;
  return std::nullopt;
}

unsigned mlir::wave::getBitWidth(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
    return 1;
  case ElementKind::F4E2M1FN:
    return 4;
  case ElementKind::F6E2M3FN:
  case ElementKind::F6E3M2FN:
    return 6;
  case ElementKind::I8:
  case ElementKind::F8E8M0FNU:
  case ElementKind::F8E4M3FNUZ:
  case ElementKind::F8E5M2FNUZ:
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E5M2:
    return 8;
  case ElementKind::I16:
  case ElementKind::F16:
  case ElementKind::BF16:
    return 16;
  case ElementKind::I32:
  case ElementKind::F32:
    return 32;
  case ElementKind::I64:
  case ElementKind::F64:
    return 64;
  }
  llvm_unreachable("unknown element kind");
}

unsigned mlir::wave::getByteSize(ElementKind kind) {
  return (getBitWidth(kind) + 7) / 8;
}

bool mlir::wave::isFloat(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
  case ElementKind::I8:
  case ElementKind::I16:
  case ElementKind::I32:
  case ElementKind::I64:
    return false;
  default:
    return true;
  }
}

StringRef mlir::wave::getElementKindName(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
    return "i1";
  case ElementKind::I8:
    return "i8";
  case ElementKind::I16:
    return "i16";
  case ElementKind::I32:
    return "i32";
  case ElementKind::I64:
    return "i64";
  case ElementKind::F16:
    return "f16";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::F32:
    return "f32";
  case ElementKind::F64:
    return "f64";
  case ElementKind::F8E4M3FNUZ:
    return "f8E4M3FNUZ";
  case ElementKind::F8E5M2FNUZ:
    return "f8E5M2FNUZ";
  case ElementKind::F8E4M3FN:
    return "f8E4M3FN";
  case ElementKind::F8E5M2:
    return "f8E5M2";
  case ElementKind::F4E2M1FN:
    return "f4E2M1FN";
  case ElementKind::F6E2M3FN:
    return "f6E2M3FN";
  case ElementKind::F6E3M2FN:
    return "f6E3M2FN";
  case ElementKind::F8E8M0FNU:
    return "f8E8M0FNU";
  }
  llvm_unreachable("unknown element kind");
}

double mlir::wave::floatFromBits(ElementKind kind, uint64_t bits) {
  switch (kind) {
  case ElementKind::F16:
    return halfBitsToFloat(uint16_t(bits));
  case ElementKind::BF16:
    return bf16BitsToFloat(uint16_t(bits));
  case ElementKind::F32:
    return llvm::bit_cast<float>(uint32_t(bits));
  case ElementKind::F64:
    return llvm::bit_cast<double>(bits);
  case ElementKind::F8E4M3FNUZ:
  case ElementKind::F8E5M2FNUZ:
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E5M2:
    return fp8BitsToDouble(getFp8Format(kind), uint8_t(bits));
  case ElementKind::F4E2M1FN:
  case ElementKind::F6E2M3FN:
  case ElementKind::F6E3M2FN:
    return mxBitsToDouble(getMxFormat(kind), uint8_t(bits));
  case ElementKind::F8E8M0FNU:
    return e8m0BitsToDouble(uint8_t(bits));
  default:
    llvm_unreachable("not a float kind");
  }
}

uint64_t mlir::wave::floatToBits(ElementKind kind, double value) {
  switch (kind) {
  case ElementKind::F16:
    return floatToHalfBits(float(value));
  case ElementKind::BF16:
    return floatToBf16Bits(float(value));
  case ElementKind::F32:
    return llvm::bit_cast<uint32_t>(float(value));
  case ElementKind::F64:
    return llvm::bit_cast<uint64_t>(value);
  case ElementKind::F8E4M3FNUZ:
  case ElementKind::F8E5M2FNUZ:
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E5M2:
    return doubleToFp8Bits(getFp8Format(kind), value);
  case ElementKind::F4E2M1FN:
  case ElementKind::F6E2M3FN:
  case ElementKind::F6E3M2FN:
    return doubleToMxBits(kind, value);
  case ElementKind::F8E8M0FNU:
    return doubleToE8m0Bits(value);
  default:
    llvm_unreachable("not a float kind");
  }
}

/// One past the largest storage index of the layout, or none when an index
/// would be negative or not fit in 63 bits.
static std::optional<int64_t>
getSpan(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides, int64_t offset) {
  if (llvm::is_contained(shape, 0))
    return 0;
  std::optional<int64_t> lowest = offset, highest = offset;
  for (auto [extent, stride] : llvm::zip_equal(shape, strides)) {
    std::optional<int64_t> reach = llvm::checkedMul(extent - 1, stride);
    if (!reach || !lowest || !highest)
      return std::nullopt;
    if (*reach < 0)
      lowest = llvm::checkedAdd(*lowest, *reach);
    else
      highest = llvm::checkedAdd(*highest, *reach);
  }
  if (!lowest || !highest || *lowest < 0)
    return std::nullopt;
  return llvm::checkedAdd(*highest, int64_t(1));
}

Buffer::Buffer(ElementKind kind, ArrayRef<int64_t> shape,
               ArrayRef<int64_t> strides, int64_t offset)
    : kind(kind), shape(shape), strides(strides), offset(offset) {
  assert(shape.size() == strides.size() && "one stride per dimension");
  std::optional<int64_t> span = getSpan(shape, strides, offset);
  assert(span && "a layout getBufferLayout accepts");
  storage.assign(span.value_or(0), 0);
}

static SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

Buffer::Buffer(ElementKind kind, ArrayRef<int64_t> shape)
    : Buffer(kind, shape, rowMajorStrides(shape), 0) {}

int64_t Buffer::getNumElements() const {
  int64_t n = 1;
  for (int64_t extent : shape)
    n *= extent;
  return n;
}

int64_t Buffer::getLinearIndex(ArrayRef<int64_t> coord) const {
  int64_t linear = offset;
  for (auto [c, stride] : llvm::zip_equal(coord, strides))
    linear += c * stride;
  return linear;
}

int64_t Buffer::getLinearIndexOfElement(int64_t n) const {
  int64_t linear = offset;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    linear += (n % shape[d]) * strides[d];
    n /= shape[d];
  }
  return linear;
}

SmallVector<int64_t> Buffer::getCoordinate(int64_t n) const {
  SmallVector<int64_t> coord(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    coord[d] = n % shape[d];
    n /= shape[d];
  }
  return coord;
}

double Buffer::getDouble(int64_t linear) const {
  uint64_t bits = storage[linear];
  if (isFloat(kind))
    return floatFromBits(kind, bits);
  unsigned width = getBitWidth(kind);
  if (width == 1)
    return double(bits & 1);
  return double(int64_t(bits << (64 - width)) >> (64 - width));
}

void Buffer::clear() { std::fill(storage.begin(), storage.end(), 0); }

/// SplitMix64: a fixed, platform-independent generator, so a seed names the
/// same inputs everywhere.
static uint64_t splitMix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void Buffer::fillRandom(uint64_t seed) {
  uint64_t state = seed;
  unsigned width = getBitWidth(kind);
  int64_t n = getNumElements();
  for (int64_t i = 0; i < n; ++i) {
    uint64_t r = splitMix64(state);
    uint64_t bits;
    if (kind == ElementKind::F4E2M1FN || kind == ElementKind::F6E2M3FN ||
        kind == ElementKind::F6E3M2FN) {
      bits = r >> (64 - width); // Any code: all are finite.
    } else if (kind == ElementKind::F8E8M0FNU) {
      bits = 119 + (r >> 60); // Scales 2^-8 .. 2^7: no NaN, products in range.
    } else if (isFloat(kind)) {
      double unit = double(r >> 11) * 0x1.0p-53; // [0, 1)
      bits = floatToBits(kind, 2.0 * unit - 1.0);
    } else if (width == 1) {
      bits = r >> 63;
    } else {
      int64_t value = int64_t(r >> 60) - 8; // [-8, 8)
      bits = uint64_t(value) & llvm::maskTrailingOnes<uint64_t>(width);
    }
    storage[getLinearIndexOfElement(i)] = bits;
  }
}

std::optional<BufferLayout> mlir::wave::getBufferLayout(Type type,
                                                        std::string &reason) {
  llvm::raw_string_ostream os(reason);
  BufferLayout layout;
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref) {
    std::optional<ElementKind> kind = getElementKind(type);
    if (!kind) {
      os << "arguments of type " << type << " are not supported";
      return std::nullopt;
    }
    layout.kind = *kind;
    layout.storageSize = 1;
    return layout;
  }
  std::optional<ElementKind> kind = getElementKind(memref.getElementType());
  if (!kind) {
    os << "element type " << memref.getElementType() << " is not supported";
    return std::nullopt;
  }
  if (!memref.hasStaticShape()) {
    os << type << " has a dynamic shape";
    return std::nullopt;
  }
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(memref.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic)) {
    os << type << " has no static strided layout";
    return std::nullopt;
  }
  std::optional<int64_t> span = getSpan(memref.getShape(), strides, offset);
  std::optional<int64_t> numElements = 1;
  for (int64_t extent : memref.getShape())
    if (numElements)
      numElements = llvm::checkedMul(*numElements, extent);
  if (!span || !numElements) {
    os << type << " has more elements or addresses than fit in 63 bits";
    return std::nullopt;
  }
  layout.kind = *kind;
  layout.shape.assign(memref.getShape().begin(), memref.getShape().end());
  layout.strides.assign(strides.begin(), strides.end());
  layout.offset = offset;
  layout.storageSize = *span;
  layout.numElements = *numElements;
  return layout;
}

std::optional<Buffer> mlir::wave::createBufferForType(Type type,
                                                      std::string &reason) {
  std::optional<BufferLayout> layout = getBufferLayout(type, reason);
  if (!layout)
    return std::nullopt;
  return Buffer(layout->kind, layout->shape, layout->strides, layout->offset);
}
