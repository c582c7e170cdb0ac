// RUN: wave-opt %s --split-input-file --wave-transpose-lds-tiles -verify-diagnostics --mlir-print-local-scope | FileCheck %s
// The pass moves where elements live, not what the kernels compute:
// RUN: sed -n '1,/^\/\/ -----/p' %s > %t.v.mlir
// RUN: wave-run %t.v.mlir --compare-pipeline='wave-transpose-lds-tiles' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.v.mlir --seed=5 --compare-pipeline='wave-transpose-lds-tiles' 2>/dev/null | FileCheck %s --check-prefix=SAME
// ... nor once lowered with its columns as transposed reads:
// RUN: wave-run %t.v.mlir --compare-pipeline='wave-transpose-lds-tiles,gpu.module(convert-wave-to-amdgpu)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// SAME: agrees (max abs error 0, max rel error 0)
// SAME-NEXT: PASS
// The counts as a summary remark:
// RUN: wave-opt %t.v.mlir --wave-transpose-lds-tiles=summary -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: remark: wave-transpose-lds-tiles: tiles-transposed: 1, tiles-restaged-in-registers: 0, tiles-kept: 0
// On gfx942, a K x N tile staged in 16-byte rows and read down its columns
// is stored transposed with its staging rebuilt in registers; the kernel
// computes the same, alone and once lowered:
// RUN: sed -n '/^\/\/ BEGIN restaged/,/^\/\/ -----/p' %s > %t.r.mlir
// RUN: wave-run %t.r.mlir --compare-pipeline='wave-transpose-lds-tiles' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.r.mlir --seed=3 --compare-pipeline='wave-transpose-lds-tiles,canonicalize,gpu.module(convert-wave-to-amdgpu)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-opt %t.r.mlir --wave-transpose-lds-tiles=summary -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY-RESTAGED
// SUMMARY-RESTAGED: remark: wave-transpose-lds-tiles: tiles-transposed: 1, tiles-restaged-in-registers: 1, tiles-kept: 0
// The same from a source of rank 3 (one head's rows of a run-time count),
// the rows past its end read as zeros by bounded reads, restaged bounded:
// RUN: sed -n '/^\/\/ BEGIN bounded_rank3/,/^\/\/ -----/p' %s > %t.b.mlir
// RUN: wave-run %t.b.mlir --grid=2,1 --scalar=n=29 --compare-pipeline='wave-transpose-lds-tiles' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.b.mlir --grid=2,1 --scalar=n=64 --seed=4 --compare-pipeline='wave-transpose-lds-tiles,canonicalize,gpu.module(convert-wave-to-amdgpu)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// A tile of too few blocks of 4 rows for its lanes, restaged in blocks of 2:
// RUN: sed -n '/^\/\/ BEGIN paired_rows/,/^\/\/ -----/p' %s > %t.pairs.mlir
// RUN: wave-run %t.pairs.mlir --compare-pipeline='wave-transpose-lds-tiles' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.pairs.mlir --seed=9 --compare-pipeline='wave-transpose-lds-tiles,canonicalize,gpu.module(convert-wave-to-amdgpu)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: sed -n '/^\/\/ BEGIN lane_private/,/^\/\/ -----/p' %s > %t.p.mlir
// RUN: wave-run %t.p.mlir --compare-pipeline='wave-transpose-lds-tiles' 2>/dev/null | FileCheck %s --check-prefix=SAME

