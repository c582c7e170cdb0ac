// RUN: wave-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-ping-pong{min-mfmas=2 max-phases=2 max-overhead=10}))" \
// RUN:   | FileCheck %s
// RUN: wave-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-ping-pong{min-mfmas=2 max-phases=2}))" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=MODEL
// RUN: wave-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-ping-pong{min-mfmas=2 max-phases=2 max-overhead=10 lead-mfmas=false}))" \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=NOLEAD

// A loop of an 8-wave workgroup pipelined in registers, as wave-pipeline-
// loops leaves it: the vector loaded an iteration ahead is written to LDS,
// a barrier, the fragments read back, a barrier before the next write. Two
// MFMAs deferred from the previous iteration (on the fragment it carries)
// need no LDS: they are the first MFMA phase, beside the write; the two
// that need this iteration's reads are the second, after them. The global
// load only the next iteration uses goes where the MFMA cycles after it
// cover it (none do here: its earliest phase). Waves 4-7 wait at one more
// barrier before the loop, waves 0-3 at one more after it.
// CHECK-LABEL: llvm.func @split
// CHECK:        rocdl.s.barrier
// CHECK:        %[[TID:.*]] = rocdl.workitem.id.x : i32
// CHECK-NEXT:   %[[FIRST:.*]] = rocdl.readfirstlane %[[TID]] : i32
// CHECK-NEXT:   %[[HALF:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK-NEXT:   %[[UPPER:.*]] = llvm.icmp "uge" %[[FIRST]], %[[HALF]] : i32
// CHECK-NEXT:   llvm.cond_br %[[UPPER]], ^[[STAGGER:.*]], ^[[ENTER:.*]]
// CHECK-NEXT: ^[[STAGGER]]:
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.br ^[[ENTER]]
// CHECK-NEXT: ^[[ENTER]]:
// CHECK-NEXT:   llvm.br ^[[HEADER:.*]](
// CHECK:      ^[[HEADER]](
// CHECK:        llvm.cond_br %{{.*}}, ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK-NEXT: ^[[BODY]]:
// CHECK-NEXT:   llvm.store %{{.*}}, %[[LDS:[^ ]*]] : vector<4xf16>, !llvm.ptr<3>
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   llvm.load %{{.*}} : !llvm.ptr -> vector<4xf16>
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16 %[[CARRIED:[^,]*]], %[[CARRIED]]
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16 %[[CARRIED]], %[[CARRIED]]
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.load %[[LDS]] : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NEXT:   llvm.add
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.br ^[[HEADER]](
// CHECK-NEXT: ^[[EXIT]]:
// CHECK-NEXT:   llvm.cond_br %[[UPPER]], ^[[REST:.*]], ^[[REJOIN:.*]]
// CHECK-NEXT: ^[[REJOIN]]:
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.br ^[[REST]]
// CHECK-NEXT: ^[[REST]]:
// CHECK-NEXT:   llvm.store
// MODEL: wave-ping-pong: loop not split: its memory phases would outlast the MFMA phases beside them: modelled cycles of an iteration of each of a SIMD's two waves 784, their MFMAs 256 (max-overhead: at most 25% more)
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @split(%g: !llvm.ptr {llvm.noalias}, %out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %f: vector<4xf16>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %v0 = llvm.load %g : !llvm.ptr -> vector<4xf16>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.br ^bb1(%c0, %init, %init, %f, %v0 : i32, vector<16xf32>, vector<16xf32>, vector<4xf16>, vector<4xf16>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %carried: vector<4xf16>, %v: vector<4xf16>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.f32.32x32x8f16 %carried, %carried, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  %d1 = rocdl.mfma.f32.32x32x8f16 %carried, %carried, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %next = llvm.getelementptr %g[%i] : (!llvm.ptr, i32) -> !llvm.ptr, vector<4xf16>
  %w = llvm.load %next : !llvm.ptr -> vector<4xf16>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  rocdl.sched.barrier 0
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %d0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %second = llvm.getelementptr %lds[%c4] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  %b = llvm.load %second : !llvm.ptr<3> -> vector<4xf16>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %b, %d1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: 2 memory phases and 2 MFMA phases of 2, 2 MFMAs (s_setprio 1); waves 4-7 one barrier behind; the loop's 2 barriers now 4; modelled cycles of an iteration of each of a SIMD's two waves 784, their MFMAs 256}}
  llvm.br ^bb1(%inc, %m0, %m1, %b, %w : i32, vector<16xf32>, vector<16xf32>, vector<4xf16>, vector<4xf16>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  %out1 = llvm.getelementptr %out[%c1] : (!llvm.ptr, i32) -> !llvm.ptr, vector<16xf32>
  llvm.store %acc1, %out1 : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// The first memory phase transposes two carried vectors into LDS: two
// interleaving shuffles of f16 (8 `v_perm_b32` each), four 16-byte writes
// and the next vector's load, 21 issue slots, 84 cycles. The three MFMAs
// deferred from the previous iteration need none of it, and two of them
// (64 cycles) issue among its ops, the first once 7 of its slots have
// issued and the second once 14 have (after each shuffle: 8 and 18), each
// behind a sched_barrier, under the MFMA phase's
// priority raised from the phase's start: one wave alone runs the phase in
// their shadows. The third, at 96 cycles, would outlast the phase's issue:
// it stays in the MFMA phase. The second memory phase's reads feed every
// MFMA after it: none leads there.
// CHECK-LABEL: llvm.func @lead_mfmas
// CHECK:        llvm.icmp "slt"
// CHECK-NEXT:   llvm.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]],
// CHECK-NEXT: ^[[BODY]]:
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   %[[T0:.*]] = llvm.shufflevector %[[P:[^,]*]], %[[Q:[^ ]*]] [0, 8, 1, 9,
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16 %[[CARRIED:[^,]*]], %[[CARRIED]], %[[ACC0:[^,]*]],
// CHECK-NEXT:   llvm.shufflevector %[[T0]], %[[T0]] [0, 1, 2, 3, 4, 5, 6, 7]
// CHECK-NEXT:   llvm.store
// CHECK-NEXT:   llvm.shufflevector %[[T0]], %[[T0]] [8, 9, 10, 11, 12, 13, 14, 15]
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   llvm.store
// CHECK-NEXT:   %[[T1:.*]] = llvm.shufflevector %[[Q]], %[[P]] [0, 8, 1, 9,
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16 %[[CARRIED]], %[[CARRIED]], %[[ACC1:[^,]*]],
// CHECK-NEXT:   llvm.shufflevector %[[T1]], %[[T1]] [0, 1, 2, 3, 4, 5, 6, 7]
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   llvm.store
// CHECK-NEXT:   llvm.shufflevector %[[T1]], %[[T1]] [8, 9, 10, 11, 12, 13, 14, 15]
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   llvm.store
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   llvm.load %{{.*}} : !llvm.ptr -> vector<8xf16>
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16 %[[CARRIED]], %[[CARRIED]], %[[ACC2:[^,]*]],
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NEXT:   llvm.add
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-COUNT-3: rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.s.setprio 0
// With `lead-mfmas=false` the three stay in their MFMA phase.
// NOLEAD-LABEL: llvm.func @lead_mfmas
// NOLEAD:        llvm.icmp "slt"
// NOLEAD-NEXT:   llvm.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]],
// NOLEAD-NEXT: ^[[BODY]]:
// NOLEAD-NOT:    rocdl.mfma
// NOLEAD:        rocdl.s.barrier
// NOLEAD-NEXT:   rocdl.sched.barrier 0
// NOLEAD-NEXT:   llvm.fence syncscope("workgroup") acquire
// NOLEAD-NEXT:   rocdl.s.setprio 1
// NOLEAD-COUNT-3: rocdl.mfma.f32.32x32x8f16
// NOLEAD-NEXT:   rocdl.s.setprio 0
llvm.mlir.global internal @transposed() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @lead_mfmas(%g: !llvm.ptr {llvm.noalias}, %out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %f: vector<4xf16>, %p0: vector<8xf16>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %c16 = llvm.mlir.constant(16 : i32) : i32
  %c24 = llvm.mlir.constant(24 : i32) : i32
  %lds = llvm.mlir.addressof @transposed : !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.br ^bb1(%c0, %init, %init, %init, %f, %p0, %p0 : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<4xf16>, vector<8xf16>, vector<8xf16>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %acc2: vector<16xf32>, %carried: vector<4xf16>, %p: vector<8xf16>, %q: vector<8xf16>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.f32.32x32x8f16 %carried, %carried, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.f32.32x32x8f16 %carried, %carried, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d2 = rocdl.mfma.f32.32x32x8f16 %carried, %carried, %acc2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %t0 = llvm.shufflevector %p, %q [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xf16>
  %t0lo = llvm.shufflevector %t0, %t0 [0, 1, 2, 3, 4, 5, 6, 7] : vector<16xf16>
  llvm.store %t0lo, %lds : vector<8xf16>, !llvm.ptr<3>
  %t0hi = llvm.shufflevector %t0, %t0 [8, 9, 10, 11, 12, 13, 14, 15] : vector<16xf16>
  %a1 = llvm.getelementptr %lds[%c8] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  llvm.store %t0hi, %a1 : vector<8xf16>, !llvm.ptr<3>
  %t1 = llvm.shufflevector %q, %p [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xf16>
  %t1lo = llvm.shufflevector %t1, %t1 [0, 1, 2, 3, 4, 5, 6, 7] : vector<16xf16>
  %a2 = llvm.getelementptr %lds[%c16] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  llvm.store %t1lo, %a2 : vector<8xf16>, !llvm.ptr<3>
  %t1hi = llvm.shufflevector %t1, %t1 [8, 9, 10, 11, 12, 13, 14, 15] : vector<16xf16>
  %a3 = llvm.getelementptr %lds[%c24] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  llvm.store %t1hi, %a3 : vector<8xf16>, !llvm.ptr<3>
  %next = llvm.getelementptr %g[%i] : (!llvm.ptr, i32) -> !llvm.ptr, vector<8xf16>
  %w = llvm.load %next : !llvm.ptr -> vector<8xf16>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  rocdl.sched.barrier 0
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %d0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %d1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m2 = rocdl.mfma.f32.32x32x8f16 %a, %a, %d2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: 2 memory phases and 2 MFMA phases of 3, 3 MFMAs (s_setprio 1); waves 4-7 one barrier behind; the loop's 2 barriers now 4; modelled cycles of an iteration of each of a SIMD's two waves}}
  llvm.br ^bb1(%inc, %m0, %m1, %m2, %a, %q, %w : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<4xf16>, vector<8xf16>, vector<8xf16>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// A global load whose value the same iteration writes to LDS (the form of a
// loop pipelined in LDS buffers) issues in the first memory phase; the
// write, which must follow the reads of the same array, goes in the last,
// an MFMA phase of 256 cycles after the load (512 with the other wave's).
// The read of each MFMA phase's operand goes just before it.
// CHECK-LABEL: llvm.func @same_iteration
// CHECK:        llvm.icmp "slt"
// CHECK-NEXT:   llvm.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]],
// CHECK-NEXT: ^[[BODY]]:
// CHECK-NEXT:   llvm.getelementptr %{{.*}} : (!llvm.ptr, i32)
// CHECK-NEXT:   %[[W:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xf16>
// CHECK-NEXT:   llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK:        rocdl.s.setprio 1
// CHECK-COUNT-8: rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK:        llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.getelementptr %{{.*}} : (!llvm.ptr<3>, i32)
// CHECK-NEXT:   llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NEXT:   llvm.getelementptr %{{.*}} : (!llvm.ptr<3>, i32)
// CHECK-NEXT:   llvm.store %[[W]], %{{.*}} : vector<4xf16>, !llvm.ptr<3>
// CHECK-NEXT:   llvm.add
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK:        rocdl.s.setprio 1
// CHECK-COUNT-8: rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.s.setprio 0
llvm.mlir.global internal @buffers() {addr_space = 3 : i32} : !llvm.array<2048 x f16>
llvm.func @same_iteration(%g: !llvm.ptr {llvm.noalias}, %out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %c1024 = llvm.mlir.constant(1024 : i32) : i32
  %lds = llvm.mlir.addressof @buffers : !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.br ^bb1(%c0, %init, %init : i32, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = llvm.getelementptr %g[%i] : (!llvm.ptr, i32) -> !llvm.ptr, vector<4xf16>
  %w = llvm.load %next : !llvm.ptr -> vector<4xf16>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m2 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m3 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m4 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m3, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m5 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m4, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m6 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m5, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m7 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m6, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %second = llvm.getelementptr %lds[%c4] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  %b = llvm.load %second : !llvm.ptr<3> -> vector<4xf16>
  %n0 = rocdl.mfma.f32.32x32x8f16 %b, %b, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %n1 = rocdl.mfma.f32.32x32x8f16 %b, %b, %n0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %n2 = rocdl.mfma.f32.32x32x8f16 %b, %b, %n1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %n3 = rocdl.mfma.f32.32x32x8f16 %b, %b, %n2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %n4 = rocdl.mfma.f32.32x32x8f16 %b, %b, %n3, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %n5 = rocdl.mfma.f32.32x32x8f16 %b, %b, %n4, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %n6 = rocdl.mfma.f32.32x32x8f16 %b, %b, %n5, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %n7 = rocdl.mfma.f32.32x32x8f16 %b, %b, %n6, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %other = llvm.getelementptr %lds[%c1024] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  llvm.store %w, %other : vector<4xf16>, !llvm.ptr<3>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: 2 memory phases and 2 MFMA phases of 8, 8 MFMAs (s_setprio 1); waves 4-7 one barrier behind; the loop's 1 barriers now 4; modelled cycles of an iteration of each of a SIMD's two waves 1056, their MFMAs 1024}}
  llvm.br ^bb1(%inc, %m7, %n7 : i32, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// With the workgroup's rows in y, the upper half is the waves whose linear
// id is at least 4: x + 64 y, from the first active lane.
// CHECK-LABEL: llvm.func @rows
// CHECK:        %[[X:.*]] = rocdl.workitem.id.x : i32
// CHECK-NEXT:   %[[Y:.*]] = rocdl.workitem.id.y : i32
// CHECK-NEXT:   %[[WIDTH:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT:   %[[ROW:.*]] = llvm.mul %[[Y]], %[[WIDTH]] : i32
// CHECK-NEXT:   %[[ID:.*]] = llvm.add %[[X]], %[[ROW]] : i32
// CHECK-NEXT:   %[[FIRST:.*]] = rocdl.readfirstlane %[[ID]] : i32
// CHECK-NEXT:   %[[HALF:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK-NEXT:   llvm.icmp "uge" %[[FIRST]], %[[HALF]] : i32
llvm.mlir.global internal @rows_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @rows(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 64, 8, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @rows_tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: 2 memory phases and 2 MFMA phases of 0, 2 MFMAs}}
  llvm.br ^bb1(%inc, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// The code before the loop ends with an access, not a barrier: the lower
// half's first memory phase would run beside it, so a barrier goes first.
// CHECK-LABEL: llvm.func @prologue_access
// CHECK:        llvm.store %{{.*}}, %{{.*}} : vector<4xf16>, !llvm.ptr<3>
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   rocdl.workitem.id.x
llvm.mlir.global internal @prologue_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @prologue_access(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @prologue_tile : !llvm.ptr<3>
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.store %a, %lds : vector<4xf16>, !llvm.ptr<3>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: 2 memory phases and 2 MFMA phases of 1, 1 MFMAs}}
  llvm.br ^bb1(%inc, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// A workgroup of 4 waves: one a SIMD, none to alternate with.
llvm.mlir.global internal @four_waves_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @four_waves(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 256, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @four_waves_tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: loop not split: 4 waves a workgroup: ping-pong pairs the waves of one workgroup on each SIMD, which takes a multiple of 8}}
  llvm.br ^bb1(%inc, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @unknown_size_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @unknown_size(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @unknown_size_tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: loop not split: the workgroup's size is not known ('rocdl.reqd_work_group_size')}}
  llvm.br ^bb1(%inc, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @no_barrier_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @no_barrier(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @no_barrier_tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: loop not split: no workgroup barrier in its body to pair the waves at}}
  llvm.br ^bb1(%inc, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @call_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @opaque()
llvm.func @call(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @call_tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  llvm.call @opaque() : () -> ()
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: loop not split: 'llvm.call' in its body, whose effects the pass does not model}}
  llvm.br ^bb1(%inc, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @group_barrier_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @group_barrier(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @group_barrier_tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  rocdl.sched.group.barrier 8, 1, 0
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: loop not split: rocdl.sched.group.barrier in its body: an order or wait the phases would undo}}
  llvm.br ^bb1(%inc, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// An op that needs the last MFMAs' results gets a memory phase of its own
// after them, and an MFMA phase without MFMAs (no s_setprio) after that:
// its barrier keeps it apart from the next iteration's first memory phase.
// So does the first MFMA phase here: the MFMAs need the read, the read
// needs a barrier after the write. A memory phase none of whose accesses
// meets one of the next memory phase ends at a barrier without fences (no
// wait): the read's, since the next phase accesses nothing (the MFMA
// phase's fenced barrier completes the read before the next write), and
// that last phase's. The write's phase ends fenced: the read follows it.
// CHECK-LABEL: llvm.func @after_last
// CHECK:        llvm.store
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.load
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.fadd
// CHECK-NEXT:   llvm.add
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.br

llvm.mlir.global internal @after_last_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @after_last(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @after_last_tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %sum = llvm.fadd %m1, %m1 : vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: 3 memory phases and 3 MFMA phases of 0, 2, 0 MFMAs}}
  llvm.br ^bb1(%inc, %sum : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @waitcnt_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @waitcnt(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>, %flag: i1) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @waitcnt_tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  rocdl.s.waitcnt 0
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: loop not split: rocdl.s.waitcnt in its body: an order or wait the phases would undo}}
  llvm.br ^bb1(%inc, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @system_fence_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @system_fence(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>, %flag: i1) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @system_fence_tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  llvm.fence release
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: loop not split: a fence wider than the workgroup in its body}}
  llvm.br ^bb1(%inc, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// A body of several blocks (a branch in it): each block would need its own
// phases.
llvm.mlir.global internal @two_blocks_tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @two_blocks(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %v: vector<4xf16>, %flag: i1) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 512, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @two_blocks_tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %a = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.cond_br %flag, ^bb4, ^bb5
^bb4:
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.br ^bb5
^bb5:
  %m1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %m0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-ping-pong: loop not split: its body is not one block after the exit test}}
  llvm.br ^bb1(%inc, %m1 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}
