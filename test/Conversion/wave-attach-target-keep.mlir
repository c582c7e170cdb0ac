// RUN: wave-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(wave-attach-target{code-object-version=6}))' | FileCheck %s

// Without a chip option the kernels' chip is kept. Code object version 6 is
// the ABI `600`, the target's default, which the printer leaves out.
// CHECK-LABEL: gpu.module @keep
// CHECK-SAME: [#rocdl.target<chip = "gfx1201", features = "+wavefrontsize32">]
// CHECK: wave.kernel = #wave.kernel<chip = "gfx1201", wave_size = 32>
gpu.module @keep {
  gpu.func @k() kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1201", wave_size = 32>} {
    gpu.return
  }
}

// -----

// expected-error @below {{no chip given and no wave kernel names one}}
gpu.module @no_chip {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @two_chips {
  gpu.func @a() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
  // expected-error @below {{kernels of one gpu.module must target one chip: gfx90a here, gfx942 before}}
  gpu.func @b() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx90a", wave_size = 64>} {
    gpu.return
  }
}

// -----

gpu.module @two_wave_sizes {
  // expected-note @below {{see @a}}
  gpu.func @a() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 64>} {
    gpu.return
  }
  // expected-error @below {{kernels of one gpu.module must share a wave size: 32 lanes here, 64 in @a}}
  gpu.func @b() kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    gpu.return
  }
}
