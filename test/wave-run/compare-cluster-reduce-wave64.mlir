// wave.reduce over clusters of lanes, checked: every kernel against itself
// after convert-wave-to-amdgpu (gpu.subgroup_reduce with the cluster) and
// wave-lower-subgroup-reduce (upstream's clustered DPP lowering), on random
// inputs, in waves of 64 on each chip that runs them (the kernels state
// gfx942; wave-attach-target moves them). Clusters of 2, 4, 8, 16, 32 and
// 64 lanes, add, max and min, on f32, f16 (integer values, whose sums are
// exact in any order: the DPP tree adds in another order than the lanes')
// and i32, and i8 (sign-extended to i32 for the reduction); two waves a
// workgroup. The lowering: quad_perm [1,0,3,2] (2 lanes), quad_perm
// [2,3,0,1] (4), row_half_mirror (8), row_mirror (16); for 32 on GFX9
// (gfx90a, gfx942, gfx950) row_bcast:15 into rows 1 and 3 and a
// ds_swizzle (amdgpu.swizzle_bitmode) giving every lane lane 31 of its
// half, on GFX11 and GFX12 (gfx1100, gfx1201 in waves of 64) permlanex16;
// for 64 row_bcast:31 and a readlane of lane 63, or readlanes of lanes 31
// and 63.
// RUN: %python -c "import numpy; r = numpy.random.default_rng(3); numpy.save('%t.h.npy', r.integers(-8, 8, 128).astype(numpy.float16))"
// RUN: wave-run %s --kernel=f32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f16 --input=X=%t.h.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i8 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=half --compare-pipeline='gpu.module(wave-attach-target{chip=gfx90a},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f16 --input=X=%t.h.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i8 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=half --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f16 --input=X=%t.h.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i8 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=half --compare-pipeline='gpu.module(wave-attach-target{chip=gfx950},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f16 --input=X=%t.h.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i8 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=half --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=f16 --input=X=%t.h.npy --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i32 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=i8 --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
// RUN: wave-run %s --kernel=half --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1201},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' | FileCheck %s
//
// Clusters wholly inactive are allowed: @half runs the reductions in lanes
// 32 to 63 of each wave only (its clusters of 16 and 32), and the lowering
// reads no lane outside an active cluster.
//
// A cluster partly active breaks the op's precondition, and wave-run says
// so at the op (the DPP moves of the lowering would read zero from the
// inactive lanes; the same check of gpu.subgroup_reduce is in
// compare-subgroup-reduce-wave64.mlir).
// RUN: not wave-run %s --kernel=partial 2>&1 | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: error: wave.reduce over clusters of 16 lanes executed with lanes 8-15 inactive in the cluster of active lanes 0-7, in wave 0 of workgroup (0, 0, 0): every lane of a cluster with an active lane takes part
//
// CHECK: comparing @{{.*}} after 'gpu.module(wave-attach-target{chip={{.*}}},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' with @{{.*}} before it
// CHECK-NOT: MISMATCH
// CHECK: PASS

