// RUN: sed -n '1,/^\/\/ -----/p' %s > %t.unrolled.mlir
// RUN: wave-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu{scalar-offsets}))' --mlir-print-op-on-diagnostic=false 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: grep -c remark: %t.remarks | FileCheck %s --check-prefix=COUNT
// RUN: wave-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: wave-compile %t.unrolled.mlir --chip=gfx942 --emit=asm -o - | FileCheck %s --check-prefix=ISA
// The lowered kernel computes what the kernel as written does, on random
// inputs.
// RUN: wave-run %t.unrolled.mlir --kernel=unrolled --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %t.unrolled.mlir --kernel=looped --compare-pipeline='gpu.module(convert-wave-to-amdgpu{scalar-offsets})' | FileCheck %s --check-prefix=SAME
// SAME: output 'out' (1024xf32): agrees (max abs error 0, max rel error 0)
// SAME: PASS

// Global vector accesses whose constant offset is past the immediate field of
// a global instruction (4095 bytes on gfx942) become buffer accesses whose
// scalar offset holds the constant, in multiples of 4096 bytes (what is left
// stays with the vector offset, where the backend moves it to the buffer
// instruction's immediate), when a block has at least 16 of them for one
// memref, or when the block is a loop's body that takes the memref from
// outside (the descriptor is then built once, ahead of the loop): the
// accesses then share one vector offset where the global ones need a 64-bit
// vector addition each. The accesses of that memref in that block whose
// constants fit the immediate take the descriptor too, with no scalar
// offset.

// Without the option (wave-compile -O0, --wave-optimize=false) every access
// stays a global access, with no remark.
// OFF-NOT: raw_buffer
// OFF-NOT: remark

