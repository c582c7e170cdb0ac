// RUN: wave-opt %s --wave-optimize-lds-layout -verify-diagnostics | FileCheck %s

// Every kernel computes the same after the pass as before, race-free, under
// wave-run.
// RUN: wave-run %s --kernel=columns --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=linear --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=wide --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=bytes_limit --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=bytes_idle --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=remainder --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=double_buffered --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=double_buffered_columns --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=transposed_reads --compare-pipeline='builtin.module(wave-optimize-lds-layout,gpu.module(convert-wave-to-amdgpu))' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=run_time_buffer --scalar=n=3 --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// RUN: wave-opt %s --wave-optimize-lds-layout --mlir-print-local-scope 2>/dev/null | FileCheck %s --check-prefix=DIRECT
// RUN: wave-run %s --kernel=direct_copies --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// SAME-NOT: MISMATCH
// SAME: PASS

// The examples, after the pass and after the whole wave-optimize pipeline.
// RUN: wave-opt %examples/gemm.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-optimize-lds-layout 2>&1 | FileCheck %s --check-prefix=GEMM
// RUN: wave-run %examples/gemm.mlir --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-optimize-lds-layout,wave-insert-barriers)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm.mlir --compare-pipeline='builtin.module(wave-optimize)' | FileCheck %s --check-prefix=SAME
// The GEMM of run-time M, N, K: the same layouts (its LDS cycles count one
// K step, the trip count being unknown), the same results on partial tiles.
// RUN: wave-opt %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-optimize-lds-layout 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: wave-run %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --grid=3,4 --scalar=M=200 --scalar=N=136 --scalar=K=96 --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-optimize-lds-layout,wave-insert-barriers)' | FileCheck %s --check-prefix=SAME
// DYNAMIC: gemm_dynamic-handmapped.mlir:57:15: remark: LDS layout rows padded by 4 -> swizzle <vec = 4, per_phase = 2, max_phase = 8>: LDS cycles a workgroup 128 -> 96, from bank conflicts 32 -> 0; bytes 4608 -> 4096; 1 accesses split into one a swizzle group
// DYNAMIC: gemm_dynamic-handmapped.mlir:58:15: remark: LDS layout rows padded by 4 -> unpadded: LDS cycles a workgroup 160 -> 160, from bank conflicts 0 -> 0; bytes 4352 -> 4096
// DYNAMIC: wave.alloc_lds swizzle <vec = 4, per_phase = 2, max_phase = 8> : memref<64x32xf16, #gpu.address_space<workgroup>>
// DYNAMIC: wave.alloc_lds : memref<32x64xf16, #gpu.address_space<workgroup>>
// gemm_nk_128, the 128 x 128 x 32 tile: the 4-f16 row padding leaves both
// tiles' 16-byte writes and 16-byte operand reads (two K steps a read) 2-way
// conflicted (as gemm's A tile), and 18432 bytes keep the kernel at 3
// waves a SIMD, so the swizzle of 16-byte groups wins on conflicts and
// bytes, with no access split.
// RUN: wave-opt %examples/gemm_nk_128.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-optimize-lds-layout 2>&1 | FileCheck %s --check-prefix=NK
// RUN: wave-run %examples/gemm_nk_128.mlir --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-optimize-lds-layout,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// NK-COUNT-2: remark: LDS layout rows padded by 4 -> swizzle <vec = 8, per_phase = 2, max_phase = 4>: LDS cycles a workgroup 6144 -> 3072, from bank conflicts 3072 -> 0; bytes 9216 -> 8192{{$}}
// NK-COUNT-2: wave.alloc_lds swizzle <vec = 8, per_phase = 2, max_phase = 4> : memref<128x32xf16, #gpu.address_space<workgroup>>
// On gfx950 (64 banks; b128 reads in phases of 16 interleaved lanes, writes
// in phases of 8) the 72-byte rows leave the operand reads of a phase on
// overlapping banks; rows of 80 bytes put the 16 rows of a phase on 16
// disjoint groups of 4 banks. With 160 KiB of LDS the bytes do not limit the
// occupancy, and the padding needs no XOR in the addresses.
// RUN: wave-opt %examples/gemm_nk_128.mlir --pass-pipeline='builtin.module(gpu.module(wave-expand-fragments,wave-attach-target{chip=gfx950}),wave-minimize-global-loads,wave-optimize-lds-layout)' 2>&1 | FileCheck %s --check-prefix=NK950
// RUN: wave-run %examples/gemm_nk_128.mlir --compare-pipeline='builtin.module(gpu.module(wave-attach-target{chip=gfx950}),wave-minimize-global-loads,wave-optimize-lds-layout,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// NK950-COUNT-2: remark: LDS layout rows padded by 4 -> rows padded by 8: LDS cycles a workgroup 3072 -> 2048, from bank conflicts 1024 -> 0; bytes 9216 -> 10240{{$}}
// NK950-COUNT-2: wave.alloc_lds padding [0, 8] : memref<128x32xf16, strided<[40, 1]>, #gpu.address_space<workgroup>>
// Pipelined first (as in wave-optimize), the same costs: the steady-state
// loop's bounds stay constants, so each access counts its executions.
// RUN: wave-opt %examples/gemm_nk_128.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops --wave-optimize-lds-layout -o /dev/null 2>&1 | FileCheck %s --check-prefix=NK-PIPELINED
// NK-PIPELINED-COUNT-2: remark: LDS layout rows padded by 4 -> swizzle <vec = 8, per_phase = 2, max_phase = 4>: LDS cycles a workgroup 6144 -> 3072, from bank conflicts 3072 -> 0; bytes 9216 -> 8192{{$}}
// RUN: wave-opt %examples/transpose.mlir --wave-optimize-lds-layout 2>&1 | FileCheck %s --check-prefix=TRANSPOSE
// RUN: wave-run %examples/transpose.mlir --compare-pipeline='builtin.module(wave-optimize-lds-layout)' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/transpose.mlir --compare-pipeline='builtin.module(wave-optimize)' | FileCheck %s --check-prefix=SAME
// RUN: wave-opt %examples/reduce_lds.mlir --wave-optimize-lds-layout 2>&1 | FileCheck %s --check-prefix=REDUCE
// RUN: wave-run %examples/reduce_lds.mlir --compare-pipeline='builtin.module(wave-optimize)' | FileCheck %s --check-prefix=SAME

