//===- Elementwise.h - Elementwise handlers over all lanes ------*- C++ -*-===//
//
// Elementwise ops run over every row and every lane of their registers,
// active or not: a value computed for an inactive lane is never observed
// (values leave divergent regions only through masked copies), and a loop
// without per-lane tests is what makes the interpreter fast. Only ops that
// can fault (integer division) look at the mask.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_INTERPRETER_ELEMENTWISE_H
#define WAVE_LIB_INTERPRETER_ELEMENTWISE_H

#include "Arith.h"
#include "Compiler.h"

namespace mlir::wave::interp {

/// `dst = round<K>(Fn::apply(src...))` for `Arity` float operands.
template <typename Fn, ElementKind K, unsigned Arity>
Status floatElementwise(Wave &w, const Instr &instr) {
  Slot *d = w.reg(instr.dst);
  const Slot *a = w.reg(instr.src[0]);
  const Slot *b = w.reg(instr.src[1]);
  const Slot *c = w.reg(instr.src[2]);
  size_t n = size_t(instr.rows) * w.width;
  for (size_t k = 0; k < n; ++k) {
    double r;
    if constexpr (Arity == 1)
      r = Fn::apply(a[k].f);
    else if constexpr (Arity == 2)
      r = Fn::apply(a[k].f, b[k].f);
    else
      r = Fn::apply(a[k].f, b[k].f, c[k].f);
    d[k].f = roundTo<K>(r);
  }
  return Status::Next;
}

template <typename Fn, unsigned Arity>
Handler selectFloatElementwise(ElementKind kind) {
  switch (kind) {
  case ElementKind::F16:
    return floatElementwise<Fn, ElementKind::F16, Arity>;
  case ElementKind::BF16:
    return floatElementwise<Fn, ElementKind::BF16, Arity>;
  case ElementKind::F32:
    return floatElementwise<Fn, ElementKind::F32, Arity>;
  case ElementKind::F64:
    return floatElementwise<Fn, ElementKind::F64, Arity>;
  case ElementKind::F8E4M3FNUZ:
    return floatElementwise<Fn, ElementKind::F8E4M3FNUZ, Arity>;
  case ElementKind::F8E5M2FNUZ:
    return floatElementwise<Fn, ElementKind::F8E5M2FNUZ, Arity>;
  case ElementKind::F8E4M3FN:
    return floatElementwise<Fn, ElementKind::F8E4M3FN, Arity>;
  case ElementKind::F8E5M2:
    return floatElementwise<Fn, ElementKind::F8E5M2, Arity>;
  case ElementKind::F4E2M1FN:
    return floatElementwise<Fn, ElementKind::F4E2M1FN, Arity>;
  case ElementKind::F6E2M3FN:
    return floatElementwise<Fn, ElementKind::F6E2M3FN, Arity>;
  case ElementKind::F6E3M2FN:
    return floatElementwise<Fn, ElementKind::F6E3M2FN, Arity>;
  case ElementKind::F8E8M0FNU:
    return floatElementwise<Fn, ElementKind::F8E8M0FNU, Arity>;
  default:
    llvm_unreachable("not a float kind");
  }
}

/// `dst = Fn::apply(src..., width) & mask(width)` on integers of the width
/// in `aux`.
template <typename Fn, unsigned Arity>
Status intElementwise(Wave &w, const Instr &instr) {
  Slot *d = w.reg(instr.dst);
  const Slot *a = w.reg(instr.src[0]);
  const Slot *b = w.reg(instr.src[1]);
  unsigned bits = instr.aux;
  uint64_t mask = widthMask(bits);
  size_t n = size_t(instr.rows) * w.width;
  for (size_t k = 0; k < n; ++k) {
    if constexpr (Arity == 1)
      d[k].u = Fn::apply(a[k].u, bits) & mask;
    else
      d[k].u = Fn::apply(a[k].u, b[k].u, bits) & mask;
  }
  return Status::Next;
}

/// Integer width of a scalar or vector type (index: 64).
inline unsigned getIntWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
}

/// Emits `fn` with the op's operands as sources and its one result as
/// destination, after checking every type is modelled.
LogicalResult emitElementwise(Compiler &c, Operation *op, Handler fn,
                              uint32_t aux = 0, uint64_t imm = 0);

/// Emits `Fn` over the op's `Arity` float operands.
template <typename Fn, unsigned Arity>
LogicalResult emitFloatElementwise(Compiler &c, Operation *op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  return emitElementwise(
      c, op,
      selectFloatElementwise<Fn, Arity>(getKindOf(op->getResult(0).getType())));
}

/// `dst = a * b + c` rounded once (math.fma, vector.fma).
Handler getFmaHandler(ElementKind kind);

} // namespace mlir::wave::interp

#endif // WAVE_LIB_INTERPRETER_ELEMENTWISE_H
