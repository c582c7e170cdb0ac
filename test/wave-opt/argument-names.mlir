// wave-opt prints function arguments with the names they have in its input
// (MLIR's parser keeps an argument's location, not its name: wave-opt reads
// the name back at that location), so that wave-run, reading wave-opt's
// output, reports on them by name. From a file, from standard input, with
// and without passes:
// RUN: wave-opt %s | FileCheck %s
// RUN: cat %s | wave-opt | FileCheck %s
// RUN: wave-opt %s --canonicalize --wave-insert-barriers | FileCheck %s
// RUN: wave-opt %s | wave-opt | FileCheck %s
// CHECK: gpu.func @twice(%In: memref<256xf32>, %Out: memref<256xf32>)
// CHECK: wave.read %In
// CHECK: wave.write %{{.*}}, %Out
//
// MLIR's numbered names on request:
// RUN: wave-opt %s --mlir-use-nameloc-as-prefix=false | FileCheck %s --check-prefix=NUMBERED
// NUMBERED: gpu.func @twice(%arg0: memref<256xf32>, %arg1: memref<256xf32>)
//
// With the locations printed, each argument's is its name and where it is.
// RUN: wave-opt %s --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// LOC: loc("In"("{{.*}}argument-names.mlir":[[# @LINE + 6]]:19))
//
// wave-run names the outputs after the source's arguments.
// RUN: wave-opt %s --canonicalize | wave-run - | FileCheck %s --check-prefix=NAMED
// NAMED: output 'Out' (256xf32): agrees
gpu.module @names {
  gpu.func @twice(%In: memref<256xf32>, %Out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @twice_ref} {
    %tid = gpu.thread_id x
    %x = wave.read %In[%tid] map affine_map<(t) -> (t)>
        : memref<256xf32> -> vector<1xf32>
    %y = arith.addf %x, %x : vector<1xf32>
    wave.write %y, %Out[%tid] map affine_map<(t) -> (t)>
        : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  gpu.func @twice_ref(%In: memref<256xf32>, %Out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %tid = gpu.thread_id x
    %x = memref.load %In[%tid] : memref<256xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %Out[%tid] : memref<256xf32>
    gpu.return
  }
}
