// wave-lower-subgroup-reduce, checked: every kernel against itself after
// the pass, on random inputs, in waves of 32 on each chip that runs them
// (the kernels state gfx1100; wave-attach-target moves them). The pass
// lowers scalars of up to 64 bits through upstream's DPP lowering: quad
// permutes, row_half_mirror, row_mirror within each row of 16 lanes,
// permlanex16 across the two rows and a readlane of lane 31; vectors
// through gpu.shuffle butterflies of 64-bit words. Every
// reduction upstream defines on f32, f16 and i32 (f16 and the f16 vectors
// on integer values, whose sums are exact in any order: the DPP tree adds
// in another order than the lanes', which rounds otherwise), f64, i64,
// i16, a reduction without `uniform`, and vector<2xf16>, vector<3xi16>,
// vector<2xi32>; two waves a workgroup, each reducing its own lanes.
// @clusters: reductions over clusters, which wave.reduce's own tests
// (compare-cluster-reduce-wave32.mlir) do not reach: f64 and i64 through
// DPP, strided clusters and vectors through gpu.shuffle butterflies.
// RUN: %python -c "import numpy; r = numpy.random.default_rng(1); numpy.save('%t.h.npy', r.integers(-8, 8, 64).astype(numpy.float16)); numpy.save('%t.h2.npy', r.integers(-8, 8, (64, 2)).astype(numpy.float16))"
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
// CHECK: comparing @{{.*}} after 'gpu.module(wave-attach-target{chip={{.*}}},wave-lower-subgroup-reduce)' with @{{.*}} before it
// CHECK-NOT: MISMATCH
// CHECK: PASS

