// Upstream's gpu.subgroup_mma_* ops become the MMA kind of the kernel's chip
// (its #wave.kernel, else its gpu.module's #rocdl.target): each
// !gpu.mma_matrix the lane's vector of the kind's layout, a load or store one
// plain wave.read or wave.write per run of slots contiguous in memory, a
// compute wave.mma with a remark naming the kind; MFMA on CDNA, WMMA on
// RDNA3 (gfx11) and RDNA4 (gfx12). What no kind of the chip does, and what
// the accesses cannot express, are errors at the op.
// RUN: wave-opt %s --split-input-file --verify-diagnostics --wave-convert-subgroup-mma | FileCheck %s
//
// The statistics of the pass on the example, as one remark.
// RUN: wave-opt %examples/subgroup_mma.mlir --pass-pipeline='builtin.module(wave-convert-subgroup-mma{summary=true})' 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: remark: wave-convert-subgroup-mma: computes: 4, loads: 8, stores: 4, constants: 1, elementwise: 4
//
// The kernel before the pass (wave-run converts it) against its scalar
// reference and against itself after the pass and the whole lowering to
// amdgpu.mfma, on random inputs.
// RUN: wave-run %examples/subgroup_mma.mlir 2>/dev/null | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %examples/subgroup_mma.mlir --seed=3 2>/dev/null | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %examples/subgroup_mma.mlir --compare-pipeline='wave-to-upstream{optimize=true}' 2>/dev/null | FileCheck %s --check-prefix=AGREE
// AGREE: output 'D' (64x64xf32): agrees
// AGREE-NEXT: PASS

