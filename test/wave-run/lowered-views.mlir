// memref.reinterpret_cast, as convert-wave-to-amdgpu emits it: a view with
// its own sizes, strides and offset of the storage its source comes from (a
// workgroup attribution, a kernel argument). Views of one LDS attribution
// alias the same workgroup memory; an access outside the view's shape, or
// inside it but outside the storage, is an error at the access.
//
// Two lanes write the rows of two 2x3 views of a 12-element attribution,
// with padded rows of 6 (strides [6, 1]): view A at offset 0 (elements 0-2
// and 6-8), view B at offset 3 (elements 3-5 and 9-11). Lane l writes
// X[3l .. 3l+2] to row l of A and X[6+3l .. 8+3l] to row l of B; after the
// barrier, lane l reads elements 6l .. 6l+5 through the flat attribution,
// which lane 1 - l wrote half of, into Y[6l ..]. With X = 0..11:
//   Y = [0, 1, 2, 6, 7, 8, 3, 4, 5, 9, 10, 11].
// Z[l] = memref.dim of a view made with the run-time size N: 5.
// RUN: %python -c "import numpy; numpy.save('%t.x.npy', numpy.arange(12, dtype=numpy.int32))"
// RUN: wave-run %s --kernel=views --input=X=%t.x.npy --scalar=N=5 --output-dir=%t.out | FileCheck %s --check-prefix=RAN
// RAN: @views ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; y = numpy.load('%t.out/Y.npy'); assert list(y) == [0, 1, 2, 6, 7, 8, 3, 4, 5, 9, 10, 11], y"
// RUN: %python -c "import numpy; z = numpy.load('%t.out/Z.npy'); assert list(z) == [5, 5], z"

// The lowering of a run-time shape passes the argument as a bare pointer
// (a rank-0 memref) and views it with the size argument: the comparison
// gives the pointer the original's buffer. Y[i] = X[i] + X[n - 1 - i] for
// X = 0..9 is 9 everywhere.
// RUN: %python -c "import numpy; numpy.save('%t.x10.npy', numpy.arange(10, dtype=numpy.int32))"
// RUN: wave-run %s --kernel=reverse --input=X=%t.x10.npy --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' --output-dir=%t.rev | FileCheck %s --check-prefix=REVERSE
// REVERSE: comparing @reverse after 'gpu.module(convert-wave-to-amdgpu)' with @reverse before it
// REVERSE-NEXT: output 'Y' (10xi32): agrees (max abs error 0, max rel error 0)
// REVERSE-NEXT: PASS
// RUN: %python -c "import numpy; y = numpy.load('%t.rev/Y.transformed.npy'); assert list(y) == [9] * 10, y"

// A view's padding is outside its shape; an element inside the shape but
// past the storage is an error naming the element, as is a bare pointer
// run on its own (a one-element buffer) viewed as more.
// RUN: not wave-run %s --kernel=padding 2>&1 | FileCheck %s --check-prefix=PADDING
// PADDING: error: out-of-bounds read of the view of workgroup attribution #0: thread (0, 0, 0) of workgroup (0, 0, 0) accesses [0, 3] outside the shape 2x3
// RUN: not wave-run %s --kernel=past_storage 2>&1 | FileCheck %s --check-prefix=STORAGE
// STORAGE: error: out-of-bounds write to the view of workgroup attribution #0: thread (1, 0, 0) of workgroup (0, 0, 0) accesses [1, 0], element 12 of workgroup attribution #0, which holds 12 elements
// STORAGE: note: the view is made here
// RUN: not wave-run %s --kernel=pointer --scalar=N=4 2>&1 | FileCheck %s --check-prefix=POINTER
// POINTER: error: out-of-bounds read of the view of argument 'P': thread (1, 0, 0) of workgroup (0, 0, 0) accesses [1], element 1 of argument 'P', which holds 1 elements
// Sizes that differ between lanes have no meaning for a view.
// RUN: not wave-run %s --kernel=divergent_size 2>&1 | FileCheck %s --check-prefix=DIVERGENT
// DIVERGENT: error: the size of the view of argument 'P' differs between the active lanes of wave 0

#lds = #gpu.address_space<workgroup>

