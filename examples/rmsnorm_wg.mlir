// rmsnorm_wg: RMSNorm of 64 rows of 4096 f16, a workgroup of 4 waves a row:
//   Y[r, c] = X[r, c] / sqrt(mean_c(X[r, c]^2) + eps) * W[c], eps = 1e-6,
// computed in f32 and rounded to f16: the function of rmsnorm.mlir, with
// the row split among the waves of a workgroup as the Triton peer
// (../shared/peers/triton-3.6-more/gfx942/triton_rmsnorm_f16_4096.s) does.
//
// Shapes:  X, Y : memref<64x4096xf16>, W : memref<4096xf16>.
// Launch:  64 workgroups of 256 lanes, workgroup r normalizes row r: lane t
//          holds the 2 chunks of 8 elements at columns j * 2048 + 8 t,
//          j = 0, 1 (16-byte reads, each wave-wide read contiguous).
// Shows:   a row reduction over 4 waves: each wave reduces its quarter
//          with wave.reduce (DPP, no LDS), lane 0 of each wave writes the
//          wave's sum to a 4-element LDS buffer, one barrier, and every lane
//          reads the four sums back as one vector. The weights are read
//          before the reduction, so their loads overlap it. A row's latency
//          is one wave's: a quarter of the loads of rmsnorm.mlir
//          (docs/MathAccuracy.md compares both with Triton's code).
// Reference: @rmsnorm_wg_ref, a lane a row, the sum of squares in column
//          order; results agree up to the f32 rounding of the summation
//          order.

!sums = memref<4xf32, #gpu.address_space<workgroup>>
#chunk = affine_map<(tid, wg, j) -> (wg, j * 2048 + tid * 8)>
#weights = affine_map<(tid, j) -> (j * 2048 + tid * 8)>
#wave_slot = affine_map<(tid) -> (tid floordiv 64)>

gpu.module @rmsnorm_wg {
  gpu.func @rmsnorm_wg(%X: memref<64x4096xf16> {llvm.noalias},
                       %W: memref<4096xf16> {llvm.noalias},
                       %Y: memref<64x4096xf16> {llvm.noalias}) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rmsnorm_wg_ref} {
    %sums = wave.alloc_lds : !sums
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %j0 = arith.constant 0 : index
    %j1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %w0 = wave.read %W[%tid, %j0] map #weights : memref<4096xf16> -> vector<8xf16>
    %w1 = wave.read %W[%tid, %j1] map #weights : memref<4096xf16> -> vector<8xf16>
    %x0 = wave.read %X[%tid, %wg, %j0] map #chunk
        : memref<64x4096xf16> -> vector<8xf16>
    %x1 = wave.read %X[%tid, %wg, %j1] map #chunk
        : memref<64x4096xf16> -> vector<8xf16>
    %v0 = arith.extf %x0 : vector<8xf16> to vector<8xf32>
    %v1 = arith.extf %x1 : vector<8xf16> to vector<8xf32>
    %sq0 = arith.mulf %v0, %v0 : vector<8xf32>
    %sq = math.fma %v1, %v1, %sq0 : vector<8xf32>
    %s1 = vector.reduction <add>, %sq : vector<8xf32> into f32
    %wave_sum = wave.reduce <add> %s1 : f32
    // Lane 0 of each wave publishes its wave's sum; after the barrier every
    // lane adds the four.
    %lane = arith.remui %tid, %c64 : index
    %first = arith.cmpi eq, %lane, %c0 : index
    scf.if %first {
      %partial = vector.broadcast %wave_sum : f32 to vector<1xf32>
      wave.write %partial, %sums[%tid] map #wave_slot : vector<1xf32>, !sums
    }
    wave.barrier
    %all = wave.read %sums[%c0] : !sums -> vector<4xf32>
    %sum = vector.reduction <add>, %all : vector<4xf32> into f32
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
    gpu.return
  }

  gpu.func @rmsnorm_wg_ref(%X: memref<64x4096xf16>, %W: memref<4096xf16>,
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
