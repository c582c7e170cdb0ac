// convert-wave-to-amdgpu{scalar-offsets} lowers blocks of global vector
// accesses whose constant offsets lie past the immediate field to buffer
// accesses with the constant in the scalar offset; wave-run runs both forms
// and finds the same outputs on random inputs. The kernels vary what the
// scalar offset must account for: constants in every dimension, the block
// id in an outer one, constants that come as operands, a remainder left to
// the vector offset past the end of a row, 2-byte elements, stores, and
// bounded accesses of edge tiles in the same block. They are also seeds of
// wave-fuzz, whose differential mode runs the same comparison on their
// mutants (docs/Fuzzing.md).

// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu{scalar-offsets}))' | FileCheck %s

// RUN: wave-run %s --kernel=gather --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=GATHER
// RUN: wave-run %s --kernel=gather --seed=3 --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets uniform-branches})' | FileCheck %s --check-prefix=GATHER
// GATHER: output 'y' (2x512xf16): agrees (max abs error 0, max rel error 0)
// GATHER-NEXT: PASS
// RUN: wave-run %s --kernel=scatter --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=SCATTER
// SCATTER: output 'y' (2x20x256xf32): agrees (max abs error 0, max rel error 0)
// SCATTER-NEXT: PASS
// RUN: wave-run %s --kernel=edges --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=EDGES
// RUN: wave-run %s --kernel=edges --seed=5 --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=EDGES
// EDGES: output 'y' (2x100xf32): agrees (max abs error 0, max rel error 0)
// EDGES-NEXT: PASS

#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>
!x = memref<3x9x512xf16>

