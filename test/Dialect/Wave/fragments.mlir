// RUN: wave-opt %s | FileCheck %s
// RUN: wave-opt %s | wave-opt | FileCheck %s
// RUN: wave-opt %s --mlir-print-op-generic | wave-opt | FileCheck %s
//
// Every MMA kind the dialect supports, read and written as fragments: each
// kernel computes D = A * B + C on a 2 x 2 grid of fragments, one wave
// (gpu.subgroup_id, delinearized) a fragment of the accumulator, over two K
// fragments. Half the kinds store every operand transposed (A as K x M, B as
// N x K, C and D as N x M). The kernels round-trip (above), and the
// interpreter runs each after wave-expand-fragments and compares it with a
// scalar reference, one lane per element of D:
//
// RUN: wave-run %s --kernel=f32_32x32x8_f16 | FileCheck %s --check-prefix=EXEC -DKIND=f32_32x32x8_f16
// RUN: wave-run %s --kernel=f32_16x16x16_f16 | FileCheck %s --check-prefix=EXEC -DKIND=f32_16x16x16_f16
// RUN: wave-run %s --kernel=f32_32x32x8_bf16 | FileCheck %s --check-prefix=EXEC -DKIND=f32_32x32x8_bf16
// RUN: wave-run %s --kernel=f32_16x16x16_bf16 | FileCheck %s --check-prefix=EXEC -DKIND=f32_16x16x16_bf16
// RUN: wave-run %s --kernel=i32_16x16x32_i8 | FileCheck %s --check-prefix=EXEC -DKIND=i32_16x16x32_i8
// RUN: wave-run %s --kernel=f32_16x16x4_f32 | FileCheck %s --check-prefix=EXEC -DKIND=f32_16x16x4_f32
// RUN: wave-run %s --kernel=i32_16x16x32_i8 --seed=7 | FileCheck %s --check-prefix=EXEC -DKIND=i32_16x16x32_i8
// RUN: wave-run %s --kernel=f32_32x32x8_bf16 --seed=7 | FileCheck %s --check-prefix=EXEC -DKIND=f32_32x32x8_bf16
// RUN: wave-run %s --kernel=workgroup_3d | FileCheck %s --check-prefix=EXEC -DKIND=workgroup_3d

