// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu{scalar-offsets}))' --mlir-print-op-on-diagnostic=false 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: FileCheck %s --check-prefix=AHEAD < %t.remarks
// RUN: FileCheck %s --check-prefix=WHY < %t.remarks
// RUN: grep -c remark: %t.remarks | FileCheck %s --check-prefix=COUNT
// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: wave-compile %s --chip=gfx942 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ISA
// The lowered kernels compute what the kernels as written do, on random
// inputs.
// RUN: wave-run %s --kernel=rows --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=ahead --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=dynamic_rows --scalar=n=1024 --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=store --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=nested --scalar=n=1 --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=nested --scalar=n=23 --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=sliding --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=SAME
// SAME: agrees (max abs error 0, max rel error 0)
// SAME: PASS

// An unbounded global vector access in a loop whose offset moves with the
// loop's counter by terms the same in every lane of the workgroup (the
// counter, workgroup ids, ...) needs, as a global access, a 64-bit vector
// addition every iteration. With `scalar-offsets` it becomes a buffer access
// whose scalar offset (`sgprOffset`, an SGPR) holds those terms times their
// strides, and whose vector offset holds the rest: the constants stay there,
// where the backend moves them to the immediate. The memref's other accesses
// whose constants fit the immediate, those outside the loop among them,
// become buffer accesses too.

// Without the option every access stays a global access, with no remark.
// OFF-NOT: raw_buffer
// OFF-NOT: remark

#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>
// Row wg * 64 + k, columns 4 t .. 4 t + 3.
#row = affine_map<(wg, k, t) -> (wg * 64 + k, t * 4)>
#row_ahead = affine_map<(wg, t) -> (wg * 64, t * 4)>
#out = affine_map<(wg, t) -> (wg * 1024 + t * 4)>
#slide = affine_map<(k, kt) -> (k, kt * 4)>
#lane_rows = affine_map<(i) -> (0, i * 4)>
#first = affine_map<(wg, t) -> (wg, t * 4)>
#outer_inner = affine_map<(i, k, t) -> (i * 32 + k, t * 4)>
!x = memref<128x1024xf32>
!wide = memref<64x2048xf32>
!out = memref<2048xf32>

