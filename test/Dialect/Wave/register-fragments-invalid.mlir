// RUN: wave-opt %s -split-input-file -verify-diagnostics

// Every rule of the ops on accumulator fragments in registers
// (wave.acc_to_operand, wave.fragment_reduce, wave.fragment_broadcast,
// wave.fragment_index), one case each.

// The accumulator's columns are K for A, but a lane holds one column: its
// rows come from other lanes, through a tile of LDS that needs a kernel of
// known workgroup size (a plain function has none).
func.func @acc_to_a_operand(%s: vector<16xf32>) {
  // expected-error @+1 {{converts through LDS (lanes need other lanes' elements), which needs a gpu.func with 'known_block_size'}}
  %a:4 = wave.acc_to_operand %s fragment <acc, f32_32x32x8_f16> to <A, f32_32x32x8_f16>
      : vector<16xf32> -> vector<4xf16>, vector<4xf16>, vector<4xf16>, vector<4xf16>
  return
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @shape_mismatch(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{the 32x32 accumulator of f32_32x32x8_f16 is no whole number of B fragments of f32_16x16x16_f16 (N must match and K = 16 divide the other extent)}}
    %b = wave.acc_to_operand %s fragment <acc, f32_32x32x8_f16> to <B, f32_16x16x16_f16>
        : vector<16xf32> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @result_count(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{expects 4 results (one an operand fragment), got 2}}
    %b:2 = wave.acc_to_operand %s fragment <acc, f32_32x32x8_f16> to <B, f32_32x32x8_f16>
        : vector<16xf32> -> vector<4xf16>, vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @result_type(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{each result must be 'vector<4xf16>', got 'vector<4xbf16>'}}
    %b:4 = wave.acc_to_operand %s fragment <acc, f32_32x32x8_f16> to <B, f32_32x32x8_f16>
        : vector<16xf32> -> vector<4xbf16>, vector<4xbf16>, vector<4xbf16>, vector<4xbf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @operand_not_acc(%s: vector<4xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{converts an accumulator fragment (<acc, ...>), not the A operand of f32_32x32x8_f16}}
    %b = wave.acc_to_operand %s fragment <A, f32_32x32x8_f16> to <B, f32_32x32x8_f16>
        : vector<4xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @integer_acc(%s: vector<4xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{converts float accumulators, not 'vector<4xi32>'}}
    %b = wave.acc_to_operand %s fragment <acc, i32_16x16x32_i8> to <B, f32_16x16x16_f16>
        : vector<4xi32> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @acc_type(%s: vector<4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{accumulator of f32_32x32x8_f16 must be 'vector<16xf32>', got 'vector<4xf32>'}}
    %b = wave.acc_to_operand %s fragment <acc, f32_32x32x8_f16> to <B, f32_32x32x8_f16>
        : vector<4xf32> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @into_acc(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{converts into an A or B fragment in registers (not transposed), got #wave.fragment<acc, f32_32x32x8_f16>}}
    %b = wave.acc_to_operand %s fragment <acc, f32_32x32x8_f16> to <acc, f32_32x32x8_f16>
        : vector<16xf32> -> vector<16xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @reduce_operand(%a: vector<4xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // A row statistic of an A operand: not an accumulator.
    // expected-error @+1 {{reduces an accumulator fragment (<acc, ...>), not the A operand of f32_32x32x8_f16}}
    %m = wave.fragment_reduce <max> %a fragment <A, f32_32x32x8_f16> dim 1
        : vector<4xf16> -> vector<1xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @reduce_transposed(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{'transposed' describes a fragment in memory; registers hold the kind's layout}}
    %m = wave.fragment_reduce <max> %s fragment <acc, f32_32x32x8_f16, transposed> dim 0
        : vector<16xf32> -> vector<1xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @reduce_dim(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{dim must be 0 (columns) or 1 (rows) of the accumulator, got 2}}
    %m = wave.fragment_reduce <max> %s fragment <acc, f32_32x32x8_f16> dim 2
        : vector<16xf32> -> vector<1xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @reduce_result(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // A lane of a 32x32 accumulator holds 16 rows.
    // expected-error @+1 {{result must be 'vector<16xf32>' (one element for each row a lane holds), got 'vector<1xf32>'}}
    %m = wave.fragment_reduce <add> %s fragment <acc, f32_32x32x8_f16> dim 1
        : vector<16xf32> -> vector<1xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @reduce_operand_type(%s: vector<16xf32>, %t: vector<4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{each accumulator of f32_32x32x8_f16 must be 'vector<16xf32>', got 'vector<4xf32>'}}
    %m = wave.fragment_reduce <add> %s, %t fragment <acc, f32_32x32x8_f16> dim 0
        : vector<16xf32>, vector<4xf32> -> vector<1xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @reduce_bitwise_float(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{'xor' needs an integer operand, got 'f32'}}
    %m = wave.fragment_reduce <xor> %s fragment <acc, f32_32x32x8_f16> dim 0
        : vector<16xf32> -> vector<1xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx1100", wave_size = 32>
gpu.module @m {
  gpu.func @reduce_wave32(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{f32_32x32x8_f16 runs on waves of 64 lanes, the kernel's have 32}}
    %m = wave.fragment_reduce <max> %s fragment <acc, f32_32x32x8_f16> dim 0
        : vector<16xf32> -> vector<1xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @broadcast_count(%m: vector<2xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{expects one value for each of the 1 columns a lane holds, got 'vector<2xf32>'}}
    %b = wave.fragment_broadcast %m fragment <acc, f32_32x32x8_f16> dim 0
        : vector<2xf32> -> vector<16xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @broadcast_result(%m: vector<1xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{result must be 'vector<16xf32>', got 'vector<4xf32>'}}
    %b = wave.fragment_broadcast %m fragment <acc, f32_32x32x8_f16> dim 0
        : vector<1xf32> -> vector<4xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @broadcast_operand(%m: vector<1xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{broadcasts over an accumulator fragment (<acc, ...>), not the B operand of f32_32x32x8_f16}}
    %b = wave.fragment_broadcast %m fragment <B, f32_32x32x8_f16> dim 0
        : vector<1xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @index_count() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{expects one index for each of the 16 slots of the fragment, got 'vector<4xi32>'}}
    %i = wave.fragment_index fragment <acc, f32_32x32x8_f16> dim 0 : vector<4xi32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @index_dim() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // expected-error @+1 {{dim must be 0 (rows) or 1 (columns), got 3}}
    %i = wave.fragment_index fragment <acc, f32_32x32x8_f16> dim 3 : vector<16xi32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  gpu.func @converted_operand_write(%v: vector<4xf32>, %m: memref<32x8xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    // Only an accumulator may be written in another float type.
    // expected-error @+1 {{the A fragment of f32_32x32x8_f16 is 'vector<4xf16>', not 'vector<4xf32>'}}
    wave.write %v, %m[%i, %i] fragment <A, f32_32x32x8_f16> : vector<4xf32>, memref<32x8xf32>
    gpu.return
  }
}

// -----

// Through LDS each wave owns a block of the tile: a partial wave has none.
gpu.module @m {
  gpu.func @acc_to_a_operand_partial_wave(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 96, 1, 1>} {
    // expected-error @+1 {{converts through LDS a block a wave, but a workgroup of 96 lanes is no whole number of waves of 64}}
    %a:4 = wave.acc_to_operand %s fragment <acc, f32_32x32x8_f16> to <A, f32_32x32x8_f16>
        : vector<16xf32> -> vector<4xf16>, vector<4xf16>, vector<4xf16>, vector<4xf16>
    gpu.return
  }
}

// -----

// A workgroup no chip launches (96 x 1025 x 4 lanes, whole waves): a block
// of LDS a wave would be 12 MB, and its layout enumerated over 393600 lanes
// (fuzzer finding: 26 s in wave-optimize-lds-layout).
gpu.module @m {
  gpu.func @acc_to_a_operand_huge_workgroup(%s: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 96, 1025, 4>} {
    // expected-error @+1 {{'wave.acc_to_operand' op needs a workgroup of at most 1024 lanes, the kernel's has 393600}}
    %a:4 = wave.acc_to_operand %s fragment <acc, f32_32x32x8_f16> to <A, f32_32x32x8_f16>
        : vector<16xf32> -> vector<4xf16>, vector<4xf16>, vector<4xf16>, vector<4xf16>
    gpu.return
  }
}
