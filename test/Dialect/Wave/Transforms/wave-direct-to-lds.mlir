// Every staging group below is either copied directly (CHECK, a remark with
// the cost model) or left alone with a remark saying why.
// RUN: wave-opt %s --wave-direct-to-lds --verify-diagnostics --mlir-print-local-scope | FileCheck %s
// The counts the statistics keep.
// RUN: wave-opt %s --wave-direct-to-lds=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// Every direct kernel computes what it computed before, without races.
// RUN: wave-run %s --kernel=direct_f16 --compare-pipeline=wave-direct-to-lds 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=direct_gfx942 --compare-pipeline=wave-direct-to-lds 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=direct_two_reads --compare-pipeline=wave-direct-to-lds 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=swizzled --compare-pipeline=wave-direct-to-lds 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=width_gfx942 --compare-pipeline=wave-direct-to-lds 2>/dev/null | FileCheck %s --check-prefix=SAME
// SAME: PASS

#k950 = #wave.kernel<chip = "gfx950", wave_size = 64>
#k942 = #wave.kernel<chip = "gfx942", wave_size = 64>
#lds = #gpu.address_space<workgroup>
// The linear layout of a 64x32 f16 box: 8 f16 (16 bytes) a lane, four lanes
// a row, moving with the workgroup and the K step.
#lin = affine_map<(t, bm, ks) -> (t floordiv 4 + bm * 64, (t mod 4) * 8 + ks * 32)>
#lin_tile = affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)>
// Read back in another layout, so that lanes read what other lanes wrote.
#back = affine_map<(t) -> (t mod 64, (t floordiv 64) * 8)>
#back_out = affine_map<(t, bm, ks) -> (t mod 64 + bm * 64, (t floordiv 64) * 8 + ks * 32)>

