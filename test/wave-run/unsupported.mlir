// Kernels wave-run cannot run are reported at the op or kernel that stops
// it, never executed approximately.

// RUN: not wave-run %s --kernel=heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: not wave-run %s --kernel=no_block_size 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not wave-run %s --kernel=branches 2>&1 | FileCheck %s --check-prefix=CFG
// RUN: not wave-run %s --kernel=dynamic 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not wave-run %s --kernel=plain64 --reference=plain32 2>&1 | FileCheck %s --check-prefix=SIGNATURE
// No kernel names a reference: the file's six are ambiguous.
// RUN: not wave-run %s 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS

#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @unsupported {
  gpu.func @heap(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    // HEAP: :[[@LINE+1]]:10: error: the interpreter cannot execute 'memref.alloc'
    %m = memref.alloc() : memref<64xf32>
    gpu.return
  }
  // HEAP: wave-run: cannot run @heap

  // BLOCK: :[[@LINE+1]]:3: error: the interpreter needs 'known_block_size' (the workgroup size) on kernel @no_block_size
  gpu.func @no_block_size(%out: memref<64xf32>) kernel
      attributes {known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }

  // CFG: :[[@LINE+1]]:3: error: the interpreter executes kernels whose body is one block (structured control flow only)
  gpu.func @branches(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    cf.br ^next
  ^next:
    gpu.return
  }

  // DYNAMIC: :[[@LINE+1]]:21: error: the interpreter cannot model argument 'out' of type 'memref<?xf32>': a dynamically shaped memref needs an identity layout and 'wave.dims' naming the arguments that hold its extents
  gpu.func @dynamic(%out: memref<?xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }

  // SIGNATURE: wave-run: reference @plain32 does not take the arguments of @plain64
  gpu.func @plain64(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    gpu.return
  }
  gpu.func @plain32(%out: memref<32xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
}

// AMBIGUOUS: wave-run: {{.*}}.mlir holds 6 candidate kernels (heap, no_block_size, branches, dynamic, plain64, plain32); choose the kernel by name (--kernel=NAME){{$}}
