// gemm: C = A * B with f16 inputs and f32 accumulation on the matrix cores
// (MFMA v_mfma_f32_32x32x8_f16), operands staged through padded LDS tiles.
//
// Shapes:  A : memref<256x256xf16> (M x K, row-major),
//          B : memref<256x256xf16> (K x N, row-major), C : memref<256x256xf32>.
// Launch:  4 x 4 workgroups of 256 lanes; workgroup (bn, bm) = (block x,
//          block y) computes the 64 x 64 block C[bm*64 ..][bn*64 ..]. Its 4
//          waves form a 2 x 2 grid: thread t is lane l = t mod 64 of wave
//          w = t floordiv 64, and wave w = (wr, wc) = (w floordiv 2, w mod 2)
//          owns the 32 x 32 sub-block at rows 32 wr, columns 32 wc, which
//          it accumulates in one vector<16xf32> (the MFMA accumulator).
// Shows:   the f16 GEMM of the global-load-minimization document, before
//          that pass. The K loop runs 8 steps of BLOCK_K = 32; every step
//            1. stages the 64 x 32 block of A and the 32 x 64 block of B into
//               LDS tiles padded by 4 f16 a row (A rows of 36, B rows of 68),
//               in the MFMA operand layout:
//               A[row][k]: row = l mod 32, k = (l floordiv 32) * 4 + slot,
//               B[k][col]: col = l mod 32, k = (l floordiv 32) * 4 + slot,
//               so each lane loads 4 contiguous f16 along K (for B that is
//               `along 0`: one element of each of four consecutive rows of
//               the row-major matrix). Wave w
//               stages the K columns 8w .. 8w + 7 of both 32-row halves of
//               the A block and the K rows 8w .. 8w + 7 of both 32-column
//               halves of the B block: every tile element is written by
//               exactly one lane, 2 reads of 8 bytes per operand a lane.
//               Those narrow, scattered global reads feeding LDS writes are
//               what wave-minimize-global-loads turns into 16-byte
//               coalesced ones;
//            2. waits at a barrier (the tiles were written by other lanes);
//            3. runs 4 MFMAs (K = 8 each), each wave reading its A
//               fragments from tile rows 32 wr .. and its B fragments from
//               tile columns 32 wc .., two MFMAs' operands a read (below);
//            4. waits at a second barrier so that the next step's staging
//               does not overwrite tiles other waves are still reading.
//          The accumulator goes to C in the MFMA accumulator layout:
//          slot s of lane l holds row (s floordiv 4) * 8 + (l floordiv 32) * 4
//          + s mod 4, column l mod 32, so each group of 4 slots is 4
//          consecutive rows of one column (a write `along 0`).
//          All index arithmetic sits in the access maps, over the thread
//          id, the workgroup ids, the loop induction variable and
//          constants, so the footprint analysis sees every access exactly.
// Reference: @gemm_ref, one lane per element of C (16 x 16 workgroups of
//          16 x 16 lanes), a scalar f32 dot product over memref.load. The
//          products of f16 values are exact in f32 but the summation order
//          differs, so results agree up to f32 rounding.

// The LDS tiles: 64 x 32 of A and 32 x 64 of B, rows padded by 4 f16.
!a_tile = memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
!b_tile = memref<32x64xf16, strided<[68, 1]>, #gpu.address_space<workgroup>>

// Staging, for j = 0, 1. Thread t is lane l = t mod 64 of wave
// w = t floordiv 64 (and l mod 32 = t mod 32). Its A operand of the MFMA
// fragment at rows 32j .. 32j + 31, K columns 8w .. 8w + 7 of the block
// starts at ...
#a_stage = affine_map<(t, bm, ks, j) ->
    (bm * 64 + j * 32 + t mod 32,
     ks * 32 + (t floordiv 64) * 8 + ((t mod 64) floordiv 32) * 4)>
// ... and is stored at the same coordinates of the tile.
#a_stage_tile = affine_map<(t, j) ->
    (j * 32 + t mod 32,
     (t floordiv 64) * 8 + ((t mod 64) floordiv 32) * 4)>
// The same for B: K rows 8w .., columns 32j .. of the block.
#b_stage = affine_map<(t, bn, ks, j) ->
    (ks * 32 + (t floordiv 64) * 8 + ((t mod 64) floordiv 32) * 4,
     bn * 64 + j * 32 + t mod 32)>
#b_stage_tile = affine_map<(t, j) ->
    ((t floordiv 64) * 8 + ((t mod 64) floordiv 32) * 4,
     j * 32 + t mod 32)>
// MFMA operands of wave (wr, wc) = (w floordiv 2, w mod 2) for the two K
// steps of the K slice 16kk .. 16kk + 15 of the tile, packed as
// wave-expand-fragments packs them (k_pack = 2): lane l reads the 8
// consecutive K elements 16kk + (l floordiv 32) * 8 .. + 7 (16 bytes), the
// first 4 for the first MFMA, the last 4 for the second. A and B use the
// same K order, so the two MFMAs sum the same 16 products as two MFMAs on
// the K slices 16kk .. + 7 and 16kk + 8 .. + 15 would.
#a_frag = affine_map<(t, kk) ->
    ((t floordiv 128) * 32 + t mod 32,
     kk * 16 + ((t mod 64) floordiv 32) * 8)>
