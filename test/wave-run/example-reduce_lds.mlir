// The reduce_lds example agrees with its reference kernel, and none of the
// interpreter's checks (LDS races, bounds, barrier divergence, unwritten LDS)
// fires on it.
// RUN: wave-run %examples/reduce_lds.mlir | FileCheck %s
// RUN: wave-run %examples/reduce_lds.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @reduce_lds with @reduce_lds_ref
// CHECK-NEXT: output 'Y' (128xf32): agrees
// CHECK-NEXT: PASS
