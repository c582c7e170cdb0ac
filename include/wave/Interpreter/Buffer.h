//===- Buffer.h - Typed memory of the wave interpreter ----------*- C++ -*-===//
//
// A strided buffer of one element type: a kernel argument (global memory), an
// LDS tile or a lane's private memory. Elements are kept as their raw bits
// (zero-extended to 64), so integers compare bitwise and bit casts are exact.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_INTERPRETER_BUFFER_H
#define WAVE_INTERPRETER_BUFFER_H

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace mlir::wave {

/// Element types the interpreter computes with (`index` is `I64`).
enum class ElementKind : uint8_t {
  I1,
  I8,
  I16,
  I32,
  I64,
  F16,
  BF16,
  F32,
  F64,
  // MLIR's 8-bit floats: f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3FN, f8E5M2.
  F8E4M3FNUZ,
  F8E5M2FNUZ,
  F8E4M3FN,
  F8E5M2,
  // MLIR's f4E2M1FN, f6E2M3FN and f6E3M2FN (MXFP4 and MXFP6 elements) and
  // f8E8M0FNU (the block scales of MX formats).
  F4E2M1FN,
  F8E8M0FNU,
  F6E2M3FN,
  F6E3M2FN
};

/// The kind of `type`, or none for a type the interpreter does not model.
std::optional<ElementKind> getElementKind(Type type);
unsigned getBitWidth(ElementKind kind);
/// The bytes an element takes in memory: one for those narrower than a byte
/// (i1, fp4, fp6), as LLVM stores them.
unsigned getByteSize(ElementKind kind);
bool isFloat(ElementKind kind);
/// A readable name ("f16", "i32").
llvm::StringRef getElementKindName(ElementKind kind);

/// Decodes the raw bits of a float element to a double (exactly).
double floatFromBits(ElementKind kind, uint64_t bits);
/// Encodes a double, rounding to nearest even, as the raw bits of `kind`.
uint64_t floatToBits(ElementKind kind, double value);

class Buffer {
public:
  /// A buffer of `shape` with the given element strides and offset (the
  /// layout of a memref type). A rank-0 buffer holds one scalar.
  Buffer(ElementKind kind, llvm::ArrayRef<int64_t> shape,
         llvm::ArrayRef<int64_t> strides, int64_t offset = 0);
  /// A dense row-major buffer.
  Buffer(ElementKind kind, llvm::ArrayRef<int64_t> shape);

  ElementKind getKind() const { return kind; }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  llvm::ArrayRef<int64_t> getStrides() const { return strides; }
  int64_t getOffset() const { return offset; }
  unsigned getRank() const { return shape.size(); }
  /// Number of logical elements.
  int64_t getNumElements() const;
  /// Number of storage slots (the span of the strided layout).
  int64_t getStorageSize() const { return storage.size(); }

  /// Storage index of a logical coordinate (no bounds check).
  int64_t getLinearIndex(llvm::ArrayRef<int64_t> coord) const;
  /// Storage index of the `n`-th logical element in row-major order.
  int64_t getLinearIndexOfElement(int64_t n) const;
  /// Row-major coordinate of the `n`-th logical element.
  llvm::SmallVector<int64_t> getCoordinate(int64_t n) const;

  uint64_t getBits(int64_t linear) const { return storage[linear]; }
  void setBits(int64_t linear, uint64_t bits) { storage[linear] = bits; }
  /// The element as a double (floats exactly; integers signed).
  double getDouble(int64_t linear) const;

  /// Sets every slot to zero.
  void clear();
  /// Fills every logical element from a deterministic generator: floats
  /// uniform in [-1, 1), integers in [-8, 8) (i1: 0 or 1).
  void fillRandom(uint64_t seed);

private:
  ElementKind kind;
  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<int64_t, 4> strides;
  int64_t offset;
  std::vector<uint64_t> storage;
};

/// Where the elements of a buffer of some type sit, known before any
/// memory is allocated.
struct BufferLayout {
  ElementKind kind;
  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<int64_t, 4> strides;
  int64_t offset = 0;
  /// Storage slots the layout spans (one past its largest index).
  int64_t storageSize = 0;
  /// Logical elements (the product of the shape, below 2^63).
  int64_t numElements = 1;
};

/// The layout of `type` (a static shape and strided layout whose indices
/// are all in [0, 2^63)), or none with `reason` set.
std::optional<BufferLayout> getBufferLayout(Type type, std::string &reason);

/// A buffer laid out like `type` (static shape and strided layout), or none
/// with `reason` set. Allocates `getBufferLayout(type).storageSize` slots:
/// callers bound that first.
std::optional<Buffer> createBufferForType(Type type, std::string &reason);

} // namespace mlir::wave

#endif // WAVE_INTERPRETER_BUFFER_H
