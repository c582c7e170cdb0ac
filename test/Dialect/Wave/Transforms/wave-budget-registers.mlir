// RUN: wave-opt %s -split-input-file --wave-budget-registers -verify-diagnostics --mlir-print-op-on-diagnostic=false --mlir-print-local-scope | FileCheck %s
// The pass option overrides every kernel's requested occupancy.
// RUN: wave-opt %s -split-input-file --wave-budget-registers=occupancy=2 --mlir-print-op-on-diagnostic=false 2>/dev/null | FileCheck %s --check-prefix=OPTION
// The statistics' counts, on the examples: the pressure kernel needs 4
// spills at occupancy 4 and cannot reach 5, so asking 5 gets the 4 spills of
// 4; the GEMM fits 7 but its LDS rules out 8, so asking 8 gets 7.
// RUN: wave-opt %examples/pressure.mlir --wave-budget-registers='occupancy=4 summary' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS4
// RUN: wave-opt %examples/pressure.mlir --wave-budget-registers='occupancy=5 summary' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS5
// RUN: wave-opt %examples/gemm.mlir --wave-expand-fragments --wave-budget-registers='occupancy=7 summary' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS7
// RUN: wave-opt %examples/gemm.mlir --wave-expand-fragments --wave-budget-registers='occupancy=8 summary' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS8
// The GEMM of run-time M, N, K gets the same budgets (the sizes are scalar
// arguments; the lane values and their pressure are those of gemm.mlir).
// RUN: wave-opt %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --wave-expand-fragments --wave-budget-registers='occupancy=7 summary' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS7
// RUN: wave-opt %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --wave-expand-fragments --wave-budget-registers='occupancy=8 summary' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS8
// RUN: wave-run %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --grid=3,4 --scalar=M=200 --scalar=N=136 --scalar=K=96 --compare-pipeline='wave-budget-registers{occupancy=8}' 2>&1 | FileCheck %s --check-prefix=SAME
// The pressure kernel with a run-time number of rows K (X : memref<?x32768xf32>,
// its extent bound to the argument K by wave.dims, and the K loop of
// run-time trip count, in the kernel and its reference): the same estimate,
// the same 4 spills at occupancy 4, the same fallback from 5, remark for
// remark; it computes what it computed before at K = 16, 5 and 1.
// RUN: sed -f %S/Inputs/pressure-dynamic.sed %examples/pressure.mlir > %t.pressure-dynamic.mlir
// RUN: wave-opt %examples/pressure.mlir --wave-budget-registers='occupancy=4 summary' -o /dev/null 2>&1 | grep 'remark: ' | sed -e 's/^.*remark: //' > %t.static4
// RUN: wave-opt %t.pressure-dynamic.mlir --wave-budget-registers='occupancy=4 summary' -o /dev/null 2>&1 | grep 'remark: ' | sed -e 's/^.*remark: //' > %t.dynamic4
// RUN: diff %t.static4 %t.dynamic4
// RUN: wave-opt %examples/pressure.mlir --wave-budget-registers='occupancy=5 summary' -o /dev/null 2>&1 | grep 'remark: ' | sed -e 's/^.*remark: //' > %t.static5
// RUN: wave-opt %t.pressure-dynamic.mlir --wave-budget-registers='occupancy=5 summary' -o /dev/null 2>&1 | grep 'remark: ' | sed -e 's/^.*remark: //' > %t.dynamic5
// RUN: diff %t.static5 %t.dynamic5
// RUN: FileCheck %s --check-prefix=PRESSURE4 < %t.dynamic4
// RUN: wave-opt %t.pressure-dynamic.mlir --wave-budget-registers='occupancy=4 summary' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS4
// RUN: wave-opt %t.pressure-dynamic.mlir --wave-budget-registers='occupancy=5 summary' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS5
// RUN: wave-run %t.pressure-dynamic.mlir --scalar=K=16 --compare-pipeline='wave-budget-registers{occupancy=4}' 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.pressure-dynamic.mlir --scalar=K=5 --compare-pipeline='wave-budget-registers{occupancy=4}' 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.pressure-dynamic.mlir --scalar=K=1 --compare-pipeline='wave-budget-registers{occupancy=4}' 2>&1 | FileCheck %s --check-prefix=SAME
// The spilled kernels compute what they computed before.
// RUN: wave-run %examples/pressure.mlir --compare-pipeline='wave-budget-registers{occupancy=4}' 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=spill_straight_line --compare-pipeline='wave-budget-registers{occupancy=8}' 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=spill_across_loop --compare-pipeline='wave-budget-registers{occupancy=8}' 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=spill_2d --compare-pipeline='wave-budget-registers{occupancy=8}' 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=too_much --grid=1,1,1 --compare-pipeline='wave-budget-registers{occupancy=8}' 2>&1 | FileCheck %s --check-prefix=SAME

