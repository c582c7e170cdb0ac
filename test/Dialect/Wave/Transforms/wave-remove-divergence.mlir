// Converted kernels are straight-line code; every kept branch has a remark.
// RUN: wave-opt %s --wave-remove-divergence --verify-diagnostics | FileCheck %s
// The counts the statistics keep.
// RUN: wave-opt %s --wave-remove-divergence=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// One more unit of budget converts the branch one over the default threshold.
// RUN: wave-opt %s --wave-remove-divergence=threshold=9 2>/dev/null | FileCheck %s --check-prefix=T9
// Selecting an operand costs one op and the select: add_or_subtract is 8.
// RUN: wave-opt %s --wave-remove-divergence=threshold=7 2>&1 >/dev/null | FileCheck %s --check-prefix=T7
// The even/odd writer example becomes one select and one store, and nothing
// else in it is touched (no remark); the converted kernel still matches its
// reference kernel, and the kernel before and after the pass agree on the
// same random inputs.
// RUN: wave-opt %examples/divergent.mlir --wave-remove-divergence --verify-diagnostics | FileCheck %s --check-prefix=EXAMPLE
// RUN: wave-opt %examples/divergent.mlir --wave-remove-divergence -o %t.divergent.mlir
// RUN: wave-run %t.divergent.mlir | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/divergent.mlir --compare-pipeline=wave-remove-divergence | FileCheck %s --check-prefix=SAME
// End to end on gfx942: the converted example has no exec-mask branch, with
// wave-compile's default -O3 and with -O0 (no LLVM optimization), where the
// unconverted kernel has one. (At -O3 LLVM's own optimizer happens to merge
// this example's two stores itself; the kernels below show what it cannot.)
// RUN: wave-compile %t.divergent.mlir --chip=gfx942 --emit=asm -o %t.divergent.s
// RUN: FileCheck %s --check-prefix=ASM-EXAMPLE < %t.divergent.s
// RUN: wave-compile %t.divergent.mlir --chip=gfx942 --emit=asm -O0 -o %t.divergent-O0.s
// RUN: FileCheck %s --check-prefix=ASM-EXAMPLE < %t.divergent-O0.s
// RUN: wave-compile %examples/divergent.mlir --chip=gfx942 --emit=asm -O0 -o %t.unconverted-O0.s
// RUN: FileCheck %s --check-prefix=ASM-BRANCH < %t.unconverted-O0.s
// The kernels of this file before and after the pass alone (no
// wave-optimize), at -O3: where the arms load memory LLVM cannot prove
// dereferenceable, or cost more than LLVM speculates, only the pass removes
// the branch.
// RUN: wave-opt %s --wave-remove-divergence -o %t.converted.mlir 2>/dev/null
// RUN: wave-compile %t.converted.mlir --chip=gfx942 --emit=asm --wave-optimize=false -o %t.converted.s
// RUN: FileCheck %s --check-prefix=ASM < %t.converted.s
// RUN: wave-compile %s --chip=gfx942 --emit=asm --wave-optimize=false -o %t.unconverted.s
// RUN: FileCheck %s --check-prefix=ASM-KEPT < %t.unconverted.s

// ASM-EXAMPLE-LABEL: {{^}}divergent:
// ASM-EXAMPLE-NOT:     s_cbranch_exec
// ASM-EXAMPLE:         v_cndmask_b32
// ASM-EXAMPLE-NOT:     s_cbranch_exec
// ASM-EXAMPLE:         {{flat|global}}_store_dword
// ASM-EXAMPLE-NOT:     s_cbranch_exec
// ASM-EXAMPLE:         s_endpgm

// ASM-BRANCH-LABEL: {{^}}divergent:
// ASM-BRANCH:         s_cbranch_execz
// ASM-BRANCH:         s_endpgm

// ASM-LABEL: {{^}}even_odd_store:
// ASM-NOT:     s_cbranch_exec
// ASM:         s_endpgm
// ASM-LABEL: {{^}}in_bounds_reads:
// ASM-NOT:     s_cbranch_exec
// ASM:         v_cndmask_b32
// ASM-NOT:     s_cbranch_exec
// ASM:         s_endpgm
// ASM-LABEL: {{^}}nested:
// ASM-NOT:     s_cbranch_exec
// ASM:         s_endpgm
// ASM-LABEL: {{^}}cost_at_threshold:
// ASM-NOT:     s_cbranch_exec
// ASM:         s_endpgm

// ASM-KEPT-LABEL: {{^}}in_bounds_reads:
// ASM-KEPT:         s_cbranch_exec
// ASM-KEPT:         s_endpgm
// ASM-KEPT-LABEL: {{^}}nested:
// ASM-KEPT:         s_cbranch_exec
// ASM-KEPT:         s_endpgm
// ASM-KEPT-LABEL: {{^}}cost_at_threshold:
// ASM-KEPT:         s_cbranch_exec
// ASM-KEPT:         s_endpgm

// Every converted kernel below computes what it computed before (wave-run
// runs it before and after the pass on the same random inputs, checking
// bounds and races too).
// RUN: wave-run %s --kernel=icmp_if_mov --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=even_odd_store --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=in_bounds_reads --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// The run-time trip count, at 3 and 4 chunks (what the kernel assumes).
// RUN: %python -c "import numpy; numpy.save('%t.n3.npy', numpy.array(3, dtype=numpy.int64)); numpy.save('%t.n4.npy', numpy.array(4, dtype=numpy.int64))"
// RUN: wave-run %s --kernel=run_time_trips --input=n=%t.n3.npy --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=run_time_trips --input=n=%t.n4.npy --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// The run-time extent, at 2 and 5 chunks.
// RUN: wave-run %s --kernel=run_time_extent --scalar=n=128 --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=run_time_extent --scalar=n=320 --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=in_bounds_load --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=nested --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=uniform_inside_divergent --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=wave_aligned_too_deep_condition --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// The kernels whose LDS reads stay in their branch stay race-free and read
// only LDS they wrote, alone and in wave-optimize; the pass creates no hazard
// that the barrier pass would need a new barrier for.
// RUN: wave-run %s --kernel=lds_read_would_race --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=lds_read_would_race --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=lds_read_never_written --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=lds_read_never_written --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-opt %s --wave-remove-divergence --wave-insert-barriers=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=BARRIERS
// BARRIERS: wave-insert-barriers: hazards: {{[0-9]+}}, barriers-inserted: 0
// RUN: wave-run %s --kernel=cost_at_threshold --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=same_value_in_both_arms --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=cost_over_threshold --compare-pipeline='wave-remove-divergence{threshold=9}' 2>/dev/null | FileCheck %s --check-prefix=SAME
// Selecting an operand instead of the results (a mutation that drops the
// negation makes the odd lanes of add_or_subtract differ).
// RUN: wave-run %s --kernel=add_or_subtract --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=subtract_or_add --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=same_op_one_operand --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=same_op_same_operands --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=store_same_op --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=operands_or_flags_differ --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=first_operand_or_uses_differ --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=cluster_reduce_conditions --compare-pipeline=wave-remove-divergence 2>/dev/null | FileCheck %s --check-prefix=SAME

