// add1: elementwise C[i] = A[i] + B[i] on f32, one element a lane.
//
// Shapes:  A, B, C : memref<16384xf32>.
// Launch:  64 workgroups of 256 lanes (4 waves); lane t of workgroup w owns
//          element i = w * 256 + t.
// Shows:   the baseline of the add1/add2 pair of the HIP optimization
//          slides: each lane moves 4 bytes a load (global_load_dword).
//          add2.mlir is the same computation with two elements a lane.
// Reference: @add1_ref, one lane per element with memref.load/store.

#elem = affine_map<(tid, wg) -> (wg * 256 + tid)>

gpu.module @add1 {
  gpu.func @add1(%A: memref<16384xf32>, %B: memref<16384xf32>,
                 %C: memref<16384xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @add1_ref} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %a = wave.read %A[%tid, %wg] map #elem : memref<16384xf32> -> vector<1xf32>
    %b = wave.read %B[%tid, %wg] map #elem : memref<16384xf32> -> vector<1xf32>
    %c = arith.addf %a, %b : vector<1xf32>
    wave.write %c, %C[%tid, %wg] map #elem : vector<1xf32>, memref<16384xf32>
    gpu.return
  }

  gpu.func @add1_ref(%A: memref<16384xf32>, %B: memref<16384xf32>,
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
