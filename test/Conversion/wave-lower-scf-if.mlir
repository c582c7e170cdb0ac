// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(wave-lower-scf-if))' -verify-diagnostics | FileCheck %s

// Followed by convert-scf-to-cf, the module is the one convert-scf-to-cf
// gives alone, byte for byte. (wave-run runs structured control flow only,
// so the kernels are compared with upstream's lowering rather than run.)
// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(wave-lower-scf-if,convert-scf-to-cf{allow-pattern-rollback=false}))' -o %t.bottom-up.mlir 2>/dev/null
// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf{allow-pattern-rollback=false}))' -o %t.upstream.mlir
// RUN: cmp %t.bottom-up.mlir %t.upstream.mlir
// RUN: FileCheck %s --input-file=%t.bottom-up.mlir --check-prefix=LOOP
// The same on the GEMMs of run-time and of static size as the lowering
// leaves them for this pass: the run-time one's K loop has a run-time trip
// count and its masked edge elements are 24 ifs in the loop body; the
// static one has no if.
// RUN: wave-opt %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --wave-to-upstream -o %t.gemm_dynamic.mlir
// RUN: wave-opt %t.gemm_dynamic.mlir --pass-pipeline='builtin.module(gpu.module(wave-lower-scf-if,convert-scf-to-cf{allow-pattern-rollback=false}))' -o %t.gemm_dynamic.bottom-up.mlir
// RUN: wave-opt %t.gemm_dynamic.mlir --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf{allow-pattern-rollback=false}))' -o %t.gemm_dynamic.upstream.mlir
// RUN: cmp %t.gemm_dynamic.bottom-up.mlir %t.gemm_dynamic.upstream.mlir
// RUN: FileCheck %s --input-file=%t.gemm_dynamic.bottom-up.mlir --check-prefix=LOOP
// RUN: wave-opt %examples/gemm.mlir --wave-to-upstream -o %t.gemm.mlir
// RUN: wave-opt %t.gemm.mlir --pass-pipeline='builtin.module(gpu.module(wave-lower-scf-if,convert-scf-to-cf{allow-pattern-rollback=false}))' -o %t.gemm.bottom-up.mlir
// RUN: wave-opt %t.gemm.mlir --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf{allow-pattern-rollback=false}))' -o %t.gemm.upstream.mlir
// RUN: cmp %t.gemm.bottom-up.mlir %t.gemm.upstream.mlir

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

  // An if in an if's arm is lowered too, its blocks inside the arm's, and
  // so is an if in a loop body, once the loop is: the loop's condition
  // block, then its body, the if's blocks inside it, and the block after.
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
  // CHECK-NEXT:    cf.br ^[[COND:bb[0-9]+]](%{{.*}} : index)
  // CHECK-NEXT:  ^[[COND]](%[[I:.*]]: index):
  // CHECK-NEXT:    %[[GO:.*]] = arith.cmpi slt, %[[I]]
  // CHECK-NEXT:    cf.cond_br %[[GO]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[BODY]]:
  // CHECK-NEXT:    cf.cond_br %[[D]], ^[[STORE:bb[0-9]+]], ^[[NEXT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[STORE]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[I]]]
  // CHECK-NEXT:    cf.br ^[[NEXT]]
  // CHECK-NEXT:  ^[[NEXT]]:
  // CHECK-NEXT:    %[[STEP:.*]] = arith.addi %[[I]]
  // CHECK-NEXT:    cf.br ^[[COND]](%[[STEP]] : index)
  // CHECK-NEXT:  ^[[EXIT]]:
  // CHECK-NEXT:    gpu.return
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

  // The folder swaps the arms of the outer if before it is lowered, while
  // each arm is still one block; the if in the arm comes after.
  // CHECK-LABEL: gpu.func @negated_nested
  // CHECK-SAME:    (%[[C:.*]]: i1, %[[D:.*]]: i1, %[[X:.*]]: f32, %[[P:.*]]: memref<4xf32>)
  // CHECK:         cf.cond_br %[[C]], ^[[T:bb[0-9]+]], ^[[E:bb[0-9]+]]
  // CHECK-NEXT:  ^[[T]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[I0:.*]]]
  // CHECK-NEXT:    cf.br ^[[JOIN:bb[0-9]+]]
  // CHECK-NEXT:  ^[[E]]:
  // CHECK-NEXT:    cf.cond_br %[[D]], ^[[INNER:bb[0-9]+]], ^[[REST:bb[0-9]+]]
  // CHECK-NEXT:  ^[[INNER]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[I0]]]
  // CHECK-NEXT:    cf.br ^[[REST]]
  // CHECK-NEXT:  ^[[REST]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[I1:.*]]]
  // CHECK-NEXT:    cf.br ^[[JOIN]]
  // CHECK-NEXT:  ^[[JOIN]]:
  // CHECK-NEXT:    gpu.return
  gpu.func @negated_nested(%c: i1, %d: i1, %x: f32, %p: memref<4xf32>) kernel {
    %true = arith.constant true
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %n = arith.xori %c, %true : i1
    scf.if %n {
      scf.if %d {
        memref.store %x, %p[%i0] : memref<4xf32>
      }
      memref.store %x, %p[%i1] : memref<4xf32>
    } else {
      memref.store %x, %p[%i0] : memref<4xf32>
    }
    gpu.return
  }

  // A loop body with several ifs, the loop carrying a value: the body's
  // ifs are lowered last to first after the loop, the step and the branch
  // back end up in the block after the last if.
  // CHECK-LABEL: gpu.func @loop_steps
  // CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: f32, %[[P:.*]]: memref<8xf32>)
  // CHECK:         cf.br ^[[COND:bb[0-9]+]](%{{.*}}, %[[X]] : index, f32)
  // CHECK-NEXT:  ^[[COND]](%[[I:.*]]: index, %[[ACC:.*]]: f32):
  // CHECK-NEXT:    %[[GO:.*]] = arith.cmpi slt, %[[I]]
  // CHECK-NEXT:    cf.cond_br %[[GO]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[BODY]]:
  // CHECK-NEXT:    memref.store %[[ACC]], %[[P]][%[[I]]]
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[T1:bb[0-9]+]], ^[[E1:bb[0-9]+]]
  // CHECK-NEXT:  ^[[T1]]:
  // CHECK-NEXT:    %[[A:.*]] = arith.addf %[[ACC]], %[[X]]
  // CHECK-NEXT:    cf.br ^[[R1:bb[0-9]+]](%[[A]] : f32)
  // CHECK-NEXT:  ^[[E1]]:
  // CHECK-NEXT:    %[[S:.*]] = arith.subf %[[ACC]], %[[X]]
  // CHECK-NEXT:    cf.br ^[[R1]](%[[S]] : f32)
  // CHECK-NEXT:  ^[[R1]](%[[Y:.*]]: f32):
  // CHECK-NEXT:    cf.br ^[[N1:bb[0-9]+]]
  // CHECK-NEXT:  ^[[N1]]:
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[T2:bb[0-9]+]], ^[[N2:bb[0-9]+]]
  // CHECK-NEXT:  ^[[T2]]:
  // CHECK-NEXT:    memref.store %[[Y]], %[[P]][%[[I]]]
  // CHECK-NEXT:    cf.br ^[[N2]]
  // CHECK-NEXT:  ^[[N2]]:
  // CHECK-NEXT:    gpu.barrier
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[T3:bb[0-9]+]], ^[[N3:bb[0-9]+]]
  // CHECK-NEXT:  ^[[T3]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]]
  // CHECK-NEXT:    cf.br ^[[N3]]
  // CHECK-NEXT:  ^[[N3]]:
  // CHECK-NEXT:    %[[STEP:.*]] = arith.addi %[[I]]
  // CHECK-NEXT:    cf.br ^[[COND]](%[[STEP]], %[[Y]] : index, f32)
  // CHECK-NEXT:  ^[[EXIT]]:
  // CHECK-NEXT:    memref.store %[[ACC]], %[[P]]
  // CHECK-NEXT:    gpu.return
  gpu.func @loop_steps(%c: i1, %x: f32, %p: memref<8xf32>) kernel {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i8 = arith.constant 8 : index
    %s = scf.for %i = %i0 to %i8 step %i1 iter_args(%acc = %x) -> f32 {
      memref.store %acc, %p[%i] : memref<8xf32>
      %y = scf.if %c -> f32 {
        %a = arith.addf %acc, %x : f32
        scf.yield %a : f32
      } else {
        %b = arith.subf %acc, %x : f32
        scf.yield %b : f32
      }
      scf.if %c {
        memref.store %y, %p[%i] : memref<8xf32>
      }
      gpu.barrier
      scf.if %c {
        memref.store %x, %p[%i0] : memref<8xf32>
      }
      scf.yield %y : f32
    }
    memref.store %s, %p[%i0] : memref<8xf32>
    gpu.return
  }

  // A loop in a loop body and a loop in an if in a loop body: each op is
  // lowered before the ops inside it.
  // CHECK-LABEL: gpu.func @nested_loops
  // CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: f32, %[[P:.*]]: memref<8xf32>)
  // CHECK:         cf.br ^[[OCOND:bb[0-9]+]]
  // CHECK-NEXT:  ^[[OCOND]](%[[I:.*]]: index):
  // CHECK-NEXT:    arith.cmpi slt, %[[I]]
  // CHECK-NEXT:    cf.cond_br %{{.*}}, ^[[OBODY:bb[0-9]+]], ^[[OEXIT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[OBODY]]:
  // CHECK-NEXT:    cf.br ^[[ICOND:bb[0-9]+]]
  // CHECK-NEXT:  ^[[ICOND]](%[[J:.*]]: index):
  // CHECK-NEXT:    arith.cmpi slt, %[[J]]
  // CHECK-NEXT:    cf.cond_br %{{.*}}, ^[[IBODY:bb[0-9]+]], ^[[IEXIT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[IBODY]]:
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[ST:bb[0-9]+]], ^[[ILATCH:bb[0-9]+]]
  // CHECK-NEXT:  ^[[ST]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[J]]]
  // CHECK-NEXT:    cf.br ^[[ILATCH]]
  // CHECK-NEXT:  ^[[ILATCH]]:
  // CHECK-NEXT:    arith.addi %[[J]]
  // CHECK-NEXT:    cf.br ^[[ICOND]]
  // CHECK-NEXT:  ^[[IEXIT]]:
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[GUARDED:bb[0-9]+]], ^[[OLATCH:bb[0-9]+]]
  // CHECK-NEXT:  ^[[GUARDED]]:
  // CHECK-NEXT:    cf.br ^[[GCOND:bb[0-9]+]]
  // CHECK-NEXT:  ^[[GCOND]](%[[K:.*]]: index):
  // CHECK-NEXT:    arith.cmpi slt, %[[K]]
  // CHECK-NEXT:    cf.cond_br %{{.*}}, ^[[GBODY:bb[0-9]+]], ^[[GEXIT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[GBODY]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[I]]]
  // CHECK-NEXT:    arith.addi %[[K]]
  // CHECK-NEXT:    cf.br ^[[GCOND]]
  // CHECK-NEXT:  ^[[GEXIT]]:
  // CHECK-NEXT:    cf.br ^[[OLATCH]]
  // CHECK-NEXT:  ^[[OLATCH]]:
  // CHECK-NEXT:    arith.addi %[[I]]
  // CHECK-NEXT:    cf.br ^[[OCOND]]
  // CHECK-NEXT:  ^[[OEXIT]]:
  // CHECK-NEXT:    gpu.return
  gpu.func @nested_loops(%c: i1, %x: f32, %p: memref<8xf32>) kernel {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i8 = arith.constant 8 : index
    scf.for %i = %i0 to %i8 step %i1 {
      scf.for %j = %i0 to %i8 step %i1 {
        scf.if %c {
          memref.store %x, %p[%j] : memref<8xf32>
        }
      }
      scf.if %c {
        scf.for %k = %i0 to %i8 step %i1 {
          memref.store %x, %p[%i] : memref<8xf32>
        }
      }
    }
    gpu.return
  }

  // scf.while: an if in the condition region and one in the body; and a
  // do-while (a body that only forwards its arguments), whose body is the
  // condition region.
  // CHECK-LABEL: gpu.func @while_loops
  // CHECK-SAME:    (%[[C:.*]]: i1, %[[N:.*]]: index, %[[X:.*]]: f32, %[[P:.*]]: memref<8xf32>)
  // CHECK:         cf.br ^[[BEFORE:bb[0-9]+]]
  // CHECK-NEXT:  ^[[BEFORE]](%[[I:.*]]: index):
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[ST1:bb[0-9]+]], ^[[TEST:bb[0-9]+]]
  // CHECK-NEXT:  ^[[ST1]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[I]]]
  // CHECK-NEXT:    cf.br ^[[TEST]]
  // CHECK-NEXT:  ^[[TEST]]:
  // CHECK-NEXT:    %[[GO:.*]] = arith.cmpi slt, %[[I]], %[[N]]
  // CHECK-NEXT:    cf.cond_br %[[GO]], ^[[AFTER:bb[0-9]+]](%[[I]] : index), ^[[EXIT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[AFTER]](%[[J:.*]]: index):
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[ST2:bb[0-9]+]], ^[[LATCH:bb[0-9]+]]
  // CHECK-NEXT:  ^[[ST2]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]]
  // CHECK-NEXT:    cf.br ^[[LATCH]]
  // CHECK-NEXT:  ^[[LATCH]]:
  // CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[J]]
  // CHECK-NEXT:    cf.br ^[[BEFORE]](%[[NEXT]] : index)
  // CHECK-NEXT:  ^[[EXIT]]:
  // CHECK-NEXT:    cf.br ^[[DO:bb[0-9]+]](%[[I]] : index)
  // CHECK-NEXT:  ^[[DO]](%[[K:.*]]: index):
  // CHECK-NEXT:    %[[K1:.*]] = arith.addi %[[K]]
  // CHECK-NEXT:    cf.cond_br %[[C]], ^[[ST3:bb[0-9]+]], ^[[DOTEST:bb[0-9]+]]
  // CHECK-NEXT:  ^[[ST3]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[K1]]]
  // CHECK-NEXT:    cf.br ^[[DOTEST]]
  // CHECK-NEXT:  ^[[DOTEST]]:
  // CHECK-NEXT:    %[[AGAIN:.*]] = arith.cmpi slt, %[[K1]], %[[N]]
  // CHECK-NEXT:    cf.cond_br %[[AGAIN]], ^[[DO]](%[[K1]] : index), ^[[DONE:bb[0-9]+]]
  // CHECK-NEXT:  ^[[DONE]]:
  // CHECK-NEXT:    gpu.return
  gpu.func @while_loops(%c: i1, %n: index, %x: f32, %p: memref<8xf32>) kernel {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %w = scf.while (%i = %i0) : (index) -> index {
      scf.if %c {
        memref.store %x, %p[%i] : memref<8xf32>
      }
      %go = arith.cmpi slt, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%i: index):
      scf.if %c {
        memref.store %x, %p[%i0] : memref<8xf32>
      }
      %next = arith.addi %i, %i1 : index
      scf.yield %next : index
    }
    %d = scf.while (%i = %w) : (index) -> index {
      %next = arith.addi %i, %i1 : index
      scf.if %c {
        memref.store %x, %p[%next] : memref<8xf32>
      }
      %go = arith.cmpi slt, %next, %n : index
      scf.condition(%go) %next : index
    } do {
    ^bb0(%i: index):
      scf.yield %i : index
    }
    gpu.return
  }

  // A run-time size n and its static twin (n = 255): a loop of ceil(n / 4)
  // steps storing elements 4 s and 4 s + 1, each only where it lies under n
  // (the last step is partial). The lowering is the same, the loop bound and
  // the edge tests compare with n where the twin has 255.
  // CHECK-LABEL: gpu.func @tail_dynamic
  // CHECK-SAME:    (%[[P:.*]]: memref<?xf32> {wave.dims = array<i64: 2>}, %[[X:.*]]: f32, %[[N:.*]]: index)
  // CHECK:         %[[STEPS:.*]] = arith.ceildivsi %[[N]]
  // CHECK-NEXT:    cf.br ^[[COND:bb[0-9]+]]
  // CHECK-NEXT:  ^[[COND]](%[[S:.*]]: index):
  // CHECK-NEXT:    %[[GO:.*]] = arith.cmpi slt, %[[S]], %[[STEPS]]
  // CHECK-NEXT:    cf.cond_br %[[GO]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[BODY]]:
  // CHECK-NEXT:    %[[I:.*]] = arith.muli %[[S]]
  // CHECK-NEXT:    %[[IN:.*]] = arith.cmpi slt, %[[I]], %[[N]]
  // CHECK-NEXT:    cf.cond_br %[[IN]], ^[[ST:bb[0-9]+]], ^[[NEXT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[ST]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[I]]] : memref<?xf32>
  // CHECK-NEXT:    cf.br ^[[NEXT]]
  // CHECK-NEXT:  ^[[NEXT]]:
  // CHECK-NEXT:    %[[I1:.*]] = arith.addi %[[I]]
  // CHECK-NEXT:    %[[IN1:.*]] = arith.cmpi slt, %[[I1]], %[[N]]
  // CHECK-NEXT:    cf.cond_br %[[IN1]]
  // CHECK:         arith.addi %[[S]]
  // CHECK-NEXT:    cf.br ^[[COND]]
  // CHECK-NEXT:  ^[[EXIT]]:
  // CHECK-NEXT:    gpu.return
  // CHECK-LABEL: gpu.func @tail_static
  // CHECK-SAME:    (%[[P:.*]]: memref<255xf32>, %[[X:.*]]: f32)
  // CHECK:         %[[STEPS:.*]] = arith.ceildivsi %[[N:.*]], %{{.*}}
  // CHECK-NEXT:    cf.br ^[[COND:bb[0-9]+]]
  // CHECK-NEXT:  ^[[COND]](%[[S:.*]]: index):
  // CHECK-NEXT:    %[[GO:.*]] = arith.cmpi slt, %[[S]], %[[STEPS]]
  // CHECK-NEXT:    cf.cond_br %[[GO]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[BODY]]:
  // CHECK-NEXT:    %[[I:.*]] = arith.muli %[[S]]
  // CHECK-NEXT:    %[[IN:.*]] = arith.cmpi slt, %[[I]], %[[N]]
  // CHECK-NEXT:    cf.cond_br %[[IN]], ^[[ST:bb[0-9]+]], ^[[NEXT:bb[0-9]+]]
  // CHECK-NEXT:  ^[[ST]]:
  // CHECK-NEXT:    memref.store %[[X]], %[[P]][%[[I]]] : memref<255xf32>
  // CHECK-NEXT:    cf.br ^[[NEXT]]
  // CHECK-NEXT:  ^[[NEXT]]:
  // CHECK-NEXT:    %[[I1:.*]] = arith.addi %[[I]]
  // CHECK-NEXT:    %[[IN1:.*]] = arith.cmpi slt, %[[I1]], %[[N]]
  // CHECK-NEXT:    cf.cond_br %[[IN1]]
  // CHECK:         arith.addi %[[S]]
  // CHECK-NEXT:    cf.br ^[[COND]]
  // CHECK-NEXT:  ^[[EXIT]]:
  // CHECK-NEXT:    gpu.return
  gpu.func @tail_dynamic(%p: memref<?xf32> {wave.dims = array<i64: 2>},
                         %x: f32, %n: index) kernel {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i4 = arith.constant 4 : index
    %steps = arith.ceildivsi %n, %i4 : index
    scf.for %s = %i0 to %steps step %i1 {
      %i = arith.muli %s, %i4 : index
      %in = arith.cmpi slt, %i, %n : index
      scf.if %in {
        memref.store %x, %p[%i] : memref<?xf32>
      }
      %j = arith.addi %i, %i1 : index
      %jn = arith.cmpi slt, %j, %n : index
      scf.if %jn {
        memref.store %x, %p[%j] : memref<?xf32>
      }
    }
    gpu.return
  }

  gpu.func @tail_static(%p: memref<255xf32>, %x: f32) kernel {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i4 = arith.constant 4 : index
    %n = arith.constant 255 : index
    %steps = arith.ceildivsi %n, %i4 : index
    scf.for %s = %i0 to %steps step %i1 {
      %i = arith.muli %s, %i4 : index
      %in = arith.cmpi slt, %i, %n : index
      scf.if %in {
        memref.store %x, %p[%i] : memref<255xf32>
      }
      %j = arith.addi %i, %i1 : index
      %jn = arith.cmpi slt, %j, %n : index
      scf.if %jn {
        memref.store %x, %p[%j] : memref<255xf32>
      }
    }
    gpu.return
  }

  // Ops the pass does not lower keep their ifs: convert-scf-to-cf lowers
  // both, first to last. One without branches or loops inside gets no
  // remark.
  // CHECK-LABEL: gpu.func @left_alone
  // CHECK:         scf.index_switch
  // CHECK:           scf.if
  // CHECK:         scf.execute_region
  // CHECK-NEXT:      scf.if
  // CHECK:         scf.parallel
  // CHECK-NEXT:      scf.if
  // CHECK:         scf.index_switch
  // CHECK-NOT:       scf.if
  // CHECK:         gpu.return
  gpu.func @left_alone(%c: i1, %k: index, %x: f32, %p: memref<8xf32>) kernel {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i8 = arith.constant 8 : index
    // expected-remark @below {{branches and loops inside scf.index_switch left to convert-scf-to-cf, first to last: only those outside other scf ops are lowered here}}
    scf.index_switch %k
    case 1 {
      scf.if %c {
        memref.store %x, %p[%i0] : memref<8xf32>
      }
      scf.yield
    }
    default {
    }
    // expected-remark @below {{branches and loops inside scf.execute_region left to convert-scf-to-cf}}
    scf.execute_region {
      scf.if %c {
        memref.store %x, %p[%i1] : memref<8xf32>
      }
      scf.yield
    }
    // expected-remark @below {{branches and loops inside scf.parallel left to convert-scf-to-cf}}
    scf.parallel (%i) = (%i0) to (%i8) step (%i1) {
      scf.if %c {
        memref.store %x, %p[%i] : memref<8xf32>
      }
      scf.reduce
    }
    scf.index_switch %k
    case 2 {
      memref.store %x, %p[%i1] : memref<8xf32>
      scf.yield
    }
    default {
    }
    gpu.return
  }
}

// After convert-scf-to-cf nothing is left of scf.
// LOOP-NOT: scf.