// One 16x16x16 product on gfx942 (the chip from the gpu.module's
// #rocdl.target): f32_16x16x16_f16, a lane's 4 elements of A along K, of B
// along K (rows, `along 0`), its 4 accumulators down 4 rows (`along 0`).
gpu.module @mfma [#rocdl.target<chip = "gfx942">] {
  gpu.func @mma16(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %B[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %c = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
    // expected-remark @below {{subgroup MMA on gfx942 as MMA kind f32_16x16x16_f16 (waves of 64 lanes)}}
    %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %d, %C[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.return
  }
}
// CHECK-DAG: #[[A16:.*]] = affine_map<(d0, d1, d2) -> (d0 + d2 mod 16, d1 + ((d2 mod 64) floordiv 16) * 4)>
// CHECK-DAG: #[[C16:.*]] = affine_map<(d0, d1, d2) -> (d0 + ((d2 mod 64) floordiv 16) * 4, d1 + d2 mod 16)>
// CHECK-LABEL: gpu.func @mma16
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: %[[A:.*]] = wave.read %{{.*}}[%[[C0:.*]], %[[C0]], %[[T]]] map #[[A16]] : memref<16x16xf16> -> vector<4xf16>
// CHECK: %[[B:.*]] = wave.read %{{.*}}[%[[C0]], %[[C0]], %[[T]]] map #[[C16]] along 0 : memref<16x16xf16> -> vector<4xf16>
// CHECK: %[[C:.*]] = vector.broadcast %{{.*}} : f32 to vector<4xf32>
// CHECK: %[[D:.*]] = wave.mma <f32_16x16x16_f16> %[[A]], %[[B]], %[[C]] : vector<4xf16>, vector<4xf16> -> vector<4xf32>
// CHECK: wave.write %[[D]], %{{.*}}[%[[C0]], %[[C0]], %[[T]]] map #[[C16]] along 0 : vector<4xf32>, memref<16x16xf32>
// CHECK-NOT: gpu.subgroup_mma

// -----

// 32x32x8 on gfx942 in a workgroup of 2 x 2 waves (the linear thread id is
// x + 128 y): a lane's 16 accumulators are 4 runs of 4 rows, 4 writes.
// B stored transposed (N x K): its K run is along the row. The K loop
// carries the accumulator as a vector.
gpu.module @k_loop {
  gpu.func @mma32(%A: memref<32x64xf16>, %Bt: memref<32x64xf16>, %C: memref<32x32xf32>) kernel
      attributes {known_block_size = array<i32: 128, 2, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %init = gpu.subgroup_mma_load_matrix %C[%c0, %c0] {leadDimension = 32 : index} : memref<32x32xf32> -> !gpu.mma_matrix<32x32xf32, "COp">
    %d = scf.for %k = %c0 to %c64 step %c8 iter_args(%acc = %init) -> (!gpu.mma_matrix<32x32xf32, "COp">) {
      %a = gpu.subgroup_mma_load_matrix %A[%c0, %k] {leadDimension = 64 : index} : memref<32x64xf16> -> !gpu.mma_matrix<32x8xf16, "AOp">
      %b = gpu.subgroup_mma_load_matrix %Bt[%c0, %k] {leadDimension = 64 : index, transpose} : memref<32x64xf16> -> !gpu.mma_matrix<8x32xf16, "BOp">
      // expected-remark @below {{subgroup MMA on gfx942 as MMA kind f32_32x32x8_f16 (waves of 64 lanes)}}
      %next = gpu.subgroup_mma_compute %a, %b, %acc {b_transpose} : !gpu.mma_matrix<32x8xf16, "AOp">, !gpu.mma_matrix<8x32xf16, "BOp"> -> !gpu.mma_matrix<32x32xf32, "COp">
      scf.yield %next : !gpu.mma_matrix<32x32xf32, "COp">
    }
    %e = gpu.subgroup_mma_elementwise addf %d, %d : (!gpu.mma_matrix<32x32xf32, "COp">, !gpu.mma_matrix<32x32xf32, "COp">) -> !gpu.mma_matrix<32x32xf32, "COp">
    gpu.subgroup_mma_store_matrix %e, %C[%c0, %c0] {leadDimension = 32 : index} : !gpu.mma_matrix<32x32xf32, "COp">, memref<32x32xf32>
    gpu.return
  }
}
// CHECK-DAG: #[[ACC0:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 + ((d2 mod 64) floordiv 32) * 4, d1 + d2 mod 32)>
// CHECK-DAG: #[[ACC3:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 + ((d2 mod 64) floordiv 32) * 4 + 24, d1 + d2 mod 32)>
// CHECK-DAG: #[[AK:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 + d2 mod 32, d1 + ((d2 mod 64) floordiv 32) * 4)>
// CHECK-LABEL: gpu.func @mma32
// CHECK: %[[X:.*]] = gpu.thread_id x
// CHECK: %[[Y:.*]] = gpu.thread_id y
// CHECK: wave.read %{{.*}}[%{{.*}}, %{{.*}}, %[[X]], %[[Y]]] map #[[ACC0]] along 0 : memref<32x32xf32> -> vector<4xf32>
// CHECK-COUNT-3: wave.read {{.*}} along 0 : memref<32x32xf32> -> vector<4xf32>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<16xf32>)
// CHECK: %[[A:.*]] = wave.read %{{.*}} map #[[AK]] : memref<32x64xf16> -> vector<4xf16>
// CHECK: %[[B:.*]] = wave.read %{{.*}} map #[[AK]] : memref<32x64xf16> -> vector<4xf16>
// CHECK: wave.mma <f32_32x32x8_f16> %[[A]], %[[B]], %[[ACC]] : vector<4xf16>, vector<4xf16> -> vector<16xf32>
// CHECK: %[[E:.*]] = arith.addf
// CHECK: vector.extract_strided_slice %[[E]] {offsets = [0], sizes = [4], strides = [1]}
// CHECK: wave.write {{.*}} map #[[ACC0]] along 0
// CHECK-COUNT-2: wave.write
// CHECK: vector.extract_strided_slice %[[E]] {offsets = [12], sizes = [4], strides = [1]}
// CHECK: wave.write {{.*}} map #[[ACC3]] along 0

// -----

// A 1-D memref: leadDimension spaces the rows; i8 into i32.
gpu.module @flat [#rocdl.target<chip = "gfx942">] {
  gpu.func @mma_i8(%A: memref<512xi8>, %B: memref<512xi8>, %C: memref<256xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %a = gpu.subgroup_mma_load_matrix %A[%c0] {leadDimension = 32 : index} : memref<512xi8> -> !gpu.mma_matrix<16x32xsi8, "AOp">
    %b = gpu.subgroup_mma_load_matrix %B[%c0] {leadDimension = 16 : index} : memref<512xi8> -> !gpu.mma_matrix<32x16xsi8, "BOp">
    %c = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xi32, "COp">
    // expected-remark @below {{subgroup MMA on gfx942 as MMA kind i32_16x16x32_i8 (waves of 64 lanes)}}
    %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x32xsi8, "AOp">, !gpu.mma_matrix<32x16xsi8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
    gpu.subgroup_mma_store_matrix %d, %C[%c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xi32, "COp">, memref<256xi32>
    gpu.return
  }
}
// CHECK-DAG: #[[FA:.*]] = affine_map<(d0, d1) -> (d0 + (d1 mod 16) * 32 + ((d1 mod 64) floordiv 16) * 8)>
// CHECK-DAG: #[[FB:.*]] = affine_map<(d0, d1) -> (d0 + ((d1 mod 64) floordiv 16) * 128 + d1 mod 16)>
// CHECK-LABEL: gpu.func @mma_i8
// CHECK: %[[A:.*]] = wave.read %{{.*}} map #[[FA]] : memref<512xi8> -> vector<8xi8>
// CHECK: wave.read %{{.*}} map #[[FB]] : memref<512xi8> -> vector<1xi8>
// CHECK-COUNT-7: wave.read {{.*}} : memref<512xi8> -> vector<1xi8>
// CHECK: wave.mma <i32_16x16x32_i8> %[[A]], %{{.*}}, %{{.*}} : vector<8xi8>, vector<8xi8> -> vector<4xi32>
// CHECK-COUNT-4: wave.write {{.*}} : vector<1xi32>, memref<256xi32>

// -----

// RDNA3 (gfx1100, waves of 32): gfx11's WMMA. A lane holds a whole row of A
// and a whole column of B (lanes 16-31 the same as lanes 0-15), and 8
// accumulators, rows 2 s + (lane floordiv 16): 8 single-element accesses.
gpu.module @wmma_gfx11 [#rocdl.target<chip = "gfx1100">] {
  gpu.func @wmma(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %B[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %c = gpu.subgroup_mma_load_matrix %C[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    // expected-remark @below {{subgroup MMA on gfx1100 as MMA kind wmma_f32_16x16x16_f16_gfx11 (waves of 32 lanes)}}
    %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %d, %C[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.return
  }
}
// CHECK-DAG: #[[WA:.*]] = affine_map<(d0, d1, d2) -> (d0 + d2 mod 16, d1)>
// CHECK-DAG: #[[WB:.*]] = affine_map<(d0, d1, d2) -> (d0, d1 + d2 mod 16)>
// CHECK-DAG: #[[WC0:.*]] = affine_map<(d0, d1, d2) -> (d0 + (d2 mod 32) floordiv 16, d1 + d2 mod 16)>
// CHECK-DAG: #[[WC7:.*]] = affine_map<(d0, d1, d2) -> (d0 + (d2 mod 32) floordiv 16 + 14, d1 + d2 mod 16)>
// CHECK-LABEL: gpu.module @wmma_gfx11
// CHECK: %[[A:.*]] = wave.read %{{.*}} map #[[WA]] : memref<16x16xf16> -> vector<16xf16>
// CHECK: %[[B:.*]] = wave.read %{{.*}} map #[[WB]] along 0 : memref<16x16xf16> -> vector<16xf16>
// CHECK: wave.read %{{.*}} map #[[WC0]] : memref<16x16xf32> -> vector<1xf32>
// CHECK: wave.read %{{.*}} map #[[WC7]] : memref<16x16xf32> -> vector<1xf32>
// CHECK: %[[C:.*]] = vector.insert_strided_slice %{{.*}} {offsets = [7], strides = [1]} : vector<1xf32> into vector<8xf32>
// CHECK: wave.mma <wmma_f32_16x16x16_f16_gfx11> %[[A]], %[[B]], %[[C]] : vector<16xf16>, vector<16xf16> -> vector<8xf32>
// CHECK-COUNT-8: wave.write {{.*}} : vector<1xf32>, memref<16x16xf32>

// -----

// RDNA4 (gfx1201): gfx12's WMMA. Lanes 16-31 hold the second half of K and
// the accumulator rows 8-15: 8 contiguous rows a lane.
gpu.module @wmma_gfx12 [#rocdl.target<chip = "gfx1201">] {
  gpu.func @wmma(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %B[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %c = gpu.subgroup_mma_load_matrix %C[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    // expected-remark @below {{subgroup MMA on gfx1201 as MMA kind wmma_f32_16x16x16_f16_gfx12 (waves of 32 lanes)}}
    %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %d, %C[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.return
  }
}
// CHECK-DAG: #[[XA:.*]] = affine_map<(d0, d1, d2) -> (d0 + d2 mod 16, d1 + ((d2 mod 32) floordiv 16) * 8)>
// CHECK-DAG: #[[XC:.*]] = affine_map<(d0, d1, d2) -> (d0 + ((d2 mod 32) floordiv 16) * 8, d1 + d2 mod 16)>
// CHECK-LABEL: gpu.module @wmma_gfx12
// CHECK: %[[A:.*]] = wave.read %{{.*}} map #[[XA]] : memref<16x16xf16> -> vector<8xf16>
// CHECK: %[[B:.*]] = wave.read %{{.*}} map #[[XC]] along 0 : memref<16x16xf16> -> vector<8xf16>
// CHECK: %[[C:.*]] = wave.read %{{.*}} map #[[XC]] along 0 : memref<16x16xf32> -> vector<8xf32>
// CHECK: %[[D:.*]] = wave.mma <wmma_f32_16x16x16_f16_gfx12> %[[A]], %[[B]], %[[C]] : vector<8xf16>, vector<8xf16> -> vector<8xf32>
// CHECK: wave.write %[[D]], %{{.*}} map #[[XC]] along 0 : vector<8xf32>, memref<16x16xf32>

// -----

// A launch narrower than the chip's wave: 32 lanes on gfx942.
gpu.module @narrow [#rocdl.target<chip = "gfx942">] {
  gpu.func @narrow(%A: memref<16x16xf16>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @below {{a subgroup MMA runs on whole waves of 64 lanes on gfx942, but the workgroup has 32 lanes}}
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    gpu.return
  }
}

// -----

gpu.module @no_block_size [#rocdl.target<chip = "gfx942">] {
  gpu.func @no_block_size(%A: memref<16x16xf16>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{a subgroup MMA runs on whole waves of 64 lanes on gfx942, but the kernel states no workgroup a launch runs ('known_block_size' of 1 to 1024 lanes)}}
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    gpu.return
  }
}

// -----

// A workgroup no launch runs (more lanes than 64 bits count) is none.
gpu.module @huge_block_size [#rocdl.target<chip = "gfx942">] {
  gpu.func @huge_block_size(%A: memref<16x16xf16>) kernel
      attributes {known_block_size = array<i32: 2147483647, 2147483647, 3>} {
    %c0 = arith.constant 0 : index
    // expected-error @below {{a subgroup MMA runs on whole waves of 64 lanes on gfx942, but the kernel states no workgroup a launch runs ('known_block_size' of 1 to 1024 lanes)}}
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    gpu.return
  }
}

// -----

gpu.module @no_chip {
  gpu.func @no_chip(%A: memref<16x16xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @below {{a subgroup MMA needs the kernel's chip, but its kernel has no 'wave.kernel' attribute and its gpu.module no #rocdl.target}}
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    gpu.return
  }
}

// -----

// An f16 accumulator: no MFMA kind accumulates in f16.
gpu.module @f16_acc [#rocdl.target<chip = "gfx942">] {
  gpu.func @f16_acc(%C: memref<16x16xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @below {{chip gfx942 has no MMA kind for !gpu.mma_matrix<16x16xf16, "COp"> in waves of 64 lanes; its kinds are f32_32x32x8_f16, f32_16x16x16_f16, f32_32x32x8_bf16, f32_16x16x16_bf16, i32_16x16x32_i8, f32_16x16x4_f32, }}
    %c = gpu.subgroup_mma_load_matrix %C[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
    gpu.return
  }
}

// -----

// Each matrix has a layout, but no kind multiplies f16 into i32.
gpu.module @no_product [#rocdl.target<chip = "gfx942">] {
  gpu.func @no_product(%A: memref<16x16xf16>, %C: memref<16x16xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %c = gpu.subgroup_mma_load_matrix %C[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xi32> -> !gpu.mma_matrix<16x16xi32, "COp">
    // expected-error @below {{'gpu.subgroup_mma_compute' op chip gfx942 has no MMA kind for a 16x16x16 product of 'f16' x 'f16' into 'i32' in waves of 64 lanes; its kinds are}}
    %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
    gpu.return
  }
}

// -----

// gfx90a has no i8 16x16x32 (a gfx940 kind).
gpu.module @gfx90a [#rocdl.target<chip = "gfx90a">] {
  gpu.func @i8(%A: memref<16x32xi8>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @below {{chip gfx90a has no MMA kind for !gpu.mma_matrix<16x32xsi8, "AOp"> in waves of 64 lanes; its kinds are f32_32x32x8_f16, f32_16x16x16_f16, f32_32x32x8_bf16, f32_16x16x16_bf16, f32_16x16x4_f32}}
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 32 : index} : memref<16x32xi8> -> !gpu.mma_matrix<16x32xsi8, "AOp">
    gpu.return
  }
}

// -----

// RDNA3 in waves of 64: its WMMA runs on waves of 32.
gpu.module @wave64 {
  gpu.func @wave64(%A: memref<16x16xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    // expected-error @below {{chip gfx1100 has no MMA kind for !gpu.mma_matrix<16x16xf16, "AOp"> in waves of 64 lanes; its kinds are wmma_f32_16x16x16_f16_gfx11}}
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    gpu.return
  }
}

// -----

gpu.module @lead [#rocdl.target<chip = "gfx942">] {
  gpu.func @lead(%A: memref<16x32xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @below {{'gpu.subgroup_mma_load_matrix' op has leadDimension 16, but rows of 'memref<16x32xf16>' are 32 elements apart; the lowering to the chip's MMAs takes the memref's row stride as the leading dimension (a 1-D memref takes any positive one)}}
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    gpu.return
  }
}

// -----

// A 1-D memref takes any leading dimension whose offsets fit 64 bits (a
// fuzzer finding: row * INT64_MAX overflowed in the pass).
gpu.module @lead_overflow [#rocdl.target<chip = "gfx942">] {
  gpu.func @lead_overflow(%B: memref<512xi8>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @below {{'gpu.subgroup_mma_load_matrix' op has leadDimension 9223372036854775807: the offsets of !gpu.mma_matrix<32x16xsi8, "BOp"> in a 1-D memref are row * leadDimension + column, which needs a positive leading dimension whose offsets fit 64 bits}}
    %b = gpu.subgroup_mma_load_matrix %B[%c0] {leadDimension = 9223372036854775807 : index} : memref<512xi8> -> !gpu.mma_matrix<32x16xsi8, "BOp">
    gpu.return
  }
}

// -----

gpu.module @lead_zero [#rocdl.target<chip = "gfx942">] {
  gpu.func @lead_zero(%B: memref<512xi8>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error @below {{'gpu.subgroup_mma_load_matrix' op has leadDimension 0: the offsets}}
    %b = gpu.subgroup_mma_load_matrix %B[%c0] {leadDimension = 0 : index} : memref<512xi8> -> !gpu.mma_matrix<32x16xsi8, "BOp">
    gpu.return
  }
}

// -----

// Thread-local elements: element i of the lane's vector, the slot i of the
// kind's layout (gfx942's f32_16x16x16_f16 accumulator: lane l's element i
// is row 4 (l floordiv 16) + i, column l mod 16). A constant index is a
// vector.extract or vector.insert; a dynamic one selects among the 4 slots.
gpu.module @thread_local [#rocdl.target<chip = "gfx942">] {
  gpu.func @thread_local(%C: memref<16x16xf32>, %i: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c = gpu.subgroup_mma_load_matrix %C[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %x = gpu.subgroup_mma_extract_thread_local %c[%c3] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
    %d = gpu.subgroup_mma_insert_thread_local %x, %c[%c0] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %y = gpu.subgroup_mma_extract_thread_local %d[%i] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
    %z = arith.mulf %y, %y : f32
    %e = gpu.subgroup_mma_insert_thread_local %z, %d[%i] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %e, %C[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @thread_local
// CHECK-SAME: (%{{.*}}: memref<16x16xf32>, %[[I:.*]]: index)
// CHECK: %[[C:.*]] = wave.read {{.*}} -> vector<4xf32>
// CHECK: %[[X:.*]] = vector.extract %[[C]][3] : f32 from vector<4xf32>
// CHECK: %[[D:.*]] = vector.insert %[[X]], %[[C]] [0] : f32 into vector<4xf32>
// CHECK: %[[Y0:.*]] = vector.extract %[[D]][0] : f32 from vector<4xf32>
// CHECK: %[[IS1:.*]] = arith.cmpi eq, %[[I]], %{{.*}} : index
// CHECK: %[[Y1:.*]] = vector.extract %[[D]][1] : f32 from vector<4xf32>
// CHECK: %[[S1:.*]] = arith.select %[[IS1]], %[[Y1]], %[[Y0]] : f32
// CHECK-COUNT-2: arith.select
// CHECK: %[[Z:.*]] = arith.mulf
// CHECK: %[[IOTA:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// CHECK: %[[I32:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK: %[[BI:.*]] = vector.broadcast %[[I32]] : i32 to vector<4xi32>
// CHECK: %[[MASK:.*]] = arith.cmpi eq, %[[IOTA]], %[[BI]] : vector<4xi32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[Z]] : f32 to vector<4xf32>
// CHECK: %[[E:.*]] = arith.select %[[MASK]], %[[SPLAT]], %[[D]] : vector<4xi1>, vector<4xf32>
// CHECK: wave.write %[[E]]
// CHECK-NOT: gpu.subgroup_mma

// -----

// gfx11's WMMA: a lane holds 16 elements of A (its row, K 0-15; lanes 16-31
// copies of lanes 0-15), twice upstream's M N / S = 8.
gpu.module @thread_local_wmma [#rocdl.target<chip = "gfx1100">] {
  gpu.func @thread_local_wmma(%A: memref<16x16xf16>, %v: f16) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c15 = arith.constant 15 : index
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_insert_thread_local %v, %a[%c15] : f16, !gpu.mma_matrix<16x16xf16, "AOp"> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %x = gpu.subgroup_mma_extract_thread_local %b[%c15] : !gpu.mma_matrix<16x16xf16, "AOp"> -> f16
    memref.store %x, %A[%c0, %c0] : memref<16x16xf16>
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @thread_local_wmma
// CHECK: %[[A:.*]] = wave.read {{.*}} -> vector<16xf16>
// CHECK: %[[B:.*]] = vector.insert %{{.*}}, %[[A]] [15] : f16 into vector<16xf16>
// CHECK: %[[X:.*]] = vector.extract %[[B]][15] : f16 from vector<16xf16>
// CHECK: memref.store %[[X]]

// -----

gpu.module @thread_local_range [#rocdl.target<chip = "gfx942">] {
  gpu.func @thread_local_range(%C: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c = gpu.subgroup_mma_load_matrix %C[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    // expected-error @below {{'gpu.subgroup_mma_extract_thread_local' op index 4 is out of range: a lane holds 4 elements of !gpu.mma_matrix<16x16xf32, "COp"> on gfx942 (MMA kind f32_16x16x16_f16)}}
    %x = gpu.subgroup_mma_extract_thread_local %c[%c4] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
    gpu.return
  }
}

// -----

gpu.module @thread_local_negative [#rocdl.target<chip = "gfx1201">] {
  gpu.func @thread_local_negative(%C: memref<16x16xf32>, %v: f32) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %m1 = arith.constant -1 : index
    %c = gpu.subgroup_mma_load_matrix %C[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    // expected-error @below {{'gpu.subgroup_mma_insert_thread_local' op index -1 is out of range: a lane holds 8 elements of !gpu.mma_matrix<16x16xf32, "COp"> on gfx1201 (MMA kind wmma_f32_16x16x16_f16_gfx12)}}
    %d = gpu.subgroup_mma_insert_thread_local %v, %c[%m1] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.return
  }
}

// -----

gpu.module @thread_local_indices [#rocdl.target<chip = "gfx942">] {
  gpu.func @thread_local_indices(%A: memref<16x16xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    // expected-error @below {{'gpu.subgroup_mma_extract_thread_local' op has 2 indices; the lowering to the chip's MMAs takes one, the position among the elements a lane holds}}
    %x = gpu.subgroup_mma_extract_thread_local %a[%c0, %c0] : !gpu.mma_matrix<16x16xf16, "AOp"> -> f16
    gpu.return
  }
}

// -----

gpu.module @thread_local_retype [#rocdl.target<chip = "gfx942">] {
  gpu.func @thread_local_retype(%A: memref<16x16xf16>, %v: f16) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    // expected-error @below {{'gpu.subgroup_mma_insert_thread_local' op returns !gpu.mma_matrix<16x16xf16, "BOp"> from an insert into !gpu.mma_matrix<16x16xf16, "AOp">; the lowering to the chip's MMAs keeps the type}}
    %b = gpu.subgroup_mma_insert_thread_local %v, %a[%c0] : f16, !gpu.mma_matrix<16x16xf16, "AOp"> -> !gpu.mma_matrix<16x16xf16, "BOp">
    gpu.return
  }
}

// -----

// Any other op on matrices is refused.
gpu.module @other_op [#rocdl.target<chip = "gfx942">] {
  gpu.func @other_op(%A: memref<16x16xf16>, %p: i1) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    // expected-error @below {{'arith.select' op on !gpu.mma_matrix values is not lowered to the chip's MMAs (wave-convert-subgroup-mma takes the loads, stores, computes, constants, elementwise ops, thread-local extracts and inserts, and scf ops carrying them)}}
    %b = arith.select %p, %a, %a : !gpu.mma_matrix<16x16xf16, "AOp">
    gpu.return
  }
}
