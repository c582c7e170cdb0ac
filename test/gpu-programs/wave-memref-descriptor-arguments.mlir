// wave-memref-descriptor-arguments gives every memref argument of a kernel
// the fields of upstream's memref descriptor: allocated pointer, aligned
// pointer, offset, sizes, strides.
// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(wave-memref-descriptor-arguments))' -split-input-file -verify-diagnostics | FileCheck %s

// A row-major memref stays the argument, in the aligned pointer's place,
// and `wave.dims` names its size field; a static one needs none. The
// allocated pointer is a rank-0 memref.
// CHECK-LABEL: gpu.func @row_major
// CHECK-SAME: (%{{[^:]*}}: memref<f32>, %{{[^:]*}}: memref<?x8xf32> {wave.dims = array<i64: 3>}, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index,
// CHECK-SAME: %{{[^:]*}}: memref<i32>, %{{[^:]*}}: memref<4xi32>, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index)
// CHECK-NOT: memref.reinterpret_cast
// CHECK: #set = affine_set<(d0, d1, d2, d3, d4, d5) : (d5 mod 4 == 0)>
gpu.module @row_major {
  gpu.func @row_major(%a: memref<?x8xf32>, %b: memref<4xi32>) kernel {
    gpu.return
  }
}

// -----

// `wave.dims` that binds extents to index arguments stays, at their new
// positions, and `wave.assume` follows them.
// CHECK-LABEL: gpu.func @bound
// CHECK-SAME: (%{{[^:]*}}: memref<f32>, %{{[^:]*}}: memref<?xf32> {wave.dims = array<i64: 5>}, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index)
// CHECK-SAME: wave.assume = #set
gpu.module @bound {
  gpu.func @bound(%a: memref<?xf32> {wave.dims = array<i64: 1>}, %n: index) kernel
      attributes {wave.assume = affine_set<(a, n) : (n mod 4 == 0)>} {
    gpu.return
  }
}

// -----

// A memref of dynamic strides and offset is seen through a view of the
// aligned pointer.
// CHECK-LABEL: gpu.func @strided
// CHECK-SAME: (%{{[^:]*}}: memref<f32>, %[[ALIGNED:[^:]*]]: memref<f32>, %[[OFFSET:[^:]*]]: index, %[[SIZE:[^:]*]]: index, %[[STRIDE:[^:]*]]: index, %{{[^:]*}}: memref<f32>, %{{[^:]*}}: memref<f32>, %{{[^:]*}}: index)
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %[[ALIGNED]] to offset: [%[[OFFSET]]], sizes: [%[[SIZE]]], strides: [%[[STRIDE]]]
// CHECK: memref.load %[[VIEW]]
gpu.module @strided {
  gpu.func @strided(%a: memref<?xf32, strided<[?], offset: ?>>, %out: memref<f32>) kernel {
    %c0 = arith.constant 0 : index
    %x = memref.load %a[%c0] : memref<?xf32, strided<[?], offset: ?>>
    memref.store %x, %out[] : memref<f32>
    gpu.return
  }
}

// -----

gpu.module @not_strided {
  // expected-error @below {{argument #0 of type 'memref<4x4xf32, affine_map<(d0, d1) -> (d0 mod 2, d1)>>' has no strided layout: a memref descriptor holds only an offset and strides}}
  gpu.func @transposed(%a: memref<4x4xf32, affine_map<(d0, d1) -> (d0 mod 2, d1)>>) kernel {
    gpu.return
  }
}