gpu.module @scalar_offsets {
  // Planes of 9216 bytes and rows of 1024: sixteen reads at 4096 bytes and
  // more, the block id in the plane. Row 3 + 256 elements (3584 bytes) fits
  // the immediate and shares their descriptor, without a scalar offset.
  // CHECK-LABEL: gpu.func @gather
  // CHECK-COUNT-10: amdgpu.raw_buffer_load {{.*}} sgprOffset {{.*}} : memref<3x9x512xf16>, i32, i32, i32 -> vector<8xf16>
  // CHECK: amdgpu.raw_buffer_load %x[{{[^]]*}}] : memref<3x9x512xf16>, i32, i32, i32 -> vector<8xf16>
  // CHECK-COUNT-6: amdgpu.raw_buffer_load {{.*}} sgprOffset {{.*}} : memref<3x9x512xf16>, i32, i32, i32 -> vector<8xf16>
  // CHECK: vector.store
  // CHECK-NEXT: gpu.return
  gpu.func @gather(%x: !x, %y: memref<2x512xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 2, 1>, wave.kernel = #kernel} {
    %tid = gpu.thread_id x
    %b = gpu.block_id y
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    %r1 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b, 4, t * 8)> : !x -> vector<8xf16>
    %r2 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b, 4, (t mod 32) * 8 + 8)> : !x -> vector<8xf16>
    %r3 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b, 5, t * 8)> : !x -> vector<8xf16>
    %r4 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b, 6, (t mod 32) * 8 + 24)> : !x -> vector<8xf16>
    %r5 = wave.read %x[%b, %c7, %tid] map affine_map<(b, r, t) -> (b, r, t * 8)> : !x -> vector<8xf16>
    %r6 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b, 8, t * 8)> : !x -> vector<8xf16>
    %r7 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 1, 0, t * 8)> : !x -> vector<8xf16>
    %r8 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 1, 1, (t mod 32) * 8 + 256)> : !x -> vector<8xf16>
    %r9 = wave.read %x[%b, %c1, %tid] map affine_map<(b, p, t) -> (b + p, 3, t * 8)> : !x -> vector<8xf16>
    %r10 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 1, 8, (t mod 32) * 8 + 248)> : !x -> vector<8xf16>
    %near = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b, 3, (t mod 32) * 8 + 256)> : !x -> vector<8xf16>
    %r11 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 1, 4, t * 8)> : !x -> vector<8xf16>
    %r12 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 1, 5, t * 8)> : !x -> vector<8xf16>
    %r13 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 1, 6, t * 8)> : !x -> vector<8xf16>
    %r14 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 1, 7, t * 8)> : !x -> vector<8xf16>
    %r15 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b, 7, (t mod 32) * 8 + 200)> : !x -> vector<8xf16>
    %r16 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 1, 2, t * 8)> : !x -> vector<8xf16>
    %s1 = arith.addf %r1, %r2 : vector<8xf16>
    %s2 = arith.addf %s1, %r3 : vector<8xf16>
    %s3 = arith.addf %s2, %r4 : vector<8xf16>
    %s4 = arith.addf %s3, %r5 : vector<8xf16>
    %s5 = arith.addf %s4, %r6 : vector<8xf16>
    %s6 = arith.addf %s5, %r7 : vector<8xf16>
    %s7 = arith.addf %s6, %r8 : vector<8xf16>
    %s8 = arith.addf %s7, %r9 : vector<8xf16>
    %s9 = arith.addf %s8, %r10 : vector<8xf16>
    %s10 = arith.addf %s9, %near : vector<8xf16>
    %s11 = arith.addf %s10, %r11 : vector<8xf16>
    %s12 = arith.addf %s11, %r12 : vector<8xf16>
    %s13 = arith.addf %s12, %r13 : vector<8xf16>
    %s14 = arith.addf %s13, %r14 : vector<8xf16>
    %s15 = arith.addf %s14, %r15 : vector<8xf16>
    %s16 = arith.addf %s15, %r16 : vector<8xf16>
    wave.write %s16, %y[%b, %tid] map affine_map<(b, t) -> (b, t * 8)>
        : vector<8xf16>, memref<2x512xf16>
    gpu.return
  }

  // One row read, stored to rows 4 to 19 of the block's plane (rows of
  // 1024 bytes): rows 0 to 3 keep their values.
  // CHECK-LABEL: gpu.func @scatter
  // CHECK: vector.load
  // CHECK-COUNT-16: amdgpu.raw_buffer_store {{.*}} sgprOffset {{.*}} : vector<4xf32> -> memref<2x20x256xf32>, i32, i32, i32
  // CHECK-NEXT: gpu.return
  gpu.func @scatter(%x: memref<2x64x4xf32>, %y: memref<2x20x256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 2, 1>, wave.kernel = #kernel} {
    %tid = gpu.thread_id x
    %b = gpu.block_id y
    %v = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b, t, 0)>
        : memref<2x64x4xf32> -> vector<4xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 4, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 5, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 6, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 7, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 8, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 9, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 10, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 11, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 12, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 13, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 14, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 15, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 16, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 17, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 18, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    wave.write %v, %y[%b, %tid] map affine_map<(b, t) -> (b, 19, t * 4)> : vector<4xf32>, memref<2x20x256xf32>
    gpu.return
  }

  // A 40 x 100 matrix (rows of 400 bytes) summed over rows 11 to 27 below
  // the block's row, in 16-byte runs, with an edge tile: the bounded read
  // and store of a row leave lanes 25 to 63 outside the shape, and the
  // second block's bounded read lies wholly below the matrix (row 40). The
  // unbounded reads (columns in range for every lane) take scalar offsets,
  // the bounded ones stay buffer accesses without one, based at the row of
  // their wave.
  // CHECK-LABEL: gpu.func @edges
  // CHECK: amdgpu.raw_buffer_load {{.*}} : memref<?xf32, strided<[1], offset: ?>>, i32 -> vector<4xf32>
  // CHECK-COUNT-16: amdgpu.raw_buffer_load {{.*}} sgprOffset {{.*}} : memref<40x100xf32>, i32, i32 -> vector<4xf32>
  // CHECK: amdgpu.raw_buffer_store {{.*}} : vector<4xf32> -> memref<?xf32, strided<[1], offset: ?>>, i32
  // CHECK-NEXT: gpu.return
  gpu.func @edges(%x: memref<40x100xf32>, %y: memref<2x100xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 2, 1>, wave.kernel = #kernel} {
    %tid = gpu.thread_id x
    %b = gpu.block_id y
    %e = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b * 39 + 1, t * 4)> bounded : memref<40x100xf32> -> vector<4xf32>
    %r1 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 11, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r2 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 12, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r3 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 13, (t mod 16) * 4 + 36)> : memref<40x100xf32> -> vector<4xf32>
    %r4 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 14, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r5 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 15, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r6 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 16, (t mod 16) * 4 + 32)> : memref<40x100xf32> -> vector<4xf32>
    %r7 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 17, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r8 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 18, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r9 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 19, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r10 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 20, (t mod 16) * 4 + 4)> : memref<40x100xf32> -> vector<4xf32>
    %r11 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 21, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r12 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 22, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r13 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 23, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r14 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 24, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r15 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 25, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %r16 = wave.read %x[%b, %tid] map affine_map<(b, t) -> (b + 26, (t mod 25) * 4)> : memref<40x100xf32> -> vector<4xf32>
    %s1 = arith.addf %e, %r1 : vector<4xf32>
    %s2 = arith.addf %s1, %r2 : vector<4xf32>
    %s3 = arith.addf %s2, %r3 : vector<4xf32>
    %s4 = arith.addf %s3, %r4 : vector<4xf32>
    %s5 = arith.addf %s4, %r5 : vector<4xf32>
    %s6 = arith.addf %s5, %r6 : vector<4xf32>
    %s7 = arith.addf %s6, %r7 : vector<4xf32>
    %s8 = arith.addf %s7, %r8 : vector<4xf32>
    %s9 = arith.addf %s8, %r9 : vector<4xf32>
    %s10 = arith.addf %s9, %r10 : vector<4xf32>
    %s11 = arith.addf %s10, %r11 : vector<4xf32>
    %s12 = arith.addf %s11, %r12 : vector<4xf32>
    %s13 = arith.addf %s12, %r13 : vector<4xf32>
    %s14 = arith.addf %s13, %r14 : vector<4xf32>
    %s15 = arith.addf %s14, %r15 : vector<4xf32>
    %s16 = arith.addf %s15, %r16 : vector<4xf32>
    wave.write %s16, %y[%b, %tid] map affine_map<(b, t) -> (b, t * 4)> bounded
        : vector<4xf32>, memref<2x100xf32>
    gpu.return
  }
}
