// RUN: wave-opt %s --test-wave-uniformity -split-input-file -verify-diagnostics -o /dev/null

// What each value's uniformity is: the same in the whole workgroup, in each
// wave only, or different between lanes.
gpu.module @m {
  gpu.func @k(%a: memref<256xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @below {{divergent}}
    %tid = gpu.thread_id x
    // expected-remark @below {{workgroup-uniform}}
    %wg = gpu.block_id x
    %c64 = arith.constant 64 : index
    // Constant in each wave of 64, not in the workgroup.
    // expected-remark @below {{wave-uniform}}
    %wave = arith.divui %tid, %c64 : index
    // expected-remark @below {{divergent}}
    %x = wave.read %a[%tid] : memref<256xf32> -> vector<1xf32>
    // expected-remark @below {{divergent}}
    %e = vector.extract %x[0] : f32 from vector<1xf32>
    // expected-remark @below {{wave-uniform}}
    %sum = wave.reduce <add> %e : f32
    // expected-remark @below {{workgroup-uniform}}
    %cond = arith.cmpi slt, %wg, %n : index
    // expected-remark @below {{workgroup-uniform}}
    %u = scf.if %cond -> index {
      scf.yield %n : index
    } else {
      scf.yield %wg : index
    }
    // expected-remark @below {{divergent}}
    %lane = arith.cmpi slt, %tid, %n : index
    // Uniform arms, but lanes take different ones.
    // expected-remark @below {{divergent}}
    %d = scf.if %lane -> index {
      scf.yield %n : index
    } else {
      scf.yield %wg : index
    }
    gpu.return
  }
}

// -----

// A reduction over clusters is the same in the lanes of each cluster only:
// divergent, unless its operand is uniform in the wave, which every cluster
// then combines alike. gpu.subgroup_reduce with a cluster is read the same
// way; a whole-wave reduction of either is uniform again.
gpu.module @m {
  gpu.func @clusters(%a: memref<256xf32>, %u: f32) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @below {{divergent}}
    %tid = gpu.thread_id x
    // expected-remark @below {{divergent}}
    %x = wave.read %a[%tid] : memref<256xf32> -> vector<1xf32>
    // expected-remark @below {{divergent}}
    %e = vector.extract %x[0] : f32 from vector<1xf32>
    // expected-remark @below {{divergent}}
    %rows = wave.reduce <max> %e cluster(size = 16) : f32
    // expected-remark @below {{wave-uniform}}
    %same = wave.reduce <add> %u cluster(size = 32) : f32
    // expected-remark @below {{divergent}}
    %g = gpu.subgroup_reduce add %e cluster(size = 4) : (f32) -> f32
    // expected-remark @below {{wave-uniform}}
    %h = gpu.subgroup_reduce add %u cluster(size = 4) : (f32) -> f32
    // expected-remark @below {{wave-uniform}}
    %all = wave.reduce <max> %rows : f32
    gpu.return
  }
}
