// RUN: wave-opt %s -split-input-file --wave-lower-spill-slots -verify-diagnostics --mlir-print-local-scope | FileCheck %s
// What wave-budget-registers spills, end to end: the pressure example at
// occupancy 4 keeps its four spill slots through LLVM's optimizer (without
// the volatile accesses the stores would be forwarded to the reloads and the
// slots deleted), as 16-byte LDS accesses.
// RUN: wave-opt %examples/pressure.mlir --wave-budget-registers=occupancy=4 -o %t.spilled.mlir 2>/dev/null
// RUN: wave-compile %t.spilled.mlir --chip=gfx942 --emit=llvm -o - | FileCheck %s --check-prefix=LLVM
// RUN: wave-compile %t.spilled.mlir --chip=gfx942 --emit=asm -o - | FileCheck %s --check-prefix=ASM
// The slots in IR: four volatile 16-byte stores and reloads.
// RUN: wave-opt %t.spilled.mlir --wave-lower-spill-slots | FileCheck %s --check-prefix=SLOTS
// The same kernel with a run-time number of rows K (X : memref<?x32768xf32>,
// its extent bound to the argument K by wave.dims, the K loop of run-time
// trip count) gets the same slots, lowered alike, and computes what it
// computed before at K = 16, 5 and 1.
// RUN: sed -f %S/Inputs/pressure-dynamic.sed %examples/pressure.mlir > %t.dynamic.mlir
// RUN: wave-opt %t.dynamic.mlir --wave-budget-registers=occupancy=4 -o %t.dynamic-spilled.mlir 2>/dev/null
// RUN: wave-opt %t.dynamic-spilled.mlir --wave-lower-spill-slots | FileCheck %s --check-prefix=SLOTS
// RUN: wave-compile %t.dynamic-spilled.mlir --chip=gfx942 --emit=llvm -o - | FileCheck %s --check-prefix=LLVM
// RUN: wave-compile %t.dynamic-spilled.mlir --chip=gfx942 --emit=asm -o - | FileCheck %s --check-prefix=ASM
// RUN: wave-run %t.dynamic.mlir --scalar=K=16 --compare-pipeline='builtin.module(gpu.module(gpu.func(wave-budget-registers{occupancy=4},wave-lower-spill-slots)))' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.dynamic.mlir --scalar=K=5 --compare-pipeline='builtin.module(gpu.module(gpu.func(wave-budget-registers{occupancy=4},wave-lower-spill-slots)))' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.dynamic.mlir --scalar=K=1 --compare-pipeline='builtin.module(gpu.module(gpu.func(wave-budget-registers{occupancy=4},wave-lower-spill-slots)))' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/pressure.mlir --compare-pipeline='builtin.module(gpu.module(gpu.func(wave-budget-registers{occupancy=4},wave-lower-spill-slots)))' 2>/dev/null | FileCheck %s --check-prefix=SAME
// The MXFP4 GEMM at Triton's tile asked for occupancy 3 spills a group of
// E8M0 scales (it asks for 2): its slot holds them as i8, the kernel still
// agrees with itself, and the code object has no scratch.
// RUN: wave-run %examples/gemm_mxfp4_256.mlir --compare-pipeline='builtin.module(gpu.module(gpu.func(wave-budget-registers{occupancy=3},wave-lower-spill-slots)))' 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-compile %examples/gemm_mxfp4_256.mlir --chip=gfx950 --occupancy=3 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=MXFP4-OCC3
// MXFP4-OCC3-LABEL: gemm_mxfp4_256:
// MXFP4-OCC3: ds_write_b32
// MXFP4-OCC3: .amdhsa_private_segment_fixed_size 0

// SAME: agrees
// SAME-NOT: differs
// SAME: PASS
// SLOTS-LABEL: gpu.func @pressure(
// SLOTS-COUNT-4: llvm.store volatile %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// SLOTS:         scf.for
// SLOTS-COUNT-4: llvm.load volatile %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// SLOTS-NOT:     wave.spill_slot
// SLOTS-LABEL: gpu.func @pressure_ref(

// LLVM-COUNT-4: store volatile <4 x float> {{.*}} ptr addrspace(3) {{.*}} align 16
// LLVM-COUNT-4: load volatile <4 x float>, ptr addrspace(3) {{.*}} align 16
// ASM-LABEL: pressure:
// ASM-COUNT-4: ds_write_b128
// ASM-COUNT-4: ds_read_b128
// ASM-NOT: scratch_store
// ASM: .end_amdhsa_kernel

// A slot row of lane x + 16 y: the element offset (x + 16 y) * 4 in bytes
// times 4, from the slot's LDS base, as a 32-bit LDS pointer.