gpu.module @m {

// gfx950: one global_load_lds_dwordx4 a lane and K step.
// CHECK-LABEL: gpu.func @direct_f16(
// CHECK:         scf.for
// CHECK-NEXT:      %[[V:.*]] = wave.read {{.*}} -> vector<8xf16>
// CHECK-NEXT:      wave.write %[[V]], {{.*}} {wave.direct_to_lds} : vector<8xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:      wave.barrier
gpu.func @direct_f16(%A: memref<128x64xf16>, %Out: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  %tile = wave.alloc_lds : memref<64x32xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %ks = %c0 to %c2 step %c1 {
    %v = wave.read %A[%t, %bm, %ks] map #lin : memref<128x64xf16> -> vector<8xf16>
    // expected-remark @below {{LDS tile copied directly: 1 read and write pair of 16 bytes a lane become 4 global_load_lds_dwordx4 a workgroup on gfx950; a lane fills 4 VGPRs fewer and issues 1 ds_write fewer, for an M0 write a copy}}
    wave.write %v, %tile[%t] map #lin_tile : vector<8xf16>, memref<64x32xf16, #lds>
    wave.barrier
    %f = wave.read %tile[%t] map #back : memref<64x32xf16, #lds> -> vector<8xf16>
    wave.write %f, %Out[%t, %bm, %ks] map #back_out : vector<8xf16>, memref<128x64xf16>
    wave.barrier
  }
  gpu.return
}

// Two pairs whose reads come first: each read moves to its write.
// CHECK-LABEL: gpu.func @direct_two_reads(
// CHECK:         scf.for
// CHECK-NEXT:      %[[V0:.*]] = wave.read {{.*}} -> vector<8xf16>
// CHECK-NEXT:      wave.write %[[V0]], {{.*}} {wave.direct_to_lds}
// CHECK-NEXT:      %[[V1:.*]] = wave.read {{.*}} -> vector<8xf16>
// CHECK-NEXT:      wave.write %[[V1]], {{.*}} {wave.direct_to_lds}
// CHECK-NEXT:      wave.barrier
gpu.func @direct_two_reads(%A: memref<128x64xf16>, %Out: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 128, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  %tile = wave.alloc_lds : memref<64x32xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %ks = %c0 to %c2 step %c1 {
    %v0 = wave.read %A[%t, %bm, %ks] map affine_map<(t, bm, ks) -> (t floordiv 4 + bm * 64, (t mod 4) * 8 + ks * 32)> : memref<128x64xf16> -> vector<8xf16>
    %v1 = wave.read %A[%t, %bm, %ks] map affine_map<(t, bm, ks) -> (t floordiv 4 + bm * 64 + 32, (t mod 4) * 8 + ks * 32)> : memref<128x64xf16> -> vector<8xf16>
    // expected-remark @below {{LDS tile copied directly: 2 read and write pairs of 16 bytes a lane become 4 global_load_lds_dwordx4 a workgroup on gfx950; a lane fills 8 VGPRs fewer and issues 2 ds_write fewer, for an M0 write a copy}}
    wave.write %v0, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : vector<8xf16>, memref<64x32xf16, #lds>
    wave.write %v1, %tile[%t] map affine_map<(t) -> (t floordiv 4 + 32, (t mod 4) * 8)> : vector<8xf16>, memref<64x32xf16, #lds>
    wave.barrier
    %f = wave.read %tile[%t] map affine_map<(t) -> (t mod 64, (t floordiv 64) * 16)> : memref<64x32xf16, #lds> -> vector<16xf16>
    wave.write %f, %Out[%t, %bm, %ks] map affine_map<(t, bm, ks) -> (t mod 64 + bm * 64, (t floordiv 64) * 16 + ks * 32)> : vector<16xf16>, memref<128x64xf16>
    wave.barrier
  }
  gpu.return
}

// gfx942 copies 4 bytes a lane: a linear layout of 2 f16 a lane
// (wave-minimize-global-loads=load-bits=32) becomes global_load_lds_dword.
// CHECK-LABEL: gpu.func @direct_gfx942(
// CHECK:         wave.write {{.*}} {wave.direct_to_lds} : vector<2xf16>
gpu.func @direct_gfx942(%A: memref<128x64xf16>, %Out: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k942} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  %tile = wave.alloc_lds : memref<16x32xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %ks = %c0 to %c2 step %c1 {
    %v = wave.read %A[%t, %bm, %ks] map affine_map<(t, bm, ks) -> (t floordiv 16 + bm * 16, (t mod 16) * 2 + ks * 32)> : memref<128x64xf16> -> vector<2xf16>
    // expected-remark @below {{LDS tile copied directly: 1 read and write pair of 4 bytes a lane become 4 global_load_lds_dword a workgroup on gfx942; a lane fills 1 VGPRs fewer and issues 1 ds_write fewer, for an M0 write a copy}}
    wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 16, (t mod 16) * 2)> : vector<2xf16>, memref<16x32xf16, #lds>
    wave.barrier
    %f = wave.read %tile[%t] map affine_map<(t) -> (t mod 16, (t floordiv 16) * 2)> : memref<16x32xf16, #lds> -> vector<2xf16>
    wave.write %f, %Out[%t, %bm, %ks] map affine_map<(t, bm, ks) -> (t mod 16 + bm * 16, (t floordiv 16) * 2 + ks * 32)> : vector<2xf16>, memref<128x64xf16>
    wave.barrier
  }
  gpu.return
}

