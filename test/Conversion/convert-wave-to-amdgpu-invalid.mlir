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

// -----

// Launch sizes come from the kernel's attributes; wave-compile links no
// device library that reads them at run time.
gpu.module @no_block_size {
  gpu.func @k(%out: memref<64xindex>) kernel {
    // expected-error @below {{'gpu.block_dim' op needs the kernel's 'known_block_size': add it to the enclosing gpu.func (wave-compile links no device library that reads the size at run time)}}
    %d = gpu.block_dim x
    gpu.return
  }
}

// -----

// Without a #wave.kernel the verifier cannot bound a cluster; the target's
// wave size does.
gpu.module @cluster_above_wave [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32">] {
  gpu.func @k(%x: f32) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    // expected-error @below {{'wave.reduce' op cluster size 64 exceeds the wave of 32 lanes}}
    %r = wave.reduce <add> %x cluster(size = 64) : f32
    gpu.return
  }
}

// -----

// Likewise a ballot's width (fuzzer finding: an i32 ballot lowered for waves
// of 64 was stored as an i64).
gpu.module @ballot_width [#rocdl.target<chip = "gfx942">] {
  gpu.func @k(%p: i1, %out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @below {{'wave.ballot' op result has 32 bits but the target's waves have 64 lanes}}
    %b = wave.ballot %p : i32
    %c0 = arith.constant 0 : index
    memref.store %b, %out[%c0] : memref<64xi32>
    gpu.return
  }
}

// -----

gpu.module @no_grid_size {
  gpu.func @k(%out: memref<64xindex>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @below {{'gpu.grid_dim' op needs the kernel's 'known_grid_size'}}
    %d = gpu.grid_dim y
    gpu.return
  }
}

// -----

gpu.module @subgroup_without_wave_size {
  gpu.func @k(%out: memref<64xindex>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @below {{'gpu.subgroup_id' op needs the wave size, but its kernel has no 'wave.kernel' attribute and its gpu.module no #rocdl.target}}
    %d = gpu.subgroup_id : index
    gpu.return
  }
}

// -----

// LDS beyond what a workgroup of the chip may allocate is reported at the
// kernel, with each tile, before the backend would fail without a location.
gpu.module @lds_over_limit {
  // expected-error @below {{kernel @k needs 400000 bytes of LDS, more than the 65536 a workgroup on gfx942 can allocate; use smaller or fewer LDS tiles (less padding, a smaller tile per workgroup)}}
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-note @below {{400000 bytes allocated here}}
    %t = wave.alloc_lds : memref<100000xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A dynamically shaped memref is passed as a pointer and its extents as
// kernel arguments, which 'wave.dims' names.
gpu.module @dynamic_without_dims {
  // expected-error @below {{argument #0 of type 'memref<?x64xf32>' needs 'wave.dims' naming the index arguments that hold its extents: the lowering passes a dynamically shaped memref as a pointer and its extents as kernel arguments}}
  gpu.func @k(%out: memref<?x64xf32>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    gpu.return
  }
}

// -----

// A workgroup no launch runs (the fuzzer's 2^31-1 x 2^31-1 x 63 lanes, whose
// lane count overflowed the lowering of gpu.subgroup_id) has no size to
// lower.
gpu.module @huge_block_size {
  gpu.func @k(%out: memref<64xindex>) kernel
      attributes {known_block_size = array<i32: 2147483647, 2147483647, 63>} {
    // expected-error @below {{'gpu.subgroup_id' op needs a workgroup of 1 to 1024 lanes, but the kernel's 'known_block_size' is 2147483647 x 2147483647 x 63}}
    %d = gpu.subgroup_id : index
    gpu.return
  }
}