// V staged transposed, as attention's V^T (d x keys): each lane writes 8
// elements of a row of V down a column of the tile (8 ds_write_b16), and
// reads its A fragments of V^T (4 keys) along a row. On gfx950 the tile
// stored keys x d takes one 16-byte write a lane and one transposed read a
// fragment: 8 + 4 -> 1 + 4 LDS instructions a lane.
// CHECK-LABEL: gpu.func @v_transposed
// CHECK: %[[T:.+]] = wave.alloc_lds : memref<64x32xf16, #gpu.address_space<workgroup>>
// CHECK: wave.write %{{.+}}, %[[T]][%{{.+}}] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8)> : vector<8xf16>, memref<64x32xf16
// CHECK: wave.read %[[T]][%{{.+}}] map affine_map<(d0) -> (((d0 mod 64) floordiv 32) * 4, d0 mod 32)> along 0 : memref<64x32xf16
// CHECK: wave.read %[[T]][%{{.+}}] map affine_map<(d0) -> (((d0 mod 64) floordiv 32) * 4 + 8, d0 mod 32)> along 0 : memref<64x32xf16
// CHECK-COUNT-2: wave.read %[[T]]{{.*}} along 0 : memref<64x32xf16

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @v_transposed(%V: memref<64x32xf16>, %O: memref<64x16xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    // expected-remark @below {{LDS tile stored transposed: 12 -> 5 LDS instructions a lane}}
    %vt = wave.alloc_lds : memref<32x64xf16, #lds>
    %t = gpu.thread_id x
    %v = wave.read %V[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : memref<64x32xf16> -> vector<8xf16>
    wave.write %v, %vt[%t] map affine_map<(t) -> ((t mod 4) * 8, t floordiv 4)> along 0 : vector<8xf16>, memref<32x64xf16, #lds>
    wave.barrier
    %a0 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, ((t mod 64) floordiv 32) * 4)> : memref<32x64xf16, #lds> -> vector<4xf16>
    %a1 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, ((t mod 64) floordiv 32) * 4 + 8)> : memref<32x64xf16, #lds> -> vector<4xf16>
    %a2 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, ((t mod 64) floordiv 32) * 4 + 16)> : memref<32x64xf16, #lds> -> vector<4xf16>
    %a3 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, ((t mod 64) floordiv 32) * 4 + 24)> : memref<32x64xf16, #lds> -> vector<4xf16>
    %s01 = arith.addf %a0, %a1 : vector<4xf16>
    %s23 = arith.addf %a2, %a3 : vector<4xf16>
    %s = arith.addf %s01, %s23 : vector<4xf16>
    %w = gpu.subgroup_id : index
    %l = gpu.lane_id
    wave.write %s, %O[%l, %w] map affine_map<(l, w) -> (l, w * 4)> : vector<4xf16>, memref<64x16xf16>
    gpu.return
  }
}

// -----

// The same kernel on gfx942, which reads columns an element an instruction:
// a column costs that either way round, and its staging is written down the
// columns already; kept.
// CHECK-LABEL: gpu.func @no_transposed_reads
// CHECK: wave.alloc_lds : memref<32x64xf16

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @no_transposed_reads(%V: memref<64x32xf16>, %O: memref<64x16xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @below {{LDS tile kept as written: chip 'gfx942' has no transposed LDS reads, and it cannot be staged transposed in registers: its staging writes down its columns}}
    %vt = wave.alloc_lds : memref<32x64xf16, #lds>
    %t = gpu.thread_id x
    %v = wave.read %V[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : memref<64x32xf16> -> vector<8xf16>
    wave.write %v, %vt[%t] map affine_map<(t) -> ((t mod 4) * 8, t floordiv 4)> along 0 : vector<8xf16>, memref<32x64xf16, #lds>
    wave.barrier
    %a0 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, ((t mod 64) floordiv 32) * 4)> : memref<32x64xf16, #lds> -> vector<4xf16>
    %a1 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, ((t mod 64) floordiv 32) * 4 + 8)> : memref<32x64xf16, #lds> -> vector<4xf16>
    %a2 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, ((t mod 64) floordiv 32) * 4 + 16)> : memref<32x64xf16, #lds> -> vector<4xf16>
    %a3 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, ((t mod 64) floordiv 32) * 4 + 24)> : memref<32x64xf16, #lds> -> vector<4xf16>
    %s01 = arith.addf %a0, %a1 : vector<4xf16>
    %s23 = arith.addf %a2, %a3 : vector<4xf16>
    %s = arith.addf %s01, %s23 : vector<4xf16>
    %w = gpu.subgroup_id : index
    %l = gpu.lane_id
    wave.write %s, %O[%l, %w] map affine_map<(l, w) -> (l, w * 4)> : vector<4xf16>, memref<64x16xf16>
    gpu.return
  }
}

// -----

