//===- MmaLayout.cpp - Lane layouts of wave.mma kinds ---------------------===//
//
// Every MFMA kind shares one layout family (CDNA3 matrix cores, wave 64):
//   A[row][k]:   row = lane mod M, k = (lane floordiv M) * kPerLane + slot
//   B[k][col]:   col = lane mod N, k = (lane floordiv N) * kPerLane + slot
//   Acc[row][col]: col = lane mod N,
//     row = (slot floordiv 4) * 4 * (64 / N) + (lane floordiv N) * 4 + slot mod
//     4
// RDNA's WMMAs (wave 32, M = N = 16) follow their own:
//   gfx11: A[row][k]: row = lane mod M, k = slot (lanes 16-31 repeat 0-15)
//          B[k][col]: col = lane mod N, k = slot (the same)
//          Acc[row][col]: col = lane mod N, row = 2 * slot + lane floordiv N
//   gfx12: A and B as the MFMAs (lanes 16-31 hold the second half of K),
//          Acc[row][col]: col = lane mod N,
//            row = (lane floordiv N) * accPerLane + slot
// The formulas are written once, generically, and instantiated both for
// integers (interpreter, tables) and for affine expressions (passes).
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/MmaLayout.h"
#include "wave/Chip/Chip.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wave;

static int64_t floorDiv(int64_t a, int64_t b) { return a / b; }
static int64_t mod(int64_t a, int64_t b) { return a % b; }
static AffineExpr floorDiv(AffineExpr a, int64_t b) { return a.floorDiv(b); }
static AffineExpr mod(AffineExpr a, int64_t b) { return a % b; }

template <typename T>
static std::array<T, 2> coordinate(const MmaLayout &layout, MmaOperand operand,
                                   T lane, T slot) {
  if (layout.family == MmaFamily::WmmaGfx11) {
    switch (operand) {
    case MmaOperand::A:
      return {mod(lane, layout.m), slot};
    case MmaOperand::B:
      return {slot, mod(lane, layout.n)};
    case MmaOperand::Acc:
      return {slot * (layout.waveSize / layout.n) + floorDiv(lane, layout.n),
              mod(lane, layout.n)};
    }
  }
  if (layout.family == MmaFamily::WmmaGfx12 && operand == MmaOperand::Acc)
    return {floorDiv(lane, layout.n) * layout.accPerLane + slot,
            mod(lane, layout.n)};
  switch (operand) {
  case MmaOperand::A:
    return {mod(lane, layout.m),
            floorDiv(lane, layout.m) * layout.kPerLane + slot};
  case MmaOperand::B:
    return {floorDiv(lane, layout.n) * layout.kPerLane + slot,
            mod(lane, layout.n)};
  case MmaOperand::Acc: {
    int64_t rowGroups = layout.waveSize / layout.n;
    return {floorDiv(slot, 4) * (4 * rowGroups) + floorDiv(lane, layout.n) * 4 +
                mod(slot, 4),
            mod(lane, layout.n)};
  }
  }
  llvm_unreachable("unknown MMA operand");
}

std::array<int64_t, 2>
MmaLayout::getCoordinate(MmaOperand operand, int64_t lane, int64_t slot) const {
  return coordinate<int64_t>(*this, operand, lane, slot);
}

AffineMap MmaLayout::getCoordinateMap(MmaOperand operand,
                                      MLIRContext *context) const {
  std::array<AffineExpr, 2> results =
      coordinate<AffineExpr>(*this, operand, getAffineDimExpr(0, context),
                             getAffineDimExpr(1, context));
  return AffineMap::get(2, 0, results, context);
}

Type MmaLayout::getElementType(MmaOperand operand, MLIRContext *context) const {
  if (operand == MmaOperand::Acc)
    return a == MmaElement::i8 ? Type(IntegerType::get(context, 32))
                               : Type(Float32Type::get(context));
  switch (operand == MmaOperand::A ? a : b) {
  case MmaElement::f16:
    return Float16Type::get(context);
  case MmaElement::bf16:
    return BFloat16Type::get(context);
  case MmaElement::i8:
    return IntegerType::get(context, 8);
  case MmaElement::f32:
    return Float32Type::get(context);
  case MmaElement::f8E4M3FNUZ:
    return Float8E4M3FNUZType::get(context);
  case MmaElement::f8E5M2FNUZ:
    return Float8E5M2FNUZType::get(context);
  case MmaElement::f8E4M3FN:
    return Float8E4M3FNType::get(context);
  case MmaElement::f8E5M2:
    return Float8E5M2Type::get(context);
  case MmaElement::f4E2M1FN:
    return Float4E2M1FNType::get(context);
  case MmaElement::f6E2M3FN:
    return Float6E2M3FNType::get(context);
  case MmaElement::f6E3M2FN:
    return Float6E3M2FNType::get(context);
  }
  llvm_unreachable("unknown MMA element");
}

