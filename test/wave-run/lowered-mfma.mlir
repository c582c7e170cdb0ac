// amdgpu.mfma, as convert-wave-to-amdgpu emits it for wave.mma, runs by the
// lane layout of the wave.mma kind of its shape and types (MmaLayout.h, the
// CDNA3 matrix cores' layout); a single element a lane is a scalar operand.
//
// 16x16x4 f32 in one wave of 64: lane l holds A[l mod 16][l div 16],
// B[l div 16][l mod 16] and accumulator rows 4 (l div 16) + s, column
// l mod 16, in slot s. With a = 1 where l mod 16 == l div 16 (A is the
// 4x4 identity above zeros), b = l (B[k][j] = 16k + j) and an accumulator
// of 100: D[i][j] = B[i][j] + 100 for i < 4, 100 below, so
//   D slot s of lane l = 16s + l + 100 for l < 16, 100 for the others.
// RUN: %python -c "import numpy; l = numpy.arange(64); numpy.save('%t.a.npy', (l % 16 == l // 16).astype(numpy.float32)); numpy.save('%t.b.npy', l.astype(numpy.float32))"
// RUN: wave-run %s --kernel=mfma_16x16x4 --input=A=%t.a.npy --input=B=%t.b.npy --output-dir=%t.out | FileCheck %s --check-prefix=RAN
// RAN: @mfma_16x16x4 ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; d = numpy.load('%t.out/D.npy'); e = [[16 * s + l + 100 if l < 16 else 100 for s in range(4)] for l in range(64)]; assert (d == numpy.array(e)).all(), d"
//
// The f16 kinds as the lowering emits them, against wave.mma of the same
// kind on random inputs (the comparison of the lowering itself).
// RUN: wave-run %s --kernel=mma_f16 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=COMPARE
// RUN: wave-run %s --kernel=mma_f16 --seed=5 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=COMPARE
// COMPARE: output 'D32' (64x16xf32): agrees (max abs error 0, max rel error 0)
// COMPARE-NEXT: output 'D16' (64x4xf32): agrees (max abs error 0, max rel error 0)
// COMPARE-NEXT: PASS
//
// A wrong lowering is caught: A and B swapped (B's lanes read as A's).
// RUN: not wave-run %s --kernel=swapped --reference=mma_32 2>&1 | FileCheck %s --check-prefix=SWAPPED
// SWAPPED: comparing @swapped with @mma_32
// SWAPPED-NEXT: output 'D' (64x16xf32): MISMATCH: 992 of 1024 elements differ
//
// What has no wave.mma kind, or uses the modifiers, is refused at the op;
// every lane of the wave takes part.
// RUN: not wave-run %s --kernel=no_kind 2>&1 | FileCheck %s --check-prefix=NO-KIND
// NO-KIND: error: the interpreter executes amdgpu.mfma of the shapes and types of the wave.mma kinds only, not 32x32x2 of 'f32'
// RUN: not wave-run %s --kernel=broadcast 2>&1 | FileCheck %s --check-prefix=BROADCAST
// BROADCAST: error: the interpreter executes amdgpu.mfma of one block without operand broadcasts (cbsz, abid, blgp), negation or reduced precision only
// RUN: not wave-run %s --kernel=divergent 2>&1 | FileCheck %s --check-prefix=DIVERGENT
// DIVERGENT: error: amdgpu.mfma executed with lanes inactive in wave 0: every lane of the wave takes part

gpu.module @mfma {
  gpu.func @mfma_16x16x4(%A: memref<64xf32>, %B: memref<64xf32>, %D: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %a = memref.load %A[%l] : memref<64xf32>
    %b = memref.load %B[%l] : memref<64xf32>
    %acc = arith.constant dense<100.0> : vector<4xf32>
    %d = amdgpu.mfma 16x16x4 %a * %b + %acc blgp = none : f32, f32, vector<4xf32>
    vector.store %d, %D[%l, %c0] : memref<64x4xf32>, vector<4xf32>
    gpu.return
  }

  gpu.func @mma_f16(%A: memref<64x4xf16>, %B: memref<64x4xf16>, %C32: memref<64x16xf32>,
                    %D32: memref<64x16xf32>, %C16: memref<64x4xf32>, %D16: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %a = vector.load %A[%l, %c0] : memref<64x4xf16>, vector<4xf16>
    %b = vector.load %B[%l, %c0] : memref<64x4xf16>, vector<4xf16>
    %c32 = vector.load %C32[%l, %c0] : memref<64x16xf32>, vector<16xf32>
    %d32 = wave.mma <f32_32x32x8_f16> %a, %b, %c32 : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    vector.store %d32, %D32[%l, %c0] : memref<64x16xf32>, vector<16xf32>
    %c16 = vector.load %C16[%l, %c0] : memref<64x4xf32>, vector<4xf32>
    %d16 = wave.mma <f32_16x16x16_f16> %a, %b, %c16 : vector<4xf16>, vector<4xf16> -> vector<4xf32>
    vector.store %d16, %D16[%l, %c0] : memref<64x4xf32>, vector<4xf32>
    gpu.return
  }

  gpu.func @mma_32(%A: memref<64x4xf16>, %B: memref<64x4xf16>, %D: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %a = vector.load %A[%l, %c0] : memref<64x4xf16>, vector<4xf16>
    %b = vector.load %B[%l, %c0] : memref<64x4xf16>, vector<4xf16>
    %acc = arith.constant dense<0.0> : vector<16xf32>
    %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    vector.store %d, %D[%l, %c0] : memref<64x16xf32>, vector<16xf32>
    gpu.return
  }

  gpu.func @swapped(%A: memref<64x4xf16>, %B: memref<64x4xf16>, %D: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %a = vector.load %A[%l, %c0] : memref<64x4xf16>, vector<4xf16>
    %b = vector.load %B[%l, %c0] : memref<64x4xf16>, vector<4xf16>
    %acc = arith.constant dense<0.0> : vector<16xf32>
    %d = amdgpu.mfma 32x32x8 %b * %a + %acc blgp = none : vector<4xf16>, vector<4xf16>, vector<16xf32>
    vector.store %d, %D[%l, %c0] : memref<64x16xf32>, vector<16xf32>
    gpu.return
  }

  gpu.func @no_kind(%D: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %acc = arith.constant dense<0.0> : vector<16xf32>
    %d = amdgpu.mfma 32x32x2 %one * %one + %acc blgp = none : f32, f32, vector<16xf32>
    vector.store %d, %D[%l, %c0] : memref<64x16xf32>, vector<16xf32>
    gpu.return
  }

  gpu.func @broadcast(%D: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %acc = arith.constant dense<0.0> : vector<4xf32>
    %d = amdgpu.mfma 16x16x4 %one * %one + %acc blgp = bcast_first_32 : f32, f32, vector<4xf32>
    vector.store %d, %D[%l, %c0] : memref<64x4xf32>, vector<4xf32>
    gpu.return
  }

  gpu.func @divergent(%D: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %low = arith.cmpi ult, %l, %c32 : index
    scf.if %low {
      %one = arith.constant 1.0 : f32
      %acc = arith.constant dense<0.0> : vector<4xf32>
      %d = amdgpu.mfma 16x16x4 %one * %one + %acc blgp = none : f32, f32, vector<4xf32>
      vector.store %d, %D[%l, %c0] : memref<64x4xf32>, vector<4xf32>
    }
    gpu.return
  }
}
