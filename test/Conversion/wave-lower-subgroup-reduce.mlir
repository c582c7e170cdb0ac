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

// Clusters of consecutive lanes on gfx942 take the DPP steps their size
// needs: 2 lanes one quad permute, 16 up to row_mirror, 32 the row
// broadcast into rows 1 and 3 and a ds_swizzle (bit-mask mode: and 0, or
// 31, xor 0) that gives every lane lane 31 of its half, 64 the whole
// wave's row_bcast:31 and readlane of lane 63; 64-bit values the same.
// CHECK-LABEL: gpu.func @clusters64
// CHECK-SAME: ([[X:%[A-Za-z0-9_]+]]: f32, [[D:%[A-Za-z0-9_]+]]: f64
// CHECK: [[LAST:%[A-Za-z0-9_]+]] = arith.constant 63 : i32
// CHECK: [[C2:%[A-Za-z0-9_]+]] = amdgpu.dpp [[X]] [[X]] quad_perm([1 : i32, 0 : i32, 3 : i32, 2 : i32]) {bound_ctrl = true} : f32
// CHECK-NEXT: [[R2:%[A-Za-z0-9_]+]] = arith.addf [[X]], [[C2]] : f32
// CHECK-NEXT: memref.store [[R2]]
// CHECK: amdgpu.dpp [[X]] [[X]] quad_perm([1 : i32, 0 : i32, 3 : i32, 2 : i32])
// CHECK-NEXT: arith.addf
// CHECK-NEXT: amdgpu.dpp {{.*}} quad_perm([2 : i32, 3 : i32, 0 : i32, 1 : i32])
// CHECK-NEXT: arith.addf
// CHECK-NEXT: amdgpu.dpp {{.*}} row_half_mirror(unit) {bound_ctrl = true}
// CHECK-NEXT: arith.addf
// CHECK-NEXT: amdgpu.dpp {{.*}} row_mirror(unit) {bound_ctrl = true}
// CHECK-NEXT: [[R16:%[A-Za-z0-9_]+]] = arith.addf
// CHECK-NEXT: memref.store [[R16]]
// CHECK: amdgpu.dpp {{.*}} row_mirror
// CHECK-NEXT: arith.addf
// CHECK-NEXT: [[B15:%[A-Za-z0-9_]+]] = amdgpu.dpp [[S:%[A-Za-z0-9_]+]] [[S]] row_bcast_15(unit) {row_mask = 10 : i32} : f32
// CHECK-NEXT: [[R:%[A-Za-z0-9_]+]] = arith.addf [[S]], [[B15]] : f32
// CHECK-NEXT: [[R32:%[A-Za-z0-9_]+]] = amdgpu.swizzle_bitmode [[R]] 0 31 0 : f32
// CHECK-NEXT: memref.store [[R32]]
// CHECK: amdgpu.dpp {{.*}} row_bcast_15
// CHECK-NEXT: arith.addf
// CHECK-NEXT: amdgpu.dpp {{.*}} row_bcast_31(unit) {bound_ctrl = true} : f32
// CHECK-NEXT: arith.addf
// CHECK-NEXT: [[R64:%[A-Za-z0-9_]+]] = rocdl.readlane %{{.*}}, [[LAST]] : (f32, i32) -> f32
// CHECK-NEXT: memref.store [[R64]]
// CHECK: amdgpu.dpp [[D]] [[D]] quad_perm
// CHECK: amdgpu.dpp {{.*}} row_bcast_15(unit) {row_mask = 10 : i32} : f64
// CHECK-NEXT: arith.maxnumf
// CHECK-NEXT: amdgpu.swizzle_bitmode {{.*}} 0 31 0 : f64
// CHECK-NOT: gpu.subgroup_reduce
gpu.module @m [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @clusters64(%x: f32, %d: f64, %o: memref<4xf32>, %od: memref<1xf64>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %r2 = gpu.subgroup_reduce add %x cluster(size = 2) : (f32) -> f32
    memref.store %r2, %o[%c0] : memref<4xf32>
    %r16 = gpu.subgroup_reduce add %x cluster(size = 16) : (f32) -> f32
    memref.store %r16, %o[%c1] : memref<4xf32>
    %r32 = gpu.subgroup_reduce add %x cluster(size = 32) : (f32) -> f32
    memref.store %r32, %o[%c2] : memref<4xf32>
    %r64 = gpu.subgroup_reduce add %x cluster(size = 64) : (f32) -> f32
    memref.store %r64, %o[%c3] : memref<4xf32>
    %m32 = gpu.subgroup_reduce maxnumf %d cluster(size = 32) : (f64) -> f64
    memref.store %m32, %od[%c0] : memref<1xf64>
    gpu.return
  }
}

