// Kernels with run-time sizes: a dynamically shaped memref's extents are the
// index arguments `wave.dims` names. wave-run takes them from --scalar, from
// the shapes of the .npy inputs, or both when they agree; the same kernel
// runs at every size.
//
// RUN: %python -c "import numpy; numpy.save('%t.x300.npy', numpy.arange(300, dtype=numpy.float32)); numpy.save('%t.x2d.npy', numpy.zeros((3, 4), dtype=numpy.float32))"
// RUN: wave-run %s --kernel=scale --grid=4 --scalar=n=1000 | FileCheck %s --check-prefix=N1000
// RUN: wave-run %s --kernel=scale --grid=1 --scalar=n=256 | FileCheck %s --check-prefix=N256
// RUN: wave-run %s --kernel=scale --grid=2 --input=X=%t.x300.npy --output-dir=%t.out | FileCheck %s --check-prefix=NPY
// RUN: %python -c "import numpy; y = numpy.load('%t.out/Y.npy'); assert y.shape == (300,) and (y == 2 * numpy.arange(300)).all(), y"
// RUN: wave-run %s --kernel=scale --grid=2 --input=X=%t.x300.npy --scalar=n=300 | FileCheck %s --check-prefix=NPY
// RUN: not wave-run %s --kernel=scale --grid=2 --input=X=%t.x300.npy --scalar=n=10 2>&1 | FileCheck %s --check-prefix=CONFLICT
// RUN: not wave-run %s --kernel=scale --grid=2 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not wave-run %s --kernel=scale --grid=2 --scalar=n=-5 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not wave-run %s --kernel=scale --grid=2 --scalar=n=x 2>&1 | FileCheck %s --check-prefix=NOT-INTEGER
// RUN: not wave-run %s --kernel=scale --grid=2 --scalar=X=3 2>&1 | FileCheck %s --check-prefix=NOT-INTEGER
// RUN: not wave-run %s --kernel=scale --grid=2 --input=X=%t.x2d.npy 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not wave-run %s --kernel=multiple --grid=1 --scalar=n=10 2>&1 | FileCheck %s --check-prefix=ASSUME
// RUN: wave-run %s --kernel=multiple --grid=1 --scalar=n=12 | FileCheck %s --check-prefix=RAN
// RUN: not wave-run %s --kernel=unbounded --grid=4 --scalar=n=1000 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: wave-run %s --kernel=extents --scalar=rows=5 --output-dir=%t.dims | FileCheck %s --check-prefix=RAN
// RUN: %python -c "import numpy; e = numpy.load('%t.dims/E.npy'); assert list(e) == [5, 4], e"

// N1000: comparing @scale with @scale_ref
// N1000-NEXT: output 'Y' (1000xf32): agrees
// N1000-NEXT: PASS
// N256: output 'Y' (256xf32): agrees
// N256-NEXT: PASS
// NPY: output 'Y' (300xf32): agrees
// NPY-NEXT: PASS
// CONFLICT: wave-run: 'n' is 10 by the value given for 'n' but 300 by the shape of '{{.*}}x300.npy' (extent 0 of 'X')
// MISSING: wave-run: 'n' (extent 0 of 'X') has no value: give a scalar value for 'n' or an input for 'X' (--scalar=n=VALUE or --input=X=FILE.npy){{$}}
// NEGATIVE: wave-run: 'n' (a size of 'X') is -5
// NOT-INTEGER: wave-run: the scalar value '{{[nX]}}={{[x3]}}': scalar values are integers, for integer and index arguments (--scalar=ARG=VALUE){{$}}
// RANK: wave-run: argument 'X': '{{.*}}x2d.npy' holds an array of rank 2, the argument has rank 1
// ASSUME: error: the arguments break the kernel's 'wave.assume': constraint d1 mod 4 == 0 does not hold for n = 10
// RAN: ran on {{.*}} workgroups with no error
// OOB: error: out-of-bounds read of argument 'X': thread (58, 0, 0) of workgroup (3, 0, 0) accesses [1000] outside the shape 1000

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @dynamic {
  // Y = 2 X, four elements a lane; the last workgroup's tile is partial, and
  // `bounded` skips what lies past n.
  gpu.func @scale(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                  %Y: memref<?xf32> {wave.dims = array<i64: 2>},
                  %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k,
                  wave.reference = @scale_ref} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %two = arith.constant dense<2.0> : vector<4xf32>
    %x = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b * 256 + t * 4)>
        bounded : memref<?xf32> -> vector<4xf32>
    %y = arith.mulf %x, %two : vector<4xf32>
    wave.write %y, %Y[%bid, %tid] map affine_map<(b, t) -> (b * 256 + t * 4)>
        bounded : vector<4xf32>, memref<?xf32>
    gpu.return
  }

  gpu.func @scale_ref(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                      %Y: memref<?xf32> {wave.dims = array<i64: 2>},
                      %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c64 = arith.constant 64 : index
    %two = arith.constant 2.0 : f32
    %tid = gpu.thread_id x
    scf.for %i = %tid to %n step %c64 {
      %x = memref.load %X[%i] : memref<?xf32>
      %y = arith.mulf %x, %two : f32
      memref.store %y, %Y[%i] : memref<?xf32>
    }
    gpu.return
  }

  // The same without `bounded`: the partial tile reads past the end.
  gpu.func @unbounded(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                      %Y: memref<?xf32> {wave.dims = array<i64: 2>},
                      %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %x = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b * 256 + t * 4)>
        : memref<?xf32> -> vector<4xf32>
    wave.write %x, %Y[%bid, %tid] map affine_map<(b, t) -> (b * 256 + t * 4)>
        : vector<4xf32>, memref<?xf32>
    gpu.return
  }

  // A launch must satisfy what the kernel assumes.
  gpu.func @multiple(%X: memref<?xf32> {wave.dims = array<i64: 1>},
                     %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(x, n) : (n mod 4 == 0)>} {
    gpu.return
  }

  // memref.dim reads the size argument (and a static extent).
  gpu.func @extents(%X: memref<?x4xf32> {wave.dims = array<i64: 1>},
                    %rows: index, %E: memref<2xi64>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %X, %c0 : memref<?x4xf32>
    %c = memref.dim %X, %c1 : memref<?x4xf32>
    %ri = arith.index_cast %r : index to i64
    %ci = arith.index_cast %c : index to i64
    memref.store %ri, %E[%c0] : memref<2xi64>
    memref.store %ci, %E[%c1] : memref<2xi64>
    gpu.return
  }
}
