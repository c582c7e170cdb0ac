// gemm_mxfp4: C = A * B^T in MXFP4 on gfx950's matrix cores: A and B in fp4
// (E2M1, MLIR's f4E2M1FN) stored two a byte, each block of 32 K elements of
// a row of A (of B^T) with an E8M0 scale (f8E8M0FNU), f32 accumulation and
// output; one v_mfma_scale_f32_32x32x64_f8f6f4 (cbsz:4 blgp:4) a 32 x 32 x 64
// step of an accumulator (kind f32_32x32x64_f4E2M1FN_scaled).
//
// Shapes:  A : memref<128x1024xi8> (M x K of fp4, K = 2048, row-major,
//          element 2j of a row in the low 4 bits of byte j), B :
//          memref<128x1024xi8> (N x K: B^T, packed as A), SA :
//          memref<128x64xf8E8M0FNU> (scale of A's row m and K block k / 32),
//          SB : memref<128x64xf8E8M0FNU> (of B^T's row n), C :
//          memref<128x128xf32>.
// Launch:  1 workgroup of 256 lanes computing the 128 x 128 C. Its 4 waves
//          (w = thread id / 64) form a 2 x 2 grid (wr, wc); wave (wr, wc)
//          owns the 64 x 64 sub-block at rows 64 wr, columns 64 wc as a
//          2 x 2 grid of 32 x 32 accumulators (vector<16xf32> each).
// Shows:   an MXFP4 K loop staged through LDS, in 8 K steps of 256 fp4
//          elements (128 bytes, 8 scale blocks) a row; every step
//            1. copies the workgroup's 128 x 128-byte blocks of A and B^T
//               into two LDS tiles, 16 bytes a lane a copy (8 lanes a row);
//            2. waits at a barrier;
//            3. reads each of its rows' 8 scales of the step at once (8
//               bytes, the same for both halves of the wave) and shifts
//               them right by a byte in the upper half, whose lanes hold
//               the odd K blocks: the scale of sub-step s is then byte 2 s;
//            4. runs 4 sub-steps of 64 K: a lane reads 16 bytes (32 fp4) of
//               each of its 2 fragment rows of A and of B from the tiles,
//               bit casts them, and makes 4 scaled MMAs (16 a step);
//            5. waits at a second barrier.
//          wave-pipeline-loops issues the next step's copies and scale reads
//          during this step's MMAs (the scales are carried in registers like
//          the staged bytes) and defers the last sub-step's MMAs to the next
//          iteration; wave-optimize-lds-layout pads the tiles' rows by 16
//          bytes against bank conflicts; the lowering hands each MMA its
//          scale as the aligned 4 bytes holding it, op_sel naming the byte.
//          The kernel asks for occupancy 3, whose budget holds the
//          prefetched operands. Lane l holds fragment row l mod 32 and K
//          block l floordiv 32 of the sub-step, the kind's layout.
// Reference: @gemm_mxfp4_ref, one lane per element of C (8 x 8 workgroups
//          of 16 x 16 lanes): each fp4 element unpacked from its byte and
//          decoded to f32 by integer operations (as are the scales), times
//          its block's scale, the products summed in K order. The scaled
//          products are exact and the MMAs sum them in the same order (K
//          order within an MMA, the MMAs in K order): the results are the
//          same bits.

!in = memref<128x1024xi8>
!scales = memref<128x64xf8E8M0FNU>
!out = memref<128x128xf32>
!tile = memref<128x128xi8, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
!bytes = vector<16xi8>
!fp4 = vector<32xf4E2M1FN>
!scale = vector<1xf8E8M0FNU>
!scale8 = vector<8xf8E8M0FNU>
#C = #wave.fragment<acc, f32_32x32x64_f4E2M1FN_scaled>
// Wave (wr, wc)'s accumulator (i, j) of the workgroup's block of C.
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 4 + wr * 2 + i,
                                                bn * 4 + wc * 2 + j)>
// Lane t's 16-byte chunk c of a workgroup's 128 x 128-byte block of A (B^T)
// at K step ks: 8 lanes a row.
#copy_g = affine_map<(b, ks, c, t) -> (b * 128 + c * 32 + t floordiv 8,
                                       ks * 128 + (t mod 8) * 16)>