// -----

// gfx1100, waves of 32: 8 lanes stop at row_half_mirror; 32, the whole wave,
// crosses the rows with permlanex16 and reads lane 31.
// CHECK-LABEL: gpu.func @clusters32
// CHECK: [[LAST:%[A-Za-z0-9_]+]] = arith.constant 31 : i32
// CHECK: amdgpu.dpp {{.*}} quad_perm([1 : i32, 0 : i32, 3 : i32, 2 : i32])
// CHECK-NEXT: arith.minsi
// CHECK-NEXT: amdgpu.dpp {{.*}} quad_perm([2 : i32, 3 : i32, 0 : i32, 1 : i32])
// CHECK-NEXT: arith.minsi
// CHECK-NEXT: amdgpu.dpp {{.*}} row_half_mirror
// CHECK-NEXT: [[R8:%[A-Za-z0-9_]+]] = arith.minsi
// CHECK-NEXT: memref.store [[R8]]
// CHECK: amdgpu.dpp {{.*}} row_mirror
// CHECK-NEXT: arith.addi
// CHECK-NEXT: rocdl.permlanex16
// CHECK-NEXT: arith.addi
// CHECK-NEXT: rocdl.readlane %{{.*}}, [[LAST]] : (i32, i32) -> i32
// CHECK-NOT: row_bcast
// CHECK-NOT: swizzle
gpu.module @m [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32">] {
  gpu.func @clusters32(%x: i32, %o: memref<2xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r8 = gpu.subgroup_reduce minsi %x cluster(size = 8) : (i32) -> i32
    memref.store %r8, %o[%c0] : memref<2xi32>
    %r32 = gpu.subgroup_reduce add %x cluster(size = 32) : (i32) -> i32
    memref.store %r32, %o[%c1] : memref<2xi32>
    gpu.return
  }
}

// -----

// Strided clusters and vectors take the shuffle butterflies of 64-bit
// words: a cluster of 4 lanes 8 apart XORs the lane with 8 and 16; a
// vector<2xf16>, padded to 64 bits, with 1 and 2 for 4 lanes.
// CHECK-LABEL: gpu.func @shuffles
// CHECK-NOT: amdgpu.dpp
// CHECK: gpu.shuffle {{ *}}xor %{{.*}}, %c8_i32, %c64_i32 : i64
// CHECK: arith.maxnumf
// CHECK: gpu.shuffle {{ *}}xor %{{.*}}, %c16_i32, %c64_i32 : i64
// CHECK: arith.maxnumf
// CHECK: vector.bitcast %{{.*}} : vector<4xf16> to vector<1xi64>
// CHECK: gpu.shuffle {{ *}}xor %{{.*}}, %c1_i32, %c64_i32 : i64
// CHECK: gpu.shuffle {{ *}}xor %{{.*}}, %c2_i32, %c64_i32 : i64
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: gpu.subgroup_reduce
gpu.module @m [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @shuffles(%x: f32, %h: vector<2xf16>, %o: memref<1xf32>, %oh: memref<1xvector<2xf16>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %r = gpu.subgroup_reduce maxnumf %x cluster(size = 4, stride = 8) : (f32) -> f32
    memref.store %r, %o[%c0] : memref<1xf32>
    %s = gpu.subgroup_reduce add %h cluster(size = 4) : (vector<2xf16>) -> vector<2xf16>
    memref.store %s, %oh[%c0] : memref<1xvector<2xf16>>
    gpu.return
  }
}

// -----

