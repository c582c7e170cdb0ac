// RUN: wave-opt %s --split-input-file --verify-diagnostics --mlir-print-op-on-diagnostic=false --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' | FileCheck %s
// The code object keeps the 16-byte width: one buffer load and one buffer
// store a lane, no per-element accesses or branches.
// RUN: sed -n '1,/^\/\/ -----/p' %s > %t.copy.mlir
// RUN: wave-compile %t.copy.mlir --chip=gfx942 --emit=asm -o - | FileCheck %s --check-prefix=ASM
// The rows of a wave, in the lowering and in the code object, and run: a
// workgroup whose last rows lie past M, partial tiles, a single column.
// RUN: sed -n '/^\/\/ Rows of a wave/,/^\/\/ -----/p' %s > %t.rows.mlir
// RUN: wave-compile %t.rows.mlir --chip=gfx942 -O2 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ROWASM
// RUN: wave-run %t.rows.mlir --grid=2 --scalar=M=6 --scalar=N=300 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.rows.mlir --grid=1 --scalar=M=1 --scalar=N=4 --seed=3 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.rows.mlir --grid=3 --scalar=M=9 --scalar=N=1024 --seed=4 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// Rows in 32 bits where the bounds allow, in the lowering, the code object and run.
// RUN: sed -n '/^\/\/ Row offsets in 32 bits/,/^\/\/ -----/p' %s > %t.narrow.mlir
// RUN: wave-compile %t.narrow.mlir --chip=gfx942 -O2 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=NARROWASM
// RUN: wave-run %t.narrow.mlir --kernel=narrow_rows --grid=3 --scalar=M=10 --scalar=N=200 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.narrow.mlir --kernel=wide_rows --grid=2 --scalar=M=5 --scalar=N=12 --seed=2 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: sed -n '/^\/\/ Rows that a loop counts/,/^\/\/ -----/p' %s > %t.lanerows.mlir
// RUN: wave-run %t.lanerows.mlir --grid=1 --scalar=M=100 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// The K loop's lowering agrees with the kernel as written, with rows past M
// and a K that ends inside a step.
// RUN: sed -n '/^\/\/ In a K loop/,/^\/\/ -----/p' %s > %t.loop.mlir
// RUN: wave-run %t.loop.mlir --grid=1,2 --scalar=M=70 --scalar=K=40 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.loop.mlir --grid=1,1 --scalar=M=64 --scalar=K=96 --seed=5 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.loop.mlir --grid=1,3 --scalar=M=1 --scalar=K=8 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// The one-bit masks, with rows past M and a partial tile.
// RUN: sed -n '/^\/\/ Masked by one bit/,/^\/\/ -----/p' %s > %t.onebit.mlir
// RUN: wave-run %t.onebit.mlir --grid=3 --scalar=M=2 --scalar=N=100 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=ONEBIT
// RUN: wave-run %t.onebit.mlir --grid=2 --scalar=M=2 --scalar=N=256 --seed=7 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=ONEBIT
// The tile-based reads with rows past M, a K that ends inside a step, and
// a single row.
// RUN: sed -n '/^\/\/ Tiles of a memref that may span/,/^\/\/ -----/p' %s > %t.tile.mlir
// RUN: wave-compile %t.tile.mlir --chip=gfx942 -O2 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=TILEASM
// RUN: wave-run %t.tile.mlir --kernel=tile_base --grid=1,2 --scalar=M=70 --scalar=K=40 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.tile.mlir --kernel=tile_base --grid=1,1 --scalar=M=1 --scalar=K=96 --seed=5 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.tile.mlir --kernel=tile_base --grid=1,3 --scalar=M=130 --scalar=K=8 --seed=6 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.tile.mlir --kernel=step_tile --grid=2 --scalar=K=70 --scalar=N=72 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.tile.mlir --kernel=step_tile --grid=1 --scalar=K=1 --scalar=N=64 --seed=2 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: sed -n '/^\/\/ A loop over rows that runs 64/,$p' %s > %t.past.mlir
// RUN: wave-run %t.past.mlir --grid=1 --scalar=M=5 --scalar=K=24 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// AGREE: agrees (max abs error 0, max rel error 0)
// AGREE-NEXT: PASS
// ONEBIT: output 'Y' (2xf32): agrees (max abs error 0, max rel error 0)
// ONEBIT-NEXT: output 'Z' (2xf32): agrees (max abs error 0, max rel error 0)
// ONEBIT-NEXT: PASS

