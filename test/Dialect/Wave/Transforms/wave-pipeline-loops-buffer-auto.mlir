// wave-pipeline-loops' default buffer=auto: LDS buffers for a loop whose
// MMAs of staged tiles hold the matrix pipe at least lds-buffer-cycles an
// iteration (getMmaPipeCycles: the chip's published rate), registers
// otherwise.
//
// RUN: wave-opt %s --wave-pipeline-loops=lds-buffer-cycles=32 --verify-diagnostics --mlir-print-local-scope | FileCheck %s
// RUN: wave-opt %s --wave-pipeline-loops="lds-buffer-cycles=32 summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: wave-run %s --kernel=two_tiles --compare-pipeline='builtin.module(wave-pipeline-loops{lds-buffer-cycles=32},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=one_tile --compare-pipeline='builtin.module(wave-pipeline-loops{lds-buffer-cycles=32},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=tile_read_after_loop --compare-pipeline='builtin.module(wave-pipeline-loops{lds-buffer-cycles=32},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// SAME: PASS
//
// The GEMM example: 4 MMAs f32_32x32x8_f16 a K step, 32 cycles each on
// gfx942, under the default 500: registers. On gfx950 the same MMAs count at
// the rate of the f32_32x32x16_f16 that wave-widen-mma makes of their pairs,
// 16 cycles each. At lds-buffer-cycles=128 gfx942's loop asks for LDS
// buffers, which do not fit the occupancy it reaches: registers, and the
// remark says why.
// RUN: wave-opt %examples/gemm.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=GEMM
// GEMM: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: buffer=auto: the MMAs of an iteration that multiply staged tiles hold the matrix pipe 128 cycles on gfx942, fewer than lds-buffer-cycles=500)
// RUN: sed -e 's/chip = "gfx942"/chip = "gfx950"/' %examples/gemm.mlir | wave-opt --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=GEMM-950
// GEMM-950: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: buffer=auto: the MMAs of an iteration that multiply staged tiles hold the matrix pipe 64 cycles on gfx950, fewer than lds-buffer-cycles=500)
// RUN: wave-opt %examples/gemm.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops=lds-buffer-cycles=128 -o /dev/null 2>&1 | FileCheck %s --check-prefix=GEMM-FIT
// GEMM-FIT: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: the LDS buffers do not fit: 2 stages need 17920 bytes of LDS, over the 9362 that occupancy 7 (reached before pipelining) on gfx942 allows)
//
// The 256x256x64 fp8 tile of 8 waves on gfx950: 8 MMAs of the joined
// f32_32x32x64 kind an iteration, 512 cycles, ask for LDS buffers, but the
// whole chains of its trailing MMAs fit the budget deferred in registers,
// where they cover the staging writes: registers, as buffer=registers
// pipelines it (wave-pipeline-loops-deferral.mlir runs that form against
// the kernel before it). With 60 VGPRs of headroom they do not fit: LDS
// buffers, and the remark says why not registers.
// RUN: wave-opt %examples/gemm_fp8_256.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops -o %t.auto.mlir 2>&1 | FileCheck %s --check-prefix=FP8-256
// FP8-256: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: buffer=auto: the MMAs of an iteration that multiply staged tiles hold the matrix pipe 512 cycles on gfx950, at least lds-buffer-cycles=500, but the 32 MMAs of the whole chains that wave-widen-mma joins, deferred in registers, cover the staging writes (213 VGPRs with the prefetched and the headroom)): 4 global reads
// RUN: wave-opt %examples/gemm_fp8_256.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops=buffer=registers -o %t.registers.mlir 2>/dev/null
// RUN: diff %t.auto.mlir %t.registers.mlir
// RUN: wave-opt %examples/gemm_fp8_256.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops=headroom=60 -o /dev/null 2>&1 | FileCheck %s --check-prefix=FP8-256-TIGHT
// FP8-256-TIGHT: remark: wave-pipeline-loops: pipelined with 2 stages in LDS buffers (buffer=auto: the MMAs of an iteration that multiply staged tiles hold the matrix pipe 512 cycles on gfx950, at least lds-buffer-cycles=500; not registers with the 32 MMAs of the whole chains that wave-widen-mma joins deferred: 265 VGPRs with the prefetched and the headroom, over the 256 of the budget): 4 global reads
// gfx950's f8f6f4 MFMAs that wave-widen-mma does not join (fp4, fp6,
// scaled) are whole instructions already: the 8 trailing MMAs of
// examples/gemm_mxfp4_256.mlir, deferred in registers, cover its staging
// writes, and registers win there too.
// RUN: wave-opt %examples/gemm_mxfp4_256.mlir --wave-minimize-global-loads --wave-pipeline-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=MXFP4-256
// MXFP4-256: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: buffer=auto: the MMAs of an iteration that multiply staged tiles hold the matrix pipe 1024 cycles on gfx950, at least lds-buffer-cycles=500, but the 8 trailing MMAs, deferred in registers, cover the staging writes (212 VGPRs with the prefetched and the headroom)): 14 global reads
// examples/gemm_gfx950.mlir, whose f16 MMAs are written double-K, keeps its
// LDS buffers: there they measured faster.
// RUN: wave-opt %examples/gemm_gfx950.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=GFX950-F16
// GFX950-F16: remark: wave-pipeline-loops: pipelined with 2 stages in LDS buffers (buffer=auto

