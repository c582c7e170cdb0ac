// The run-time-size transpose agrees with its reference, one kernel for all
// sizes: the static twin's problem (256 x 256, whole 32 x 32 tiles), the
// smallest matrix the assumptions allow (4 x 4: one partial tile, 28 of its
// 32 rows and columns outside), partial tiles in both dimensions (100 x 68),
// whole tiles one way and partial the other (32 x 96, 4 x 200); the grid is
// ceil(N / 32) x ceil(M / 32). Before and after wave-optimize, so the passes
// keep the edge masking, and the race detector finds no hazard the one
// barrier leaves.
// RUN: wave-run %examples/transpose_dynamic.mlir --grid=8,8 --scalar=M=256 --scalar=N=256 | FileCheck %s -DSHAPE=256x256
// RUN: wave-run %examples/transpose_dynamic.mlir --grid=1,1 --scalar=M=4 --scalar=N=4 | FileCheck %s -DSHAPE=4x4
// RUN: wave-run %examples/transpose_dynamic.mlir --grid=3,4 --scalar=M=100 --scalar=N=68 --seed=3 | FileCheck %s -DSHAPE=68x100
// RUN: wave-run %examples/transpose_dynamic.mlir --grid=3,1 --scalar=M=32 --scalar=N=96 | FileCheck %s -DSHAPE=96x32
// RUN: wave-run %examples/transpose_dynamic.mlir --grid=7,1 --scalar=M=4 --scalar=N=200 | FileCheck %s -DSHAPE=200x4
// RUN: wave-run %examples/transpose_dynamic.mlir --grid=3,4 --scalar=M=100 --scalar=N=68 --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=OPT -DSHAPE=68x100
// RUN: wave-run %examples/transpose_dynamic.mlir --grid=1,1 --scalar=M=4 --scalar=N=4 --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=OPT -DSHAPE=4x4
// RUN: wave-run %examples/transpose_dynamic.mlir --grid=8,8 --scalar=M=256 --scalar=N=256 --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=OPT -DSHAPE=256x256
// A size that is not a whole number of 16-byte chunks breaks the
// assumptions.
// RUN: not wave-run %examples/transpose_dynamic.mlir --grid=1,1 --scalar=M=6 --scalar=N=4 2>&1 | FileCheck %s --check-prefix=ASSUME

// CHECK: comparing @transpose_dynamic with @transpose_dynamic_ref
// CHECK-NEXT: output 'Out' ([[SHAPE]]xf32): agrees
// CHECK-NEXT: PASS
// OPT: comparing @transpose_dynamic after 'wave-optimize' with @transpose_dynamic before it
// OPT-NEXT: output 'Out' ([[SHAPE]]xf32): agrees
// OPT-NEXT: PASS
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint d2 mod 4 == 0 does not hold for M = 6
