// RUN: wave-opt %s --test-wave-footprint -verify-diagnostics -o /dev/null

// Each access's footprint: its leaves and map, what one workgroup (workgroup
// id 0) touches, whether every workgroup of the grid stays in bounds; or why
// the analysis stops at a step.
gpu.module @m {
  gpu.func @k(%a: memref<64x64xf16>, %out: memref<256xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    // A row of 8 f16 a lane: 64 rows by 8 columns, a dense box; workgroup 3
    // reaches column 48 + 7 < 64.
    // expected-remark @below {{leaves (thread id x, workgroup id x) map (d0, d1) -> (d0, d1 * 16)}}
    // expected-remark @below {{64 lanes touch 512 elements, 512 distinct, dense box from (0, 0) of extents (64, 8)}}
    // expected-remark @below {{in bounds}}
    %v = wave.read %a[%tid, %wg] map affine_map<(t, w) -> (t, w * 16)> : memref<64x64xf16> -> vector<8xf16>
    // One past the end in the last workgroup: 3 * 64 + 63 + 1 = 256.
    // expected-remark @below {{leaves (thread id x, workgroup id x) map (d0, d1) -> (d0 + d1 * 64 + 1)}}
    // expected-remark @below {{64 lanes touch 64 elements, 64 distinct, dense box from (1) of extents (64)}}
    // expected-remark-re @below {{not provably in bounds: coordinate 0 of 'wave.read' at {{.*}} ranges over [1, 256], outside [0, 255]}}
    %w = wave.read %out[%tid, %wg] map affine_map<(t, w) -> (w * 64 + t + 1)> : memref<256xf32> -> vector<1xf32>
    // A kernel argument is a uniform leaf with no known value or range.
    // expected-remark @below {{leaves (thread id x, uniform value) map (d0, d1) -> (d0 + d1)}}
    // expected-remark-re @below {{not enumerated: the footprint of 'wave.read' at {{.*}} needs a value for the uniform value (block argument #2 of 'gpu.func' at {{.*}})}}
    // expected-remark-re @below {{not provably in bounds: coordinate 0 of 'wave.read' at {{.*}} depends on the uniform value (block argument #2 of 'gpu.func' at {{.*}}) and its range is unknown}}
    %y = wave.read %out[%tid, %n] map affine_map<(t, n) -> (t + n)> : memref<256xf32> -> vector<1xf32>
    %sq = arith.muli %tid, %tid : index
    // expected-remark-re @below {{no footprint: index operand #0 of 'wave.read' at {{.*}}: 'arith.muli' at {{.*}} multiplies two values that are not constants, which is not affine}}
    %z = wave.read %out[%sq] : memref<256xf32> -> vector<1xf32>
    gpu.return
  }
}


// Constants past int64_t's range once multiplied: the bounds proof gives up
// and says why, where 64-bit arithmetic would have wrapped around.
gpu.module @overflow {
  gpu.func @k(%a: memref<32x32xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %huge = arith.constant 4611686018427387904 : index
    scf.for %k = %c0 to %c4 step %huge {
      // expected-remark @below {{leaves (thread id x, loop induction variable in [0, 4) step 4611686018427387904) map (d0, d1) -> (d0 mod 32, d1 * 8)}}
      // expected-remark @below {{64 lanes touch 256 elements, 128 distinct, dense box from (0, 0) of extents (32, 4)}}
      // expected-remark-re @below {{not provably in bounds: coordinate 1 of 'wave.read' at {{.*}} overflows 64-bit integers}}
      %r = wave.read %a[%tid, %k] map affine_map<(t, k) -> (t mod 32, k * 8)> : memref<32x32xf16> -> vector<4xf16>
    }
    gpu.return
  }
}

// An element 2^62 rows away: the enumeration stops and says why, before the
// positions its users compute from it could overflow.
gpu.module @far {
  gpu.func @k(%a: memref<32x32xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    // expected-remark @below {{leaves (thread id x) map (d0) -> ((d0 floordiv 32) * 4611686018427387904, d0 mod 4)}}
    // expected-remark-re @below {{not enumerated: an element of 'wave.read' at {{.*}} lies further than 2^50 elements from its memref's start}}
    // expected-remark-re @below {{not provably in bounds: coordinate 0 of 'wave.read' at {{.*}} ranges over [0, 4611686018427387904], outside [0, 31]}}
    %r = wave.read %a[%tid] map affine_map<(t) -> ((t floordiv 32) * 4611686018427387904, t mod 4)> : memref<32x32xf16> -> vector<4xf16>
    gpu.return
  }
}