// The gemm example after global load minimization (16-byte writes, MFMA
// operand reads of two K steps, 16 bytes a lane): rows padded by 4 f16
// leave A's writes and operand reads 2-way conflicted (two rows of 72 bytes
// in a phase of 8 lanes wrap around the banks); the swizzle of 16-byte
// groups by (row / 2) mod 4 makes them conflict-free without splitting
// any. B's accesses are conflict-free unpadded. 8960 -> 8192 bytes.
// GEMM: gemm.mlir:{{[0-9]+}}:15: remark: LDS layout rows padded by 4 -> swizzle <vec = 8, per_phase = 2, max_phase = 4>: LDS cycles a workgroup 1536 -> 768, from bank conflicts 768 -> 0; bytes 4608 -> 4096{{$}}
// GEMM: gemm.mlir:{{[0-9]+}}:15: remark: LDS layout rows padded by 4 -> unpadded: LDS cycles a workgroup 1280 -> 1280, from bank conflicts 0 -> 0; bytes 4352 -> 4096
// GEMM: wave.alloc_lds swizzle <vec = 8, per_phase = 2, max_phase = 4> : memref<64x32xf16, #gpu.address_space<workgroup>>
// GEMM: wave.alloc_lds : memref<32x64xf16, #gpu.address_space<workgroup>>
// The transpose's column reads (one f32 of rows 4 tx .. 4 tx + 3 a lane)
// would be spread as well by XORing 16-byte groups with (row / 4) mod 8, in
// 128 fewer bytes; but its 4224 bytes do not limit its occupancy, so the
// padding, which needs no XOR in the addresses, stays.
// TRANSPOSE: remark: LDS layout rows padded by 1 kept: 64 LDS cycles a workgroup (0 from bank conflicts), 4224 bytes; no padding or swizzle does better (bytes not weighed: the kernel's 4224 bytes of LDS do not limit its occupancy (8 waves a SIMD))
// REDUCE: remark: LDS layout left alone: a rank-1 tile has no rows to pad or swizzle

// The attention example with K's and V's tiles double-buffered in LDS
// (wave-pipeline-loops in LDS, a run-time trip count; without
// wave-transpose-lds-tiles, whose restaging of V in registers wave-optimize
// pipelines in registers on gfx942): the loop's tail reads the buffers of
// its last iteration, a value of unknown range that moves the footprint by
// whole buffers, so the tiles are analyzed; they fill the 64 KiB a
// workgroup can allocate on gfx942, so no padding is tried. K's row reads
// conflict unswizzled; V's column reads, one element a lane, do not.
// RUN: wave-opt %examples/attention.mlir --wave-expand-fragments --wave-pipeline-loops=buffer=lds --wave-optimize-lds-layout -o /dev/null 2>&1 | FileCheck %s --check-prefix=ATTENTION
// ATTENTION: remark: LDS layout unpadded -> swizzle <vec = 4, per_phase = 1, max_phase = 16>: {{.*}}; 3 paddings not tried: over the 65536 bytes of LDS a workgroup can allocate
// ATTENTION: remark: LDS layout unpadded kept: {{.*}}; 3 paddings not tried: over the 65536 bytes of LDS a workgroup can allocate

