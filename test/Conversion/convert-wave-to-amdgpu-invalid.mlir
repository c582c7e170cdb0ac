// RUN: wave-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))'

// Collectives need the wave size: from the kernel or the module's target.
gpu.module @no_wave_size {
  gpu.func @k(%x: f32) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @below {{'wave.reduce' op needs the wave size, but its kernel has no 'wave.kernel' attribute and its gpu.module no #rocdl.target}}
    %r = wave.reduce <add> %x : f32
    gpu.return
  }
}

// -----

// MFMA kinds run on waves of 64.
gpu.module @mma_wave32 [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32">] {
  gpu.func @k(%a: vector<4xf16>, %c: vector<16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    // expected-error @below {{'wave.mma' op f32_32x32x8_f16 needs waves of 64 lanes, the kernel runs 32}}
    %d = wave.mma <f32_32x32x8_f16> %a, %a, %c : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    gpu.return
  }
}
