//===- Arith.h - Scalar semantics shared by the handlers --------*- C++ -*-===//

#ifndef WAVE_LIB_INTERPRETER_ARITH_H
#define WAVE_LIB_INTERPRETER_ARITH_H

#include "Float.h"
#include "Program.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/ErrorHandling.h"

#include <cmath>

namespace mlir::wave::interp {

/// `x` rounded to float with the last bit set where that is inexact (round
/// to odd): rounding it on to f16 or bf16 rounds `x` once, where rounding
/// `x` to the nearest float first can round twice (a transcendental's
/// double result just past a half-way point of f16 lands on it in float).
inline float roundToOddFloat(double x) {
  float nearest = float(x);
  if (double(nearest) == x || std::isnan(x))
    return nearest;
  uint32_t bits = llvm::bit_cast<uint32_t>(nearest);
  if (!(bits & 1))
    bits = std::fabs(x) > std::fabs(double(nearest)) ? bits + 1 : bits - 1;
  return llvm::bit_cast<float>(bits);
}

/// Rounds a double to the nearest value of float kind `K`, once. Operations
/// on f16/bf16/f32 are computed in double and rounded once, which is exact
/// rounding for +, -, * and (up to double rounding in rare ties) / and sqrt.
template <ElementKind K> inline double roundTo(double x) {
  if constexpr (K == ElementKind::F64)
    return x;
  else if constexpr (K == ElementKind::F32)
    return double(float(x));
  else if constexpr (K == ElementKind::F16)
    return halfBitsToFloat(floatToHalfBits(roundToOddFloat(x)));
  else if constexpr (K == ElementKind::BF16)
    return bf16BitsToFloat(floatToBf16Bits(roundToOddFloat(x)));
  else if constexpr (K == ElementKind::F8E4M3FNUZ ||
                     K == ElementKind::F8E5M2FNUZ ||
                     K == ElementKind::F8E4M3FN || K == ElementKind::F8E5M2)
    return fp8BitsToDouble(getFp8Format(K),
                           doubleToFp8Bits(getFp8Format(K), x));
  else if constexpr (K == ElementKind::F4E2M1FN || K == ElementKind::F6E2M3FN ||
                     K == ElementKind::F6E3M2FN)
    return mxBitsToDouble(getMxFormat(K), doubleToMxBits(K, x));
  else if constexpr (K == ElementKind::F8E8M0FNU)
    return e8m0BitsToDouble(doubleToE8m0Bits(x));
  else
    llvm_unreachable("not a float kind");
}

inline double roundFloat(ElementKind kind, double x) {
  switch (kind) {
  case ElementKind::F16:
    return roundTo<ElementKind::F16>(x);
  case ElementKind::BF16:
    return roundTo<ElementKind::BF16>(x);
  case ElementKind::F32:
    return roundTo<ElementKind::F32>(x);
  case ElementKind::F64:
    return x;
  case ElementKind::F8E4M3FNUZ:
  case ElementKind::F8E5M2FNUZ:
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E5M2:
    return fp8BitsToDouble(getFp8Format(kind),
                           doubleToFp8Bits(getFp8Format(kind), x));
  case ElementKind::F4E2M1FN:
    return roundTo<ElementKind::F4E2M1FN>(x);
  case ElementKind::F6E2M3FN:
    return roundTo<ElementKind::F6E2M3FN>(x);
  case ElementKind::F6E3M2FN:
    return roundTo<ElementKind::F6E3M2FN>(x);
  case ElementKind::F8E8M0FNU:
    return roundTo<ElementKind::F8E8M0FNU>(x);
  default:
    llvm_unreachable("not a float kind");
  }
}

/// Instantiates `Tmpl<K>` for the float kind `kind`.
template <template <ElementKind> class Tmpl>
inline Handler selectFloat(ElementKind kind) {
  switch (kind) {
  case ElementKind::F16:
    return Tmpl<ElementKind::F16>::run;
  case ElementKind::BF16:
    return Tmpl<ElementKind::BF16>::run;
  case ElementKind::F32:
    return Tmpl<ElementKind::F32>::run;
  case ElementKind::F64:
    return Tmpl<ElementKind::F64>::run;
  default:
    llvm_unreachable("not a float kind");
  }
}

/// Whether the interpreter models values of `type`: scalars and vectors of
/// the element kinds it knows.
inline bool isModelledType(Type type) {
  return getElementKind(getElementTypeOrSelf(type)).has_value();
}
/// The element kind of a scalar or of a vector's elements (the translator
/// has checked the type is modelled).
inline ElementKind getKindOf(Type type) {
  return *getElementKind(getElementTypeOrSelf(type));
}

/// Diagnoses an operand or result type the interpreter does not model.
LogicalResult checkModelledTypes(Operation *op);

/// A register slot holding `bits` of `kind` (floats decoded).
inline Slot slotFromBits(ElementKind kind, uint64_t bits) {
  Slot slot;
  if (isFloat(kind))
    slot.f = floatFromBits(kind, bits);
  else
    slot.u = bits;
  return slot;
}
inline uint64_t slotToBits(ElementKind kind, Slot slot) {
  return isFloat(kind) ? floatToBits(kind, slot.f) : slot.u;
}

} // namespace mlir::wave::interp

#endif // WAVE_LIB_INTERPRETER_ARITH_H
