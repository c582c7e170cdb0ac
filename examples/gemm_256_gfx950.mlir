// gemm_256_gfx950: C = A * B with f16 inputs and f32 accumulation at the
// 256 x 256 x 64 workgroup tile of 8 waves (Triton's
// triton_gemm_kn_f16_4096_t256x256x64_w8_s2), written for gfx950's
// v_mfma_f32_32x32x16_f16, with A's fragments read straight from global
// memory into registers and only B staged through LDS.
//
// Why: gfx950 runs the f16 MMAs at twice gfx942's rate, and with both
// operands staged (examples/gemm_256.mlir) a workgroup moves as many LDS
// bytes a K step as its MFMAs take cycles at 128 bytes a clock a CU
// (256 KiB against 2048 cycles of each SIMD's two waves). A's fragments in
// the MFMA layout are 16 contiguous bytes of a row (K fastest), so a wave
// can load them itself: LDS then carries B alone (32 KiB written, 128 KiB
// read a step), and A is read from global memory twice, once by each of
// the two waves that share its rows (through the caches).
//
// Shapes:  A : memref<4096x4096xf16> (M x K, row-major),
//          B : memref<4096x4096xf16> (K x N, row-major),
//          C : memref<4096x4096xf32> (M x N), C[m][n] = sum_k A[m][k] * B[k][n].
// Launch:  16 x 16 workgroups of 512 lanes; workgroup (bn, bm) = (block x,
//          block y) computes the 256 x 256 block C[bm*256 ..][bn*256 ..].
//          Its 8 waves (gpu.subgroup_id w) form a 4 x 2 grid (wr, wc); wave
//          (wr, wc) owns the 64 x 128 sub-block at rows 64 wr, columns
//          128 wc, as 2 x 4 MFMA tiles of 32 x 32 (i, j), each accumulated in
//          one vector<16xf32>: 128 accumulator registers a lane.
// Shows:   operands from two places in one K step. The K loop runs 64 steps
//          of BLOCK_K = 64; every step
//            1. stages the 64 x 256 block of B into an LDS tile (32 KiB,
//               wave-optimize-lds-layout pads it) in the MFMA operand layout
//               (wave.copy_tile);
//            2. waits at a barrier;
//            3. for each of the step's 4 K slices of 16 (kk), reads the A
//               fragments of the wave's 2 row tiles from global memory
//               (16 bytes a lane each), the B fragments of its 4 column
//               tiles from the LDS tile (gfx950's transposing LDS reads),
//               and runs the 8 MFMAs;
//            4. waits at a second barrier before the next step's staging.
//          wave-pipeline-loops prefetches both the staging reads and the A
//          fragments a step ahead, in registers, and defers the last K
//          slice's 8 MFMAs beside the next step's staging. The kernel asks
//          for occupancy 2 (`#wave.kernel`): the 128 accumulators, a step
//          of A fragments (32 VGPRs) and their prefetch leave no room for a
//          third wave, and the default would budget for 3 and not pipeline.
//          Each accumulator goes to C whole, as fragment (2 wr + i, 4 wc + j)
//          of the workgroup's block.
// Reference: @gemm_256_gfx950_ref, one lane per element of C (256 x 256
//          workgroups of 16 x 16 lanes), a scalar f32 dot product over
//          memref.load. Results agree up to f32 rounding of the summation
//          order. (test/wave-run/example-gemm_256_gfx950.mlir runs both at
//          a smaller size.) docs/performance.md measures the K loop beside
//          examples/gemm_256.mlir's and Triton's code for the same tile.

!in = memref<4096x4096xf16>
!out = memref<4096x4096xf32>
!b_tile = memref<64x256xf16, #gpu.address_space<workgroup>>
!frag = vector<8xf16>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x16_f16>
#B = #wave.fragment<B, f32_32x32x16_f16>
#C = #wave.fragment<acc, f32_32x32x16_f16>
// Fragment positions: wave (wr, wc)'s A fragment (i, kk) of K step ks in A
// (32 x 16 fragments), its B fragment (kk, j) in the tile (16 x 32), and
// its tile (i, j) of the workgroup's block of C (32 x 32).
#a_frag = affine_map<(bm, wr, i, ks, kk) -> (bm * 8 + wr * 2 + i, ks * 4 + kk)>
#b_frag = affine_map<(kk, wc, j) -> (kk, wc * 4 + j)>
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 8 + wr * 2 + i,
                                                bn * 8 + wc * 4 + j)>

