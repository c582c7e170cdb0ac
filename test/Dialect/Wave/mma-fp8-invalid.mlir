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
    // expected-error @+1 {{chip 'gfx90a' has no f32_32x32x16_f8E4M3FNUZ instruction; its fp8 MMAs take none; its kinds are}}
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
