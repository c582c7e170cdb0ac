#include "common.h"
// examples/reduce_wave.mlir: one 1024-element row a wave, 4 chunks of 4
// elements a lane, then a wave reduction.
KERNEL(256, 1, 1) void reduce_wave(const float *X, float *Y) {
  unsigned t = tidX(), row = wgX() * 4 + t / 64;
  float4v acc = {0, 0, 0, 0};
  for (unsigned c = 0; c < 4; ++c)
    acc += *(const float4v *)&X[row * 1024 + c * 256 + (t % 64) * 4];
  float sum = waveSum(acc[0] + acc[1] + acc[2] + acc[3]);
  if (laneId() == 0)
    Y[row] = sum;
}
