//===- MmaLayout.h - Lane layouts of wave.mma kinds -------------*- C++ -*-===//
//
// The one table saying which lane holds which element of A, B and the
// accumulator for every MMA kind. The verifier, the lowering, the interpreter
// and global load minimization all read it.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_MMALAYOUT_H
#define WAVE_DIALECT_WAVE_IR_MMALAYOUT_H

#include "wave/Dialect/Wave/IR/WaveEnums.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Types.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::wave {

struct ChipInfo;

/// Element types of MMA operands (A and B of the fp8 kinds may differ).
enum class MmaElement : uint8_t {
  f16,
  bf16,
  i8,
  f32,
  f8E4M3FNUZ,
  f8E5M2FNUZ,
  f8E4M3FN,
  f8E5M2,
  f4E2M1FN,
  f6E2M3FN,
  f6E3M2FN
};

/// The lane layout formulas a kind follows: CDNA's MFMAs, or RDNA's WMMAs
/// (MmaLayout.cpp has the formulas).
enum class MmaFamily : uint8_t { Mfma, WmmaGfx11, WmmaGfx12 };

/// Shape and lane layout of one MMA kind. A is M x K, B is K x N, the
/// accumulator M x N; every lane of a wave of `waveSize` lanes holds
/// `kPerLane` elements of A and of B and `accPerLane` accumulator elements.
/// A scaled kind multiplies each lane's `kPerLane` elements of A (of B) by
/// 2^(s - 127), s the E8M0 scale that lane holds for A (for B): one scale a
/// lane, for the block of 32 K elements of one row of A (column of B) that
/// its elements are.
struct MmaLayout {
  MmaKind kind;
  int64_t m, n, k;
  unsigned waveSize;
  int64_t kPerLane;
  int64_t accPerLane;
  MmaElement a, b;
  bool scaled = false;
  MmaFamily family = MmaFamily::Mfma;

  /// Whether the kind is one of RDNA's WMMAs.
  bool isWmma() const { return family != MmaFamily::Mfma; }
  /// Whether the kind is one of gfx950's f8f6f4 MFMAs (32x32x64 or
  /// 16x16x128, each operand's format a modifier of one opcode).
  bool isF8F6F4() const {
    return family == MmaFamily::Mfma &&
           ((m == 32 && k == 64) || (m == 16 && k == 128));
  }

  /// Rows and columns of `operand`: M x K for A, K x N for B, M x N for the
  /// accumulator.
  std::array<int64_t, 2> getShape(MmaOperand operand) const {
    if (operand == MmaOperand::A)
      return {m, k};
    if (operand == MmaOperand::B)
      return {k, n};
    return {m, n};
  }
  /// Number of elements a lane holds of `operand`.
  int64_t getElementsPerLane(MmaOperand operand) const {
    return operand == MmaOperand::Acc ? accPerLane : kPerLane;
  }
  /// (row, column) of the element held by `lane` in vector slot `slot`:
  /// (m, k) for A, (k, n) for B, (m, n) for the accumulator.
  std::array<int64_t, 2> getCoordinate(MmaOperand operand, int64_t lane,
                                       int64_t slot) const;
  /// The same as an affine map (d0 = lane, d1 = slot) -> (row, column).
  AffineMap getCoordinateMap(MmaOperand operand, MLIRContext *context) const;

  /// The element type of `operand`.
  Type getElementType(MmaOperand operand, MLIRContext *context) const;
  /// The type of a lane's scale of A or of B (scaled kinds only):
  /// vector<1xf8E8M0FNU>.
  VectorType getScaleType(MLIRContext *context) const;
};

/// The layout of `kind` (wave64 CDNA MFMA, wave32 RDNA WMMA).
const MmaLayout &getMmaLayout(MmaKind kind);

/// Whether `chip` has the MFMA or WMMA instruction of `kind`.
bool isMmaKindOnChip(MmaKind kind, const ChipInfo &chip);

/// The kinds `chip` has, comma-separated ("none" without any), for
/// diagnostics.
std::string getMmaKindsOnChip(const ChipInfo &chip);

/// Whether A or B of `kind` is an 8-bit float.
bool isFp8MmaKind(MmaKind kind);

/// The 8-bit float operand types of the kinds `chip` has, comma-separated
/// (empty where it has no fp8 MFMA), for diagnostics.
std::string getMmaFp8TypesOnChip(const ChipInfo &chip, MLIRContext *context);

/// The kind that does in one instruction, at twice the rate, what a chain
/// of MMAs of `kind` along K does (its K over `kind`'s K of them: two
/// f32_32x32x8_f16 in one f32_32x32x16_f16 at the issue cost of one, four
/// f32_32x32x16_f8E4M3FN in one f32_32x32x64_f8E4M3FN at the cost of two),
/// with each lane's operand elements those of the chain concatenated; none
/// where there is no such kind.
std::optional<MmaKind> getWideKKind(MmaKind kind);

/// The wide kind of `kind` (getWideKKind) where `chip` has it: the kind
/// wave-widen-mma joins chains of `kind` into on that chip.
std::optional<MmaKind> getWideKKindOnChip(MmaKind kind, const ChipInfo &chip);

/// Whether `kind` is the wide kind of another (getWideKKind): one that does
/// the K of several MMAs at twice their rate, as wave-widen-mma makes it.
bool isWideKKind(MmaKind kind);

/// The cycles one MMA of `kind` holds the matrix pipe of `chip` at the
/// chip's published dense rate: 32 for a 32x32 kind and 16 for a 16x16 one
/// of f16, bf16, fp8 and i8 on gfx942 and gfx950 (twice that for f16 and
/// bf16 on gfx90a), 32 for f32_16x16x4_f32; gfx950's f8f6f4 kinds 64 for
/// 32x32x64 and 32 for 16x16x128, half that when both operands are fp6 or
/// fp4. On gfx950 a kind that wave-widen-mma joins along K (getWideKKind)
/// counts at the joined kind's rate, its share of that kind's cycles. 0 on
/// a chip without the kind, or without MFMA.
unsigned getMmaPipeCycles(MmaKind kind, const ChipInfo &chip);

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_MMALAYOUT_H
