// The reduce_wave example agrees with its reference kernel, and none of the
// interpreter's checks (LDS races, bounds, barrier divergence, unwritten LDS)
// fires on it.
// RUN: wave-run %examples/reduce_wave.mlir | FileCheck %s
// RUN: wave-run %examples/reduce_wave.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @reduce_wave with @reduce_wave_ref
// CHECK-NEXT: output 'Y' (128xf32): agrees
// CHECK-NEXT: PASS
