// gemm_nk_128: C = A * B^T with f16 inputs and f32 accumulation on the
// matrix cores (MFMA v_mfma_f32_32x32x8_f16) at the 128 x 128 x 32
// workgroup tile most production GEMM configurations start from, operands
// staged through padded LDS tiles.
//
// Shapes:  A : memref<512x512xf16> (M x K, row-major),
//          B : memref<512x512xf16> (N x K, row-major: B stored transposed),
//          C : memref<512x512xf32> (M x N), C[m][n] = sum_k A[m][k] * B[n][k].
// Launch:  4 x 4 workgroups of 256 lanes; workgroup (bn, bm) = (block x,
//          block y) computes the 128 x 128 block C[bm*128 ..][bn*128 ..].
//          Its 4 waves form a 2 x 2 grid: thread t is lane l = t mod 64 of
//          wave w = t floordiv 64, and wave w = (wr, wc) = (w floordiv 2,
//          w mod 2) owns the 64 x 64 sub-block at rows 64 wr, columns 64 wc,
//          as 2 x 2 MFMA tiles of 32 x 32 (i, j), each accumulated in one
//          vector<16xf32>.
// Shows:   the production tile written in the naive staging style of
//          examples/gemm.mlir. The K loop runs 16 steps of BLOCK_K = 32;
//          every step
//            1. stages the 128 x 32 block of A and the 128 x 32 block of B
//               (N x K) into LDS tiles padded by 4 f16 a row (rows of 36),
//               in the MFMA operand layout: row (or column of C) =
//               l mod 32, k = (l floordiv 32) * 4 + slot, so each lane
//               loads 4 contiguous f16 along K of both A and B (B is stored
//               N x K, so its operand runs along memory too). Wave w stages
//               the K columns 8w .. 8w + 7 of the four 32-row quarters of
//               each block: every tile element is written by exactly one
//               lane, 4 reads of 8 bytes per operand a lane;
//            2. waits at a barrier;
//            3. runs 16 MFMAs a wave (4 K slices of 8 x 2 x 2 tiles), the
//               A fragments from tile rows 64 wr + 32 i .., the B fragments
//               from tile rows 64 wc + 32 j .., two K slices' operands a
//               read (below);
//            4. waits at a second barrier before the next step's staging.
//          The accumulators go to C in the MFMA accumulator layout: slot s
//          of lane l holds row (s floordiv 4) * 8 + (l floordiv 32) * 4 +
//          s mod 4, column l mod 32 of its tile (writes `along 0`).
// Reference: @gemm_nk_128_ref, one lane per element of C (32 x 32
//          workgroups of 16 x 16 lanes), a scalar f32 dot product over
//          memref.load. Results agree up to f32 rounding of the summation
//          order.

// The LDS tiles: 128 x 32 of A and of B (N x K), rows padded by 4 f16.
!tile = memref<128x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>

// Staging of quarter q = 0 .. 3 of the block (rows 32q ..) of A (block row
// bm) or B (block column bn), K columns 8w .. 8w + 7 of the BLOCK_K slice ks.
#stage = affine_map<(t, b, ks, q) ->
    (b * 128 + q * 32 + t mod 32,
     ks * 32 + (t floordiv 64) * 8 + ((t mod 64) floordiv 32) * 4)>
// ... stored at the same coordinates of the tile.
#stage_tile = affine_map<(t, q) ->
    (q * 32 + t mod 32,
     (t floordiv 64) * 8 + ((t mod 64) floordiv 32) * 4)>
// MFMA A operands of tile row i of wave (wr, wc) for the two K steps of the
// K slice 16kk .. 16kk + 15, packed as wave-expand-fragments packs them
// (k_pack = 2): lane l reads the 8 consecutive K elements 16kk +
// (l floordiv 32) * 8 .. + 7 (16 bytes), the first 4 for the first step's
// MFMAs, the last 4 for the second's. A and B use the same K order, so the
// sum over the slice is unchanged.
#a_frag = affine_map<(t, i, kk) ->
    ((t floordiv 128) * 64 + i * 32 + t mod 32,
     kk * 16 + ((t mod 64) floordiv 32) * 8)>
// MFMA B operands of tile column j: row 64 wc + 32 j + l mod 32 of the N x K
// tile, packed the same way.
#b_frag = affine_map<(t, j, kk) ->
    (((t floordiv 64) mod 2) * 64 + j * 32 + t mod 32,
     kk * 16 + ((t mod 64) floordiv 32) * 8)>
// Accumulator slots 4g .. 4g + 3 of tile (i, j): rows 8g + (l floordiv 32)
// * 4 .. + 3 of the tile, column l mod 32.
#c_rows = affine_map<(t, bm, bn, i, j, g) ->
    (bm * 128 + (t floordiv 128) * 64 + i * 32 + g * 8
       + ((t mod 64) floordiv 32) * 4,
     bn * 128 + ((t floordiv 64) mod 2) * 64 + j * 32 + t mod 32)>

