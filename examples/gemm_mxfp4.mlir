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
//          (gpu.subgroup_id w) form a 2 x 2 grid (wr, wc); wave (wr, wc)
//          owns the 64 x 64 sub-block at rows 64 wr, columns 64 wc as a
//          2 x 2 grid of 32 x 32 accumulators (vector<16xf32> each).
// Shows:   fp4 operands read as bytes and bit cast in registers: in each of
//          the 32 K steps of 64, lane l of a wave reads, for each of its 2
//          rows of fragments of A, the 16 bytes (32 fp4 elements) of row
//          l mod 32 of the fragment at K block l floordiv 32, bit casts them
//          to vector<32xf4E2M1FN>, and reads that row's and block's E8M0
//          scale (the one scale a lane of the scaled kind); the same for B.
//          Then 4 scaled MMAs, one per accumulator. The loop reads the next
//          step's operands while the MMAs run on this step's (carried in
//          registers), so that the global loads' latency hides behind them.
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
!acc = vector<16xf32>
!bytes = vector<16xi8>
!fp4 = vector<32xf4E2M1FN>
!scale = vector<1xf8E8M0FNU>
#C = #wave.fragment<acc, f32_32x32x64_f4E2M1FN_scaled>
// Wave (wr, wc)'s accumulator (i, j) of the workgroup's block of C.
#tile_c = affine_map<(bm, bn, wr, wc, i, j) -> (bm * 4 + wr * 2 + i,
                                                bn * 4 + wc * 2 + j)>
// The row of A (of B^T) lane l reads for fragment row i of wave row wr.
#row = affine_map<(b, w, i, l) -> (b * 128 + w * 64 + i * 32 + l mod 32)>
// The byte and the scale block lane l reads in K step ks.
#byte = affine_map<(ks, l) -> (ks * 32 + (l floordiv 32) * 16)>
#block = affine_map<(ks, l) -> (ks * 2 + l floordiv 32)>

gpu.module @gemm_mxfp4 {
  gpu.func @gemm_mxfp4(%A: !in, %SA: !scales, %B: !in, %SB: !scales,
                       %C: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>,
                  wave.reference = @gemm_mxfp4_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %l = gpu.lane_id
    %c2 = arith.constant 2 : index
    %wr = arith.divui %w, %c2 : index
    %wc = arith.remui %w, %c2 : index
    %ra0 = affine.apply #row(%bm, %wr, %c0, %l)
    %ra1 = affine.apply #row(%bm, %wr, %c1, %l)
    %rb0 = affine.apply #row(%bn, %wc, %c0, %l)
    %rb1 = affine.apply #row(%bn, %wc, %c1, %l)
    // K step 0's operands; each iteration reads step ks + 1's while its
    // MMAs run on step ks's.
    %byte_0 = affine.apply #byte(%c0, %l)
    %block_0 = affine.apply #block(%c0, %l)
    %ba0_0 = wave.read %A[%ra0, %byte_0] : !in -> !bytes
    %ba1_0 = wave.read %A[%ra1, %byte_0] : !in -> !bytes
    %bb0_0 = wave.read %B[%rb0, %byte_0] : !in -> !bytes
    %bb1_0 = wave.read %B[%rb1, %byte_0] : !in -> !bytes
    %sa0_0 = wave.read %SA[%ra0, %block_0] : !scales -> !scale
    %sa1_0 = wave.read %SA[%ra1, %block_0] : !scales -> !scale
    %sb0_0 = wave.read %SB[%rb0, %block_0] : !scales -> !scale
    %sb1_0 = wave.read %SB[%rb1, %block_0] : !scales -> !scale
    %last = arith.constant 31 : index
    %r:12 = scf.for %ks = %c0 to %last step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc10 = %zero,
                  %acc11 = %zero, %ca0 = %ba0_0, %ca1 = %ba1_0, %cb0 = %bb0_0,
                  %cb1 = %bb1_0, %csa0 = %sa0_0, %csa1 = %sa1_0,
                  %csb0 = %sb0_0, %csb1 = %sb1_0)
        -> (!acc, !acc, !acc, !acc, !bytes, !bytes, !bytes, !bytes, !scale,
            !scale, !scale, !scale) {
      %next = arith.addi %ks, %c1 : index
      %byte = affine.apply #byte(%next, %l)
      %block = affine.apply #block(%next, %l)
      %ba0 = wave.read %A[%ra0, %byte] : !in -> !bytes
      %ba1 = wave.read %A[%ra1, %byte] : !in -> !bytes
      %bb0 = wave.read %B[%rb0, %byte] : !in -> !bytes
      %bb1 = wave.read %B[%rb1, %byte] : !in -> !bytes
      %sa0 = wave.read %SA[%ra0, %block] : !scales -> !scale
      %sa1 = wave.read %SA[%ra1, %block] : !scales -> !scale
      %sb0 = wave.read %SB[%rb0, %block] : !scales -> !scale
      %sb1 = wave.read %SB[%rb1, %block] : !scales -> !scale
      %a0 = vector.bitcast %ca0 : !bytes to !fp4
      %a1 = vector.bitcast %ca1 : !bytes to !fp4
      %b0 = vector.bitcast %cb0 : !bytes to !fp4
      %b1 = vector.bitcast %cb1 : !bytes to !fp4
      %d00 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a0, %b0, %acc00
          scales %csa0, %csb0 : !fp4, !fp4, !scale, !scale -> !acc
      %d01 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a0, %b1, %acc01
          scales %csa0, %csb1 : !fp4, !fp4, !scale, !scale -> !acc
      %d10 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a1, %b0, %acc10
          scales %csa1, %csb0 : !fp4, !fp4, !scale, !scale -> !acc
      %d11 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a1, %b1, %acc11
          scales %csa1, %csb1 : !fp4, !fp4, !scale, !scale -> !acc
      scf.yield %d00, %d01, %d10, %d11, %ba0, %ba1, %bb0, %bb1, %sa0, %sa1,
          %sb0, %sb1 : !acc, !acc, !acc, !acc, !bytes, !bytes, !bytes, !bytes,
          !scale, !scale, !scale, !scale
    }
    %a0_e = vector.bitcast %r#4 : !bytes to !fp4
    %a1_e = vector.bitcast %r#5 : !bytes to !fp4
    %b0_e = vector.bitcast %r#6 : !bytes to !fp4
    %b1_e = vector.bitcast %r#7 : !bytes to !fp4
    %d00_e = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a0_e, %b0_e, %r#0
        scales %r#8, %r#10 : !fp4, !fp4, !scale, !scale -> !acc
    %d01_e = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a0_e, %b1_e, %r#1
        scales %r#8, %r#11 : !fp4, !fp4, !scale, !scale -> !acc
    %d10_e = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a1_e, %b0_e, %r#2
        scales %r#9, %r#10 : !fp4, !fp4, !scale, !scale -> !acc
    %d11_e = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a1_e, %b1_e, %r#3
        scales %r#9, %r#11 : !fp4, !fp4, !scale, !scale -> !acc
    wave.write %d00_e, %C[%bm, %bn, %wr, %wc, %c0, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %d01_e, %C[%bm, %bn, %wr, %wc, %c0, %c1] map #tile_c fragment #C
        : !acc, !out
    wave.write %d10_e, %C[%bm, %bn, %wr, %wc, %c1, %c0] map #tile_c fragment #C
        : !acc, !out
    wave.write %d11_e, %C[%bm, %bn, %wr, %wc, %c1, %c1] map #tile_c fragment #C
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