gpu.module @m {
  // The row's workgroup and counter terms go to the scalar offset
  // (1024 elements a row); the column, 4 t, stays the vector offset, the
  // same in every iteration.
  // CHECK-LABEL: gpu.func @rows
  // CHECK: [[TID:%[a-z_0-9]+]] = gpu.thread_id x
  // CHECK: [[WG:%[a-z_0-9]+]] = gpu.block_id x
  // CHECK: scf.for [[K:%[a-z_0-9]+]] =
  // CHECK: [[COL:%[0-9]+]] = arith.muli [[TID]], %c4{{.*}} : index
  // CHECK: [[WGROWS:%[0-9]+]] = arith.muli [[WG]], %c64{{.*}} : index
  // CHECK: [[ROWS:%[0-9]+]] = arith.addi [[WGROWS]], [[K]] : index
  // CHECK: [[SCALAR:%[0-9]+]] = arith.muli [[ROWS]], %c1024{{.*}} : index
  // CHECK: [[ROW32:%[0-9]+]] = arith.index_cast %c0{{.*}} : index to i32
  // CHECK: [[COL32:%[0-9]+]] = arith.index_cast [[COL]] : index to i32
  // CHECK: [[SCALAR32:%[0-9]+]] = arith.index_cast [[SCALAR]] : index to i32
  // CHECK: amdgpu.raw_buffer_load %{{.*}}[[[ROW32]], [[COL32]]] sgprOffset [[SCALAR32]] : memref<128x1024xf32>, i32, i32 -> vector<4xf32>
  // CHECK: scf.yield
  // REMARK: :[[@LINE+20]]:12: remark: access lowered to a buffer access whose scalar offset holds its offset's terms the same in every lane, those over the loop's counter among them: its vector offset is the same in every iteration
  // In the loop the load has its vector offset from before the loop and the
  // counter's bytes in an SGPR: no vector addition.
  // ISA-LABEL: rows:
  // ISA: .LBB0_1:
  // ISA-NOT: v_lshl_add_u64
  // ISA-NOT: v_add
  // ISA: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], s{{[0-9]+}} offen
  // ISA: s_cbranch_scc1 .LBB0_1
  gpu.func @rows(%x: !x, %out: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero)
        -> (vector<4xf32>) {
      %v = wave.read %x[%wg, %k, %tid] map #row : !x -> vector<4xf32>
      %next = arith.addf %acc, %v : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    wave.write %sum, %out[%wg, %tid] map #out : vector<4xf32>, !out
    gpu.return
  }

  // A read of the memref ahead of the loop (as the pipeliner's first
  // iteration is) becomes a buffer access too, its workgroup's row in the
  // scalar offset.
  // CHECK-LABEL: gpu.func @ahead
  // CHECK: amdgpu.raw_buffer_load %{{.*}} sgprOffset %{{.*}} : memref<128x1024xf32>, i32, i32 -> vector<4xf32>
  // CHECK: scf.for
  // CHECK: amdgpu.raw_buffer_load %{{.*}} sgprOffset %{{.*}} : memref<128x1024xf32>, i32, i32 -> vector<4xf32>
  // CHECK: scf.yield
  // AHEAD: :[[@LINE+10]]:14: remark: access lowered to a buffer access as its memref's accesses in a loop are, so that the values they load are alike
  // REMARK: :[[@LINE+12]]:12: remark: access lowered to a buffer access whose scalar offset holds its offset's terms the same in every lane, those over the loop's counter among them: its vector offset is the same in every iteration
  gpu.func @ahead(%x: !x, %out: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %first = wave.read %x[%wg, %tid] map #row_ahead : !x -> vector<4xf32>
    %sum = scf.for %k = %c1 to %c64 step %c1 iter_args(%acc = %first)
        -> (vector<4xf32>) {
      %v = wave.read %x[%wg, %k, %tid] map #row : !x -> vector<4xf32>
      %next = arith.addf %acc, %v : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    wave.write %sum, %out[%wg, %tid] map #out : vector<4xf32>, !out
    gpu.return
  }

  // The column, (k + t) * 4, moves with the loop in every lane: the row's
  // counter term goes to the scalar offset all the same, and the remark
  // does not claim a fixed vector offset.
  // CHECK-LABEL: gpu.func @sliding
  // CHECK: scf.for
  // CHECK: amdgpu.raw_buffer_load %{{.*}} sgprOffset %{{.*}} : memref<64x2048xf32>, i32, i32 -> vector<4xf32>
  // REMARK: :[[@LINE+12]]:12: remark: access lowered to a buffer access whose scalar offset holds its offset's terms the same in every lane, those over the loop's counter among them{{$}}
  gpu.func @sliding(%x: !wide, %out: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero)
        -> (vector<4xf32>) {
      %kt = arith.addi %k, %tid : index
      %v = wave.read %x[%k, %kt] map #slide : !wide -> vector<4xf32>
      %next = arith.addf %acc, %v : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    wave.write %sum, %out[%c0, %tid] map #out : vector<4xf32>, !out
    gpu.return
  }

  // A store moves the same way, and an access in an inner loop of run-time
  // trip count takes the outer counter's term too.
  // CHECK-LABEL: gpu.func @store
  // CHECK: scf.for
  // CHECK: amdgpu.raw_buffer_store %{{.*}} sgprOffset %{{.*}} : vector<4xf32> -> memref<128x1024xf32>, i32, i32
  // REMARK: :[[@LINE+12]]:7: remark: access lowered to a buffer access whose scalar offset holds its offset's terms the same in every lane, those over the loop's counter among them: its vector offset is the same in every iteration
  gpu.func @store(%in: !out, %x: !x) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %v = wave.read %in[%c0, %tid] map #out : !out -> vector<4xf32>
    scf.for %k = %c0 to %c64 step %c1 {
      %w = arith.addf %v, %v : vector<4xf32>
      wave.write %w, %x[%wg, %k, %tid] map #row : vector<4xf32>, !x
    }
    gpu.return
  }

  // CHECK-LABEL: gpu.func @nested
  // CHECK: scf.for
  // CHECK: scf.for
  // CHECK: amdgpu.raw_buffer_load %{{.*}} sgprOffset %{{.*}} : memref<128x1024xf32>, i32, i32 -> vector<4xf32>
  // REMARK: :[[@LINE+14]]:14: remark: access lowered to a buffer access whose scalar offset holds its offset's terms the same in every lane, those over the loop's counter among them: its vector offset is the same in every iteration
  gpu.func @nested(%x: !x, %out: !out, %n: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel,
                  wave.assume = affine_set<(x, o, n) : (n - 1 >= 0, 32 - n >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %zero)
        -> (vector<4xf32>) {
      %t = scf.for %k = %c0 to %n step %c1 iter_args(%b = %a)
          -> (vector<4xf32>) {
        %v = wave.read %x[%i, %k, %tid] map #outer_inner : !x -> vector<4xf32>
        %next = arith.addf %b, %v : vector<4xf32>
        scf.yield %next : vector<4xf32>
      }
      scf.yield %t : vector<4xf32>
    }
    wave.write %s, %out[%c0, %tid] map #out : vector<4xf32>, !out
    gpu.return
  }

  // Left global, with no remark: a loop whose counter differs between lanes
  // (no term the same in every lane moves with it), and a read outside any
  // loop of a memref no loop reads.
  // CHECK-LABEL: gpu.func @lane_counter
  // CHECK-NOT: raw_buffer
  // CHECK: gpu.return
  gpu.func @lane_counter(%x: !x, %y: !x, %out: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %sum = scf.for %i = %tid to %c256 step %c256 iter_args(%acc = %zero)
        -> (vector<4xf32>) {
      %v = wave.read %x[%i] map #lane_rows : !x -> vector<4xf32>
      %next = arith.addf %acc, %v : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    %wg = gpu.block_id x
    %w = wave.read %y[%wg, %tid] map #first : !x -> vector<4xf32>
    %both = arith.addf %sum, %w : vector<4xf32>
    wave.write %both, %out[%c0, %tid] map #out : vector<4xf32>, !out
    gpu.return
  }

  // Rows of a run-time length: the counter's term would be scaled by a
  // stride only known at run time, and the access stays global, saying why;
  // the workgroup's row, the same in every iteration, would save nothing
  // and goes without a remark.
  // CHECK-LABEL: gpu.func @dynamic_rows
  // CHECK-NOT: raw_buffer
  // CHECK: gpu.return
  // WHY: :[[@LINE+15]]:12: remark: access kept as a global access, though its offset has terms the same in every lane: the stride of dimension 0, which its uniform terms scale, is dynamic
  gpu.func @dynamic_rows(%x: memref<64x?xf32> {wave.dims = array<i64: 2>},
                         %out: !out, %n: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel,
                  wave.assume = affine_set<(x, o, n) :
                      (n - 1024 >= 0, 4096 - n >= 0, n mod 4 == 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero)
        -> (vector<4xf32>) {
      %v = wave.read %x[%k, %tid] map #first : memref<64x?xf32> -> vector<4xf32>
      %u = wave.read %x[%wg, %tid] map #first : memref<64x?xf32> -> vector<4xf32>
      %vu = arith.addf %v, %u : vector<4xf32>
      %next = arith.addf %acc, %vu : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    wave.write %sum, %out[%c0, %tid] map #out : vector<4xf32>, !out
    gpu.return
  }
}

// Remarks: 6 buffer accesses (the read ahead of the loop among them) and the
// dynamic stride.
// COUNT: 7
