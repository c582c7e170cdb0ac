#include "common.h"
// examples/transpose.mlir: 32x32 tiles through LDS padded to 33 columns;
// block 8x32, each lane moves 4 elements.
KERNEL(8, 32, 1) void transpose(const float *In, float *Out) {
  LDS static float tile[32][33];
  unsigned tx = tidX(), ty = tidY(), bx = wgX(), by = wgY();
  float4v row = *(const float4v *)&In[(by * 32 + ty) * 256 + bx * 32 + tx * 4];
  for (int e = 0; e < 4; ++e)
    tile[ty][tx * 4 + e] = row[e];
  barrier();
  float4v col;
  for (int e = 0; e < 4; ++e)
    col[e] = tile[tx * 4 + e][ty];
  *(float4v *)&Out[(bx * 32 + ty) * 256 + by * 32 + tx * 4] = col;
}
