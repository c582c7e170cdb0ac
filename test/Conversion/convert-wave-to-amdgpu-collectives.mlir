// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' | FileCheck %s

// Collectives combine the active lanes only: a full wave (the ballot of
// `true` is all ones) takes the fast path, any other takes a loop over the
// active lanes reading each with rocdl.readlane. The reductions and scans
// below run under a branch on the lane id, where part of a wave may be
// active; those every lane runs are at the end of the file.

gpu.module @m {
  // CHECK-LABEL: gpu.func @reduce
  // CHECK-SAME: ([[X:%[A-Za-z0-9_]+]]: f32, [[N:%[A-Za-z0-9_]+]]: i8)
  // CHECK: [[ACTIVE:%[A-Za-z0-9_]+]] = rocdl.ballot %{{.*}} : i64
  // CHECK: [[ALL:%[A-Za-z0-9_-]+]] = arith.constant -1 : i64
  // CHECK: [[FULL:%[A-Za-z0-9_]+]] = arith.cmpi eq, [[ACTIVE]], [[ALL]] : i64
  // CHECK: scf.if [[FULL]] -> (f32) {
  // CHECK:   [[R:%[A-Za-z0-9_]+]] = gpu.subgroup_reduce add [[X]] uniform : (f32) -> f32
  // CHECK:   scf.yield [[R]] : f32
  // CHECK: } else {
  // CHECK:   [[ZERO:%[A-Za-z0-9_]+]] = arith.constant 0.000000e+00 : f32
  // CHECK:   [[MASK:%[A-Za-z0-9_]+]] = rocdl.ballot %{{.*}} : i64
  // CHECK:   scf.while ([[LEFT:%[A-Za-z0-9_]+]] = [[MASK]], [[ACC:%[A-Za-z0-9_]+]] = [[ZERO]]) : (i64, f32) -> (i64, f32) {
  // CHECK:     arith.cmpi ne, [[LEFT]], %{{.*}} : i64
  // CHECK:   } do {
  // CHECK:     [[LOW:%[A-Za-z0-9_]+]] = math.cttz %{{.*}} : i64
  // CHECK:     [[LANE:%[A-Za-z0-9_]+]] = arith.trunci [[LOW]] : i64 to i32
  // CHECK:     [[OTHER:%[A-Za-z0-9_]+]] = rocdl.readlane [[X]], [[LANE]] : (f32, i32) -> f32
  // CHECK:     arith.addf %{{.*}}, [[OTHER]] : f32
  // Narrow integers reduce sign-extended; the loop starts at the identity.
  // CHECK: [[WIDE:%[A-Za-z0-9_]+]] = arith.extsi [[N]] : i8 to i32
  // CHECK: [[M:%[A-Za-z0-9_]+]] = gpu.subgroup_reduce minsi [[WIDE]] uniform : (i32) -> i32
  // CHECK: arith.trunci [[M]] : i32 to i8
  // CHECK: arith.constant 127 : i8
  // CHECK: arith.minsi %{{.*}}, %{{.*}} : i8
  gpu.func @reduce(%x: f32, %n: i8) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %c3 = arith.constant 3 : index
    %some = arith.cmpi ult, %tid, %c3 : index
    scf.if %some {
      %r = wave.reduce <add> %x : f32
      %m = wave.reduce <min> %n : i8
    }
    gpu.return
  }

  // A reduction over clusters reads every lane of each cluster, all active
  // by its definition: no ballot, no branch, no readlane loop, and no
  // `uniform` (only each cluster is whole). Narrow integers are widened as
  // for the whole wave.
  // CHECK-LABEL: gpu.func @reduce_clusters
  // CHECK-SAME: ([[X:%[A-Za-z0-9_]+]]: f32, [[N:%[A-Za-z0-9_]+]]: i16)
  // CHECK-NOT: rocdl.ballot
  // CHECK-NOT: scf.if
  // CHECK: [[R:%[A-Za-z0-9_]+]] = gpu.subgroup_reduce maxnumf [[X]] cluster(size = 16) : (f32) -> f32
  // CHECK: [[WIDE:%[A-Za-z0-9_]+]] = arith.extsi [[N]] : i16 to i32
  // CHECK: [[S:%[A-Za-z0-9_]+]] = gpu.subgroup_reduce add [[WIDE]] cluster(size = 64) : (i32) -> i32
  // CHECK: arith.trunci [[S]] : i32 to i16
  // CHECK-NOT: rocdl.ballot
  // CHECK: gpu.return
  gpu.func @reduce_clusters(%x: f32, %n: i16) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %r = wave.reduce <max> %x cluster(size = 16) : f32
    %s = wave.reduce <add> %n cluster(size = 64) : i16
    gpu.return
  }

  // Waves of 32 use i32 masks. A full wave scans with shuffles up by 1, 2,
  // 4, 8 and 16 (lanes below the distance keep their prefix), then shifts
  // by one for the exclusive scan, lane 0 getting the identity.
  // CHECK-LABEL: gpu.func @scan
  // CHECK-SAME: ([[X:%[A-Za-z0-9_]+]]: i32)
  // CHECK: rocdl.ballot %{{.*}} : i32
  // CHECK: scf.if %{{.*}} -> (i32) {
  // CHECK:   [[LID:%[A-Za-z0-9_]+]] = gpu.lane_id upper_bound 32
  // CHECK:   [[LANE:%[A-Za-z0-9_]+]] = arith.index_castui [[LID]] : index to i32
  // CHECK:   [[S1:%[A-Za-z0-9_]+]], %{{.*}} = gpu.shuffle up [[X]], %{{.*}}, [[W:%[A-Za-z0-9_]+]] : i32
  // CHECK:   [[IN1:%[A-Za-z0-9_]+]] = arith.cmpi uge, [[LANE]], %{{.*}} : i32
  // CHECK:   [[SUM1:%[A-Za-z0-9_]+]] = arith.addi [[S1]], [[X]] : i32
  // CHECK:   [[P1:%[A-Za-z0-9_]+]] = arith.select [[IN1]], [[SUM1]], [[X]] : i32
  // CHECK:   gpu.shuffle up [[P1]]
  // CHECK:   gpu.shuffle up
  // CHECK:   gpu.shuffle up
  // CHECK:   [[S16:%[A-Za-z0-9_]+]], %{{.*}} = gpu.shuffle up %{{.*}}, %{{.*}}, %{{.*}} : i32
  // CHECK:   [[INC:%[A-Za-z0-9_]+]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
  // CHECK:   [[SHIFTED:%[A-Za-z0-9_]+]], %{{.*}} = gpu.shuffle up [[INC]]
  // CHECK:   [[IDENTITY:%[A-Za-z0-9_]+]] = arith.constant 0 : i32
  // CHECK:   [[EXC:%[A-Za-z0-9_]+]] = arith.select %{{.*}}, [[SHIFTED]], [[IDENTITY]] : i32
  // CHECK:   scf.yield [[EXC]] : i32
  // CHECK: } else {
  // CHECK:   [[ME:%[A-Za-z0-9_]+]] = arith.index_castui %{{.*}} : index to i32
  // CHECK:   scf.while ({{.*}}) : (i32, i32, i32) -> (i32, i32, i32)
  // CHECK:     [[L:%[A-Za-z0-9_]+]] = math.cttz %{{.*}} : i32
  // CHECK:     [[V:%[A-Za-z0-9_]+]] = rocdl.readlane [[X]], [[L]] : (i32, i32) -> i32
  // CHECK:     [[RUNNING:%[A-Za-z0-9_]+]] = arith.addi [[BEFORE:%[A-Za-z0-9_]+]], [[V]] : i32
  // CHECK:     [[MINE:%[A-Za-z0-9_]+]] = arith.cmpi eq, [[L]], [[ME]] : i32
  // CHECK:     arith.select [[MINE]], [[BEFORE]], %{{.*}} : i32
  gpu.func @scan(%x: i32) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %tid = gpu.thread_id x
    %c3 = arith.constant 3 : index
    %some = arith.cmpi ult, %tid, %c3 : index
    scf.if %some {
      %s = wave.scan <add> %x exclusive : i32
    }
    gpu.return
  }

  // CHECK-LABEL: gpu.func @lanes
  // CHECK-SAME: ([[X:%[A-Za-z0-9_]+]]: f16, [[N:%[A-Za-z0-9_]+]]: i32, [[P:%[A-Za-z0-9_]+]]: i1)
  // Broadcast reads the lane with readlane; 16-bit values travel in 32 bits.
  // CHECK: [[THREE:%[A-Za-z0-9_]+]] = arith.constant 3 : i32
  // CHECK: [[BITS:%[A-Za-z0-9_]+]] = arith.bitcast [[X]] : f16 to i16
  // CHECK: [[WIDE:%[A-Za-z0-9_]+]] = arith.extui [[BITS]] : i16 to i32
  // CHECK: [[READ:%[A-Za-z0-9_]+]] = rocdl.readlane [[WIDE]], [[THREE]] : (i32, i32) -> i32
  // CHECK: [[NARROW:%[A-Za-z0-9_]+]] = arith.trunci [[READ]] : i32 to i16
  // CHECK: arith.bitcast [[NARROW]] : i16 to f16
  // Shuffle up: a lane whose source is below lane 0 keeps its value.
  // CHECK: [[SH:%[A-Za-z0-9_]+]], %{{.*}} = gpu.shuffle up [[N]], [[N]], %{{.*}} : i32
  // CHECK: [[LID:%[A-Za-z0-9_]+]] = gpu.lane_id upper_bound 64
  // CHECK: [[LANE:%[A-Za-z0-9_]+]] = arith.index_castui [[LID]] : index to i32
  // CHECK: [[VALID:%[A-Za-z0-9_]+]] = arith.cmpi uge, [[LANE]], [[N]] : i32
  // CHECK: arith.select [[VALID]], [[SH]], [[N]] : i32
  // Ballot, any (some vote) and all (every active lane votes).
  // CHECK: rocdl.ballot [[P]] : i64
  // CHECK: [[VOTES:%[A-Za-z0-9_]+]] = rocdl.ballot [[P]] : i64
  // CHECK: arith.cmpi ne, [[VOTES]], %{{.*}} : i64
  // CHECK: [[YES:%[A-Za-z0-9_]+]] = rocdl.ballot [[P]] : i64
  // CHECK: [[ACTIVE:%[A-Za-z0-9_]+]] = rocdl.ballot %{{.*}} : i64
  // CHECK: arith.cmpi eq, [[YES]], [[ACTIVE]] : i64
  gpu.func @lanes(%x: f16, %n: i32, %p: i1) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %b = wave.broadcast %x, lane 3 : f16
    %s = wave.shuffle <up> %n, %n : i32
    %bal = wave.ballot %p : i64
    %any = wave.any %p
    %all = wave.all %p
    gpu.return
  }

  // Without a wave.kernel attribute the wave size is the module target's.
  // CHECK-LABEL: gpu.func @from_target
  // CHECK: rocdl.ballot %{{.*}} : i32
}

