// RUN: wave-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-bound-sched-regions{limit=6}))" \
// RUN:   | FileCheck %s
// RUN: wave-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-bound-sched-regions{limit=0}))" \
// RUN:   | FileCheck %s --check-prefix=NONE
// With the default limit (1500 operations) short code is left alone.
// RUN: wave-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(llvm.func(wave-bound-sched-regions))" \
// RUN:   | FileCheck %s --check-prefix=NONE
// NONE-NOT: rocdl.sched.barrier

// A function of at least 6 operations (here 9, over two blocks) gets a
// scheduling boundary after each workgroup barrier.
// CHECK-LABEL: llvm.func @steps
// CHECK:      llvm.fadd
// CHECK-NEXT: rocdl.s.barrier
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: llvm.fadd
// CHECK-NEXT: llvm.fadd
// CHECK-NEXT: rocdl.s.barrier
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: llvm.br ^bb1
// CHECK:      ^bb1:
// CHECK-NEXT: llvm.fadd
// CHECK-NEXT: rocdl.s.barrier
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: llvm.return
llvm.func @steps(%x: f32) {
  %a = llvm.fadd %x, %x : f32
  rocdl.s.barrier
  %b = llvm.fadd %a, %x : f32
  %c = llvm.fadd %b, %x : f32
  rocdl.s.barrier
  llvm.br ^bb1
^bb1:
  %d = llvm.fadd %c, %x : f32
  rocdl.s.barrier
  llvm.return
}

// -----

// Long code without a workgroup barrier has nowhere to cut: it stays whole,
// and a remark says so.
// CHECK-LABEL: llvm.func @no_barrier
// CHECK-NOT:   rocdl.sched.barrier
// expected-remark @below {{scheduling region left whole: 6 operations and no workgroup barrier to cut at}}
llvm.func @no_barrier(%x: f32) {
  %a = llvm.fadd %x, %x : f32
  %b = llvm.fadd %a, %x : f32
  %c = llvm.fadd %b, %x : f32
  %d = llvm.fadd %c, %x : f32
  %e = llvm.fadd %d, %x : f32
  llvm.return
}

// -----

// Code shorter than the limit is left alone, without a remark.
// CHECK-LABEL: llvm.func @short
// CHECK-NOT:   rocdl.sched.barrier
llvm.func @short(%x: f32) {
  %a = llvm.fadd %x, %x : f32
  rocdl.s.barrier
  %b = llvm.fadd %a, %x : f32
  %c = llvm.fadd %b, %x : f32
  llvm.return
}
