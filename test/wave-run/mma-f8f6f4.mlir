// gfx950's f8f6f4 kinds with fp8 operands agree with scalar references, by
// the layout table (wave.mma) and after the lowering to amdgpu.mfma: A and B
// in different formats, B stored N x K (transposed) and K x N.
// RUN: wave-run %s --kernel=mma_32x32x64 | FileCheck %s -DNAME=mma_32x32x64 -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_16x16x128 | FileCheck %s -DNAME=mma_16x16x128 -DSHAPE=16x16
// RUN: wave-run %s --kernel=mma_32x32x64 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=32x32
// RUN: wave-run %s --kernel=mma_16x16x128 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME -DSHAPE=16x16
// The interpreter sums each product in K order, as the references do: the
// results are the same bits.
// CHECK: comparing @[[NAME]] with @[[NAME]]_ref
// CHECK-NEXT: output 'C' ([[SHAPE]]xf32): agrees (max abs error 0, max rel error 0)
// CHECK-NEXT: PASS
// SAME: output 'C' ([[SHAPE]]xf32): agrees (max abs error 0, max rel error 0)
// SAME-NEXT: PASS
#k = #wave.kernel<chip = "gfx950", wave_size = 64>
gpu.module @f8f6f4 {
  gpu.func @mma_32x32x64(%A: memref<32x64xf8E4M3FN>, %B: memref<32x64xf8E5M2>,
                         %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_32x32x64_ref} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %a = wave.read %A[%c0, %c0] fragment <A, f32_32x32x64_f8E4M3FN_f8E5M2>
        : memref<32x64xf8E4M3FN> -> vector<32xf8E4M3FN>
    %b = wave.read %B[%c0, %c0] fragment <B, f32_32x32x64_f8E4M3FN_f8E5M2, transposed>
        : memref<32x64xf8E5M2> -> vector<32xf8E5M2>
    %d = wave.mma <f32_32x32x64_f8E4M3FN_f8E5M2> %a, %b, %zero
        : vector<32xf8E4M3FN>, vector<32xf8E5M2> -> vector<16xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_32x32x64_f8E4M3FN_f8E5M2>
        : vector<16xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_32x32x64_ref(%A: memref<32x64xf8E4M3FN>, %B: memref<32x64xf8E5M2>,
                             %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 32, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    %dot = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
      %a = memref.load %A[%row, %k] : memref<32x64xf8E4M3FN>
      %b = memref.load %B[%col, %k] : memref<32x64xf8E5M2>
      %a32 = arith.extf %a : f8E4M3FN to f32
      %b32 = arith.extf %b : f8E5M2 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %acc, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%row, %col] : memref<32x32xf32>
    gpu.return
  }

  gpu.func @mma_16x16x128(%A: memref<16x128xf8E5M2>, %B: memref<128x16xf8E4M3FN>,
                          %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @mma_16x16x128_ref} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %a = wave.read %A[%c0, %c0] fragment <A, f32_16x16x128_f8E5M2_f8E4M3FN>
        : memref<16x128xf8E5M2> -> vector<32xf8E5M2>
    %b = wave.read %B[%c0, %c0] fragment <B, f32_16x16x128_f8E5M2_f8E4M3FN>
        : memref<128x16xf8E4M3FN> -> vector<32xf8E4M3FN>
    %d = wave.mma <f32_16x16x128_f8E5M2_f8E4M3FN> %a, %b, %zero
        : vector<32xf8E5M2>, vector<32xf8E4M3FN> -> vector<4xf32>
    wave.write %d, %C[%c0, %c0] fragment <acc, f32_16x16x128_f8E5M2_f8E4M3FN>
        : vector<4xf32>, memref<16x16xf32>
    gpu.return
  }

  gpu.func @mma_16x16x128_ref(%A: memref<16x128xf8E5M2>, %B: memref<128x16xf8E4M3FN>,
                              %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %col = gpu.thread_id x
    %row = gpu.thread_id y
    %dot = scf.for %k = %c0 to %c128 step %c1 iter_args(%acc = %zero) -> (f32) {
      %a = memref.load %A[%row, %k] : memref<16x128xf8E5M2>
      %b = memref.load %B[%k, %col] : memref<128x16xf8E4M3FN>
      %a32 = arith.extf %a : f8E5M2 to f32
      %b32 = arith.extf %b : f8E4M3FN to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %acc, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %C[%row, %col] : memref<16x16xf32>
    gpu.return
  }
}
