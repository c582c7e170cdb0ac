// RUN: wave-opt %s -split-input-file -verify-diagnostics

// Every rule of MMA fragment accesses (#wave.fragment on wave.read and
// wave.write), one case each.

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @vector_size(%m: memref<32x8xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{the A fragment of f32_32x32x8_f16 is 'vector<4xf16>', not 'vector<8xf16>'}}
    %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<8xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @element_type(%m: memref<32x8xbf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{the A fragment of f32_32x32x8_f16 is 'vector<4xf16>', not 'vector<4xbf16>'}}
    %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xbf16> -> vector<4xbf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // The accumulator of a 32x32 kind is 16 values a lane, not an A fragment's 4.
  gpu.func @accumulator_vector(%m: memref<32x32xf32>, %v: vector<4xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{the accumulator fragment of f32_32x32x8_f16 is 'vector<16xf32>', not 'vector<4xf32>'}}
    wave.write %v, %m[%i, %i] fragment <acc, f32_32x32x8_f16> : vector<4xf32>, memref<32x32xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @along(%m: memref<8x32xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{takes no 'along' with a fragment: the B fragment of f32_32x32x8_f16 runs along dimension 0}}
    %v = wave.read %m[%i, %i] fragment <B, f32_32x32x8_f16> along 0 : memref<8x32xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @rank(%m: memref<256xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{fragment access needs a memref of rank 2 or more, got rank 1}}
    %v = wave.read %m[%i] fragment <A, f32_32x32x8_f16> : memref<256xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // Two fragment coordinates: the map yields one per memref dimension.
  gpu.func @map_results(%m: memref<32x8xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{access map yields 1 coordinates but the memref has rank 2}}
    %v = wave.read %m[%i] map affine_map<(d0) -> (d0)> fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @too_small(%m: memref<16x8xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{a 32x8 A fragment of f32_32x32x8_f16 does not fit in 'memref<16x8xf16>'}}
    %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16> : memref<16x8xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // Transposed, the B fragment of a 32x32x8 kind is 32 x 8 (N x K).
  gpu.func @too_small_transposed(%m: memref<8x32xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{a 32x8 B fragment of f32_32x32x8_f16 does not fit in 'memref<8x32xf16>'}}
    %v = wave.read %m[%i, %i] fragment <B, f32_32x32x8_f16, transposed> : memref<8x32xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @wave32(%m: memref<32x8xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    // expected-error @+1 {{the A fragment of f32_32x32x8_f16 needs waves of 64 lanes, the kernel runs 32}}
    %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

func.func @no_workgroup(%m: memref<32x8xf16>, %i: index) {
  // expected-error @+1 {{fragment access must be in a gpu.func with 'known_block_size': its lanes come from the thread id}}
  %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
  return
}

// -----

gpu.module @m {
  gpu.func @partial_wave(%m: memref<32x8xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 96, 1, 1>} {
    // expected-error @+1 {{fragment access needs whole waves of 64 lanes, the workgroup has 96}}
    %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

// Whole waves, but more lanes than any chip launches.
gpu.module @m {
  gpu.func @huge_workgroup(%m: memref<32x8xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 32, 1>} {
    // expected-error @+1 {{'wave.read' op needs a workgroup of at most 1024 lanes, the kernel's has 2048}}
    %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

// Lanes past 64 bits: the extents instead of a count.
gpu.module @m {
  gpu.func @uncountable_workgroup(%m: memref<32x8xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 2147483647, 2147483647, 3>} {
    // expected-error @+1 {{fragment access needs whole waves of 64 lanes, the workgroup has 2147483647 x 2147483647 x 3}}
    %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @accumulator_as_b(%m: memref<16x16xf32>, %a: vector<1xf32>, %b: vector<1xf32>, %c: vector<4xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %d = wave.mma <f32_16x16x4_f32> %a, %b, %c : vector<1xf32>, vector<1xf32> -> vector<4xf32>
    // expected-error @+1 {{writes the result of a wave.mma, an accumulator, as the B fragment of f32_16x16x4_f32}}
    wave.write %d, %m[%i, %i] fragment <B, f32_16x16x4_f32> : vector<4xf32>, memref<16x16xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // Through the loop that accumulates it.
  gpu.func @accumulator_kind(%m: memref<16x16xf32>, %a: vector<4xbf16>, %b: vector<4xbf16>, %c: vector<4xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %r = scf.for %k = %i to %i step %i iter_args(%acc = %c) -> (vector<4xf32>) {
      // expected-note @+1 {{the wave.mma}}
      %d = wave.mma <f32_16x16x16_bf16> %a, %b, %acc : vector<4xbf16>, vector<4xbf16> -> vector<4xf32>
      scf.yield %d : vector<4xf32>
    }
    // expected-error @+1 {{writes the accumulator of a f32_16x16x16_bf16 wave.mma as the accumulator fragment of f32_16x16x16_f16}}
    wave.write %r, %m[%i, %i] fragment <acc, f32_16x16x16_f16> : vector<4xf32>, memref<16x16xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @swapped_operands(%ma: memref<32x8xf16>, %mb: memref<8x32xf16>, %c: vector<16xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %a = wave.read %ma[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
    %b = wave.read %mb[%i, %i] fragment <B, f32_32x32x8_f16> : memref<8x32xf16> -> vector<4xf16>
    // expected-error @+1 {{operand A of f32_32x32x8_f16 is read as the B fragment of f32_32x32x8_f16}}
    %d = wave.mma <f32_32x32x8_f16> %b, %a, %c : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // Same vector types, another lane layout.
  gpu.func @other_kind(%ma: memref<16x16xf16>, %b: vector<4xf16>, %c: vector<16xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %a = wave.read %ma[%i, %i] fragment <A, f32_16x16x16_f16> : memref<16x16xf16> -> vector<4xf16>
    // expected-error @+1 {{operand A of f32_32x32x8_f16 is read as the A fragment of f32_16x16x16_f16}}
    %d = wave.mma <f32_32x32x8_f16> %a, %b, %c : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // The initial accumulator of a loop, read as an operand fragment.
  gpu.func @accumulator_init(%mc: memref<32x32xf32>, %a: vector<1xf32>, %b: vector<1xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %c = wave.read %mc[%i, %i] fragment <acc, f32_32x32x8_f16> : memref<32x32xf32> -> vector<16xf32>
    %x = vector.extract_strided_slice %c {offsets = [0], sizes = [4], strides = [1]} : vector<16xf32> to vector<4xf32>
    %r = scf.for %k = %i to %i step %i iter_args(%acc = %x) -> (vector<4xf32>) {
      %d = wave.mma <f32_16x16x4_f32> %a, %b, %acc : vector<1xf32>, vector<1xf32> -> vector<4xf32>
      scf.yield %d : vector<4xf32>
    }
    // expected-note @+1 {{read here}}
    %y = wave.read %mc[%i, %i] fragment <acc, f32_16x16x16_f16> : memref<32x32xf32> -> vector<4xf32>
    %s = scf.for %k = %i to %i step %i iter_args(%acc = %y) -> (vector<4xf32>) {
      // expected-error @+1 {{operand accumulator of f32_16x16x4_f32 is read as the accumulator fragment of f32_16x16x16_f16}}
      %d = wave.mma <f32_16x16x4_f32> %a, %b, %acc : vector<1xf32>, vector<1xf32> -> vector<4xf32>
      scf.yield %d : vector<4xf32>
    }
    gpu.return
  }
}

// -----

func.func @unknown_operand(%m: memref<32x8xf16>, %i: index) {
  // expected-error @+1 {{expected an MMA operand (A, B or acc), got 'C'}}
  %v = wave.read %m[%i, %i] fragment <C, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
  return
}

// -----

func.func @unknown_kind(%m: memref<32x8xf16>, %i: index) {
  // expected-error @+1 {{unknown MMA kind 'f32_8x8x8_f16'}}
  %v = wave.read %m[%i, %i] fragment <A, f32_8x8x8_f16> : memref<32x8xf16> -> vector<4xf16>
  return
}

// -----

func.func @bad_flag(%m: memref<32x8xf16>, %i: index) {
  // expected-error @+1 {{expected 'transposed'}}
  %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16, swapped> : memref<32x8xf16> -> vector<4xf16>
  return
}

// -----

// wave.mma_tile: the tiles must be read as the A and B fragments of one kind,
// the accumulators must match the grid and the kind, and the tiles must
// hold the same number of whole K fragments.

!t = memref<64x32xf16>
!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_roles(%a: !t, %b: !t, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{takes the B tile as B fragments, not as the A fragment of f32_32x32x8_f16}}
    %d = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <A, f32_32x32x8_f16>, %c : !t, !t -> !acc
    gpu.return
  }
}

// -----

!t = memref<64x32xf16>
!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_kinds(%a: !t, %b: !t, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{multiplies the A fragment of f32_32x32x8_f16 by the B fragment of f32_32x32x8_bf16}}
    %d = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_bf16>, %c : !t, !t -> !acc
    gpu.return
  }
}

// -----

// The kernel's chip must have the MFMA of the fragments' kind.
!a = memref<64x32xf16>
!b = memref<32x64xf16>
!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_no_matrix_cores(%a: !a, %b: !b, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 64>} {
    // expected-error @+1 {{chip 'gfx1100' has no MFMA unit for f32_32x32x8_f16}}
    %d = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_f16>, %c : !a, !b -> !acc
    gpu.return
  }
}

// -----

!t = memref<64x64xf16>
!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_grid(%a: !t, %b: !t, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{a grid of 2x2 accumulators needs 4 accumulator operands, got 2}}
    %d:2 = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_f16>, %c, %c grid [2, 2] : !t, !t -> !acc, !acc
    gpu.return
  }
}

// -----

!t = memref<64x64xf16>
!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_grid_overflow(%a: !t, %b: !t, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{a grid of 2x9223372036854775807 accumulators overflows 64 bits}}
    %d:2 = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_f16>, %c, %c grid [2, 9223372036854775807] : !t, !t -> !acc, !acc
    gpu.return
  }
}

// -----

!t = memref<64x64xf16>
!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_bad_grid(%a: !t, %b: !t, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{grid must be two positive accumulator counts, rows and columns}}
    %d = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_f16>, %c grid [0, 1] : !t, !t -> !acc
    gpu.return
  }
}

