// gfx950's f8f6f4 MMA kinds with fp8 operands compile to
// v_mfma_f32_{32x32x64,16x16x128}_f8f6f4, each operand's format in its
// modifier (cbsz for A, blgp for B: 0 E4M3, 1 E5M2).
// RUN: wave-compile %s --chip=gfx950 --emit=asm -o - | FileCheck %s

gpu.module @mma_f8f6f4_gfx950 {
  // CHECK-LABEL: f32_32x32x64_f8E4M3FN:
  // CHECK: v_mfma_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}]{{$}}
  gpu.func @f32_32x32x64_f8E4M3FN(%a: memref<64x32xf8E4M3FN>, %b: memref<64x32xf8E4M3FN>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x64_f8E4M3FN> %va, %vb, %vc
        : vector<32xf8E4M3FN>, vector<32xf8E4M3FN> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x64_f8E4M3FN_f8E5M2:
  // CHECK: v_mfma_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}] blgp:1{{$}}
  gpu.func @f32_32x32x64_f8E4M3FN_f8E5M2(%a: memref<64x32xf8E4M3FN>, %b: memref<64x32xf8E5M2>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x64_f8E4M3FN_f8E5M2> %va, %vb, %vc
        : vector<32xf8E4M3FN>, vector<32xf8E5M2> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x64_f8E5M2_f8E4M3FN:
  // CHECK: v_mfma_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}] cbsz:1{{$}}
  gpu.func @f32_32x32x64_f8E5M2_f8E4M3FN(%a: memref<64x32xf8E5M2>, %b: memref<64x32xf8E4M3FN>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x64_f8E5M2_f8E4M3FN> %va, %vb, %vc
        : vector<32xf8E5M2>, vector<32xf8E4M3FN> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x64_f8E5M2:
  // CHECK: v_mfma_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}] cbsz:1 blgp:1{{$}}
  gpu.func @f32_32x32x64_f8E5M2(%a: memref<64x32xf8E5M2>, %b: memref<64x32xf8E5M2>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x64_f8E5M2> %va, %vb, %vc
        : vector<32xf8E5M2>, vector<32xf8E5M2> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f8E4M3FN:
  // CHECK: v_mfma_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}]{{$}}
  gpu.func @f32_16x16x128_f8E4M3FN(%a: memref<64x32xf8E4M3FN>, %b: memref<64x32xf8E4M3FN>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x128_f8E4M3FN> %va, %vb, %vc
        : vector<32xf8E4M3FN>, vector<32xf8E4M3FN> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f8E4M3FN_f8E5M2:
  // CHECK: v_mfma_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}] blgp:1{{$}}
  gpu.func @f32_16x16x128_f8E4M3FN_f8E5M2(%a: memref<64x32xf8E4M3FN>, %b: memref<64x32xf8E5M2>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x128_f8E4M3FN_f8E5M2> %va, %vb, %vc
        : vector<32xf8E4M3FN>, vector<32xf8E5M2> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f8E5M2_f8E4M3FN:
  // CHECK: v_mfma_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}] cbsz:1{{$}}
  gpu.func @f32_16x16x128_f8E5M2_f8E4M3FN(%a: memref<64x32xf8E5M2>, %b: memref<64x32xf8E4M3FN>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E4M3FN> -> vector<32xf8E4M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x128_f8E5M2_f8E4M3FN> %va, %vb, %vc
        : vector<32xf8E5M2>, vector<32xf8E4M3FN> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f8E5M2:
  // CHECK: v_mfma_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}] cbsz:1 blgp:1{{$}}
  gpu.func @f32_16x16x128_f8E5M2(%a: memref<64x32xf8E5M2>, %b: memref<64x32xf8E5M2>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vb = wave.read %b[%l, %c0] : memref<64x32xf8E5M2> -> vector<32xf8E5M2>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x128_f8E5M2> %va, %vb, %vc
        : vector<32xf8E5M2>, vector<32xf8E5M2> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }
}
