// rmsnorm_dynamic: RMSNorm of M rows of N f16, sizes known only at run time:
//   Y[r, c] = X[r, c] / sqrt(mean_c(X[r, c]^2) + eps) * W[c], eps = 1e-6,
// computed in f32 and rounded to f16: rmsnorm.mlir compiled once for every
// M and every N up to 4096.
//
// Shapes:  X, Y : memref<?x?xf16> (M x N, row-major), W : memref<?xf16> (N);
//          `wave.dims` names the index arguments %M and %N.
// Assumes: `wave.assume`: N is a multiple of 8 (rows of whole 16-byte
//          chunks, like Triton's divisibility hints) and at most 4096 (a row
//          fits one wave's registers, 8 chunks of 8 a lane, as in
//          rmsnorm.mlir); M is at least 1 and at most 2^18 (X and Y under
//          2 GiB, which the 32-bit offsets of buffer accesses address).
//          Nothing else: M need not be a multiple of the 4 rows of a
//          workgroup, N may be shorter than the wave's 4096 columns.
// Launch:  ceil(M / 4) workgroups of 256 lanes (no known_grid_size: the grid
//          follows M; `wave-run --grid`), a wave a row: lane l of the wave
//          holds the 8 chunks of 8 elements at columns j * 512 + 8 (l mod
//          64), j = 0..7.
// Shows:   the kernel of rmsnorm.mlir with partial tiles: every read and
//          write is `bounded`, so the chunks past the row's end (with N a
//          multiple of 8 each lies wholly inside or outside: one 16-byte
//          buffer access, lanes outside read zero and write nothing) add
//          nothing to the sum of squares, the weights past N read zero, and
//          a wave past the last row reads zeros and writes nothing. The mean
//          divides by N, a run-time value, where rmsnorm.mlir multiplies by
//          the constant 1/4096. No LDS and no barrier.
// Reference: @rmsnorm_dynamic_ref, one workgroup of 256 lanes, lane t
//          normalizing rows t, t + 256, ..., the sum of squares in column
//          order; results agree up to the f32 rounding of the summation
//          order.

!x = memref<?x?xf16>
!w = memref<?xf16>
#chunk = affine_map<(tid, wg, j) -> (wg * 4 + tid floordiv 64,
                                     j * 512 + (tid mod 64) * 8)>
#weights = affine_map<(tid, j) -> (j * 512 + (tid mod 64) * 8)>