#copy_l = affine_map<(c, t) -> (c * 32 + t floordiv 8, (t mod 8) * 16)>
// The LDS bytes lane l reads for fragment row i of wave row w, sub-step s.
#frag = affine_map<(w, i, s, l) -> (w * 64 + i * 32 + l mod 32,
                                    s * 32 + (l floordiv 32) * 16)>
// The 8 scales of a row in K step ks (blocks 8 ks .. 8 ks + 7).
#srow = affine_map<(b, w, i, ks, l) -> (b * 128 + w * 64 + i * 32 + l mod 32,
                                        ks * 8)>

gpu.module @gemm_mxfp4 {
  gpu.func @gemm_mxfp4(%A: !in, %SA: !scales, %B: !in, %SB: !scales,
                       %C: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64,
                                             occupancy = 3>,
                  wave.reference = @gemm_mxfp4_ref} {
    %a_tile = wave.alloc_lds : !tile
    %b_tile = wave.alloc_lds : !tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %t = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %w = arith.divui %t, %c64 : index
    %l = arith.remui %t, %c64 : index
    %wr = arith.divui %w, %c2 : index
    %wc = arith.remui %w, %c2 : index
    // The upper half's scales one byte right: its K blocks are the odd ones.
    %h = arith.divui %l, %c32 : index
    %h64 = arith.index_cast %h : index to i64
    %c8_i64 = arith.constant 8 : i64
    %shift = arith.muli %h64, %c8_i64 : i64
    %shiftv = vector.broadcast %shift : i64 to vector<1xi64>
    %r:4 = scf.for %ks = %c0 to %c8 step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc10 = %zero,
                  %acc11 = %zero) -> (!acc, !acc, !acc, !acc) {
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
      // Step ks's 8 scales of each of the lane's rows.
      %sa0_8 = wave.read %SA[%bm, %wr, %c0, %ks, %l] map #srow : !scales -> !scale8
      %sa0_i = vector.bitcast %sa0_8 : !scale8 to vector<1xi64>
      %sa0_s = arith.shrui %sa0_i, %shiftv : vector<1xi64>
      %sa0_v = vector.bitcast %sa0_s : vector<1xi64> to !scale8
      %sa1_8 = wave.read %SA[%bm, %wr, %c1, %ks, %l] map #srow : !scales -> !scale8
      %sa1_i = vector.bitcast %sa1_8 : !scale8 to vector<1xi64>
      %sa1_s = arith.shrui %sa1_i, %shiftv : vector<1xi64>
      %sa1_v = vector.bitcast %sa1_s : vector<1xi64> to !scale8
      %sb0_8 = wave.read %SB[%bn, %wc, %c0, %ks, %l] map #srow : !scales -> !scale8
      %sb0_i = vector.bitcast %sb0_8 : !scale8 to vector<1xi64>
      %sb0_s = arith.shrui %sb0_i, %shiftv : vector<1xi64>
      %sb0_v = vector.bitcast %sb0_s : vector<1xi64> to !scale8
      %sb1_8 = wave.read %SB[%bn, %wc, %c1, %ks, %l] map #srow : !scales -> !scale8
      %sb1_i = vector.bitcast %sb1_8 : !scale8 to vector<1xi64>
      %sb1_s = arith.shrui %sb1_i, %shiftv : vector<1xi64>
      %sb1_v = vector.bitcast %sb1_s : vector<1xi64> to !scale8
      // Sub-step s: fragment rows i of A and of B^T, scales at byte 2 s.
      %ra0_0b = wave.read %a_tile[%wr, %c0, %c0, %l] map #frag : !tile -> !bytes
      %ra0_0 = vector.bitcast %ra0_0b : !bytes to !fp4
      %rb0_0b = wave.read %b_tile[%wc, %c0, %c0, %l] map #frag : !tile -> !bytes
      %rb0_0 = vector.bitcast %rb0_0b : !bytes to !fp4
      %sa0_0 = vector.extract_strided_slice %sa0_v {offsets = [0], sizes = [1], strides = [1]} : !scale8 to !scale
      %sb0_0 = vector.extract_strided_slice %sb0_v {offsets = [0], sizes = [1], strides = [1]} : !scale8 to !scale
      %ra1_0b = wave.read %a_tile[%wr, %c1, %c0, %l] map #frag : !tile -> !bytes
      %ra1_0 = vector.bitcast %ra1_0b : !bytes to !fp4
      %rb1_0b = wave.read %b_tile[%wc, %c1, %c0, %l] map #frag : !tile -> !bytes
      %rb1_0 = vector.bitcast %rb1_0b : !bytes to !fp4
      %sa1_0 = vector.extract_strided_slice %sa1_v {offsets = [0], sizes = [1], strides = [1]} : !scale8 to !scale
      %sb1_0 = vector.extract_strided_slice %sb1_v {offsets = [0], sizes = [1], strides = [1]} : !scale8 to !scale
      %d00_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_0, %rb0_0, %acc00
          scales %sa0_0, %sb0_0 : !fp4, !fp4, !scale, !scale -> !acc
      %d01_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_0, %rb1_0, %acc01
          scales %sa0_0, %sb1_0 : !fp4, !fp4, !scale, !scale -> !acc
      %d10_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_0, %rb0_0, %acc10
          scales %sa1_0, %sb0_0 : !fp4, !fp4, !scale, !scale -> !acc
      %d11_0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_0, %rb1_0, %acc11
          scales %sa1_0, %sb1_0 : !fp4, !fp4, !scale, !scale -> !acc
      %ra0_1b = wave.read %a_tile[%wr, %c0, %c1, %l] map #frag : !tile -> !bytes
      %ra0_1 = vector.bitcast %ra0_1b : !bytes to !fp4
      %rb0_1b = wave.read %b_tile[%wc, %c0, %c1, %l] map #frag : !tile -> !bytes
      %rb0_1 = vector.bitcast %rb0_1b : !bytes to !fp4
      %sa0_1 = vector.extract_strided_slice %sa0_v {offsets = [2], sizes = [1], strides = [1]} : !scale8 to !scale
      %sb0_1 = vector.extract_strided_slice %sb0_v {offsets = [2], sizes = [1], strides = [1]} : !scale8 to !scale
      %ra1_1b = wave.read %a_tile[%wr, %c1, %c1, %l] map #frag : !tile -> !bytes
      %ra1_1 = vector.bitcast %ra1_1b : !bytes to !fp4
      %rb1_1b = wave.read %b_tile[%wc, %c1, %c1, %l] map #frag : !tile -> !bytes
      %rb1_1 = vector.bitcast %rb1_1b : !bytes to !fp4
      %sa1_1 = vector.extract_strided_slice %sa1_v {offsets = [2], sizes = [1], strides = [1]} : !scale8 to !scale
      %sb1_1 = vector.extract_strided_slice %sb1_v {offsets = [2], sizes = [1], strides = [1]} : !scale8 to !scale
      %d00_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_1, %rb0_1, %d00_0
          scales %sa0_1, %sb0_1 : !fp4, !fp4, !scale, !scale -> !acc
      %d01_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_1, %rb1_1, %d01_0
          scales %sa0_1, %sb1_1 : !fp4, !fp4, !scale, !scale -> !acc
      %d10_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_1, %rb0_1, %d10_0
          scales %sa1_1, %sb0_1 : !fp4, !fp4, !scale, !scale -> !acc
      %d11_1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_1, %rb1_1, %d11_0
          scales %sa1_1, %sb1_1 : !fp4, !fp4, !scale, !scale -> !acc
      %ra0_2b = wave.read %a_tile[%wr, %c0, %c2, %l] map #frag : !tile -> !bytes
      %ra0_2 = vector.bitcast %ra0_2b : !bytes to !fp4
      %rb0_2b = wave.read %b_tile[%wc, %c0, %c2, %l] map #frag : !tile -> !bytes
      %rb0_2 = vector.bitcast %rb0_2b : !bytes to !fp4
      %sa0_2 = vector.extract_strided_slice %sa0_v {offsets = [4], sizes = [1], strides = [1]} : !scale8 to !scale
      %sb0_2 = vector.extract_strided_slice %sb0_v {offsets = [4], sizes = [1], strides = [1]} : !scale8 to !scale
      %ra1_2b = wave.read %a_tile[%wr, %c1, %c2, %l] map #frag : !tile -> !bytes
      %ra1_2 = vector.bitcast %ra1_2b : !bytes to !fp4
      %rb1_2b = wave.read %b_tile[%wc, %c1, %c2, %l] map #frag : !tile -> !bytes
      %rb1_2 = vector.bitcast %rb1_2b : !bytes to !fp4
      %sa1_2 = vector.extract_strided_slice %sa1_v {offsets = [4], sizes = [1], strides = [1]} : !scale8 to !scale
      %sb1_2 = vector.extract_strided_slice %sb1_v {offsets = [4], sizes = [1], strides = [1]} : !scale8 to !scale
      %d00_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_2, %rb0_2, %d00_1
          scales %sa0_2, %sb0_2 : !fp4, !fp4, !scale, !scale -> !acc
      %d01_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_2, %rb1_2, %d01_1
          scales %sa0_2, %sb1_2 : !fp4, !fp4, !scale, !scale -> !acc
      %d10_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_2, %rb0_2, %d10_1
          scales %sa1_2, %sb0_2 : !fp4, !fp4, !scale, !scale -> !acc
      %d11_2 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_2, %rb1_2, %d11_1
          scales %sa1_2, %sb1_2 : !fp4, !fp4, !scale, !scale -> !acc
      %ra0_3b = wave.read %a_tile[%wr, %c0, %c3, %l] map #frag : !tile -> !bytes
      %ra0_3 = vector.bitcast %ra0_3b : !bytes to !fp4
      %rb0_3b = wave.read %b_tile[%wc, %c0, %c3, %l] map #frag : !tile -> !bytes
      %rb0_3 = vector.bitcast %rb0_3b : !bytes to !fp4
      %sa0_3 = vector.extract_strided_slice %sa0_v {offsets = [6], sizes = [1], strides = [1]} : !scale8 to !scale
      %sb0_3 = vector.extract_strided_slice %sb0_v {offsets = [6], sizes = [1], strides = [1]} : !scale8 to !scale
      %ra1_3b = wave.read %a_tile[%wr, %c1, %c3, %l] map #frag : !tile -> !bytes
      %ra1_3 = vector.bitcast %ra1_3b : !bytes to !fp4
      %rb1_3b = wave.read %b_tile[%wc, %c1, %c3, %l] map #frag : !tile -> !bytes
      %rb1_3 = vector.bitcast %rb1_3b : !bytes to !fp4
      %sa1_3 = vector.extract_strided_slice %sa1_v {offsets = [6], sizes = [1], strides = [1]} : !scale8 to !scale
      %sb1_3 = vector.extract_strided_slice %sb1_v {offsets = [6], sizes = [1], strides = [1]} : !scale8 to !scale
      %d00_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_3, %rb0_3, %d00_2
          scales %sa0_3, %sb0_3 : !fp4, !fp4, !scale, !scale -> !acc
      %d01_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra0_3, %rb1_3, %d01_2
          scales %sa0_3, %sb1_3 : !fp4, !fp4, !scale, !scale -> !acc
      %d10_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_3, %rb0_3, %d10_2
          scales %sa1_3, %sb0_3 : !fp4, !fp4, !scale, !scale -> !acc
      %d11_3 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %ra1_3, %rb1_3, %d11_2
          scales %sa1_3, %sb1_3 : !fp4, !fp4, !scale, !scale -> !acc
      wave.barrier
      scf.yield %d00_3, %d01_3, %d10_3, %d11_3 : !acc, !acc, !acc, !acc
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

  gpu.func @gemm_mxfp4_ref(%A: !in, %SA: !scales, %B: !in, %SB: !scales,
                           %C: !out) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 8, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c1024 = arith.constant 1024 : index
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
    %dot = scf.for %j = %c0 to %c1024 step %c1 iter_args(%acc = %zero) -> (f32) {
      %block = arith.divui %j, %c16 : index
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
      %abyte = memref.load %A[%row, %j] : !in
      %bbyte = memref.load %B[%col, %j] : !in
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