// Bounded 16-byte runs of a run-time-size f16 matrix: `n mod 8 == 0` and
// runs starting at multiples of 8 put every run wholly inside or wholly
// outside the rows, and the extents' bounds keep the matrix under 2^31
// bytes. Each access is a buffer access at element offset row * n + column
// (the last index: stride 1) when the run starts inside the shape, else at
// 2^30 elements, 2^31 bytes: past the end of any buffer of at most 2^31
// bytes, so lanes outside read zero and store nothing.
// CHECK-LABEL: gpu.func @copy
// CHECK-SAME: ([[X:%[A-Za-z0-9_]+]]: memref<f16>, [[Y:%[A-Za-z0-9_]+]]: memref<f16>, [[M:%[A-Za-z0-9_]+]]: index, [[N:%[A-Za-z0-9_]+]]: index)
// CHECK: [[XV:%[A-Za-z0-9_]+]] = memref.reinterpret_cast [[X]]
// CHECK: [[YV:%[A-Za-z0-9_]+]] = memref.reinterpret_cast [[Y]]
// CHECK: [[ROWS:%[A-Za-z0-9_]+]] = memref.dim [[XV]], %c0
// CHECK: [[COLS:%[A-Za-z0-9_]+]] = memref.dim [[XV]], %c1
// CHECK: [[ROWOFF:%[A-Za-z0-9_]+]] = arith.muli [[ROW:%block_id_y]], %{{.*}} : index
// CHECK: [[ROWIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, [[ROW]], [[ROWS]] : index
// CHECK: [[OFF:%[A-Za-z0-9_]+]] = arith.addi [[ROWOFF]], %{{.*}} : index
// CHECK: [[COLIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, [[COL:%[A-Za-z0-9_]+]], [[COLS]] : index
// CHECK: [[IN:%[A-Za-z0-9_]+]] = arith.andi [[ROWIN]], [[COLIN]] : i1
// CHECK: [[SAFE:%[A-Za-z0-9_]+]] = arith.select [[IN]], [[OFF]], %c1073741824 : index
// CHECK: [[OFF32:%[A-Za-z0-9_]+]] = arith.index_cast [[SAFE]] : index to i32
// CHECK: [[V:%[A-Za-z0-9_]+]] = amdgpu.raw_buffer_load [[XV]][%c0_i32, [[OFF32]]] : memref<?x?xf16>, i32, i32 -> vector<8xf16>
// CHECK: amdgpu.raw_buffer_store [[V]] -> [[YV]][%{{.*}}, %{{.*}}] : vector<8xf16> -> memref<?x?xf16>, i32, i32
// CHECK-NOT: vector.maskedload
// CHECK-NOT: vector.maskedstore
// CHECK: gpu.return

// ASM-LABEL: copy:
// ASM: buffer_load_dwordx4
// ASM-NOT: global_load
// ASM: buffer_store_dwordx4
// ASM-NOT: global_store
// ASM: s_endpgm

gpu.module @m {
  gpu.func @copy(%X: memref<?x?xf16> {wave.dims = array<i64: 2, 3>},
                 %Y: memref<?x?xf16> {wave.dims = array<i64: 2, 3>},
                 %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, y, m, n) :
                      (65536 - m >= 0, 16384 - n >= 0, n mod 8 == 0)>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %by = gpu.block_id y
    // The column has no known range (the workgroup id x is unbounded), so the
    // descriptor cannot start at the row.
    // expected-remark @below {{bounded access lowered to a buffer access whose descriptor starts at the memref's start, lanes outside the shape selecting an offset past its end; not at its row: its last coordinate is not known to lie within 2^31 bytes of the row's start}}
    %x = wave.read %X[%by, %bid, %tid] map affine_map<(r, b, t) -> (r, b * 512 + t * 8)>
        bounded : memref<?x?xf16> -> vector<8xf16>
    // expected-remark @below {{descriptor starts at the memref's start}}
    wave.write %x, %Y[%by, %bid, %tid] map affine_map<(r, b, t) -> (r, b * 512 + t * 8)>
        bounded : vector<8xf16>, memref<?x?xf16>
    gpu.return
  }
}

// -----

