// vector.extract and vector.insert at static positions, checked against
// scalar arithmetic. At a poison position (-1) their result is undefined
// (canonicalization folds it into ub.poison): the interpreter reports it at
// the op rather than pick a value.

// RUN: wave-run %s --kernel=positions | FileCheck %s
// RUN: not wave-run %s --kernel=poison_extract 2>&1 | FileCheck %s --check-prefix=EXTRACT
// RUN: not wave-run %s --kernel=poison_insert 2>&1 | FileCheck %s --check-prefix=INSERT
// CHECK: comparing @positions with @positions_ref
// CHECK-NEXT: output 'row' (64x2xi32): agrees
// CHECK-NEXT: output 'element' (64xi32): agrees
// CHECK-NEXT: output 'inserted' (64x4xi32): agrees

#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @m {
  // v = [[l, l + 1], [l + 2, l + 3]] in lane l.
  gpu.func @positions(%row: memref<64x2xi32>, %element: memref<64xi32>,
                      %inserted: memref<64x4xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel, wave.reference = @positions_ref} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1 : i32
    %l0 = arith.index_cast %l : index to i32
    %l1 = arith.addi %l0, %one : i32
    %l2 = arith.addi %l1, %one : i32
    %l3 = arith.addi %l2, %one : i32
    %v = vector.from_elements %l0, %l1, %l2, %l3 : vector<2x2xi32>
    %r = vector.extract %v[1] : vector<2xi32> from vector<2x2xi32>
    vector.store %r, %row[%l, %c0] : memref<64x2xi32>, vector<2xi32>
    %e = vector.extract %v[1, 0] : i32 from vector<2x2xi32>
    memref.store %e, %element[%l] : memref<64xi32>
    // [[l + 2, l + 3], [l + 2, l + 3]]
    %w = vector.insert %r, %v[0] : vector<2xi32> into vector<2x2xi32>
    %w0 = vector.extract %w[0] : vector<2xi32> from vector<2x2xi32>
    %w1 = vector.extract %w[1] : vector<2xi32> from vector<2x2xi32>
    vector.store %w0, %inserted[%l, %c0] : memref<64x4xi32>, vector<2xi32>
    vector.store %w1, %inserted[%l, %c2] : memref<64x4xi32>, vector<2xi32>
    gpu.return
  }

  gpu.func @poison_extract(%row: memref<64x2xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %v = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
    // EXTRACT: :[[@LINE+1]]:10: error: the interpreter cannot execute vector.extract at a poison position (-1): its result is undefined
    %p = vector.extract %v[-1] : vector<2xi32> from vector<2x2xi32>
    vector.store %p, %row[%l, %c0] : memref<64x2xi32>, vector<2xi32>
    gpu.return
  }
  // EXTRACT: wave-run: cannot run @poison_extract

  gpu.func @poison_insert(%row: memref<64x2xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %v = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
    %r = arith.constant 5 : i32
    // INSERT: :[[@LINE+1]]:10: error: the interpreter cannot execute vector.insert at a poison position (-1): its result is undefined
    %q = vector.insert %r, %v[-1, 1] : i32 into vector<2x2xi32>
    %p = vector.extract %q[0] : vector<2xi32> from vector<2x2xi32>
    vector.store %p, %row[%l, %c0] : memref<64x2xi32>, vector<2xi32>
    gpu.return
  }
  // INSERT: wave-run: cannot run @poison_insert

  gpu.func @positions_ref(%row: memref<64x2xi32>, %element: memref<64xi32>,
                          %inserted: memref<64x4xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %li = arith.index_cast %l : index to i32
    %l2 = arith.addi %li, %two : i32
    %l3 = arith.addi %li, %three : i32
    memref.store %l2, %row[%l, %c0] : memref<64x2xi32>
    memref.store %l3, %row[%l, %c1] : memref<64x2xi32>
    memref.store %l2, %element[%l] : memref<64xi32>
    memref.store %l2, %inserted[%l, %c0] : memref<64x4xi32>
    memref.store %l3, %inserted[%l, %c1] : memref<64x4xi32>
    memref.store %l2, %inserted[%l, %c2] : memref<64x4xi32>
    memref.store %l3, %inserted[%l, %c3] : memref<64x4xi32>
    gpu.return
  }
}
