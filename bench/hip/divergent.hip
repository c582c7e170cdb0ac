#include "common.h"
// examples/divergent.mlir: even lanes double, odd lanes add one.
KERNEL(256, 1, 1) void divergent(const float *X, float *Y) {
  unsigned t = tidX(), i = wgX() * 256 + t;
  float x = X[i];
  if (t % 2 == 0)
    Y[i] = x * 2.0f;
  else
    Y[i] = x + 1.0f;
}
