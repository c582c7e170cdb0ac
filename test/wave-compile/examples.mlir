// Every example compiles for gfx942; those without MMA also for gfx1100,
// where the kernels keep their waves of 64.
// RUN: for example in add1 add2 copy transpose reduce_wave reduce_lds softmax softmax_mfma gemm gemm_nk_128 divergent pressure gemm_dynamic staged_dynamic; do \
// RUN:   wave-compile %examples/$example.mlir --chip=gfx942 -o %t.$example.gfx942 || exit 1; \
// RUN:   llvm-readelf --notes %t.$example.gfx942 | grep -E '^ +\.name:|amdhsa.target'; \
// RUN: done | FileCheck %s --check-prefix=GFX942
// RUN: for example in add1 add2 copy transpose reduce_wave reduce_lds softmax divergent pressure; do \
// RUN:   wave-compile %examples/$example.mlir --chip=gfx1100 -o %t.$example.gfx1100 || exit 1; \
// RUN:   llvm-readelf --notes %t.$example.gfx1100 | grep -E '^ +\.(name|wavefront_size):|amdhsa.target'; \
// RUN: done | FileCheck %s --check-prefix=GFX1100
// RUN: not wave-compile %examples/gemm.mlir --chip=gfx1100 -o %t.gemm.gfx1100 2>&1 | FileCheck %s --check-prefix=GEMM-RDNA

// GFX942: .name: add1
// GFX942-NEXT: .name: add1_ref
// GFX942-NEXT: amdhsa.target: amdgcn-amd-amdhsa--gfx942
// GFX942-NEXT: .name: add2
// GFX942-NEXT: .name: add2_ref
// GFX942: .name: copy
// GFX942-NEXT: .name: copy_ref
// GFX942: .name: transpose
// GFX942-NEXT: .name: transpose_ref
// GFX942: .name: reduce_wave
// GFX942-NEXT: .name: reduce_wave_ref
// GFX942: .name: reduce_lds
// GFX942-NEXT: .name: reduce_lds_ref
// GFX942: .name: softmax
// GFX942-NEXT: .name: softmax_ref
// GFX942: .name: softmax_mfma
// GFX942-NEXT: .name: softmax_mfma_ref
// GFX942: .name: gemm
// GFX942-NEXT: .name: gemm_ref
// GFX942: .name: gemm_nk_128
// GFX942-NEXT: .name: gemm_nk_128_ref
// GFX942: .name: divergent
// GFX942-NEXT: .name: divergent_ref
// GFX942: .name: pressure
// GFX942-NEXT: .name: pressure_ref
// GFX942: .name: gemm_dynamic
// GFX942-NEXT: .name: gemm_dynamic_ref
// GFX942: .name: staged_dynamic
// GFX942-NEXT: .name: staged_dynamic_ref

// GFX1100: .name: add1
// GFX1100-NEXT: .wavefront_size: 64
// GFX1100: amdhsa.target: amdgcn-amd-amdhsa--gfx1100
// GFX1100: .name: add2
// GFX1100: .name: copy
// GFX1100: .name: transpose
// GFX1100: .name: reduce_wave
// GFX1100-NEXT: .wavefront_size: 64
// GFX1100: .name: reduce_lds
// GFX1100: .name: softmax
// GFX1100: .name: divergent
// GFX1100: .name: pressure
// GFX1100-NEXT: .wavefront_size: 64

// GEMM-RDNA: gemm.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'wave.mma_tile' op chip 'gfx1100' has no MFMA unit for f32_32x32x8_f16
