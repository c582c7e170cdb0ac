// The run-time-size RMSNorm of a workgroup a row agrees with its reference,
// one kernel for all sizes: the static twin's problem (M = 64, N = 4096: 2
// chunks a lane), a single row of the shortest length the assumptions allow
// (M = 1, N = 8: lane 0's first chunk alone, three waves reading zeros), a
// row ending inside the first wave's second chunk (N = 2056) and inside the
// fourth wave's first (N = 1000), and a row one chunk short (N = 4088); the
// grid is M workgroups. Before and after wave-optimize, and the race
// detector finds no hazard the one barrier leaves.
// RUN: wave-run %examples/rmsnorm_wg_dynamic.mlir --grid=64 --scalar=M=64 --scalar=N=4096 | FileCheck %s -DSHAPE=64x4096
// RUN: wave-run %examples/rmsnorm_wg_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=8 | FileCheck %s -DSHAPE=1x8
// RUN: wave-run %examples/rmsnorm_wg_dynamic.mlir --grid=7 --scalar=M=7 --scalar=N=1000 --seed=3 | FileCheck %s -DSHAPE=7x1000
// RUN: wave-run %examples/rmsnorm_wg_dynamic.mlir --grid=2 --scalar=M=2 --scalar=N=2056 | FileCheck %s -DSHAPE=2x2056
// RUN: wave-run %examples/rmsnorm_wg_dynamic.mlir --grid=3 --scalar=M=3 --scalar=N=4088 | FileCheck %s -DSHAPE=3x4088
// RUN: wave-run %examples/rmsnorm_wg_dynamic.mlir --grid=7 --scalar=M=7 --scalar=N=1000 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=7x1000
// RUN: wave-run %examples/rmsnorm_wg_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=8 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=1x8
// RUN: wave-run %examples/rmsnorm_wg_dynamic.mlir --grid=64 --scalar=M=64 --scalar=N=4096 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=64x4096
// A row length that is not a whole number of 16-byte chunks breaks the
// assumptions.
// RUN: not wave-run %examples/rmsnorm_wg_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=12 2>&1 | FileCheck %s --check-prefix=ASSUME

// CHECK: comparing @rmsnorm_wg_dynamic with @rmsnorm_wg_dynamic_ref
// CHECK-NEXT: output 'Y' ([[SHAPE]]xf16): agrees
// CHECK-NEXT: PASS
// OPT: comparing @rmsnorm_wg_dynamic after 'wave-optimize' with @rmsnorm_wg_dynamic before it
// OPT-NEXT: output 'Y' ([[SHAPE]]xf16): agrees
// OPT-NEXT: PASS
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint d4 mod 8 == 0 does not hold for N = 12