// Runs wider than the chip copies: gfx942's global_load_lds moves 4 bytes a
// lane, the copy 16. The group is restaged in the linear layout of 4-byte
// runs (lane t: row t / 16 + 16 i, columns 2 (t mod 16), i = 0..3), whose
// lanes write consecutive addresses, and each of its 4 pairs is copied
// directly. Tried first on a copy of the kernel: the restaged copy must be
// direct and need no barrier the kernel lacks.
// CHECK-LABEL: gpu.func @width_gfx942(
// CHECK:         scf.for
// CHECK-NEXT:      %[[V0:.*]] = wave.read {{.*}} map affine_map<(d0, d1, d2) -> (d0 floordiv 16 + d1 * 64, (d0 mod 16) * 2 + d2 * 32)> : memref<128x64xf16> -> vector<2xf16>
// CHECK-NEXT:      wave.write %[[V0]], {{.*}} map affine_map<(d0) -> (d0 floordiv 16, (d0 mod 16) * 2)> {wave.direct_to_lds}
// CHECK-COUNT-3:   wave.write {{.*}}{wave.direct_to_lds} : vector<2xf16>
// CHECK-NEXT:      wave.barrier
gpu.func @width_gfx942(%A: memref<128x64xf16>, %Out: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k942} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  %tile = wave.alloc_lds : memref<64x32xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %ks = %c0 to %c2 step %c1 {
    %v = wave.read %A[%t, %bm, %ks] map #lin : memref<128x64xf16> -> vector<8xf16>
    // expected-remark @below {{LDS tile copied directly: its runs of 16 bytes a lane (1 load) restaged as runs of 4, which gfx942's global_load_lds copies; 4 read and write pairs of 4 bytes a lane become 16 global_load_lds_dword a workgroup on gfx942; a lane fills 4 VGPRs fewer and issues 1 ds_write fewer, for an M0 write a copy}}
    wave.write %v, %tile[%t] map #lin_tile : vector<8xf16>, memref<64x32xf16, #lds>
    wave.barrier
    %f = wave.read %tile[%t] map #back : memref<64x32xf16, #lds> -> vector<8xf16>
    wave.write %f, %Out[%t, %bm, %ks] map #back_out : vector<8xf16>, memref<128x64xf16>
    wave.barrier
  }
  gpu.return
}

// Padded rows: lane 4 starts the second row, 8 f16 after lane 3's end.
// CHECK-LABEL: gpu.func @padded(
// CHECK-NOT:     direct_to_lds
// CHECK:         gpu.return
gpu.func @padded(%A: memref<128x64xf16>, %Out: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  %tile = wave.alloc_lds padding [0, 8] : memref<64x32xf16, strided<[40, 1]>, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %ks = %c0 to %c2 step %c1 {
    %v = wave.read %A[%t, %bm, %ks] map #lin : memref<128x64xf16> -> vector<8xf16>
    // expected-remark @below {{LDS tile not copied directly: lane 4 writes LDS element 40 where its wave's lane 0 writes 0: global_load_lds needs 32 (lanes on consecutive addresses; the tile's strides are [40, 1])}}
    wave.write %v, %tile[%t] map #lin_tile : vector<8xf16>, memref<64x32xf16, strided<[40, 1]>, #lds>
    wave.barrier
    %f = wave.read %tile[%t] map #back : memref<64x32xf16, strided<[40, 1]>, #lds> -> vector<8xf16>
    wave.write %f, %Out[%t, %bm, %ks] map #back_out : vector<8xf16>, memref<128x64xf16>
    wave.barrier
  }
  gpu.return
}

// The same padded tile on gfx942: the 16-byte runs are too wide, and
// restaged in 4-byte runs the padding still breaks the lanes' addresses.
// CHECK-LABEL: gpu.func @padded_gfx942(
// CHECK-NOT:     direct_to_lds
// CHECK:         gpu.return
gpu.func @padded_gfx942(%A: memref<128x64xf16>, %Out: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k942} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  %tile = wave.alloc_lds padding [0, 8] : memref<64x32xf16, strided<[40, 1]>, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %ks = %c0 to %c2 step %c1 {
    %v = wave.read %A[%t, %bm, %ks] map #lin : memref<128x64xf16> -> vector<8xf16>
    // expected-remark @below {{LDS tile not copied directly: a lane copies 16 bytes; gfx942's global_load_lds writes 4 bytes a lane to consecutive LDS addresses; not restaged in narrower runs: restaged in runs of 4 bytes: lane 16 writes LDS element 40 where its wave's lane 0 writes 0: global_load_lds needs 32 (lanes on consecutive addresses; the tile's strides are [40, 1])}}
    wave.write %v, %tile[%t] map #lin_tile : vector<8xf16>, memref<64x32xf16, strided<[40, 1]>, #lds>
    wave.barrier
    %f = wave.read %tile[%t] map #back : memref<64x32xf16, strided<[40, 1]>, #lds> -> vector<8xf16>
    wave.write %f, %Out[%t, %bm, %ks] map #back_out : vector<8xf16>, memref<128x64xf16>
    wave.barrier
  }
  gpu.return
}

