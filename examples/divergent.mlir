// divergent: the even/odd writer. Lanes with an even thread id write
// Y[i] = 2 * X[i], lanes with an odd one write Y[i] = X[i] + 1.
//
// Shapes:  X, Y : memref<4096xf32>.
// Launch:  16 workgroups of 256 lanes (4 waves); lane t of workgroup w owns
//          element i = w * 256 + t.
// Shows:   the divergent branch of the HIP optimization slides: the
//          condition `t mod 2 == 0` differs between neighbouring lanes, so
//          every wave runs both arms of the scf.if with half its lanes
//          masked off each time. Both arms are cheap (one arith op) and store
//          to the same address, which makes this the case
//          wave-remove-divergence turns into one arith.select and a single
//          store. Nothing else in the kernel diverges.
// Reference: @divergent_ref, one lane per element, branch-free
//          (arith.select) with memref.load/store.

#elem = affine_map<(tid, wg) -> (wg * 256 + tid)>

gpu.module @divergent {
  gpu.func @divergent(%X: memref<4096xf32>, %Y: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 16, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @divergent_ref} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %two = arith.constant dense<2.0> : vector<1xf32>
    %one = arith.constant dense<1.0> : vector<1xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map #elem : memref<4096xf32> -> vector<1xf32>
    %parity = arith.remui %tid, %c2 : index
    %even = arith.cmpi eq, %parity, %c0 : index
    scf.if %even {
      %y = arith.mulf %x, %two : vector<1xf32>
      wave.write %y, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<4096xf32>
    } else {
      %y = arith.addf %x, %one : vector<1xf32>
      wave.write %y, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<4096xf32>
    }
    gpu.return
  }

  gpu.func @divergent_ref(%X: memref<4096xf32>, %Y: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 16, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %base = arith.muli %wg, %c256 : index
    %i = arith.addi %base, %tid : index
    %x = memref.load %X[%i] : memref<4096xf32>
    %doubled = arith.mulf %x, %two : f32
    %incremented = arith.addf %x, %one : f32
    %parity = arith.remui %tid, %c2 : index
    %even = arith.cmpi eq, %parity, %c0 : index
    %y = arith.select %even, %doubled, %incremented : f32
    memref.store %y, %Y[%i] : memref<4096xf32>
    gpu.return
  }
}
