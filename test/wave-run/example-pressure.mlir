// The pressure example agrees with its reference kernel, and none of the
// interpreter's checks (LDS races, bounds, barrier divergence, unwritten LDS)
// fires on it.
// RUN: wave-run %examples/pressure.mlir | FileCheck %s
// RUN: wave-run %examples/pressure.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @pressure with @pressure_ref
// CHECK-NEXT: output 'Y' (32768xf32): agrees
// CHECK-NEXT: PASS