#b_frag = affine_map<(t, kk) ->
    (kk * 16 + ((t mod 64) floordiv 32) * 8,
     ((t floordiv 64) mod 2) * 32 + t mod 32)>
// Accumulator slots 4g .. 4g + 3: rows 8g + (l floordiv 32) * 4 .. + 3 of
// the wave's sub-block, column l mod 32.
#c_rows = affine_map<(t, bm, bn, g) ->
    (bm * 64 + (t floordiv 128) * 32 + g * 8 + ((t mod 64) floordiv 32) * 4,
     bn * 64 + ((t floordiv 64) mod 2) * 32 + t mod 32)>

gpu.module @gemm {
  gpu.func @gemm(%A: memref<256x256xf16>, %B: memref<256x256xf16>,
                 %C: memref<256x256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 4, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @gemm_ref} {
    %a_tile = wave.alloc_lds padding [0, 4] : !a_tile
    %b_tile = wave.alloc_lds padding [0, 4] : !b_tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %tid = gpu.thread_id x
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %result = scf.for %ks = %c0 to %c8 step %c1 iter_args(%acc = %zero)
        -> (vector<16xf32>) {
      %a0 = wave.read %A[%tid, %bm, %ks, %c0] map #a_stage
          : memref<256x256xf16> -> vector<4xf16>
      wave.write %a0, %a_tile[%tid, %c0] map #a_stage_tile
          : vector<4xf16>, !a_tile
      %a1 = wave.read %A[%tid, %bm, %ks, %c1] map #a_stage
          : memref<256x256xf16> -> vector<4xf16>
      wave.write %a1, %a_tile[%tid, %c1] map #a_stage_tile
          : vector<4xf16>, !a_tile
      %b0 = wave.read %B[%tid, %bn, %ks, %c0] map #b_stage along 0
          : memref<256x256xf16> -> vector<4xf16>
      wave.write %b0, %b_tile[%tid, %c0] map #b_stage_tile along 0
          : vector<4xf16>, !b_tile
      %b1 = wave.read %B[%tid, %bn, %ks, %c1] map #b_stage along 0
          : memref<256x256xf16> -> vector<4xf16>
      wave.write %b1, %b_tile[%tid, %c1] map #b_stage_tile along 0
          : vector<4xf16>, !b_tile
      wave.barrier
      %fa0 = wave.read %a_tile[%tid, %c0] map #a_frag : !a_tile -> vector<8xf16>
      %fb0 = wave.read %b_tile[%tid, %c0] map #b_frag along 0
          : !b_tile -> vector<8xf16>
      %sa0 = vector.extract_strided_slice %fa0
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb0 = vector.extract_strided_slice %fb0
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %d0 = wave.mma <f32_32x32x8_f16> %sa0, %sb0, %acc
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %sa1 = vector.extract_strided_slice %fa0
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb1 = vector.extract_strided_slice %fb0
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %d1 = wave.mma <f32_32x32x8_f16> %sa1, %sb1, %d0
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %fa1 = wave.read %a_tile[%tid, %c1] map #a_frag : !a_tile -> vector<8xf16>
      %fb1 = wave.read %b_tile[%tid, %c1] map #b_frag along 0
          : !b_tile -> vector<8xf16>
      %sa2 = vector.extract_strided_slice %fa1
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb2 = vector.extract_strided_slice %fb1
          {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %d2 = wave.mma <f32_32x32x8_f16> %sa2, %sb2, %d1
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %sa3 = vector.extract_strided_slice %fa1
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %sb3 = vector.extract_strided_slice %fb1
          {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %d3 = wave.mma <f32_32x32x8_f16> %sa3, %sb3, %d2
          : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      wave.barrier
      scf.yield %d3 : vector<16xf32>
    }
    %rows0 = vector.extract_strided_slice %result
        {offsets = [0], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %rows0, %C[%tid, %bm, %bn, %c0] map #c_rows along 0
        : vector<4xf32>, memref<256x256xf32>
    %rows1 = vector.extract_strided_slice %result
        {offsets = [4], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %rows1, %C[%tid, %bm, %bn, %c1] map #c_rows along 0
        : vector<4xf32>, memref<256x256xf32>
    %rows2 = vector.extract_strided_slice %result
        {offsets = [8], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %rows2, %C[%tid, %bm, %bn, %c2] map #c_rows along 0
        : vector<4xf32>, memref<256x256xf32>
    %rows3 = vector.extract_strided_slice %result
        {offsets = [12], sizes = [4], strides = [1]}
        : vector<16xf32> to vector<4xf32>
    wave.write %rows3, %C[%tid, %bm, %bn, %c3] map #c_rows along 0
        : vector<4xf32>, memref<256x256xf32>
    gpu.return
  }

  gpu.func @gemm_ref(%A: memref<256x256xf16>, %B: memref<256x256xf16>,
                     %C: memref<256x256xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 16, 16, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %dot = scf.for %k = %c0 to %c256 step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%row, %k] : memref<256x256xf16>
      %b = memref.load %B[%k, %col] : memref<256x256xf16>
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%row, %col] : memref<256x256xf32>
    gpu.return
  }
}
