// gemm_256: C = A * B with f16 inputs and f32 accumulation on the matrix
// cores at the 256 x 256 x 64 workgroup tile of 8 waves that the fastest
// f16 GEMMs on MI300X and MI355X use (Triton's
// triton_gemm_kn_f16_4096_t256x256x64_w8_s2), operands staged through LDS.
// The same source for gfx942 (v_mfma_f32_32x32x8_f16) and gfx950, where
// wave-widen-mma joins the MMAs in pairs along K into
// v_mfma_f32_32x32x16_f16 (wave-compile --chip=gfx950).
//
// Shapes:  A : memref<4096x4096xf16> (M x K, row-major),
//          B : memref<4096x4096xf16> (K x N, row-major),
//          C : memref<4096x4096xf32> (M x N), C[m][n] = sum_k A[m][k] * B[k][n].
// Launch:  16 x 16 workgroups of 512 lanes; workgroup (bn, bm) = (block x,
//          block y) computes the 256 x 256 block C[bm*256 ..][bn*256 ..].
//          Its 8 waves (gpu.subgroup_id w) form a 2 x 4 grid (wr, wc); wave
//          (wr, wc) owns the 128 x 64 sub-block at rows 128 wr, columns
//          64 wc, as 4 x 2 MFMA tiles of 32 x 32 (i, j), each accumulated in
//          one vector<16xf32>: 128 accumulator registers a lane.
// Shows:   the 8-wave production tile in MMA fragments, in the naive
//          staging style of examples/gemm.mlir. The K loop runs 64 steps of
//          BLOCK_K = 64; every step
//            1. stages the 256 x 64 block of A and the 64 x 256 block of B
//               into LDS tiles (32 KiB each, unpadded: the two fill gfx942's
//               64 KiB; wave-optimize-lds-layout swizzles them), in the MFMA
//               operand layout (wave.copy_tile): each tile is 64 fragments,
//               8 a wave;
//            2. waits at a barrier;
//            3. runs 64 MFMAs a wave (wave.mma_tile over a 4 x 2 grid of
//               accumulators: 8 K slices of 4 x 2 tiles), on the A fragments
//               of rows 4 wr + i and the B fragments of columns 2 wc + j of
//               the tiles;
//            4. waits at a second barrier before the next step's staging.
//          Each accumulator goes to C whole, as fragment (4 wr + i, 2 wc + j)
//          of the workgroup's block.
//          On gfx950, whose MFMAs double the rate, the tile is bound by its
//          LDS traffic; examples/gemm_256_gfx950.mlir reads A from global
//          memory instead and is that chip's tile.
// Reference: @gemm_256_ref, one lane per element of C (256 x 256
//          workgroups of 16 x 16 lanes), a scalar f32 dot product over
//          memref.load. Results agree up to f32 rounding of the summation
//          order. (test/wave-run/example-gemm_256.mlir runs both at a
//          smaller size.) docs/performance.md measures the K loop on both
//          chips beside Triton's code for the same tile.

!in = memref<4096x4096xf16>
!out = memref<4096x4096xf32>
!a_tile = memref<256x64xf16, #gpu.address_space<workgroup>>
!b_tile = memref<64x256xf16, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x8_f16>
#B = #wave.fragment<B, f32_32x32x8_f16>
#C = #wave.fragment<acc, f32_32x32x8_f16>
// Wave (wr, wc)'s tile (i, j) of the workgroup's block of C.
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 8 + wr * 4 + i,
                                                bn * 8 + wc * 2 + j)>

gpu.module @gemm_256 {
  gpu.func @gemm_256(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 512, 1, 1>,
                  known_grid_size = array<i32: 16, 16, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @gemm_256_ref} {
    %a_tile = wave.alloc_lds : !a_tile
    %b_tile = wave.alloc_lds : !b_tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %k_steps = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 4) : index, index
    %r:8 = scf.for %ks = %c0 to %k_steps step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc10 = %zero,
                  %acc11 = %zero, %acc20 = %zero, %acc21 = %zero,
                  %acc30 = %zero, %acc31 = %zero)
        -> (!acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc) {
      wave.copy_tile %A[%bm, %ks] fragment #A, %a_tile : !in, !a_tile
      wave.copy_tile %B[%ks, %bn] fragment #B, %b_tile : !in, !b_tile
      wave.barrier
      %d:8 = wave.mma_tile %a_tile[%wr] fragment #A, %b_tile[%wc] fragment #B,
          %acc00, %acc01, %acc10, %acc11, %acc20, %acc21, %acc30, %acc31
          grid [4, 2]
          : !a_tile, !b_tile -> !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc
      wave.barrier
      scf.yield %d#0, %d#1, %d#2, %d#3, %d#4, %d#5, %d#6, %d#7
          : !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc
    }
    wave.write %r#0, %C[%bm, %bn, %wr, %wc, %c0, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#1, %C[%bm, %bn, %wr, %wc, %c0, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#2, %C[%bm, %bn, %wr, %wc, %c1, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#3, %C[%bm, %bn, %wr, %wc, %c1, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#4, %C[%bm, %bn, %wr, %wc, %c2, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#5, %C[%bm, %bn, %wr, %wc, %c2, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#6, %C[%bm, %bn, %wr, %wc, %c3, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#7, %C[%bm, %bn, %wr, %wc, %c3, %c1] map #tile_c fragment #C
        : !acc, !out
    gpu.return
  }

  gpu.func @gemm_256_ref(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 256, 256, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %k_size = arith.constant 4096 : index
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
