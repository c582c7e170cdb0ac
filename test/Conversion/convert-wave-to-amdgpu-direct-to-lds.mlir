// A pair wave-direct-to-lds marked becomes one amdgpu.gather_to_lds at the
// write, with the read's coordinates and the write's; a marked pair a later
// change broke stays a load and an LDS write, with a remark.
// RUN: wave-opt %s --convert-wave-to-amdgpu --verify-diagnostics --mlir-print-local-scope | FileCheck %s

#k950 = #wave.kernel<chip = "gfx950", wave_size = 64>
#k942 = #wave.kernel<chip = "gfx942", wave_size = 64>
#lds = #gpu.address_space<workgroup>
gpu.module @m {

// CHECK-LABEL: gpu.func @direct(
// CHECK:         amdgpu.gather_to_lds %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}] : vector<8xf16>, memref<128x64xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
// CHECK-NOT:     vector.load
// CHECK-NOT:     vector.store
// CHECK:         amdgpu.lds_barrier
gpu.func @direct(%A: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<64x32xf16, #lds>
  %v = wave.read %A[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : memref<128x64xf16> -> vector<8xf16>
  wave.barrier
  wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> {wave.direct_to_lds} : vector<8xf16>, memref<64x32xf16, #lds>
  wave.barrier
  gpu.return
}

// A global write between the read and the write: the load cannot move.
// CHECK-LABEL: gpu.func @write_between(
// CHECK-NOT:     amdgpu.gather_to_lds
// CHECK:         gpu.return
gpu.func @write_between(%A: memref<128x64xf16>, %v2: vector<8xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<64x32xf16, #lds>
  %v = wave.read %A[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : memref<128x64xf16> -> vector<8xf16>
  wave.write %v2, %A[%t] map affine_map<(t) -> (t floordiv 4 + 64, (t mod 4) * 8)> : vector<8xf16>, memref<128x64xf16>
  // expected-remark @below {{direct-to-LDS copy kept as a load and an LDS write: 'wave.write' between the read and the write may access memory}}
  wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> {wave.direct_to_lds} : vector<8xf16>, memref<64x32xf16, #lds>
  gpu.return
}

// 16 bytes a lane on gfx942, which copies 4.
// CHECK-LABEL: gpu.func @width(
// CHECK-NOT:     amdgpu.gather_to_lds
// CHECK:         gpu.return
gpu.func @width(%A: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k942} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<64x32xf16, #lds>
  %v = wave.read %A[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : memref<128x64xf16> -> vector<8xf16>
  // expected-remark @below {{direct-to-LDS copy kept as a load and an LDS write: 16 bytes a lane is not a size gfx942's global_load_lds writes}}
  wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> {wave.direct_to_lds} : vector<8xf16>, memref<64x32xf16, #lds>
  gpu.return
}

// A swizzled tile whose copy took the swizzle on its read side (what
// wave-direct-to-lds and wave-optimize-lds-layout write): the LDS
// coordinates of the copy are the write's, swizzled as every access's are
// (the XOR of the column with the row's phase), which gives lane 0 of each
// wave the tile's address of its consecutive block.
// CHECK-LABEL: gpu.func @swizzled(
// CHECK:         %[[X:.*]] = arith.xori
// CHECK:         amdgpu.gather_to_lds %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %[[X]]] : vector<8xf16>, memref<128x64xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
// CHECK-NOT:     vector.store
gpu.func @swizzled(%A: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 4> : memref<64x32xf16, #lds>
  %v = wave.read %A[%t, %t] map affine_map<(d0, d1) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d1 mod 4 + (d1 floordiv 4) mod 4) mod 2 + (((d1 mod 4) floordiv 2 + ((d1 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d1 mod 4) * 8)> : memref<128x64xf16> -> vector<8xf16>
  wave.write %v, %tile[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d0 mod 4 + (d0 floordiv 4) mod 4) mod 2 + (((d0 mod 4) floordiv 2 + ((d0 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d0 mod 4) * 8)> {wave.direct_to_lds} : vector<8xf16>, memref<64x32xf16, #lds>
  gpu.return
}

// A mark on a swizzled tile whose write is not in the permuted form: its
// lanes' addresses in memory are not consecutive, so the pair stays a load
// and an LDS write.
// CHECK-LABEL: gpu.func @swizzled_unpermuted(
// CHECK-NOT:     amdgpu.gather_to_lds
// CHECK:         gpu.return
gpu.func @swizzled_unpermuted(%A: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 4> : memref<64x32xf16, #lds>
  %v = wave.read %A[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : memref<128x64xf16> -> vector<8xf16>
  // expected-remark @below {{direct-to-LDS copy kept as a load and an LDS write: the tile is swizzled and the write's column is not one the swizzle's permutation of the copy gives (permuteDirectCopy)}}
  wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> {wave.direct_to_lds} : vector<8xf16>, memref<64x32xf16, #lds>
  gpu.return
}

}
