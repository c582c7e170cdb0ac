// RUN: wave-opt %s -split-input-file -verify-diagnostics

// The fp8 MMA kinds on the wrong chip or with the wrong operand types.

// OCP fp8 on gfx942, whose MFMAs read the FNUZ encodings.
gpu.module @mma {
  gpu.func @ocp_on_gfx942(%a: vector<8xf8E4M3FN>, %c: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-error @+1 {{chip 'gfx942' has no f32_32x32x16_f8E4M3FN instruction; its fp8 MMAs take f8E4M3FNUZ, f8E5M2FNUZ; its kinds are}}
    %d = wave.mma <f32_32x32x16_f8E4M3FN> %a, %a, %c : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> -> vector<16xf32>
    gpu.return
  }
}

// -----

// FNUZ fp8 on gfx950, whose MFMAs read the OCP encodings.
gpu.module @mma {
  gpu.func @fnuz_on_gfx950(%a: vector<8xf8E5M2FNUZ>, %c: vector<4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    // expected-error @+1 {{chip 'gfx950' has no f32_16x16x32_f8E5M2FNUZ instruction; its fp8 MMAs take f8E4M3FN, f8E5M2; its kinds are}}
    %d = wave.mma <f32_16x16x32_f8E5M2FNUZ> %a, %a, %c : vector<8xf8E5M2FNUZ>, vector<8xf8E5M2FNUZ> -> vector<4xf32>
    gpu.return
  }
}

// -----

// gfx90a has no fp8 MFMA at all.
gpu.module @mma {
  gpu.func @fp8_on_gfx90a(%a: vector<8xf8E4M3FNUZ>, %c: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx90a", wave_size = 64>} {
    // expected-error @+1 {{chip 'gfx90a' has no f32_32x32x16_f8E4M3FNUZ instruction; it has no fp8 MMAs; its kinds are}}
    %d = wave.mma <f32_32x32x16_f8E4M3FNUZ> %a, %a, %c : vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ> -> vector<16xf32>
    gpu.return
  }
}

// -----

// A kind of mixed formats takes its B in the second format.
func.func @mixed_b(%a: vector<8xf8E4M3FNUZ>, %c: vector<16xf32>) {
  // expected-error @+1 {{operand B of f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ must be 'vector<8xf8E5M2FNUZ>', got 'vector<8xf8E4M3FNUZ>'}}
  %d = wave.mma <f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ> %a, %a, %c : vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ> -> vector<16xf32>
  return
}

// -----

// The encoding is part of the type: an OCP value is not an FNUZ operand.
func.func @encoding_a(%a: vector<8xf8E4M3FN>, %c: vector<4xf32>) {
  // expected-error @+1 {{operand A of f32_16x16x32_f8E4M3FNUZ must be 'vector<8xf8E4M3FNUZ>', got 'vector<8xf8E4M3FN>'}}
  %d = wave.mma <f32_16x16x32_f8E4M3FNUZ> %a, %a, %c : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> -> vector<4xf32>
  return
}

// -----

// A fragment of B of a mixed kind has B's element type.
func.func @fragment_b(%m: memref<16x32xf8E4M3FN>, %i: index) {
  // expected-error @+1 {{the B fragment of f32_32x32x16_f8E4M3FN_f8E5M2 is 'vector<8xf8E5M2>', not 'vector<8xf8E4M3FN>'}}
  %v = wave.read %m[%i, %i] fragment <B, f32_32x32x16_f8E4M3FN_f8E5M2> : memref<16x32xf8E4M3FN> -> vector<8xf8E4M3FN>
  return
}

// -----

// gfx942 has no f8f6f4 MFMA: the error names its fp8 types and its kinds.
gpu.module @mma {
  gpu.func @f8f6f4_on_gfx942(%a: vector<32xf8E4M3FN>, %c: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-error @+1 {{chip 'gfx942' has no f32_32x32x64_f8E4M3FN instruction; its fp8 MMAs take f8E4M3FNUZ, f8E5M2FNUZ; its kinds are f32_32x32x8_f16, f32_16x16x16_f16, f32_32x32x8_bf16, f32_16x16x16_bf16, i32_16x16x32_i8, f32_16x16x4_f32, f32_32x32x16_f8E4M3FNUZ,}}
    %d = wave.mma <f32_32x32x64_f8E4M3FN> %a, %a, %c : vector<32xf8E4M3FN>, vector<32xf8E4M3FN> -> vector<16xf32>
    gpu.return
  }
}

// -----

// An f8f6f4 kind takes 32 elements a lane, not the 8 of the 32x32x16 kinds.
func.func @f8f6f4_lane_count(%a: vector<8xf8E4M3FN>, %c: vector<4xf32>) {
  // expected-error @+1 {{operand A of f32_16x16x128_f8E4M3FN must be 'vector<32xf8E4M3FN>', got 'vector<8xf8E4M3FN>'}}
  %d = wave.mma <f32_16x16x128_f8E4M3FN> %a, %a, %c : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> -> vector<4xf32>
  return
}

// -----

// Its B is in the kind's second format.
func.func @f8f6f4_mixed_b(%a: vector<32xf8E5M2>, %c: vector<16xf32>) {
  // expected-error @+1 {{operand B of f32_32x32x64_f8E5M2_f8E4M3FN must be 'vector<32xf8E4M3FN>', got 'vector<32xf8E5M2>'}}
  %d = wave.mma <f32_32x32x64_f8E5M2_f8E4M3FN> %a, %a, %c : vector<32xf8E5M2>, vector<32xf8E5M2> -> vector<16xf32>
  return
}

// -----

// The OCP-only kind reads no FNUZ operand.
func.func @f8f6f4_fnuz(%a: vector<32xf8E4M3FNUZ>, %c: vector<16xf32>) {
  // expected-error @+1 {{operand A of f32_32x32x64_f8E4M3FN must be 'vector<32xf8E4M3FN>', got 'vector<32xf8E4M3FNUZ>'}}
  %d = wave.mma <f32_32x32x64_f8E4M3FN> %a, %a, %c : vector<32xf8E4M3FNUZ>, vector<32xf8E4M3FNUZ> -> vector<16xf32>
  return
}
