// Every group below is either re-mapped (CHECK) or left alone with a remark.
// RUN: wave-opt %s --wave-minimize-global-loads --verify-diagnostics --mlir-print-local-scope | FileCheck %s
// The counts the statistics keep.
// RUN: wave-opt %s --wave-minimize-global-loads=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// A 64-bit cap on the lane's load halves the runs of the GEMM example.
// RUN: wave-opt %examples/gemm.mlir --wave-expand-fragments --wave-minimize-global-loads=load-bits=64 --mlir-print-local-scope | FileCheck %s --check-prefix=BITS64
// Widths no lane loads are refused.
// RUN: not wave-opt %examples/gemm.mlir --wave-minimize-global-loads=load-bits=7 2>&1 | FileCheck %s --check-prefix=BADBITS
// RUN: not wave-opt %examples/gemm.mlir --wave-minimize-global-loads=load-bits=24 2>&1 | FileCheck %s --check-prefix=BADBITS
// RUN: not wave-opt %examples/gemm.mlir --wave-minimize-global-loads=load-bits=1024 2>&1 | FileCheck %s --check-prefix=BADBITS
// BADBITS: gemm.mlir:{{[0-9]+}}:{{[0-9]+}}: error: wave-minimize-global-loads: load-bits={{7|24|1024}} is not a width a lane loads; use 8, 16, 32, 64 or 128 (global_load_dwordx4)
// The GEMM example: one 16-byte read a lane per operand per K step.
// RUN: wave-opt %examples/gemm.mlir --wave-expand-fragments --wave-minimize-global-loads=summary --mlir-print-local-scope 2>&1 | FileCheck %s --check-prefix=GEMM
// With swizzled tiles (groups of 4 f16 contiguous), each 8-element run goes
// into the tile as two 4-element writes, one a swizzle group.
// RUN: sed -e 's/strided<\[36, 1\]>, //' -e 's/strided<\[68, 1\]>, //' \
// RUN:     -e 's/padding \[0, 4\]/swizzle <vec = 4, per_phase = 1, max_phase = 8>/' \
// RUN:     %examples/gemm.mlir > %t.swizzled.mlir
// RUN: wave-opt %t.swizzled.mlir --wave-expand-fragments --wave-minimize-global-loads --mlir-print-local-scope | FileCheck %s --check-prefix=SWIZZLED
// RUN: wave-run %t.swizzled.mlir --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// SWIZZLED: %[[STAGED:.*]] = wave.read %A{{.*}} -> vector<8xf16>
// SWIZZLED: %[[LOW:.*]] = vector.extract_strided_slice %[[STAGED]] {offsets = [0], sizes = [4], strides = [1]}
// SWIZZLED: wave.write %[[LOW]], %{{.*}}[%{{.*}}] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8)> : vector<4xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
// SWIZZLED: %[[HIGH:.*]] = vector.extract_strided_slice %[[STAGED]] {offsets = [4], sizes = [4], strides = [1]}
// SWIZZLED: wave.write %[[HIGH]], %{{.*}}[%{{.*}}] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8 + 4)> : vector<4xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
// Every re-mapped kernel computes what it computed before, without races.
// RUN: wave-run %s --kernel=a_32x32x8_f16 --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=b_32x32x8_bf16 --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=bt_32x32x8_f16 --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=a_16x16x16_f16 --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=b_16x16x16_bf16 --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=a_16x16x16_f32 --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=b_32x32x8_f32 --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=several_reads_with_tail --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=two_dimensional_workgroup --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=reads_repeated --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=swizzle_aligned --grid=1,1,1 --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=rank3 --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=tile_of_lower_rank --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=aligned_by_offset --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=aligned_by_loop_step --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=staged_twice --compare-pipeline=wave-minimize-global-loads 2>/dev/null | FileCheck %s --check-prefix=SAME
// Followed by wave-insert-barriers, which re-places the barriers around the
// re-mapped staging: in these one-wave workgroups too, lanes read what
// other lanes of their wave wrote.
// RUN: wave-run %s --kernel=a_32x32x8_f16 --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=a_16x16x16_f16 --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=a_16x16x16_f32 --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=rank3 --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=staged_twice --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// A copy that needs no barrier gets none from wave-optimize.
// RUN: wave-run %s --kernel=lane_private_copy --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-opt %s --wave-optimize 2>/dev/null | FileCheck %s --check-prefix=OPT
// The GEMM of run-time M, N, K (memref<?x?xf16> whose extents are kernel
// arguments): the same restaging as gemm.mlir, the new 16-byte reads
// bounded since edge tiles may cross M, N or K, their alignment proven from
// `wave.assume` (`k mod 8 == 0`: rows of A start on 16 bytes); with weaker
// assumptions the runs are as wide as they prove (k mod 4: 8 bytes of A,
// n mod 2: 4 bytes of B). Results are unchanged on partial tiles.
// RUN: wave-opt %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --wave-expand-fragments --wave-minimize-global-loads=summary --mlir-print-local-scope 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: sed -e 's/ n mod 8 == 0, k mod 8 == 0/ n mod 2 == 0, k mod 4 == 0/' %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir > %t.weaker.mlir
// RUN: wave-opt %t.weaker.mlir --wave-expand-fragments --wave-minimize-global-loads=summary --mlir-print-local-scope 2>&1 | FileCheck %s --check-prefix=WEAKER
// RUN: wave-run %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --grid=3,4 --scalar=M=200 --scalar=N=136 --scalar=K=96 --compare-pipeline=wave-minimize-global-loads | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.weaker.mlir --grid=3,2 --scalar=M=72 --scalar=N=130 --scalar=K=36 --compare-pipeline=wave-minimize-global-loads | FileCheck %s --check-prefix=SAME
// DYNAMIC: remark: wave-minimize-global-loads: tiles-restaged: 2, global-reads-before: 4, global-reads-after: 2, wave-loads-before: 40, wave-loads-after: 8, lane-loads-before: 2560, lane-loads-after: 512, bytes-per-load-before: 3, bytes-per-load-after: 16, tiles-already-minimal: 0
// DYNAMIC-LABEL: gpu.func @gemm_dynamic(
// DYNAMIC:         scf.for
// DYNAMIC-NEXT:      wave.read %{{.*}} map affine_map<(d0, d1, d2) -> (d0 floordiv 4 + d1 * 64, (d0 mod 4) * 8 + d2 * 32)> bounded : memref<?x?xf16> -> vector<8xf16>
// DYNAMIC-NEXT:      wave.write
// DYNAMIC-NEXT:      wave.read %{{.*}} map affine_map<(d0, d1, d2) -> (d0 floordiv 8 + d1 * 32, (d0 mod 8) * 8 + d2 * 64)> bounded : memref<?x?xf16> -> vector<8xf16>
// DYNAMIC-NEXT:      wave.write
// DYNAMIC-NEXT:      wave.barrier
// WEAKER: remark: wave-minimize-global-loads: tiles-restaged: 2, global-reads-before: 4, global-reads-after: 6, wave-loads-before: 40, wave-loads-after: 24, lane-loads-before: 2560, lane-loads-after: 1536, bytes-per-load-before: 3, bytes-per-load-after: 5
// WEAKER-COUNT-2: bounded : memref<?x?xf16> -> vector<4xf16>
// WEAKER-COUNT-4: bounded : memref<?x?xf16> -> vector<2xf16>
// OPT-LABEL: gpu.func @lane_private_copy(
// OPT-NOT:     wave.barrier
// OPT:         gpu.return

// SAME: PASS

// SUMMARY: remark: wave-minimize-global-loads: tiles-restaged: 18, global-reads-before: 40, global-reads-after: 23, wave-loads-before: 72, wave-loads-after: 28, lane-loads-before: 4608, lane-loads-after: 1696, bytes-per-load-before: 5, bytes-per-load-after: 15, tiles-already-minimal: 1, bail-other-users: 1, bail-unanalyzable: 2, bail-dynamic-extent: 1, bail-not-dense-box: 2, bail-not-bijective: 2, bail-not-contiguous: 3, bail-not-movable: 3

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#lds = #gpu.address_space<workgroup>

