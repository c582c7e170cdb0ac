// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' | FileCheck %s
// The whole lowering to a code object: the kernel takes two pointers and
// the sizes, and the bounded accesses become a buffer load, a masked load
// and a buffer store.
// RUN: wave-compile %s --chip=gfx942 -o %t.hsaco
// RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=ARGS

// A dynamically shaped memref argument becomes the bare pointer HIP passes
// (a rank-0 memref) and a view with the extents of its size arguments and
// row-major strides; the sizes stay arguments, `wave.dims` goes.
// CHECK-LABEL: gpu.func @scale
// CHECK-SAME: ([[X:%[A-Za-z0-9_]+]]: memref<f16>, [[Y:%[A-Za-z0-9_]+]]: memref<f32>, [[M:%[A-Za-z0-9_]+]]: index, [[N:%[A-Za-z0-9_]+]]: index)
// CHECK-NOT: wave.dims
// CHECK: [[XV:%[A-Za-z0-9_]+]] = memref.reinterpret_cast [[X]] to offset: [0], sizes: [[[M]], [[N]]], strides: [[[N]], 1] : memref<f16> to memref<?x?xf16>
// CHECK: [[YV:%[A-Za-z0-9_]+]] = memref.reinterpret_cast [[Y]] to offset: [0], sizes: [[[M]], 8], strides: [8, 1] : memref<f32> to memref<?x8xf32>
// A bounded read of 4-element runs from multiples of 4 on rows of a
// multiple of 4 (`n mod 4 == 0`) moves its whole run or nothing. Nothing
// bounds N, so a row may span more than 2^31 bytes and the descriptor cannot
// start at it; it starts at the workgroup's tile, row b (spanning at most
// 2^31 bytes from there), and a lane's offset is its column, t * 4 (below
// 4096), or one past the end where the run lies outside the shape
// (unsigned compares: negative is outside): one buffer load, zeros in the
// lanes outside.
// CHECK: [[ROWDIM:%[A-Za-z0-9_]+]] = memref.dim [[XV]], %c0
// CHECK: [[COLDIM:%[A-Za-z0-9_]+]] = memref.dim [[XV]], %c1
// CHECK: [[XTILE:%[A-Za-z0-9_]+]] = memref.reinterpret_cast [[XV]] to offset: [%{{.*}}], sizes: [%{{.*}}], strides: [1] : memref<?x?xf16> to memref<?xf16, strided<[1], offset: ?>>
// CHECK: [[ROWIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, %{{.*}}, [[ROWDIM]] : index
// CHECK: [[COLIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, %{{.*}}, [[COLDIM]] : index
// CHECK: [[IN:%[A-Za-z0-9_]+]] = arith.andi [[ROWIN]], [[COLIN]] : i1
// CHECK: [[AT:%[A-Za-z0-9_]+]] = arith.select [[IN]], %{{.*}}, %c1073741824_i32 : i32
// CHECK: amdgpu.raw_buffer_load [[XTILE]][[[AT]]] : memref<?xf16, strided<[1], offset: ?>>, i32 -> vector<4xf16>
// Runs from 2 mod 4 straddle the row's end: a masked load, element e
// inside when column + e < N and the row is below M.
// CHECK: [[STEP:%[A-Za-z0-9_]+]] = vector.step : vector<4xindex>
// CHECK: [[COLS:%[A-Za-z0-9_]+]] = arith.addi %{{.*}}, [[STEP]] : vector<4xindex>
// CHECK: [[COLSIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, [[COLS]], %{{.*}} : vector<4xindex>
// CHECK: [[ROWS:%[A-Za-z0-9_]+]] = vector.broadcast %{{.*}} : i1 to vector<4xi1>
// CHECK: [[MASK:%[A-Za-z0-9_]+]] = arith.andi [[COLSIN]], [[ROWS]] : vector<4xi1>
// CHECK: vector.maskedload [[XV]][%{{.*}}, %{{.*}}], [[MASK]], %{{.*}} : memref<?x?xf16>, vector<4xi1>, vector<4xf16> into vector<4xf16>
// The bounded write of whole runs is a buffer store based at the row the
// wave's workgroup id names, spanning its 32 bytes (none past row M): M
// needs no bound, where a buffer of the whole memref would need M * 32 <
// 2^31.
// CHECK: [[YROW:%[A-Za-z0-9_]+]] = memref.reinterpret_cast [[YV]] to offset: [%{{.*}}], sizes: [%{{.*}}], strides: [1] : memref<?x8xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: amdgpu.raw_buffer_store %{{.*}} -> [[YROW]][%{{.*}}] : vector<4xf32> -> memref<?xf32, strided<[1], offset: ?>>, i32
// CHECK-NOT: vector.maskedstore
// memref.dim reads the view, which canonicalization folds to the argument.
// CHECK: memref.dim [[XV]], %c1

// ARGS: .args:
// ARGS: .address_space: generic
// ARGS-NEXT: .offset: 0
// ARGS-NEXT: .size: 8
// ARGS-NEXT: .value_kind: global_buffer
// ARGS: .address_space: generic
// ARGS-NEXT: .offset: 8
// ARGS-NEXT: .size: 8
// ARGS-NEXT: .value_kind: global_buffer
// ARGS: .offset: 16
// ARGS-NEXT: .size: 8
// ARGS-NEXT: .value_kind: by_value
// ARGS: .offset: 24
// ARGS-NEXT: .size: 8
// ARGS-NEXT: .value_kind: by_value
// ARGS: .name: scale

gpu.module @m {
  gpu.func @scale(%X: memref<?x?xf16> {wave.dims = array<i64: 2, 3>},
                  %Y: memref<?x8xf32> {wave.dims = array<i64: 2>},
                  %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, y, m, n) : (n mod 4 == 0)>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %x = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b, t * 4)>
        bounded : memref<?x?xf16> -> vector<4xf16>
    %x2 = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b, t * 4 + 2)>
        bounded : memref<?x?xf16> -> vector<4xf16>
    %sum = arith.addf %x, %x2 : vector<4xf16>
    %y = arith.extf %sum : vector<4xf16> to vector<4xf32>
    wave.write %y, %Y[%bid, %tid] map affine_map<(b, t) -> (b, (t mod 2) * 4)>
        bounded : vector<4xf32>, memref<?x8xf32>
    %n = memref.dim %X, %c1 : memref<?x?xf16>
    %v = vector.broadcast %n : index to vector<1xindex>
    %f = arith.index_cast %v : vector<1xindex> to vector<1xi32>
    %g = arith.sitofp %f : vector<1xi32> to vector<1xf32>
    wave.write %g, %Y[%bid, %c1] : vector<1xf32>, memref<?x8xf32>
    gpu.return
  }
}
