// #wave.target's fast_math: gpu-module-to-binary makes what
// wave-compile --fast-math (fast_math = on) and --fast-math=finite
// (fast_math = finite) make, byte for byte. The kernel's exp and division
// become v_exp_f32 and v_rcp_f32 under afn, and its maximum drops the NaN
// rule under nnan, so each setting gives a code object of its own.
// RUN: rm -rf %t.off %t.on %t.finite && mkdir %t.off %t.on %t.finite
// RUN: wave-compile %s --chip=gfx942 -o %t.off/sigmoid_kernel.hsaco 2>/dev/null
// RUN: wave-compile %s --chip=gfx942 --fast-math -o %t.on/sigmoid_kernel.hsaco 2>/dev/null
// RUN: wave-compile %s --chip=gfx942 --fast-math=finite -o %t.finite/sigmoid_kernel.hsaco 2>/dev/null
// RUN: not cmp -s %t.off/sigmoid_kernel.hsaco %t.on/sigmoid_kernel.hsaco
// RUN: not cmp -s %t.on/sigmoid_kernel.hsaco %t.finite/sigmoid_kernel.hsaco
//
// RUN: wave-opt %s -o %t.on.mlir 2>/dev/null \
// RUN:   --pass-pipeline='builtin.module(wave-outline-launches,wave-attach-binary-target{chip=gfx942 fast-math=on},gpu-module-to-binary,gpu-to-llvm)'
// RUN: FileCheck %s --check-prefix=ON < %t.on.mlir
// ON: gpu.binary @sigmoid_kernel [#gpu.object<#wave.target<chip = "gfx942", fast_math = on>, bin = "\7FELF
// RUN: %python %S/Inputs/compare-binaries.py %t.on.mlir %t.on | FileCheck %s --check-prefix=SAME
// RUN: wave-opt %s -o %t.finite.mlir 2>/dev/null \
// RUN:   --pass-pipeline='builtin.module(wave-outline-launches,wave-attach-binary-target{chip=gfx942 fast-math=finite},gpu-module-to-binary,gpu-to-llvm)'
// RUN: FileCheck %s --check-prefix=FINITE < %t.finite.mlir
// FINITE: gpu.binary @sigmoid_kernel [#gpu.object<#wave.target<chip = "gfx942", fast_math = finite>, bin = "\7FELF
// RUN: %python %S/Inputs/compare-binaries.py %t.finite.mlir %t.finite | FileCheck %s --check-prefix=SAME
// Off, the default, is wave-compile without the flag.
// RUN: wave-opt %s -o %t.off.mlir 2>/dev/null \
// RUN:   --pass-pipeline='builtin.module(wave-outline-launches,wave-attach-binary-target{chip=gfx942 fast-math=off},gpu-module-to-binary,gpu-to-llvm)'
// RUN: %python %S/Inputs/compare-binaries.py %t.off.mlir %t.off | FileCheck %s --check-prefix=SAME
// SAME: @sigmoid_kernel: the code object wave-compile makes

func.func @sigmoid(%a: memref<256xf32>, %b: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = gpu.global_id x
    %x = memref.load %a[%i] : memref<256xf32>
    // b = max(exp(x) / (1 + exp(x)), 0.25)
    %one = arith.constant 1.0 : f32
    %quarter = arith.constant 0.25 : f32
    %e = math.exp %x : f32
    %d = arith.addf %e, %one : f32
    %q = arith.divf %e, %d : f32
    %m = arith.maximumf %q, %quarter : f32
    memref.store %m, %b[%i] : memref<256xf32>
    gpu.terminator
  }
  return
}