// SAME: agrees
// SAME: PASS

// EXAMPLE-LABEL: gpu.func @divergent(
// EXAMPLE-NOT:     scf.if
// EXAMPLE:         %[[EVEN:.*]] = arith.cmpi eq
// EXAMPLE-NEXT:    %[[D:.*]] = arith.mulf
// EXAMPLE-NEXT:    %[[I:.*]] = arith.addf
// EXAMPLE-NEXT:    %[[Y:.*]] = arith.select %[[EVEN]], %[[D]], %[[I]] : vector<1xf32>
// EXAMPLE-NEXT:    wave.write %[[Y]]
// EXAMPLE-NEXT:    gpu.return

// SUMMARY: remark: wave-remove-divergence: converted: 21, stores-merged: 2, operands-selected: 5, left-uniform: 8, rejected-side-effect: 9, rejected-barrier: 1, rejected-convergent: 2, rejected-out-of-bounds: 5, rejected-lds-read: 2, rejected-cost: 2

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#lds = #gpu.address_space<workgroup>

gpu.module @divergence {

//===----------------------------------------------------------------------===//
// Converted
//===----------------------------------------------------------------------===//

// The `icmp`/`if`/`mov` example of the WAVE optimization guide: a predicate
// that differs between lanes picks one of two constants.
// CHECK-LABEL: gpu.func @icmp_if_mov
// CHECK:         %[[P:.*]] = arith.cmpi slt
// CHECK-NOT:     scf.if
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[R:.*]] = arith.select %[[P]], %[[ONE]], %[[ZERO]] : i32
// CHECK-NOT:     scf.if
// CHECK:         memref.store %[[R]]
gpu.func @icmp_if_mov(%in: memref<64xi32>, %r1: i32, %out: memref<64xi32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %tid = gpu.thread_id x
  %r0 = memref.load %in[%tid] : memref<64xi32>
  %p0 = arith.cmpi slt, %r0, %r1 : i32
  %r2 = scf.if %p0 -> (i32) {
    %one = arith.constant 1 : i32
    scf.yield %one : i32
  } else {
    %zero = arith.constant 0 : i32
    scf.yield %zero : i32
  }
  memref.store %r2, %out[%tid] : memref<64xi32>
  gpu.return
}

// The even/odd writer with memref ops: each arm recomputes the index, and the
// two stores merge into one.
// CHECK-LABEL: gpu.func @even_odd_store
// CHECK-NOT:     scf.if
// CHECK:         %[[EVEN:.*]] = arith.cmpi eq
// CHECK:         %[[I:.*]] = arith.addi
// CHECK:         %[[D:.*]] = arith.mulf
// CHECK:         arith.addi
// CHECK:         %[[S:.*]] = arith.addf
// CHECK:         %[[Y:.*]] = arith.select %[[EVEN]], %[[D]], %[[S]] : f32
// CHECK-NEXT:    memref.store %[[Y]], %{{.*}}[%[[I]]] : memref<256xf32>
// CHECK-NOT:     memref.store
// CHECK:         gpu.return
gpu.func @even_odd_store(%X: memref<256xf32>, %Y: memref<256xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 4, 1, 1>, wave.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %tid = gpu.thread_id x
  %wg = gpu.block_id x
  %base = arith.muli %wg, %c64 : index
  %i = arith.addi %base, %tid : index
  %x = memref.load %X[%i] : memref<256xf32>
  %parity = arith.remui %tid, %c2 : index
  %even = arith.cmpi eq, %parity, %c0 : index
  scf.if %even {
    %j = arith.addi %base, %tid : index
    %y = arith.mulf %x, %two : f32
    memref.store %y, %Y[%j] : memref<256xf32>
  } else {
    %j = arith.addi %base, %tid : index
    %y = arith.addf %x, %one : f32
    memref.store %y, %Y[%j] : memref<256xf32>
  }
  gpu.return
}

// Loads are speculated when they are provably in bounds for every lane: a
// `wave.read` by its footprint (here of a global buffer and of an LDS tile).
// CHECK-LABEL: gpu.func @in_bounds_reads
// CHECK-NOT:     scf.if
// CHECK:         %[[C:.*]] = arith.cmpi ult
// CHECK:         wave.read %{{.*}}[%{{.*}}] map {{.*}} : memref<64xf32> -> vector<1xf32>
// CHECK:         wave.read %{{.*}}[%{{.*}}] map {{.*}} : memref<64xf32, #gpu.address_space<workgroup>> -> vector<1xf32>
// CHECK:         arith.addf
// CHECK:         wave.read
// CHECK:         arith.select %[[C]]
// CHECK-NOT:     scf.if
// CHECK:         gpu.return
gpu.func @in_bounds_reads(%A: memref<64xf32>, %B: memref<64xf32>, %out: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c16 = arith.constant 16 : index
  %tid = gpu.thread_id x
  %lds = wave.alloc_lds : memref<64xf32, #lds>
  %a0 = wave.read %A[%tid] : memref<64xf32> -> vector<1xf32>
  wave.write %a0, %lds[%tid] : vector<1xf32>, memref<64xf32, #lds>
  wave.barrier
  %low = arith.cmpi ult, %tid, %c16 : index
  %r = scf.if %low -> (vector<1xf32>) {
    %a = wave.read %A[%tid] map affine_map<(d0) -> (63 - d0)> : memref<64xf32> -> vector<1xf32>
    %l = wave.read %lds[%tid] map affine_map<(d0) -> ((d0 + 32) mod 64)> : memref<64xf32, #lds> -> vector<1xf32>
    %s = arith.addf %a, %l : vector<1xf32>
    scf.yield %s : vector<1xf32>
  } else {
    %b = wave.read %B[%tid] : memref<64xf32> -> vector<1xf32>
    scf.yield %b : vector<1xf32>
  }
  wave.write %r, %out[%tid] : vector<1xf32>, memref<64xf32>
  gpu.return
}

