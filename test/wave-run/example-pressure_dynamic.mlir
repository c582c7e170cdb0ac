// The run-time-size scaled column sums agree with their reference, one
// kernel for all sizes: the static twin's problem (K = 16, C = 32768: 8
// whole workgroups), the smallest problem the assumptions allow (K = 1,
// C = 4: lane 0's first chunk alone), a partial workgroup (C = 5000: the
// second workgroup's 904 columns end with lane 33's fourth chunk), one
// whole workgroup (C = 4096), and a third workgroup of one chunk (C = 8196);
// the grid is ceil(C / 4096). Before and after wave-optimize.
// RUN: wave-run %examples/pressure_dynamic.mlir --grid=8 --scalar=K=16 --scalar=C=32768 | FileCheck %s -DSHAPE=32768
// RUN: wave-run %examples/pressure_dynamic.mlir --grid=1 --scalar=K=1 --scalar=C=4 | FileCheck %s -DSHAPE=4
// RUN: wave-run %examples/pressure_dynamic.mlir --grid=2 --scalar=K=5 --scalar=C=5000 --seed=3 | FileCheck %s -DSHAPE=5000
// RUN: wave-run %examples/pressure_dynamic.mlir --grid=1 --scalar=K=3 --scalar=C=4096 | FileCheck %s -DSHAPE=4096
// RUN: wave-run %examples/pressure_dynamic.mlir --grid=3 --scalar=K=2 --scalar=C=8196 | FileCheck %s -DSHAPE=8196
// RUN: wave-run %examples/pressure_dynamic.mlir --grid=2 --scalar=K=5 --scalar=C=5000 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=5000
// RUN: wave-run %examples/pressure_dynamic.mlir --grid=1 --scalar=K=1 --scalar=C=4 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=4
// RUN: wave-run %examples/pressure_dynamic.mlir --grid=8 --scalar=K=16 --scalar=C=32768 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT -DSHAPE=32768
// A column count that is not a whole number of 16-byte chunks breaks the
// assumptions.
// RUN: not wave-run %examples/pressure_dynamic.mlir --grid=1 --scalar=K=1 --scalar=C=6 2>&1 | FileCheck %s --check-prefix=ASSUME

// CHECK: comparing @pressure_dynamic with @pressure_dynamic_ref
// CHECK-NEXT: output 'Y' ([[SHAPE]]xf32): agrees
// CHECK-NEXT: PASS
// OPT: comparing @pressure_dynamic after 'wave-optimize' with @pressure_dynamic before it
// OPT-NEXT: output 'Y' ([[SHAPE]]xf32): agrees
// OPT-NEXT: PASS
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint d4 mod 4 == 0 does not hold for C = 6
