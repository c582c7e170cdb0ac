// softmax_mfma: attention probabilities P = softmax(Q K^T / sqrt(64)) row by
// row, the scores computed on the matrix cores (MFMA
// v_mfma_f32_16x16x16_f16) and normalized in the accumulator layout.
//
// Shapes:  Q : memref<64x64xf16> (queries x head dimension),
//          K : memref<64x64xf16> (keys x head dimension: B stored N x K),
//          P : memref<64x64xf32> (queries x keys),
//          P[q][k] = exp(S[q][k] - max_k' S[q][k']) / sum_k' exp(...),
//          S = Q K^T / 8.
// Launch:  4 workgroups of one wave (64 lanes); workgroup g owns the 16
//          query rows 16 g .. 16 g + 15 against all 64 keys: 1 x 4 MFMA
//          tiles of 16 x 16 (wave.mma_tile, 4 K steps of 16 each, straight
//          from global memory), accumulated in four vector<4xf32>.
// Shows:   a softmax over the rows of MFMA accumulators without moving
//          them: slot i of lane l holds row 4 (l / 16) + i, column
//          l mod 16 of its tile, so each row lives in one cluster of 16
//          consecutive lanes (a slot of each of the 4 tiles).
//          `wave.fragment_reduce ... dim 1` takes the row maximum and the
//          row sum of exponentials from the kind's layout table: the
//          lane's maximum (sum) over its 4 tiles, then a
//          `wave.reduce ... cluster(size = 16)` a row (4 DPP steps after
//          lowering), with no LDS, no barrier and no readlane loop;
//          `wave.fragment_broadcast` puts each row's value back on its
//          slot. The same shape as the score block of flash attention. The
//          summation order differs from the reference's, so results agree
//          up to f32 rounding.
// Reference: @softmax_mfma_ref, one lane per element of P (64 workgroups,
//          one a query row, of 64 lanes, one a key): every lane computes
//          its row's 64 scores with scalar f32 dot products into a
//          private attribution, then their maximum and sum, with scalar
//          loops.

!in = memref<64x64xf16>
!out = memref<64x64xf32>
!acc = vector<4xf32>
#Q = #wave.fragment<A, f32_16x16x16_f16>
#K = #wave.fragment<B, f32_16x16x16_f16, transposed>
#P = #wave.fragment<acc, f32_16x16x16_f16>
// Tile (g, j) of P, in units of 16 x 16 tiles.
#tile = affine_map<(g, j) -> (g, j)>

gpu.module @softmax_mfma {
  gpu.func @softmax_mfma(%Q: !in, %K: !in, %P: !out) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @softmax_mfma_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant dense<0.0> : !acc
    %scale = arith.constant dense<0.125> : !acc
    %g = gpu.block_id x
    // Scores of the 16 x 64 block, tile j holding keys 16 j .. 16 j + 15.
    %s:4 = wave.mma_tile %Q[%g] fragment #Q, %K[%c0] fragment #K,
        %zero, %zero, %zero, %zero grid [1, 4]
        : !in, !in -> !acc, !acc, !acc, !acc
    %s0 = arith.mulf %s#0, %scale : !acc
    %s1 = arith.mulf %s#1, %scale : !acc
    %s2 = arith.mulf %s#2, %scale : !acc
    %s3 = arith.mulf %s#3, %scale : !acc

    // Row maxima: each row of the 16 x 64 block over its 4 tiles, across
    // the lane's slots and the 16 lanes sharing the row (one value for
    // each of the lane's 4 rows), spread back over the slots.
    %rowmax = wave.fragment_reduce <max> %s0, %s1, %s2, %s3 fragment #P dim 1
        : !acc, !acc, !acc, !acc -> !acc
    %max = wave.fragment_broadcast %rowmax fragment #P dim 1 : !acc -> !acc

    %d0 = arith.subf %s0, %max : !acc
    %d1 = arith.subf %s1, %max : !acc
    %d2 = arith.subf %s2, %max : !acc
    %d3 = arith.subf %s3, %max : !acc
    %e0 = math.exp %d0 : !acc
    %e1 = math.exp %d1 : !acc
    %e2 = math.exp %d2 : !acc
    %e3 = math.exp %d3 : !acc

    // Row sums of the exponentials, the same way.
    %rowsum = wave.fragment_reduce <add> %e0, %e1, %e2, %e3 fragment #P dim 1
        : !acc, !acc, !acc, !acc -> !acc
    %sum = wave.fragment_broadcast %rowsum fragment #P dim 1 : !acc -> !acc

    %p0 = arith.divf %e0, %sum : !acc
    %p1 = arith.divf %e1, %sum : !acc
    %p2 = arith.divf %e2, %sum : !acc
    %p3 = arith.divf %e3, %sum : !acc
    wave.write %p0, %P[%g, %c0] map #tile fragment #P : !acc, !out
    wave.write %p1, %P[%g, %c1] map #tile fragment #P : !acc, !out
    wave.write %p2, %P[%g, %c2] map #tile fragment #P : !acc, !out
    wave.write %p3, %P[%g, %c3] map #tile fragment #P : !acc, !out
    gpu.return
  }

  gpu.func @softmax_mfma_ref(%Q: memref<64x64xf16>, %K: memref<64x64xf16>,
                             %P: memref<64x64xf32>)
      private(%scores: memref<64xf32, #gpu.address_space<private>>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %scale = arith.constant 0.125 : f32
    %minus_inf = arith.constant 0xFF800000 : f32
    %k = gpu.thread_id x
    %q = gpu.block_id x
    scf.for %j = %c0 to %c64 step %c1 {
      %dot = scf.for %d = %c0 to %c64 step %c1 iter_args(%acc = %zero)
          -> (f32) {
        %a = memref.load %Q[%q, %d] : memref<64x64xf16>
        %b = memref.load %K[%j, %d] : memref<64x64xf16>
        %a32 = arith.extf %a : f16 to f32
        %b32 = arith.extf %b : f16 to f32
        %prod = arith.mulf %a32, %b32 : f32
        %next = arith.addf %acc, %prod : f32
        scf.yield %next : f32
      }
      %score = arith.mulf %dot, %scale : f32
      memref.store %score, %scores[%j] : memref<64xf32, #gpu.address_space<private>>
    }
    %max = scf.for %j = %c0 to %c64 step %c1 iter_args(%m = %minus_inf)
        -> (f32) {
      %x = memref.load %scores[%j] : memref<64xf32, #gpu.address_space<private>>
      %next = arith.maximumf %m, %x : f32
      scf.yield %next : f32
    }
    %sum = scf.for %j = %c0 to %c64 step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %scores[%j] : memref<64xf32, #gpu.address_space<private>>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %next = arith.addf %s, %e : f32
      scf.yield %next : f32
    }
    %x = memref.load %scores[%k] : memref<64xf32, #gpu.address_space<private>>
    %d = arith.subf %x, %max : f32
    %e = math.exp %d : f32
    %y = arith.divf %e, %sum : f32
    memref.store %y, %P[%q, %k] : memref<64x64xf32>
    gpu.return
  }
}
