// memref.subview of a kernel argument or of an LDS tile: a view of its
// source's storage, its offset the source's plus each offset times the
// source's stride (a value offset read when the view is made), its strides
// the source's times the view's. A view of a view adds the offsets up.
//
// Lane l < 3 reads the 4 elements of row l of V = X[2 : 8 : 2, 4 : 8]
// (rows 2, 4, 6; columns 4-7) and writes them to row l of W = Y[1 :, 2 :]
// (rows 1, 2, 3 of Y, columns 2-5, through a view of a view of Y:
// Y[1 :, 0 :] then [0 :, 2 :]). Y is zero elsewhere:
//   Y[1][2..5] = 20..23, Y[2][2..5] = 36..39, Y[3][2..5] = 52..55.
// RUN: %python -c "import numpy; numpy.save('%t.x.npy', numpy.arange(64, dtype=numpy.int32).reshape(8, 8)); numpy.save('%t.y.npy', numpy.zeros((8, 8), dtype=numpy.int32))"
// RUN: wave-run %s --kernel=blocks --input=X=%t.x.npy --input=Y=%t.y.npy --output-dir=%t.out | FileCheck %s --check-prefix=RAN
// RAN: @blocks ran on 2x1x1 workgroups with no error
// RUN: %python -c "import numpy; y = numpy.load('%t.out/Y.npy').reshape(8, 8); e = numpy.zeros((8, 8), dtype=numpy.int32); e[1, 2:6] = range(20, 24); e[2, 2:6] = range(36, 40); e[3, 2:6] = range(52, 56); assert (y == e).all(), y"
//
// What the interpreter does not take is a located error: a view that drops
// a dimension, a view of run-time strides.
// RUN: not wave-run %s --kernel=dropped 2>&1 | FileCheck %s --check-prefix=DROPPED
// DROPPED: error: the interpreter takes subviews that keep their source's rank only
// RUN: not wave-run %s --kernel=dynamic_stride --scalar=s=2 2>&1 | FileCheck %s --check-prefix=STRIDE
// STRIDE: error: the interpreter takes subviews of static strides only

!m = memref<8x8xi32>
gpu.module @m {
  gpu.func @blocks(%X: !m, %Y: !m) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>} {
    %l = gpu.thread_id x
    %b = gpu.block_id x
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %r = arith.muli %b, %c2 : index
    %v = memref.subview %X[%r, 4] [3, 4] [2, 1]
        : !m to memref<3x4xi32, strided<[16, 1], offset: ?>>
    %y1 = memref.subview %Y[1, 0] [7, 8] [1, 1]
        : !m to memref<7x8xi32, strided<[8, 1], offset: 8>>
    %w = memref.subview %y1[0, 2] [3, 4] [1, 1]
        : memref<7x8xi32, strided<[8, 1], offset: 8>>
          to memref<3x4xi32, strided<[8, 1], offset: 10>>
    %on = arith.cmpi eq, %b, %c1 : index
    %lane = arith.cmpi ult, %l, %c3 : index
    %go = arith.andi %on, %lane : i1
    scf.if %go {
      %row = wave.read %v[%l] map affine_map<(d0) -> (d0, 0)>
          : memref<3x4xi32, strided<[16, 1], offset: ?>> -> vector<4xi32>
      wave.write %row, %w[%l] map affine_map<(d0) -> (d0, 0)>
          : vector<4xi32>, memref<3x4xi32, strided<[8, 1], offset: 10>>
    }
    gpu.return
  }

  gpu.func @dropped(%X: !m, %Y: !m) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %row = memref.subview %X[2, 0] [1, 8] [1, 1]
        : !m to memref<8xi32, strided<[1], offset: 16>>
    %e = memref.load %row[%l] : memref<8xi32, strided<[1], offset: 16>>
    %c0 = arith.constant 0 : index
    memref.store %e, %Y[%c0, %l] : !m
    gpu.return
  }

  gpu.func @dynamic_stride(%X: !m, %Y: !m, %s: index) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %v = memref.subview %X[0, 0] [4, 4] [%s, 1]
        : !m to memref<4x4xi32, strided<[?, 1]>>
    %c0 = arith.constant 0 : index
    %e = memref.load %v[%l, %c0] : memref<4x4xi32, strided<[?, 1]>>
    memref.store %e, %Y[%c0, %l] : !m
    gpu.return
  }
}
