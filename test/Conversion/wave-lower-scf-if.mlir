// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(wave-lower-scf-if))' | FileCheck %s

// Followed by convert-scf-to-cf, the module is the one convert-scf-to-cf
// gives alone, byte for byte.
// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(wave-lower-scf-if,convert-scf-to-cf{allow-pattern-rollback=false}))' -o %t.bottom-up.mlir
// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf{allow-pattern-rollback=false}))' -o %t.upstream.mlir
// RUN: cmp %t.bottom-up.mlir %t.upstream.mlir
// RUN: FileCheck %s --input-file=%t.bottom-up.mlir --check-prefix=LOOP

gpu.module @m {
  // Three ifs in one block: each becomes a conditional branch to its arms,
  // which branch to the block of the code after it; an if with a result
  // gets a block with the result as argument. The blocks stay in program
  // order.
  // CHECK-LABEL: gpu.func @steps
  // CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: f32, %[[P:.*]]: memref<4xf32>)
  // CHECK:         %[[I0:.*]] = arith.constant 0 : index
  // CHECK:         %[[I1:.*]] = arith.constant 1 : index
  // CHECK:         memref.store %[[X]], %[[P]][%[[I0]]]
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[T1:bb[0-9]+]], ^[[E1:bb[0-9]+]]
  // CHECK-NEXT:  ^[[T1]]:
  // CHECK-NEXT:    %[[A:.*]] = arith.addf %[[X]], %[[X]]
  // CHECK-NEXT:    cf.br ^[[R1:bb[0-9]+]](%[[A]] : f32)
  // CHECK-NEXT:  ^[[E1]]:
  // CHECK-NEXT:    %[[S:.*]] = arith.subf %[[X]], %[[X]]
  // CHECK-NEXT:    cf.br ^[[R1]](%[[S]] : f32)
  // CHECK-NEXT:  ^[[R1]](%[[Y:.*]]: f32):
  // CHECK-NEXT:    cf.br ^[[N1:bb[0-9]+]]
  // CHECK-NEXT:  ^[[N1]]:
  // CHECK-NEXT:    memref.store %[[Y]], %[[P]][%[[I1]]]
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[T2:bb[0-9]+]], ^[[N2:bb[0-9]+]]
  // CHECK-NEXT:  ^[[T2]]:
  // CHECK-NEXT:    memref.store %[[Y]], %[[P]][%[[I0]]]
  // CHECK-NEXT:    cf.br ^[[N2]]
  // CHECK-NEXT:  ^[[N2]]:
  // CHECK-NEXT:    gpu.barrier
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[T3:bb[0-9]+]], ^[[N3:bb[0-9]+]]
  // CHECK-NEXT:  ^[[T3]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[I1]]]
  // CHECK-NEXT:    cf.br ^[[N3]]
  // CHECK-NEXT:  ^[[N3]]:
  // CHECK-NEXT:    gpu.return
  // CHECK-NOT:   scf.if
  gpu.func @steps(%c: i1, %x: f32, %p: memref<4xf32>) kernel {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    memref.store %x, %p[%i0] : memref<4xf32>
    %y = scf.if %c -> f32 {
      %a = arith.addf %x, %x : f32
      scf.yield %a : f32
    } else {
      %s = arith.subf %x, %x : f32
      scf.yield %s : f32
    }
    memref.store %y, %p[%i1] : memref<4xf32>
    scf.if %c {
      memref.store %y, %p[%i0] : memref<4xf32>
    }
    gpu.barrier
    scf.if %c {
      memref.store %x, %p[%i1] : memref<4xf32>
    }
    gpu.return
  }

  // An if in an if's arm is lowered too, its blocks inside the arm's. The if
  // in the loop body stays: the loop needs its body whole until
  // convert-scf-to-cf lowers both.
  // CHECK-LABEL: gpu.func @nested
  // CHECK-SAME:    (%[[C:.*]]: i1, %[[D:.*]]: i1, %[[X:.*]]: f32, %[[P:.*]]: memref<4xf32>)
  // CHECK:         cf.cond_br %[[C]], ^[[OUTER:bb[0-9]+]], ^[[AFTER:bb[0-9]+]]
  // CHECK-NEXT:  ^[[OUTER]]:
  // CHECK-NEXT:    cf.cond_br %[[D]], ^[[INNER:bb[0-9]+]], ^[[JOIN:bb[0-9]+]]
  // CHECK-NEXT:  ^[[INNER]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]]
  // CHECK-NEXT:    cf.br ^[[JOIN]]
  // CHECK-NEXT:  ^[[JOIN]]:
  // CHECK-NEXT:    cf.br ^[[AFTER]]
  // CHECK-NEXT:  ^[[AFTER]]:
  // CHECK-NEXT:    scf.for
  // CHECK-NEXT:      scf.if %[[D]] {
  // CHECK:         gpu.return
  gpu.func @nested(%c: i1, %d: i1, %x: f32, %p: memref<4xf32>) kernel {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i4 = arith.constant 4 : index
    scf.if %c {
      scf.if %d {
        memref.store %x, %p[%i0] : memref<4xf32>
      }
    }
    scf.for %i = %i0 to %i4 step %i1 {
      scf.if %d {
        memref.store %x, %p[%i] : memref<4xf32>
      }
    }
    gpu.return
  }

  // The conversion folds an if on a negated condition into one on the
  // condition with its arms swapped before lowering it, as convert-scf-to-cf
  // does.
  // CHECK-LABEL: gpu.func @negated
  // CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: f32, %[[P:.*]]: memref<4xf32>)
  // CHECK:         cf.cond_br %[[C]], ^[[T:bb[0-9]+]], ^[[E:bb[0-9]+]]
  // CHECK-NEXT:  ^[[T]]:
  // CHECK-NEXT:    arith.subf
  // CHECK:       ^[[E]]:
  // CHECK-NEXT:    arith.addf
  gpu.func @negated(%c: i1, %x: f32, %p: memref<4xf32>) kernel {
    %true = arith.constant true
    %i0 = arith.constant 0 : index
    %n = arith.xori %c, %true : i1
    %y = scf.if %n -> f32 {
      %a = arith.addf %x, %x : f32
      scf.yield %a : f32
    } else {
      %s = arith.subf %x, %x : f32
      scf.yield %s : f32
    }
    memref.store %y, %p[%i0] : memref<4xf32>
    gpu.return
  }
}

// After convert-scf-to-cf the loop is blocks too, with its if inside.
// LOOP-LABEL: gpu.func @nested
// LOOP-NOT:   scf.
// LOOP:       arith.cmpi slt
// LOOP-NEXT:  cf.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// LOOP-NEXT: ^[[BODY]]:
// LOOP-NEXT:  cf.cond_br
// LOOP-NOT:   scf.
// LOOP:       gpu.return
