// gfx950's f8f6f4 kinds with A and B of two formats compile to one
// v_mfma_f32_{32x32x64,16x16x128}_f8f6f4 (v_mfma_scale_... when scaled) with
// each operand's format code, cbsz for A and blgp for B (0 E4M3, which the
// assembler leaves unprinted, 1 E5M2, 2 E2M3, 3 E3M2, 4 E2M1), and each
// operand in its own format's registers: 8 for fp8, 6 for fp6, 4 for fp4.
// RUN: wave-compile %s --chip=gfx950 --emit=asm -o - | FileCheck %s

gpu.module @mma_mx_mixed_gfx950 {
  // CHECK-LABEL: f8E4M3FN_f4E2M1FN_scaled:
  // CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v{{\[}}[[#A:]]:
  // CHECK-SAME: [[#A+7]]{{\]}}, v{{\[}}[[#B:]]:
  // CHECK-SAME: [[#B+3]]{{\]}}, {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] blgp:4{{$}}
  gpu.func @f8E4M3FN_f4E2M1FN_scaled(%a: memref<64x32xf8E4M3FN>, %b: memref<64x16xi8>, %s: memref<64x2xf8E8M0FNU>, %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %bb = wave.read %b[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %vb = vector.bitcast %bb : vector<16xi8> to vector<32xf4E2M1FN>
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x64_f8E4M3FN_f4E2M1FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf8E4M3FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f8E5M2_f6E3M2FN:
  // CHECK: v_mfma_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v{{\[}}[[#A:]]:
  // CHECK-SAME: [[#A+7]]{{\]}}, v{{\[}}[[#B:]]:
  // CHECK-SAME: [[#B+5]]{{\]}}, {{[av]}}[{{[0-9:]+}}] cbsz:1 blgp:3{{$}}
  gpu.func @f8E5M2_f6E3M2FN(%a: memref<64x32xf8E5M2>, %b: memref<64x24xi8>, %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %bb = wave.read %b[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %vb = vector.bitcast %bb : vector<24xi8> to vector<32xf6E3M2FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x64_f8E5M2_f6E3M2FN> %va, %vb, %vc
        : vector<32xf8E5M2>, vector<32xf6E3M2FN> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f4E2M1FN_f6E2M3FN_16:
  // CHECK: v_mfma_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v{{\[}}[[#A:]]:
  // CHECK-SAME: [[#A+3]]{{\]}}, v{{\[}}[[#B:]]:
  // CHECK-SAME: [[#B+5]]{{\]}}, {{[av]}}[{{[0-9:]+}}] cbsz:4 blgp:2{{$}}
  gpu.func @f4E2M1FN_f6E2M3FN_16(%a: memref<64x16xi8>, %b: memref<64x24xi8>, %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %va = vector.bitcast %ba : vector<16xi8> to vector<32xf4E2M1FN>
    %bb = wave.read %b[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %vb = vector.bitcast %bb : vector<24xi8> to vector<32xf6E2M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x128_f4E2M1FN_f6E2M3FN> %va, %vb, %vc
        : vector<32xf4E2M1FN>, vector<32xf6E2M3FN> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f6E2M3FN_f8E4M3FN_scaled_16:
  // CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v{{\[}}[[#A:]]:
  // CHECK-SAME: [[#A+5]]{{\]}}, v{{\[}}[[#B:]]:
  // CHECK-SAME: [[#B+7]]{{\]}}, {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] cbsz:2{{$}}
  gpu.func @f6E2M3FN_f8E4M3FN_scaled_16(%a: memref<64x24xi8>, %b: memref<64x32xf8E4M3FN>, %s: memref<64x2xf8E8M0FNU>, %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ba = wave.read %a[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %va = vector.bitcast %ba : vector<24xi8> to vector<32xf6E2M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x128_f6E2M3FN_f8E4M3FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf6E2M3FN>, vector<32xf8E4M3FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }
}
