// RUN: wave-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(wave-lower-subgroup-reduce))' | FileCheck %s

// gfx942, waves of 64: DPP within rows, row broadcasts across them, and the
// last lane holds the total.
// CHECK-LABEL: gpu.func @wave64
// CHECK-SAME: ([[X:%[A-Za-z0-9_]+]]: f32
// CHECK: [[LAST:%[A-Za-z0-9_]+]] = arith.constant 63 : i32
// CHECK: [[Q1:%[A-Za-z0-9_]+]] = amdgpu.dpp [[X]] [[X]] quad_perm([1 : i32, 0 : i32, 3 : i32, 2 : i32]) {bound_ctrl = true} : f32
// CHECK: arith.addf [[X]], [[Q1]] : f32
// CHECK: amdgpu.dpp {{.*}} quad_perm([2 : i32, 3 : i32, 0 : i32, 1 : i32])
// CHECK: amdgpu.dpp {{.*}} row_half_mirror
// CHECK: amdgpu.dpp {{.*}} row_mirror
// CHECK: amdgpu.dpp {{.*}} row_bcast_15
// CHECK: amdgpu.dpp {{.*}} row_bcast_31
// CHECK: rocdl.readlane %{{.*}}, [[LAST]] : (f32, i32) -> f32
// 64-bit values too (the backend splits 64-bit DPP moves in two).
// CHECK: amdgpu.dpp {{.*}} row_bcast_31(unit) {bound_ctrl = true} : f64
// CHECK: rocdl.readlane %{{.*}}, [[LAST]] : (f64, i32) -> f64
// CHECK-NOT: gpu.subgroup_reduce
gpu.module @m [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @wave64(%x: f32, %d: f64) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %r = gpu.subgroup_reduce add %x uniform : (f32) -> f32
    %s = gpu.subgroup_reduce maxnumf %d uniform : (f64) -> f64
    gpu.return
  }
}

// -----

// gfx1100, waves of 32: no row broadcasts on RDNA; rows combine through
// permlanex16 and lane 31 holds the total.
// CHECK-LABEL: gpu.func @wave32
// CHECK: [[LAST:%[A-Za-z0-9_]+]] = arith.constant 31 : i32
// CHECK: amdgpu.dpp
// CHECK-NOT: row_bcast
// CHECK: rocdl.permlanex16
// CHECK: rocdl.readlane %{{.*}}, [[LAST]] : (i32, i32) -> i32
gpu.module @m [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32">] {
  gpu.func @wave32(%x: i32) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %r = gpu.subgroup_reduce add %x uniform : (i32) -> i32
    gpu.return
  }
}

// -----

// Without a reduction the module is left as it is: nothing is folded (the
// pipeline runs the canonicalizer just before).
// CHECK-LABEL: gpu.func @no_reduce
// CHECK: [[ONE:%[A-Za-z0-9_]+]] = arith.constant 1 : i32
// CHECK: arith.addi [[ONE]], [[ONE]] : i32
gpu.module @m [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @no_reduce(%out: memref<1xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %two = arith.addi %one, %one : i32
    memref.store %two, %out[%c0] : memref<1xi32>
    gpu.return
  }
}

// -----

// expected-error @below {{needs a #rocdl.target (run wave-attach-target)}}
gpu.module @no_target {
}

// -----

// Only whole-wave reductions are lowered: upstream's patterns for clusters
// are not applied.
gpu.module @m [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @clustered(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @below {{has no AMDGPU lowering for a reduction over clusters}}
    %r = gpu.subgroup_reduce add %x cluster(size = 16) : (f32) -> f32
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0] : memref<1xf32>
    gpu.return
  }
}
