// gemm_gfx950: C = A * B^T with f16 inputs and f32 accumulation on gfx950's
// matrix cores (v_mfma_f32_32x32x16_f16, twice the K of gfx942's
// 32x32x8 in the same 32 cycles) at the 128 x 128 x 64 workgroup tile of 4
// waves that Triton's f16 GEMMs use on MI355X.
//
// Shapes:  A : memref<256x512xf16> (M x K, row-major),
//          B : memref<256x512xf16> (N x K, row-major: B stored transposed),
//          C : memref<256x256xf32> (M x N), C[m][n] = sum_k A[m][k] * B[n][k].
// Launch:  2 x 2 workgroups of 256 lanes; workgroup (bn, bm) = (block x,
//          block y) computes the 128 x 128 block C[bm*128 ..][bn*128 ..].
//          Its 4 waves (gpu.subgroup_id w) form a 2 x 2 grid (wr, wc); wave
//          (wr, wc) owns the 64 x 64 sub-block at rows 64 wr, columns 64 wc
//          as a 2 x 2 grid of 32 x 32 accumulators (vector<16xf32> each).
// Shows:   the f16 GEMM at gfx950's production tile, written in fragments
//          of the K = 16 kind f32_32x32x16_f16: the K loop runs 8 steps of
//          BLOCK_K = 64; every step
//            1. stages the 128 x 64 blocks of A and of B^T into LDS tiles
//               padded by 8 f16 a row (wave.copy_tile; 16 fragments of
//               32 x 16 each, 4 a wave), which wave-optimize-lds-layout
//               swizzles instead under gfx950's 64-bank model;
//            2. waits at a barrier;
//            3. runs 16 MFMAs a wave (wave.mma_tile over the 2 x 2 grid of
//               accumulators, 4 K fragments of 16);
//            4. waits at a second barrier.
//          The kernel asks for occupancy 2 (`#wave.kernel`): the registers
//          wave-pipeline-loops needs to prefetch a K step and to defer its
//          last 4 MFMAs next to the following step's staging (at the
//          default budget of occupancy 4 it defers none), and the LDS of
//          both tiles twice (72 KiB), which wave-pipeline-loops
//          double-buffers (its 16 MFMAs a step are long enough to hide the
//          next step's loads) so that a step's staging writes leave the
//          path between its barrier and its first MFMA. Written in
//          f32_32x32x16_f16, as examples/gemm_nk_128.mlir, wave-widen-mma
//          would join pairs of MMAs into the same instruction, but after
//          the pipelining: each deferred K = 8 MMA then joins the next
//          step's first one, behind its barrier (docs/performance.md).
//          B is stored N x K (the `transposed` fragment), so a lane's 8 K
//          elements of B are one 16-byte LDS read, as A's are; Triton's
//          kernel for the same tile takes B as K x N.
// Reference: @gemm_gfx950_ref, one lane per element of C (16 x 16
//          workgroups of 16 x 16 lanes), a scalar f32 dot product over
//          memref.load. The products of f16 values are exact in f32 but the
//          summation order differs, so results agree up to f32 rounding.

!in = memref<256x512xf16>
!out = memref<256x256xf32>
!tile = memref<128x64xf16, strided<[72, 1]>, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x16_f16>
#B = #wave.fragment<B, f32_32x32x16_f16, transposed>
#C = #wave.fragment<acc, f32_32x32x16_f16>
// Wave (wr, wc)'s accumulator (i, j) of the workgroup's block of C.
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 4 + wr * 2 + i,
                                                bn * 4 + wc * 2 + j)>

gpu.module @gemm_gfx950 {
  gpu.func @gemm_gfx950(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 2, 2, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64,
                                             occupancy = 2>,
                  wave.reference = @gemm_gfx950_ref} {
    %a_tile = wave.alloc_lds padding [0, 8] : !tile
    %b_tile = wave.alloc_lds padding [0, 8] : !tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %r:4 = scf.for %ks = %c0 to %c8 step %c1
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

  gpu.func @gemm_gfx950_ref(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 16, 16, 1>} {
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
      %a = memref.load %A[%row, %k] : !in
      %b = memref.load %B[%col, %k] : !in
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
