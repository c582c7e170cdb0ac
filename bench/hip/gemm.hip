#include "common.h"
// examples/gemm.mlir: 256x256x256 f16 -> f32, 64x64 block tiles, k-step 32,
// four waves each owning a 32x32 C tile with v_mfma_f32_32x32x8_f16. A and B
// are staged through LDS (row pitch 36 and 68 halves) in the MFMA operand
// layout: each lane loads two runs of 4 halves of A and of B a k-step.
KERNEL(256, 1, 1) void gemm(const _Float16 *A, const _Float16 *B, float *C) {
  LDS static _Float16 aTile[64 * 36];
  LDS static _Float16 bTile[32 * 68];
  unsigned t = tidX(), bn = wgX(), bm = wgY();
  unsigned l = t % 32, half = (t % 64) / 32, kOff = (t / 64) * 8 + half * 4;
  float16v acc = {};
#pragma clang loop unroll(disable)
  for (unsigned ks = 0; ks < 8; ++ks) {
    for (unsigned j = 0; j < 2; ++j) {
      half4v a = *(const half4v *)&A[(bm * 64 + j * 32 + l) * 256 + ks * 32 +
                                     kOff];
      *(half4v *)&aTile[(j * 32 + l) * 36 + kOff] = a;
    }
    for (unsigned j = 0; j < 2; ++j)
      for (unsigned e = 0; e < 4; ++e)
        bTile[(kOff + e) * 68 + j * 32 + l] =
            B[(ks * 32 + kOff + e) * 256 + bn * 64 + j * 32 + l];
    barrier();
    for (unsigned kk = 0; kk < 4; ++kk) {
      half4v fa = *(half4v *)&aTile[((t / 128) * 32 + l) * 36 + kk * 8 +
                                    half * 4];
      half4v fb;
      for (unsigned e = 0; e < 4; ++e)
        fb[e] = bTile[(kk * 8 + half * 4 + e) * 68 + ((t / 64) % 2) * 32 + l];
      acc = __builtin_amdgcn_mfma_f32_32x32x8f16(fa, fb, acc, 0, 0, 0);
    }
    barrier();
  }
  for (unsigned g = 0; g < 4; ++g)
    for (unsigned e = 0; e < 4; ++e)
      C[(bm * 64 + (t / 128) * 32 + g * 8 + half * 4 + e) * 256 + bn * 64 +
        ((t / 64) % 2) * 32 + l] = acc[g * 4 + e];
}
