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

// The GEMM of run-time M, N, K and its static twin, lowered to the llvm
// dialect: the pass cuts both alike, after each of the two workgroup
// barriers of the K step, once they reach the limit (here 200 operations;
// the run-time one is longer, with its bounds checks, but both are far
// above it). With the default limit neither example is cut.
// RUN: wave-opt %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --wave-to-upstream --wave-upstream-to-rocdl -o %t.gemm_dynamic.mlir
// RUN: wave-opt %examples/gemm.mlir --wave-to-upstream --wave-upstream-to-rocdl -o %t.gemm.mlir
// RUN: cat %t.gemm_dynamic.mlir %t.gemm.mlir | FileCheck %s --check-prefix=NONE
// RUN: wave-opt %t.gemm_dynamic.mlir --pass-pipeline="builtin.module(gpu.module(llvm.func(wave-bound-sched-regions{limit=200})))" | FileCheck %s --check-prefix=GEMM
// RUN: wave-opt %t.gemm.mlir --pass-pipeline="builtin.module(gpu.module(llvm.func(wave-bound-sched-regions{limit=200})))" | FileCheck %s --check-prefix=GEMM
// GEMM:      llvm.func @gemm
// GEMM:      rocdl.s.barrier
// GEMM-NEXT: rocdl.sched.barrier 0
// GEMM:      rocdl.s.barrier
// GEMM-NEXT: rocdl.sched.barrier 0
// GEMM-NOT:  rocdl.s.barrier
// GEMM:      llvm.func @gemm{{.*}}_ref
// GEMM-NOT:  rocdl.sched.barrier

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
