// gemm_256_gfx950: C = A * B with f16 inputs and f32 accumulation at the
// 256 x 256 x 64 workgroup tile of 8 waves (Triton's
// triton_gemm_kn_f16_4096_t256x256x64_w8_s2) for gfx950, with A's
// fragments read by each wave straight from global memory into registers
// and only B staged through LDS.
//
// Why: gfx950 runs the f16 MMAs at twice gfx942's rate, and with both
// operands staged (examples/gemm_256.mlir) a workgroup moves as many LDS
// bytes a K step as its MFMAs take cycles at 128 bytes a clock a CU
// (256 KiB against 2048 cycles of each SIMD's two waves). A's fragments in
// the MFMA layout are contiguous bytes of a row (K fastest), so a wave can
// load them itself: LDS then carries B alone (32 KiB written, 128 KiB read
// a step), and A is read from global memory twice, once by each of the two
// waves that share its rows (through the caches).
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
// Shows:   an MMA operand taken from a view of global memory. The K loop
//          runs 64 steps of BLOCK_K = 64; every step
//            1. stages the 64 x 256 block of B into an LDS tile (32 KiB,
//               wave-optimize-lds-layout pads it) in the MFMA operand layout
//               (wave.copy_tile);
//            2. waits at a barrier;
//            3. runs 64 MMAs a wave (wave.mma_tile over a 2 x 4 grid of
//               accumulators) on the A fragments of the step's 256 x 64
//               block of A, a memref.subview of A itself, and the B fragments
//               of the tile;
//            4. waits at a second barrier before the next step's staging.
//          wave-fold-subviews turns the reads of the view into reads of A;
//          wave-pipeline-loops prefetches them a step ahead in registers
//          with B's staging reads, and defers the step's last two K steps of
//          MMAs, which wave-widen-mma joins into the 8
//          v_mfma_f32_32x32x16_f16 that issue beside the next step's
//          staging. The kernel asks for occupancy 2 (`#wave.kernel`): the
//          128 accumulators, a step of A fragments (32 VGPRs) and their
//          prefetch leave no room for a third wave, and the default would
//          budget for 3 and not pipeline. Written in f32_32x32x8_f16
//          fragments (joined on gfx950), it compiles for gfx942 too, but
//          spills there (4 VGPRs, with a remark): examples/gemm_256.mlir is
//          gfx942's tile.
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
!a_block = memref<256x64xf16, strided<[4096, 1], offset: ?>>
!b_tile = memref<64x256xf16, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x8_f16>
#B = #wave.fragment<B, f32_32x32x8_f16>
#C = #wave.fragment<acc, f32_32x32x8_f16>
// Wave (wr, wc)'s tile (i, j) of the workgroup's block of C.
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
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %k_steps = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (4, 2) : index, index
    %row = arith.muli %bm, %c256 : index
    %r:8 = scf.for %ks = %c0 to %k_steps step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc02 = %zero,
                  %acc03 = %zero, %acc10 = %zero, %acc11 = %zero,
                  %acc12 = %zero, %acc13 = %zero)
        -> (!acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc) {
      wave.copy_tile %B[%ks, %bn] fragment #B, %b_tile : !in, !b_tile
      wave.barrier
      // The step's 256 x 64 block of A, in place.
      %k = arith.muli %ks, %c64 : index
      %a_block = memref.subview %A[%row, %k] [256, 64] [1, 1]
          : !in to !a_block
      %d:8 = wave.mma_tile %a_block[%wr] fragment #A, %b_tile[%wc] fragment #B,
          %acc00, %acc01, %acc02, %acc03, %acc10, %acc11, %acc12, %acc13
          grid [2, 4]
          : !a_block, !b_tile -> !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc
      wave.barrier
      scf.yield %d#0, %d#1, %d#2, %d#3, %d#4, %d#5, %d#6, %d#7
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
