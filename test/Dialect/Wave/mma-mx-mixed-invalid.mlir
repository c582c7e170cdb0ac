// RUN: wave-opt %s -split-input-file -verify-diagnostics

// The f8f6f4 kinds of two formats with the wrong chip, operands or scales.

// A mixed kind on gfx942, which has no f8f6f4 MFMA: its kinds are listed
// one by one.
gpu.module @mma {
  gpu.func @mixed_on_gfx942(%a: vector<32xf8E4M3FN>, %b: vector<32xf4E2M1FN>, %c: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-error @+1 {{chip 'gfx942' has no f32_32x32x64_f8E4M3FN_f4E2M1FN instruction; its fp8 MMAs take f8E4M3FNUZ, f8E5M2FNUZ; its kinds are f32_32x32x8_f16, f32_16x16x16_f16, f32_32x32x8_bf16, f32_16x16x16_bf16, i32_16x16x32_i8, f32_16x16x4_f32, f32_32x32x16_f8E4M3FNUZ, f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ, f32_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ, f32_32x32x16_f8E5M2FNUZ, f32_16x16x32_f8E4M3FNUZ, f32_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ, f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ, f32_16x16x32_f8E5M2FNUZ}}
    %d = wave.mma <f32_32x32x64_f8E4M3FN_f4E2M1FN> %a, %b, %c : vector<32xf8E4M3FN>, vector<32xf4E2M1FN> -> vector<16xf32>
    gpu.return
  }
}

// -----

// A kind gfx950 lacks: the f8f6f4 kinds, over a hundred, are named by their
// pattern at the end of the list.
gpu.module @mma {
  gpu.func @fnuz_on_gfx950(%a: vector<8xf8E4M3FNUZ>, %c: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    // expected-error @+1 {{f32_32x32x16_f8E5M2, f32_16x16x32_f8E4M3FN, f32_16x16x32_f8E4M3FN_f8E5M2, f32_16x16x32_f8E5M2_f8E4M3FN, f32_16x16x32_f8E5M2, and the f8f6f4 kinds f32_32x32x64_<A>[_<B>][_scaled] and f32_16x16x128_<A>[_<B>][_scaled], A and B each f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN or f4E2M1FN}}
    %d = wave.mma <f32_32x32x16_f8E4M3FNUZ> %a, %a, %c : vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ> -> vector<16xf32>
    gpu.return
  }
}

// -----

// A and B in the other order than the kind names them.
func.func @operands_swapped(%a: vector<32xf4E2M1FN>, %b: vector<32xf8E4M3FN>, %c: vector<16xf32>) -> vector<16xf32> {
  // expected-error @+1 {{operand A of f32_32x32x64_f8E4M3FN_f4E2M1FN must be 'vector<32xf8E4M3FN>', got 'vector<32xf4E2M1FN>'}}
  %d = wave.mma <f32_32x32x64_f8E4M3FN_f4E2M1FN> %a, %b, %c : vector<32xf4E2M1FN>, vector<32xf8E4M3FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// -----

// B of another fp6 format than the kind's.
func.func @other_fp6(%a: vector<32xf8E5M2>, %b: vector<32xf6E2M3FN>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{operand B of f32_16x16x128_f8E5M2_f6E3M2FN must be 'vector<32xf6E3M2FN>', got 'vector<32xf6E2M3FN>'}}
  %d = wave.mma <f32_16x16x128_f8E5M2_f6E3M2FN> %a, %b, %c : vector<32xf8E5M2>, vector<32xf6E2M3FN> -> vector<4xf32>
  return %d : vector<4xf32>
}

// -----

// A scaled mixed kind without its scales.
func.func @without_scales(%a: vector<32xf8E4M3FN>, %b: vector<32xf4E2M1FN>, %c: vector<16xf32>) -> vector<16xf32> {
  // expected-error @+1 {{scaled kind f32_32x32x64_f8E4M3FN_f4E2M1FN_scaled needs scales of A and B (one E8M0 scale a lane each)}}
  %d = wave.mma <f32_32x32x64_f8E4M3FN_f4E2M1FN_scaled> %a, %b, %c : vector<32xf8E4M3FN>, vector<32xf4E2M1FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// -----

// The unscaled mixed kind takes no scales.
func.func @with_scales(%a: vector<32xf6E2M3FN>, %b: vector<32xf4E2M1FN>, %c: vector<16xf32>, %s: vector<1xf8E8M0FNU>) -> vector<16xf32> {
  // expected-error @+1 {{kind f32_32x32x64_f6E2M3FN_f4E2M1FN takes no scales}}
  %d = wave.mma <f32_32x32x64_f6E2M3FN_f4E2M1FN> %a, %b, %c scales %s, %s : vector<32xf6E2M3FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}