// Bounded accesses that are no buffer accesses, each with the reason: those
// whose vectors may straddle the shape's edge (or whose mask is not one bit)
// stay masked; whole vectors of a memref too large for a buffer, whose lanes
// access rows too far apart for 32-bit offsets from their workgroup's tile,
// take one load under a lane predicate. Whole vectors of one row a wave are
// buffer accesses based at the row, even in a memref of 4 GiB, and those of
// a few rows a wave based at the workgroup's tile.
// CHECK-LABEL: gpu.func @masked
// CHECK: vector.maskedload
// CHECK: amdgpu.raw_buffer_load {{.*}} : memref<?xf16, strided<[1], offset: ?>>, i32 -> vector<4xf16>
// CHECK: vector.maskedload
// CHECK: amdgpu.raw_buffer_load {{.*}} : memref<?xf16, strided<[1], offset: ?>>, i32 -> vector<8xf16>
// CHECK: amdgpu.raw_buffer_load {{.*}} : memref<?xf16, strided<[1], offset: ?>>, i32 -> vector<8xf16>
// CHECK: scf.if %{{.*}} -> (vector<8xf16>)
// CHECK-NEXT: vector.load %{{.*}} : memref<65536x32768xf16>, vector<8xf16>
// CHECK: vector.maskedload
// CHECK-NOT: raw_buffer_load
// CHECK: gpu.return
gpu.module @m {
  gpu.func @masked(%X: memref<?x?xf16> {wave.dims = array<i64: 3, 4>},
                   %Z: memref<?xf16> {wave.dims = array<i64: 5>},
                   %W: memref<65536x32768xf16>,
                   %M: index, %N: index, %L: index, %mask: vector<8xi1>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, z, w, m, n, l, k) :
                      (1024 - m >= 0, 1024 - n >= 0, n mod 4 == 0)>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    // expected-remark @below {{bounded access lowered to a masked access, which the backend splits per element: the 8 elements of 'wave.read'}}
    %a = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b, t * 8)>
        bounded : memref<?x?xf16> -> vector<8xf16>
    // Runs of 4 on rows of a multiple of 4 are whole, but not runs of 4
    // that start at 2.
    // expected-remark @below {{bounded access lowered to a buffer access whose descriptor starts at its wave's row: the range check skips the vectors past the row's end}}
    %b = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b, t * 4)>
        bounded : memref<?x?xf16> -> vector<4xf16>
    // expected-remark @below {{the 4 elements of 'wave.read'}}
    %c = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b, t * 4 + 2)>
        bounded : memref<?x?xf16> -> vector<4xf16>
    // expected-remark @below {{extent 0 of its memref has no upper bound under the kernel's wave.assume, and buffer offsets are 32-bit}}
    %d = wave.read %Z[%tid] map affine_map<(t) -> (t)>
        bounded : memref<?xf16> -> vector<1xf16>
    // expected-remark @below {{descriptor starts at its wave's row}}
    %e = wave.read %W[%bid, %tid] map affine_map<(b, t) -> (b, t * 8)>
        bounded : memref<65536x32768xf16> -> vector<8xf16>
    // expected-remark @below {{bounded access lowered to a buffer access whose descriptor starts at its workgroup's tile, lanes outside the shape selecting an offset past its end: the memref may span more than 2^31 bytes; not at its row: lane 16 of workgroup (0, 0, 0) accesses another row than the first lane of its wave}}
    %g = wave.read %W[%bid, %tid] map affine_map<(b, t) -> (b * 4 + t floordiv 16, (t mod 16) * 8)>
        bounded : memref<65536x32768xf16> -> vector<8xf16>
    // expected-remark @below {{bounded access lowered to one access of the whole vector under a lane predicate, not a buffer access: its memref may span 4294967296 bytes, more than the 2147483648 a buffer access addresses; its descriptor cannot start at its row: lane 1 of workgroup (0, 0, 0) accesses another row than the first lane of its wave; nor at its workgroup's tile: its offsets from its workgroup's tile are not known to end within 2^31 bytes}}
    %h = wave.read %W[%bid, %tid] map affine_map<(b, t) -> (t * 64, b * 8)>
        bounded : memref<65536x32768xf16> -> vector<8xf16>
    // expected-remark @below {{bounded access lowered to a masked access, which the backend splits per element: its mask is not one bit broadcast to the vector}}
    %f = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b, t * 8)>
        mask %mask : vector<8xi1> bounded : memref<?x?xf16> -> vector<8xf16>
    gpu.return
  }
}

// -----

// Rows of a wave, as in reduce_dynamic: wave w of workgroup g reads row
// 4 g + w in tiles of 256 columns and writes its lanes' sums to the row of Y.
// The lanes of a wave agree on the row, so each access's descriptor starts
// at it: its row coordinate, computed from the thread id, read from the
// first active lane (a scalar for LLVM), the row's offset and its span (N
// elements, none for a row at or past M) computed once before the loop.
// Each step only reads at its column: no bound compare and no select of an
// offset past the end (2^31 bytes, 536870912 elements), and the extents
// need no bound (neither M nor the matrix's size is bounded here).
// CHECK-LABEL: gpu.func @row_tiles
// CHECK: [[ROW:%[A-Za-z0-9_]+]] = rocdl.readfirstlane %{{.*}} : i64
// CHECK: [[ROWIDX:%[A-Za-z0-9_]+]] = arith.index_cast [[ROW]] : i64 to index
// CHECK: [[ROWOFF:%[A-Za-z0-9_]+]] = arith.muli [[ROWIDX]], %{{.*}} : index
// CHECK: [[ROWIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, [[ROWIDX]], %{{.*}} : index
// CHECK: [[SPAN:%[A-Za-z0-9_]+]] = arith.select [[ROWIN]], %{{.*}}, %c0{{.*}} : index
// CHECK: [[XROW:%[A-Za-z0-9_]+]] = memref.reinterpret_cast %{{.*}} to offset: [[[ROWOFF]]], sizes: [[[SPAN]]], strides: [1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: scf.for
// CHECK-NOT: 536870912
// CHECK: amdgpu.raw_buffer_load [[XROW]][%{{.*}}] : memref<?xf32, strided<[1], offset: ?>>, i32 -> vector<4xf32>
// CHECK: scf.yield
// CHECK: rocdl.readfirstlane
// CHECK: [[YROW:%[A-Za-z0-9_]+]] = memref.reinterpret_cast %{{.*}} : memref<?x256xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: amdgpu.raw_buffer_store %{{.*}} -> [[YROW]][%{{.*}}] : vector<4xf32> -> memref<?xf32, strided<[1], offset: ?>>, i32