gpu.module @gemm_256_gfx950 {
  gpu.func @gemm_256_gfx950(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 512, 1, 1>,
                  known_grid_size = array<i32: 16, 16, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64,
                                             occupancy = 2>,
                  wave.reference = @gemm_256_gfx950_ref} {
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
    %wr, %wc = affine.delinearize_index %w into (4, 2) : index, index
    %r:8 = scf.for %ks = %c0 to %k_steps step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc02 = %zero,
                  %acc03 = %zero, %acc10 = %zero, %acc11 = %zero,
                  %acc12 = %zero, %acc13 = %zero)
        -> (!acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc) {
      wave.copy_tile %B[%ks, %bn] fragment #B, %b_tile : !in, !b_tile
      wave.barrier
      // K slice 0: A fragments from global memory, B from the tile.
      %a00 = wave.read %A[%bm, %wr, %c0, %ks, %c0] map #a_frag
          fragment #A : !in -> !frag
      %a01 = wave.read %A[%bm, %wr, %c1, %ks, %c0] map #a_frag
          fragment #A : !in -> !frag
      %b00 = wave.read %b_tile[%c0, %wc, %c0] map #b_frag fragment #B
          : !b_tile -> !frag
      %b01 = wave.read %b_tile[%c0, %wc, %c1] map #b_frag fragment #B
          : !b_tile -> !frag
      %b02 = wave.read %b_tile[%c0, %wc, %c2] map #b_frag fragment #B
          : !b_tile -> !frag
      %b03 = wave.read %b_tile[%c0, %wc, %c3] map #b_frag fragment #B
          : !b_tile -> !frag
      %d0_00 = wave.mma <f32_32x32x16_f16> %a00, %b00, %acc00
          : !frag, !frag -> !acc
      %d0_01 = wave.mma <f32_32x32x16_f16> %a00, %b01, %acc01
          : !frag, !frag -> !acc
      %d0_02 = wave.mma <f32_32x32x16_f16> %a00, %b02, %acc02
          : !frag, !frag -> !acc
      %d0_03 = wave.mma <f32_32x32x16_f16> %a00, %b03, %acc03
          : !frag, !frag -> !acc
      %d0_10 = wave.mma <f32_32x32x16_f16> %a01, %b00, %acc10
          : !frag, !frag -> !acc
      %d0_11 = wave.mma <f32_32x32x16_f16> %a01, %b01, %acc11
          : !frag, !frag -> !acc
      %d0_12 = wave.mma <f32_32x32x16_f16> %a01, %b02, %acc12
          : !frag, !frag -> !acc
      %d0_13 = wave.mma <f32_32x32x16_f16> %a01, %b03, %acc13
          : !frag, !frag -> !acc
      // K slice 1: A fragments from global memory, B from the tile.
      %a10 = wave.read %A[%bm, %wr, %c0, %ks, %c1] map #a_frag
          fragment #A : !in -> !frag
      %a11 = wave.read %A[%bm, %wr, %c1, %ks, %c1] map #a_frag
          fragment #A : !in -> !frag
      %b10 = wave.read %b_tile[%c1, %wc, %c0] map #b_frag fragment #B
          : !b_tile -> !frag
      %b11 = wave.read %b_tile[%c1, %wc, %c1] map #b_frag fragment #B
          : !b_tile -> !frag
      %b12 = wave.read %b_tile[%c1, %wc, %c2] map #b_frag fragment #B
          : !b_tile -> !frag
      %b13 = wave.read %b_tile[%c1, %wc, %c3] map #b_frag fragment #B
          : !b_tile -> !frag
      %d1_00 = wave.mma <f32_32x32x16_f16> %a10, %b10, %d0_00
          : !frag, !frag -> !acc
      %d1_01 = wave.mma <f32_32x32x16_f16> %a10, %b11, %d0_01
          : !frag, !frag -> !acc
      %d1_02 = wave.mma <f32_32x32x16_f16> %a10, %b12, %d0_02
          : !frag, !frag -> !acc
      %d1_03 = wave.mma <f32_32x32x16_f16> %a10, %b13, %d0_03
          : !frag, !frag -> !acc
      %d1_10 = wave.mma <f32_32x32x16_f16> %a11, %b10, %d0_10
          : !frag, !frag -> !acc
      %d1_11 = wave.mma <f32_32x32x16_f16> %a11, %b11, %d0_11
          : !frag, !frag -> !acc
      %d1_12 = wave.mma <f32_32x32x16_f16> %a11, %b12, %d0_12
          : !frag, !frag -> !acc
      %d1_13 = wave.mma <f32_32x32x16_f16> %a11, %b13, %d0_13
          : !frag, !frag -> !acc
      // K slice 2: A fragments from global memory, B from the tile.
      %a20 = wave.read %A[%bm, %wr, %c0, %ks, %c2] map #a_frag
          fragment #A : !in -> !frag
      %a21 = wave.read %A[%bm, %wr, %c1, %ks, %c2] map #a_frag
          fragment #A : !in -> !frag
      %b20 = wave.read %b_tile[%c2, %wc, %c0] map #b_frag fragment #B
          : !b_tile -> !frag
      %b21 = wave.read %b_tile[%c2, %wc, %c1] map #b_frag fragment #B
          : !b_tile -> !frag
      %b22 = wave.read %b_tile[%c2, %wc, %c2] map #b_frag fragment #B
          : !b_tile -> !frag
      %b23 = wave.read %b_tile[%c2, %wc, %c3] map #b_frag fragment #B
          : !b_tile -> !frag
      %d2_00 = wave.mma <f32_32x32x16_f16> %a20, %b20, %d1_00
          : !frag, !frag -> !acc
      %d2_01 = wave.mma <f32_32x32x16_f16> %a20, %b21, %d1_01
          : !frag, !frag -> !acc
      %d2_02 = wave.mma <f32_32x32x16_f16> %a20, %b22, %d1_02
          : !frag, !frag -> !acc
      %d2_03 = wave.mma <f32_32x32x16_f16> %a20, %b23, %d1_03
          : !frag, !frag -> !acc
      %d2_10 = wave.mma <f32_32x32x16_f16> %a21, %b20, %d1_10
          : !frag, !frag -> !acc
      %d2_11 = wave.mma <f32_32x32x16_f16> %a21, %b21, %d1_11
          : !frag, !frag -> !acc
      %d2_12 = wave.mma <f32_32x32x16_f16> %a21, %b22, %d1_12
          : !frag, !frag -> !acc
      %d2_13 = wave.mma <f32_32x32x16_f16> %a21, %b23, %d1_13
          : !frag, !frag -> !acc
      // K slice 3: A fragments from global memory, B from the tile.
      %a30 = wave.read %A[%bm, %wr, %c0, %ks, %c3] map #a_frag
          fragment #A : !in -> !frag
      %a31 = wave.read %A[%bm, %wr, %c1, %ks, %c3] map #a_frag
          fragment #A : !in -> !frag
      %b30 = wave.read %b_tile[%c3, %wc, %c0] map #b_frag fragment #B
          : !b_tile -> !frag
      %b31 = wave.read %b_tile[%c3, %wc, %c1] map #b_frag fragment #B
          : !b_tile -> !frag
      %b32 = wave.read %b_tile[%c3, %wc, %c2] map #b_frag fragment #B
          : !b_tile -> !frag
      %b33 = wave.read %b_tile[%c3, %wc, %c3] map #b_frag fragment #B
          : !b_tile -> !frag
      %d3_00 = wave.mma <f32_32x32x16_f16> %a30, %b30, %d2_00
          : !frag, !frag -> !acc
      %d3_01 = wave.mma <f32_32x32x16_f16> %a30, %b31, %d2_01
          : !frag, !frag -> !acc
      %d3_02 = wave.mma <f32_32x32x16_f16> %a30, %b32, %d2_02
          : !frag, !frag -> !acc
      %d3_03 = wave.mma <f32_32x32x16_f16> %a30, %b33, %d2_03
          : !frag, !frag -> !acc
      %d3_10 = wave.mma <f32_32x32x16_f16> %a31, %b30, %d2_10
          : !frag, !frag -> !acc
      %d3_11 = wave.mma <f32_32x32x16_f16> %a31, %b31, %d2_11
          : !frag, !frag -> !acc
      %d3_12 = wave.mma <f32_32x32x16_f16> %a31, %b32, %d2_12
          : !frag, !frag -> !acc
      %d3_13 = wave.mma <f32_32x32x16_f16> %a31, %b33, %d2_13
          : !frag, !frag -> !acc
      wave.barrier
      scf.yield %d3_00, %d3_01, %d3_02, %d3_03,
                %d3_10, %d3_11, %d3_12, %d3_13
          : !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc
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
    gpu.return
  }

  gpu.func @gemm_256_gfx950_ref(%A: !in, %B: !in, %C: !out) kernel
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
