// RUN: wave-opt %s | FileCheck %s
// RUN: wave-opt %s | wave-opt | FileCheck %s
// RUN: wave-opt %s -mlir-print-op-generic | wave-opt | FileCheck %s

// gfx950's f8f6f4 kinds with A and B of two formats round-trip, named
// `<A type>_<B type>[_scaled]`, each operand 32 elements a lane of its own
// format, the scaled ones with one E8M0 scale a lane of A and of B.

// CHECK-LABEL: func.func @fp8_fp6
// CHECK: wave.mma <f32_32x32x64_f8E4M3FN_f6E2M3FN> {{.*}} : vector<32xf8E4M3FN>, vector<32xf6E2M3FN> -> vector<16xf32>
func.func @fp8_fp6(%a: vector<32xf8E4M3FN>, %b: vector<32xf6E2M3FN>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f8E4M3FN_f6E2M3FN> %a, %b, %c : vector<32xf8E4M3FN>, vector<32xf6E2M3FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @fp4_bf8_16
// CHECK: wave.mma <f32_16x16x128_f4E2M1FN_f8E5M2> {{.*}} : vector<32xf4E2M1FN>, vector<32xf8E5M2> -> vector<4xf32>
func.func @fp4_bf8_16(%a: vector<32xf4E2M1FN>, %b: vector<32xf8E5M2>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f4E2M1FN_f8E5M2> %a, %b, %c : vector<32xf4E2M1FN>, vector<32xf8E5M2> -> vector<4xf32>
  return %d : vector<4xf32>
}

// MXFP8 of the two fp8 formats.
// CHECK-LABEL: func.func @mxfp8_e4m3_e5m2
// CHECK: wave.mma <f32_32x32x64_f8E4M3FN_f8E5M2_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf8E4M3FN>, vector<32xf8E5M2>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
func.func @mxfp8_e4m3_e5m2(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E5M2>, %c: vector<16xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f8E4M3FN_f8E5M2_scaled> %a, %b, %c scales %sa, %sb : vector<32xf8E4M3FN>, vector<32xf8E5M2>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @mxfp6_e3m2_e2m3_16
// CHECK: wave.mma <f32_16x16x128_f6E3M2FN_f6E2M3FN_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf6E3M2FN>, vector<32xf6E2M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
func.func @mxfp6_e3m2_e2m3_16(%a: vector<32xf6E3M2FN>, %b: vector<32xf6E2M3FN>, %c: vector<4xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f6E3M2FN_f6E2M3FN_scaled> %a, %b, %c scales %sa, %sb : vector<32xf6E3M2FN>, vector<32xf6E2M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func.func @mxfp4_mxfp8
// CHECK: wave.mma <f32_32x32x64_f4E2M1FN_f8E4M3FN_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf4E2M1FN>, vector<32xf8E4M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
func.func @mxfp4_mxfp8(%a: vector<32xf4E2M1FN>, %b: vector<32xf8E4M3FN>, %c: vector<16xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f4E2M1FN_f8E4M3FN_scaled> %a, %b, %c scales %sa, %sb : vector<32xf4E2M1FN>, vector<32xf8E4M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}
