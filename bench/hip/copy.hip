#include "common.h"
// examples/copy.mlir: four contiguous elements a lane, streaming (nontemporal).
KERNEL(256, 1, 1) void copy(const float *X, float *Y) {
  unsigned i = wgX() * 1024 + tidX() * 4;
  float4v v = __builtin_nontemporal_load((const float4v *)&X[i]);
  __builtin_nontemporal_store(v, (float4v *)&Y[i]);
}
