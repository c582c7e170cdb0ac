// The add1 example agrees with its reference kernel, and none of the
// interpreter's checks (LDS races, bounds, barrier divergence, unwritten LDS)
// fires on it.
// RUN: wave-run %examples/add1.mlir | FileCheck %s
// RUN: wave-run %examples/add1.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @add1 with @add1_ref
// CHECK-NEXT: output 'C' (16384xf32): agrees
// CHECK-NEXT: PASS
