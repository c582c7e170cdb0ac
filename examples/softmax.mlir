// softmax: Y[r][c] = exp(X[r][c] - max_r) / sum_c' exp(X[r][c'] - max_r),
// row by row, on a 32 x 256 f32 matrix.
//
// Shapes:  X, Y : memref<32x256xf32>.
// Launch:  8 workgroups of 256 lanes; each of the 4 waves owns one row
//          (wave v of workgroup g owns row 4g + v), and lane l of the wave
//          holds its columns 4l .. 4l + 3 in a vector<4xf32> (one 16-byte
//          load and one 16-byte store a lane).
// Shows:   a fused row kernel built on wave collectives, with no LDS and no
//          barrier: the row maximum is the lane's maximum combined by
//          `wave.reduce <max>`, the denominator the lane's sum of
//          exponentials combined by `wave.reduce <add>`; both results are
//          uniform over the wave, and the row stays in registers between
//          the one read and the one write. Subtracting the maximum keeps
//          exp from overflowing. The summation order differs from the
//          reference's, so results agree up to f32 rounding.
// Reference: @softmax_ref, one lane per element (32 workgroups, one a row,
//          of 256 lanes); every lane recomputes its row's maximum and sum
//          with scalar loops over memref.load.

#row_chunk = affine_map<(tid, wg) -> (wg * 4 + tid floordiv 64,
                                      (tid mod 64) * 4)>

gpu.module @softmax {
  gpu.func @softmax(%X: memref<32x256xf32>, %Y: memref<32x256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @softmax_ref} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map #row_chunk
        : memref<32x256xf32> -> vector<4xf32>
    %lane_max = vector.reduction <maximumf>, %x : vector<4xf32> into f32
    %row_max = wave.reduce <max> %lane_max : f32
    %max = vector.broadcast %row_max : f32 to vector<4xf32>
    %shifted = arith.subf %x, %max : vector<4xf32>
    %e = math.exp %shifted : vector<4xf32>
    %lane_sum = vector.reduction <add>, %e : vector<4xf32> into f32
    %row_sum = wave.reduce <add> %lane_sum : f32
    %sum = vector.broadcast %row_sum : f32 to vector<4xf32>
    %y = arith.divf %e, %sum : vector<4xf32>
    wave.write %y, %Y[%tid, %wg] map #row_chunk
        : vector<4xf32>, memref<32x256xf32>
    gpu.return
  }

  gpu.func @softmax_ref(%X: memref<32x256xf32>, %Y: memref<32x256xf32>)
      kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %minus_inf = arith.constant 0xFF800000 : f32
    %c = gpu.thread_id x
    %r = gpu.block_id x
    %max = scf.for %j = %c0 to %c256 step %c1 iter_args(%m = %minus_inf)
        -> (f32) {
      %x = memref.load %X[%r, %j] : memref<32x256xf32>
      %next = arith.maximumf %m, %x : f32
      scf.yield %next : f32
    }
    %sum = scf.for %j = %c0 to %c256 step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %X[%r, %j] : memref<32x256xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %next = arith.addf %s, %e : f32
      scf.yield %next : f32
    }
    %x = memref.load %X[%r, %c] : memref<32x256xf32>
    %d = arith.subf %x, %max : f32
    %e = math.exp %d : f32
    %y = arith.divf %e, %sum : f32
    memref.store %y, %Y[%r, %c] : memref<32x256xf32>
    gpu.return
  }
}
