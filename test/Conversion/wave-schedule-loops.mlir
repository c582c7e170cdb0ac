// RUN: wave-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-schedule-loops{min-mfmas=2}))" \
// RUN:   | FileCheck %s
// With the default of 8 MFMAs a region, none of these loops is scheduled.
// RUN: wave-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-schedule-loops))" \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=NONE
// NONE-LABEL: llvm.func @interleaved
// NONE-NOT:   rocdl.sched.group.barrier
// NONE-LABEL: llvm.func @no_gain

// The lowered 256x256x64 GEMM (gfx942): its K loop's MFMA region (48 MFMAs,
// 24 LDS reads) is scheduled with the reads 3 MFMAs ahead, where the model
// says it pays, and left at the default distance of 2, where it does not;
// the region before the K step's barrier keeps LLVM's iglp_opt strategy.
// RUN: wave-opt %examples/gemm_256.mlir \
// RUN:   --pass-pipeline="builtin.module(wave-to-upstream{chip=gfx942 optimize=true},wave-upstream-to-rocdl{chip=gfx942})" \
// RUN:   -o %t.gemm_256.mlir 2>/dev/null
// RUN: wave-opt %t.gemm_256.mlir -o /dev/null \
// RUN:   --pass-pipeline="builtin.module(gpu.module(llvm.func(wave-schedule-loops)))" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GEMM2
// GEMM2: remark: wave-schedule-loops: loop not scheduled: region 1 of 3 left: LLVM's iglp_opt strategy orders it; region 2 of 3 left: the groups would not pay (modelled cycles of one wave [[BEFORE:[0-9]+]] -> {{[0-9]+}}); region 3 of 3 left: 0 MFMAs, fewer than 8
// GEMM2: remark: wave-schedule-loops: loop not scheduled: no MFMA in its body
// RUN: wave-opt %t.gemm_256.mlir \
// RUN:   --pass-pipeline="builtin.module(gpu.module(llvm.func(wave-schedule-loops{distance=3})))" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GEMM3
// GEMM3: remark: wave-schedule-loops: region 1 of 3 left: LLVM's iglp_opt strategy orders it; region 2 of 3: 48 MFMAs interleaved with 24 LDS reads (after each MFMA those of the one 3 later, 4 before the first), 0 global loads and 0 LDS writes spread over them; modelled cycles of one wave [[BEFORE:[0-9]+]] -> [[AFTER:[0-9]+]]; region 3 of 3 left: 0 MFMAs, fewer than 8
// GEMM3:      llvm.func @gemm_256(
// GEMM3:      rocdl.sched.barrier 0
// GEMM3:      rocdl.iglp.opt 0
// GEMM3:      rocdl.sched.barrier 0
// GEMM3:      rocdl.sched.group.barrier 256, 4, 0
// The MFMA groups, with the groups of the reads each one issues between
// them (a read group may follow the last).
// GEMM3-COUNT-48: rocdl.sched.group.barrier 8, 1, 0
// GEMM3-NOT:  rocdl.sched.group.barrier 8,
// GEMM3:      rocdl.sched.barrier 0
// GEMM3-NEXT: llvm.fence
// GEMM3-NEXT: llvm.br
// GEMM3:      llvm.func @gemm_256_ref(
// GEMM3-NOT:  rocdl.sched.group.barrier

// The pipelines run the pass with `optimize` and `schedule-loops` (off by
// default: %t.gemm_256.mlir above has no groups and no remark of the pass),
// after wave-ping-pong, which is off here so that the loop is as above.
// RUN: wave-opt %examples/gemm_256.mlir -o /dev/null \
// RUN:   --pass-pipeline="builtin.module(wave-to-upstream{chip=gfx942 optimize=true},wave-upstream-to-rocdl{chip=gfx942 optimize=true schedule-loops=true ping-pong=false})" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTION
// OPTION: remark: wave-schedule-loops: loop not scheduled: region 1 of 3 left: LLVM's iglp_opt strategy orders it

// A pipelined K step: global loads for the next step (loop-carried), the
// LDS reads and MFMAs of this one, LDS writes of the loads of the last.
// In program order the global loads delay the first MFMA; the groups put
// the LDS reads of both MFMAs first (distance 2), then after each MFMA half
// of the global loads and one LDS write, at the region's end.
// CHECK-LABEL: llvm.func @interleaved
// CHECK:      llvm.store
// CHECK-NEXT: llvm.store
// CHECK-NEXT: llvm.add
// CHECK-NEXT: rocdl.sched.group.barrier 256, 4, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 32, 2, 0
// CHECK-NEXT: rocdl.sched.group.barrier 512, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 32, 2, 0
// CHECK-NEXT: rocdl.sched.group.barrier 512, 1, 0
// CHECK-NEXT: llvm.br ^bb1
llvm.func @interleaved(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %n: i32, %init: vector<16xf32>, %v: vector<4xf32>) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init, %v, %v : i32, vector<16xf32>, vector<4xf32>, vector<4xf32>)
^bb1(%i: i32, %acc: vector<16xf32>, %p0: vector<4xf32>, %p1: vector<4xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %g0 = llvm.load %g : !llvm.ptr<1> -> vector<4xf32>
  %g1 = llvm.load %g : !llvm.ptr<1> -> vector<4xf32>
  %g2 = llvm.load %g : !llvm.ptr<1> -> vector<4xf32>
  %g3 = llvm.load %g : !llvm.ptr<1> -> vector<4xf32>
  %a0 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %b0 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %a1 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %b1 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a0, %b0, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a1, %b1, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.store %p0, %l : vector<4xf32>, !llvm.ptr<3>
  llvm.store %p1, %l : vector<4xf32>, !llvm.ptr<3>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-schedule-loops: 2 MFMAs interleaved with 4 LDS reads (after each MFMA those of the one 2 later, 4 before the first), 4 global loads and 2 LDS writes spread over them; modelled cycles of one wave 148 -> 132}}
  llvm.br ^bb1(%next, %m1, %g0, %g1 : i32, vector<16xf32>, vector<4xf32>, vector<4xf32>)