// A swizzled tile: the XOR would move consecutive lanes' groups apart, so
// the copy takes the swizzle on its read side. Lane t writes the logical
// column c XOR (phase * 8) (c = (t mod 4) * 8, phase = (t floordiv 4) mod 4,
// the XOR bit by bit), which the swizzle puts back at c: the lanes' LDS
// addresses stay consecutive, and the read moves by as much, so each lane
// copies the run it writes.
// CHECK-LABEL: gpu.func @swizzled(
// CHECK:         wave.read %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] map affine_map<(d0, d1, d2, d3) -> (d0 floordiv 4 + d1 * 64, (d0 mod 4) * 8 + d2 * 32 + ((d3 mod 4 + (d3 floordiv 4) mod 4) mod 2 + (((d3 mod 4) floordiv 2 + ((d3 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d3 mod 4) * 8)>
// CHECK-NEXT:    wave.write {{.*}} map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d0 mod 4 + (d0 floordiv 4) mod 4) mod 2 + (((d0 mod 4) floordiv 2 + ((d0 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d0 mod 4) * 8)> {wave.direct_to_lds}
gpu.func @swizzled(%A: memref<128x64xf16>, %Out: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 4> : memref<64x32xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %ks = %c0 to %c2 step %c1 {
    %v = wave.read %A[%t, %bm, %ks] map #lin : memref<128x64xf16> -> vector<8xf16>
    // expected-remark @below {{LDS tile copied directly: 1 read and write pair of 16 bytes a lane become 4 global_load_lds_dwordx4 a workgroup on gfx950; a lane fills 4 VGPRs fewer and issues 1 ds_write fewer, for an M0 write a copy; the reads take the tile's swizzle (each lane copies the run the swizzle puts at its consecutive address)}}
    wave.write %v, %tile[%t] map #lin_tile : vector<8xf16>, memref<64x32xf16, #lds>
    wave.barrier
    %f = wave.read %tile[%t] map #back : memref<64x32xf16, #lds> -> vector<8xf16>
    wave.write %f, %Out[%t, %bm, %ks] map #back_out : vector<8xf16>, memref<128x64xf16>
    wave.barrier
  }
  gpu.return
}

