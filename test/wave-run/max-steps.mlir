// A run that needs more steps (instructions one wave executes) than
// --max-steps stops with an error at the innermost loop running then, so a
// loop that never ends, or would take years, is reported instead of hanging.
// RUN: not wave-run %s --kernel=spin --max-steps=100000 2>&1 | FileCheck %s --check-prefix=SPIN
// RUN: not wave-run %s --kernel=long_loop --max-steps=1000000 2>&1 | FileCheck %s --check-prefix=LONG
// Without a loop the kernel itself is named (a grid too large to run).
// RUN: not wave-run %s --kernel=no_loop --max-steps=5 2>&1 | FileCheck %s --check-prefix=NOLOOP
// The default budget is far above what a finite kernel here needs.
// RUN: wave-run %s --kernel=no_loop | FileCheck %s --check-prefix=FITS
// FITS: @no_loop ran on 4x1x1 workgroups with no error
// RUN: not wave-run %s --kernel=no_loop --max-steps=0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: wave-run: the maximum number of steps must be positive (--max-steps=N){{$}}

gpu.module @steps {
  gpu.func @spin(%out: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %l = gpu.thread_id x
    // SPIN: :[[@LINE+1]]:10: error: @spin stopped at its limit of 100000 steps, in workgroup (0, 0, 0) with wave 0 in this loop, which may never end
    %n = scf.while (%i = %c0) : (i32) -> i32 {
      scf.condition(%true) %i : i32
    } do {
    ^bb0(%j: i32):
      %c1 = arith.constant 1 : i32
      %next = arith.addi %j, %c1 : i32
      scf.yield %next : i32
    }
    memref.store %n, %out[%l] : memref<64xi32>
    gpu.return
  }
  // SPIN: wave-run: @spin failed

  gpu.func @long_loop(%out: memref<128xi64>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %big = arith.constant 4611686018427387904 : i64
    %l = gpu.thread_id x
    // 2^62 iterations of an inner loop of two.
    scf.for %i = %c0 to %big step %c1 : i64 {
      %c2 = arith.constant 2 : i64
      // LONG: :[[@LINE+1]]:7: error: @long_loop stopped at its limit of 1000000 steps, in workgroup (0, 0, 0) with wave {{[01]}} in this loop, which may never end
      scf.for %k = %c0 to %c2 step %c1 : i64 {
        memref.store %i, %out[%l] : memref<128xi64>
      }
    }
    gpu.return
  }

  // NOLOOP: :[[@LINE+1]]:3: error: @no_loop stopped at its limit of 5 steps, in workgroup (0, 0, 0){{$}}
  gpu.func @no_loop(%out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>} {
    %c1 = arith.constant 1.0 : f32
    %l = gpu.thread_id x
    %w = gpu.block_id x
    %c64 = arith.constant 64 : index
    %base = arith.muli %w, %c64 : index
    %i = arith.addi %base, %l : index
    memref.store %c1, %out[%i] : memref<256xf32>
    gpu.return
  }
}
