// On LLVM 22, code generation above -O0 replaces an `fneg` whose users are
// all in its block by `fmul x, -1.0`, so that CodeGenPrepare does not number
// the whole block for each of its users (rewriteLocalNegations in
// lib/Target/AMDGPUCodeGen.cpp). The optimized IR `--emit=llvm` prints keeps
// the `fneg`s, and `llc` on it gives the same assembly as wave-compile: the
// backend turns the `fmul` back into the same negation.

// RUN: wave-compile %s --chip=gfx942 -O2 --emit=llvm -o %t.gfx942.ll
// RUN: FileCheck %s --input-file=%t.gfx942.ll --check-prefix=OPTIMIZED
// RUN: llc -O2 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.gfx942.ll -o %t.llc.gfx942.s
// RUN: wave-compile %s --chip=gfx942 -O2 --emit=asm -o %t.gfx942.s -print-before=codegenprepare 2> %t.gfx942.codegen.ll
// RUN: diff %t.llc.gfx942.s %t.gfx942.s
// RUN: FileCheck %s --input-file=%t.gfx942.codegen.ll --check-prefix=CODEGEN
// RUN: FileCheck %s --input-file=%t.gfx942.s --check-prefix=ASM

// The same assembly at -O3 and for an RDNA chip.
// RUN: wave-compile %s --chip=gfx942 -O3 --emit=llvm -o %t.O3.ll
// RUN: llc -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.O3.ll -o %t.llc.O3.s
// RUN: wave-compile %s --chip=gfx942 -O3 --emit=asm -o %t.O3.s
// RUN: diff %t.llc.O3.s %t.O3.s
// RUN: wave-compile %s --chip=gfx1100 -O2 --emit=llvm -o %t.gfx1100.ll
// RUN: llc -O2 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 %t.gfx1100.ll -o %t.llc.gfx1100.s
// RUN: wave-compile %s --chip=gfx1100 -O2 --emit=asm -o %t.gfx1100.s
// RUN: diff %t.llc.gfx1100.s %t.gfx1100.s

// OPTIMIZED-LABEL: define amdgpu_kernel void @local(
// OPTIMIZED: fneg float
// OPTIMIZED-LABEL: define amdgpu_kernel void @hoisted(
// OPTIMIZED: fneg float
// OPTIMIZED-LABEL: define amdgpu_kernel void @sum(
// OPTIMIZED: fneg float

// A negation selected against its operand: rewritten.
// CODEGEN-LABEL: define amdgpu_kernel void @local(
// CODEGEN-NOT: fneg
// CODEGEN: %[[NEG:.*]] = fmul float %[[X:.*]], -1.000000e+00
// CODEGEN: select i1 %{{.*}}, float %[[X]], float %[[NEG]]
// ASM-LABEL: {{^}}local:
// ASM: v_cndmask_b32_e64 v{{[0-9]+}}, -v[[X:[0-9]+]], v[[X]], vcc

gpu.module @negations {
  gpu.func @local(%X: memref<256xf32>, %Y: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %x = memref.load %X[%tid] : memref<256xf32>
    %m = memref.load %Y[%tid] : memref<256xf32>
    %parity = arith.remui %tid, %c2 : index
    %even = arith.cmpi eq, %parity, %c0 : index
    %n = arith.negf %x : f32
    %s = arith.select %even, %x, %n : f32
    %r = arith.addf %s, %m : f32
    memref.store %r, %Y[%tid] : memref<256xf32>
    gpu.return
  }

  // LLVM hoists the negation out of the loop: its user is in another block,
  // where CodeGenPrepare sinks a copy of it, so it stays an fneg.
  // CODEGEN-LABEL: define amdgpu_kernel void @hoisted(
  // CODEGEN: fneg float
  // CODEGEN-NOT: -1.000000e+00
  // ASM-LABEL: {{^}}hoisted:
  // ASM: v_cndmask_b32_e64 v{{[0-9]+}}, -v[[X:[0-9]+]], v[[X]], vcc
  gpu.func @hoisted(%X: memref<256xf32>, %Y: memref<256xf32>,
                    %N: memref<1xindex>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %x = memref.load %X[%tid] : memref<256xf32>
    %trips = memref.load %N[%c0] : memref<1xindex>
    %sum = scf.for %i = %c0 to %trips step %c1 iter_args(%acc = %zero)
        -> (f32) {
      %k = arith.addi %i, %tid : index
      %parity = arith.remui %k, %c2 : index
      %even = arith.cmpi eq, %parity, %c0 : index
      %n = arith.negf %x : f32
      %s = arith.select %even, %x, %n : f32
      %next = arith.addf %acc, %s : f32
      scf.yield %next : f32
    }
    memref.store %sum, %Y[%tid] : memref<256xf32>
    gpu.return
  }

  // The negation of a value used only by it: the backend could negate the
  // value itself on the way from the fmul, so it stays an fneg.
  // CODEGEN-LABEL: define amdgpu_kernel void @sum(
  // CODEGEN: %[[SUM:.*]] = fadd float
  // CODEGEN-NEXT: fneg float %[[SUM]]
  // ASM-LABEL: {{^}}sum:
  // ASM: v_add_f32_e32 v[[SUM:[0-9]+]],
  // ASM-NEXT: v_xor_b32_e32 v{{[0-9]+}}, 0x80000000, v[[SUM]]
  gpu.func @sum(%X: memref<256xf32>, %Y: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tid = gpu.thread_id x
    %x = memref.load %X[%tid] : memref<256xf32>
    %y = memref.load %Y[%tid] : memref<256xf32>
    %p = arith.addf %x, %y : f32
    %n = arith.negf %p : f32
    memref.store %n, %Y[%tid] : memref<256xf32>
    gpu.return
  }
}