// A `memref.load` is in bounds by the integer ranges of its indices: the
// thread id lies in [0, 64) by `known_block_size`, so `tid + 16` lies in
// [16, 80), inside the 128 elements of %B.
// CHECK-LABEL: gpu.func @in_bounds_load
// CHECK-NOT:     scf.if
// CHECK:         %[[C:.*]] = arith.cmpi ult
// CHECK:         %[[B:.*]] = memref.load
// CHECK:         arith.select %[[C]], %[[B]], %{{.*}} : f32
// CHECK-NOT:     scf.if
// CHECK:         gpu.return
gpu.func @in_bounds_load(%A: memref<64xf32>, %B: memref<128xf32>, %out: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c16 = arith.constant 16 : index
  %tid = gpu.thread_id x
  %x = memref.load %A[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c16 : index
  %r = scf.if %low -> (f32) {
    %i = arith.addi %tid, %c16 : index
    %b = memref.load %B[%i] : memref<128xf32>
    scf.yield %b : f32
  } else {
    scf.yield %x : f32
  }
  memref.store %r, %out[%tid] : memref<64xf32>
  gpu.return
}

// Nested divergent branches are converted inside-out.
// CHECK-LABEL: gpu.func @nested
// CHECK-NOT:     scf.if
// CHECK:         %[[OUTER:.*]] = arith.cmpi ult
// CHECK:         %[[INNER:.*]] = arith.cmpi eq
// CHECK:         %[[M:.*]] = arith.mulf
// CHECK:         %[[IN:.*]] = arith.select %[[INNER]], %[[M]], %{{.*}} : f32
// CHECK:         %[[OUT:.*]] = arith.select %[[OUTER]], %[[IN]], %{{.*}} : f32
// CHECK-NOT:     scf.if
// CHECK:         memref.store %[[OUT]]
gpu.func @nested(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  %r = scf.if %low -> (f32) {
    %m3 = arith.remui %tid, %c3 : index
    %third = arith.cmpi eq, %m3, %c0 : index
    %s = scf.if %third -> (f32) {
      %sq = arith.mulf %x, %x : f32
      scf.yield %sq : f32
    } else {
      scf.yield %x : f32
    }
    scf.yield %s : f32
  } else {
    %neg = arith.negf %x : f32
    scf.yield %neg : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// A uniform branch inside a divergent one stays a branch (it does not
// diverge) and moves with the speculated arm.
// CHECK-LABEL: gpu.func @uniform_inside_divergent
// CHECK:         %[[OUTER:.*]] = arith.cmpi ult
// CHECK:         %[[U:.*]] = scf.if %{{.*}} -> (f32)
// CHECK:         arith.select %[[OUTER]], %[[U]], %{{.*}} : f32
// CHECK-NOT:     scf.if
// CHECK:         gpu.return
gpu.func @uniform_inside_divergent(%X: memref<64xf32>, %Y: memref<64xf32>, %flag: i1) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  %r = scf.if %low -> (f32) {
    %u = scf.if %flag -> (f32) {
      %d = arith.addf %x, %x : f32
      scf.yield %d : f32
    } else {
      scf.yield %x : f32
    }
    scf.yield %u : f32
  } else {
    scf.yield %x : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// Threshold boundary: the arms cost 4 + 3 and the select 1, exactly the
// default threshold of 8.
// CHECK-LABEL: gpu.func @cost_at_threshold
// CHECK-NOT:     scf.if
// CHECK:         arith.select
// CHECK-NOT:     scf.if
// CHECK:         gpu.return
gpu.func @cost_at_threshold(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  %r = scf.if %low -> (f32) {
    %a = arith.addf %x, %x : f32
    %b = arith.addf %a, %x : f32
    %c = arith.addf %b, %x : f32
    %d = arith.addf %c, %x : f32
    scf.yield %d : f32
  } else {
    %a = arith.mulf %x, %x : f32
    %b = arith.mulf %a, %x : f32
    %c = arith.mulf %b, %x : f32
    scf.yield %c : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// Both arms yield the same value: nothing to select.
// CHECK-LABEL: gpu.func @same_value_in_both_arms
// CHECK-NOT:     scf.if
// CHECK-NOT:     arith.select
// CHECK:         %[[X:.*]] = memref.load
// CHECK-NEXT:    memref.store %[[X]]
gpu.func @same_value_in_both_arms(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  %x = memref.load %X[%tid] : memref<64xf32>
  %r = scf.if %low -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %x : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

//===----------------------------------------------------------------------===//
// Uniform branches are left alone, however cheap
//===----------------------------------------------------------------------===//

// A kernel argument, a workgroup id and arithmetic on a thread id along a
// dimension that is constant within each wave (64x4 workgroup, waves of 64)
// are uniform.
// CHECK-LABEL: gpu.func @uniform_conditions
// CHECK:         scf.if
// CHECK:         scf.if
// CHECK:         scf.if
// CHECK-NOT:     arith.select
// CHECK:         gpu.return
gpu.func @uniform_conditions(%X: memref<256xf32>, %Y: memref<256xf32>, %flag: i1) kernel
    attributes {known_block_size = array<i32: 64, 4, 1>,
                known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %tx = gpu.thread_id x
  %ty = gpu.thread_id y
  %wg = gpu.block_id x
  %row = arith.muli %ty, %c64 : index
  %i = arith.addi %row, %tx : index
  %x = memref.load %X[%i] : memref<256xf32>
  %a = scf.if %flag -> (f32) {
    %d = arith.addf %x, %x : f32
    scf.yield %d : f32
  } else {
    scf.yield %x : f32
  }
  %first = arith.cmpi eq, %wg, %c0 : index
  %b = scf.if %first -> (f32) {
    %d = arith.mulf %a, %a : f32
    scf.yield %d : f32
  } else {
    scf.yield %a : f32
  }
  %wave = arith.remui %ty, %c2 : index
  %evenWave = arith.cmpi eq, %wave, %c0 : index
  %c = scf.if %evenWave -> (f32) {
    %d = arith.negf %b : f32
    scf.yield %d : f32
  } else {
    scf.yield %b : f32
  }
  memref.store %c, %Y[%i] : memref<256xf32>
  gpu.return
}

// Branches aligned with wave boundaries do not diverge: with 256 lanes in
// waves of 64, `tid < 128` is the same in every lane of each wave.
// CHECK-LABEL: gpu.func @wave_aligned_condition
// CHECK:         scf.if
// CHECK-NOT:     arith.select
// CHECK:         gpu.return
gpu.func @wave_aligned_condition(%X: memref<256xf32>, %Y: memref<256xf32>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c128 = arith.constant 128 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<256xf32>
  %low = arith.cmpi ult, %tid, %c128 : index
  %r = scf.if %low -> (f32) {
    %d = arith.addf %x, %x : f32
    scf.yield %d : f32
  } else {
    scf.yield %x : f32
  }
  memref.store %r, %Y[%tid] : memref<256xf32>
  gpu.return
}

// The same condition with its bound, 128, computed from the block size
// through a chain of ops: each lane's value is found by following the chain
// up to 32 ops below the value asked about. With 30 additions the block
// size is 32 ops below the compare: still wave-aligned, the branch uniform.
// CHECK-LABEL: gpu.func @wave_aligned_deep_condition
// CHECK:         scf.if
// CHECK-NOT:     arith.select
// CHECK:         gpu.return
gpu.func @wave_aligned_deep_condition(%X: memref<256xf32>, %Y: memref<256xf32>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<256xf32>
  %bd = gpu.block_dim x
  %h0 = arith.divui %bd, %c2 : index
  %h1 = arith.addi %h0, %c0 : index
  %h2 = arith.addi %h1, %c0 : index
  %h3 = arith.addi %h2, %c0 : index
  %h4 = arith.addi %h3, %c0 : index
  %h5 = arith.addi %h4, %c0 : index
  %h6 = arith.addi %h5, %c0 : index
  %h7 = arith.addi %h6, %c0 : index
  %h8 = arith.addi %h7, %c0 : index
  %h9 = arith.addi %h8, %c0 : index
  %h10 = arith.addi %h9, %c0 : index
  %h11 = arith.addi %h10, %c0 : index
  %h12 = arith.addi %h11, %c0 : index
  %h13 = arith.addi %h12, %c0 : index
  %h14 = arith.addi %h13, %c0 : index
  %h15 = arith.addi %h14, %c0 : index
  %h16 = arith.addi %h15, %c0 : index
  %h17 = arith.addi %h16, %c0 : index
  %h18 = arith.addi %h17, %c0 : index
  %h19 = arith.addi %h18, %c0 : index
  %h20 = arith.addi %h19, %c0 : index
  %h21 = arith.addi %h20, %c0 : index
  %h22 = arith.addi %h21, %c0 : index
  %h23 = arith.addi %h22, %c0 : index
  %h24 = arith.addi %h23, %c0 : index
  %h25 = arith.addi %h24, %c0 : index
  %h26 = arith.addi %h25, %c0 : index
  %h27 = arith.addi %h26, %c0 : index
  %h28 = arith.addi %h27, %c0 : index
  %h29 = arith.addi %h28, %c0 : index
  %h30 = arith.addi %h29, %c0 : index
  %low = arith.cmpi ult, %tid, %h30 : index
  %r = scf.if %low -> (f32) {
    %d = arith.addf %x, %x : f32
    scf.yield %d : f32
  } else {
    scf.yield %x : f32
  }
  memref.store %r, %Y[%tid] : memref<256xf32>
  gpu.return
}

// One addition more and the block size lies past the bound: the compare is
// not evaluated, it counts as divergent and the branch is converted, with a
// remark saying why (the converted kernel computes the same).
// CHECK-LABEL: gpu.func @wave_aligned_too_deep_condition
// CHECK-NOT:     scf.if
// CHECK:         arith.select
// CHECK:         gpu.return
gpu.func @wave_aligned_too_deep_condition(%X: memref<256xf32>, %Y: memref<256xf32>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<256xf32>
  %bd = gpu.block_dim x
  %h0 = arith.divui %bd, %c2 : index
  %h1 = arith.addi %h0, %c0 : index
  %h2 = arith.addi %h1, %c0 : index
  %h3 = arith.addi %h2, %c0 : index
  %h4 = arith.addi %h3, %c0 : index
  %h5 = arith.addi %h4, %c0 : index
  %h6 = arith.addi %h5, %c0 : index
  %h7 = arith.addi %h6, %c0 : index
  %h8 = arith.addi %h7, %c0 : index
  %h9 = arith.addi %h8, %c0 : index
  %h10 = arith.addi %h9, %c0 : index
  %h11 = arith.addi %h10, %c0 : index
  %h12 = arith.addi %h11, %c0 : index
  %h13 = arith.addi %h12, %c0 : index
  %h14 = arith.addi %h13, %c0 : index
  %h15 = arith.addi %h14, %c0 : index
  %h16 = arith.addi %h15, %c0 : index
  %h17 = arith.addi %h16, %c0 : index
  %h18 = arith.addi %h17, %c0 : index
  %h19 = arith.addi %h18, %c0 : index
  %h20 = arith.addi %h19, %c0 : index
  %h21 = arith.addi %h20, %c0 : index
  %h22 = arith.addi %h21, %c0 : index
  %h23 = arith.addi %h22, %c0 : index
  %h24 = arith.addi %h23, %c0 : index
  %h25 = arith.addi %h24, %c0 : index
  %h26 = arith.addi %h25, %c0 : index
  %h27 = arith.addi %h26, %c0 : index
  %h28 = arith.addi %h27, %c0 : index
  %h29 = arith.addi %h28, %c0 : index
  %h30 = arith.addi %h29, %c0 : index
  %h31 = arith.addi %h30, %c0 : index
  // expected-remark @+2 {{lane values of 'arith.cmpi' not enumerated: its expression is more than 32 ops deep; treated as divergent}}
  %low = arith.cmpi ult, %tid, %h31 : index
  %r = scf.if %low -> (f32) {
    %d = arith.addf %x, %x : f32
    scf.yield %d : f32
  } else {
    scf.yield %x : f32
  }
  memref.store %r, %Y[%tid] : memref<256xf32>
  gpu.return
}

// A branch on a constant is uniform too.
// CHECK-LABEL: gpu.func @constant_condition
// CHECK:         scf.if
gpu.func @constant_condition(%Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %true = arith.constant true
  %tid = gpu.thread_id x
  %one = arith.constant 1.0 : f32
  scf.if %true {
    memref.store %one, %Y[%tid] : memref<64xf32>
  }
  gpu.return
}

//===----------------------------------------------------------------------===//
// Selecting an operand: both arms compute a value with one op
//===----------------------------------------------------------------------===//

// The step of bench/compile_time.py's kernel: `m + x` in the even lanes,
// `m - x` in the odd ones. Speculated as two ops and a select of their
// results it would cost 12 (three ops on 4 registers) and stay a branch;
// `m + (even ? x : -x)` is one addition and one select, 8, and is converted
// (the negation is a source modifier of v_cndmask_b32 on AMDGPU).
// T7: :[[@LINE+23]]:8: remark: divergent branch kept: speculating both arms costs 8, over the threshold of 7
// CHECK-LABEL: gpu.func @add_or_subtract
// CHECK:         %[[X:.*]] = vector.load %X
// CHECK:         %[[M:.*]] = vector.load %M
// CHECK:         %[[EVEN:.*]] = arith.cmpi eq
// CHECK-NOT:     scf.if
// CHECK:         %[[NEG:.*]] = arith.negf %[[X]] : vector<4xf32>
// CHECK-NEXT:    %[[SEL:.*]] = arith.select %[[EVEN]], %[[X]], %[[NEG]] : vector<4xf32>
// CHECK-NEXT:    %[[R:.*]] = arith.addf %[[M]], %[[SEL]] : vector<4xf32>
// CHECK-NEXT:    vector.store %[[R]], %Y
gpu.func @add_or_subtract(%X: memref<256xf32>, %M: memref<256xf32>,
                          %Y: memref<256xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %tid = gpu.thread_id x
  %i = arith.muli %tid, %c4 : index
  %x = vector.load %X[%i] : memref<256xf32>, vector<4xf32>
  %m = vector.load %M[%i] : memref<256xf32>, vector<4xf32>
  %parity = arith.remui %tid, %c2 : index
  %even = arith.cmpi eq, %parity, %c0 : index
  %r = scf.if %even -> (vector<4xf32>) {
    %t = arith.addf %m, %x : vector<4xf32>
    scf.yield %t : vector<4xf32>
  } else {
    %t = arith.subf %m, %x : vector<4xf32>
    scf.yield %t : vector<4xf32>
  }
  vector.store %r, %Y[%i] : memref<256xf32>, vector<4xf32>
  gpu.return
}

// The subtraction in the 'then' arm: the addition of the 'else' arm is the
// op kept, and the negated operand is the select's 'then' value.
// CHECK-LABEL: gpu.func @subtract_or_add
// CHECK:         %[[X:.*]] = memref.load %X
// CHECK:         %[[Z:.*]] = memref.load %Z
// CHECK:         %[[M:.*]] = memref.load %M
// CHECK:         %[[LOW:.*]] = arith.cmpi ult
// CHECK-NOT:     scf.if
// CHECK:         %[[NEG:.*]] = arith.negf %[[X]] fastmath<contract> : f32
// CHECK-NEXT:    %[[SEL:.*]] = arith.select %[[LOW]], %[[NEG]], %[[Z]] : f32
// CHECK-NEXT:    %[[R:.*]] = arith.addf %[[M]], %[[SEL]] fastmath<contract> : f32
// CHECK-NEXT:    memref.store %[[R]], %Y
gpu.func @subtract_or_add(%X: memref<64xf32>, %Z: memref<64xf32>,
                          %M: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %z = memref.load %Z[%tid] : memref<64xf32>
  %m = memref.load %M[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  %r = scf.if %low -> (f32) {
    %t = arith.subf %m, %x fastmath<contract> : f32
    scf.yield %t : f32
  } else {
    %t = arith.addf %m, %z fastmath<contract> : f32
    scf.yield %t : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// The same op in both arms, one operand differing: the select chooses the
// operand, here an integer one (the shift amount), and the arms' own
// computations of it stay.
// CHECK-LABEL: gpu.func @same_op_one_operand
// CHECK:         %[[V:.*]] = memref.load %X
// CHECK:         %[[LOW:.*]] = arith.cmpi ult
// CHECK-NOT:     scf.if
// CHECK:         %[[A:.*]] = arith.addi
// CHECK:         %[[B:.*]] = arith.muli
// CHECK:         %[[SEL:.*]] = arith.select %[[LOW]], %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[R:.*]] = arith.shli %[[V]], %[[SEL]] : i32
// CHECK-NEXT:    memref.store %[[R]], %Y
gpu.func @same_op_one_operand(%X: memref<64xi32>, %S: memref<64xi32>,
                              %Y: memref<64xi32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %tid = gpu.thread_id x
  %c7 = arith.constant 7 : i32
  %v = memref.load %X[%tid] : memref<64xi32>
  %loaded = memref.load %S[%tid] : memref<64xi32>
  // Shift amounts of at most 21: a shift by 32 or more is poison.
  %s = arith.andi %loaded, %c7 : i32
  %low = arith.cmpi ult, %tid, %c32 : index
  %r = scf.if %low -> (i32) {
    %a = arith.addi %s, %c1 : i32
    %t = arith.shli %v, %a : i32
    scf.yield %t : i32
  } else {
    %b = arith.muli %s, %c3 : i32
    %t = arith.shli %v, %b : i32
    scf.yield %t : i32
  }
  memref.store %r, %Y[%tid] : memref<64xi32>
  gpu.return
}

// Both arms compute the same value from the same operands: it is computed
// once, with nothing to select.
// CHECK-LABEL: gpu.func @same_op_same_operands
// CHECK-NOT:     scf.if
// CHECK-NOT:     arith.select
// CHECK:         %[[R:.*]] = arith.mulf
// CHECK-NOT:     arith.mulf
// CHECK:         memref.store %[[R]], %Y
gpu.func @same_op_same_operands(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  %r = scf.if %low -> (f32) {
    %t = arith.mulf %x, %x : f32
    scf.yield %t : f32
  } else {
    %t = arith.mulf %x, %x : f32
    scf.yield %t : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// A merged store: the two arms store `a * x` and `a * z` to the same
// element, which becomes one store of `a * (low ? x : z)`.
// CHECK-LABEL: gpu.func @store_same_op
// CHECK:         %[[X:.*]] = memref.load %X
// CHECK:         %[[Z:.*]] = memref.load %Z
// CHECK:         %[[A:.*]] = memref.load %A
// CHECK:         %[[LOW:.*]] = arith.cmpi ult
// CHECK-NOT:     scf.if
// CHECK:         %[[SEL:.*]] = arith.select %[[LOW]], %[[X]], %[[Z]] : f32
// CHECK-NEXT:    %[[R:.*]] = arith.mulf %[[A]], %[[SEL]] : f32
// CHECK-NEXT:    memref.store %[[R]], %Y
// CHECK-NOT:     memref.store
gpu.func @store_same_op(%X: memref<64xf32>, %Z: memref<64xf32>,
                        %A: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %z = memref.load %Z[%tid] : memref<64xf32>
  %a = memref.load %A[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  scf.if %low {
    %t = arith.mulf %a, %x : f32
    memref.store %t, %Y[%tid] : memref<64xf32>
  } else {
    %t = arith.mulf %a, %z : f32
    memref.store %t, %Y[%tid] : memref<64xf32>
  }
  gpu.return
}

// Where the arms' ops differ in two operands or in their fast-math flags,
// the results are selected.
// CHECK-LABEL: gpu.func @operands_or_flags_differ
// CHECK-NOT:     scf.if
// CHECK-NOT:     arith.negf
// CHECK:         %[[T0:.*]] = arith.mulf %[[X:.*]], %[[X]] : f32
// CHECK-NEXT:    %[[T1:.*]] = arith.addf %[[X]], %[[Z:.*]] : f32
// CHECK-NEXT:    %[[E0:.*]] = arith.mulf %[[Z]], %[[Z]] : f32
// CHECK-NEXT:    %[[E1:.*]] = arith.addf %[[X]], %[[Z]] fastmath<fast> : f32
// CHECK-NEXT:    arith.select %{{.*}}, %[[T0]], %[[E0]] : f32
// CHECK-NEXT:    arith.select %{{.*}}, %[[T1]], %[[E1]] : f32
gpu.func @operands_or_flags_differ(%X: memref<64xf32>, %Z: memref<64xf32>,
                                   %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %z = memref.load %Z[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  %r:2 = scf.if %low -> (f32, f32) {
    %two = arith.mulf %x, %x : f32
    %flags = arith.addf %x, %z : f32
    scf.yield %two, %flags : f32, f32
  } else {
    %two = arith.mulf %z, %z : f32
    %flags = arith.addf %x, %z fastmath<fast> : f32
    scf.yield %two, %flags : f32, f32
  }
  %s = arith.addf %r#0, %r#1 : f32
  memref.store %s, %Y[%tid] : memref<64xf32>
  gpu.return
}

// An addition and a subtraction whose first operands differ, and a value its
// arm uses twice (here yielded twice), are selected as results too.
// CHECK-LABEL: gpu.func @first_operand_or_uses_differ
// CHECK-NOT:     scf.if
// CHECK-NOT:     arith.negf
// CHECK:         %[[OP:.*]] = arith.addf %[[Z:.*]], %[[X:.*]] : f32
// CHECK-NEXT:    %[[T:.*]] = arith.addf %[[X]], %[[Z]] : f32
// CHECK-NEXT:    %[[OPE:.*]] = arith.subf %[[X]], %[[Z]] : f32
// CHECK-NEXT:    %[[TE:.*]] = arith.addf %[[X]], %[[X]] : f32
// CHECK-NEXT:    arith.select %{{.*}}, %[[OP]], %[[OPE]] : f32
// CHECK-NEXT:    arith.select %{{.*}}, %[[T]], %[[TE]] : f32
// CHECK-NEXT:    arith.select %{{.*}}, %[[T]], %[[Z]] : f32
gpu.func @first_operand_or_uses_differ(%X: memref<64xf32>, %Z: memref<64xf32>,
                                       %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %z = memref.load %Z[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  %r:3 = scf.if %low -> (f32, f32, f32) {
    %op = arith.addf %z, %x : f32
    %t = arith.addf %x, %z : f32
    scf.yield %op, %t, %t : f32, f32, f32
  } else {
    %op = arith.subf %x, %z : f32
    %t = arith.addf %x, %x : f32
    scf.yield %op, %t, %z : f32, f32, f32
  }
  %s0 = arith.addf %r#0, %r#1 : f32
  %s = arith.addf %s0, %r#2 : f32
  memref.store %s, %Y[%tid] : memref<64xf32>
  gpu.return
}

//===----------------------------------------------------------------------===//
// Kept divergent branches, each with its reason
//===----------------------------------------------------------------------===//

// CHECK-LABEL: gpu.func @cost_over_threshold
// CHECK:         scf.if
// T9-LABEL:    gpu.func @cost_over_threshold
// T9-NOT:        scf.if
// T9:            arith.select
// T9-NOT:        scf.if
// T9:            gpu.return
gpu.func @cost_over_threshold(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{divergent branch kept: speculating both arms costs 9, over the threshold of 8}}
  %r = scf.if %low -> (f32) {
    %a = arith.addf %x, %x : f32
    %b = arith.addf %a, %x : f32
    %c = arith.addf %b, %x : f32
    %d = arith.addf %c, %x : f32
    scf.yield %d : f32
  } else {
    %a = arith.mulf %x, %x : f32
    %b = arith.mulf %a, %x : f32
    %c = arith.mulf %b, %x : f32
    %d = arith.mulf %c, %x : f32
    scf.yield %d : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// Division and transcendental math cost 8 each.
// CHECK-LABEL: gpu.func @expensive_math
// CHECK:         scf.if
gpu.func @expensive_math(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{divergent branch kept: speculating both arms costs 17, over the threshold of 8}}
  %r = scf.if %low -> (f32) {
    %e = math.exp %x : f32
    scf.yield %e : f32
  } else {
    %d = arith.divf %x, %x : f32
    scf.yield %d : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// Every lane must reach a barrier together.
// CHECK-LABEL: gpu.func @barrier_in_arm
// CHECK:         scf.if
gpu.func @barrier_in_arm(%X: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{divergent branch kept: an arm holds the barrier 'wave.barrier', which every lane must reach together}}
  scf.if %low {
    wave.barrier
  }
  gpu.return
}

// A collective over the active lanes would see every lane if speculated.
// CHECK-LABEL: gpu.func @collective_in_arm
// CHECK:         scf.if
gpu.func @collective_in_arm(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{divergent branch kept: an arm holds 'wave.reduce', whose result depends on which lanes are active}}
  %r = scf.if %low -> (f32) {
    %s = wave.reduce <add> %x : f32
    scf.yield %s : f32
  } else {
    scf.yield %x : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// A reduction over clusters is convergent like a whole-wave one: its lanes
// must be active together.
gpu.func @cluster_reduce_in_arm(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{divergent branch kept: an arm holds 'wave.reduce', whose result depends on which lanes are active}}
  %r = scf.if %low -> (f32) {
    %s = wave.reduce <add> %x cluster(size = 16) : f32
    scf.yield %s : f32
  } else {
    scf.yield %x : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// A condition on a whole-wave reduction is uniform, one on a reduction over
// clusters of 16 lanes differs between the clusters of a wave: that branch
// becomes a select.
// CHECK-LABEL: gpu.func @cluster_reduce_conditions
// CHECK:         wave.reduce <max> %{{.*}} : f32
// CHECK:         scf.if
// CHECK:         wave.reduce <max> %{{.*}} cluster(size = 16) : f32
// CHECK-NOT:     scf.if
// CHECK:         arith.select
// CHECK:         gpu.return
gpu.func @cluster_reduce_conditions(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %wave_max = wave.reduce <max> %x : f32
  %wave_positive = arith.cmpf ogt, %wave_max, %zero : f32
  %a = scf.if %wave_positive -> (f32) {
    %d = arith.addf %x, %x : f32
    scf.yield %d : f32
  } else {
    scf.yield %x : f32
  }
  %cluster_max = wave.reduce <max> %a cluster(size = 16) : f32
  %cluster_positive = arith.cmpf ogt, %cluster_max, %zero : f32
  %b = scf.if %cluster_positive -> (f32) {
    %d = arith.mulf %a, %a : f32
    scf.yield %d : f32
  } else {
    scf.yield %a : f32
  }
  memref.store %b, %Y[%tid] : memref<64xf32>
  gpu.return
}

// A store only one arm makes cannot run in the other arm's lanes.
// CHECK-LABEL: gpu.func @store_in_one_arm
// CHECK:         scf.if
gpu.func @store_in_one_arm(%Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{divergent branch kept: 'memref.store' in the 'then' arm has no store to the same address at the same position in the other arm}}
  scf.if %low {
    memref.store %one, %Y[%tid] : memref<64xf32>
  }
  gpu.return
}

// The even/odd writer as first written: the arms store to different
// addresses (`out[2 * idx]` and `out[2 * idx + 1]`).
// CHECK-LABEL: gpu.func @stores_to_different_addresses
// CHECK:         scf.if
gpu.func @stores_to_different_addresses(%out: memref<128xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %parity = arith.remui %tid, %c2 : index
  %even = arith.cmpi eq, %parity, %c0 : index
  // expected-remark @below {{divergent branch kept: 'wave.write' in the 'then' arm has no store to the same address at the same position in the other arm}}
  scf.if %even {
    %v = vector.broadcast %one : f32 to vector<1xf32>
    wave.write %v, %out[%tid] map affine_map<(d0) -> (d0 * 2)> : vector<1xf32>, memref<128xf32>
  } else {
    %v = vector.broadcast %zero : f32 to vector<1xf32>
    wave.write %v, %out[%tid] map affine_map<(d0) -> (d0 * 2 + 1)> : vector<1xf32>, memref<128xf32>
  }
  gpu.return
}

// Integer division by a value that may be zero is undefined behaviour.
// CHECK-LABEL: gpu.func @division_may_trap
// CHECK:         scf.if
gpu.func @division_may_trap(%X: memref<64xi32>, %Y: memref<64xi32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xi32>
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{divergent branch kept: 'arith.divui' has side effects or may trap}}
  %r = scf.if %low -> (i32) {
    %q = arith.divui %x, %x : i32
    scf.yield %q : i32
  } else {
    scf.yield %x : i32
  }
  memref.store %r, %Y[%tid] : memref<64xi32>
  gpu.return
}

// The guard is what keeps the read in bounds: lane 63 would read element 64.
// CHECK-LABEL: gpu.func @guarded_read
// CHECK:         scf.if
gpu.func @guarded_read(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c63 = arith.constant 63 : index
  %zero = arith.constant dense<0.0> : vector<1xf32>
  %tid = gpu.thread_id x
  %inside = arith.cmpi ult, %tid, %c63 : index
  // expected-remark @below {{divergent branch kept: 'wave.read' may read out of bounds}}
  %r = scf.if %inside -> (vector<1xf32>) {
    %next = wave.read %X[%tid] map affine_map<(d0) -> (d0 + 1)> : memref<64xf32> -> vector<1xf32>
    scf.yield %next : vector<1xf32>
  } else {
    scf.yield %zero : vector<1xf32>
  }
  wave.write %r, %Y[%tid] : vector<1xf32>, memref<64xf32>
  gpu.return
}

// A loop of run-time trip count %n reads chunk k of 64 elements: in bounds
// only because the kernel assumes at most 4 chunks (`wave.assume`, over the
// kernel's arguments), so the guarded read is speculated.
// CHECK-LABEL: gpu.func @run_time_trips
// CHECK:         scf.for
// CHECK-NOT:     scf.if
// CHECK:         wave.read
// CHECK:         arith.select
gpu.func @run_time_trips(%X: memref<256xf32>, %Y: memref<64xf32>, %n: index) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                wave.assume = affine_set<(x, y, n) : (n >= 0, 4 - n >= 0)>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : vector<1xf32>
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<1xf32>) {
    %r = scf.if %low -> (vector<1xf32>) {
      %v = wave.read %X[%tid, %k] map affine_map<(t, k) -> (k * 64 + t)> : memref<256xf32> -> vector<1xf32>
      %a = arith.addf %acc, %v : vector<1xf32>
      scf.yield %a : vector<1xf32>
    } else {
      scf.yield %acc : vector<1xf32>
    }
    scf.yield %r : vector<1xf32>
  }
  wave.write %sum, %Y[%tid] : vector<1xf32>, memref<64xf32>
  gpu.return
}

// The same kernel without the assumption: %n may be anything, and the read
// is kept under its guard.
// CHECK-LABEL: gpu.func @run_time_trips_unassumed
// CHECK:         scf.for
// CHECK:         scf.if
gpu.func @run_time_trips_unassumed(%X: memref<256xf32>, %Y: memref<64xf32>, %n: index) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : vector<1xf32>
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<1xf32>) {
    // expected-remark @below {{divergent branch kept: 'wave.read' may read out of bounds}}
    %r = scf.if %low -> (vector<1xf32>) {
      %v = wave.read %X[%tid, %k] map affine_map<(t, k) -> (k * 64 + t)> : memref<256xf32> -> vector<1xf32>
      %a = arith.addf %acc, %v : vector<1xf32>
      scf.yield %a : vector<1xf32>
    } else {
      scf.yield %acc : vector<1xf32>
    }
    scf.yield %r : vector<1xf32>
  }
  wave.write %sum, %Y[%tid] : vector<1xf32>, memref<64xf32>
  gpu.return
}

// A run-time extent: %X holds %n elements (`wave.dims`), a multiple of 64
// (`wave.assume`), and the loop reads chunk k of 64 below %n: in bounds for
// every %n, so the guarded read is speculated, and a bounded read (which
// skips what lies past %n) always is.
// CHECK-LABEL: gpu.func @run_time_extent
// CHECK:         scf.for
// CHECK-NOT:     scf.if
// CHECK:         wave.read
// CHECK:         arith.select
// CHECK:         wave.read {{.*}} bounded
// CHECK:         arith.select
gpu.func @run_time_extent(%X: memref<?xf32> {wave.dims = array<i64: 2>}, %Y: memref<64xf32>, %n: index) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                wave.assume = affine_set<(x, y, n) : (n mod 64 == 0)>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<1xf32>
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  %sum = scf.for %k = %c0 to %n step %c64 iter_args(%acc = %zero) -> (vector<1xf32>) {
    %r = scf.if %low -> (vector<1xf32>) {
      %v = wave.read %X[%tid, %k] map affine_map<(t, k) -> (k + t)> : memref<?xf32> -> vector<1xf32>
      %a = arith.addf %acc, %v : vector<1xf32>
      scf.yield %a : vector<1xf32>
    } else {
      scf.yield %acc : vector<1xf32>
    }
    %s = scf.if %low -> (vector<1xf32>) {
      %v = wave.read %X[%tid, %k] map affine_map<(t, k) -> (k + t + 1)> bounded : memref<?xf32> -> vector<1xf32>
      %a = arith.addf %r, %v : vector<1xf32>
      scf.yield %a : vector<1xf32>
    } else {
      scf.yield %r : vector<1xf32>
    }
    scf.yield %s : vector<1xf32>
  }
  wave.write %sum, %Y[%tid] : vector<1xf32>, memref<64xf32>
  gpu.return
}

// With only `n mod 32 == 0`, a chunk of 64 may cross %n (n = 96, k = 64):
// the lanes the guard disables would read past it if speculated, so the
// read stays under its guard.
// CHECK-LABEL: gpu.func @past_run_time_extent
// CHECK:         scf.if
gpu.func @past_run_time_extent(%X: memref<?xf32> {wave.dims = array<i64: 2>}, %Y: memref<64xf32>, %n: index) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                wave.assume = affine_set<(x, y, n) : (n mod 32 == 0)>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<1xf32>
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  %sum = scf.for %k = %c0 to %n step %c64 iter_args(%acc = %zero) -> (vector<1xf32>) {
    // expected-remark @below {{divergent branch kept: 'wave.read' may read out of bounds}}
    %r = scf.if %low -> (vector<1xf32>) {
      %v = wave.read %X[%tid, %k] map affine_map<(t, k) -> (k + t)> : memref<?xf32> -> vector<1xf32>
      %a = arith.addf %acc, %v : vector<1xf32>
      scf.yield %a : vector<1xf32>
    } else {
      scf.yield %acc : vector<1xf32>
    }
    scf.yield %r : vector<1xf32>
  }
  wave.write %sum, %Y[%tid] : vector<1xf32>, memref<64xf32>
  gpu.return
}

// The same guard around a `memref.load`: its index ranges over [1, 64].
// CHECK-LABEL: gpu.func @guarded_load
// CHECK:         scf.if
gpu.func @guarded_load(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %inside = arith.cmpi ult, %tid, %c63 : index
  // expected-remark @below {{index #0 of 'memref.load'}}
  %r = scf.if %inside -> (f32) {
    %i = arith.addi %tid, %c1 : index
    %next = memref.load %X[%i] : memref<64xf32>
    scf.yield %next : f32
  } else {
    scf.yield %zero : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// An index divided by a run-time value has no range (the divisor may be 0,
// which no range inference may divide by), so the load stays guarded.
// CHECK-LABEL: gpu.func @divided_by_run_time_value
// CHECK:         scf.if
gpu.func @divided_by_run_time_value(%X: memref<64xf32>, %Y: memref<64xf32>, %n: index) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{may lie outside [0, 64): its range is [-9223372036854775808, 9223372036854775807]}}
  %r = scf.if %low -> (f32) {
    %i = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%tid)[%n]
    %x = memref.load %X[%i] : memref<64xf32>
    scf.yield %x : f32
  } else {
    scf.yield %zero : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// Hoisting the load above the store of its own arm would read stale memory.
// CHECK-LABEL: gpu.func @load_after_store
// CHECK:         scf.if
gpu.func @load_after_store(%Y: memref<64xf32>, %Z: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{divergent branch kept: 'memref.load' reads memory after a store of its arm}}
  %r = scf.if %low -> (f32) {
    memref.store %one, %Y[%tid] : memref<64xf32>
    %v = memref.load %Y[%tid] : memref<64xf32>
    scf.yield %v : f32
  } else {
    memref.store %two, %Y[%tid] : memref<64xf32>
    scf.yield %two : f32
  }
  memref.store %r, %Z[%tid] : memref<64xf32>
  gpu.return
}

// Loops are not speculated.
// CHECK-LABEL: gpu.func @loop_in_arm
// CHECK:         scf.if
gpu.func @loop_in_arm(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %tid = gpu.thread_id x
  %x = memref.load %X[%tid] : memref<64xf32>
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{divergent branch kept: 'scf.for' is a loop or region op; only straight-line code and scf.if are speculated}}
  %r = scf.if %low -> (f32) {
    %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (f32) {
      %d = arith.addf %acc, %acc : f32
      scf.yield %d : f32
    }
    scf.yield %s : f32
  } else {
    scf.yield %x : f32
  }
  memref.store %r, %Y[%tid] : memref<64xf32>
  gpu.return
}

// A store nested in an inner branch: the inner branch is kept (one-sided
// store), and so is the outer one.
// CHECK-LABEL: gpu.func @nested_store
// CHECK:         scf.if
// CHECK:         scf.if
gpu.func @nested_store(%Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  %parity = arith.remui %tid, %c2 : index
  %even = arith.cmpi eq, %parity, %c0 : index
  // expected-remark @below {{divergent branch kept: 'memref.store' stores to memory inside a nested branch}}
  scf.if %low {
    // expected-remark @below {{divergent branch kept: 'memref.store' in the 'then' arm has no store to the same address at the same position in the other arm}}
    scf.if %even {
      memref.store %one, %Y[%tid] : memref<64xf32>
    }
  }
  gpu.return
}

//===----------------------------------------------------------------------===//
// LDS reads the lanes that did not take the branch cannot run safely
//===----------------------------------------------------------------------===//

// Lanes 0-31 read the element they see of a tile every lane wrote before a
// barrier, and then write the upper half, which no lane has read. Speculated,
// lane t + 32 would read element t + 32 right before lane t overwrites it:
// an LDS race (and a barrier the kernel never needed).
// CHECK-LABEL: gpu.func @lds_read_would_race
// CHECK:         scf.if
// CHECK:           wave.read
gpu.func @lds_read_would_race(%A: memref<64xf32>, %out: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : vector<1xf32>
  %tid = gpu.thread_id x
  %lds = wave.alloc_lds : memref<64xf32, #lds>
  %a = wave.read %A[%tid] : memref<64xf32> -> vector<1xf32>
  wave.write %a, %lds[%tid] : vector<1xf32>, memref<64xf32, #lds>
  wave.barrier
  %low = arith.cmpi ult, %tid, %c32 : index
  // expected-remark @below {{divergent branch kept: 'wave.read' reads LDS, and the lanes that do not take the branch cannot read it safely: it may race with 'wave.write'}}
  %r = scf.if %low -> (vector<1xf32>) {
    %l = wave.read %lds[%tid] : memref<64xf32, #lds> -> vector<1xf32>
    scf.yield %l : vector<1xf32>
  } else {
    scf.yield %zero : vector<1xf32>
  }
  // expected-remark @below {{divergent branch kept: 'wave.write' in the 'then' arm has no store to the same address at the same position in the other arm}}
  scf.if %low {
    wave.write %a, %lds[%tid] map affine_map<(d0) -> (d0 + 32)> : vector<1xf32>, memref<64xf32, #lds>
  }
  wave.write %r, %out[%tid] : vector<1xf32>, memref<64xf32>
  gpu.return
}

// Only lanes 0-31 write their element of the tile; speculated, lanes 32-63
// would read elements no lane ever wrote. (The pass does not follow the
// guard of the write, so it does not count even the elements 0-31 as
// written.)
// CHECK-LABEL: gpu.func @lds_read_never_written
// CHECK:         scf.if
// CHECK:         scf.if
// CHECK:           wave.read
gpu.func @lds_read_never_written(%A: memref<64xf32>, %out: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : vector<1xf32>
  %tid = gpu.thread_id x
  %lds = wave.alloc_lds : memref<64xf32, #lds>
  %low = arith.cmpi ult, %tid, %c32 : index
  %a = wave.read %A[%tid] : memref<64xf32> -> vector<1xf32>
  // expected-remark @below {{divergent branch kept: 'wave.write' in the 'then' arm has no store to the same address at the same position in the other arm}}
  scf.if %low {
    wave.write %a, %lds[%tid] : vector<1xf32>, memref<64xf32, #lds>
  }
  wave.barrier
  // expected-remark @below {{divergent branch kept: 'wave.read' reads LDS, and the lanes that do not take the branch cannot read it safely: it would read element 0 of its LDS buffer, which no write ahead of it initializes}}
  %r = scf.if %low -> (vector<1xf32>) {
    %l = wave.read %lds[%tid] : memref<64xf32, #lds> -> vector<1xf32>
    scf.yield %l : vector<1xf32>
  } else {
    scf.yield %zero : vector<1xf32>
  }
  wave.write %r, %out[%tid] : vector<1xf32>, memref<64xf32>
  gpu.return
}

// A reference kernel (the naive version another kernel is checked against)
// is transformed like any other, but gets no remarks: its branch is kept
// silently.
// CHECK-LABEL: gpu.func @with_reference
// CHECK-LABEL: gpu.func @naive_reference
// CHECK:         scf.if
gpu.func @with_reference(%Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                wave.reference = @naive_reference} {
  gpu.return
}
gpu.func @naive_reference(%Y: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 64, 1, 1>,
                known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  %tid = gpu.thread_id x
  %low = arith.cmpi ult, %tid, %c32 : index
  scf.if %low {
    memref.store %one, %Y[%tid] : memref<64xf32>
  }
  gpu.return
}

}
