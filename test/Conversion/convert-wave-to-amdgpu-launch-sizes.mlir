// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' | FileCheck %s
// The lowered kernel computes what the interpreter computes from the ids.
// RUN: wave-run %s --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SAME
// SAME: output 'out' (8x128x2xi64): agrees (max abs error 0, max rel error 0)
// SAME: PASS

// The launch sizes become the kernel's stated sizes: block and grid
// dimensions constants, the global id block id * block size + thread id,
// the wave id the linear thread id over the wave size, the number of waves
// a constant. wave-compile links no device library that would read them
// from the dispatch packet.
// CHECK-LABEL: gpu.func @sizes
// gpu.block_dim x and y, gpu.grid_dim x and y:
// CHECK: [[BDX:%[a-z_0-9]+]] = arith.constant 32 : index
// CHECK: [[BDY:%[a-z_0-9]+]] = arith.constant 4 : index
// CHECK: [[GDX:%[a-z_0-9]+]] = arith.constant 4 : index
// CHECK: [[GDY:%[a-z_0-9]+]] = arith.constant 3 : index
// gpu.global_id x:
// CHECK: [[SIZE:%[a-z_0-9]+]] = arith.constant 32 : index
// CHECK: [[BX:%[a-z_0-9]+]] = gpu.block_id{{ +}}x
// CHECK: [[TX:%[a-z_0-9]+]] = gpu.thread_id{{ +}}x
// CHECK: [[BASE:%[a-z_0-9]+]] = arith.muli [[BX]], [[SIZE]] : index
// CHECK: [[GX:%[a-z_0-9]+]] = arith.addi [[BASE]], [[TX]] : index
// gpu.subgroup_id: (x + 32 y) / 64.
// CHECK: [[LX:%[a-z_0-9]+]] = gpu.thread_id{{ +}}x
// CHECK: [[LY:%[a-z_0-9]+]] = gpu.thread_id{{ +}}y
// CHECK: [[ROW:%[a-z_0-9]+]] = arith.constant 32 : index
// CHECK: [[OFF:%[a-z_0-9]+]] = arith.muli [[LY]], [[ROW]] : index
// CHECK: [[LINEAR:%[a-z_0-9]+]] = arith.addi [[LX]], [[OFF]] : index
// CHECK: [[W:%[a-z_0-9]+]] = arith.constant 64 : index
// CHECK: [[WAVE:%[a-z_0-9]+]] = arith.divui [[LINEAR]], [[W]] : index
// gpu.num_subgroups: 128 lanes make 2 waves.
// CHECK: [[WAVES:%[a-z_0-9]+]] = arith.constant 2 : index
// CHECK: arith.addi [[BDX]], [[BDY]] : index
// CHECK: arith.addi [[GDX]], [[GDY]] : index
// CHECK: arith.addi [[WAVE]], [[WAVES]] : index
// CHECK: arith.addi {{.*}}, [[GX]] : index
// CHECK-NOT: gpu.block_dim
// CHECK-NOT: gpu.grid_dim
// CHECK-NOT: gpu.global_id
// CHECK-NOT: gpu.subgroup_id
// CHECK-NOT: gpu.num_subgroups

gpu.module @launch {
  gpu.func @sizes(%out: memref<8x128x2xindex>) kernel
      attributes {known_block_size = array<i32: 32, 4, 1>,
                  known_grid_size = array<i32: 4, 3, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %bdx = gpu.block_dim x
    %bdy = gpu.block_dim y
    %gdx = gpu.grid_dim x
    %gdy = gpu.grid_dim y
    %gx = gpu.global_id x
    %wave = gpu.subgroup_id : index
    %waves = gpu.num_subgroups : index
    // Each workgroup writes its own slots: the workgroup's linear id picks
    // a column pair, the lane's linear id a row.
    %rowy = arith.muli %ty, %bdx : index
    %lane = arith.addi %tx, %rowy : index
    %wgy = arith.muli %by, %gdx : index
    %wg = arith.addi %bx, %wgy : index
    %half = arith.divui %wg, %c2 : index
    %slot = arith.remui %wg, %c2 : index
    %sum1 = arith.addi %bdx, %bdy : index
    %sum2 = arith.addi %gdx, %gdy : index
    %sum3 = arith.addi %wave, %waves : index
    %a = arith.muli %sum1, %c7 : index
    %b = arith.addi %a, %sum2 : index
    %c = arith.muli %b, %c5 : index
    %d = arith.addi %c, %sum3 : index
    %e = arith.muli %d, %c6 : index
    %f = arith.addi %e, %gx : index
    memref.store %f, %out[%half, %lane, %slot] : memref<8x128x2xindex>
    gpu.return
  }
}
