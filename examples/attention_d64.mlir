// attention_d64: FlashAttention-2 forward, O = softmax(Q K^T sm_scale) V per head,
// with f16 Q, K, V, O of shape [heads, n_ctx, 64] (row-major), f32
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
//          wave.acc_to_operand turns P^T = exp2(S^T - m) into the B
//          fragments of the next MMA without leaving the lane's registers.
//          A query is a column of S^T: wave.fragment_reduce over dim 0
//          gives its maximum and sum (the lane's 16 slots, then the lane 32
//          apart: no LDS, no barrier), wave.fragment_broadcast spreads the
//          running statistics back over the accumulators for the rescale.
//          Keys past n_ctx (a partial last block) are masked to -inf with
//          wave.fragment_index; only that block takes the masked branch.
//          Q (128 x 64) is staged in LDS once; K (64 x 64) and V, written
//          transposed (V^T, 64 x 64, so that its A fragments are 4
//          consecutive keys), are staged every step with 16-byte global
//          reads; the passes of wave-optimize pipeline those reads, lay the
//          tiles out in LDS and place the barriers. The kernel asks for
//          occupancy 2, which it reaches anyway: the register estimate
//          misses the swizzled reads' address registers on gfx950 (116
//          VGPRs estimated, about 200 allocated), and without the request
//          wave-pipeline-loops would budget for occupancy 4 and decline.
// Reference: @attention_d64_ref, one workgroup of 64 lanes looping over heads and
//          queries: the scores of a query in LDS, then its softmax row by row
//          in f32 (max, sum of exp2), then lane d's output element.

!qkv = memref<?x?x64xf16>
!q_tile = memref<128x64xf16, #gpu.address_space<workgroup>>
!k_tile = memref<64x64xf16, #gpu.address_space<workgroup>>
!vt_tile = memref<64x64xf16, #gpu.address_space<workgroup>>
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
// Chunk c of 8 elements of lane t in a copy of rows of 64.
#q_src = affine_map<(h, qb, c, t) -> (h, qb * 128 + c * 32 + t floordiv 8, (t mod 8) * 8)>
#kv_src = affine_map<(h, j, c, t) -> (h, j * 64 + c * 32 + t floordiv 8, (t mod 8) * 8)>
#row_dst = affine_map<(c, t) -> (c * 32 + t floordiv 8, (t mod 8) * 8)>
#col_dst = affine_map<(c, t) -> ((t mod 8) * 8, c * 32 + t floordiv 8)>
// Wave w's 32 x 32 block t of O.
#o_pos = affine_map<(h, qb, w, t) -> (h, qb * 4 + w, t)>

