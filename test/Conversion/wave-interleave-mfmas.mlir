// RUN: wave-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-interleave-mfmas{min-mfmas=2 lead=1}))" \
// RUN:   | FileCheck %s
// RUN: wave-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-interleave-mfmas{min-mfmas=2 lead=3}))" \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=LEAD3

// Two MFMAs, then two multiplies of 8 packed issue slots each: in program
// order the multiplies wait for the second MFMA to issue, which waits for
// the pipe. Ordered, each MFMA is followed by one multiply (its even share
// of the 16 slots) and a fence keeps the second MFMA after it.
// CHECK-LABEL: llvm.func @interleave
// CHECK:      rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT: llvm.fmul
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT: llvm.fmul
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.br ^bb1
llvm.func @interleave(%n: i32, %init: vector<16xf32>, %x: vector<16xf32>, %a: vector<4xf16>) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init, %init, %x, %x : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %y0: vector<16xf32>, %y1: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %z0 = llvm.fmul %y0, %x : vector<16xf32>
  %z1 = llvm.fmul %y1, %x : vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-interleave-mfmas: region 1: 2 MFMAs, each followed by a share of 3 other operations, fenced; modelled cycles of one wave 104 -> 76, registers 101 -> 101}}
  llvm.br ^bb1(%next, %m0, %m1, %z0, %z1 : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.return %acc0 : vector<16xf32>
}

// -----

// An MFMA's result is read one MFMA later at the earliest: the multiply of
// %m0 goes after the second MFMA, not into the first one's shadow, and an
// LDS read the second MFMA needs (lead 1) goes before everything else.
// CHECK-LABEL: llvm.func @operands_first
// CHECK:      rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT: llvm.load
// CHECK-NEXT: llvm.fmul %{{.*}}, %x
// CHECK-NEXT: llvm.add
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT: llvm.fmul %{{.*}}, %init
llvm.func @operands_first(%n: i32, %init: vector<16xf32>, %x: vector<16xf32>, %a: vector<4xf16>, %l: !llvm.ptr<3>) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init, %x : i32, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>, %y: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %s = llvm.fmul %m0, %init : vector<16xf32>
  %z = llvm.fmul %y, %x : vector<16xf32>
  %b = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %m1 = rocdl.mfma.f32.32x32x8f16 %b, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %t = llvm.fadd %s, %m1 : vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-interleave-mfmas: region 1: 2 MFMAs}}
  llvm.br ^bb1(%next, %t, %z : i32, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.return %acc : vector<16xf32>
}

// -----

// A branch chooses a masked score (^bb3) or not (^bb4); the join ^bb5 holds
// work on loop-carried values that the branch does not change (an LDS read
// and a multiply, and the loop counter): they move up into ^bb2, whose
// MFMAs hide them, the read first (its latency); the multiply of the
// branch's result and the join's MFMAs stay.
// CHECK-LABEL: llvm.func @hoist
// CHECK:      ^bb2:
// CHECK:        llvm.load
// CHECK:        llvm.fmul %{{.*}}, %x
// CHECK:        llvm.cond_br
// CHECK:      ^bb5(%[[S:.*]]: vector<16xf32>):
// CHECK-NOT:    llvm.load
// CHECK:        llvm.fmul %[[S]], %x
llvm.func @hoist(%n: i32, %init: vector<16xf32>, %x: vector<16xf32>, %a: vector<4xf16>, %l: !llvm.ptr<3>) -> vector<16xf32> {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %zero = llvm.mlir.constant(dense<0.0> : vector<16xf32>) : vector<16xf32>
  llvm.br ^bb1(%c0, %init, %x : i32, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>, %y: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb6
^bb2:
  %s0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %zero, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %s1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %s0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %last = llvm.icmp "eq" %i, %c0 : i32
  llvm.cond_br %last, ^bb3, ^bb4
^bb3:
  llvm.br ^bb5(%zero : vector<16xf32>)
^bb4:
  llvm.br ^bb5(%s1 : vector<16xf32>)
^bb5(%s: vector<16xf32>):
  %v = llvm.load %l : !llvm.ptr<3> -> vector<4xf16>
  %r = llvm.fmul %y, %x : vector<16xf32>
  %p = llvm.fmul %s, %x : vector<16xf32>
  %o0 = rocdl.mfma.f32.32x32x8f16 %v, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %o1 = rocdl.mfma.f32.32x32x8f16 %v, %a, %o0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %o = llvm.fadd %o1, %p : vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{; 3 operations that do not depend on a branch moved above it}}
  llvm.br ^bb1(%next, %o, %r : i32, vector<16xf32>, vector<16xf32>)
^bb6:
  llvm.return %acc : vector<16xf32>
}

