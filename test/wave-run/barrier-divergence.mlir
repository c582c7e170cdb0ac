// Barrier divergence: every lane of the workgroup must reach the same
// barrier. Lanes of one wave skipping it (a barrier under a lane-divergent
// branch or in a loop whose trip count varies by lane), or whole waves
// skipping it or waiting at another one, are errors.

// RUN: not wave-run %s --kernel=divergent_branch 2>&1 | FileCheck %s --check-prefix=BRANCH
// RUN: not wave-run %s --kernel=divergent_loop 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not wave-run %s --kernel=wave_skips 2>&1 | FileCheck %s --check-prefix=SKIP
// RUN: not wave-run %s --kernel=different_barriers 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: wave-run %s --kernel=uniform_branch | FileCheck %s --check-prefix=OK
// RUN: wave-run %s --kernel=partial_wave | FileCheck %s --check-prefix=OK

#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @barriers {
  gpu.func @divergent_branch(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c32 = arith.constant 32 : index
    %low = arith.cmpi ult, %l, %c32 : index
    scf.if %low {
      // BRANCH: :[[@LINE+1]]:7: error: barrier divergence: only lanes 0-31 of wave 0 of workgroup (0, 0, 0) reach this barrier; lanes 32-63 skip it
      wave.barrier
    }
    // BRANCH: :[[@LINE-4]]:5: note: the lanes diverge at this scf.if
    gpu.return
  }

  // Lane l iterates l mod 4 times.
  gpu.func @divergent_loop(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %n = arith.remui %l, %c4 : index
    scf.for %i = %c0 to %n step %c1 {
      // LOOP: :[[@LINE+1]]:7: error: barrier divergence: only lanes 1-3, 5-7, 9-11, 13-15, 17-19, 21-23, 25-27, 29-31, 33-35, 37-39, 41-43, 45-47, 49-51, 53-55, 57-59, 61-63 of wave 0 of workgroup (0, 0, 0) reach this barrier
      gpu.barrier
    }
    // LOOP: :[[@LINE-4]]:5: note: the lanes diverge at this scf.for
    gpu.return
  }

  // The branch is uniform within each wave, but wave 1 skips the barrier.
  gpu.func @wave_skips(%out: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %first = arith.cmpi ult, %l, %c64 : index
    scf.if %first {
      // SKIP: :[[@LINE+1]]:7: error: barrier divergence: wave 0 waits at this barrier but wave 1 of the same workgroup reached the end of the kernel
      wave.barrier
    }
    gpu.return
  }

  gpu.func @different_barriers(%out: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %first = arith.cmpi ult, %l, %c64 : index
    scf.if %first {
      // OTHER: :[[@LINE+1]]:7: error: barrier divergence: wave 0 waits at this barrier but wave 1 of the same workgroup waits at another one
      wave.barrier
    } else {
      // OTHER: :[[@LINE+1]]:7: note: the other barrier
      wave.barrier
    }
    gpu.return
  }

  // A branch every lane of the workgroup takes the same way.
  gpu.func @uniform_branch(%out: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #kernel} {
    %wg = gpu.block_id x
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %wg, %c0 : index
    scf.if %first {
      wave.barrier
    }
    gpu.return
  }

  // 96 lanes: the second wave has 32 lanes, all of which arrive.
  gpu.func @partial_wave(%out: memref<96xf32>) kernel
      attributes {known_block_size = array<i32: 96, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    wave.barrier
    gpu.return
  }
}

// OK: ran on {{.*}} workgroups with no error