gpu.module @attention_d64 {
  gpu.func @attention_d64(%Q: !qkv {wave.dims = array<i64: 5, 6>},
                   %K: !qkv {wave.dims = array<i64: 5, 6>},
                   %V: !qkv {wave.dims = array<i64: 5, 6>},
                   %O: !qkv {wave.dims = array<i64: 5, 6>},
                   %sm_scale: f32, %heads: index, %n_ctx: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 2>,
                  wave.reference = @attention_d64_ref,
                  wave.assume = affine_set<(q, k, v, o, s, h, n) :
                      (h - 1 >= 0, n - 1 >= 0, 64 - h >= 0, 65536 - n >= 0)>} {
    %q_tile = wave.alloc_lds : !q_tile
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
    %q0 = wave.read %Q[%h, %qb, %c0, %t] map #q_src bounded : !qkv -> vector<8xf16>
    wave.write %q0, %q_tile[%c0, %t] map #row_dst : vector<8xf16>, !q_tile
    %q1 = wave.read %Q[%h, %qb, %c1, %t] map #q_src bounded : !qkv -> vector<8xf16>
    wave.write %q1, %q_tile[%c1, %t] map #row_dst : vector<8xf16>, !q_tile
    %q2 = wave.read %Q[%h, %qb, %c2, %t] map #q_src bounded : !qkv -> vector<8xf16>
    wave.write %q2, %q_tile[%c2, %t] map #row_dst : vector<8xf16>, !q_tile
    %q3 = wave.read %Q[%h, %qb, %c3, %t] map #q_src bounded : !qkv -> vector<8xf16>
    wave.write %q3, %q_tile[%c3, %t] map #row_dst : vector<8xf16>, !q_tile
    %blocks = arith.ceildivui %n_ctx, %c64 : index
    %n_i32 = arith.index_cast %n_ctx : index to i32
    %n_vec = vector.broadcast %n_i32 : i32 to !index
    %key_in_tile = wave.fragment_index fragment #S dim 0 : !index
    %res:4 = scf.for %j = %c0 to %blocks step %c1
        iter_args(%m = %m_init, %l = %l_init, %o0_in = %zero, %o1_in = %zero)
        -> (!stat, !stat, !acc, !acc) {
      // Stage the step's 64 keys: K as it is, V transposed.
      %k0 = wave.read %K[%h, %j, %c0, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %k0, %k_tile[%c0, %t] map #row_dst : vector<8xf16>, !k_tile
      %k1 = wave.read %K[%h, %j, %c1, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %k1, %k_tile[%c1, %t] map #row_dst : vector<8xf16>, !k_tile
      %v0 = wave.read %V[%h, %j, %c0, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %v0, %vt_tile[%c0, %t] map #col_dst along 0 : vector<8xf16>, !vt_tile
      %v1 = wave.read %V[%h, %j, %c1, %t] map #kv_src bounded : !qkv -> vector<8xf16>
      wave.write %v1, %vt_tile[%c1, %t] map #col_dst along 0 : vector<8xf16>, !vt_tile
      wave.barrier
      // S^T for keys 0-31 and 32-63 of the step against the wave's queries.
      %st:2 = wave.mma_tile %k_tile[%c0] fragment #K, %q_tile[%w] fragment #Q,
          %zero, %zero grid [2, 1] : !k_tile, !q_tile -> !acc, !acc
      %s0 = arith.mulf %st#0, %qk : !acc
      %s1 = arith.mulf %st#1, %qk : !acc
      // Masked: only the partial last block.
      %end = affine.apply affine_map<(j) -> (j * 64 + 64)>(%j)
      %masked = arith.cmpi ugt, %end, %n_ctx : index
      %sm:2 = scf.if %masked -> (!acc, !acc) {
        %j_i32 = arith.index_cast %j : index to i32
        %base = arith.muli %j_i32, %c64_i32 : i32
        %base_vec = vector.broadcast %base : i32 to !index
        %key0 = arith.addi %key_in_tile, %base_vec : !index
        %half = vector.broadcast %c32_i32 : i32 to !index
        %key1 = arith.addi %key0, %half : !index
        %in0 = arith.cmpi slt, %key0, %n_vec : !index
        %in1 = arith.cmpi slt, %key1, %n_vec : !index
        %m0 = arith.select %in0, %s0, %minus_inf : vector<16xi1>, !acc
        %m1 = arith.select %in1, %s1, %minus_inf : vector<16xi1>, !acc
        scf.yield %m0, %m1 : !acc, !acc
      } else {
        scf.yield %s0, %s1 : !acc, !acc
      }
      // Online softmax of each query (a column of S^T).
      %m_step = wave.fragment_reduce <max> %sm#0, %sm#1 fragment #S dim 0
          : !acc, !acc -> !stat
      %m_new = arith.maximumf %m, %m_step : !stat
      %m_bcast = wave.fragment_broadcast %m_new fragment #S dim 0 : !stat -> !acc
      %d0 = arith.subf %sm#0, %m_bcast : !acc
      %d1 = arith.subf %sm#1, %m_bcast : !acc
      %p0 = math.exp2 %d0 : !acc
      %p1 = math.exp2 %d1 : !acc
      %m_diff = arith.subf %m, %m_new : !stat
      %alpha = math.exp2 %m_diff : !stat
      %l_step = wave.fragment_reduce <add> %p0, %p1 fragment #S dim 0
          : !acc, !acc -> !stat
      %l_scaled = arith.mulf %l, %alpha : !stat
      %l_new = arith.addf %l_scaled, %l_step : !stat
      %alpha_bcast = wave.fragment_broadcast %alpha fragment #S dim 0 : !stat -> !acc
      %os0 = arith.mulf %o0_in, %alpha_bcast : !acc
      %os1 = arith.mulf %o1_in, %alpha_bcast : !acc
      // P^T as the B fragments of O^T = V^T P^T, in registers.
      %pa:4 = wave.acc_to_operand %p0 fragment #S to #P
          : !acc -> !frag, !frag, !frag, !frag
      %pb:4 = wave.acc_to_operand %p1 fragment #S to #P
          : !acc -> !frag, !frag, !frag, !frag
      // O^T block t (rows 32 t ..) += V^T (t, kk) P^T (kk), K step kk by K step,
      // the 2 accumulators in turn.
      %v0_0 = wave.read %vt_tile[%c0, %c0] fragment #V : !vt_tile -> !frag
      %o0_0 = wave.mma <f32_32x32x8_f16> %v0_0, %pa#0, %os0 : !frag, !frag -> !acc
      %v1_0 = wave.read %vt_tile[%c1, %c0] fragment #V : !vt_tile -> !frag
      %o1_0 = wave.mma <f32_32x32x8_f16> %v1_0, %pa#0, %os1 : !frag, !frag -> !acc
      %v0_1 = wave.read %vt_tile[%c0, %c1] fragment #V : !vt_tile -> !frag
      %o0_1 = wave.mma <f32_32x32x8_f16> %v0_1, %pa#1, %o0_0 : !frag, !frag -> !acc
      %v1_1 = wave.read %vt_tile[%c1, %c1] fragment #V : !vt_tile -> !frag
      %o1_1 = wave.mma <f32_32x32x8_f16> %v1_1, %pa#1, %o1_0 : !frag, !frag -> !acc
      %v0_2 = wave.read %vt_tile[%c0, %c2] fragment #V : !vt_tile -> !frag
      %o0_2 = wave.mma <f32_32x32x8_f16> %v0_2, %pa#2, %o0_1 : !frag, !frag -> !acc
      %v1_2 = wave.read %vt_tile[%c1, %c2] fragment #V : !vt_tile -> !frag
      %o1_2 = wave.mma <f32_32x32x8_f16> %v1_2, %pa#2, %o1_1 : !frag, !frag -> !acc
      %v0_3 = wave.read %vt_tile[%c0, %c3] fragment #V : !vt_tile -> !frag
      %o0_3 = wave.mma <f32_32x32x8_f16> %v0_3, %pa#3, %o0_2 : !frag, !frag -> !acc
      %v1_3 = wave.read %vt_tile[%c1, %c3] fragment #V : !vt_tile -> !frag
      %o1_3 = wave.mma <f32_32x32x8_f16> %v1_3, %pa#3, %o1_2 : !frag, !frag -> !acc
      %v0_4 = wave.read %vt_tile[%c0, %c4] fragment #V : !vt_tile -> !frag
      %o0_4 = wave.mma <f32_32x32x8_f16> %v0_4, %pb#0, %o0_3 : !frag, !frag -> !acc
      %v1_4 = wave.read %vt_tile[%c1, %c4] fragment #V : !vt_tile -> !frag
      %o1_4 = wave.mma <f32_32x32x8_f16> %v1_4, %pb#0, %o1_3 : !frag, !frag -> !acc
      %v0_5 = wave.read %vt_tile[%c0, %c5] fragment #V : !vt_tile -> !frag
      %o0_5 = wave.mma <f32_32x32x8_f16> %v0_5, %pb#1, %o0_4 : !frag, !frag -> !acc
      %v1_5 = wave.read %vt_tile[%c1, %c5] fragment #V : !vt_tile -> !frag
      %o1_5 = wave.mma <f32_32x32x8_f16> %v1_5, %pb#1, %o1_4 : !frag, !frag -> !acc
      %v0_6 = wave.read %vt_tile[%c0, %c6] fragment #V : !vt_tile -> !frag
      %o0_6 = wave.mma <f32_32x32x8_f16> %v0_6, %pb#2, %o0_5 : !frag, !frag -> !acc
      %v1_6 = wave.read %vt_tile[%c1, %c6] fragment #V : !vt_tile -> !frag
      %o1_6 = wave.mma <f32_32x32x8_f16> %v1_6, %pb#2, %o1_5 : !frag, !frag -> !acc
      %v0_7 = wave.read %vt_tile[%c0, %c7] fragment #V : !vt_tile -> !frag
      %o0_7 = wave.mma <f32_32x32x8_f16> %v0_7, %pb#3, %o0_6 : !frag, !frag -> !acc
      %v1_7 = wave.read %vt_tile[%c1, %c7] fragment #V : !vt_tile -> !frag
      %o1_7 = wave.mma <f32_32x32x8_f16> %v1_7, %pb#3, %o1_6 : !frag, !frag -> !acc
      wave.barrier
      scf.yield %m_new, %l_new, %o0_7, %o1_7 : !stat, !stat, !acc, !acc
    }
    // O = O^T / l, stored transposed as f16.
    %inv = arith.divf %one, %res#1 : !stat
    %inv_bcast = wave.fragment_broadcast %inv fragment #S dim 0 : !stat -> !acc
    %on0 = arith.mulf %res#2, %inv_bcast : !acc
    %oh0 = arith.truncf %on0 : !acc to vector<16xf16>
    wave.write %oh0, %O[%h, %qb, %w, %c0] map #o_pos fragment #O bounded
        : vector<16xf16>, !qkv
    %on1 = arith.mulf %res#3, %inv_bcast : !acc
    %oh1 = arith.truncf %on1 : !acc to vector<16xf16>
    wave.write %oh1, %O[%h, %qb, %w, %c1] map #o_pos fragment #O bounded
        : vector<16xf16>, !qkv
    gpu.return
  }

  gpu.func @attention_d64_ref(%Q: !qkv {wave.dims = array<i64: 5, 6>},
                       %K: !qkv {wave.dims = array<i64: 5, 6>},
                       %V: !qkv {wave.dims = array<i64: 5, 6>},
                       %O: !qkv {wave.dims = array<i64: 5, 6>},
                       %sm_scale: f32, %heads: index, %n_ctx: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.assume = affine_set<(q, k, v, o, s, h, n) :
                      (h - 1 >= 0, n - 1 >= 0, 4096 - n >= 0)>} {
    %scores = wave.alloc_lds : memref<4096xf32, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %minus_inf = arith.constant 0xFF800000 : f32
    %log2e = arith.constant 1.44269504 : f32
    %qk_scale = arith.mulf %sm_scale, %log2e : f32
    %lane = gpu.thread_id x
    scf.for %h = %c0 to %heads step %c1 {
      scf.for %q = %c0 to %n_ctx step %c1 {
        // The query's scores, lane i computing keys i, i + 64, ...
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
