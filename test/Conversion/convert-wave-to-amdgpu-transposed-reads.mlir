// RUN: wave-opt %s --split-input-file --verify-diagnostics --mlir-print-op-on-diagnostic=false --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' | FileCheck %s
// The lowering agrees with the kernels as written (the interpreter runs
// amdgpu.transpose_load with the hardware's lane exchange:
// test/wave-run/lowered-transpose-load.mlir).
// RUN: sed -n '1,/^\/\/ -----/p' %s > %t.fragments.mlir
// RUN: wave-run %t.fragments.mlir --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.fragments.mlir --seed=7 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: sed -n '/^\/\/ A swizzled tile/,/^\/\/ -----/p' %s > %t.swizzled.mlir
// RUN: wave-run %t.swizzled.mlir --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %t.swizzled.mlir --seed=3 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=AGREE
// AGREE: agrees (max abs error 0, max rel error 0)
// AGREE-NEXT: PASS
// In the code object: ds_read_b64_tr_b16, no ds_read_u16.
// RUN: wave-compile %t.fragments.mlir --chip=gfx950 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ASM
// ASM-LABEL: b_fragments:
// ASM-COUNT-3: ds_read_b64_tr_b16
// ASM-NOT: ds_read_u16
// ASM: s_endpgm

// The B fragments of a K x N tile of f16 on gfx950: a lane's 4 (32x32x8) or
// 8 (32x32x16) K elements lie down a column, `along 0`. Each aligned quad
// of lanes reads 4 adjacent columns of the same rows, so each 4 elements
// are one transposed read: lane 16 g + 4 j + q reads row j of quad
// 16 g + 4 q, at that quad's column (thread id 16 (t floordiv 16) + 4 (t mod
// 4)) and its row plus (t mod 16) floordiv 4.
// CHECK-LABEL: gpu.func @b_fragments
// CHECK-NOT: memref.load
// CHECK: [[T4:%.+]] = amdgpu.transpose_load %{{.+}}[%{{.+}}, %{{.+}}] : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// CHECK-NOT: memref.load
// CHECK: [[LO:%.+]] = amdgpu.transpose_load %{{.+}}[%{{.+}}, %{{.+}}] : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// CHECK: [[HI:%.+]] = amdgpu.transpose_load %{{.+}}[%{{.+}}, %{{.+}}] : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// CHECK: [[P0:%.+]] = vector.insert_strided_slice [[LO]], %{{.+}} {offsets = [0], strides = [1]} : vector<4xf16> into vector<8xf16>
// CHECK: vector.insert_strided_slice [[HI]], [[P0]] {offsets = [4], strides = [1]} : vector<4xf16> into vector<8xf16>
// CHECK-NOT: memref.load
// CHECK: gpu.return

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @b_fragments(%B: memref<16x64xf16>, %O: memref<128x12xf16>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %tile = wave.alloc_lds : memref<16x64xf16, #lds>
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %b = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<16x64xf16> -> vector<8xf16>
    wave.write %b, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<16x64xf16, #lds>
    wave.barrier
    // expected-remark @below {{LDS column read lowered to 1 transposed read(s) of 4 rows (ds_read_b64_tr_b16)}}
    %f4 = wave.read %tile[%t] map affine_map<(t) -> (((t mod 64) floordiv 32) * 4, (t floordiv 64) * 32 + t mod 32)> along 0 : memref<16x64xf16, #lds> -> vector<4xf16>
    // expected-remark @below {{LDS column read lowered to 2 transposed read(s) of 4 rows (ds_read_b64_tr_b16)}}
    %f8 = wave.read %tile[%t] map affine_map<(t) -> (((t mod 64) floordiv 32) * 8, (t floordiv 64) * 32 + t mod 32)> along 0 : memref<16x64xf16, #lds> -> vector<8xf16>
    wave.write %f4, %O[%t, %c0] : vector<4xf16>, memref<128x12xf16>
    %c4 = arith.constant 4 : index
    wave.write %f8, %O[%t, %c4] : vector<8xf16>, memref<128x12xf16>
    gpu.return
  }
}

// -----

// A swizzled tile: the XOR moves groups of 8 columns, which keeps each
// quad's 4 columns together, and the lane's row and column go through it
// as any access's do. The reads are in a loop of wave-uniform bounds whose
// step adds rows: every lane of the wave reaches them.
// CHECK-LABEL: gpu.func @swizzled
// CHECK: scf.for
// CHECK: arith.xori
// CHECK: amdgpu.transpose_load
// CHECK-NOT: memref.load
// CHECK: gpu.return

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @swizzled(%B: memref<32x64xf16>, %O: memref<64x16xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 8> : memref<32x64xf16, #lds>
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %b = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<32x64xf16> -> vector<8xf16>
    wave.write %b, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<32x64xf16, #lds>
    wave.barrier
    %zero = arith.constant dense<0.0> : vector<4xf16>
    %sum = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (vector<4xf16>) {
      // expected-remark @below {{LDS column read lowered to 1 transposed read(s) of 4 rows (ds_read_b64_tr_b16)}}
      %f = wave.read %tile[%t, %k] map affine_map<(t, k) -> (k * 16 + (t floordiv 64) * 4, t mod 64)> along 0 : memref<32x64xf16, #lds> -> vector<4xf16>
      %next = arith.addf %acc, %f : vector<4xf16>
      scf.yield %next : vector<4xf16>
    }
    %w = gpu.subgroup_id : index
    %lane = gpu.lane_id
    wave.write %sum, %O[%lane, %w] map affine_map<(l, w) -> (l, w * 4)> : vector<4xf16>, memref<64x16xf16>
    gpu.return
  }
}

