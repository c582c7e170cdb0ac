// reduce_wave: row sums Y[r] = sum_c X[r][c] of a 128 x 1024 f32 matrix with
// wave collectives.
//
// Shapes:  X : memref<128x1024xf32>, Y : memref<128xf32>.
// Launch:  32 workgroups of 256 lanes; each of the 4 waves sums one row
//          (wave v of workgroup g sums row 4g + v). Lane l of a wave reads
//          the 16-byte chunks at columns 256c + 4l for c = 0 .. 3, so every
//          load of the wave covers 1 KiB of contiguous memory.
// Shows:   a reduction with no LDS and no barrier: each lane accumulates a
//          vector<4xf32> over the loop, folds it into one f32, and
//          `wave.reduce <add>` combines the 64 lanes of the wave. Lane 0
//          alone writes the row's sum, through the write's mask rather than
//          a branch. The summation order differs from the reference's, so
//          results agree up to f32 rounding.
// Reference: @reduce_wave_ref, one lane per row (128 lanes) adding the row
//          sequentially with memref.load/store.

// Element 0 of the lane's chunk c: row 4g + v, column 256c + 4l for lane l.
#chunk = affine_map<(tid, wg, c) -> (wg * 4 + tid floordiv 64,
                                     c * 256 + (tid mod 64) * 4)>
#row = affine_map<(tid, wg) -> (wg * 4 + tid floordiv 64)>

gpu.module @reduce_wave {
  gpu.func @reduce_wave(%X: memref<128x1024xf32>, %Y: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @reduce_wave_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %acc = scf.for %c = %c0 to %c4 step %c1 iter_args(%partial = %zero)
        -> (vector<4xf32>) {
      %v = wave.read %X[%tid, %wg, %c] map #chunk
          : memref<128x1024xf32> -> vector<4xf32>
      %next = arith.addf %partial, %v : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    %lane_sum = vector.reduction <add>, %acc : vector<4xf32> into f32
    %row_sum = wave.reduce <add> %lane_sum : f32
    %sum = vector.broadcast %row_sum : f32 to vector<1xf32>
    %lane = gpu.lane_id
    %first = arith.cmpi eq, %lane, %c0 : index
    %only_first = vector.broadcast %first : i1 to vector<1xi1>
    wave.write %sum, %Y[%tid, %wg] map #row mask %only_first : vector<1xi1>
        : vector<1xf32>, memref<128xf32>
    gpu.return
  }

  gpu.func @reduce_wave_ref(%X: memref<128x1024xf32>, %Y: memref<128xf32>)
      kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1024 = arith.constant 1024 : index
    %zero = arith.constant 0.0 : f32
    %r = gpu.thread_id x
    %sum = scf.for %c = %c0 to %c1024 step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %X[%r, %c] : memref<128x1024xf32>
      %next = arith.addf %s, %x : f32
      scf.yield %next : f32
    }
    memref.store %sum, %Y[%r] : memref<128xf32>
    gpu.return
  }
}
