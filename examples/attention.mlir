// attention: FlashAttention-2 forward, O = softmax(Q K^T sm_scale) V per head,
// with f16 Q, K, V, O of shape [heads, n_ctx, 128] (row-major), f32
// accumulation and the online softmax in base 2.
//
// Launch:  a workgroup of 4 waves (256 lanes) per 128 queries of one head:
//          block x = query block qb (ceil(n_ctx / 128) of them), block y =
//          head h. Wave w owns the 32 queries qb * 128 + 32 w ...; n_ctx is
//          a run-time size (wave.dims), partial query rows are bounded.
// Shows:   chained MMAs in registers. Each 64-key step computes the
//          transposed scores S^T = K Q^T (two 32 x 32 accumulators, keys x
//          queries, on MFMA 32x32x8 f16) because the accumulator layout of
//          that product is the B operand layout of O^T = V^T P^T:
//          wave.acc_to_operand turns P^T = exp2(S^T qk - m) into the B
//          fragments of the next MMA without leaving the lane's registers.
//          A query is a column of S^T: wave.fragment_reduce over dim 0
//          gives its maximum (the lane's 16 slots, then the lane 32 apart:
//          no LDS, no barrier), wave.fragment_broadcast spreads the running
//          statistics back over the accumulators for the rescale. Keys
//          past n_ctx are masked to -inf with wave.fragment_index; only the
//          blocks that need it take the masked branch.
// Loop:    skewed, so that every MFMA's operands are ready a step ahead:
//          step j stages K of block j and V of block j - 1 (16-byte global
//          reads of their rows into LDS tiles as they lie in memory; the A
//          fragments of V^T, 4 consecutive keys, are columns of V's tile,
//          which wave-transpose-lds-tiles stores as the chip reads them
//          best), computes the scores of block j and their softmax, and
//          multiplies V^T of block j - 1 by P of block j - 1,
//          carried in registers from the step before. The loop runs one
//          step more than there are key blocks: step 0 multiplies by a P
//          of zeros, the last step's scores are all masked (its alpha is
//          1, its P 0). O is rescaled by the step before's alpha ahead of
//          the products (O stays relative to the maximum before block
//          j - 1 until they add that block), so the rescale feeds the
//          first MFMAs; wave-interleave-mfmas then puts the softmax under
//          the MFMAs of P V.
//          Q is read once, as the B fragments of the wave's queries. The
//          scores are masked and their maximum taken unscaled; the maximum
//          is scaled once a query and exp2(s qk - m) is one multiply-add.
//          That needs qk >= 0: the sign of sm_scale goes to Q (exactly, in
//          f16) and qk is |sm_scale log2(e)|. The row sums stay the lane's
//          partial sums until after the loop. The passes of wave-optimize
//          pipeline the global reads, lay the tiles out in LDS and place
//          the barriers; Q, K, V and O are llvm.noalias, so the next step's
//          reads may go below the step's workgroup barrier.
// Reference: @attention_ref, one workgroup of 128 lanes looping over heads and
//          queries: the scores of a query in LDS, then its softmax row by row
//          in f32 (max, sum of exp2), then lane d's output element.

!qkv = memref<?x?x128xf16>
!k_tile = memref<64x128xf16, #gpu.address_space<workgroup>>
!v_tile = memref<64x128xf16, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
!frag = vector<4xf16>
!stat = vector<1xf32>
!index = vector<16xi32>
// S^T = K Q^T: K (keys x d) is the A operand, Q (queries x d) the B
// operand stored N x K, S^T (keys x queries) the accumulator.
#K = #wave.fragment<A, f32_32x32x8_f16>
#Q = #wave.fragment<B, f32_32x32x8_f16, transposed>
#S = #wave.fragment<acc, f32_32x32x8_f16>
// O^T = V^T P^T: V^T (d x keys) is the A operand, read from V's tile (keys
// x d) as its transpose, P^T the B operand, O^T (d x queries) the
// accumulator, stored transposed as O (queries x d).
#V = #wave.fragment<A, f32_32x32x8_f16, transposed>
#P = #wave.fragment<B, f32_32x32x8_f16>
#O = #wave.fragment<acc, f32_32x32x8_f16, transposed>
// K and V: chunk c of 8 elements of lane t in a copy of rows of 128.
#kv_src = affine_map<(h, j, c, t) -> (h, j * 64 + c * 16 + t floordiv 16, (t mod 16) * 8)>
#row_dst = affine_map<(c, t) -> (c * 16 + t floordiv 16, (t mod 16) * 8)>
// Wave w's K step kk of Q, in whole fragments.
#q_frag = affine_map<(h, qb, w, kk) -> (h, qb * 4 + w, kk)>
// Wave w's 32 x 32 block t of O.
#o_pos = affine_map<(h, qb, w, t) -> (h, qb * 4 + w, t)>