// -----

!t = memref<64x32xf16>
gpu.module @m {
  gpu.func @mma_tile_acc(%a: !t, %b: !t, %i: index, %c: vector<4xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{the accumulators of f32_32x32x8_f16 are 'vector<16xf32>', not 'vector<4xf32>'}}
    %d = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_f16>, %c : !t, !t -> vector<4xf32>
    gpu.return
  }
}

// -----

!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_k(%a: memref<64x32xf16>, %b: memref<16x64xf16>, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{the A tile holds 4 K steps of f32_32x32x8_f16, the B tile 2}}
    %d = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_f16>, %c : memref<64x32xf16>, memref<16x64xf16> -> !acc
    gpu.return
  }
}

// -----

!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_partial_k(%a: memref<64x12xf16>, %b: memref<16x64xf16>, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{the A tile 'memref<64x12xf16>' does not hold whole A fragments of f32_32x32x8_f16 (32x8) along K}}
    %d = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_f16>, %c : memref<64x12xf16>, memref<16x64xf16> -> !acc
    gpu.return
  }
}

// -----

!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_rows(%a: memref<32x32xf16>, %b: memref<32x64xf16>, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{the A tile 'memref<32x32xf16>' holds fewer than 2 A fragments of f32_32x32x8_f16 (32x8) across K}}
    %d:2 = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_f16>, %c, %c grid [2, 1] : memref<32x32xf16>, memref<32x64xf16> -> !acc, !acc
    gpu.return
  }
}

