// copy: Y[i] = X[i] on f32, four elements (16 bytes) a lane.
//
// Shapes:  X, Y : memref<65536xf32>.
// Launch:  64 workgroups of 256 lanes (4 waves); lane t of workgroup w owns
//          elements w * 1024 + 4 * t .. + 3.
// Shows:   the widest lane access: one vector<4xf32> a lane lowers to
//          global_load_dwordx4 / global_store_dwordx4, and a wave moves
//          1 KiB of contiguous memory an instruction. Every element is read
//          once and written once, so both accesses carry the `streaming`
//          cache hint (do not keep the data in the cache).
// Reference: @copy_ref, one lane per element (256 x 256 lanes) with
//          memref.load/store.

#quad = affine_map<(tid, wg) -> (wg * 1024 + tid * 4)>

gpu.module @copy {
  gpu.func @copy(%X: memref<65536xf32>, %Y: memref<65536xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @copy_ref} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %v = wave.read %X[%tid, %wg] map #quad cache <streaming>
        : memref<65536xf32> -> vector<4xf32>
    wave.write %v, %Y[%tid, %wg] map #quad cache <streaming>
        : vector<4xf32>, memref<65536xf32>
    gpu.return
  }

  gpu.func @copy_ref(%X: memref<65536xf32>, %Y: memref<65536xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 256, 1, 1>} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %c256 = arith.constant 256 : index
    %base = arith.muli %wg, %c256 : index
    %i = arith.addi %base, %tid : index
    %v = memref.load %X[%i] : memref<65536xf32>
    memref.store %v, %Y[%i] : memref<65536xf32>
    gpu.return
  }
}
