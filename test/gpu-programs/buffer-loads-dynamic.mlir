// Buffer loads on dynamic memrefs: host code launches a wave kernel on
// memref<?xf32>, so the kernel takes memref descriptors, as gpu-to-llvm
// passes them. Its `wave.dims` binds the extents to %n, as written; the
// kernel's `wave.assume` bounds %n, so its bounded accesses become buffer
// loads and stores of the whole vector (docs/Pipeline.md, stage 1).
// RUN: wave-compile %s --chip=gfx942 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ASM
// ASM-LABEL: scale:
// ASM: buffer_load_dwordx4
// ASM: buffer_store_dwordx4
// RUN: wave-compile %s --chip=gfx942 --emit=llvm -o - 2>/dev/null | FileCheck %s --check-prefix=LLVM
// LLVM: define amdgpu_kernel void @scale(ptr {{[^,]*}}, ptr {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,]*}}, i64 {{[^,)]*}})
//
// The device part runs under wave-run against its reference kernel, at a
// size the last workgroup covers in part.
// RUN: wave-run %s --kernel=scale --grid=4 --scalar=n=1000 | FileCheck %s --check-prefix=RAN
// RAN: comparing @scale with @scale_ref
// RAN-NEXT: output 'Y' (1000xf32): agrees
// RAN-NEXT: PASS
//
// gpu-module-to-binary, then gpu-to-llvm, which passes the descriptors.
// RUN: wave-opt %s -o %t.binary.mlir 2>/dev/null \
// RUN:   --pass-pipeline='builtin.module(wave-attach-binary-target{chip=gfx942},gpu-module-to-binary,gpu-to-llvm)'
// RUN: FileCheck %s --check-prefix=BINARY < %t.binary.mlir
// BINARY: gpu.launch_func @device::@scale {{.*}} args(%{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : i64, %{{.*}} : i64, %{{.*}} : i64, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : i64, %{{.*}} : i64, %{{.*}} : i64, %{{.*}} : i64)
// BINARY: gpu.binary @device [#gpu.object<#wave.target<chip = "gfx942">, bin = "\7FELF
// RUN: rm -rf %t.dir && mkdir %t.dir && wave-compile %s --chip=gfx942 -o %t.dir/device.hsaco 2>/dev/null
// RUN: %python %S/Inputs/compare-binaries.py %t.binary.mlir %t.dir | FileCheck %s --check-prefix=SAME
// SAME: @device: the code object wave-compile makes

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
module attributes {gpu.container_module} {
  func.func @scale(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c255 = arith.constant 255 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %n255 = arith.addi %n, %c255 : index
    %blocks = arith.divui %n255, %c256 : index
    gpu.launch_func @device::@scale blocks in (%blocks, %c1, %c1)
        threads in (%c64, %c1, %c1) args(%x : memref<?xf32>, %y : memref<?xf32>, %n : index)
    return
  }
  gpu.module @device {
    gpu.func @scale(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                    %Y: memref<?xf32> {wave.dims = array<i64: 2>},
                    %n: index) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k,
                    wave.reference = @scale_ref,
                    wave.assume = affine_set<(x, y, n) : (n mod 4 == 0, 268435456 - n >= 0)>} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %two = arith.constant dense<2.0> : vector<4xf32>
      %x = wave.read %X[%bid, %tid] map affine_map<(b, t) -> (b * 256 + t * 4)>
          bounded : memref<?xf32> -> vector<4xf32>
      %y = arith.mulf %x, %two : vector<4xf32>
      wave.write %y, %Y[%bid, %tid] map affine_map<(b, t) -> (b * 256 + t * 4)>
          bounded : vector<4xf32>, memref<?xf32>
      gpu.return
    }
    gpu.func @scale_ref(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                        %Y: memref<?xf32> {wave.dims = array<i64: 2>},
                        %n: index) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>,
                    known_grid_size = array<i32: 1, 1, 1>} {
      %c64 = arith.constant 64 : index
      %two = arith.constant 2.0 : f32
      %tid = gpu.thread_id x
      scf.for %i = %tid to %n step %c64 {
        %x = memref.load %X[%i] : memref<?xf32>
        %y = arith.mulf %x, %two : f32
        memref.store %y, %Y[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
