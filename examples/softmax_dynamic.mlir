// softmax_dynamic: Y[r][c] = exp(X[r][c] - max_r) /
// sum_c' exp(X[r][c'] - max_r), row by row, on an M x N f32 matrix whose
// sizes are known only at run time: softmax.mlir compiled once for every M
// and every N up to 256.
//
// Shapes:  X, Y : memref<?x?xf32> (M x N, row-major); `wave.dims` names the
//          index arguments %M and %N holding the extents.
// Assumes: `wave.assume`: N is a multiple of 4 (rows of whole 16-byte
//          chunks, like Triton's divisibility hints) and at most 256 (a row
//          fits one wave's registers, 4 elements a lane, as in softmax.mlir);
//          M is at least 1 and at most 2^20 (X and Y under 2 GiB, which the
//          32-bit offsets of buffer accesses address). Nothing else: M need
//          not be a multiple of the 4 rows of a workgroup, N may be shorter
//          than the wave's 256 columns.
// Launch:  ceil(M / 4) workgroups of 256 lanes (no known_grid_size: the grid
//          follows M; `wave-run --grid`); each of the 4 waves owns one row
//          (wave v of workgroup g owns row 4g + v), and lane l of the wave
//          holds its columns 4l .. 4l + 3 in a vector<4xf32>.
// Shows:   the kernel of softmax.mlir with partial tiles: the one read and
//          the one write are `bounded`, so a wave past the last row reads
//          zeros and writes nothing, and a lane past the row's end likewise
//          (with N a multiple of 4 each lane's chunk lies wholly inside or
//          outside the row: one 16-byte buffer load and store, lanes outside
//          read zero). The zeros a lane past the row's end reads would count
//          in the maximum and the sum, so the lane replaces them by -inf
//          (one compare of its first column with N and a select): its
//          exponentials are then exactly 0 and change neither. No LDS and no
//          barrier, as in softmax.mlir. The summation order differs from the
//          reference's, so results agree up to f32 rounding.
// Reference: @softmax_dynamic_ref, one workgroup of 256 lanes, lane c
//          computing column c of every row (lanes c >= N idle); every lane
//          recomputes its row's maximum and sum with scalar loops over
//          memref.load, as @softmax_ref does.

!m = memref<?x?xf32>
#row_chunk = affine_map<(tid, wg) -> (wg * 4 + tid floordiv 64,
                                      (tid mod 64) * 4)>

gpu.module @softmax_dynamic {
  gpu.func @softmax_dynamic(%X: !m {wave.dims = array<i64: 2, 3>},
                            %Y: !m {wave.dims = array<i64: 2, 3>},
                            %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @softmax_dynamic_ref,
                  wave.assume = affine_set<(x, y, m, n) :
                      (m - 1 >= 0, 1048576 - m >= 0,
                       n - 4 >= 0, 256 - n >= 0, n mod 4 == 0)>} {
    %c4 = arith.constant 4 : index
    %minus_inf = arith.constant dense<0xFF800000> : vector<4xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %raw = wave.read %X[%tid, %wg] map #row_chunk bounded
        : !m -> vector<4xf32>
    // Columns past the row's end: -inf, so that they add nothing below.
    %lane = gpu.lane_id
    %first_col = arith.muli %lane, %c4 : index
    %in_row = arith.cmpi ult, %first_col, %N : index
    %x = arith.select %in_row, %raw, %minus_inf : vector<4xf32>
    %lane_max = vector.reduction <maximumf>, %x : vector<4xf32> into f32
    %row_max = wave.reduce <max> %lane_max : f32
    %max = vector.broadcast %row_max : f32 to vector<4xf32>
    %shifted = arith.subf %x, %max : vector<4xf32>
    %e = math.exp %shifted : vector<4xf32>
    %lane_sum = vector.reduction <add>, %e : vector<4xf32> into f32
    %row_sum = wave.reduce <add> %lane_sum : f32
    %sum = vector.broadcast %row_sum : f32 to vector<4xf32>
    %y = arith.divf %e, %sum : vector<4xf32>
    wave.write %y, %Y[%tid, %wg] map #row_chunk bounded : vector<4xf32>, !m
    gpu.return
  }

  gpu.func @softmax_dynamic_ref(%X: !m {wave.dims = array<i64: 2, 3>},
                                %Y: !m {wave.dims = array<i64: 2, 3>},
                                %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %minus_inf = arith.constant 0xFF800000 : f32
    %c = gpu.thread_id x
    %in_row = arith.cmpi ult, %c, %N : index
    scf.if %in_row {
      scf.for %r = %c0 to %M step %c1 {
        %max = scf.for %j = %c0 to %N step %c1 iter_args(%m = %minus_inf)
            -> (f32) {
          %x = memref.load %X[%r, %j] : !m
          %next = arith.maximumf %m, %x : f32
          scf.yield %next : f32
        }
        %sum = scf.for %j = %c0 to %N step %c1 iter_args(%s = %zero)
            -> (f32) {
          %x = memref.load %X[%r, %j] : !m
          %d = arith.subf %x, %max : f32
          %e = math.exp %d : f32
          %next = arith.addf %s, %e : f32
          scf.yield %next : f32
        }
        %x = memref.load %X[%r, %c] : !m
        %d = arith.subf %x, %max : f32
        %e = math.exp %d : f32
        %y = arith.divf %e, %sum : f32
        memref.store %y, %Y[%r, %c] : !m
      }
    }
    gpu.return
  }
}
