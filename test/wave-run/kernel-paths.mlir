// Kernels of one name in two gpu.modules, as outlining makes of a program
// whose launches each have a module: --kernel takes the path gpu.launch_func
// calls a kernel by (`@first::@fill` as first::fill, the `@`s optional), and
// a name two kernels share is refused with their paths.

// RUN: rm -rf %t && mkdir -p %t
// RUN: wave-run %s --kernel=first::fill --output-dir=%t/first | FileCheck %s --check-prefix=RAN
// RUN: wave-run %s --kernel=@second::@fill --output-dir=%t/second | FileCheck %s --check-prefix=RAN
// RAN: @fill ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; out = numpy.load('%t/first/out.npy'); assert (out == numpy.arange(64)).all(), out"
// RUN: %python -c "import numpy; out = numpy.load('%t/second/out.npy'); assert (out == 100 + numpy.arange(64)).all(), out"

// A name one kernel has still names it; a reference is named alike.
// RUN: wave-run %s --kernel=iota --reference=first::fill | FileCheck %s --check-prefix=REFERENCE
// REFERENCE: comparing @iota with @fill
// REFERENCE: PASS
// RUN: not wave-run %s --kernel=iota --reference=second::fill 2>&1 | FileCheck %s --check-prefix=DIFFER
// DIFFER: wave-run: outputs differ

// RUN: not wave-run %s --kernel=fill 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// AMBIGUOUS: wave-run: @fill names 2 kernels in {{.*}}kernel-paths.mlir: first::fill, second::fill; choose one by its path, MODULE::NAME (--kernel=NAME){{$}}
// RUN: not wave-run %s 2>&1 | FileCheck %s --check-prefix=CANDIDATES
// CANDIDATES: wave-run: {{.*}}kernel-paths.mlir holds 3 candidate kernels (first::fill, second::fill, iota); choose the kernel by name (--kernel=NAME){{$}}
// RUN: not wave-run %s --kernel=third::fill 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: wave-run: no kernel @third::@fill in {{.*}}kernel-paths.mlir; its kernels are first::fill, second::fill, iota{{$}}
// RUN: not wave-run %s --kernel=first::iota 2>&1 | FileCheck %s --check-prefix=WRONG-MODULE
// WRONG-MODULE: wave-run: no kernel @first::@iota in
// RUN: not wave-run %s --kernel=iota --reference=third::fill 2>&1 | FileCheck %s --check-prefix=NO-REFERENCE
// NO-REFERENCE: wave-run: no reference kernel @third::@fill{{$}}

module attributes {gpu.container_module} {
  func.func @main(%out: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @first::@fill blocks in (%c1, %c1, %c1)
        threads in (%c64, %c1, %c1) args(%out : memref<64xi32>)
    gpu.launch_func @second::@fill blocks in (%c1, %c1, %c1)
        threads in (%c64, %c1, %c1) args(%out : memref<64xi32>)
    return
  }

  // out[l] = l.
  gpu.module @first {
    gpu.func @fill(%out: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>,
                    known_grid_size = array<i32: 1, 1, 1>} {
      %l = gpu.thread_id x
      %v = arith.index_cast %l : index to i32
      memref.store %v, %out[%l] : memref<64xi32>
      gpu.return
    }
  }

  gpu.module @second {
    // out[l] = 100 + l.
    gpu.func @fill(%out: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>,
                    known_grid_size = array<i32: 1, 1, 1>} {
      %l = gpu.thread_id x
      %c100 = arith.constant 100 : index
      %i = arith.addi %l, %c100 : index
      %v = arith.index_cast %i : index to i32
      memref.store %v, %out[%l] : memref<64xi32>
      gpu.return
    }
    // out[l] = l, as @first::@fill.
    gpu.func @iota(%out: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>,
                    known_grid_size = array<i32: 1, 1, 1>} {
      %l = gpu.thread_id x
      %v = arith.index_cast %l : index to i32
      memref.store %v, %out[%l] : memref<64xi32>
      gpu.return
    }
  }
}
