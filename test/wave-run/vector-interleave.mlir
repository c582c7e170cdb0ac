// The interpreter runs vector.interleave and vector.deinterleave, which
// canonicalization makes of interleaving shuffles (wave-transpose-lds-tiles
// transposes staged blocks with them): the kernel agrees with its reference
// written in vector.shuffle, and canonicalization keeps the shuffles' result.
// RUN: wave-run %s --kernel=interleave | FileCheck %s
// CHECK: comparing @interleave with @interleave_ref
// CHECK-NEXT: output 'I' (64x8xf32): agrees (max abs error 0, max rel error 0)
// CHECK-NEXT: output 'E' (64x4xf32): agrees (max abs error 0, max rel error 0)
// CHECK-NEXT: output 'O' (64x4xf32): agrees (max abs error 0, max rel error 0)
// CHECK-NEXT: PASS
// RUN: wave-opt %s --canonicalize | FileCheck %s --check-prefix=CANON
// CANON-LABEL: gpu.func @interleave_ref
// CANON: vector.interleave %{{.*}}, %{{.*}} : vector<4xf32> -> vector<8xf32>
// RUN: wave-run %s --kernel=interleave_ref --compare-pipeline=canonicalize | FileCheck %s --check-prefix=SAME
// SAME: PASS

#row = affine_map<(t) -> (t, 0)>

gpu.module @vectors {
  gpu.func @interleave(%X: memref<64x4xf32>, %Y: memref<64x4xf32>,
                       %Z: memref<64x8xf32>, %I: memref<64x8xf32>,
                       %E: memref<64x4xf32>, %O: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.reference = @interleave_ref} {
    %t = gpu.thread_id x
    %x = wave.read %X[%t] map #row : memref<64x4xf32> -> vector<4xf32>
    %y = wave.read %Y[%t] map #row : memref<64x4xf32> -> vector<4xf32>
    %z = wave.read %Z[%t] map #row : memref<64x8xf32> -> vector<8xf32>
    %i = vector.interleave %x, %y : vector<4xf32> -> vector<8xf32>
    %even, %odd = vector.deinterleave %z : vector<8xf32> -> vector<4xf32>
    wave.write %i, %I[%t] map #row : vector<8xf32>, memref<64x8xf32>
    wave.write %even, %E[%t] map #row : vector<4xf32>, memref<64x4xf32>
    wave.write %odd, %O[%t] map #row : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  gpu.func @interleave_ref(%X: memref<64x4xf32>, %Y: memref<64x4xf32>,
                           %Z: memref<64x8xf32>, %I: memref<64x8xf32>,
                           %E: memref<64x4xf32>, %O: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %t = gpu.thread_id x
    %x = wave.read %X[%t] map #row : memref<64x4xf32> -> vector<4xf32>
    %y = wave.read %Y[%t] map #row : memref<64x4xf32> -> vector<4xf32>
    %z = wave.read %Z[%t] map #row : memref<64x8xf32> -> vector<8xf32>
    %i = vector.shuffle %x, %y [0, 4, 1, 5, 2, 6, 3, 7]
        : vector<4xf32>, vector<4xf32>
    %even = vector.shuffle %z, %z [0, 2, 4, 6] : vector<8xf32>, vector<8xf32>
    %odd = vector.shuffle %z, %z [1, 3, 5, 7] : vector<8xf32>, vector<8xf32>
    wave.write %i, %I[%t] map #row : vector<8xf32>, memref<64x8xf32>
    wave.write %even, %E[%t] map #row : vector<4xf32>, memref<64x4xf32>
    wave.write %odd, %O[%t] map #row : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }
}
