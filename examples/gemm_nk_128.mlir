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
//          examples/gemm.mlir, with MMA fragments: every access names the
//          A, B or accumulator fragment of the MFMA kind it moves and its
//          position in whole fragments (32 x 8 for A and for B stored N x K,
//          `transposed`, 32 x 32 for the accumulator); wave-expand-fragments
//          derives the lane maps (test/Examples/Inputs/
//          gemm_nk_128-handmapped.mlir has them written by hand). The K loop
//          runs 16 steps of BLOCK_K = 32; every step
//            1. stages the 128 x 32 blocks of A and of B (N x K) into LDS
//               tiles padded by 4 f16 a row (rows of 36), in the MFMA
//               operand layout: wave w stages the fragments (q, w), q = 0..3,
//               of both blocks, 4 reads of 8 bytes per operand a lane;
//            2. waits at a barrier;
//            3. runs 16 MFMAs a wave (4 K slices of 2 x 2 tiles), on the A
//               fragments of rows 2 wr + i and the B fragments of rows
//               2 wc + j of the tiles;
//            4. waits at a second barrier before the next step's staging.
//          Each accumulator goes to C whole, as fragment (2 wr + i, 2 wc + j)
//          of the workgroup's block.
// Reference: @gemm_nk_128_ref, one lane per element of C (32 x 32
//          workgroups of 16 x 16 lanes), a scalar f32 dot product over
//          memref.load. Results agree up to f32 rounding of the summation
//          order.

!in = memref<512x512xf16>
!out = memref<512x512xf32>
!tile = memref<128x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
!frag = vector<4xf16>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x8_f16>
#B = #wave.fragment<B, f32_32x32x8_f16, transposed>
#C = #wave.fragment<acc, f32_32x32x8_f16>
// Fragment positions: (q, w) of the K step ks of block row (or column) b
// of A (or B), wave (wr, wc)'s tile (i, j) of the workgroup's block of C.
#stage = affine_map<(b, ks, q, w) -> (b * 4 + q, ks * 4 + w)>
#frag = affine_map<(wr, i, kk) -> (wr * 2 + i, kk)>
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 4 + wr * 2 + i,
                                                bn * 4 + wc * 2 + j)>