gpu.module @wave32 {
  gpu.func @f32(%X: memref<64xf32>, %Add: memref<64xf32>, %Mul: memref<64xf32>, %MinNum: memref<64xf32>, %MaxNum: memref<64xf32>, %Minimum: memref<64xf32>, %Maximum: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xf32>
    %add = gpu.subgroup_reduce add %x uniform : (f32) -> f32
    memref.store %add, %Add[%l] : memref<64xf32>
    %mul = gpu.subgroup_reduce mul %x uniform : (f32) -> f32
    memref.store %mul, %Mul[%l] : memref<64xf32>
    %minnum = gpu.subgroup_reduce minnumf %x uniform : (f32) -> f32
    memref.store %minnum, %MinNum[%l] : memref<64xf32>
    %maxnum = gpu.subgroup_reduce maxnumf %x uniform : (f32) -> f32
    memref.store %maxnum, %MaxNum[%l] : memref<64xf32>
    %minimum = gpu.subgroup_reduce minimumf %x uniform : (f32) -> f32
    memref.store %minimum, %Minimum[%l] : memref<64xf32>
    %maximum = gpu.subgroup_reduce maximumf %x uniform : (f32) -> f32
    memref.store %maximum, %Maximum[%l] : memref<64xf32>
    gpu.return
  }

  gpu.func @f16(%X: memref<64xf16>, %Add: memref<64xf16>, %MinNum: memref<64xf16>, %MaxNum: memref<64xf16>, %Minimum: memref<64xf16>, %Maximum: memref<64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xf16>
    %add = gpu.subgroup_reduce add %x uniform : (f16) -> f16
    memref.store %add, %Add[%l] : memref<64xf16>
    %minnum = gpu.subgroup_reduce minnumf %x uniform : (f16) -> f16
    memref.store %minnum, %MinNum[%l] : memref<64xf16>
    %maxnum = gpu.subgroup_reduce maxnumf %x uniform : (f16) -> f16
    memref.store %maxnum, %MaxNum[%l] : memref<64xf16>
    %minimum = gpu.subgroup_reduce minimumf %x uniform : (f16) -> f16
    memref.store %minimum, %Minimum[%l] : memref<64xf16>
    %maximum = gpu.subgroup_reduce maximumf %x uniform : (f16) -> f16
    memref.store %maximum, %Maximum[%l] : memref<64xf16>
    gpu.return
  }

  gpu.func @i32(%X: memref<64xi32>, %Add: memref<64xi32>, %Mul: memref<64xi32>, %MinS: memref<64xi32>, %MaxS: memref<64xi32>, %MinU: memref<64xi32>, %MaxU: memref<64xi32>, %And: memref<64xi32>, %Or: memref<64xi32>, %Xor: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %add = gpu.subgroup_reduce add %x uniform : (i32) -> i32
    memref.store %add, %Add[%l] : memref<64xi32>
    %mul = gpu.subgroup_reduce mul %x uniform : (i32) -> i32
    memref.store %mul, %Mul[%l] : memref<64xi32>
    %mins = gpu.subgroup_reduce minsi %x uniform : (i32) -> i32
    memref.store %mins, %MinS[%l] : memref<64xi32>
    %maxs = gpu.subgroup_reduce maxsi %x uniform : (i32) -> i32
    memref.store %maxs, %MaxS[%l] : memref<64xi32>
    %minu = gpu.subgroup_reduce minui %x uniform : (i32) -> i32
    memref.store %minu, %MinU[%l] : memref<64xi32>
    %maxu = gpu.subgroup_reduce maxui %x uniform : (i32) -> i32
    memref.store %maxu, %MaxU[%l] : memref<64xi32>
    %and = gpu.subgroup_reduce and %x uniform : (i32) -> i32
    memref.store %and, %And[%l] : memref<64xi32>
    %or = gpu.subgroup_reduce or %x uniform : (i32) -> i32
    memref.store %or, %Or[%l] : memref<64xi32>
    %xor = gpu.subgroup_reduce xor %x uniform : (i32) -> i32
    memref.store %xor, %Xor[%l] : memref<64xi32>
    gpu.return
  }

  gpu.func @scalars(%D: memref<64xf64>, %I: memref<64xi64>, %S: memref<64xi16>, %F: memref<64xf32>,
                   %DAdd: memref<64xf64>, %DMax: memref<64xf64>, %IAdd: memref<64xi64>,
                   %IMin: memref<64xi64>, %SAdd: memref<64xi16>, %FAdd: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %d = memref.load %D[%l] : memref<64xf64>
    %i = memref.load %I[%l] : memref<64xi64>
    %s = memref.load %S[%l] : memref<64xi16>
    %f = memref.load %F[%l] : memref<64xf32>
    %dadd = gpu.subgroup_reduce add %d uniform : (f64) -> f64
    memref.store %dadd, %DAdd[%l] : memref<64xf64>
    %dmax = gpu.subgroup_reduce maxnumf %d uniform : (f64) -> f64
    memref.store %dmax, %DMax[%l] : memref<64xf64>
    %iadd = gpu.subgroup_reduce add %i uniform : (i64) -> i64
    memref.store %iadd, %IAdd[%l] : memref<64xi64>
    %imin = gpu.subgroup_reduce minsi %i uniform : (i64) -> i64
    memref.store %imin, %IMin[%l] : memref<64xi64>
    %sadd = gpu.subgroup_reduce add %s uniform : (i16) -> i16
    memref.store %sadd, %SAdd[%l] : memref<64xi16>
    %fadd = gpu.subgroup_reduce add %f : (f32) -> f32
    memref.store %fadd, %FAdd[%l] : memref<64xf32>
    gpu.return
  }

  gpu.func @vectors(%H: memref<64x2xf16>, %S: memref<64x3xi16>, %W: memref<64x2xi32>,
                    %HAdd: memref<64x2xf16>, %SMax: memref<64x3xi16>, %WXor: memref<64x2xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %h = vector.load %H[%l, %c0] : memref<64x2xf16>, vector<2xf16>
    %s = vector.load %S[%l, %c0] : memref<64x3xi16>, vector<3xi16>
    %w = vector.load %W[%l, %c0] : memref<64x2xi32>, vector<2xi32>
    %hadd = gpu.subgroup_reduce add %h uniform : (vector<2xf16>) -> vector<2xf16>
    vector.store %hadd, %HAdd[%l, %c0] : memref<64x2xf16>, vector<2xf16>
    %smax = gpu.subgroup_reduce maxsi %s uniform : (vector<3xi16>) -> vector<3xi16>
    vector.store %smax, %SMax[%l, %c0] : memref<64x3xi16>, vector<3xi16>
    %wxor = gpu.subgroup_reduce xor %w uniform : (vector<2xi32>) -> vector<2xi32>
    vector.store %wxor, %WXor[%l, %c0] : memref<64x2xi32>, vector<2xi32>
    gpu.return
  }

  gpu.func @clusters(%D: memref<64xf64>, %I: memref<64xi64>, %F: memref<64xf32>, %H: memref<64x2xf16>,
                     %DAdd: memref<64xf64>, %IMax: memref<64xi64>, %FStrided: memref<64xf32>,
                     %FStrided2: memref<64xf32>, %HAdd: memref<64x2xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %d = memref.load %D[%l] : memref<64xf64>
    %i = memref.load %I[%l] : memref<64xi64>
    %f = memref.load %F[%l] : memref<64xf32>
    %h = vector.load %H[%l, %c0] : memref<64x2xf16>, vector<2xf16>
    %dadd = gpu.subgroup_reduce add %d cluster(size = 32) : (f64) -> f64
    memref.store %dadd, %DAdd[%l] : memref<64xf64>
    %imax = gpu.subgroup_reduce maxsi %i cluster(size = 8) : (i64) -> i64
    memref.store %imax, %IMax[%l] : memref<64xi64>
    %fs = gpu.subgroup_reduce maxnumf %f cluster(size = 4, stride = 8) : (f32) -> f32
    memref.store %fs, %FStrided[%l] : memref<64xf32>
    %fs2 = gpu.subgroup_reduce add %f cluster(size = 2, stride = 16) : (f32) -> f32
    memref.store %fs2, %FStrided2[%l] : memref<64xf32>
    %hadd = gpu.subgroup_reduce add %h cluster(size = 16) : (vector<2xf16>) -> vector<2xf16>
    vector.store %hadd, %HAdd[%l, %c0] : memref<64x2xf16>, vector<2xf16>
    gpu.return
  }
}