gpu.module @views {
  gpu.func @views(%X: memref<12xi32>, %Y: memref<12xi32>, %Z: memref<2xindex>,
                  %N: index)
      workgroup(%tile : memref<12xi32, #lds>) kernel
      attributes {known_block_size = array<i32: 2, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %l = gpu.thread_id x
    %a = memref.reinterpret_cast %tile to offset: [0], sizes: [2, 3], strides: [6, 1]
        : memref<12xi32, #lds> to memref<2x3xi32, strided<[6, 1]>, #lds>
    %b = memref.reinterpret_cast %tile to offset: [3], sizes: [2, 3], strides: [6, 1]
        : memref<12xi32, #lds> to memref<2x3xi32, strided<[6, 1], offset: 3>, #lds>
    %i = arith.muli %l, %c3 : index
    %low = vector.load %X[%i] : memref<12xi32>, vector<3xi32>
    vector.store %low, %a[%l, %c0] : memref<2x3xi32, strided<[6, 1]>, #lds>, vector<3xi32>
    %j = arith.addi %i, %c6 : index
    %high = vector.load %X[%j] : memref<12xi32>, vector<3xi32>
    vector.store %high, %b[%l, %c0] : memref<2x3xi32, strided<[6, 1], offset: 3>, #lds>, vector<3xi32>
    amdgpu.lds_barrier
    %k = arith.muli %l, %c6 : index
    %row = vector.load %tile[%k] : memref<12xi32, #lds>, vector<6xi32>
    vector.store %row, %Y[%k] : memref<12xi32>, vector<6xi32>
    %v = memref.reinterpret_cast %X to offset: [0], sizes: [%N], strides: [1]
        : memref<12xi32> to memref<?xi32>
    %c0v = arith.constant 0 : index
    %n = memref.dim %v, %c0v : memref<?xi32>
    memref.store %n, %Z[%l] : memref<2xindex>
    gpu.return
  }

  gpu.func @reverse(%X: memref<?xi32> {wave.dims = array<i64: 2>},
                    %Y: memref<?xi32> {wave.dims = array<i64: 2>}, %n: index)
      kernel attributes {known_block_size = array<i32: 16, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>,
                         wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %t = gpu.thread_id x
    %inside = arith.cmpi ult, %t, %n : index
    scf.if %inside {
      %x = wave.read %X[%t] map affine_map<(t) -> (t)> : memref<?xi32> -> vector<1xi32>
      %mirror = wave.read %X[%t, %n] map affine_map<(t, n) -> (n - 1 - t)> : memref<?xi32> -> vector<1xi32>
      %sum = arith.addi %x, %mirror : vector<1xi32>
      wave.write %sum, %Y[%t] map affine_map<(t) -> (t)> : vector<1xi32>, memref<?xi32>
    }
    gpu.return
  }

  gpu.func @padding(%Y: memref<2xi32>) workgroup(%tile : memref<12xi32, #lds>)
      kernel attributes {known_block_size = array<i32: 1, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %a = memref.reinterpret_cast %tile to offset: [0], sizes: [2, 3], strides: [6, 1]
        : memref<12xi32, #lds> to memref<2x3xi32, strided<[6, 1]>, #lds>
    %x = memref.load %a[%c0, %c3] : memref<2x3xi32, strided<[6, 1]>, #lds>
    memref.store %x, %Y[%c0] : memref<2xi32>
    gpu.return
  }

  gpu.func @past_storage(%X: memref<2xi32>) workgroup(%tile : memref<12xi32, #lds>)
      kernel attributes {known_block_size = array<i32: 2, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %l = gpu.thread_id x
    // Row 1 starts at element 6 + 6 = 12, past the 12 elements.
    %a = memref.reinterpret_cast %tile to offset: [6], sizes: [2, 3], strides: [6, 1]
        : memref<12xi32, #lds> to memref<2x3xi32, strided<[6, 1], offset: 6>, #lds>
    %x = memref.load %X[%l] : memref<2xi32>
    memref.store %x, %a[%l, %c0] : memref<2x3xi32, strided<[6, 1], offset: 6>, #lds>
    gpu.return
  }

  gpu.func @pointer(%P: memref<i32>, %Y: memref<4xi32>, %N: index) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %v = memref.reinterpret_cast %P to offset: [0], sizes: [%N], strides: [1]
        : memref<i32> to memref<?xi32>
    %x = memref.load %v[%l] : memref<?xi32>
    memref.store %x, %Y[%l] : memref<4xi32>
    gpu.return
  }

  gpu.func @divergent_size(%P: memref<i32>, %Y: memref<4xi32>) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %l = gpu.thread_id x
    %v = memref.reinterpret_cast %P to offset: [0], sizes: [%l], strides: [1]
        : memref<i32> to memref<?xi32>
    %x = memref.load %v[%c0] : memref<?xi32>
    memref.store %x, %Y[%l] : memref<4xi32>
    gpu.return
  }
}
