// gemm_mxfp4_256: C = A * B^T in MXFP4 on gfx950's matrix cores at Triton's
// tile: 256 x 256 x 256 on a workgroup of 8 waves. A and B in fp4 (E2M1,
// MLIR's f4E2M1FN) stored two a byte, each block of 32 K elements of a row
// of A (of B^T) with an E8M0 scale (f8E8M0FNU), f32 accumulation and
// output; one v_mfma_scale_f32_32x32x64_f8f6f4 (cbsz:4 blgp:4) a 32 x 32 x 64
// step of an accumulator (kind f32_32x32x64_f4E2M1FN_scaled).
//
// Shapes:  A : memref<256x512xi8> (M x K of fp4, K = 1024, row-major,
//          element 2j of a row in the low 4 bits of byte j), B :
//          memref<256x512xi8> (N x K: B^T, packed as A), SA :
//          memref<256x32xf8E8M0FNU> (scale of A's row m and K block k / 32),
//          SB : memref<256x32xf8E8M0FNU> (of B^T's row n), C :
//          memref<256x256xf32>.
// Launch:  1 workgroup of 512 lanes computing the 256 x 256 C. Its 8 waves
//          (w = thread id / 64) form a 2 x 4 grid (wr, wc); wave (wr, wc)
//          owns the 128 x 64 sub-block at rows 128 wr, columns 64 wc as a
//          4 x 2 grid of 32 x 32 accumulators (vector<16xf32> each).
// Shows:   examples/gemm_mxfp4.mlir at Triton's tile, in 4 K steps of 256
//          fp4 elements (128 bytes, 8 scale blocks) a row; every step
//            1. copies the workgroup's 256 x 128-byte blocks of A and B^T
//               into two LDS tiles, 16 bytes a lane a copy (8 lanes a row);
//            2. waits at a barrier;
//            3. reads each of its fragment rows' 4 scales of the step that
//               its half of the wave takes (4 bytes, no shift: see below);
//            4. runs 4 sub-steps of 64 K: a lane reads 16 bytes (32 fp4) of
//               each of its 4 fragment rows of A and 2 of B from the tiles,
//               bit casts them, and makes 8 scaled MMAs (32 a step);
//            5. waits at a second barrier.
//          The lanes of half h of the wave take K block s + 4 h of the step
//          in sub-step s (the MMA's layout gives a half one block of 32 K
//          elements; which blocks a sub-step pairs is the kernel's choice,
//          as long as A, B and the scales agree): a lane's 4 scales of a
//          step are then 4 consecutive bytes, sub-step s's at byte s, which
//          the lowering hands the MFMA in place (op_sel). The 64-element K
//          blocks of examples/gemm_mxfp4.mlir (blocks 2 s and 2 s + 1) need
//          the upper half's scales shifted a byte first, an instruction a
//          fragment row a step.
//          wave-pipeline-loops issues the next step's copies and scale reads
//          during this step's MMAs and defers the last sub-step's 8 MMAs to
//          the top of the next iteration, ahead of the body's end barrier,
//          in registers (they cover the staging writes, as LDS buffers
//          would); wave-cover-barriers spreads the staging over the MFMAs
//          before the staging barrier; wave-optimize-lds-layout pads the
//          tiles' rows by 16 bytes against bank conflicts. Occupancy 2.
// Reference: @gemm_mxfp4_256_ref, one lane per element of C (16 x 16
//          workgroups of 16 x 16 lanes): each fp4 element unpacked from its
//          byte and decoded to f32 by integer operations (as are the
//          scales), times its block's scale, the products summed in the
//          kernel's order (K steps; in each, sub-steps; in each, the lower
//          half's block, then the upper half's). The scaled products are
//          exact and the MMAs sum them in that order: the results are the
//          same bits.

