// wave.reduce over clusters of lanes in waves of 32, checked: every kernel
// against itself after convert-wave-to-amdgpu and wave-lower-subgroup-reduce,
// on random inputs, on each chip that runs waves of 32 (the kernels state
// gfx1100; wave-attach-target moves them). Clusters of 2, 4, 8, 16 and 32
// lanes, add, max and min, on f32, f16 (integer values, exact sums in any
// order), i32 and i8; two waves a workgroup. The lowering: quad permutes,
// row_half_mirror and row_mirror within each row of 16 lanes, then for 32
// permlanex16 across the two rows and a readlane of lane 31.
// RUN: %python -c "import numpy; r = numpy.random.default_rng(4); numpy.save('%t.h.npy', r.integers(-8, 8, 64).astype(numpy.float16))"
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
// @half reduces in lanes 16 to 31 of each wave only (clusters of 2 to 16).
//
// CHECK: comparing @{{.*}} after 'gpu.module(wave-attach-target{chip={{.*}}},convert-wave-to-amdgpu,wave-lower-subgroup-reduce)' with @{{.*}} before it
// CHECK-NOT: MISMATCH
// CHECK: PASS

gpu.module @wave32 {
  gpu.func @f32(%X: memref<64xf32>, %Add: memref<5x64xf32>, %Max: memref<5x64xf32>, %Min: memref<5x64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %add2 = wave.reduce <add> %x cluster(size = 2) : f32
    memref.store %add2, %Add[%c0, %l] : memref<5x64xf32>
    %add4 = wave.reduce <add> %x cluster(size = 4) : f32
    memref.store %add4, %Add[%c1, %l] : memref<5x64xf32>
    %add8 = wave.reduce <add> %x cluster(size = 8) : f32
    memref.store %add8, %Add[%c2, %l] : memref<5x64xf32>
    %add16 = wave.reduce <add> %x cluster(size = 16) : f32
    memref.store %add16, %Add[%c3, %l] : memref<5x64xf32>
    %add32 = wave.reduce <add> %x cluster(size = 32) : f32
    memref.store %add32, %Add[%c4, %l] : memref<5x64xf32>
    %max2 = wave.reduce <max> %x cluster(size = 2) : f32
    memref.store %max2, %Max[%c0, %l] : memref<5x64xf32>
    %max4 = wave.reduce <max> %x cluster(size = 4) : f32
    memref.store %max4, %Max[%c1, %l] : memref<5x64xf32>
    %max8 = wave.reduce <max> %x cluster(size = 8) : f32
    memref.store %max8, %Max[%c2, %l] : memref<5x64xf32>
    %max16 = wave.reduce <max> %x cluster(size = 16) : f32
    memref.store %max16, %Max[%c3, %l] : memref<5x64xf32>
    %max32 = wave.reduce <max> %x cluster(size = 32) : f32
    memref.store %max32, %Max[%c4, %l] : memref<5x64xf32>
    %min2 = wave.reduce <min> %x cluster(size = 2) : f32
    memref.store %min2, %Min[%c0, %l] : memref<5x64xf32>
    %min4 = wave.reduce <min> %x cluster(size = 4) : f32
    memref.store %min4, %Min[%c1, %l] : memref<5x64xf32>
    %min8 = wave.reduce <min> %x cluster(size = 8) : f32
    memref.store %min8, %Min[%c2, %l] : memref<5x64xf32>
    %min16 = wave.reduce <min> %x cluster(size = 16) : f32
    memref.store %min16, %Min[%c3, %l] : memref<5x64xf32>
    %min32 = wave.reduce <min> %x cluster(size = 32) : f32
    memref.store %min32, %Min[%c4, %l] : memref<5x64xf32>
    gpu.return
  }

  gpu.func @f16(%X: memref<64xf16>, %Add: memref<5x64xf16>, %Max: memref<5x64xf16>, %Min: memref<5x64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %add2 = wave.reduce <add> %x cluster(size = 2) : f16
    memref.store %add2, %Add[%c0, %l] : memref<5x64xf16>
    %add4 = wave.reduce <add> %x cluster(size = 4) : f16
    memref.store %add4, %Add[%c1, %l] : memref<5x64xf16>
    %add8 = wave.reduce <add> %x cluster(size = 8) : f16
    memref.store %add8, %Add[%c2, %l] : memref<5x64xf16>
    %add16 = wave.reduce <add> %x cluster(size = 16) : f16
    memref.store %add16, %Add[%c3, %l] : memref<5x64xf16>
    %add32 = wave.reduce <add> %x cluster(size = 32) : f16
    memref.store %add32, %Add[%c4, %l] : memref<5x64xf16>
    %max2 = wave.reduce <max> %x cluster(size = 2) : f16
    memref.store %max2, %Max[%c0, %l] : memref<5x64xf16>
    %max4 = wave.reduce <max> %x cluster(size = 4) : f16
    memref.store %max4, %Max[%c1, %l] : memref<5x64xf16>
    %max8 = wave.reduce <max> %x cluster(size = 8) : f16
    memref.store %max8, %Max[%c2, %l] : memref<5x64xf16>
    %max16 = wave.reduce <max> %x cluster(size = 16) : f16
    memref.store %max16, %Max[%c3, %l] : memref<5x64xf16>
    %max32 = wave.reduce <max> %x cluster(size = 32) : f16
    memref.store %max32, %Max[%c4, %l] : memref<5x64xf16>
    %min2 = wave.reduce <min> %x cluster(size = 2) : f16
    memref.store %min2, %Min[%c0, %l] : memref<5x64xf16>
    %min4 = wave.reduce <min> %x cluster(size = 4) : f16
    memref.store %min4, %Min[%c1, %l] : memref<5x64xf16>
    %min8 = wave.reduce <min> %x cluster(size = 8) : f16
    memref.store %min8, %Min[%c2, %l] : memref<5x64xf16>
    %min16 = wave.reduce <min> %x cluster(size = 16) : f16
    memref.store %min16, %Min[%c3, %l] : memref<5x64xf16>
    %min32 = wave.reduce <min> %x cluster(size = 32) : f16
    memref.store %min32, %Min[%c4, %l] : memref<5x64xf16>
    gpu.return
  }

  gpu.func @i32(%X: memref<64xi32>, %Add: memref<5x64xi32>, %Max: memref<5x64xi32>, %Min: memref<5x64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %add2 = wave.reduce <add> %x cluster(size = 2) : i32
    memref.store %add2, %Add[%c0, %l] : memref<5x64xi32>
    %add4 = wave.reduce <add> %x cluster(size = 4) : i32
    memref.store %add4, %Add[%c1, %l] : memref<5x64xi32>
    %add8 = wave.reduce <add> %x cluster(size = 8) : i32
    memref.store %add8, %Add[%c2, %l] : memref<5x64xi32>
    %add16 = wave.reduce <add> %x cluster(size = 16) : i32
    memref.store %add16, %Add[%c3, %l] : memref<5x64xi32>
    %add32 = wave.reduce <add> %x cluster(size = 32) : i32
    memref.store %add32, %Add[%c4, %l] : memref<5x64xi32>
    %max2 = wave.reduce <max> %x cluster(size = 2) : i32
    memref.store %max2, %Max[%c0, %l] : memref<5x64xi32>
    %max4 = wave.reduce <max> %x cluster(size = 4) : i32
    memref.store %max4, %Max[%c1, %l] : memref<5x64xi32>
    %max8 = wave.reduce <max> %x cluster(size = 8) : i32
    memref.store %max8, %Max[%c2, %l] : memref<5x64xi32>
    %max16 = wave.reduce <max> %x cluster(size = 16) : i32
    memref.store %max16, %Max[%c3, %l] : memref<5x64xi32>
    %max32 = wave.reduce <max> %x cluster(size = 32) : i32
    memref.store %max32, %Max[%c4, %l] : memref<5x64xi32>
    %min2 = wave.reduce <min> %x cluster(size = 2) : i32
    memref.store %min2, %Min[%c0, %l] : memref<5x64xi32>
    %min4 = wave.reduce <min> %x cluster(size = 4) : i32
    memref.store %min4, %Min[%c1, %l] : memref<5x64xi32>
    %min8 = wave.reduce <min> %x cluster(size = 8) : i32
    memref.store %min8, %Min[%c2, %l] : memref<5x64xi32>
    %min16 = wave.reduce <min> %x cluster(size = 16) : i32
    memref.store %min16, %Min[%c3, %l] : memref<5x64xi32>
    %min32 = wave.reduce <min> %x cluster(size = 32) : i32
    memref.store %min32, %Min[%c4, %l] : memref<5x64xi32>
    gpu.return
  }

  gpu.func @i8(%X: memref<64xi8>, %Add: memref<2x64xi8>, %Max: memref<2x64xi8>, %Min: memref<2x64xi8>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi8>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %add8 = wave.reduce <add> %x cluster(size = 8) : i8
    memref.store %add8, %Add[%c0, %l] : memref<2x64xi8>
    %add32 = wave.reduce <add> %x cluster(size = 32) : i8
    memref.store %add32, %Add[%c1, %l] : memref<2x64xi8>
    %max8 = wave.reduce <max> %x cluster(size = 8) : i8
    memref.store %max8, %Max[%c0, %l] : memref<2x64xi8>
    %max32 = wave.reduce <max> %x cluster(size = 32) : i8
    memref.store %max32, %Max[%c1, %l] : memref<2x64xi8>
    %min8 = wave.reduce <min> %x cluster(size = 8) : i8
    memref.store %min8, %Min[%c0, %l] : memref<2x64xi8>
    %min32 = wave.reduce <min> %x cluster(size = 32) : i8
    memref.store %min32, %Min[%c1, %l] : memref<2x64xi8>
    gpu.return
  }

  gpu.func @half(%X: memref<64xf32>, %Add: memref<2x64xf32>, %Min: memref<2x64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %lane = arith.remui %l, %c32 : index
    %upper = arith.cmpi uge, %lane, %c16 : index
    scf.if %upper {
      %add4 = wave.reduce <add> %x cluster(size = 4) : f32
      memref.store %add4, %Add[%c0, %l] : memref<2x64xf32>
      %add16 = wave.reduce <add> %x cluster(size = 16) : f32
      memref.store %add16, %Add[%c1, %l] : memref<2x64xf32>
      %min2 = wave.reduce <min> %x cluster(size = 2) : f32
      memref.store %min2, %Min[%c0, %l] : memref<2x64xf32>
      %min8 = wave.reduce <min> %x cluster(size = 8) : f32
      memref.store %min8, %Min[%c1, %l] : memref<2x64xf32>
    }
    gpu.return
  }
}
