// Loops that stage global data through LDS are rotated (CHECK) or left alone
// with a remark saying why.
// RUN: wave-opt %s --wave-pipeline-loops --verify-diagnostics --mlir-print-local-scope | FileCheck %s
// With peel-epilogue the last iteration runs after the loop, without a read.
// RUN: wave-opt %s --wave-pipeline-loops=peel-epilogue=true --mlir-print-local-scope 2>/dev/null | FileCheck %s --check-prefix=PEEL
// RUN: wave-opt %s --wave-pipeline-loops=peel-epilogue=true 2>&1 >/dev/null | FileCheck %s --check-prefix=PEEL-REMARK
// The stages in LDS buffers: one tile buffer per stage, indexed by the
// iteration modulo the stages.
// RUN: wave-opt %s --wave-pipeline-loops=buffer=lds --mlir-print-local-scope 2>/dev/null | FileCheck %s --check-prefix=LDS
// RUN: wave-opt %s --wave-pipeline-loops=buffer=lds 2>&1 >/dev/null | FileCheck %s --check-prefix=LDS-REMARK
// Three stages: two sets of reads in flight; the last two iterations' reads
// ahead are clamped to the last iteration.
// RUN: wave-opt %s --wave-pipeline-loops=stages=3 --mlir-print-local-scope 2>/dev/null | FileCheck %s --check-prefix=S3
// RUN: wave-opt %s --wave-pipeline-loops=stages=3 2>&1 >/dev/null | FileCheck %s --check-prefix=S3-REMARK
// With LDS buffers, wave-insert-barriers needs one barrier a step.
// RUN: wave-opt %s --wave-pipeline-loops=buffer=lds --wave-insert-barriers --canonicalize --mlir-print-local-scope 2>/dev/null | FileCheck %s --check-prefix=LDS-BARRIERS
// A loop whose LDS buffers do not fit is pipelined in registers under
// buffer=lds, and computes what it computed before.
// RUN: wave-run %s --kernel=lds_over_budget --compare-pipeline="builtin.module(wave-pipeline-loops{buffer=lds},wave-insert-barriers)" 2>/dev/null | FileCheck %s --check-prefix=SAME-OVER
// SAME-OVER: PASS
// The loop of unsigned-division trip count, without a run-time check, at
// the fewest and the most trips wave.assume allows, and the versioned one
// on both of its paths.
// RUN: wave-run %s --kernel=assumed_trip_ceildivui --scalar=n=5 --compare-pipeline="builtin.module(wave-pipeline-loops)" 2>/dev/null | FileCheck %s --check-prefix=SAME-OVER
// RUN: wave-run %s --kernel=assumed_trip_ceildivui --scalar=n=32 --compare-pipeline="builtin.module(wave-pipeline-loops)" 2>/dev/null | FileCheck %s --check-prefix=SAME-OVER
// RUN: wave-run %s --kernel=short_trip_ceildivui --scalar=n=3 --compare-pipeline="builtin.module(wave-pipeline-loops)" 2>/dev/null | FileCheck %s --check-prefix=SAME-OVER
// RUN: wave-run %s --kernel=short_trip_ceildivui --scalar=n=29 --compare-pipeline="builtin.module(wave-pipeline-loops)" 2>/dev/null | FileCheck %s --check-prefix=SAME-OVER
// RUN: wave-opt %s --wave-pipeline-loops="buffer=lds summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDS-SUMMARY
// LDS-SUMMARY: in-registers-instead: 2
// The counts the statistics keep.
// RUN: wave-opt %s --wave-pipeline-loops=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// A K loop of run-time trip count (the GEMM of run-time M, N, K) needs at
// least as many iterations as stages for its prologue and epilogue, which
// the GEMM's wave.assume (K >= 1) does not promise: the pipelined loop runs
// behind a run-time check of the trip count, the loop as written otherwise.
// RUN: wave-opt %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops 2>&1 >/dev/null | FileCheck %s --check-prefix=RUN-TIME
// RUN-TIME: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: buffer=auto: the MMAs of an iteration that multiply staged tiles hold the matrix pipe 128 cycles on gfx942, fewer than lds-buffer-cycles=500): 2 global reads issued 1 iteration ahead (21 + 8 prefetched VGPRs of the budget of 72, 8960 bytes of LDS, at occupancy 7 (reached before pipelining) on gfx942; MMAs not deferred: 1 after the last LDS read, fewer than defer-mmas=2); run-time trip count: versioned on trip count >= 2, the loop as written runs otherwise (the kernel's wave.assume allows fewer than 2 trips)
// Run at K steps of 1 (below the stages: the loop as written), 2, 3 and a
// partial fourth, on partial M and N tiles, alone and through wave-optimize.
// RUN: wave-run %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --grid=2,2 --scalar=M=72 --scalar=N=80 --scalar=K=32 --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --grid=2,2 --scalar=M=72 --scalar=N=80 --scalar=K=64 --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --grid=2,2 --scalar=M=72 --scalar=N=80 --scalar=K=96 --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops{stages=3},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --grid=2,2 --scalar=M=72 --scalar=N=80 --scalar=K=104 --compare-pipeline=wave-optimize 2>/dev/null | FileCheck %s --check-prefix=SAME
// A loop of run-time trip count at 0 to 8 iterations, versioned (2 and 3
// stages, registers and LDS buffers) or proved long enough by wave.assume.
// RUN: for n in 0 1 2 3 8; do wave-run %s --kernel=dynamic_trip --scalar=n=$n --compare-pipeline='builtin.module(wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null; done | FileCheck %s --check-prefix=SAME5
// RUN: for n in 0 1 2 3 8; do wave-run %s --kernel=dynamic_trip --scalar=n=$n --compare-pipeline='builtin.module(wave-pipeline-loops{buffer=lds stages=3},wave-insert-barriers)' 2>/dev/null; done | FileCheck %s --check-prefix=SAME5
// RUN: for n in 0 1 2 3 8; do wave-run %s --kernel=dynamic_trip --scalar=n=$n --compare-pipeline='builtin.module(wave-pipeline-loops{stages=3},wave-insert-barriers)' 2>/dev/null; done | FileCheck %s --check-prefix=SAME5
// RUN: for n in 0 1 2 3 8; do wave-run %s --kernel=dynamic_trip --scalar=n=$n --compare-pipeline='builtin.module(wave-pipeline-loops{peel-epilogue=true},wave-insert-barriers)' 2>/dev/null; done | FileCheck %s --check-prefix=SAME5
// RUN: for n in 2 5 8; do wave-run %s --kernel=assumed_trip --scalar=n=$n --compare-pipeline='builtin.module(wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null; done | FileCheck %s --check-prefix=SAME3
// With deferred MMAs the steady state needs one iteration more: the
// 128 x 128 GEMM with its K steps as an argument runs the pipelined loop
// from 3 steps on (run at 3; the loop as written below that is the
// dynamic_trip kernel's case).
// RUN: sed -e 's/%C: !out) kernel/%C: !out, %%steps: index) kernel/' -e 's/%ks = %c0 to %c16/%ks = %c0 to %%steps/' -e 's/\(%C: memref<512x512xf32>\)) kernel/\1, %%steps: index) kernel/' %examples/gemm_nk_128.mlir > %t.nk.mlir
// RUN: wave-opt %t.nk.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=RUN-TIME-DEFER
// RUN-TIME-DEFER: 4 trailing MMAs deferred to the next iteration (8 VGPRs carried), ahead of the barrier that ended the body); run-time trip count: versioned on trip count >= 3, the loop as written runs otherwise
// RUN: wave-run %t.nk.mlir --kernel=gemm_nk_128 --scalar=steps=3 --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// SAME5-COUNT-5: PASS
// SAME3-COUNT-3: PASS
// A bad option is an error.
// RUN: not wave-opt %s --wave-pipeline-loops=stages=1 2>&1 >/dev/null | FileCheck %s --check-prefix=BAD
// Every pipelined kernel computes what it computed before, without races,
// alone and followed by wave-insert-barriers, in registers and LDS, 2 and 3
// stages.
// RUN: wave-run %s --kernel=staged --compare-pipeline=wave-pipeline-loops 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=staged --compare-pipeline='builtin.module(wave-pipeline-loops{buffer=lds},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=staged --compare-pipeline='builtin.module(wave-pipeline-loops{stages=3},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=staged --compare-pipeline='builtin.module(wave-pipeline-loops{buffer=lds stages=3},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=staged --compare-pipeline='builtin.module(wave-pipeline-loops{peel-epilogue=true},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=staged --compare-pipeline='builtin.module(wave-pipeline-loops{stages=3 peel-epilogue=true},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=fits_two_stages --compare-pipeline='builtin.module(wave-pipeline-loops{stages=3},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=read_before_staging --compare-pipeline='builtin.module(wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=lds_over_budget --compare-pipeline='builtin.module(wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=strided_steps --compare-pipeline=wave-pipeline-loops 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=weighted --compare-pipeline='builtin.module(wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=strided_steps --compare-pipeline='builtin.module(wave-pipeline-loops{buffer=lds},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=strided_steps --compare-pipeline='builtin.module(wave-pipeline-loops{stages=3},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=strided_steps --compare-pipeline='builtin.module(wave-pipeline-loops{stages=3 peel-epilogue=true},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=strided_steps --compare-pipeline='builtin.module(wave-pipeline-loops{buffer=lds stages=3},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// The GEMM example, after global load minimization as in wave-optimize.
// RUN: wave-opt %examples/gemm.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops --mlir-print-local-scope 2>&1 | FileCheck %s --check-prefix=GEMM
// RUN: wave-run %examples/gemm.mlir --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm.mlir --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops{stages=3},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm.mlir --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops{peel-epilogue=true},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// The 128 x 128 x 32 GEMM example: four 16-byte reads a lane a K step,
// within the budget of the 3 waves a SIMD it asks for (its padded tiles
// allow 3 too).
// Its last four MMAs (after the step's last LDS read) move to the start of
// the next iteration, where they share the loop body with the next step's
// LDS writes, barrier and first LDS reads.
// RUN: wave-opt %examples/gemm_nk_128.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=GEMM-NK
// RUN: wave-opt %examples/gemm_nk_128.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops 2>/dev/null | FileCheck %s --check-prefix=DEFER
// RUN: wave-run %examples/gemm_nk_128.mlir --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_nk_128.mlir --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops{buffer=lds},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/gemm_nk_128.mlir --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops{stages=3},wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// GEMM-NK: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: the LDS buffers do not fit: 2 stages need 36864 bytes of LDS, over the 21845 that occupancy 3 (requested) on gfx942 allows): 4 global reads issued 1 iteration ahead (89 + 16 prefetched VGPRs of the budget of 168, 18432 bytes of LDS, at occupancy 3 (requested) on gfx942; 4 trailing MMAs deferred to the next iteration (8 VGPRs carried), ahead of the barrier that ended the body){{$}}
// Not when fewer MMAs than defer-mmas follow the last LDS read (gemm.mlir:
// one; GEMM above), nor when their fragments do not fit the budget
// (wave-pipeline-loops-deferral.mlir, with the chains wave-widen-mma joins).
// RUN: wave-opt %examples/gemm_nk_128.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops=defer-mmas=0 2>&1 | FileCheck %s --check-prefix=DEFER-OFF
// DEFER-OFF: on gfx942); no epilogue: the reads ahead of the last iteration are clamped to it{{$}}
// DEFER-OFF-NOT: wave.interleave_mma
// The first iteration is peeled without its last MMAs and without the
// barrier that ended it; the steady state runs the remaining 14, each
// starting with the previous one's last four MMAs on the carried fragments
// and then that iteration's end barrier, which still orders its LDS reads
// before this one's writes, the MMAs no longer waiting for it; the last
// iteration's MMAs and barrier follow the loop.
// DEFER: wave.barrier
// DEFER-COUNT-12: wave.mma
// DEFER-NOT: {{wave.mma|wave.barrier}}
// DEFER: scf.for %{{.*}} = %c1{{(_[0-9]+)?}} to %c15 step %{{.*}} iter_args({{.*}}) -> (vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<4xf16>, vector<4xf16>, vector<16xf32>, vector<4xf16>, vector<16xf32>, vector<4xf16>, vector<16xf32>, vector<16xf32>)
// DEFER-COUNT-4: wave.mma <f32_32x32x8_f16> %arg
// DEFER-NEXT: wave.barrier
// DEFER-NEXT: wave.write
// DEFER: wave.barrier
// DEFER-COUNT-12: wave.mma
// DEFER-NOT: wave.barrier
// DEFER: scf.yield
// DEFER-NEXT: } {loop_annotation = #loop_annotation, wave.interleave_mma}
// DEFER-COUNT-4: wave.mma <f32_32x32x8_f16> %{{[0-9]+}}#
// DEFER-NEXT: wave.barrier
// In the code object a deferred MFMA issues before the barrier that the
// previous step's reads end at, two more among the staging before the
// step's second barrier (the last just before its wait, kept there by
// wave-cover-barriers' sched_barrier, with the staging's last global load
// behind it; its schedule groups spread the LDS writes and the other loads
// over their shadows, after one wait for the loads the writes store) and
// the fourth after it, where LLVM's MFMA interleaving strategy, asked for in
// that scheduling region, orders it with the step's LDS reads and MFMAs; no
// barrier is left after the step's last MFMA.
// RUN: wave-compile %examples/gemm_nk_128.mlir --chip=gfx942 -O2 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ISA-NK
// ISA-NK-LABEL: {{^}}gemm_nk_128:
// ISA-NK: {{^}}.LBB0_1:
// ISA-NK-NEXT: v_mfma_f32_32x32x8_f16
// ISA-NK-NEXT: s_barrier
// ISA-NK-NEXT: s_waitcnt vmcnt(1)
// ISA-NK-NEXT: ds_write
// ISA-NK: v_mfma_f32_32x32x8_f16
// ISA-NK: sched_group_barrier mask(0x00000200) size(2)
// ISA-NK-NOT: s_barrier
// ISA-NK: v_mfma_f32_32x32x8_f16
// ISA-NK-NOT: s_barrier
// ISA-NK: sched_barrier mask(0x00000000)
// ISA-NK-NEXT: buffer_load_dwordx4
// ISA-NK-NEXT: s_waitcnt lgkmcnt(0)
// ISA-NK-NEXT: s_barrier
// ISA-NK-NEXT: v_mfma_f32_32x32x8_f16
// ISA-NK-NEXT: ds_read_b128
// ISA-NK: iglp_opt mask(0x00000000)
// ISA-NK-NOT: s_barrier
// ISA-NK: s_cbranch_scc1 .LBB0_1
// In the code object (wave-compile -O2 runs wave-optimize), the loop issues
// the next K step's two 16-byte global loads after this step's LDS writes and
// before its MFMAs, and waits for them (vmcnt) only at the next step's LDS
// writes.
// RUN: wave-compile %examples/gemm.mlir --chip=gfx942 -O2 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ISA

