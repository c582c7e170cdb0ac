// gemm_nk_128: C = A * B^T with f16 inputs and f32 accumulation on the
// matrix cores (MFMA v_mfma_f32_32x32x8_f16) at the 128 x 128 x 32
// workgroup tile most production GEMM configurations start from, operands
// staged through padded LDS tiles.
//
// Shapes:  A : memref<512x512xf16> (M x K, row-major),
//          B : memref<512x512xf16> (N x K, row-major: B stored transposed),
//          C : memref<512x512xf32> (M x N), C[m][n] = sum_k A[m][k] * B[n][k].
// Launch:  4 x 4 workgroups of 256 lanes; workgroup (bn, bm) = (block x,
//          block y) computes the 128 x 128 block C[bm*128 ..][bn*128 ..].
//          Its 4 waves (gpu.subgroup_id w) form a 2 x 2 grid (wr, wc); wave
//          (wr, wc) owns the 64 x 64 sub-block at rows 64 wr, columns 64 wc,
//          as 2 x 2 MFMA tiles of 32 x 32 (i, j), each accumulated in one
//          vector<16xf32>.
// Shows:   the production tile written in the naive staging style of
//          examples/gemm.mlir, with MMA fragments: `#A`, `#B` (B stored
//          N x K, `transposed`) and `#C` name the fragments of the MFMA kind
//          (32 x 8 for A and B, 32 x 32 for the accumulator);
//          wave-expand-fragments derives the lane maps (test/Examples/Inputs/
//          gemm_nk_128-handmapped.mlir has them written by hand). The K loop
//          runs 16 steps of BLOCK_K = 32; every step
//            1. stages the 128 x 32 blocks of A and of B (N x K) into LDS
//               tiles padded by 4 f16 a row (rows of 36), in the MFMA
//               operand layout (wave.copy_tile): each tile is 4 x 4
//               fragments, and wave w copies the fragments (q, w),
//               q = 0..3, 4 reads of 8 bytes per operand a lane;
//            2. waits at a barrier;
//            3. runs 16 MFMAs a wave (wave.mma_tile over a 2 x 2 grid of
//               accumulators: 4 K slices of 2 x 2 tiles), on the A fragments
//               of rows 2 wr + i and the B fragments of rows 2 wc + j of the
//               tiles;
//            4. waits at a second barrier before the next step's staging.
//          Each accumulator goes to C whole, as fragment (2 wr + i, 2 wc + j)
//          of the workgroup's block.
//          The kernel asks for occupancy 3 (`#wave.kernel`): on gfx942 it
//          reaches 4 all the same; on gfx950, whose widened loop runs at 3
//          anyway, it is the budget wave-pipeline-loops needs to defer a
//          step's 16 MMAs whole, which wave-widen-mma then joins into 8
//          v_mfma_f32_32x32x16_f16 at the top of the next iteration
//          (docs/passes/wave-pipeline-loops.md).
// Reference: @gemm_nk_128_ref, one lane per element of C (32 x 32
//          workgroups of 16 x 16 lanes), a scalar f32 dot product over
//          memref.load. Results agree up to f32 rounding of the summation
//          order.

!in = memref<512x512xf16>
!out = memref<512x512xf32>
!tile = memref<128x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x8_f16>
#B = #wave.fragment<B, f32_32x32x8_f16, transposed>
#C = #wave.fragment<acc, f32_32x32x8_f16>
// Wave (wr, wc)'s tile (i, j) of the workgroup's block of C.
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 4 + wr * 2 + i,
                                                bn * 4 + wc * 2 + j)>

gpu.module @gemm_nk_128 {
  gpu.func @gemm_nk_128(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 4, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64,
                                             occupancy = 3>,
                  wave.reference = @gemm_nk_128_ref} {
    %a_tile = wave.alloc_lds padding [0, 4] : !tile
    %b_tile = wave.alloc_lds padding [0, 4] : !tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %r:4 = scf.for %ks = %c0 to %c16 step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc10 = %zero,
                  %acc11 = %zero) -> (!acc, !acc, !acc, !acc) {
      wave.copy_tile %A[%bm, %ks] fragment #A, %a_tile : !in, !tile
      wave.copy_tile %B[%bn, %ks] fragment #B, %b_tile : !in, !tile
      wave.barrier
      %d:4 = wave.mma_tile %a_tile[%wr] fragment #A, %b_tile[%wc] fragment #B,
          %acc00, %acc01, %acc10, %acc11 grid [2, 2]
          : !tile, !tile -> !acc, !acc, !acc, !acc
      wave.barrier
      scf.yield %d#0, %d#1, %d#2, %d#3 : !acc, !acc, !acc, !acc
    }
    wave.write %r#0, %C[%bm, %bn, %wr, %wc, %c0, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#1, %C[%bm, %bn, %wr, %wc, %c0, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#2, %C[%bm, %bn, %wr, %wc, %c1, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %r#3, %C[%bm, %bn, %wr, %wc, %c1, %c1] map #tile_c fragment #C
        : !acc, !out
    gpu.return
  }

  gpu.func @gemm_nk_128_ref(%A: memref<512x512xf16>, %B: memref<512x512xf16>,
                            %C: memref<512x512xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 32, 32, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c512 = arith.constant 512 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %dot = scf.for %k = %c0 to %c512 step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%row, %k] : memref<512x512xf16>
      %b = memref.load %B[%col, %k] : memref<512x512xf16>
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%row, %col] : memref<512x512xf32>
    gpu.return
  }
}