// In the code object the loop is one buffer load and the additions; the
// row's descriptor is scalar (no waterfall loop over lanes).
// ROWASM-LABEL: row_tiles:
// ROWASM: v_readfirstlane_b32 s{{[0-9]+}}
// ROWASM: s_cbranch_scc
// ROWASM: ; =>This Inner Loop Header
// ROWASM-NEXT: buffer_load_dwordx4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0 offen
// ROWASM-NOT: v_cndmask
// ROWASM-NOT: v_cmp
// ROWASM: s_cbranch_scc1
// ROWASM: buffer_store_dwordx4
// ROWASM: s_endpgm
gpu.module @m {
  gpu.func @row_tiles(%X: memref<?x?xf32> {wave.dims = array<i64: 2, 3>},
                      %Y: memref<?x256xf32> {wave.dims = array<i64: 2>},
                      %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, y, m, n) :
                      (m - 1 >= 0, n - 4 >= 0, 16384 - n >= 0, n mod 4 == 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %tiles = arith.ceildivui %N, %c256 : index
    %sum = scf.for %t = %c0 to %tiles step %c1 iter_args(%acc = %zero)
        -> (vector<4xf32>) {
      // expected-remark @below {{descriptor starts at its wave's row: the range check skips the vectors past the row's end; the row's offset in 64 bits}}
      %x = wave.read %X[%tid, %wg, %t]
          map affine_map<(t, g, s) -> (g * 4 + t floordiv 64, s * 256 + (t mod 64) * 4)>
          bounded : memref<?x?xf32> -> vector<4xf32>
      %next = arith.addf %acc, %x : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    // expected-remark @below {{descriptor starts at its wave's row}}
    wave.write %sum, %Y[%tid, %wg]
        map affine_map<(t, g) -> (g * 4 + t floordiv 64, (t mod 64) * 4)>
        bounded : vector<4xf32>, memref<?x256xf32>
    gpu.return
  }
}

// -----

// Row offsets in 32 bits: with M and N bounded so that the offset of the
// last row, (M - 1) * N, is an i32, and the workgroup id bounded by the
// launch (at most 2^32 - 1 lanes along x, so ids below 2^24 for 256 lanes),
// the row, its offset and its test against M are i32 arithmetic: one
// scalar multiply and a 32-bit compare in the code object instead of the
// 64-bit product and the 64-bit compare the vector unit runs. At the edge:
// @narrow_rows' last row starts at (2^23 - 1) * 256 = 2^31 - 256 (its
// M * N, 2^31, need not fit), @wide_rows' one row more at 2^31, so it keeps
// them 64-bit.
// CHECK-LABEL: gpu.func @narrow_rows
// CHECK: [[ROW:%[A-Za-z0-9_]+]] = rocdl.readfirstlane %{{.*}} : i32
// CHECK: [[ROWOFF:%[A-Za-z0-9_]+]] = arith.muli [[ROW]], %{{.*}} : i32
// CHECK: [[ROWIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, [[ROW]], %{{.*}} : i32
// CHECK: [[OFF:%[A-Za-z0-9_]+]] = arith.index_cast [[ROWOFF]] : i32 to index
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [[[OFF]]]
// CHECK-LABEL: gpu.func @wide_rows
// CHECK: rocdl.readfirstlane %{{.*}} : i64
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : index

// NARROWASM-LABEL: narrow_rows:
// NARROWASM-NOT: v_cmp_lt_u64
// NARROWASM: s_cmp_lt_u32
// NARROWASM: buffer_load_dwordx4
// NARROWASM-LABEL: wide_rows:
// NARROWASM: v_cmp_lt_u64
// NARROWASM: buffer_load_dwordx4
gpu.module @m {
  gpu.func @narrow_rows(%X: memref<?x?xf32> {wave.dims = array<i64: 2, 3>},
                        %Y: memref<?x?xf32> {wave.dims = array<i64: 2, 3>},
                        %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, y, m, n) :
                      (m - 1 >= 0, 8388608 - m >= 0,
                       n - 4 >= 0, 256 - n >= 0, n mod 4 == 0)>} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    // expected-remark @below {{descriptor starts at its wave's row: the range check skips the vectors past the row's end; the row's offset in 32 bits}}
    %x = wave.read %X[%tid, %wg]
        map affine_map<(t, g) -> (g * 4 + t floordiv 64, (t mod 64) * 4)>
        bounded : memref<?x?xf32> -> vector<4xf32>
    %y = arith.addf %x, %x : vector<4xf32>
    // expected-remark @below {{descriptor starts at its wave's row: the range check skips the vectors past the row's end; the row's offset in 32 bits}}
    wave.write %y, %Y[%tid, %wg]
        map affine_map<(t, g) -> (g * 4 + t floordiv 64, (t mod 64) * 4)>
        bounded : vector<4xf32>, memref<?x?xf32>
    gpu.return
  }
  gpu.func @wide_rows(%X: memref<?x?xf32> {wave.dims = array<i64: 2, 3>},
                      %Y: memref<?x?xf32> {wave.dims = array<i64: 2, 3>},
                      %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, y, m, n) :
                      (m - 1 >= 0, 8388609 - m >= 0,
                       n - 4 >= 0, 256 - n >= 0, n mod 4 == 0)>} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    // expected-remark @below {{the row's offset in 64 bits: the extents' bounds do not keep it, the row or the strides within 32 bits}}
    %x = wave.read %X[%tid, %wg]
        map affine_map<(t, g) -> (g * 4 + t floordiv 64, (t mod 64) * 4)>
        bounded : memref<?x?xf32> -> vector<4xf32>
    %y = arith.addf %x, %x : vector<4xf32>
    // expected-remark @below {{the row's offset in 64 bits: the extents' bounds do not keep it, the row or the strides within 32 bits}}
    wave.write %y, %Y[%tid, %wg]
        map affine_map<(t, g) -> (g * 4 + t floordiv 64, (t mod 64) * 4)>
        bounded : vector<4xf32>, memref<?x?xf32>
    gpu.return
  }
}
// -----