^bb3:
  llvm.return %acc : vector<16xf32>
}

// -----

// Only LDS reads, all ahead of the MFMAs already: with a distance of 2 the
// groups ask for the order the loop has, and the model sees no gain.
// CHECK-LABEL: llvm.func @no_gain
// CHECK-NOT:   rocdl.sched.group.barrier
llvm.func @no_gain(%l: !llvm.ptr<3>, %n: i32, %init: vector<16xf32>) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %a0 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %b0 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %a1 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %b1 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a0, %b0, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a1, %b1, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-schedule-loops: loop not scheduled: the groups would not pay (modelled cycles of one wave 132 -> 132)}}
  llvm.br ^bb1(%next, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.return %acc : vector<16xf32>
}

// -----

// A loop without MFMAs has nothing to interleave.
// CHECK-LABEL: llvm.func @no_mfma
// CHECK-NOT:   rocdl.sched.group.barrier
llvm.func @no_mfma(%l: !llvm.ptr<3>, %n: i32) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %x = llvm.load %l : !llvm.ptr<3> -> f32
  llvm.store %x, %l : f32, !llvm.ptr<3>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-schedule-loops: loop not scheduled: no MFMA in its body}}
  llvm.br ^bb1(%next : i32)
^bb3:
  llvm.return
}

// -----

// Too few MFMAs in the region (the tests' minimum is 2).
// CHECK-LABEL: llvm.func @few
// CHECK-NOT:   rocdl.sched.group.barrier
llvm.func @few(%l: !llvm.ptr<3>, %n: i32, %init: vector<16xf32>) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %a0 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a0, %a0, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-schedule-loops: loop not scheduled: 1 MFMAs, fewer than 2}}
  llvm.br ^bb1(%next, %m0 : i32, vector<16xf32>)
^bb3:
  llvm.return %acc : vector<16xf32>
}

// -----

// LDS writes, a workgroup barrier, LDS reads: the barrier keeps each access
// on its side, and the groups could only make the MFMAs wait at it.
// CHECK-LABEL: llvm.func @barrier
// CHECK-NOT:   rocdl.sched.group.barrier
llvm.func @barrier(%l: !llvm.ptr<3>, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  llvm.store %v, %l : vector<4xf16>, !llvm.ptr<3>
  rocdl.s.barrier
  %a0 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a0, %a0, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a0, %a0, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-schedule-loops: loop not scheduled: a workgroup barrier in it pins the LDS accesses on either side}}
  llvm.br ^bb1(%next, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.return %acc : vector<16xf32>
}

// -----

// Regions are cut at `rocdl.sched.barrier 0` (wave-bound-sched-regions'
// cuts): the first, with LLVM's iglp_opt strategy, is left to it; the
// second has no memory access.
// CHECK-LABEL: llvm.func @regions
// CHECK-NOT:   rocdl.sched.group.barrier
llvm.func @regions(%l: !llvm.ptr<3>, %n: i32, %init: vector<16xf32>) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  rocdl.iglp.opt 0
  %a0 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  rocdl.sched.barrier 0
  %m0 = rocdl.mfma.f32.32x32x8f16 %a0, %a0, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a0, %a0, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-schedule-loops: loop not scheduled: region 1 of 2 left: LLVM's iglp_opt strategy orders it; region 2 of 2 left: no memory access to put under its MFMAs}}
  llvm.br ^bb1(%next, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.return %acc : vector<16xf32>
}

// -----

// A branch in the body: the backend schedules each block apart.
// CHECK-LABEL: llvm.func @blocks
// CHECK-NOT:   rocdl.sched.group.barrier
llvm.func @blocks(%l: !llvm.ptr<3>, %n: i32, %init: vector<16xf32>, %c: i1) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb4
^bb2:
  %a0 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a0, %a0, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.cond_br %c, ^bb3, ^bb3
^bb3:
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-schedule-loops: loop not scheduled: its body spans 3 blocks (scheduling regions end at branches)}}
  llvm.br ^bb1(%next, %m0 : i32, vector<16xf32>)
^bb4:
  llvm.return %acc : vector<16xf32>
}

// -----

// A call in the body.
// CHECK-LABEL: llvm.func @calls
// CHECK-NOT:   rocdl.sched.group.barrier
llvm.func @callee()
llvm.func @calls(%l: !llvm.ptr<3>, %n: i32, %init: vector<16xf32>) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %a0 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a0, %a0, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.call @callee() : () -> ()
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-schedule-loops: loop not scheduled: its body calls a function}}
  llvm.br ^bb1(%next, %m0 : i32, vector<16xf32>)
^bb3:
  llvm.return %acc : vector<16xf32>
}

// -----

// Schedule groups already there (the pass ran, or the user wrote them).
// CHECK-LABEL: llvm.func @grouped
// CHECK-COUNT-1: rocdl.sched.group.barrier
llvm.func @grouped(%l: !llvm.ptr<3>, %n: i32, %init: vector<16xf32>) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %a0 = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a0, %a0, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  rocdl.sched.group.barrier 8, 1, 0
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-schedule-loops: loop not scheduled: its body already has schedule groups}}
  llvm.br ^bb1(%next, %m0 : i32, vector<16xf32>)
^bb3:
  llvm.return %acc : vector<16xf32>
}
