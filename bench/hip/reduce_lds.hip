#include "common.h"
// examples/reduce_lds.mlir: one row a workgroup, a tree through LDS with a
// barrier per level.
KERNEL(256, 1, 1) void reduce_lds(const float *X, float *Y) {
  LDS static float buf[256];
  unsigned t = tidX(), wg = wgX();
  float4v v = *(const float4v *)&X[wg * 1024 + t * 4];
  buf[t] = v[0] + v[1] + v[2] + v[3];
  barrier();
  for (unsigned s = 128; s > 1; s /= 2) {
    if (t < s)
      buf[t] = buf[t] + buf[t + s];
    barrier();
  }
  if (t < 1)
    Y[wg] = buf[0] + buf[1];
}
