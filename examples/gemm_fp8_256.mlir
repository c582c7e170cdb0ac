// gemm_fp8_256: C = sa * sb * (A * B^T), gfx950's fp8 GEMM at Triton's large
// tile: 256 x 256 x 64 on a workgroup of 8 waves (written in
// f32_32x32x16_f8E4M3FN; wave-widen-mma makes each 4 of them chained along K
// one v_mfma_f32_32x32x64_f8f6f4): A and B in E4M3 (OCP encoding, MLIR's
// f8E4M3FN), f32 accumulation and output, per-tensor scales.
//
// Shapes:  A : memref<256x512xf8E4M3FN> (M x K, row-major),
//          B : memref<256x512xf8E4M3FN> (N x K, row-major: B^T), sa, sb :
//          memref<1xf32> (the scales of A and of B), C : memref<256x256xf32>.
// Launch:  1 workgroup of 512 lanes; workgroup (bn, bm) = (block x, block y)
//          computes the 256 x 256 block C[bm*256 ..][bn*256 ..]. Its 8 waves
//          (gpu.subgroup_id w) form a 2 x 4 grid (wr, wc); wave (wr, wc)
//          owns the 128 x 64 sub-block at rows 128 wr, columns 64 wc as a
//          4 x 2 grid of 32 x 32 accumulators (vector<16xf32> each).
// Shows:   examples/gemm_fp8_ocp.mlir at twice the tile: the K loop runs 8
//          steps of BLOCK_K = 64; every step
//            1. stages the 256 x 64 blocks of A and of B^T into LDS tiles
//               padded by 8 bytes a row (wave.copy_tile);
//            2. waits at a barrier;
//            3. runs 32 MMAs a wave (wave.mma_tile over the 4 x 2 grid of
//               accumulators, 4 K fragments of 16), 8 MFMAs of K = 64 once
//               wave-widen-mma has joined them;
//            4. waits at a second barrier.
//          Each wave multiplies 128 + 64 rows of operands for 128 x 64
//          results, where gemm_fp8_ocp's waves multiply 64 + 64 for 64 x 64:
//          a third fewer LDS reads and copies for each MFMA. The MMAs of an
//          iteration hold the matrix pipe 512 cycles, which would ask for
//          LDS buffers; wave-pipeline-loops pipelines the loop in registers
//          instead, its trailing MMAs deferred as whole chains to the top of
//          the next iteration, beside the next step's staging
//          (docs/passes/wave-pipeline-loops.md, "Choosing the buffer"), and
//          wave-cover-barriers spreads them over the staging barrier.
// Reference: @gemm_fp8_256_ref, one lane per element of C (16 x 16
//          workgroups of 16 x 16 lanes): each fp8 value extended to f32
//          (exactly), an f32 dot product over memref.load, then the same
//          (sa * sb) * dot. The products are exact in f32 but the summation
//          order differs, so results agree up to f32 rounding.

!in = memref<256x512xf8E4M3FN>
!out = memref<256x256xf32>
!scale = memref<1xf32>
!tile = memref<256x64xf8E4M3FN, strided<[72, 1]>, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x16_f8E4M3FN>
#B = #wave.fragment<B, f32_32x32x16_f8E4M3FN, transposed>
#C = #wave.fragment<acc, f32_32x32x16_f8E4M3FN>
// Wave (wr, wc)'s accumulator (i, j) of the workgroup's block of C.
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 8 + wr * 4 + i,
                                                bn * 8 + wc * 2 + j)>

gpu.module @gemm_fp8_256 {
  gpu.func @gemm_fp8_256(%A: !in, %B: !in, %SA: !scale, %SB: !scale, %C: !out)
      kernel
      attributes {known_block_size = array<i32: 512, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>,
                  wave.reference = @gemm_fp8_256_ref} {
    %a_tile = wave.alloc_lds padding [0, 8] : !tile
    %b_tile = wave.alloc_lds padding [0, 8] : !tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %k_steps = arith.constant 8 : index
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
      wave.copy_tile %A[%bm, %ks] fragment #A, %a_tile : !in, !tile
      wave.copy_tile %B[%bn, %ks] fragment #B, %b_tile : !in, !tile
      wave.barrier
      %d:8 = wave.mma_tile %a_tile[%wr] fragment #A, %b_tile[%wc] fragment #B,
          %acc00, %acc01, %acc10, %acc11, %acc20, %acc21, %acc30, %acc31
          grid [4, 2]
          : !tile, !tile -> !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc
      wave.barrier
      scf.yield %d#0, %d#1, %d#2, %d#3, %d#4, %d#5, %d#6, %d#7
          : !acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc
    }
    %sa = memref.load %SA[%c0] : !scale
    %sb = memref.load %SB[%c0] : !scale
    %s = arith.mulf %sa, %sb : f32
    %sv = vector.broadcast %s : f32 to !acc
    %o00 = arith.mulf %sv, %r#0 : !acc
    %o01 = arith.mulf %sv, %r#1 : !acc
    %o10 = arith.mulf %sv, %r#2 : !acc
    %o11 = arith.mulf %sv, %r#3 : !acc
    %o20 = arith.mulf %sv, %r#4 : !acc
    %o21 = arith.mulf %sv, %r#5 : !acc
    %o30 = arith.mulf %sv, %r#6 : !acc
    %o31 = arith.mulf %sv, %r#7 : !acc
    wave.write %o00, %C[%bm, %bn, %wr, %wc, %c0, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %o01, %C[%bm, %bn, %wr, %wc, %c0, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %o10, %C[%bm, %bn, %wr, %wc, %c1, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %o11, %C[%bm, %bn, %wr, %wc, %c1, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %o20, %C[%bm, %bn, %wr, %wc, %c2, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %o21, %C[%bm, %bn, %wr, %wc, %c2, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %o30, %C[%bm, %bn, %wr, %wc, %c3, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %o31, %C[%bm, %bn, %wr, %wc, %c3, %c1] map #tile_c fragment #C
        : !acc, !out
    gpu.return
  }

  gpu.func @gemm_fp8_256_ref(%A: !in, %B: !in, %SA: !scale, %SB: !scale,
                             %C: !out) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 16, 16, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %k_size = arith.constant 512 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %dot = scf.for %k = %c0 to %k_size step %c1 iter_args(%acc = %zero)
        -> (f32) {
      %a = memref.load %A[%row, %k] : !in
      %b = memref.load %B[%col, %k] : !in
      %a32 = arith.extf %a : f8E4M3FN to f32
      %b32 = arith.extf %b : f8E4M3FN to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %acc, %p : f32
      scf.yield %next : f32
    }
    %sa = memref.load %SA[%c0] : !scale
    %sb = memref.load %SB[%c0] : !scale
    %s = arith.mulf %sa, %sb : f32
    %c = arith.mulf %s, %dot : f32
    memref.store %c, %C[%row, %col] : !out
    gpu.return
  }
}
