// gemm: C = A * B with f16 inputs and f32 accumulation on the matrix cores
// (MFMA v_mfma_f32_32x32x8_f16), operands staged through padded LDS tiles.
//
// Shapes:  A : memref<256x256xf16> (M x K, row-major),
//          B : memref<256x256xf16> (K x N, row-major), C : memref<256x256xf32>.
// Launch:  4 x 4 workgroups of 256 lanes; workgroup (bn, bm) = (block x,
//          block y) computes the 64 x 64 block C[bm*64 ..][bn*64 ..]. Its 4
//          waves (gpu.subgroup_id w) form a 2 x 2 grid (wr, wc); wave
//          (wr, wc) owns the 32 x 32 sub-block at rows 32 wr, columns 32 wc,
//          which it accumulates in one vector<16xf32> (the MFMA accumulator).
// Shows:   the f16 GEMM of the global-load-minimization document, before
//          that pass, written with MMA fragments: `#A`, `#B` and `#C` name
//          the A, B and accumulator fragments of the MFMA kind (32 x 8,
//          8 x 32 and 32 x 32 elements), and the lane layout comes from the
//          kind (wave-expand-fragments derives the per-lane maps;
//          test/Examples/Inputs/gemm-handmapped.mlir is the same kernel with
//          those maps written by hand). The K loop runs 8 steps of
//          BLOCK_K = 32; every step
//            1. stages the 64 x 32 block (bm, ks) of A and the 32 x 64 block
//               (ks, bn) of B into LDS tiles padded by 4 f16 a row
//               (wave.copy_tile): each tile is a grid of 8 fragments, and
//               wave w copies fragments w and w + 4, K position fastest
//               (the K step w of both halves). Those narrow, scattered
//               global reads feeding LDS writes are what
//               wave-minimize-global-loads turns into 16-byte coalesced ones;
//            2. waits at a barrier (the tiles were written by other lanes);
//            3. runs 4 MFMAs (K = 8 each) on the A fragments of fragment
//               row wr and the B fragments of fragment column wc of the
//               tiles (wave.mma_tile);
//            4. waits at a second barrier so that the next step's staging
//               does not overwrite tiles other waves are still reading.
//          The whole accumulator is written to C as fragment (wr, wc) of
//          the workgroup's block.
// Reference: @gemm_ref, one lane per element of C (16 x 16 workgroups of
//          16 x 16 lanes), a scalar f32 dot product over memref.load. The
//          products of f16 values are exact in f32 but the summation order
//          differs, so results agree up to f32 rounding.

!in = memref<256x256xf16>
!out = memref<256x256xf32>
!a_tile = memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
!b_tile = memref<32x64xf16, strided<[68, 1]>, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x8_f16>
#B = #wave.fragment<B, f32_32x32x8_f16>
#C = #wave.fragment<acc, f32_32x32x8_f16>
// Wave (wr, wc)'s fragment of the workgroup's block of C.
#pc = affine_map<(bm, bn, wr, wc) -> (bm * 2 + wr, bn * 2 + wc)>

gpu.module @gemm {
  gpu.func @gemm(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 4, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @gemm_ref} {
    %a_tile = wave.alloc_lds padding [0, 4] : !a_tile
    %b_tile = wave.alloc_lds padding [0, 4] : !b_tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %r = scf.for %ks = %c0 to %c8 step %c1 iter_args(%acc = %zero)
        -> (!acc) {
      wave.copy_tile %A[%bm, %ks] fragment #A, %a_tile : !in, !a_tile
      wave.copy_tile %B[%ks, %bn] fragment #B, %b_tile : !in, !b_tile
      wave.barrier
      %d = wave.mma_tile %a_tile[%wr] fragment #A, %b_tile[%wc] fragment #B,
          %acc : !a_tile, !b_tile -> !acc
      wave.barrier
      scf.yield %d : !acc
    }
    wave.write %r, %C[%bm, %bn, %wr, %wc] map #pc fragment #C : !acc, !out
    gpu.return
  }

  gpu.func @gemm_ref(%A: memref<256x256xf16>, %B: memref<256x256xf16>,
                     %C: memref<256x256xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 16, 16, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %dot = scf.for %k = %c0 to %c256 step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%row, %k] : memref<256x256xf16>
      %b = memref.load %B[%k, %col] : memref<256x256xf16>
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%row, %col] : memref<256x256xf32>
    gpu.return
  }
}
