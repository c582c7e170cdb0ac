// RUN: wave-opt %s --wave-expand-fragments --mlir-print-local-scope --split-input-file | FileCheck %s
// RUN: wave-opt %s --wave-expand-fragments=summary --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wave-opt %s --wave-expand-fragments=pack-k=false --mlir-print-local-scope --split-input-file | FileCheck %s --check-prefix=NOPACK
// A workgroup of 64 x 2 x 2 lanes: four waves over the linear thread id
// x + 64 y + 128 z. The kernel is in test/Dialect/Wave/fragments.mlir, where
// it runs against its scalar reference as every MMA kind does (the GEMM
// example in test/Examples/gemm-fragments.test):
// RUN: wave-opt %S/../fragments.mlir --wave-expand-fragments --mlir-print-local-scope | FileCheck %s --check-prefix=WG3D
// WG3D-LABEL: gpu.func @workgroup_3d(
// WG3D-NEXT: %[[X:.*]] = gpu.thread_id x
// WG3D-NEXT: %[[Y:.*]] = gpu.thread_id y
// WG3D-NEXT: %[[Z:.*]] = gpu.thread_id z
// WG3D:      wave.read %{{.*}}[%[[X]], %[[Y]], %[[Z]], %{{.*}}] map affine_map<(d0, d1, d2, d3) -> (((d0 floordiv 64 + d1) floordiv 2) * 16 + d2 * 16 + d0 mod 16, d3 * 4 + (d0 mod 64) floordiv 16)>
// WG3D:      wave.read %{{.*}}[%[[X]], %[[Y]], %[[Z]], %{{.*}}] map affine_map<(d0, d1, d2, d3) -> (d3 * 4 + (d0 mod 64) floordiv 16, ((d0 floordiv 64 + d1) mod 2) * 16 + d0 mod 16)> along 0

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