VectorType MmaLayout::getScaleType(MLIRContext *context) const {
  assert(scaled && "only scaled kinds have scales");
  return VectorType::get({1}, Float8E8M0FNUType::get(context));
}

const MmaLayout &mlir::wave::getMmaLayout(MmaKind kind) {
  using E = MmaElement;
  // kind, M, N, K, wave size, elements of A/B a lane, accumulators a lane,
  // element types of A and B.
  static const MmaLayout kLayouts[] = {
      {MmaKind::f32_32x32x8_f16, 32, 32, 8, 64, 4, 16, E::f16, E::f16},
      {MmaKind::f32_16x16x16_f16, 16, 16, 16, 64, 4, 4, E::f16, E::f16},
      {MmaKind::f32_32x32x8_bf16, 32, 32, 8, 64, 4, 16, E::bf16, E::bf16},
      {MmaKind::f32_16x16x16_bf16, 16, 16, 16, 64, 4, 4, E::bf16, E::bf16},
      {MmaKind::i32_16x16x32_i8, 16, 16, 32, 64, 8, 4, E::i8, E::i8},
      {MmaKind::f32_16x16x4_f32, 16, 16, 4, 64, 1, 4, E::f32, E::f32},
      // gfx950: twice the K of the f16 and bf16 kinds above at the same
      // issue cost, each lane holding 8 consecutive K elements.
      {MmaKind::f32_32x32x16_f16, 32, 32, 16, 64, 8, 16, E::f16, E::f16},
      {MmaKind::f32_16x16x32_f16, 16, 16, 32, 64, 8, 4, E::f16, E::f16},
      {MmaKind::f32_32x32x16_bf16, 32, 32, 16, 64, 8, 16, E::bf16, E::bf16},
      {MmaKind::f32_16x16x32_bf16, 16, 16, 32, 64, 8, 4, E::bf16, E::bf16},
      // fp8 (v_mfma_f32_32x32x16_fp8_fp8 ... bf8_bf8): 8 consecutive K
      // elements a lane, each operand E4M3 or E5M2 in the chip's encoding.
      {MmaKind::f32_32x32x16_f8E4M3FNUZ, 32, 32, 16, 64, 8, 16, E::f8E4M3FNUZ,
       E::f8E4M3FNUZ},
      {MmaKind::f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ, 32, 32, 16, 64, 8, 16,
       E::f8E4M3FNUZ, E::f8E5M2FNUZ},
      {MmaKind::f32_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ, 32, 32, 16, 64, 8, 16,
       E::f8E5M2FNUZ, E::f8E4M3FNUZ},
      {MmaKind::f32_32x32x16_f8E5M2FNUZ, 32, 32, 16, 64, 8, 16, E::f8E5M2FNUZ,
       E::f8E5M2FNUZ},
      {MmaKind::f32_16x16x32_f8E4M3FNUZ, 16, 16, 32, 64, 8, 4, E::f8E4M3FNUZ,
       E::f8E4M3FNUZ},
      {MmaKind::f32_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ, 16, 16, 32, 64, 8, 4,
       E::f8E4M3FNUZ, E::f8E5M2FNUZ},
      {MmaKind::f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ, 16, 16, 32, 64, 8, 4,
       E::f8E5M2FNUZ, E::f8E4M3FNUZ},
      {MmaKind::f32_16x16x32_f8E5M2FNUZ, 16, 16, 32, 64, 8, 4, E::f8E5M2FNUZ,
       E::f8E5M2FNUZ},
      {MmaKind::f32_32x32x16_f8E4M3FN, 32, 32, 16, 64, 8, 16, E::f8E4M3FN,
       E::f8E4M3FN},
      {MmaKind::f32_32x32x16_f8E4M3FN_f8E5M2, 32, 32, 16, 64, 8, 16,
       E::f8E4M3FN, E::f8E5M2},
      {MmaKind::f32_32x32x16_f8E5M2_f8E4M3FN, 32, 32, 16, 64, 8, 16, E::f8E5M2,
       E::f8E4M3FN},
      {MmaKind::f32_32x32x16_f8E5M2, 32, 32, 16, 64, 8, 16, E::f8E5M2,
       E::f8E5M2},
      {MmaKind::f32_16x16x32_f8E4M3FN, 16, 16, 32, 64, 8, 4, E::f8E4M3FN,
       E::f8E4M3FN},
      {MmaKind::f32_16x16x32_f8E4M3FN_f8E5M2, 16, 16, 32, 64, 8, 4, E::f8E4M3FN,
       E::f8E5M2},
      {MmaKind::f32_16x16x32_f8E5M2_f8E4M3FN, 16, 16, 32, 64, 8, 4, E::f8E5M2,
       E::f8E4M3FN},
      {MmaKind::f32_16x16x32_f8E5M2, 16, 16, 32, 64, 8, 4, E::f8E5M2,
       E::f8E5M2},
      // gfx950's f8f6f4 MFMAs with fp8 operands: 32 consecutive K elements
      // a lane (8 registers), the lanes of one row or column of A or B
      // splitting K in 64 / M blocks of 32.
      {MmaKind::f32_32x32x64_f8E4M3FN, 32, 32, 64, 64, 32, 16, E::f8E4M3FN,
       E::f8E4M3FN},
      {MmaKind::f32_32x32x64_f8E4M3FN_f8E5M2, 32, 32, 64, 64, 32, 16,
       E::f8E4M3FN, E::f8E5M2},
      {MmaKind::f32_32x32x64_f8E5M2_f8E4M3FN, 32, 32, 64, 64, 32, 16, E::f8E5M2,
       E::f8E4M3FN},
      {MmaKind::f32_32x32x64_f8E5M2, 32, 32, 64, 64, 32, 16, E::f8E5M2,
       E::f8E5M2},
      {MmaKind::f32_16x16x128_f8E4M3FN, 16, 16, 128, 64, 32, 4, E::f8E4M3FN,
       E::f8E4M3FN},
      {MmaKind::f32_16x16x128_f8E4M3FN_f8E5M2, 16, 16, 128, 64, 32, 4,
       E::f8E4M3FN, E::f8E5M2},
      {MmaKind::f32_16x16x128_f8E5M2_f8E4M3FN, 16, 16, 128, 64, 32, 4,
       E::f8E5M2, E::f8E4M3FN},
      {MmaKind::f32_16x16x128_f8E5M2, 16, 16, 128, 64, 32, 4, E::f8E5M2,
       E::f8E5M2},
      // The same with fp4 operands: 32 consecutive K elements a lane (4
      // registers, element i at bits 4i of them), and the scaled forms, where
      // the 32 elements a lane holds are the block its one scale covers.
      {MmaKind::f32_32x32x64_f4E2M1FN, 32, 32, 64, 64, 32, 16, E::f4E2M1FN,
       E::f4E2M1FN},
      {MmaKind::f32_16x16x128_f4E2M1FN, 16, 16, 128, 64, 32, 4, E::f4E2M1FN,
       E::f4E2M1FN},
      {MmaKind::f32_32x32x64_f4E2M1FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f4E2M1FN, E::f4E2M1FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f4E2M1FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f4E2M1FN, E::f4E2M1FN, /*scaled=*/true},
      // fp6 operands: 32 consecutive K elements a lane (6 registers, element
      // i at bits 6i of them); then the scaled fp6 and fp8 kinds.
      {MmaKind::f32_32x32x64_f6E2M3FN, 32, 32, 64, 64, 32, 16, E::f6E2M3FN,
       E::f6E2M3FN},
      {MmaKind::f32_32x32x64_f6E3M2FN, 32, 32, 64, 64, 32, 16, E::f6E3M2FN,
       E::f6E3M2FN},
      {MmaKind::f32_16x16x128_f6E2M3FN, 16, 16, 128, 64, 32, 4, E::f6E2M3FN,
       E::f6E2M3FN},
      {MmaKind::f32_16x16x128_f6E3M2FN, 16, 16, 128, 64, 32, 4, E::f6E3M2FN,
       E::f6E3M2FN},
      {MmaKind::f32_32x32x64_f6E2M3FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f6E2M3FN, E::f6E2M3FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f6E3M2FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f6E3M2FN, E::f6E3M2FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f6E2M3FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f6E2M3FN, E::f6E2M3FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f6E3M2FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f6E3M2FN, E::f6E3M2FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f8E4M3FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f8E4M3FN, E::f8E4M3FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f8E5M2_scaled, 32, 32, 64, 64, 32, 16, E::f8E5M2,
       E::f8E5M2, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f8E4M3FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f8E4M3FN, E::f8E4M3FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f8E5M2_scaled, 16, 16, 128, 64, 32, 4, E::f8E5M2,
       E::f8E5M2, /*scaled=*/true},
      // RDNA's WMMAs, wave 32: gfx11's 16 A (B) elements a lane, a whole row
      // (column), the half-waves holding the same; gfx12's 8, half a row.
      {MmaKind::wmma_f32_16x16x16_f16_gfx11, 16, 16, 16, 32, 16, 8, E::f16,
       E::f16, /*scaled=*/false, MmaFamily::WmmaGfx11},
      {MmaKind::wmma_f32_16x16x16_f16_gfx12, 16, 16, 16, 32, 8, 8, E::f16,
       E::f16, /*scaled=*/false, MmaFamily::WmmaGfx12},
      // gfx950's f8f6f4 MFMAs with A and B of two formats: each operand
      // is laid out as in the kinds of its format (32 consecutive K elements
      // a lane, packed in 8, 6 or 4 registers).
      {MmaKind::f32_32x32x64_f8E4M3FN_f6E2M3FN, 32, 32, 64, 64, 32, 16,
       E::f8E4M3FN, E::f6E2M3FN},
      {MmaKind::f32_32x32x64_f8E4M3FN_f6E3M2FN, 32, 32, 64, 64, 32, 16,
       E::f8E4M3FN, E::f6E3M2FN},
      {MmaKind::f32_32x32x64_f8E4M3FN_f4E2M1FN, 32, 32, 64, 64, 32, 16,
       E::f8E4M3FN, E::f4E2M1FN},
      {MmaKind::f32_32x32x64_f8E5M2_f6E2M3FN, 32, 32, 64, 64, 32, 16, E::f8E5M2,
       E::f6E2M3FN},
      {MmaKind::f32_32x32x64_f8E5M2_f6E3M2FN, 32, 32, 64, 64, 32, 16, E::f8E5M2,
       E::f6E3M2FN},
      {MmaKind::f32_32x32x64_f8E5M2_f4E2M1FN, 32, 32, 64, 64, 32, 16, E::f8E5M2,
       E::f4E2M1FN},
      {MmaKind::f32_32x32x64_f6E2M3FN_f8E4M3FN, 32, 32, 64, 64, 32, 16,
       E::f6E2M3FN, E::f8E4M3FN},
      {MmaKind::f32_32x32x64_f6E2M3FN_f8E5M2, 32, 32, 64, 64, 32, 16,
       E::f6E2M3FN, E::f8E5M2},
      {MmaKind::f32_32x32x64_f6E2M3FN_f6E3M2FN, 32, 32, 64, 64, 32, 16,
       E::f6E2M3FN, E::f6E3M2FN},
      {MmaKind::f32_32x32x64_f6E2M3FN_f4E2M1FN, 32, 32, 64, 64, 32, 16,
       E::f6E2M3FN, E::f4E2M1FN},
      {MmaKind::f32_32x32x64_f6E3M2FN_f8E4M3FN, 32, 32, 64, 64, 32, 16,
       E::f6E3M2FN, E::f8E4M3FN},
      {MmaKind::f32_32x32x64_f6E3M2FN_f8E5M2, 32, 32, 64, 64, 32, 16,
       E::f6E3M2FN, E::f8E5M2},
      {MmaKind::f32_32x32x64_f6E3M2FN_f6E2M3FN, 32, 32, 64, 64, 32, 16,
       E::f6E3M2FN, E::f6E2M3FN},
      {MmaKind::f32_32x32x64_f6E3M2FN_f4E2M1FN, 32, 32, 64, 64, 32, 16,
       E::f6E3M2FN, E::f4E2M1FN},
      {MmaKind::f32_32x32x64_f4E2M1FN_f8E4M3FN, 32, 32, 64, 64, 32, 16,
       E::f4E2M1FN, E::f8E4M3FN},
      {MmaKind::f32_32x32x64_f4E2M1FN_f8E5M2, 32, 32, 64, 64, 32, 16,
       E::f4E2M1FN, E::f8E5M2},
      {MmaKind::f32_32x32x64_f4E2M1FN_f6E2M3FN, 32, 32, 64, 64, 32, 16,
       E::f4E2M1FN, E::f6E2M3FN},
      {MmaKind::f32_32x32x64_f4E2M1FN_f6E3M2FN, 32, 32, 64, 64, 32, 16,
       E::f4E2M1FN, E::f6E3M2FN},
      {MmaKind::f32_32x32x64_f8E4M3FN_f8E5M2_scaled, 32, 32, 64, 64, 32, 16,
       E::f8E4M3FN, E::f8E5M2, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f8E4M3FN_f6E2M3FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f8E4M3FN, E::f6E2M3FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f8E4M3FN_f6E3M2FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f8E4M3FN, E::f6E3M2FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f8E4M3FN_f4E2M1FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f8E4M3FN, E::f4E2M1FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f8E5M2_f8E4M3FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f8E5M2, E::f8E4M3FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f8E5M2_f6E2M3FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f8E5M2, E::f6E2M3FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f8E5M2_f6E3M2FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f8E5M2, E::f6E3M2FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f8E5M2_f4E2M1FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f8E5M2, E::f4E2M1FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f6E2M3FN_f8E4M3FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f6E2M3FN, E::f8E4M3FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f6E2M3FN_f8E5M2_scaled, 32, 32, 64, 64, 32, 16,
       E::f6E2M3FN, E::f8E5M2, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f6E2M3FN_f6E3M2FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f6E2M3FN, E::f6E3M2FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f6E2M3FN_f4E2M1FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f6E2M3FN, E::f4E2M1FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f6E3M2FN_f8E4M3FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f6E3M2FN, E::f8E4M3FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f6E3M2FN_f8E5M2_scaled, 32, 32, 64, 64, 32, 16,
       E::f6E3M2FN, E::f8E5M2, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f6E3M2FN_f6E2M3FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f6E3M2FN, E::f6E2M3FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f6E3M2FN_f4E2M1FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f6E3M2FN, E::f4E2M1FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f4E2M1FN_f8E4M3FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f4E2M1FN, E::f8E4M3FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f4E2M1FN_f8E5M2_scaled, 32, 32, 64, 64, 32, 16,
       E::f4E2M1FN, E::f8E5M2, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f4E2M1FN_f6E2M3FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f4E2M1FN, E::f6E2M3FN, /*scaled=*/true},
      {MmaKind::f32_32x32x64_f4E2M1FN_f6E3M2FN_scaled, 32, 32, 64, 64, 32, 16,
       E::f4E2M1FN, E::f6E3M2FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f8E4M3FN_f6E2M3FN, 16, 16, 128, 64, 32, 4,
       E::f8E4M3FN, E::f6E2M3FN},
      {MmaKind::f32_16x16x128_f8E4M3FN_f6E3M2FN, 16, 16, 128, 64, 32, 4,
       E::f8E4M3FN, E::f6E3M2FN},
      {MmaKind::f32_16x16x128_f8E4M3FN_f4E2M1FN, 16, 16, 128, 64, 32, 4,
       E::f8E4M3FN, E::f4E2M1FN},
      {MmaKind::f32_16x16x128_f8E5M2_f6E2M3FN, 16, 16, 128, 64, 32, 4,
       E::f8E5M2, E::f6E2M3FN},
      {MmaKind::f32_16x16x128_f8E5M2_f6E3M2FN, 16, 16, 128, 64, 32, 4,
       E::f8E5M2, E::f6E3M2FN},
      {MmaKind::f32_16x16x128_f8E5M2_f4E2M1FN, 16, 16, 128, 64, 32, 4,
       E::f8E5M2, E::f4E2M1FN},
      {MmaKind::f32_16x16x128_f6E2M3FN_f8E4M3FN, 16, 16, 128, 64, 32, 4,
       E::f6E2M3FN, E::f8E4M3FN},
      {MmaKind::f32_16x16x128_f6E2M3FN_f8E5M2, 16, 16, 128, 64, 32, 4,
       E::f6E2M3FN, E::f8E5M2},
      {MmaKind::f32_16x16x128_f6E2M3FN_f6E3M2FN, 16, 16, 128, 64, 32, 4,
       E::f6E2M3FN, E::f6E3M2FN},
      {MmaKind::f32_16x16x128_f6E2M3FN_f4E2M1FN, 16, 16, 128, 64, 32, 4,
       E::f6E2M3FN, E::f4E2M1FN},
      {MmaKind::f32_16x16x128_f6E3M2FN_f8E4M3FN, 16, 16, 128, 64, 32, 4,
       E::f6E3M2FN, E::f8E4M3FN},
      {MmaKind::f32_16x16x128_f6E3M2FN_f8E5M2, 16, 16, 128, 64, 32, 4,
       E::f6E3M2FN, E::f8E5M2},
      {MmaKind::f32_16x16x128_f6E3M2FN_f6E2M3FN, 16, 16, 128, 64, 32, 4,
       E::f6E3M2FN, E::f6E2M3FN},
      {MmaKind::f32_16x16x128_f6E3M2FN_f4E2M1FN, 16, 16, 128, 64, 32, 4,
       E::f6E3M2FN, E::f4E2M1FN},
      {MmaKind::f32_16x16x128_f4E2M1FN_f8E4M3FN, 16, 16, 128, 64, 32, 4,
       E::f4E2M1FN, E::f8E4M3FN},
      {MmaKind::f32_16x16x128_f4E2M1FN_f8E5M2, 16, 16, 128, 64, 32, 4,
       E::f4E2M1FN, E::f8E5M2},
      {MmaKind::f32_16x16x128_f4E2M1FN_f6E2M3FN, 16, 16, 128, 64, 32, 4,
       E::f4E2M1FN, E::f6E2M3FN},
      {MmaKind::f32_16x16x128_f4E2M1FN_f6E3M2FN, 16, 16, 128, 64, 32, 4,
       E::f4E2M1FN, E::f6E3M2FN},
      {MmaKind::f32_16x16x128_f8E4M3FN_f8E5M2_scaled, 16, 16, 128, 64, 32, 4,
       E::f8E4M3FN, E::f8E5M2, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f8E4M3FN_f6E2M3FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f8E4M3FN, E::f6E2M3FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f8E4M3FN_f6E3M2FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f8E4M3FN, E::f6E3M2FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f8E4M3FN_f4E2M1FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f8E4M3FN, E::f4E2M1FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f8E5M2_f8E4M3FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f8E5M2, E::f8E4M3FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f8E5M2_f6E2M3FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f8E5M2, E::f6E2M3FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f8E5M2_f6E3M2FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f8E5M2, E::f6E3M2FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f8E5M2_f4E2M1FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f8E5M2, E::f4E2M1FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f6E2M3FN_f8E4M3FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f6E2M3FN, E::f8E4M3FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f6E2M3FN_f8E5M2_scaled, 16, 16, 128, 64, 32, 4,
       E::f6E2M3FN, E::f8E5M2, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f6E2M3FN_f6E3M2FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f6E2M3FN, E::f6E3M2FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f6E2M3FN_f4E2M1FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f6E2M3FN, E::f4E2M1FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f6E3M2FN_f8E4M3FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f6E3M2FN, E::f8E4M3FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f6E3M2FN_f8E5M2_scaled, 16, 16, 128, 64, 32, 4,
       E::f6E3M2FN, E::f8E5M2, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f6E3M2FN_f6E2M3FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f6E3M2FN, E::f6E2M3FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f6E3M2FN_f4E2M1FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f6E3M2FN, E::f4E2M1FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f4E2M1FN_f8E4M3FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f4E2M1FN, E::f8E4M3FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f4E2M1FN_f8E5M2_scaled, 16, 16, 128, 64, 32, 4,
       E::f4E2M1FN, E::f8E5M2, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f4E2M1FN_f6E2M3FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f4E2M1FN, E::f6E2M3FN, /*scaled=*/true},
      {MmaKind::f32_16x16x128_f4E2M1FN_f6E3M2FN_scaled, 16, 16, 128, 64, 32, 4,
       E::f4E2M1FN, E::f6E3M2FN, /*scaled=*/true},
  };
  for (const MmaLayout &layout : kLayouts)
    if (layout.kind == kind)
      return layout;
  llvm_unreachable("MMA kind without a layout");
}

