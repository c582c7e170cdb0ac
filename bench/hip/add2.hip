#include "common.h"
// examples/add2.mlir: two contiguous elements a lane, 32 workgroups.
KERNEL(256, 1, 1) void add2(const float *A, const float *B, float *C) {
  unsigned i = wgX() * 512 + tidX() * 2;
  *(float2v *)&C[i] = *(const float2v *)&A[i] + *(const float2v *)&B[i];
}
