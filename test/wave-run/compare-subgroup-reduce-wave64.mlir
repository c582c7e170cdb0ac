// wave-lower-subgroup-reduce, checked: every kernel against itself after
// the pass, on random inputs, in waves of 64 on each chip that runs them
// (the kernels state gfx942; wave-attach-target moves them). The pass
// lowers scalars of up to 64 bits through upstream's DPP lowering: quad
// permutes, row_half_mirror, row_mirror, then on GFX9 (gfx90a, gfx942,
// gfx950) row_bcast:15 and row_bcast:31 and a readlane of lane 63, on
// GFX11 and GFX12 (gfx1100, gfx1201) permlanex16 and readlanes of lanes 31
// and 63; vectors through gpu.shuffle butterflies of 64-bit words (on
// gfx1100 and gfx1201 element by element through DPP). Every
// reduction upstream defines on f32, f16 and i32 (f16 and the f16 vectors
// on integer values, whose sums are exact in any order: the DPP tree adds
// in another order than the lanes', which rounds otherwise), f64, i64,
// i16, a reduction without `uniform`, and vector<2xf16>, vector<3xi16>,
// vector<2xi32>; two waves a workgroup, each reducing its own lanes.
// @clusters: reductions over clusters, which wave.reduce's own tests
// (compare-cluster-reduce-wave64.mlir) do not reach: f64 and i64 through
// DPP, strided clusters and vectors through gpu.shuffle butterflies (strides
// within rows of 16: on gfx1100 and gfx1201 in waves of 64 the pass rejects
// shuffles by 16 or 32 lanes, test/Conversion/wave-lower-subgroup-reduce.mlir).
// On those chips vectors are reduced element by element through DPP, the
// butterfly's shuffles by 16 and 32 lanes having no lowering there.
// RUN: %python -c "import numpy; r = numpy.random.default_rng(1); numpy.save('%t.h.npy', r.integers(-8, 8, 128).astype(numpy.float16)); numpy.save('%t.h2.npy', r.integers(-8, 8, (128, 2)).astype(numpy.float16))"
// RUN: wave-run %s --kernel=f32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f16 --input=X=%t.h.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=scalars --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=vectors --input=H=%t.h2.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=clusters --input=H=%t.h2.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f16 --input=X=%t.h.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=scalars --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=vectors --input=H=%t.h2.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=clusters --input=H=%t.h2.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f16 --input=X=%t.h.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=scalars --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=vectors --input=H=%t.h2.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=clusters --input=H=%t.h2.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f16 --input=X=%t.h.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=scalars --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=vectors --input=H=%t.h2.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=clusters --input=H=%t.h2.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f16 --input=X=%t.h.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=scalars --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=vectors --input=H=%t.h2.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=clusters --input=H=%t.h2.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},wave-lower-subgroup-reduce)' | FileCheck %s
//
// The lowering is for whole waves (the collectives' lowering tests for one
// before it uses gpu.subgroup_reduce): a reduction without `uniform` under
// a branch that leaves lanes 8 to 63 inactive reads lane 63 at the end.
// RUN: not wave-run %s --kernel=partial --compare-pipeline='gpu.module(wave-attach-target,wave-lower-subgroup-reduce)' 2>&1 | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: error: rocdl.readlane reads lane 63, which is not active in wave 0 of workgroup (0, 0, 0)
//
// Every lane of a cluster with an active lane takes part: a cluster partly
// active is an error at the op (the DPP lowering would read zero from the
// inactive lanes of the cluster).
// RUN: not wave-run %s --kernel=partial_cluster 2>&1 | FileCheck %s --check-prefix=PARTIAL-CLUSTER
// PARTIAL-CLUSTER: error: gpu.subgroup_reduce over clusters of 4 lanes executed with lanes 4, 8, 12 inactive in the cluster of active lanes 0, in wave 0 of workgroup (0, 0, 0): every lane of a cluster with an active lane takes part
//
// CHECK: comparing @{{.*}} after 'gpu.module(wave-attach-target{chip={{.*}}},wave-lower-subgroup-reduce)' with @{{.*}} before it
// CHECK-NOT: MISMATCH
// CHECK: PASS