// STATS4: remark: wave-budget-registers: kernels-budgeted: 1, kernels-fitting: 0, kernels-spilled: 1, values-spilled: 4, registers-spilled: 16, spill-lds-bytes: 4096, kernels-excess-uncovered: 0, kernels-infeasible: 0
// STATS5: remark: wave-budget-registers: kernels-budgeted: 1, kernels-fitting: 0, kernels-spilled: 1, values-spilled: 4, registers-spilled: 16, spill-lds-bytes: 4096, kernels-excess-uncovered: 0, kernels-infeasible: 1
// STATS7: remark: wave-budget-registers: kernels-budgeted: 1, kernels-fitting: 1, kernels-spilled: 0, values-spilled: 0, registers-spilled: 0, spill-lds-bytes: 0, kernels-excess-uncovered: 0, kernels-infeasible: 0
// STATS8: remark: wave-budget-registers: kernels-budgeted: 1, kernels-fitting: 1, kernels-spilled: 0, values-spilled: 0, registers-spilled: 0, spill-lds-bytes: 0, kernels-excess-uncovered: 0, kernels-infeasible: 1

// PRESSURE4: wave-budget-registers: occupancy 4 on gfx942: budget 128 VGPRs {{.*}}, estimate 133 {{.*}}; spilled 4 values (16 registers, 4096 bytes of LDS), estimate now 117
// SAME: agrees
// SAME-NOT: differs
// SAME: PASS

// The budget for each occupancy on gfx942 (512 VGPRs per SIMD, granule 8):
// 512, 256, 168, 128, 96, 80, 72, 64. amdgpu-num-vgpr counts architected
// VGPRs, which the backend doubles on gfx942; the small kernel needs no AGPRs.
// Its estimate: the thread id and one vector<4xf32> at a time. Its 256-lane
// workgroups reach 8 waves per SIMD whatever the budget.

#quad = affine_map<(t) -> (t * 4)>

