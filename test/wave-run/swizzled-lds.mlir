// Swizzled LDS tiles: the interpreter places each element at its swizzled
// column, so kernels that stage through a swizzled tile still agree with
// their references and are race-free.

// The gemm example with both tiles swizzled instead of padded (8192 bytes
// of LDS instead of 8960): the A and B operand writes and reads, row-wise
// vectors and column (along 0) accesses alike.
// RUN: sed -e 's/strided<\[36, 1\]>, //' -e 's/strided<\[68, 1\]>, //' \
// RUN:     -e 's/padding \[0, 4\]/swizzle <vec = 4, per_phase = 1, max_phase = 8>/' \
// RUN:     %examples/gemm.mlir > %t.gemm.mlir
// RUN: wave-run %t.gemm.mlir | FileCheck %s --check-prefix=GEMM
// GEMM: comparing @gemm with @gemm_ref
// GEMM-NEXT: output 'C' (256x256xf32): agrees
// GEMM-NEXT: PASS

// The transpose example with a swizzled tile: rows written as 4-element
// vectors, read back as columns.
// RUN: sed -e 's/strided<\[33, 1\]>, //' \
// RUN:     -e 's/padding \[0, 1\]/swizzle <vec = 4, per_phase = 1, max_phase = 8>/' \
// RUN:     %examples/transpose.mlir > %t.transpose.mlir
// RUN: wave-run %t.transpose.mlir | FileCheck %s --check-prefix=TRANSPOSE
// TRANSPOSE: output 'Out' ({{.*}}): agrees
// TRANSPOSE-NEXT: PASS

// Races are still found: the swizzled transpose without its barrier.
// RUN: sed '/wave.barrier/d' %t.transpose.mlir > %t.race.mlir
// RUN: not wave-run %t.race.mlir 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: LDS data race on the LDS tile