!in = memref<256x512xi8>
!scales = memref<256x32xf8E8M0FNU>
!out = memref<256x256xf32>
!tile = memref<256x128xi8, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
!bytes = vector<16xi8>
!fp4 = vector<32xf4E2M1FN>
!scale = vector<1xf8E8M0FNU>
!scales4 = vector<4xf8E8M0FNU>
#C = #wave.fragment<acc, f32_32x32x64_f4E2M1FN_scaled>
// Wave (wr, wc)'s accumulator (i, j) of the workgroup's block of C.
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 8 + wr * 4 + i,
                                                bn * 8 + wc * 2 + j)>
// Lane t's 16-byte chunk c of a workgroup's 256 x 128-byte block of A (B^T)
// at K step ks: 8 lanes a row, 64 rows a chunk.
#copy_g = affine_map<(b, ks, c, t) -> (b * 256 + c * 64 + t floordiv 8,
                                       ks * 128 + (t mod 8) * 16)>
#copy_l = affine_map<(c, t) -> (c * 64 + t floordiv 8, (t mod 8) * 16)>
// The LDS bytes lane l reads for fragment row i of wave row (column) w,
// sub-step s: K block s + 4 h of the step for the lanes of half h.
#frag_a = affine_map<(w, i, s, l) -> (w * 128 + i * 32 + l mod 32,
                                      s * 16 + (l floordiv 32) * 64)>
#frag_b = affine_map<(w, i, s, l) -> (w * 64 + i * 32 + l mod 32,
                                      s * 16 + (l floordiv 32) * 64)>
// Byte j of a row in the kernel's summation order (the reference's).
#k_order = affine_map<(j) -> ((j floordiv 128) * 128
                              + ((j mod 128) floordiv 32) * 16
                              + ((j mod 32) floordiv 16) * 64 + j mod 16)>
// The 4 scales of fragment row i in K step ks that the lanes of half h
// take, one a sub-step: blocks 8 ks + 4 h to 8 ks + 4 h + 3.
#srow_a = affine_map<(b, w, i, ks, l) -> (b * 256 + w * 128 + i * 32 + l mod 32,
                                          ks * 8 + (l floordiv 32) * 4)>
#srow_b = affine_map<(b, w, i, ks, l) -> (b * 256 + w * 64 + i * 32 + l mod 32,
                                          ks * 8 + (l floordiv 32) * 4)>

