// --compare-pipeline runs the pipeline on the module as given. A kernel of
// a #rocdl.target without wave.kernel runs in the target's waves, which
// wave-run states for the interpreter alone: the pipeline sees the kernel
// as wave-opt does. Here wave-attach-target refuses to move it to gfx942,
// whose ds_bpermute permutes across the wave of 64 rather than within its
// 32-lane halves (with the wave stated, the pass would move it and lanes
// 31 and 63 would read other lanes).
// RUN: not wave-opt %s --pass-pipeline='builtin.module(gpu.module(wave-attach-target{chip=gfx942}))' 2>&1 | FileCheck %s --check-prefix=OTHER-CHIP
// RUN: not wave-run %s --compare-pipeline='gpu.module(wave-attach-target{chip=gfx942})' 2>&1 | FileCheck %s --check-prefixes=OTHER-CHIP,RUN-FAILS
// OTHER-CHIP: error: kernel @halves has no 'wave.kernel' and runs on the module's target, gfx1100 in waves of 64 lanes; moving it to gfx942 in waves of 64 lanes could change what it computes
// RUN-FAILS: wave-run: the pipeline 'gpu.module(wave-attach-target{chip=gfx942})' failed on the original module
// The same chip keeps the target's waves of 64 (not gfx1100's default of
// 32), and the kernel computes the same.
// RUN: wave-run %s --compare-pipeline='gpu.module(wave-attach-target{chip=gfx1100})' | FileCheck %s --check-prefix=SAME-CHIP
// SAME-CHIP: output 'P' (64xi32): agrees (max abs error 0, max rel error 0)
// SAME-CHIP: PASS

gpu.module @rdna [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64">] {
  gpu.func @halves(%X: memref<64xi32>, %P: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %next = arith.addi %l, %c1 : index
    %wrapped = arith.remui %next, %c64 : index
    %n32 = arith.index_cast %wrapped : index to i32
    %c2 = arith.constant 2 : i32
    %address = arith.shli %n32, %c2 : i32
    %p = rocdl.ds_bpermute %address, %x : (i32, i32) -> i32
    memref.store %p, %P[%l] : memref<64xi32>
    gpu.return
  }
}
