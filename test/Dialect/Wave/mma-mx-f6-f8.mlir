// RUN: wave-opt %s | FileCheck %s
// RUN: wave-opt %s | wave-opt | FileCheck %s
// RUN: wave-opt %s -mlir-print-op-generic | wave-opt | FileCheck %s

// gfx950's f8f6f4 kinds with fp6 (E2M3, E3M2) operands round-trip, 32
// elements a lane, and the scaled forms of the fp6 and fp8 kinds with one
// E8M0 scale a lane of A and of B.

// CHECK-LABEL: func.func @f32_32x32x64_f6E2M3FN
// CHECK: wave.mma <f32_32x32x64_f6E2M3FN> {{.*}} : vector<32xf6E2M3FN>, vector<32xf6E2M3FN> -> vector<16xf32>
func.func @f32_32x32x64_f6E2M3FN(%a: vector<32xf6E2M3FN>, %b: vector<32xf6E2M3FN>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f6E2M3FN> %a, %b, %c : vector<32xf6E2M3FN>, vector<32xf6E2M3FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_32x32x64_f6E3M2FN
// CHECK: wave.mma <f32_32x32x64_f6E3M2FN> {{.*}} : vector<32xf6E3M2FN>, vector<32xf6E3M2FN> -> vector<16xf32>
func.func @f32_32x32x64_f6E3M2FN(%a: vector<32xf6E3M2FN>, %b: vector<32xf6E3M2FN>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f6E3M2FN> %a, %b, %c : vector<32xf6E3M2FN>, vector<32xf6E3M2FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_32x32x64_f6E2M3FN_scaled
// CHECK: wave.mma <f32_32x32x64_f6E2M3FN_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf6E2M3FN>, vector<32xf6E2M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
func.func @f32_32x32x64_f6E2M3FN_scaled(%a: vector<32xf6E2M3FN>, %b: vector<32xf6E2M3FN>, %c: vector<16xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f6E2M3FN_scaled> %a, %b, %c scales %sa, %sb : vector<32xf6E2M3FN>, vector<32xf6E2M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_32x32x64_f6E3M2FN_scaled
// CHECK: wave.mma <f32_32x32x64_f6E3M2FN_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf6E3M2FN>, vector<32xf6E3M2FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
func.func @f32_32x32x64_f6E3M2FN_scaled(%a: vector<32xf6E3M2FN>, %b: vector<32xf6E3M2FN>, %c: vector<16xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f6E3M2FN_scaled> %a, %b, %c scales %sa, %sb : vector<32xf6E3M2FN>, vector<32xf6E3M2FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_32x32x64_f8E4M3FN_scaled
// CHECK: wave.mma <f32_32x32x64_f8E4M3FN_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
func.func @f32_32x32x64_f8E4M3FN_scaled(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E4M3FN>, %c: vector<16xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f8E4M3FN_scaled> %a, %b, %c scales %sa, %sb : vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_32x32x64_f8E5M2_scaled
// CHECK: wave.mma <f32_32x32x64_f8E5M2_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf8E5M2>, vector<32xf8E5M2>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
func.func @f32_32x32x64_f8E5M2_scaled(%a: vector<32xf8E5M2>, %b: vector<32xf8E5M2>, %c: vector<16xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f8E5M2_scaled> %a, %b, %c scales %sa, %sb : vector<32xf8E5M2>, vector<32xf8E5M2>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f6E2M3FN
// CHECK: wave.mma <f32_16x16x128_f6E2M3FN> {{.*}} : vector<32xf6E2M3FN>, vector<32xf6E2M3FN> -> vector<4xf32>
func.func @f32_16x16x128_f6E2M3FN(%a: vector<32xf6E2M3FN>, %b: vector<32xf6E2M3FN>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f6E2M3FN> %a, %b, %c : vector<32xf6E2M3FN>, vector<32xf6E2M3FN> -> vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f6E3M2FN
// CHECK: wave.mma <f32_16x16x128_f6E3M2FN> {{.*}} : vector<32xf6E3M2FN>, vector<32xf6E3M2FN> -> vector<4xf32>
func.func @f32_16x16x128_f6E3M2FN(%a: vector<32xf6E3M2FN>, %b: vector<32xf6E3M2FN>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f6E3M2FN> %a, %b, %c : vector<32xf6E3M2FN>, vector<32xf6E3M2FN> -> vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f6E2M3FN_scaled
// CHECK: wave.mma <f32_16x16x128_f6E2M3FN_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf6E2M3FN>, vector<32xf6E2M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
func.func @f32_16x16x128_f6E2M3FN_scaled(%a: vector<32xf6E2M3FN>, %b: vector<32xf6E2M3FN>, %c: vector<4xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f6E2M3FN_scaled> %a, %b, %c scales %sa, %sb : vector<32xf6E2M3FN>, vector<32xf6E2M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f6E3M2FN_scaled
// CHECK: wave.mma <f32_16x16x128_f6E3M2FN_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf6E3M2FN>, vector<32xf6E3M2FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
func.func @f32_16x16x128_f6E3M2FN_scaled(%a: vector<32xf6E3M2FN>, %b: vector<32xf6E3M2FN>, %c: vector<4xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f6E3M2FN_scaled> %a, %b, %c scales %sa, %sb : vector<32xf6E3M2FN>, vector<32xf6E3M2FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f8E4M3FN_scaled
// CHECK: wave.mma <f32_16x16x128_f8E4M3FN_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
func.func @f32_16x16x128_f8E4M3FN_scaled(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E4M3FN>, %c: vector<4xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f8E4M3FN_scaled> %a, %b, %c scales %sa, %sb : vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f8E5M2_scaled
// CHECK: wave.mma <f32_16x16x128_f8E5M2_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf8E5M2>, vector<32xf8E5M2>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
func.func @f32_16x16x128_f8E5M2_scaled(%a: vector<32xf8E5M2>, %b: vector<32xf8E5M2>, %c: vector<4xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f8E5M2_scaled> %a, %b, %c scales %sa, %sb : vector<32xf8E5M2>, vector<32xf8E5M2>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
  return %d : vector<4xf32>
}