gpu.module @rmsnorm_dynamic {
  gpu.func @rmsnorm_dynamic(%X: !x {llvm.noalias, wave.dims = array<i64: 3, 4>},
                            %W: !w {llvm.noalias, wave.dims = array<i64: 4>},
                            %Y: !x {llvm.noalias, wave.dims = array<i64: 3, 4>},
                            %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rmsnorm_dynamic_ref,
                  wave.assume = affine_set<(x, w, y, m, n) :
                      (m - 1 >= 0, 262144 - m >= 0,
                       n - 8 >= 0, 4096 - n >= 0, n mod 8 == 0)>} {
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
    %w0 = wave.read %W[%tid, %j0] map #weights bounded : !w -> vector<8xf16>
    %w1 = wave.read %W[%tid, %j1] map #weights bounded : !w -> vector<8xf16>
    %w2 = wave.read %W[%tid, %j2] map #weights bounded : !w -> vector<8xf16>
    %w3 = wave.read %W[%tid, %j3] map #weights bounded : !w -> vector<8xf16>
    %w4 = wave.read %W[%tid, %j4] map #weights bounded : !w -> vector<8xf16>
    %w5 = wave.read %W[%tid, %j5] map #weights bounded : !w -> vector<8xf16>
    %w6 = wave.read %W[%tid, %j6] map #weights bounded : !w -> vector<8xf16>
    %w7 = wave.read %W[%tid, %j7] map #weights bounded : !w -> vector<8xf16>
    %x0 = wave.read %X[%tid, %wg, %j0] map #chunk bounded
        : !x -> vector<8xf16>
    %v0 = arith.extf %x0 : vector<8xf16> to vector<8xf32>
    %sq0 = arith.mulf %v0, %v0 : vector<8xf32>
    %s0 = vector.reduction <add>, %sq0, %zero : vector<8xf32> into f32
    %x1 = wave.read %X[%tid, %wg, %j1] map #chunk bounded
        : !x -> vector<8xf16>
    %v1 = arith.extf %x1 : vector<8xf16> to vector<8xf32>
    %sq1 = arith.mulf %v1, %v1 : vector<8xf32>
    %s1 = vector.reduction <add>, %sq1, %s0 : vector<8xf32> into f32
    %x2 = wave.read %X[%tid, %wg, %j2] map #chunk bounded
        : !x -> vector<8xf16>
    %v2 = arith.extf %x2 : vector<8xf16> to vector<8xf32>
    %sq2 = arith.mulf %v2, %v2 : vector<8xf32>
    %s2 = vector.reduction <add>, %sq2, %s1 : vector<8xf32> into f32
    %x3 = wave.read %X[%tid, %wg, %j3] map #chunk bounded
        : !x -> vector<8xf16>
    %v3 = arith.extf %x3 : vector<8xf16> to vector<8xf32>
    %sq3 = arith.mulf %v3, %v3 : vector<8xf32>
    %s3 = vector.reduction <add>, %sq3, %s2 : vector<8xf32> into f32
    %x4 = wave.read %X[%tid, %wg, %j4] map #chunk bounded
        : !x -> vector<8xf16>
    %v4 = arith.extf %x4 : vector<8xf16> to vector<8xf32>
    %sq4 = arith.mulf %v4, %v4 : vector<8xf32>
    %s4 = vector.reduction <add>, %sq4, %s3 : vector<8xf32> into f32
    %x5 = wave.read %X[%tid, %wg, %j5] map #chunk bounded
        : !x -> vector<8xf16>
    %v5 = arith.extf %x5 : vector<8xf16> to vector<8xf32>
    %sq5 = arith.mulf %v5, %v5 : vector<8xf32>
    %s5 = vector.reduction <add>, %sq5, %s4 : vector<8xf32> into f32
    %x6 = wave.read %X[%tid, %wg, %j6] map #chunk bounded
        : !x -> vector<8xf16>
    %v6 = arith.extf %x6 : vector<8xf16> to vector<8xf32>
    %sq6 = arith.mulf %v6, %v6 : vector<8xf32>
    %s6 = vector.reduction <add>, %sq6, %s5 : vector<8xf32> into f32
    %x7 = wave.read %X[%tid, %wg, %j7] map #chunk bounded
        : !x -> vector<8xf16>
    %v7 = arith.extf %x7 : vector<8xf16> to vector<8xf32>
    %sq7 = arith.mulf %v7, %v7 : vector<8xf32>
    %s7 = vector.reduction <add>, %sq7, %s6 : vector<8xf32> into f32
    %sum = wave.reduce <add> %s7 : f32
    %n_i32 = arith.index_cast %N : index to i32
    %n_f32 = arith.uitofp %n_i32 : i32 to f32
    %eps = arith.constant 1.0e-06 : f32
    %mean = arith.divf %sum, %n_f32 : f32
    %shifted = arith.addf %mean, %eps : f32
    %inv = math.rsqrt %shifted : f32
    %scale = vector.broadcast %inv : f32 to vector<8xf32>
    %ww0 = arith.extf %w0 : vector<8xf16> to vector<8xf32>
    %n0 = arith.mulf %v0, %scale : vector<8xf32>
    %y0 = arith.mulf %n0, %ww0 : vector<8xf32>
    %h0 = arith.truncf %y0 : vector<8xf32> to vector<8xf16>
    wave.write %h0, %Y[%tid, %wg, %j0] map #chunk bounded
        : vector<8xf16>, !x
    %ww1 = arith.extf %w1 : vector<8xf16> to vector<8xf32>
    %n1 = arith.mulf %v1, %scale : vector<8xf32>
    %y1 = arith.mulf %n1, %ww1 : vector<8xf32>
    %h1 = arith.truncf %y1 : vector<8xf32> to vector<8xf16>
    wave.write %h1, %Y[%tid, %wg, %j1] map #chunk bounded
        : vector<8xf16>, !x
    %ww2 = arith.extf %w2 : vector<8xf16> to vector<8xf32>
    %n2 = arith.mulf %v2, %scale : vector<8xf32>
    %y2 = arith.mulf %n2, %ww2 : vector<8xf32>
    %h2 = arith.truncf %y2 : vector<8xf32> to vector<8xf16>
    wave.write %h2, %Y[%tid, %wg, %j2] map #chunk bounded
        : vector<8xf16>, !x
    %ww3 = arith.extf %w3 : vector<8xf16> to vector<8xf32>
    %n3 = arith.mulf %v3, %scale : vector<8xf32>
    %y3 = arith.mulf %n3, %ww3 : vector<8xf32>
    %h3 = arith.truncf %y3 : vector<8xf32> to vector<8xf16>
    wave.write %h3, %Y[%tid, %wg, %j3] map #chunk bounded
        : vector<8xf16>, !x
    %ww4 = arith.extf %w4 : vector<8xf16> to vector<8xf32>
    %n4 = arith.mulf %v4, %scale : vector<8xf32>
    %y4 = arith.mulf %n4, %ww4 : vector<8xf32>
    %h4 = arith.truncf %y4 : vector<8xf32> to vector<8xf16>
    wave.write %h4, %Y[%tid, %wg, %j4] map #chunk bounded
        : vector<8xf16>, !x
    %ww5 = arith.extf %w5 : vector<8xf16> to vector<8xf32>
    %n5 = arith.mulf %v5, %scale : vector<8xf32>
    %y5 = arith.mulf %n5, %ww5 : vector<8xf32>
    %h5 = arith.truncf %y5 : vector<8xf32> to vector<8xf16>
    wave.write %h5, %Y[%tid, %wg, %j5] map #chunk bounded
        : vector<8xf16>, !x
    %ww6 = arith.extf %w6 : vector<8xf16> to vector<8xf32>
    %n6 = arith.mulf %v6, %scale : vector<8xf32>
    %y6 = arith.mulf %n6, %ww6 : vector<8xf32>
    %h6 = arith.truncf %y6 : vector<8xf32> to vector<8xf16>
    wave.write %h6, %Y[%tid, %wg, %j6] map #chunk bounded
        : vector<8xf16>, !x
    %ww7 = arith.extf %w7 : vector<8xf16> to vector<8xf32>
    %n7 = arith.mulf %v7, %scale : vector<8xf32>
    %y7 = arith.mulf %n7, %ww7 : vector<8xf32>
    %h7 = arith.truncf %y7 : vector<8xf32> to vector<8xf16>
    wave.write %h7, %Y[%tid, %wg, %j7] map #chunk bounded
        : vector<8xf16>, !x
    gpu.return
  }

  gpu.func @rmsnorm_dynamic_ref(%X: !x {wave.dims = array<i64: 3, 4>},
                                %W: !w {wave.dims = array<i64: 4>},
                                %Y: !x {wave.dims = array<i64: 3, 4>},
                                %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %t = gpu.thread_id x
    %n_i32 = arith.index_cast %N : index to i32
    %n_f32 = arith.uitofp %n_i32 : i32 to f32
    scf.for %row = %t to %M step %c256 {
      %sum = scf.for %c = %c0 to %N step %c1 iter_args(%s = %zero) -> (f32) {
        %x = memref.load %X[%row, %c] : !x
        %v = arith.extf %x : f16 to f32
        %sq = arith.mulf %v, %v : f32
        %next = arith.addf %s, %sq : f32
        scf.yield %next : f32
      }
      %eps = arith.constant 1.0e-06 : f32
      %mean = arith.divf %sum, %n_f32 : f32
      %shifted = arith.addf %mean, %eps : f32
      %inv = math.rsqrt %shifted : f32
      scf.for %c = %c0 to %N step %c1 {
        %x = memref.load %X[%row, %c] : !x
        %w = memref.load %W[%c] : !w
        %v = arith.extf %x : f16 to f32
        %ww = arith.extf %w : f16 to f32
        %n = arith.mulf %v, %inv : f32
        %y = arith.mulf %n, %ww : f32
        %h = arith.truncf %y : f32 to f16
        memref.store %h, %Y[%row, %c] : !x
      }
    }
    gpu.return
  }
}