// -----

// A prefetch of the next step from memory the kernel only reads (a
// `llvm.noalias` argument nothing stores to) moves below the workgroup
// barrier, into the MFMAs' region; the load from %out, which the kernel
// writes, stays above it.
// CHECK-LABEL: llvm.func @sink
// CHECK:      llvm.load %out
// CHECK-NEXT: llvm.fence syncscope("workgroup") release
// CHECK-NEXT: rocdl.s.barrier
// CHECK-NEXT: llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT: rocdl.mfma
// CHECK-NEXT: llvm.load %in
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: rocdl.mfma
llvm.func @sink(%in: !llvm.ptr<1> {llvm.noalias}, %out: !llvm.ptr<1> {llvm.noalias}, %n: i32, %init: vector<16xf32>, %a: vector<4xf16>, %l: !llvm.ptr<3>) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init, %a, %a : i32, vector<16xf32>, vector<4xf16>, vector<4xf16>)
^bb1(%i: i32, %acc: vector<16xf32>, %p: vector<4xf16>, %q: vector<4xf16>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %g = llvm.load %in : !llvm.ptr<1> -> vector<4xf16>
  %h = llvm.load %out : !llvm.ptr<1> -> vector<4xf16>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %m0 = rocdl.mfma.f32.32x32x8f16 %p, %q, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %p, %q, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{1 loads of memory the kernel only reads, and their arithmetic, moved below a workgroup barrier}}
  llvm.br ^bb1(%next, %m1, %g, %h : i32, vector<16xf32>, vector<4xf16>, vector<4xf16>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr<1>
  llvm.return
}

// -----

// Without `llvm.noalias`, another argument could reach what %in points to:
// the load stays above the barrier, and with nothing but two dependent
// MFMAs below it the order would not change anything.
// CHECK-LABEL: llvm.func @no_sink
// CHECK:      llvm.load %in
// CHECK-NEXT: llvm.fence syncscope("workgroup") release
// CHECK-NOT:  rocdl.sched.barrier
llvm.func @no_sink(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i32, %init: vector<16xf32>, %a: vector<4xf16>) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init, %a : i32, vector<16xf32>, vector<4xf16>)
^bb1(%i: i32, %acc: vector<16xf32>, %p: vector<4xf16>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %g = llvm.load %in : !llvm.ptr<1> -> vector<4xf16>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %m0 = rocdl.mfma.f32.32x32x8f16 %p, %p, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %p, %p, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-interleave-mfmas: loop not interleaved: region 1 left: the order would not pay (modelled cycles of one wave 64 -> 64)}}
  llvm.br ^bb1(%next, %m1, %g : i32, vector<16xf32>, vector<4xf16>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr<1>
  llvm.return
}

// -----

// Loops the pass leaves, each with its reason.
llvm.func @few(%n: i32, %init: vector<16xf32>, %a: vector<4xf16>) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-interleave-mfmas: loop not interleaved: 1 MFMAs in its body, fewer than 2}}
  llvm.br ^bb1(%next, %m0 : i32, vector<16xf32>)
^bb3:
  llvm.return
}

// LLVM's iglp_opt strategy orders the backend's region it is in (up to the
// next sched_barrier): fences would split it.
// CHECK-LABEL: llvm.func @iglp
// CHECK-NOT:   rocdl.sched.barrier
llvm.func @iglp(%n: i32, %init: vector<16xf32>, %x: vector<16xf32>, %a: vector<4xf16>) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init, %init : i32, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  rocdl.iglp.opt 0
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %z = llvm.fmul %m0, %x : vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-interleave-mfmas: loop not interleaved: region 1 left: LLVM's iglp_opt strategy orders it}}
  llvm.br ^bb1(%next, %z, %m1 : i32, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.return
}