gpu.module @budgets {
  // CHECK-LABEL: gpu.func @occ1
  // CHECK-SAME: passthrough = {{\[}}["amdgpu-num-vgpr", "256"], ["amdgpu-agpr-alloc", "0"]]
  // CHECK-SAME: rocdl.flat_work_group_size = "256,256"
  // CHECK-SAME: rocdl.waves_per_eu = 1 : i32
  // CHECK-NOT: wave.alloc_lds
  // OPTION-LABEL: gpu.func @occ1
  // OPTION-SAME: ["amdgpu-num-vgpr", "128"]
  // OPTION-SAME: rocdl.waves_per_eu = 2 : i32
  // expected-remark @below {{wave-budget-registers: occupancy 1 on gfx942: budget 512 VGPRs (512 registers per SIMD / 1 waves, granule 8), headroom 8, estimate 5 (VGPR 5, AGPR-eligible 0, SGPR 0); spilled 0 values (0 registers, 0 bytes of LDS); expected occupancy at least 1 (limiter VGPR), up to 8 if the backend needs no more VGPRs than estimated (the code object's count decides: wave-compile --resource-usage)}}
  gpu.func @occ1(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 1>} {
    %tid = gpu.thread_id x
    %v = wave.read %A[%tid] map #quad : memref<4096xf32> -> vector<4xf32>
    %w = arith.addf %v, %v : vector<4xf32>
    wave.write %w, %A[%tid] map #quad : vector<4xf32>, memref<4096xf32>
    gpu.return
  }
  // CHECK-LABEL: gpu.func @occ2
  // CHECK-SAME: ["amdgpu-num-vgpr", "128"]
  // CHECK-SAME: rocdl.waves_per_eu = 2 : i32
  // expected-remark @below {{occupancy 2 on gfx942: budget 256 VGPRs (512 registers per SIMD / 2 waves, granule 8)}}
  gpu.func @occ2(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 2>} {
    gpu.return
  }
  // CHECK-LABEL: gpu.func @occ3
  // CHECK-SAME: ["amdgpu-num-vgpr", "84"]
  // CHECK-SAME: rocdl.waves_per_eu = 3 : i32
  // expected-remark @below {{occupancy 3 on gfx942: budget 168 VGPRs (512 registers per SIMD / 3 waves, granule 8)}}
  gpu.func @occ3(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 3>} {
    gpu.return
  }
  // CHECK-LABEL: gpu.func @occ4
  // CHECK-SAME: ["amdgpu-num-vgpr", "64"]
  // CHECK-SAME: rocdl.waves_per_eu = 4 : i32
  // expected-remark @below {{occupancy 4 on gfx942: budget 128 VGPRs (512 registers per SIMD / 4 waves, granule 8)}}
  gpu.func @occ4(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 4>} {
    gpu.return
  }
  // CHECK-LABEL: gpu.func @occ5
  // CHECK-SAME: ["amdgpu-num-vgpr", "48"]
  // CHECK-SAME: rocdl.waves_per_eu = 5 : i32
  // expected-remark @below {{occupancy 5 on gfx942: budget 96 VGPRs (512 registers per SIMD / 5 waves, granule 8)}}
  gpu.func @occ5(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 5>} {
    gpu.return
  }
  // CHECK-LABEL: gpu.func @occ6
  // CHECK-SAME: ["amdgpu-num-vgpr", "40"]
  // CHECK-SAME: rocdl.waves_per_eu = 6 : i32
  // expected-remark @below {{occupancy 6 on gfx942: budget 80 VGPRs (512 registers per SIMD / 6 waves, granule 8)}}
  gpu.func @occ6(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 6>} {
    gpu.return
  }
  // CHECK-LABEL: gpu.func @occ7
  // CHECK-SAME: ["amdgpu-num-vgpr", "36"]
  // CHECK-SAME: rocdl.waves_per_eu = 7 : i32
  // expected-remark @below {{occupancy 7 on gfx942: budget 72 VGPRs (512 registers per SIMD / 7 waves, granule 8)}}
  gpu.func @occ7(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 7>} {
    gpu.return
  }
  // CHECK-LABEL: gpu.func @occ8
  // CHECK-SAME: ["amdgpu-num-vgpr", "32"]
  // CHECK-SAME: rocdl.waves_per_eu = 8 : i32
  // expected-remark @below {{occupancy 8 on gfx942: budget 64 VGPRs (512 registers per SIMD / 8 waves, granule 8)}}
  gpu.func @occ8(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>} {
    gpu.return
  }
}

// -----

// No request, no change: a kernel without an occupancy, a kernel without
// #wave.kernel and a function that is not a kernel keep their attributes.

