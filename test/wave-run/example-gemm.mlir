// The gemm example agrees with its reference kernel, and none of the
// interpreter's checks (LDS races, bounds, barrier divergence, unwritten LDS)
// fires on it.
// RUN: wave-run %examples/gemm.mlir | FileCheck %s
// RUN: wave-run %examples/gemm.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @gemm with @gemm_ref
// CHECK-NEXT: output 'C' (256x256xf32): agrees
// CHECK-NEXT: PASS
