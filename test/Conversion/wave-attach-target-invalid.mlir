// RUN: wave-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(wave-attach-target{chip=gfx942}))'

gpu.module @wave32_on_cdna {
  // expected-error @below {{chip 'gfx942' does not run waves of 32 lanes}}
  gpu.func @k() kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    gpu.return
  }
}

// -----

// HIP kernels take memrefs as bare pointers: a dynamic extent must be in
// another argument.
gpu.module @dynamic {
  // expected-error @below {{argument #1 of type 'memref<?xf32>' has no static shape and layout, and no 'wave.dims' naming the arguments that hold its extents; HIP kernels take memrefs as bare pointers}}
  gpu.func @k(%a: memref<64xf32>, %b: memref<?xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    gpu.return
  }
}