#row = affine_map<(r, t) -> (r, t * 4)>
#row0 = affine_map<(t) -> (0, (t mod 64) * 4 + 16)>
#rest = affine_map<(t) -> (15, t * 4 + 8)>
!x = memref<17x1024xf32>
!z = memref<18x1024xf32>
#plus1 = affine_map<(i, t) -> (i + 1, t * 4)>
#plus2 = affine_map<(i, t) -> (i + 2, t * 4)>
#plus3 = affine_map<(i, t) -> (i + 3, t * 4)>
#plus4 = affine_map<(i, t) -> (i + 4, t * 4)>
#plus5 = affine_map<(i, t) -> (i + 5, t * 4)>
#plus6 = affine_map<(i, t) -> (i + 6, t * 4)>
#plus7 = affine_map<(i, t) -> (i + 7, t * 4)>
#plus8 = affine_map<(i, t) -> (i + 8, t * 4)>
#plus9 = affine_map<(i, t) -> (i + 9, t * 4)>
#plus10 = affine_map<(i, t) -> (i + 10, t * 4)>
#plus11 = affine_map<(i, t) -> (i + 11, t * 4)>
#plus12 = affine_map<(i, t) -> (i + 12, t * 4)>
#plus13 = affine_map<(i, t) -> (i + 13, t * 4)>
#plus14 = affine_map<(i, t) -> (i + 14, t * 4)>
#plus15 = affine_map<(i, t) -> (i + 15, t * 4)>
#plus16 = affine_map<(i, t) -> (i + 16, t * 4)>
#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @m {
  // Rows 1 to 16 (4096 bytes each) and a read 61472 bytes in: 17 accesses.
  // Row 0 + 16 elements (64 bytes) fits the immediate and shares their
  // descriptor, without a scalar offset.
  // CHECK-LABEL: gpu.func @unrolled
  // CHECK: [[TID:%[a-z_0-9]+]] = gpu.thread_id x
  // CHECK: amdgpu.raw_buffer_load %{{.*}}[%{{.*}}, %{{.*}}] : memref<17x1024xf32>, i32, i32 -> vector<4xf32>
  // CHECK: [[COL:%[0-9]+]] = arith.muli [[TID]], %c4{{.*}} : index
  // CHECK: [[COL32:%[0-9]+]] = arith.index_cast [[COL]] : index to i32
  // CHECK: [[ROW1:%[a-z_0-9]+]] = arith.constant 1024 : i32
  // CHECK: amdgpu.raw_buffer_load %{{.*}}[%{{.*}}, [[COL32]]] sgprOffset [[ROW1]] : memref<17x1024xf32>, i32, i32 -> vector<4xf32>
  // CHECK-COUNT-15: amdgpu.raw_buffer_load {{.*}} sgprOffset
  // 61472 bytes: 61440 in the scalar offset (15360 elements), 8 elements on
  // the column.
  // CHECK: [[PLUS:%[0-9]+]] = arith.addi %{{.*}}, %c8{{(_[0-9]+)?}} : index
  // CHECK: [[PLUS32:%[0-9]+]] = arith.index_cast [[PLUS]] : index to i32
  // CHECK: [[REST:%[a-z_0-9]+]] = arith.constant 15360 : i32
  // CHECK: amdgpu.raw_buffer_load %{{.*}}[%{{.*}}, [[PLUS32]]] sgprOffset [[REST]]
  // CHECK-NOT: raw_buffer_load
  // CHECK: vector.store
  // CHECK: gpu.return
  // The loads share the vector offset: no 64-bit vector additions.
  // ISA-LABEL: unrolled:
  // ISA-NOT: v_addc
  // ISA: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen offset:64
  // ISA-COUNT-17: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], s{{[0-9]+}} offen
  // ISA-NOT: v_addc
  // ISA-NOT: global_load
  // ISA: s_endpgm
  gpu.func @unrolled(%x: !x, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c12 = arith.constant 12 : index
    %c13 = arith.constant 13 : index
    %c14 = arith.constant 14 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    %tid = gpu.thread_id x
    %r0 = wave.read %x[%tid] map #row0 : !x -> vector<4xf32>
    %r1 = wave.read %x[%c1, %tid] map #row : !x -> vector<4xf32>
    %r2 = wave.read %x[%c2, %tid] map #row : !x -> vector<4xf32>
    %r3 = wave.read %x[%c3, %tid] map #row : !x -> vector<4xf32>
    %r4 = wave.read %x[%c4, %tid] map #row : !x -> vector<4xf32>
    %r5 = wave.read %x[%c5, %tid] map #row : !x -> vector<4xf32>
    %r6 = wave.read %x[%c6, %tid] map #row : !x -> vector<4xf32>
    %r7 = wave.read %x[%c7, %tid] map #row : !x -> vector<4xf32>
    %r8 = wave.read %x[%c8, %tid] map #row : !x -> vector<4xf32>
    %r9 = wave.read %x[%c9, %tid] map #row : !x -> vector<4xf32>
    %r10 = wave.read %x[%c10, %tid] map #row : !x -> vector<4xf32>
    %r11 = wave.read %x[%c11, %tid] map #row : !x -> vector<4xf32>
    %r12 = wave.read %x[%c12, %tid] map #row : !x -> vector<4xf32>
    %r13 = wave.read %x[%c13, %tid] map #row : !x -> vector<4xf32>
    %r14 = wave.read %x[%c14, %tid] map #row : !x -> vector<4xf32>
    %r15 = wave.read %x[%c15, %tid] map #row : !x -> vector<4xf32>
    %r16 = wave.read %x[%c16, %tid] map #row : !x -> vector<4xf32>
    %s1 = arith.addf %r0, %r1 : vector<4xf32>
    %s2 = arith.addf %s1, %r2 : vector<4xf32>
    %s3 = arith.addf %s2, %r3 : vector<4xf32>
    %s4 = arith.addf %s3, %r4 : vector<4xf32>
    %s5 = arith.addf %s4, %r5 : vector<4xf32>
    %s6 = arith.addf %s5, %r6 : vector<4xf32>
    %s7 = arith.addf %s6, %r7 : vector<4xf32>
    %s8 = arith.addf %s7, %r8 : vector<4xf32>
    %s9 = arith.addf %s8, %r9 : vector<4xf32>
    %s10 = arith.addf %s9, %r10 : vector<4xf32>
    %s11 = arith.addf %s10, %r11 : vector<4xf32>
    %s12 = arith.addf %s11, %r12 : vector<4xf32>
    %s13 = arith.addf %s12, %r13 : vector<4xf32>
    %s14 = arith.addf %s13, %r14 : vector<4xf32>
    %s15 = arith.addf %s14, %r15 : vector<4xf32>
    %s16 = arith.addf %s15, %r16 : vector<4xf32>
    // A remainder of the thread id is no less than 0, as the thread id.
    %c64 = arith.constant 64 : index
    %lane = arith.remui %tid, %c64 : index
    %rest = wave.read %x[%lane] map #rest : !x -> vector<4xf32>
    %total = arith.addf %s16, %rest : vector<4xf32>
    wave.write %total, %out[%tid] map affine_map<(t) -> (t * 4)>
        : vector<4xf32>, memref<1024xf32>
    gpu.return
  }
  // The same in a loop body: rows i + 1 to i + 16 in each iteration; the
  // induction variable counts up from 0, so the vector offset (row i,
  // column 4t) is not negative.
  // CHECK-LABEL: gpu.func @looped
  // CHECK: scf.for
  // CHECK-COUNT-16: amdgpu.raw_buffer_load {{.*}} sgprOffset
  // CHECK: scf.yield
  gpu.func @looped(%z: !z, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %sum = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero)
        -> (vector<4xf32>) {
      %v1 = wave.read %z[%i, %tid] map #plus1 : !z -> vector<4xf32>
      %v2 = wave.read %z[%i, %tid] map #plus2 : !z -> vector<4xf32>
      %v3 = wave.read %z[%i, %tid] map #plus3 : !z -> vector<4xf32>
      %v4 = wave.read %z[%i, %tid] map #plus4 : !z -> vector<4xf32>
      %v5 = wave.read %z[%i, %tid] map #plus5 : !z -> vector<4xf32>
      %v6 = wave.read %z[%i, %tid] map #plus6 : !z -> vector<4xf32>
      %v7 = wave.read %z[%i, %tid] map #plus7 : !z -> vector<4xf32>
      %v8 = wave.read %z[%i, %tid] map #plus8 : !z -> vector<4xf32>
      %v9 = wave.read %z[%i, %tid] map #plus9 : !z -> vector<4xf32>
      %v10 = wave.read %z[%i, %tid] map #plus10 : !z -> vector<4xf32>
      %v11 = wave.read %z[%i, %tid] map #plus11 : !z -> vector<4xf32>
      %v12 = wave.read %z[%i, %tid] map #plus12 : !z -> vector<4xf32>
      %v13 = wave.read %z[%i, %tid] map #plus13 : !z -> vector<4xf32>
      %v14 = wave.read %z[%i, %tid] map #plus14 : !z -> vector<4xf32>
      %v15 = wave.read %z[%i, %tid] map #plus15 : !z -> vector<4xf32>
      %v16 = wave.read %z[%i, %tid] map #plus16 : !z -> vector<4xf32>
      %a1 = arith.addf %acc, %v1 : vector<4xf32>
      %a2 = arith.addf %a1, %v2 : vector<4xf32>
      %a3 = arith.addf %a2, %v3 : vector<4xf32>
      %a4 = arith.addf %a3, %v4 : vector<4xf32>
      %a5 = arith.addf %a4, %v5 : vector<4xf32>
      %a6 = arith.addf %a5, %v6 : vector<4xf32>
      %a7 = arith.addf %a6, %v7 : vector<4xf32>
      %a8 = arith.addf %a7, %v8 : vector<4xf32>
      %a9 = arith.addf %a8, %v9 : vector<4xf32>
      %a10 = arith.addf %a9, %v10 : vector<4xf32>
      %a11 = arith.addf %a10, %v11 : vector<4xf32>
      %a12 = arith.addf %a11, %v12 : vector<4xf32>
      %a13 = arith.addf %a12, %v13 : vector<4xf32>
      %a14 = arith.addf %a13, %v14 : vector<4xf32>
      %a15 = arith.addf %a14, %v15 : vector<4xf32>
      %a16 = arith.addf %a15, %v16 : vector<4xf32>
      scf.yield %a16 : vector<4xf32>
    }
    wave.write %sum, %out[%tid] map affine_map<(t) -> (t * 4)>
        : vector<4xf32>, memref<1024xf32>
    gpu.return
  }
}