gpu.module @gemm_nk_128 {
  gpu.func @gemm_nk_128(%A: memref<512x512xf16>, %B: memref<512x512xf16>,
                        %C: memref<512x512xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 4, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64,
                                             occupancy = 3>,
                  wave.reference = @gemm_nk_128_ref} {
    %a_tile = wave.alloc_lds padding [0, 4] : !tile
    %b_tile = wave.alloc_lds padding [0, 4] : !tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %tid = gpu.thread_id x
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %result:4 = scf.for %ks = %c0 to %c16 step %c1
        iter_args(%acc00 = %zero, %acc01 = %zero, %acc10 = %zero,
                  %acc11 = %zero)
        -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
      %a0 = wave.read %A[%tid, %bm, %ks, %c0] map #stage
          : memref<512x512xf16> -> vector<4xf16>
      wave.write %a0, %a_tile[%tid, %c0] map #stage_tile
          : vector<4xf16>, !tile
      %a1 = wave.read %A[%tid, %bm, %ks, %c1] map #stage
          : memref<512x512xf16> -> vector<4xf16>
      wave.write %a1, %a_tile[%tid, %c1] map #stage_tile
          : vector<4xf16>, !tile
      %a2 = wave.read %A[%tid, %bm, %ks, %c2] map #stage
          : memref<512x512xf16> -> vector<4xf16>
      wave.write %a2, %a_tile[%tid, %c2] map #stage_tile
          : vector<4xf16>, !tile
      %a3 = wave.read %A[%tid, %bm, %ks, %c3] map #stage
          : memref<512x512xf16> -> vector<4xf16>
      wave.write %a3, %a_tile[%tid, %c3] map #stage_tile
          : vector<4xf16>, !tile
      %b0 = wave.read %B[%tid, %bn, %ks, %c0] map #stage
          : memref<512x512xf16> -> vector<4xf16>
      wave.write %b0, %b_tile[%tid, %c0] map #stage_tile
          : vector<4xf16>, !tile
      %b1 = wave.read %B[%tid, %bn, %ks, %c1] map #stage
          : memref<512x512xf16> -> vector<4xf16>
      wave.write %b1, %b_tile[%tid, %c1] map #stage_tile
          : vector<4xf16>, !tile
      %b2 = wave.read %B[%tid, %bn, %ks, %c2] map #stage
          : memref<512x512xf16> -> vector<4xf16>
      wave.write %b2, %b_tile[%tid, %c2] map #stage_tile
          : vector<4xf16>, !tile
      %b3 = wave.read %B[%tid, %bn, %ks, %c3] map #stage
          : memref<512x512xf16> -> vector<4xf16>
      wave.write %b3, %b_tile[%tid, %c3] map #stage_tile
          : vector<4xf16>, !tile
      wave.barrier
      %fa00 = wave.read %a_tile[%tid, %c0, %c0] map #a_frag
          : !tile -> vector<8xf16>
      %fa01 = wave.read %a_tile[%tid, %c1, %c0] map #a_frag
          : !tile -> vector<8xf16>
      %fb00 = wave.read %b_tile[%tid, %c0, %c0] map #b_frag
          : !tile -> vector<8xf16>
      %fb01 = wave.read %b_tile[%tid, %c1, %c0] map #b_frag
          : !tile -> vector<8xf16>
      %sa00 = vector.extract_strided_slice %fa00
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sa01 = vector.extract_strided_slice %fa01
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb00 = vector.extract_strided_slice %fb00
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb01 = vector.extract_strided_slice %fb01
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %d000 = wave.mma <f32_32x32x8_f16> %sa00, %sb00, %acc00
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d001 = wave.mma <f32_32x32x8_f16> %sa00, %sb01, %acc01
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d010 = wave.mma <f32_32x32x8_f16> %sa01, %sb00, %acc10
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d011 = wave.mma <f32_32x32x8_f16> %sa01, %sb01, %acc11
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %sa10 = vector.extract_strided_slice %fa00
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sa11 = vector.extract_strided_slice %fa01
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb10 = vector.extract_strided_slice %fb00
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb11 = vector.extract_strided_slice %fb01
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %d100 = wave.mma <f32_32x32x8_f16> %sa10, %sb10, %d000
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d101 = wave.mma <f32_32x32x8_f16> %sa10, %sb11, %d001
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d110 = wave.mma <f32_32x32x8_f16> %sa11, %sb10, %d010
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d111 = wave.mma <f32_32x32x8_f16> %sa11, %sb11, %d011
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %fa10 = wave.read %a_tile[%tid, %c0, %c1] map #a_frag
          : !tile -> vector<8xf16>
      %fa11 = wave.read %a_tile[%tid, %c1, %c1] map #a_frag
          : !tile -> vector<8xf16>
      %fb10 = wave.read %b_tile[%tid, %c0, %c1] map #b_frag
          : !tile -> vector<8xf16>
      %fb11 = wave.read %b_tile[%tid, %c1, %c1] map #b_frag
          : !tile -> vector<8xf16>
      %sa20 = vector.extract_strided_slice %fa10
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sa21 = vector.extract_strided_slice %fa11
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb20 = vector.extract_strided_slice %fb10
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb21 = vector.extract_strided_slice %fb11
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %d200 = wave.mma <f32_32x32x8_f16> %sa20, %sb20, %d100
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d201 = wave.mma <f32_32x32x8_f16> %sa20, %sb21, %d101
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d210 = wave.mma <f32_32x32x8_f16> %sa21, %sb20, %d110
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d211 = wave.mma <f32_32x32x8_f16> %sa21, %sb21, %d111
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %sa30 = vector.extract_strided_slice %fa10
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sa31 = vector.extract_strided_slice %fa11
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb30 = vector.extract_strided_slice %fb10
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb31 = vector.extract_strided_slice %fb11
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %d300 = wave.mma <f32_32x32x8_f16> %sa30, %sb30, %d200
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d301 = wave.mma <f32_32x32x8_f16> %sa30, %sb31, %d201
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d310 = wave.mma <f32_32x32x8_f16> %sa31, %sb30, %d210
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d311 = wave.mma <f32_32x32x8_f16> %sa31, %sb31, %d211
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      wave.barrier
      scf.yield %d300, %d301, %d310, %d311
          : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
    }
    %c00_0 = vector.extract_strided_slice %result#0
        {offsets = [0], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c00_0, %C[%tid, %bm, %bn, %c0, %c0, %c0] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c00_1 = vector.extract_strided_slice %result#0
        {offsets = [4], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c00_1, %C[%tid, %bm, %bn, %c0, %c0, %c1] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c00_2 = vector.extract_strided_slice %result#0
        {offsets = [8], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c00_2, %C[%tid, %bm, %bn, %c0, %c0, %c2] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c00_3 = vector.extract_strided_slice %result#0
        {offsets = [12], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c00_3, %C[%tid, %bm, %bn, %c0, %c0, %c3] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c01_0 = vector.extract_strided_slice %result#1
        {offsets = [0], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c01_0, %C[%tid, %bm, %bn, %c0, %c1, %c0] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c01_1 = vector.extract_strided_slice %result#1
        {offsets = [4], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c01_1, %C[%tid, %bm, %bn, %c0, %c1, %c1] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c01_2 = vector.extract_strided_slice %result#1
        {offsets = [8], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c01_2, %C[%tid, %bm, %bn, %c0, %c1, %c2] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c01_3 = vector.extract_strided_slice %result#1
        {offsets = [12], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c01_3, %C[%tid, %bm, %bn, %c0, %c1, %c3] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c10_0 = vector.extract_strided_slice %result#2
        {offsets = [0], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c10_0, %C[%tid, %bm, %bn, %c1, %c0, %c0] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c10_1 = vector.extract_strided_slice %result#2
        {offsets = [4], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c10_1, %C[%tid, %bm, %bn, %c1, %c0, %c1] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c10_2 = vector.extract_strided_slice %result#2
        {offsets = [8], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c10_2, %C[%tid, %bm, %bn, %c1, %c0, %c2] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c10_3 = vector.extract_strided_slice %result#2
        {offsets = [12], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c10_3, %C[%tid, %bm, %bn, %c1, %c0, %c3] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c11_0 = vector.extract_strided_slice %result#3
        {offsets = [0], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c11_0, %C[%tid, %bm, %bn, %c1, %c1, %c0] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c11_1 = vector.extract_strided_slice %result#3
        {offsets = [4], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c11_1, %C[%tid, %bm, %bn, %c1, %c1, %c1] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c11_2 = vector.extract_strided_slice %result#3
        {offsets = [8], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c11_2, %C[%tid, %bm, %bn, %c1, %c1, %c2] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    %c11_3 = vector.extract_strided_slice %result#3
        {offsets = [12], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %c11_3, %C[%tid, %bm, %bn, %c1, %c1, %c3] map #c_rows along 0
        : vector<4xf32>, memref<512x512xf32>
    gpu.return
  }

  gpu.func @gemm_nk_128_ref(%A: memref<512x512xf16>, %B: memref<512x512xf16>,
                            %C: memref<512x512xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 32, 32, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c512 = arith.constant 512 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %dot = scf.for %k = %c0 to %c512 step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%row, %k] : memref<512x512xf16>
      %b = memref.load %B[%col, %k] : memref<512x512xf16>
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%row, %col] : memref<512x512xf32>
    gpu.return
  }
}
