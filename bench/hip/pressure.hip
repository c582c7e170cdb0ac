#include "common.h"
// examples/pressure.mlir: 16 accumulators of 4 floats live across a 16-trip
// loop, plus 16 scales of 4 floats live from before it to after it.
KERNEL(64, 1, 1) void pressure(const float *X, const float *S, float *Y) {
  unsigned base = wgX() * 4096 + tidX() * 4;
  float4v s[16], acc[16];
  for (int j = 0; j < 16; ++j) {
    s[j] = *(const float4v *)&S[base + j * 256];
    acc[j] = (float4v){0, 0, 0, 0};
  }
#pragma clang loop unroll(disable)
  for (unsigned k = 0; k < 16; ++k) {
#pragma unroll
    for (int j = 0; j < 16; ++j)
      acc[j] += *(const float4v *)&X[k * 32768 + base + j * 256];
  }
  for (int j = 0; j < 16; ++j)
    *(float4v *)&Y[base + j * 256] = acc[j] * s[j];
}
