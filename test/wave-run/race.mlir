// LDS data races: two different lanes, at least one writing, the same LDS
// element, no barrier in between.

// The transpose example without its barrier: lanes read tile columns that
// other lanes wrote.
// RUN: sed '/wave.barrier/d' %examples/transpose.mlir > %t.transpose.mlir
// RUN: not wave-run %t.transpose.mlir 2>&1 | FileCheck %s --check-prefix=TRANSPOSE
// TRANSPOSE: error: LDS data race on the LDS tile at [{{[0-9]+}}, {{[0-9]+}}]: thread ({{[0-9]+}}, {{[0-9]+}}, 0) of workgroup (0, 0, 0) reads it while thread ({{[0-9]+}}, {{[0-9]+}}, 0) of workgroup (0, 0, 0) wrote it with no barrier in between
// TRANSPOSE-NEXT: %col = wave.read %tile
// TRANSPOSE: note: the conflicting write by thread
// TRANSPOSE-NEXT: wave.write %row, %tile
// TRANSPOSE: wave-run: @transpose failed

// GEMM without its barriers: the next K step overwrites tiles that other
// waves still read (or reads tiles other waves have not staged yet).
// RUN: sed '/wave.barrier/d' %examples/gemm.mlir > %t.gemm.mlir
// RUN: not wave-run %t.gemm.mlir 2>&1 | FileCheck %s --check-prefix=GEMM
// GEMM: error: LDS data race on the LDS tile

// The LDS tree reduction without its barriers.
// RUN: sed '/wave.barrier/d' %examples/reduce_lds.mlir > %t.reduce.mlir
// RUN: not wave-run %t.reduce.mlir 2>&1 | FileCheck %s --check-prefix=TREE
// TREE: error: LDS data race on the LDS tile

// RUN: not wave-run %s --kernel=read_after_write 2>&1 | FileCheck %s --check-prefix=RAW
// RUN: not wave-run %s --kernel=write_after_read 2>&1 | FileCheck %s --check-prefix=WAR
// RUN: not wave-run %s --kernel=write_after_write 2>&1 | FileCheck %s --check-prefix=WAW
// RUN: not wave-run %s --kernel=across_waves 2>&1 | FileCheck %s --check-prefix=WAVES
// RUN: wave-run %s --kernel=own_element | FileCheck %s --check-prefix=OK
// RUN: wave-run %s --kernel=with_barrier | FileCheck %s --check-prefix=OK
// RUN: wave-run %s --kernel=loop_with_barriers | FileCheck %s --check-prefix=OK
// RUN: not wave-run %s --kernel=loop_carried 2>&1 | FileCheck %s --check-prefix=LOOP

