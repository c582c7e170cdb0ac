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
// SUMMARY: remark: wave-transpose-lds-tiles: tiles-transposed: 1, tiles-kept: 0

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
// a column costs that either way round; kept.
// CHECK-LABEL: gpu.func @no_transposed_reads
// CHECK: wave.alloc_lds : memref<32x64xf16

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @no_transposed_reads(%V: memref<64x32xf16>, %O: memref<64x16xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @below {{LDS tile kept as written: chip 'gfx942' has no transposed LDS reads}}
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
