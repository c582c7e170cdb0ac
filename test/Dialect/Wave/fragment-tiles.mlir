// RUN: wave-opt %s | FileCheck %s
// RUN: wave-opt %s | wave-opt | FileCheck %s
// RUN: wave-opt %s --mlir-print-op-generic | wave-opt | FileCheck %s
//
// wave.copy_tile and wave.mma_tile, the K step of a GEMM in fragments, in
// the shapes the GEMM examples do not use: a 16x16x16 kind with a 2 x 2 grid
// of accumulators a wave and B stored N x K (transposed), staged by a copy
// whose tiles have fewer K positions than waves (2 of 4: each wave copies
// from two rows); and a 32x32x8 kind over a K loop whose tiles have more K
// positions than waves (8 of 4: each wave copies two K positions of each
// row). The kernels round-trip (above); the interpreter runs each (after
// wave-expand-fragments) against a scalar reference, one lane per element:
// RUN: wave-run %s --kernel=tiles_16x16 | FileCheck %s --check-prefix=EXEC -DKIND=tiles_16x16
// RUN: wave-run %s --kernel=tiles_32x32 | FileCheck %s --check-prefix=EXEC -DKIND=tiles_32x32
// RUN: wave-run %s --kernel=tiles_32x32 --seed=3 | FileCheck %s --check-prefix=EXEC -DKIND=tiles_32x32
// A 4-byte kind whose tiles' K steps allow a partial pack: f32_16x16x4_f32
// over 6 K steps, whose lane operands (one f32 a step) 16 bytes would pack
// by 4 but 6 steps pack by 2 (wave-expand-fragments' remark); wave-run
// expands the fragments as the compile pipelines do (packing included) and
// runs the packed kernel against its reference.
// RUN: wave-run %s --kernel=tiles_16x16x4 | FileCheck %s --check-prefix=EXEC -DKIND=tiles_16x16x4
// RUN: wave-run %s --kernel=tiles_16x16x4 --seed=7 | FileCheck %s --check-prefix=EXEC -DKIND=tiles_16x16x4
// RUN: wave-opt %s --wave-expand-fragments 2>&1 -o /dev/null | FileCheck %s --check-prefix=PACKED
// PACKED: remark: K fragments packed by 2, not 4: the tiles hold 6 K steps of f32_16x16x4_f32, not a multiple of 4
// EXEC: comparing @[[KIND]] with @[[KIND]]_ref
// EXEC-NEXT: output 'C' ({{.*}}): agrees
// EXEC-NEXT: PASS

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
!lds = memref<64x32xf16, #gpu.address_space<workgroup>>
!acc4 = vector<4xf32>
#A16 = #wave.fragment<A, f32_16x16x16_f16>
#B16 = #wave.fragment<B, f32_16x16x16_f16, transposed>
#C16 = #wave.fragment<acc, f32_16x16x16_f16>
// Accumulator (i, j) of wave (wr, wc) of workgroup row bm: 16x16 fragments.
#c16 = affine_map<(bm, wr, wc, i, j) -> (bm * 4 + wr * 2 + i, wc * 2 + j)>
!tile = memref<64x64xf16, #gpu.address_space<workgroup>>
#A32 = #wave.fragment<A, f32_32x32x8_f16>
#B32 = #wave.fragment<B, f32_32x32x8_f16>
#C32 = #wave.fragment<acc, f32_32x32x8_f16>
!a_f32 = memref<16x24xf32, #gpu.address_space<workgroup>>
!b_f32 = memref<24x16xf32, #gpu.address_space<workgroup>>
#A4 = #wave.fragment<A, f32_16x16x4_f32>
#B4 = #wave.fragment<B, f32_16x16x4_f32>
#C4 = #wave.fragment<acc, f32_16x16x4_f32>

