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

// -----

// A kernel without wave.kernel runs on its module's target: ds_bpermute
// permutes within 32-lane halves of RDNA's waves of 64 and across the wave
// on gfx942, so the chip is not changed under it.
gpu.module @plain_on_rdna [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64">] {
  // expected-error @below {{kernel @halves has no 'wave.kernel' and runs on the module's target, gfx1100 in waves of 64 lanes; moving it to gfx942 in waves of 64 lanes could change what it computes}}
  gpu.func @halves(%x: i32, %address: i32) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %p = rocdl.ds_bpermute %address, %x : (i32, i32) -> i32
    gpu.return
  }
}

// -----

// Nor its wave size: gfx942 runs no waves of 32.
gpu.module @plain_wave32 [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32">] {
  // expected-error @below {{kernel @k has no 'wave.kernel' and runs on the module's target, gfx1100 in waves of 32 lanes; moving it to gfx942 in waves of 64 lanes could change what it computes}}
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    gpu.return
  }
}

// -----

// A wave kernel beside it states its own waves, which the pass moves to
// the chip; the plain kernel is still refused.
gpu.module @mixed [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64">] {
  gpu.func @wave() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 64>} {
    gpu.return
  }
  // expected-error @below {{kernel @plain has no 'wave.kernel'}}
  gpu.func @plain() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    gpu.return
  }
}

// -----

// The same chip and waves: nothing moves.
gpu.module @same [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    gpu.return
  }
}
