// The MXFP4 GEMM example agrees with its scalar reference bit for bit, and
// with itself after the lowering to amdgpu.scaled_mfma and after
// wave-to-upstream at -O3; none of the interpreter's checks fires.
// RUN: wave-run %examples/gemm_mxfp4.mlir | FileCheck %s
// RUN: wave-run %examples/gemm_mxfp4.mlir --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_mxfp4.mlir --compare-pipeline='wave-to-upstream{chip=gfx950 optimize=true coarsen-lanes=true},gpu.module(wave-lower-subgroup-reduce)' | FileCheck %s --check-prefix=SAME

// CHECK: comparing @gemm_mxfp4 with @gemm_mxfp4_ref
// CHECK-NEXT: output 'C' (128x128xf32): agrees (max abs error 0, max rel error 0)
// CHECK-NEXT: PASS

// SAME: output 'C' (128x128xf32): agrees (max abs error 0, max rel error 0)
// SAME: PASS
