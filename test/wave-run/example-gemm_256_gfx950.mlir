// The gfx950 256 x 256 x 64 GEMM example with A's fragments read from
// global memory (C = A * B, 4096^3) agrees with its reference kernel at
// 256^3 (one workgroup, 4 K steps: the sizes, the view's stride, the K
// loop's trip count and the grids rewritten), and with itself after
// wave-optimize and after wave-to-upstream for gfx950 (the view's reads
// folded into reads of A, prefetched a step ahead in registers with B's
// staging reads, the last two K steps' MMAs deferred and joined); none of
// the interpreter's checks (LDS races, bounds, barrier divergence,
// unwritten LDS) fires on it.
// RUN: sed -e 's/4096x4096/256x256/g' -e 's/strided<\[4096, 1\]/strided<[256, 1]/' \
// RUN:     -e 's/known_grid_size = array<i32: 16, 16, 1>/known_grid_size = array<i32: 1, 1, 1>/' \
// RUN:     -e 's/known_grid_size = array<i32: 256, 256, 1>/known_grid_size = array<i32: 16, 16, 1>/' \
// RUN:     -e 's/%k_steps = arith.constant 64/%k_steps = arith.constant 4/' \
// RUN:     -e 's/%k_size = arith.constant 4096/%k_size = arith.constant 256/' \
// RUN:     %examples/gemm_256_gfx950.mlir > %t.mlir
// RUN: wave-run %t.mlir | FileCheck %s
// RUN: wave-run %t.mlir --compare-pipeline='wave-optimize' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.mlir --compare-pipeline='wave-to-upstream{chip=gfx950 optimize=true},gpu.module(wave-lower-subgroup-reduce)' 2>/dev/null | FileCheck %s --check-prefix=SAME

// CHECK: comparing @gemm_256_gfx950 with @gemm_256_gfx950_ref
// CHECK-NEXT: output 'C' (256x256xf32): agrees
// CHECK-NEXT: PASS

// SAME: output 'C' (256x256xf32): agrees
// SAME-NEXT: PASS
