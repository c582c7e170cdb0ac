// RUN: wave-opt %s | FileCheck %s
// RUN: wave-opt %s | wave-opt | FileCheck %s
// RUN: wave-opt %s -mlir-print-op-generic | wave-opt | FileCheck %s

// gfx950's f8f6f4 kinds with fp8 operands round-trip, A and B each E4M3 or
// E5M2 (OCP), 32 elements a lane (their fragments round-trip in
// unittests/Dialect/FragmentsTest.cpp, which takes every kind).

// CHECK-LABEL: func.func @f32_32x32x64_f8E4M3FN
// CHECK: wave.mma <f32_32x32x64_f8E4M3FN> {{.*}} : vector<32xf8E4M3FN>, vector<32xf8E4M3FN> -> vector<16xf32>
func.func @f32_32x32x64_f8E4M3FN(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E4M3FN>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f8E4M3FN> %a, %b, %c : vector<32xf8E4M3FN>, vector<32xf8E4M3FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_32x32x64_f8E4M3FN_f8E5M2
// CHECK: wave.mma <f32_32x32x64_f8E4M3FN_f8E5M2> {{.*}} : vector<32xf8E4M3FN>, vector<32xf8E5M2> -> vector<16xf32>
func.func @f32_32x32x64_f8E4M3FN_f8E5M2(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E5M2>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f8E4M3FN_f8E5M2> %a, %b, %c : vector<32xf8E4M3FN>, vector<32xf8E5M2> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_32x32x64_f8E5M2_f8E4M3FN
// CHECK: wave.mma <f32_32x32x64_f8E5M2_f8E4M3FN> {{.*}} : vector<32xf8E5M2>, vector<32xf8E4M3FN> -> vector<16xf32>
func.func @f32_32x32x64_f8E5M2_f8E4M3FN(%a: vector<32xf8E5M2>, %b: vector<32xf8E4M3FN>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f8E5M2_f8E4M3FN> %a, %b, %c : vector<32xf8E5M2>, vector<32xf8E4M3FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_32x32x64_f8E5M2
// CHECK: wave.mma <f32_32x32x64_f8E5M2> {{.*}} : vector<32xf8E5M2>, vector<32xf8E5M2> -> vector<16xf32>
func.func @f32_32x32x64_f8E5M2(%a: vector<32xf8E5M2>, %b: vector<32xf8E5M2>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f8E5M2> %a, %b, %c : vector<32xf8E5M2>, vector<32xf8E5M2> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f8E4M3FN
// CHECK: wave.mma <f32_16x16x128_f8E4M3FN> {{.*}} : vector<32xf8E4M3FN>, vector<32xf8E4M3FN> -> vector<4xf32>
func.func @f32_16x16x128_f8E4M3FN(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E4M3FN>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f8E4M3FN> %a, %b, %c : vector<32xf8E4M3FN>, vector<32xf8E4M3FN> -> vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f8E4M3FN_f8E5M2
// CHECK: wave.mma <f32_16x16x128_f8E4M3FN_f8E5M2> {{.*}} : vector<32xf8E4M3FN>, vector<32xf8E5M2> -> vector<4xf32>
func.func @f32_16x16x128_f8E4M3FN_f8E5M2(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E5M2>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f8E4M3FN_f8E5M2> %a, %b, %c : vector<32xf8E4M3FN>, vector<32xf8E5M2> -> vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f8E5M2_f8E4M3FN
// CHECK: wave.mma <f32_16x16x128_f8E5M2_f8E4M3FN> {{.*}} : vector<32xf8E5M2>, vector<32xf8E4M3FN> -> vector<4xf32>
func.func @f32_16x16x128_f8E5M2_f8E4M3FN(%a: vector<32xf8E5M2>, %b: vector<32xf8E4M3FN>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f8E5M2_f8E4M3FN> %a, %b, %c : vector<32xf8E5M2>, vector<32xf8E4M3FN> -> vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f8E5M2
// CHECK: wave.mma <f32_16x16x128_f8E5M2> {{.*}} : vector<32xf8E5M2>, vector<32xf8E5M2> -> vector<4xf32>
func.func @f32_16x16x128_f8E5M2(%a: vector<32xf8E5M2>, %b: vector<32xf8E5M2>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f8E5M2> %a, %b, %c : vector<32xf8E5M2>, vector<32xf8E5M2> -> vector<4xf32>
  return %d : vector<4xf32>
}
