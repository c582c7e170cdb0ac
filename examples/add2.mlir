// add2: elementwise C[i] = A[i] + B[i] on f32, two elements a lane.
//
// Shapes:  A, B, C : memref<16384xf32>.
// Launch:  32 workgroups of 256 lanes (4 waves); lane t of workgroup w owns
//          elements i = w * 512 + 2 * t and i + 1.
// Shows:   the wider-load half of the add1/add2 pair of the HIP optimization
//          slides: the two contiguous f32 of a lane are one vector<2xf32>,
//          which lowers to one global_load_dwordx2 / global_store_dwordx2
//          instead of two dword accesses, with half the lanes of add1.mlir.
// Reference: @add2_ref, one lane per element (64 x 256 lanes) with
//          memref.load/store.

#pair = affine_map<(tid, wg) -> (wg * 512 + tid * 2)>

gpu.module @add2 {
  gpu.func @add2(%A: memref<16384xf32>, %B: memref<16384xf32>,
                 %C: memref<16384xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @add2_ref} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %a = wave.read %A[%tid, %wg] map #pair : memref<16384xf32> -> vector<2xf32>
    %b = wave.read %B[%tid, %wg] map #pair : memref<16384xf32> -> vector<2xf32>
    %c = arith.addf %a, %b : vector<2xf32>
    wave.write %c, %C[%tid, %wg] map #pair : vector<2xf32>, memref<16384xf32>
    gpu.return
  }

  gpu.func @add2_ref(%A: memref<16384xf32>, %B: memref<16384xf32>,
                     %C: memref<16384xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 64, 1, 1>} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %c256 = arith.constant 256 : index
    %base = arith.muli %wg, %c256 : index
    %i = arith.addi %base, %tid : index
    %a = memref.load %A[%i] : memref<16384xf32>
    %b = memref.load %B[%i] : memref<16384xf32>
    %c = arith.addf %a, %b : f32
    memref.store %c, %C[%i] : memref<16384xf32>
    gpu.return
  }
}
