// The 256 x 128 x 64 f16 GEMM tile of 8 waves (Triton's
// triton_gemm_kn_4096_t256x128x64_w8_s2): examples/gemm_256.mlir with B's
// block 128 wide and the waves in a 4 x 2 grid, each 64 x 64 of C in 2 x 2
// accumulators of 32 x 32 (64 accumulator registers a lane). C = A * B,
// 4096^3, f16 in, f32 out; workgroup (bn, bm) = (block x, block y).
// Used by test/wave-compile/ping-pong-256x128.test.

!in = memref<4096x4096xf16>
!out = memref<4096x4096xf32>
!a_tile = memref<256x64xf16, #gpu.address_space<workgroup>>
!b_tile = memref<64x128xf16, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x8_f16>
#B = #wave.fragment<B, f32_32x32x8_f16>
#C = #wave.fragment<acc, f32_32x32x8_f16>
// Wave (wr, wc)'s tile (i, j) of the workgroup's block of C.
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 8 + wr * 2 + i,
                                                bn * 4 + wc * 2 + j)>

gpu.module @gemm_256x128 {
  gpu.func @gemm_256x128(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 512, 1, 1>,
                  known_grid_size = array<i32: 32, 16, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @gemm_ref} {
    %a_tile = wave.alloc_lds : !a_tile
    %b_tile = wave.alloc_lds : !b_tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k_steps = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (4, 2) : index, index
    %r:4 = scf.for %ks = %c0 to %k_steps step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc10 = %zero,
                  %acc11 = %zero) -> (!acc, !acc, !acc, !acc) {
      wave.copy_tile %A[%bm, %ks] fragment #A, %a_tile : !in, !a_tile
      wave.copy_tile %B[%ks, %bn] fragment #B, %b_tile : !in, !b_tile
      wave.barrier
      %d:4 = wave.mma_tile %a_tile[%wr] fragment #A, %b_tile[%wc] fragment #B,
          %acc00, %acc01, %acc10, %acc11 grid [2, 2]
          : !a_tile, !b_tile -> !acc, !acc, !acc, !acc
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

  gpu.func @gemm_ref(%A: !in, %B: !in, %C: !out) kernel
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
