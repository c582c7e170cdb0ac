// RUN: wave-opt %s -split-input-file -verify-diagnostics

// The fp4 and scaled MMA kinds with the wrong chip, operands or scales.

// fp4 on gfx942, which has no f8f6f4 MFMA.
gpu.module @mma {
  gpu.func @fp4_on_gfx942(%a: vector<32xf4E2M1FN>, %c: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-error @+1 {{chip 'gfx942' has no f32_32x32x64_f4E2M1FN instruction; its kinds are}}
    %d = wave.mma <f32_32x32x64_f4E2M1FN> %a, %a, %c : vector<32xf4E2M1FN>, vector<32xf4E2M1FN> -> vector<16xf32>
    gpu.return
  }
}

// -----

// fp4 operands are 32 elements a lane.
func.func @fp4_lane_count(%a: vector<16xf4E2M1FN>, %c: vector<16xf32>) -> vector<16xf32> {
  // expected-error @+1 {{operand A of f32_32x32x64_f4E2M1FN must be 'vector<32xf4E2M1FN>', got 'vector<16xf4E2M1FN>'}}
  %d = wave.mma <f32_32x32x64_f4E2M1FN> %a, %a, %c : vector<16xf4E2M1FN>, vector<16xf4E2M1FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// -----

// A scaled kind without its scales.
func.func @scaled_without_scales(%a: vector<32xf4E2M1FN>, %c: vector<16xf32>) -> vector<16xf32> {
  // expected-error @+1 {{scaled kind f32_32x32x64_f4E2M1FN_scaled needs scales of A and B (one E8M0 scale a lane each)}}
  %d = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a, %a, %c : vector<32xf4E2M1FN>, vector<32xf4E2M1FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// -----

// Scales on a kind without them.
func.func @scales_on_unscaled(%a: vector<32xf4E2M1FN>, %c: vector<16xf32>, %s: vector<1xf8E8M0FNU>) -> vector<16xf32> {
  // expected-error @+1 {{kind f32_32x32x64_f4E2M1FN takes no scales}}
  %d = wave.mma <f32_32x32x64_f4E2M1FN> %a, %a, %c scales %s, %s : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}

// -----

// A scale of the wrong type: E8M0 only.
func.func @scale_type(%a: vector<32xf4E2M1FN>, %c: vector<4xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E4M3FN>) -> vector<4xf32> {
  // expected-error @+1 {{scale of B of f32_16x16x128_f4E2M1FN_scaled must be 'vector<1xf8E8M0FNU>' (one E8M0 scale a lane, for its 32 K elements), got 'vector<1xf8E4M3FN>'}}
  %d = wave.mma <f32_16x16x128_f4E2M1FN_scaled> %a, %a, %c scales %sa, %sb : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<1xf8E4M3FN> -> vector<4xf32>
  return %d : vector<4xf32>
}

// -----

// A scale of the wrong shape: one a lane.
func.func @scale_shape(%a: vector<32xf4E2M1FN>, %c: vector<16xf32>, %sa: vector<2xf8E8M0FNU>) -> vector<16xf32> {
  // expected-error @+1 {{scale of A of f32_32x32x64_f4E2M1FN_scaled must be 'vector<1xf8E8M0FNU>' (one E8M0 scale a lane, for its 32 K elements), got 'vector<2xf8E8M0FNU>'}}
  %d = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a, %a, %c scales %sa, %sa : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<2xf8E8M0FNU>, vector<2xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}
