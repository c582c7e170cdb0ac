#include "common.h"
// examples/add1.mlir: one element a lane, 256 lanes, 64 workgroups.
KERNEL(256, 1, 1) void add1(const float *A, const float *B, float *C) {
  unsigned i = wgX() * 256 + tidX();
  C[i] = A[i] + B[i];
}
