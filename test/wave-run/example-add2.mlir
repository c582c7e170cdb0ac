// The add2 example agrees with its reference kernel, and none of the
// interpreter's checks (LDS races, bounds, barrier divergence, unwritten LDS)
// fires on it.
// RUN: wave-run %examples/add2.mlir | FileCheck %s
// RUN: wave-run %examples/add2.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @add2 with @add2_ref
// CHECK-NEXT: output 'C' (16384xf32): agrees
// CHECK-NEXT: PASS
