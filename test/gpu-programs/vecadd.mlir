// A vector add as upstream's ROCm integration tests write it: a gpu.launch
// in host code, whose kernel wave-compile outlines (wave-outline-launches,
// upstream's gpu-kernel-outlining) and compiles. Host code launches it, so
// it takes its memrefs as the memref descriptors gpu-to-llvm passes: five
// fields each (allocated and aligned pointers, offset, size, stride).
// RUN: wave-compile %s --chip=gfx942 --emit=llvm -o - 2>/dev/null | FileCheck %s --check-prefix=DESCRIPTORS
// DESCRIPTORS: define amdgpu_kernel void @vecadd_kernel(ptr {{[^,]*}}, ptr {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,)]*}})
// --memref-descriptors=false: the bare pointers of HIP launchers (and of
// gpu-to-llvm{use-bare-pointers-for-kernels=1}).
// RUN: wave-compile %s --chip=gfx942 --memref-descriptors=false --emit=llvm -o - 2>/dev/null | FileCheck %s --check-prefix=BARE
// BARE: define amdgpu_kernel void @vecadd_kernel(ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,)]*}})
//
// The device part runs under wave-run: the outlined kernel (outlining names
// its arguments %arg0, %arg1, %arg2) on given inputs,
// checked against numpy, and against itself lowered by wave-to-upstream.
// RUN: wave-opt %s --wave-outline-launches -o %t.outlined.mlir
// RUN: %python -c "import numpy; numpy.save('%t.a.npy', numpy.arange(256, dtype=numpy.float32)); numpy.save('%t.b.npy', numpy.full(256, 0.5, dtype=numpy.float32))"
// RUN: rm -rf %t.out && wave-run %t.outlined.mlir --kernel=vecadd_kernel --input=arg0=%t.a.npy --input=arg1=%t.b.npy --output-dir=%t.out | FileCheck %s --check-prefix=RAN
// RAN: @vecadd_kernel ran on 4x1x1 workgroups with no error
// RUN: %python -c "import numpy; c = numpy.load('%t.out/arg2.npy'); assert (c == numpy.arange(256) + 0.5).all(), c"
// RUN: wave-run %t.outlined.mlir --kernel=vecadd_kernel --compare-pipeline='builtin.module(wave-to-upstream{chip=gfx942 optimize=true})' 2>/dev/null | FileCheck %s --check-prefix=LOWERED
// LOWERED: output 'arg2' (256xf32): agrees
// LOWERED-NEXT: PASS
//
// The upstream way: #wave.target on the module, gpu-module-to-binary, then
// gpu-to-llvm for the host; the object is wave-compile's code object.
// RUN: wave-opt %s -o %t.binary.mlir 2>/dev/null \
// RUN:   --pass-pipeline='builtin.module(wave-outline-launches,wave-attach-binary-target{chip=gfx942},gpu-module-to-binary,gpu-to-llvm)'
// RUN: FileCheck %s --check-prefix=BINARY < %t.binary.mlir
// BINARY: llvm.func @vecadd(
// BINARY: gpu.launch_func @vecadd_kernel::@vecadd_kernel blocks in ({{.*}}) threads in ({{.*}}) : i64 args(%{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : i64, %{{.*}} : i64, %{{.*}} : i64, %{{.*}} : !llvm.ptr,
// BINARY: gpu.binary @vecadd_kernel [#gpu.object<#wave.target<chip = "gfx942">, bin = "\7FELF
// RUN: rm -rf %t.dir && mkdir %t.dir && wave-compile %s --chip=gfx942 -o %t.dir/vecadd_kernel.hsaco 2>/dev/null
// RUN: %python %S/Inputs/compare-binaries.py %t.binary.mlir %t.dir | FileCheck %s --check-prefix=SAME
// SAME: @vecadd_kernel: the code object wave-compile makes
// Format isa gives the assembly; LLVM bitcode to link (format llvm) is
// not made, an error at the launch the module was outlined from.
// RUN: wave-opt %s 2>/dev/null --pass-pipeline='builtin.module(wave-outline-launches,wave-attach-binary-target{chip=gfx942},gpu-module-to-binary{format=isa})' | FileCheck %s --check-prefix=ISA
// ISA: gpu.binary @vecadd_kernel [#gpu.object<#wave.target<chip = "gfx942">, assembly = "{{.*}}.amdhsa_kernel vecadd_kernel
// RUN: not wave-opt %s --pass-pipeline='builtin.module(wave-outline-launches,wave-attach-binary-target{chip=gfx942},gpu-module-to-binary{format=llvm})' 2>&1 | FileCheck %s --check-prefix=OFFLOAD
// OFFLOAD: vecadd.mlir:[[@LINE+8]]:3: error: #wave.target makes code objects and assembly (format 'bin', 'fatbin' or 'isa'), not LLVM bitcode to link ('offload')
// RUN: not wave-opt %s --pass-pipeline='builtin.module(wave-attach-binary-target{chip=gfx000})' 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: unknown chip 'gfx000' (known: {{.*}})

func.func @vecadd(%a: memref<256xf32>, %b: memref<256xf32>, %c: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = gpu.global_id x
    %x = memref.load %a[%i] : memref<256xf32>
    %y = memref.load %b[%i] : memref<256xf32>
    %z = arith.addf %x, %y : f32
    memref.store %z, %c[%i] : memref<256xf32>
    gpu.terminator
  }
  return
}
