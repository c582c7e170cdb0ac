// RUN: wave-opt %s --wave-canonicalize | FileCheck %s
// The same output as upstream canonicalize on kernels without run-time
// sizes (the part of this file before the one on run-time sizes):
// RUN: %python -c "import sys; sys.stdout.write(open(sys.argv[1]).read().split('// ' + 5 * '-')[0])" %s > %t.static.mlir
// RUN: wave-opt %t.static.mlir --wave-canonicalize -o %t.wave
// RUN: wave-opt %t.static.mlir --canonicalize -o %t.upstream
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

// -----

// Run-time sizes. What the kernel's `wave.assume` decides about its size
// arguments folds as the same comparison of a static twin's constants does:
// memref.dim of an extent `wave.dims` binds is its size argument, and a
// comparison of sizes the assumptions decide is a constant. What they leave
// open stays.
// RUN: wave-run %s --kernel=facts --scalar=n=8 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %s --kernel=facts --scalar=n=4096 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %s --kernel=facts --scalar=n=72 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE
// AGREE: output 'F' ({{.*}}): agrees
// AGREE: PASS
// CHECK-LABEL: gpu.func @facts(
// CHECK-SAME:    %[[N:[a-zA-Z0-9_]+]]: index)
// CHECK-DAG:     %[[TRUE:.*]] = arith.constant true
// CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
// CHECK-NOT:     memref.dim
// CHECK:         %[[OPEN:.*]] = arith.cmpi sgt, %[[N]], %{{.*}} : index
// CHECK:         memref.store %[[TRUE]], %{{.*}}[%{{.*}}]
// CHECK-NEXT:    memref.store %[[TRUE]], %{{.*}}[%{{.*}}]
// CHECK-NEXT:    memref.store %[[FALSE]], %{{.*}}[%{{.*}}]
// CHECK-NEXT:    memref.store %[[OPEN]], %{{.*}}[%{{.*}}]
// CHECK-NEXT:    gpu.return
// A workgroup doubling n elements in tiles of 256: whole tiles in a loop,
// then the partial last tile, bounded, under an if. Where `wave.assume`
// makes n a multiple of 256 the if folds away as on the twin of n = 1024;
// with n only positive it stays (n = 1000 has a partial tile, 1024 none),
// where the twin of n = 1000 takes it always.
// RUN: wave-run %s --kernel=tiles_assumed --scalar=n=1024 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// RUN: wave-run %s --kernel=tiles_assumed --scalar=n=256 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// RUN: wave-run %s --kernel=tiles --scalar=n=1000 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// RUN: wave-run %s --kernel=tiles --scalar=n=70 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// RUN: wave-run %s --kernel=tiles --scalar=n=1024 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// RUN: wave-run %s --kernel=tiles_1024 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// RUN: wave-run %s --kernel=tiles_1000 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// AGREE-X: output 'X' ({{.*}}): agrees
// AGREE-X: PASS
// CHECK-LABEL: gpu.func @tiles_assumed(
// CHECK-SAME:    %[[X:[a-zA-Z0-9_]+]]: memref<?xf32> {wave.dims = array<i64: 1>}, %[[N:[a-zA-Z0-9_]+]]: index)
// CHECK:         %[[FULL:.*]] = arith.floordivsi %[[N]], %{{.*}} : index
// CHECK-NEXT:    scf.for %{{.*}} = %{{.*}} to %[[FULL]]
// CHECK-COUNT-2:   wave.
// CHECK:         }
// CHECK-NEXT:    gpu.return
// CHECK-LABEL: gpu.func @tiles_1024(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}}
// CHECK-COUNT-2:   wave.
// CHECK:         }
// CHECK-NEXT:    gpu.return
// CHECK-LABEL: gpu.func @tiles(
// CHECK-SAME:    %[[X:[a-zA-Z0-9_]+]]: memref<?xf32> {wave.dims = array<i64: 1>}, %[[N:[a-zA-Z0-9_]+]]: index)
// CHECK:         %[[FULL:.*]] = arith.floordivsi %[[N]], %{{.*}} : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[FULL]]
// CHECK:         %[[REST:.*]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK-NEXT:    %[[PARTIAL:.*]] = arith.cmpi ne, %[[REST]], %{{.*}} : index
// CHECK-NEXT:    scf.if %[[PARTIAL]] {
// CHECK-NEXT:      wave.read %[[X]][%[[FULL]], %{{.*}}] map #{{.*}} bounded
// CHECK-LABEL: gpu.func @tiles_1000(
// CHECK:         scf.for
// CHECK:         }
// CHECK-NOT:     scf.if
// CHECK:         wave.read %{{.*}}[%{{.*}}, %{{.*}}] map #{{.*}} bounded
// CHECK:         wave.write
// CHECK-NEXT:    gpu.return
// Truncating and unsigned division and remainder of a size compose as
// floordiv and mod where `wave.assume` keeps the size non-negative, so
// comparisons of them fold as on the twin's constants; where the sign of n
// is open (n mod 8 == 0 and n <= 4096 allow n = -8) they stay.
// RUN: wave-run %s --kernel=division_facts --scalar=n=8 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-D
// RUN: wave-run %s --kernel=division_facts --scalar=n=4096 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-D
// RUN: wave-run %s --kernel=division_facts_any_sign --scalar=n=72 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-D
// RUN: wave-run %s --kernel=division_facts_any_sign --scalar=n=0 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-D
// AGREE-D: output 'F' ({{.*}}): agrees
// AGREE-D: PASS
// CHECK-LABEL: gpu.func @division_facts(
// CHECK-SAME:    %[[N:[a-zA-Z0-9_]+]]: index)
// CHECK-DAG:     %[[TRUE:.*]] = arith.constant true
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[Q:.*]] = arith.divsi %[[N]], %{{.*}} : index
// CHECK:         %[[OPEN:.*]] = arith.cmpi sgt, %[[Q]], %[[C1]] : index
// CHECK:         memref.store %[[TRUE]], %{{.*}}[%{{.*}}]
// CHECK-NEXT:    memref.store %[[TRUE]], %{{.*}}[%{{.*}}]
// CHECK-NEXT:    memref.store %[[TRUE]], %{{.*}}[%{{.*}}]
// CHECK-NEXT:    memref.store %[[TRUE]], %{{.*}}[%{{.*}}]
// CHECK-NEXT:    memref.store %[[OPEN]], %{{.*}}[%{{.*}}]
// CHECK-NEXT:    gpu.return
// CHECK-LABEL: gpu.func @division_facts_any_sign(
// CHECK-NOT:     arith.constant {{true|false}}
// CHECK-COUNT-5: arith.cmpi
// CHECK-NOT:     arith.constant {{true|false}}
// CHECK:         gpu.return
// The tiles of @tiles_assumed counted with divui and remui: with n >= 0
// and n mod 256 == 0 assumed the if folds away (as on @tiles_1024); with
// the sign of n open it stays, and runs at sizes with a partial tile.
// RUN: wave-run %s --kernel=tiles_unsigned_assumed --scalar=n=1024 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// RUN: wave-run %s --kernel=tiles_unsigned_assumed --scalar=n=256 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// RUN: wave-run %s --kernel=tiles_unsigned --scalar=n=1000 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// RUN: wave-run %s --kernel=tiles_unsigned --scalar=n=70 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// RUN: wave-run %s --kernel=tiles_unsigned --scalar=n=1024 --compare-pipeline=wave-canonicalize | FileCheck %s --check-prefix=AGREE-X
// CHECK-LABEL: gpu.func @tiles_unsigned_assumed(
// CHECK-SAME:    %[[X:[a-zA-Z0-9_]+]]: memref<?xf32> {wave.dims = array<i64: 1>}, %[[N:[a-zA-Z0-9_]+]]: index)
// CHECK:         %[[FULL:.*]] = arith.divui %[[N]], %{{.*}} : index
// CHECK-NEXT:    scf.for %{{.*}} = %{{.*}} to %[[FULL]]
// CHECK-COUNT-2:   wave.
// CHECK:         }
// CHECK-NEXT:    gpu.return
// CHECK-LABEL: gpu.func @tiles_unsigned(
// CHECK-SAME:    %[[X:[a-zA-Z0-9_]+]]: memref<?xf32> {wave.dims = array<i64: 1>}, %[[N:[a-zA-Z0-9_]+]]: index)
// CHECK:         %[[FULL:.*]] = arith.divui %[[N]], %{{.*}} : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[FULL]]
// CHECK:         %[[REST:.*]] = arith.remui %[[N]], %{{.*}} : index
// CHECK-NEXT:    %[[PARTIAL:.*]] = arith.cmpi ne, %[[REST]], %{{.*}} : index
// CHECK-NEXT:    scf.if %[[PARTIAL]] {
// CHECK-NEXT:      wave.read %[[X]][%[[FULL]], %{{.*}}] map #{{.*}} bounded
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#tile = affine_map<(i, t) -> (i * 256 + t * 4)>
#rest = affine_map<(n) -> (n mod 256)>
gpu.module @sizes {
  // 8 <= n <= 4096, n a multiple of 8: n < 4097 (unsigned: n is never
  // negative), n mod 8 == 0 and not n < 8; n > 8 is open.
  gpu.func @facts(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                  %F: memref<4xi1>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(x, f, n) :
                      (n mod 8 == 0, n - 8 >= 0, 4096 - n >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c4097 = arith.constant 4097 : index
    %len = memref.dim %X, %c0 : memref<?xf32>
    %fits = arith.cmpi ult, %len, %c4097 : index
    %rest = affine.apply affine_map<(n) -> (n mod 8)>(%len)
    %whole = arith.cmpi eq, %rest, %c0 : index
    %short = arith.cmpi slt, %len, %c8 : index
    %long = arith.cmpi sgt, %len, %c8 : index
    memref.store %fits, %F[%c0] : memref<4xi1>
    memref.store %whole, %F[%c1] : memref<4xi1>
    memref.store %short, %F[%c2] : memref<4xi1>
    memref.store %long, %F[%c3] : memref<4xi1>
    gpu.return
  }

  gpu.func @tiles_assumed(%X: memref<?xf32> {wave.dims = array<i64: 1>},
                          %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(x, n) :
                      (n mod 256 == 0, n - 1 >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %two = arith.constant dense<2.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %len = memref.dim %X, %c0 : memref<?xf32>
    %full = arith.floordivsi %len, %c256 : index
    scf.for %i = %c0 to %full step %c1 {
      %x = wave.read %X[%i, %tid] map #tile : memref<?xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%i, %tid] map #tile : vector<4xf32>, memref<?xf32>
    }
    %rest = affine.apply #rest(%len)
    %partial = arith.cmpi ne, %rest, %c0 : index
    scf.if %partial {
      %x = wave.read %X[%full, %tid] map #tile bounded : memref<?xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%full, %tid] map #tile bounded : vector<4xf32>, memref<?xf32>
    }
    gpu.return
  }

  gpu.func @tiles_1024(%X: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %two = arith.constant dense<2.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %len = memref.dim %X, %c0 : memref<1024xf32>
    %full = arith.floordivsi %len, %c256 : index
    scf.for %i = %c0 to %full step %c1 {
      %x = wave.read %X[%i, %tid] map #tile : memref<1024xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%i, %tid] map #tile : vector<4xf32>, memref<1024xf32>
    }
    %rest = affine.apply #rest(%len)
    %partial = arith.cmpi ne, %rest, %c0 : index
    scf.if %partial {
      %x = wave.read %X[%full, %tid] map #tile bounded : memref<1024xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%full, %tid] map #tile bounded : vector<4xf32>, memref<1024xf32>
    }
    gpu.return
  }

  gpu.func @tiles(%X: memref<?xf32> {wave.dims = array<i64: 1>},
                  %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(x, n) : (n - 1 >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %two = arith.constant dense<2.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %len = memref.dim %X, %c0 : memref<?xf32>
    %full = arith.floordivsi %len, %c256 : index
    scf.for %i = %c0 to %full step %c1 {
      %x = wave.read %X[%i, %tid] map #tile : memref<?xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%i, %tid] map #tile : vector<4xf32>, memref<?xf32>
    }
    %rest = affine.apply #rest(%len)
    %partial = arith.cmpi ne, %rest, %c0 : index
    scf.if %partial {
      %x = wave.read %X[%full, %tid] map #tile bounded : memref<?xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%full, %tid] map #tile bounded : vector<4xf32>, memref<?xf32>
    }
    gpu.return
  }

  gpu.func @tiles_1000(%X: memref<1000xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %two = arith.constant dense<2.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %len = memref.dim %X, %c0 : memref<1000xf32>
    %full = arith.floordivsi %len, %c256 : index
    scf.for %i = %c0 to %full step %c1 {
      %x = wave.read %X[%i, %tid] map #tile : memref<1000xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%i, %tid] map #tile : vector<4xf32>, memref<1000xf32>
    }
    %rest = affine.apply #rest(%len)
    %partial = arith.cmpi ne, %rest, %c0 : index
    scf.if %partial {
      %x = wave.read %X[%full, %tid] map #tile bounded : memref<1000xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%full, %tid] map #tile bounded : vector<4xf32>, memref<1000xf32>
    }
    gpu.return
  }

  // 8 <= n <= 4096, n a multiple of 8: its remainders by 8 are 0, its
  // quotient is below 513 and at least 1; above 1 is open.
  gpu.func @division_facts(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                  %F: memref<5xi1>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(x, f, n) :
                      (n mod 8 == 0, n - 8 >= 0, 4096 - n >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c513 = arith.constant 513 : index
    %len = memref.dim %X, %c0 : memref<?xf32>
    %ru = arith.remui %len, %c8 : index
    %rs = arith.remsi %len, %c8 : index
    %qu = arith.divui %len, %c8 : index
    %qs = arith.divsi %len, %c8 : index
    %whole_u = arith.cmpi eq, %ru, %c0 : index
    %whole_s = arith.cmpi eq, %rs, %c0 : index
    %fits = arith.cmpi ult, %qu, %c513 : index
    %some = arith.cmpi sge, %qs, %c1 : index
    %more = arith.cmpi sgt, %qs, %c1 : index
    memref.store %whole_u, %F[%c0] : memref<5xi1>
    memref.store %whole_s, %F[%c1] : memref<5xi1>
    memref.store %fits, %F[%c2] : memref<5xi1>
    memref.store %some, %F[%c3] : memref<5xi1>
    memref.store %more, %F[%c4] : memref<5xi1>
    gpu.return
  }

  // The same with the sign of n open: nothing folds.
  gpu.func @division_facts_any_sign(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                  %F: memref<5xi1>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(x, f, n) :
                      (n mod 8 == 0, 4096 - n >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c513 = arith.constant 513 : index
    %len = memref.dim %X, %c0 : memref<?xf32>
    %ru = arith.remui %len, %c8 : index
    %rs = arith.remsi %len, %c8 : index
    %qu = arith.divui %len, %c8 : index
    %qs = arith.divsi %len, %c8 : index
    %whole_u = arith.cmpi eq, %ru, %c0 : index
    %whole_s = arith.cmpi eq, %rs, %c0 : index
    %fits = arith.cmpi ult, %qu, %c513 : index
    %some = arith.cmpi sge, %qs, %c1 : index
    %more = arith.cmpi sgt, %qs, %c1 : index
    memref.store %whole_u, %F[%c0] : memref<5xi1>
    memref.store %whole_s, %F[%c1] : memref<5xi1>
    memref.store %fits, %F[%c2] : memref<5xi1>
    memref.store %some, %F[%c3] : memref<5xi1>
    memref.store %more, %F[%c4] : memref<5xi1>
    gpu.return
  }

  gpu.func @tiles_unsigned_assumed(%X: memref<?xf32> {wave.dims = array<i64: 1>},
                  %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(x, n) : (n mod 256 == 0, n >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %two = arith.constant dense<2.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %len = memref.dim %X, %c0 : memref<?xf32>
    %full = arith.divui %len, %c256 : index
    scf.for %i = %c0 to %full step %c1 {
      %x = wave.read %X[%i, %tid] map #tile : memref<?xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%i, %tid] map #tile : vector<4xf32>, memref<?xf32>
    }
    %rest = arith.remui %len, %c256 : index
    %partial = arith.cmpi ne, %rest, %c0 : index
    scf.if %partial {
      %x = wave.read %X[%full, %tid] map #tile bounded : memref<?xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%full, %tid] map #tile bounded : vector<4xf32>, memref<?xf32>
    }
    gpu.return
  }

  gpu.func @tiles_unsigned(%X: memref<?xf32> {wave.dims = array<i64: 1>},
                  %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.assume = affine_set<(x, n) : (4096 - n >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %two = arith.constant dense<2.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %len = memref.dim %X, %c0 : memref<?xf32>
    %full = arith.divui %len, %c256 : index
    scf.for %i = %c0 to %full step %c1 {
      %x = wave.read %X[%i, %tid] map #tile : memref<?xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%i, %tid] map #tile : vector<4xf32>, memref<?xf32>
    }
    %rest = arith.remui %len, %c256 : index
    %partial = arith.cmpi ne, %rest, %c0 : index
    scf.if %partial {
      %x = wave.read %X[%full, %tid] map #tile bounded : memref<?xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %X[%full, %tid] map #tile bounded : vector<4xf32>, memref<?xf32>
    }
    gpu.return
  }

  // A comparison of a lane (through gpu.lane_id, a leaf without a value of
  // its own) with a size is no fact about the sizes: it stays.
  // CHECK-LABEL: gpu.func @lane_against_size(
  // CHECK:         %[[LANE:.*]] = gpu.lane_id
  // CHECK:         arith.cmpi ult, %[[LANE]], %{{.*}} : index
  gpu.func @lane_against_size(%F: memref<64xi1>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(f, n) : (n - 1 >= 0)>} {
    %lane = gpu.lane_id
    %inside = arith.cmpi ult, %lane, %n : index
    memref.store %inside, %F[%lane] : memref<64xi1>
    gpu.return
  }
}