// CHECK-LABEL: gpu.func @slots
// CHECK: %[[SLOT:.*]] = wave.alloc_lds {wave.spill_slot}
// CHECK: %[[X:.*]] = gpu.thread_id x
// CHECK: %[[Y:.*]] = gpu.thread_id y
// CHECK: %[[V:.*]] = wave.read %A
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[SLOT]]
// CHECK: %[[ADDR:.*]] = arith.addi %[[BASE]], %{{.*}} : index
// CHECK: %[[ADDR32:.*]] = arith.index_castui %[[ADDR]] : index to i32
// CHECK: %[[PTR:.*]] = llvm.inttoptr %[[ADDR32]] : i32 to !llvm.ptr<3>
// CHECK: llvm.store volatile %[[V]], %[[PTR]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: %[[BACK:.*]] = llvm.load volatile %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: arith.addf %[[BACK]], %[[BACK]]
// CHECK-NOT: wave.spill_slot
// An LDS access without the attribute is left to the regular lowering.
// CHECK: wave.write %{{.*}}, %{{.*}}[%[[X]], %[[Y]]] map
// CHECK-SAME: : vector<4xf32>, memref<64x4xf32, #gpu.address_space<workgroup>>

gpu.module @m {
  gpu.func @slots(%A: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 16, 4, 1>} {
    %slot = wave.alloc_lds {wave.spill_slot} : memref<64x4xf32, #gpu.address_space<workgroup>>
    %tile = wave.alloc_lds : memref<64x4xf32, #gpu.address_space<workgroup>>
    %x = gpu.thread_id x
    %y = gpu.thread_id y
    %v = wave.read %A[%x, %y] map affine_map<(x, y) -> (y * 64 + x * 4)> : memref<256xf32> -> vector<4xf32>
    wave.write %v, %slot[%x, %y] map affine_map<(x, y) -> (x + y * 16, 0)> {wave.spill_slot} : vector<4xf32>, memref<64x4xf32, #gpu.address_space<workgroup>>
    %back = wave.read %slot[%x, %y] map affine_map<(x, y) -> (x + y * 16, 0)> {wave.spill_slot} : memref<64x4xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
    %w = arith.addf %back, %back : vector<4xf32>
    wave.write %w, %tile[%x, %y] map affine_map<(x, y) -> (x + y * 16, 0)> : vector<4xf32>, memref<64x4xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// f16 rows of 6 bytes: the vector is only 2-byte aligned.

// CHECK-LABEL: gpu.func @narrow
// CHECK: llvm.store volatile %{{.*}}, %{{.*}} {alignment = 2 : i64} : vector<3xf16>, !llvm.ptr<3>

gpu.module @m2 {
  gpu.func @narrow(%A: memref<256xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %slot = wave.alloc_lds {wave.spill_slot} : memref<64x3xf16, #gpu.address_space<workgroup>>
    %x = gpu.thread_id x
    %v = wave.read %A[%x] map affine_map<(x) -> (x * 3)> : memref<256xf16> -> vector<3xf16>
    wave.write %v, %slot[%x] map affine_map<(x) -> (x, 0)> {wave.spill_slot} : vector<3xf16>, memref<64x3xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @m3 {
  gpu.func @bad(%A: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %slot = wave.alloc_lds {wave.spill_slot} : memref<4x64xf32, #gpu.address_space<workgroup>>
    %x = gpu.thread_id x
    %v = wave.read %A[%x] map affine_map<(x) -> (x * 4)> : memref<256xf32> -> vector<4xf32>
    // expected-error @below {{a 'wave.spill_slot' access needs an unmasked access along the innermost dimension of a static row-major LDS buffer}}
    wave.write %v, %slot[%x] map affine_map<(x) -> (0, x)> along 0 {wave.spill_slot} : vector<4xf32>, memref<4x64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// LLVM has no type for E8M0 (nor the fp8 formats): a slot of such values
// holds their bits as i8, bit cast on either side.
// CHECK-LABEL: gpu.func @small_floats
// CHECK: %[[V:.*]] = wave.read %S
// CHECK: %[[BITS:.*]] = vector.bitcast %[[V]] : vector<4xf8E8M0FNU> to vector<4xi8>
// CHECK: llvm.store volatile %[[BITS]], %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK: %[[LOADED:.*]] = llvm.load volatile %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xi8>
// CHECK: %[[BACK:.*]] = vector.bitcast %[[LOADED]] : vector<4xi8> to vector<4xf8E8M0FNU>
// CHECK: wave.write %[[BACK]], %O
gpu.module @m {
  gpu.func @small_floats(%S: memref<64x4xf8E8M0FNU>, %O: memref<64x4xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %slot = wave.alloc_lds {wave.spill_slot} : memref<64x4xf8E8M0FNU, #gpu.address_space<workgroup>>
    %x = gpu.thread_id x
    %v = wave.read %S[%x] map affine_map<(x) -> (x, 0)> : memref<64x4xf8E8M0FNU> -> vector<4xf8E8M0FNU>
    wave.write %v, %slot[%x] map affine_map<(x) -> (x, 0)> {wave.spill_slot} : vector<4xf8E8M0FNU>, memref<64x4xf8E8M0FNU, #gpu.address_space<workgroup>>
    %back = wave.read %slot[%x] map affine_map<(x) -> (x, 0)> {wave.spill_slot} : memref<64x4xf8E8M0FNU, #gpu.address_space<workgroup>> -> vector<4xf8E8M0FNU>
    wave.write %back, %O[%x] map affine_map<(x) -> (x, 0)> : vector<4xf8E8M0FNU>, memref<64x4xf8E8M0FNU>
    gpu.return
  }
}
