// The LDS-staged loop with a run-time trip count agrees with its reference
// at 1, 3 and 8 chunks, before and after wave-optimize, and the race
// detector finds no hazard the one barrier an iteration leaves.
// RUN: wave-run %examples/staged_dynamic.mlir --scalar=len=1024 | FileCheck %s
// RUN: wave-run %examples/staged_dynamic.mlir --scalar=len=3072 | FileCheck %s
// RUN: wave-run %examples/staged_dynamic.mlir --scalar=len=8192 --seed=3 | FileCheck %s
// RUN: wave-run %examples/staged_dynamic.mlir --scalar=len=3072 --compare-pipeline=wave-optimize | FileCheck %s
// A length that is not a whole number of chunks breaks the assumption.
// RUN: not wave-run %examples/staged_dynamic.mlir --scalar=len=3000 2>&1 | FileCheck %s --check-prefix=ASSUME

// CHECK: output 'Y' (1024xf32): agrees
// CHECK-NEXT: PASS
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint d2 mod 1024 == 0 does not hold for len = 3000
