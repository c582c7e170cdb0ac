#include "common.h"
// examples/gemm_nk_128.mlir: C = A * B^T, 512x512x512 f16 -> f32 with B
// stored N x K, 128x128 block tiles, k-step 32, four waves each owning a
// 64x64 C block of 2x2 v_mfma_f32_32x32x8_f16 tiles. A and B are staged
// through LDS (row pitch 36 halves) in the MFMA operand layout: each lane
// loads four runs of 4 halves of A and of B a k-step.
KERNEL(256, 1, 1) void gemm_nk_128(const _Float16 *A, const _Float16 *B,
                                   float *C) {
  LDS static _Float16 aTile[128 * 36];
  LDS static _Float16 bTile[128 * 36];
  unsigned t = tidX(), bn = wgX(), bm = wgY();
  unsigned l = t % 32, half = (t % 64) / 32, kOff = (t / 64) * 8 + half * 4;
  unsigned wr = t / 128, wc = (t / 64) % 2;
  float16v acc[2][2] = {};
#pragma clang loop unroll(disable)
  for (unsigned ks = 0; ks < 16; ++ks) {
    for (unsigned q = 0; q < 4; ++q) {
      *(half4v *)&aTile[(q * 32 + l) * 36 + kOff] =
          *(const half4v *)&A[(bm * 128 + q * 32 + l) * 512 + ks * 32 + kOff];
      *(half4v *)&bTile[(q * 32 + l) * 36 + kOff] =
          *(const half4v *)&B[(bn * 128 + q * 32 + l) * 512 + ks * 32 + kOff];
    }
    barrier();
    for (unsigned kk = 0; kk < 4; ++kk) {
      half4v fa[2], fb[2];
      for (unsigned i = 0; i < 2; ++i)
        fa[i] = *(half4v *)&aTile[(wr * 64 + i * 32 + l) * 36 + kk * 8 +
                                  half * 4];
      for (unsigned j = 0; j < 2; ++j)
        fb[j] = *(half4v *)&bTile[(wc * 64 + j * 32 + l) * 36 + kk * 8 +
                                  half * 4];
      for (unsigned i = 0; i < 2; ++i)
        for (unsigned j = 0; j < 2; ++j)
          acc[i][j] = __builtin_amdgcn_mfma_f32_32x32x8f16(fa[i], fb[j],
                                                           acc[i][j], 0, 0, 0);
    }
    barrier();
  }
  for (unsigned i = 0; i < 2; ++i)
    for (unsigned j = 0; j < 2; ++j)
      for (unsigned g = 0; g < 4; ++g)
        for (unsigned e = 0; e < 4; ++e)
          C[(bm * 128 + wr * 64 + i * 32 + g * 8 + half * 4 + e) * 512 +
            bn * 128 + wc * 64 + j * 32 + l] = acc[i][j][g * 4 + e];
}
