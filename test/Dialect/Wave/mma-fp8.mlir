// RUN: wave-opt %s | FileCheck %s
// RUN: wave-opt %s | wave-opt | FileCheck %s
// RUN: wave-opt %s -mlir-print-op-generic | wave-opt | FileCheck %s

// The fp8 MMA kinds round-trip: gfx942's in the FNUZ encodings, gfx950's
// in the OCP ones, A and B each E4M3 or E5M2 (the kind names B's type
// where it differs from A's).

gpu.module @gfx942 {
  // CHECK-LABEL: gpu.func @f32_32x32x16_f8E4M3FNUZ
  // CHECK: wave.mma <f32_32x32x16_f8E4M3FNUZ> {{.*}} : vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ> -> vector<16xf32>
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

  // CHECK-LABEL: gpu.func @f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ
  // CHECK: wave.mma <f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ> {{.*}} : vector<8xf8E4M3FNUZ>, vector<8xf8E5M2FNUZ> -> vector<16xf32>
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

  // CHECK-LABEL: gpu.func @f32_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ
  // CHECK: wave.mma <f32_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ> {{.*}} : vector<8xf8E5M2FNUZ>, vector<8xf8E4M3FNUZ> -> vector<16xf32>
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

  // CHECK-LABEL: gpu.func @f32_32x32x16_f8E5M2FNUZ
  // CHECK: wave.mma <f32_32x32x16_f8E5M2FNUZ> {{.*}} : vector<8xf8E5M2FNUZ>, vector<8xf8E5M2FNUZ> -> vector<16xf32>
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

  // CHECK-LABEL: gpu.func @f32_16x16x32_f8E4M3FNUZ
  // CHECK: wave.mma <f32_16x16x32_f8E4M3FNUZ> {{.*}} : vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ> -> vector<4xf32>
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

  // CHECK-LABEL: gpu.func @f32_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ
  // CHECK: wave.mma <f32_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ> {{.*}} : vector<8xf8E4M3FNUZ>, vector<8xf8E5M2FNUZ> -> vector<4xf32>
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

  // CHECK-LABEL: gpu.func @f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ
  // CHECK: wave.mma <f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ> {{.*}} : vector<8xf8E5M2FNUZ>, vector<8xf8E4M3FNUZ> -> vector<4xf32>
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

  // CHECK-LABEL: gpu.func @f32_16x16x32_f8E5M2FNUZ
  // CHECK: wave.mma <f32_16x16x32_f8E5M2FNUZ> {{.*}} : vector<8xf8E5M2FNUZ>, vector<8xf8E5M2FNUZ> -> vector<4xf32>
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

gpu.module @gfx950 {
  // CHECK-LABEL: gpu.func @f32_32x32x16_f8E4M3FN
  // CHECK: wave.mma <f32_32x32x16_f8E4M3FN> {{.*}} : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> -> vector<16xf32>
  gpu.func @f32_32x32x16_f8E4M3FN(%a: memref<64x8xf8E4M3FN>, %b: memref<64x8xf8E4M3FN>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E4M3FN> -> vector<8xf8E4M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E4M3FN> -> vector<8xf8E4M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x16_f8E4M3FN> %va, %vb, %vc
        : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_32x32x16_f8E4M3FN_f8E5M2
  // CHECK: wave.mma <f32_32x32x16_f8E4M3FN_f8E5M2> {{.*}} : vector<8xf8E4M3FN>, vector<8xf8E5M2> -> vector<16xf32>
  gpu.func @f32_32x32x16_f8E4M3FN_f8E5M2(%a: memref<64x8xf8E4M3FN>, %b: memref<64x8xf8E5M2>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E4M3FN> -> vector<8xf8E4M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E5M2> -> vector<8xf8E5M2>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x16_f8E4M3FN_f8E5M2> %va, %vb, %vc
        : vector<8xf8E4M3FN>, vector<8xf8E5M2> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_32x32x16_f8E5M2_f8E4M3FN
  // CHECK: wave.mma <f32_32x32x16_f8E5M2_f8E4M3FN> {{.*}} : vector<8xf8E5M2>, vector<8xf8E4M3FN> -> vector<16xf32>
  gpu.func @f32_32x32x16_f8E5M2_f8E4M3FN(%a: memref<64x8xf8E5M2>, %b: memref<64x8xf8E4M3FN>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E5M2> -> vector<8xf8E5M2>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E4M3FN> -> vector<8xf8E4M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x16_f8E5M2_f8E4M3FN> %va, %vb, %vc
        : vector<8xf8E5M2>, vector<8xf8E4M3FN> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_32x32x16_f8E5M2
  // CHECK: wave.mma <f32_32x32x16_f8E5M2> {{.*}} : vector<8xf8E5M2>, vector<8xf8E5M2> -> vector<16xf32>
  gpu.func @f32_32x32x16_f8E5M2(%a: memref<64x8xf8E5M2>, %b: memref<64x8xf8E5M2>,
                    %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E5M2> -> vector<8xf8E5M2>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E5M2> -> vector<8xf8E5M2>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x16_f8E5M2> %va, %vb, %vc
        : vector<8xf8E5M2>, vector<8xf8E5M2> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_16x16x32_f8E4M3FN
  // CHECK: wave.mma <f32_16x16x32_f8E4M3FN> {{.*}} : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> -> vector<4xf32>
  gpu.func @f32_16x16x32_f8E4M3FN(%a: memref<64x8xf8E4M3FN>, %b: memref<64x8xf8E4M3FN>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E4M3FN> -> vector<8xf8E4M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E4M3FN> -> vector<8xf8E4M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x32_f8E4M3FN> %va, %vb, %vc
        : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_16x16x32_f8E4M3FN_f8E5M2
  // CHECK: wave.mma <f32_16x16x32_f8E4M3FN_f8E5M2> {{.*}} : vector<8xf8E4M3FN>, vector<8xf8E5M2> -> vector<4xf32>
  gpu.func @f32_16x16x32_f8E4M3FN_f8E5M2(%a: memref<64x8xf8E4M3FN>, %b: memref<64x8xf8E5M2>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E4M3FN> -> vector<8xf8E4M3FN>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E5M2> -> vector<8xf8E5M2>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x32_f8E4M3FN_f8E5M2> %va, %vb, %vc
        : vector<8xf8E4M3FN>, vector<8xf8E5M2> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_16x16x32_f8E5M2_f8E4M3FN
  // CHECK: wave.mma <f32_16x16x32_f8E5M2_f8E4M3FN> {{.*}} : vector<8xf8E5M2>, vector<8xf8E4M3FN> -> vector<4xf32>
  gpu.func @f32_16x16x32_f8E5M2_f8E4M3FN(%a: memref<64x8xf8E5M2>, %b: memref<64x8xf8E4M3FN>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E5M2> -> vector<8xf8E5M2>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E4M3FN> -> vector<8xf8E4M3FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x32_f8E5M2_f8E4M3FN> %va, %vb, %vc
        : vector<8xf8E5M2>, vector<8xf8E4M3FN> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_16x16x32_f8E5M2
  // CHECK: wave.mma <f32_16x16x32_f8E5M2> {{.*}} : vector<8xf8E5M2>, vector<8xf8E5M2> -> vector<4xf32>
  gpu.func @f32_16x16x32_f8E5M2(%a: memref<64x8xf8E5M2>, %b: memref<64x8xf8E5M2>,
                    %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %va = wave.read %a[%l, %c0] : memref<64x8xf8E5M2> -> vector<8xf8E5M2>
    %vb = wave.read %b[%l, %c0] : memref<64x8xf8E5M2> -> vector<8xf8E5M2>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x32_f8E5M2> %va, %vb, %vc
        : vector<8xf8E5M2>, vector<8xf8E5M2> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

}
