// RUN: wave-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-cover-barriers))" \
// RUN:   | FileCheck %s

// A loop pipelined in registers, as wave-pipeline-loops leaves it when it
// defers a step's MMAs whole: four MMAs on the fragments the previous
// iteration read, the barrier that orders those reads before the writes,
// the staged vectors written to LDS and the next ones loaded, the barrier
// that waits for the writes, and the next fragments read. The staging
// between the barriers takes 3 issue slots (two LDS writes, a global load):
// 12 cycles, under one 32-cycle MFMA, and one more MFMA covers the first
// barrier's wait. So the first two MMAs stay before the second barrier, the
// second of them moved just before its release fence behind a
// sched_barrier, and the global load that ends the staging behind it (one
// read for each 32 cycles of that MFMA); the other two go after the
// barrier, the first of them behind the two LDS reads there (schedule
// groups). Schedule groups before the barrier put the two LDS writes in the
// first MFMA's shadow. No wait is added before the first write: the one
// load of the body issues last, behind the sched_barrier.
// CHECK-LABEL: llvm.func @cover
// CHECK:      ^[[BODY:bb[0-9]+]]:
// CHECK-NEXT:   %[[D0:.*]] = rocdl.mfma.f32.32x32x8f16 %[[A:[^,]*]], %[[A]], %[[ACC0:[^,]*]],
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.store
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   llvm.store
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   %[[D1:.*]] = rocdl.mfma.f32.32x32x8f16 %[[A]], %[[A]], %[[ACC1:[^,]*]],
// CHECK-NEXT:   rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 512, 2, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   %[[W:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xf16>
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   rocdl.sched.group.barrier 256, 2, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT:   %[[D2:.*]] = rocdl.mfma.f32.32x32x8f16 %[[A]], %[[A]], %[[ACC2:[^,]*]],
// CHECK-NEXT:   %[[D3:.*]] = rocdl.mfma.f32.32x32x8f16 %[[A]], %[[A]], %[[ACC3:[^,]*]],
// CHECK-NEXT:   llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NEXT:   llvm.add
// CHECK-NEXT:   llvm.br ^{{.*}}(%{{.*}}, %[[D0]], %[[D1]], %[[D2]], %[[D3]],
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @cover(%g: !llvm.ptr {llvm.noalias}, %out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %f: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init, %init, %init, %f, %f, %f : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<4xf16>, vector<4xf16>, vector<4xf16>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %acc2: vector<16xf32>, %acc3: vector<16xf32>, %a: vector<4xf16>, %u: vector<4xf16>, %v: vector<4xf16>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d2 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d3 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc3, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  %second = llvm.getelementptr %lds[%c4] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  llvm.store %v, %second : vector<4xf16>, !llvm.ptr<3>
  %next = llvm.getelementptr %g[%i] : (!llvm.ptr, i32) -> !llvm.ptr, vector<4xf16>
  %w = llvm.load %next : !llvm.ptr -> vector<4xf16>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %r0 = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %third = llvm.getelementptr %lds[%c4] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  %r1 = llvm.load %third : !llvm.ptr<3> -> vector<4xf16>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: 2 of 4 MFMAs free to move stay before the barrier that waits for the body's LDS writes (the last just before its wait), 2 go after it, the first behind the 2 LDS reads there; the staging's last global read issues behind the last that stays; schedule groups spread its 2 LDS writes over the shadow of the first}}
  llvm.br ^bb1(%inc, %d0, %d1, %d2, %d3, %r0, %w, %r1 : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<4xf16>, vector<4xf16>, vector<4xf16>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// An MMA that another MMA before the barrier uses moves with it, in its
// order: of the chains d0 -> d1 and e0 -> e1, the first two stay before the
// barrier (d1 just before its fence) and e0, e1 go after it. An MMA whose
// result arithmetic before the barrier uses (s0, summed into %t) is not
// free to move and stays where it is. Before the barrier schedule groups
// put the LDS write in the first staying MFMA's shadow; LLVM's iglp_opt
// strategy, which the body asked for, moves to the scheduling region after
// the barrier, where an MMA of the body follows the LDS read and orders it
// with the moved ones (no schedule groups there).
// CHECK-LABEL: llvm.func @chains
// CHECK:      ^[[BODY:bb[0-9]+]]:
// CHECK-NEXT:   %[[D0:.*]] = rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   %[[S0:.*]] = rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   %[[T:.*]] = llvm.fadd %[[S0]], %[[S0]]
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   llvm.store
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16 %{{[^,]*}}, %{{[^,]*}}, %[[D0]],
// CHECK-NEXT:   rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 512, 1, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   rocdl.iglp.opt 0
// CHECK-NEXT:   %[[E0:.*]] = rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16 %{{[^,]*}}, %{{[^,]*}}, %[[E0]],
// CHECK-NEXT:   %[[R:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16 %[[R]], %[[R]], %[[T]],
// CHECK-NOT:    rocdl.sched.group.barrier
// CHECK-NOT:    rocdl.iglp.opt
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @chains(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %f: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init, %init, %f : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<4xf16>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %acc2: vector<16xf32>, %a: vector<4xf16>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  rocdl.iglp.opt 0
  %d0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %s0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %t = llvm.fadd %s0, %s0 : vector<16xf32>
  %d1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %d0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %e0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %e1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %e0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.store %a, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %r = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m = rocdl.mfma.f32.32x32x8f16 %r, %r, %t, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: 2 of 4 MFMAs free to move stay before the barrier that waits for the body's LDS writes (the last just before its wait), 2 go after it; schedule groups spread its 1 LDS write over the shadow of the first}}
  llvm.br ^bb1(%inc, %d1, %e1, %m, %r : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<4xf16>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// gfx950's f8f6f4 MFMAs run at the rate of their operand formats: a 32x32x64
// one holds the matrix pipe 64 cycles with an fp8 operand (format 0 or 1)
// and 32 where both are fp6 or fp4 (formats 2 to 4). The staging between
// the barriers is 12 LDS writes, 48 cycles of issue: one fp8 MFMA covers
// them, and one more the first barrier's wait, so 2 of 5 stay before the
// barrier; fp4 MFMAs take 2 to cover them, so 3 stay; an fp8 operand times
// an fp4 one runs at the fp8 rate.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @rate_fp8(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %a: vector<8xi32>, %b: vector<8xi32>, %u: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %fa = llvm.mlir.constant(0 : i32) : i32
  %fb = llvm.mlir.constant(0 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init, %init, %init, %init : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %acc2: vector<16xf32>, %acc3: vector<16xf32>, %acc4: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc0, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<8xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc1, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<8xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d2 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc2, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<8xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d3 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc3, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<8xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d4 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc4, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<8xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: 2 of 5 MFMAs free to move stay before the barrier that waits for the body's LDS writes (the last just before its wait), 3 go after it}}
  llvm.br ^bb1(%inc, %d0, %d1, %d2, %d3, %d4 : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @rate_fp4(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %a: vector<4xi32>, %b: vector<4xi32>, %u: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %fa = llvm.mlir.constant(4 : i32) : i32
  %fb = llvm.mlir.constant(4 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init, %init, %init, %init : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %acc2: vector<16xf32>, %acc3: vector<16xf32>, %acc4: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc0, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<4xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc1, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<4xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d2 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc2, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<4xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d3 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc3, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<4xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d4 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc4, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<4xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: 3 of 5 MFMAs free to move stay before the barrier that waits for the body's LDS writes (the last just before its wait), 2 go after it}}
  llvm.br ^bb1(%inc, %d0, %d1, %d2, %d3, %d4 : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @rate_fp8_fp4(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %a: vector<8xi32>, %b: vector<4xi32>, %u: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %fa = llvm.mlir.constant(0 : i32) : i32
  %fb = llvm.mlir.constant(4 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init, %init, %init, %init : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %acc2: vector<16xf32>, %acc3: vector<16xf32>, %acc4: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc0, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc1, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d2 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc2, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d3 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc3, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d4 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %b, %acc4, %fa, %fb, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: 2 of 5 MFMAs free to move stay before the barrier that waits for the body's LDS writes (the last just before its wait), 3 go after it}}
  llvm.br ^bb1(%inc, %d0, %d1, %d2, %d3, %d4 : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// The global reads after the staging's last LDS write issue behind the
// MFMA that stays last, one for each 32 cycles it holds the matrix pipe: a
// 64-cycle fp8 one takes the last two, %r2 with the bit cast of it, and %r3.
// %r1, a third, stays, as does %r0, before the last LDS write. One wait
// before the first LDS write waits for the loads of the previous iteration
// but the two issued last (vmcnt(2)).
// CHECK-LABEL: llvm.func @trailing_reads
// CHECK:        rocdl.s.waitcnt 3954
// CHECK-NEXT:   llvm.store
// CHECK:        %[[R0:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xf16>
// CHECK-NEXT:   llvm.store %[[R0]], %{{.*}} : vector<4xf16>, !llvm.ptr<3>
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   %[[R1:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xf16>
// CHECK-NEXT:   rocdl.mfma.scale.f32.32x32x64.f8f6f4
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   %[[R2:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<2xi32>
// CHECK-NEXT:   %[[C2:.*]] = llvm.bitcast %[[R2]] : vector<2xi32> to vector<4xf16>
// CHECK-NEXT:   %[[R3:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xf16>
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK:        llvm.br ^bb1(%{{.*}}, %[[R1]], %[[C2]], %[[R3]] :
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @trailing_reads(%g: !llvm.ptr {llvm.noalias}, %out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %a: vector<8xi32>, %u: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init, %u, %u, %u : i32, vector<16xf32>, vector<16xf32>, vector<4xf16>, vector<4xf16>, vector<4xf16>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %v1: vector<4xf16>, %v2: vector<4xf16>, %v3: vector<4xf16>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %a, %acc0, %c0, %c0, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<8xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %a, %a, %acc1, %c0, %c0, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<8xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.store %v1, %lds : vector<4xf16>, !llvm.ptr<3>
  %r0 = llvm.load %g : !llvm.ptr -> vector<4xf16>
  llvm.store %r0, %lds : vector<4xf16>, !llvm.ptr<3>
  %p1 = llvm.getelementptr %g[%i] : (!llvm.ptr, i32) -> !llvm.ptr, vector<4xf16>
  %r1 = llvm.load %p1 : !llvm.ptr -> vector<4xf16>
  %r2 = llvm.load %p1 : !llvm.ptr -> vector<2xi32>
  %c2 = llvm.bitcast %r2 : vector<2xi32> to vector<4xf16>
  %r3 = llvm.load %g : !llvm.ptr -> vector<4xf16>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: 1 of 2 MFMAs free to move stay before the barrier that waits for the body's LDS writes (the last just before its wait), 1 goes after it; the staging's last 2 global reads issue behind the last that stays; one wait for the loads its LDS writes store (vmcnt(2))}}
  llvm.br ^bb1(%inc, %d0, %d1, %r1, %c2, %r3 : i32, vector<16xf32>, vector<16xf32>, vector<4xf16>, vector<4xf16>, vector<4xf16>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// A read stays where it is when an op with effects uses it before the
// barrier (%r1, stored to global memory) or when it would pass an op that
// may write global memory (%r2, read before that store). With no read
// moved, the wait before the first LDS write is for every load (vmcnt(0)).
// CHECK-LABEL: llvm.func @trailing_reads_kept
// CHECK:        rocdl.s.waitcnt 3952
// CHECK-NEXT:   llvm.store
// CHECK:        %[[R1:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xf16>
// CHECK-NEXT:   llvm.load %{{.*}} : !llvm.ptr -> vector<4xf16>
// CHECK-NEXT:   llvm.store %[[R1]], %{{.*}} : vector<4xf16>, !llvm.ptr
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @trailing_reads_kept(%g: !llvm.ptr, %out: !llvm.ptr, %n: i32, %init: vector<16xf32>, %f: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init, %f : i32, vector<16xf32>, vector<16xf32>, vector<4xf16>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %v: vector<4xf16>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.f32.32x32x8f16 %f, %f, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.f32.32x32x8f16 %f, %f, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  %r1 = llvm.load %g : !llvm.ptr -> vector<4xf16>
  %r2 = llvm.load %out : !llvm.ptr -> vector<4xf16>
  llvm.store %r1, %out : vector<4xf16>, !llvm.ptr
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: 1 of 2 MFMAs free to move stay before the barrier that waits for the body's LDS writes (the last just before its wait), 1 goes after it; one wait for the loads its LDS writes store (vmcnt(0))}}
  llvm.br ^bb1(%inc, %d0, %d1, %r2 : i32, vector<16xf32>, vector<16xf32>, vector<4xf16>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// The staging between the barriers: two LDS writes, three global loads and
// arithmetic, 13 issue slots, 52 cycles: two MFMAs cover them and one more
// the first barrier's wait, so 3 of 4 stay. The last load follows the
// sched_barrier; schedule groups put one LDS write and one of the other two
// loads in each of the first two MFMAs' shadows (4 accesses for 2 shadows,
// at most 4 a shadow). One wait before the first LDS write, for the loads
// of the previous iteration but the one issued last (vmcnt(1)). The body's
// iglp_opt moves to the region after the barrier, where an MMA follows.
// CHECK-LABEL: llvm.func @spread
// CHECK:      ^[[BODY:bb[0-9]+]]:
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   rocdl.s.waitcnt 3953
// CHECK-NEXT:   llvm.store
// CHECK:        llvm.load
// CHECK:        llvm.load
// CHECK-NEXT:   llvm.getelementptr
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 512, 1, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 32, 1, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 512, 1, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 32, 1, 0
// CHECK-NEXT:   rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   llvm.load %{{.*}} : !llvm.ptr -> vector<4xf16>
// CHECK-NEXT:   llvm.fence syncscope("workgroup") release
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT:   rocdl.iglp.opt 0
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NOT:    rocdl.iglp.opt
// CHECK:        llvm.br ^bb1
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @spread(%g: !llvm.ptr {llvm.noalias}, %out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %f: vector<4xf16>, %x: vector<8xf32>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init, %init, %init, %init, %f, %f, %f, %f, %x : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<4xf16>, vector<4xf16>, vector<4xf16>, vector<4xf16>, vector<8xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %acc2: vector<16xf32>, %acc3: vector<16xf32>, %acc4: vector<16xf32>, %u: vector<4xf16>, %v: vector<4xf16>, %w: vector<4xf16>, %a: vector<4xf16>, %y: vector<8xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  rocdl.iglp.opt 0
  %d0 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d2 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc2, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d3 = rocdl.mfma.f32.32x32x8f16 %a, %a, %acc3, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  llvm.store %u, %lds : vector<4xf16>, !llvm.ptr<3>
  %second = llvm.getelementptr %lds[%c4] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  llvm.store %v, %second : vector<4xf16>, !llvm.ptr<3>
  %z = llvm.fadd %y, %y : vector<8xf32>
  %p0 = llvm.getelementptr %g[%i] : (!llvm.ptr, i32) -> !llvm.ptr, vector<4xf16>
  %l0 = llvm.load %p0 : !llvm.ptr -> vector<4xf16>
  %p1 = llvm.getelementptr %p0[%c1] : (!llvm.ptr, i32) -> !llvm.ptr, vector<4xf16>
  %l1 = llvm.load %p1 : !llvm.ptr -> vector<4xf16>
  %p2 = llvm.getelementptr %p0[%c4] : (!llvm.ptr, i32) -> !llvm.ptr, vector<4xf16>
  %l2 = llvm.load %p2 : !llvm.ptr -> vector<4xf16>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %r = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  %m = rocdl.mfma.f32.32x32x8f16 %r, %r, %acc4, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: 3 of 4 MFMAs free to move stay before the barrier that waits for the body's LDS writes (the last just before its wait), 1 goes after it; the staging's last global read issues behind the last that stays; schedule groups spread its 2 LDS writes and 2 other global reads over the shadows of the first 2; one wait for the loads its LDS writes store (vmcnt(1))}}
  llvm.br ^bb1(%inc, %d0, %d1, %d2, %d3, %m, %l0, %l1, %l2, %r, %z : i32, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<4xf16>, vector<4xf16>, vector<4xf16>, vector<4xf16>, vector<8xf32>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// A load before the staging's first LDS write (%l, stored second) would
// make a wait there wait for it too: none is added, and LLVM waits for each
// write's load as it would.
// CHECK-LABEL: llvm.func @no_staging_wait
// CHECK-NOT:    rocdl.s.waitcnt
// CHECK:        llvm.br ^bb1
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @no_staging_wait(%g: !llvm.ptr {llvm.noalias}, %out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %f: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init, %f : i32, vector<16xf32>, vector<16xf32>, vector<4xf16>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>, %v: vector<4xf16>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.f32.32x32x8f16 %f, %f, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.f32.32x32x8f16 %f, %f, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %p = llvm.getelementptr %g[%i] : (!llvm.ptr, i32) -> !llvm.ptr, vector<4xf16>
  %l = llvm.load %p : !llvm.ptr -> vector<4xf16>
  llvm.store %v, %lds : vector<4xf16>, !llvm.ptr<3>
  %second = llvm.getelementptr %lds[%c4] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  llvm.store %l, %second : vector<4xf16>, !llvm.ptr<3>
  llvm.fence syncscope("workgroup") release
  rocdl.s.barrier
  llvm.fence syncscope("workgroup") acquire
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: 1 of 2 MFMAs free to move stay before the barrier that waits for the body's LDS writes (the last just before its wait), 1 goes after it}}
  llvm.br ^bb1(%inc, %d0, %d1, %l : i32, vector<16xf32>, vector<16xf32>, vector<4xf16>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// Where the pass declines, its remark says why.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @ordered(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %f: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init : i32, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  rocdl.s.setprio 1
  %d0 = rocdl.mfma.f32.32x32x8f16 %f, %f, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.f32.32x32x8f16 %f, %f, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  rocdl.s.setprio 0
  llvm.store %f, %lds : vector<4xf16>, !llvm.ptr<3>
  rocdl.s.barrier
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: loop left: its body already has a scheduling order (sched_barrier, schedule groups, s_setprio or s_waitcnt of another pass)}}
  llvm.br ^bb1(%inc, %d0, %d1 : i32, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @reads_only(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %f: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init, %init : i32, vector<16xf32>, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>, %acc1: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.f32.32x32x8f16 %f, %f, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.f32.32x32x8f16 %f, %f, %acc1, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %r = llvm.load %lds : !llvm.ptr<3> -> vector<4xf16>
  rocdl.s.barrier
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: loop left: no workgroup barrier after LDS writes in its body}}
  llvm.br ^bb1(%inc, %d0, %d1 : i32, vector<16xf32>, vector<16xf32>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @one_free(%out: !llvm.ptr {llvm.noalias}, %n: i32, %init: vector<16xf32>, %f: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%c0, %init : i32, vector<16xf32>)
^bb1(%i: i32, %acc0: vector<16xf32>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %d0 = rocdl.mfma.f32.32x32x8f16 %f, %f, %acc0, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.store %f, %lds : vector<4xf16>, !llvm.ptr<3>
  rocdl.s.barrier
  %inc = llvm.add %i, %c1 : i32
  // expected-remark @below {{wave-cover-barriers: loop left: 1 MFMAs before the barrier that waits for its LDS writes are free to move to it, fewer than 2}}
  llvm.br ^bb1(%inc, %d0 : i32, vector<16xf32>)
^bb3:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// A block no path reaches is no loop's latch, though it branches to a block
// that (as dominance has it for unreachable blocks) dominates it: the pass
// leaves it without a remark.
// CHECK-LABEL: llvm.func @unreachable_latch
// CHECK:      ^bb3:
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT:   llvm.store
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   llvm.br ^bb1
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<1024 x f16>
llvm.func @unreachable_latch(%out: !llvm.ptr {llvm.noalias}, %init: vector<16xf32>, %f: vector<4xf16>) attributes {rocdl.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %lds = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.br ^bb1(%init, %init : vector<16xf32>, vector<16xf32>)
^bb1(%acc0: vector<16xf32>, %acc1: vector<16xf32>):
  llvm.br ^bb2
^bb2:
  llvm.store %acc0, %out : vector<16xf32>, !llvm.ptr
  llvm.return
^bb3:
  %d0 = rocdl.mfma.f32.32x32x8f16 %f, %f, %init, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d1 = rocdl.mfma.f32.32x32x8f16 %f, %f, %init, %c0, %c0, %c0 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  llvm.store %f, %lds : vector<4xf16>, !llvm.ptr<3>
  rocdl.s.barrier
  llvm.br ^bb1(%d0, %d1 : vector<16xf32>, vector<16xf32>)
}
