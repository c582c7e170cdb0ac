// RUN: wave-opt %s -split-input-file -verify-diagnostics

// The fp6 and scaled fp8 MMA kinds with the wrong chip, operands or scales.

// fp6 on gfx942, which has no f8f6f4 MFMA.
gpu.module @mma {
  gpu.func @fp6_on_gfx942(%a: vector<32xf6E2M3FN>, %c: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-error @+1 {{chip 'gfx942' has no f32_32x32x64_f6E2M3FN instruction; its kinds are}}
    %d = wave.mma <f32_32x32x64_f6E2M3FN> %a, %a, %c : vector<32xf6E2M3FN>, vector<32xf6E2M3FN> -> vector<16xf32>
    gpu.return
  }
}

// -----

// fp6 operands are 32 elements a lane, of the kind's format.
func.func @fp6_other_format(%a: vector<32xf6E3M2FN>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{operand A of f32_16x16x128_f6E2M3FN must be 'vector<32xf6E2M3FN>', got 'vector<32xf6E3M2FN>'}}
  %d = wave.mma <f32_16x16x128_f6E2M3FN> %a, %a, %c : vector<32xf6E3M2FN>, vector<32xf6E3M2FN> -> vector<4xf32>
  return %d : vector<4xf32>
}

// -----

// MXFP8 without its scales.
func.func @mxfp8_without_scales(%a: vector<32xf8E4M3FN>, %c: vector<16xf32>) -> vector<16xf32> {
  // expected-error @+1 {{scaled kind f32_32x32x64_f8E4M3FN_scaled needs scales of A and B (one E8M0 scale a lane each)}}
  %d = wave.mma <f32_32x32x64_f8E4M3FN_scaled> %a, %a, %c : vector<32xf8E4M3FN>, vector<32xf8E4M3FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// -----

// The unscaled fp6 kind takes no scales.
func.func @fp6_with_scales(%a: vector<32xf6E3M2FN>, %c: vector<16xf32>, %s: vector<1xf8E8M0FNU>) -> vector<16xf32> {
  // expected-error @+1 {{kind f32_32x32x64_f6E3M2FN takes no scales}}
  %d = wave.mma <f32_32x32x64_f6E3M2FN> %a, %a, %c scales %s, %s : vector<32xf6E3M2FN>, vector<32xf6E3M2FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}
