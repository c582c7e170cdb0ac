#include "common.h"
// examples/softmax.mlir: one 256-element row a wave, 4 elements a lane.
KERNEL(256, 1, 1) void softmax(const float *X, float *Y) {
  unsigned t = tidX(), i = (wgX() * 4 + t / 64) * 256 + (t % 64) * 4;
  float4v x = *(const float4v *)&X[i];
  float m = waveMax(__builtin_fmaxf(__builtin_fmaxf(x[0], x[1]),
                                    __builtin_fmaxf(x[2], x[3])));
  float4v e;
  for (int k = 0; k < 4; ++k)
    e[k] = __builtin_expf(x[k] - m);
  float s = waveSum(e[0] + e[1] + e[2] + e[3]);
  *(float4v *)&Y[i] = e / s;
}