// -----

!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_element(%a: memref<64x32xbf16>, %b: memref<32x64xf16>, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{the A tile of f32_32x32x8_f16 holds 'f16', not 'bf16'}}
    %d = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_f16>, %c : memref<64x32xbf16>, memref<32x64xf16> -> !acc
    gpu.return
  }
}

// -----

!t = memref<64x32xf16>
!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_wave32(%a: !t, %b: !t, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    // expected-error @+1 {{the A fragment of f32_32x32x8_f16 needs waves of 64 lanes, the kernel runs 32}}
    %d = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16>, %b[%i] fragment <B, f32_32x32x8_f16, transposed>, %c : !t, !t -> !acc
    gpu.return
  }
}

// -----

// wave.copy_tile: A or B fragments only, a block position of two indices, a
// tile of whole fragments that divide evenly among the waves.

gpu.module @m {
  gpu.func @copy_acc(%g: memref<256x256xf32>, %t: memref<64x64xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{copies A or B fragments, not the accumulator fragment of f32_32x32x8_f16}}
    wave.copy_tile %g[%i, %i] fragment <acc, f32_32x32x8_f16>, %t : memref<256x256xf32>, memref<64x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @copy_indices(%g: memref<256x256xf16>, %t: memref<64x32xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{takes the block position as 2 indices, got 1}}
    wave.copy_tile %g[%i] fragment <A, f32_32x32x8_f16>, %t : memref<256x256xf16>, memref<64x32xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @copy_empty_tile(%g: memref<256x256xf16>, %t: memref<0x32xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{the tile 'memref<0x32xf16>' holds no fragment}}
    wave.copy_tile %g[%i, %i] fragment <A, f32_32x32x8_f16>, %t : memref<256x256xf16>, memref<0x32xf16>
    gpu.return
  }
}

