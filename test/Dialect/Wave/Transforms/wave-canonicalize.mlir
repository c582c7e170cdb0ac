// RUN: wave-opt %s --wave-canonicalize | FileCheck %s
// The same output as upstream canonicalize:
// RUN: wave-opt %s --wave-canonicalize -o %t.wave
// RUN: wave-opt %s --canonicalize -o %t.upstream
// RUN: diff %t.wave %t.upstream
// A kernel computes the same before and after it:
// RUN: wave-run %examples/divergent.mlir --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=KERNEL
// KERNEL: PASS

// Uses of the condition inside the if, also in a nested region, become
// constants: the guard hands the if to upstream's condition propagation.
// CHECK-LABEL: func.func @used_inside
// CHECK-DAG:     %[[TRUE:.*]] = arith.constant true
// CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
// CHECK:         scf.if %{{.*}} {
// CHECK:           scf.for
// CHECK:             memref.store %[[TRUE]]
// CHECK:         } else {
// CHECK:           memref.store %[[FALSE]]
func.func @used_inside(%c: i1, %m: memref<i1>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    scf.for %i = %c0 to %n step %c1 {
      memref.store %c, %m[] : memref<i1>
    }
  } else {
    memref.store %c, %m[] : memref<i1>
  }
  return
}

// Branches on one condition that no op inside them uses, apart (the stores
// keep them from merging): each is skipped after a look at its own few ops,
// not at every use of the condition, and stays as it is.
// CHECK-LABEL: func.func @many_branches
// CHECK-COUNT-4: scf.if %[[C:[^ ]*]] -> (f32) {
// CHECK-NOT:     arith.constant
// CHECK:         return
func.func @many_branches(%c: i1, %x: f32, %y: f32, %m: memref<f32>) {
  %a = scf.if %c -> (f32) {
    %s = arith.addf %x, %y : f32
    scf.yield %s : f32
  } else {
    %s = arith.subf %x, %y : f32
    scf.yield %s : f32
  }
  memref.store %a, %m[] : memref<f32>
  %b = scf.if %c -> (f32) {
    %s = arith.mulf %a, %y : f32
    scf.yield %s : f32
  } else {
    %s = arith.divf %a, %y : f32
    scf.yield %s : f32
  }
  memref.store %b, %m[] : memref<f32>
  %d = scf.if %c -> (f32) {
    %s = arith.maximumf %b, %y : f32
    scf.yield %s : f32
  } else {
    %s = arith.minimumf %b, %y : f32
    scf.yield %s : f32
  }
  memref.store %d, %m[] : memref<f32>
  %e = scf.if %c -> (f32) {
    %s = arith.addf %d, %x : f32
    scf.yield %s : f32
  } else {
    %s = arith.subf %d, %x : f32
    scf.yield %s : f32
  }
  memref.store %e, %m[] : memref<f32>
  return
}

// One of several branches on a condition uses it inside: only that one
// changes.
// CHECK-LABEL: func.func @one_of_many
// CHECK:         %[[TRUE:.*]] = arith.constant true
// CHECK:         scf.if %[[C:[^ ]*]] -> (f32) {
// CHECK:           arith.addf
// CHECK:         scf.if %[[C]] -> (f32) {
// CHECK:           memref.store %[[TRUE]]
func.func @one_of_many(%c: i1, %x: f32, %y: f32, %m: memref<f32>, %k: memref<i1>) {
  %a = scf.if %c -> (f32) {
    %s = arith.addf %x, %y : f32
    scf.yield %s : f32
  } else {
    %s = arith.subf %x, %y : f32
    scf.yield %s : f32
  }
  memref.store %a, %m[] : memref<f32>
  %b = scf.if %c -> (f32) {
    memref.store %c, %k[] : memref<i1>
    %t = arith.mulf %a, %a : f32
    scf.yield %t : f32
  } else {
    %s = arith.divf %a, %y : f32
    scf.yield %s : f32
  }
  memref.store %b, %m[] : memref<f32>
  return
}