// MFMA 32x32x8 A operand (row = l mod 32, k = (l floordiv 32) * 4 + slot) of
// K step j of the BLOCK_K = 32 slice ks of the 32-row block bm.
#a32 = affine_map<(t, bm, ks, j) -> (bm * 32 + t mod 32, ks * 32 + j * 8 + (t floordiv 32) * 4)>
#a32_tile = affine_map<(t, j) -> (t mod 32, j * 8 + (t floordiv 32) * 4)>
// MFMA 32x32x8 B operand (col = l mod 32, k = (l floordiv 32) * 4 + slot) of
// B stored K x N: the slots run along dimension 0.
#b32 = affine_map<(t, bn, j) -> (j * 8 + (t floordiv 32) * 4, bn * 32 + t mod 32)>
#b32_tile = affine_map<(t, j) -> (j * 8 + (t floordiv 32) * 4, t mod 32)>
// The same operand of B stored transposed (N x K): the slots run along K.
#bt32 = affine_map<(t, bn, j) -> (bn * 32 + t mod 32, j * 8 + (t floordiv 32) * 4)>
#bt32_tile = affine_map<(t, j) -> (t mod 32, j * 8 + (t floordiv 32) * 4)>
// MFMA 16x16x16 A operand (row = l mod 16, k = (l floordiv 16) * 4 + slot).
#a16 = affine_map<(t, bk) -> (t mod 16, bk * 16 + (t floordiv 16) * 4)>
#a16_tile = affine_map<(t) -> (t mod 16, (t floordiv 16) * 4)>
// MFMA 16x16x16 B operand of B stored K x N, N-tile j.
#b16 = affine_map<(t, bn, j) -> ((t floordiv 16) * 4, bn * 32 + j * 16 + t mod 16)>
#b16_tile = affine_map<(t, j) -> ((t floordiv 16) * 4, j * 16 + t mod 16)>
// Rows of 16 lanes a row, 4 elements a lane: read j covers rows 16j ...
#rows4 = affine_map<(t, j) -> (j * 16 + t floordiv 16, (t mod 16) * 4)>
// Rows of 16 lanes a row, 2 elements a lane.
#rows2 = affine_map<(t, j) -> (j * 4 + t floordiv 16, (t mod 16) * 2)>
// Layouts of the other kernels, in their order.
#rows_2d = affine_map<(tx, ty, j) -> (j * 8 + ty * 2 + tx floordiv 16, (tx mod 16) * 4)>
#cube = affine_map<(t, b, j) -> (b * 2 + j floordiv 2, (j mod 2) * 8 + t floordiv 8, (t mod 8) * 4)>
#cube_tile = affine_map<(t, j) -> (j floordiv 2, (j mod 2) * 8 + t floordiv 8, (t mod 8) * 4)>
#strip = affine_map<(t, ks) -> (t floordiv 2, ks * 4 + (t mod 2) * 8)>
#strip_tile = affine_map<(t) -> (t floordiv 2, (t mod 2) * 8)>
#strip2 = affine_map<(t, ks) -> (t floordiv 4, ks * 4 + (t mod 4) * 4)>
#strip2_tile = affine_map<(t) -> (t floordiv 4, (t mod 4) * 4)>
#linear8 = affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)>
// Lane t's 4 elements of row t / 8 (+ 8 in the second read) of a 16x32 box.
#quads = affine_map<(t, r) -> (t floordiv 8 + r * 8, (t mod 8) * 4)>
#quads_right = affine_map<(t, r) -> (t floordiv 8 + r * 8, (t mod 8) * 4 + 4)>