bool mlir::wave::isMmaKindOnChip(MmaKind kind, const ChipInfo &chip) {
  switch (kind) {
  case MmaKind::wmma_f32_16x16x16_f16_gfx11:
    return chip.gfxMajor == 11;
  case MmaKind::wmma_f32_16x16x16_f16_gfx12:
    return chip.gfxMajor == 12;
  default:
    break;
  }
  if (!chip.hasMfma)
    return false;
  // gfx950's f8f6f4 instructions, every pair of formats, plain and scaled.
  if (getMmaLayout(kind).isF8F6F4())
    return chip.hasGfx950Mfma;
  switch (kind) {
  case MmaKind::f32_32x32x8_f16:
  case MmaKind::f32_16x16x16_f16:
  case MmaKind::f32_32x32x8_bf16:
  case MmaKind::f32_16x16x16_bf16:
  case MmaKind::f32_16x16x4_f32:
    return true;
  case MmaKind::i32_16x16x32_i8:
    return chip.hasGfx940Mfma;
  case MmaKind::f32_32x32x16_f16:
  case MmaKind::f32_16x16x32_f16:
  case MmaKind::f32_32x32x16_bf16:
  case MmaKind::f32_16x16x32_bf16:
    return chip.hasGfx950Mfma;
  // The same fp8 opcodes read the FNUZ encodings on gfx940-class chips
  // and the OCP ones on gfx950.
  case MmaKind::f32_32x32x16_f8E4M3FNUZ:
  case MmaKind::f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ:
  case MmaKind::f32_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ:
  case MmaKind::f32_32x32x16_f8E5M2FNUZ:
  case MmaKind::f32_16x16x32_f8E4M3FNUZ:
  case MmaKind::f32_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ:
  case MmaKind::f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ:
  case MmaKind::f32_16x16x32_f8E5M2FNUZ:
    return chip.hasGfx940Mfma && !chip.hasGfx950Mfma;
  case MmaKind::f32_32x32x16_f8E4M3FN:
  case MmaKind::f32_32x32x16_f8E4M3FN_f8E5M2:
  case MmaKind::f32_32x32x16_f8E5M2_f8E4M3FN:
  case MmaKind::f32_32x32x16_f8E5M2:
  case MmaKind::f32_16x16x32_f8E4M3FN:
  case MmaKind::f32_16x16x32_f8E4M3FN_f8E5M2:
  case MmaKind::f32_16x16x32_f8E5M2_f8E4M3FN:
  case MmaKind::f32_16x16x32_f8E5M2:
    return chip.hasGfx950Mfma;
  default:
    // The WMMA kinds, decided above, and the f8f6f4 ones.
    return false;
  }
}

