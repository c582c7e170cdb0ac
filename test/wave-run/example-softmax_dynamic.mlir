// The run-time-size softmax agrees with its reference, one kernel for all
// sizes: whole workgroups of 4 rows and whole 256-column rows (M = 32, the
// static twin's problem), a single row of the shortest length the
// assumptions allow (M = 1, N = 4), a partial workgroup with rows shorter
// than a wave (M = 37 = 9 * 4 + 1, N = 100: lanes 25 .. 63 past the row's
// end), and rows of one chunk a lane but for the last 16 lanes (N = 192);
// the grid is ceil(M / 4). Before and after wave-optimize at the partial
// sizes, so the passes keep the edge masking.
// RUN: wave-run %examples/softmax_dynamic.mlir --grid=8 --scalar=M=32 --scalar=N=256 | FileCheck %s -DSHAPE=32x256
// RUN: wave-run %examples/softmax_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=4 | FileCheck %s -DSHAPE=1x4
// RUN: wave-run %examples/softmax_dynamic.mlir --grid=10 --scalar=M=37 --scalar=N=100 --seed=3 | FileCheck %s -DSHAPE=37x100
// RUN: wave-run %examples/softmax_dynamic.mlir --grid=2 --scalar=M=6 --scalar=N=192 | FileCheck %s -DSHAPE=6x192
// RUN: wave-run %examples/softmax_dynamic.mlir --grid=10 --scalar=M=37 --scalar=N=100 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=37x100
// RUN: wave-run %examples/softmax_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=4 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=1x4
// RUN: wave-run %examples/softmax_dynamic.mlir --grid=8 --scalar=M=32 --scalar=N=256 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=32x256
// A row length that is not a whole number of 16-byte chunks breaks the
// assumptions, and so does a row longer than a wave holds.
// RUN: not wave-run %examples/softmax_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=6 2>&1 | FileCheck %s --check-prefix=ASSUME -DCONSTRAINT='d3 mod 4 == 0' -DVALUE=6
// RUN: not wave-run %examples/softmax_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=260 2>&1 | FileCheck %s --check-prefix=ASSUME -DCONSTRAINT='-d3 + 256 >= 0' -DVALUE=260

// CHECK: comparing @softmax_dynamic with @softmax_dynamic_ref
// CHECK-NEXT: output 'Y' ([[SHAPE]]xf32): agrees
// CHECK-NEXT: PASS
// OPT: comparing @softmax_dynamic after 'wave-optimize' with @softmax_dynamic before it
// OPT-NEXT: output 'Y' ([[SHAPE]]xf32): agrees
// OPT-NEXT: PASS
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint [[CONSTRAINT]] does not hold for N = [[VALUE]]
