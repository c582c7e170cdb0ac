// The MFMA softmax example (attention probabilities, row reductions over
// clusters of 16 lanes of the accumulators) agrees with its reference
// kernel, and none of the interpreter's checks fires on it.
// RUN: wave-run %examples/softmax_mfma.mlir | FileCheck %s
// RUN: wave-run %examples/softmax_mfma.mlir --seed=12345 | FileCheck %s

// CHECK: comparing @softmax_mfma with @softmax_mfma_ref
// CHECK-NEXT: output 'P' (64x64xf32): agrees
// CHECK-NEXT: PASS
