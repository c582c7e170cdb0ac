//===- MemoryLayout.h - Where an access's elements sit ----------*- C++ -*-===//
//
// The layout of a memory object as one access sees it, shared by the lane
// accesses (MemoryOps.cpp) and the pointer ops (PointerOps.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_INTERPRETER_MEMORYLAYOUT_H
#define WAVE_LIB_INTERPRETER_MEMORYLAYOUT_H

#include "Compiler.h"

namespace mlir::wave::interp {

/// Where the elements an access of an object sit in its storage.
struct Layout {
  SmallVector<int64_t, 4> shape, strides;
  int64_t offset = 0;

  int64_t getNumElements() const {
    int64_t n = 1;
    for (int64_t extent : shape)
      n *= extent;
    return n;
  }
  /// Row-major coordinate of the `n`-th element.
  void getCoordinate(int64_t n, MutableArrayRef<int64_t> coord) const {
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      coord[d] = n % shape[d];
      n /= shape[d];
    }
  }
};

/// The layout of `object` in this access: an argument's is its buffer's
/// (dynamic shapes differ per run; a rank-0 argument, a bare pointer, keeps
/// its own), a view's its own, with the sizes, strides and offset that are
/// values read from the active lanes, which must agree.
FailureOr<Layout> resolveLayout(Wave &w, const Instr &instr,
                                const MemObject &object);

/// A rank-0 view at offset 0, made by `op`, of the storage of `object` (the
/// allocation or argument a view of it addresses), named `prefix` + the
/// storage's description.
MemObject makeView(Compiler &c, Operation *op, unsigned object,
                   StringRef prefix);

} // namespace mlir::wave::interp

#endif // WAVE_LIB_INTERPRETER_MEMORYLAYOUT_H