// -----

// A workgroup with an empty dimension has no wave to share the tile among.
gpu.module @m {
  gpu.func @copy_no_wave(%g: memref<256x256xf16>, %t: memref<64x32xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 0, 1>} {
    // expected-error @+1 {{fragment access needs whole waves of 64 lanes, the workgroup has 0}}
    wave.copy_tile %g[%i, %i] fragment <A, f32_32x32x8_f16>, %t : memref<256x256xf16>, memref<64x32xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @copy_partial(%g: memref<256x256xf16>, %t: memref<48x32xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{the tile 'memref<48x32xf16>' does not hold whole A fragments of f32_32x32x8_f16 (32x8)}}
    wave.copy_tile %g[%i, %i] fragment <A, f32_32x32x8_f16>, %t : memref<256x256xf16>, memref<48x32xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @copy_element(%g: memref<256x256xbf16>, %t: memref<64x32xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{the A fragment of f32_32x32x8_f16 holds 'f16', not 'bf16'}}
    wave.copy_tile %g[%i, %i] fragment <A, f32_32x32x8_f16>, %t : memref<256x256xbf16>, memref<64x32xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @copy_uneven(%g: memref<256x256xf16>, %t: memref<32x24xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{the 1x3 A fragments of f32_32x32x8_f16 in the tile do not divide among 4 waves: their number must be a multiple of the waves, and the K positions (3) a multiple or a divisor of them}}
    wave.copy_tile %g[%i, %i] fragment <A, f32_32x32x8_f16>, %t : memref<256x256xf16>, memref<32x24xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @copy_k_positions(%g: memref<256x256xf16>, %t: memref<128x24xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{the 4x3 A fragments of f32_32x32x8_f16 in the tile do not divide among 4 waves}}
    wave.copy_tile %g[%i, %i] fragment <A, f32_32x32x8_f16>, %t : memref<256x256xf16>, memref<128x24xf16>
    gpu.return
  }
}

// -----

func.func @copy_no_workgroup(%g: memref<256x256xf16>, %t: memref<64x32xf16>, %i: index) {
  // expected-error @+1 {{fragment access must be in a gpu.func with 'known_block_size': its lanes come from the thread id}}
  wave.copy_tile %g[%i, %i] fragment <A, f32_32x32x8_f16>, %t : memref<256x256xf16>, memref<64x32xf16>
  return
}

// -----

