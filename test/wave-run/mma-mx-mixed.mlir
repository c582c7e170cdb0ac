// gfx950's f8f6f4 kinds with A and B of two formats agree with scalar
// references, by the layout table (wave.mma) and after the lowering to
// amdgpu.mfma and amdgpu.scaled_mfma. Each operand is laid out as in the
// kinds of its own format: a lane holds 32 consecutive K elements of its row
// of A (column of B), fp8 as 32 bytes, fp6 packed in 24 (element i at bits
// 6i), fp4 in 16 (element i at bits 4i). The scales are one a row of A
// (column of B) and block of 32 K elements; lane l holds row l mod M and
// block l floordiv M. The references take K 4 elements at a time.
// RUN: wave-run %s --kernel=mxfp8_mxfp4 | FileCheck %s -DNAME=mxfp8_mxfp4 -DSHAPE=32x32
// RUN: wave-run %s --kernel=fp6_fp4_16 | FileCheck %s -DNAME=fp6_fp4_16 -DSHAPE=16x16
// RUN: wave-run %s --kernel=mxfp4_mxfp6_16 | FileCheck %s -DNAME=mxfp4_mxfp6_16 -DSHAPE=16x16
// RUN: wave-run %s --kernel=mxfp8_mxfp4 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=32x32
// RUN: wave-run %s --kernel=fp6_fp4_16 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=16x16
// RUN: wave-run %s --kernel=mxfp4_mxfp6_16 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=16x16
// Products of these values and power-of-two scales are exact in f32, and the
// interpreter sums them in K order, as the references do: the same bits.
// CHECK: comparing @[[NAME]] with @[[NAME]]_ref
// CHECK-NEXT: output 'C' ([[SHAPE]]xf32): agrees (max abs error 0, max rel error 0)
// CHECK-NEXT: PASS
// SAME: output 'C' ([[SHAPE]]xf32): agrees (max abs error 0, max rel error 0)
// SAME-NEXT: PASS
#k = #wave.kernel<chip = "gfx950", wave_size = 64>
gpu.module @mx_mixed {
  // MXFP8 (E4M3) times MXFP4, 32x32x64.
  gpu.func @mxfp8_mxfp4(%A: memref<32x64xf8E4M3FN>, %SA: memref<32x2xf8E8M0FNU>,
                        %B: memref<32x32xi8>, %SB: memref<32x2xf8E8M0FNU>,
                        %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mxfp8_mxfp4_ref} {
    %c0 = arith.constant 0 : index
    %cm = arith.constant 32 : index
    %c16 = arith.constant 16 : index
    %init = arith.constant dense<0.25> : vector<16xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %cm : index
    %block = arith.divui %lane, %cm : index
    %ak = arith.muli %block, %cm : index
    %bk = arith.muli %block, %c16 : index
    %a = wave.read %A[%row, %ak] : memref<32x64xf8E4M3FN> -> vector<32xf8E4M3FN>
    %bbytes = wave.read %B[%row, %bk] : memref<32x32xi8> -> vector<16xi8>
    %b = vector.bitcast %bbytes : vector<16xi8> to vector<32xf4E2M1FN>
    %sa = wave.read %SA[%row, %block] : memref<32x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %SB[%row, %block] : memref<32x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %d = wave.mma <f32_32x32x64_f8E4M3FN_f4E2M1FN_scaled> %a, %b, %init scales %sa, %sb
        : vector<32xf8E4M3FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_32x32x64_f8E4M3FN_f4E2M1FN_scaled>
        : vector<16xf32>, memref<32x32xf32>
    gpu.return
  }
  gpu.func @mxfp8_mxfp4_ref(%A: memref<32x64xf8E4M3FN>, %SA: memref<32x2xf8E8M0FNU>,
                            %B: memref<32x32xi8>, %SB: memref<32x2xf8E8M0FNU>,
                            %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 32, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %cg = arith.constant 16 : index
    %init = arith.constant 0.25 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    // Group g is K elements 4g .. 4g + 3: A's 4 bytes, B's 2 (element i at bits 4i).
    %dot = scf.for %g = %c0 to %cg step %c1 iter_args(%acc = %init) -> (f32) {
      %ak = arith.muli %g, %c4 : index
      %bk = arith.muli %g, %c2 : index
      %a4 = vector.load %A[%row, %ak] : memref<32x64xf8E4M3FN>, vector<4xf8E4M3FN>
      %bv = vector.load %B[%col, %bk] : memref<32x32xi8>, vector<2xi8>
      %b4 = vector.bitcast %bv : vector<2xi8> to vector<4xf4E2M1FN>
      %a = arith.extf %a4 : vector<4xf8E4M3FN> to vector<4xf32>
      %b = arith.extf %b4 : vector<4xf4E2M1FN> to vector<4xf32>
      %block = arith.divui %g, %c8 : index
      %sa8 = memref.load %SA[%row, %block] : memref<32x2xf8E8M0FNU>
      %sb8 = memref.load %SB[%col, %block] : memref<32x2xf8E8M0FNU>
      %sa = arith.extf %sa8 : f8E8M0FNU to f32
      %sb = arith.extf %sb8 : f8E8M0FNU to f32
      %sav = vector.broadcast %sa : f32 to vector<4xf32>
      %sbv = vector.broadcast %sb : f32 to vector<4xf32>
      %as = arith.mulf %a, %sav : vector<4xf32>
      %bs = arith.mulf %b, %sbv : vector<4xf32>
      %p = arith.mulf %as, %bs : vector<4xf32>
      %p0 = vector.extract %p[0] : f32 from vector<4xf32>
      %s0 = arith.addf %acc, %p0 : f32
      %p1 = vector.extract %p[1] : f32 from vector<4xf32>
      %s1 = arith.addf %s0, %p1 : f32
      %p2 = vector.extract %p[2] : f32 from vector<4xf32>
      %s2 = arith.addf %s1, %p2 : f32
      %p3 = vector.extract %p[3] : f32 from vector<4xf32>
      %s3 = arith.addf %s2, %p3 : f32
      scf.yield %s3 : f32
    }
    memref.store %dot, %C[%row, %col] : memref<32x32xf32>
    gpu.return
  }

  // fp6 (E2M3) times fp4, unscaled, 16x16x128.
  gpu.func @fp6_fp4_16(%A: memref<16x96xi8>, %B: memref<16x64xi8>,
                       %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @fp6_fp4_16_ref} {
    %c0 = arith.constant 0 : index
    %cm = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %init = arith.constant dense<-1.5> : vector<4xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %cm : index
    %block = arith.divui %lane, %cm : index
    %ak = arith.muli %block, %c24 : index
    %bk = arith.muli %block, %cm : index
    %abytes = wave.read %A[%row, %ak] : memref<16x96xi8> -> vector<24xi8>
    %bbytes = wave.read %B[%row, %bk] : memref<16x64xi8> -> vector<16xi8>
    %a = vector.bitcast %abytes : vector<24xi8> to vector<32xf6E2M3FN>
    %b = vector.bitcast %bbytes : vector<16xi8> to vector<32xf4E2M1FN>
    %d = wave.mma <f32_16x16x128_f6E2M3FN_f4E2M1FN> %a, %b, %init
        : vector<32xf6E2M3FN>, vector<32xf4E2M1FN> -> vector<4xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_16x16x128_f6E2M3FN_f4E2M1FN>
        : vector<4xf32>, memref<16x16xf32>
    gpu.return
  }
  gpu.func @fp6_fp4_16_ref(%A: memref<16x96xi8>, %B: memref<16x64xi8>,
                           %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %cg = arith.constant 32 : index
    %init = arith.constant -1.5 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    // Group g is K elements 4g .. 4g + 3: A's 3 bytes, B's 2.
    %dot = scf.for %g = %c0 to %cg step %c1 iter_args(%acc = %init) -> (f32) {
      %ak = arith.muli %g, %c3 : index
      %bk = arith.muli %g, %c2 : index
      %av = vector.load %A[%row, %ak] : memref<16x96xi8>, vector<3xi8>
      %bv = vector.load %B[%col, %bk] : memref<16x64xi8>, vector<2xi8>
      %a4 = vector.bitcast %av : vector<3xi8> to vector<4xf6E2M3FN>
      %b4 = vector.bitcast %bv : vector<2xi8> to vector<4xf4E2M1FN>
      %a = arith.extf %a4 : vector<4xf6E2M3FN> to vector<4xf32>
      %b = arith.extf %b4 : vector<4xf4E2M1FN> to vector<4xf32>
      %p = arith.mulf %a, %b : vector<4xf32>
      %p0 = vector.extract %p[0] : f32 from vector<4xf32>
      %s0 = arith.addf %acc, %p0 : f32
      %p1 = vector.extract %p[1] : f32 from vector<4xf32>
      %s1 = arith.addf %s0, %p1 : f32
      %p2 = vector.extract %p[2] : f32 from vector<4xf32>
      %s2 = arith.addf %s1, %p2 : f32
      %p3 = vector.extract %p[3] : f32 from vector<4xf32>
      %s3 = arith.addf %s2, %p3 : f32
      scf.yield %s3 : f32
    }
    memref.store %dot, %C[%row, %col] : memref<16x16xf32>
    gpu.return
  }

  // MXFP4 times MXFP6 (E3M2), 16x16x128.
  gpu.func @mxfp4_mxfp6_16(%A: memref<16x64xi8>, %SA: memref<16x4xf8E8M0FNU>,
                           %B: memref<16x96xi8>, %SB: memref<16x4xf8E8M0FNU>,
                           %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mxfp4_mxfp6_16_ref} {
    %c0 = arith.constant 0 : index
    %cm = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %init = arith.constant dense<0.0> : vector<4xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %cm : index
    %block = arith.divui %lane, %cm : index
    %ak = arith.muli %block, %cm : index
    %bk = arith.muli %block, %c24 : index
    %abytes = wave.read %A[%row, %ak] : memref<16x64xi8> -> vector<16xi8>
    %bbytes = wave.read %B[%row, %bk] : memref<16x96xi8> -> vector<24xi8>
    %a = vector.bitcast %abytes : vector<16xi8> to vector<32xf4E2M1FN>
    %b = vector.bitcast %bbytes : vector<24xi8> to vector<32xf6E3M2FN>
    %sa = wave.read %SA[%row, %block] : memref<16x4xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %SB[%row, %block] : memref<16x4xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %d = wave.mma <f32_16x16x128_f4E2M1FN_f6E3M2FN_scaled> %a, %b, %init scales %sa, %sb
        : vector<32xf4E2M1FN>, vector<32xf6E3M2FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<4xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_16x16x128_f4E2M1FN_f6E3M2FN_scaled>
        : vector<4xf32>, memref<16x16xf32>
    gpu.return
  }
  gpu.func @mxfp4_mxfp6_16_ref(%A: memref<16x64xi8>, %SA: memref<16x4xf8E8M0FNU>,
                               %B: memref<16x96xi8>, %SB: memref<16x4xf8E8M0FNU>,
                               %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %cg = arith.constant 32 : index
    %init = arith.constant 0.0 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    // Group g is K elements 4g .. 4g + 3: A's 2 bytes, B's 3.
    %dot = scf.for %g = %c0 to %cg step %c1 iter_args(%acc = %init) -> (f32) {
      %ak = arith.muli %g, %c2 : index
      %bk = arith.muli %g, %c3 : index
      %av = vector.load %A[%row, %ak] : memref<16x64xi8>, vector<2xi8>
      %bv = vector.load %B[%col, %bk] : memref<16x96xi8>, vector<3xi8>
      %a4 = vector.bitcast %av : vector<2xi8> to vector<4xf4E2M1FN>
      %b4 = vector.bitcast %bv : vector<3xi8> to vector<4xf6E3M2FN>
      %a = arith.extf %a4 : vector<4xf4E2M1FN> to vector<4xf32>
      %b = arith.extf %b4 : vector<4xf6E3M2FN> to vector<4xf32>
      %block = arith.divui %g, %c8 : index
      %sa8 = memref.load %SA[%row, %block] : memref<16x4xf8E8M0FNU>
      %sb8 = memref.load %SB[%col, %block] : memref<16x4xf8E8M0FNU>
      %sa = arith.extf %sa8 : f8E8M0FNU to f32
      %sb = arith.extf %sb8 : f8E8M0FNU to f32
      %sav = vector.broadcast %sa : f32 to vector<4xf32>
      %sbv = vector.broadcast %sb : f32 to vector<4xf32>
      %as = arith.mulf %a, %sav : vector<4xf32>
      %bs = arith.mulf %b, %sbv : vector<4xf32>
      %p = arith.mulf %as, %bs : vector<4xf32>
      %p0 = vector.extract %p[0] : f32 from vector<4xf32>
      %s0 = arith.addf %acc, %p0 : f32
      %p1 = vector.extract %p[1] : f32 from vector<4xf32>
      %s1 = arith.addf %s0, %p1 : f32
      %p2 = vector.extract %p[2] : f32 from vector<4xf32>
      %s2 = arith.addf %s1, %p2 : f32
      %p3 = vector.extract %p[3] : f32 from vector<4xf32>
      %s3 = arith.addf %s2, %p3 : f32
      scf.yield %s3 : f32
    }
    memref.store %dot, %C[%row, %col] : memref<16x16xf32>
    gpu.return
  }
}