// SAME: PASS

// ISA-LABEL: {{^}}gemm:
// ISA-COUNT-2: global_load_dwordx4
// ISA: {{^}}.LBB0_1:
// ISA: s_waitcnt vmcnt(0)
// ISA: ds_write
// ISA: global_load_dwordx4
// ISA: global_load_dwordx4
// ISA-NOT: vmcnt
// ISA-COUNT-4: v_mfma_f32_32x32x8_f16
// ISA-NOT: vmcnt
// ISA: s_cbranch_scc1 .LBB0_1

// The next K step's two 16-byte reads are issued before this step's LDS
// reads and MFMAs; the occupancy the example reaches (7, LDS-limited) is
// kept.
// GEMM: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: buffer=auto: the MMAs of an iteration that multiply staged tiles hold the matrix pipe 128 cycles on gfx942, fewer than lds-buffer-cycles=500): 2 global reads issued 1 iteration ahead (29 + 8 prefetched VGPRs of the budget of 72, 8960 bytes of LDS, at occupancy 7 (reached before pipelining) on gfx942; MMAs not deferred: 1 after the last LDS read, fewer than defer-mmas=2); no epilogue: the reads ahead of the last iteration are clamped to it
// GEMM: %[[A0:.*]] = wave.read %A{{.*}} -> vector<8xf16>
// GEMM-NEXT: %[[B0:.*]] = wave.read %B{{.*}} -> vector<8xf16>
// GEMM: scf.for %[[KS:.*]] = %{{.*}} to %c8_i32 step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]]) -> (vector<16xf32>, vector<8xf16>, vector<8xf16>)  : i32
// GEMM-NEXT: wave.write %[[A]], %0
// GEMM-NEXT: wave.write %[[B]], %1
// GEMM-NEXT: arith.constant 1 : i32
// GEMM-NEXT: %[[PLUS1:.*]] = arith.addi %[[KS]]
// GEMM-NEXT: arith.constant 7 : i32
// GEMM-NEXT: %[[CLAMPED:.*]] = arith.minsi %[[PLUS1]]
// GEMM-NEXT: %[[NEXT:.*]] = arith.index_cast %[[CLAMPED]] : i32 to index
// GEMM-NEXT: %[[A1:.*]] = wave.read %A[%{{.*}}, %{{.*}}, %[[NEXT]]]
// GEMM-NEXT: %[[B1:.*]] = wave.read %B[%{{.*}}, %[[NEXT]], %{{.*}}]
// GEMM-NEXT: wave.barrier
// The operands of two K steps a read (wave-expand-fragments' packing): the
// last LDS read is followed by one K step's MMA only (its other slice's
// MMA comes first), too few to defer.
// GEMM-NEXT: wave.read %0{{.*}} -> vector<8xf16>
// GEMM-NEXT: wave.read %1{{.*}} -> vector<8xf16>
// GEMM-COUNT-2: vector.extract_strided_slice
// GEMM-NEXT: wave.mma
// GEMM-COUNT-2: vector.extract_strided_slice
// GEMM-NEXT: wave.mma
// GEMM-NEXT: wave.read %0{{.*}} -> vector<8xf16>
// GEMM-NEXT: wave.read %1{{.*}} -> vector<8xf16>
// GEMM-COUNT-2: vector.extract_strided_slice
// GEMM-NEXT: wave.mma
// GEMM-COUNT-2: vector.extract_strided_slice
// GEMM-NEXT: wave.mma
// GEMM-NEXT: wave.barrier
// GEMM-NEXT: scf.yield %{{.*}}, %[[A1]], %[[B1]]
// The steady state is the schedule: LLVM is told not to unroll it.
// GEMM-NEXT: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// No epilogue: the loop's accumulator is the result.
// GEMM-NOT: wave.mma
// GEMM: gpu.return

