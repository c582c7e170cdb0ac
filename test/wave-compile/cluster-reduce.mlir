// Reductions over clusters of lanes end as DPP moves, with no test of the
// exec mask, no branch and no readlane loop (the op requires whole
// clusters). gfx942 (waves of 64): the max over clusters of 32 takes the
// four in-row steps, row_bcast:15 into rows 1 and 3 and a ds_swizzle that
// broadcasts lane 31 of each half; the sum over clusters of 16 stops at
// row_mirror, each step a v_add_f32_dpp.
// RUN: wave-compile %s --chip=gfx942 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=GFX942
// GFX942-LABEL: {{^}}clusters:
// GFX942-NOT: s_cbranch
// GFX942: v_mov_b32_dpp {{.*}} quad_perm:[1,0,3,2]
// GFX942: v_mov_b32_dpp {{.*}} quad_perm:[2,3,0,1]
// GFX942: v_mov_b32_dpp {{.*}} row_half_mirror
// GFX942: v_mov_b32_dpp {{.*}} row_mirror
// GFX942: v_mov_b32_dpp {{.*}} row_bcast:15 row_mask:0xa
// GFX942: ds_swizzle_b32 {{.*}} offset:swizzle(BROADCAST,32,31)
// GFX942: v_add_f32_dpp {{.*}} quad_perm:[1,0,3,2]
// GFX942: v_add_f32_dpp {{.*}} quad_perm:[2,3,0,1]
// GFX942: v_add_f32_dpp {{.*}} row_half_mirror
// GFX942: v_add_f32_dpp {{.*}} row_mirror
// GFX942-NOT: v_readlane
// GFX942-NOT: s_cbranch
// GFX942: s_endpgm
//
// gfx1100 keeps the kernel's waves of 64: rows pair up through
// v_permlanex16 (fetching inactive lanes: op_sel:[1,0]), no row broadcast.
// RUN: wave-compile %s --chip=gfx1100 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=GFX1100
// GFX1100-LABEL: {{^}}clusters:
// GFX1100-NOT: row_bcast
// GFX1100: v_mov_b32_dpp {{.*}} row_mirror
// GFX1100: v_permlanex16_b32 {{.*}}, -1, -1 op_sel:[1,0]
// GFX1100-NOT: ds_swizzle
// GFX1100-NOT: v_readlane
// GFX1100: v_add_f32_dpp {{.*}} row_mirror
// GFX1100: s_endpgm
//
// In waves of 32 a cluster of 32 is the whole wave: permlanex16, then the
// total read from lane 31.
// RUN: sed 's/chip = "gfx942", wave_size = 64/chip = "gfx1100", wave_size = 32/' %s > %t.w32.mlir
// RUN: wave-compile %t.w32.mlir --chip=gfx1100 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=WAVE32
// WAVE32-LABEL: {{^}}clusters:
// WAVE32: v_permlanex16_b32
// WAVE32: v_readlane_b32 {{s[0-9]+}}, {{v[0-9]+}}, 31
// WAVE32: v_add_f32_dpp {{.*}} row_mirror
// WAVE32-NOT: s_cbranch
// WAVE32: s_endpgm
//
// Vector reductions on gfx1100 in waves of 64 compile: upstream's shuffle
// butterfly would need permlane16.swap and permlane32.swap, which the
// backend cannot select on RDNA ("Cannot select", an abort), so
// wave-lower-subgroup-reduce reduces the elements one by one through DPP.
// RUN: wave-compile %S/Inputs/vector-reduce-rdna64.mlir --chip=gfx1100 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=VECTORS
// VECTORS-LABEL: {{^}}vectors:
// VECTORS-NOT: permlane16_swap
// VECTORS-NOT: permlane32_swap
// VECTORS: v_permlanex16_b32
// VECTORS: v_readlane_b32 {{s[0-9]+}}, {{v[0-9]+}}, 63
// VECTORS: s_endpgm
//
// The code object: 4 VGPRs, no LDS (the swizzle uses none), occupancy 8.
// RUN: wave-compile %s --chip=gfx942 -o %t.hsaco --resource-usage 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: remark: Function Name: clusters
// USAGE: remark: VGPRs: 4
// USAGE: remark: LDS Size [bytes/block]: 0

gpu.module @clusters {
  gpu.func @clusters(%X: memref<256xf32>, %Y: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %x = wave.read %X[%tid] : memref<256xf32> -> vector<1xf32>
    %e = vector.extract %x[0] : f32 from vector<1xf32>
    %m = wave.reduce <max> %e cluster(size = 32) : f32
    %d = arith.subf %e, %m : f32
    %s = wave.reduce <add> %d cluster(size = 16) : f32
    %v = vector.broadcast %s : f32 to vector<1xf32>
    wave.write %v, %Y[%tid] : vector<1xf32>, memref<256xf32>
    gpu.return
  }
}
