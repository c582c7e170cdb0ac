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

// A kernel of run-time size n and its static twin (n = 1000): cse decides the
// same on both. Two reads of X at one place with nothing between them merge;
// the read after the in-place write of X stays, and so does the second read
// of Z after the write of Y, which may alias Z (both are arguments of
// run-time extent n). The edge tile past n is `bounded`. Run before and
// after the pass at sizes with a partial last tile (1000, 70) and without
// (256):
// RUN: wave-run %s --kernel=dynamic --grid=4 --scalar=n=1000 --compare-pipeline=wave-cse | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %s --kernel=dynamic --grid=1 --scalar=n=256 --compare-pipeline=wave-cse | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %s --kernel=dynamic --grid=1 --scalar=n=70 --compare-pipeline=wave-cse | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %s --kernel=static --grid=4 --compare-pipeline=wave-cse | FileCheck %s --check-prefix=AGREE
// AGREE: output 'Y' ({{.*}}): agrees
// AGREE: PASS
// CHECK-LABEL: gpu.func @dynamic(
// CHECK-SAME:    %[[X:[a-zA-Z0-9_]+]]: memref<?xf32> {wave.dims = array<i64: 3>}, %[[Y:[a-zA-Z0-9_]+]]: memref<?xf32> {wave.dims = array<i64: 3>}, %[[Z:[a-zA-Z0-9_]+]]: memref<?xf32> {wave.dims = array<i64: 3>}
// CHECK:         %[[A:.*]] = wave.read %[[X]]
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[A]], %[[A]]
// CHECK-NEXT:    wave.write %[[S]], %[[X]]
// CHECK-NEXT:    %[[C:.*]] = wave.read %[[X]]
// CHECK-NEXT:    %[[D:.*]] = wave.read %[[Z]]
// CHECK-NEXT:    wave.write %[[C]], %[[Y]]
// CHECK-NEXT:    %[[E:.*]] = wave.read %[[Z]]
// CHECK-NEXT:    %[[F:.*]] = arith.addf %[[D]], %[[E]]
// CHECK-NEXT:    wave.write %[[F]], %[[Z]]
// CHECK-NEXT:    gpu.return
// CHECK-LABEL: gpu.func @static(
// CHECK-SAME:    %[[X:[a-zA-Z0-9_]+]]: memref<1000xf32>, %[[Y:[a-zA-Z0-9_]+]]: memref<1000xf32>, %[[Z:[a-zA-Z0-9_]+]]: memref<1000xf32>
// CHECK:         %[[A:.*]] = wave.read %[[X]]
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[A]], %[[A]]
// CHECK-NEXT:    wave.write %[[S]], %[[X]]
// CHECK-NEXT:    %[[C:.*]] = wave.read %[[X]]
// CHECK-NEXT:    %[[D:.*]] = wave.read %[[Z]]
// CHECK-NEXT:    wave.write %[[C]], %[[Y]]
// CHECK-NEXT:    %[[E:.*]] = wave.read %[[Z]]
// CHECK-NEXT:    %[[F:.*]] = arith.addf %[[D]], %[[E]]
// CHECK-NEXT:    wave.write %[[F]], %[[Z]]
// CHECK-NEXT:    gpu.return
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#tile = affine_map<(b, t) -> (b * 256 + t * 4)>
gpu.module @sizes {
  gpu.func @dynamic(%X: memref<?xf32> {wave.dims = array<i64: 3>},
                    %Y: memref<?xf32> {wave.dims = array<i64: 3>},
                    %Z: memref<?xf32> {wave.dims = array<i64: 3>},
                    %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(x, y, z, n) : (n - 1 >= 0)>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %a = wave.read %X[%bid, %tid] map #tile bounded : memref<?xf32> -> vector<4xf32>
    %b = wave.read %X[%bid, %tid] map #tile bounded : memref<?xf32> -> vector<4xf32>
    %s = arith.addf %a, %b : vector<4xf32>
    wave.write %s, %X[%bid, %tid] map #tile bounded : vector<4xf32>, memref<?xf32>
    %c = wave.read %X[%bid, %tid] map #tile bounded : memref<?xf32> -> vector<4xf32>
    %d = wave.read %Z[%bid, %tid] map #tile bounded : memref<?xf32> -> vector<4xf32>
    wave.write %c, %Y[%bid, %tid] map #tile bounded : vector<4xf32>, memref<?xf32>
    %e = wave.read %Z[%bid, %tid] map #tile bounded : memref<?xf32> -> vector<4xf32>
    %f = arith.addf %d, %e : vector<4xf32>
    wave.write %f, %Z[%bid, %tid] map #tile bounded : vector<4xf32>, memref<?xf32>
    gpu.return
  }

  gpu.func @static(%X: memref<1000xf32>, %Y: memref<1000xf32>,
                   %Z: memref<1000xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %a = wave.read %X[%bid, %tid] map #tile bounded : memref<1000xf32> -> vector<4xf32>
    %b = wave.read %X[%bid, %tid] map #tile bounded : memref<1000xf32> -> vector<4xf32>
    %s = arith.addf %a, %b : vector<4xf32>
    wave.write %s, %X[%bid, %tid] map #tile bounded : vector<4xf32>, memref<1000xf32>
    %c = wave.read %X[%bid, %tid] map #tile bounded : memref<1000xf32> -> vector<4xf32>
    %d = wave.read %Z[%bid, %tid] map #tile bounded : memref<1000xf32> -> vector<4xf32>
    wave.write %c, %Y[%bid, %tid] map #tile bounded : vector<4xf32>, memref<1000xf32>
    %e = wave.read %Z[%bid, %tid] map #tile bounded : memref<1000xf32> -> vector<4xf32>
    %f = arith.addf %d, %e : vector<4xf32>
    wave.write %f, %Z[%bid, %tid] map #tile bounded : vector<4xf32>, memref<1000xf32>
    gpu.return
  }
}