// Rows that a loop counts from each lane's own id: in an iteration the
// lanes of a wave are at different rows, so the descriptors stay at the
// memref (the lanes agree on the iteration number, not on the induction
// variable), and the lowering agrees with the kernel as written.
// CHECK-LABEL: gpu.func @lane_rows
// CHECK: amdgpu.raw_buffer_load {{.*}} : memref<?x64xf32>, i32, i32 -> vector<4xf32>
// CHECK: amdgpu.raw_buffer_store {{.*}} : vector<4xf32> -> memref<?x64xf32>, i32, i32
gpu.module @m {
  gpu.func @lane_rows(%X: memref<?x64xf32> {wave.dims = array<i64: 2>},
                      %Y: memref<?x64xf32> {wave.dims = array<i64: 2>},
                      %M: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, y, m) : (m - 1 >= 0, 1024 - m >= 0)>} {
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    scf.for %r = %tid to %M step %c64 {
      // expected-remark @below {{descriptor starts at the memref's start, lanes outside the shape selecting an offset past its end; not at its row: lane 1 of workgroup (0, 0, 0) accesses another row than the first lane of its wave}}
      %v = wave.read %X[%r] map affine_map<(r) -> (r, 4)> bounded
          : memref<?x64xf32> -> vector<4xf32>
      // expected-remark @below {{not at its row: lane 1 of workgroup (0, 0, 0)}}
      wave.write %v, %Y[%r] map affine_map<(r) -> (r, 8)> bounded
          : vector<4xf32>, memref<?x64xf32>
    }
    gpu.return
  }
}

// -----

// In a K loop, as in gemm_dynamic: the row's condition and its part of the
// offset do not depend on the loop and are computed before it, the
// condition folded into that part (2^31 bytes for a row outside: adding the
// column, at most 2^31 bytes less a vector, keeps it past the end without
// wrapping); each step computes its column (the loop's term, 32-bit: the
// assumptions bound k by 1024 steps of 32), compares it with the row's
// length and selects the offset or 2^31 bytes.
// CHECK-LABEL: gpu.func @k_loop
// CHECK: [[ROWS:%[A-Za-z0-9_]+]] = memref.dim [[AV:%[A-Za-z0-9_]+]], %c0
// CHECK: [[COLS:%[A-Za-z0-9_]+]] = memref.dim [[AV]], %c1
// CHECK: [[ROWIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, %{{.*}}, [[ROWS]] : index
// CHECK: [[LANE:%[A-Za-z0-9_]+]] = arith.muli %{{.*}}, %c8 overflow<nsw> : index
// CHECK: [[FIXEDOFF:%[A-Za-z0-9_]+]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: [[CAP:%[A-Za-z0-9_]+]] = arith.minui [[COLS]], %c2147483647 : index
// CHECK: [[COLS32:%[A-Za-z0-9_]+]] = arith.index_cast [[CAP]] : index to i32
// CHECK: [[LANECOL:%[A-Za-z0-9_]+]] = arith.index_cast [[LANE]] : index to i32
// CHECK: [[FIXED:%[A-Za-z0-9_]+]] = arith.index_cast [[FIXEDOFF]] : index to i32
// CHECK: [[ROWOFF:%[A-Za-z0-9_]+]] = arith.select [[ROWIN]], [[FIXED]], %c1073741824_i32 : i32
// CHECK: scf.for [[K:%[A-Za-z0-9_]+]] =
// CHECK-NOT: arith.muli %{{.*}}, %{{.*}} : index
// CHECK: [[K32:%[A-Za-z0-9_]+]] = arith.index_cast [[K]] : index to i32
// CHECK: [[STEP:%[A-Za-z0-9_]+]] = arith.muli [[K32]], %c32_i32 : i32
// CHECK: [[COL:%[A-Za-z0-9_]+]] = arith.addi [[LANECOL]], [[STEP]] : i32
// CHECK: [[COLIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, [[COL]], [[COLS32]] : i32
// CHECK-NOT: arith.andi
// CHECK: [[OFF:%[A-Za-z0-9_]+]] = arith.addi [[ROWOFF]], %{{.*}} : i32
// CHECK: [[SAFE:%[A-Za-z0-9_]+]] = arith.select [[COLIN]], [[OFF]], %c1073741824_i32 : i32
// CHECK: amdgpu.raw_buffer_load [[AV]][%c0_i32, [[SAFE]]] : memref<?x?xf16>, i32, i32 -> vector<8xf16>
gpu.module @m {
  gpu.func @k_loop(%A: memref<?x?xf16> {wave.dims = array<i64: 2, 3>},
                   %Y: memref<256x8xf16>, %M: index, %K: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(a, y, m, k) :
                      (m >= 0, k >= 0, 32768 - m >= 0, 32768 - k >= 0,
                       k mod 8 == 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.0> : vector<8xf16>
    %tid = gpu.thread_id x
    %bm = gpu.block_id y
    %steps = arith.ceildivsi %K, %c32 : index
    %sum = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %zero)
        -> (vector<8xf16>) {
      // expected-remark @below {{descriptor starts at the memref's start, lanes outside the shape selecting an offset past its end; not at its row: lane 4 of workgroup (0, 0, 0) accesses another row than the first lane of its wave}}
      %a = wave.read %A[%tid, %bm, %k]
          map affine_map<(t, b, k) -> (t floordiv 4 + b * 64, (t mod 4) * 8 + k * 32)>
          bounded : memref<?x?xf16> -> vector<8xf16>
      %next = arith.addf %acc, %a : vector<8xf16>
      scf.yield %next : vector<8xf16>
    }
    wave.write %sum, %Y[%tid] map affine_map<(t) -> (t, 0)> : vector<8xf16>, memref<256x8xf16>
    gpu.return
  }
}