gpu.module @attention {
  gpu.func @attention(%Q: !qkv {llvm.noalias, wave.dims = array<i64: 5, 6>},
                         %K: !qkv {llvm.noalias, wave.dims = array<i64: 5, 6>},
                         %V: !qkv {llvm.noalias, wave.dims = array<i64: 5, 6>},
                         %O: !qkv {llvm.noalias, wave.dims = array<i64: 5, 6>},
                         %sm_scale: f32, %heads: index, %n_ctx: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 1>,
                  wave.reference = @attention_ref,
                  wave.assume = affine_set<(q, k, v, o, s, h, n) :
                      (h - 1 >= 0, n - 1 >= 0, 64 - h >= 0, 65536 - n >= 0)>} {
    %k_tile = wave.alloc_lds : !k_tile
    %v_tile = wave.alloc_lds : !v_tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c12 = arith.constant 12 : index
    %c13 = arith.constant 13 : index
    %c14 = arith.constant 14 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c64_i32 = arith.constant 64 : i32
    %c32_i32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : !acc
    %minus_inf = arith.constant dense<0xFF800000> : !acc
    %m_init = arith.constant dense<0xFF800000> : !stat
    %one = arith.constant dense<1.0> : !stat
    %no_p = arith.constant dense<0.0> : !frag
    %plus = arith.constant dense<1.0> : !frag
    %minus = arith.constant dense<-1.0> : !frag
    %zero_f32 = arith.constant 0.0 : f32
    %log2e = arith.constant 1.44269504 : f32
    %t = gpu.thread_id x
    %w = gpu.subgroup_id : index
    %qb = gpu.block_id x
    %h = gpu.block_id y
    // exp(x sm_scale) = exp2(x qk_scale). Its sign goes to Q, so that the
    // scores are scaled by |qk_scale| after their maximum is taken.
    %qk_scale = arith.mulf %sm_scale, %log2e : f32
    %negative = arith.cmpf olt, %qk_scale, %zero_f32 : f32
    %sign = arith.select %negative, %minus, %plus : !frag
    %qk_abs = math.absf %qk_scale : f32
    %qk = vector.broadcast %qk_abs : f32 to !acc
    %qk_stat = vector.broadcast %qk_abs : f32 to !stat
    // The wave's 32 queries as the B fragments of the 16 K steps, read once.
    %q0_read = wave.read %Q[%h, %qb, %w, %c0] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q0 = arith.mulf %q0_read, %sign : !frag
    %q1_read = wave.read %Q[%h, %qb, %w, %c1] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q1 = arith.mulf %q1_read, %sign : !frag
    %q2_read = wave.read %Q[%h, %qb, %w, %c2] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q2 = arith.mulf %q2_read, %sign : !frag
    %q3_read = wave.read %Q[%h, %qb, %w, %c3] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q3 = arith.mulf %q3_read, %sign : !frag
    %q4_read = wave.read %Q[%h, %qb, %w, %c4] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q4 = arith.mulf %q4_read, %sign : !frag
    %q5_read = wave.read %Q[%h, %qb, %w, %c5] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q5 = arith.mulf %q5_read, %sign : !frag
    %q6_read = wave.read %Q[%h, %qb, %w, %c6] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q6 = arith.mulf %q6_read, %sign : !frag
    %q7_read = wave.read %Q[%h, %qb, %w, %c7] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q7 = arith.mulf %q7_read, %sign : !frag
    %q8_read = wave.read %Q[%h, %qb, %w, %c8] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q8 = arith.mulf %q8_read, %sign : !frag
    %q9_read = wave.read %Q[%h, %qb, %w, %c9] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q9 = arith.mulf %q9_read, %sign : !frag
    %q10_read = wave.read %Q[%h, %qb, %w, %c10] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q10 = arith.mulf %q10_read, %sign : !frag
    %q11_read = wave.read %Q[%h, %qb, %w, %c11] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q11 = arith.mulf %q11_read, %sign : !frag
    %q12_read = wave.read %Q[%h, %qb, %w, %c12] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q12 = arith.mulf %q12_read, %sign : !frag
    %q13_read = wave.read %Q[%h, %qb, %w, %c13] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q13 = arith.mulf %q13_read, %sign : !frag
    %q14_read = wave.read %Q[%h, %qb, %w, %c14] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q14 = arith.mulf %q14_read, %sign : !frag
    %q15_read = wave.read %Q[%h, %qb, %w, %c15] map #q_frag fragment #Q bounded : !qkv -> !frag
    %q15 = arith.mulf %q15_read, %sign : !frag
    %blocks = arith.ceildivui %n_ctx, %c64 : index
    // One step more than blocks: P V runs a step behind.
    %steps = arith.addi %blocks, %c1 : index
    %n_i32 = arith.index_cast %n_ctx : index to i32
    // Blocks from the first past n_ctx's last full one on are masked: one
    // 32-bit scalar compare a block.
    %full = arith.divui %n_i32, %c64_i32 : i32
    %key_in_tile = wave.fragment_index fragment #S dim 0 : !index
    // The loop carries the maximum, the lane's row sums, the step's alpha, O^T
    // and the step's P^T fragments.
    %res:15 = scf.for %j = %c0 to %steps step %c1
        iter_args(%m = %m_init, %l = %zero, %alpha_before = %one,
                  %o0_in = %zero, %o1_in = %zero, %o2_in = %zero, %o3_in = %zero,
                  %p0_before = %no_p, %p1_before = %no_p, %p2_before = %no_p, %p3_before = %no_p, %p4_before = %no_p, %p5_before = %no_p, %p6_before = %no_p, %p7_before = %no_p)
        -> (!stat, !acc, !stat, !acc, !acc, !acc, !acc, !frag, !frag, !frag, !frag, !frag, !frag, !frag, !frag) {
      // V's block: the one before (step 0 multiplies block 0 by P = 0).
      %before = arith.subi %j, %c1 : index
      %v_block = arith.maxsi %before, %c0 : index
      // Stage K of block j as it is, V of the block before transposed.
      %k0 = wave.read %K[%h, %j, %c0, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %k0, %k_tile[%c0, %t] map #row_dst : vector<8xf16>, !k_tile
      %k1 = wave.read %K[%h, %j, %c1, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %k1, %k_tile[%c1, %t] map #row_dst : vector<8xf16>, !k_tile
      %k2 = wave.read %K[%h, %j, %c2, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %k2, %k_tile[%c2, %t] map #row_dst : vector<8xf16>, !k_tile
      %k3 = wave.read %K[%h, %j, %c3, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %k3, %k_tile[%c3, %t] map #row_dst : vector<8xf16>, !k_tile
      %v0 = wave.read %V[%h, %v_block, %c0, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %v0, %v_tile[%c0, %t] map #row_dst : vector<8xf16>, !v_tile
      %v1 = wave.read %V[%h, %v_block, %c1, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %v1, %v_tile[%c1, %t] map #row_dst : vector<8xf16>, !v_tile
      %v2 = wave.read %V[%h, %v_block, %c2, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %v2, %v_tile[%c2, %t] map #row_dst : vector<8xf16>, !v_tile
      %v3 = wave.read %V[%h, %v_block, %c3, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %v3, %v_tile[%c3, %t] map #row_dst : vector<8xf16>, !v_tile
      wave.barrier
      // S^T for keys 0-31 and 32-63 of block j against the wave's queries,
      // unscaled, K step by K step, the halves in turn: each half's next K
      // read is issued under the other's MMA instead of waited for between
      // two of its own.
      %kf0_0 = wave.read %k_tile[%c0, %c0] fragment #K : !k_tile -> !frag
      %s0_0 = wave.mma <f32_32x32x8_f16> %kf0_0, %q0, %zero : !frag, !frag -> !acc
      %kf1_0 = wave.read %k_tile[%c1, %c0] fragment #K : !k_tile -> !frag
      %s1_0 = wave.mma <f32_32x32x8_f16> %kf1_0, %q0, %zero : !frag, !frag -> !acc
      %kf0_1 = wave.read %k_tile[%c0, %c1] fragment #K : !k_tile -> !frag
      %s0_1 = wave.mma <f32_32x32x8_f16> %kf0_1, %q1, %s0_0 : !frag, !frag -> !acc
      %kf1_1 = wave.read %k_tile[%c1, %c1] fragment #K : !k_tile -> !frag
      %s1_1 = wave.mma <f32_32x32x8_f16> %kf1_1, %q1, %s1_0 : !frag, !frag -> !acc
      %kf0_2 = wave.read %k_tile[%c0, %c2] fragment #K : !k_tile -> !frag
      %s0_2 = wave.mma <f32_32x32x8_f16> %kf0_2, %q2, %s0_1 : !frag, !frag -> !acc
      %kf1_2 = wave.read %k_tile[%c1, %c2] fragment #K : !k_tile -> !frag
      %s1_2 = wave.mma <f32_32x32x8_f16> %kf1_2, %q2, %s1_1 : !frag, !frag -> !acc
      %kf0_3 = wave.read %k_tile[%c0, %c3] fragment #K : !k_tile -> !frag
      %s0_3 = wave.mma <f32_32x32x8_f16> %kf0_3, %q3, %s0_2 : !frag, !frag -> !acc
      %kf1_3 = wave.read %k_tile[%c1, %c3] fragment #K : !k_tile -> !frag
      %s1_3 = wave.mma <f32_32x32x8_f16> %kf1_3, %q3, %s1_2 : !frag, !frag -> !acc
      %kf0_4 = wave.read %k_tile[%c0, %c4] fragment #K : !k_tile -> !frag
      %s0_4 = wave.mma <f32_32x32x8_f16> %kf0_4, %q4, %s0_3 : !frag, !frag -> !acc
      %kf1_4 = wave.read %k_tile[%c1, %c4] fragment #K : !k_tile -> !frag
      %s1_4 = wave.mma <f32_32x32x8_f16> %kf1_4, %q4, %s1_3 : !frag, !frag -> !acc
      %kf0_5 = wave.read %k_tile[%c0, %c5] fragment #K : !k_tile -> !frag
      %s0_5 = wave.mma <f32_32x32x8_f16> %kf0_5, %q5, %s0_4 : !frag, !frag -> !acc
      %kf1_5 = wave.read %k_tile[%c1, %c5] fragment #K : !k_tile -> !frag
      %s1_5 = wave.mma <f32_32x32x8_f16> %kf1_5, %q5, %s1_4 : !frag, !frag -> !acc
      %kf0_6 = wave.read %k_tile[%c0, %c6] fragment #K : !k_tile -> !frag
      %s0_6 = wave.mma <f32_32x32x8_f16> %kf0_6, %q6, %s0_5 : !frag, !frag -> !acc
      %kf1_6 = wave.read %k_tile[%c1, %c6] fragment #K : !k_tile -> !frag
      %s1_6 = wave.mma <f32_32x32x8_f16> %kf1_6, %q6, %s1_5 : !frag, !frag -> !acc
      %kf0_7 = wave.read %k_tile[%c0, %c7] fragment #K : !k_tile -> !frag
      %s0_7 = wave.mma <f32_32x32x8_f16> %kf0_7, %q7, %s0_6 : !frag, !frag -> !acc
      %kf1_7 = wave.read %k_tile[%c1, %c7] fragment #K : !k_tile -> !frag
      %s1_7 = wave.mma <f32_32x32x8_f16> %kf1_7, %q7, %s1_6 : !frag, !frag -> !acc
      %kf0_8 = wave.read %k_tile[%c0, %c8] fragment #K : !k_tile -> !frag
      %s0_8 = wave.mma <f32_32x32x8_f16> %kf0_8, %q8, %s0_7 : !frag, !frag -> !acc
      %kf1_8 = wave.read %k_tile[%c1, %c8] fragment #K : !k_tile -> !frag
      %s1_8 = wave.mma <f32_32x32x8_f16> %kf1_8, %q8, %s1_7 : !frag, !frag -> !acc
      %kf0_9 = wave.read %k_tile[%c0, %c9] fragment #K : !k_tile -> !frag
      %s0_9 = wave.mma <f32_32x32x8_f16> %kf0_9, %q9, %s0_8 : !frag, !frag -> !acc
      %kf1_9 = wave.read %k_tile[%c1, %c9] fragment #K : !k_tile -> !frag
      %s1_9 = wave.mma <f32_32x32x8_f16> %kf1_9, %q9, %s1_8 : !frag, !frag -> !acc
      %kf0_10 = wave.read %k_tile[%c0, %c10] fragment #K : !k_tile -> !frag
      %s0_10 = wave.mma <f32_32x32x8_f16> %kf0_10, %q10, %s0_9 : !frag, !frag -> !acc
      %kf1_10 = wave.read %k_tile[%c1, %c10] fragment #K : !k_tile -> !frag
      %s1_10 = wave.mma <f32_32x32x8_f16> %kf1_10, %q10, %s1_9 : !frag, !frag -> !acc
      %kf0_11 = wave.read %k_tile[%c0, %c11] fragment #K : !k_tile -> !frag
      %s0_11 = wave.mma <f32_32x32x8_f16> %kf0_11, %q11, %s0_10 : !frag, !frag -> !acc
      %kf1_11 = wave.read %k_tile[%c1, %c11] fragment #K : !k_tile -> !frag
      %s1_11 = wave.mma <f32_32x32x8_f16> %kf1_11, %q11, %s1_10 : !frag, !frag -> !acc
      %kf0_12 = wave.read %k_tile[%c0, %c12] fragment #K : !k_tile -> !frag
      %s0_12 = wave.mma <f32_32x32x8_f16> %kf0_12, %q12, %s0_11 : !frag, !frag -> !acc
      %kf1_12 = wave.read %k_tile[%c1, %c12] fragment #K : !k_tile -> !frag
      %s1_12 = wave.mma <f32_32x32x8_f16> %kf1_12, %q12, %s1_11 : !frag, !frag -> !acc
      %kf0_13 = wave.read %k_tile[%c0, %c13] fragment #K : !k_tile -> !frag
      %s0_13 = wave.mma <f32_32x32x8_f16> %kf0_13, %q13, %s0_12 : !frag, !frag -> !acc
      %kf1_13 = wave.read %k_tile[%c1, %c13] fragment #K : !k_tile -> !frag
      %s1_13 = wave.mma <f32_32x32x8_f16> %kf1_13, %q13, %s1_12 : !frag, !frag -> !acc
      %kf0_14 = wave.read %k_tile[%c0, %c14] fragment #K : !k_tile -> !frag
      %s0_14 = wave.mma <f32_32x32x8_f16> %kf0_14, %q14, %s0_13 : !frag, !frag -> !acc
      %kf1_14 = wave.read %k_tile[%c1, %c14] fragment #K : !k_tile -> !frag
      %s1_14 = wave.mma <f32_32x32x8_f16> %kf1_14, %q14, %s1_13 : !frag, !frag -> !acc
      %kf0_15 = wave.read %k_tile[%c0, %c15] fragment #K : !k_tile -> !frag
      %s0_15 = wave.mma <f32_32x32x8_f16> %kf0_15, %q15, %s0_14 : !frag, !frag -> !acc
      %kf1_15 = wave.read %k_tile[%c1, %c15] fragment #K : !k_tile -> !frag
      %s1_15 = wave.mma <f32_32x32x8_f16> %kf1_15, %q15, %s1_14 : !frag, !frag -> !acc
      // Masked: the partial last block and the extra step.
      %j_i32 = arith.index_cast %j : index to i32
      %masked = arith.cmpi uge, %j_i32, %full : i32
      %sm:2 = scf.if %masked -> (!acc, !acc) {
        %base = arith.muli %j_i32, %c64_i32 : i32
        // Key k of the tile is in while k < n - base: one subtraction a
        // block, not one a score, and the loop keeps only the tile's key
        // indices (16 VGPRs).
        %left0 = arith.subi %n_i32, %base : i32
        %left1 = arith.subi %left0, %c32_i32 : i32
        %left0_vec = vector.broadcast %left0 : i32 to !index
        %left1_vec = vector.broadcast %left1 : i32 to !index
        %in0 = arith.cmpi slt, %key_in_tile, %left0_vec : !index
        %in1 = arith.cmpi slt, %key_in_tile, %left1_vec : !index
        %masked0 = arith.select %in0, %s0_15, %minus_inf : vector<16xi1>, !acc
        %masked1 = arith.select %in1, %s1_15, %minus_inf : vector<16xi1>, !acc
        scf.yield %masked0, %masked1 : !acc, !acc
      } else {
        scf.yield %s0_15, %s1_15 : !acc, !acc
      }
      // Online softmax of each query (a column of S^T): the maximum scaled
      // once, exp2(s qk - m) one multiply-add a score.
      %m_raw = wave.fragment_reduce <max> %sm#0, %sm#1 fragment #S dim 0
          : !acc, !acc -> !stat
      %m_step = arith.mulf %m_raw, %qk_stat : !stat
      %m_new = arith.maximumf %m, %m_step : !stat
      %m_bcast = wave.fragment_broadcast %m_new fragment #S dim 0 : !stat -> !acc
      %scaled0 = arith.mulf %sm#0, %qk : !acc
      %d0 = arith.subf %scaled0, %m_bcast : !acc
      %p0 = math.exp2 %d0 : !acc
      %scaled1 = arith.mulf %sm#1, %qk : !acc
      %d1 = arith.subf %scaled1, %m_bcast : !acc
      %p1 = math.exp2 %d1 : !acc
      %m_diff = arith.subf %m, %m_new : !stat
      %alpha = math.exp2 %m_diff : !stat
      %alpha_bcast = wave.fragment_broadcast %alpha fragment #S dim 0 : !stat -> !acc
      // The row sums stay the lane's partial sums until after the loop.
      %l_scaled = arith.mulf %l, %alpha_bcast : !acc
      %p_sum = arith.addf %p0, %p1 : !acc
      %l_new = arith.addf %l_scaled, %p_sum : !acc
      // P^T as the B fragments of O^T = V^T P^T, in registers, for the next
      // step.
      %pa:4 = wave.acc_to_operand %p0 fragment #S to #P
          : !acc -> !frag, !frag, !frag, !frag
      %pb:4 = wave.acc_to_operand %p1 fragment #S to #P
          : !acc -> !frag, !frag, !frag, !frag
      // O, relative to the maximum before the block before, rescaled to the
      // one after it ahead of that block's products.
      %alpha_before_bcast = wave.fragment_broadcast %alpha_before fragment #S dim 0
          : !stat -> !acc
      %o0_scaled = arith.mulf %o0_in, %alpha_before_bcast : !acc
      %o1_scaled = arith.mulf %o1_in, %alpha_before_bcast : !acc
      %o2_scaled = arith.mulf %o2_in, %alpha_before_bcast : !acc
      %o3_scaled = arith.mulf %o3_in, %alpha_before_bcast : !acc
      // O^T block i (rows 32 i ..) += V^T (i, kk) P^T (kk) of the block before,
      // K step by K step, the accumulators in turn.
      %vf0_0 = wave.read %v_tile[%c0, %c0] fragment #V : !v_tile -> !frag
      %o0_0 = wave.mma <f32_32x32x8_f16> %vf0_0, %p0_before, %o0_scaled : !frag, !frag -> !acc
      %vf1_0 = wave.read %v_tile[%c0, %c1] fragment #V : !v_tile -> !frag
      %o1_0 = wave.mma <f32_32x32x8_f16> %vf1_0, %p0_before, %o1_scaled : !frag, !frag -> !acc
      %vf2_0 = wave.read %v_tile[%c0, %c2] fragment #V : !v_tile -> !frag
      %o2_0 = wave.mma <f32_32x32x8_f16> %vf2_0, %p0_before, %o2_scaled : !frag, !frag -> !acc
      %vf3_0 = wave.read %v_tile[%c0, %c3] fragment #V : !v_tile -> !frag
      %o3_0 = wave.mma <f32_32x32x8_f16> %vf3_0, %p0_before, %o3_scaled : !frag, !frag -> !acc
      %vf0_1 = wave.read %v_tile[%c1, %c0] fragment #V : !v_tile -> !frag
      %o0_1 = wave.mma <f32_32x32x8_f16> %vf0_1, %p1_before, %o0_0 : !frag, !frag -> !acc
      %vf1_1 = wave.read %v_tile[%c1, %c1] fragment #V : !v_tile -> !frag
      %o1_1 = wave.mma <f32_32x32x8_f16> %vf1_1, %p1_before, %o1_0 : !frag, !frag -> !acc
      %vf2_1 = wave.read %v_tile[%c1, %c2] fragment #V : !v_tile -> !frag
      %o2_1 = wave.mma <f32_32x32x8_f16> %vf2_1, %p1_before, %o2_0 : !frag, !frag -> !acc
      %vf3_1 = wave.read %v_tile[%c1, %c3] fragment #V : !v_tile -> !frag
      %o3_1 = wave.mma <f32_32x32x8_f16> %vf3_1, %p1_before, %o3_0 : !frag, !frag -> !acc
      %vf0_2 = wave.read %v_tile[%c2, %c0] fragment #V : !v_tile -> !frag
      %o0_2 = wave.mma <f32_32x32x8_f16> %vf0_2, %p2_before, %o0_1 : !frag, !frag -> !acc
      %vf1_2 = wave.read %v_tile[%c2, %c1] fragment #V : !v_tile -> !frag
      %o1_2 = wave.mma <f32_32x32x8_f16> %vf1_2, %p2_before, %o1_1 : !frag, !frag -> !acc
      %vf2_2 = wave.read %v_tile[%c2, %c2] fragment #V : !v_tile -> !frag
      %o2_2 = wave.mma <f32_32x32x8_f16> %vf2_2, %p2_before, %o2_1 : !frag, !frag -> !acc
      %vf3_2 = wave.read %v_tile[%c2, %c3] fragment #V : !v_tile -> !frag
      %o3_2 = wave.mma <f32_32x32x8_f16> %vf3_2, %p2_before, %o3_1 : !frag, !frag -> !acc
      %vf0_3 = wave.read %v_tile[%c3, %c0] fragment #V : !v_tile -> !frag
      %o0_3 = wave.mma <f32_32x32x8_f16> %vf0_3, %p3_before, %o0_2 : !frag, !frag -> !acc
      %vf1_3 = wave.read %v_tile[%c3, %c1] fragment #V : !v_tile -> !frag
      %o1_3 = wave.mma <f32_32x32x8_f16> %vf1_3, %p3_before, %o1_2 : !frag, !frag -> !acc
      %vf2_3 = wave.read %v_tile[%c3, %c2] fragment #V : !v_tile -> !frag
      %o2_3 = wave.mma <f32_32x32x8_f16> %vf2_3, %p3_before, %o2_2 : !frag, !frag -> !acc
      %vf3_3 = wave.read %v_tile[%c3, %c3] fragment #V : !v_tile -> !frag
      %o3_3 = wave.mma <f32_32x32x8_f16> %vf3_3, %p3_before, %o3_2 : !frag, !frag -> !acc
      %vf0_4 = wave.read %v_tile[%c4, %c0] fragment #V : !v_tile -> !frag
      %o0_4 = wave.mma <f32_32x32x8_f16> %vf0_4, %p4_before, %o0_3 : !frag, !frag -> !acc
      %vf1_4 = wave.read %v_tile[%c4, %c1] fragment #V : !v_tile -> !frag
      %o1_4 = wave.mma <f32_32x32x8_f16> %vf1_4, %p4_before, %o1_3 : !frag, !frag -> !acc
      %vf2_4 = wave.read %v_tile[%c4, %c2] fragment #V : !v_tile -> !frag
      %o2_4 = wave.mma <f32_32x32x8_f16> %vf2_4, %p4_before, %o2_3 : !frag, !frag -> !acc
      %vf3_4 = wave.read %v_tile[%c4, %c3] fragment #V : !v_tile -> !frag
      %o3_4 = wave.mma <f32_32x32x8_f16> %vf3_4, %p4_before, %o3_3 : !frag, !frag -> !acc
      %vf0_5 = wave.read %v_tile[%c5, %c0] fragment #V : !v_tile -> !frag
      %o0_5 = wave.mma <f32_32x32x8_f16> %vf0_5, %p5_before, %o0_4 : !frag, !frag -> !acc
      %vf1_5 = wave.read %v_tile[%c5, %c1] fragment #V : !v_tile -> !frag
      %o1_5 = wave.mma <f32_32x32x8_f16> %vf1_5, %p5_before, %o1_4 : !frag, !frag -> !acc
      %vf2_5 = wave.read %v_tile[%c5, %c2] fragment #V : !v_tile -> !frag
      %o2_5 = wave.mma <f32_32x32x8_f16> %vf2_5, %p5_before, %o2_4 : !frag, !frag -> !acc
      %vf3_5 = wave.read %v_tile[%c5, %c3] fragment #V : !v_tile -> !frag
      %o3_5 = wave.mma <f32_32x32x8_f16> %vf3_5, %p5_before, %o3_4 : !frag, !frag -> !acc
      %vf0_6 = wave.read %v_tile[%c6, %c0] fragment #V : !v_tile -> !frag
      %o0_6 = wave.mma <f32_32x32x8_f16> %vf0_6, %p6_before, %o0_5 : !frag, !frag -> !acc
      %vf1_6 = wave.read %v_tile[%c6, %c1] fragment #V : !v_tile -> !frag
      %o1_6 = wave.mma <f32_32x32x8_f16> %vf1_6, %p6_before, %o1_5 : !frag, !frag -> !acc
      %vf2_6 = wave.read %v_tile[%c6, %c2] fragment #V : !v_tile -> !frag
      %o2_6 = wave.mma <f32_32x32x8_f16> %vf2_6, %p6_before, %o2_5 : !frag, !frag -> !acc
      %vf3_6 = wave.read %v_tile[%c6, %c3] fragment #V : !v_tile -> !frag
      %o3_6 = wave.mma <f32_32x32x8_f16> %vf3_6, %p6_before, %o3_5 : !frag, !frag -> !acc
      %vf0_7 = wave.read %v_tile[%c7, %c0] fragment #V : !v_tile -> !frag
      %o0_7 = wave.mma <f32_32x32x8_f16> %vf0_7, %p7_before, %o0_6 : !frag, !frag -> !acc
      %vf1_7 = wave.read %v_tile[%c7, %c1] fragment #V : !v_tile -> !frag
      %o1_7 = wave.mma <f32_32x32x8_f16> %vf1_7, %p7_before, %o1_6 : !frag, !frag -> !acc
      %vf2_7 = wave.read %v_tile[%c7, %c2] fragment #V : !v_tile -> !frag
      %o2_7 = wave.mma <f32_32x32x8_f16> %vf2_7, %p7_before, %o2_6 : !frag, !frag -> !acc
      %vf3_7 = wave.read %v_tile[%c7, %c3] fragment #V : !v_tile -> !frag
      %o3_7 = wave.mma <f32_32x32x8_f16> %vf3_7, %p7_before, %o3_6 : !frag, !frag -> !acc
      wave.barrier
      scf.yield %m_new, %l_new, %alpha, %o0_7, %o1_7, %o2_7, %o3_7,
          %pa#0, %pa#1, %pa#2, %pa#3, %pb#0, %pb#1, %pb#2, %pb#3
          : !stat, !acc, !stat, !acc, !acc, !acc, !acc, !frag, !frag, !frag, !frag, !frag, !frag, !frag, !frag
    }
    // O = O^T / l, stored transposed as f16.
    %l_total = wave.fragment_reduce <add> %res#1 fragment #S dim 0 : !acc -> !stat
    %inv = arith.divf %one, %l_total : !stat
    %inv_bcast = wave.fragment_broadcast %inv fragment #S dim 0 : !stat -> !acc
    %on0 = arith.mulf %res#3, %inv_bcast : !acc
    %oh0 = arith.truncf %on0 : !acc to vector<16xf16>
    wave.write %oh0, %O[%h, %qb, %w, %c0] map #o_pos fragment #O bounded
        : vector<16xf16>, !qkv
    %on1 = arith.mulf %res#4, %inv_bcast : !acc
    %oh1 = arith.truncf %on1 : !acc to vector<16xf16>
    wave.write %oh1, %O[%h, %qb, %w, %c1] map #o_pos fragment #O bounded
        : vector<16xf16>, !qkv
    %on2 = arith.mulf %res#5, %inv_bcast : !acc
    %oh2 = arith.truncf %on2 : !acc to vector<16xf16>
    wave.write %oh2, %O[%h, %qb, %w, %c2] map #o_pos fragment #O bounded
        : vector<16xf16>, !qkv
    %on3 = arith.mulf %res#6, %inv_bcast : !acc
    %oh3 = arith.truncf %on3 : !acc to vector<16xf16>
    wave.write %oh3, %O[%h, %qb, %w, %c3] map #o_pos fragment #O bounded
        : vector<16xf16>, !qkv
    gpu.return
  }

  gpu.func @attention_ref(%Q: !qkv {wave.dims = array<i64: 5, 6>},
                       %K: !qkv {wave.dims = array<i64: 5, 6>},
                       %V: !qkv {wave.dims = array<i64: 5, 6>},
                       %O: !qkv {wave.dims = array<i64: 5, 6>},
                       %sm_scale: f32, %heads: index, %n_ctx: index) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.assume = affine_set<(q, k, v, o, s, h, n) :
                      (h - 1 >= 0, n - 1 >= 0, 4096 - n >= 0)>} {
    %scores = wave.alloc_lds : memref<4096xf32, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %minus_inf = arith.constant 0xFF800000 : f32
    %log2e = arith.constant 1.44269504 : f32
    %qk_scale = arith.mulf %sm_scale, %log2e : f32
    %lane = gpu.thread_id x
    scf.for %h = %c0 to %heads step %c1 {
      scf.for %q = %c0 to %n_ctx step %c1 {
        // The query's scores, lane i computing keys i, i + 128, ...
        scf.for %key = %lane to %n_ctx step %cD {
          %dot = scf.for %d = %c0 to %cD step %c1 iter_args(%acc = %zero) -> (f32) {
            %a = memref.load %Q[%h, %q, %d] : !qkv
            %b = memref.load %K[%h, %key, %d] : !qkv
            %a32 = arith.extf %a : f16 to f32
            %b32 = arith.extf %b : f16 to f32
            %prod = arith.mulf %a32, %b32 : f32
            %next = arith.addf %acc, %prod : f32
            scf.yield %next : f32
          }
          %scaled = arith.mulf %dot, %qk_scale : f32
          memref.store %scaled, %scores[%key] : memref<4096xf32, #gpu.address_space<workgroup>>
        }
        wave.barrier
        // Softmax of the row, in f32.
        %max = scf.for %key = %c0 to %n_ctx step %c1 iter_args(%mx = %minus_inf) -> (f32) {
          %x = memref.load %scores[%key] : memref<4096xf32, #gpu.address_space<workgroup>>
          %next = arith.maximumf %mx, %x : f32
          scf.yield %next : f32
        }
        %sums:2 = scf.for %key = %c0 to %n_ctx step %c1
            iter_args(%sum = %zero, %out = %zero) -> (f32, f32) {
          %x = memref.load %scores[%key] : memref<4096xf32, #gpu.address_space<workgroup>>
          %diff = arith.subf %x, %max : f32
          %p = math.exp2 %diff : f32
          %v = memref.load %V[%h, %key, %lane] : !qkv
          %v32 = arith.extf %v : f16 to f32
          %pv = arith.mulf %p, %v32 : f32
          %sum_next = arith.addf %sum, %p : f32
          %out_next = arith.addf %out, %pv : f32
          scf.yield %sum_next, %out_next : f32, f32
        }
        %o = arith.divf %sums#1, %sums#0 : f32
        %o16 = arith.truncf %o : f32 to f16
        memref.store %o16, %O[%h, %q, %lane] : !qkv
        wave.barrier
      }
    }
    gpu.return
  }
}
