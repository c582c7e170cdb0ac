// The 256 x 256 x 64 f16 GEMM tile of examples/gemm_256.mlir on 4 waves
// instead of 8: the waves in a 2 x 2 grid, each 128 x 128 of C in 4 x 4
// accumulators of 32 x 32, 256 accumulator registers a lane, so the kernel
// runs at occupancy 1 with its accumulators in AGPRs (gfx90a and later).
// C = A * B, 1024^3 (16 K steps), f16 in, f32 out; workgroup (bn, bm) =
// (block x, block y). Used by test/wave-compile/budget-backend-spills.test.

!in = memref<1024x1024xf16>
!out = memref<1024x1024xf32>
!a_tile = memref<256x64xf16, #gpu.address_space<workgroup>>
!b_tile = memref<64x256xf16, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x8_f16>
#B = #wave.fragment<B, f32_32x32x8_f16>
#C = #wave.fragment<acc, f32_32x32x8_f16>
// Wave (wr, wc)'s tile (i, j) of the workgroup's block of C.
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 8 + wr * 4 + i,
                                                bn * 8 + wc * 4 + j)>

gpu.module @gemm_256_w4 {
  gpu.func @gemm_256_w4(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 4, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @gemm_256_w4_ref} {
    %a_tile = wave.alloc_lds : !a_tile
    %b_tile = wave.alloc_lds : !b_tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %k_steps = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %r:16 = scf.for %ks = %c0 to %k_steps step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc02 = %zero, %acc03 = %zero, %acc10 = %zero, %acc11 = %zero, %acc12 = %zero, %acc13 = %zero, %acc20 = %zero, %acc21 = %zero, %acc22 = %zero, %acc23 = %zero, %acc30 = %zero, %acc31 = %zero, %acc32 = %zero, %acc33 = %zero)
        -> (!acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc) {
      wave.copy_tile %A[%bm, %ks] fragment #A, %a_tile : !in, !a_tile
      wave.copy_tile %B[%ks, %bn] fragment #B, %b_tile : !in, !b_tile
      wave.barrier
      %d:16 = wave.mma_tile %a_tile[%wr] fragment #A, %b_tile[%wc] fragment #B,
          %acc00, %acc01, %acc02, %acc03, %acc10, %acc11, %acc12, %acc13, %acc20, %acc21, %acc22, %acc23, %acc30, %acc31, %acc32, %acc33
          grid [4, 4]
          : !a_tile, !b_tile -> !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc
      wave.barrier
      scf.yield %d#0, %d#1, %d#2, %d#3, %d#4, %d#5, %d#6, %d#7, %d#8, %d#9, %d#10, %d#11, %d#12, %d#13, %d#14, %d#15
          : !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc
    }
    wave.write %r#0, %C[%bm, %bn, %wr, %wc, %c0, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#1, %C[%bm, %bn, %wr, %wc, %c0, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#2, %C[%bm, %bn, %wr, %wc, %c0, %c2] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#3, %C[%bm, %bn, %wr, %wc, %c0, %c3] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#4, %C[%bm, %bn, %wr, %wc, %c1, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#5, %C[%bm, %bn, %wr, %wc, %c1, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#6, %C[%bm, %bn, %wr, %wc, %c1, %c2] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#7, %C[%bm, %bn, %wr, %wc, %c1, %c3] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#8, %C[%bm, %bn, %wr, %wc, %c2, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#9, %C[%bm, %bn, %wr, %wc, %c2, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#10, %C[%bm, %bn, %wr, %wc, %c2, %c2] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#11, %C[%bm, %bn, %wr, %wc, %c2, %c3] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#12, %C[%bm, %bn, %wr, %wc, %c3, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#13, %C[%bm, %bn, %wr, %wc, %c3, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#14, %C[%bm, %bn, %wr, %wc, %c3, %c2] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#15, %C[%bm, %bn, %wr, %wc, %c3, %c3] map #tile_c fragment #C
        : !acc, !out
    gpu.return
  }

  gpu.func @gemm_256_w4_ref(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 64, 64, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %k_size = arith.constant 1024 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %dot = scf.for %k = %c0 to %k_size step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%row, %k] : !in
      %b = memref.load %B[%k, %col] : !in
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%row, %col] : !out
    gpu.return
  }
}