// -----

// Masked by one bit for the whole vector, a bounded access is a buffer
// access still: the bit off sends its offset past the end, as outside the
// shape (loads read zero, as a masked read yields, and stores write
// nothing). A broadcast bit is the broadcast's source; a one-element mask is
// its element. Lane 0 of a wave writes its row's sum as in reduce_dynamic,
// the lower half of the wave reads.
// CHECK-LABEL: gpu.func @one_bit_masks
// CHECK:      [[LOW:%[A-Za-z0-9_]+]] = arith.cmpi ult, %{{.*}}, %c32 : index
// CHECK:      [[OUT:%[A-Za-z0-9_]+]] = arith.constant 536870912 : i32
// CHECK-NEXT: [[READAT:%[A-Za-z0-9_]+]] = arith.select [[LOW]], %{{.*}}, [[OUT]] : i32
// CHECK-NEXT: amdgpu.raw_buffer_load %{{.*}}[[[READAT]]]
// CHECK:      [[FIRST:%[A-Za-z0-9_]+]] = arith.cmpi eq, %{{.*}}, %c0 : index
// CHECK:      [[OUT2:%[A-Za-z0-9_]+]] = arith.constant 536870912 : i32
// CHECK-NEXT: [[WRITEAT:%[A-Za-z0-9_]+]] = arith.select [[FIRST]], %{{.*}}, [[OUT2]] : i32
// CHECK-NEXT: amdgpu.raw_buffer_store %{{.*}} -> %{{.*}}[[[WRITEAT]]]
// CHECK:      [[BIT:%[A-Za-z0-9_]+]] = vector.extract %{{.*}}[0] : i1 from vector<1xi1>
// CHECK-NEXT: [[ZAT:%[A-Za-z0-9_]+]] = arith.select [[BIT]], %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: amdgpu.raw_buffer_store %{{.*}} -> %{{.*}}[[[ZAT]]]
// CHECK-NOT:  vector.masked
// CHECK:      gpu.return
gpu.module @m {
  gpu.func @one_bit_masks(%X: memref<?x?xf32> {wave.dims = array<i64: 3, 4>},
                          %Y: memref<?xf32> {wave.dims = array<i64: 3>},
                          %Z: memref<?xf32> {wave.dims = array<i64: 3>},
                          %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, y, z, m, n) :
                      (m - 1 >= 0, 1024 - m >= 0, n - 4 >= 0,
                       1024 - n >= 0, n mod 4 == 0)>} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %low = arith.cmpi ult, %tid, %c32 : index
    %low_mask = vector.broadcast %low : i1 to vector<4xi1>
    // expected-remark @below {{bounded access lowered to a buffer access whose descriptor starts at its wave's row}}
    %v = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b, t * 4)>
        mask %low_mask : vector<4xi1> bounded
        : memref<?x?xf32> -> vector<4xf32>
    %lane_sum = vector.reduction <add>, %v : vector<4xf32> into f32
    %row_sum = wave.reduce <add> %lane_sum : f32
    // Each lane's value differs: a write of another lane than lane 0 shows.
    %lane = gpu.lane_id
    %lane_i32 = arith.index_cast %lane : index to i32
    %lane_f32 = arith.sitofp %lane_i32 : i32 to f32
    %mine = arith.addf %row_sum, %lane_f32 : f32
    %sum = vector.broadcast %mine : f32 to vector<1xf32>
    %first = arith.cmpi eq, %lane, %c0 : index
    %first_mask = vector.broadcast %first : i1 to vector<1xi1>
    // expected-remark @below {{bounded access lowered to a buffer access whose descriptor starts at its wave's row}}
    wave.write %sum, %Y[%bid] map affine_map<(b) -> (b)>
        mask %first_mask : vector<1xi1> bounded : vector<1xf32>, memref<?xf32>
    %first_element = vector.from_elements %first : vector<1xi1>
    // expected-remark @below {{bounded access lowered to a buffer access whose descriptor starts at its wave's row}}
    wave.write %sum, %Z[%bid] map affine_map<(b) -> (b)>
        mask %first_element : vector<1xi1> bounded
        : vector<1xf32>, memref<?xf32>
    gpu.return
  }
}

// -----

