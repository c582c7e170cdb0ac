// attention_skewed: the FlashAttention-2 forward of examples/attention.mlir
// (D = 128, a workgroup of 4 waves per 128 queries, 64 keys a step), with
// its loop skewed by hand, for bench/attention.md and
// docs/passes/wave-interleave-mfmas.md:
//   - Q's fragments are read once from global memory (no Q tile); with
//     `wave-compile --pipeline-in-lds` its LDS becomes K's and V^T's second
//     buffers.
//   - The loop runs one step more than there are key blocks. Step j stages
//     K of block j and V^T of block j - 1, computes the scores of block j
//     and their softmax, then the product of V^T of block j - 1 with P of
//     block j - 1, carried in registers from the step before. The extra
//     step is fully masked (its alpha is 1 and its P is 0), the first
//     multiplies a P of zeros. Every MFMA of a step then has its operands a
//     step ahead, so `--interleave-mfmas` can put the softmax under the
//     MFMAs of P V.
//   - O is rescaled by the step before's alpha ahead of the products
//     (O = O alpha_{j-1} + P_{j-1} V_{j-1}: O stays relative to the maximum
//     before block j - 1 until they add it), so that the rescale feeds the
//     first MFMAs instead of following the last.
//   - The mask applies to the unscaled scores and the maximum is scaled
//     once a query (exp2(s * qk - m) is one multiply-add), which needs
//     sm_scale > 0, as Triton's kernel does; the row sum stays a lane's
//     vector until after the loop.
//   - Q, K, V and O are `llvm.noalias`, so the next step's loads of K and V
//     may move below the step's workgroup barrier.
// Measure (gfx942; gfx950 with --chip=gfx950 and --mfma-per-block 32):
//   wave-compile bench/attention_skewed.mlir --chip=gfx942 -O2 --fast-math \
//     --pipeline-in-lds --interleave-mfmas --emit=asm -o skewed.s
//   python3 bench/attention.py --ours skewed.s --kernel attention \
//     --mfma-per-block 64 --chip gfx942 --exclude-block <the masked block>
// Reference: @attention_ref, as in examples/attention.mlir; with a positive
// sm_scale `wave-run --input=sm_scale=...` agrees with it.