std::string mlir::wave::getMmaKindsOnChip(const ChipInfo &chip) {
  std::string kinds;
  bool f8f6f4 = false;
  for (unsigned value = 0; value <= getMaxEnumValForMmaKind(); ++value) {
    if (!isMmaKindOnChip(MmaKind(value), chip))
      continue;
    // The f8f6f4 kinds (over a hundred: every pair of formats, plain and
    // scaled) are named by their pattern at the end.
    if (getMmaLayout(MmaKind(value)).isF8F6F4()) {
      f8f6f4 = true;
      continue;
    }
    if (!kinds.empty())
      kinds += ", ";
    kinds += stringifyMmaKind(MmaKind(value));
  }
  if (f8f6f4)
    kinds += std::string(kinds.empty() ? "" : ", ") +
             "and the f8f6f4 kinds f32_32x32x64_<A>[_<B>][_scaled] and "
             "f32_16x16x128_<A>[_<B>][_scaled], A and B each f8E4M3FN, "
             "f8E5M2, f6E2M3FN, f6E3M2FN or f4E2M1FN";
  return kinds.empty() ? "none" : kinds;
}

static bool isFp8Element(MmaElement element) {
  return element == MmaElement::f8E4M3FNUZ ||
         element == MmaElement::f8E5M2FNUZ || element == MmaElement::f8E4M3FN ||
         element == MmaElement::f8E5M2;
}