// EXEC: comparing @[[KIND]] with @[[KIND]]_ref
// EXEC-NEXT: output 'D' ({{.*}}): agrees
// EXEC-NEXT: PASS

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @fragments {
  // CHECK-LABEL: gpu.func @f32_32x32x8_f16(
  gpu.func @f32_32x32x8_f16(%A: memref<64x16xf16>, %B: memref<16x64xf16>, %C: memref<64x64xf32>, %D: memref<64x64xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #k, wave.reference = @f32_32x32x8_f16_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, f32_32x32x8_f16> : memref<64x64xf32> -> vector<16xf32>
    %c = wave.read %C[%wr, %wc] fragment <acc, f32_32x32x8_f16> : memref<64x64xf32> -> vector<16xf32>
    %r = scf.for %kk = %c0 to %c2 step %c1 iter_args(%acc = %c) -> (vector<16xf32>) {
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <A, f32_32x32x8_f16> : memref<64x16xf16> -> vector<4xf16>
      %a = wave.read %A[%wr, %kk] fragment <A, f32_32x32x8_f16> : memref<64x16xf16> -> vector<4xf16>
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <B, f32_32x32x8_f16> : memref<16x64xf16> -> vector<4xf16>
      %b = wave.read %B[%kk, %wc] fragment <B, f32_32x32x8_f16> : memref<16x64xf16> -> vector<4xf16>
      %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      scf.yield %d : vector<16xf32>
    }
    // CHECK: wave.write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, f32_32x32x8_f16> : vector<16xf32>, memref<64x64xf32>
    wave.write %r, %D[%wr, %wc] fragment <acc, f32_32x32x8_f16> : vector<16xf32>, memref<64x64xf32>
    gpu.return
  }

  gpu.func @f32_32x32x8_f16_ref(%A: memref<64x16xf16>, %B: memref<16x64xf16>, %C: memref<64x64xf32>, %D: memref<64x64xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 4, 4, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cK = arith.constant 16 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %n = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%bx, %tx)
    %m = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%by, %ty)
    %c = memref.load %C[%m, %n] : memref<64x64xf32>
    %dot = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %c) -> (f32) {
      %a = memref.load %A[%m, %k] : memref<64x16xf16>
      %b = memref.load %B[%k, %n] : memref<16x64xf16>
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %D[%m, %n] : memref<64x64xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_16x16x16_f16(
  gpu.func @f32_16x16x16_f16(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>, %D: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #k, wave.reference = @f32_16x16x16_f16_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, f32_16x16x16_f16, transposed> : memref<32x32xf32> -> vector<4xf32>
    %c = wave.read %C[%wc, %wr] fragment <acc, f32_16x16x16_f16, transposed> : memref<32x32xf32> -> vector<4xf32>
    %r = scf.for %kk = %c0 to %c2 step %c1 iter_args(%acc = %c) -> (vector<4xf32>) {
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <A, f32_16x16x16_f16, transposed> : memref<32x32xf16> -> vector<4xf16>
      %a = wave.read %A[%kk, %wr] fragment <A, f32_16x16x16_f16, transposed> : memref<32x32xf16> -> vector<4xf16>
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <B, f32_16x16x16_f16, transposed> : memref<32x32xf16> -> vector<4xf16>
      %b = wave.read %B[%wc, %kk] fragment <B, f32_16x16x16_f16, transposed> : memref<32x32xf16> -> vector<4xf16>
      %d = wave.mma <f32_16x16x16_f16> %a, %b, %acc : vector<4xf16>, vector<4xf16> -> vector<4xf32>
      scf.yield %d : vector<4xf32>
    }
    // CHECK: wave.write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, f32_16x16x16_f16, transposed> : vector<4xf32>, memref<32x32xf32>
    wave.write %r, %D[%wc, %wr] fragment <acc, f32_16x16x16_f16, transposed> : vector<4xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @f32_16x16x16_f16_ref(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>, %D: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 2, 2, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cK = arith.constant 32 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %n = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%bx, %tx)
    %m = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%by, %ty)
    %c = memref.load %C[%n, %m] : memref<32x32xf32>
    %dot = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %c) -> (f32) {
      %a = memref.load %A[%k, %m] : memref<32x32xf16>
      %b = memref.load %B[%n, %k] : memref<32x32xf16>
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %D[%n, %m] : memref<32x32xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_32x32x8_bf16(
  gpu.func @f32_32x32x8_bf16(%A: memref<16x64xbf16>, %B: memref<64x16xbf16>, %C: memref<64x64xf32>, %D: memref<64x64xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #k, wave.reference = @f32_32x32x8_bf16_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, f32_32x32x8_bf16, transposed> : memref<64x64xf32> -> vector<16xf32>
    %c = wave.read %C[%wc, %wr] fragment <acc, f32_32x32x8_bf16, transposed> : memref<64x64xf32> -> vector<16xf32>
    %r = scf.for %kk = %c0 to %c2 step %c1 iter_args(%acc = %c) -> (vector<16xf32>) {
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <A, f32_32x32x8_bf16, transposed> : memref<16x64xbf16> -> vector<4xbf16>
      %a = wave.read %A[%kk, %wr] fragment <A, f32_32x32x8_bf16, transposed> : memref<16x64xbf16> -> vector<4xbf16>
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <B, f32_32x32x8_bf16, transposed> : memref<64x16xbf16> -> vector<4xbf16>
      %b = wave.read %B[%wc, %kk] fragment <B, f32_32x32x8_bf16, transposed> : memref<64x16xbf16> -> vector<4xbf16>
      %d = wave.mma <f32_32x32x8_bf16> %a, %b, %acc : vector<4xbf16>, vector<4xbf16> -> vector<16xf32>
      scf.yield %d : vector<16xf32>
    }
    // CHECK: wave.write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, f32_32x32x8_bf16, transposed> : vector<16xf32>, memref<64x64xf32>
    wave.write %r, %D[%wc, %wr] fragment <acc, f32_32x32x8_bf16, transposed> : vector<16xf32>, memref<64x64xf32>
    gpu.return
  }

  gpu.func @f32_32x32x8_bf16_ref(%A: memref<16x64xbf16>, %B: memref<64x16xbf16>, %C: memref<64x64xf32>, %D: memref<64x64xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 4, 4, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cK = arith.constant 16 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %n = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%bx, %tx)
    %m = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%by, %ty)
    %c = memref.load %C[%n, %m] : memref<64x64xf32>
    %dot = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %c) -> (f32) {
      %a = memref.load %A[%k, %m] : memref<16x64xbf16>
      %b = memref.load %B[%n, %k] : memref<64x16xbf16>
      %a32 = arith.extf %a : bf16 to f32
      %b32 = arith.extf %b : bf16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %D[%n, %m] : memref<64x64xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_16x16x16_bf16(
  gpu.func @f32_16x16x16_bf16(%A: memref<32x32xbf16>, %B: memref<32x32xbf16>, %C: memref<32x32xf32>, %D: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #k, wave.reference = @f32_16x16x16_bf16_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, f32_16x16x16_bf16> : memref<32x32xf32> -> vector<4xf32>
    %c = wave.read %C[%wr, %wc] fragment <acc, f32_16x16x16_bf16> : memref<32x32xf32> -> vector<4xf32>
    %r = scf.for %kk = %c0 to %c2 step %c1 iter_args(%acc = %c) -> (vector<4xf32>) {
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <A, f32_16x16x16_bf16> : memref<32x32xbf16> -> vector<4xbf16>
      %a = wave.read %A[%wr, %kk] fragment <A, f32_16x16x16_bf16> : memref<32x32xbf16> -> vector<4xbf16>
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <B, f32_16x16x16_bf16> : memref<32x32xbf16> -> vector<4xbf16>
      %b = wave.read %B[%kk, %wc] fragment <B, f32_16x16x16_bf16> : memref<32x32xbf16> -> vector<4xbf16>
      %d = wave.mma <f32_16x16x16_bf16> %a, %b, %acc : vector<4xbf16>, vector<4xbf16> -> vector<4xf32>
      scf.yield %d : vector<4xf32>
    }
    // CHECK: wave.write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, f32_16x16x16_bf16> : vector<4xf32>, memref<32x32xf32>
    wave.write %r, %D[%wr, %wc] fragment <acc, f32_16x16x16_bf16> : vector<4xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @f32_16x16x16_bf16_ref(%A: memref<32x32xbf16>, %B: memref<32x32xbf16>, %C: memref<32x32xf32>, %D: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 2, 2, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cK = arith.constant 32 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %n = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%bx, %tx)
    %m = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%by, %ty)
    %c = memref.load %C[%m, %n] : memref<32x32xf32>
    %dot = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %c) -> (f32) {
      %a = memref.load %A[%m, %k] : memref<32x32xbf16>
      %b = memref.load %B[%k, %n] : memref<32x32xbf16>
      %a32 = arith.extf %a : bf16 to f32
      %b32 = arith.extf %b : bf16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %D[%m, %n] : memref<32x32xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @i32_16x16x32_i8(
  gpu.func @i32_16x16x32_i8(%A: memref<64x32xi8>, %B: memref<32x64xi8>, %C: memref<32x32xi32>, %D: memref<32x32xi32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #k, wave.reference = @i32_16x16x32_i8_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, i32_16x16x32_i8, transposed> : memref<32x32xi32> -> vector<4xi32>
    %c = wave.read %C[%wc, %wr] fragment <acc, i32_16x16x32_i8, transposed> : memref<32x32xi32> -> vector<4xi32>
    %r = scf.for %kk = %c0 to %c2 step %c1 iter_args(%acc = %c) -> (vector<4xi32>) {
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <A, i32_16x16x32_i8, transposed> : memref<64x32xi8> -> vector<8xi8>
      %a = wave.read %A[%kk, %wr] fragment <A, i32_16x16x32_i8, transposed> : memref<64x32xi8> -> vector<8xi8>
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <B, i32_16x16x32_i8, transposed> : memref<32x64xi8> -> vector<8xi8>
      %b = wave.read %B[%wc, %kk] fragment <B, i32_16x16x32_i8, transposed> : memref<32x64xi8> -> vector<8xi8>
      %d = wave.mma <i32_16x16x32_i8> %a, %b, %acc : vector<8xi8>, vector<8xi8> -> vector<4xi32>
      scf.yield %d : vector<4xi32>
    }
    // CHECK: wave.write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, i32_16x16x32_i8, transposed> : vector<4xi32>, memref<32x32xi32>
    wave.write %r, %D[%wc, %wr] fragment <acc, i32_16x16x32_i8, transposed> : vector<4xi32>, memref<32x32xi32>
    gpu.return
  }

  gpu.func @i32_16x16x32_i8_ref(%A: memref<64x32xi8>, %B: memref<32x64xi8>, %C: memref<32x32xi32>, %D: memref<32x32xi32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 2, 2, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cK = arith.constant 64 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %n = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%bx, %tx)
    %m = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%by, %ty)
    %c = memref.load %C[%n, %m] : memref<32x32xi32>
    %dot = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %c) -> (i32) {
      %a = memref.load %A[%k, %m] : memref<64x32xi8>
      %b = memref.load %B[%n, %k] : memref<32x64xi8>
      %a32 = arith.extsi %a : i8 to i32
      %b32 = arith.extsi %b : i8 to i32
      %p = arith.muli %a32, %b32 : i32
      %next = arith.addi %s, %p : i32
      scf.yield %next : i32
    }
    memref.store %dot, %D[%n, %m] : memref<32x32xi32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @f32_16x16x4_f32(
  gpu.func @f32_16x16x4_f32(%A: memref<32x8xf32>, %B: memref<8x32xf32>, %C: memref<32x32xf32>, %D: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #k, wave.reference = @f32_16x16x4_f32_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, f32_16x16x4_f32> : memref<32x32xf32> -> vector<4xf32>
    %c = wave.read %C[%wr, %wc] fragment <acc, f32_16x16x4_f32> : memref<32x32xf32> -> vector<4xf32>
    %r = scf.for %kk = %c0 to %c2 step %c1 iter_args(%acc = %c) -> (vector<4xf32>) {
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <A, f32_16x16x4_f32> : memref<32x8xf32> -> vector<1xf32>
      %a = wave.read %A[%wr, %kk] fragment <A, f32_16x16x4_f32> : memref<32x8xf32> -> vector<1xf32>
      // CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}] fragment <B, f32_16x16x4_f32> : memref<8x32xf32> -> vector<1xf32>
      %b = wave.read %B[%kk, %wc] fragment <B, f32_16x16x4_f32> : memref<8x32xf32> -> vector<1xf32>
      %d = wave.mma <f32_16x16x4_f32> %a, %b, %acc : vector<1xf32>, vector<1xf32> -> vector<4xf32>
      scf.yield %d : vector<4xf32>
    }
    // CHECK: wave.write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] fragment <acc, f32_16x16x4_f32> : vector<4xf32>, memref<32x32xf32>
    wave.write %r, %D[%wr, %wc] fragment <acc, f32_16x16x4_f32> : vector<4xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @f32_16x16x4_f32_ref(%A: memref<32x8xf32>, %B: memref<8x32xf32>, %C: memref<32x32xf32>, %D: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 2, 2, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cK = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %n = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%bx, %tx)
    %m = affine.apply affine_map<(b, t) -> (b * 16 + t)>(%by, %ty)
    %c = memref.load %C[%m, %n] : memref<32x32xf32>
    %dot = scf.for %k = %c0 to %cK step %c1 iter_args(%s = %c) -> (f32) {
      %a = memref.load %A[%m, %k] : memref<32x8xf32>
      %b = memref.load %B[%k, %n] : memref<8x32xf32>
      %p = arith.mulf %a, %b : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %D[%m, %n] : memref<32x32xf32>
    gpu.return
  }

  // A 64 x 2 x 2 workgroup: four waves over the linear thread id
  // x + 64 y + 128 z (z the wave row, y the wave column), each computing its
  // 16 x 16 block of D = A * B with the f32 MFMA.
  // CHECK-LABEL: gpu.func @workgroup_3d(
  gpu.func @workgroup_3d(%A: memref<32x8xf32>, %B: memref<8x32xf32>, %D: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 64, 2, 2>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #k, wave.reference = @workgroup_3d_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %r = scf.for %kk = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %a = wave.read %A[%wr, %kk] fragment <A, f32_16x16x4_f32> : memref<32x8xf32> -> vector<1xf32>
      %b = wave.read %B[%kk, %wc] fragment <B, f32_16x16x4_f32> : memref<8x32xf32> -> vector<1xf32>
      %d = wave.mma <f32_16x16x4_f32> %a, %b, %acc : vector<1xf32>, vector<1xf32> -> vector<4xf32>
      scf.yield %d : vector<4xf32>
    }
    wave.write %r, %D[%wr, %wc] fragment <acc, f32_16x16x4_f32> : vector<4xf32>, memref<32x32xf32>
    gpu.return
  }

  gpu.func @workgroup_3d_ref(%A: memref<32x8xf32>, %B: memref<8x32xf32>, %D: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 32, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %n = gpu.thread_id x
    %m = gpu.thread_id y
    %dot = scf.for %k = %c0 to %c8 step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%m, %k] : memref<32x8xf32>
      %b = memref.load %B[%k, %n] : memref<8x32xf32>
      %p = arith.mulf %a, %b : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    memref.store %dot, %D[%m, %n] : memref<32x32xf32>
    gpu.return
  }
}
