// The fp8 GEMM examples (gfx942's FNUZ E4M3, gfx950's OCP E4M3 at two
// tiles) agree with their scalar references, and with themselves after the
// lowering to amdgpu.mfma and after wave-to-upstream at -O3 (gemm_fp8_256
// also after wave-optimize, its loop pipelined in registers with the
// step's MMAs deferred whole, and the widening); none of the interpreter's
// checks fires.
// RUN: wave-run %examples/gemm_fp8.mlir | FileCheck %s -DNAME=gemm_fp8
// RUN: wave-run %examples/gemm_fp8_ocp.mlir | FileCheck %s -DNAME=gemm_fp8_ocp
// RUN: wave-run %examples/gemm_fp8_256.mlir | FileCheck %s -DNAME=gemm_fp8_256
// RUN: wave-run %examples/gemm_fp8.mlir --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_fp8_ocp.mlir --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_fp8.mlir --compare-pipeline='wave-to-upstream{optimize=true coarsen-lanes=true},gpu.module(wave-lower-subgroup-reduce)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_fp8_ocp.mlir --compare-pipeline='wave-to-upstream{chip=gfx950 optimize=true coarsen-lanes=true},gpu.module(wave-lower-subgroup-reduce)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_fp8_256.mlir --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_fp8_256.mlir --compare-pipeline='wave-optimize,wave-widen-mma' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_fp8_256.mlir --compare-pipeline='wave-to-upstream{chip=gfx950 optimize=true},gpu.module(wave-lower-subgroup-reduce)' 2>/dev/null | FileCheck %s --check-prefix=SAME

// CHECK: comparing @[[NAME]] with @[[NAME]]_ref
// CHECK-NEXT: output 'C' (256x256xf32): agrees
// CHECK-NEXT: PASS

// SAME: output 'C' (256x256xf32): agrees
// SAME: PASS