// CHECK-LABEL: gpu.module @untouched
// CHECK-NOT: rocdl.
// CHECK-NOT: passthrough
// OPTION-LABEL: gpu.module @untouched
// OPTION: gpu.func @no_request
// OPTION-SAME: rocdl.waves_per_eu = 2
// OPTION: gpu.func @no_wave_kernel
// OPTION-NOT: rocdl.
// OPTION: gpu.func @helper
// OPTION-NOT: rocdl.
// OPTION: // -----
gpu.module @untouched {
  gpu.func @no_request(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
  gpu.func @no_wave_kernel(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    gpu.return
  }
  gpu.func @helper(%x: f32) -> f32 {
    gpu.return %x : f32
  }
}

// -----

// The workgroup size the backend is told is the real one (the product of
// known_block_size), whatever its shape. A workgroup of 1024 lanes is 16
// waves, resident together on the 4 SIMDs: at least 4 waves per SIMD, so a
// request of 1 is raised to 4 (the backend would do the same).

gpu.module @workgroups {
  // CHECK-LABEL: gpu.func @two_dimensional
  // CHECK-SAME: rocdl.flat_work_group_size = "256,256"
  // CHECK-SAME: rocdl.waves_per_eu = 2 : i32
  // expected-remark @below {{occupancy 2 on gfx942: budget 256 VGPRs}}
  gpu.func @two_dimensional(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 2>} {
    gpu.return
  }
  // CHECK-LABEL: gpu.func @large
  // CHECK-SAME: ["amdgpu-num-vgpr", "64"]
  // CHECK-SAME: rocdl.flat_work_group_size = "1024,1024"
  // CHECK-SAME: rocdl.waves_per_eu = 4 : i32
  // expected-remark @below {{occupancy 1 on gfx942 (raised to 4: a workgroup of 16 waves spans the 4 SIMDs): budget 128 VGPRs (512 registers per SIMD / 4 waves, granule 8)}}
  gpu.func @large(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 1024, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 1>} {
    gpu.return
  }
}

// -----

// Occupancy 8 leaves 64 VGPRs; with the headroom of 8 the estimate must stay
// at 56. While %big (44 registers) is live, so are the thread id and the
// four scale vectors: 61, 5 over. The two longest-lived scales (%s0, then
// %s1, the earliest of the two that tie with %s2) go to LDS: 2 x 64 lanes x
// 16 bytes, which leaves room for the 29 single-wave workgroups that 8 waves
// per SIMD need (29 x 2048 bytes fit in 64 KiB, 29 x 3072 would not).

// CHECK-LABEL: gpu.func @spill_straight_line
// CHECK-SAME: rocdl.waves_per_eu = 8 : i32
// CHECK: %[[SLOT0:.*]] = wave.alloc_lds {wave.spill_slot} : memref<64x4xf32, #gpu.address_space<workgroup>>
// CHECK: %[[SLOT1:.*]] = wave.alloc_lds {wave.spill_slot} : memref<64x4xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: wave.alloc_lds
// CHECK: %[[LANE:.*]] = gpu.thread_id x
// CHECK: %[[S0:.*]] = wave.read
// CHECK-NEXT: wave.write %[[S0]], %[[SLOT0]][%[[LANE]]] map affine_map<(d0) -> (d0, 0)> {wave.spill_slot}
// CHECK-NEXT: %[[S1:.*]] = wave.read
// CHECK-NEXT: wave.write %[[S1]], %[[SLOT1]][%[[LANE]]] map affine_map<(d0) -> (d0, 0)> {wave.spill_slot}
// CHECK-NEXT: %[[S2:.*]] = wave.read
// CHECK-NEXT: %[[S3:.*]] = wave.read
// CHECK: %[[R0:.*]] = wave.read %[[SLOT0]][%[[LANE]]] map affine_map<(d0) -> (d0, 0)> {wave.spill_slot}
// CHECK-NEXT: %[[R1:.*]] = wave.read %[[SLOT1]][%[[LANE]]] map affine_map<(d0) -> (d0, 0)> {wave.spill_slot}
// CHECK-NEXT: arith.mulf %[[R0]], %[[R1]]
// CHECK-NEXT: arith.mulf %[[S2]], %[[S3]]

gpu.module @spills {
  // expected-remark @below {{occupancy 8 on gfx942: budget 64 VGPRs (512 registers per SIMD / 8 waves, granule 8), headroom 8, estimate 61 (VGPR 61, AGPR-eligible 0, SGPR 1); spilled 2 values (8 registers, 2048 bytes of LDS), estimate now 53 (VGPR 53, AGPR-eligible 0, SGPR 1); expected occupancy at least 8 (limiter none)}}
  gpu.func @spill_straight_line(%A: memref<5632xf32>, %B: memref<512xf32>,
                                %Y: memref<512xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %s0 = wave.read %B[%tid, %wg] map affine_map<(t, w) -> (w * 256 + t * 4)> : memref<512xf32> -> vector<4xf32>
    %s1 = wave.read %B[%tid, %wg] map affine_map<(t, w) -> (w * 256 + t * 2)> : memref<512xf32> -> vector<4xf32>
    %s2 = wave.read %B[%tid, %wg] map affine_map<(t, w) -> (w * 256 + t)> : memref<512xf32> -> vector<4xf32>
    %s3 = wave.read %B[%tid, %wg] map affine_map<(t, w) -> (w * 256 + t * 3)> : memref<512xf32> -> vector<4xf32>
    %big = wave.read %A[%tid, %wg] map affine_map<(t, w) -> (w * 2816 + t * 44)> : memref<5632xf32> -> vector<44xf32>
    %sq = arith.mulf %big, %big : vector<44xf32>
    wave.write %sq, %A[%tid, %wg] map affine_map<(t, w) -> (w * 2816 + t * 44)> : vector<44xf32>, memref<5632xf32>
    %p = arith.mulf %s0, %s1 : vector<4xf32>
    %q = arith.mulf %s2, %s3 : vector<4xf32>
    %r = arith.addf %p, %q : vector<4xf32>
    wave.write %r, %Y[%tid, %wg] map affine_map<(t, w) -> (w * 256 + t * 4)> : vector<4xf32>, memref<512xf32>
    gpu.return
  }
}

// -----

// The values live across the K loop: %hot is the longest-lived, but it is
// used in the (innermost) loop, where a reload would run every iteration;
// %cold is used only after the loop and is the one spilled, written right
// after its definition and read back right before its use.
// Estimate at the extraction in the loop: thread id 1, %hot 4, %cold 4, the
// accumulator 22, the loaded chunk 22 and the extracted slice 4: 57 > 56.

// CHECK-LABEL: gpu.func @spill_across_loop
// CHECK: %[[SLOT:.*]] = wave.alloc_lds {wave.spill_slot} : memref<64x4xf32, #gpu.address_space<workgroup>>
// CHECK: %[[LANE:.*]] = gpu.thread_id x
// CHECK: %[[HOT:.*]] = wave.read
// CHECK-NEXT: %[[COLD:.*]] = wave.read
// CHECK-NEXT: wave.write %[[COLD]], %[[SLOT]][%[[LANE]]] map affine_map<(d0) -> (d0, 0)> {wave.spill_slot}
// CHECK: scf.for
// CHECK-NOT: wave.spill_slot
// CHECK: scf.yield
// CHECK: %[[RELOAD:.*]] = wave.read %[[SLOT]][%[[LANE]]] map affine_map<(d0) -> (d0, 0)> {wave.spill_slot}
// CHECK-NEXT: arith.addf %[[HOT]], %[[RELOAD]]

gpu.module @loops {
  // expected-remark @below {{occupancy 8 on gfx942: budget 64 VGPRs (512 registers per SIMD / 8 waves, granule 8), headroom 8, estimate 57 (VGPR 57, AGPR-eligible 0, SGPR 1); spilled 1 values (4 registers, 1024 bytes of LDS), estimate now 53 (VGPR 53, AGPR-eligible 0, SGPR 1); expected occupancy at least 8 (limiter none)}}
  gpu.func @spill_across_loop(%X: memref<4x4096xf32>, %S: memref<512xf32>,
                              %C: memref<512xf32>, %Y: memref<512xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<22xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %hot = wave.read %S[%tid, %wg] map affine_map<(t, w) -> (w * 256 + t * 4)> : memref<512xf32> -> vector<4xf32>
    %cold = wave.read %C[%tid, %wg] map affine_map<(t, w) -> (w * 256 + t * 4)> : memref<512xf32> -> vector<4xf32>
    %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (vector<22xf32>) {
      %x = wave.read %X[%tid, %wg, %k] map affine_map<(t, w, k) -> (k, w * 2048 + t * 22)> : memref<4x4096xf32> -> vector<22xf32>
      %e = vector.extract_strided_slice %x {offsets = [0], sizes = [4], strides = [1]} : vector<22xf32> to vector<4xf32>
      %he = arith.mulf %e, %hot : vector<4xf32>
      %hx = vector.insert_strided_slice %he, %x {offsets = [0], strides = [1]} : vector<4xf32> into vector<22xf32>
      %n = arith.addf %a, %hx : vector<22xf32>
      scf.yield %n : vector<22xf32>
    }
    %part = vector.extract_strided_slice %acc {offsets = [0], sizes = [4], strides = [1]} : vector<22xf32> to vector<4xf32>
    %y = arith.addf %hot, %cold : vector<4xf32>
    %z = arith.addf %y, %part : vector<4xf32>
    wave.write %z, %Y[%tid, %wg] map affine_map<(t, w) -> (w * 256 + t * 4)> : vector<4xf32>, memref<512xf32>
    gpu.return
  }
}

// -----

// A 16 x 4 workgroup: each lane's slot row is its linear id x + 16 y.

// CHECK-LABEL: gpu.func @spill_2d
// CHECK: wave.alloc_lds {wave.spill_slot} : memref<64x4xf32, #gpu.address_space<workgroup>>
// CHECK: %[[X:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[Y:.*]] = gpu.thread_id y
// CHECK: wave.write %{{.*}}, %{{.*}}[%[[X]], %[[Y]]] map affine_map<(d0, d1) -> (d0 + d1 * 16, 0)> {wave.spill_slot}

gpu.module @two_d {
  // expected-remark @below {{spilled 2 values (8 registers, 2048 bytes of LDS)}}
  gpu.func @spill_2d(%A: memref<2816xf32>, %B: memref<256xf32>,
                     %Y: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 16, 4, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %s0 = wave.read %B[%tx, %ty] map affine_map<(x, y) -> (y * 64 + x * 4)> : memref<256xf32> -> vector<4xf32>
    %s1 = wave.read %B[%tx, %ty] map affine_map<(x, y) -> (y * 64 + x * 2)> : memref<256xf32> -> vector<4xf32>
    %s2 = wave.read %B[%tx, %ty] map affine_map<(x, y) -> (y * 64 + x)> : memref<256xf32> -> vector<4xf32>
    %s3 = wave.read %B[%tx, %ty] map affine_map<(x, y) -> (y * 64 + x * 3)> : memref<256xf32> -> vector<4xf32>
    %big = wave.read %A[%tx, %ty] map affine_map<(x, y) -> (y * 704 + x * 44)> : memref<2816xf32> -> vector<44xf32>
    %sq = arith.mulf %big, %big : vector<44xf32>
    wave.write %sq, %A[%tx, %ty] map affine_map<(x, y) -> (y * 704 + x * 44)> : vector<44xf32>, memref<2816xf32>
    %p = arith.mulf %s0, %s1 : vector<4xf32>
    %q = arith.mulf %s2, %s3 : vector<4xf32>
    %r = arith.addf %p, %q : vector<4xf32>
    wave.write %r, %Y[%tx, %ty] map affine_map<(x, y) -> (y * 64 + x * 4)> : vector<4xf32>, memref<256xf32>
    gpu.return
  }
}

// -----

// Infeasible through the spills: at occupancy 8 the estimate is 21 over
// budget, but the single-wave workgroups may use at most 2259 bytes of LDS
// each (29 of them per CU); two spills fit, the third would not. 7 fails
// alike; 6 is met with two spills, so the kernel is budgeted for 6 (left
// alone it would run at the 5 its 77 + 8 registers allow).

// CHECK-LABEL: gpu.func @too_much
// CHECK-SAME: passthrough = {{\[}}["amdgpu-num-vgpr", "40"], ["amdgpu-agpr-alloc", "0"]]
// CHECK-SAME: rocdl.flat_work_group_size = "64,64"
// CHECK-SAME: rocdl.waves_per_eu = 6 : i32
// CHECK-COUNT-2: wave.alloc_lds {wave.spill_slot}

gpu.module @infeasible_spills {
  // expected-remark @below {{wave-budget-registers: occupancy 8 on gfx942 is infeasible: budget 64 VGPRs (512 registers per SIMD / 8 waves, granule 8), headroom 8, estimate 77 (VGPR 77, AGPR-eligible 0, SGPR 0); LDS spills cover 8 of the 21 registers over budget before the next one takes the LDS to 3072 bytes a workgroup, which allows only 6 waves per SIMD; budgeted for occupancy 6 instead, the highest feasible: budget 80 VGPRs (512 registers per SIMD / 6 waves, granule 8), headroom 8, estimate 77 (VGPR 77, AGPR-eligible 0, SGPR 0); spilled 2 values (8 registers, 2048 bytes of LDS), estimate now 69 (VGPR 69, AGPR-eligible 0, SGPR 0); expected occupancy at least 6 (limiter VGPR)}}
  gpu.func @too_much(%A: memref<8192xf32>, %B: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>} {
    %tid = gpu.thread_id x
    %s0 = wave.read %B[%tid] map affine_map<(t) -> (t * 4)> : memref<256xf32> -> vector<4xf32>
    %s1 = wave.read %B[%tid] map affine_map<(t) -> (t * 2)> : memref<256xf32> -> vector<4xf32>
    %s2 = wave.read %B[%tid] map affine_map<(t) -> (t)> : memref<256xf32> -> vector<4xf32>
    %s3 = wave.read %B[%tid] map affine_map<(t) -> (t * 3)> : memref<256xf32> -> vector<4xf32>
    %big = wave.read %A[%tid] map affine_map<(t) -> (t * 60)> : memref<8192xf32> -> vector<60xf32>
    %sq = arith.mulf %big, %big : vector<60xf32>
    wave.write %sq, %A[%tid] map affine_map<(t) -> (t * 60)> : vector<60xf32>, memref<8192xf32>
    %p = arith.mulf %s0, %s1 : vector<4xf32>
    %q = arith.mulf %s2, %s3 : vector<4xf32>
    %r = arith.addf %p, %q : vector<4xf32>
    wave.write %r, %B[%tid] map affine_map<(t) -> (t * 4)> : vector<4xf32>, memref<256xf32>
    gpu.return
  }
}

// -----

// Infeasible through the kernel's own LDS: 16 KiB a 256-lane workgroup lets
// 4 workgroups, 16 waves, share a CU: 4 waves per SIMD, not 8, and the
// kernel is budgeted for 4.

// CHECK-LABEL: gpu.func @lds_bound
// CHECK-SAME: rocdl.flat_work_group_size = "256,256"
// CHECK-SAME: rocdl.waves_per_eu = 4 : i32

gpu.module @infeasible_lds {
  // expected-remark @below {{wave-budget-registers: occupancy 8 on gfx942 is infeasible: the LDS (16384 bytes of LDS, 256 lanes a workgroup) allows at most 4 waves per SIMD; budgeted for occupancy 4 instead, the highest feasible: budget 128 VGPRs}}
  gpu.func @lds_bound(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>} {
    %tile = wave.alloc_lds : memref<64x64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Everything over budget is used in the innermost loop: no spill can help.
// The attributes still ask the backend for occupancy 8, which it reaches by
// spilling to scratch; the remark says so.

// CHECK-LABEL: gpu.func @hot_loop
// CHECK-SAME: rocdl.waves_per_eu = 8 : i32
// CHECK-NOT: wave.alloc_lds

gpu.module @uncovered {
  // expected-remark @below {{estimate 73 (VGPR 73, AGPR-eligible 0, SGPR 1); spilled 0 values (0 registers, 0 bytes of LDS); 17 registers over budget remain, all in values used in an innermost loop: the backend spills them to scratch; expected occupancy at least 8 (limiter none)}}
  gpu.func @hot_loop(%X: memref<4x2304xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<36xf32>
    %tid = gpu.thread_id x
    %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (vector<36xf32>) {
      %x = wave.read %X[%tid, %k] map affine_map<(t, k) -> (k, t * 36)> : memref<4x2304xf32> -> vector<36xf32>
      %n = arith.addf %a, %x : vector<36xf32>
      scf.yield %n : vector<36xf32>
    }
    wave.write %acc, %X[%tid, %c0] map affine_map<(t, k) -> (k, t * 36)> : vector<36xf32>, memref<4x2304xf32>
    gpu.return
  }
}

// -----

// MMA accumulators are AGPR-eligible on CDNA: the estimate counts them apart.
// They fit in the architected VGPRs, so no AGPRs are reserved. RDNA3 has no
// AGPRs (and no amdgpu-agpr-alloc); its wave-32 file of 1536 registers in
// granules of 24 gives 120 registers at 12 waves (amdgpu-num-vgpr is not
// doubled there).

// CHECK-LABEL: gpu.func @mma
// CHECK-SAME: passthrough = {{\[}}["amdgpu-num-vgpr", "64"], ["amdgpu-agpr-alloc", "0"]]
// CHECK-LABEL: gpu.func @agprs
// CHECK-SAME: passthrough = {{\[}}["amdgpu-num-vgpr", "256"], ["amdgpu-agpr-alloc", "60"]]
// CHECK-LABEL: gpu.func @rdna
// CHECK-SAME: passthrough = {{\[}}["amdgpu-num-vgpr", "120"]]
// CHECK-SAME: rocdl.flat_work_group_size = "128,128"
// CHECK-SAME: rocdl.waves_per_eu = 12 : i32

gpu.module @targets {
  // expected-remark @below {{occupancy 4 on gfx942: budget 128 VGPRs (512 registers per SIMD / 4 waves, granule 8), headroom 8, estimate 21 (VGPR 5, AGPR-eligible 16, SGPR 0)}}
  gpu.func @mma(%A: memref<4096xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 4>} {
    %tid = gpu.thread_id x
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %a = wave.read %A[%tid] map affine_map<(t) -> (t * 4)> : memref<4096xf16> -> vector<4xf16>
    %b = wave.read %A[%tid] map affine_map<(t) -> (t * 4 + 256)> : memref<4096xf16> -> vector<4xf16>
    %d = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %e = wave.mma <f32_32x32x8_f16> %a, %b, %d : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %h = arith.truncf %e : vector<16xf32> to vector<16xf16>
    wave.write %h, %A[%tid] map affine_map<(t) -> (t * 16 + 1024)> : vector<16xf16>, memref<4096xf16>
    gpu.return
  }
  // At occupancy 1 the budget is all 512 registers, but a wave addresses
  // only 256 architected VGPRs: after the last MMA, 13 live accumulators
  // (208), %big (96) and the thread id, with the headroom 313, put 57
  // registers, rounded up to 60, in AGPRs.
  // expected-remark @below {{occupancy 1 on gfx942: budget 512 VGPRs (512 registers per SIMD / 1 waves, granule 8), headroom 8, estimate 305 (VGPR 97, AGPR-eligible 208, SGPR 0); spilled 0 values}}
  gpu.func @agprs(%A: memref<8192xf16>, %F: memref<8192xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 1>} {
    %tid = gpu.thread_id x
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %a = wave.read %A[%tid] map affine_map<(t) -> (t * 4)> : memref<8192xf16> -> vector<4xf16>
    %b = wave.read %A[%tid] map affine_map<(t) -> (t * 4 + 256)> : memref<8192xf16> -> vector<4xf16>
    %big = wave.read %F[%tid] map affine_map<(t) -> (t * 96)> : memref<8192xf32> -> vector<96xf32>
    %d0 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d1 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d2 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d3 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d4 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d5 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d6 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d7 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d8 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d9 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d10 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d11 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %d12 = wave.mma <f32_32x32x8_f16> %a, %b, %zero : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %s1 = arith.addf %d0, %d1 : vector<16xf32>
    %s2 = arith.addf %s1, %d2 : vector<16xf32>
    %s3 = arith.addf %s2, %d3 : vector<16xf32>
    %s4 = arith.addf %s3, %d4 : vector<16xf32>
    %s5 = arith.addf %s4, %d5 : vector<16xf32>
    %s6 = arith.addf %s5, %d6 : vector<16xf32>
    %s7 = arith.addf %s6, %d7 : vector<16xf32>
    %s8 = arith.addf %s7, %d8 : vector<16xf32>
    %s9 = arith.addf %s8, %d9 : vector<16xf32>
    %s10 = arith.addf %s9, %d10 : vector<16xf32>
    %s11 = arith.addf %s10, %d11 : vector<16xf32>
    %s12 = arith.addf %s11, %d12 : vector<16xf32>
    wave.write %s12, %F[%tid] map affine_map<(t) -> (t * 16)> : vector<16xf32>, memref<8192xf32>
    wave.write %big, %F[%tid] map affine_map<(t) -> (t * 96 + 1024)> : vector<96xf32>, memref<8192xf32>
    gpu.return
  }
  // expected-remark @below {{occupancy 12 on gfx1100: budget 120 VGPRs (1536 registers per SIMD / 12 waves, granule 24)}}
  gpu.func @rdna(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32, occupancy = 12>} {
    gpu.return
  }
}

// -----

// Passthrough entries the kernel already has are kept, except the ones the
// pass sets.

// CHECK-LABEL: gpu.func @merged
// CHECK-SAME: passthrough = ["noinline", ["amdgpu-ieee", "false"], ["amdgpu-num-vgpr", "128"], ["amdgpu-agpr-alloc", "0"]]

gpu.module @passthrough {
  // expected-remark @below {{occupancy 2 on gfx942}}
  gpu.func @merged(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  passthrough = ["noinline", ["amdgpu-ieee", "false"], ["amdgpu-num-vgpr", "16"]],
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 2>} {
    gpu.return
  }
}

// -----

gpu.module @bad_request {
  // expected-error @below {{requested occupancy 9 exceeds the 8 waves per SIMD of gfx942}}
  gpu.func @nine(%A: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 9>} {
    gpu.return
  }
}
