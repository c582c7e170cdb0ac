// Vector reductions, of the whole wave and over clusters, in waves of 64
// (used by cluster-reduce.mlir with --chip=gfx1100).
gpu.module @vectors {
  gpu.func @vectors(%X: memref<64xvector<2xf16>>, %Y: memref<64xvector<2xf16>>,
                    %Z: memref<64xvector<2xf16>>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xvector<2xf16>>
    %r = gpu.subgroup_reduce add %x uniform : (vector<2xf16>) -> vector<2xf16>
    memref.store %r, %Y[%l] : memref<64xvector<2xf16>>
    %m = gpu.subgroup_reduce maxnumf %x cluster(size = 32) : (vector<2xf16>) -> vector<2xf16>
    memref.store %m, %Z[%l] : memref<64xvector<2xf16>>
    gpu.return
  }
}