gpu.module @wave64 {
  gpu.func @f32(%X: memref<128xf32>, %Add: memref<128xf32>, %Mul: memref<128xf32>, %MinNum: memref<128xf32>, %MaxNum: memref<128xf32>, %Minimum: memref<128xf32>, %Maximum: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<128xf32>
    %add = gpu.subgroup_reduce add %x uniform : (f32) -> f32
    memref.store %add, %Add[%l] : memref<128xf32>
    %mul = gpu.subgroup_reduce mul %x uniform : (f32) -> f32
    memref.store %mul, %Mul[%l] : memref<128xf32>
    %minnum = gpu.subgroup_reduce minnumf %x uniform : (f32) -> f32
    memref.store %minnum, %MinNum[%l] : memref<128xf32>
    %maxnum = gpu.subgroup_reduce maxnumf %x uniform : (f32) -> f32
    memref.store %maxnum, %MaxNum[%l] : memref<128xf32>
    %minimum = gpu.subgroup_reduce minimumf %x uniform : (f32) -> f32
    memref.store %minimum, %Minimum[%l] : memref<128xf32>
    %maximum = gpu.subgroup_reduce maximumf %x uniform : (f32) -> f32
    memref.store %maximum, %Maximum[%l] : memref<128xf32>
    gpu.return
  }

  gpu.func @f16(%X: memref<128xf16>, %Add: memref<128xf16>, %MinNum: memref<128xf16>, %MaxNum: memref<128xf16>, %Minimum: memref<128xf16>, %Maximum: memref<128xf16>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<128xf16>
    %add = gpu.subgroup_reduce add %x uniform : (f16) -> f16
    memref.store %add, %Add[%l] : memref<128xf16>
    %minnum = gpu.subgroup_reduce minnumf %x uniform : (f16) -> f16
    memref.store %minnum, %MinNum[%l] : memref<128xf16>
    %maxnum = gpu.subgroup_reduce maxnumf %x uniform : (f16) -> f16
    memref.store %maxnum, %MaxNum[%l] : memref<128xf16>
    %minimum = gpu.subgroup_reduce minimumf %x uniform : (f16) -> f16
    memref.store %minimum, %Minimum[%l] : memref<128xf16>
    %maximum = gpu.subgroup_reduce maximumf %x uniform : (f16) -> f16
    memref.store %maximum, %Maximum[%l] : memref<128xf16>
    gpu.return
  }

  gpu.func @i32(%X: memref<128xi32>, %Add: memref<128xi32>, %Mul: memref<128xi32>, %MinS: memref<128xi32>, %MaxS: memref<128xi32>, %MinU: memref<128xi32>, %MaxU: memref<128xi32>, %And: memref<128xi32>, %Or: memref<128xi32>, %Xor: memref<128xi32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<128xi32>
    %add = gpu.subgroup_reduce add %x uniform : (i32) -> i32
    memref.store %add, %Add[%l] : memref<128xi32>
    %mul = gpu.subgroup_reduce mul %x uniform : (i32) -> i32
    memref.store %mul, %Mul[%l] : memref<128xi32>
    %mins = gpu.subgroup_reduce minsi %x uniform : (i32) -> i32
    memref.store %mins, %MinS[%l] : memref<128xi32>
    %maxs = gpu.subgroup_reduce maxsi %x uniform : (i32) -> i32
    memref.store %maxs, %MaxS[%l] : memref<128xi32>
    %minu = gpu.subgroup_reduce minui %x uniform : (i32) -> i32
    memref.store %minu, %MinU[%l] : memref<128xi32>
    %maxu = gpu.subgroup_reduce maxui %x uniform : (i32) -> i32
    memref.store %maxu, %MaxU[%l] : memref<128xi32>
    %and = gpu.subgroup_reduce and %x uniform : (i32) -> i32
    memref.store %and, %And[%l] : memref<128xi32>
    %or = gpu.subgroup_reduce or %x uniform : (i32) -> i32
    memref.store %or, %Or[%l] : memref<128xi32>
    %xor = gpu.subgroup_reduce xor %x uniform : (i32) -> i32
    memref.store %xor, %Xor[%l] : memref<128xi32>
    gpu.return
  }

  gpu.func @scalars(%D: memref<128xf64>, %I: memref<128xi64>, %S: memref<128xi16>, %F: memref<128xf32>,
                   %DAdd: memref<128xf64>, %DMax: memref<128xf64>, %IAdd: memref<128xi64>,
                   %IMin: memref<128xi64>, %SAdd: memref<128xi16>, %FAdd: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %d = memref.load %D[%l] : memref<128xf64>
    %i = memref.load %I[%l] : memref<128xi64>
    %s = memref.load %S[%l] : memref<128xi16>
    %f = memref.load %F[%l] : memref<128xf32>
    %dadd = gpu.subgroup_reduce add %d uniform : (f64) -> f64
    memref.store %dadd, %DAdd[%l] : memref<128xf64>
    %dmax = gpu.subgroup_reduce maxnumf %d uniform : (f64) -> f64
    memref.store %dmax, %DMax[%l] : memref<128xf64>
    %iadd = gpu.subgroup_reduce add %i uniform : (i64) -> i64
    memref.store %iadd, %IAdd[%l] : memref<128xi64>
    %imin = gpu.subgroup_reduce minsi %i uniform : (i64) -> i64
    memref.store %imin, %IMin[%l] : memref<128xi64>
    %sadd = gpu.subgroup_reduce add %s uniform : (i16) -> i16
    memref.store %sadd, %SAdd[%l] : memref<128xi16>
    %fadd = gpu.subgroup_reduce add %f : (f32) -> f32
    memref.store %fadd, %FAdd[%l] : memref<128xf32>
    gpu.return
  }

  gpu.func @vectors(%H: memref<128x2xf16>, %S: memref<128x3xi16>, %W: memref<128x2xi32>,
                    %HAdd: memref<128x2xf16>, %SMax: memref<128x3xi16>, %WXor: memref<128x2xi32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %h = vector.load %H[%l, %c0] : memref<128x2xf16>, vector<2xf16>
    %s = vector.load %S[%l, %c0] : memref<128x3xi16>, vector<3xi16>
    %w = vector.load %W[%l, %c0] : memref<128x2xi32>, vector<2xi32>
    %hadd = gpu.subgroup_reduce add %h uniform : (vector<2xf16>) -> vector<2xf16>
    vector.store %hadd, %HAdd[%l, %c0] : memref<128x2xf16>, vector<2xf16>
    %smax = gpu.subgroup_reduce maxsi %s uniform : (vector<3xi16>) -> vector<3xi16>
    vector.store %smax, %SMax[%l, %c0] : memref<128x3xi16>, vector<3xi16>
    %wxor = gpu.subgroup_reduce xor %w uniform : (vector<2xi32>) -> vector<2xi32>
    vector.store %wxor, %WXor[%l, %c0] : memref<128x2xi32>, vector<2xi32>
    gpu.return
  }

  gpu.func @partial(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xf32>
    %c8 = arith.constant 8 : index
    %first = arith.cmpi ult, %l, %c8 : index
    scf.if %first {
      %sum = gpu.subgroup_reduce add %x : (f32) -> f32
      memref.store %sum, %Y[%l] : memref<64xf32>
    }
    gpu.return
  }

  gpu.func @clusters(%D: memref<128xf64>, %I: memref<128xi64>, %F: memref<128xf32>, %H: memref<128x2xf16>,
                     %DAdd: memref<128xf64>, %IMax: memref<128xi64>, %FStrided: memref<128xf32>,
                     %FStrided2: memref<128xf32>, %HAdd: memref<128x2xf16>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %d = memref.load %D[%l] : memref<128xf64>
    %i = memref.load %I[%l] : memref<128xi64>
    %f = memref.load %F[%l] : memref<128xf32>
    %h = vector.load %H[%l, %c0] : memref<128x2xf16>, vector<2xf16>
    %dadd = gpu.subgroup_reduce add %d cluster(size = 32) : (f64) -> f64
    memref.store %dadd, %DAdd[%l] : memref<128xf64>
    %imax = gpu.subgroup_reduce maxsi %i cluster(size = 8) : (i64) -> i64
    memref.store %imax, %IMax[%l] : memref<128xi64>
    %fs = gpu.subgroup_reduce maxnumf %f cluster(size = 4, stride = 4) : (f32) -> f32
    memref.store %fs, %FStrided[%l] : memref<128xf32>
    %fs2 = gpu.subgroup_reduce add %f cluster(size = 2, stride = 8) : (f32) -> f32
    memref.store %fs2, %FStrided2[%l] : memref<128xf32>
    %hadd = gpu.subgroup_reduce add %h cluster(size = 16) : (vector<2xf16>) -> vector<2xf16>
    vector.store %hadd, %HAdd[%l, %c0] : memref<128x2xf16>, vector<2xf16>
    gpu.return
  }

  gpu.func @partial_cluster(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xf32>
    %c1 = arith.constant 1 : index
    %first = arith.cmpi ult, %l, %c1 : index
    scf.if %first {
      %sum = gpu.subgroup_reduce add %x cluster(size = 4, stride = 4) : (f32) -> f32
      memref.store %sum, %Y[%l] : memref<64xf32>
    }
    gpu.return
  }
}