// -----

// Schedule groups ask the backend for an order of their own.
// CHECK-LABEL: llvm.func @groups
// CHECK-NOT:   rocdl.sched.barrier
llvm.func @groups(%n: i32, %init: vector<16xf32>, %x: vector<16xf32>, %a: vector<4xf16>) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init, %init : i32, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %z = llvm.fmul %m0, %x : vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  rocdl.sched.group.barrier 8, 1, 0
  // expected-remark @below {{wave-interleave-mfmas: loop not interleaved: its body already asks the backend for an order (schedule groups or a masked sched_barrier)}}
  llvm.br ^bb1(%next, %z, %m1 : i32, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.return
}

// -----

// The third MFMA's A operand is made from the first's result. Placed with
// the third's operands, 3 MFMAs ahead (before the first MFMA), it would be
// used before it is defined; it goes where it is ready instead, one MFMA
// after the first, ahead of the third. (Run with lead=3 below.)
// LEAD3-LABEL: llvm.func @operand_of_a_result
// LEAD3:      %[[M0:.*]] = rocdl.mfma.f32.32x32x8f16
// LEAD3:      rocdl.sched.barrier 0
// LEAD3-NEXT: rocdl.mfma.f32.32x32x8f16
// LEAD3:      %[[PART:.*]] = llvm.shufflevector %[[M0]]
// LEAD3-NEXT: %[[A:.*]] = llvm.fptrunc %[[PART]]
// LEAD3:      rocdl.sched.barrier 0
// LEAD3-NEXT: rocdl.mfma.f32.32x32x8f16 %[[A]]
// With lead=1 (the first run) it is ordered too.
// CHECK-LABEL: llvm.func @operand_of_a_result
// CHECK:       rocdl.sched.barrier 0
llvm.func @operand_of_a_result(%n: i32, %init: vector<16xf32>, %x: vector<16xf32>, %a: vector<4xf16>) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init, %init, %init, %x, %x : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %acc2: vector<16xf32>, %y0: vector<16xf32>, %y1: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %part = llvm.shufflevector %m0, %m0 [0, 1, 2, 3] : vector<16xf32>
  %b = llvm.fptrunc %part : vector<4xf32> to vector<4xf16>
  %m2 = rocdl.mfma.f32.32x32x8f16 %b, %a, %acc2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %z0 = llvm.fmul %y0, %x : vector<16xf32>
  %z1 = llvm.fmul %y1, %x : vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-interleave-mfmas: region 1: 3 MFMAs}}
  llvm.br ^bb1(%next, %m0, %m1, %m2, %z0, %z1 : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.return
}

// -----

// Accesses of distinct objects keep no order between them: the store to
// @tile_b, after the store to @tile_a as written, goes before the last
// MFMA; the store to @tile_a still follows the last read of @tile_a.
// CHECK-LABEL: llvm.func @objects
// CHECK-DAG:   %[[A:.*]] = llvm.mlir.addressof @tile_a
// CHECK-DAG:   %[[B:.*]] = llvm.mlir.addressof @tile_b
// CHECK:       %[[LAST:.*]] = llvm.load %[[A]]
// CHECK-NEXT:  llvm.store %{{.*}}, %[[B]]
// CHECK-NEXT:  rocdl.sched.barrier 0
// CHECK-NEXT:  rocdl.mfma.f32.32x32x8f16 %[[LAST]]
// CHECK-NEXT:  llvm.add
// CHECK-NEXT:  llvm.store %{{.*}}, %[[A]]
llvm.mlir.global internal @tile_a() {addr_space = 3 : i32} : !llvm.array<64 x f16>
llvm.mlir.global internal @tile_b() {addr_space = 3 : i32} : !llvm.array<64 x f16>
llvm.func @objects(%n: i32, %init: vector<16xf32>, %a: vector<4xf16>, %v: vector<4xf16>) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init, %init, %init : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %acc2: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %pa = llvm.mlir.addressof @tile_a : !llvm.ptr<3>
  %pb = llvm.mlir.addressof @tile_b : !llvm.ptr<3>
  %r0 = llvm.load %pa : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %r0, %a, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %r1 = llvm.load %pa : !llvm.ptr<3> -> vector<4xf16>
  %m1 = rocdl.mfma.f32.32x32x8f16 %r1, %a, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %r2 = llvm.load %pa : !llvm.ptr<3> -> vector<4xf16>
  %m2 = rocdl.mfma.f32.32x32x8f16 %r2, %a, %acc2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.store %v, %pa : vector<4xf16>, !llvm.ptr<3>
  llvm.store %v, %pb : vector<4xf16>, !llvm.ptr<3>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-interleave-mfmas: region 1: 3 MFMAs}}
  llvm.br ^bb1(%next, %m0, %m1, %m2 : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.return
}

