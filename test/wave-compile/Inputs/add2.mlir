// Two contiguous elements a lane, as the HIP slides' add2. Used by the
// wave-compile tests that need a small kernel.
gpu.module @add {
  gpu.func @add2(%a: memref<256xf32>, %b: memref<256xf32>, %c: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %x = wave.read %a[%bid, %tid] map affine_map<(d0, d1) -> (d0 * 128 + d1 * 2)> : memref<256xf32> -> vector<2xf32>
    %y = wave.read %b[%bid, %tid] map affine_map<(d0, d1) -> (d0 * 128 + d1 * 2)> : memref<256xf32> -> vector<2xf32>
    %z = arith.addf %x, %y : vector<2xf32>
    wave.write %z, %c[%bid, %tid] map affine_map<(d0, d1) -> (d0 * 128 + d1 * 2)> : vector<2xf32>, memref<256xf32>
    gpu.return
  }
}