gpu.module @target [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32", abi = "500">] {
  gpu.func @from_target(%p: i1) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %b = wave.ballot %p : i32
    gpu.return
  }
}

// GFX11 waves of 64 permute each 32-lane half on its own: a shuffle reads
// the source's position in both halves (the other one swapped in by
// permlane64) and keeps the source's. GFX12 permutes across the whole wave.
// CHECK-LABEL: gpu.func @gfx11_wave64
// CHECK-SAME: ([[X:%[A-Za-z0-9_]+]]: f32, [[N:%[A-Za-z0-9_]+]]: i32)
// CHECK: [[LANE:%[A-Za-z0-9_]+]] = arith.index_castui %{{.*}} : index to i32
// CHECK: [[SOURCE:%[A-Za-z0-9_]+]] = arith.xori [[LANE]], [[N]] : i32
// CHECK: [[BITS:%[A-Za-z0-9_]+]] = arith.bitcast [[X]] : f32 to i32
// CHECK: [[POS:%[A-Za-z0-9_]+]] = arith.andi [[SOURCE]], %{{.*}} : i32
// CHECK: [[ADDRESS:%[A-Za-z0-9_]+]] = arith.shli [[POS]], %{{.*}} : i32
// CHECK: [[OWN:%[A-Za-z0-9_]+]] = rocdl.ds_bpermute [[ADDRESS]], [[BITS]] : (i32, i32) -> i32
// CHECK: [[SWAPPED:%[A-Za-z0-9_]+]] = llvm.call_intrinsic "llvm.amdgcn.permlane64"([[BITS]]) : (i32) -> i32
// CHECK: [[OTHER:%[A-Za-z0-9_]+]] = rocdl.ds_bpermute [[ADDRESS]], [[SWAPPED]] : (i32, i32) -> i32
// CHECK: [[DIFFER:%[A-Za-z0-9_]+]] = arith.xori [[SOURCE]], [[LANE]] : i32
// CHECK: [[HALF:%[A-Za-z0-9_]+]] = arith.andi [[DIFFER]], %{{.*}} : i32
// CHECK: [[CROSSES:%[A-Za-z0-9_]+]] = arith.cmpi ne, [[HALF]], %{{.*}} : i32
// CHECK: [[MOVED:%[A-Za-z0-9_]+]] = arith.select [[CROSSES]], [[OTHER]], [[OWN]] : i32
// CHECK: [[RESULT:%[A-Za-z0-9_]+]] = arith.bitcast [[MOVED]] : i32 to f32
// CHECK: arith.select %{{.*}}, [[RESULT]], [[X]] : f32
// CHECK-NOT: gpu.shuffle
// CHECK-LABEL: gpu.func @gfx12_wave64
// CHECK: gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : f32
gpu.module @rdna {
  gpu.func @gfx11_wave64(%x: f32, %n: i32) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 64>} {
    %s = wave.shuffle <xor> %x, %n : f32
    gpu.return
  }
  gpu.func @gfx12_wave64(%x: f32, %n: i32) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1201", wave_size = 64>} {
    %s = wave.shuffle <xor> %x, %n : f32
    gpu.return
  }

  // Every lane of the wave runs a reduction or scan at the top of a kernel
  // of whole waves, or under branches and loops that decide alike in each
  // wave (`tid < 64` in waves of 64, workgroup-uniform bounds): no test of
  // the exec mask, the whole-wave lowering alone.
  // CHECK-LABEL: gpu.func @whole_wave
  // CHECK-SAME: ([[X:%[A-Za-z0-9_]+]]: f32, [[N:%[A-Za-z0-9_]+]]: index)
  // CHECK-NOT: rocdl.ballot
  // CHECK-NOT: scf.while
  // CHECK: gpu.subgroup_reduce add [[X]] uniform : (f32) -> f32
  // CHECK: scf.if %{{.*}} {
  // CHECK: gpu.subgroup_reduce maxnumf [[X]] uniform : (f32) -> f32
  // CHECK: scf.for
  // CHECK: gpu.shuffle up
  // CHECK-NOT: rocdl.ballot
  // CHECK-NOT: scf.while
  // CHECK: gpu.return
  gpu.func @whole_wave(%x: f32, %n: index) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %r = wave.reduce <add> %x : f32
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %first_wave = arith.cmpi ult, %tid, %c64 : index
    scf.if %first_wave {
      %m = wave.reduce <max> %x : f32
    }
    scf.for %i = %c0 to %n step %c1 {
      %s = wave.scan <add> %x : f32
    }
    gpu.return
  }

  // A workgroup of 96 lanes ends in half a wave, and a loop whose bounds
  // differ between lanes leaves lanes behind: both test the exec mask.
  // CHECK-LABEL: gpu.func @partial_wave
  // CHECK: rocdl.ballot
  // CHECK: scf.while
  // CHECK-LABEL: gpu.func @divergent_loop
  // CHECK: scf.for
  // CHECK: rocdl.ballot
  // CHECK: scf.while
  gpu.func @partial_wave(%x: f32) kernel
      attributes {known_block_size = array<i32: 96, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %r = wave.reduce <add> %x : f32
    gpu.return
  }
  gpu.func @divergent_loop(%x: f32) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %tid step %c1 {
      %r = wave.reduce <add> %x : f32
    }
    gpu.return
  }
}