// SUMMARY: remark: wave-pipeline-loops: loops-pipelined: 10, reads-prefetched: 11, operand-reads-prefetched: 0, loops-versioned: 2, stages-reduced: 0, in-registers-instead: 0, lds-bytes-added: 0, loops-mmas-deferred: 0, rejected-trip-count: 2, rejected-dependence: 3, rejected-registers: 1, rejected-target: 1

// BAD: error: wave-pipeline-loops: stages must be at least 2, got 1

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#lds = #gpu.address_space<workgroup>
#stage = affine_map<(k, t) -> (k, t * 4)>
#own = affine_map<(t) -> (t * 4)>
#next = affine_map<(t) -> (((t + 1) mod 64) * 4)>

gpu.module @pipeline {
  // Each step stages a row of 256 f32 through LDS; lane t adds the four
  // elements lane t + 1 staged.
  // CHECK-LABEL: gpu.func @staged
  // CHECK: %[[TILE:.*]] = wave.alloc_lds : memref<256xf32, #gpu.address_space<workgroup>>
  // Prologue: iteration 0's read.
  // CHECK: %[[FIRST:.*]] = wave.read %in[%{{.*}}, %{{.*}}] map affine_map<(d0, d1) -> (d0, d1 * 4)>
  // Steady state: all 8 iterations carrying the prefetched vector; the last
  // one's read ahead is clamped to iteration 7 (read again, unused), so
  // there is no epilogue. Its bounds being constants, the loop counts in
  // i32 (a 32-bit minimum on the scalar unit).
  // CHECK: %[[LOOP:.*]]:2 = scf.for %[[K:.*]] = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%[[ACC:.*]] = %{{.*}}, %[[G:.*]] = %[[FIRST]]) -> (vector<4xf32>, vector<4xf32>)  : i32 {
  // CHECK-NEXT: wave.write %[[G]], %[[TILE]]
  // CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: %[[NEXTK:.*]] = arith.addi %[[K]], %[[ONE]] : i32
  // CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i32
  // CHECK-NEXT: %[[CLAMPED:.*]] = arith.minsi %[[NEXTK]], %[[C7]] : i32
  // CHECK-NEXT: %[[ROW:.*]] = arith.index_cast %[[CLAMPED]] : i32 to index
  // CHECK-NEXT: %[[NEXT:.*]] = wave.read %in[%[[ROW]], %{{.*}}]
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: %[[X:.*]] = wave.read %[[TILE]]
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[X]]
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: scf.yield %[[S]], %[[NEXT]]
  // CHECK-NEXT: } {loop_annotation
  // CHECK-NEXT: wave.write %[[LOOP]]#0, %out
  // PEEL-LABEL: gpu.func @staged
  // PEEL: %[[TILE:.*]] = wave.alloc_lds : memref<256xf32, #gpu.address_space<workgroup>>
  // PEEL: %[[FIRST:.*]] = wave.read %in[%{{.*}}, %{{.*}}] map affine_map<(d0, d1) -> (d0, d1 * 4)>
  // Steady state: 7 iterations carrying the prefetched vector.
  // PEEL: %[[C7:.*]] = arith.constant 7 : index
  // PEEL: %[[LOOP:.*]]:2 = scf.for %[[K:.*]] = %{{.*}} to %[[C7]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[G:.*]] = %[[FIRST]])
  // PEEL-NEXT: wave.write %[[G]], %[[TILE]]
  // PEEL-NEXT: %[[ONE:.*]] = arith.constant 1 : index
  // PEEL-NEXT: %[[NEXTK:.*]] = arith.addi %[[K]], %[[ONE]] : index
  // PEEL-NEXT: %[[NEXT:.*]] = wave.read %in[%[[NEXTK]], %{{.*}}]
  // PEEL-NEXT: wave.barrier
  // PEEL-NEXT: %[[X:.*]] = wave.read %[[TILE]]
  // PEEL-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[X]]
  // PEEL-NEXT: wave.barrier
  // PEEL-NEXT: scf.yield %[[S]], %[[NEXT]]
  // Epilogue: iteration 7 with the last prefetched vector.
  // PEEL: wave.write %[[LOOP]]#1, %[[TILE]]
  // PEEL-NEXT: wave.barrier
  // PEEL-NEXT: %[[LAST:.*]] = wave.read %[[TILE]]
  // PEEL-NEXT: %[[SUM:.*]] = arith.addf %[[LOOP]]#0, %[[LAST]]
  // PEEL-NEXT: wave.barrier
  // PEEL-NEXT: wave.write %[[SUM]], %out
  // PEEL-REMARK: remark: wave-pipeline-loops: pipelined with 2 stages in registers: 1 global reads issued 1 iteration ahead (9 + 4 prefetched VGPRs of the budget of 64, 1024 bytes of LDS, at occupancy 8 (reached before pipelining) on gfx942){{$}}

  // LDS-LABEL: gpu.func @staged
  // LDS: %[[TILE:.*]] = wave.alloc_lds : memref<2x256xf32, #gpu.address_space<workgroup>>
  // LDS: %[[FIRST:.*]] = wave.read %in
  // LDS-NEXT: wave.write %[[FIRST]], %[[TILE]][%{{.*}}, %{{.*}}] map affine_map<(d0, d1) -> (d1 mod 2, d0 * 4)>
  // LDS: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<4xf32>)
  // LDS: %[[NEXTK:.*]] = arith.addi %[[K]], %{{.*}} : index
  // LDS-NEXT: %[[NEXT:.*]] = wave.read %in[%[[NEXTK]], %{{.*}}]
  // LDS-NEXT: wave.barrier
  // LDS-NEXT: wave.read %[[TILE]][%{{.*}}, %[[K]]] map affine_map<(d0, d1) -> (d1 mod 2, ((d0 + 1) mod 64) * 4)>
  // LDS-NEXT: arith.addf
  // LDS-NEXT: wave.barrier
  // LDS-NEXT: wave.write %[[NEXT]], %[[TILE]][%{{.*}}, %[[NEXTK]]] map affine_map<(d0, d1) -> (d1 mod 2, d0 * 4)>
  // LDS-NEXT: scf.yield
  // LDS: wave.barrier
  // LDS-NEXT: wave.read %[[TILE]][%{{.*}}, %{{.*}}] map affine_map<(d0, d1) -> (d1 mod 2, ((d0 + 1) mod 64) * 4)>

  // LDS-BARRIERS-LABEL: gpu.func @staged
  // LDS-BARRIERS: scf.for
  // LDS-BARRIERS-COUNT-1: wave.barrier
  // LDS-BARRIERS-NOT: wave.barrier
  // LDS-BARRIERS: scf.yield
  // LDS-BARRIERS-NEXT: }
  // LDS-BARRIERS-NEXT: wave.barrier
  // LDS-BARRIERS-NOT: wave.barrier
  // LDS-BARRIERS: gpu.return

  // S3-LABEL: gpu.func @staged
  // S3: %[[R0:.*]] = wave.read %in[%{{.*}}, %{{.*}}]
  // S3: %[[R1:.*]] = wave.read %in[%{{.*}}, %{{.*}}]
  // S3: %[[LOOP:.*]]:3 = scf.for %[[K:.*]] = %{{.*}} to %c8_i32 step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[G0:.*]] = %[[R0]], %[[G1:.*]] = %[[R1]])
  // S3-NEXT: wave.write %[[G0]]
  // S3-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
  // S3-NEXT: %[[AHEAD:.*]] = arith.addi %[[K]], %[[TWO]] : i32
  // S3-NEXT: %[[LAST:.*]] = arith.constant 7 : i32
  // S3-NEXT: %[[CLAMPED:.*]] = arith.minsi %[[AHEAD]], %[[LAST]] : i32
  // S3-NEXT: %[[ROW:.*]] = arith.index_cast %[[CLAMPED]] : i32 to index
  // S3-NEXT: %[[NEXT:.*]] = wave.read %in[%[[ROW]], %{{.*}}]
  // S3: scf.yield %{{.*}}, %[[G1]], %[[NEXT]]
  // S3-NEXT: }
  // S3-NEXT: wave.write %[[LOOP]]#0, %out
  // S3: gpu.return
  // S3-REMARK: remark: wave-pipeline-loops: pipelined with 3 stages in registers: 1 global reads issued 2 iterations ahead
  gpu.func @staged(%in: memref<8x256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers: 1 global reads issued 1 iteration ahead (9 + 4 prefetched VGPRs of the budget of 64, 1024 bytes of LDS, at occupancy 8 (reached before pipelining) on gfx942)}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // The body uses the induction variable beyond the staged read: the
  // narrowed loop gives it the index it had.
  // CHECK-LABEL: gpu.func @weighted
  // CHECK: scf.for %[[K:.*]] = %c0_i32 to %c8_i32 step %c1_i32 iter_args
  // CHECK-NEXT: %[[KI:.*]] = arith.index_cast %[[K]] : i32 to index
  // CHECK: arith.index_cast %[[KI]] : index to i32
  gpu.func @weighted(%in: memref<8x256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %w = vector.broadcast %kf : f32 to vector<4xf32>
      %s = vector.fma %x, %w, %acc : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // Steps 2, 4, ..., 16 of a loop that stages two tiles; the global rows
  // come from index arithmetic in the body, which is recomputed for the
  // iteration ahead. The LDS buffer of iteration k is ((k - 2) floordiv 2)
  // mod 2. Two waves a SIMD are requested, which leaves room for the
  // buffers.
  // CHECK-LABEL: gpu.func @strided_steps
  // CHECK: scf.for %[[K:.*]] = %c2_i32 to %c18_i32 step %{{.*}} iter_args
  // CHECK: %[[AHEAD:.*]] = arith.addi %[[K]], %{{.*}} : i32
  // CHECK-NEXT: %[[LAST:.*]] = arith.constant 16 : i32
  // CHECK-NEXT: %[[CLAMPED:.*]] = arith.minsi %[[AHEAD]], %[[LAST]] : i32
  // CHECK-NEXT: %[[K2:.*]] = arith.index_cast %[[CLAMPED]] : i32 to index
  // CHECK-NEXT: %[[ROW:.*]] = arith.subi %[[K2]], %{{.*}} : index
  // CHECK-NEXT: wave.read %a[%[[ROW]], %{{.*}}]
  // CHECK-NEXT: wave.read %b[%[[ROW]], %{{.*}}]
  // LDS-LABEL: gpu.func @strided_steps
  // LDS: wave.alloc_lds : memref<2x256xf32, #gpu.address_space<workgroup>>
  // LDS: wave.alloc_lds padding [0, 0, 4] : memref<2x64x4xf32, strided<[512, 8, 1]>, #gpu.address_space<workgroup>>
  // LDS: map affine_map<(d0, d1) -> ((d1 floordiv 2 - 1) mod 2, d0 * 4)>
  gpu.func @strided_steps(%a: memref<8x256xf32>, %b: memref<8x256xf32>,
                          %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 2>} {
    %ta = wave.alloc_lds : memref<256xf32, #lds>
    %tb = wave.alloc_lds padding [0, 4]
        : memref<64x4xf32, strided<[8, 1]>, #lds>
    %c2 = arith.constant 2 : index
    %c18 = arith.constant 18 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers: 2 global reads issued 1 iteration ahead}}
    %r = scf.for %k = %c2 to %c18 step %c2 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %row = arith.subi %k, %c2 : index
      %ga = wave.read %a[%row, %t] map affine_map<(k, t) -> (k floordiv 2, t * 4)>
          : memref<8x256xf32> -> vector<4xf32>
      wave.write %ga, %ta[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      %gb = wave.read %b[%row, %t] map affine_map<(k, t) -> (k floordiv 2, t * 4)>
          : memref<8x256xf32> -> vector<4xf32>
      wave.write %gb, %tb[%t] map affine_map<(t) -> (t, 0)>
          : vector<4xf32>, memref<64x4xf32, strided<[8, 1]>, #lds>
      wave.barrier
      %x = wave.read %ta[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %y = wave.read %tb[%t] map affine_map<(t) -> ((t + 3) mod 64, 0)>
          : memref<64x4xf32, strided<[8, 1]>, #lds> -> vector<4xf32>
      %xy = arith.mulf %x, %y : vector<4xf32>
      %s = arith.addf %acc, %xy : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // One iteration leaves nothing to overlap.
  gpu.func @short_trip(%in: memref<8x256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: not pipelined: the trip count 1 is below the 2 stages}}
    %r = scf.for %k = %c0 to %c1 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // The bound is a kernel argument that may be below the stages: the
  // pipelined loop runs when the trip count is at least 2, the loop as
  // written otherwise.
  // CHECK-LABEL: gpu.func @dynamic_trip
  // CHECK: %[[TRIPS:.*]] = arith.maxsi %n, %{{.*}} : index
  // CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[ENOUGH:.*]] = arith.cmpi sge, %[[TRIPS]], %[[TWO]] : index
  // CHECK-NEXT: %[[R:.*]] = scf.if %[[ENOUGH]] -> (vector<4xf32>) {
  // The last iteration, n - 1, bounds the reads ahead.
  // CHECK: %[[STEADY:.*]] = arith.maxsi %n, %{{.*}} : index
  // CHECK: %[[LAST:.*]] = arith.subi %[[STEADY]], %{{.*}} : index
  // CHECK: %[[FIRST:.*]] = wave.read %in
  // CHECK: %[[LOOP:.*]]:2 = scf.for %[[K:.*]] = %{{.*}} to %n step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[FIRST]])
  // CHECK: %[[AHEAD:.*]] = arith.addi %[[K]]
  // CHECK-NEXT: arith.minsi %[[AHEAD]], %[[LAST]] : index
  // CHECK: scf.yield
  // CHECK: scf.yield %[[LOOP]]#0
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[PLAIN:.*]] = scf.for %{{.*}} = %{{.*}} to %n step
  // CHECK: scf.yield %[[PLAIN]]
  // CHECK: wave.write %[[R]], %out
  gpu.func @dynamic_trip(%in: memref<8x256xf32>, %out: memref<256xf32>,
                         %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(i, o, n) : (8 - n >= 0)>} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers: 1 global reads issued 1 iteration ahead (}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // wave.assume promises at least 2 trips: no run-time check.
  // CHECK-LABEL: gpu.func @assumed_trip
  // CHECK-NOT: scf.if
  // CHECK: scf.for
  // CHECK-NOT: scf.for
  // CHECK: gpu.return
  gpu.func @assumed_trip(%in: memref<8x256xf32>, %out: memref<256xf32>,
                         %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(i, o, n) : (n - 2 >= 0, 8 - n >= 0)>} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{(9 + 4 prefetched VGPRs of the budget of 64, 1024 bytes of LDS, at occupancy 8 (reached before pipelining) on gfx942); run-time trip count, at least 2 by the kernel's wave.assume}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // An unsigned division of a size that wave.assume keeps positive
  // composes as a ceildiv: ceil(n / 4) >= 2 for n >= 5, no run-time check.
  // CHECK-LABEL: gpu.func @assumed_trip_ceildivui
  // CHECK-NOT: scf.if
  // CHECK: scf.for
  // CHECK-NOT: scf.for
  // CHECK: gpu.return
  gpu.func @assumed_trip_ceildivui(%in: memref<8x256xf32>,
                                   %out: memref<256xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(i, o, n) : (n - 5 >= 0, 32 - n >= 0)>} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    %trips = arith.ceildivui %n, %c4 : index
    // expected-remark @+1 {{run-time trip count, at least 2 by the kernel's wave.assume}}
    %r = scf.for %k = %c0 to %trips step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // The same with ceil(n / 4) >= 1 only (n >= 1): versioned on the trip
  // count.
  // CHECK-LABEL: gpu.func @short_trip_ceildivui
  // CHECK: scf.if
  gpu.func @short_trip_ceildivui(%in: memref<8x256xf32>,
                                 %out: memref<256xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(i, o, n) : (n - 1 >= 0, 32 - n >= 0)>} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    %trips = arith.ceildivui %n, %c4 : index
    // expected-remark @+1 {{run-time trip count: versioned on trip count >= 2, the loop as written runs otherwise (the kernel's wave.assume allows fewer than 2 trips)}}
    %r = scf.for %k = %c0 to %trips step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // A run-time lower bound is left alone.
  gpu.func @dynamic_lower(%in: memref<8x256xf32>, %out: memref<256xf32>,
                          %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: not pipelined: the lower bound or the step is not constant (a run-time upper bound is pipelined, a run-time lower bound or step is not), or the step is not positive, or the comparison is unsigned}}
    %r = scf.for %k = %n to %c8 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // The row read comes from a loop-carried index.
  gpu.func @carried_address(%in: memref<8x256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: not pipelined: the address or mask of the 'wave.read' depends on the loop-carried value #1}}
    %r:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero, %row = %c0) -> (vector<4xf32>, index) {
      // expected-note @+1 {{this 'wave.read' prevents it}}
      %g = wave.read %in[%row, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      %row2 = arith.addi %row, %c1 : index
      scf.yield %s, %row2 : vector<4xf32>, index
    }
    wave.write %r#0, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // The row read comes from memory read in the loop.
  gpu.func @address_from_memory(%in: memref<8x256xf32>, %rows: memref<8xindex>,
                                %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: not pipelined: the address or mask of the 'wave.read' depends on 'memref.load', which cannot be recomputed for a later iteration}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      // expected-note @+1 {{this 'memref.load' prevents it}}
      %row = memref.load %rows[%k] : memref<8xindex>
      %g = wave.read %in[%row, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // The loop writes global memory that may be the staged source: reading
  // it an iteration early could miss the write.
  gpu.func @clobber(%in: memref<8x256xf32>, %out: memref<8x256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: not pipelined: 'wave.write' in the loop may write the memory a staged read reads}}
    scf.for %k = %c0 to %c8 step %c1 {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      // expected-note @+1 {{this 'wave.write' prevents it}}
      wave.write %x, %out[%k, %t] map #stage : vector<4xf32>, memref<8x256xf32>
      wave.barrier
    }
    gpu.return
  }

  // At the requested 8 waves a SIMD (64 VGPRs) the two accumulators and
  // another set of two 16-element vectors do not fit.
  gpu.func @registers_over_budget(%in: memref<8x2048xf32>, %out: memref<2048xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>} {
    %tile = wave.alloc_lds : memref<2048xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: not pipelined: registers over budget: 2 stages need 65 + 32 prefetched + 8 headroom = 105 VGPRs, over the budget of 64 at occupancy 8 (requested) on gfx942}}
    %r:2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%p = %zero, %q = %zero) -> (vector<16xf32>, vector<16xf32>) {
      %g0 = wave.read %in[%k, %t] map affine_map<(k, t) -> (k, t * 16)> : memref<8x2048xf32> -> vector<16xf32>
      wave.write %g0, %tile[%t] map affine_map<(t) -> (t * 16)> : vector<16xf32>, memref<2048xf32, #lds>
      %g1 = wave.read %in[%k, %t] map affine_map<(k, t) -> (k, t * 16 + 1024)> : memref<8x2048xf32> -> vector<16xf32>
      wave.write %g1, %tile[%t] map affine_map<(t) -> (t * 16 + 1024)> : vector<16xf32>, memref<2048xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map affine_map<(t) -> (((t + 1) mod 64) * 16)> : memref<2048xf32, #lds> -> vector<16xf32>
      %y = wave.read %tile[%t] map affine_map<(t) -> (((t + 1) mod 64) * 16 + 1024)> : memref<2048xf32, #lds> -> vector<16xf32>
      %p2 = arith.addf %p, %x : vector<16xf32>
      %q2 = arith.addf %q, %y : vector<16xf32>
      wave.barrier
      scf.yield %p2, %q2 : vector<16xf32>, vector<16xf32>
    }
    %s = arith.addf %r#0, %r#1 : vector<16xf32>
    wave.write %s, %out[%t] map affine_map<(t) -> (t * 16)> : vector<16xf32>, memref<2048xf32>
    gpu.return
  }

  // No chip: no budget to check the stages against.
  gpu.func @no_chip(%in: memref<8x256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: not pipelined: the kernel names no known chip and workgroup size (#wave.kernel, known_block_size), so its register and LDS budgets are unknown}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // The tile is read before the iteration stages it (it reads the previous
  // iteration's data): fine in registers, not with a buffer per stage.
  // LDS-REMARK: remark: wave-pipeline-loops: not pipelined: 'wave.read' reads a staged tile before the iteration's staging writes
  // LDS-REMARK: note: this 'wave.read' prevents it
  gpu.func @read_before_staging(%in: memref<8x256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %t = gpu.thread_id x
    wave.write %zero, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      wave.barrier
      %x = wave.read %tile[%t] map #next : memref<256xf32, #lds> -> vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      wave.barrier
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf32> -> vector<4xf32>
      wave.write %g, %tile[%t] map #own : vector<4xf32>, memref<256xf32, #lds>
      scf.yield %s : vector<4xf32>
    }
    wave.write %r, %out[%t] map #own : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // At the requested 8 waves a SIMD, 64-lane workgroups may take 2259 bytes
  // of LDS (LLVM's occupancy model): a second 2048-byte buffer does not fit,
  // and under buffer=lds registers carry the stage instead, as the remark
  // says (the registers fit: 17 + 8 of 64).
  // LDS-REMARK: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: the LDS buffers do not fit: 2 stages need 4096 bytes of LDS, over the 2259 that occupancy 8 (requested) on gfx942 allows): 1 global reads issued 1 iteration ahead (17 + 8 prefetched VGPRs of the budget of 64, 2048 bytes of LDS, at occupancy 8 (requested) on gfx942); no epilogue: the reads ahead of the last iteration are clamped to it
  gpu.func @lds_over_budget(%in: memref<8x512xf32>, %out: memref<512xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>} {
    %tile = wave.alloc_lds : memref<512xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<8xf32>) {
      %g = wave.read %in[%k, %t] map affine_map<(k, t) -> (k, t * 8)> : memref<8x512xf32> -> vector<8xf32>
      wave.write %g, %tile[%t] map affine_map<(t) -> (t * 8)> : vector<8xf32>, memref<512xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map affine_map<(t) -> (((t + 1) mod 64) * 8)> : memref<512xf32, #lds> -> vector<8xf32>
      %s = arith.addf %acc, %x : vector<8xf32>
      wave.barrier
      scf.yield %s : vector<8xf32>
    }
    wave.write %r, %out[%t] map affine_map<(t) -> (t * 8)> : vector<8xf32>, memref<512xf32>
    gpu.return
  }
  // At the requested 8 waves a SIMD (64 VGPRs) one prefetched set of 16
  // registers fits, two do not: with stages=3 the loop gets 2.
  // S3-REMARK: remark: wave-pipeline-loops: pipelined with 2 stages in registers: 1 global reads issued 1 iteration ahead (33 + 16 prefetched VGPRs of the budget of 64, 4096 bytes of LDS, at occupancy 8 (requested) on gfx942; fewer stages than the 3 requested: 3 stages need 33 + 32 prefetched + 8 headroom = 73 VGPRs, over the budget of 64 at occupancy 8 (requested) on gfx942)
  gpu.func @fits_two_stages(%in: memref<8x1024xf32>, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>} {
    %tile = wave.alloc_lds : memref<1024xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: pipelined with 2 stages in registers: 1 global reads issued 1 iteration ahead (33 + 16 prefetched VGPRs of the budget of 64}}
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %g = wave.read %in[%k, %t] map affine_map<(k, t) -> (k, t * 16)> : memref<8x1024xf32> -> vector<16xf32>
      wave.write %g, %tile[%t] map affine_map<(t) -> (t * 16)> : vector<16xf32>, memref<1024xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map affine_map<(t) -> (((t + 1) mod 64) * 16)> : memref<1024xf32, #lds> -> vector<16xf32>
      %s = arith.addf %acc, %x : vector<16xf32>
      wave.barrier
      scf.yield %s : vector<16xf32>
    }
    wave.write %r, %out[%t] map affine_map<(t) -> (t * 16)> : vector<16xf32>, memref<1024xf32>
    gpu.return
  }
}
