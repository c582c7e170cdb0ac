// The run-time-size LDS row sum agrees with its reference, one kernel for
// all sizes: the static twin's problem (M = 128, N = 1024: one tile of 1024
// columns a row), a single row of the shortest length the assumptions allow
// (M = 1, N = 4: lanes 1 .. 255 read zeros), a row ending inside a tile (N
// = 1000), two whole tiles and one chunk of a third (N = 2052), and the
// longest row (N = 16384, 16 tiles); the grid is M workgroups. Before and
// after wave-optimize (whose wave-use-collectives makes the tree's last 6
// levels one wave.reduce), and the race detector finds no hazard the
// barriers leave.
// RUN: wave-run %examples/reduce_lds_dynamic.mlir --grid=128 --scalar=M=128 --scalar=N=1024 | FileCheck %s -DSHAPE=128
// RUN: wave-run %examples/reduce_lds_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=4 | FileCheck %s -DSHAPE=1
// RUN: wave-run %examples/reduce_lds_dynamic.mlir --grid=7 --scalar=M=7 --scalar=N=1000 --seed=3 | FileCheck %s -DSHAPE=7
// RUN: wave-run %examples/reduce_lds_dynamic.mlir --grid=3 --scalar=M=3 --scalar=N=2052 | FileCheck %s -DSHAPE=3
// RUN: wave-run %examples/reduce_lds_dynamic.mlir --grid=2 --scalar=M=2 --scalar=N=16384 | FileCheck %s -DSHAPE=2
// RUN: wave-run %examples/reduce_lds_dynamic.mlir --grid=7 --scalar=M=7 --scalar=N=1000 --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=OPT -DSHAPE=7
// RUN: wave-run %examples/reduce_lds_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=4 --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=OPT -DSHAPE=1
// RUN: wave-run %examples/reduce_lds_dynamic.mlir --grid=3 --scalar=M=3 --scalar=N=2052 --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=OPT -DSHAPE=3
// RUN: wave-run %examples/reduce_lds_dynamic.mlir --grid=128 --scalar=M=128 --scalar=N=1024 --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=OPT -DSHAPE=128
// A row length that is not a whole number of 16-byte chunks breaks the
// assumptions.
// RUN: not wave-run %examples/reduce_lds_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=1022 2>&1 | FileCheck %s --check-prefix=ASSUME

// CHECK: comparing @reduce_lds_dynamic with @reduce_lds_dynamic_ref
// CHECK-NEXT: output 'Y' ([[SHAPE]]xf32): agrees
// CHECK-NEXT: PASS
// OPT: comparing @reduce_lds_dynamic after 'wave-optimize' with @reduce_lds_dynamic before it
// OPT-NEXT: output 'Y' ([[SHAPE]]xf32): agrees
// OPT-NEXT: PASS
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint d3 mod 4 == 0 does not hold for N = 1022
