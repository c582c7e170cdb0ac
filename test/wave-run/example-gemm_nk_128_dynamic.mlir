// The run-time-size 128 x 128 x 32 GEMM (B stored N x K) agrees with its
// reference, one kernel for all sizes: whole tiles (256^3: 2 x 2 tiles, 8
// K steps; the static twin's 512^3 takes the interpreter half a minute),
// the smallest problem the assumptions allow
// (1 x 1 x 8: one element of one partial tile, a partial K step), partial
// tiles in M and N (200 = 128 + 72 rows, 136 = 128 + 8 columns) with K = 96
// in three steps, whole tiles in M with a K that is not a multiple of the
// 32-wide step (40), and a partial tile of 2 rows with K = 264 (8 steps and
// 8 columns of a ninth); the grid is ceil(N / 128) x ceil(M / 128). Before
// and after wave-optimize (which pipelines the K loop behind a run-time
// check of its trip count) at the partial tiles and at 1 x 1 x 8 (the
// pipeline takes seconds on this kernel).
// RUN: wave-run %examples/gemm_nk_128_dynamic.mlir --grid=2,2 --scalar=M=256 --scalar=N=256 --scalar=K=256 | FileCheck %s -DSHAPE=256x256
// RUN: wave-run %examples/gemm_nk_128_dynamic.mlir --grid=1,1 --scalar=M=1 --scalar=N=1 --scalar=K=8 | FileCheck %s -DSHAPE=1x1
// RUN: wave-run %examples/gemm_nk_128_dynamic.mlir --grid=2,2 --scalar=M=200 --scalar=N=136 --scalar=K=96 --seed=3 | FileCheck %s -DSHAPE=200x136
// RUN: wave-run %examples/gemm_nk_128_dynamic.mlir --grid=2,1 --scalar=M=128 --scalar=N=256 --scalar=K=40 | FileCheck %s -DSHAPE=128x256
// RUN: wave-run %examples/gemm_nk_128_dynamic.mlir --grid=1,2 --scalar=M=130 --scalar=N=100 --scalar=K=264 | FileCheck %s -DSHAPE=130x100
// RUN: wave-run %examples/gemm_nk_128_dynamic.mlir --grid=2,2 --scalar=M=200 --scalar=N=136 --scalar=K=96 --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=OPT -DSHAPE=200x136
// RUN: wave-run %examples/gemm_nk_128_dynamic.mlir --grid=1,1 --scalar=M=1 --scalar=N=1 --scalar=K=8 --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=OPT -DSHAPE=1x1
// A K that is not a whole number of 16-byte runs breaks the assumptions.
// RUN: not wave-run %examples/gemm_nk_128_dynamic.mlir --grid=1,1 --scalar=M=8 --scalar=N=8 --scalar=K=12 2>&1 | FileCheck %s --check-prefix=ASSUME

// CHECK: comparing @gemm_nk_128_dynamic with @gemm_nk_128_dynamic_ref
// CHECK-NEXT: output 'C' ([[SHAPE]]xf32): agrees
// CHECK-NEXT: PASS
// OPT: comparing @gemm_nk_128_dynamic after 'wave-optimize' with @gemm_nk_128_dynamic before it
// OPT-NEXT: output 'C' ([[SHAPE]]xf32): agrees
// OPT-NEXT: PASS
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint d5 mod 8 == 0 does not hold for K = 12
