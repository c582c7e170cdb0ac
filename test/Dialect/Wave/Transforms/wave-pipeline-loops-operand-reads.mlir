// Global reads that feed a pipelined loop's computation directly (an MMA's
// scales, a bias) rather than an LDS write: with buffer=registers they are
// issued ahead with the staged reads and carried (CHECK); a read whose
// address depends on a load in the loop or on a carried value stays in its
// iteration with a remark. With buffer=lds they are carried in registers
// beside the tiles' buffers (LDS).
// RUN: wave-opt %s --wave-pipeline-loops --verify-diagnostics --mlir-print-local-scope | FileCheck %s
// RUN: wave-opt %s --wave-pipeline-loops=buffer=lds --mlir-print-local-scope 2>/dev/null | FileCheck %s --check-prefix=LDS
// RUN: wave-opt %s --wave-pipeline-loops=buffer=lds 2>&1 >/dev/null | FileCheck %s --check-prefix=LDS-REMARK
// RUN: wave-opt %s --wave-pipeline-loops=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// Results before and after, at every form of the rotation.
// RUN: for k in biased indirect chained; do wave-run %s --kernel=$k --compare-pipeline='builtin.module(wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null; done | FileCheck %s --check-prefix=SAME
// RUN: for k in biased indirect chained; do wave-run %s --kernel=$k --compare-pipeline='builtin.module(wave-pipeline-loops{stages=3},wave-insert-barriers)' 2>/dev/null; done | FileCheck %s --check-prefix=SAME
// RUN: for k in biased indirect chained; do wave-run %s --kernel=$k --compare-pipeline='builtin.module(wave-pipeline-loops{peel-epilogue=true},wave-insert-barriers)' 2>/dev/null; done | FileCheck %s --check-prefix=SAME
// RUN: for k in biased indirect chained; do wave-run %s --kernel=$k --compare-pipeline='builtin.module(wave-pipeline-loops{buffer=lds},wave-insert-barriers)' 2>/dev/null; done | FileCheck %s --check-prefix=SAME
// RUN: for k in biased indirect chained; do wave-run %s --kernel=$k --compare-pipeline='builtin.module(wave-pipeline-loops{buffer=lds stages=3},wave-insert-barriers)' 2>/dev/null; done | FileCheck %s --check-prefix=SAME
// SAME-COUNT-3: PASS

// SUMMARY: remark: wave-pipeline-loops: loops-pipelined: 3, reads-prefetched: 4, operand-reads-prefetched: 1, loops-versioned: 0

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#lds = #gpu.address_space<workgroup>
#stage = affine_map<(k, t) -> (k, t * 4)>
#own = affine_map<(t) -> (t * 4)>
#next = affine_map<(t) -> (((t + 1) mod 64) * 4)>
#bias = affine_map<(k, t) -> (k, (t mod 16) * 4)>

gpu.module @operand_reads {
  // The bias of step k is read for step k + 1 beside the staged tile and
  // carried; the body adds the carried one.
  // CHECK-LABEL: gpu.func @biased
  // CHECK: %[[G0:.*]] = wave.read %in
  // CHECK-NEXT: %[[B0:.*]] = wave.read %bias
  // CHECK: scf.for %[[K:.*]] = {{.*}} iter_args(%{{.*}}, %[[G:.*]] = %[[G0]], %[[B:.*]] = %[[B0]])
  // CHECK-NEXT: wave.write %[[G]], %{{.*}}
  // CHECK: %[[GN:.*]] = wave.read %in
  // CHECK-NEXT: %[[BN:.*]] = wave.read %bias
  // CHECK-NEXT: wave.barrier
  // CHECK: arith.addf %{{.*}}, %[[B]]
  // CHECK: scf.yield %{{.*}}, %[[GN]], %[[BN]]
  // LDS-LABEL: gpu.func @biased
  // LDS: %[[LB0:.*]] = wave.read %bias
  // LDS: scf.for %{{.*}} iter_args(%{{.*}}, %[[LB:.*]] = %[[LB0]])
  // LDS: wave.read %in
  // LDS-NEXT: %[[LBN:.*]] = wave.read %bias
  // LDS-NEXT: wave.barrier
  // LDS: arith.addf %{{.*}}, %[[LB]]
  // LDS: scf.yield %{{.*}}, %[[LBN]]
  // LDS-REMARK: remark: wave-pipeline-loops: pipelined with 2 stages in LDS buffers: 2 global reads (1 feeding the body's computation) issued 1 iteration ahead
  gpu.func @biased(%in: memref<8x256xf32>, %bias: memref<8x64xf32>,
                   %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers: 2 global reads (1 feeding the body's computation) issued 1 iteration ahead}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %b = wave.read %bias[%k, %t] map #bias : memref<8x64xf32> -> vector<4xf32>
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %xb = arith.addf %x, %b : vector<4xf32>
      %s = arith.addf %acc, %xb : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // The second read's row is loaded in the loop (an indirection): the load
  // is not recomputed for a later iteration, so the read stays.
  // CHECK-LABEL: gpu.func @indirect
  // CHECK: scf.for
  // CHECK: wave.barrier
  // CHECK-NEXT: memref.load %rows
  // CHECK-NEXT: arith.remui
  // CHECK-NEXT: wave.read %bias
  gpu.func @indirect(%in: memref<8x256xf32>, %bias: memref<8x64xf32>,
                     %rows: memref<8xindex>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers: 1 global reads issued 1 iteration ahead}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %any = memref.load %rows[%k] : memref<8xindex>
      %row = arith.remui %any, %c8 : index
      // expected-remark @+1 {{wave-pipeline-loops: global read left in its iteration: the address or mask of the 'wave.read' depends on 'memref.load', which cannot be recomputed for a later iteration}}
      %b = wave.read %bias[%row, %t] map #bias : memref<8x64xf32> -> vector<4xf32>
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %xb = arith.addf %x, %b : vector<4xf32>
      %s = arith.addf %acc, %xb : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // The second read's row is carried from the iteration before: it cannot
  // be computed for a later one, so it stays.
  // CHECK-LABEL: gpu.func @chained
  // CHECK: scf.for
  // CHECK: wave.barrier
  // CHECK-NEXT: wave.read %bias
  gpu.func @chained(%in: memref<8x256xf32>, %bias: memref<8x64xf32>,
                    %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers: 1 global reads issued 1 iteration ahead}}
    %r:2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero, %row = %c7)
        -> (vector<4xf32>, index) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      // expected-remark @+1 {{wave-pipeline-loops: global read left in its iteration: the address or mask of the 'wave.read' depends on the loop-carried value #1}}
      %b = wave.read %bias[%row, %t] map #bias : memref<8x64xf32> -> vector<4xf32>
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %xb = arith.addf %x, %b : vector<4xf32>
      %s = arith.addf %acc, %xb : vector<4xf32>
      wave.barrier
      scf.yield %s, %k : vector<4xf32>, index
    }
    wave.write %r#0, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }
}
