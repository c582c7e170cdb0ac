// The run-time-size GEMM agrees with its reference at three sizes, one
// kernel for all: whole 64 x 64 tiles, partial tiles in M and N (200 =
// 3 * 64 + 8 rows, 136 = 2 * 64 + 8 columns) with K = 96 in three steps, and
// a K that is not a multiple of the 32-wide step (the bounded reads past K
// add zeros). The grid is ceil(N / 64) x ceil(M / 64). Before and after
// wave-optimize on the partial size, so the passes keep the edge masking.
// RUN: wave-run %examples/gemm_dynamic.mlir --grid=4,4 --scalar=M=256 --scalar=N=256 --scalar=K=256 | FileCheck %s --check-prefix=FULL
// RUN: wave-run %examples/gemm_dynamic.mlir --grid=3,4 --scalar=M=200 --scalar=N=136 --scalar=K=96 | FileCheck %s --check-prefix=EDGE
// RUN: wave-run %examples/gemm_dynamic.mlir --grid=2,1 --scalar=M=40 --scalar=N=72 --scalar=K=40 --seed=7 | FileCheck %s --check-prefix=SHORT-K
// RUN: wave-run %examples/gemm_dynamic.mlir --grid=3,4 --scalar=M=200 --scalar=N=136 --scalar=K=96 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=EDGE
// The sizes may come from the inputs' shapes.
// RUN: %python -c "import numpy; numpy.save('%t.a.npy', numpy.ones((100, 48), dtype=numpy.float16)); numpy.save('%t.b.npy', numpy.ones((48, 24), dtype=numpy.float16))"
// RUN: wave-run %examples/gemm_dynamic.mlir --grid=1,2 --input=A=%t.a.npy --input=B=%t.b.npy --output-dir=%t.out | FileCheck %s --check-prefix=NPY
// RUN: %python -c "import numpy; c = numpy.load('%t.out/C.npy'); assert c.shape == (100, 24) and (c == 48).all(), c"
// A launch that breaks the assumptions (K a multiple of 8) is refused.
// RUN: not wave-run %examples/gemm_dynamic.mlir --grid=1,1 --scalar=M=8 --scalar=N=8 --scalar=K=12 2>&1 | FileCheck %s --check-prefix=ASSUME

// FULL: comparing @gemm_dynamic with @gemm_dynamic_ref
// FULL-NEXT: output 'C' (256x256xf32): agrees
// FULL-NEXT: PASS
// EDGE: output 'C' (200x136xf32): agrees
// EDGE-NEXT: PASS
// SHORT-K: output 'C' (40x72xf32): agrees
// SHORT-K-NEXT: PASS
// NPY: output 'C' (100x24xf32): agrees
// NPY-NEXT: PASS
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint d5 mod 8 == 0 does not hold for K = 12
