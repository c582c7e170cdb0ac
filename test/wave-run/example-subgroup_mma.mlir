// The subgroup MMA example (upstream's gpu.subgroup_mma_* ops, which
// wave-run lowers to gfx942's f32_16x16x16_f16 before running) agrees with
// its scalar reference kernel, and none of the interpreter's checks fires on
// it.
// RUN: wave-run %examples/subgroup_mma.mlir 2>/dev/null | FileCheck %s
// RUN: wave-run %examples/subgroup_mma.mlir --seed=12345 2>/dev/null | FileCheck %s

// CHECK: comparing @subgroup_mma with @subgroup_mma_ref
// CHECK-NEXT: output 'D' (64x64xf32): agrees
// CHECK-NEXT: PASS
