// subgroup_mma: D = max(A B + C, 0), written with upstream's subgroup matrix
// ops (gpu.subgroup_mma_load_matrix, _compute, _store_matrix,
// _constant_matrix, _elementwise) as an MLIR user writes them for any GPU;
// wave-convert-subgroup-mma lowers them to the chip's MMA kind
// (f32_16x16x16_f16 on gfx942: v_mfma_f32_16x16x16_f16).
//
// Shapes:  A : memref<64x64xf16>, B : memref<64x64xf16>,
//          C, D : memref<64x64xf32>,
//          D[i][j] = max(sum_k A[i][k] B[k][j] + C[i][j], 0).
// Launch:  1 workgroup of 4 waves (256 lanes); wave w (gpu.subgroup_id)
//          owns the 32 x 32 block (w / 2, w mod 2) of D: 2 x 2 matrices of
//          16 x 16 accumulated over a K loop of 4 steps of 16, carried by
//          scf.for as !gpu.mma_matrix values, each starting from C.
// Shows:   upstream's opaque !gpu.mma_matrix as the lanes of an MMA kind:
//          each 16 x 16 f16 operand becomes vector<4xf16> a lane (one
//          8-byte read), each f32 accumulator vector<4xf32> (a run of 4
//          rows, read and written `along 0`); the ReLU is
//          gpu.subgroup_mma_elementwise maxf against a constant matrix,
//          arith.maximumf on the lane's vector. The summation order differs
//          from the reference's, so results agree up to f32 rounding.
// Reference: @subgroup_mma_ref, one lane per element of D (64 workgroups,
//          one a row, of 64 lanes, one a column): a scalar f32 dot product.

!a = !gpu.mma_matrix<16x16xf16, "AOp">
!b = !gpu.mma_matrix<16x16xf16, "BOp">
!c = !gpu.mma_matrix<16x16xf32, "COp">
!in = memref<64x64xf16>
!out = memref<64x64xf32>

gpu.module @subgroup_mma {
  gpu.func @subgroup_mma(%A: !in, %B: !in, %C: !out, %D: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @subgroup_mma_ref} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    // The wave's 32 x 32 block of D: rows %r0, %r1, columns %s0, %s1.
    %w = gpu.subgroup_id : index
    %wr = arith.divui %w, %c2 : index
    %wc = arith.remui %w, %c2 : index
    %r0 = arith.muli %wr, %c32 : index
    %s0 = arith.muli %wc, %c32 : index
    %r1 = arith.addi %r0, %c16 : index
    %s1 = arith.addi %s0, %c16 : index
    %c00 = gpu.subgroup_mma_load_matrix %C[%r0, %s0] {leadDimension = 64 : index} : !out -> !c
    %c01 = gpu.subgroup_mma_load_matrix %C[%r0, %s1] {leadDimension = 64 : index} : !out -> !c
    %c10 = gpu.subgroup_mma_load_matrix %C[%r1, %s0] {leadDimension = 64 : index} : !out -> !c
    %c11 = gpu.subgroup_mma_load_matrix %C[%r1, %s1] {leadDimension = 64 : index} : !out -> !c
    %d:4 = scf.for %k = %c0 to %c64 step %c16
        iter_args(%d00 = %c00, %d01 = %c01, %d10 = %c10, %d11 = %c11)
        -> (!c, !c, !c, !c) {
      %a0 = gpu.subgroup_mma_load_matrix %A[%r0, %k] {leadDimension = 64 : index} : !in -> !a
      %a1 = gpu.subgroup_mma_load_matrix %A[%r1, %k] {leadDimension = 64 : index} : !in -> !a
      %b0 = gpu.subgroup_mma_load_matrix %B[%k, %s0] {leadDimension = 64 : index} : !in -> !b
      %b1 = gpu.subgroup_mma_load_matrix %B[%k, %s1] {leadDimension = 64 : index} : !in -> !b
      %e00 = gpu.subgroup_mma_compute %a0, %b0, %d00 : !a, !b -> !c
      %e01 = gpu.subgroup_mma_compute %a0, %b1, %d01 : !a, !b -> !c
      %e10 = gpu.subgroup_mma_compute %a1, %b0, %d10 : !a, !b -> !c
      %e11 = gpu.subgroup_mma_compute %a1, %b1, %d11 : !a, !b -> !c
      scf.yield %e00, %e01, %e10, %e11 : !c, !c, !c, !c
    }
    %zeros = gpu.subgroup_mma_constant_matrix %zero : !c
    %y00 = gpu.subgroup_mma_elementwise maxf %d#0, %zeros : (!c, !c) -> !c
    %y01 = gpu.subgroup_mma_elementwise maxf %d#1, %zeros : (!c, !c) -> !c
    %y10 = gpu.subgroup_mma_elementwise maxf %d#2, %zeros : (!c, !c) -> !c
    %y11 = gpu.subgroup_mma_elementwise maxf %d#3, %zeros : (!c, !c) -> !c
    gpu.subgroup_mma_store_matrix %y00, %D[%r0, %s0] {leadDimension = 64 : index} : !c, !out
    gpu.subgroup_mma_store_matrix %y01, %D[%r0, %s1] {leadDimension = 64 : index} : !c, !out
    gpu.subgroup_mma_store_matrix %y10, %D[%r1, %s0] {leadDimension = 64 : index} : !c, !out
    gpu.subgroup_mma_store_matrix %y11, %D[%r1, %s1] {leadDimension = 64 : index} : !c, !out
    gpu.return
  }

  gpu.func @subgroup_mma_ref(%A: !in, %B: !in, %C: !out, %D: !out) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %j = gpu.thread_id x
    %i = gpu.block_id x
    %c = memref.load %C[%i, %j] : !out
    %dot = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %c) -> (f32) {
      %a = memref.load %A[%i, %k] : !in
      %b = memref.load %B[%k, %j] : !in
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %prod = arith.mulf %a32, %b32 : f32
      %next = arith.addf %acc, %prod : f32
      scf.yield %next : f32
    }
    %y = arith.maximumf %dot, %zero : f32
    memref.store %y, %D[%i, %j] : !out
    gpu.return
  }
}