// -----

// gfx950's transposing LDS reads are LDS reads of their pointer: the loop
// is one region, ordered as @objects is (before they were known, each one
// cut the body into regions of one MFMA), and the store to @tr_a still
// follows the last transposed read of @tr_a.
// CHECK-LABEL: llvm.func @transposed_reads
// CHECK-DAG:   %[[A:.*]] = llvm.mlir.addressof @tr_a
// CHECK-DAG:   %[[B:.*]] = llvm.mlir.addressof @tr_b
// CHECK:       %[[LAST:.*]] = rocdl.ds.read.tr16.b64 %[[A]]
// CHECK-NEXT:  llvm.store %{{.*}}, %[[B]]
// CHECK-NEXT:  rocdl.sched.barrier 0
// CHECK-NEXT:  rocdl.mfma.f32.32x32x8f16 %[[LAST]]
// CHECK-NEXT:  llvm.add
// CHECK-NEXT:  llvm.store %{{.*}}, %[[A]]
llvm.mlir.global internal @tr_a() {addr_space = 3 : i32} : !llvm.array<64 x f16>
llvm.mlir.global internal @tr_b() {addr_space = 3 : i32} : !llvm.array<64 x f16>
llvm.func @transposed_reads(%n: i32, %init: vector<16xf32>, %a: vector<4xf16>, %v: vector<4xf16>) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init, %init, %init : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %acc2: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %pa = llvm.mlir.addressof @tr_a : !llvm.ptr<3>
  %pb = llvm.mlir.addressof @tr_b : !llvm.ptr<3>
  %r0 = rocdl.ds.read.tr16.b64 %pa : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %r0, %a, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %r1 = rocdl.ds.read.tr16.b64 %pa : !llvm.ptr<3> -> vector<4xf16>
  %m1 = rocdl.mfma.f32.32x32x8f16 %r1, %a, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %r2 = rocdl.ds.read.tr16.b64 %pa : !llvm.ptr<3> -> vector<4xf16>
  %m2 = rocdl.mfma.f32.32x32x8f16 %r2, %a, %acc2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.store %v, %pa : vector<4xf16>, !llvm.ptr<3>
  llvm.store %v, %pb : vector<4xf16>, !llvm.ptr<3>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-interleave-mfmas: region 1: 3 MFMAs}}
  llvm.br ^bb1(%next, %m0, %m1, %m2 : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.return
}

// -----

// Unreachable blocks: ^bb4 branches into the loop's body, so the walk back
// from the latch finds it, but it has no place in the dominator tree (the
// pass read a null tree node there); ^bb5 branches to the header, and since
// every block dominates an unreachable one it looked like a latch. The pass
// judges the real loop alone, and says nothing of ^bb5.
llvm.func @unreachable_block(%n: i32, %init: vector<16xf32>, %a: vector<4xf16>) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %next = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-interleave-mfmas: loop not interleaved: region 1 left: the order would not pay}}
  llvm.br ^bb1(%next, %m1 : i32, vector<16xf32>)
^bb4:
  %m2 = rocdl.mfma.f32.32x32x8f16 %a, %a, %init, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m3 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.br ^bb2
^bb5:
  %m4 = rocdl.mfma.f32.32x32x8f16 %a, %a, %init, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m5 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m4, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.br ^bb1(%c0, %m5 : i32, vector<16xf32>)
^bb3:
  llvm.return
}
