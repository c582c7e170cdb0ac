// Loops of run-time trip count that wave.assume proves to run at least once
// and at most max-trips times get their first iteration copied before them;
// every other such loop keeps its test, with a remark saying which fact is
// missing. Loops of constant bounds are not the pass's business (no remark).
// RUN: wave-opt %s --wave-peel-loops --verify-diagnostics | FileCheck %s
// A lower max-trips leaves the 8-trip loop alone.
// RUN: wave-opt %s --wave-peel-loops=max-trips=4 2>&1 >/dev/null | FileCheck %s --check-prefix=MAX4
// The counts the statistics keep.
// RUN: wave-opt %s --wave-peel-loops=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// The row sums before and after the pass agree on random inputs, at sizes
// of one partial tile, of whole tiles and of the most tiles.
// RUN: wave-run %s --kernel=row_tiles --grid=3 --scalar=M=3 --scalar=N=4 --compare-pipeline=wave-peel-loops | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=row_tiles --grid=3 --scalar=M=3 --scalar=N=700 --compare-pipeline=wave-peel-loops | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=row_tiles --grid=2 --scalar=M=2 --scalar=N=2048 --compare-pipeline=wave-peel-loops | FileCheck %s --check-prefix=SAME
// The row-sum example, its tile loop peeled within wave-optimize, agrees
// with itself before the pipeline where a row ends inside its first tile,
// inside its third, and at the end of its 16th.
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=1 --scalar=M=1 --scalar=N=4 --compare-pipeline=wave-peel-loops | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=2 --scalar=M=6 --scalar=N=2052 --compare-pipeline=wave-peel-loops | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=1 --scalar=M=2 --scalar=N=16384 --compare-pipeline=wave-peel-loops | FileCheck %s --check-prefix=SAME

// SAME: PASS
// MAX4: remark: first iteration not peeled: the kernel's wave.assume allows more than 4 trips (max-trips=4)
// SUMMARY: remark: wave-peel-loops: peeled: 1, declined: 3

!x = memref<?x?xf32>
!y = memref<?xf32>
#chunk = affine_map<(tid, wg, t) -> (wg, t * 256 + tid * 4)>
#row = affine_map<(wg) -> (wg)>