// -----

#row = affine_map<(r, t) -> (r, t * 4)>
#shifted = affine_map<(r, t) -> (r + 2, t * 4)>
#product = affine_map<(t) -> ((t floordiv 64 + 4) * 1024 + (t mod 64) * 4)>
!x = memref<17x1024xf32>
!huge = memref<1048576x1024xf32>
#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

// Where accesses stay global, with the reason.
gpu.module @declined {
  // CHECK-LABEL: gpu.func @few
  // CHECK-NOT: raw_buffer
  // CHECK: gpu.return
  // REMARK-DAG: [[# @LINE + 10]]:10: remark: access with a constant offset past the immediate field kept as a global access: its block, outside a loop, has 2 such accesses of the memref, fewer than 16 that pay for a buffer descriptor
  // REMARK-DAG: [[# @LINE + 10]]:10: remark: access with a constant offset past the immediate field kept as a global access: its block, outside a loop, has 2 such accesses
  // REMARK-DAG: [[# @LINE + 12]]:10: remark: access with a constant offset past the immediate field kept as a global access: its block, outside a loop, has 1 such accesses of the memref, fewer than 16
  gpu.func @few(%x: !x, %y: memref<16384xf32>, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %a = wave.read %x[%c1, %tid] map #row : !x -> vector<4xf32>
    %b = wave.read %x[%c2, %tid] map #row : !x -> vector<4xf32>
    // The constant inside the product is 4 * 1024 elements (16 KiB); one
    // access of %y.
    %c = wave.read %y[%tid] map #product : memref<16384xf32> -> vector<4xf32>
    %ab = arith.addf %a, %b : vector<4xf32>
    %s = arith.addf %ab, %c : vector<4xf32>
    wave.write %s, %out[%tid] map affine_map<(t) -> (t * 4)>
        : vector<4xf32>, memref<1024xf32>
    gpu.return
  }

  // One access in its loop body: a buffer access, its descriptor built
  // once ahead of the loop. A loop from -1 may make the vector offset
  // negative: that access stays global.
  // CHECK-LABEL: gpu.func @loops
  // CHECK: scf.for
  // CHECK: amdgpu.raw_buffer_load %{{.*}} sgprOffset %c2048_i32
  // CHECK: scf.for
  // CHECK-NOT: raw_buffer
  // CHECK: vector.load
  // CHECK: gpu.return
  // REMARK-DAG: [[# @LINE + 17]]:12: remark: access with a constant offset past the immediate field kept as a global access: cannot prove the variable part
  gpu.func @loops(%x: !x, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %cm1 = arith.constant -1 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %v = wave.read %x[%i, %tid] map #shifted : !x -> vector<4xf32>
      %next = arith.addf %acc, %v : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    %sum2 = scf.for %j = %cm1 to %c4 step %c1 iter_args(%acc = %sum) -> (vector<4xf32>) {
      %w = wave.read %x[%j, %tid] map #shifted : !x -> vector<4xf32>
      %next = arith.addf %acc, %w : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    wave.write %sum2, %out[%tid] map affine_map<(t) -> (t * 4)>
        : vector<4xf32>, memref<1024xf32>
    gpu.return
  }

  // The row %n may be negative: the vector offset, without the constant
  // 2 rows, could be.
  // CHECK-LABEL: gpu.func @unproven
  // CHECK-NOT: raw_buffer
  // CHECK: gpu.return
  // REMARK-DAG: [[# @LINE + 8]]:10: remark: access with a constant offset past the immediate field kept as a global access: cannot prove the variable part of its map non-negative, which a buffer access's vector offset must be
  // REMARK-DAG: [[# @LINE + 10]]:10: remark: access with a constant offset past the immediate field kept as a global access: cannot prove the variable part of its map non-negative, which a buffer access's vector offset must be
  gpu.func @unproven(%x: !x, %out: memref<1024xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %a = wave.read %x[%n, %tid] map #shifted : !x -> vector<4xf32>
    // Nor is a difference known to be non-negative.
    %below = arith.subi %tid, %c1 : index
    %b = wave.read %x[%below, %tid] map #shifted : !x -> vector<4xf32>
    %s = arith.addf %a, %b : vector<4xf32>
    wave.write %s, %out[%tid] map affine_map<(t) -> (t * 4)>
        : vector<4xf32>, memref<1024xf32>
    gpu.return
  }

  // A buffer's offsets are 32-bit.
  // CHECK-LABEL: gpu.func @huge
  // CHECK-NOT: raw_buffer
  // CHECK: gpu.return
  // REMARK-DAG: [[# @LINE + 7]]:10: remark: access with a constant offset past the immediate field kept as a global access: its memref may span 4294967296 bytes, more than the 2147483648 a buffer access addresses
  gpu.func @huge(%x: !huge, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %a = wave.read %x[%c1, %tid] map #row : !huge -> vector<4xf32>
    wave.write %a, %out[%tid] map affine_map<(t) -> (t * 4)>
        : vector<4xf32>, memref<1024xf32>
    gpu.return
  }

  // LDS accesses are no buffer accesses, and need no remark: seven remarks
  // in all.
  // COUNT: {{^}}7{{$}}
  gpu.func @lds(%out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %tile = wave.alloc_lds : memref<4x1024xf32, #gpu.address_space<workgroup>>
    %c3 = arith.constant 3 : index
    %tid = gpu.thread_id x
    %a = wave.read %tile[%c3, %tid] map #row
        : memref<4x1024xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
    wave.write %a, %out[%tid] map affine_map<(t) -> (t * 4)>
        : vector<4xf32>, memref<1024xf32>
    gpu.return
  }
}
