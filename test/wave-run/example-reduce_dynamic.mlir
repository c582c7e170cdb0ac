// The run-time-size row sum agrees with its reference, one kernel for all
// sizes: the static twin's problem (M = 128, N = 1024: whole workgroups of
// 4 rows, one tile of 1024 columns a row), a single row of the shortest
// length the assumptions allow (M = 1, N = 4), a partial workgroup and a
// row ending inside a tile's third chunk (M = 37, N = 1000), two whole
// tiles and one chunk of a third (N = 2052), and the longest row (N =
// 16384, 16 tiles); the grid is ceil(M / 4). Before and after wave-optimize
// at the partial sizes, so the passes keep the edge masking.
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=32 --scalar=M=128 --scalar=N=1024 | FileCheck %s -DSHAPE=128
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=4 | FileCheck %s -DSHAPE=1
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=10 --scalar=M=37 --scalar=N=1000 --seed=3 | FileCheck %s -DSHAPE=37
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=2 --scalar=M=6 --scalar=N=2052 | FileCheck %s -DSHAPE=6
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=1 --scalar=M=2 --scalar=N=16384 | FileCheck %s -DSHAPE=2
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=10 --scalar=M=37 --scalar=N=1000 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=37
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=4 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=1
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=2 --scalar=M=6 --scalar=N=2052 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=6
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=32 --scalar=M=128 --scalar=N=1024 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=128
// A row length that is not a whole number of 16-byte chunks breaks the
// assumptions.
// RUN: not wave-run %examples/reduce_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=1022 2>&1 | FileCheck %s --check-prefix=ASSUME

// CHECK: comparing @reduce_dynamic with @reduce_dynamic_ref
// CHECK-NEXT: output 'Y' ([[SHAPE]]xf32): agrees
// CHECK-NEXT: PASS
// OPT: comparing @reduce_dynamic after 'wave-optimize' with @reduce_dynamic before it
// OPT-NEXT: output 'Y' ([[SHAPE]]xf32): agrees
// OPT-NEXT: PASS
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint d3 mod 4 == 0 does not hold for N = 1022