// The pair the pass makes of @swizzled, given to it again: its maps are the
// copy's layout already, and the staging analysis does not plan it anew
// (the XOR would cost its proofs seconds).
// CHECK-LABEL: gpu.func @already_permuted(
// CHECK-NOT:     direct_to_lds
// CHECK:         gpu.return
gpu.func @already_permuted(%A: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 4> : memref<64x32xf16, #lds>
  %v = wave.read %A[%t, %t] map affine_map<(d0, d1) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d1 mod 4 + (d1 floordiv 4) mod 4) mod 2 + (((d1 mod 4) floordiv 2 + ((d1 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d1 mod 4) * 8)> : memref<128x64xf16> -> vector<8xf16>
  // expected-remark @below {{LDS tile not copied directly: the copy already reads the runs its tile's swizzle puts at consecutive addresses (a direct-to-LDS copy's layout)}}
  wave.write %v, %tile[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d0 mod 4 + (d0 floordiv 4) mod 4) mod 2 + (((d0 mod 4) floordiv 2 + ((d0 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d0 mod 4) * 8)> : vector<8xf16>, memref<64x32xf16, #lds>
  wave.barrier
  gpu.return
}

// The loaded value is also used in registers (written to %Out as well).
// CHECK-LABEL: gpu.func @used_in_registers(
// CHECK-NOT:     direct_to_lds
// CHECK:         gpu.return
gpu.func @used_in_registers(%A: memref<128x64xf16>, %Out: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  %tile = wave.alloc_lds : memref<64x32xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %ks = %c0 to %c2 step %c1 {
    // expected-remark @below {{LDS tile not copied directly: the loaded value is used in registers, not only by its LDS write}}
    %v = wave.read %A[%t, %bm, %ks] map #lin : memref<128x64xf16> -> vector<8xf16>
    wave.write %v, %tile[%t] map #lin_tile : vector<8xf16>, memref<64x32xf16, #lds>
    wave.write %v, %Out[%t, %bm, %ks] map #lin : vector<8xf16>, memref<128x64xf16>
    wave.barrier
  }
  gpu.return
}

// The MFMA operand layout, not minimized: 8 bytes a lane on scattered rows.
// CHECK-LABEL: gpu.func @not_linear(
// CHECK-NOT:     direct_to_lds
// CHECK:         gpu.return
gpu.func @not_linear(%A: memref<128x64xf16>, %Out: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  %tile = wave.alloc_lds : memref<32x8xf16, #lds>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %ks = %c0 to %c2 step %c1 {
    // expected-remark @below {{LDS tile not copied directly: the lanes do not load the runs of the linear layout (16 bytes a lane, consecutive lanes on consecutive runs); run wave-minimize-global-loads first}}
    %v = wave.read %A[%t, %bm, %ks] map affine_map<(t, bm, ks) -> (t mod 32 + bm * 32, (t floordiv 32) * 4 + ks * 8)> : memref<128x64xf16> -> vector<4xf16>
    wave.write %v, %tile[%t] map affine_map<(t) -> (t mod 32, (t floordiv 32) * 4)> : vector<4xf16>, memref<32x8xf16, #lds>
    wave.barrier
    %f = wave.read %tile[%t] map affine_map<(t) -> (t floordiv 2, (t mod 2) * 4)> : memref<32x8xf16, #lds> -> vector<4xf16>
    wave.write %f, %Out[%t, %bm, %ks] map affine_map<(t, bm, ks) -> (t floordiv 2 + bm * 32, (t mod 2) * 4 + ks * 8)> : vector<4xf16>, memref<128x64xf16>
    wave.barrier
  }
  gpu.return
}

// A copy that leaves lanes idle: 48 runs for 64 lanes.
// CHECK-LABEL: gpu.func @masked_tail(
// CHECK-NOT:     direct_to_lds
// CHECK:         gpu.return
gpu.func @masked_tail(%A: memref<128x64xf16>, %Out: memref<128x64xf16>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k950} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<12x32xf16, #lds>
  %c48 = arith.constant 48 : index
  %in = arith.cmpi ult, %t, %c48 : index
  %m = vector.broadcast %in : i1 to vector<8xi1>
  // expected-remark @below {{LDS tile not copied directly:}}
  %v = wave.read %A[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> mask %m : vector<8xi1> : memref<128x64xf16> -> vector<8xf16>
  wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> mask %m : vector<8xi1> : vector<8xf16>, memref<12x32xf16, #lds>
  wave.barrier
  gpu.return
}

}

// SUMMARY: remark: wave-direct-to-lds: tiles-direct: 5, tiles-restaged-narrower: 1, copies-direct: 9, vgprs-saved: 21, ds-writes-removed: 6, bail-width: 1, bail-not-linear: 3, bail-other-users: 1, bail-swizzled: 0, bail-not-consecutive: 1, bail-masked: 0