gpu.module @wave64 {
  gpu.func @f32(%X: memref<128xf32>, %Add: memref<6x128xf32>, %Max: memref<6x128xf32>, %Min: memref<6x128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<128xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %add2 = wave.reduce <add> %x cluster(size = 2) : f32
    memref.store %add2, %Add[%c0, %l] : memref<6x128xf32>
    %add4 = wave.reduce <add> %x cluster(size = 4) : f32
    memref.store %add4, %Add[%c1, %l] : memref<6x128xf32>
    %add8 = wave.reduce <add> %x cluster(size = 8) : f32
    memref.store %add8, %Add[%c2, %l] : memref<6x128xf32>
    %add16 = wave.reduce <add> %x cluster(size = 16) : f32
    memref.store %add16, %Add[%c3, %l] : memref<6x128xf32>
    %add32 = wave.reduce <add> %x cluster(size = 32) : f32
    memref.store %add32, %Add[%c4, %l] : memref<6x128xf32>
    %add64 = wave.reduce <add> %x cluster(size = 64) : f32
    memref.store %add64, %Add[%c5, %l] : memref<6x128xf32>
    %max2 = wave.reduce <max> %x cluster(size = 2) : f32
    memref.store %max2, %Max[%c0, %l] : memref<6x128xf32>
    %max4 = wave.reduce <max> %x cluster(size = 4) : f32
    memref.store %max4, %Max[%c1, %l] : memref<6x128xf32>
    %max8 = wave.reduce <max> %x cluster(size = 8) : f32
    memref.store %max8, %Max[%c2, %l] : memref<6x128xf32>
    %max16 = wave.reduce <max> %x cluster(size = 16) : f32
    memref.store %max16, %Max[%c3, %l] : memref<6x128xf32>
    %max32 = wave.reduce <max> %x cluster(size = 32) : f32
    memref.store %max32, %Max[%c4, %l] : memref<6x128xf32>
    %max64 = wave.reduce <max> %x cluster(size = 64) : f32
    memref.store %max64, %Max[%c5, %l] : memref<6x128xf32>
    %min2 = wave.reduce <min> %x cluster(size = 2) : f32
    memref.store %min2, %Min[%c0, %l] : memref<6x128xf32>
    %min4 = wave.reduce <min> %x cluster(size = 4) : f32
    memref.store %min4, %Min[%c1, %l] : memref<6x128xf32>
    %min8 = wave.reduce <min> %x cluster(size = 8) : f32
    memref.store %min8, %Min[%c2, %l] : memref<6x128xf32>
    %min16 = wave.reduce <min> %x cluster(size = 16) : f32
    memref.store %min16, %Min[%c3, %l] : memref<6x128xf32>
    %min32 = wave.reduce <min> %x cluster(size = 32) : f32
    memref.store %min32, %Min[%c4, %l] : memref<6x128xf32>
    %min64 = wave.reduce <min> %x cluster(size = 64) : f32
    memref.store %min64, %Min[%c5, %l] : memref<6x128xf32>
    gpu.return
  }

  gpu.func @f16(%X: memref<128xf16>, %Add: memref<6x128xf16>, %Max: memref<6x128xf16>, %Min: memref<6x128xf16>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<128xf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %add2 = wave.reduce <add> %x cluster(size = 2) : f16
    memref.store %add2, %Add[%c0, %l] : memref<6x128xf16>
    %add4 = wave.reduce <add> %x cluster(size = 4) : f16
    memref.store %add4, %Add[%c1, %l] : memref<6x128xf16>
    %add8 = wave.reduce <add> %x cluster(size = 8) : f16
    memref.store %add8, %Add[%c2, %l] : memref<6x128xf16>
    %add16 = wave.reduce <add> %x cluster(size = 16) : f16
    memref.store %add16, %Add[%c3, %l] : memref<6x128xf16>
    %add32 = wave.reduce <add> %x cluster(size = 32) : f16
    memref.store %add32, %Add[%c4, %l] : memref<6x128xf16>
    %add64 = wave.reduce <add> %x cluster(size = 64) : f16
    memref.store %add64, %Add[%c5, %l] : memref<6x128xf16>
    %max2 = wave.reduce <max> %x cluster(size = 2) : f16
    memref.store %max2, %Max[%c0, %l] : memref<6x128xf16>
    %max4 = wave.reduce <max> %x cluster(size = 4) : f16
    memref.store %max4, %Max[%c1, %l] : memref<6x128xf16>
    %max8 = wave.reduce <max> %x cluster(size = 8) : f16
    memref.store %max8, %Max[%c2, %l] : memref<6x128xf16>
    %max16 = wave.reduce <max> %x cluster(size = 16) : f16
    memref.store %max16, %Max[%c3, %l] : memref<6x128xf16>
    %max32 = wave.reduce <max> %x cluster(size = 32) : f16
    memref.store %max32, %Max[%c4, %l] : memref<6x128xf16>
    %max64 = wave.reduce <max> %x cluster(size = 64) : f16
    memref.store %max64, %Max[%c5, %l] : memref<6x128xf16>
    %min2 = wave.reduce <min> %x cluster(size = 2) : f16
    memref.store %min2, %Min[%c0, %l] : memref<6x128xf16>
    %min4 = wave.reduce <min> %x cluster(size = 4) : f16
    memref.store %min4, %Min[%c1, %l] : memref<6x128xf16>
    %min8 = wave.reduce <min> %x cluster(size = 8) : f16
    memref.store %min8, %Min[%c2, %l] : memref<6x128xf16>
    %min16 = wave.reduce <min> %x cluster(size = 16) : f16
    memref.store %min16, %Min[%c3, %l] : memref<6x128xf16>
    %min32 = wave.reduce <min> %x cluster(size = 32) : f16
    memref.store %min32, %Min[%c4, %l] : memref<6x128xf16>
    %min64 = wave.reduce <min> %x cluster(size = 64) : f16
    memref.store %min64, %Min[%c5, %l] : memref<6x128xf16>
    gpu.return
  }

  gpu.func @i32(%X: memref<128xi32>, %Add: memref<6x128xi32>, %Max: memref<6x128xi32>, %Min: memref<6x128xi32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<128xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %add2 = wave.reduce <add> %x cluster(size = 2) : i32
    memref.store %add2, %Add[%c0, %l] : memref<6x128xi32>
    %add4 = wave.reduce <add> %x cluster(size = 4) : i32
    memref.store %add4, %Add[%c1, %l] : memref<6x128xi32>
    %add8 = wave.reduce <add> %x cluster(size = 8) : i32
    memref.store %add8, %Add[%c2, %l] : memref<6x128xi32>
    %add16 = wave.reduce <add> %x cluster(size = 16) : i32
    memref.store %add16, %Add[%c3, %l] : memref<6x128xi32>
    %add32 = wave.reduce <add> %x cluster(size = 32) : i32
    memref.store %add32, %Add[%c4, %l] : memref<6x128xi32>
    %add64 = wave.reduce <add> %x cluster(size = 64) : i32
    memref.store %add64, %Add[%c5, %l] : memref<6x128xi32>
    %max2 = wave.reduce <max> %x cluster(size = 2) : i32
    memref.store %max2, %Max[%c0, %l] : memref<6x128xi32>
    %max4 = wave.reduce <max> %x cluster(size = 4) : i32
    memref.store %max4, %Max[%c1, %l] : memref<6x128xi32>
    %max8 = wave.reduce <max> %x cluster(size = 8) : i32
    memref.store %max8, %Max[%c2, %l] : memref<6x128xi32>
    %max16 = wave.reduce <max> %x cluster(size = 16) : i32
    memref.store %max16, %Max[%c3, %l] : memref<6x128xi32>
    %max32 = wave.reduce <max> %x cluster(size = 32) : i32
    memref.store %max32, %Max[%c4, %l] : memref<6x128xi32>
    %max64 = wave.reduce <max> %x cluster(size = 64) : i32
    memref.store %max64, %Max[%c5, %l] : memref<6x128xi32>
    %min2 = wave.reduce <min> %x cluster(size = 2) : i32
    memref.store %min2, %Min[%c0, %l] : memref<6x128xi32>
    %min4 = wave.reduce <min> %x cluster(size = 4) : i32
    memref.store %min4, %Min[%c1, %l] : memref<6x128xi32>
    %min8 = wave.reduce <min> %x cluster(size = 8) : i32
    memref.store %min8, %Min[%c2, %l] : memref<6x128xi32>
    %min16 = wave.reduce <min> %x cluster(size = 16) : i32
    memref.store %min16, %Min[%c3, %l] : memref<6x128xi32>
    %min32 = wave.reduce <min> %x cluster(size = 32) : i32
    memref.store %min32, %Min[%c4, %l] : memref<6x128xi32>
    %min64 = wave.reduce <min> %x cluster(size = 64) : i32
    memref.store %min64, %Min[%c5, %l] : memref<6x128xi32>
    gpu.return
  }

  gpu.func @i8(%X: memref<128xi8>, %Add: memref<2x128xi8>, %Max: memref<2x128xi8>, %Min: memref<2x128xi8>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<128xi8>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %add8 = wave.reduce <add> %x cluster(size = 8) : i8
    memref.store %add8, %Add[%c0, %l] : memref<2x128xi8>
    %add32 = wave.reduce <add> %x cluster(size = 32) : i8
    memref.store %add32, %Add[%c1, %l] : memref<2x128xi8>
    %max8 = wave.reduce <max> %x cluster(size = 8) : i8
    memref.store %max8, %Max[%c0, %l] : memref<2x128xi8>
    %max32 = wave.reduce <max> %x cluster(size = 32) : i8
    memref.store %max32, %Max[%c1, %l] : memref<2x128xi8>
    %min8 = wave.reduce <min> %x cluster(size = 8) : i8
    memref.store %min8, %Min[%c0, %l] : memref<2x128xi8>
    %min32 = wave.reduce <min> %x cluster(size = 32) : i8
    memref.store %min32, %Min[%c1, %l] : memref<2x128xi8>
    gpu.return
  }

  gpu.func @half(%X: memref<128xf32>, %Add: memref<2x128xf32>, %Max: memref<2x128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<128xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %lane = arith.remui %l, %c64 : index
    %upper = arith.cmpi uge, %lane, %c32 : index
    scf.if %upper {
      %add16 = wave.reduce <add> %x cluster(size = 16) : f32
      memref.store %add16, %Add[%c0, %l] : memref<2x128xf32>
      %add32 = wave.reduce <add> %x cluster(size = 32) : f32
      memref.store %add32, %Add[%c1, %l] : memref<2x128xf32>
      %max16 = wave.reduce <max> %x cluster(size = 16) : f32
      memref.store %max16, %Max[%c0, %l] : memref<2x128xf32>
      %max32 = wave.reduce <max> %x cluster(size = 32) : f32
      memref.store %max32, %Max[%c1, %l] : memref<2x128xf32>
    }
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
      %sum = wave.reduce <add> %x cluster(size = 16) : f32
      memref.store %sum, %Y[%l] : memref<64xf32>
    }
    gpu.return
  }
}
