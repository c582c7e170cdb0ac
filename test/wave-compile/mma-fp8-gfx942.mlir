// The fp8 MMA kinds of gfx942 compile to their MFMA instructions.
// RUN: wave-compile %s --chip=gfx942 --emit=asm -o - | FileCheck %s

gpu.module @mma_fp8_gfx942 {
  // CHECK-LABEL: f32_32x32x16_f8E4M3FNUZ:
  // CHECK: v_mfma_f32_32x32x16_fp8_fp8 
  gpu.func @f32_32x32x16_f8E4M3FNUZ(%a: memref<64x8xf8E4M3FNUZ>, %b: memref<64x8xf8E4M3FNUZ>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E4M3FNUZ> -> vector<8xf8E4M3FNUZ>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E4M3FNUZ> -> vector<8xf8E4M3FNUZ>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x16_f8E4M3FNUZ> %va, %vb, %vc
        : vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ:
  // CHECK: v_mfma_f32_32x32x16_fp8_bf8 
  gpu.func @f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ(%a: memref<64x8xf8E4M3FNUZ>, %b: memref<64x8xf8E5M2FNUZ>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E4M3FNUZ> -> vector<8xf8E4M3FNUZ>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E5M2FNUZ> -> vector<8xf8E5M2FNUZ>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ> %va, %vb, %vc
        : vector<8xf8E4M3FNUZ>, vector<8xf8E5M2FNUZ> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ:
  // CHECK: v_mfma_f32_32x32x16_bf8_fp8 
  gpu.func @f32_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ(%a: memref<64x8xf8E5M2FNUZ>, %b: memref<64x8xf8E4M3FNUZ>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E5M2FNUZ> -> vector<8xf8E5M2FNUZ>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E4M3FNUZ> -> vector<8xf8E4M3FNUZ>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ> %va, %vb, %vc
        : vector<8xf8E5M2FNUZ>, vector<8xf8E4M3FNUZ> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x16_f8E5M2FNUZ:
  // CHECK: v_mfma_f32_32x32x16_bf8_bf8 
  gpu.func @f32_32x32x16_f8E5M2FNUZ(%a: memref<64x8xf8E5M2FNUZ>, %b: memref<64x8xf8E5M2FNUZ>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E5M2FNUZ> -> vector<8xf8E5M2FNUZ>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E5M2FNUZ> -> vector<8xf8E5M2FNUZ>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x16_f8E5M2FNUZ> %va, %vb, %vc
        : vector<8xf8E5M2FNUZ>, vector<8xf8E5M2FNUZ> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x32_f8E4M3FNUZ:
  // CHECK: v_mfma_f32_16x16x32_fp8_fp8 
  gpu.func @f32_16x16x32_f8E4M3FNUZ(%a: memref<64x8xf8E4M3FNUZ>, %b: memref<64x8xf8E4M3FNUZ>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E4M3FNUZ> -> vector<8xf8E4M3FNUZ>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E4M3FNUZ> -> vector<8xf8E4M3FNUZ>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x32_f8E4M3FNUZ> %va, %vb, %vc
        : vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ:
  // CHECK: v_mfma_f32_16x16x32_fp8_bf8 
  gpu.func @f32_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ(%a: memref<64x8xf8E4M3FNUZ>, %b: memref<64x8xf8E5M2FNUZ>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E4M3FNUZ> -> vector<8xf8E4M3FNUZ>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E5M2FNUZ> -> vector<8xf8E5M2FNUZ>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ> %va, %vb, %vc
        : vector<8xf8E4M3FNUZ>, vector<8xf8E5M2FNUZ> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ:
  // CHECK: v_mfma_f32_16x16x32_bf8_fp8 
  gpu.func @f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ(%a: memref<64x8xf8E5M2FNUZ>, %b: memref<64x8xf8E4M3FNUZ>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E5M2FNUZ> -> vector<8xf8E5M2FNUZ>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E4M3FNUZ> -> vector<8xf8E4M3FNUZ>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ> %va, %vb, %vc
        : vector<8xf8E5M2FNUZ>, vector<8xf8E4M3FNUZ> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x32_f8E5M2FNUZ:
  // CHECK: v_mfma_f32_16x16x32_bf8_bf8 
  gpu.func @f32_16x16x32_f8E5M2FNUZ(%a: memref<64x8xf8E5M2FNUZ>, %b: memref<64x8xf8E5M2FNUZ>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E5M2FNUZ> -> vector<8xf8E5M2FNUZ>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E5M2FNUZ> -> vector<8xf8E5M2FNUZ>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x32_f8E5M2FNUZ> %va, %vb, %vc
        : vector<8xf8E5M2FNUZ>, vector<8xf8E5M2FNUZ> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

}
