// RUN: wave-opt %s --test-wave-lds-hazards -split-input-file -verify-diagnostics -o /dev/null

// Which LDS accesses conflict across lanes. A lane reading what it wrote, or
// what another lane of its own wave wrote (a wave issues its LDS accesses in
// order), needs no barrier; a lane reading another wave's element does.
#lds = #gpu.address_space<workgroup>
gpu.module @m {
  // expected-remark @below {{6 LDS accesses, 0 barriers, 5 hazards; lanes ordered in groups of 64}}
  gpu.func @k(%out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %t = wave.alloc_lds : memref<256xf32, #lds>
    %v = wave.read %out[%tid] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %t[%tid] : vector<1xf32>, memref<256xf32, #lds>
    %own = wave.read %t[%tid] : memref<256xf32, #lds> -> vector<1xf32>
    %same_wave = wave.read %t[%tid] map affine_map<(t) -> ((t + 1) mod 64 + (t floordiv 64) * 64)> : memref<256xf32, #lds> -> vector<1xf32>
    // expected-remark @below {{RAW hazard after 'wave.write' at 18:5}}
    %other_wave = wave.read %t[%tid] map affine_map<(t) -> (255 - t)> : memref<256xf32, #lds> -> vector<1xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-remark @below {{RAW hazard after 'wave.write' at 18:5}}
      // expected-remark @below {{RAW hazard after 'wave.write' at 29:7, carried 1 iteration(s) by a loop}}
      %r = wave.read %t[%tid] map affine_map<(t) -> (255 - t)> : memref<256xf32, #lds> -> vector<1xf32>
      // expected-remark @below {{WAR hazard after 'wave.read' at 22:19}}
      // expected-remark @below {{WAR hazard after 'wave.read' at 26:12}}
      wave.write %r, %t[%tid] : vector<1xf32>, memref<256xf32, #lds>
    }
    gpu.return
  }
}

// -----

// An access whose footprint is unknown conflicts with every access of its
// buffer; a kernel without LDS has nothing to order.
#lds = #gpu.address_space<workgroup>
gpu.module @m {
  // expected-remark @below {{2 LDS accesses, 0 barriers, 1 hazards; lanes ordered in groups of 64}}
  gpu.func @k(%out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %t = wave.alloc_lds : memref<256xf32, #lds>
    %v = wave.read %out[%tid] : memref<256xf32> -> vector<1xf32>
    %sq = arith.muli %tid, %tid : index
    // expected-remark-re @below {{footprint unknown: {{.*}}not affine}}
    wave.write %v, %t[%sq] : vector<1xf32>, memref<256xf32, #lds>
    // expected-remark @below {{RAW hazard after 'wave.write' at 50:5}}
    %r = wave.read %t[%tid] : memref<256xf32, #lds> -> vector<1xf32>
    gpu.return
  }
  // expected-remark @below {{0 LDS accesses, 0 barriers, 0 hazards; lanes ordered in groups of 64}}
  gpu.func @none(%out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}