gpu.module @staging {

//===----------------------------------------------------------------------===//
// Re-mapped
//===----------------------------------------------------------------------===//

// 32x32x8 A in f16, four K steps a lane (4 reads of 8 bytes), padded LDS
// rows of 40: the 32x32 box becomes 128 runs of 8 f16, two reads a lane,
// moving with the workgroup id and the K loop.
// CHECK-LABEL: gpu.func @a_32x32x8_f16(
// CHECK-SAME:      %[[A:[^:]*]]: memref<64x64xf16>
// CHECK:         %[[T:.*]] = gpu.thread_id x
// CHECK:         %[[BM:.*]] = gpu.block_id x
// CHECK:         %[[TILE:.*]] = wave.alloc_lds
// CHECK:         scf.for %[[KS:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:      %[[V0:.*]] = wave.read %[[A]][%[[T]], %[[BM]], %[[KS]]] map affine_map<(d0, d1, d2) -> (d0 floordiv 4 + d1 * 32, (d0 mod 4) * 8 + d2 * 32)> : memref<64x64xf16> -> vector<8xf16>
// CHECK-NEXT:      %[[V1:.*]] = wave.read %[[A]][%[[T]], %[[BM]], %[[KS]]] map affine_map<(d0, d1, d2) -> (d0 floordiv 4 + d1 * 32 + 16, (d0 mod 4) * 8 + d2 * 32)> : memref<64x64xf16> -> vector<8xf16>
// CHECK-NEXT:      wave.write %[[V0]], %[[TILE]][%[[T]]] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8)> : vector<8xf16>, memref<32x32xf16, strided<[40, 1]>, #gpu.address_space<workgroup>>
// CHECK-NEXT:      wave.write %[[V1]], %[[TILE]][%[[T]]] map affine_map<(d0) -> (d0 floordiv 4 + 16, (d0 mod 4) * 8)> : vector<8xf16>, memref<32x32xf16, strided<[40, 1]>, #gpu.address_space<workgroup>>
// CHECK-NEXT:      wave.barrier
gpu.func @a_32x32x8_f16(%A: memref<64x64xf16>, %Out: memref<64x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  %tile = wave.alloc_lds padding [0, 8] : memref<32x32xf16, strided<[40, 1]>, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %ks = %c0 to %c2 step %c1 {
    %v0 = wave.read %A[%t, %bm, %ks, %c0] map #a32 : memref<64x64xf16> -> vector<4xf16>
    wave.write %v0, %tile[%t, %c0] map #a32_tile : vector<4xf16>, memref<32x32xf16, strided<[40, 1]>, #lds>
    %v1 = wave.read %A[%t, %bm, %ks, %c1] map #a32 : memref<64x64xf16> -> vector<4xf16>
    wave.write %v1, %tile[%t, %c1] map #a32_tile : vector<4xf16>, memref<32x32xf16, strided<[40, 1]>, #lds>
    %v2 = wave.read %A[%t, %bm, %ks, %c2] map #a32 : memref<64x64xf16> -> vector<4xf16>
    wave.write %v2, %tile[%t, %c2] map #a32_tile : vector<4xf16>, memref<32x32xf16, strided<[40, 1]>, #lds>
    %v3 = wave.read %A[%t, %bm, %ks, %c3] map #a32 : memref<64x64xf16> -> vector<4xf16>
    wave.write %v3, %tile[%t, %c3] map #a32_tile : vector<4xf16>, memref<32x32xf16, strided<[40, 1]>, #lds>
    wave.barrier
    // The MFMA fragments, copied out to check the tile.
    scf.for %j = %c0 to %c4 step %c1 {
      %f = wave.read %tile[%t, %j] map #a32_tile : memref<32x32xf16, strided<[40, 1]>, #lds> -> vector<4xf16>
      wave.write %f, %Out[%t, %bm, %ks, %j] map #a32 : vector<4xf16>, memref<64x64xf16>
    }
    wave.barrier
  }
  gpu.return
}

// 32x32x8 B in bf16 stored K x N: each lane loaded 4 elements one row apart
// (4 loads a read); the runs lie along N, 8 bf16 a lane.
// CHECK-LABEL: gpu.func @b_32x32x8_bf16(
// CHECK:         %[[BN:.*]] = gpu.block_id x
// CHECK:         %[[V0:.*]] = wave.read %{{.*}}[%{{.*}}, %[[BN]]] map affine_map<(d0, d1) -> (d0 floordiv 4, (d0 mod 4) * 8 + d1 * 32)> : memref<32x64xbf16> -> vector<8xbf16>
// CHECK-NEXT:    %[[V1:.*]] = wave.read %{{.*}}[%{{.*}}, %[[BN]]] map affine_map<(d0, d1) -> (d0 floordiv 4 + 16, (d0 mod 4) * 8 + d1 * 32)> : memref<32x64xbf16> -> vector<8xbf16>
// CHECK-NEXT:    wave.write %[[V0]], %{{.*}} map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8)> : vector<8xbf16>, memref<32x32xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    wave.write %[[V1]], %{{.*}} map affine_map<(d0) -> (d0 floordiv 4 + 16, (d0 mod 4) * 8)> : vector<8xbf16>, memref<32x32xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    wave.barrier
gpu.func @b_32x32x8_bf16(%B: memref<32x64xbf16>, %Out: memref<32x64xbf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %bn = gpu.block_id x
  %tile = wave.alloc_lds : memref<32x32xbf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %v0 = wave.read %B[%t, %bn, %c0] map #b32 along 0 : memref<32x64xbf16> -> vector<4xbf16>
  wave.write %v0, %tile[%t, %c0] map #b32_tile along 0 : vector<4xbf16>, memref<32x32xbf16, #lds>
  %v1 = wave.read %B[%t, %bn, %c1] map #b32 along 0 : memref<32x64xbf16> -> vector<4xbf16>
  wave.write %v1, %tile[%t, %c1] map #b32_tile along 0 : vector<4xbf16>, memref<32x32xbf16, #lds>
  %v2 = wave.read %B[%t, %bn, %c2] map #b32 along 0 : memref<32x64xbf16> -> vector<4xbf16>
  wave.write %v2, %tile[%t, %c2] map #b32_tile along 0 : vector<4xbf16>, memref<32x32xbf16, #lds>
  %v3 = wave.read %B[%t, %bn, %c3] map #b32 along 0 : memref<32x64xbf16> -> vector<4xbf16>
  wave.write %v3, %tile[%t, %c3] map #b32_tile along 0 : vector<4xbf16>, memref<32x32xbf16, #lds>
  wave.barrier
  scf.for %j = %c0 to %c4 step %c1 {
    %f = wave.read %tile[%t, %j] map #b32_tile along 0 : memref<32x32xbf16, #lds> -> vector<4xbf16>
    wave.write %f, %Out[%t, %bn, %j] map #b32 along 0 : vector<4xbf16>, memref<32x64xbf16>
  }
  gpu.return
}

// 32x32x8 B in f16 stored transposed (N x K), LDS rows padded to 20: two K
// steps make a 32x16 box, exactly one run of 8 f16 a lane.
// The reads' common cache hint stays.
// CHECK-LABEL: gpu.func @bt_32x32x8_f16(
// CHECK:         %[[V:.*]] = wave.read %{{.*}} map affine_map<(d0, d1) -> (d0 floordiv 2 + d1 * 32, (d0 mod 2) * 8)> cache <streaming> : memref<64x16xf16> -> vector<8xf16>
// CHECK-NEXT:    wave.write %[[V]], %{{.*}} map affine_map<(d0) -> (d0 floordiv 2, (d0 mod 2) * 8)> : vector<8xf16>, memref<32x16xf16, strided<[20, 1]>, #gpu.address_space<workgroup>>
// CHECK-NEXT:    wave.barrier
gpu.func @bt_32x32x8_f16(%Bt: memref<64x16xf16>, %Out: memref<64x16xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %bn = gpu.block_id x
  %tile = wave.alloc_lds padding [0, 4] : memref<32x16xf16, strided<[20, 1]>, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v0 = wave.read %Bt[%t, %bn, %c0] map #bt32 cache <streaming> : memref<64x16xf16> -> vector<4xf16>
  wave.write %v0, %tile[%t, %c0] map #bt32_tile : vector<4xf16>, memref<32x16xf16, strided<[20, 1]>, #lds>
  %v1 = wave.read %Bt[%t, %bn, %c1] map #bt32 cache <streaming> : memref<64x16xf16> -> vector<4xf16>
  wave.write %v1, %tile[%t, %c1] map #bt32_tile : vector<4xf16>, memref<32x16xf16, strided<[20, 1]>, #lds>
  wave.barrier
  scf.for %j = %c0 to %c2 step %c1 {
    %f = wave.read %tile[%t, %j] map #bt32_tile : memref<32x16xf16, strided<[20, 1]>, #lds> -> vector<4xf16>
    wave.write %f, %Out[%t, %bn, %j] map #bt32 : vector<4xf16>, memref<64x16xf16>
  }
  gpu.return
}

// 16x16x16 A in f16: the 16x16 tile is 32 runs of 8, fewer than the 64
// lanes. Lanes 32 .. 63 are masked off; their read still addresses the box.
// CHECK-LABEL: gpu.func @a_16x16x16_f16(
// CHECK:         %[[T:.*]] = gpu.thread_id x
// CHECK:         %[[BK:.*]] = gpu.block_id x
// CHECK:         %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[IN:.*]] = arith.cmpi ult, %[[T]], %[[C32]] : index
// CHECK-NEXT:    %[[MASK:.*]] = vector.broadcast %[[IN]] : i1 to vector<8xi1>
// CHECK-NEXT:    %[[V:.*]] = wave.read %{{.*}}[%[[T]], %[[BK]]] map affine_map<(d0, d1) -> ((d0 mod 32) floordiv 2, (d0 mod 2) * 8 + d1 * 16)> mask %[[MASK]] : vector<8xi1> : memref<16x64xf16> -> vector<8xf16>
// CHECK-NEXT:    wave.write %[[V]], %{{.*}}[%[[T]]] map affine_map<(d0) -> (d0 floordiv 2, (d0 mod 2) * 8)> mask %[[MASK]] : vector<8xi1> : vector<8xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    wave.barrier
gpu.func @a_16x16x16_f16(%A: memref<16x64xf16>, %Out: memref<16x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 4, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %bk = gpu.block_id x
  %tile = wave.alloc_lds : memref<16x16xf16, #lds>
  %v = wave.read %A[%t, %bk] map #a16 : memref<16x64xf16> -> vector<4xf16>
  wave.write %v, %tile[%t] map #a16_tile : vector<4xf16>, memref<16x16xf16, #lds>
  wave.barrier
  %f = wave.read %tile[%t] map #a16_tile : memref<16x16xf16, #lds> -> vector<4xf16>
  wave.write %f, %Out[%t, %bk] map #a16 : vector<4xf16>, memref<16x64xf16>
  gpu.return
}

// 16x16x16 B in bf16 stored K x N, two N tiles: 16x32, one run a lane.
// CHECK-LABEL: gpu.func @b_16x16x16_bf16(
// CHECK:         %[[V:.*]] = wave.read %{{.*}} map affine_map<(d0, d1) -> (d0 floordiv 4, (d0 mod 4) * 8 + d1 * 32)> : memref<16x64xbf16> -> vector<8xbf16>
// CHECK-NEXT:    wave.write %[[V]], %{{.*}} map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8)> : vector<8xbf16>, memref<16x32xbf16, strided<[40, 1]>, #gpu.address_space<workgroup>>
// CHECK-NEXT:    wave.barrier
gpu.func @b_16x16x16_bf16(%B: memref<16x64xbf16>, %Out: memref<16x64xbf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %bn = gpu.block_id x
  %tile = wave.alloc_lds padding [0, 8] : memref<16x32xbf16, strided<[40, 1]>, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v0 = wave.read %B[%t, %bn, %c0] map #b16 along 0 : memref<16x64xbf16> -> vector<4xbf16>
  wave.write %v0, %tile[%t, %c0] map #b16_tile along 0 : vector<4xbf16>, memref<16x32xbf16, strided<[40, 1]>, #lds>
  %v1 = wave.read %B[%t, %bn, %c1] map #b16 along 0 : memref<16x64xbf16> -> vector<4xbf16>
  wave.write %v1, %tile[%t, %c1] map #b16_tile along 0 : vector<4xbf16>, memref<16x32xbf16, strided<[40, 1]>, #lds>
  wave.barrier
  scf.for %j = %c0 to %c2 step %c1 {
    %f = wave.read %tile[%t, %j] map #b16_tile along 0 : memref<16x32xbf16, strided<[40, 1]>, #lds> -> vector<4xbf16>
    wave.write %f, %Out[%t, %bn, %j] map #b16 along 0 : vector<4xbf16>, memref<16x64xbf16>
  }
  gpu.return
}

// 16x16x16 A layout in f32: already 16 bytes a lane, but lanes l and l + 1
// read different rows; the linear layout has 4 lanes on each 64-byte row.
// The kernel indexes by lane id: the new accesses take a thread id created
// at the top of the kernel.
// CHECK-LABEL: gpu.func @a_16x16x16_f32(
// CHECK-NEXT:    %[[T:.*]] = gpu.thread_id x
// CHECK:         %[[V:.*]] = wave.read %{{.*}}[%[[T]], %{{.*}}] map affine_map<(d0, d1) -> (d0 floordiv 4, (d0 mod 4) * 4 + d1 * 16)> : memref<16x64xf32> -> vector<4xf32>
// CHECK-NEXT:    wave.write %[[V]], %{{.*}}[%[[T]]] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)> : vector<4xf32>, memref<16x16xf32, strided<[17, 1]>, #gpu.address_space<workgroup>>
gpu.func @a_16x16x16_f32(%A: memref<16x64xf32>, %Out: memref<16x64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 4, 1, 1>, wave.kernel = #k} {
  %t = gpu.lane_id
  %bk = gpu.block_id x
  %tile = wave.alloc_lds padding [0, 1] : memref<16x16xf32, strided<[17, 1]>, #lds>
  %v = wave.read %A[%t, %bk] map #a16 : memref<16x64xf32> -> vector<4xf32>
  wave.write %v, %tile[%t] map #a16_tile : vector<4xf32>, memref<16x16xf32, strided<[17, 1]>, #lds>
  wave.barrier
  %f = wave.read %tile[%t] map #a16_tile : memref<16x16xf32, strided<[17, 1]>, #lds> -> vector<4xf32>
  wave.write %f, %Out[%t, %bk] map #a16 : vector<4xf32>, memref<16x64xf32>
  gpu.return
}

// 32x32x8 B layout in f32 stored K x N: one K step, 8x32 f32, 4 f32 a run.
// CHECK-LABEL: gpu.func @b_32x32x8_f32(
// CHECK:         %[[V:.*]] = wave.read %{{.*}} map affine_map<(d0, d1) -> (d0 floordiv 8, (d0 mod 8) * 4 + d1 * 32)> : memref<8x64xf32> -> vector<4xf32>
// CHECK-NEXT:    wave.write %[[V]], %{{.*}} map affine_map<(d0) -> (d0 floordiv 8, (d0 mod 8) * 4)> : vector<4xf32>, memref<8x32xf32, #gpu.address_space<workgroup>>
gpu.func @b_32x32x8_f32(%B: memref<8x64xf32>, %Out: memref<8x64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %bn = gpu.block_id x
  %tile = wave.alloc_lds : memref<8x32xf32, #lds>
  %c0 = arith.constant 0 : index
  %v = wave.read %B[%t, %bn, %c0] map #b32 along 0 : memref<8x64xf32> -> vector<4xf32>
  wave.write %v, %tile[%t, %c0] map #b32_tile along 0 : vector<4xf32>, memref<8x32xf32, #lds>
  wave.barrier
  %f = wave.read %tile[%t, %c0] map #b32_tile along 0 : memref<8x32xf32, #lds> -> vector<4xf32>
  wave.write %f, %Out[%t, %bn, %c0] map #b32 along 0 : vector<4xf32>, memref<8x64xf32>
  gpu.return
}

// 256 lanes, a 48x64 f16 box (three 8-byte reads a lane): 384 runs of 8,
// two reads a lane, the second only for the first 128 lanes.
// CHECK-LABEL: gpu.func @several_reads_with_tail(
// CHECK:         %[[T:.*]] = gpu.thread_id x
// CHECK:         %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[IN:.*]] = arith.cmpi ult, %[[T]], %[[C128]] : index
// CHECK-NEXT:    %[[MASK:.*]] = vector.broadcast %[[IN]] : i1 to vector<8xi1>
// CHECK-NEXT:    %[[V0:.*]] = wave.read %{{.*}}[%[[T]]] map affine_map<(d0) -> (d0 floordiv 8, (d0 mod 8) * 8)> : memref<48x64xf16> -> vector<8xf16>
// CHECK-NEXT:    %[[V1:.*]] = wave.read %{{.*}}[%[[T]]] map affine_map<(d0) -> (((d0 + 256) mod 384) floordiv 8, (d0 mod 8) * 8)> mask %[[MASK]] : vector<8xi1> : memref<48x64xf16> -> vector<8xf16>
// CHECK-NEXT:    wave.write %[[V0]], %{{.*}}[%[[T]]] map affine_map<(d0) -> (d0 floordiv 8, (d0 mod 8) * 8)> : vector<8xf16>
// CHECK-NEXT:    wave.write %[[V1]], %{{.*}}[%[[T]]] map affine_map<(d0) -> (d0 floordiv 8 + 32, (d0 mod 8) * 8)> mask %[[MASK]] : vector<8xi1> : vector<8xf16>
gpu.func @several_reads_with_tail(%X: memref<48x64xf16>, %Out: memref<48x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<48x64xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v0 = wave.read %X[%t, %c0] map #rows4 : memref<48x64xf16> -> vector<4xf16>
  wave.write %v0, %tile[%t, %c0] map #rows4 : vector<4xf16>, memref<48x64xf16, #lds>
  %v1 = wave.read %X[%t, %c1] map #rows4 : memref<48x64xf16> -> vector<4xf16>
  wave.write %v1, %tile[%t, %c1] map #rows4 : vector<4xf16>, memref<48x64xf16, #lds>
  %v2 = wave.read %X[%t, %c2] map #rows4 : memref<48x64xf16> -> vector<4xf16>
  wave.write %v2, %tile[%t, %c2] map #rows4 : vector<4xf16>, memref<48x64xf16, #lds>
  wave.barrier
  scf.for %j = %c0 to %c3 step %c1 {
    %f = wave.read %tile[%t, %j] map #rows4 : memref<48x64xf16, #lds> -> vector<4xf16>
    wave.write %f, %Out[%t, %j] map #rows4 : vector<4xf16>, memref<48x64xf16>
  }
  gpu.return
}

// A 32 x 4 workgroup: runs follow the linear thread id tx + 32 * ty (run
// tx + 32 * ty is row (tx + 32 * ty) floordiv 8 = tx floordiv 8 + 4 * ty).
// CHECK-LABEL: gpu.func @two_dimensional_workgroup(
// CHECK:         %[[TX:.*]] = gpu.thread_id x
// CHECK:         %[[TY:.*]] = gpu.thread_id y
// CHECK:         %[[V:.*]] = wave.read %{{.*}}[%[[TX]], %[[TY]]] map affine_map<(d0, d1) -> (d0 floordiv 8 + d1 * 4, (d0 mod 8) * 8)> : memref<16x64xf16> -> vector<8xf16>
// CHECK-NEXT:    wave.write %[[V]], %{{.*}}[%[[TX]], %[[TY]]] map affine_map<(d0, d1) -> (d0 floordiv 8 + d1 * 4, (d0 mod 8) * 8)> : vector<8xf16>
gpu.func @two_dimensional_workgroup(%X: memref<16x64xf16>, %Out: memref<16x64xf16>) kernel
    attributes {known_block_size = array<i32: 32, 4, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %tx = gpu.thread_id x
  %ty = gpu.thread_id y
  %tile = wave.alloc_lds : memref<16x64xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v0 = wave.read %X[%tx, %ty, %c0] map #rows_2d : memref<16x64xf16> -> vector<4xf16>
  wave.write %v0, %tile[%tx, %ty, %c0] map #rows_2d : vector<4xf16>, memref<16x64xf16, #lds>
  %v1 = wave.read %X[%tx, %ty, %c1] map #rows_2d : memref<16x64xf16> -> vector<4xf16>
  wave.write %v1, %tile[%tx, %ty, %c1] map #rows_2d : vector<4xf16>, memref<16x64xf16, #lds>
  wave.barrier
  scf.for %j = %c0 to %c2 step %c1 {
    %f = wave.read %tile[%tx, %ty, %j] map #rows_2d : memref<16x64xf16, #lds> -> vector<4xf16>
    wave.write %f, %Out[%tx, %ty, %j] map #rows_2d : vector<4xf16>, memref<16x64xf16>
  }
  gpu.return
}

// Both reads of each lane copy the same 8 x 64 box: 1024 lane elements for
// 512 box elements, which counting does not decide (the symbolic box
// query says so), so the enumerated lanes decide that the box is dense,
// with a remark. Restaged, each element is loaded once.
// CHECK-LABEL: gpu.func @reads_repeated(
// CHECK:         %[[T:.*]] = gpu.thread_id x
// CHECK:         %[[V:.*]] = wave.read %{{.*}}[%[[T]]] map affine_map<(d0) -> (d0 floordiv 8, (d0 mod 8) * 8)> : memref<8x64xf16> -> vector<8xf16>
// CHECK-NEXT:    wave.write %[[V]], %{{.*}}[%[[T]]] map affine_map<(d0) -> (d0 floordiv 8, (d0 mod 8) * 8)> : vector<8xf16>
// CHECK-NOT:     wave.read %{{.*}} : memref<8x64xf16> ->
gpu.func @reads_repeated(%X: memref<8x64xf16>, %Out: memref<8x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<8x64xf16, #lds>
  // expected-remark @+1 {{the box of the tile was checked by enumerating its lanes: the lanes touch 1024 elements with repetitions for a box of 512}}
  %v0 = wave.read %X[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<8x64xf16> -> vector<8xf16>
  wave.write %v0, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<8x64xf16, #lds>
  %v1 = wave.read %X[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<8x64xf16> -> vector<8xf16>
  wave.write %v1, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<8x64xf16, #lds>
  wave.barrier
  %f = wave.read %tile[%t] map affine_map<(t) -> ((t + 8) mod 64 floordiv 8, (t mod 8) * 8)> : memref<8x64xf16, #lds> -> vector<8xf16>
  wave.write %f, %Out[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<8x64xf16>
  gpu.return
}

// A rank-3 box 2x16x32 (the outer dimension moves with the workgroup): runs
// unravel over all three dimensions.
// CHECK-LABEL: gpu.func @rank3(
// CHECK:         %[[V0:.*]] = wave.read %{{.*}} map affine_map<(d0, d1) -> ((d0 floordiv 4) floordiv 16 + d1 * 2, (d0 floordiv 4) mod 16, (d0 mod 4) * 8)> : memref<4x16x32xf16> -> vector<8xf16>
// CHECK-NEXT:    %[[V1:.*]] = wave.read %{{.*}} map affine_map<(d0, d1) -> ((d0 floordiv 4) floordiv 16 + d1 * 2 + 1, (d0 floordiv 4) mod 16, (d0 mod 4) * 8)> : memref<4x16x32xf16> -> vector<8xf16>
// CHECK-NEXT:    wave.write %[[V0]], %{{.*}} map affine_map<(d0) -> ((d0 floordiv 4) floordiv 16, (d0 floordiv 4) mod 16, (d0 mod 4) * 8)> : vector<8xf16>, memref<2x16x32xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    wave.write %[[V1]], %{{.*}} map affine_map<(d0) -> ((d0 floordiv 4) floordiv 16 + 1, (d0 floordiv 4) mod 16, (d0 mod 4) * 8)> : vector<8xf16>, memref<2x16x32xf16, #gpu.address_space<workgroup>>
gpu.func @rank3(%X: memref<4x16x32xf16>, %Out: memref<4x16x32xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %b = gpu.block_id x
  %tile = wave.alloc_lds : memref<2x16x32xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %v0 = wave.read %X[%t, %b, %c0] map #cube : memref<4x16x32xf16> -> vector<4xf16>
  wave.write %v0, %tile[%t, %c0] map #cube_tile : vector<4xf16>, memref<2x16x32xf16, #lds>
  %v1 = wave.read %X[%t, %b, %c1] map #cube : memref<4x16x32xf16> -> vector<4xf16>
  wave.write %v1, %tile[%t, %c1] map #cube_tile : vector<4xf16>, memref<2x16x32xf16, #lds>
  %v2 = wave.read %X[%t, %b, %c2] map #cube : memref<4x16x32xf16> -> vector<4xf16>
  wave.write %v2, %tile[%t, %c2] map #cube_tile : vector<4xf16>, memref<2x16x32xf16, #lds>
  %v3 = wave.read %X[%t, %b, %c3] map #cube : memref<4x16x32xf16> -> vector<4xf16>
  wave.write %v3, %tile[%t, %c3] map #cube_tile : vector<4xf16>, memref<2x16x32xf16, #lds>
  wave.barrier
  scf.for %j = %c0 to %c4 step %c1 {
    %f = wave.read %tile[%t, %j] map #cube_tile : memref<2x16x32xf16, #lds> -> vector<4xf16>
    wave.write %f, %Out[%t, %b, %j] map #cube : vector<4xf16>, memref<4x16x32xf16>
  }
  gpu.return
}

// A tile of lower rank than its source: the 16 x 32 rows of head b of a
// [4, 16, 32] memref in a rank-2 tile (as attention stages one head's keys).
// The tile holds the source's last two dimensions; the head, fixed in the
// workgroup, stays a term of the reads alone.
// CHECK-LABEL: gpu.func @tile_of_lower_rank(
// CHECK:         %[[V:.*]] = wave.read %{{.*}} map affine_map<(d0, d1) -> (d1, d0 floordiv 4, (d0 mod 4) * 8)> : memref<4x16x32xf16> -> vector<8xf16>
// CHECK-NEXT:    wave.write %[[V]], %{{.*}} map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8)> : vector<8xf16>, memref<16x32xf16, #gpu.address_space<workgroup>>
gpu.func @tile_of_lower_rank(%X: memref<4x16x32xf16>, %Out: memref<4x16x32xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 4, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %b = gpu.block_id x
  %tile = wave.alloc_lds : memref<16x32xf16, #lds>
  %v0 = wave.read %X[%t, %b] map affine_map<(t, b) -> (b, t mod 16, (t floordiv 16) * 4)> : memref<4x16x32xf16> -> vector<4xf16>
  wave.write %v0, %tile[%t] map affine_map<(t) -> (t mod 16, (t floordiv 16) * 4)> : vector<4xf16>, memref<16x32xf16, #lds>
  %v1 = wave.read %X[%t, %b] map affine_map<(t, b) -> (b, t mod 16, (t floordiv 16) * 4 + 16)> : memref<4x16x32xf16> -> vector<4xf16>
  wave.write %v1, %tile[%t] map affine_map<(t) -> (t mod 16, (t floordiv 16) * 4 + 16)> : vector<4xf16>, memref<16x32xf16, #lds>
  wave.barrier
  %f0 = wave.read %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : memref<16x32xf16, #lds> -> vector<8xf16>
  wave.write %f0, %Out[%t, %b] map affine_map<(t, b) -> (b, t floordiv 4, (t mod 4) * 8)> : vector<8xf16>, memref<4x16x32xf16>
  gpu.return
}

// The same tile taking 8 rows of each of two heads: the source's first
// coordinate varies over the box, which no translation into the tile's
// rank undoes (the tile's coordinates lead with zeros to the source's rank).
// CHECK-LABEL: gpu.func @bail_two_heads_in_lower_rank(
gpu.func @bail_two_heads_in_lower_rank(%X: memref<4x16x32xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<16x32xf16, #lds>
  %v0 = wave.read %X[%t] map affine_map<(t) -> (t floordiv 32, t mod 8, ((t floordiv 8) mod 4) * 8)> : memref<4x16x32xf16> -> vector<8xf16>
  // expected-remark @+1 {{global loads not minimized: the LDS writes do not place the box by one translation: element [0, 0, 0] goes to [0, 0, 0] but element [1, 0, 0] to [0, 8, 0]}}
  wave.write %v0, %tile[%t] map affine_map<(t) -> ((t floordiv 32) * 8 + t mod 8, ((t floordiv 8) mod 4) * 8)> : vector<8xf16>, memref<16x32xf16, #lds>
  gpu.return
}

// The same with a source whose unit-stride dimension is the one the tile
// lacks (the head's elements are adjacent): the runs could only lie along
// it, where the box is one element wide.
// CHECK-LABEL: gpu.func @bail_lower_rank_other_contiguous(
gpu.func @bail_lower_rank_other_contiguous(%X: memref<16x4x32xf16, strided<[1, 16, 64]>>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 4, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %b = gpu.block_id x
  %tile = wave.alloc_lds : memref<4x32xf16, #lds>
  // expected-remark @+1 {{global loads not minimized: the box is one element wide along dimension 0, the only contiguous one of memref<16x4x32xf16, strided<[1, 16, 64]>>}}
  %v0 = wave.read %X[%t, %b] map affine_map<(t, b) -> (b, t mod 4, (t floordiv 4) * 2)> : memref<16x4x32xf16, strided<[1, 16, 64]>> -> vector<2xf16>
  wave.write %v0, %tile[%t] map affine_map<(t) -> (t mod 4, (t floordiv 4) * 2)> : vector<2xf16>, memref<4x32xf16, #lds>
  gpu.return
}

// Alignment: a memref offset of 4 f16 proves only 8-byte alignment of the
// runs, so they are 4 f16 (still half the loads of the 2-element reads).
// CHECK-LABEL: gpu.func @aligned_by_offset(
// CHECK:         %[[V0:.*]] = wave.read %{{.*}} map affine_map<(d0) -> (d0 floordiv 8, (d0 mod 8) * 4)> : memref<16x32xf16, strided<[32, 1], offset: 4>> -> vector<4xf16>
// CHECK-NEXT:    %[[V1:.*]] = wave.read %{{.*}} map affine_map<(d0) -> (d0 floordiv 8 + 8, (d0 mod 8) * 4)> : memref<16x32xf16, strided<[32, 1], offset: 4>> -> vector<4xf16>
gpu.func @aligned_by_offset(%X: memref<16x32xf16, strided<[32, 1], offset: 4>>, %Out: memref<16x32xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<16x32xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %v0 = wave.read %X[%t, %c0] map #rows2 : memref<16x32xf16, strided<[32, 1], offset: 4>> -> vector<2xf16>
  wave.write %v0, %tile[%t, %c0] map #rows2 : vector<2xf16>, memref<16x32xf16, #lds>
  %v1 = wave.read %X[%t, %c1] map #rows2 : memref<16x32xf16, strided<[32, 1], offset: 4>> -> vector<2xf16>
  wave.write %v1, %tile[%t, %c1] map #rows2 : vector<2xf16>, memref<16x32xf16, #lds>
  %v2 = wave.read %X[%t, %c2] map #rows2 : memref<16x32xf16, strided<[32, 1], offset: 4>> -> vector<2xf16>
  wave.write %v2, %tile[%t, %c2] map #rows2 : vector<2xf16>, memref<16x32xf16, #lds>
  %v3 = wave.read %X[%t, %c3] map #rows2 : memref<16x32xf16, strided<[32, 1], offset: 4>> -> vector<2xf16>
  wave.write %v3, %tile[%t, %c3] map #rows2 : vector<2xf16>, memref<16x32xf16, #lds>
  wave.barrier
  scf.for %j = %c0 to %c4 step %c1 {
    %f = wave.read %tile[%t, %j] map #rows2 : memref<16x32xf16, #lds> -> vector<2xf16>
    wave.write %f, %Out[%t, %j] map #rows2 : vector<2xf16>, memref<16x32xf16>
  }
  gpu.return
}

// Alignment from the loop: columns 4 * ks with ks stepping by 2 are
// multiples of 8 (16-byte runs); stepping by 1, only of 4 (8-byte runs).
// CHECK-LABEL: gpu.func @aligned_by_loop_step(
// CHECK:         scf.for
// CHECK-NEXT:      wave.read %{{.*}} map affine_map<(d0, d1) -> (d0 floordiv 2, (d0 mod 2) * 8 + d1 * 4)> : memref<32x128xf16> -> vector<8xf16>
// CHECK:         scf.for
// CHECK-NEXT:      wave.read %{{.*}} map affine_map<(d0, d1) -> (d0 floordiv 4, (d0 mod 4) * 4 + d1 * 4)> : memref<32x128xf16> -> vector<4xf16>
gpu.func @aligned_by_loop_step(%X: memref<32x128xf16>, %Out: memref<32x128xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<32x16xf16, #lds>
  %tile2 = wave.alloc_lds : memref<16x16xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c24 = arith.constant 24 : index
  // Each lane reads 8 f16 in two reads of 4 on a 32x16 strip.
  scf.for %ks = %c0 to %c24 step %c2 {
    %v0 = wave.read %X[%t, %ks] map #strip : memref<32x128xf16> -> vector<4xf16>
    wave.write %v0, %tile[%t] map #strip_tile : vector<4xf16>, memref<32x16xf16, #lds>
    %v1 = wave.read %X[%t, %ks] map affine_map<(t, ks) -> (t floordiv 2, ks * 4 + (t mod 2) * 8 + 4)> : memref<32x128xf16> -> vector<4xf16>
    wave.write %v1, %tile[%t] map affine_map<(t) -> (t floordiv 2, (t mod 2) * 8 + 4)> : vector<4xf16>, memref<32x16xf16, #lds>
    wave.barrier
    %f = wave.read %tile[%t] map #strip_tile : memref<32x16xf16, #lds> -> vector<8xf16>
    wave.write %f, %Out[%t, %ks] map #strip : vector<8xf16>, memref<32x128xf16>
    wave.barrier
  }
  // Each lane reads 4 f16 in two reads of 2 on a 16x16 strip.
  scf.for %ks = %c0 to %c24 step %c1 {
    %v0 = wave.read %X[%t, %ks] map #strip2 : memref<32x128xf16> -> vector<2xf16>
    wave.write %v0, %tile2[%t] map #strip2_tile : vector<2xf16>, memref<16x16xf16, #lds>
    %v1 = wave.read %X[%t, %ks] map affine_map<(t, ks) -> (t floordiv 4, ks * 4 + (t mod 4) * 4 + 2)> : memref<32x128xf16> -> vector<2xf16>
    wave.write %v1, %tile2[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 4 + 2)> : vector<2xf16>, memref<16x16xf16, #lds>
    wave.barrier
    %f = wave.read %tile2[%t] map #strip2_tile : memref<16x16xf16, #lds> -> vector<4xf16>
    wave.write %f, %Out[%t, %ks] map #strip2 : vector<4xf16>, memref<32x128xf16>
    wave.barrier
  }
  gpu.return
}

// The same tile staged twice in one block: the barrier between splits the
// copies into two groups, each re-mapped.
// CHECK-LABEL: gpu.func @staged_twice(
// CHECK-COUNT-2: wave.read %{{.*}} : memref<64x64xf16> -> vector<8xf16>
// CHECK-NOT:     wave.read %{{.*}} : memref<64x64xf16> -> vector<4xf16>
gpu.func @staged_twice(%X: memref<64x64xf16>, %Out: memref<64x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<32x16xf16, #lds>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v0 = wave.read %X[%t, %c0, %c0, %c0] map #a32 : memref<64x64xf16> -> vector<4xf16>
  wave.write %v0, %tile[%t, %c0] map #a32_tile : vector<4xf16>, memref<32x16xf16, #lds>
  wave.barrier
  %f0 = wave.read %tile[%t, %c0] map #a32_tile : memref<32x16xf16, #lds> -> vector<4xf16>
  wave.write %f0, %Out[%t, %c0, %c0, %c0] map #a32 : vector<4xf16>, memref<64x64xf16>
  wave.barrier
  %v1 = wave.read %X[%t, %c0, %c0, %c2] map #a32 : memref<64x64xf16> -> vector<4xf16>
  wave.write %v1, %tile[%t, %c0] map #a32_tile : vector<4xf16>, memref<32x16xf16, #lds>
  wave.barrier
  %f1 = wave.read %tile[%t, %c0] map #a32_tile : memref<32x16xf16, #lds> -> vector<4xf16>
  wave.write %f1, %Out[%t, %c0, %c0, %c2] map #a32 : vector<4xf16>, memref<64x64xf16>
  gpu.return
}

//===----------------------------------------------------------------------===//
// Already minimal (no remark)
//===----------------------------------------------------------------------===//

// Rows of 16 bytes a lane in row-major lane order: the linear layout itself.
// CHECK-LABEL: gpu.func @already_linear(
// CHECK:         wave.read %{{.*}} map affine_map<(d0) -> (d0 floordiv 8, (d0 mod 8) * 8)> : memref<16x64xf16> -> vector<8xf16>
gpu.func @already_linear(%X: memref<16x64xf16>) kernel
    attributes {known_block_size = array<i32: 128, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<16x64xf16, #lds>
  %v = wave.read %X[%t] map #linear8 : memref<16x64xf16> -> vector<8xf16>
  wave.write %v, %tile[%t] map #linear8 : vector<8xf16>, memref<16x64xf16, #lds>
  gpu.return
}

//===----------------------------------------------------------------------===//
// Left alone
//===----------------------------------------------------------------------===//

// CHECK-LABEL: gpu.func @bail_other_users(
// CHECK:         wave.read %{{.*}} -> vector<4xf16>
gpu.func @bail_other_users(%A: memref<64x64xf16>, %Out: memref<64x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<32x8xf16, #lds>
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{global loads not minimized: the global read has users other than its one LDS write}}
  %v = wave.read %A[%t, %c0, %c0, %c0] map #a32 : memref<64x64xf16> -> vector<4xf16>
  wave.write %v, %tile[%t, %c0] map #a32_tile : vector<4xf16>, memref<32x8xf16, #lds>
  %twice = arith.addf %v, %v : vector<4xf16>
  wave.write %twice, %Out[%t, %c0, %c0, %c0] map #a32 : vector<4xf16>, memref<64x64xf16>
  gpu.return
}

// Each lane reads 4 f16 every 8: half of the bounding box.
// CHECK-LABEL: gpu.func @bail_not_dense_box(
// CHECK:         wave.read %{{.*}} -> vector<4xf16>
gpu.func @bail_not_dense_box(%X: memref<8x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<8x64xf16, #lds>
  // expected-remark @+1 {{global loads not minimized: the workgroup's reads cover 256 of the 480 elements of their bounding box 8x60 at [0, 0], not a dense box}}
  %v = wave.read %X[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<8x64xf16> -> vector<4xf16>
  wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<4xf16>, memref<8x64xf16, #lds>
  gpu.return
}

// The reads of one tile move with different workgroup ids: no fixed box.
// CHECK-LABEL: gpu.func @bail_moving_apart(
gpu.func @bail_moving_apart(%X: memref<64x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 2, 2, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %tile = wave.alloc_lds : memref<32x8xf16, #lds>
  %v0 = wave.read %X[%t, %bx] map affine_map<(t, b) -> (b * 32 + t floordiv 2, (t mod 2) * 4)> : memref<64x64xf16> -> vector<4xf16>
  wave.write %v0, %tile[%t] map affine_map<(t) -> (t floordiv 2, (t mod 2) * 4)> : vector<4xf16>, memref<32x8xf16, #lds>
  // expected-remark @+1 {{global loads not minimized: the reads of the tile move differently with the workgroup ids and induction variables (coordinate 0), so they form no fixed box}}
  %v1 = wave.read %X[%t, %by] map affine_map<(t, b) -> (b * 32 + t floordiv 2, (t mod 2) * 4 + 8)> : memref<64x64xf16> -> vector<4xf16>
  wave.write %v1, %tile[%t] map affine_map<(t) -> (t floordiv 2, (t mod 2) * 4)> : vector<4xf16>, memref<32x8xf16, #lds>
  gpu.return
}

// A stride only known at run time (extents in arguments, `wave.dims`, are
// fine: their strides follow from them).
// CHECK-LABEL: gpu.func @bail_dynamic_extent(
gpu.func @bail_dynamic_extent(%A: memref<32x64xf16, strided<[?, 1]>>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<32x8xf16, #lds>
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{global loads not minimized: the strides or offset of memref<32x64xf16, strided<[?, 1]>> are dynamic, so run alignment cannot be proven}}
  %v = wave.read %A[%t, %c0, %c0, %c0] map #a32 : memref<32x64xf16, strided<[?, 1]>> -> vector<4xf16>
  wave.write %v, %tile[%t, %c0] map #a32_tile : vector<4xf16>, memref<32x8xf16, #lds>
  gpu.return
}

// B stored N x K staged into a K x N tile: a transpose, not a translation.
// CHECK-LABEL: gpu.func @bail_not_bijective(
gpu.func @bail_not_bijective(%Bt: memref<32x8xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<8x32xf16, #lds>
  %c0 = arith.constant 0 : index
  %v = wave.read %Bt[%t, %c0, %c0] map #bt32 : memref<32x8xf16> -> vector<4xf16>
  // expected-remark @+1 {{global loads not minimized: the LDS writes do not place the box by one translation: element [0, 0] goes to [0, 0] but element [0, 1] to [1, 0]}}
  wave.write %v, %tile[%t, %c0] map #b32_tile along 0 : vector<4xf16>, memref<8x32xf16, #lds>
  gpu.return
}

// Every other element of a 64x128 matrix: no unit-stride dimension.
// CHECK-LABEL: gpu.func @bail_not_contiguous(
gpu.func @bail_not_contiguous(%X: memref<64x64xf16, strided<[128, 2]>>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<32x8xf16, #lds>
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{global loads not minimized: no dimension of memref<64x64xf16, strided<[128, 2]>> has unit stride, so no two elements of the box are adjacent in memory}}
  %v = wave.read %X[%t, %c0, %c0, %c0] map #a32 : memref<64x64xf16, strided<[128, 2]>> -> vector<4xf16>
  wave.write %v, %tile[%t, %c0] map #a32_tile : vector<4xf16>, memref<32x8xf16, #lds>
  gpu.return
}

// Only the lanes of the first half take part: the footprint of all lanes is
// not what runs.
// CHECK-LABEL: gpu.func @bail_divergent(
gpu.func @bail_divergent(%A: memref<64x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<32x8xf16, #lds>
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %low = arith.cmpi ult, %t, %c32 : index
  scf.if %low {
    // expected-remark @+1 {{global loads not minimized: the tile is staged under 'scf.if' on a condition that may differ between lanes}}
    %v = wave.read %A[%t, %c0, %c0, %c0] map #a32 : memref<64x64xf16> -> vector<4xf16>
    wave.write %v, %tile[%t, %c0] map #a32_tile : vector<4xf16>, memref<32x8xf16, #lds>
  }
  gpu.return
}

// A global write between the reads and the LDS writes may change what the
// moved reads see.
// CHECK-LABEL: gpu.func @bail_global_write_between(
gpu.func @bail_global_write_between(%A: memref<64x64xf16>, %Y: memref<64x64xf16>, %x: vector<4xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<32x16xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = wave.read %A[%t, %c0, %c0, %c0] map #a32 : memref<64x64xf16> -> vector<4xf16>
  wave.write %v0, %tile[%t, %c0] map #a32_tile : vector<4xf16>, memref<32x16xf16, #lds>
  // expected-remark @+1 {{global loads not minimized: 'wave.write' between the reads and the LDS writes of the tile may write the memory they access}}
  wave.write %x, %Y[%t, %c0, %c0, %c0] map #a32 : vector<4xf16>, memref<64x64xf16>
  %v1 = wave.read %A[%t, %c0, %c0, %c1] map #a32 : memref<64x64xf16> -> vector<4xf16>
  wave.write %v1, %tile[%t, %c1] map #a32_tile : vector<4xf16>, memref<32x16xf16, #lds>
  gpu.return
}

// The staged value is read before the loop and written inside it.
// CHECK-LABEL: gpu.func @bail_other_block(
gpu.func @bail_other_block(%A: memref<64x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<32x8xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-remark @+1 {{global loads not minimized: the global read is not in the block of its LDS write}}
  %v = wave.read %A[%t, %c0, %c0, %c0] map #a32 : memref<64x64xf16> -> vector<4xf16>
  scf.for %i = %c0 to %c2 step %c1 {
    wave.write %v, %tile[%t, %c0] map #a32_tile : vector<4xf16>, memref<32x8xf16, #lds>
  }
  gpu.return
}

// CHECK-LABEL: gpu.func @bail_masked(
gpu.func @bail_masked(%A: memref<64x64xf16>, %m: vector<4xi1>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<32x8xf16, #lds>
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{global loads not minimized: the access is masked, so its footprint depends on the mask}}
  %v = wave.read %A[%t, %c0, %c0, %c0] map #a32 mask %m : vector<4xi1> : memref<64x64xf16> -> vector<4xf16>
  wave.write %v, %tile[%t, %c0] map #a32_tile : vector<4xf16>, memref<32x8xf16, #lds>
  gpu.return
}

// Each lane reads back only the rows it staged, so the kernel needs no
// barrier; in the linear layout lanes would read rows other lanes wrote,
// which would need one. The copy stays, and wave-optimize adds no barrier.
// CHECK-LABEL: gpu.func @lane_private_copy(
// CHECK-COUNT-3: wave.read %{{.*}} : memref<64x16xf16> -> vector<{{4|8}}xf16>
// CHECK-NOT:     wave.barrier
gpu.func @lane_private_copy(%A: memref<64x16xf16>, %out: memref<64x16xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %lds = wave.alloc_lds : memref<64x16xf16, #lds>
  // expected-remark @+1 {{global loads not minimized: in the linear layout lanes would read the LDS runs other lanes write, which needs a barrier the kernel does not have}}
  %a = wave.read %A[%t] map affine_map<(t) -> (t, 0)> : memref<64x16xf16> -> vector<4xf16>
  wave.write %a, %lds[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x16xf16, #lds>
  %b = wave.read %A[%t] map affine_map<(t) -> (t, 4)> : memref<64x16xf16> -> vector<4xf16>
  wave.write %b, %lds[%t] map affine_map<(t) -> (t, 4)> : vector<4xf16>, memref<64x16xf16, #lds>
  %c = wave.read %A[%t] map affine_map<(t) -> (t, 8)> : memref<64x16xf16> -> vector<8xf16>
  wave.write %c, %lds[%t] map affine_map<(t) -> (t, 8)> : vector<8xf16>, memref<64x16xf16, #lds>
  %r = wave.read %lds[%t] map affine_map<(t) -> (t, 0)> : memref<64x16xf16, #lds> -> vector<16xf16>
  wave.write %r, %out[%t] map affine_map<(t) -> (t, 0)> : vector<16xf16>, memref<64x16xf16>
  gpu.return
}

// The row comes from memory: the footprint is unknown.
// CHECK-LABEL: gpu.func @bail_no_footprint(
gpu.func @bail_no_footprint(%A: memref<64x64xf16>, %rows: memref<64xindex>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<64x8xf16, #lds>
  %c0 = arith.constant 0 : index
  %row = memref.load %rows[%t] : memref<64xindex>
  // expected-remark @+1 {{global loads not minimized: the access has no footprint: index operand #0 of 'wave.read'}}
  %v = wave.read %A[%row, %c0] map affine_map<(r, c) -> (r, c)> : memref<64x64xf16> -> vector<4xf16>
  wave.write %v, %tile[%t, %c0] map affine_map<(t, c) -> (t, c)> : vector<4xf16>, memref<64x8xf16, #lds>
  gpu.return
}

// A swizzled tile keeps groups of `vec` elements contiguous, so the 8-element
// runs of the restaged copy must each start at a group. Written at column 0
// they do: two 8-byte reads a lane become one 16-byte read, whose run is one
// swizzle group.
// CHECK-LABEL: gpu.func @swizzle_aligned(
// CHECK:         %[[V:.*]] = wave.read %{{.*}}[%{{.*}}] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8)> : memref<16x32xf16> -> vector<8xf16>
// CHECK-NEXT:    wave.write %[[V]], %{{.*}}[%{{.*}}] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8)> : vector<8xf16>, memref<16x64xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    wave.barrier
gpu.func @swizzle_aligned(%X: memref<16x32xf16>, %Out: memref<16x32xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 8> : memref<16x64xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = wave.read %X[%t, %c0] map #quads : memref<16x32xf16> -> vector<4xf16>
  wave.write %v0, %tile[%t, %c0] map #quads : vector<4xf16>, memref<16x64xf16, #lds>
  %v1 = wave.read %X[%t, %c1] map #quads : memref<16x32xf16> -> vector<4xf16>
  wave.write %v1, %tile[%t, %c1] map #quads : vector<4xf16>, memref<16x64xf16, #lds>
  wave.barrier
  %f0 = wave.read %tile[%t, %c0] map #quads : memref<16x64xf16, #lds> -> vector<4xf16>
  wave.write %f0, %Out[%t, %c0] map #quads : vector<4xf16>, memref<16x32xf16>
  %f1 = wave.read %tile[%t, %c1] map #quads : memref<16x64xf16, #lds> -> vector<4xf16>
  wave.write %f1, %Out[%t, %c1] map #quads : vector<4xf16>, memref<16x32xf16>
  gpu.return
}

// The same copy four columns to the right: a run would start in the middle
// of a swizzle group, whose two halves the swizzle may place apart, so the
// pass leaves the copy alone and says why.
// CHECK-LABEL: gpu.func @bail_swizzle_misaligned(
// CHECK-COUNT-2: wave.read %{{.*}} : memref<16x32xf16> -> vector<4xf16>
gpu.func @bail_swizzle_misaligned(%X: memref<16x32xf16>, %Out: memref<16x32xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 8> : memref<16x64xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = wave.read %X[%t, %c0] map #quads : memref<16x32xf16> -> vector<4xf16>
  // expected-remark @+1 {{global loads not minimized: the runs of 8 elements do not start at a group of the LDS tile's swizzle}}
  wave.write %v0, %tile[%t, %c0] map #quads_right : vector<4xf16>, memref<16x64xf16, #lds>
  %v1 = wave.read %X[%t, %c1] map #quads : memref<16x32xf16> -> vector<4xf16>
  wave.write %v1, %tile[%t, %c1] map #quads_right : vector<4xf16>, memref<16x64xf16, #lds>
  wave.barrier
  %f0 = wave.read %tile[%t, %c0] map #quads_right : memref<16x64xf16, #lds> -> vector<4xf16>
  wave.write %f0, %Out[%t, %c0] map #quads : vector<4xf16>, memref<16x32xf16>
  %f1 = wave.read %tile[%t, %c1] map #quads_right : memref<16x64xf16, #lds> -> vector<4xf16>
  wave.write %f1, %Out[%t, %c1] map #quads : vector<4xf16>, memref<16x32xf16>
  gpu.return
}


}

// The GEMM example: A (64x32) and B (32x64, stored K x N) each become one
// read of 8 f16 a lane per K step, row-major over the block.
// GEMM: remark: wave-minimize-global-loads: tiles-restaged: 2, global-reads-before: 4, global-reads-after: 2, wave-loads-before: 40, wave-loads-after: 8, lane-loads-before: 2560, lane-loads-after: 512, bytes-per-load-before: 3, bytes-per-load-after: 16, tiles-already-minimal: 0
// GEMM-LABEL: gpu.func @gemm(
// GEMM:         scf.for
// GEMM-NEXT:      wave.read %{{.*}} map affine_map<(d0, d1, d2) -> (d0 floordiv 4 + d1 * 64, (d0 mod 4) * 8 + d2 * 32)> : memref<256x256xf16> -> vector<8xf16>
// GEMM-NEXT:      wave.write %{{.*}} map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8)> : vector<8xf16>, memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
// GEMM-NEXT:      wave.read %{{.*}} map affine_map<(d0, d1, d2) -> (d0 floordiv 8 + d1 * 32, (d0 mod 8) * 8 + d2 * 64)> : memref<256x256xf16> -> vector<8xf16>
// GEMM-NEXT:      wave.write %{{.*}} map affine_map<(d0) -> (d0 floordiv 8, (d0 mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, strided<[68, 1]>, #gpu.address_space<workgroup>>
// GEMM-NEXT:      wave.barrier

// BITS64-LABEL: gpu.func @gemm(
// BITS64:         wave.read %{{.*}} map affine_map<(d0, d1, d2) -> (d0 floordiv 8 + d1 * 64, (d0 mod 8) * 4 + d2 * 32)> : memref<256x256xf16> -> vector<4xf16>
// BITS64-NEXT:    wave.read %{{.*}} map affine_map<(d0, d1, d2) -> (d0 floordiv 8 + d1 * 64 + 32, (d0 mod 8) * 4 + d2 * 32)> : memref<256x256xf16> -> vector<4xf16>
