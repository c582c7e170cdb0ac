// The copy example agrees with its reference kernel, and none of the
// interpreter's checks (LDS races, bounds, barrier divergence, unwritten LDS)
// fires on it.
// RUN: wave-run %examples/copy.mlir | FileCheck %s
// RUN: wave-run %examples/copy.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @copy with @copy_ref
// CHECK-NEXT: output 'Y' (65536xf32): agrees
// CHECK-NEXT: PASS
