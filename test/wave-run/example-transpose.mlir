// The transpose example agrees with its reference kernel, and none of the
// interpreter's checks (LDS races, bounds, barrier divergence, unwritten LDS)
// fires on it.
// RUN: wave-run %examples/transpose.mlir | FileCheck %s
// RUN: wave-run %examples/transpose.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @transpose with @transpose_ref
// CHECK-NEXT: output 'Out' (256x256xf32): agrees
// CHECK-NEXT: PASS
