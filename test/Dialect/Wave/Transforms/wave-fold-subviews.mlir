// Lane accesses through a memref.subview become accesses of the view's
// source: the view's value offsets join the index operands, and each
// coordinate m_d of the map becomes offset_d + stride_d * m_d. Views left
// without users go; accesses the pass cannot fold stay, with a remark.
// RUN: wave-opt %s --split-input-file --verify-diagnostics --wave-fold-subviews | FileCheck %s
// Each kernel of the first part computes the same after the pass as
// before it (random inputs).
// RUN: split-file %s %t
// RUN: wave-run %t/folds.mlir --kernel=rows --compare-pipeline='builtin.module(wave-fold-subviews)' 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t/folds.mlir --kernel=store --compare-pipeline='builtin.module(wave-fold-subviews)' 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t/folds.mlir --kernel=nested --compare-pipeline='builtin.module(wave-fold-subviews)' 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t/folds.mlir --kernel=lds --compare-pipeline='builtin.module(wave-fold-subviews)' 2>&1 | FileCheck %s --check-prefix=SAME
// The counts the statistics keep: 7 folds in the first part (the read of
// the view of a view twice), 5 accesses left in the second.
// RUN: wave-opt %s --split-input-file --wave-fold-subviews=summary -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// SAME: agrees (max abs error 0, max rel error 0)
// SAME-NEXT: PASS
// STATS: remark: wave-fold-subviews: accesses-folded: 7, accesses-declined: 0
// STATS: remark: wave-fold-subviews: accesses-folded: 0, accesses-declined: 5

//--- folds.mlir
// The maps: the view's offset plus its stride times the coordinate.
// CHECK-DAG: #[[$ROWS:map[0-9]*]] = affine_map<(d0, d1) -> (d1 + (d0 floordiv 4) * 2, (d0 mod 4) * 8 + 8)>
// CHECK-DAG: #[[$STORE:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 + d2, d1)>
// CHECK-DAG: #[[$NESTED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2 + d0 floordiv 4 + 4, d1 + (d0 mod 4) * 4)>
!in = memref<64x64xf32>
!rows = memref<16x32xf32, strided<[128, 1], offset: ?>>
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // A block read through a view: a value offset (the workgroup's row), a
  // constant one, a stride of 2 between the view's rows.
  // CHECK-LABEL: gpu.func @rows(
  // CHECK-NOT: memref.subview
  // CHECK: wave.read %A[%{{.*}}, %{{.*}}] map #[[$ROWS]] : memref<64x64xf32> -> vector<8xf32>
  gpu.func @rows(%A: !in, %out: !in) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k} {
    %t = gpu.thread_id x
    %b = gpu.block_id x
    %c32 = arith.constant 32 : index
    %r = arith.muli %b, %c32 : index
    %view = memref.subview %A[%r, 8] [16, 32] [2, 1] : !in to !rows
    %v = wave.read %view[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8)>
        : !rows -> vector<8xf32>
    wave.write %v, %out[%b, %t] map affine_map<(d0, d1) -> (d0 * 16 + d1 floordiv 4, (d1 mod 4) * 8)>
        : vector<8xf32>, !in
    gpu.return
  }

  // A store through a view, its map the identity.
  // CHECK-LABEL: gpu.func @store(
  // CHECK-NOT: memref.subview
  // CHECK: wave.write %{{.*}}, %out[%{{.*}}, %{{.*}}, %{{.*}}] map #[[$STORE]] : vector<4xf32>, memref<64x64xf32>
  gpu.func @store(%A: !in, %out: !in) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>, wave.kernel = #k} {
    %t = gpu.thread_id x
    %b = gpu.block_id x
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %row = arith.divui %t, %c4 : index
    %q = arith.remui %t, %c4 : index
    %col = arith.muli %q, %c4 : index
    %r = arith.muli %b, %c16 : index
    %v = wave.read %A[%r, %t] map affine_map<(d0, d1) -> (d0 + d1 floordiv 4, (d1 mod 4) * 4)>
        : !in -> vector<4xf32>
    %view = memref.subview %out[%r, 0] [16, 16] [1, 1]
        : !in to memref<16x16xf32, strided<[64, 1], offset: ?>>
    wave.write %v, %view[%row, %col]
        : vector<4xf32>, memref<16x16xf32, strided<[64, 1], offset: ?>>
    gpu.return
  }

  // A view of a view folds in two steps; both views go, also where the
  // outer view's own access (the later one, folded first) leaves the outer
  // view used by the inner one until that goes.
  // CHECK-LABEL: gpu.func @nested(
  // CHECK-NOT: memref.subview
  // CHECK: wave.read %A[%{{.*}}, %{{.*}}, %{{.*}}] map #[[$NESTED]] : memref<64x64xf32> -> vector<4xf32>
  gpu.func @nested(%A: !in, %out: !in) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k} {
    %t = gpu.thread_id x
    %b = gpu.block_id x
    %c16 = arith.constant 16 : index
    %r = arith.muli %b, %c16 : index
    %outer = memref.subview %A[%r, 0] [32, 64] [1, 1]
        : !in to memref<32x64xf32, strided<[64, 1], offset: ?>>
    %inner = memref.subview %outer[4, %r] [16, 16] [1, 1]
        : memref<32x64xf32, strided<[64, 1], offset: ?>>
          to memref<16x16xf32, strided<[64, 1], offset: ?>>
    %v = wave.read %inner[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)>
        : memref<16x16xf32, strided<[64, 1], offset: ?>> -> vector<4xf32>
    %w = wave.read %outer[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)>
        : memref<32x64xf32, strided<[64, 1], offset: ?>> -> vector<4xf32>
    %s = arith.addf %v, %w : vector<4xf32>
    wave.write %s, %out[%b, %t] map affine_map<(d0, d1) -> (d0 * 16 + d1 floordiv 4, (d1 mod 4) * 4)>
        : vector<4xf32>, !in
    gpu.return
  }

  // A view of an LDS tile: the write and the read both fold.
  // CHECK-LABEL: gpu.func @lds(
  // CHECK-NOT: memref.subview
  // CHECK: wave.write %{{.*}}, %[[TILE:.*]][%{{.*}}] map #{{.*}} : vector<4xf32>, memref<32x64xf32, #gpu.address_space<workgroup>>
  // CHECK: wave.read %[[TILE]][%{{.*}}] map #{{.*}} : memref<32x64xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
  gpu.func @lds(%A: !in, %out: !in) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<32x64xf32, #gpu.address_space<workgroup>>
    %t = gpu.thread_id x
    %view = memref.subview %tile[16, 32] [16, 16] [1, 1]
        : memref<32x64xf32, #gpu.address_space<workgroup>>
          to memref<16x16xf32, strided<[64, 1], offset: 1056>, #gpu.address_space<workgroup>>
    %v = wave.read %A[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)>
        : !in -> vector<4xf32>
    wave.write %v, %view[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)>
        : vector<4xf32>, memref<16x16xf32, strided<[64, 1], offset: 1056>, #gpu.address_space<workgroup>>
    wave.barrier
    %w = wave.read %view[%t] map affine_map<(d0) -> (15 - d0 floordiv 4, (d0 mod 4) * 4)>
        : memref<16x16xf32, strided<[64, 1], offset: 1056>, #gpu.address_space<workgroup>> -> vector<4xf32>
    wave.write %w, %out[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)>
        : vector<4xf32>, !in
    gpu.return
  }
}