gpu.module @peel {
  // A row of N columns in tiles of 256 (64 lanes, 4 columns each): 1 to 8
  // tiles under the assumptions.
  // CHECK-LABEL: gpu.func @row_tiles
  // CHECK:         %[[C0:.*]] = arith.constant 0 : index
  // CHECK:         %[[C1:.*]] = arith.constant 1 : index
  // CHECK:         %[[ZERO:.*]] = arith.constant dense<0.0
  // CHECK:         %[[TILES:.*]] = arith.ceildivui
  // The first tile before the loop, at the lower bound, from the initial
  // value.
  // CHECK:         %[[FIRST:.*]] = wave.read %{{.*}}[%{{.*}}, %{{.*}}, %[[C0]]]
  // CHECK:         %[[SUM:.*]] = arith.addf %[[ZERO]], %[[FIRST]]
  // The loop starts one step later from what the first tile yields.
  // CHECK:         %[[SECOND:.*]] = arith.addi %[[C0]], %[[C1]] : index
  // CHECK:         scf.for %{{.*}} = %[[SECOND]] to %[[TILES]] step %[[C1]] iter_args(%{{.*}} = %[[SUM]])
  // CHECK:           wave.read
  // CHECK:           arith.addf
  // CHECK:           scf.yield
  gpu.func @row_tiles(%X: !x {wave.dims = array<i64: 2, 3>},
                      %Y: !y {wave.dims = array<i64: 2>},
                      %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @row_tiles_ref,
                  wave.assume = affine_set<(x, y, m, n) :
                      (m - 1 >= 0, 4096 - m >= 0,
                       n - 4 >= 0, 2048 - n >= 0, n mod 4 == 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %tiles = arith.ceildivui %N, %c256 : index
    // expected-remark @below {{first iteration peeled: wave.assume proves the loop runs at least once and at most 16 times}}
    %acc = scf.for %t = %c0 to %tiles step %c1 iter_args(%sum = %zero)
        -> (vector<4xf32>) {
      %v = wave.read %X[%tid, %wg, %t] map #chunk bounded
          : !x -> vector<4xf32>
      %next = arith.addf %sum, %v : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    %lane_sum = vector.reduction <add>, %acc : vector<4xf32> into f32
    %row_sum = wave.reduce <add> %lane_sum : f32
    %sum = vector.broadcast %row_sum : f32 to vector<1xf32>
    %lane = gpu.lane_id
    %first = arith.cmpi eq, %lane, %c0 : index
    %only_first = vector.broadcast %first : i1 to vector<1xi1>
    wave.write %sum, %Y[%wg] map #row mask %only_first : vector<1xi1>
        bounded : vector<1xf32>, !y
    gpu.return
  }

  gpu.func @row_tiles_ref(%X: !x {wave.dims = array<i64: 2, 3>},
                          %Y: !y {wave.dims = array<i64: 2>},
                          %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %t = gpu.thread_id x
    scf.for %r = %t to %M step %c64 {
      %sum = scf.for %c = %c0 to %N step %c1 iter_args(%s = %zero) -> (f32) {
        %x = memref.load %X[%r, %c] : !x
        %next = arith.addf %s, %x : f32
        scf.yield %next : f32
      }
      memref.store %sum, %Y[%r] : !y
    }
    gpu.return
  }

  // N may be 0: the first iteration needs its test.
  // CHECK-LABEL: gpu.func @may_not_run
  // CHECK-NOT:     arith.addi
  // CHECK:         scf.for %{{.*}} = %c0 to %{{.*}} step %c1
  gpu.func @may_not_run(%A: memref<?xf32> {wave.dims = array<i64: 1>},
                        %N: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(a, n) : (n >= 0, 64 - n >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant dense<1.0> : vector<1xf32>
    // expected-remark @below {{first iteration not peeled: not proven to run: the kernel's wave.assume allows fewer than 1 trips}}
    scf.for %i = %c0 to %N step %c1 {
      wave.write %one, %A[%i] map affine_map<(i) -> (i)>
          : vector<1xf32>, memref<?xf32>
    }
    gpu.return
  }

  // Up to 2^20 trips: the first is no large part of the work.
  // CHECK-LABEL: gpu.func @many_trips
  // CHECK-NOT:     arith.addi
  // CHECK:         scf.for %{{.*}} = %c0 to %{{.*}} step %c1
  gpu.func @many_trips(%A: memref<?xf32> {wave.dims = array<i64: 1>},
                       %N: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(a, n) :
                      (n - 1 >= 0, 1048576 - n >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant dense<1.0> : vector<1xf32>
    // expected-remark @below {{first iteration not peeled: the kernel's wave.assume allows more than 16 trips (max-trips=16)}}
    scf.for %i = %c0 to %N step %c1 {
      wave.write %one, %A[%i] map affine_map<(i) -> (i)>
          : vector<1xf32>, memref<?xf32>
    }
    gpu.return
  }

  // Without wave.assume nothing bounds N.
  // CHECK-LABEL: gpu.func @no_assumptions
  // CHECK-NOT:     arith.addi
  // CHECK:         scf.for %{{.*}} = %c0 to %{{.*}} step %c1
  gpu.func @no_assumptions(%A: memref<?xf32> {wave.dims = array<i64: 1>},
                           %N: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant dense<1.0> : vector<1xf32>
    // expected-remark @below {{first iteration not peeled: the kernel has no wave.assume to bound its trip count}}
    scf.for %i = %c0 to %N step %c1 {
      wave.write %one, %A[%i] map affine_map<(i) -> (i)>
          : vector<1xf32>, memref<?xf32>
    }
    gpu.return
  }

  // Constant bounds: LLVM knows the trip count; no remark.
  // CHECK-LABEL: gpu.func @constant_trips
  // CHECK-NOT:     arith.addi
  // CHECK:         scf.for %{{.*}} = %c0 to %c4 step %c1
  gpu.func @constant_trips(%A: memref<4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant dense<1.0> : vector<1xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      wave.write %one, %A[%i] map affine_map<(i) -> (i)>
          : vector<1xf32>, memref<4xf32>
    }
    gpu.return
  }
}