#lds = #gpu.address_space<workgroup>
#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @layouts {
  // Lane t writes column 0 of row t and reads column 0 of row t + 1: every
  // row of 32 f32 starts in bank 0, so each phase of 32 lanes takes 32
  // cycles. Padding rows by one f32 fixes that for 256 more bytes; XORing
  // the column with the row (groups of one f32, 32 phases) for none.
  // CHECK-LABEL: gpu.func @columns
  // CHECK: wave.alloc_lds swizzle <vec = 1, per_phase = 1, max_phase = 32> : memref<64x32xf32, #gpu.address_space<workgroup>>
  gpu.func @columns(%in: memref<64xf32>, %out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    // expected-remark @+1 {{LDS layout unpadded -> swizzle <vec = 1, per_phase = 1, max_phase = 32>: LDS cycles a workgroup 128 -> 4, from bank conflicts 124 -> 0; bytes 8192 -> 8192}}
    %tile = wave.alloc_lds : memref<64x32xf32, #lds>
    %x = wave.read %in[%t] : memref<64xf32> -> vector<1xf32>
    wave.write %x, %tile[%t, %c0] : vector<1xf32>, memref<64x32xf32, #lds>
    wave.barrier
    %y = wave.read %tile[%t] map affine_map<(t) -> ((t + 1) mod 64, 0)> : memref<64x32xf32, #lds> -> vector<1xf32>
    wave.write %y, %out[%t] : vector<1xf32>, memref<64xf32>
    gpu.return
  }

  // Rows written and read whole by consecutive lanes meet no conflict
  // unpadded: the padding only costs bytes.
  // CHECK-LABEL: gpu.func @linear
  // CHECK: wave.alloc_lds : memref<16x64xf32, #gpu.address_space<workgroup>>
  // CHECK: wave.write %{{.*}} : vector<4xf32>, memref<16x64xf32, #gpu.address_space<workgroup>>
  gpu.func @linear(%in: memref<1024xf32>, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    // expected-remark @+1 {{LDS layout rows padded by 4 -> unpadded: LDS cycles a workgroup}}
    %tile = wave.alloc_lds padding [0, 4] : memref<16x64xf32, strided<[68, 1]>, #lds>
    %x = wave.read %in[%t] map affine_map<(t) -> (t * 4)> : memref<1024xf32> -> vector<4xf32>
    wave.write %x, %tile[%t] map affine_map<(t) -> (t floordiv 16, (t mod 16) * 4)> : vector<4xf32>, memref<16x64xf32, strided<[68, 1]>, #lds>
    wave.barrier
    %y = wave.read %tile[%t] map affine_map<(t) -> ((t floordiv 16 + 1) mod 16, (t mod 16) * 4)> : memref<16x64xf32, strided<[68, 1]>, #lds> -> vector<4xf32>
    wave.write %y, %out[%t] map affine_map<(t) -> (t * 4)> : vector<4xf32>, memref<1024xf32>
    gpu.return
  }

  // 16-byte row writes and the 8-byte MFMA operand reads of a 32x32 f16
  // tile: the reads conflict unpadded; a swizzle of 8-byte groups removes
  // that without bytes, once each write is split into two 8-byte writes.
  // CHECK-LABEL: gpu.func @wide
  // CHECK: %[[TILE:.*]] = wave.alloc_lds swizzle <vec = 4
  // CHECK-COUNT-2: wave.write %{{.*}}, %[[TILE]]{{.*}} : vector<4xf16>
  // CHECK: wave.barrier
  gpu.func @wide(%in: memref<1024xf16>, %out: memref<512xf16>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    // expected-remark @+1 {{LDS layout unpadded -> swizzle <vec = 4}}
    %tile = wave.alloc_lds : memref<32x32xf16, #lds>
    %x = wave.read %in[%t] map affine_map<(t) -> (t * 8)> : memref<1024xf16> -> vector<8xf16>
    wave.write %x, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : vector<8xf16>, memref<32x32xf16, #lds>
    wave.barrier
    %a = wave.read %tile[%t] map affine_map<(t) -> (t mod 32, ((t mod 64) floordiv 32) * 4)> : memref<32x32xf16, #lds> -> vector<4xf16>
    wave.write %a, %out[%t] map affine_map<(t) -> (t * 4)> : vector<4xf16>, memref<512xf16>
    gpu.return
  }

  // Already conflict-free and unpadded: kept.
  // CHECK-LABEL: gpu.func @kept
  // CHECK: wave.alloc_lds : memref<16x64xf32, #gpu.address_space<workgroup>>
  gpu.func @kept(%in: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    // expected-remark @+1 {{LDS layout unpadded kept: 32 LDS cycles a workgroup (0 from bank conflicts), 4096 bytes; no padding or swizzle does better (bytes not weighed: the kernel's 4096 bytes of LDS do not limit its occupancy (8 waves a SIMD))}}
    %tile = wave.alloc_lds : memref<16x64xf32, #lds>
    %x = wave.read %in[%t] map affine_map<(t) -> (t * 4)> : memref<1024xf32> -> vector<4xf32>
    wave.write %x, %tile[%t] map affine_map<(t) -> (t floordiv 16, (t mod 16) * 4)> : vector<4xf32>, memref<16x64xf32, #lds>
    gpu.return
  }

  // Lane t writes and reads column t / R of rows t mod R and t + 1 mod R:
  // unpadded, a phase of 32 lanes hits one bank 32 times; rows padded by one
  // f32 and the XOR of columns with rows are both conflict-free, and both
  // one instruction a lane. The swizzle saves the padding's bytes but puts an
  // XOR in every address, so bytes decide only where they may raise the
  // occupancy. Here (R = 64) 8448 bytes allow 7 workgroups of 4 waves a CU,
  // 7 waves a SIMD: the swizzle wins, and 8192 bytes allow 8.
  // CHECK-LABEL: gpu.func @bytes_limit
  // CHECK: wave.alloc_lds swizzle <vec = 1, per_phase = 1, max_phase = 32> : memref<64x32xf32, #gpu.address_space<workgroup>>
  gpu.func @bytes_limit(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    // expected-remark @+1 {{LDS layout rows padded by 1 -> swizzle <vec = 1, per_phase = 1, max_phase = 32>: LDS cycles a workgroup 16 -> 16, from bank conflicts 0 -> 0; bytes 8448 -> 8192}}
    %tile = wave.alloc_lds padding [0, 1] : memref<64x32xf32, strided<[33, 1]>, #lds>
    %x = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %x, %tile[%t] map affine_map<(t) -> (t mod 64, t floordiv 64)> : vector<1xf32>, memref<64x32xf32, strided<[33, 1]>, #lds>
    wave.barrier
    %y = wave.read %tile[%t] map affine_map<(t) -> ((t + 1) mod 64, t floordiv 64)> : memref<64x32xf32, strided<[33, 1]>, #lds> -> vector<1xf32>
    wave.write %y, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // @bytes_limit in a kernel that asks for occupancy 4: its 8448 bytes allow
  // 7 waves a SIMD already, so bytes are not weighed and the padding stays.
  // CHECK-LABEL: gpu.func @bytes_asked
  // CHECK: wave.alloc_lds padding [0, 1] : memref<64x32xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>
  gpu.func @bytes_asked(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 4>} {
    %t = gpu.thread_id x
    // expected-remark @+1 {{LDS layout rows padded by 1 kept: 16 LDS cycles a workgroup (0 from bank conflicts), 8448 bytes; no padding or swizzle does better (bytes not weighed: the kernel's 8448 bytes of LDS allow the occupancy it asks for (7 waves a SIMD, 4 asked for))}}
    %tile = wave.alloc_lds padding [0, 1] : memref<64x32xf32, strided<[33, 1]>, #lds>
    %x = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %x, %tile[%t] map affine_map<(t) -> (t mod 64, t floordiv 64)> : vector<1xf32>, memref<64x32xf32, strided<[33, 1]>, #lds>
    wave.barrier
    %y = wave.read %tile[%t] map affine_map<(t) -> ((t + 1) mod 64, t floordiv 64)> : memref<64x32xf32, strided<[33, 1]>, #lds> -> vector<1xf32>
    wave.write %y, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // The same with R = 32: 4224 bytes leave 8 waves a SIMD, so 128 bytes
  // fewer would add none, and the padding stays.
  // CHECK-LABEL: gpu.func @bytes_idle
  // CHECK: wave.alloc_lds padding [0, 1] : memref<32x32xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>
  gpu.func @bytes_idle(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    // expected-remark @+1 {{LDS layout rows padded by 1 kept: 16 LDS cycles a workgroup (0 from bank conflicts), 4224 bytes; no padding or swizzle does better (bytes not weighed: the kernel's 4224 bytes of LDS do not limit its occupancy (8 waves a SIMD))}}
    %tile = wave.alloc_lds padding [0, 1] : memref<32x32xf32, strided<[33, 1]>, #lds>
    %x = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %x, %tile[%t] map affine_map<(t) -> (t mod 32, t floordiv 32)> : vector<1xf32>, memref<32x32xf32, strided<[33, 1]>, #lds>
    wave.barrier
    %y = wave.read %tile[%t] map affine_map<(t) -> ((t + 1) mod 32, t floordiv 32)> : memref<32x32xf32, strided<[33, 1]>, #lds> -> vector<1xf32>
    wave.write %y, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // The column accesses of @columns in one of two buffers that a run-time
  // value chooses: either buffer has the same conflicts, so the tile is
  // analyzed.
  // CHECK-LABEL: gpu.func @run_time_buffer
  // CHECK: wave.alloc_lds swizzle <vec = 1, per_phase = 1, max_phase = 32> : memref<2x64x32xf32, #gpu.address_space<workgroup>>
  gpu.func @run_time_buffer(%n: index, %in: memref<64xf32>, %out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %buffer = arith.remui %n, %c2 : index
    // expected-remark @+1 {{LDS layout unpadded -> swizzle <vec = 1, per_phase = 1, max_phase = 32>: LDS cycles a workgroup 128 -> 4, from bank conflicts 124 -> 0; bytes 16384 -> 16384}}
    %tile = wave.alloc_lds : memref<2x64x32xf32, #lds>
    %x = wave.read %in[%t] : memref<64xf32> -> vector<1xf32>
    wave.write %x, %tile[%buffer, %t, %c0] : vector<1xf32>, memref<2x64x32xf32, #lds>
    wave.barrier
    %y = wave.read %tile[%buffer, %t] map affine_map<(b, t) -> (b, (t + 1) mod 64, 0)> : memref<2x64x32xf32, #lds> -> vector<1xf32>
    wave.write %y, %out[%t] : vector<1xf32>, memref<64xf32>
    gpu.return
  }

  // Where the pass must not act, it says why.
  gpu.func @declines(%n: index, %x: vector<1xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    // expected-remark @+1 {{LDS layout left alone: a rank-1 tile has no rows to pad or swizzle}}
    %flat = wave.alloc_lds : memref<256xf32, #lds>
    wave.write %x, %flat[%t] : vector<1xf32>, memref<256xf32, #lds>
    // expected-remark @+1 {{LDS layout left alone: used by 'memref.store', which only wave.read and wave.write may be for a swizzled or re-padded tile}}
    %stored = wave.alloc_lds : memref<64x32xf32, #lds>
    %s = arith.constant 1.0 : f32
    memref.store %s, %stored[%t, %c0] : memref<64x32xf32, #lds>
    // expected-remark @+1 {{LDS layout left alone: bank conflicts unknown: }}
    %uniform = wave.alloc_lds : memref<64x32xf32, #lds>
    wave.write %x, %uniform[%t, %n] : vector<1xf32>, memref<64x32xf32, #lds>
    // expected-remark @+1 {{LDS layout left alone: padded along an outer dimension, which the pass does not model}}
    %outer = wave.alloc_lds padding [1, 0] : memref<64x32xf32, strided<[32, 1]>, #lds>
    wave.write %x, %outer[%t, %c0] : vector<1xf32>, memref<64x32xf32, strided<[32, 1]>, #lds>
    // expected-remark @+1 {{LDS layout left alone: a register spill slot (each lane reads back only what it wrote)}}
    %spill = wave.alloc_lds {wave.spill_slot} : memref<64x32xf32, #lds>
    wave.write %x, %spill[%t, %c0] {wave.spill_slot} : vector<1xf32>, memref<64x32xf32, #lds>
    gpu.return
  }

  gpu.func @rdna(%x: vector<1xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    // expected-remark @+1 {{LDS layout left alone: no LDS bank model for chip 'gfx1100'}}
    %tile = wave.alloc_lds : memref<64x32xf32, #lds>
    wave.write %x, %tile[%t, %c0] : vector<1xf32>, memref<64x32xf32, #lds>
    gpu.return
  }
}

// A row access of 6 elements against swizzle groups of 4: split into pieces
// of 4 and 2, the last one shorter.
// CHECK-LABEL: gpu.module @remainder
// CHECK: wave.alloc_lds swizzle <vec = 4, per_phase = 2, max_phase = 8>
// CHECK: scf.for
// CHECK: wave.read {{.*}} -> vector<4xf16>
// CHECK: vector.insert_strided_slice {{.*}} {offsets = [0], strides = [1]} : vector<4xf16> into vector<6xf16>
// CHECK: wave.read {{.*}} -> vector<2xf16>
// CHECK: vector.insert_strided_slice {{.*}} {offsets = [4], strides = [1]} : vector<2xf16> into vector<6xf16>
gpu.module @remainder {
  gpu.func @remainder(%in: memref<64x16xf16>, %out: memref<64x24xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    // expected-remark @below {{LDS layout unpadded -> swizzle <vec = 4, per_phase = 2, max_phase = 8>: LDS cycles a workgroup 128 -> 40, from bank conflicts 88 -> 0; bytes 2048 -> 2048; 2 accesses split into one a swizzle group}}
    %tile = wave.alloc_lds : memref<32x32xf16, #lds>
    %v = wave.read %in[%t] map affine_map<(t) -> (t, 0)> : memref<64x16xf16> -> vector<16xf16>
    wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 2, (t mod 2) * 16)> : vector<16xf16>, memref<32x32xf16, #lds>
    wave.barrier
    scf.for %k = %c0 to %c3 step %c1 {
      %a = wave.read %tile[%t, %k] map affine_map<(t, k) -> (t mod 32, k * 8 + (t floordiv 32) * 4)> : memref<32x32xf16, #lds> -> vector<6xf16>
      wave.write %a, %out[%t, %k] map affine_map<(t, k) -> (t, k * 8)> : vector<6xf16>, memref<64x24xf16>
    }
    gpu.return
  }

  // The loops' tiles at 2 to 2^20 iterations: the same decisions (the
  // cycles a run scale with the trip count).
  // RUN: sed 's/%%trips = arith.constant 8 /%%trips = arith.constant 2 /' %s | wave-opt --wave-optimize-lds-layout 2>&1 >/dev/null | FileCheck %s --check-prefix=LOOP
  // RUN: sed 's/%%trips = arith.constant 8 /%%trips = arith.constant 3 /' %s | wave-opt --wave-optimize-lds-layout 2>&1 >/dev/null | FileCheck %s --check-prefix=LOOP
  // RUN: sed 's/%%trips = arith.constant 8 /%%trips = arith.constant 1024 /' %s | wave-opt --wave-optimize-lds-layout 2>&1 >/dev/null | FileCheck %s --check-prefix=LOOP
  // RUN: sed 's/%%trips = arith.constant 8 /%%trips = arith.constant 65536 /' %s | wave-opt --wave-optimize-lds-layout 2>&1 >/dev/null | FileCheck %s --check-prefix=LOOP
  // RUN: sed 's/%%trips = arith.constant 8 /%%trips = arith.constant 1048576 /' %s | wave-opt --wave-optimize-lds-layout 2>&1 >/dev/null | FileCheck %s --check-prefix=LOOP
  // LOOP: remark: LDS layout unpadded kept: {{[0-9]+}} LDS cycles a workgroup (0 from bank conflicts), 8192 bytes; no padding or swizzle does better
  // LOOP: remark: LDS layout unpadded -> swizzle <vec = 1, per_phase = 1, max_phase = 32>: LDS cycles a workgroup {{[0-9]+}} -> {{[0-9]+}}, from bank conflicts {{[1-9][0-9]*}} -> 0; bytes 16384 -> 16384

  // The double-buffered tile of a staged loop: iteration i writes and reads
  // buffer i mod 2, 16 bytes a lane in order, so no layout does better. The
  // cost of every iteration repeats every 2 iterations, and only those 2 are
  // analyzed: the same decision at any trip count (the LOOP runs below
  // repeat it at 2 to 2^20 iterations).
  // CHECK-LABEL: gpu.func @double_buffered
  // CHECK: wave.alloc_lds : memref<2x1024xf32, #gpu.address_space<workgroup>>
  gpu.func @double_buffered(%X: memref<1024xf32>, %Y: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %trips = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    // expected-remark @+1 {{LDS layout unpadded kept: 512 LDS cycles a workgroup (0 from bank conflicts), 8192 bytes; no padding or swizzle does better}}
    %buf = wave.alloc_lds : memref<2x1024xf32, #lds>
    %sum = scf.for %i = %c0 to %trips step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %x = wave.read %X[%t] map affine_map<(t) -> (t * 4)> : memref<1024xf32> -> vector<4xf32>
      wave.write %x, %buf[%t, %i] map affine_map<(t, i) -> (i mod 2, t * 4)> : vector<4xf32>, memref<2x1024xf32, #lds>
      wave.barrier
      %y = wave.read %buf[%t, %i] map affine_map<(t, i) -> (i mod 2, ((t + 64) mod 256) * 4)> : memref<2x1024xf32, #lds> -> vector<4xf32>
      %next = arith.addf %acc, %y : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    wave.write %sum, %Y[%t] map affine_map<(t) -> (t * 4)> : vector<4xf32>, memref<1024xf32>
    gpu.return
  }

  // The same loop with a tile of 64 x 32 f32 buffers read down a column:
  // each phase of 32 lanes reads 32 rows starting in one bank. The swizzle
  // fixes it in every iteration, whatever the trip count.
  // CHECK-LABEL: gpu.func @double_buffered_columns
  // CHECK: wave.alloc_lds swizzle <vec = 1, per_phase = 1, max_phase = 32> : memref<2x64x32xf32, #gpu.address_space<workgroup>>
  gpu.func @double_buffered_columns(%X: memref<256xf32>, %Y: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %trips = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<1xf32>
    // expected-remark @+1 {{LDS layout unpadded -> swizzle <vec = 1, per_phase = 1, max_phase = 32>: LDS cycles a workgroup 4096 -> 128, from bank conflicts 3968 -> 0; bytes 16384 -> 16384}}
    %buf = wave.alloc_lds : memref<2x64x32xf32, #lds>
    %sum = scf.for %i = %c0 to %trips step %c1 iter_args(%acc = %zero) -> (vector<1xf32>) {
      %x = wave.read %X[%t] : memref<256xf32> -> vector<1xf32>
      wave.write %x, %buf[%t, %i] map affine_map<(t, i) -> (i mod 2, t mod 64, t floordiv 64)> : vector<1xf32>, memref<2x64x32xf32, #lds>
      wave.barrier
      %y = wave.read %buf[%t, %i] map affine_map<(t, i) -> (i mod 2, (t + 1) mod 64, t floordiv 64)> : memref<2x64x32xf32, #lds> -> vector<1xf32>
      %next = arith.addf %acc, %y : vector<1xf32>
      scf.yield %next : vector<1xf32>
    }
    wave.write %sum, %Y[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }
}

// A loop of 2^62 iterations: an access's cycles times its executions do not
// fit 64 bits, and the costs saturate at INT64_MAX instead of overflowing.
// The unpadded tile's conflicts still weigh, and the swizzle removes them.
gpu.module @huge_trip_count {
  gpu.func @huge_trip_count(%v: vector<8xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %huge = arith.constant 4611686018427387904 : index
    // expected-remark @+1 {{LDS layout unpadded -> swizzle <vec = 4, per_phase = 2, max_phase = 8>: LDS cycles a workgroup 9223372036854775807 -> 9223372036854775807, from bank conflicts 9223372036854775807 -> 0}}
    %tile = wave.alloc_lds : memref<32x32xf16, #gpu.address_space<workgroup>>
    wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)>
        : vector<8xf16>, memref<32x32xf16, #gpu.address_space<workgroup>>
    wave.barrier
    scf.for %k = %c0 to %huge step %c1 {
      %a = wave.read %tile[%t, %k] map affine_map<(t, k) -> (t mod 32, k * 8 + (t floordiv 32) * 4)>
          : memref<32x32xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
    }
    gpu.return
  }
}

// A loop to 2^63 - 1: its trip count is computed without overflow in the
// index classification (whose ub - lb + step - 1 overflowed before), and
// the costs saturate.
gpu.module @endless {
  gpu.func @endless() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %max = arith.constant 9223372036854775807 : index
    // expected-remark @below {{LDS layout unpadded -> rows padded by 4: LDS cycles a workgroup 9223372036854775807 -> 9223372036854775807, from bank conflicts 9223372036854775807 -> 0; bytes 2048 -> 2304}}
    %tile = wave.alloc_lds : memref<32x32xf16, #gpu.address_space<workgroup>>
    wave.barrier
    scf.for %k = %c0 to %max step %c1 {
      %a = wave.read %tile[%t, %k]
          map affine_map<(t, k) -> (t mod 32, k * 8 + (t floordiv 32) * 4)>
          : memref<32x32xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
    }
    gpu.return
  }
}

