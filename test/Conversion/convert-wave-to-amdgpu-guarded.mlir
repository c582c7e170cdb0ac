// RUN: wave-opt %s --split-input-file --verify-diagnostics --mlir-print-op-on-diagnostic=false --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' | FileCheck %s
// The code object keeps the 16-byte width: one global load and one global
// store a lane under the exec mask, no per-element accesses.
// RUN: sed -n '1,/^\/\/ -----/p' %s > %t.rows.mlir
// RUN: wave-compile %t.rows.mlir --chip=gfx942 --emit=asm -o - | FileCheck %s --check-prefix=ASM
// The lowering agrees with the kernel as written at sizes with a partial
// run of lanes.
// RUN: wave-run %t.rows.mlir --grid=3,1 --scalar=M=3 --scalar=N=200 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.rows.mlir --grid=1,1 --scalar=M=1 --scalar=N=4 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.rows.mlir --grid=2,1 --scalar=M=2 --scalar=N=256 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: sed -n '/^\/\/ -----/,$p' %s | sed -n '2,/^\/\/ -----/p' > %t.mask.mlir
// RUN: wave-run %t.mask.mlir --grid=1,1 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.mask.mlir --grid=1,1 --seed=3 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// AGREE: agrees (max abs error 0, max rel error 0)
// AGREE-NEXT: PASS

// Bounded vector<4xf32> accesses of rows of run-time length n, a multiple of
// 4 under wave.assume, at the first columns of a row a lane: every run lies
// wholly inside or wholly outside the row. Nothing bounds the extents, so
// no buffer access (not at the memref, which may span more than 2^31 bytes,
// nor at a row, nor at the workgroup's tile, whose lanes' rows lie n
// elements apart); one load of the run under the lane predicate "the run
// starts inside the shape" instead, zeros in the other lanes.
// CHECK-LABEL: gpu.func @rows
// CHECK: [[ROWS:%[A-Za-z0-9_]+]] = memref.dim [[XV:%[A-Za-z0-9_]+]], %c0
// CHECK: [[ROWIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, %{{.*}}, [[ROWS]] : index
// CHECK: [[COLS:%[A-Za-z0-9_]+]] = memref.dim [[XV]], %c1
// CHECK: [[COLIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, %{{.*}}, [[COLS]] : index
// CHECK: [[IN:%[A-Za-z0-9_]+]] = arith.andi [[ROWIN]], [[COLIN]] : i1
// CHECK: [[V:%[A-Za-z0-9_]+]] = scf.if [[IN]] -> (vector<4xf32>) {
// CHECK-NEXT: [[L:%[A-Za-z0-9_]+]] = vector.load [[XV]][%{{.*}}, %{{.*}}] : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT: scf.yield [[L]]
// CHECK-NEXT: } else {
// CHECK-NEXT: [[Z:%[A-Za-z0-9_]+]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT: scf.yield [[Z]]
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: vector.store %{{.*}} : memref<?x?xf32>, vector<4xf32>
// CHECK-NOT: vector.maskedload
// CHECK-NOT: vector.maskedstore
// CHECK: gpu.return

// ASM-LABEL: rows:
// ASM: s_and_saveexec_b64
// ASM: global_load_dwordx4
// ASM-NOT: global_load_dword{{ }}
// ASM: global_store_dwordx4
// ASM-NOT: global_store_dword{{ }}
// ASM: s_endpgm

gpu.module @m {
  gpu.func @rows(%X: memref<?x?xf32> {wave.dims = array<i64: 2, 3>},
                 %Y: memref<?x?xf32> {wave.dims = array<i64: 2, 3>},
                 %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, y, m, n) : (n mod 4 == 0)>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    // expected-remark @below {{bounded access lowered to one access of the whole vector under a lane predicate, not a buffer access: extent 0 of its memref has no upper bound under the kernel's wave.assume, and buffer offsets are 32-bit; its descriptor cannot start at its row: extent 1 of its memref has no upper bound under the kernel's wave.assume, and buffer offsets are 32-bit; nor at its workgroup's tile: its offsets from its workgroup's tile are not known to end within 2^31 bytes}}
    %x = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b * 64 + t, 0)>
        bounded : memref<?x?xf32> -> vector<4xf32>
    %y = arith.addf %x, %x : vector<4xf32>
    // expected-remark @below {{bounded access lowered to one access of the whole vector under a lane predicate}}
    wave.write %y, %Y[%bid, %tid] map affine_map<(b, t) -> (b * 64 + t, 0)>
        bounded : vector<4xf32>, memref<?x?xf32>
    gpu.return
  }
}

// -----

// A mask that is one bit broadcast to the vector: one access under that
// bit, without `bounded` too.
// CHECK-LABEL: gpu.func @uniform_mask
// CHECK: [[BIT:%[A-Za-z0-9_]+]] = arith.cmpi ult, %{{.*}}, %c40 : index
// CHECK: scf.if [[BIT]] -> (vector<4xf32>) {
// CHECK-NEXT: vector.load %{{.*}} : memref<64x4xf32>, vector<4xf32>
// CHECK: scf.if [[BIT]] {
// CHECK-NEXT: vector.store %{{.*}} : memref<64x4xf32>, vector<4xf32>
// CHECK-NOT: vector.maskedload
// CHECK-NOT: vector.maskedstore
// CHECK: gpu.return
gpu.module @m {
  gpu.func @uniform_mask(%X: memref<64x4xf32>, %Y: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c40 = arith.constant 40 : index
    %tid = gpu.thread_id x
    %bit = arith.cmpi ult, %tid, %c40 : index
    %mask = vector.broadcast %bit : i1 to vector<4xi1>
    %x = wave.read %X[%tid] map affine_map<(t) -> (t, 0)> mask %mask : vector<4xi1>
        : memref<64x4xf32> -> vector<4xf32>
    wave.write %x, %Y[%tid] map affine_map<(t) -> (t, 0)> mask %mask : vector<4xi1>
        : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }
}

// -----

// Where it must not apply, with the reason: a run that may straddle the
// row's end (columns 2 mod 4), rows without a divisibility assumption, a
// mask whose bits differ.
// CHECK-LABEL: gpu.func @straddle
// CHECK-COUNT-3: vector.maskedload
// CHECK-NOT: scf.if
// CHECK: gpu.return
gpu.module @m {
  gpu.func @straddle(%X: memref<?x?xf32> {wave.dims = array<i64: 3, 4>},
                     %Z: memref<?x?xf32> {wave.dims = array<i64: 3, 5>},
                     %W: memref<64x4xf32>,
                     %M: index, %N: index, %L: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, z, w, m, n, l) : (n mod 4 == 0)>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    // expected-remark @below {{bounded access lowered to a masked access, which the backend splits per element: the 4 elements of 'wave.read'}}
    %a = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b, t * 4 + 2)>
        bounded : memref<?x?xf32> -> vector<4xf32>
    // expected-remark @below {{bounded access lowered to a masked access, which the backend splits per element: the 4 elements of 'wave.read'}}
    %b = wave.read %Z[%bid, %tid] map affine_map<(b, t) -> (b, t * 4)>
        bounded : memref<?x?xf32> -> vector<4xf32>
    %mask = vector.create_mask %bid : vector<4xi1>
    %c = wave.read %W[%tid] map affine_map<(t) -> (t, 0)> mask %mask : vector<4xi1>
        : memref<64x4xf32> -> vector<4xf32>
    gpu.return
  }
}