#lds = #gpu.address_space<workgroup>
#next = affine_map<(l) -> ((l + 1) mod 64)>
#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @races {
  // Lane l writes buf[l], then reads buf[l + 1], written by lane l + 1.
  gpu.func @read_after_write(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<64xf32, #lds>
    %l = gpu.thread_id x
    %one = arith.constant dense<1.0> : vector<1xf32>
    wave.write %one, %buf[%l] : vector<1xf32>, memref<64xf32, #lds>
    // RAW: :[[@LINE+1]]:10: error: LDS data race on the LDS tile at [1]: thread (0, 0, 0) of workgroup (0, 0, 0) reads it while thread (1, 0, 0) of workgroup (0, 0, 0) wrote it with no barrier in between
    %v = wave.read %buf[%l] map #next : memref<64xf32, #lds> -> vector<1xf32>
    // RAW: :[[@LINE-3]]:5: note: the conflicting write by thread (1, 0, 0) of workgroup (0, 0, 0)
    wave.write %v, %out[%l] : vector<1xf32>, memref<64xf32>
    gpu.return
  }

  // Lane l reads buf[l + 1] (written before a barrier), then writes buf[l],
  // which lane l - 1 read.
  gpu.func @write_after_read(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<64xf32, #lds>
    %l = gpu.thread_id x
    %one = arith.constant dense<1.0> : vector<1xf32>
    wave.write %one, %buf[%l] : vector<1xf32>, memref<64xf32, #lds>
    wave.barrier
    %v = wave.read %buf[%l] map #next : memref<64xf32, #lds> -> vector<1xf32>
    // WAR: :[[@LINE+1]]:5: error: LDS data race on the LDS tile at [0]: thread (0, 0, 0) of workgroup (0, 0, 0) writes it while thread (63, 0, 0) of workgroup (0, 0, 0) read it with no barrier in between
    wave.write %v, %buf[%l] : vector<1xf32>, memref<64xf32, #lds>
    // WAR: note: the conflicting read by thread (63, 0, 0)
    // WAR-NEXT: %v = wave.read %buf[%l] map #next
    gpu.return
  }

  // Every lane writes buf[0].
  gpu.func @write_after_write(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<64xf32, #lds>
    %c0 = arith.constant 0 : index
    %one = arith.constant dense<1.0> : vector<1xf32>
    // WAW: :[[@LINE+1]]:5: error: LDS data race on the LDS tile at [0]: thread (1, 0, 0) of workgroup (0, 0, 0) writes it while thread (0, 0, 0) of workgroup (0, 0, 0) wrote it with no barrier in between
    wave.write %one, %buf[%c0] : vector<1xf32>, memref<64xf32, #lds>
    gpu.return
  }

  // Lane l reads buf[l + 64]: wave 0 reads what wave 1 writes, and wave 1
  // what wave 0 wrote. The race is found although wave 0 runs to its end
  // before wave 1 starts.
  gpu.func @across_waves(%out: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<128xf32, #lds>
    %l = gpu.thread_id x
    %one = arith.constant dense<1.0> : vector<1xf32>
    // WAVES: :[[@LINE+1]]:5: error: LDS data race on the LDS tile at [64]: thread (64, 0, 0) of workgroup (0, 0, 0) writes it while thread (0, 0, 0) of workgroup (0, 0, 0) read it with no barrier in between
    wave.write %one, %buf[%l] : vector<1xf32>, memref<128xf32, #lds>
    // WAVES: :[[@LINE+1]]:10: note: the conflicting read by thread (0, 0, 0)
    %v = wave.read %buf[%l] map affine_map<(l) -> ((l + 64) mod 128)>
        : memref<128xf32, #lds> -> vector<1xf32>
    wave.write %v, %out[%l] : vector<1xf32>, memref<128xf32>
    gpu.return
  }

  // A lane reading back what it wrote itself needs no barrier.
  gpu.func @own_element(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<64xf32, #lds>
    %l = gpu.thread_id x
    %one = arith.constant dense<1.0> : vector<1xf32>
    wave.write %one, %buf[%l] : vector<1xf32>, memref<64xf32, #lds>
    %v = wave.read %buf[%l] : memref<64xf32, #lds> -> vector<1xf32>
    wave.write %v, %buf[%l] : vector<1xf32>, memref<64xf32, #lds>
    wave.write %v, %out[%l] : vector<1xf32>, memref<64xf32>
    gpu.return
  }

  // The same exchange as @read_after_write, ordered by a barrier.
  gpu.func @with_barrier(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<64xf32, #lds>
    %l = gpu.thread_id x
    %one = arith.constant dense<1.0> : vector<1xf32>
    wave.write %one, %buf[%l] : vector<1xf32>, memref<64xf32, #lds>
    gpu.barrier
    %v = wave.read %buf[%l] map #next : memref<64xf32, #lds> -> vector<1xf32>
    wave.write %v, %out[%l] : vector<1xf32>, memref<64xf32>
    gpu.return
  }

  // A rotating exchange in a loop, a barrier after the write and after the
  // read of every iteration.
  gpu.func @loop_with_barriers(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<64xf32, #lds>
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %init = arith.constant dense<1.0> : vector<1xf32>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%v = %init) -> (vector<1xf32>) {
      wave.write %v, %buf[%l] : vector<1xf32>, memref<64xf32, #lds>
      wave.barrier
      %n = wave.read %buf[%l] map #next : memref<64xf32, #lds> -> vector<1xf32>
      wave.barrier
      scf.yield %n : vector<1xf32>
    }
    wave.write %r, %out[%l] : vector<1xf32>, memref<64xf32>
    gpu.return
  }

  // Without the second barrier, the next iteration's write races with this
  // iteration's read (a loop-carried hazard).
  gpu.func @loop_carried(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<64xf32, #lds>
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %init = arith.constant dense<1.0> : vector<1xf32>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%v = %init) -> (vector<1xf32>) {
      // LOOP: :[[@LINE+1]]:7: error: LDS data race on the LDS tile at [0]: thread (0, 0, 0) of workgroup (0, 0, 0) writes it while thread (63, 0, 0) of workgroup (0, 0, 0) read it
      wave.write %v, %buf[%l] : vector<1xf32>, memref<64xf32, #lds>
      wave.barrier
      // LOOP: note: the conflicting read
      // LOOP-NEXT: %n = wave.read %buf[%l] map #next
      %n = wave.read %buf[%l] map #next : memref<64xf32, #lds> -> vector<1xf32>
      scf.yield %n : vector<1xf32>
    }
    wave.write %r, %out[%l] : vector<1xf32>, memref<64xf32>
    gpu.return
  }
}

// OK: ran on 1x1x1 workgroups with no error