// -----

//--- declines.mlir
!in = memref<64x64xf32>
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // CHECK-LABEL: gpu.func @declined(
  // CHECK-COUNT-5: memref.subview
  gpu.func @declined(%A: !in, %out: !in, %s: index, %H: memref<64x64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %t = gpu.thread_id x
    %bounded = memref.subview %A[0, 0] [16, 16] [1, 1]
        : !in to memref<16x16xf32, strided<[64, 1]>>
    // expected-remark @below {{wave-fold-subviews: access of a view left as it is: it is bounded by the view's shape, which its source does not have}}
    %v0 = wave.read %bounded[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)> bounded
        : memref<16x16xf32, strided<[64, 1]>> -> vector<4xf32>
    %dropped = memref.subview %A[0, 0] [1, 64] [1, 1]
        : !in to memref<64xf32, strided<[1]>>
    // expected-remark @below {{wave-fold-subviews: access of a view left as it is: the view drops dimensions of its source}}
    %v1 = wave.read %dropped[%t] map affine_map<(d0) -> ((d0 mod 16) * 4)>
        : memref<64xf32, strided<[1]>> -> vector<4xf32>
    %strided = memref.subview %A[0, 0] [16, 16] [1, 2]
        : !in to memref<16x16xf32, strided<[64, 2]>>
    // expected-remark @below {{wave-fold-subviews: access of a view left as it is: the view's stride along the access's elements is not 1: they would not be contiguous in its source}}
    %v2 = wave.read %strided[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)>
        : memref<16x16xf32, strided<[64, 2]>> -> vector<4xf32>
    %dynamic = memref.subview %A[0, 0] [16, 16] [%s, 1]
        : !in to memref<16x16xf32, strided<[?, 1]>>
    // expected-remark @below {{wave-fold-subviews: access of a view left as it is: the view's strides are not constant}}
    %v3 = wave.read %dynamic[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)>
        : memref<16x16xf32, strided<[?, 1]>> -> vector<4xf32>
    %frag = memref.subview %H[0, 0] [32, 8] [1, 1]
        : memref<64x64xf16> to memref<32x8xf16, strided<[64, 1]>>
    %c0 = arith.constant 0 : index
    // expected-remark @below {{wave-fold-subviews: access of a view left as it is: it moves an MMA fragment (wave-expand-fragments makes it plain accesses first)}}
    %v4 = wave.read %frag[%c0, %c0] fragment <A, f32_32x32x8_f16>
        : memref<32x8xf16, strided<[64, 1]>> -> vector<4xf16>
    %s0 = arith.addf %v0, %v1 : vector<4xf32>
    %s1 = arith.addf %s0, %v2 : vector<4xf32>
    %s2 = arith.addf %s1, %v3 : vector<4xf32>
    wave.write %s2, %out[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)>
        : vector<4xf32>, !in
    wave.write %v4, %H[%t] map affine_map<(d0) -> (d0, 0)> : vector<4xf16>, memref<64x64xf16>
    gpu.return
  }
}