// On gfx950 a group of 16 lanes of a transposed read (ds_read_b64_tr_b16:
// the B fragments of a K x N tile, 4 K rows of 32 bytes) reads 4 rows at
// once, as does its half-wave phase of 32 lanes, columns 64 bytes wide. In
// rows of 64 elements (128 bytes) the 4 rows of a phase share 32 of the 64
// banks; rows padded by 64 bytes (32 elements) put them on 4 distinct
// sixteenths of the banks (8 phases of 2-way conflicts before). Paddings
// that move rows off multiples of 8 bytes (by 2 elements) would make the
// reads one per element and are not taken. The lowering reads the padded
// tile's columns with transposed reads, as the kernel as written computes.
// CHECK-LABEL: gpu.module @transposed_reads
// CHECK: wave.alloc_lds padding [0, 32] : memref<16x64xf16, strided<[96, 1]>
gpu.module @transposed_reads {
  gpu.func @transposed_reads(%B: memref<16x64xf16>, %O: memref<64x16xf16>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    // expected-remark @below {{LDS layout unpadded -> rows padded by 32: LDS cycles a workgroup 32 -> 24, from bank conflicts 8 -> 0; bytes 2048 -> 3072}}
    %tile = wave.alloc_lds : memref<16x64xf16, #gpu.address_space<workgroup>>
    %b = wave.read %B[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : memref<16x64xf16> -> vector<8xf16>
    wave.write %b, %tile[%t] map affine_map<(t) -> (t floordiv 8, (t mod 8) * 8)> : vector<8xf16>, memref<16x64xf16, #gpu.address_space<workgroup>>
    wave.barrier
    %f = wave.read %tile[%t] map affine_map<(t) -> (((t mod 64) floordiv 32) * 8, (t floordiv 64) * 32 + t mod 32)> along 0 : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %w = gpu.subgroup_id : index
    %l = gpu.lane_id
    wave.write %f, %O[%l, %w] map affine_map<(l, w) -> (l, w * 8)> : vector<8xf16>, memref<64x16xf16>
    gpu.return
  }

// A tile written by direct-to-LDS copies (marked by wave-direct-to-lds):
// no padding keeps its lanes' writes consecutive, a swizzle does when each
// copy reads the run the swizzle puts at its lane's address. Read back a
// column of 16-byte groups (rows 64 bytes apart, the same banks every 2
// rows on gfx950's 64 banks), the tile wins a swizzle; the copy's write
// and read take its XOR, so the lanes still write consecutive addresses.
// DIRECT-LABEL: gpu.func @direct_copies(
// DIRECT:         wave.alloc_lds swizzle <vec = 8, per_phase = 4, max_phase = 4>
// DIRECT:         wave.read %{{.*}} map affine_map<(d0, d1, d2) -> (d0 floordiv 4 + d1 * 64, (d0 mod 4) * 8 + ((d2 mod 4 + ((d2 floordiv 4) floordiv 4) mod 4) mod 2 + (((d2 mod 4) floordiv 2 + (((d2 floordiv 4) floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d2 mod 4) * 8)>
// DIRECT-NEXT:    wave.write {{.*}} map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d0 mod 4 + ((d0 floordiv 4) floordiv 4) mod 4) mod 2 + (((d0 mod 4) floordiv 2 + (((d0 floordiv 4) floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d0 mod 4) * 8)> {wave.direct_to_lds}
gpu.func @direct_copies(%A: memref<128x32xf16>, %Out: memref<128x32xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 2, 1, 1>,
                wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
  %t = gpu.thread_id x
  %bm = gpu.block_id x
  // expected-remark @below {{LDS layout unpadded -> swizzle}}
  %tile = wave.alloc_lds : memref<64x32xf16, #lds>
  %v = wave.read %A[%t, %bm] map affine_map<(t, bm) -> (t floordiv 4 + bm * 64, (t mod 4) * 8)> : memref<128x32xf16> -> vector<8xf16>
  wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> {wave.direct_to_lds} : vector<8xf16>, memref<64x32xf16, #lds>
  wave.barrier
  %f = wave.read %tile[%t] map affine_map<(t) -> (t mod 64, (t floordiv 64) * 8)> : memref<64x32xf16, #lds> -> vector<8xf16>
  wave.write %f, %Out[%t, %bm] map affine_map<(t, bm) -> (t mod 64 + bm * 64, (t floordiv 64) * 8)> : vector<8xf16>, memref<128x32xf16>
  gpu.return
}

// The same copy on a tile already swizzled, as wave-direct-to-lds leaves it:
// its copy took that swizzle on its read side, which another would undo.
// DIRECT-LABEL: gpu.func @direct_copies_swizzled(
// DIRECT:         wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 4>
gpu.func @direct_copies_swizzled(%A: memref<128x32xf16>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
  %t = gpu.thread_id x
  // expected-remark @below {{LDS layout left alone: written by direct-to-LDS copies that read the runs of its swizzle}}
  %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 4> : memref<64x32xf16, #lds>
  %v = wave.read %A[%t, %t] map affine_map<(d0, d1) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d1 mod 4 + (d1 floordiv 4) mod 4) mod 2 + (((d1 mod 4) floordiv 2 + ((d1 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d1 mod 4) * 8)> : memref<128x32xf16> -> vector<8xf16>
  wave.write %v, %tile[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d0 mod 4 + (d0 floordiv 4) mod 4) mod 2 + (((d0 mod 4) floordiv 2 + ((d0 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d0 mod 4) * 8)> {wave.direct_to_lds} : vector<8xf16>, memref<64x32xf16, #lds>
  gpu.return
}

}
