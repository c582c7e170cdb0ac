// RUN: wave-opt %s --wave-cse | FileCheck %s
// The same output as upstream cse:
// RUN: wave-opt %s --wave-cse -o %t.wave
// RUN: wave-opt %s --cse -o %t.cse
// RUN: diff %t.wave %t.cse

// Branches on one condition with equivalent arms merge, as with cse; the
// region hashes are gone afterwards.
// CHECK-LABEL: func.func @equivalent_arms
// CHECK:         %[[IF:.*]] = scf.if %{{.*}} -> (f32)
// CHECK-NOT:     scf.if
// CHECK:         return %[[IF]], %[[IF]]
// CHECK-NOT:     wave_cse_regions
func.func @equivalent_arms(%c: i1, %x: f32, %y: f32) -> (f32, f32) {
  %a = scf.if %c -> (f32) {
    %s = arith.subf %x, %y : f32
    scf.yield %s : f32
  } else {
    scf.yield %x : f32
  }
  %b = scf.if %c -> (f32) {
    %s = arith.subf %x, %y : f32
    scf.yield %s : f32
  } else {
    scf.yield %x : f32
  }
  return %a, %b : f32, f32
}

// Arms that read different values stay apart, and ops without regions are
// merged as usual.
// CHECK-LABEL: func.func @different_arms
// CHECK:         arith.addf
// CHECK-NOT:     arith.addf
// CHECK:         scf.if
// CHECK:           arith.subf %{{.*}}, %[[Y:.*]] :
// CHECK:         scf.if
// CHECK:           arith.subf %{{.*}}, %{{.*}} :
// CHECK:         return
func.func @different_arms(%c: i1, %x: f32, %y: f32, %z: f32) -> (f32, f32, f32) {
  %p = arith.addf %x, %y : f32
  %q = arith.addf %x, %y : f32
  %a = scf.if %c -> (f32) {
    %s = arith.subf %p, %y : f32
    scf.yield %s : f32
  } else {
    scf.yield %x : f32
  }
  %b = scf.if %c -> (f32) {
    %s = arith.subf %q, %z : f32
    scf.yield %s : f32
  } else {
    scf.yield %x : f32
  }
  %r = arith.addf %a, %b : f32
  return %r, %q, %p : f32, f32, f32
}

// Nested regions: the outer branches are equivalent once their inner ones
// are, values defined inside matched by position.
// CHECK-LABEL: func.func @nested
// CHECK-COUNT-2: scf.if
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @nested(%c: i1, %d: i1, %x: f32) -> (f32, f32) {
  %a = scf.if %c -> (f32) {
    %n = arith.negf %x : f32
    %i = scf.if %d -> (f32) {
      %m = arith.mulf %n, %n : f32
      scf.yield %m : f32
    } else {
      scf.yield %n : f32
    }
    scf.yield %i : f32
  } else {
    scf.yield %x : f32
  }
  %b = scf.if %c -> (f32) {
    %n = arith.negf %x : f32
    %i = scf.if %d -> (f32) {
      %m = arith.mulf %n, %n : f32
      scf.yield %m : f32
    } else {
      scf.yield %n : f32
    }
    scf.yield %i : f32
  } else {
    scf.yield %x : f32
  }
  return %a, %b : f32, f32
}