// -----

// Where it must not apply, each with the reason. Lanes 2 columns apart: a
// quad's 4 elements of a row are not adjacent.
// CHECK-LABEL: gpu.func @spread
// CHECK-NOT: amdgpu.transpose_load
// CHECK-COUNT-4: memref.load
// CHECK: gpu.return

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @spread(%O: memref<64x4xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %tile = wave.alloc_lds : memref<16x128xf16, #lds>
    %t = gpu.thread_id x
    // expected-remark @below {{LDS column read lowered to one read per element, not transposed reads: threads 0 to 3 do not read 4 adjacent columns of the same rows}}
    %f = wave.read %tile[%t] map affine_map<(t) -> (0, t * 2)> along 0 : memref<16x128xf16, #lds> -> vector<4xf16>
    wave.write %f, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x4xf16>
    gpu.return
  }
}

// -----

// Under a branch half of each wave takes: the instruction needs every lane.
// CHECK-LABEL: gpu.func @divergent
// CHECK-NOT: amdgpu.transpose_load
// CHECK: gpu.return

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @divergent(%O: memref<64x4xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %tile = wave.alloc_lds : memref<16x64xf16, #lds>
    %t = gpu.thread_id x
    %c32 = arith.constant 32 : index
    %low = arith.cmpi ult, %t, %c32 : index
    scf.if %low {
      // expected-remark @below {{LDS column read lowered to one read per element, not transposed reads: it is under an 'scf.if' whose condition may differ between the lanes of a wave}}
      %f = wave.read %tile[%t] map affine_map<(t) -> (0, t)> along 0 : memref<16x64xf16, #lds> -> vector<4xf16>
      wave.write %f, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x4xf16>
    }
    gpu.return
  }
}

// -----

// Masked; a column offset the indices give that is not a multiple of 4;
// a row index that differs between lanes; a kernel of partial waves.
// CHECK-LABEL: gpu.func @declined
// CHECK-NOT: amdgpu.transpose_load
// CHECK: gpu.return

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @declined(%O: memref<64x4xf16>, %c: index, %mask: vector<4xi1>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %tile = wave.alloc_lds : memref<16x128xf16, #lds>
    %t = gpu.thread_id x
    // expected-remark @below {{LDS column read lowered to one read per element, not transposed reads: it is masked, and a transposed read moves whole rows of every lane}}
    %m = wave.read %tile[%t] map affine_map<(t) -> (0, t)> along 0 mask %mask : vector<4xi1> : memref<16x128xf16, #lds> -> vector<4xf16>
    wave.write %m, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x4xf16>
    // expected-remark @below {{LDS column read lowered to one read per element, not transposed reads: the part of its column the other indices give is not known to be a multiple of 4}}
    %o = wave.read %tile[%t, %c] map affine_map<(t, c) -> (0, t + c)> along 0 : memref<16x128xf16, #lds> -> vector<4xf16>
    wave.write %o, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x4xf16>
    %l = gpu.lane_id
    // expected-remark @below {{LDS column read lowered to one read per element, not transposed reads: its index #1 may differ between the lanes of a wave}}
    %r = wave.read %tile[%t, %l] map affine_map<(t, l) -> (l mod 4, t)> along 0 : memref<16x128xf16, #lds> -> vector<4xf16>
    wave.write %r, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x4xf16>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @partial_waves
// CHECK-NOT: amdgpu.transpose_load
// CHECK: gpu.return

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @partial_waves(%O: memref<96x4xf16>) kernel
      attributes {known_block_size = array<i32: 96, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %tile = wave.alloc_lds : memref<16x128xf16, #lds>
    %t = gpu.thread_id x
    // expected-remark @below {{LDS column read lowered to one read per element, not transposed reads: its kernel's 'known_block_size' does not make every wave whole, 64 lanes of consecutive x}}
    %f = wave.read %tile[%t] map affine_map<(t) -> (0, t)> along 0 : memref<16x128xf16, #lds> -> vector<4xf16>
    wave.write %f, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<96x4xf16>
    gpu.return
  }
}

// -----

// gfx942 has no transposed reads: one read per element, and no remark.
// CHECK-LABEL: gpu.func @gfx942
// CHECK-NOT: amdgpu.transpose_load
// CHECK-COUNT-4: memref.load
// CHECK: gpu.return

#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @gfx942(%O: memref<64x4xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tile = wave.alloc_lds : memref<16x64xf16, #lds>
    %t = gpu.thread_id x
    %f = wave.read %tile[%t] map affine_map<(t) -> (0, t)> along 0 : memref<16x64xf16, #lds> -> vector<4xf16>
    wave.write %f, %O[%t] map affine_map<(t) -> (t, 0)> : vector<4xf16>, memref<64x4xf16>
    gpu.return
  }
}
