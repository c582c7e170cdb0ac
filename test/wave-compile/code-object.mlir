// An HSA code object: ELF for the AMDGPU HSA OS ABI, code object version 5
// by default (ABI version 3; 6 is ABI version 4), the chip's e_flags, and
// the metadata note.
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx942 -o %t.gfx942
// RUN: llvm-readelf -h --notes %t.gfx942 | FileCheck %s --check-prefixes=CHECK,GFX942
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx942 --code-object-version=6 -o %t.v6
// RUN: llvm-readelf -h --notes %t.v6 | FileCheck %s --check-prefix=V6
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx90a -o %t.gfx90a
// RUN: llvm-readelf -h %t.gfx90a | FileCheck %s --check-prefix=GFX90A
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx950 -o %t.gfx950
// RUN: llvm-readelf -h %t.gfx950 | FileCheck %s --check-prefix=GFX950
// The kernel runs waves of 64, which gfx1100 and gfx1201 also run.
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx1100 -o %t.gfx1100
// RUN: llvm-readelf -h --notes %t.gfx1100 | FileCheck %s --check-prefixes=GFX1100,RDNA-WAVE64
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx1201 -o %t.gfx1201
// RUN: llvm-readelf -h --notes %t.gfx1201 | FileCheck %s --check-prefixes=GFX1201,RDNA-WAVE64
// A kernel of waves of 32.
// RUN: sed -e 's/chip = "gfx942", wave_size = 64/chip = "gfx1100", wave_size = 32/' %S/Inputs/add2.mlir > %t.wave32.mlir
// RUN: wave-compile %t.wave32.mlir --chip=gfx1100 -o %t.wave32
// RUN: llvm-readelf --notes %t.wave32 | FileCheck %s --check-prefix=RDNA-WAVE32

// CHECK: OS/ABI: AMDGPU - HSA
// CHECK-NEXT: ABI Version: 3
// CHECK: Type: DYN (Shared object file)
// CHECK: Machine: EM_AMDGPU
// GFX942: Flags: 0x54c, gfx942, xnack, sramecc
// CHECK: NT_AMDGPU_METADATA (AMDGPU Metadata)
// CHECK: .name: add2
// CHECK: .wavefront_size: 64
// CHECK: amdhsa.target: amdgcn-amd-amdhsa--gfx942
// CHECK: amdhsa.version:
// CHECK-NEXT: - 1
// CHECK-NEXT: - 2

// V6: ABI Version: 4
// V6: Flags: 0x54c, gfx942, xnack, sramecc

// GFX90A: Flags: 0x53f, gfx90a, xnack, sramecc
// GFX950: Flags: 0x54f, gfx950, xnack, sramecc
// GFX1100: Flags: 0x41, gfx1100
// GFX1201: Flags: 0x4e, gfx1201
// RDNA-WAVE64: .wavefront_size: 64
// RDNA-WAVE32: .wavefront_size: 32
