// gfx950's fp6 kinds (E2M3, E3M2) and the scaled (MX) forms of the fp6 and
// fp8 kinds agree with scalar references, by the layout table (wave.mma) and
// after the lowering to amdgpu.mfma and amdgpu.scaled_mfma. fp6 operands are
// stored packed, K contiguous (element i of a run at bits 6i): each lane
// reads its 32 K elements as 24 bytes and bit casts them, as the lowered code
// keeps them in 6 registers; the references decode 3 bytes (4 elements) at a
// time. The scales are one a row of A (column of B) and block of 32 K
// elements; lane l holds row l mod M and block l floordiv M.
// RUN: wave-run %s --kernel=mma_e2m3 | FileCheck %s -DNAME=mma_e2m3 -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_e3m2_16 | FileCheck %s -DNAME=mma_e3m2_16 -DSHAPE=16x16
// RUN: wave-run %s --kernel=mma_mxfp6_32 | FileCheck %s -DNAME=mma_mxfp6_32 -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_mxfp6_16 | FileCheck %s -DNAME=mma_mxfp6_16 -DSHAPE=16x16
// RUN: wave-run %s --kernel=mma_mxfp8_32 | FileCheck %s -DNAME=mma_mxfp8_32 -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_mxfp8_16 | FileCheck %s -DNAME=mma_mxfp8_16 -DSHAPE=16x16
// RUN: wave-run %s --kernel=mma_e2m3 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_e3m2_16 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=16x16
// RUN: wave-run %s --kernel=mma_mxfp6_32 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_mxfp6_16 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=16x16
// RUN: wave-run %s --kernel=mma_mxfp8_32 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_mxfp8_16 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=16x16
// Products of fp6 or fp8 values and power-of-two scales are exact in f32,
// and the interpreter sums them in K order, as the references do: the
// results are the same bits.
// CHECK: comparing @[[NAME]] with @[[NAME]]_ref
// CHECK-NEXT: output 'C' ([[SHAPE]]xf32): agrees (max abs error 0, max rel error 0)
// CHECK-NEXT: PASS
// SAME: output 'C' ([[SHAPE]]xf32): agrees (max abs error 0, max rel error 0)
// SAME-NEXT: PASS
#k = #wave.kernel<chip = "gfx950", wave_size = 64>
gpu.module @mx_f6_f8 {
  gpu.func @mma_e2m3(%A: memref<32x48xi8>, %B: memref<32x48xi8>,
                     %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_e2m3_ref} {
    %c0 = arith.constant 0 : index
    %cm = arith.constant 32 : index
    %cl = arith.constant 24 : index
    %init = arith.constant dense<0.0> : vector<16xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %cm : index
    %block = arith.divui %lane, %cm : index
    %at = arith.muli %block, %cl : index
    %abytes = wave.read %A[%row, %at] : memref<32x48xi8> -> vector<24xi8>
    %bbytes = wave.read %B[%row, %at] : memref<32x48xi8> -> vector<24xi8>
    %a = vector.bitcast %abytes : vector<24xi8> to vector<32xf6E2M3FN>
    %b = vector.bitcast %bbytes : vector<24xi8> to vector<32xf6E2M3FN>
    %d = wave.mma <f32_32x32x64_f6E2M3FN> %a, %b, %init
        : vector<32xf6E2M3FN>, vector<32xf6E2M3FN> -> vector<16xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_32x32x64_f6E2M3FN>
        : vector<16xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_e2m3_ref(%A: memref<32x48xi8>, %B: memref<32x48xi8>,
                         %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 32, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %cg = arith.constant 16 : index
    %cw = arith.constant 3 : index
    %init = arith.constant 0.0 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    // Group g is K elements 4g .. 4g + 3, bytes 3g .. 3g + 2 (element i at bits 6i).
    %dot = scf.for %g = %c0 to %cg step %c1 iter_args(%acc = %init) -> (f32) {
      %at = arith.muli %g, %cw : index
      %av = vector.load %A[%row, %at] : memref<32x48xi8>, vector<3xi8>
      %bv = vector.load %B[%col, %at] : memref<32x48xi8>, vector<3xi8>
      %a4 = vector.bitcast %av : vector<3xi8> to vector<4xf6E2M3FN>
      %b4 = vector.bitcast %bv : vector<3xi8> to vector<4xf6E2M3FN>
      %a = arith.extf %a4 : vector<4xf6E2M3FN> to vector<4xf32>
      %b = arith.extf %b4 : vector<4xf6E2M3FN> to vector<4xf32>
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
    memref.store %dot, %C[%row, %col] : memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_e3m2_16(%A: memref<16x96xi8>, %B: memref<16x96xi8>,
                        %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_e3m2_16_ref} {
    %c0 = arith.constant 0 : index
    %cm = arith.constant 16 : index
    %cl = arith.constant 24 : index
    %init = arith.constant dense<0.5> : vector<4xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %cm : index
    %block = arith.divui %lane, %cm : index
    %at = arith.muli %block, %cl : index
    %abytes = wave.read %A[%row, %at] : memref<16x96xi8> -> vector<24xi8>
    %bbytes = wave.read %B[%row, %at] : memref<16x96xi8> -> vector<24xi8>
    %a = vector.bitcast %abytes : vector<24xi8> to vector<32xf6E3M2FN>
    %b = vector.bitcast %bbytes : vector<24xi8> to vector<32xf6E3M2FN>
    %d = wave.mma <f32_16x16x128_f6E3M2FN> %a, %b, %init
        : vector<32xf6E3M2FN>, vector<32xf6E3M2FN> -> vector<4xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_16x16x128_f6E3M2FN>
        : vector<4xf32>, memref<16x16xf32>
    gpu.return
  }

  gpu.func @mma_e3m2_16_ref(%A: memref<16x96xi8>, %B: memref<16x96xi8>,
                            %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %cg = arith.constant 32 : index
    %cw = arith.constant 3 : index
    %init = arith.constant 0.5 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    // Group g is K elements 4g .. 4g + 3, bytes 3g .. 3g + 2 (element i at bits 6i).
    %dot = scf.for %g = %c0 to %cg step %c1 iter_args(%acc = %init) -> (f32) {
      %at = arith.muli %g, %cw : index
      %av = vector.load %A[%row, %at] : memref<16x96xi8>, vector<3xi8>
      %bv = vector.load %B[%col, %at] : memref<16x96xi8>, vector<3xi8>
      %a4 = vector.bitcast %av : vector<3xi8> to vector<4xf6E3M2FN>
      %b4 = vector.bitcast %bv : vector<3xi8> to vector<4xf6E3M2FN>
      %a = arith.extf %a4 : vector<4xf6E3M2FN> to vector<4xf32>
      %b = arith.extf %b4 : vector<4xf6E3M2FN> to vector<4xf32>
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

  gpu.func @mma_mxfp6_32(%A: memref<32x48xi8>, %SA: memref<32x2xf8E8M0FNU>,
                         %B: memref<32x48xi8>, %SB: memref<32x2xf8E8M0FNU>,
                         %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_mxfp6_32_ref} {
    %c0 = arith.constant 0 : index
    %cm = arith.constant 32 : index
    %cl = arith.constant 24 : index
    %init = arith.constant dense<0.25> : vector<16xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %cm : index
    %block = arith.divui %lane, %cm : index
    %at = arith.muli %block, %cl : index
    %abytes = wave.read %A[%row, %at] : memref<32x48xi8> -> vector<24xi8>
    %bbytes = wave.read %B[%row, %at] : memref<32x48xi8> -> vector<24xi8>
    %a = vector.bitcast %abytes : vector<24xi8> to vector<32xf6E3M2FN>
    %b = vector.bitcast %bbytes : vector<24xi8> to vector<32xf6E3M2FN>
    %sa = wave.read %SA[%row, %block] : memref<32x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %SB[%row, %block] : memref<32x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %d = wave.mma <f32_32x32x64_f6E3M2FN_scaled> %a, %b, %init scales %sa, %sb
        : vector<32xf6E3M2FN>, vector<32xf6E3M2FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_32x32x64_f6E3M2FN_scaled>
        : vector<16xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_mxfp6_32_ref(%A: memref<32x48xi8>, %SA: memref<32x2xf8E8M0FNU>,
                             %B: memref<32x48xi8>, %SB: memref<32x2xf8E8M0FNU>,
                             %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 32, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %cg = arith.constant 16 : index
    %cw = arith.constant 3 : index
    %init = arith.constant 0.25 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    // Group g is K elements 4g .. 4g + 3, bytes 3g .. 3g + 2 (element i at bits 6i).
    %dot = scf.for %g = %c0 to %cg step %c1 iter_args(%acc = %init) -> (f32) {
      %at = arith.muli %g, %cw : index
      %av = vector.load %A[%row, %at] : memref<32x48xi8>, vector<3xi8>
      %bv = vector.load %B[%col, %at] : memref<32x48xi8>, vector<3xi8>
      %a4 = vector.bitcast %av : vector<3xi8> to vector<4xf6E3M2FN>
      %b4 = vector.bitcast %bv : vector<3xi8> to vector<4xf6E3M2FN>
      %a = arith.extf %a4 : vector<4xf6E3M2FN> to vector<4xf32>
      %b = arith.extf %b4 : vector<4xf6E3M2FN> to vector<4xf32>
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

  gpu.func @mma_mxfp6_16(%A: memref<16x96xi8>, %SA: memref<16x4xf8E8M0FNU>,
                         %B: memref<16x96xi8>, %SB: memref<16x4xf8E8M0FNU>,
                         %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_mxfp6_16_ref} {
    %c0 = arith.constant 0 : index
    %cm = arith.constant 16 : index
    %cl = arith.constant 24 : index
    %init = arith.constant dense<0.0> : vector<4xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %cm : index
    %block = arith.divui %lane, %cm : index
    %at = arith.muli %block, %cl : index
    %abytes = wave.read %A[%row, %at] : memref<16x96xi8> -> vector<24xi8>
    %bbytes = wave.read %B[%row, %at] : memref<16x96xi8> -> vector<24xi8>
    %a = vector.bitcast %abytes : vector<24xi8> to vector<32xf6E2M3FN>
    %b = vector.bitcast %bbytes : vector<24xi8> to vector<32xf6E2M3FN>
    %sa = wave.read %SA[%row, %block] : memref<16x4xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %SB[%row, %block] : memref<16x4xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %d = wave.mma <f32_16x16x128_f6E2M3FN_scaled> %a, %b, %init scales %sa, %sb
        : vector<32xf6E2M3FN>, vector<32xf6E2M3FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<4xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_16x16x128_f6E2M3FN_scaled>
        : vector<4xf32>, memref<16x16xf32>
    gpu.return
  }

  gpu.func @mma_mxfp6_16_ref(%A: memref<16x96xi8>, %SA: memref<16x4xf8E8M0FNU>,
                             %B: memref<16x96xi8>, %SB: memref<16x4xf8E8M0FNU>,
                             %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %cg = arith.constant 32 : index
    %cw = arith.constant 3 : index
    %init = arith.constant 0.0 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    // Group g is K elements 4g .. 4g + 3, bytes 3g .. 3g + 2 (element i at bits 6i).
    %dot = scf.for %g = %c0 to %cg step %c1 iter_args(%acc = %init) -> (f32) {
      %at = arith.muli %g, %cw : index
      %av = vector.load %A[%row, %at] : memref<16x96xi8>, vector<3xi8>
      %bv = vector.load %B[%col, %at] : memref<16x96xi8>, vector<3xi8>
      %a4 = vector.bitcast %av : vector<3xi8> to vector<4xf6E2M3FN>
      %b4 = vector.bitcast %bv : vector<3xi8> to vector<4xf6E2M3FN>
      %a = arith.extf %a4 : vector<4xf6E2M3FN> to vector<4xf32>
      %b = arith.extf %b4 : vector<4xf6E2M3FN> to vector<4xf32>
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

  gpu.func @mma_mxfp8_32(%A: memref<32x64xf8E4M3FN>, %SA: memref<32x2xf8E8M0FNU>,
                         %B: memref<32x64xf8E4M3FN>, %SB: memref<32x2xf8E8M0FNU>,
                         %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_mxfp8_32_ref} {
    %c0 = arith.constant 0 : index
    %cm = arith.constant 32 : index
    %cl = arith.constant 32 : index
    %init = arith.constant dense<0.0> : vector<16xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %cm : index
    %block = arith.divui %lane, %cm : index
    %at = arith.muli %block, %cl : index
    %a = wave.read %A[%row, %at] : memref<32x64xf8E4M3FN> -> vector<32xf8E4M3FN>
    %b = wave.read %B[%row, %at] : memref<32x64xf8E4M3FN> -> vector<32xf8E4M3FN>
    %sa = wave.read %SA[%row, %block] : memref<32x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %SB[%row, %block] : memref<32x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %d = wave.mma <f32_32x32x64_f8E4M3FN_scaled> %a, %b, %init scales %sa, %sb
        : vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_32x32x64_f8E4M3FN_scaled>
        : vector<16xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_mxfp8_32_ref(%A: memref<32x64xf8E4M3FN>, %SA: memref<32x2xf8E8M0FNU>,
                             %B: memref<32x64xf8E4M3FN>, %SB: memref<32x2xf8E8M0FNU>,
                             %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 32, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %cg = arith.constant 16 : index
    %cw = arith.constant 4 : index
    %init = arith.constant 0.0 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    // Group g is K elements 4g .. 4g + 3.
    %dot = scf.for %g = %c0 to %cg step %c1 iter_args(%acc = %init) -> (f32) {
      %at = arith.muli %g, %cw : index
      %a4 = vector.load %A[%row, %at] : memref<32x64xf8E4M3FN>, vector<4xf8E4M3FN>
      %b4 = vector.load %B[%col, %at] : memref<32x64xf8E4M3FN>, vector<4xf8E4M3FN>
      %a = arith.extf %a4 : vector<4xf8E4M3FN> to vector<4xf32>
      %b = arith.extf %b4 : vector<4xf8E4M3FN> to vector<4xf32>
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

  gpu.func @mma_mxfp8_16(%A: memref<16x128xf8E5M2>, %SA: memref<16x4xf8E8M0FNU>,
                         %B: memref<16x128xf8E5M2>, %SB: memref<16x4xf8E8M0FNU>,
                         %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_mxfp8_16_ref} {
    %c0 = arith.constant 0 : index
    %cm = arith.constant 16 : index
    %cl = arith.constant 32 : index
    %init = arith.constant dense<0.0> : vector<4xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %cm : index
    %block = arith.divui %lane, %cm : index
    %at = arith.muli %block, %cl : index
    %a = wave.read %A[%row, %at] : memref<16x128xf8E5M2> -> vector<32xf8E5M2>
    %b = wave.read %B[%row, %at] : memref<16x128xf8E5M2> -> vector<32xf8E5M2>
    %sa = wave.read %SA[%row, %block] : memref<16x4xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %SB[%row, %block] : memref<16x4xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %d = wave.mma <f32_16x16x128_f8E5M2_scaled> %a, %b, %init scales %sa, %sb
        : vector<32xf8E5M2>, vector<32xf8E5M2>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<4xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_16x16x128_f8E5M2_scaled>
        : vector<4xf32>, memref<16x16xf32>
    gpu.return
  }

  gpu.func @mma_mxfp8_16_ref(%A: memref<16x128xf8E5M2>, %SA: memref<16x4xf8E8M0FNU>,
                             %B: memref<16x128xf8E5M2>, %SB: memref<16x4xf8E8M0FNU>,
                             %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %cg = arith.constant 32 : index
    %cw = arith.constant 4 : index
    %init = arith.constant 0.0 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    // Group g is K elements 4g .. 4g + 3.
    %dot = scf.for %g = %c0 to %cg step %c1 iter_args(%acc = %init) -> (f32) {
      %at = arith.muli %g, %cw : index
      %a4 = vector.load %A[%row, %at] : memref<16x128xf8E5M2>, vector<4xf8E5M2>
      %b4 = vector.load %B[%col, %at] : memref<16x128xf8E5M2>, vector<4xf8E5M2>
      %a = arith.extf %a4 : vector<4xf8E5M2> to vector<4xf32>
      %b = arith.extf %b4 : vector<4xf8E5M2> to vector<4xf32>
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