gpu.module @gemm_nk_128 {
  gpu.func @gemm_nk_128(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 4, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @gemm_nk_128_ref} {
    %a_tile = wave.alloc_lds padding [0, 4] : !tile
    %b_tile = wave.alloc_lds padding [0, 4] : !tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %r:4 = scf.for %ks = %c0 to %c16 step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc10 = %zero,
                  %acc11 = %zero) -> (!acc, !acc, !acc, !acc) {
      %a0 = wave.read %A[%bm, %ks, %c0, %w] map #stage fragment #A
          : !in -> !frag
      wave.write %a0, %a_tile[%c0, %w] fragment #A : !frag, !tile
      %a1 = wave.read %A[%bm, %ks, %c1, %w] map #stage fragment #A
          : !in -> !frag
      wave.write %a1, %a_tile[%c1, %w] fragment #A : !frag, !tile
      %a2 = wave.read %A[%bm, %ks, %c2, %w] map #stage fragment #A
          : !in -> !frag
      wave.write %a2, %a_tile[%c2, %w] fragment #A : !frag, !tile
      %a3 = wave.read %A[%bm, %ks, %c3, %w] map #stage fragment #A
          : !in -> !frag
      wave.write %a3, %a_tile[%c3, %w] fragment #A : !frag, !tile
      %b0 = wave.read %B[%bn, %ks, %c0, %w] map #stage fragment #B
          : !in -> !frag
      wave.write %b0, %b_tile[%c0, %w] fragment #B : !frag, !tile
      %b1 = wave.read %B[%bn, %ks, %c1, %w] map #stage fragment #B
          : !in -> !frag
      wave.write %b1, %b_tile[%c1, %w] fragment #B : !frag, !tile
      %b2 = wave.read %B[%bn, %ks, %c2, %w] map #stage fragment #B
          : !in -> !frag
      wave.write %b2, %b_tile[%c2, %w] fragment #B : !frag, !tile
      %b3 = wave.read %B[%bn, %ks, %c3, %w] map #stage fragment #B
          : !in -> !frag
      wave.write %b3, %b_tile[%c3, %w] fragment #B : !frag, !tile
      wave.barrier
      %fa00 = wave.read %a_tile[%wr, %c0, %c0] map #frag fragment #A
          : !tile -> !frag
      %fa01 = wave.read %a_tile[%wr, %c1, %c0] map #frag fragment #A
          : !tile -> !frag
      %fb00 = wave.read %b_tile[%wc, %c0, %c0] map #frag fragment #B
          : !tile -> !frag
      %fb01 = wave.read %b_tile[%wc, %c1, %c0] map #frag fragment #B
          : !tile -> !frag
      %d000 = wave.mma <f32_32x32x8_f16> %fa00, %fb00, %acc00
          : !frag, !frag -> !acc
      %d001 = wave.mma <f32_32x32x8_f16> %fa00, %fb01, %acc01
          : !frag, !frag -> !acc
      %d010 = wave.mma <f32_32x32x8_f16> %fa01, %fb00, %acc10
          : !frag, !frag -> !acc
      %d011 = wave.mma <f32_32x32x8_f16> %fa01, %fb01, %acc11
          : !frag, !frag -> !acc
      %fa10 = wave.read %a_tile[%wr, %c0, %c1] map #frag fragment #A
          : !tile -> !frag
      %fa11 = wave.read %a_tile[%wr, %c1, %c1] map #frag fragment #A
          : !tile -> !frag
      %fb10 = wave.read %b_tile[%wc, %c0, %c1] map #frag fragment #B
          : !tile -> !frag
      %fb11 = wave.read %b_tile[%wc, %c1, %c1] map #frag fragment #B
          : !tile -> !frag
      %d100 = wave.mma <f32_32x32x8_f16> %fa10, %fb10, %d000
          : !frag, !frag -> !acc
      %d101 = wave.mma <f32_32x32x8_f16> %fa10, %fb11, %d001
          : !frag, !frag -> !acc
      %d110 = wave.mma <f32_32x32x8_f16> %fa11, %fb10, %d010
          : !frag, !frag -> !acc
      %d111 = wave.mma <f32_32x32x8_f16> %fa11, %fb11, %d011
          : !frag, !frag -> !acc
      %fa20 = wave.read %a_tile[%wr, %c0, %c2] map #frag fragment #A
          : !tile -> !frag
      %fa21 = wave.read %a_tile[%wr, %c1, %c2] map #frag fragment #A
          : !tile -> !frag
      %fb20 = wave.read %b_tile[%wc, %c0, %c2] map #frag fragment #B
          : !tile -> !frag
      %fb21 = wave.read %b_tile[%wc, %c1, %c2] map #frag fragment #B
          : !tile -> !frag
      %d200 = wave.mma <f32_32x32x8_f16> %fa20, %fb20, %d100
          : !frag, !frag -> !acc
      %d201 = wave.mma <f32_32x32x8_f16> %fa20, %fb21, %d101
          : !frag, !frag -> !acc
      %d210 = wave.mma <f32_32x32x8_f16> %fa21, %fb20, %d110
          : !frag, !frag -> !acc
      %d211 = wave.mma <f32_32x32x8_f16> %fa21, %fb21, %d111
          : !frag, !frag -> !acc
      %fa30 = wave.read %a_tile[%wr, %c0, %c3] map #frag fragment #A
          : !tile -> !frag
      %fa31 = wave.read %a_tile[%wr, %c1, %c3] map #frag fragment #A
          : !tile -> !frag
      %fb30 = wave.read %b_tile[%wc, %c0, %c3] map #frag fragment #B
          : !tile -> !frag
      %fb31 = wave.read %b_tile[%wc, %c1, %c3] map #frag fragment #B
          : !tile -> !frag
      %d300 = wave.mma <f32_32x32x8_f16> %fa30, %fb30, %d200
          : !frag, !frag -> !acc
      %d301 = wave.mma <f32_32x32x8_f16> %fa30, %fb31, %d201
          : !frag, !frag -> !acc
      %d310 = wave.mma <f32_32x32x8_f16> %fa31, %fb30, %d210
          : !frag, !frag -> !acc
      %d311 = wave.mma <f32_32x32x8_f16> %fa31, %fb31, %d211
          : !frag, !frag -> !acc
      wave.barrier
      scf.yield %d300, %d301, %d310, %d311 : !acc, !acc, !acc, !acc
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
