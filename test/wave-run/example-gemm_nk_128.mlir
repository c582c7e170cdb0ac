// The 128 x 128 x 32 GEMM example (C = A * B^T, B stored N x K) agrees with
// its reference kernel, and none of the interpreter's checks (LDS races,
// bounds, barrier divergence, unwritten LDS) fires on it.
// RUN: wave-run %examples/gemm_nk_128.mlir | FileCheck %s

// CHECK: comparing @gemm_nk_128 with @gemm_nk_128_ref
// CHECK-NEXT: output 'C' (512x512xf32): agrees
// CHECK-NEXT: PASS
