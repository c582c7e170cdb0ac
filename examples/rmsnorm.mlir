// rmsnorm: RMSNorm of 64 rows of 4096 f16, the LLM normalization:
//   Y[r, c] = X[r, c] / sqrt(mean_c(X[r, c]^2) + eps) * W[c], eps = 1e-6,
// computed in f32 and rounded to f16 (the Triton peer
// ../shared/peers/triton-3.6-more/gfx942/triton_rmsnorm_f16_4096.s computes
// the same function, 4 waves a row).
//
// Shapes:  X, Y : memref<64x4096xf16>, W : memref<4096xf16>.
// Launch:  16 workgroups of 256 lanes, a wave a row: lane l of the wave
//          holds the 8 chunks of 8 elements at columns j * 512 + 8 (l mod
//          64), j = 0..7 (16-byte reads, each wave-wide read contiguous).
// Shows:   a row reduction without LDS or barrier (wave.reduce, DPP), the
//          row in registers between the two passes, and math.rsqrt, which
//          wave-lower-math computes in f64 and rounds once (correctly
//          rounded; upstream would call the ROCm device library), or
//          under --fast-math as v_sqrt_f32 and v_rcp_f32. The weights are
//          read first, so their loads overlap the row's and the reduction,
//          and the arguments are `llvm.noalias` (Y overlaps neither X nor
//          W, as `__restrict__` in HIP): 723 llvm-mca cycles a row on
//          gfx942, 740 without noalias; with the weights read between the
//          stores of Y (and no noalias), each of their loads waited for the
//          store before it: 1225. rmsnorm_wg.mlir splits the row among 4
//          waves.
// Reference: @rmsnorm_ref, a lane a row, the sum of squares in column
//          order; results agree up to the f32 rounding of the summation
//          order.

#chunk = affine_map<(tid, wg, j) -> (wg * 4 + tid floordiv 64,
                                     j * 512 + (tid mod 64) * 8)>
#weights = affine_map<(tid, j) -> (j * 512 + (tid mod 64) * 8)>