gpu.module @tiles {
  // C = A * B^T, A 128 x 32, B 64 x 32 (N x K), two workgroups of 64 rows.
  // CHECK-LABEL: gpu.func @tiles_16x16(
  gpu.func @tiles_16x16(%A: memref<128x32xf16>, %B: memref<64x32xf16>, %C: memref<128x64xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 2, 1>,
                  wave.kernel = #k, wave.reference = @tiles_16x16_ref} {
    %a_tile = wave.alloc_lds : !lds
    %b_tile = wave.alloc_lds : !lds
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0.0> : !acc4
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    // CHECK: wave.copy_tile %{{.*}}[%{{.*}}, %{{.*}}] fragment <A, f32_16x16x16_f16>, %{{.*}} : memref<128x32xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
    wave.copy_tile %A[%bm, %c0] fragment #A16, %a_tile : memref<128x32xf16>, !lds
    // CHECK: wave.copy_tile %{{.*}}[%{{.*}}, %{{.*}}] fragment <B, f32_16x16x16_f16, transposed>, %{{.*}} : memref<64x32xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
    wave.copy_tile %B[%c0, %c0] fragment #B16, %b_tile : memref<64x32xf16>, !lds
    wave.barrier
    // CHECK: wave.mma_tile %{{.*}}[%{{.*}}] fragment <A, f32_16x16x16_f16>, %{{.*}}[%{{.*}}] fragment <B, f32_16x16x16_f16, transposed>, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} grid [2, 2] : memref<64x32xf16, #gpu.address_space<workgroup>>, memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
    %d:4 = wave.mma_tile %a_tile[%wr] fragment #A16, %b_tile[%wc] fragment #B16,
        %zero, %zero, %zero, %zero grid [2, 2] : !lds, !lds -> !acc4, !acc4, !acc4, !acc4
    wave.write %d#0, %C[%bm, %wr, %wc, %c0, %c0] map #c16 fragment #C16 : !acc4, memref<128x64xf32>
    wave.write %d#1, %C[%bm, %wr, %wc, %c0, %c1] map #c16 fragment #C16 : !acc4, memref<128x64xf32>
    wave.write %d#2, %C[%bm, %wr, %wc, %c1, %c0] map #c16 fragment #C16 : !acc4, memref<128x64xf32>
    wave.write %d#3, %C[%bm, %wr, %wc, %c1, %c1] map #c16 fragment #C16 : !acc4, memref<128x64xf32>
    gpu.return
  }

  gpu.func @tiles_16x16_ref(%A: memref<128x32xf16>, %B: memref<64x32xf16>, %C: memref<128x64xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 4, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cK = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %n = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%bx, %tx)
    %m = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%by, %ty)
    %dot = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%m, %k] : memref<128x32xf16>
      %b = memref.load %B[%n, %k] : memref<64x32xf16>
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%m, %n] : memref<128x64xf32>
    gpu.return
  }

  // C = A * B, A 64 x 128, B 128 x 64, two K steps of 64.
  // CHECK-LABEL: gpu.func @tiles_32x32(
  gpu.func @tiles_32x32(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #k, wave.reference = @tiles_32x32_ref} {
    %a_tile = wave.alloc_lds : !tile
    %b_tile = wave.alloc_lds : !tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %r = scf.for %ks = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      wave.copy_tile %A[%c0, %ks] fragment #A32, %a_tile : memref<64x128xf16>, !tile
      wave.copy_tile %B[%ks, %c0] fragment #B32, %b_tile : memref<128x64xf16>, !tile
      wave.barrier
      // CHECK: wave.mma_tile %{{.*}}[%{{.*}}] fragment <A, f32_32x32x8_f16>, %{{.*}}[%{{.*}}] fragment <B, f32_32x32x8_f16>, %{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>> -> vector<16xf32>
      %d = wave.mma_tile %a_tile[%wr] fragment #A32, %b_tile[%wc] fragment #B32, %acc
          : !tile, !tile -> vector<16xf32>
      wave.barrier
      scf.yield %d : vector<16xf32>
    }
    wave.write %r, %C[%wr, %wc] fragment #C32 : vector<16xf32>, memref<64x64xf32>
    gpu.return
  }

  gpu.func @tiles_32x32_ref(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 4, 4, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cK = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %n = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%bx, %tx)
    %m = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%by, %ty)
    %dot = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%m, %k] : memref<64x128xf16>
      %b = memref.load %B[%k, %n] : memref<128x64xf16>
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%m, %n] : memref<64x64xf32>
    gpu.return
  }

  // C = A * B in f32, A 16 x 24, B 24 x 16: one wave, six K steps of 4.
  // CHECK-LABEL: gpu.func @tiles_16x16x4(
  gpu.func @tiles_16x16x4(%A: memref<16x24xf32>, %B: memref<24x16xf32>, %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #k, wave.reference = @tiles_16x16x4_ref} {
    %a_tile = wave.alloc_lds : !a_f32
    %b_tile = wave.alloc_lds : !b_f32
    %c0 = arith.constant 0 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    wave.copy_tile %A[%c0, %c0] fragment #A4, %a_tile : memref<16x24xf32>, !a_f32
    wave.copy_tile %B[%c0, %c0] fragment #B4, %b_tile : memref<24x16xf32>, !b_f32
    wave.barrier
    // CHECK: wave.mma_tile %{{.*}}[%{{.*}}] fragment <A, f32_16x16x4_f32>, %{{.*}}[%{{.*}}] fragment <B, f32_16x16x4_f32>, %{{.*}} : memref<16x24xf32, #gpu.address_space<workgroup>>, memref<24x16xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
    %d = wave.mma_tile %a_tile[%c0] fragment #A4, %b_tile[%c0] fragment #B4, %zero
        : !a_f32, !b_f32 -> vector<4xf32>
    wave.write %d, %C[%c0, %c0] fragment #C4 : vector<4xf32>, memref<16x16xf32>
    gpu.return
  }

  gpu.func @tiles_16x16x4_ref(%A: memref<16x24xf32>, %B: memref<24x16xf32>, %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cK = arith.constant 24 : index
    %zero = arith.constant 0.0 : f32
    %n = gpu.thread_id x
    %m = gpu.thread_id y
    %dot = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%m, %k] : memref<16x24xf32>
      %b = memref.load %B[%k, %n] : memref<24x16xf32>
      %p = arith.mulf %a, %b : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%m, %n] : memref<16x16xf32>
    gpu.return
  }
}
