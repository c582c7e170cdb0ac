// staged_dynamic: Y[e] = sum over the chunks c of X of the element a lane of
// another wave staged: an LDS-staged loop whose trip count is known only at
// run time.
//
// Shapes:  X : memref<?xf32> of %len elements (`wave.dims`), a whole number
//          of 1024-element chunks (`wave.assume`: len mod 1024 == 0);
//          Y : memref<1024xf32>.
// Launch:  1 workgroup of 256 lanes (4 waves), 4 elements a lane.
// Shows:   the loop of bench/trip_count.py with a run-time trip count
//          len / 1024: each iteration reads its chunk (16 bytes a lane),
//          stages it in one half of a double-buffered LDS tile (half
//          `chunk mod 2`), and every lane reads back what the lane 64
//          further (another wave) staged. The reads of X are in bounds for
//          every length the assumption allows (the footprint analysis
//          proves it with the extent as the variable %len). One barrier an
//          iteration, between the staging write and the read, is all the
//          loop needs: the next iteration writes the other half, and the
//          one after that is ordered by the next iteration's barrier.
//          wave-insert-barriers keeps it and adds none, at any trip count
//          (decided by dependence distances, not by enumerating
//          iterations).
// Reference: @staged_dynamic_ref, one lane per element of Y, summing the
//          chunks' elements directly from X.

#lds = #gpu.address_space<workgroup>

gpu.module @staged_dynamic {
  gpu.func @staged_dynamic(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                           %Y: memref<1024xf32>, %len: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @staged_dynamic_ref,
                  wave.assume = affine_set<(x, y, len) :
                      (len mod 1024 == 0, len >= 0)>} {
    %buf = wave.alloc_lds : memref<2048xf32, #lds>
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1024 = arith.constant 1024 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %sum = scf.for %i = %c0 to %len step %c1024 iter_args(%acc = %zero)
        -> (vector<4xf32>) {
      %x = wave.read %X[%t, %i] map affine_map<(t, i) -> (i + t * 4)>
          : memref<?xf32> -> vector<4xf32>
      wave.write %x, %buf[%t, %i]
          map affine_map<(t, i) -> (((i floordiv 1024) mod 2) * 1024 + t * 4)>
          : vector<4xf32>, memref<2048xf32, #lds>
      wave.barrier
      %y = wave.read %buf[%t, %i]
          map affine_map<(t, i) -> (((i floordiv 1024) mod 2) * 1024
                                    + ((t + 64) mod 256) * 4)>
          : memref<2048xf32, #lds> -> vector<4xf32>
      %next = arith.addf %acc, %y : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    wave.write %sum, %Y[%t] map affine_map<(t) -> (t * 4)>
        : vector<4xf32>, memref<1024xf32>
    gpu.return
  }

  gpu.func @staged_dynamic_ref(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                               %Y: memref<1024xf32>, %len: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %zero = arith.constant 0.0 : f32
    %t = gpu.thread_id x
    %b = gpu.block_id x
    %base = arith.muli %b, %c256 : index
    %e = arith.addi %base, %t : index
    // Element e is slot e mod 4 of lane e / 4, which read lane
    // (e / 4 + 64) mod 256's chunk elements.
    %lane = arith.divui %e, %c4 : index
    %slot = arith.remui %e, %c4 : index
    %shifted = arith.addi %lane, %c64 : index
    %source = arith.remui %shifted, %c256 : index
    %offset0 = arith.muli %source, %c4 : index
    %offset = arith.addi %offset0, %slot : index
    %sum = scf.for %i = %c0 to %len step %c1024 iter_args(%acc = %zero)
        -> (f32) {
      %at = arith.addi %i, %offset : index
      %x = memref.load %X[%at] : memref<?xf32>
      %next = arith.addf %acc, %x : f32
      scf.yield %next : f32
    }
    memref.store %sum, %Y[%e] : memref<1024xf32>
    gpu.return
  }
}