// Tiles of a memref that may span more than 2^31 bytes (nothing bounds M):
// the k_loop kernel above with M unbounded. The lanes of a wave span 16
// rows, so the descriptor cannot start at a row; it starts at the
// workgroup's tile instead, whose origin (row 64 * b) is computed once
// before the loop in 64 bits, the view spanning the memref's rest up to
// 2^31 bytes; each step's offset from it (t floordiv 4 rows of K elements,
// the column) is 32-bit, as K <= 4096 bounds it. Where K is unbounded the
// offsets from the tile are not known to fit, and the read keeps its width
// under a lane predicate. Where the rows a step reads move with the loop's
// counter (B's tile in @step_tile), the descriptor can start at the loop
// step's tile instead, computed every step.
// CHECK-LABEL: gpu.func @tile_base
// CHECK:      [[ROWS:%[A-Za-z0-9_]+]] = memref.dim [[AT:%[A-Za-z0-9_]+]], %c0
// CHECK:      [[COLS:%[A-Za-z0-9_]+]] = memref.dim [[AT]], %c1
// CHECK:      [[ROWORIGIN:%[A-Za-z0-9_]+]] = arith.muli %{{.*}}, [[COLS]] : index
// CHECK:      [[ORIGIN:%[A-Za-z0-9_]+]] = arith.addi [[ROWORIGIN]], %{{.*}} : index
// CHECK:      [[TOTAL:%[A-Za-z0-9_]+]] = arith.muli [[COLS]], [[ROWS]] : index
// CHECK:      [[LEFT:%[A-Za-z0-9_]+]] = arith.subi [[TOTAL]], [[ORIGIN]] : index
// CHECK:      [[CAPPED:%[A-Za-z0-9_]+]] = arith.minui [[LEFT]], %c1073741824 : index
// CHECK:      [[STARTS:%[A-Za-z0-9_]+]] = arith.cmpi ult, [[ORIGIN]], [[TOTAL]] : index
// CHECK:      [[SPAN:%[A-Za-z0-9_]+]] = arith.select [[STARTS]], [[CAPPED]], %c0{{.*}} : index
// CHECK:      [[TILE:%[A-Za-z0-9_]+]] = memref.reinterpret_cast [[AT]] to offset: [[[ORIGIN]]], sizes: [[[SPAN]]], strides: [1]
// CHECK:      scf.for
// CHECK:        [[OFF:%[A-Za-z0-9_]+]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK:        [[SAFE:%[A-Za-z0-9_]+]] = arith.select %{{.*}}, [[OFF]], %c1073741824_i32 : i32
// CHECK:        amdgpu.raw_buffer_load [[TILE]][[[SAFE]]] : memref<?xf16, strided<[1], offset: ?>>, i32 -> vector<8xf16>
// In the code object: one 16-byte buffer load a step, no exec-mask branch;
// without the bound on K, a global load under the lane predicate.
// TILEASM-LABEL: tile_base:
// TILEASM:       buffer_load_dwordx4
// TILEASM-NOT:   s_and_saveexec_b64
// TILEASM:       s_endpgm
// TILEASM-LABEL: step_tile:
// TILEASM:       buffer_load_dwordx4
// TILEASM-NOT:   s_and_saveexec_b64
// TILEASM:       s_endpgm
// TILEASM-LABEL: tile_unbounded_k:
// TILEASM:       s_and_saveexec_b64
// TILEASM:       global_load_dwordx4
// CHECK-LABEL: gpu.func @step_tile
// CHECK:      scf.for
// CHECK:        [[ORIGIN:%[A-Za-z0-9_]+]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:        [[STILE:%[A-Za-z0-9_]+]] = memref.reinterpret_cast %{{.*}} to offset: [[[ORIGIN]]], sizes: [%{{.*}}], strides: [1]
// CHECK:        [[SAT:%[A-Za-z0-9_]+]] = arith.select %{{.*}}, %{{.*}}, %c1073741824_i32 : i32
// CHECK:        amdgpu.raw_buffer_load [[STILE]][[[SAT]]] : memref<?xf16, strided<[1], offset: ?>>, i32 -> vector<8xf16>
// CHECK-LABEL: gpu.func @tile_unbounded_k
// CHECK:      scf.if
// CHECK:        vector.load
// CHECK-NOT:  raw_buffer_load
gpu.module @m {
  gpu.func @tile_base(%A: memref<?x?xf16> {wave.dims = array<i64: 2, 3>},
                      %Y: memref<256x8xf16>, %M: index, %K: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(a, y, m, k) :
                      (m >= 0, k >= 0, 4096 - k >= 0, k mod 8 == 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.0> : vector<8xf16>
    %tid = gpu.thread_id x
    %bm = gpu.block_id y
    %steps = arith.ceildivsi %K, %c32 : index
    %sum = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %zero)
        -> (vector<8xf16>) {
      // expected-remark @below {{bounded access lowered to a buffer access whose descriptor starts at its workgroup's tile, lanes outside the shape selecting an offset past its end: the memref may span more than 2^31 bytes; not at its row: lane 4 of workgroup (0, 0, 0) accesses another row than the first lane of its wave}}
      %a = wave.read %A[%tid, %bm, %k]
          map affine_map<(t, b, k) -> (t floordiv 4 + b * 64, (t mod 4) * 8 + k * 32)>
          bounded : memref<?x?xf16> -> vector<8xf16>
      %next = arith.addf %acc, %a : vector<8xf16>
      scf.yield %next : vector<8xf16>
    }
    wave.write %sum, %Y[%tid] map affine_map<(t) -> (t, 0)> : vector<8xf16>, memref<256x8xf16>
    gpu.return
  }

  // B's K x N tile a K step, K unbounded and N at most 4096: rows k * 32
  // apart from step to step, whose offsets from the workgroup's tile nothing
  // bounds; from the step's tile (row 32 k, column 64 b) a lane's offset is
  // below 128 rows of N.
  gpu.func @step_tile(%B: memref<?x?xf16> {wave.dims = array<i64: 2, 3>},
                      %Y: memref<256x8xf16>, %K: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(b, y, k, n) :
                      (k >= 0, n >= 0, 4096 - n >= 0, n mod 8 == 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.0> : vector<8xf16>
    %tid = gpu.thread_id x
    %bn = gpu.block_id x
    %steps = arith.ceildivsi %K, %c32 : index
    %sum = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %zero)
        -> (vector<8xf16>) {
      // expected-remark @below {{bounded access lowered to a buffer access whose descriptor starts at its loop step's tile (computed every step: the offsets from the workgroup's tile may not fit 32 bits), lanes outside the shape selecting an offset past its end: the memref may span more than 2^31 bytes; not at its row: lane 8 of workgroup (0, 0, 0) accesses another row than the first lane of its wave}}
      %b = wave.read %B[%tid, %k, %bn]
          map affine_map<(t, k, b) -> (k * 32 + t floordiv 8, b * 64 + (t mod 8) * 8)>
          bounded : memref<?x?xf16> -> vector<8xf16>
      %next = arith.addf %acc, %b : vector<8xf16>
      scf.yield %next : vector<8xf16>
    }
    wave.write %sum, %Y[%tid] map affine_map<(t) -> (t, 0)> : vector<8xf16>, memref<256x8xf16>
    gpu.return
  }

  gpu.func @tile_unbounded_k(%A: memref<?x?xf16> {wave.dims = array<i64: 2, 3>},
                             %Y: memref<256x8xf16>, %M: index, %K: index)
      kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(a, y, m, k) :
                      (m >= 0, k >= 0, k mod 8 == 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.0> : vector<8xf16>
    %tid = gpu.thread_id x
    %bm = gpu.block_id y
    %steps = arith.ceildivsi %K, %c32 : index
    %sum = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %zero)
        -> (vector<8xf16>) {
      // expected-remark @below {{bounded access lowered to one access of the whole vector under a lane predicate, not a buffer access: extent 0 of its memref has no upper bound under the kernel's wave.assume, and buffer offsets are 32-bit; its descriptor cannot start at its row: its last coordinate is not known to lie within 2^31 bytes of the row's start; nor at its workgroup's tile: the part of coordinate 1 that varies between lanes or iterations is not known to be non-negative}}
      %a = wave.read %A[%tid, %bm, %k]
          map affine_map<(t, b, k) -> (t floordiv 4 + b * 64, (t mod 4) * 8 + k * 32)>
          bounded : memref<?x?xf16> -> vector<8xf16>
      %next = arith.addf %acc, %a : vector<8xf16>
      scf.yield %next : vector<8xf16>
    }
    wave.write %sum, %Y[%tid] map affine_map<(t) -> (t, 0)> : vector<8xf16>, memref<256x8xf16>
    gpu.return
  }
}

