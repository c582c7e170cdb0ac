// The MXFP4 GEMM at Triton's tile agrees with its scalar reference bit for
// bit (the reference sums in the kernel's order of K blocks), and with
// itself after the lowering to amdgpu.scaled_mfma and after
// wave-to-upstream at -O3, whose pipeliner carries the deferred MMAs' scale
// groups; none of the interpreter's checks fires.
// RUN: wave-run %examples/gemm_mxfp4_256.mlir | FileCheck %s
// RUN: wave-run %examples/gemm_mxfp4_256.mlir --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_mxfp4_256.mlir --compare-pipeline='wave-to-upstream{chip=gfx950 optimize=true coarsen-lanes=true},gpu.module(wave-lower-subgroup-reduce)' | FileCheck %s --check-prefix=SAME

// CHECK: comparing @gemm_mxfp4_256 with @gemm_mxfp4_256_ref
// CHECK-NEXT: output 'C' (256x256xf32): agrees (max abs error 0, max rel error 0)
// CHECK-NEXT: PASS

// SAME: output 'C' (256x256xf32): agrees (max abs error 0, max rel error 0)
// SAME: PASS