// The role of an MMA operand is traced back through the ops that keep a
// lane's layout: both arms of an scf.if, loop-carried values (a fragment
// prefetched for the next iteration), arith.select, elementwise ops and
// branch operands of block arguments.

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
!f = vector<4xf16>
gpu.module @m {
  gpu.func @if_arm(%ma: memref<32x8xf16>, %mb: memref<8x32xf16>, %c: vector<16xf32>, %i: index, %p: i1) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %a = scf.if %p -> (!f) {
      %x = wave.read %ma[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> !f
      scf.yield %x : !f
    } else {
      // expected-note @+1 {{read here}}
      %y = wave.read %mb[%i, %i] fragment <B, f32_32x32x8_f16> : memref<8x32xf16> -> !f
      scf.yield %y : !f
    }
    // expected-error @+1 {{operand A of f32_32x32x8_f16 is read as the B fragment of f32_32x32x8_f16}}
    %d = wave.mma <f32_32x32x8_f16> %a, %a, %c : !f, !f -> vector<16xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
!f = vector<4xf16>
gpu.module @m {
  // The first A fragment is read before the loop, the next one in it: the
  // prefetch reads a B fragment.
  gpu.func @loop_carried(%ma: memref<32x64xf16>, %b: !f, %c: vector<16xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %a0 = wave.read %ma[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x64xf16> -> !f
    %r:2 = scf.for %k = %i to %i step %i iter_args(%a = %a0, %acc = %c) -> (!f, vector<16xf32>) {
      // expected-error @+1 {{operand A of f32_32x32x8_f16 is read as the B fragment of f32_32x32x8_f16}}
      %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc : !f, !f -> vector<16xf32>
      // expected-note @+1 {{read here}}
      %next = wave.read %ma[%k, %i] fragment <B, f32_32x32x8_f16> : memref<32x64xf16> -> !f
      scf.yield %next, %d : !f, vector<16xf32>
    }
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
!f = vector<4xf16>
gpu.module @m {
  gpu.func @select_and_negate(%ma: memref<32x8xf16>, %mb: memref<8x32xf16>, %c: vector<16xf32>, %i: index, %p: i1) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %a = wave.read %ma[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> !f
    // expected-note @+1 {{read here}}
    %b = wave.read %mb[%i, %i] fragment <B, f32_32x32x8_f16> : memref<8x32xf16> -> !f
    %nb = arith.negf %b : !f
    %s = arith.select %p, %a, %nb : !f
    // expected-error @+1 {{operand A of f32_32x32x8_f16 is read as the B fragment of f32_32x32x8_f16}}
    %d = wave.mma <f32_32x32x8_f16> %s, %b, %c : !f, !f -> vector<16xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
!f = vector<4xf16>
gpu.module @m {
  gpu.func @block_argument(%mb: memref<8x32xf16>, %c: vector<16xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-note @+1 {{read here}}
    %b = wave.read %mb[%i, %i] fragment <B, f32_32x32x8_f16> : memref<8x32xf16> -> !f
    cf.br ^next(%b : !f)
  ^next(%a: !f):
    // expected-error @+1 {{operand A of f32_32x32x8_f16 is read as the B fragment of f32_32x32x8_f16}}
    %d = wave.mma <f32_32x32x8_f16> %a, %b, %c : !f, !f -> vector<16xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // An epilogue (ReLU) keeps the accumulator's layout.
  gpu.func @epilogue(%m: memref<32x32xf16>, %a: vector<4xf16>, %b: vector<4xf16>, %c: vector<16xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %zero = arith.constant dense<0.0> : vector<16xf32>
    // expected-note @+1 {{the wave.mma}}
    %d = wave.mma <f32_32x32x8_f16> %a, %b, %c : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %relu = arith.maximumf %d, %zero : vector<16xf32>
    %h = arith.truncf %relu : vector<16xf32> to vector<16xf16>
    // expected-error @+1 {{writes the result of a wave.mma, an accumulator, as the A fragment of f32_32x32x8_f16}}
    wave.write %h, %m[%i, %i] fragment <A, f32_32x32x8_f16> : vector<16xf16>, memref<32x32xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @if_result(%m: memref<32x32xf32>, %a: vector<4xf16>, %b: vector<4xf16>, %c: vector<4xf32>, %i: index, %p: i1) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %r = scf.if %p -> (vector<4xf32>) {
      // expected-note @+1 {{the wave.mma}}
      %d = wave.mma <f32_16x16x16_f16> %a, %b, %c : vector<4xf16>, vector<4xf16> -> vector<4xf32>
      scf.yield %d : vector<4xf32>
    } else {
      scf.yield %c : vector<4xf32>
    }
    // expected-error @+1 {{writes the accumulator of a f32_16x16x16_f16 wave.mma as the accumulator fragment of f32_16x16x4_f32}}
    wave.write %r, %m[%i, %i] fragment <acc, f32_16x16x4_f32> : vector<4xf32>, memref<32x32xf32>
    gpu.return
  }
}

// -----

// What the trace accepts and where it stops: matching fragments through
// every path, a kernel argument (no layout known), and ops that move data
// between slots (a shuffle of a B fragment is no fragment any more).

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
!f = vector<4xf16>
gpu.module @m {
  gpu.func @accepted(%ma: memref<32x8xf16>, %mb: memref<8x32xf16>, %mc: memref<32x32xf32>, %arg: !f, %c: vector<16xf32>, %i: index, %p: i1) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %a = wave.read %ma[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> !f
    %b = wave.read %mb[%i, %i] fragment <B, f32_32x32x8_f16> : memref<8x32xf16> -> !f
    %s = arith.select %p, %a, %arg : !f
    %n = arith.negf %s : !f
    %shuffled = vector.shuffle %b, %b [3, 2, 1, 0] : !f, !f
    %d = wave.mma <f32_32x32x8_f16> %n, %shuffled, %c : !f, !f -> vector<16xf32>
    %e = wave.mma <f32_32x32x8_f16> %arg, %b, %d : !f, !f -> vector<16xf32>
    %relu = arith.maximumf %e, %c : vector<16xf32>
    wave.write %relu, %mc[%i, %i] fragment <acc, f32_32x32x8_f16> : vector<16xf32>, memref<32x32xf32>
    gpu.return
  }
}

// -----

// The role checks run before the loop's own verifier: a loop-carried operand
// whose scf.yield is missing is the loop's error, not a crash of the check.
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
!f = vector<4xf16>
gpu.module @m {
  gpu.func @missing_yield(%ma: memref<32x64xf16>, %b: !f, %c: vector<16xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %a0 = wave.read %ma[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x64xf16> -> !f
    // expected-error @+2 {{region branch point has 0 operands, but region successor needs 2 inputs}}
    // expected-note @+1 {{region branch point}}
    %r:2 = scf.for %k = %i to %i step %i iter_args(%a = %a0, %acc = %c) -> (!f, vector<16xf32>) {
      %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc : !f, !f -> vector<16xf32>
    }
    gpu.return
  }
}

// -----

// k_pack packs the A or B operands of consecutive K steps; the accumulator
// has no K, and the pack is a positive count.
func.func @pack_accumulator(%m: memref<32x32xf32>, %i: index) {
  // expected-error @+1 {{k_pack packs A or B operands along K; the accumulator has no K}}
  %v = wave.read %m[%i, %i] fragment <acc, f32_32x32x8_f16, k_pack = 2> : memref<32x32xf32> -> vector<16xf32>
  return
}

// -----

func.func @pack_zero(%m: memref<32x8xf16>, %i: index) {
  // expected-error @+1 {{k_pack must be positive, got 0}}
  %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16, k_pack = 0> : memref<32x8xf16> -> vector<4xf16>
  return
}

// -----

// A pack beyond a lane's register file (found by wave-fuzz: k_pack = 2^63 - 1
// overflowed the fragment's K extent).
func.func @pack_huge(%m: memref<32x16xf16>, %i: index) {
  // expected-error @+1 {{k_pack of 9223372036854775807 packs more than 1024 elements a lane (4 a K step)}}
  %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16, k_pack = 9223372036854775807> : memref<32x16xf16> -> vector<4xf16>
  return
}

// -----

func.func @pack_just_over(%m: memref<32x8192xf16>, %i: index) {
  // expected-error @+1 {{k_pack of 257 packs more than 1024 elements a lane (4 a K step)}}
  %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16, k_pack = 257> : memref<32x8192xf16> -> vector<1028xf16>
  return
}

// -----

// A packed fragment holds the packed count of elements.
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @pack_vector_size(%m: memref<32x16xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{the A fragment of f32_32x32x8_f16 (k_pack = 2) is 'vector<8xf16>', not 'vector<4xf16>'}}
    %v = wave.read %m[%i, %i] fragment <A, f32_32x32x8_f16, k_pack = 2> : memref<32x16xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

// The tile ops take the kind's fragments: wave-expand-fragments chooses how
// wave.mma_tile's reads are packed.
!t = memref<64x32xf16>
!acc = vector<16xf32>
gpu.module @m {
  gpu.func @mma_tile_packed(%a: !t, %b: !t, %i: index, %c: !acc) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{takes unpacked fragments, not the A fragment of f32_32x32x8_f16 (k_pack = 2): wave-expand-fragments chooses the K packing}}
    %d = wave.mma_tile %a[%i] fragment <A, f32_32x32x8_f16, k_pack = 2>, %b[%i] fragment <B, f32_32x32x8_f16>, %c : !t, !t -> !acc
    gpu.return
  }
}

// -----

!t = memref<64x32xf16, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @copy_tile_packed(%src: memref<256x256xf16>, %t: !t, %i: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{copies unpacked fragments, not the A fragment of f32_32x32x8_f16 (k_pack = 2)}}
    wave.copy_tile %src[%i, %i] fragment <A, f32_32x32x8_f16, k_pack = 2>, %t : memref<256x256xf16>, !t
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // Positions count 32-row blocks: expansion would multiply 2^62 by 32, past
  // 64 bits (a divisor is not scaled: d0 floordiv 2^62 is fine).
  gpu.func @position_overflow(%m: memref<64x8xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %ok = wave.read %m[%i, %i] map affine_map<(d0, d1) -> (d0 floordiv 4611686018427387904, d1)> fragment <A, f32_32x32x8_f16> : memref<64x8xf16> -> vector<4xf16>
    // expected-error @+1 {{position map constant 4611686018427387904 in blocks of 32 overflows 64 bits}}
    %v = wave.read %m[%i, %i] map affine_map<(d0, d1) -> (d0 * 4611686018427387904 + 1, d1)> fragment <A, f32_32x32x8_f16> : memref<64x8xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // The largest constant: the bound on it and a lane offset below it is
  // past 64 bits before any scaling.
  gpu.func @position_max(%m: memref<64x8xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{position map constant 9223372036854775807 in blocks of 8 overflows 64 bits}}
    %v = wave.read %m[%i, %i] map affine_map<(d0, d1) -> (d0, d1 * 9223372036854775807 + d0)> fragment <A, f32_32x32x8_f16> : memref<64x8xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

// A swizzled LDS tile keeps groups of `vec` elements contiguous: a lane's
// run of a fragment along the tile's rows must fit one, or the access it
// expands into would cross groups (a fuzzer finding: wave-expand-fragments
// produced a read the verifier rejects).

!lds = memref<32x32xf16, #gpu.address_space<workgroup>>
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @mma_tile_narrow_swizzle(%tb: !lds, %i: index, %acc: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %ta = wave.alloc_lds swizzle <vec = 2, per_phase = 1, max_phase = 8> : !lds
    // expected-error @+1 {{the A tile's swizzle keeps groups of 2 elements contiguous, fewer than the 4 consecutive elements a lane accesses of one A fragment of f32_32x32x8_f16 (a swizzle with vec = 4 or more keeps them together)}}
    %d = wave.mma_tile %ta[%i] fragment <A, f32_32x32x8_f16>, %tb[%i] fragment <B, f32_32x32x8_f16>, %acc : !lds, !lds -> vector<16xf32>
    gpu.return
  }
}

// -----

!lds = memref<32x32xf16, #gpu.address_space<workgroup>>
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @read_narrow_swizzle(%i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %t = wave.alloc_lds swizzle <vec = 2, per_phase = 1, max_phase = 8> : !lds
    // expected-error @+1 {{the tile's swizzle keeps groups of 2 elements contiguous, fewer than the 4 consecutive elements a lane accesses of one A fragment of f32_32x32x8_f16}}
    %a = wave.read %t[%i, %i] fragment <A, f32_32x32x8_f16> : !lds -> vector<4xf16>
    gpu.return
  }
}
