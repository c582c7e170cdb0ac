// The run-time-size RMSNorm agrees with its reference, one kernel for all
// sizes: the static twin's problem (M = 64, N = 4096: whole workgroups of 4
// rows, 8 chunks a lane), a single row of the shortest length the
// assumptions allow (M = 1, N = 8: lane 0's first chunk alone), a partial
// workgroup with rows ending inside a lane's second chunk (M = 37, N =
// 1000), and rows one chunk short of the wave's 4096 columns (N = 4088);
// the grid is ceil(M / 4). Before and after wave-optimize.
// RUN: wave-run %examples/rmsnorm_dynamic.mlir --grid=16 --scalar=M=64 --scalar=N=4096 | FileCheck %s -DSHAPE=64x4096
// RUN: wave-run %examples/rmsnorm_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=8 | FileCheck %s -DSHAPE=1x8
// RUN: wave-run %examples/rmsnorm_dynamic.mlir --grid=10 --scalar=M=37 --scalar=N=1000 --seed=3 | FileCheck %s -DSHAPE=37x1000
// RUN: wave-run %examples/rmsnorm_dynamic.mlir --grid=2 --scalar=M=6 --scalar=N=4088 | FileCheck %s -DSHAPE=6x4088
// RUN: wave-run %examples/rmsnorm_dynamic.mlir --grid=10 --scalar=M=37 --scalar=N=1000 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=37x1000
// RUN: wave-run %examples/rmsnorm_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=8 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=1x8
// RUN: wave-run %examples/rmsnorm_dynamic.mlir --grid=16 --scalar=M=64 --scalar=N=4096 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=64x4096
// A row length that is not a whole number of 16-byte chunks breaks the
// assumptions, and so does a row longer than a wave holds.
// RUN: not wave-run %examples/rmsnorm_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=12 2>&1 | FileCheck %s --check-prefix=ASSUME -DCONSTRAINT='d4 mod 8 == 0' -DVALUE=12
// RUN: not wave-run %examples/rmsnorm_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=4104 2>&1 | FileCheck %s --check-prefix=ASSUME -DCONSTRAINT='-d4 + 4096 >= 0' -DVALUE=4104

// CHECK: comparing @rmsnorm_dynamic with @rmsnorm_dynamic_ref
// CHECK-NEXT: output 'Y' ([[SHAPE]]xf16): agrees
// CHECK-NEXT: PASS
// OPT: comparing @rmsnorm_dynamic after 'wave-optimize' with @rmsnorm_dynamic before it
// OPT-NEXT: output 'Y' ([[SHAPE]]xf16): agrees
// OPT-NEXT: PASS
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint [[CONSTRAINT]] does not hold for N = [[VALUE]]