// SUMMARY: loops-pipelined: 4, {{.*}}in-registers-instead: 2, lds-bytes-added: 512,

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#lds = #gpu.address_space<workgroup>
#stage = affine_map<(k, t) -> (k, t * 4)>
#own = affine_map<(t) -> (t * 4)>
#next = affine_map<(t) -> (((t + 1) mod 64) * 4)>

gpu.module @auto {
  // A and B of the MMA both read from the staged tile: 32 cycles, at least
  // the 32 asked for, so the tile gets a buffer a stage.
  // CHECK-LABEL: gpu.func @two_tiles
  // CHECK: wave.alloc_lds : memref<2x256xf16, #gpu.address_space<workgroup>>
  gpu.func @two_tiles(%in: memref<8x256xf16>, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf16, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in LDS buffers (buffer=auto: the MMAs of an iteration that multiply staged tiles hold the matrix pipe 32 cycles on gfx942, at least lds-buffer-cycles=32)}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf16> -> vector<4xf16>
      wave.write %g, %tile[%t] map #own : vector<4xf16>, memref<256xf16, #lds>
      wave.barrier
      %a = wave.read %tile[%t] map #own : memref<256xf16, #lds> -> vector<4xf16>
      %b = wave.read %tile[%t] map #next : memref<256xf16, #lds> -> vector<4xf16>
      %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      wave.barrier
      scf.yield %d : vector<16xf32>
    }
    wave.write %r, %out[%t] map affine_map<(t) -> (t * 16)> : vector<16xf32>, memref<1024xf32>
    gpu.return
  }

  // A is a constant, not a staged tile: the MMA is not a K step of staged
  // tiles, nothing is weighed, and the loop stays in registers without a
  // word about buffers.
  // CHECK-LABEL: gpu.func @one_tile
  // CHECK: wave.alloc_lds : memref<256xf16, #gpu.address_space<workgroup>>
  gpu.func @one_tile(%in: memref<8x256xf16>, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf16, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %a = arith.constant dense<1.0> : vector<4xf16>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers: 1 global reads issued 1 iteration ahead}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf16> -> vector<4xf16>
      wave.write %g, %tile[%t] map #own : vector<4xf16>, memref<256xf16, #lds>
      wave.barrier
      %b = wave.read %tile[%t] map #next : memref<256xf16, #lds> -> vector<4xf16>
      %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      wave.barrier
      scf.yield %d : vector<16xf32>
    }
    wave.write %r, %out[%t] map affine_map<(t) -> (t * 16)> : vector<16xf32>, memref<1024xf32>
    gpu.return
  }

  // Long enough, but the tile is read after the loop: a buffer a stage
  // would change what that read sees. buffer=lds leaves such a loop alone;
  // auto pipelines it in registers and says why not in LDS buffers.
  // CHECK-LABEL: gpu.func @tile_read_after_loop
  // CHECK: wave.alloc_lds : memref<256xf16, #gpu.address_space<workgroup>>
  gpu.func @tile_read_after_loop(%in: memref<8x256xf16>, %out: memref<1024xf32>,
                                 %last: memref<256xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf16, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: a staged tile is also used by 'wave.read' outside the staging, which a buffer per stage would change)}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf16> -> vector<4xf16>
      wave.write %g, %tile[%t] map #own : vector<4xf16>, memref<256xf16, #lds>
      wave.barrier
      %a = wave.read %tile[%t] map #own : memref<256xf16, #lds> -> vector<4xf16>
      %b = wave.read %tile[%t] map #next : memref<256xf16, #lds> -> vector<4xf16>
      %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      wave.barrier
      scf.yield %d : vector<16xf32>
    }
    %x = wave.read %tile[%t] map #own : memref<256xf16, #lds> -> vector<4xf16>
    wave.write %x, %last[%t] map #own : vector<4xf16>, memref<256xf16>
    wave.write %r, %out[%t] map affine_map<(t) -> (t * 16)> : vector<16xf32>, memref<1024xf32>
    gpu.return
  }

  // The same loop on a chip where the MMA is too short for the threshold:
  // registers, and the remark gives the cycles.
  // CHECK-LABEL: gpu.func @short_on_gfx950
  // CHECK: wave.alloc_lds : memref<256xf16, #gpu.address_space<workgroup>>
  gpu.func @short_on_gfx950(%in: memref<8x256xf16>, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %tile = wave.alloc_lds : memref<256xf16, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: buffer=auto: the MMAs of an iteration that multiply staged tiles hold the matrix pipe 16 cycles on gfx950, fewer than lds-buffer-cycles=32)}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf16> -> vector<4xf16>
      wave.write %g, %tile[%t] map #own : vector<4xf16>, memref<256xf16, #lds>
      wave.barrier
      %a = wave.read %tile[%t] map #own : memref<256xf16, #lds> -> vector<4xf16>
      %b = wave.read %tile[%t] map #next : memref<256xf16, #lds> -> vector<4xf16>
      %d = wave.mma <f32_32x32x8_f16> %a, %b, %acc : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      wave.barrier
      scf.yield %d : vector<16xf32>
    }
    wave.write %r, %out[%t] map affine_map<(t) -> (t * 16)> : vector<16xf32>, memref<1024xf32>
    gpu.return
  }
}
