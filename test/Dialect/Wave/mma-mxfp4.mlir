// RUN: wave-opt %s | FileCheck %s
// RUN: wave-opt %s | wave-opt | FileCheck %s
// RUN: wave-opt %s -mlir-print-op-generic | wave-opt | FileCheck %s

// gfx950's f8f6f4 kinds with fp4 (E2M1) operands round-trip, 32 elements a
// lane, and their scaled forms with one E8M0 scale a lane of A and of B.

// CHECK-LABEL: func.func @f32_32x32x64_f4E2M1FN
// CHECK: wave.mma <f32_32x32x64_f4E2M1FN> {{.*}} : vector<32xf4E2M1FN>, vector<32xf4E2M1FN> -> vector<16xf32>
func.func @f32_32x32x64_f4E2M1FN(%a: vector<32xf4E2M1FN>, %b: vector<32xf4E2M1FN>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f4E2M1FN> %a, %b, %c : vector<32xf4E2M1FN>, vector<32xf4E2M1FN> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f4E2M1FN
// CHECK: wave.mma <f32_16x16x128_f4E2M1FN> {{.*}} : vector<32xf4E2M1FN>, vector<32xf4E2M1FN> -> vector<4xf32>
func.func @f32_16x16x128_f4E2M1FN(%a: vector<32xf4E2M1FN>, %b: vector<32xf4E2M1FN>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f4E2M1FN> %a, %b, %c : vector<32xf4E2M1FN>, vector<32xf4E2M1FN> -> vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func.func @f32_32x32x64_f4E2M1FN_scaled
// CHECK: wave.mma <f32_32x32x64_f4E2M1FN_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
func.func @f32_32x32x64_f4E2M1FN_scaled(%a: vector<32xf4E2M1FN>, %b: vector<32xf4E2M1FN>, %c: vector<16xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<16xf32> {
  %d = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a, %b, %c scales %sa, %sb : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
  return %d : vector<16xf32>
}

// CHECK-LABEL: func.func @f32_16x16x128_f4E2M1FN_scaled
// CHECK: wave.mma <f32_16x16x128_f4E2M1FN_scaled> %{{.*}}, %{{.*}}, %{{.*}} scales %{{.*}}, %{{.*}} : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
func.func @f32_16x16x128_f4E2M1FN_scaled(%a: vector<32xf4E2M1FN>, %b: vector<32xf4E2M1FN>, %c: vector<4xf32>, %sa: vector<1xf8E8M0FNU>, %sb: vector<1xf8E8M0FNU>) -> vector<4xf32> {
  %d = wave.mma <f32_16x16x128_f4E2M1FN_scaled> %a, %b, %c scales %sa, %sb : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
  return %d : vector<4xf32>
}