gpu.module @gemm_mxfp4_256 {
  gpu.func @gemm_mxfp4_256(%A: !in, %SA: !scales, %B: !in, %SB: !scales,
                           %C: !out) kernel
      attributes {known_block_size = array<i32: 512, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64,
                                             occupancy = 2>,
                  wave.reference = @gemm_mxfp4_256_ref} {
    %a_tile = wave.alloc_lds : !tile
    %b_tile = wave.alloc_lds : !tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %k_steps = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %t = gpu.thread_id x
    %w = arith.divui %t, %c64 : index
    %l = arith.remui %t, %c64 : index
    %wr = arith.divui %w, %c4 : index
    %wc = arith.remui %w, %c4 : index
    %r:8 = scf.for %ks = %c0 to %k_steps step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc10 = %zero,
                  %acc11 = %zero, %acc20 = %zero, %acc21 = %zero,
                  %acc30 = %zero, %acc31 = %zero)
        -> (!acc, !acc, !acc, !acc, !acc, !acc, !acc, !acc) {
      %ga0 = wave.read %A[%bm, %ks, %c0, %t] map #copy_g : !in -> !bytes
      wave.write %ga0, %a_tile[%c0, %t] map #copy_l : !bytes, !tile
      %gb0 = wave.read %B[%bn, %ks, %c0, %t] map #copy_g : !in -> !bytes
      wave.write %gb0, %b_tile[%c0, %t] map #copy_l : !bytes, !tile
      %ga1 = wave.read %A[%bm, %ks, %c1, %t] map #copy_g : !in -> !bytes
      wave.write %ga1, %a_tile[%c1, %t] map #copy_l : !bytes, !tile
      %gb1 = wave.read %B[%bn, %ks, %c1, %t] map #copy_g : !in -> !bytes
      wave.write %gb1, %b_tile[%c1, %t] map #copy_l : !bytes, !tile
      %ga2 = wave.read %A[%bm, %ks, %c2, %t] map #copy_g : !in -> !bytes
      wave.write %ga2, %a_tile[%c2, %t] map #copy_l : !bytes, !tile
      %gb2 = wave.read %B[%bn, %ks, %c2, %t] map #copy_g : !in -> !bytes
      wave.write %gb2, %b_tile[%c2, %t] map #copy_l : !bytes, !tile
      %ga3 = wave.read %A[%bm, %ks, %c3, %t] map #copy_g : !in -> !bytes
      wave.write %ga3, %a_tile[%c3, %t] map #copy_l : !bytes, !tile
      %gb3 = wave.read %B[%bn, %ks, %c3, %t] map #copy_g : !in -> !bytes
      wave.write %gb3, %b_tile[%c3, %t] map #copy_l : !bytes, !tile
      wave.barrier
      // The step's scales of each of the lane's fragment rows.
      %sa0_v = wave.read %SA[%bm, %wr, %c0, %ks, %l] map #srow_a : !scales -> !scales4
      %sa1_v = wave.read %SA[%bm, %wr, %c1, %ks, %l] map #srow_a : !scales -> !scales4
      %sa2_v = wave.read %SA[%bm, %wr, %c2, %ks, %l] map #srow_a : !scales -> !scales4
      %sa3_v = wave.read %SA[%bm, %wr, %c3, %ks, %l] map #srow_a : !scales -> !scales4
      %sb0_v = wave.read %SB[%bn, %wc, %c0, %ks, %l] map #srow_b : !scales -> !scales4
      %sb1_v = wave.read %SB[%bn, %wc, %c1, %ks, %l] map #srow_b : !scales -> !scales4
      // Sub-step 0: fragment rows of A and of B^T, scales at byte 0.
      %ra0_0b = wave.read %a_tile[%wr, %c0, %c0, %l] map #frag_a : !tile -> !bytes
      %ra0_0 = vector.bitcast %ra0_0b : !bytes to !fp4
      %sa0_0 = vector.extract_strided_slice %sa0_v {offsets = [0], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra1_0b = wave.read %a_tile[%wr, %c1, %c0, %l] map #frag_a : !tile -> !bytes
      %ra1_0 = vector.bitcast %ra1_0b : !bytes to !fp4
      %sa1_0 = vector.extract_strided_slice %sa1_v {offsets = [0], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra2_0b = wave.read %a_tile[%wr, %c2, %c0, %l] map #frag_a : !tile -> !bytes
      %ra2_0 = vector.bitcast %ra2_0b : !bytes to !fp4
      %sa2_0 = vector.extract_strided_slice %sa2_v {offsets = [0], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra3_0b = wave.read %a_tile[%wr, %c3, %c0, %l] map #frag_a : !tile -> !bytes
      %ra3_0 = vector.bitcast %ra3_0b : !bytes to !fp4
      %sa3_0 = vector.extract_strided_slice %sa3_v {offsets = [0], sizes = [1], strides = [1]} : !scales4 to !scale
      %rb0_0b = wave.read %b_tile[%wc, %c0, %c0, %l] map #frag_b : !tile -> !bytes
      %rb0_0 = vector.bitcast %rb0_0b : !bytes to !fp4
      %sb0_0 = vector.extract_strided_slice %sb0_v {offsets = [0], sizes = [1], strides = [1]} : !scales4 to !scale
      %rb1_0b = wave.read %b_tile[%wc, %c1, %c0, %l] map #frag_b : !tile -> !bytes
      %rb1_0 = vector.bitcast %rb1_0b : !bytes to !fp4
      %sb1_0 = vector.extract_strided_slice %sb1_v {offsets = [0], sizes = [1], strides = [1]} : !scales4 to !scale
      %d00_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_0, %rb0_0, %acc00
          scales %sa0_0, %sb0_0 : !fp4, !fp4, !scale, !scale -> !acc
      %d01_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_0, %rb1_0, %acc01
          scales %sa0_0, %sb1_0 : !fp4, !fp4, !scale, !scale -> !acc
      %d10_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_0, %rb0_0, %acc10
          scales %sa1_0, %sb0_0 : !fp4, !fp4, !scale, !scale -> !acc
      %d11_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_0, %rb1_0, %acc11
          scales %sa1_0, %sb1_0 : !fp4, !fp4, !scale, !scale -> !acc
      %d20_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra2_0, %rb0_0, %acc20
          scales %sa2_0, %sb0_0 : !fp4, !fp4, !scale, !scale -> !acc
      %d21_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra2_0, %rb1_0, %acc21
          scales %sa2_0, %sb1_0 : !fp4, !fp4, !scale, !scale -> !acc
      %d30_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra3_0, %rb0_0, %acc30
          scales %sa3_0, %sb0_0 : !fp4, !fp4, !scale, !scale -> !acc
      %d31_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra3_0, %rb1_0, %acc31
          scales %sa3_0, %sb1_0 : !fp4, !fp4, !scale, !scale -> !acc
      // Sub-step 1: fragment rows of A and of B^T, scales at byte 1.
      %ra0_1b = wave.read %a_tile[%wr, %c0, %c1, %l] map #frag_a : !tile -> !bytes
      %ra0_1 = vector.bitcast %ra0_1b : !bytes to !fp4
      %sa0_1 = vector.extract_strided_slice %sa0_v {offsets = [1], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra1_1b = wave.read %a_tile[%wr, %c1, %c1, %l] map #frag_a : !tile -> !bytes
      %ra1_1 = vector.bitcast %ra1_1b : !bytes to !fp4
      %sa1_1 = vector.extract_strided_slice %sa1_v {offsets = [1], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra2_1b = wave.read %a_tile[%wr, %c2, %c1, %l] map #frag_a : !tile -> !bytes
      %ra2_1 = vector.bitcast %ra2_1b : !bytes to !fp4
      %sa2_1 = vector.extract_strided_slice %sa2_v {offsets = [1], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra3_1b = wave.read %a_tile[%wr, %c3, %c1, %l] map #frag_a : !tile -> !bytes
      %ra3_1 = vector.bitcast %ra3_1b : !bytes to !fp4
      %sa3_1 = vector.extract_strided_slice %sa3_v {offsets = [1], sizes = [1], strides = [1]} : !scales4 to !scale
      %rb0_1b = wave.read %b_tile[%wc, %c0, %c1, %l] map #frag_b : !tile -> !bytes
      %rb0_1 = vector.bitcast %rb0_1b : !bytes to !fp4
      %sb0_1 = vector.extract_strided_slice %sb0_v {offsets = [1], sizes = [1], strides = [1]} : !scales4 to !scale
      %rb1_1b = wave.read %b_tile[%wc, %c1, %c1, %l] map #frag_b : !tile -> !bytes
      %rb1_1 = vector.bitcast %rb1_1b : !bytes to !fp4
      %sb1_1 = vector.extract_strided_slice %sb1_v {offsets = [1], sizes = [1], strides = [1]} : !scales4 to !scale
      %d00_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_1, %rb0_1, %d00_0
          scales %sa0_1, %sb0_1 : !fp4, !fp4, !scale, !scale -> !acc
      %d01_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_1, %rb1_1, %d01_0
          scales %sa0_1, %sb1_1 : !fp4, !fp4, !scale, !scale -> !acc
      %d10_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_1, %rb0_1, %d10_0
          scales %sa1_1, %sb0_1 : !fp4, !fp4, !scale, !scale -> !acc
      %d11_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_1, %rb1_1, %d11_0
          scales %sa1_1, %sb1_1 : !fp4, !fp4, !scale, !scale -> !acc
      %d20_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra2_1, %rb0_1, %d20_0
          scales %sa2_1, %sb0_1 : !fp4, !fp4, !scale, !scale -> !acc
      %d21_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra2_1, %rb1_1, %d21_0
          scales %sa2_1, %sb1_1 : !fp4, !fp4, !scale, !scale -> !acc
      %d30_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra3_1, %rb0_1, %d30_0
          scales %sa3_1, %sb0_1 : !fp4, !fp4, !scale, !scale -> !acc
      %d31_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra3_1, %rb1_1, %d31_0
          scales %sa3_1, %sb1_1 : !fp4, !fp4, !scale, !scale -> !acc
      // Sub-step 2: fragment rows of A and of B^T, scales at byte 2.
      %ra0_2b = wave.read %a_tile[%wr, %c0, %c2, %l] map #frag_a : !tile -> !bytes
      %ra0_2 = vector.bitcast %ra0_2b : !bytes to !fp4
      %sa0_2 = vector.extract_strided_slice %sa0_v {offsets = [2], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra1_2b = wave.read %a_tile[%wr, %c1, %c2, %l] map #frag_a : !tile -> !bytes
      %ra1_2 = vector.bitcast %ra1_2b : !bytes to !fp4
      %sa1_2 = vector.extract_strided_slice %sa1_v {offsets = [2], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra2_2b = wave.read %a_tile[%wr, %c2, %c2, %l] map #frag_a : !tile -> !bytes
      %ra2_2 = vector.bitcast %ra2_2b : !bytes to !fp4
      %sa2_2 = vector.extract_strided_slice %sa2_v {offsets = [2], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra3_2b = wave.read %a_tile[%wr, %c3, %c2, %l] map #frag_a : !tile -> !bytes
      %ra3_2 = vector.bitcast %ra3_2b : !bytes to !fp4
      %sa3_2 = vector.extract_strided_slice %sa3_v {offsets = [2], sizes = [1], strides = [1]} : !scales4 to !scale
      %rb0_2b = wave.read %b_tile[%wc, %c0, %c2, %l] map #frag_b : !tile -> !bytes
      %rb0_2 = vector.bitcast %rb0_2b : !bytes to !fp4
      %sb0_2 = vector.extract_strided_slice %sb0_v {offsets = [2], sizes = [1], strides = [1]} : !scales4 to !scale
      %rb1_2b = wave.read %b_tile[%wc, %c1, %c2, %l] map #frag_b : !tile -> !bytes
      %rb1_2 = vector.bitcast %rb1_2b : !bytes to !fp4
      %sb1_2 = vector.extract_strided_slice %sb1_v {offsets = [2], sizes = [1], strides = [1]} : !scales4 to !scale
      %d00_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_2, %rb0_2, %d00_1
          scales %sa0_2, %sb0_2 : !fp4, !fp4, !scale, !scale -> !acc
      %d01_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_2, %rb1_2, %d01_1
          scales %sa0_2, %sb1_2 : !fp4, !fp4, !scale, !scale -> !acc
      %d10_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_2, %rb0_2, %d10_1
          scales %sa1_2, %sb0_2 : !fp4, !fp4, !scale, !scale -> !acc
      %d11_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_2, %rb1_2, %d11_1
          scales %sa1_2, %sb1_2 : !fp4, !fp4, !scale, !scale -> !acc
      %d20_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra2_2, %rb0_2, %d20_1
          scales %sa2_2, %sb0_2 : !fp4, !fp4, !scale, !scale -> !acc
      %d21_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra2_2, %rb1_2, %d21_1
          scales %sa2_2, %sb1_2 : !fp4, !fp4, !scale, !scale -> !acc
      %d30_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra3_2, %rb0_2, %d30_1
          scales %sa3_2, %sb0_2 : !fp4, !fp4, !scale, !scale -> !acc
      %d31_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra3_2, %rb1_2, %d31_1
          scales %sa3_2, %sb1_2 : !fp4, !fp4, !scale, !scale -> !acc
      // Sub-step 3: fragment rows of A and of B^T, scales at byte 3.
      %ra0_3b = wave.read %a_tile[%wr, %c0, %c3, %l] map #frag_a : !tile -> !bytes
      %ra0_3 = vector.bitcast %ra0_3b : !bytes to !fp4
      %sa0_3 = vector.extract_strided_slice %sa0_v {offsets = [3], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra1_3b = wave.read %a_tile[%wr, %c1, %c3, %l] map #frag_a : !tile -> !bytes
      %ra1_3 = vector.bitcast %ra1_3b : !bytes to !fp4
      %sa1_3 = vector.extract_strided_slice %sa1_v {offsets = [3], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra2_3b = wave.read %a_tile[%wr, %c2, %c3, %l] map #frag_a : !tile -> !bytes
      %ra2_3 = vector.bitcast %ra2_3b : !bytes to !fp4
      %sa2_3 = vector.extract_strided_slice %sa2_v {offsets = [3], sizes = [1], strides = [1]} : !scales4 to !scale
      %ra3_3b = wave.read %a_tile[%wr, %c3, %c3, %l] map #frag_a : !tile -> !bytes
      %ra3_3 = vector.bitcast %ra3_3b : !bytes to !fp4
      %sa3_3 = vector.extract_strided_slice %sa3_v {offsets = [3], sizes = [1], strides = [1]} : !scales4 to !scale
      %rb0_3b = wave.read %b_tile[%wc, %c0, %c3, %l] map #frag_b : !tile -> !bytes
      %rb0_3 = vector.bitcast %rb0_3b : !bytes to !fp4
      %sb0_3 = vector.extract_strided_slice %sb0_v {offsets = [3], sizes = [1], strides = [1]} : !scales4 to !scale
      %rb1_3b = wave.read %b_tile[%wc, %c1, %c3, %l] map #frag_b : !tile -> !bytes
      %rb1_3 = vector.bitcast %rb1_3b : !bytes to !fp4
      %sb1_3 = vector.extract_strided_slice %sb1_v {offsets = [3], sizes = [1], strides = [1]} : !scales4 to !scale
      %d00_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_3, %rb0_3, %d00_2
          scales %sa0_3, %sb0_3 : !fp4, !fp4, !scale, !scale -> !acc
      %d01_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_3, %rb1_3, %d01_2
          scales %sa0_3, %sb1_3 : !fp4, !fp4, !scale, !scale -> !acc
      %d10_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_3, %rb0_3, %d10_2
          scales %sa1_3, %sb0_3 : !fp4, !fp4, !scale, !scale -> !acc
      %d11_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_3, %rb1_3, %d11_2
          scales %sa1_3, %sb1_3 : !fp4, !fp4, !scale, !scale -> !acc
      %d20_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra2_3, %rb0_3, %d20_2
          scales %sa2_3, %sb0_3 : !fp4, !fp4, !scale, !scale -> !acc
      %d21_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra2_3, %rb1_3, %d21_2
          scales %sa2_3, %sb1_3 : !fp4, !fp4, !scale, !scale -> !acc
      %d30_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra3_3, %rb0_3, %d30_2
          scales %sa3_3, %sb0_3 : !fp4, !fp4, !scale, !scale -> !acc
      %d31_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra3_3, %rb1_3, %d31_2
          scales %sa3_3, %sb1_3 : !fp4, !fp4, !scale, !scale -> !acc
      wave.barrier
      scf.yield %d00_3, %d01_3, %d10_3, %d11_3, %d20_3, %d21_3, %d30_3, %d31_3
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

  gpu.func @gemm_mxfp4_256_ref(%A: !in, %SA: !scales, %B: !in, %SB: !scales,
                           %C: !out) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 16, 16, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %k_bytes = arith.constant 512 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    // An fp4 code's magnitude (its low 3 bits: exponent e of bias 1, then
    // mantissa f) is the f32 of exponent field e + 126 and mantissa f, or
    // 0.5 f where e = 0 (the subnormal); bit 3 is the sign.
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c22_i32 = arith.constant 22 : i32
    %c126_i32 = arith.constant 126 : i32
    %half_bits = arith.constant 0x3f000000 : i32
    %c4_i8 = arith.constant 4 : i8
    %c7_i8 = arith.constant 7 : i8
    %c8_i8 = arith.constant 8 : i8
    %c0_i8 = arith.constant 0 : i8
    %c23_i32 = arith.constant 23 : i32
    // Byte j holds K elements 2j (low 4 bits) and 2j + 1, of block j / 16.
    // An E8M0 scale s is 2^(s - 127): the f32 of exponent field s (for s
    // from 1 to 254, which the inputs draw).
    %dot = scf.for %j = %c0 to %k_bytes step %c1 iter_args(%acc = %zero) -> (f32) {
      // Byte j of the kernel's summation order: K steps of 128 bytes, in
      // each 4 sub-steps, in each the lower half's block (s), then the
      // upper half's (s + 4), 16 bytes a block.
      %jp = affine.apply #k_order(%j)
      %block = arith.divui %jp, %c16 : index
      %sa8 = memref.load %SA[%row, %block] : !scales
      %sai = arith.bitcast %sa8 : f8E8M0FNU to i8
      %sa32 = arith.extui %sai : i8 to i32
      %sabits = arith.shli %sa32, %c23_i32 : i32
      %sa = arith.bitcast %sabits : i32 to f32
      %sb8 = memref.load %SB[%col, %block] : !scales
      %sbi = arith.bitcast %sb8 : f8E8M0FNU to i8
      %sb32 = arith.extui %sbi : i8 to i32
      %sbbits = arith.shli %sb32, %c23_i32 : i32
      %sb = arith.bitcast %sbbits : i32 to f32
      %abyte = memref.load %A[%row, %jp] : !in
      %bbyte = memref.load %B[%col, %jp] : !in
      %ahigh = arith.shrui %abyte, %c4_i8 : i8
      %bhigh = arith.shrui %bbyte, %c4_i8 : i8
      %a0_c8 = arith.andi %abyte, %c7_i8 : i8
      %a0_c = arith.extui %a0_c8 : i8 to i32
      %a0_e = arith.shrui %a0_c, %c1_i32 : i32
      %a0_f = arith.andi %a0_c, %c1_i32 : i32
      %a0_eb = arith.addi %a0_e, %c126_i32 : i32
      %a0_ef = arith.shli %a0_eb, %c23_i32 : i32
      %a0_ff = arith.shli %a0_f, %c22_i32 : i32
      %a0_nb = arith.ori %a0_ef, %a0_ff : i32
      %a0_sub = arith.muli %a0_f, %half_bits : i32
      %a0_z = arith.cmpi eq, %a0_e, %c0_i32 : i32
      %a0_bits = arith.select %a0_z, %a0_sub, %a0_nb : i32
      %a0_m = arith.bitcast %a0_bits : i32 to f32
      %a0_sb = arith.andi %abyte, %c8_i8 : i8
      %a0_neg = arith.cmpi ne, %a0_sb, %c0_i8 : i8
      %a0_n = arith.negf %a0_m : f32
      %a0 = arith.select %a0_neg, %a0_n, %a0_m : f32
      %b0_c8 = arith.andi %bbyte, %c7_i8 : i8
      %b0_c = arith.extui %b0_c8 : i8 to i32
      %b0_e = arith.shrui %b0_c, %c1_i32 : i32
      %b0_f = arith.andi %b0_c, %c1_i32 : i32
      %b0_eb = arith.addi %b0_e, %c126_i32 : i32
      %b0_ef = arith.shli %b0_eb, %c23_i32 : i32
      %b0_ff = arith.shli %b0_f, %c22_i32 : i32
      %b0_nb = arith.ori %b0_ef, %b0_ff : i32
      %b0_sub = arith.muli %b0_f, %half_bits : i32
      %b0_z = arith.cmpi eq, %b0_e, %c0_i32 : i32
      %b0_bits = arith.select %b0_z, %b0_sub, %b0_nb : i32
      %b0_m = arith.bitcast %b0_bits : i32 to f32
      %b0_sb = arith.andi %bbyte, %c8_i8 : i8
      %b0_neg = arith.cmpi ne, %b0_sb, %c0_i8 : i8
      %b0_n = arith.negf %b0_m : f32
      %b0 = arith.select %b0_neg, %b0_n, %b0_m : f32
      %a1_c8 = arith.andi %ahigh, %c7_i8 : i8
      %a1_c = arith.extui %a1_c8 : i8 to i32
      %a1_e = arith.shrui %a1_c, %c1_i32 : i32
      %a1_f = arith.andi %a1_c, %c1_i32 : i32
      %a1_eb = arith.addi %a1_e, %c126_i32 : i32
      %a1_ef = arith.shli %a1_eb, %c23_i32 : i32
      %a1_ff = arith.shli %a1_f, %c22_i32 : i32
      %a1_nb = arith.ori %a1_ef, %a1_ff : i32
      %a1_sub = arith.muli %a1_f, %half_bits : i32
      %a1_z = arith.cmpi eq, %a1_e, %c0_i32 : i32
      %a1_bits = arith.select %a1_z, %a1_sub, %a1_nb : i32
      %a1_m = arith.bitcast %a1_bits : i32 to f32
      %a1_sb = arith.andi %ahigh, %c8_i8 : i8
      %a1_neg = arith.cmpi ne, %a1_sb, %c0_i8 : i8
      %a1_n = arith.negf %a1_m : f32
      %a1 = arith.select %a1_neg, %a1_n, %a1_m : f32
      %b1_c8 = arith.andi %bhigh, %c7_i8 : i8
      %b1_c = arith.extui %b1_c8 : i8 to i32
      %b1_e = arith.shrui %b1_c, %c1_i32 : i32
      %b1_f = arith.andi %b1_c, %c1_i32 : i32
      %b1_eb = arith.addi %b1_e, %c126_i32 : i32
      %b1_ef = arith.shli %b1_eb, %c23_i32 : i32
      %b1_ff = arith.shli %b1_f, %c22_i32 : i32
      %b1_nb = arith.ori %b1_ef, %b1_ff : i32
      %b1_sub = arith.muli %b1_f, %half_bits : i32
      %b1_z = arith.cmpi eq, %b1_e, %c0_i32 : i32
      %b1_bits = arith.select %b1_z, %b1_sub, %b1_nb : i32
      %b1_m = arith.bitcast %b1_bits : i32 to f32
      %b1_sb = arith.andi %bhigh, %c8_i8 : i8
      %b1_neg = arith.cmpi ne, %b1_sb, %c0_i8 : i8
      %b1_n = arith.negf %b1_m : f32
      %b1 = arith.select %b1_neg, %b1_n, %b1_m : f32
      %a0s = arith.mulf %a0, %sa : f32
      %b0s = arith.mulf %b0, %sb : f32
      %a1s = arith.mulf %a1, %sa : f32
      %b1s = arith.mulf %b1, %sb : f32
      %p0 = arith.mulf %a0s, %b0s : f32
      %s0 = arith.addf %acc, %p0 : f32
      %p1 = arith.mulf %a1s, %b1s : f32
      %s1 = arith.addf %s0, %p1 : f32
      scf.yield %s1 : f32
    }
    memref.store %dot, %C[%row, %col] : !out
    gpu.return
  }
}

