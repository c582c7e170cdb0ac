// An fp8 GEMM at a 256x256x64 tile of 8 waves on gfx950 (a 2 x 4 grid of
// waves, 128 x 64 of C each: 8 f32_32x32x64_f8E4M3FN MMAs a wave a step once
// wave-widen-mma has joined the fragments' 32 MMAs), C = A * B^T with A and
// B 256 x 256 (4 K steps of 64) and one workgroup; @gemm_fp8_256_ref is one
// lane per element of C. test/Dialect/Wave/Transforms/
// wave-pipeline-loops-deferral.mlir pipelines it in registers.
!in = memref<256x256xf8E4M3FN>
!out = memref<256x256xf32>
!tile = memref<256x64xf8E4M3FN, strided<[72, 1]>, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x16_f8E4M3FN>
#B = #wave.fragment<B, f32_32x32x16_f8E4M3FN, transposed>
#C = #wave.fragment<acc, f32_32x32x16_f8E4M3FN>
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 8 + wr * 4 + i,
                                                bn * 8 + wc * 2 + j)>
gpu.module @g {
  gpu.func @gemm_fp8_256(%A: !in, %B: !in, %C: !out) kernel
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
    %k_steps = arith.constant 4 : index
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
  gpu.func @gemm_fp8_256_ref(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 16, 16, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %k_size = arith.constant 256 : index
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
      %b = memref.load %B[%col, %k] : !in
      %a32 = arith.extf %a : f8E4M3FN to f32
      %b32 = arith.extf %b : f8E4M3FN to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%row, %col] : !out
    gpu.return
  }
}
