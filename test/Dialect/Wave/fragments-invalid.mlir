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
    // expected-error @+1 {{fragment access needs a 2-D memref, got rank 1}}
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
