//===- AllMmaKinds.h - Every MMA kind, for parameterized tests -*- C++ -*-===//

#ifndef WAVE_UNITTESTS_DIALECT_ALLMMAKINDS_H
#define WAVE_UNITTESTS_DIALECT_ALLMMAKINDS_H

#include "wave/Dialect/Wave/IR/WaveEnums.h"

namespace mlir::wave {

/// Every kind of the layout table: a new kind is tested by adding it here.
inline constexpr MmaKind kAllMmaKinds[] = {
    MmaKind::f32_32x32x8_f16,
    MmaKind::f32_16x16x16_f16,
    MmaKind::f32_32x32x8_bf16,
    MmaKind::f32_16x16x16_bf16,
    MmaKind::i32_16x16x32_i8,
    MmaKind::f32_16x16x4_f32,
    MmaKind::f32_32x32x16_f16,
    MmaKind::f32_16x16x32_f16,
    MmaKind::f32_32x32x16_bf16,
    MmaKind::f32_16x16x32_bf16,
    MmaKind::f32_32x32x16_f8E4M3FNUZ,
    MmaKind::f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ,
    MmaKind::f32_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ,
    MmaKind::f32_32x32x16_f8E5M2FNUZ,
    MmaKind::f32_16x16x32_f8E4M3FNUZ,
    MmaKind::f32_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ,
    MmaKind::f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ,
    MmaKind::f32_16x16x32_f8E5M2FNUZ,
    MmaKind::f32_32x32x16_f8E4M3FN,
    MmaKind::f32_32x32x16_f8E4M3FN_f8E5M2,
    MmaKind::f32_32x32x16_f8E5M2_f8E4M3FN,
    MmaKind::f32_32x32x16_f8E5M2,
    MmaKind::f32_16x16x32_f8E4M3FN,
    MmaKind::f32_16x16x32_f8E4M3FN_f8E5M2,
    MmaKind::f32_16x16x32_f8E5M2_f8E4M3FN,
    MmaKind::f32_16x16x32_f8E5M2,
    MmaKind::f32_32x32x64_f8E4M3FN,
    MmaKind::f32_32x32x64_f8E4M3FN_f8E5M2,
    MmaKind::f32_32x32x64_f8E5M2_f8E4M3FN,
    MmaKind::f32_32x32x64_f8E5M2,
    MmaKind::f32_16x16x128_f8E4M3FN,
    MmaKind::f32_16x16x128_f8E4M3FN_f8E5M2,
    MmaKind::f32_16x16x128_f8E5M2_f8E4M3FN,
    MmaKind::f32_16x16x128_f8E5M2,
    MmaKind::f32_32x32x64_f4E2M1FN,
    MmaKind::f32_16x16x128_f4E2M1FN,
    MmaKind::f32_32x32x64_f4E2M1FN_scaled,
    MmaKind::f32_16x16x128_f4E2M1FN_scaled,
    MmaKind::f32_32x32x64_f6E2M3FN,
    MmaKind::f32_32x32x64_f6E3M2FN,
    MmaKind::f32_16x16x128_f6E2M3FN,
    MmaKind::f32_16x16x128_f6E3M2FN,
    MmaKind::f32_32x32x64_f6E2M3FN_scaled,
    MmaKind::f32_32x32x64_f6E3M2FN_scaled,
    MmaKind::f32_16x16x128_f6E2M3FN_scaled,
    MmaKind::f32_16x16x128_f6E3M2FN_scaled,
    MmaKind::f32_32x32x64_f8E4M3FN_scaled,
    MmaKind::f32_32x32x64_f8E5M2_scaled,
    MmaKind::f32_16x16x128_f8E4M3FN_scaled,
    MmaKind::f32_16x16x128_f8E5M2_scaled};

} // namespace mlir::wave

#endif // WAVE_UNITTESTS_DIALECT_ALLMMAKINDS_H