!qkv = memref<?x?x128xf16>
!q_tile = memref<128x128xf16, #gpu.address_space<workgroup>>
!k_tile = memref<64x128xf16, #gpu.address_space<workgroup>>
!vt_tile = memref<128x64xf16, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
!frag = vector<4xf16>
!stat = vector<1xf32>
!index = vector<16xi32>
// S^T = K Q^T: K (keys x d) is the A operand, Q (queries x d) the B
// operand stored N x K, S^T (keys x queries) the accumulator.
#K = #wave.fragment<A, f32_32x32x8_f16>
#Q = #wave.fragment<B, f32_32x32x8_f16, transposed>
#S = #wave.fragment<acc, f32_32x32x8_f16>
// O^T = V^T P^T: V^T (d x keys) is the A operand, P^T the B operand, O^T
// (d x queries) the accumulator, stored transposed as O (queries x d).
#V = #wave.fragment<A, f32_32x32x8_f16>
#P = #wave.fragment<B, f32_32x32x8_f16>
#O = #wave.fragment<acc, f32_32x32x8_f16, transposed>
// Chunk c of 8 elements of lane t in a copy of rows of 128.
#q_src = affine_map<(h, qb, c, t) -> (h, qb * 128 + c * 16 + t floordiv 16, (t mod 16) * 8)>
#kv_src = affine_map<(h, j, c, t) -> (h, j * 64 + c * 16 + t floordiv 16, (t mod 16) * 8)>
#row_dst = affine_map<(c, t) -> (c * 16 + t floordiv 16, (t mod 16) * 8)>
#col_dst = affine_map<(c, t) -> ((t mod 16) * 8, c * 16 + t floordiv 16)>
// Wave w's 32 x 32 block t of O.
#q_frag = affine_map<(h, qb, w, kk) -> (h, qb * 4 + w, kk)>
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
    %vt_tile = wave.alloc_lds : !vt_tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c64_i32 = arith.constant 64 : i32
    %c32_i32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : !acc
    %minus_inf = arith.constant dense<0xFF800000> : !acc
    %m_init = arith.constant dense<0xFF800000> : !stat
    %l_init = arith.constant dense<0.0> : !stat
    %one = arith.constant dense<1.0> : !stat
    %log2e = arith.constant 1.44269504 : f32
    %t = gpu.thread_id x
    %w = gpu.subgroup_id : index
    %qb = gpu.block_id x
    %h = gpu.block_id y
    // sm_scale and log2(e) in one multiply: exp(x sm_scale) = exp2(x qk_scale).
    %qk_scale = arith.mulf %sm_scale, %log2e : f32
    %qk = vector.broadcast %qk_scale : f32 to !acc
    // The workgroup's 128 queries, in LDS for the whole kernel.
    wave.barrier
    %ck0 = arith.constant 0 : index
    %ck1 = arith.constant 1 : index
    %ck2 = arith.constant 2 : index
    %ck3 = arith.constant 3 : index
    %ck4 = arith.constant 4 : index
    %ck5 = arith.constant 5 : index
    %ck6 = arith.constant 6 : index
    %ck7 = arith.constant 7 : index
    %ck8 = arith.constant 8 : index
    %ck9 = arith.constant 9 : index
    %ck10 = arith.constant 10 : index
    %ck11 = arith.constant 11 : index
    %ck12 = arith.constant 12 : index
    %ck13 = arith.constant 13 : index
    %ck14 = arith.constant 14 : index
    %ck15 = arith.constant 15 : index
    %qf0 = wave.read %Q[%h, %qb, %w, %ck0] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf1 = wave.read %Q[%h, %qb, %w, %ck1] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf2 = wave.read %Q[%h, %qb, %w, %ck2] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf3 = wave.read %Q[%h, %qb, %w, %ck3] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf4 = wave.read %Q[%h, %qb, %w, %ck4] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf5 = wave.read %Q[%h, %qb, %w, %ck5] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf6 = wave.read %Q[%h, %qb, %w, %ck6] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf7 = wave.read %Q[%h, %qb, %w, %ck7] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf8 = wave.read %Q[%h, %qb, %w, %ck8] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf9 = wave.read %Q[%h, %qb, %w, %ck9] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf10 = wave.read %Q[%h, %qb, %w, %ck10] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf11 = wave.read %Q[%h, %qb, %w, %ck11] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf12 = wave.read %Q[%h, %qb, %w, %ck12] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf13 = wave.read %Q[%h, %qb, %w, %ck13] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf14 = wave.read %Q[%h, %qb, %w, %ck14] map #q_frag fragment #Q bounded : !qkv -> !frag
    %qf15 = wave.read %Q[%h, %qb, %w, %ck15] map #q_frag fragment #Q bounded : !qkv -> !frag
    %blocks = arith.ceildivui %n_ctx, %c64 : index
    %n_i32 = arith.index_cast %n_ctx : index to i32
    %n_vec = vector.broadcast %n_i32 : i32 to !index
    %key_in_tile = wave.fragment_index fragment #S dim 0 : !index
    %zero1 = arith.constant dense<0.0> : !stat
    %blocks1 = arith.addi %blocks, %c1 : index
    %fz = arith.constant dense<0.0> : !frag
    %one_s = arith.constant dense<1.0> : !stat
    %qk1 = vector.broadcast %qk_scale : f32 to !stat
    %res:15 = scf.for %j = %c0 to %blocks1 step %c1
        iter_args(%m = %m_init, %l = %zero, %al = %one_s, %o0_in = %zero, %o1_in = %zero, %o2_in = %zero, %o3_in = %zero, %P0 = %fz, %P1 = %fz, %P2 = %fz, %P3 = %fz, %P4 = %fz, %P5 = %fz, %P6 = %fz, %P7 = %fz)
        -> (!stat, !acc, !stat, !acc, !acc, !acc, !acc, !frag, !frag, !frag, !frag, !frag, !frag, !frag, !frag) {
      %jm1 = arith.subi %j, %c1 : index
      %jv = arith.maxsi %jm1, %c0 : index
      %k0_j = wave.read %K[%h, %j, %c0, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %k0_j, %k_tile[%c0, %t] map #row_dst : vector<8xf16>, !k_tile
      %k1_j = wave.read %K[%h, %j, %c1, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %k1_j, %k_tile[%c1, %t] map #row_dst : vector<8xf16>, !k_tile
      %k2_j = wave.read %K[%h, %j, %c2, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %k2_j, %k_tile[%c2, %t] map #row_dst : vector<8xf16>, !k_tile
      %k3_j = wave.read %K[%h, %j, %c3, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %k3_j, %k_tile[%c3, %t] map #row_dst : vector<8xf16>, !k_tile
      %v0_jv = wave.read %V[%h, %jv, %c0, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %v0_jv, %vt_tile[%c0, %t] map #col_dst along 0 : vector<8xf16>, !vt_tile
      %v1_jv = wave.read %V[%h, %jv, %c1, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %v1_jv, %vt_tile[%c1, %t] map #col_dst along 0 : vector<8xf16>, !vt_tile
      %v2_jv = wave.read %V[%h, %jv, %c2, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %v2_jv, %vt_tile[%c2, %t] map #col_dst along 0 : vector<8xf16>, !vt_tile
      %v3_jv = wave.read %V[%h, %jv, %c3, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %v3_jv, %vt_tile[%c3, %t] map #col_dst along 0 : vector<8xf16>, !vt_tile
      wave.barrier
      %kf0_0 = wave.read %k_tile[%c0, %ck0] fragment #K : !k_tile -> !frag
      %sacc0_0 = wave.mma <f32_32x32x8_f16> %kf0_0, %qf0, %zero : !frag, !frag -> !acc
      %kf0_1 = wave.read %k_tile[%c0, %ck1] fragment #K : !k_tile -> !frag
      %sacc0_1 = wave.mma <f32_32x32x8_f16> %kf0_1, %qf1, %sacc0_0 : !frag, !frag -> !acc
      %kf0_2 = wave.read %k_tile[%c0, %ck2] fragment #K : !k_tile -> !frag
      %sacc0_2 = wave.mma <f32_32x32x8_f16> %kf0_2, %qf2, %sacc0_1 : !frag, !frag -> !acc
      %kf0_3 = wave.read %k_tile[%c0, %ck3] fragment #K : !k_tile -> !frag
      %sacc0_3 = wave.mma <f32_32x32x8_f16> %kf0_3, %qf3, %sacc0_2 : !frag, !frag -> !acc
      %kf0_4 = wave.read %k_tile[%c0, %ck4] fragment #K : !k_tile -> !frag
      %sacc0_4 = wave.mma <f32_32x32x8_f16> %kf0_4, %qf4, %sacc0_3 : !frag, !frag -> !acc
      %kf0_5 = wave.read %k_tile[%c0, %ck5] fragment #K : !k_tile -> !frag
      %sacc0_5 = wave.mma <f32_32x32x8_f16> %kf0_5, %qf5, %sacc0_4 : !frag, !frag -> !acc
      %kf0_6 = wave.read %k_tile[%c0, %ck6] fragment #K : !k_tile -> !frag
      %sacc0_6 = wave.mma <f32_32x32x8_f16> %kf0_6, %qf6, %sacc0_5 : !frag, !frag -> !acc
      %kf0_7 = wave.read %k_tile[%c0, %ck7] fragment #K : !k_tile -> !frag
      %sacc0_7 = wave.mma <f32_32x32x8_f16> %kf0_7, %qf7, %sacc0_6 : !frag, !frag -> !acc
      %kf0_8 = wave.read %k_tile[%c0, %ck8] fragment #K : !k_tile -> !frag
      %sacc0_8 = wave.mma <f32_32x32x8_f16> %kf0_8, %qf8, %sacc0_7 : !frag, !frag -> !acc
      %kf0_9 = wave.read %k_tile[%c0, %ck9] fragment #K : !k_tile -> !frag
      %sacc0_9 = wave.mma <f32_32x32x8_f16> %kf0_9, %qf9, %sacc0_8 : !frag, !frag -> !acc
      %kf0_10 = wave.read %k_tile[%c0, %ck10] fragment #K : !k_tile -> !frag
      %sacc0_10 = wave.mma <f32_32x32x8_f16> %kf0_10, %qf10, %sacc0_9 : !frag, !frag -> !acc
      %kf0_11 = wave.read %k_tile[%c0, %ck11] fragment #K : !k_tile -> !frag
      %sacc0_11 = wave.mma <f32_32x32x8_f16> %kf0_11, %qf11, %sacc0_10 : !frag, !frag -> !acc
      %kf0_12 = wave.read %k_tile[%c0, %ck12] fragment #K : !k_tile -> !frag
      %sacc0_12 = wave.mma <f32_32x32x8_f16> %kf0_12, %qf12, %sacc0_11 : !frag, !frag -> !acc
      %kf0_13 = wave.read %k_tile[%c0, %ck13] fragment #K : !k_tile -> !frag
      %sacc0_13 = wave.mma <f32_32x32x8_f16> %kf0_13, %qf13, %sacc0_12 : !frag, !frag -> !acc
      %kf0_14 = wave.read %k_tile[%c0, %ck14] fragment #K : !k_tile -> !frag
      %sacc0_14 = wave.mma <f32_32x32x8_f16> %kf0_14, %qf14, %sacc0_13 : !frag, !frag -> !acc
      %kf0_15 = wave.read %k_tile[%c0, %ck15] fragment #K : !k_tile -> !frag
      %sacc0_15 = wave.mma <f32_32x32x8_f16> %kf0_15, %qf15, %sacc0_14 : !frag, !frag -> !acc
      %kf1_0 = wave.read %k_tile[%c1, %ck0] fragment #K : !k_tile -> !frag
      %sacc1_0 = wave.mma <f32_32x32x8_f16> %kf1_0, %qf0, %zero : !frag, !frag -> !acc
      %kf1_1 = wave.read %k_tile[%c1, %ck1] fragment #K : !k_tile -> !frag
      %sacc1_1 = wave.mma <f32_32x32x8_f16> %kf1_1, %qf1, %sacc1_0 : !frag, !frag -> !acc
      %kf1_2 = wave.read %k_tile[%c1, %ck2] fragment #K : !k_tile -> !frag
      %sacc1_2 = wave.mma <f32_32x32x8_f16> %kf1_2, %qf2, %sacc1_1 : !frag, !frag -> !acc
      %kf1_3 = wave.read %k_tile[%c1, %ck3] fragment #K : !k_tile -> !frag
      %sacc1_3 = wave.mma <f32_32x32x8_f16> %kf1_3, %qf3, %sacc1_2 : !frag, !frag -> !acc
      %kf1_4 = wave.read %k_tile[%c1, %ck4] fragment #K : !k_tile -> !frag
      %sacc1_4 = wave.mma <f32_32x32x8_f16> %kf1_4, %qf4, %sacc1_3 : !frag, !frag -> !acc
      %kf1_5 = wave.read %k_tile[%c1, %ck5] fragment #K : !k_tile -> !frag
      %sacc1_5 = wave.mma <f32_32x32x8_f16> %kf1_5, %qf5, %sacc1_4 : !frag, !frag -> !acc
      %kf1_6 = wave.read %k_tile[%c1, %ck6] fragment #K : !k_tile -> !frag
      %sacc1_6 = wave.mma <f32_32x32x8_f16> %kf1_6, %qf6, %sacc1_5 : !frag, !frag -> !acc
      %kf1_7 = wave.read %k_tile[%c1, %ck7] fragment #K : !k_tile -> !frag
      %sacc1_7 = wave.mma <f32_32x32x8_f16> %kf1_7, %qf7, %sacc1_6 : !frag, !frag -> !acc
      %kf1_8 = wave.read %k_tile[%c1, %ck8] fragment #K : !k_tile -> !frag
      %sacc1_8 = wave.mma <f32_32x32x8_f16> %kf1_8, %qf8, %sacc1_7 : !frag, !frag -> !acc
      %kf1_9 = wave.read %k_tile[%c1, %ck9] fragment #K : !k_tile -> !frag
      %sacc1_9 = wave.mma <f32_32x32x8_f16> %kf1_9, %qf9, %sacc1_8 : !frag, !frag -> !acc
      %kf1_10 = wave.read %k_tile[%c1, %ck10] fragment #K : !k_tile -> !frag
      %sacc1_10 = wave.mma <f32_32x32x8_f16> %kf1_10, %qf10, %sacc1_9 : !frag, !frag -> !acc
      %kf1_11 = wave.read %k_tile[%c1, %ck11] fragment #K : !k_tile -> !frag
      %sacc1_11 = wave.mma <f32_32x32x8_f16> %kf1_11, %qf11, %sacc1_10 : !frag, !frag -> !acc
      %kf1_12 = wave.read %k_tile[%c1, %ck12] fragment #K : !k_tile -> !frag
      %sacc1_12 = wave.mma <f32_32x32x8_f16> %kf1_12, %qf12, %sacc1_11 : !frag, !frag -> !acc
      %kf1_13 = wave.read %k_tile[%c1, %ck13] fragment #K : !k_tile -> !frag
      %sacc1_13 = wave.mma <f32_32x32x8_f16> %kf1_13, %qf13, %sacc1_12 : !frag, !frag -> !acc
      %kf1_14 = wave.read %k_tile[%c1, %ck14] fragment #K : !k_tile -> !frag
      %sacc1_14 = wave.mma <f32_32x32x8_f16> %kf1_14, %qf14, %sacc1_13 : !frag, !frag -> !acc
      %kf1_15 = wave.read %k_tile[%c1, %ck15] fragment #K : !k_tile -> !frag
      %sacc1_15 = wave.mma <f32_32x32x8_f16> %kf1_15, %qf15, %sacc1_14 : !frag, !frag -> !acc
      %s0 = arith.addf %sacc0_15, %zero : !acc
      %s1 = arith.addf %sacc1_15, %zero : !acc
      %end = affine.apply affine_map<(j) -> (j * 64 + 64)>(%j)
      %masked = arith.cmpi ugt, %end, %n_ctx : index
      %sm:2 = scf.if %masked -> (!acc, !acc) {
        %ji = arith.index_cast %j : index to i32
        %base = arith.muli %ji, %c64_i32 : i32
        %bv = vector.broadcast %base : i32 to !index
        %key0 = arith.addi %key_in_tile, %bv : !index
        %half = vector.broadcast %c32_i32 : i32 to !index
        %key1 = arith.addi %key0, %half : !index
        %in0 = arith.cmpi slt, %key0, %n_vec : !index
        %in1 = arith.cmpi slt, %key1, %n_vec : !index
        %mk0 = arith.select %in0, %s0, %minus_inf : vector<16xi1>, !acc
        %mk1 = arith.select %in1, %s1, %minus_inf : vector<16xi1>, !acc
        scf.yield %mk0, %mk1 : !acc, !acc
      } else {
        scf.yield %s0, %s1 : !acc, !acc
      }
      %m_raw = wave.fragment_reduce <max> %sm#0, %sm#1 fragment #S dim 0 : !acc, !acc -> !stat
      %m_step = arith.mulf %m_raw, %qk1 : !stat
      %m_new = arith.maximumf %m, %m_step : !stat
      %m_bcast = wave.fragment_broadcast %m_new fragment #S dim 0 : !stat -> !acc
      %sc0 = arith.mulf %sm#0, %qk : !acc
      %sc1 = arith.mulf %sm#1, %qk : !acc
      %d0 = arith.subf %sc0, %m_bcast : !acc
      %d1 = arith.subf %sc1, %m_bcast : !acc
      %p0 = math.exp2 %d0 : !acc
      %p1 = math.exp2 %d1 : !acc
      %m_diff = arith.subf %m, %m_new : !stat
      %alpha = math.exp2 %m_diff : !stat
      %alpha_b = wave.fragment_broadcast %alpha fragment #S dim 0 : !stat -> !acc
      %psum = arith.addf %p0, %p1 : !acc
      %l_scaled = arith.mulf %l, %alpha_b : !acc
      %l_new = arith.addf %l_scaled, %psum : !acc
      %pa:4 = wave.acc_to_operand %p0 fragment #S to #P : !acc -> !frag, !frag, !frag, !frag
      %pb:4 = wave.acc_to_operand %p1 fragment #S to #P : !acc -> !frag, !frag, !frag, !frag
      // O, relative to the maximum before block j - 1, rescaled to the one
      // after it (alpha of the step before) ahead of the block's products.
      %al_b = wave.fragment_broadcast %al fragment #S dim 0 : !stat -> !acc
      %os0 = arith.mulf %o0_in, %al_b : !acc
      %os1 = arith.mulf %o1_in, %al_b : !acc
      %os2 = arith.mulf %o2_in, %al_b : !acc
      %os3 = arith.mulf %o3_in, %al_b : !acc
      %vf0_0_v = wave.read %vt_tile[%c0, %c0] fragment #V : !vt_tile -> !frag
      %o0_0_v = wave.mma <f32_32x32x8_f16> %vf0_0_v, %P0, %os0 : !frag, !frag -> !acc
      %vf1_0_v = wave.read %vt_tile[%c1, %c0] fragment #V : !vt_tile -> !frag
      %o1_0_v = wave.mma <f32_32x32x8_f16> %vf1_0_v, %P0, %os1 : !frag, !frag -> !acc
      %vf2_0_v = wave.read %vt_tile[%c2, %c0] fragment #V : !vt_tile -> !frag
      %o2_0_v = wave.mma <f32_32x32x8_f16> %vf2_0_v, %P0, %os2 : !frag, !frag -> !acc
      %vf3_0_v = wave.read %vt_tile[%c3, %c0] fragment #V : !vt_tile -> !frag
      %o3_0_v = wave.mma <f32_32x32x8_f16> %vf3_0_v, %P0, %os3 : !frag, !frag -> !acc
      %vf0_1_v = wave.read %vt_tile[%c0, %c1] fragment #V : !vt_tile -> !frag
      %o0_1_v = wave.mma <f32_32x32x8_f16> %vf0_1_v, %P1, %o0_0_v : !frag, !frag -> !acc
      %vf1_1_v = wave.read %vt_tile[%c1, %c1] fragment #V : !vt_tile -> !frag
      %o1_1_v = wave.mma <f32_32x32x8_f16> %vf1_1_v, %P1, %o1_0_v : !frag, !frag -> !acc
      %vf2_1_v = wave.read %vt_tile[%c2, %c1] fragment #V : !vt_tile -> !frag
      %o2_1_v = wave.mma <f32_32x32x8_f16> %vf2_1_v, %P1, %o2_0_v : !frag, !frag -> !acc
      %vf3_1_v = wave.read %vt_tile[%c3, %c1] fragment #V : !vt_tile -> !frag
      %o3_1_v = wave.mma <f32_32x32x8_f16> %vf3_1_v, %P1, %o3_0_v : !frag, !frag -> !acc
      %vf0_2_v = wave.read %vt_tile[%c0, %c2] fragment #V : !vt_tile -> !frag
      %o0_2_v = wave.mma <f32_32x32x8_f16> %vf0_2_v, %P2, %o0_1_v : !frag, !frag -> !acc
      %vf1_2_v = wave.read %vt_tile[%c1, %c2] fragment #V : !vt_tile -> !frag
      %o1_2_v = wave.mma <f32_32x32x8_f16> %vf1_2_v, %P2, %o1_1_v : !frag, !frag -> !acc
      %vf2_2_v = wave.read %vt_tile[%c2, %c2] fragment #V : !vt_tile -> !frag
      %o2_2_v = wave.mma <f32_32x32x8_f16> %vf2_2_v, %P2, %o2_1_v : !frag, !frag -> !acc
      %vf3_2_v = wave.read %vt_tile[%c3, %c2] fragment #V : !vt_tile -> !frag
      %o3_2_v = wave.mma <f32_32x32x8_f16> %vf3_2_v, %P2, %o3_1_v : !frag, !frag -> !acc
      %vf0_3_v = wave.read %vt_tile[%c0, %c3] fragment #V : !vt_tile -> !frag
      %o0_3_v = wave.mma <f32_32x32x8_f16> %vf0_3_v, %P3, %o0_2_v : !frag, !frag -> !acc
      %vf1_3_v = wave.read %vt_tile[%c1, %c3] fragment #V : !vt_tile -> !frag
      %o1_3_v = wave.mma <f32_32x32x8_f16> %vf1_3_v, %P3, %o1_2_v : !frag, !frag -> !acc
      %vf2_3_v = wave.read %vt_tile[%c2, %c3] fragment #V : !vt_tile -> !frag
      %o2_3_v = wave.mma <f32_32x32x8_f16> %vf2_3_v, %P3, %o2_2_v : !frag, !frag -> !acc
      %vf3_3_v = wave.read %vt_tile[%c3, %c3] fragment #V : !vt_tile -> !frag
      %o3_3_v = wave.mma <f32_32x32x8_f16> %vf3_3_v, %P3, %o3_2_v : !frag, !frag -> !acc
      %vf0_4_v = wave.read %vt_tile[%c0, %c4] fragment #V : !vt_tile -> !frag
      %o0_4_v = wave.mma <f32_32x32x8_f16> %vf0_4_v, %P4, %o0_3_v : !frag, !frag -> !acc
      %vf1_4_v = wave.read %vt_tile[%c1, %c4] fragment #V : !vt_tile -> !frag
      %o1_4_v = wave.mma <f32_32x32x8_f16> %vf1_4_v, %P4, %o1_3_v : !frag, !frag -> !acc
      %vf2_4_v = wave.read %vt_tile[%c2, %c4] fragment #V : !vt_tile -> !frag
      %o2_4_v = wave.mma <f32_32x32x8_f16> %vf2_4_v, %P4, %o2_3_v : !frag, !frag -> !acc
      %vf3_4_v = wave.read %vt_tile[%c3, %c4] fragment #V : !vt_tile -> !frag
      %o3_4_v = wave.mma <f32_32x32x8_f16> %vf3_4_v, %P4, %o3_3_v : !frag, !frag -> !acc
      %vf0_5_v = wave.read %vt_tile[%c0, %c5] fragment #V : !vt_tile -> !frag
      %o0_5_v = wave.mma <f32_32x32x8_f16> %vf0_5_v, %P5, %o0_4_v : !frag, !frag -> !acc
      %vf1_5_v = wave.read %vt_tile[%c1, %c5] fragment #V : !vt_tile -> !frag
      %o1_5_v = wave.mma <f32_32x32x8_f16> %vf1_5_v, %P5, %o1_4_v : !frag, !frag -> !acc
      %vf2_5_v = wave.read %vt_tile[%c2, %c5] fragment #V : !vt_tile -> !frag
      %o2_5_v = wave.mma <f32_32x32x8_f16> %vf2_5_v, %P5, %o2_4_v : !frag, !frag -> !acc
      %vf3_5_v = wave.read %vt_tile[%c3, %c5] fragment #V : !vt_tile -> !frag
      %o3_5_v = wave.mma <f32_32x32x8_f16> %vf3_5_v, %P5, %o3_4_v : !frag, !frag -> !acc
      %vf0_6_v = wave.read %vt_tile[%c0, %c6] fragment #V : !vt_tile -> !frag
      %o0_6_v = wave.mma <f32_32x32x8_f16> %vf0_6_v, %P6, %o0_5_v : !frag, !frag -> !acc
      %vf1_6_v = wave.read %vt_tile[%c1, %c6] fragment #V : !vt_tile -> !frag
      %o1_6_v = wave.mma <f32_32x32x8_f16> %vf1_6_v, %P6, %o1_5_v : !frag, !frag -> !acc
      %vf2_6_v = wave.read %vt_tile[%c2, %c6] fragment #V : !vt_tile -> !frag
      %o2_6_v = wave.mma <f32_32x32x8_f16> %vf2_6_v, %P6, %o2_5_v : !frag, !frag -> !acc
      %vf3_6_v = wave.read %vt_tile[%c3, %c6] fragment #V : !vt_tile -> !frag
      %o3_6_v = wave.mma <f32_32x32x8_f16> %vf3_6_v, %P6, %o3_5_v : !frag, !frag -> !acc
      %vf0_7_v = wave.read %vt_tile[%c0, %c7] fragment #V : !vt_tile -> !frag
      %o0_7_v = wave.mma <f32_32x32x8_f16> %vf0_7_v, %P7, %o0_6_v : !frag, !frag -> !acc
      %vf1_7_v = wave.read %vt_tile[%c1, %c7] fragment #V : !vt_tile -> !frag
      %o1_7_v = wave.mma <f32_32x32x8_f16> %vf1_7_v, %P7, %o1_6_v : !frag, !frag -> !acc
      %vf2_7_v = wave.read %vt_tile[%c2, %c7] fragment #V : !vt_tile -> !frag
      %o2_7_v = wave.mma <f32_32x32x8_f16> %vf2_7_v, %P7, %o2_6_v : !frag, !frag -> !acc
      %vf3_7_v = wave.read %vt_tile[%c3, %c7] fragment #V : !vt_tile -> !frag
      %o3_7_v = wave.mma <f32_32x32x8_f16> %vf3_7_v, %P7, %o3_6_v : !frag, !frag -> !acc
      wave.barrier
      scf.yield %m_new, %l_new, %alpha, %o0_7_v, %o1_7_v, %o2_7_v, %o3_7_v, %pa#0, %pa#1, %pa#2, %pa#3, %pb#0, %pb#1, %pb#2, %pb#3 : !stat, !acc, !stat, !acc, !acc, !acc, !acc, !frag, !frag, !frag, !frag, !frag, !frag, !frag, !frag
    }
    %Lf = wave.fragment_reduce <add> %res#1, %zero fragment #S dim 0 : !acc, !acc -> !stat
    %Of0 = arith.addf %res#3, %zero : !acc
    %Of1 = arith.addf %res#4, %zero : !acc
    %Of2 = arith.addf %res#5, %zero : !acc
    %Of3 = arith.addf %res#6, %zero : !acc
    // O = O^T / l, stored transposed as f16.
    %inv = arith.divf %one, %Lf : !stat
    %inv_bcast = wave.fragment_broadcast %inv fragment #S dim 0 : !stat -> !acc
    %on0 = arith.mulf %Of0, %inv_bcast : !acc
    %oh0 = arith.truncf %on0 : !acc to vector<16xf16>
    wave.write %oh0, %O[%h, %qb, %w, %c0] map #o_pos fragment #O bounded
        : vector<16xf16>, !qkv
    %on1 = arith.mulf %Of1, %inv_bcast : !acc
    %oh1 = arith.truncf %on1 : !acc to vector<16xf16>
    wave.write %oh1, %O[%h, %qb, %w, %c1] map #o_pos fragment #O bounded
        : vector<16xf16>, !qkv
    %on2 = arith.mulf %Of2, %inv_bcast : !acc
    %oh2 = arith.truncf %on2 : !acc to vector<16xf16>
    wave.write %oh2, %O[%h, %qb, %w, %c2] map #o_pos fragment #O bounded
        : vector<16xf16>, !qkv
    %on3 = arith.mulf %Of3, %inv_bcast : !acc
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
