// Two kernels in two modules, as in upstream's two-modules test: outlining
// makes a gpu.module of each launch, and wave-compile compiles each into a
// code object of its own (modules may differ in wave size, and may name
// their kernels alike), written into the directory -o names, after the
// module.
// RUN: rm -rf %t.dir && wave-compile %s --chip=gfx942 -o %t.dir 2>/dev/null
// RUN: llvm-readelf --notes %t.dir/square_kernel.hsaco | FileCheck %s --check-prefix=FIRST
// FIRST: .name: square_kernel
// RUN: llvm-readelf --notes %t.dir/double_kernel.hsaco | FileCheck %s --check-prefix=SECOND
// SECOND: .name: double_kernel
// RUN: wave-compile %s --chip=gfx942 --emit=asm -o %t.asm 2>/dev/null
// RUN: ls %t.asm | FileCheck %s --check-prefix=ASM
// ASM: double_kernel.s
// ASM-NEXT: square_kernel.s
// One report over both modules' kernels.
// RUN: wave-compile %s --chip=gfx942 -o %t.report --resource-usage 2>/dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: remark: Function Name: square_kernel
// REPORT: remark: Function Name: double_kernel
// RUN: not wave-compile %s --chip=gfx942 -o - 2>&1 | FileCheck %s --check-prefix=STDOUT
// STDOUT: wave-compile: error: '{{.*}}two-modules.mlir' holds 2 gpu.modules, compiled one file each: give -o a directory
//
// Each kernel runs under wave-run, checked against itself lowered.
// RUN: wave-opt %s --wave-outline-launches -o %t.outlined.mlir
// RUN: wave-run %t.outlined.mlir --kernel=square_kernel --compare-pipeline='builtin.module(wave-to-upstream{chip=gfx942 optimize=true})' 2>/dev/null | FileCheck %s --check-prefix=LOWERED
// RUN: wave-run %t.outlined.mlir --kernel=double_kernel --compare-pipeline='builtin.module(wave-to-upstream{chip=gfx942 optimize=true})' 2>/dev/null | FileCheck %s --check-prefix=LOWERED
// LOWERED: output {{.*}}: agrees
// LOWERED-NEXT: PASS
//
// gpu-module-to-binary makes a gpu.binary of each, whose object is the
// module's code object from wave-compile.
// RUN: wave-opt %s -o %t.binary.mlir 2>/dev/null \
// RUN:   --pass-pipeline='builtin.module(wave-outline-launches,wave-attach-binary-target{chip=gfx942},gpu-module-to-binary,gpu-to-llvm)'
// RUN: %python %S/Inputs/compare-binaries.py %t.binary.mlir %t.dir | FileCheck %s --check-prefix=SAME
// SAME: @square_kernel: the code object wave-compile makes
// SAME-NEXT: @double_kernel: the code object wave-compile makes

func.func @square(%x: memref<256xf32>, %y: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  // y = x * x
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = gpu.global_id x
    %v = memref.load %x[%i] : memref<256xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %y[%i] : memref<256xf32>
    gpu.terminator
  }
  return
}

func.func @double(%x: memref<256xf32>, %y: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // x = y + y, one workgroup looping over the vector
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c256 = arith.constant 256 : index
    scf.for %i = %tx to %c256 step %c64 {
      %v = memref.load %y[%i] : memref<256xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %x[%i] : memref<256xf32>
    }
    gpu.terminator
  }
  return
}
