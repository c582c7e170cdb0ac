// gemm_nk_128_dynamic: C = A * B^T with f16 inputs and f32 accumulation on
// the matrix cores (MFMA v_mfma_f32_32x32x8_f16) at the 128 x 128 x 32
// workgroup tile, for problem sizes M, N, K known only at run time:
// gemm_nk_128.mlir compiled once for every size.
//
// Shapes:  A : memref<?x?xf16> (M x K, row-major),
//          B : memref<?x?xf16> (N x K, row-major: B stored transposed),
//          C : memref<?x?xf32> (M x N), C[m][n] = sum_k A[m][k] * B[n][k];
//          `wave.dims` names the index arguments %M, %N and %K.
// Assumes: `wave.assume`: K is a multiple of 8 (rows of A and B of whole
//          16-byte runs, like Triton's divisibility hints); M, N and K are
//          at least 1 and at most 32768 (A and B under 2 GiB, which the
//          32-bit offsets of buffer loads address). Nothing else: M and N
//          may end in partial 128-row tiles, K in a partial step of 32.
// Launch:  ceil(N / 128) x ceil(M / 128) workgroups of 256 lanes (no
//          known_grid_size: the grid follows the sizes, `wave-run --grid`);
//          workgroup (bn, bm) computes the block C[bm*128 ..][bn*128 ..],
//          its 4 waves a 2 x 2 grid of 64 x 64 sub-blocks of 2 x 2 MFMA
//          tiles, as in gemm_nk_128.mlir.
// Shows:   the kernel of gemm_nk_128.mlir, written in MMA fragments as it
//          is, with a K loop of run-time trip count ceil(K / 32) and
//          partial tiles: `wave.copy_tile ... bounded` stages A's and B's
//          blocks with bounded reads, so elements past M, N or K read as
//          zero (adding nothing to the dot products), and the accumulators
//          are written `bounded`, so nothing past M or N is. Because the
//          operands are fragments, the passes decide as on the static twin:
//          wave-expand-fragments packs a lane's K elements of a step into
//          16-byte LDS reads (ds_read_b128), which the hand-written maps of
//          examples/gemm_dynamic.mlir do not allow, and
//          wave-minimize-global-loads restages the bounded reads into
//          16-byte runs that stay bounded (16-byte buffer loads).
//          It asks for occupancy 3, as its twin does.
// Reference: @gemm_nk_128_dynamic_ref, 16 x 16 lanes of one workgroup
//          striding over the rows and columns of C, a scalar f32 dot
//          product over memref.load each. Results agree up to f32 rounding
//          of the summation order.

!a = memref<?x?xf16>
!c = memref<?x?xf32>
!tile = memref<128x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x8_f16>
#B = #wave.fragment<B, f32_32x32x8_f16, transposed>
#C = #wave.fragment<acc, f32_32x32x8_f16>
// Wave (wr, wc)'s tile (i, j) of the workgroup's block of C.
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 4 + wr * 2 + i,
                                                bn * 4 + wc * 2 + j)>

gpu.module @gemm_nk_128_dynamic {
  gpu.func @gemm_nk_128_dynamic(%A: !a {wave.dims = array<i64: 3, 5>},
                                %B: !a {wave.dims = array<i64: 4, 5>},
                                %C: !c {wave.dims = array<i64: 3, 4>},
                                %M: index, %N: index, %K: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64,
                                             occupancy = 3>,
                  wave.reference = @gemm_nk_128_dynamic_ref,
                  wave.assume = affine_set<(a, b, c, m, n, k) :
                      (m - 1 >= 0, n - 1 >= 0, k - 1 >= 0,
                       32768 - m >= 0, 32768 - n >= 0, 32768 - k >= 0,
                       k mod 8 == 0)>} {
    %a_tile = wave.alloc_lds padding [0, 4] : !tile
    %b_tile = wave.alloc_lds padding [0, 4] : !tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %steps = arith.ceildivsi %K, %c32 : index
    %r:4 = scf.for %ks = %c0 to %steps step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc10 = %zero,
                  %acc11 = %zero) -> (!acc, !acc, !acc, !acc) {
      wave.copy_tile %A[%bm, %ks] fragment #A, %a_tile bounded : !a, !tile
      wave.copy_tile %B[%bn, %ks] fragment #B, %b_tile bounded : !a, !tile
      wave.barrier
      %d:4 = wave.mma_tile %a_tile[%wr] fragment #A, %b_tile[%wc] fragment #B,
          %acc00, %acc01, %acc10, %acc11 grid [2, 2]
          : !tile, !tile -> !acc, !acc, !acc, !acc
      wave.barrier
      scf.yield %d#0, %d#1, %d#2, %d#3 : !acc, !acc, !acc, !acc
    }
    wave.write %r#0, %C[%bm, %bn, %wr, %wc, %c0, %c0] map #tile_c fragment #C
        bounded : !acc, !c
    wave.write %r#1, %C[%bm, %bn, %wr, %wc, %c0, %c1] map #tile_c fragment #C
        bounded : !acc, !c
    wave.write %r#2, %C[%bm, %bn, %wr, %wc, %c1, %c0] map #tile_c fragment #C
        bounded : !acc, !c
    wave.write %r#3, %C[%bm, %bn, %wr, %wc, %c1, %c1] map #tile_c fragment #C
        bounded : !acc, !c
    gpu.return
  }

  gpu.func @gemm_nk_128_dynamic_ref(%A: !a {wave.dims = array<i64: 3, 5>},
                                    %B: !a {wave.dims = array<i64: 4, 5>},
                                    %C: !c {wave.dims = array<i64: 3, 4>},
                                    %M: index, %N: index, %K: index) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    scf.for %row = %ty to %M step %c16 {
      scf.for %col = %tx to %N step %c16 {
        %dot = scf.for %k = %c0 to %K step %c1 iter_args(%s = %zero)
            -> (f32) {
          %a = memref.load %A[%row, %k] : !a
          %b = memref.load %B[%col, %k] : !a
          %a32 = arith.extf %a : f16 to f32
          %b32 = arith.extf %b : f16 to f32
          %p = arith.mulf %a32, %b32 : f32
          %next = arith.addf %s, %p : f32
          scf.yield %next : f32
        }
        memref.store %dot, %C[%row, %col] : !c
      }
    }
    gpu.return
  }
}