gpu.module @rmsnorm {
  gpu.func @rmsnorm(%X: memref<64x4096xf16> {llvm.noalias},
                    %W: memref<4096xf16> {llvm.noalias},
                    %Y: memref<64x4096xf16> {llvm.noalias}) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 16, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rmsnorm_ref} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %j0 = arith.constant 0 : index
    %j1 = arith.constant 1 : index
    %j2 = arith.constant 2 : index
    %j3 = arith.constant 3 : index
    %j4 = arith.constant 4 : index
    %j5 = arith.constant 5 : index
    %j6 = arith.constant 6 : index
    %j7 = arith.constant 7 : index
    %zero = arith.constant 0.0 : f32
    %w0 = wave.read %W[%tid, %j0] map #weights : memref<4096xf16> -> vector<8xf16>
    %w1 = wave.read %W[%tid, %j1] map #weights : memref<4096xf16> -> vector<8xf16>
    %w2 = wave.read %W[%tid, %j2] map #weights : memref<4096xf16> -> vector<8xf16>
    %w3 = wave.read %W[%tid, %j3] map #weights : memref<4096xf16> -> vector<8xf16>
    %w4 = wave.read %W[%tid, %j4] map #weights : memref<4096xf16> -> vector<8xf16>
    %w5 = wave.read %W[%tid, %j5] map #weights : memref<4096xf16> -> vector<8xf16>
    %w6 = wave.read %W[%tid, %j6] map #weights : memref<4096xf16> -> vector<8xf16>
    %w7 = wave.read %W[%tid, %j7] map #weights : memref<4096xf16> -> vector<8xf16>
    %x0 = wave.read %X[%tid, %wg, %j0] map #chunk
        : memref<64x4096xf16> -> vector<8xf16>
    %v0 = arith.extf %x0 : vector<8xf16> to vector<8xf32>
    %sq0 = arith.mulf %v0, %v0 : vector<8xf32>
    %s0 = vector.reduction <add>, %sq0, %zero : vector<8xf32> into f32
    %x1 = wave.read %X[%tid, %wg, %j1] map #chunk
        : memref<64x4096xf16> -> vector<8xf16>
    %v1 = arith.extf %x1 : vector<8xf16> to vector<8xf32>
    %sq1 = arith.mulf %v1, %v1 : vector<8xf32>
    %s1 = vector.reduction <add>, %sq1, %s0 : vector<8xf32> into f32
    %x2 = wave.read %X[%tid, %wg, %j2] map #chunk
        : memref<64x4096xf16> -> vector<8xf16>
    %v2 = arith.extf %x2 : vector<8xf16> to vector<8xf32>
    %sq2 = arith.mulf %v2, %v2 : vector<8xf32>
    %s2 = vector.reduction <add>, %sq2, %s1 : vector<8xf32> into f32
    %x3 = wave.read %X[%tid, %wg, %j3] map #chunk
        : memref<64x4096xf16> -> vector<8xf16>
    %v3 = arith.extf %x3 : vector<8xf16> to vector<8xf32>
    %sq3 = arith.mulf %v3, %v3 : vector<8xf32>
    %s3 = vector.reduction <add>, %sq3, %s2 : vector<8xf32> into f32
    %x4 = wave.read %X[%tid, %wg, %j4] map #chunk
        : memref<64x4096xf16> -> vector<8xf16>
    %v4 = arith.extf %x4 : vector<8xf16> to vector<8xf32>
    %sq4 = arith.mulf %v4, %v4 : vector<8xf32>
    %s4 = vector.reduction <add>, %sq4, %s3 : vector<8xf32> into f32
    %x5 = wave.read %X[%tid, %wg, %j5] map #chunk
        : memref<64x4096xf16> -> vector<8xf16>
    %v5 = arith.extf %x5 : vector<8xf16> to vector<8xf32>
    %sq5 = arith.mulf %v5, %v5 : vector<8xf32>
    %s5 = vector.reduction <add>, %sq5, %s4 : vector<8xf32> into f32
    %x6 = wave.read %X[%tid, %wg, %j6] map #chunk
        : memref<64x4096xf16> -> vector<8xf16>
    %v6 = arith.extf %x6 : vector<8xf16> to vector<8xf32>
    %sq6 = arith.mulf %v6, %v6 : vector<8xf32>
    %s6 = vector.reduction <add>, %sq6, %s5 : vector<8xf32> into f32
    %x7 = wave.read %X[%tid, %wg, %j7] map #chunk
        : memref<64x4096xf16> -> vector<8xf16>
    %v7 = arith.extf %x7 : vector<8xf16> to vector<8xf32>
    %sq7 = arith.mulf %v7, %v7 : vector<8xf32>
    %s7 = vector.reduction <add>, %sq7, %s6 : vector<8xf32> into f32
    %sum = wave.reduce <add> %s7 : f32
    %inv_n = arith.constant 2.44140625e-04 : f32
    %eps = arith.constant 1.0e-06 : f32
    %mean = arith.mulf %sum, %inv_n : f32
    %shifted = arith.addf %mean, %eps : f32
    %inv = math.rsqrt %shifted : f32
    %scale = vector.broadcast %inv : f32 to vector<8xf32>
    %ww0 = arith.extf %w0 : vector<8xf16> to vector<8xf32>
    %n0 = arith.mulf %v0, %scale : vector<8xf32>
    %y0 = arith.mulf %n0, %ww0 : vector<8xf32>
    %h0 = arith.truncf %y0 : vector<8xf32> to vector<8xf16>
    wave.write %h0, %Y[%tid, %wg, %j0] map #chunk
        : vector<8xf16>, memref<64x4096xf16>
    %ww1 = arith.extf %w1 : vector<8xf16> to vector<8xf32>
    %n1 = arith.mulf %v1, %scale : vector<8xf32>
    %y1 = arith.mulf %n1, %ww1 : vector<8xf32>
    %h1 = arith.truncf %y1 : vector<8xf32> to vector<8xf16>
    wave.write %h1, %Y[%tid, %wg, %j1] map #chunk
        : vector<8xf16>, memref<64x4096xf16>
    %ww2 = arith.extf %w2 : vector<8xf16> to vector<8xf32>
    %n2 = arith.mulf %v2, %scale : vector<8xf32>
    %y2 = arith.mulf %n2, %ww2 : vector<8xf32>
    %h2 = arith.truncf %y2 : vector<8xf32> to vector<8xf16>
    wave.write %h2, %Y[%tid, %wg, %j2] map #chunk
        : vector<8xf16>, memref<64x4096xf16>
    %ww3 = arith.extf %w3 : vector<8xf16> to vector<8xf32>
    %n3 = arith.mulf %v3, %scale : vector<8xf32>
    %y3 = arith.mulf %n3, %ww3 : vector<8xf32>
    %h3 = arith.truncf %y3 : vector<8xf32> to vector<8xf16>
    wave.write %h3, %Y[%tid, %wg, %j3] map #chunk
        : vector<8xf16>, memref<64x4096xf16>
    %ww4 = arith.extf %w4 : vector<8xf16> to vector<8xf32>
    %n4 = arith.mulf %v4, %scale : vector<8xf32>
    %y4 = arith.mulf %n4, %ww4 : vector<8xf32>
    %h4 = arith.truncf %y4 : vector<8xf32> to vector<8xf16>
    wave.write %h4, %Y[%tid, %wg, %j4] map #chunk
        : vector<8xf16>, memref<64x4096xf16>
    %ww5 = arith.extf %w5 : vector<8xf16> to vector<8xf32>
    %n5 = arith.mulf %v5, %scale : vector<8xf32>
    %y5 = arith.mulf %n5, %ww5 : vector<8xf32>
    %h5 = arith.truncf %y5 : vector<8xf32> to vector<8xf16>
    wave.write %h5, %Y[%tid, %wg, %j5] map #chunk
        : vector<8xf16>, memref<64x4096xf16>
    %ww6 = arith.extf %w6 : vector<8xf16> to vector<8xf32>
    %n6 = arith.mulf %v6, %scale : vector<8xf32>
    %y6 = arith.mulf %n6, %ww6 : vector<8xf32>
    %h6 = arith.truncf %y6 : vector<8xf32> to vector<8xf16>
    wave.write %h6, %Y[%tid, %wg, %j6] map #chunk
        : vector<8xf16>, memref<64x4096xf16>
    %ww7 = arith.extf %w7 : vector<8xf16> to vector<8xf32>
    %n7 = arith.mulf %v7, %scale : vector<8xf32>
    %y7 = arith.mulf %n7, %ww7 : vector<8xf32>
    %h7 = arith.truncf %y7 : vector<8xf32> to vector<8xf16>
    wave.write %h7, %Y[%tid, %wg, %j7] map #chunk
        : vector<8xf16>, memref<64x4096xf16>
    gpu.return
  }

  gpu.func @rmsnorm_ref(%X: memref<64x4096xf16>, %W: memref<4096xf16>,
                        %Y: memref<64x4096xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4096 = arith.constant 4096 : index
    %zero = arith.constant 0.0 : f32
    %row = gpu.thread_id x
    %sum = scf.for %c = %c0 to %c4096 step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %X[%row, %c] : memref<64x4096xf16>
      %v = arith.extf %x : f16 to f32
      %sq = arith.mulf %v, %v : f32
      %next = arith.addf %s, %sq : f32
      scf.yield %next : f32
    }
    %inv_n = arith.constant 2.44140625e-04 : f32
    %eps = arith.constant 1.0e-06 : f32
    %mean = arith.mulf %sum, %inv_n : f32
    %shifted = arith.addf %mean, %eps : f32
    %inv = math.rsqrt %shifted : f32
    scf.for %c = %c0 to %c4096 step %c1 {
      %x = memref.load %X[%row, %c] : memref<64x4096xf16>
      %w = memref.load %W[%c] : memref<4096xf16>
      %v = arith.extf %x : f16 to f32
      %ww = arith.extf %w : f16 to f32
      %n = arith.mulf %v, %inv : f32
      %y = arith.mulf %n, %ww : f32
      %h = arith.truncf %y : f32 to f16
      memref.store %h, %Y[%row, %c] : memref<64x4096xf16>
    }
    gpu.return
  }
}