// An A fragment at position (i, j) of a 64 x 16 memref is the lane's 4 f16 at
// row 32 i + lane mod 32, columns 8 j + (lane floordiv 32) * 4 ...; the B
// fragment of a 16x16x16 kind runs along K, the rows (`along 0`). The thread
// id comes first among the operands (a gpu.thread_id is created at the top of
// the kernel), position operands follow; a map on the position is composed
// in (here one fragment further down), and the cache hint is kept.
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 0, fragment-accesses: 3, plain-accesses: 3, folded-wave-positions: 0
// CHECK-LABEL: gpu.func @operands(
// CHECK-SAME: %[[A:[a-zA-Z0-9_]+]]: memref<64x16xf16>, %[[I:[a-zA-Z0-9_]+]]: index, %[[J:[a-zA-Z0-9_]+]]: index
// CHECK-NEXT: %[[T:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[FA:.*]] = wave.read %[[A]][%[[T]], %[[I]], %[[J]]] map affine_map<(d0, d1, d2) -> (d1 * 32 + d0 mod 32, d2 * 8 + ((d0 mod 64) floordiv 32) * 4)> : memref<64x16xf16> -> vector<4xf16>
// CHECK-NEXT: wave.read %[[A]][%[[T]], %[[J]], %[[I]]] map affine_map<(d0, d1, d2) -> (d1 * 16 + ((d0 mod 64) floordiv 16) * 4, d2 * 16 + d0 mod 16)> along 0 cache <streaming> : memref<64x16xf16> -> vector<4xf16>
// CHECK-NEXT: wave.write %[[FA]], %[[A]][%[[T]], %[[I]], %[[J]]] map affine_map<(d0, d1, d2) -> (d1 * 32 + d0 mod 32 + 32, d2 * 8 + ((d0 mod 64) floordiv 32) * 4)> : vector<4xf16>, memref<64x16xf16>
// CHECK-NEXT: gpu.return
gpu.module @expand {
  gpu.func @operands(%A: memref<64x16xf16>, %i: index, %j: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %a = wave.read %A[%i, %j] fragment <A, f32_32x32x8_f16> : memref<64x16xf16> -> vector<4xf16>
    %b = wave.read %A[%j, %i] fragment <B, f32_16x16x16_f16> cache <streaming> : memref<64x16xf16> -> vector<4xf16>
    wave.write %a, %A[%i, %j] map affine_map<(d0, d1) -> (d0 + 1, d1)> fragment <A, f32_32x32x8_f16> : vector<4xf16>, memref<64x16xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

// The accumulator of a 32x32 kind is 4 runs of 4 rows: 4 plain accesses of
// vector<4xf32>, run g (slot 4g) 8 g rows further, with g an operand so the
// four share one map; reads are joined by insert_strided_slice, writes take
// extract_strided_slice, masks are sliced like the values. Transposed (an
// N x M memref) the runs lie along the columns. A 16x16 kind's accumulator
// is one run.
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 0, fragment-accesses: 3, plain-accesses: 9, folded-wave-positions: 0
// CHECK-LABEL: gpu.func @accumulator(
// CHECK-SAME: %[[C:[a-zA-Z0-9_]+]]: memref<64x64xf32>, %[[I:[a-zA-Z0-9_]+]]: index, %[[M:[a-zA-Z0-9_]+]]: vector<16xi1>
// CHECK-NEXT: %[[T:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-NEXT: %[[G0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[M0:.*]] = vector.extract_strided_slice %[[M]] {offsets = [0], sizes = [4], strides = [1]} : vector<16xi1> to vector<4xi1>
// CHECK-NEXT: %[[R0:.*]] = wave.read %[[C]][%[[T]], %[[I]], %[[I]], %[[G0]]] map affine_map<(d0, d1, d2, d3) -> (d1 * 32 + d3 * 8 + ((d0 mod 64) floordiv 32) * 4, d2 * 32 + d0 mod 32)> along 0 mask %[[M0]] : vector<4xi1> : memref<64x64xf32> -> vector<4xf32>
// CHECK-NEXT: %[[V0:.*]] = vector.insert_strided_slice %[[R0]], %[[Z]] {offsets = [0], strides = [1]} : vector<4xf32> into vector<16xf32>
// CHECK-NEXT: %[[G1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[M1:.*]] = vector.extract_strided_slice %[[M]] {offsets = [4], sizes = [4], strides = [1]}
// CHECK-NEXT: %[[R1:.*]] = wave.read %[[C]][%[[T]], %[[I]], %[[I]], %[[G1]]] map affine_map<(d0, d1, d2, d3) -> (d1 * 32 + d3 * 8 + ((d0 mod 64) floordiv 32) * 4, d2 * 32 + d0 mod 32)> along 0 mask %[[M1]]
// CHECK-NEXT: %[[V1:.*]] = vector.insert_strided_slice %[[R1]], %[[V0]] {offsets = [4], strides = [1]}
// CHECK:      %[[V3:.*]] = vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [12], strides = [1]}
// CHECK-NEXT: %[[W0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[S0:.*]] = vector.extract_strided_slice %[[V3]] {offsets = [0], sizes = [4], strides = [1]} : vector<16xf32> to vector<4xf32>
// CHECK-NEXT: wave.write %[[S0]], %[[C]][%[[T]], %[[I]], %[[I]], %[[W0]]] map affine_map<(d0, d1, d2, d3) -> (d1 * 32 + d0 mod 32, d2 * 32 + d3 * 8 + ((d0 mod 64) floordiv 32) * 4)> : vector<4xf32>, memref<64x64xf32>
// CHECK-COUNT-3: wave.write %{{.*}}, %[[C]][%[[T]], %[[I]], %[[I]], %{{.*}}] map affine_map<(d0, d1, d2, d3) -> (d1 * 32 + d0 mod 32, d2 * 32 + d3 * 8 + ((d0 mod 64) floordiv 32) * 4)> : vector<4xf32>, memref<64x64xf32>
// CHECK-NEXT: %[[S:.*]] = vector.extract_strided_slice %[[V3]] {offsets = [0], sizes = [4], strides = [1]}
// CHECK-NEXT: wave.write %[[S]], %[[C]][%[[T]], %[[I]], %[[I]]] map affine_map<(d0, d1, d2) -> (d1 * 16 + ((d0 mod 64) floordiv 16) * 4, d2 * 16 + d0 mod 16)> along 0 : vector<4xf32>, memref<64x64xf32>
// CHECK-NEXT: gpu.return
gpu.module @expand {
  gpu.func @accumulator(%C: memref<64x64xf32>, %i: index, %m: vector<16xi1>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %c = wave.read %C[%i, %i] fragment <acc, f32_32x32x8_f16> mask %m : vector<16xi1> : memref<64x64xf32> -> vector<16xf32>
    wave.write %c, %C[%i, %i] fragment <acc, f32_32x32x8_f16, transposed> : vector<16xf32>, memref<64x64xf32>
    %s = vector.extract_strided_slice %c {offsets = [0], sizes = [4], strides = [1]} : vector<16xf32> to vector<4xf32>
    wave.write %s, %C[%i, %i] fragment <acc, f32_16x16x16_f16> : vector<4xf32>, memref<64x64xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

// Transposed operands: A stored K x M runs along dimension 0, B stored N x K
// along dimension 1 (the innermost, so no `along`). A thread id of the entry
// block that dominates the accesses is reused; one in a nested region is not.
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 0, fragment-accesses: 3, plain-accesses: 3, folded-wave-positions: 0
// CHECK-LABEL: gpu.func @transposed(
// CHECK-SAME: %[[A:[a-zA-Z0-9_]+]]: memref<16x64xf16>, %[[B:[a-zA-Z0-9_]+]]: memref<64x16xf16>, %[[P:[a-zA-Z0-9_]+]]: i1
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[T:.*]] = gpu.thread_id x
// CHECK-NEXT: scf.if %[[P]] {
// CHECK-NEXT:   %[[NESTED:.*]] = gpu.thread_id x
// CHECK:      wave.read %[[A]][%[[T]], %[[C0]], %[[C0]]] map affine_map<(d0, d1, d2) -> (d1 * 8 + ((d0 mod 64) floordiv 32) * 4, d2 * 32 + d0 mod 32)> along 0 : memref<16x64xf16> -> vector<4xf16>
// CHECK-NEXT: wave.read %[[B]][%[[T]], %[[C0]], %[[C0]]] map affine_map<(d0, d1, d2) -> (d1 * 32 + d0 mod 32, d2 * 8 + ((d0 mod 64) floordiv 32) * 4)> : memref<64x16xf16> -> vector<4xf16>
// CHECK-LABEL: gpu.func @nested_only(
// CHECK-NEXT: %[[T2:.*]] = gpu.thread_id x
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: scf.if
// CHECK-NEXT:   gpu.thread_id x
// CHECK:      wave.read %{{.*}}[%[[T2]], %{{.*}}, %{{.*}}] map
gpu.module @expand {
  gpu.func @transposed(%A: memref<16x64xf16>, %B: memref<64x16xf16>, %p: i1) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    scf.if %p {
      %nested = gpu.thread_id x
      %v = wave.read %B[%nested, %c0] : memref<64x16xf16> -> vector<4xf16>
    }
    %a = wave.read %A[%c0, %c0] fragment <A, f32_32x32x8_f16, transposed> : memref<16x64xf16> -> vector<4xf16>
    %b = wave.read %B[%c0, %c0] fragment <B, f32_32x32x8_f16, transposed> : memref<64x16xf16> -> vector<4xf16>
    gpu.return
  }

  gpu.func @nested_only(%T: memref<64x64xf16>, %p: i1) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %c0 = arith.constant 0 : index
    scf.if %p {
      %nested = gpu.thread_id x
      %v = wave.read %T[%nested, %c0] : memref<64x64xf16> -> vector<4xf16>
    }
    %a = wave.read %T[%c0, %c0] fragment <A, f32_16x16x16_f16> : memref<64x64xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#lds = #gpu.address_space<workgroup>

// The wave's place in the workgroup: gpu.subgroup_id is t floordiv 64, with
// t = x + 64 y the linear thread id of a 64 x 4 workgroup;
// affine.delinearize_index of it into (2, 2) or (2) gives (w floordiv 2,
// w mod 2). They fold into the maps, which then take the thread ids only;
// the delinearization that something else uses stays, the others go.
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 0, fragment-accesses: 2, plain-accesses: 2, folded-wave-positions: 4
// CHECK-LABEL: gpu.func @waves(
// CHECK-SAME: %[[T:[a-zA-Z0-9_]+]]: memref<64x64xf16, #gpu.address_space<workgroup>>, %[[OUT:[A-Za-z0-9_]+]]: memref<4xindex>
// CHECK-NEXT: %[[X:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[Y:.*]] = gpu.thread_id y
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[W:.*]] = gpu.subgroup_id : index
// CHECK-NEXT: %[[D:.*]]:2 = affine.delinearize_index %[[W]] into (2, 2) : index, index
// CHECK-NEXT: wave.read %[[T]][%[[X]], %[[Y]]] map affine_map<(d0, d1) -> (((d0 floordiv 64 + d1) floordiv 2) * 16 + d0 mod 16, ((d0 floordiv 64 + d1) mod 2) * 16 + ((d0 mod 64) floordiv 16) * 4)>
// CHECK-NEXT: wave.read %[[T]][%[[X]], %[[Y]]] map affine_map<(d0, d1) -> (((d0 floordiv 64 + d1) floordiv 2) * 16 + ((d0 mod 64) floordiv 16) * 4, ((d0 floordiv 64 + d1) mod 2) * 16 + d0 mod 16)> along 0
// CHECK-NEXT: memref.store %[[D]]#1, %[[OUT]][%[[C0]]]
// CHECK-NEXT: gpu.return
//
// A delinearization with a dynamic basis does not fold: its results stay
// operands (which the footprint analysis cannot classify), and a remark
// says so.
// REMARK: remark: position operand 0 stays an index operand: only a static affine.delinearize_index of gpu.subgroup_id whose basis products fit 64 bits folds into the map
// REMARK: remark: position operand 1 stays an index operand
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 0, fragment-accesses: 1, plain-accesses: 1, folded-wave-positions: 0
// CHECK-LABEL: gpu.func @dynamic_basis(
// CHECK: %[[D2:.*]]:2 = affine.delinearize_index %{{.*}} into (%{{.*}}, 2)
// CHECK-NEXT: wave.read %{{.*}}[%{{.*}}, %[[D2]]#0, %[[D2]]#1] map affine_map<(d0, d1, d2) -> (d1 * 16 + d0 mod 16, d2 * 16 + ((d0 mod 64) floordiv 16) * 4)>
gpu.module @expand {
  gpu.func @waves(%T: memref<64x64xf16, #lds>, %out: memref<4xindex>) kernel
      attributes {known_block_size = array<i32: 64, 4, 1>, wave.kernel = #k} {
    %c0 = arith.constant 0 : index
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %hi, %lo = affine.delinearize_index %w into (2) : index, index
    %a = wave.read %T[%wr, %wc] fragment <A, f32_16x16x16_f16> : memref<64x64xf16, #lds> -> vector<4xf16>
    %b = wave.read %T[%hi, %lo] fragment <B, f32_16x16x16_f16> : memref<64x64xf16, #lds> -> vector<4xf16>
    memref.store %wc, %out[%c0] : memref<4xindex>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @expand {
  gpu.func @dynamic_basis(%T: memref<64x64xf16>, %n: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k} {
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (%n, 2) : index, index
    %a = wave.read %T[%wr, %wc] fragment <A, f32_16x16x16_f16> : memref<64x64xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

// A static basis whose inner product overflows 64 bits (2^32 * 2^32) does
// not fold either: the first result's divisor would wrap.
// REMARK: remark: position operand 0 stays an index operand: only a static affine.delinearize_index of gpu.subgroup_id whose basis products fit 64 bits folds into the map
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 0, fragment-accesses: 1, plain-accesses: 1, folded-wave-positions: 0
// CHECK-LABEL: gpu.func @overflowing_basis(
// CHECK: %[[D3:.*]]:3 = affine.delinearize_index %{{.*}} into (2, 4294967296, 4294967296)
// CHECK-NEXT: wave.read %{{.*}}[%{{.*}}, %[[D3]]#0, %{{.*}}] map affine_map<(d0, d1, d2) -> (d1 * 16 + d0 mod 16, d2 * 16 + ((d0 mod 64) floordiv 16) * 4)>
gpu.module @expand {
  gpu.func @overflowing_basis(%T: memref<64x64xf16>, %c: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k} {
    %w = gpu.subgroup_id : index
    %a, %b, %d = affine.delinearize_index %w into (2, 4294967296, 4294967296) : index, index, index
    %v = wave.read %T[%a, %c] fragment <A, f32_16x16x16_f16> : memref<64x64xf16> -> vector<4xf16>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

// Plain accesses are left alone; a kernel without fragments is unchanged.
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 0, fragment-accesses: 0, plain-accesses: 0, folded-wave-positions: 0
// CHECK-LABEL: gpu.func @plain(
// CHECK-NEXT: %[[T:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[V:.*]] = wave.read %{{.*}}[%[[T]]] map affine_map<(d0) -> (d0 * 4)> : memref<256xf32> -> vector<4xf32>
// CHECK-NEXT: wave.write %[[V]], %{{.*}}[%[[T]]] map affine_map<(d0) -> (d0 * 4)> : vector<4xf32>, memref<256xf32>
// CHECK-NEXT: gpu.return
gpu.module @expand {
  gpu.func @plain(%x: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %tid = gpu.thread_id x
    %v = wave.read %x[%tid] map affine_map<(t) -> (t * 4)> : memref<256xf32> -> vector<4xf32>
    wave.write %v, %x[%tid] map affine_map<(t) -> (t * 4)> : vector<4xf32>, memref<256xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
!lds = memref<64x32xf16, #gpu.address_space<workgroup>>

// wave.copy_tile of a 64x32 tile of 16x16 A fragments (a 4 x 2 grid) over
// 2 waves: copy c of wave w is fragment (c, w), read at block (bm, ks) of
// the source and written to the tile, a read then its write; the wave is a
// gpu.subgroup_id folded into the thread id (t floordiv 64).
// wave.mma_tile with a 1 x 2 grid and B stored N x K: per K fragment kk (2
// of them), the A fragment (wr, kk), the B fragments (wc * 2 + j, kk), then
// the MMAs of accumulators (0, 0) and (0, 1), chained over kk; by default
// both K fragments are read at once (below).
// REMARK: remark: wave-expand-fragments: tile-copies: 1, mma-tiles: 1, fragment-accesses: 11, plain-accesses: 11, folded-wave-positions: 8
// CHECK-LABEL: gpu.func @tiles(
// CHECK-SAME: %[[A:[A-Za-z0-9_]+]]: memref<256x64xf16>, %[[B:[A-Za-z0-9_]+]]: memref<64x32xf16>, %[[TA:[A-Za-z0-9_]+]]: memref<64x32xf16, #gpu.address_space<workgroup>>, %[[TB:[A-Za-z0-9_]+]]: memref<64x32xf16, #gpu.address_space<workgroup>>, %[[BM:[A-Za-z0-9_]+]]: index, %[[KS:[A-Za-z0-9_]+]]: index, %[[WR:[A-Za-z0-9_]+]]: index, %[[WC:[A-Za-z0-9_]+]]: index, %[[ACC:[A-Za-z0-9_]+]]: vector<4xf32>
// The fragment positions are index constants at the top of the kernel.
// CHECK-NEXT: %[[T:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[K0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[K1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[S0:.*]] = wave.read %[[A]][%[[T]], %[[BM]], %[[KS]], %[[K0]]] map affine_map<(d0, d1, d2, d3) -> (d1 * 64 + d3 * 16 + d0 mod 16, d2 * 32 + (d0 floordiv 64) * 16 + ((d0 mod 64) floordiv 16) * 4)> : memref<256x64xf16> -> vector<4xf16>
// CHECK-NEXT: wave.write %[[S0]], %[[TA]][%[[T]], %[[K0]]] map affine_map<(d0, d1) -> (d1 * 16 + d0 mod 16, (d0 floordiv 64) * 16 + ((d0 mod 64) floordiv 16) * 4)> : vector<4xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[S1:.*]] = wave.read %[[A]][%[[T]], %[[BM]], %[[KS]], %[[K1]]] map
// CHECK-NEXT: wave.write %[[S1]], %[[TA]][%[[T]], %[[K1]]] map
// CHECK-NEXT: wave.read %[[A]][%[[T]], %[[BM]], %[[KS]], %[[C2]]]
// CHECK-NEXT: wave.write
// CHECK-NEXT: wave.read %[[A]][%[[T]], %[[BM]], %[[KS]], %[[C3]]]
// CHECK-NEXT: wave.write
// With pack-k (the default) each read covers both K steps (k_pack = 2): the
// lane's 8 f16 at K offset (lane floordiv 16) * 8 of the 32-wide tile, and
// each step's MMAs take 4 of them, the first step's first.
// CHECK-NEXT: %[[A:.*]] = wave.read %[[TA]][%[[T]], %[[WR]], %[[K0]]] map affine_map<(d0, d1, d2) -> (d1 * 16 + d0 mod 16, d2 * 32 + ((d0 mod 64) floordiv 16) * 8)> : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
// CHECK-NEXT: %[[B0:.*]] = wave.read %[[TB]][%[[T]], %[[WC]], %[[K0]], %[[K0]]] map affine_map<(d0, d1, d2, d3) -> (d1 * 32 + d2 * 16 + d0 mod 16, d3 * 32 + ((d0 mod 64) floordiv 16) * 8)> : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
// CHECK-NEXT: %[[B1:.*]] = wave.read %[[TB]][%[[T]], %[[WC]], %[[K1]], %[[K0]]] map
// CHECK-NEXT: %[[A_0:.*]] = vector.extract_strided_slice %[[A]] {offsets = [0], sizes = [4], strides = [1]}
// CHECK-NEXT: %[[B0_0:.*]] = vector.extract_strided_slice %[[B0]] {offsets = [0], sizes = [4], strides = [1]}
// CHECK-NEXT: %[[B1_0:.*]] = vector.extract_strided_slice %[[B1]] {offsets = [0], sizes = [4], strides = [1]}
// CHECK-NEXT: %[[D00:.*]] = wave.mma <f32_16x16x16_f16> %[[A_0]], %[[B0_0]], %[[ACC]]
// CHECK-NEXT: %[[D01:.*]] = wave.mma <f32_16x16x16_f16> %[[A_0]], %[[B1_0]], %[[ACC]]
// CHECK-NEXT: %[[A_1:.*]] = vector.extract_strided_slice %[[A]] {offsets = [4], sizes = [4], strides = [1]}
// CHECK-NEXT: %[[B0_1:.*]] = vector.extract_strided_slice %[[B0]] {offsets = [4], sizes = [4], strides = [1]}
// CHECK-NEXT: %[[B1_1:.*]] = vector.extract_strided_slice %[[B1]] {offsets = [4], sizes = [4], strides = [1]}
// CHECK-NEXT: wave.mma <f32_16x16x16_f16> %[[A_1]], %[[B0_1]], %[[D00]]
// CHECK-NEXT: wave.mma <f32_16x16x16_f16> %[[A_1]], %[[B1_1]], %[[D01]]
// CHECK-NEXT: gpu.return
// With pack-k=false, one read a K step, as the kind's fragments are:
// NOPACK-LABEL: gpu.func @tiles(
// NOPACK: %[[T:.*]] = gpu.thread_id x
// NOPACK-NEXT: %[[K0:.*]] = arith.constant 0 : index
// NOPACK-NEXT: %[[K1:.*]] = arith.constant 1 : index
// NOPACK: wave.write
// NOPACK: wave.write
// NOPACK: wave.write
// NOPACK: wave.write
// NOPACK-NEXT: %[[A0:.*]] = wave.read %{{.*}}[%[[T]], %{{.*}}, %[[K0]]] map affine_map<(d0, d1, d2) -> (d1 * 16 + d0 mod 16, d2 * 16 + ((d0 mod 64) floordiv 16) * 4)> : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// NOPACK-NEXT: %[[B00:.*]] = wave.read %{{.*}}[%[[T]], %{{.*}}, %[[K0]], %[[K0]]] map affine_map<(d0, d1, d2, d3) -> (d1 * 32 + d2 * 16 + d0 mod 16, d3 * 16 + ((d0 mod 64) floordiv 16) * 4)> : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// NOPACK-NEXT: %[[B01:.*]] = wave.read %{{.*}}[%[[T]], %{{.*}}, %[[K1]], %[[K0]]] map
// NOPACK-NEXT: %[[D00:.*]] = wave.mma <f32_16x16x16_f16> %[[A0]], %[[B00]], %{{.*}}
// NOPACK-NEXT: %[[D01:.*]] = wave.mma <f32_16x16x16_f16> %[[A0]], %[[B01]], %{{.*}}
// NOPACK-NEXT: %[[A1:.*]] = wave.read %{{.*}}[%[[T]], %{{.*}}, %[[K1]]] map
// NOPACK-NEXT: %[[B10:.*]] = wave.read %{{.*}}[%[[T]], %{{.*}}, %[[K0]], %[[K1]]] map
// NOPACK-NEXT: %[[B11:.*]] = wave.read %{{.*}}[%[[T]], %{{.*}}, %[[K1]], %[[K1]]] map
// NOPACK-NEXT: wave.mma <f32_16x16x16_f16> %[[A1]], %[[B10]], %[[D00]]
// NOPACK-NEXT: wave.mma <f32_16x16x16_f16> %[[A1]], %[[B11]], %[[D01]]
// NOPACK-NEXT: gpu.return
gpu.module @expand {
  gpu.func @tiles(%A: memref<256x64xf16>, %B: memref<64x32xf16>, %ta: !lds, %tb: !lds, %bm: index, %ks: index, %wr: index, %wc: index, %acc: vector<4xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, wave.kernel = #k} {
    wave.copy_tile %A[%bm, %ks] fragment <A, f32_16x16x16_f16>, %ta : memref<256x64xf16>, !lds
    %d:2 = wave.mma_tile %ta[%wr] fragment <A, f32_16x16x16_f16>, %tb[%wc] fragment <B, f32_16x16x16_f16, transposed>, %acc, %acc grid [1, 2] : !lds, !lds -> vector<4xf32>, vector<4xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

// Fewer K positions than waves: a 32x64 tile of 16x16 B fragments has 2 K
// positions (rows) for 4 waves, so copy c of wave w is fragment row
// w mod 2, column c * 2 + w floordiv 2. The source's block indices are
// taken across K first (bn, then ks), as wave.mma_tile's reads and
// hand-written kernels order them.
// REMARK: remark: wave-expand-fragments: tile-copies: 1, mma-tiles: 0, fragment-accesses: 4, plain-accesses: 4, folded-wave-positions: 4
// CHECK-LABEL: gpu.func @copy_rows(
// CHECK-SAME: %[[B:[A-Za-z0-9_]+]]: memref<128x128xf16>, %[[TB:[A-Za-z0-9_]+]]: memref<32x64xf16, #gpu.address_space<workgroup>>, %[[KS:[A-Za-z0-9_]+]]: index, %[[BN:[A-Za-z0-9_]+]]: index
// CHECK-NEXT: %[[T:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[S0:.*]] = wave.read %[[B]][%[[T]], %[[BN]], %[[KS]], %[[C0]]] map affine_map<(d0, d1, d2, d3) -> (d2 * 32 + ((d0 floordiv 64) mod 2) * 16 + ((d0 mod 64) floordiv 16) * 4, d1 * 64 + d3 * 32 + ((d0 floordiv 64) floordiv 2) * 16 + d0 mod 16)> along 0 : memref<128x128xf16> -> vector<4xf16>
// CHECK-NEXT: wave.write %[[S0]], %[[TB]][%[[T]], %[[C0]]] map affine_map<(d0, d1) -> (((d0 floordiv 64) mod 2) * 16 + ((d0 mod 64) floordiv 16) * 4, d1 * 32 + ((d0 floordiv 64) floordiv 2) * 16 + d0 mod 16)> along 0 : vector<4xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[S1:.*]] = wave.read %[[B]][%[[T]], %[[BN]], %[[KS]], %[[C1]]] map
// CHECK-NEXT: wave.write %[[S1]], %[[TB]][%[[T]], %[[C1]]] map
// CHECK-NEXT: gpu.return
gpu.module @expand {
  gpu.func @copy_rows(%B: memref<128x128xf16>, %tb: memref<32x64xf16, #gpu.address_space<workgroup>>, %ks: index, %bn: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k} {
    wave.copy_tile %B[%ks, %bn] fragment <B, f32_16x16x16_f16>, %tb : memref<128x128xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

// Three K steps (a 32 x 24 tile of 32x32x8 A fragments): no power of two
// above 1 divides them, so nothing is packed, and a remark says why. The
// reads are the kind's fragments, one a K step.
// REMARK: remark: K fragments packed by 1, not 2: the tiles hold 3 K steps of f32_32x32x8_f16, not a multiple of 2
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 1, fragment-accesses: 6, plain-accesses: 6, folded-wave-positions: 0
// CHECK-LABEL: gpu.func @odd_k_steps(
// CHECK-COUNT-2: wave.read {{.*}} -> vector<4xf16>
// CHECK-NEXT: wave.mma <f32_32x32x8_f16>
// CHECK-COUNT-2: wave.read {{.*}} -> vector<4xf16>
// CHECK-NEXT: wave.mma <f32_32x32x8_f16>
// CHECK-COUNT-2: wave.read {{.*}} -> vector<4xf16>
// CHECK-NEXT: wave.mma <f32_32x32x8_f16>
// CHECK-NEXT: gpu.return
gpu.module @expand {
  gpu.func @odd_k_steps(%ta: memref<32x24xf16, #gpu.address_space<workgroup>>, %tb: memref<24x32xf16, #gpu.address_space<workgroup>>, %i: index, %acc: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %d = wave.mma_tile %ta[%i] fragment <A, f32_32x32x8_f16>, %tb[%i] fragment <B, f32_32x32x8_f16>, %acc : memref<32x24xf16, #gpu.address_space<workgroup>>, memref<24x32xf16, #gpu.address_space<workgroup>> -> vector<16xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

// f32_16x16x4_f32 holds one f32 of A and of B a lane (4 bytes): 16 bytes
// would pack 4 K steps, but 6 K steps (a 16 x 24 tile) allow 2. Each lane
// then reads 2 consecutive f32 along K at K offset (lane floordiv 16) * 2 of
// each 8-wide group, for two MMAs.
// REMARK: remark: K fragments packed by 2, not 4: the tiles hold 6 K steps of f32_16x16x4_f32, not a multiple of 4
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 1, fragment-accesses: 6, plain-accesses: 6, folded-wave-positions: 0
// CHECK-LABEL: gpu.func @partial_pack(
// CHECK: %[[A:.*]] = wave.read %{{.*}} map affine_map<(d0, d1, d2) -> (d1 * 16 + d0 mod 16, d2 * 8 + ((d0 mod 64) floordiv 16) * 2)> : memref<16x24xf32, #gpu.address_space<workgroup>> -> vector<2xf32>
// CHECK-NEXT: %[[B:.*]] = wave.read %{{.*}} map affine_map<(d0, d1, d2) -> (d2 * 8 + ((d0 mod 64) floordiv 16) * 2, d1 * 16 + d0 mod 16)> along 0 : memref<24x16xf32, #gpu.address_space<workgroup>> -> vector<2xf32>
// CHECK-NEXT: %[[A0:.*]] = vector.extract_strided_slice %[[A]] {offsets = [0], sizes = [1], strides = [1]}
// CHECK-NEXT: %[[B0:.*]] = vector.extract_strided_slice %[[B]] {offsets = [0], sizes = [1], strides = [1]}
// CHECK-NEXT: %[[D0:.*]] = wave.mma <f32_16x16x4_f32> %[[A0]], %[[B0]], %{{.*}}
// CHECK-NEXT: %[[A1:.*]] = vector.extract_strided_slice %[[A]] {offsets = [1], sizes = [1], strides = [1]}
// CHECK-NEXT: %[[B1:.*]] = vector.extract_strided_slice %[[B]] {offsets = [1], sizes = [1], strides = [1]}
// CHECK-NEXT: wave.mma <f32_16x16x4_f32> %[[A1]], %[[B1]], %[[D0]]
// CHECK-COUNT-2: wave.read {{.*}} -> vector<2xf32>
// CHECK-COUNT-2: wave.read {{.*}} -> vector<2xf32>
// CHECK-NOT: wave.read
// CHECK: gpu.return
gpu.module @expand {
  gpu.func @partial_pack(%ta: memref<16x24xf32, #gpu.address_space<workgroup>>, %tb: memref<24x16xf32, #gpu.address_space<workgroup>>, %i: index, %acc: vector<4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %d = wave.mma_tile %ta[%i] fragment <A, f32_16x16x4_f32>, %tb[%i] fragment <B, f32_16x16x4_f32>, %acc : memref<16x24xf32, #gpu.address_space<workgroup>>, memref<24x16xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
    gpu.return
  }
}

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>

// A tile swizzled in groups of 4 f16 keeps no 8 consecutive elements of a
// row together: the A operands, which run along its rows, are not packed
// (and so neither are B's: both take the same K order). A remark says so.
// REMARK: remark: K fragments packed by 1, not 2: the A tile's swizzle keeps groups of 4 elements contiguous
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 1, fragment-accesses: 8, plain-accesses: 8, folded-wave-positions: 0
// CHECK-LABEL: gpu.func @swizzled_tile(
// CHECK-COUNT-2: wave.read {{.*}} -> vector<4xf16>
// CHECK-NEXT: wave.mma <f32_32x32x8_f16>
gpu.module @expand {
  gpu.func @swizzled_tile(%tb: memref<32x32xf16, #gpu.address_space<workgroup>>, %i: index, %acc: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %ta = wave.alloc_lds swizzle <vec = 4, per_phase = 1, max_phase = 8> : memref<32x32xf16, #gpu.address_space<workgroup>>
    %d = wave.mma_tile %ta[%i] fragment <A, f32_32x32x8_f16>, %tb[%i] fragment <B, f32_32x32x8_f16>, %acc : memref<32x32xf16, #gpu.address_space<workgroup>>, memref<32x32xf16, #gpu.address_space<workgroup>> -> vector<16xf32>
    gpu.return
  }
}

// -----

// The ops on fragments in registers, from the layout table of
// f32_32x32x8_f16 (accumulator: lane l, slot s holds row
// (s floordiv 4) * 8 + (l floordiv 32) * 4 + s mod 4, column l mod 32) and
// f32_16x16x16_f16 (row (l floordiv 16) * 4 + s, column l mod 16):
//  - the accumulator as B fragments: fragment j is the lane's own slots
//    4 j .. 4 j + 3 (rows 8 j .. 8 j + 7 of its column), truncated to f16;
//  - a column maximum over two 32 x 32 tiles: the lane's 32 slots (one
//    column), a balanced tree, then the lane 32 apart (xor shuffle);
//  - a row sum of 16 x 16 tiles: per slot (one row each), over the tiles,
//    then over the 16 consecutive lanes of the row (DPP cluster);
//  - the broadcast of the column statistic back over the 16 slots;
//  - the row of each slot, an affine map of the lane id.
// In wave-run, test/Examples/attention.test runs the attention kernels,
// made of these ops, against scalar references.
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @registers {
  gpu.func @registers(%s0: vector<16xf32>, %s1: vector<16xf32>, %r: vector<4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %p:4 = wave.acc_to_operand %s0 fragment <acc, f32_32x32x8_f16> to <B, f32_32x32x8_f16>
        : vector<16xf32> -> vector<4xf16>, vector<4xf16>, vector<4xf16>, vector<4xf16>
    %m = wave.fragment_reduce <max> %s0, %s1 fragment <acc, f32_32x32x8_f16> dim 0
        : vector<16xf32>, vector<16xf32> -> vector<1xf32>
    %mb = wave.fragment_broadcast %m fragment <acc, f32_32x32x8_f16> dim 0 : vector<1xf32> -> vector<16xf32>
    %rows = wave.fragment_reduce <add> %r, %r fragment <acc, f32_16x16x16_f16> dim 1
        : vector<4xf32>, vector<4xf32> -> vector<4xf32>
    %key = wave.fragment_index fragment <acc, f32_32x32x8_f16> dim 0 : vector<16xi32>
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @registers(
// CHECK-SAME:      %[[S0:[a-z0-9]+]]: vector<16xf32>, %[[S1:[a-z0-9]+]]: vector<16xf32>, %[[R:[a-z0-9]+]]: vector<4xf32>)
// CHECK:         %[[G0:.*]] = vector.shuffle %[[S0]], %[[S0]] [0, 1, 2, 3] : vector<16xf32>, vector<16xf32>
// CHECK-NEXT:    %[[P0:.*]] = arith.truncf %[[G0]] : vector<4xf32> to vector<4xf16>
// CHECK-NEXT:    vector.shuffle %[[S0]], %[[S0]] [4, 5, 6, 7]
// CHECK-NEXT:    arith.truncf
// CHECK-NEXT:    vector.shuffle %[[S0]], %[[S0]] [8, 9, 10, 11]
// CHECK-NEXT:    arith.truncf
// CHECK-NEXT:    %[[G3:.*]] = vector.shuffle %[[S0]], %[[S0]] [12, 13, 14, 15]
// CHECK-NEXT:    %[[P3:.*]] = arith.truncf %[[G3]]
// CHECK-COUNT-32: vector.extract %{{s0|s1}}[{{[0-9]+}}] : f32 from vector<16xf32>
// CHECK-COUNT-31: arith.maxnumf
// CHECK-NEXT:    %[[C32:.*]] = arith.constant 32 : i32
// CHECK-NEXT:    %[[OTHER:.*]] = wave.shuffle <xor> %[[LANE_MAX:.*]], %[[C32]] : f32
// CHECK-NEXT:    %[[MAX:.*]] = arith.maxnumf %[[LANE_MAX]], %[[OTHER]] : f32
// CHECK-NEXT:    %[[M:.*]] = vector.from_elements %[[MAX]] : vector<1xf32>
// CHECK-NEXT:    %[[MB:.*]] = vector.shuffle %[[M]], %[[M]] [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : vector<1xf32>, vector<1xf32>
// CHECK-COUNT-8: vector.extract %[[R]]
// CHECK-COUNT-4: arith.addf
// CHECK-NEXT:    %[[R0:.*]] = wave.reduce <add> %{{.*}} cluster(size = 16) : f32
// CHECK-NEXT:    %[[R1:.*]] = wave.reduce <add> %{{.*}} cluster(size = 16) : f32
// CHECK-NEXT:    %[[R2:.*]] = wave.reduce <add> %{{.*}} cluster(size = 16) : f32
// CHECK-NEXT:    %[[R3:.*]] = wave.reduce <add> %{{.*}} cluster(size = 16) : f32
// CHECK-NEXT:    %[[ROWS:.*]] = vector.from_elements %[[R0]], %[[R1]], %[[R2]], %[[R3]] : vector<4xf32>
// CHECK-NEXT:    %[[L:.*]] = gpu.lane_id
// CHECK-NEXT:    affine.apply affine_map<(d0) -> ((d0 floordiv 32) * 4)>(%[[L]])
// CHECK-NEXT:    arith.index_cast
// CHECK-NEXT:    affine.apply affine_map<(d0) -> ((d0 floordiv 32) * 4 + 1)>(%[[L]])
// CHECK:         affine.apply affine_map<(d0) -> ((d0 floordiv 32) * 4 + 8)>(%[[L]])
// CHECK:         affine.apply affine_map<(d0) -> ((d0 floordiv 32) * 4 + 27)>(%[[L]])
// CHECK-NEXT:    arith.index_cast
// CHECK-NEXT:    %[[KEY:.*]] = vector.from_elements {{.*}} : vector<16xi32>
// CHECK-NEXT:    gpu.return
// CHECK-NOT:     wave.acc_to_operand
// CHECK-NOT:     wave.fragment_
// REMARK: remark: accumulator of f32_32x32x8_f16 converted to 4 B fragments of f32_32x32x8_f16 in registers: every lane holds the elements of its fragments
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 0, fragment-accesses: 0, plain-accesses: 0, folded-wave-positions: 0, register-fragment-ops: 5

// -----

// An accumulator written as f16 (converted by the user), to a memref of
// rank 3 whose leading dimension (a head) is indexed element by element:
// the plain accesses keep the head index and the f16 type.
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @converted_rank3 {
  gpu.func @converted_rank3(%o: memref<2x64x64xf16>, %v: vector<16xf16>, %h: index, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    wave.write %v, %o[%h, %i, %i] fragment <acc, f32_32x32x8_f16, transposed>
        : vector<16xf16>, memref<2x64x64xf16>
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @converted_rank3(
// CHECK:         %[[T:.*]] = gpu.thread_id x
// CHECK:         %[[RUN0:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [4], strides = [1]} : vector<16xf16> to vector<4xf16>
// CHECK-NEXT:    wave.write %[[RUN0]], %{{.*}}[%[[T]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] map affine_map<(d0, d1, d2, d3, d4) -> (d1, d2 * 32 + d0 mod 32, d3 * 32 + d4 * 8 + ((d0 mod 64) floordiv 32) * 4)> : vector<4xf16>, memref<2x64x64xf16>
// CHECK-COUNT-3: wave.write {{.*}} : vector<4xf16>, memref<2x64x64xf16>
// REMARK: remark: wave-expand-fragments: tile-copies: 0, mma-tiles: 0, fragment-accesses: 1, plain-accesses: 4, folded-wave-positions: 0, register-fragment-ops: 0

// -----

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#pa = affine_map<(bm, ks, wr) -> (bm * 2 + wr, ks)>
#pb = affine_map<(bn, ks, wc) -> (ks, bn * 2 + wc)>
#pc = affine_map<(bm, bn, wr, wc) -> (bm * 2 + wr, bn * 2 + wc)>
!a_tile = memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
!b_tile = memref<32x64xf16, strided<[68, 1]>, #gpu.address_space<workgroup>>

// A GEMM of run-time M, N, K (memrefs of dynamic extents bound by
// `wave.dims`, a K loop of run-time trip count, bounded edge fragments) and
// its static twin at M = N = K = 64 expand alike: the same maps, the wave
// positions folded, `bounded` kept on every plain access.
// wave-run expands fragments before it interprets a kernel, so the dynamic
// one is checked against its scalar reference instead, at sizes with
// partial tiles in M, N and K and without (this part of the file alone):
// RUN: %python -c "import sys; sys.stdout.write(open(sys.argv[1]).read().split('// ' + 5 * '-')[-1])" %s > %t.sizes.mlir
// RUN: wave-run %t.sizes.mlir --kernel=gemm_dynamic --grid=2,2 --scalar=M=40 --scalar=N=72 --scalar=K=20 | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.sizes.mlir --kernel=gemm_dynamic --grid=3,2 --scalar=M=128 --scalar=N=130 --scalar=K=36 | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.sizes.mlir --kernel=gemm_dynamic --grid=1,1 --scalar=M=64 --scalar=N=64 --scalar=K=64 | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.sizes.mlir --kernel=gemm_tiles_dynamic --grid=2,2 --scalar=M=40 --scalar=N=72 --scalar=K=20 | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.sizes.mlir --kernel=gemm_tiles_dynamic --grid=3,2 --scalar=M=128 --scalar=N=130 --scalar=K=72 | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.sizes.mlir --kernel=gemm_tiles_dynamic --grid=1,1 --scalar=M=64 --scalar=N=64 --scalar=K=64 | FileCheck %s --check-prefix=AGREE
// AGREE: comparing @gemm_{{(tiles_)?}}dynamic with @gemm_ref
// AGREE-NEXT: output 'C' ({{.*}}): agrees
// AGREE-NEXT: PASS
// The counts are those of the three kernels: 3 fragment accesses, 6 plain
// ones and 4 wave positions in each of the first two, the copies and the
// MMA tile of the third as in examples/gemm.mlir.
// REMARK: remark: wave-expand-fragments: tile-copies: 2, mma-tiles: 1, fragment-accesses: 19, plain-accesses: 28, folded-wave-positions: 22
// CHECK-LABEL: gpu.func @gemm_dynamic(
// CHECK-NEXT: %[[T:.*]] = gpu.thread_id x
// CHECK:      scf.for %[[KS:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:   wave.read %{{.*}}[%[[T]], %[[BM:.*]], %[[KS]]] map affine_map<(d0, d1, d2) -> (d1 * 64 + (d0 floordiv 128) * 32 + d0 mod 32, d2 * 8 + ((d0 mod 64) floordiv 32) * 4)> bounded : memref<?x?xf16> -> vector<4xf16>
// CHECK-NEXT:   wave.read %{{.*}}[%[[T]], %[[BN:.*]], %[[KS]]] map affine_map<(d0, d1, d2) -> (d2 * 8 + ((d0 mod 64) floordiv 32) * 4, d1 * 64 + ((d0 floordiv 64) mod 2) * 32 + d0 mod 32)> along 0 bounded : memref<?x?xf16> -> vector<4xf16>
// CHECK-NEXT:   wave.mma
// CHECK-COUNT-4: wave.write %{{.*}}, %{{.*}}[%[[T]], %[[BM]], %[[BN]], %{{.*}}] map affine_map<(d0, d1, d2, d3) -> (d1 * 64 + (d0 floordiv 128) * 32 + d3 * 8 + ((d0 mod 64) floordiv 32) * 4, d2 * 64 + ((d0 floordiv 64) mod 2) * 32 + d0 mod 32)> along 0 bounded : vector<4xf32>, memref<?x?xf32>
// The tile copies of a run-time size read the source as those of the static
// examples/gemm.mlir do, bounded; the tile is written as there.
// CHECK-LABEL: gpu.func @gemm_tiles_dynamic(
// CHECK:      scf.for
// CHECK-NEXT:   %[[A0:.*]] = wave.read %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] map affine_map<(d0, d1, d2, d3) -> (d1 * 64 + d3 * 32 + d0 mod 32, d2 * 32 + (d0 floordiv 64) * 8 + ((d0 mod 64) floordiv 32) * 4)> bounded : memref<?x?xf16> -> vector<4xf16>
// CHECK-NEXT:   wave.write %[[A0]], %{{.*}} map affine_map<(d0, d1) -> (d1 * 32 + d0 mod 32, (d0 floordiv 64) * 8 + ((d0 mod 64) floordiv 32) * 4)> : vector<4xf16>, memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
// CHECK-NEXT:   wave.read %{{.*}} bounded : memref<?x?xf16> -> vector<4xf16>
// CHECK-NEXT:   wave.write
// CHECK-NEXT:   %[[B0:.*]] = wave.read %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] map affine_map<(d0, d1, d2, d3) -> (d2 * 32 + (d0 floordiv 64) * 8 + ((d0 mod 64) floordiv 32) * 4, d1 * 64 + d3 * 32 + d0 mod 32)> along 0 bounded : memref<?x?xf16> -> vector<4xf16>
// CHECK-NEXT:   wave.write %[[B0]]
// CHECK-NEXT:   wave.read %{{.*}} bounded : memref<?x?xf16> -> vector<4xf16>
// CHECK-NEXT:   wave.write
// CHECK-NEXT:   wave.barrier
// RUN: wave-opt %examples/gemm.mlir --wave-expand-fragments --mlir-print-local-scope | FileCheck %s --check-prefix=TILES
// TILES:      scf.for
// TILES-NEXT:   %[[A0:.*]] = wave.read %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] map affine_map<(d0, d1, d2, d3) -> (d1 * 64 + d3 * 32 + d0 mod 32, d2 * 32 + (d0 floordiv 64) * 8 + ((d0 mod 64) floordiv 32) * 4)> : memref<256x256xf16> -> vector<4xf16>
// TILES-NEXT:   wave.write %[[A0]], %{{.*}} map affine_map<(d0, d1) -> (d1 * 32 + d0 mod 32, (d0 floordiv 64) * 8 + ((d0 mod 64) floordiv 32) * 4)> : vector<4xf16>, memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
// TILES-NEXT:   wave.read %{{.*}} : memref<256x256xf16> -> vector<4xf16>
// TILES-NEXT:   wave.write
// TILES-NEXT:   %[[B0:.*]] = wave.read %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] map affine_map<(d0, d1, d2, d3) -> (d2 * 32 + (d0 floordiv 64) * 8 + ((d0 mod 64) floordiv 32) * 4, d1 * 64 + d3 * 32 + d0 mod 32)> along 0 : memref<256x256xf16> -> vector<4xf16>
// TILES-NEXT:   wave.write %[[B0]]
// TILES-NEXT:   wave.read %{{.*}} : memref<256x256xf16> -> vector<4xf16>
// TILES-NEXT:   wave.write
// TILES-NEXT:   wave.barrier
// CHECK-LABEL: gpu.func @gemm_static(
// CHECK-NEXT: %[[T:.*]] = gpu.thread_id x
// CHECK:      scf.for %[[KS:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:   wave.read %{{.*}}[%[[T]], %[[BM:.*]], %[[KS]]] map affine_map<(d0, d1, d2) -> (d1 * 64 + (d0 floordiv 128) * 32 + d0 mod 32, d2 * 8 + ((d0 mod 64) floordiv 32) * 4)> bounded : memref<64x64xf16> -> vector<4xf16>
// CHECK-NEXT:   wave.read %{{.*}}[%[[T]], %[[BN:.*]], %[[KS]]] map affine_map<(d0, d1, d2) -> (d2 * 8 + ((d0 mod 64) floordiv 32) * 4, d1 * 64 + ((d0 floordiv 64) mod 2) * 32 + d0 mod 32)> along 0 bounded : memref<64x64xf16> -> vector<4xf16>
// CHECK-NEXT:   wave.mma
// CHECK-COUNT-4: wave.write %{{.*}}, %{{.*}}[%[[T]], %[[BM]], %[[BN]], %{{.*}}] map affine_map<(d0, d1, d2, d3) -> (d1 * 64 + (d0 floordiv 128) * 32 + d3 * 8 + ((d0 mod 64) floordiv 32) * 4, d2 * 64 + ((d0 floordiv 64) mod 2) * 32 + d0 mod 32)> along 0 bounded : vector<4xf32>, memref<64x64xf32>
gpu.module @expand {
  gpu.func @gemm_dynamic(%A: memref<?x?xf16> {wave.dims = array<i64: 3, 5>},
                         %B: memref<?x?xf16> {wave.dims = array<i64: 5, 4>},
                         %C: memref<?x?xf32> {wave.dims = array<i64: 3, 4>},
                         %M: index, %N: index, %K: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k,
                  wave.reference = @gemm_ref,
                  wave.assume = affine_set<(a, b, c, m, n, k) :
                      (m - 1 >= 0, n - 1 >= 0, k - 1 >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %steps = arith.ceildivsi %K, %c8 : index
    %r = scf.for %ks = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %a = wave.read %A[%bm, %ks, %wr] map #pa fragment <A, f32_32x32x8_f16> bounded : memref<?x?xf16> -> vector<4xf16>
      %b = wave.read %B[%bn, %ks, %wc] map #pb fragment <B, f32_32x32x8_f16> bounded : memref<?x?xf16> -> vector<4xf16>
      %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      scf.yield %d : vector<16xf32>
    }
    wave.write %r, %C[%bm, %bn, %wr, %wc] map #pc fragment <acc, f32_32x32x8_f16> bounded : vector<16xf32>, memref<?x?xf32>
    gpu.return
  }

  // The GEMM of examples/gemm.mlir (copy_tile stages A and B through padded
  // LDS tiles, mma_tile runs a K step's MFMAs) on run-time M, N, K:
  // `bounded` on the copies reads zero past the edges into the tiles, and
  // the accumulator's write skips them.
  gpu.func @gemm_tiles_dynamic(%A: memref<?x?xf16> {wave.dims = array<i64: 3, 5>},
                               %B: memref<?x?xf16> {wave.dims = array<i64: 5, 4>},
                               %C: memref<?x?xf32> {wave.dims = array<i64: 3, 4>},
                               %M: index, %N: index, %K: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k,
                  wave.reference = @gemm_ref,
                  wave.assume = affine_set<(a, b, c, m, n, k) :
                      (m - 1 >= 0, n - 1 >= 0, k - 1 >= 0)>} {
    %a_tile = wave.alloc_lds padding [0, 4] : !a_tile
    %b_tile = wave.alloc_lds padding [0, 4] : !b_tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %steps = arith.ceildivsi %K, %c32 : index
    %r = scf.for %ks = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      wave.copy_tile %A[%bm, %ks] fragment <A, f32_32x32x8_f16>, %a_tile bounded : memref<?x?xf16>, !a_tile
      wave.copy_tile %B[%ks, %bn] fragment <B, f32_32x32x8_f16>, %b_tile bounded : memref<?x?xf16>, !b_tile
      wave.barrier
      %d = wave.mma_tile %a_tile[%wr] fragment <A, f32_32x32x8_f16>, %b_tile[%wc] fragment <B, f32_32x32x8_f16>, %acc : !a_tile, !b_tile -> vector<16xf32>
      wave.barrier
      scf.yield %d : vector<16xf32>
    }
    wave.write %r, %C[%bm, %bn, %wr, %wc] map #pc fragment <acc, f32_32x32x8_f16> bounded : vector<16xf32>, memref<?x?xf32>
    gpu.return
  }

  gpu.func @gemm_ref(%A: memref<?x?xf16> {wave.dims = array<i64: 3, 5>},
                     %B: memref<?x?xf16> {wave.dims = array<i64: 5, 4>},
                     %C: memref<?x?xf32> {wave.dims = array<i64: 3, 4>},
                     %M: index, %N: index, %K: index) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    scf.for %row = %ty to %M step %c16 {
      scf.for %col = %tx to %N step %c16 {
        %dot = scf.for %k = %c0 to %K step %c1 iter_args(%s = %zero) -> (f32) {
          %a = memref.load %A[%row, %k] : memref<?x?xf16>
          %b = memref.load %B[%k, %col] : memref<?x?xf16>
          %a32 = arith.extf %a : f16 to f32
          %b32 = arith.extf %b : f16 to f32
          %p = arith.mulf %a32, %b32 : f32
          %next = arith.addf %s, %p : f32
          scf.yield %next : f32
        }
        memref.store %dot, %C[%row, %col] : memref<?x?xf32>
      }
    }
    gpu.return
  }
}

gpu.module @expand_static {
  gpu.func @gemm_static(%A: memref<64x64xf16>, %B: memref<64x64xf16>,
                        %C: memref<64x64xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %r = scf.for %ks = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %a = wave.read %A[%bm, %ks, %wr] map #pa fragment <A, f32_32x32x8_f16> bounded : memref<64x64xf16> -> vector<4xf16>
      %b = wave.read %B[%bn, %ks, %wc] map #pb fragment <B, f32_32x32x8_f16> bounded : memref<64x64xf16> -> vector<4xf16>
      %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      scf.yield %d : vector<16xf32>
    }
    wave.write %r, %C[%bm, %bn, %wr, %wc] map #pc fragment <acc, f32_32x32x8_f16> bounded : vector<16xf32>, memref<64x64xf32>
    gpu.return
  }
}
