// Cache hints as each chip's cache-policy bits: streaming is nontemporal,
// uncached is volatile (the table in convert-wave-to-amdgpu's description).
// RUN: wave-compile %s --chip=gfx90a -o %t.gfx90a
// RUN: llvm-objdump -d %t.gfx90a | FileCheck %s --check-prefix=GFX90A
// RUN: wave-compile %s --chip=gfx942 -o %t.gfx942
// RUN: llvm-objdump -d %t.gfx942 | FileCheck %s --check-prefix=GFX942
// RUN: wave-compile %s --chip=gfx950 -o %t.gfx950
// RUN: llvm-objdump -d %t.gfx950 | FileCheck %s --check-prefix=GFX942
// RUN: wave-compile %s --chip=gfx1100 -o %t.gfx1100
// RUN: llvm-objdump -d %t.gfx1100 | FileCheck %s --check-prefix=GFX1100
// RUN: wave-compile %s --chip=gfx1201 -o %t.gfx1201
// RUN: llvm-objdump -d %t.gfx1201 | FileCheck %s --check-prefix=GFX1201

// GFX90A: global_load_dwordx4 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}] glc slc{{ *}}//
// GFX90A: global_load_dwordx4 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}] glc{{ *}}//
// GFX90A: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}] offset:4{{ *}}//
// GFX90A: global_store_dwordx4 v{{[0-9]+}}, v[{{[0-9:]+}}], s[{{[0-9:]+}}] glc slc{{ *}}//
// GFX90A: global_store_dwordx4 v{{[0-9]+}}, v[{{[0-9:]+}}], s[{{[0-9:]+}}]{{ *}}//
// GFX90A: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}] offset:8{{ *}}//

// GFX942: global_load_dwordx4 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}] nt{{ *}}//
// GFX942: global_load_dwordx4 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}] sc0 sc1{{ *}}//
// GFX942: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}] offset:4{{ *}}//
// GFX942: global_store_dwordx4 v{{[0-9]+}}, v[{{[0-9:]+}}], s[{{[0-9:]+}}] nt{{ *}}//
// GFX942: global_store_dwordx4 v{{[0-9]+}}, v[{{[0-9:]+}}], s[{{[0-9:]+}}] sc0 sc1{{ *}}//
// GFX942: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}] offset:8{{ *}}//

// GFX1100: global_load_b128 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}] slc dlc{{ *}}//
// GFX1100: global_load_b128 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}] glc dlc{{ *}}//
// GFX1100: global_load_b32 v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}] offset:4{{ *}}//
// GFX1100: global_store_b128 v{{[0-9]+}}, v[{{[0-9:]+}}], s[{{[0-9:]+}}] glc slc dlc{{ *}}//
// GFX1100: global_store_b128 v{{[0-9]+}}, v[{{[0-9:]+}}], s[{{[0-9:]+}}] dlc{{ *}}//
// GFX1100: global_store_b32 v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}] offset:8{{ *}}//

// GFX1201: global_load_b128 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}] th:TH_LOAD_NT{{ *}}//
// GFX1201: global_load_b128 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}] scope:SCOPE_SYS{{ *}}//
// GFX1201: global_load_b32 v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}] offset:4{{ *}}//
// GFX1201: global_store_b128 v{{[0-9]+}}, v[{{[0-9:]+}}], s[{{[0-9:]+}}] th:TH_STORE_NT{{ *}}//
// GFX1201: global_store_b128 v{{[0-9]+}}, v[{{[0-9:]+}}], s[{{[0-9:]+}}] scope:SCOPE_SYS{{ *}}//
// GFX1201: global_store_b32 v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}] offset:8{{ *}}//
gpu.module @hints {
  gpu.func @hints(%a: memref<256xf32>, %b: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %s = wave.read %a[%tid] map affine_map<(d0) -> (d0 * 4)> cache <streaming> : memref<256xf32> -> vector<4xf32>
    %u = wave.read %b[%tid] map affine_map<(d0) -> (d0 * 4)> cache <uncached> : memref<256xf32> -> vector<4xf32>
    %c = wave.read %b[%tid] map affine_map<(d0) -> (d0 * 4 + 1)> : memref<256xf32> -> vector<1xf32>
    %x = arith.addf %s, %u : vector<4xf32>
    wave.write %x, %a[%tid] map affine_map<(d0) -> (d0 * 4)> cache <streaming> : vector<4xf32>, memref<256xf32>
    wave.write %x, %b[%tid] map affine_map<(d0) -> (d0 * 4)> cache <uncached> : vector<4xf32>, memref<256xf32>
    wave.write %c, %a[%tid] map affine_map<(d0) -> (d0 * 4 + 2)> : vector<1xf32>, memref<256xf32>
    gpu.return
  }
}