bool mlir::wave::isFp8MmaKind(MmaKind kind) {
  const MmaLayout &layout = getMmaLayout(kind);
  return isFp8Element(layout.a) || isFp8Element(layout.b);
}

std::string mlir::wave::getMmaFp8TypesOnChip(const ChipInfo &chip,
                                             MLIRContext *context) {
  SmallVector<Type> types;
  for (unsigned value = 0; value <= getMaxEnumValForMmaKind(); ++value) {
    MmaKind kind = MmaKind(value);
    if (!isFp8MmaKind(kind) || !isMmaKindOnChip(kind, chip))
      continue;
    const MmaLayout &layout = getMmaLayout(kind);
    for (MmaOperand operand : {MmaOperand::A, MmaOperand::B}) {
      // An fp8 operand's types only: a mixed kind's other one may be fp4.
      if (!isFp8Element(operand == MmaOperand::A ? layout.a : layout.b))
        continue;
      Type type = layout.getElementType(operand, context);
      if (!llvm::is_contained(types, type))
        types.push_back(type);
    }
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(types, os);
  return text;
}

std::optional<MmaKind> mlir::wave::getWideKKind(MmaKind kind) {
  switch (kind) {
  case MmaKind::f32_32x32x8_f16:
    return MmaKind::f32_32x32x16_f16;
  case MmaKind::f32_16x16x16_f16:
    return MmaKind::f32_16x16x32_f16;
  case MmaKind::f32_32x32x8_bf16:
    return MmaKind::f32_32x32x16_bf16;
  case MmaKind::f32_16x16x16_bf16:
    return MmaKind::f32_16x16x32_bf16;
  case MmaKind::f32_32x32x16_f8E4M3FN:
    return MmaKind::f32_32x32x64_f8E4M3FN;
  case MmaKind::f32_32x32x16_f8E4M3FN_f8E5M2:
    return MmaKind::f32_32x32x64_f8E4M3FN_f8E5M2;
  case MmaKind::f32_32x32x16_f8E5M2_f8E4M3FN:
    return MmaKind::f32_32x32x64_f8E5M2_f8E4M3FN;
  case MmaKind::f32_32x32x16_f8E5M2:
    return MmaKind::f32_32x32x64_f8E5M2;
  case MmaKind::f32_16x16x32_f8E4M3FN:
    return MmaKind::f32_16x16x128_f8E4M3FN;
  case MmaKind::f32_16x16x32_f8E4M3FN_f8E5M2:
    return MmaKind::f32_16x16x128_f8E4M3FN_f8E5M2;
  case MmaKind::f32_16x16x32_f8E5M2_f8E4M3FN:
    return MmaKind::f32_16x16x128_f8E5M2_f8E4M3FN;
  case MmaKind::f32_16x16x32_f8E5M2:
    return MmaKind::f32_16x16x128_f8E5M2;
  default:
    return std::nullopt;
  }
}

bool mlir::wave::isWideKKind(MmaKind kind) {
  for (unsigned value = 0; value <= getMaxEnumValForMmaKind(); ++value)
    if (getWideKKind(static_cast<MmaKind>(value)) == kind)
      return true;
  return false;
}

std::optional<MmaKind> mlir::wave::getWideKKindOnChip(MmaKind kind,
                                                      const ChipInfo &chip) {
  std::optional<MmaKind> wide = getWideKKind(kind);
  if (wide && isMmaKindOnChip(*wide, chip))
    return wide;
  return std::nullopt;
}

unsigned mlir::wave::getMmaPipeCycles(MmaKind kind, const ChipInfo &chip) {
  const MmaLayout &layout = getMmaLayout(kind);
  if (layout.family != MmaFamily::Mfma || !isMmaKindOnChip(kind, chip))
    return 0;
  if (std::optional<MmaKind> wide = getWideKKindOnChip(kind, chip))
    return getMmaPipeCycles(*wide, chip) * layout.k / getMmaLayout(*wide).k;
  // MI355X: 2048 FLOP a clock a SIMD of fp8, 4096 of fp6 and fp4.
  if (layout.isF8F6F4()) {
    auto narrow = [](MmaElement element) {
      return element == MmaElement::f4E2M1FN ||
             element == MmaElement::f6E2M3FN || element == MmaElement::f6E3M2FN;
    };
    unsigned cycles = layout.m == 32 ? 64 : 32;
    return narrow(layout.a) && narrow(layout.b) ? cycles / 2 : cycles;
  }
  // MI300X: 512 FLOP a clock a SIMD of f16 and bf16, 1024 of fp8 and i8,
  // 64 of f32 (a 16x16x4 f32 MMA in 32); MI250X half the f16 and bf16 rate.
  if (layout.a == MmaElement::f32)
    return 32;
  unsigned cycles = layout.m == 32 ? 32 : 16;
  bool halfRate = !chip.hasGfx940Mfma &&
                  (layout.a == MmaElement::f16 || layout.a == MmaElement::bf16);
  return halfRate ? cycles * 2 : cycles;
}
