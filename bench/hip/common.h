// Clang builtins only (no HIP headers): the peers of examples/*.mlir,
// compiled with clang++-22 -x hip --cuda-device-only -nogpulib -nogpuinc.
#pragma once

#define KERNEL(x, y, z)                                                        \
  extern "C" __attribute__((global))                                           \
  __attribute__((amdgpu_flat_work_group_size(x * y * z, x * y * z)))
#define LDS __attribute__((shared))

typedef float float2v __attribute__((ext_vector_type(2)));
typedef float float4v __attribute__((ext_vector_type(4)));
typedef float float16v __attribute__((ext_vector_type(16)));
typedef _Float16 half4v __attribute__((ext_vector_type(4)));

static __attribute__((device)) inline unsigned tidX() {
  return __builtin_amdgcn_workitem_id_x();
}
static __attribute__((device)) inline unsigned tidY() {
  return __builtin_amdgcn_workitem_id_y();
}
static __attribute__((device)) inline unsigned wgX() {
  return __builtin_amdgcn_workgroup_id_x();
}
static __attribute__((device)) inline unsigned wgY() {
  return __builtin_amdgcn_workgroup_id_y();
}
static __attribute__((device)) inline unsigned laneId() {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}
static __attribute__((device)) inline void barrier() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
// A butterfly across the 64 lanes of a wave through ds_bpermute.
static __attribute__((device)) inline float shuffleXor(float v, unsigned m) {
  int src = (int)((laneId() ^ m) << 2);
  return __builtin_bit_cast(
      float, __builtin_amdgcn_ds_bpermute(src, __builtin_bit_cast(int, v)));
}
static __attribute__((device)) inline float waveSum(float v) {
  for (unsigned m = 32; m > 0; m /= 2)
    v += shuffleXor(v, m);
  return v;
}
static __attribute__((device)) inline float waveMax(float v) {
  for (unsigned m = 32; m > 0; m /= 2)
    v = __builtin_fmaxf(v, shuffleXor(v, m));
  return v;
}