// BEGIN restaged
// gfx942: the staging of a 32 x 64 tile (a K x N operand) in 16-byte rows,
// 4 a lane, and 8 reads of 4 rows down a column (8 x 4 LDS instructions a
// lane). Lane t now reads rows 4 (t mod 8) .. + 3 at columns 8 (t / 8) ..
// + 7, transposes them (2 interleaving shuffles, then one a column) and
// writes each column's 4 rows as one row of the 64 x 32 tile, 8 lanes
// after one another along a row; the reads become rows, one instruction
// each: 4 + 32 -> 8 + 8.
// CHECK-LABEL: gpu.func @restaged
// CHECK: %[[T:.+]] = wave.alloc_lds : memref<64x32xf16, #gpu.address_space<workgroup>>
// CHECK: %[[R0:.+]] = wave.read %B[%{{.+}}] map affine_map<(d0) -> ((d0 mod 8) * 4, (d0 floordiv 8) * 8)>
// CHECK-NEXT: %[[R1:.+]] = wave.read %B[%{{.+}}] map affine_map<(d0) -> ((d0 mod 8) * 4 + 1, (d0 floordiv 8) * 8)>
// CHECK-NEXT: %[[R2:.+]] = wave.read %B[%{{.+}}] map affine_map<(d0) -> ((d0 mod 8) * 4 + 2, (d0 floordiv 8) * 8)>
// CHECK-NEXT: %[[R3:.+]] = wave.read %B[%{{.+}}] map affine_map<(d0) -> ((d0 mod 8) * 4 + 3, (d0 floordiv 8) * 8)>
// CHECK-NEXT: %[[LOW:.+]] = vector.shuffle %[[R0]], %[[R1]] [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15]
// CHECK-NEXT: %[[HIGH:.+]] = vector.shuffle %[[R2]], %[[R3]] [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15]
// CHECK-NEXT: %[[C0:.+]] = vector.shuffle %[[LOW]], %[[HIGH]] [0, 1, 16, 17]
// CHECK-NEXT: wave.write %[[C0]], %[[T]][%{{.+}}] map affine_map<(d0) -> ((d0 floordiv 8) * 8, (d0 mod 8) * 4)> : vector<4xf16>
// CHECK-NEXT: %[[C1:.+]] = vector.shuffle %[[LOW]], %[[HIGH]] [2, 3, 18, 19]
// CHECK-NEXT: wave.write %[[C1]], %[[T]][%{{.+}}] map affine_map<(d0) -> ((d0 floordiv 8) * 8 + 1, (d0 mod 8) * 4)> : vector<4xf16>
// CHECK-COUNT-6: wave.write
// CHECK-NEXT: wave.barrier
// CHECK-NEXT: wave.read %[[T]][%{{.+}}] map affine_map<(d0) -> ((d0 + 1) mod 64, 0)> : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// CHECK-NEXT: wave.read %[[T]][%{{.+}}] map affine_map<(d0) -> ((d0 + 1) mod 64, 4)> : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<4xf16>

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @restaged(%B: memref<32x64xf16>, %O: memref<64x4xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @below {{LDS tile stored transposed, staged in registers: 36 -> 16 LDS instructions a lane; each lane reads rows of 4 x 8 blocks and transposes them with 10 shuffles}}
    %tile = wave.alloc_lds : memref<32x64xf16, #lds>
    %t = gpu.thread_id x
    %b0 = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    %b1 = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8 + 8, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    %b2 = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8 + 16, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    %b3 = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8 + 24, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    wave.write %b0, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b1, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 8, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b2, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 16, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b3, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 24, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.barrier
    %col0 = wave.read %tile[%t] map affine_map<(t) -> (0, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col1 = wave.read %tile[%t] map affine_map<(t) -> (4, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col2 = wave.read %tile[%t] map affine_map<(t) -> (8, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col3 = wave.read %tile[%t] map affine_map<(t) -> (12, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col4 = wave.read %tile[%t] map affine_map<(t) -> (16, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col5 = wave.read %tile[%t] map affine_map<(t) -> (20, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col6 = wave.read %tile[%t] map affine_map<(t) -> (24, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col7 = wave.read %tile[%t] map affine_map<(t) -> (28, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %acc1 = arith.addf %col0, %col1 : vector<4xf16>
    %acc2 = arith.addf %acc1, %col2 : vector<4xf16>
    %acc3 = arith.addf %acc2, %col3 : vector<4xf16>
    %acc4 = arith.addf %acc3, %col4 : vector<4xf16>
    %acc5 = arith.addf %acc4, %col5 : vector<4xf16>
    %acc6 = arith.addf %acc5, %col6 : vector<4xf16>
    %acc7 = arith.addf %acc6, %col7 : vector<4xf16>
    wave.write %acc7, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x4xf16>
    gpu.return
  }
}

// -----

// BEGIN bounded_rank3
// The restaged case with its tile staged from rows of one head of a
// [heads, n, 64] memref of a run-time n, bounded (as attention's V of its
// last key block): the new reads stay bounded and fix the head.
// CHECK-LABEL: gpu.func @bounded_rank3
// CHECK: %[[T:.+]] = wave.alloc_lds : memref<64x32xf16, #gpu.address_space<workgroup>>
// CHECK: wave.read %V[%{{.+}}] map affine_map<(d0, d1) -> (d1, (d0 mod 8) * 4, (d0 floordiv 8) * 8)> bounded
// CHECK-COUNT-3: wave.read %V[%{{.+}}] map {{.+}} bounded
// CHECK: wave.write %{{.+}}, %[[T]][%{{.+}}] map affine_map<(d0) -> ((d0 floordiv 8) * 8, (d0 mod 8) * 4)> : vector<4xf16>

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @bounded_rank3(%V: memref<2x?x64xf16> {wave.dims = array<i64: 2>},
                          %O: memref<2x64x4xf16>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(v, o, n) : (n - 1 >= 0, 64 - n >= 0)>} {
    // expected-remark @below {{LDS tile stored transposed, staged in registers: 36 -> 16 LDS instructions a lane; each lane reads rows of 4 x 8 blocks and transposes them with 10 shuffles}}
    %tile = wave.alloc_lds : memref<32x64xf16, #lds>
    %t = gpu.thread_id x
    %h = gpu.block_id x
    %b0 = wave.read %V[%t, %h] map affine_map<(t, h) -> (h, t floordiv 8, (t mod 8) * 8)> bounded : memref<2x?x64xf16> -> vector<8xf16>
    %b1 = wave.read %V[%t, %h] map affine_map<(t, h) -> (h, t floordiv 8 + 8, (t mod 8) * 8)> bounded : memref<2x?x64xf16> -> vector<8xf16>
    %b2 = wave.read %V[%t, %h] map affine_map<(t, h) -> (h, t floordiv 8 + 16, (t mod 8) * 8)> bounded : memref<2x?x64xf16> -> vector<8xf16>
    %b3 = wave.read %V[%t, %h] map affine_map<(t, h) -> (h, t floordiv 8 + 24, (t mod 8) * 8)> bounded : memref<2x?x64xf16> -> vector<8xf16>
    wave.write %b0, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b1, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 8, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b2, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 16, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b3, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 24, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.barrier
    %col0 = wave.read %tile[%t] map affine_map<(t) -> (0, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col1 = wave.read %tile[%t] map affine_map<(t) -> (4, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col2 = wave.read %tile[%t] map affine_map<(t) -> (8, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col3 = wave.read %tile[%t] map affine_map<(t) -> (12, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col4 = wave.read %tile[%t] map affine_map<(t) -> (16, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col5 = wave.read %tile[%t] map affine_map<(t) -> (20, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col6 = wave.read %tile[%t] map affine_map<(t) -> (24, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col7 = wave.read %tile[%t] map affine_map<(t) -> (28, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %acc1 = arith.addf %col0, %col1 : vector<4xf16>
    %acc2 = arith.addf %acc1, %col2 : vector<4xf16>
    %acc3 = arith.addf %acc2, %col3 : vector<4xf16>
    %acc4 = arith.addf %acc3, %col4 : vector<4xf16>
    %acc5 = arith.addf %acc4, %col5 : vector<4xf16>
    %acc6 = arith.addf %acc5, %col6 : vector<4xf16>
    %acc7 = arith.addf %acc6, %col7 : vector<4xf16>
    wave.write %acc7, %O[%h, %t] map affine_map<(h, t) -> (h, t, 0)> : vector<4xf16>, memref<2x64x4xf16>
    gpu.return
  }
}

// -----

// BEGIN paired_rows
// gfx942: a 16 x 64 tile is 32 blocks of 4 x 8 for 64 lanes, but 64 of
// 2 x 8: lane t reads rows 2 (t mod 8) .. + 1 at columns 8 (t / 8) .. + 7,
// interleaves them (one shuffle) and writes each column's 2 rows (4 bytes)
// as one row of the 64 x 16 tile: 2 + 8 x 2 -> 8 + 8.
// CHECK-LABEL: gpu.func @restaged_pairs
// CHECK: %[[T:.+]] = wave.alloc_lds : memref<64x16xf16, #gpu.address_space<workgroup>>
// CHECK: %[[R0:.+]] = wave.read %B[%{{.+}}] map affine_map<(d0) -> ((d0 mod 8) * 2, (d0 floordiv 8) * 8)>
// CHECK-NEXT: %[[R1:.+]] = wave.read %B[%{{.+}}] map affine_map<(d0) -> ((d0 mod 8) * 2 + 1, (d0 floordiv 8) * 8)>
// CHECK-NEXT: %[[LOW:.+]] = vector.shuffle %[[R0]], %[[R1]] [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15]
// CHECK-NEXT: %[[C0:.+]] = vector.shuffle %[[LOW]], %[[LOW]] [0, 1]
// CHECK-NEXT: wave.write %[[C0]], %[[T]][%{{.+}}] map affine_map<(d0) -> ((d0 floordiv 8) * 8, (d0 mod 8) * 2)> : vector<2xf16>
// CHECK-NEXT: %[[C1:.+]] = vector.shuffle %[[LOW]], %[[LOW]] [2, 3]
// CHECK-NEXT: wave.write %[[C1]], %[[T]][%{{.+}}] map affine_map<(d0) -> ((d0 floordiv 8) * 8 + 1, (d0 mod 8) * 2)> : vector<2xf16>

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @restaged_pairs(%B: memref<16x64xf16>, %O: memref<64x2xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @below {{LDS tile stored transposed, staged in registers: 18 -> 16 LDS instructions a lane; each lane reads rows of 2 x 8 blocks and transposes them with 9 shuffles}}
    %tile = wave.alloc_lds : memref<16x64xf16, #lds>
    %t = gpu.thread_id x
    %b0 = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<16x64xf16> -> vector<8xf16>
    %b1 = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8 + 8, (t mod 8) * 8)> : memref<16x64xf16> -> vector<8xf16>
    wave.write %b0, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<16x64xf16, #lds>
    wave.write %b1, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 8, (t mod 8) * 8)> : vector<8xf16>, memref<16x64xf16, #lds>
    wave.barrier
    %col0 = wave.read %tile[%t] map affine_map<(t) -> (0, (t + 1) mod 64)> along 0 : memref<16x64xf16, #lds> -> vector<2xf16>
    %col1 = wave.read %tile[%t] map affine_map<(t) -> (2, (t + 1) mod 64)> along 0 : memref<16x64xf16, #lds> -> vector<2xf16>
    %col2 = wave.read %tile[%t] map affine_map<(t) -> (4, (t + 1) mod 64)> along 0 : memref<16x64xf16, #lds> -> vector<2xf16>
    %col3 = wave.read %tile[%t] map affine_map<(t) -> (6, (t + 1) mod 64)> along 0 : memref<16x64xf16, #lds> -> vector<2xf16>
    %col4 = wave.read %tile[%t] map affine_map<(t) -> (8, (t + 1) mod 64)> along 0 : memref<16x64xf16, #lds> -> vector<2xf16>
    %col5 = wave.read %tile[%t] map affine_map<(t) -> (10, (t + 1) mod 64)> along 0 : memref<16x64xf16, #lds> -> vector<2xf16>
    %col6 = wave.read %tile[%t] map affine_map<(t) -> (12, (t + 1) mod 64)> along 0 : memref<16x64xf16, #lds> -> vector<2xf16>
    %col7 = wave.read %tile[%t] map affine_map<(t) -> (14, (t + 1) mod 64)> along 0 : memref<16x64xf16, #lds> -> vector<2xf16>
    %acc1 = arith.addf %col0, %col1 : vector<2xf16>
    %acc2 = arith.addf %acc1, %col2 : vector<2xf16>
    %acc3 = arith.addf %acc2, %col3 : vector<2xf16>
    %acc4 = arith.addf %acc3, %col4 : vector<2xf16>
    %acc5 = arith.addf %acc4, %col5 : vector<2xf16>
    %acc6 = arith.addf %acc5, %col6 : vector<2xf16>
    %acc7 = arith.addf %acc6, %col7 : vector<2xf16>
    wave.write %acc7, %O[%t] map affine_map<(t) -> (t, 0)> : vector<2xf16>, memref<64x2xf16>
    gpu.return
  }
}

// -----

// BEGIN lane_private
// The same, but each lane also reads back one element it wrote before the
// barrier: restaged, another lane would write that element, unordered. The
// pass tries the restaging on a copy of the kernel and keeps the tile when
// the LDS hazard analysis finds a barrier missing that was not before.
// CHECK-LABEL: gpu.func @lane_private
// CHECK: wave.alloc_lds : memref<32x64xf16

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @lane_private(%B: memref<32x64xf16>, %O: memref<64x4xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @below {{LDS tile kept as written: chip 'gfx942' has no transposed LDS reads, and staged transposed in registers its lanes would read LDS other lanes wrote where no barrier orders it}}
    %tile = wave.alloc_lds : memref<32x64xf16, #lds>
    %t = gpu.thread_id x
    %b0 = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    %b1 = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8 + 8, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    %b2 = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8 + 16, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    %b3 = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8 + 24, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    wave.write %b0, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b1, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 8, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b2, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 16, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b3, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 24, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    // Each lane reads back an element it wrote, before the barrier.
    %own = wave.read %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> along 0 : memref<32x64xf16, #lds> -> vector<1xf16>
    wave.barrier
    %col0 = wave.read %tile[%t] map affine_map<(t) -> (0, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col1 = wave.read %tile[%t] map affine_map<(t) -> (4, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col2 = wave.read %tile[%t] map affine_map<(t) -> (8, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col3 = wave.read %tile[%t] map affine_map<(t) -> (12, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col4 = wave.read %tile[%t] map affine_map<(t) -> (16, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col5 = wave.read %tile[%t] map affine_map<(t) -> (20, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col6 = wave.read %tile[%t] map affine_map<(t) -> (24, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %col7 = wave.read %tile[%t] map affine_map<(t) -> (28, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
    %acc1 = arith.addf %col0, %col1 : vector<4xf16>
    %acc2 = arith.addf %acc1, %col2 : vector<4xf16>
    %acc3 = arith.addf %acc2, %col3 : vector<4xf16>
    %acc4 = arith.addf %acc3, %col4 : vector<4xf16>
    %acc5 = arith.addf %acc4, %col5 : vector<4xf16>
    %acc6 = arith.addf %acc5, %col6 : vector<4xf16>
    %acc7 = arith.addf %acc6, %col7 : vector<4xf16>
    %ownv = vector.broadcast %own : vector<1xf16> to vector<4xf16>
    %all = arith.addf %acc7, %ownv : vector<4xf16>
    wave.write %all, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x4xf16>
    gpu.return
  }
}

// -----

// gfx942, where the restaging does not apply: an 8 x 64 tile is 16 blocks
// of 4 x 8 (32 of 2 x 8) for 64 lanes; one read of 4 rows a loop step (counted once: the
// count is static) takes 9 instructions restaged against 8.
// CHECK-LABEL: gpu.func @not_restaged
// CHECK: wave.alloc_lds : memref<8x64xf16
// CHECK: wave.alloc_lds : memref<32x64xf16

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @not_restaged(%B: memref<8x64xf16>, %C: memref<32x64xf16>, %O: memref<64x4xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @below {{LDS tile kept as written: chip 'gfx942' has no transposed LDS reads, and it cannot be staged transposed in registers: its staged box of 8 x 64 is not blocks of 4 or 2 rows that its 64 lanes share evenly}}
    %small = wave.alloc_lds : memref<8x64xf16, #lds>
    // expected-remark @below {{LDS tile kept as written: chip 'gfx942' has no transposed LDS reads, and staged transposed in registers it would take 9 LDS instructions a lane against 8}}
    %tile = wave.alloc_lds : memref<32x64xf16, #lds>
    %t = gpu.thread_id x
    %s = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<8x64xf16> -> vector<8xf16>
    wave.write %s, %small[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<8x64xf16, #lds>
    %b0 = wave.read %C[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    %b1 = wave.read %C[%t] map affine_map<(t) -> (t floordiv 8 + 8, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    %b2 = wave.read %C[%t] map affine_map<(t) -> (t floordiv 8 + 16, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    %b3 = wave.read %C[%t] map affine_map<(t) -> (t floordiv 8 + 24, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    wave.write %b0, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b1, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 8, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b2, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 16, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %b3, %tile[%t] map affine_map<(t) -> (t floordiv 8 + 24, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.barrier
    %first = wave.read %small[%t] map affine_map<(t) -> (0, t)> along 0 : memref<8x64xf16, #lds> -> vector<4xf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %first) -> (vector<4xf16>) {
      %col = wave.read %tile[%k, %t] map affine_map<(k, t) -> (k * 4, (t + 1) mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
      %next = arith.addf %acc, %col : vector<4xf16>
      scf.yield %next : vector<4xf16>
    }
    wave.write %sum, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x4xf16>
    gpu.return
  }
}

// -----

// gfx950, but the reads are under a branch half of each wave takes, so
// stored transposed they would be column reads an element an instruction;
// and a tile the user padded; and one with a masked access.
// CHECK-LABEL: gpu.func @kept
// CHECK: wave.alloc_lds : memref<32x64xf16
// CHECK: wave.alloc_lds padding [0, 4] : memref<32x64xf16
// CHECK: wave.alloc_lds : memref<32x64xf16

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @kept(%V: memref<64x32xf16>, %O: memref<64x4xf16>, %mask: vector<8xi1>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    // expected-remark @below {{LDS tile kept as written: 12 LDS instructions a lane, 17 transposed}}
    %vt = wave.alloc_lds : memref<32x64xf16, #lds>
    // expected-remark @below {{LDS tile kept as written: it is padded or swizzled already}}
    %padded = wave.alloc_lds padding [0, 4] : memref<32x64xf16, strided<[68, 1]>, #lds>
    // expected-remark @below {{LDS tile kept as written: it has a masked or bounded access}}
    %masked = wave.alloc_lds : memref<32x64xf16, #lds>
    %t = gpu.thread_id x
    %v = wave.read %V[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : memref<64x32xf16> -> vector<8xf16>
    wave.write %v, %vt[%t] map affine_map<(t) -> ((t mod 4) * 8, t floordiv 4)> along 0 : vector<8xf16>, memref<32x64xf16, #lds>
    wave.write %v, %padded[%t] map affine_map<(t) -> ((t mod 4) * 8, t floordiv 4)> along 0 : vector<8xf16>, memref<32x64xf16, strided<[68, 1]>, #lds>
    wave.write %v, %masked[%t] map affine_map<(t) -> ((t mod 4) * 8, t floordiv 4)> along 0 mask %mask : vector<8xi1> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.barrier
    %c32 = arith.constant 32 : index
    %low = arith.cmpi ult, %t, %c32 : index
    scf.if %low {
      %a0 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, 0)> : memref<32x64xf16, #lds> -> vector<4xf16>
      %a1 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, 8)> : memref<32x64xf16, #lds> -> vector<4xf16>
      %a2 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, 16)> : memref<32x64xf16, #lds> -> vector<4xf16>
      %a3 = wave.read %vt[%t] map affine_map<(t) -> (t mod 32, 24)> : memref<32x64xf16, #lds> -> vector<4xf16>
      %s01 = arith.addf %a0, %a1 : vector<4xf16>
      %s23 = arith.addf %a2, %a3 : vector<4xf16>
      %s = arith.addf %s01, %s23 : vector<4xf16>
      wave.write %s, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x4xf16>
    }
    gpu.return
  }
}