// -----

// A loop over rows that runs 64 past the last one (a wave's lanes on two
// rows): the varying term, the row times the row's length, reaches
// (32768 + 64) x 32768 elements of 2 bytes, over 2^31 bytes, so added to
// the offset past the end it could wrap to the buffer's start. The column's
// condition stays a separate compare, and-ed with the row's in each step.
// CHECK-LABEL: gpu.func @rows_past_the_end
// CHECK: [[COLIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK: scf.for
// CHECK: [[ROWIN:%[A-Za-z0-9_]+]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK: [[IN:%[A-Za-z0-9_]+]] = arith.andi [[COLIN]], [[ROWIN]] : i1
// CHECK: arith.select [[IN]], %{{.*}}, %c1073741824_i32 : i32
gpu.module @m {
  gpu.func @rows_past_the_end(%A: memref<?x?xf16> {wave.dims = array<i64: 2, 3>},
                              %Y: memref<64x8xf16>, %M: index, %K: index)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(a, y, m, k) :
                      (m >= 0, k >= 0, 32768 - m >= 0, 32768 - k >= 0,
                       k mod 8 == 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : vector<8xf16>
    %tid = gpu.thread_id x
    %rows = arith.addi %M, %c64 : index
    %sum = scf.for %r = %c0 to %rows step %c1 iter_args(%acc = %zero)
        -> (vector<8xf16>) {
      // expected-remark @below {{descriptor starts at the memref's start}}
      %a = wave.read %A[%r, %tid]
          map affine_map<(r, t) -> (r + t floordiv 32, (t mod 32) * 8)>
          bounded : memref<?x?xf16> -> vector<8xf16>
      %next = arith.addf %acc, %a : vector<8xf16>
      scf.yield %next : vector<8xf16>
    }
    wave.write %sum, %Y[%tid] map affine_map<(t) -> (t, 0)> : vector<8xf16>, memref<64x8xf16>
    gpu.return
  }
}
