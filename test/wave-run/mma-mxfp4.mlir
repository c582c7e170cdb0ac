// gfx950's fp4 (E2M1) kinds, plain and scaled by E8M0 block scales, agree
// with scalar references, by the layout table (wave.mma) and after the
// lowering to amdgpu.mfma and amdgpu.scaled_mfma. The operands are stored two
// a byte, K contiguous (element 2j in the low 4 bits of byte j): each lane
// reads its 32 K elements as 16 bytes and bit casts them, as the lowered
// code keeps them in 4 registers. The scales are one a row of A (column of
// B) and block of 32 K elements; @mma_scaled_sliced takes each lane's scale
// out of a vector of 8, whose group of 4 the lowering hands the instruction
// with the byte to read.
// RUN: wave-run %s --kernel=mma_fp4 | FileCheck %s -DNAME=mma_fp4 -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_scaled_32 | FileCheck %s -DNAME=mma_scaled_32 -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_scaled_sliced | FileCheck %s -DNAME=mma_scaled_sliced -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_scaled_16 | FileCheck %s -DNAME=mma_scaled_16 -DSHAPE=16x16
// RUN: wave-run %s --kernel=mma_fp4 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_scaled_32 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_scaled_sliced --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_scaled_16 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=16x16
// The interpreter sums each product in K order, as the references do, and
// products of fp4 values and power-of-two scales are exact: the results are
// the same bits.
// CHECK: comparing @[[NAME]] with @[[NAME]]_ref
// CHECK-NEXT: output 'C' ([[SHAPE]]xf32): agrees (max abs error 0, max rel error 0)
// CHECK-NEXT: PASS
// SAME: output 'C' ([[SHAPE]]xf32): agrees (max abs error 0, max rel error 0)
// SAME-NEXT: PASS
#k = #wave.kernel<chip = "gfx950", wave_size = 64>
gpu.module @mxfp4 {
  gpu.func @mma_fp4(%A: memref<32x32xi8>, %B: memref<32x32xi8>,
                    %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_fp4_ref} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %c32 : index
    %half = arith.divui %lane, %c32 : index
    %byte = arith.muli %half, %c16 : index
    %abytes = wave.read %A[%row, %byte] : memref<32x32xi8> -> vector<16xi8>
    %bbytes = wave.read %B[%row, %byte] : memref<32x32xi8> -> vector<16xi8>
    %a = vector.bitcast %abytes : vector<16xi8> to vector<32xf4E2M1FN>
    %b = vector.bitcast %bbytes : vector<16xi8> to vector<32xf4E2M1FN>
    %d = wave.mma <f32_32x32x64_f4E2M1FN> %a, %b, %zero
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN> -> vector<16xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_32x32x64_f4E2M1FN>
        : vector<16xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_fp4_ref(%A: memref<32x32xi8>, %B: memref<32x32xi8>,
                        %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 32, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    // Byte j holds K elements 2j (low 4 bits) and 2j + 1.
    %dot = scf.for %j = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (f32) {
      %abyte = memref.load %A[%row, %j] : memref<32x32xi8>
      %bbyte = memref.load %B[%col, %j] : memref<32x32xi8>
      %av = vector.broadcast %abyte : i8 to vector<1xi8>
      %bv = vector.broadcast %bbyte : i8 to vector<1xi8>
      %a2 = vector.bitcast %av : vector<1xi8> to vector<2xf4E2M1FN>
      %b2 = vector.bitcast %bv : vector<1xi8> to vector<2xf4E2M1FN>
      %a2f = arith.extf %a2 : vector<2xf4E2M1FN> to vector<2xf32>
      %b2f = arith.extf %b2 : vector<2xf4E2M1FN> to vector<2xf32>
      %a0 = vector.extract %a2f[0] : f32 from vector<2xf32>
      %b0 = vector.extract %b2f[0] : f32 from vector<2xf32>
      %a1 = vector.extract %a2f[1] : f32 from vector<2xf32>
      %b1 = vector.extract %b2f[1] : f32 from vector<2xf32>
      %p0 = arith.mulf %a0, %b0 : f32
      %s0 = arith.addf %acc, %p0 : f32
      %p1 = arith.mulf %a1, %b1 : f32
      %s1 = arith.addf %s0, %p1 : f32
      scf.yield %s1 : f32
    }
    memref.store %dot, %C[%row, %col] : memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_scaled_32(%A: memref<32x32xi8>, %SA: memref<32x2xf8E8M0FNU>,
                          %B: memref<32x32xi8>, %SB: memref<32x2xf8E8M0FNU>,
                          %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_scaled_32_ref} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %init = arith.constant dense<0.25> : vector<16xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %c32 : index
    %block = arith.divui %lane, %c32 : index
    %byte = arith.muli %block, %c16 : index
    %abytes = wave.read %A[%row, %byte] : memref<32x32xi8> -> vector<16xi8>
    %bbytes = wave.read %B[%row, %byte] : memref<32x32xi8> -> vector<16xi8>
    %a = vector.bitcast %abytes : vector<16xi8> to vector<32xf4E2M1FN>
    %b = vector.bitcast %bbytes : vector<16xi8> to vector<32xf4E2M1FN>
    %sa = wave.read %SA[%row, %block] : memref<32x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %SB[%row, %block] : memref<32x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %d = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a, %b, %init scales %sa, %sb
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_32x32x64_f4E2M1FN_scaled>
        : vector<16xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_scaled_32_ref(%A: memref<32x32xi8>, %SA: memref<32x2xf8E8M0FNU>,
                              %B: memref<32x32xi8>, %SB: memref<32x2xf8E8M0FNU>,
                              %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 32, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %init = arith.constant 0.25 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    %dot = scf.for %j = %c0 to %c32 step %c1 iter_args(%acc = %init) -> (f32) {
      // Bytes 16 b .. 16 b + 15 are block b of 32 K elements.
      %block = arith.divui %j, %c16 : index
      %sa8 = memref.load %SA[%row, %block] : memref<32x2xf8E8M0FNU>
      %sb8 = memref.load %SB[%col, %block] : memref<32x2xf8E8M0FNU>
      %sa = arith.extf %sa8 : f8E8M0FNU to f32
      %sb = arith.extf %sb8 : f8E8M0FNU to f32
      %abyte = memref.load %A[%row, %j] : memref<32x32xi8>
      %bbyte = memref.load %B[%col, %j] : memref<32x32xi8>
      %av = vector.broadcast %abyte : i8 to vector<1xi8>
      %bv = vector.broadcast %bbyte : i8 to vector<1xi8>
      %a2 = vector.bitcast %av : vector<1xi8> to vector<2xf4E2M1FN>
      %b2 = vector.bitcast %bv : vector<1xi8> to vector<2xf4E2M1FN>
      %a2f = arith.extf %a2 : vector<2xf4E2M1FN> to vector<2xf32>
      %b2f = arith.extf %b2 : vector<2xf4E2M1FN> to vector<2xf32>
      %a0 = vector.extract %a2f[0] : f32 from vector<2xf32>
      %b0 = vector.extract %b2f[0] : f32 from vector<2xf32>
      %a1 = vector.extract %a2f[1] : f32 from vector<2xf32>
      %b1 = vector.extract %b2f[1] : f32 from vector<2xf32>
      %a0s = arith.mulf %a0, %sa : f32
      %b0s = arith.mulf %b0, %sb : f32
      %a1s = arith.mulf %a1, %sa : f32
      %b1s = arith.mulf %b1, %sb : f32
      %p0 = arith.mulf %a0s, %b0s : f32
      %s0 = arith.addf %acc, %p0 : f32
      %p1 = arith.mulf %a1s, %b1s : f32
      %s1 = arith.addf %s0, %p1 : f32
      scf.yield %s1 : f32
    }
    memref.store %dot, %C[%row, %col] : memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_scaled_sliced(%A: memref<32x32xi8>, %SA: memref<64x8xf8E8M0FNU>,
                          %B: memref<32x32xi8>, %SB: memref<64x8xf8E8M0FNU>,
                          %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_scaled_sliced_ref} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %init = arith.constant dense<0.25> : vector<16xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %c32 : index
    %block = arith.divui %lane, %c32 : index
    %byte = arith.muli %block, %c16 : index
    %abytes = wave.read %A[%row, %byte] : memref<32x32xi8> -> vector<16xi8>
    %bbytes = wave.read %B[%row, %byte] : memref<32x32xi8> -> vector<16xi8>
    %a = vector.bitcast %abytes : vector<16xi8> to vector<32xf4E2M1FN>
    %b = vector.bitcast %bbytes : vector<16xi8> to vector<32xf4E2M1FN>
    // Each lane reads a row of 8 scales and the MMA takes element 6 (A) and
    // 1 (B): the lowering passes the group of 4 holding it and its byte.
    %sa8 = wave.read %SA[%lane, %c0] : memref<64x8xf8E8M0FNU> -> vector<8xf8E8M0FNU>
    %sb8 = wave.read %SB[%lane, %c0] : memref<64x8xf8E8M0FNU> -> vector<8xf8E8M0FNU>
    %sa = vector.extract_strided_slice %sa8 {offsets = [6], sizes = [1], strides = [1]} : vector<8xf8E8M0FNU> to vector<1xf8E8M0FNU>
    %sb = vector.extract_strided_slice %sb8 {offsets = [1], sizes = [1], strides = [1]} : vector<8xf8E8M0FNU> to vector<1xf8E8M0FNU>
    %d = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a, %b, %init scales %sa, %sb
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_32x32x64_f4E2M1FN_scaled>
        : vector<16xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_scaled_sliced_ref(%A: memref<32x32xi8>, %SA: memref<64x8xf8E8M0FNU>,
                              %B: memref<32x32xi8>, %SB: memref<64x8xf8E8M0FNU>,
                              %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 32, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %init = arith.constant 0.25 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    %dot = scf.for %j = %c0 to %c32 step %c1 iter_args(%acc = %init) -> (f32) {
      // Bytes 16 b .. 16 b + 15 are block b of 32 K elements.
      %block = arith.divui %j, %c16 : index
      // The scales of block b are lane (row + 32 b)'s element 6 (A) and
      // lane (col + 32 b)'s element 1 (B).
      %b32 = arith.muli %block, %c32 : index
      %la = arith.addi %row, %b32 : index
      %lb = arith.addi %col, %b32 : index
      %sa8 = memref.load %SA[%la, %c6] : memref<64x8xf8E8M0FNU>
      %sb8 = memref.load %SB[%lb, %c1] : memref<64x8xf8E8M0FNU>
      %sa = arith.extf %sa8 : f8E8M0FNU to f32
      %sb = arith.extf %sb8 : f8E8M0FNU to f32
      %abyte = memref.load %A[%row, %j] : memref<32x32xi8>
      %bbyte = memref.load %B[%col, %j] : memref<32x32xi8>
      %av = vector.broadcast %abyte : i8 to vector<1xi8>
      %bv = vector.broadcast %bbyte : i8 to vector<1xi8>
      %a2 = vector.bitcast %av : vector<1xi8> to vector<2xf4E2M1FN>
      %b2 = vector.bitcast %bv : vector<1xi8> to vector<2xf4E2M1FN>
      %a2f = arith.extf %a2 : vector<2xf4E2M1FN> to vector<2xf32>
      %b2f = arith.extf %b2 : vector<2xf4E2M1FN> to vector<2xf32>
      %a0 = vector.extract %a2f[0] : f32 from vector<2xf32>
      %b0 = vector.extract %b2f[0] : f32 from vector<2xf32>
      %a1 = vector.extract %a2f[1] : f32 from vector<2xf32>
      %b1 = vector.extract %b2f[1] : f32 from vector<2xf32>
      %a0s = arith.mulf %a0, %sa : f32
      %b0s = arith.mulf %b0, %sb : f32
      %a1s = arith.mulf %a1, %sa : f32
      %b1s = arith.mulf %b1, %sb : f32
      %p0 = arith.mulf %a0s, %b0s : f32
      %s0 = arith.addf %acc, %p0 : f32
      %p1 = arith.mulf %a1s, %b1s : f32
      %s1 = arith.addf %s0, %p1 : f32
      scf.yield %s1 : f32
    }
    memref.store %dot, %C[%row, %col] : memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_scaled_16(%A: memref<16x64xi8>, %SA: memref<16x4xf8E8M0FNU>,
                          %B: memref<16x64xi8>, %SB: memref<16x4xf8E8M0FNU>,
                          %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_scaled_16_ref} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %c16 : index
    %block = arith.divui %lane, %c16 : index
    %byte = arith.muli %block, %c16 : index
    %abytes = wave.read %A[%row, %byte] : memref<16x64xi8> -> vector<16xi8>
    %bbytes = wave.read %B[%row, %byte] : memref<16x64xi8> -> vector<16xi8>
    %a = vector.bitcast %abytes : vector<16xi8> to vector<32xf4E2M1FN>
    %b = vector.bitcast %bbytes : vector<16xi8> to vector<32xf4E2M1FN>
    %sa = wave.read %SA[%row, %block] : memref<16x4xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %SB[%row, %block] : memref<16x4xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %d = wave.mma <f32_16x16x128_f4E2M1FN_scaled> %a, %b, %zero scales %sa, %sb
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<4xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_16x16x128_f4E2M1FN_scaled>
        : vector<4xf32>, memref<16x16xf32>
    gpu.return
  }

  gpu.func @mma_scaled_16_ref(%A: memref<16x64xi8>, %SA: memref<16x4xf8E8M0FNU>,
                              %B: memref<16x64xi8>, %SB: memref<16x4xf8E8M0FNU>,
                              %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    %dot = scf.for %j = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
      %block = arith.divui %j, %c16 : index
      %sa8 = memref.load %SA[%row, %block] : memref<16x4xf8E8M0FNU>
      %sb8 = memref.load %SB[%col, %block] : memref<16x4xf8E8M0FNU>
      %sa = arith.extf %sa8 : f8E8M0FNU to f32
      %sb = arith.extf %sb8 : f8E8M0FNU to f32
      %abyte = memref.load %A[%row, %j] : memref<16x64xi8>
      %bbyte = memref.load %B[%col, %j] : memref<16x64xi8>
      %av = vector.broadcast %abyte : i8 to vector<1xi8>
      %bv = vector.broadcast %bbyte : i8 to vector<1xi8>
      %a2 = vector.bitcast %av : vector<1xi8> to vector<2xf4E2M1FN>
      %b2 = vector.bitcast %bv : vector<1xi8> to vector<2xf4E2M1FN>
      %a2f = arith.extf %a2 : vector<2xf4E2M1FN> to vector<2xf32>
      %b2f = arith.extf %b2 : vector<2xf4E2M1FN> to vector<2xf32>
      %a0 = vector.extract %a2f[0] : f32 from vector<2xf32>
      %b0 = vector.extract %b2f[0] : f32 from vector<2xf32>
      %a1 = vector.extract %a2f[1] : f32 from vector<2xf32>
      %b1 = vector.extract %b2f[1] : f32 from vector<2xf32>
      %a0s = arith.mulf %a0, %sa : f32
      %b0s = arith.mulf %b0, %sb : f32
      %a1s = arith.mulf %a1, %sa : f32
      %b1s = arith.mulf %b1, %sb : f32
      %p0 = arith.mulf %a0s, %b0s : f32
      %s0 = arith.addf %acc, %p0 : f32
      %p1 = arith.mulf %a1s, %b1s : f32
      %s1 = arith.addf %s0, %p1 : f32
      scf.yield %s1 : f32
    }
    memref.store %dot, %C[%row, %col] : memref<16x16xf32>
    gpu.return
  }
}
