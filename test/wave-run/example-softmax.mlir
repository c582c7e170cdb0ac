// The softmax example agrees with its reference kernel, and none of the
// interpreter's checks (LDS races, bounds, barrier divergence, unwritten LDS)
// fires on it.
// RUN: wave-run %examples/softmax.mlir | FileCheck %s
// RUN: wave-run %examples/softmax.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @softmax with @softmax_ref
// CHECK-NEXT: output 'Y' (32x256xf32): agrees
// CHECK-NEXT: PASS
