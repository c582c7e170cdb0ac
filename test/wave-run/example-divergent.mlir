// The divergent example agrees with its reference kernel, and none of the
// interpreter's checks (LDS races, bounds, barrier divergence, unwritten LDS)
// fires on it.
// RUN: wave-run %examples/divergent.mlir | FileCheck %s
// RUN: wave-run %examples/divergent.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @divergent with @divergent_ref
// CHECK-NEXT: output 'Y' (4096xf32): agrees
// CHECK-NEXT: PASS
