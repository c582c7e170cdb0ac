// The gfx950 f16 GEMM at the 128 x 128 x 64 tile agrees with its scalar
// reference, and with itself after the lowering to amdgpu.mfma and after
// wave-to-upstream for gfx950 at -O3 (pipelined K loop, swizzled LDS
// tiles; the K loop in LDS buffers by default, in registers with
// pipeline-in-lds=false); none of the interpreter's checks fires.
// RUN: wave-run %examples/gemm_gfx950.mlir | FileCheck %s
// RUN: wave-run %examples/gemm_gfx950.mlir --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_gfx950.mlir --compare-pipeline='wave-to-upstream{chip=gfx950 optimize=true coarsen-lanes=true},gpu.module(wave-lower-subgroup-reduce)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_gfx950.mlir --compare-pipeline='wave-to-upstream{chip=gfx950 optimize=true pipeline-in-lds=false}' | FileCheck %s --check-prefix=SAME

// CHECK: comparing @gemm_gfx950 with @gemm_gfx950_ref
// CHECK-NEXT: output 'C' (256x256xf32): agrees
// CHECK-NEXT: PASS

// SAME: output 'C' (256x256xf32): agrees
// SAME: PASS
