// rmsnorm_wg_dynamic: RMSNorm of M rows of N f16, sizes known only at run
// time, a workgroup of 4 waves a row:
//   Y[r, c] = X[r, c] / sqrt(mean_c(X[r, c]^2) + eps) * W[c], eps = 1e-6,
// computed in f32 and rounded to f16: rmsnorm_wg.mlir compiled once for
// every M and every N up to 4096.
//
// Shapes:  X, Y : memref<?x?xf16> (M x N, row-major), W : memref<?xf16> (N);
//          `wave.dims` names the index arguments %M and %N.
// Assumes: `wave.assume`: N is a multiple of 8 (rows of whole 16-byte
//          chunks, like Triton's divisibility hints) and at most 4096 (a row
//          fits the workgroup's registers, 2 chunks of 8 a lane, as in
//          rmsnorm_wg.mlir); M is at least 1 and at most 2^18 (X and Y under
//          2 GiB, which the 32-bit offsets of buffer accesses address).
//          Nothing else: N may be shorter than the workgroup's 4096 columns.
// Launch:  M workgroups of 256 lanes (no known_grid_size: the grid follows
//          M; `wave-run --grid`), workgroup r normalizes row r: lane t holds
//          the 2 chunks of 8 elements at columns j * 2048 + 8 t, j = 0, 1.
// Shows:   the kernel of rmsnorm_wg.mlir with a partial row: every global
//          read and write is `bounded`, so the chunks past the row's end
//          (with N a multiple of 8 each lies wholly inside or outside: one
//          16-byte buffer access, lanes outside read zero and write nothing)
//          add nothing to the sum of squares and the weights past N read
//          zero. The 4 waves' sums meet in the same 4-element LDS buffer
//          behind the same one barrier. The mean divides by N, a run-time
//          value, where rmsnorm_wg.mlir multiplies by the constant 1/4096.
// Reference: @rmsnorm_wg_dynamic_ref, one workgroup of 256 lanes, lane t
//          normalizing rows t, t + 256, ..., the sum of squares in column
//          order; results agree up to the f32 rounding of the summation
//          order.

!x = memref<?x?xf16>
!w = memref<?xf16>
!sums = memref<4xf32, #gpu.address_space<workgroup>>
#chunk = affine_map<(tid, wg, j) -> (wg, j * 2048 + tid * 8)>
#weights = affine_map<(tid, j) -> (j * 2048 + tid * 8)>
#wave_slot = affine_map<(tid) -> (tid floordiv 64)>

gpu.module @rmsnorm_wg_dynamic {
  gpu.func @rmsnorm_wg_dynamic(
      %X: !x {llvm.noalias, wave.dims = array<i64: 3, 4>},
      %W: !w {llvm.noalias, wave.dims = array<i64: 4>},
      %Y: !x {llvm.noalias, wave.dims = array<i64: 3, 4>},
      %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rmsnorm_wg_dynamic_ref,
                  wave.assume = affine_set<(x, w, y, m, n) :
                      (m - 1 >= 0, 262144 - m >= 0,
                       n - 8 >= 0, 4096 - n >= 0, n mod 8 == 0)>} {
    %sums = wave.alloc_lds : !sums
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %j0 = arith.constant 0 : index
    %j1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %w0 = wave.read %W[%tid, %j0] map #weights bounded
        : !w -> vector<8xf16>
    %w1 = wave.read %W[%tid, %j1] map #weights bounded
        : !w -> vector<8xf16>
    %x0 = wave.read %X[%tid, %wg, %j0] map #chunk bounded
        : !x -> vector<8xf16>
    %x1 = wave.read %X[%tid, %wg, %j1] map #chunk bounded
        : !x -> vector<8xf16>
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
    gpu.return
  }

  gpu.func @rmsnorm_wg_dynamic_ref(%X: !x {wave.dims = array<i64: 3, 4>},
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
