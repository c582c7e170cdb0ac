// vector.maskedload and vector.maskedstore, which convert-wave-to-amdgpu
// makes of masked accesses that stay masked: masked-off elements are not
// accessed (not even bounds-checked); a load gives the passthru's there.
//
// 17 lanes, lane l with a mask of its first l mod 4 elements, over X = 0..63:
//   Z[l][e] = X[4l + e] = 4l + e for e < l mod 4, else the passthru 7;
//   Y[4l + e] = 4l + e + 100 for e < l mod 4, else the -1 it starts with.
// Lane 16 addresses X[64..67] and Y[64..67], past the end, all masked off.
// RUN: %python -c "import numpy; numpy.save('%t.x.npy', numpy.arange(64, dtype=numpy.int32)); numpy.save('%t.y.npy', numpy.full(64, -1, dtype=numpy.int32))"
// RUN: wave-run %s --kernel=masked --input=X=%t.x.npy --input=Y=%t.y.npy --output-dir=%t.out | FileCheck %s --check-prefix=RAN
// RAN: @masked ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; z = numpy.load('%t.out/Z.npy'); e = [[4 * l + i if i < l % 4 else 7 for i in range(4)] for l in range(17)]; assert (z == numpy.array(e)).all(), z"
// RUN: %python -c "import numpy; y = numpy.load('%t.out/Y.npy'); e = [i + 100 if i % 4 < (i // 4) % 4 else -1 for i in range(64)]; assert list(y) == e, y"
//
// An element the mask keeps is bounds-checked as any access.
// RUN: not wave-run %s --kernel=kept_outside 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: error: out-of-bounds read of argument 'X': thread (16, 0, 0) of workgroup (0, 0, 0) accesses [64] outside the shape 64

gpu.module @masked {
  gpu.func @masked(%X: memref<64xi32>, %Y: memref<64xi32>, %Z: memref<17x4xi32>) kernel
      attributes {known_block_size = array<i32: 17, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %count = arith.remui %l, %c4 : index
    %mask = vector.create_mask %count : vector<4xi1>
    %at = arith.muli %l, %c4 : index
    %pass = arith.constant dense<7> : vector<4xi32>
    %x = vector.maskedload %X[%at], %mask, %pass : memref<64xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
    vector.store %x, %Z[%l, %c0] : memref<17x4xi32>, vector<4xi32>
    %c100 = arith.constant dense<100> : vector<4xi32>
    %y = arith.addi %x, %c100 : vector<4xi32>
    vector.maskedstore %Y[%at], %mask, %y : memref<64xi32>, vector<4xi1>, vector<4xi32>
    gpu.return
  }

  gpu.func @kept_outside(%X: memref<64xi32>, %Z: memref<17x4xi32>) kernel
      attributes {known_block_size = array<i32: 17, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %mask = vector.constant_mask [1] : vector<4xi1>
    %at = arith.muli %l, %c4 : index
    %pass = arith.constant dense<7> : vector<4xi32>
    %x = vector.maskedload %X[%at], %mask, %pass : memref<64xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
    vector.store %x, %Z[%l, %c0] : memref<17x4xi32>, vector<4xi32>
    gpu.return
  }
}