// gfx1100 in waves of 64: upstream would lower the butterfly's shuffles by
// 16 and 32 lanes to permlane16.swap and permlane32.swap, which RDNA lacks
// (the backend aborts), so vectors are reduced element by element through
// DPP: each element extracted, reduced with the same cluster, inserted.
// CHECK-LABEL: gpu.func @vectors_rdna64
// CHECK-SAME: ([[H:%[A-Za-z0-9_]+]]: vector<2xf16>
// CHECK-NOT: gpu.shuffle
// CHECK: [[E0:%[A-Za-z0-9_]+]] = vector.extract [[H]][0] : f16 from vector<2xf16>
// CHECK: amdgpu.dpp [[E0]] [[E0]] quad_perm
// CHECK: rocdl.permlanex16
// CHECK: [[E1:%[A-Za-z0-9_]+]] = vector.extract [[H]][1] : f16 from vector<2xf16>
// CHECK: amdgpu.dpp [[E1]] [[E1]] quad_perm
// CHECK: vector.insert %{{.*}}, %{{.*}} [1] : f16 into vector<2xf16>
// CHECK: vector.extract %{{.*}}[0] : i32 from vector<2xi32>
// CHECK: amdgpu.dpp {{.*}} row_mirror
// CHECK-NOT: rocdl.permlanex16
// CHECK: vector.insert %{{.*}}, %{{.*}} [1] : i32 into vector<2xi32>
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: gpu.subgroup_reduce
gpu.module @m [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64">] {
  gpu.func @vectors_rdna64(%h: vector<2xf16>, %w: vector<2xi32>, %oh: memref<1xvector<2xf16>>, %ow: memref<1xvector<2xi32>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %s = gpu.subgroup_reduce add %h uniform : (vector<2xf16>) -> vector<2xf16>
    memref.store %s, %oh[%c0] : memref<1xvector<2xf16>>
    %x = gpu.subgroup_reduce xor %w cluster(size = 16) : (vector<2xi32>) -> vector<2xi32>
    memref.store %x, %ow[%c0] : memref<1xvector<2xi32>>
    gpu.return
  }
}

// -----

// Strided clusters have no DPP lowering; on RDNA in waves of 64 their
// shuffles by 16 or 32 lanes have none either.
gpu.module @m [#rocdl.target<chip = "gfx1201", features = "+wavefrontsize64">] {
  gpu.func @strided_rdna64(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @below {{has a cluster of 4 lanes 8 apart, whose shuffles by 16 or 32 lanes have no lowering on gfx1201 in waves of 64 (upstream makes them permlane16.swap or permlane32.swap, which the chip lacks)}}
    %r = gpu.subgroup_reduce add %x cluster(size = 4, stride = 8) : (f32) -> f32
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

// A cluster must fit the wave of the target (upstream's verifier checks
// powers of two only).
gpu.module @m [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32">] {
  gpu.func @cluster_above_wave(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    // expected-error @below {{has a cluster of 64 lanes 1 apart, which does not fit the 32-lane wave of gfx1100}}
    %r = gpu.subgroup_reduce add %x cluster(size = 64) : (f32) -> f32
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @strided_above_wave(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @below {{has a cluster of 8 lanes 16 apart, which does not fit the 64-lane wave of gfx942}}
    %r = gpu.subgroup_reduce add %x cluster(size = 8, stride = 16) : (f32) -> f32
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

// DPP moves and shuffles carry 64 bits: wider values are rejected at the op
// (upstream's DPP pattern would build an amdgpu.dpp that fails to verify).
gpu.module @m [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @wide_scalar(%x: i128, %out: memref<1xi128>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @below {{has no AMDGPU lowering for 'i128' (scalars and vectors of at most 64 bits are lowered)}}
    %r = gpu.subgroup_reduce add %x cluster(size = 4) : (i128) -> i128
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0] : memref<1xi128>
    gpu.return
  }
}

// -----

gpu.module @m [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @wide_vector(%x: vector<4xf32>, %out: memref<1xvector<4xf32>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @below {{has no AMDGPU lowering for 'vector<4xf32>' (scalars and vectors of at most 64 bits are lowered)}}
    %r = gpu.subgroup_reduce add %x uniform : (vector<4xf32>) -> vector<4xf32>
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0] : memref<1xvector<4xf32>>
    gpu.return
  }
}
