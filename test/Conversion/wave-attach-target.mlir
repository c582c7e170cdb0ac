// RUN: wave-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(wave-attach-target{chip=gfx1100}))' | FileCheck %s
// The same without the pass manager's verification, as wave-compile runs.
// RUN: wave-opt %s --split-input-file --verify-diagnostics --verify-each=false --pass-pipeline='builtin.module(gpu.module(wave-attach-target{chip=gfx1100}))' | FileCheck %s

// The chip option overrides the kernels' chip; the wave size stays the
// kernel's (gfx1100 runs waves of 64 too) and becomes a target feature, the
// code object version (5 by default) the target's ABI.
// CHECK-LABEL: gpu.module @wave64
// CHECK-SAME: [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64", abi = "500">]
// CHECK: wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 64, occupancy = 2>
gpu.module @wave64 {
  gpu.func @k(%a: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 2>} {
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.module @wave32
// CHECK-SAME: [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32", abi = "500">]
gpu.module @wave32 {
  gpu.func @k() kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1201", wave_size = 32>} {
    gpu.return
  }
}

// -----

// A module without wave kernels gets the chip's default wave size.
// CHECK-LABEL: gpu.module @plain
// CHECK-SAME: [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32", abi = "500">]
gpu.module @plain {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    gpu.return
  }
}

// -----

// A module without wave kernels whose target is already the chip keeps the
// target's waves, which its kernels were written for (64 lanes, not
// gfx1100's default of 32).
// CHECK-LABEL: gpu.module @targeted
// CHECK-SAME: [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64", abi = "500">]
gpu.module @targeted [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64">] {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    gpu.return
  }
}

// -----

// The op verifiers re-check the kernels against the new chip: the pass
// verifies the module when it changes the chip.
gpu.module @mma {
  gpu.func @k(%a: vector<4xf16>, %c: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-error @below {{'wave.mma' op chip 'gfx1100' has no MFMA unit for f32_32x32x8_f16}}
    %d = wave.mma <f32_32x32x8_f16> %a, %a, %c : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    gpu.return
  }
}
