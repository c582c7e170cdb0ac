// gfx950's f8f6f4 MMA kinds with fp6 operands (E2M3: format code 2, E3M2:
// code 3) compile to v_mfma_f32_{32x32x64,16x16x128}_f8f6f4 with cbsz and
// blgp set, the 32 elements of each operand in 6 registers; the scaled fp6
// and fp8 kinds (MXFP6, MXFP8) to v_mfma_scale_f32_*_f8f6f4 with each lane's
// E8M0 scales of A and B in a register (byte 0: no op_sel). fp8's E4M3 is
// code 0, which the assembler leaves unprinted. fp6 operands are read as
// 24 bytes a lane and bit cast in registers.
// RUN: wave-compile %s --chip=gfx950 --emit=asm -o - | FileCheck %s

gpu.module @mma_mx_f6_f8_gfx950 {
  // CHECK-LABEL: f32_32x32x64_f6E2M3FN:
  // CHECK: v_mfma_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}] cbsz:2 blgp:2{{$}}
  gpu.func @f32_32x32x64_f6E2M3FN(%a: memref<64x24xi8>, %b: memref<64x24xi8>, %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %va = vector.bitcast %ba : vector<24xi8> to vector<32xf6E2M3FN>
    %vb = vector.bitcast %bb : vector<24xi8> to vector<32xf6E2M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x64_f6E2M3FN> %va, %vb, %vc
        : vector<32xf6E2M3FN>, vector<32xf6E2M3FN> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x64_f6E3M2FN:
  // CHECK: v_mfma_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}] cbsz:3 blgp:3{{$}}
  gpu.func @f32_32x32x64_f6E3M2FN(%a: memref<64x24xi8>, %b: memref<64x24xi8>, %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %va = vector.bitcast %ba : vector<24xi8> to vector<32xf6E3M2FN>
    %vb = vector.bitcast %bb : vector<24xi8> to vector<32xf6E3M2FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x64_f6E3M2FN> %va, %vb, %vc
        : vector<32xf6E3M2FN>, vector<32xf6E3M2FN> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f6E2M3FN:
  // CHECK: v_mfma_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}] cbsz:2 blgp:2{{$}}
  gpu.func @f32_16x16x128_f6E2M3FN(%a: memref<64x24xi8>, %b: memref<64x24xi8>, %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %va = vector.bitcast %ba : vector<24xi8> to vector<32xf6E2M3FN>
    %vb = vector.bitcast %bb : vector<24xi8> to vector<32xf6E2M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x128_f6E2M3FN> %va, %vb, %vc
        : vector<32xf6E2M3FN>, vector<32xf6E2M3FN> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f6E3M2FN:
  // CHECK: v_mfma_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}] cbsz:3 blgp:3{{$}}
  gpu.func @f32_16x16x128_f6E3M2FN(%a: memref<64x24xi8>, %b: memref<64x24xi8>, %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %va = vector.bitcast %ba : vector<24xi8> to vector<32xf6E3M2FN>
    %vb = vector.bitcast %bb : vector<24xi8> to vector<32xf6E3M2FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x128_f6E3M2FN> %va, %vb, %vc
        : vector<32xf6E3M2FN>, vector<32xf6E3M2FN> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x64_f6E2M3FN_scaled:
  // CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] cbsz:2 blgp:2{{$}}
  gpu.func @f32_32x32x64_f6E2M3FN_scaled(%a: memref<64x24xi8>, %b: memref<64x24xi8>, %c: memref<64x16xf32>, %s: memref<64x2xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %va = vector.bitcast %ba : vector<24xi8> to vector<32xf6E2M3FN>
    %vb = vector.bitcast %bb : vector<24xi8> to vector<32xf6E2M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %c1 = arith.constant 1 : index
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_32x32x64_f6E2M3FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf6E2M3FN>, vector<32xf6E2M3FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x64_f6E3M2FN_scaled:
  // CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] cbsz:3 blgp:3{{$}}
  gpu.func @f32_32x32x64_f6E3M2FN_scaled(%a: memref<64x24xi8>, %b: memref<64x24xi8>, %c: memref<64x16xf32>, %s: memref<64x2xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %va = vector.bitcast %ba : vector<24xi8> to vector<32xf6E3M2FN>
    %vb = vector.bitcast %bb : vector<24xi8> to vector<32xf6E3M2FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %c1 = arith.constant 1 : index
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_32x32x64_f6E3M2FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf6E3M2FN>, vector<32xf6E3M2FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x64_f8E4M3FN_scaled:
  // CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0]{{$}}
  gpu.func @f32_32x32x64_f8E4M3FN_scaled(%a: memref<64x32xf8E4M3FN>, %b: memref<64x32xf8E4M3FN>, %c: memref<64x16xf32>, %s: memref<64x2xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %c1 = arith.constant 1 : index
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_32x32x64_f8E4M3FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x64_f8E5M2_scaled:
  // CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] cbsz:1 blgp:1{{$}}
  gpu.func @f32_32x32x64_f8E5M2_scaled(%a: memref<64x32xf8E5M2>, %b: memref<64x32xf8E5M2>, %c: memref<64x16xf32>, %s: memref<64x2xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %c1 = arith.constant 1 : index
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_32x32x64_f8E5M2_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf8E5M2>, vector<32xf8E5M2>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f6E2M3FN_scaled:
  // CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] cbsz:2 blgp:2{{$}}
  gpu.func @f32_16x16x128_f6E2M3FN_scaled(%a: memref<64x24xi8>, %b: memref<64x24xi8>, %c: memref<64x4xf32>, %s: memref<64x2xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %va = vector.bitcast %ba : vector<24xi8> to vector<32xf6E2M3FN>
    %vb = vector.bitcast %bb : vector<24xi8> to vector<32xf6E2M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %c1 = arith.constant 1 : index
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_16x16x128_f6E2M3FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf6E2M3FN>, vector<32xf6E2M3FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f6E3M2FN_scaled:
  // CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] cbsz:3 blgp:3{{$}}
  gpu.func @f32_16x16x128_f6E3M2FN_scaled(%a: memref<64x24xi8>, %b: memref<64x24xi8>, %c: memref<64x4xf32>, %s: memref<64x2xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x24xi8> -> vector<24xi8>
    %va = vector.bitcast %ba : vector<24xi8> to vector<32xf6E3M2FN>
    %vb = vector.bitcast %bb : vector<24xi8> to vector<32xf6E3M2FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %c1 = arith.constant 1 : index
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_16x16x128_f6E3M2FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf6E3M2FN>, vector<32xf6E3M2FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f8E4M3FN_scaled:
  // CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0]{{$}}
  gpu.func @f32_16x16x128_f8E4M3FN_scaled(%a: memref<64x32xf8E4M3FN>, %b: memref<64x32xf8E4M3FN>, %c: memref<64x4xf32>, %s: memref<64x2xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %c1 = arith.constant 1 : index
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_16x16x128_f8E4M3FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f8E5M2_scaled:
  // CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] cbsz:1 blgp:1{{$}}
  gpu.func @f32_16x16x128_f8E5M2_scaled(%a: memref<64x32xf8E5M2>, %b: memref<64x32xf8E5M2>, %c: memref<64x4xf32>, %s: memref<64x2xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %c1 = arith.constant 1 : index
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_16x16x128_f8E5M2_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf8E5M2>, vector<32xf8E5M2>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }
}
