// Remarks come in the order of the kernels they are about, with threads as
// without. The pass manager runs the gpu.modules in parallel and, within
// each, its kernels in parallel; MLIR sorts the remarks of each parallel loop
// by element, keyed on the thread that runs the element. With LLVM's thread
// pool a worker that waited for one gpu.module's kernels could take up
// another gpu.module meanwhile, which lost the first one's key, and its
// remarks printed out of order in most runs of this file. wave-opt now runs
// passes on a pool whose waiting workers run only tasks of what they wait
// for (wave/Support/ThreadPool.h). A run with threads was out of order about
// 3 times in 4, so the file is run several times.
// RUN: wave-opt %s --wave-optimize=occupancy=8 -o /dev/null 2>&1 | FileCheck %s
// RUN: wave-opt %s --wave-optimize=occupancy=8 -o /dev/null 2>&1 | FileCheck %s
// RUN: wave-opt %s --wave-optimize=occupancy=8 -o /dev/null 2>&1 | FileCheck %s
// RUN: wave-opt %s --wave-optimize=occupancy=8 -o /dev/null 2>&1 | FileCheck %s
//
// And the same output as on one thread:
// RUN: wave-opt %s --wave-optimize=occupancy=8 -mlir-disable-threading -o /dev/null 2> %t.serial
// RUN: wave-opt %s --wave-optimize=occupancy=8 -o /dev/null 2> %t.threads
// RUN: diff %t.serial %t.threads
//
// Modules of one kernel, then of two: each of the latter is a parallel loop
// nested in the one over the modules.

gpu.module @one {
  // CHECK: remark: wave-budget-registers: occupancy 8 on gfx942
  // CHECK-NEXT: gpu.func @one_k()
  gpu.func @one_k() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

gpu.module @two {
  // CHECK: remark: wave-budget-registers: occupancy 8 on gfx942
  // CHECK-NEXT: gpu.func @two_k()
  gpu.func @two_k() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

gpu.module @three {
  // CHECK: remark: wave-budget-registers: occupancy 8 on gfx942
  // CHECK-NEXT: gpu.func @three_a()
  gpu.func @three_a() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
  // CHECK: remark: wave-budget-registers: occupancy 8 on gfx942
  // CHECK-NEXT: gpu.func @three_b()
  gpu.func @three_b() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

gpu.module @four {
  // CHECK: remark: wave-budget-registers: occupancy 8 on gfx942
  // CHECK-NEXT: gpu.func @four_a()
  gpu.func @four_a() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
  // CHECK: remark: wave-budget-registers: occupancy 8 on gfx942
  // CHECK-NEXT: gpu.func @four_b()
  gpu.func @four_b() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}
// CHECK-NOT: remark
