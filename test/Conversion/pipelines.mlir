// The named pipelines, stage by stage, and all at once.
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-to-upstream{chip=gfx942})' | FileCheck %s --check-prefix=UPSTREAM
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-to-upstream{chip=gfx942}, wave-upstream-to-rocdl{chip=gfx942})' | FileCheck %s --check-prefix=ROCDL
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-lower-to-rocdl{chip=gfx942 code-object-version=6})' | FileCheck %s --check-prefix=LLVM
// The stages in a row are the whole pipeline.
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-to-upstream{chip=gfx942}, wave-upstream-to-rocdl{chip=gfx942}, wave-export-llvm-module)' > %t.stages.mlir
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-lower-to-rocdl{chip=gfx942})' > %t.whole.mlir
// RUN: diff %t.stages.mlir %t.whole.mlir

#lds = #gpu.address_space<workgroup>

// UPSTREAM: gpu.module @k [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64", abi = "500">]
// UPSTREAM: gpu.func @sum(%{{.*}}: memref<256xf32>, %{{.*}}: memref<4xf32>) workgroup(%{{.*}} : memref<4xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel
// UPSTREAM-SAME: attributes {known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 1, 1, 1>}
// UPSTREAM-NOT: wave.
// UPSTREAM: gpu.subgroup_reduce add
// UPSTREAM: amdgpu.lds_barrier

// Stage 2 leaves only the llvm and rocdl dialects: memrefs are bare
// pointers, the workgroup size is pinned for the register allocator, the
// LDS tile is an addrspace(3) global.
// ROCDL: gpu.module @k [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64", abi = "500">]
// ROCDL: llvm.mlir.global internal @__wg_sum_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
// ROCDL: llvm.func @sum(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// ROCDL-SAME: rocdl.flat_work_group_size = "256,256", rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 256, 1, 1>
// ROCDL-NOT: {{(vector|memref|arith|scf|gpu|amdgpu|math)\.[a-z_]+ }}
// ROCDL: rocdl.update.dpp
// ROCDL: rocdl.s.barrier
// ROCDL-NOT: {{(vector|memref|arith|scf|gpu|amdgpu|math)\.[a-z_]+ }}
// ROCDL: llvm.return

// Stage 3 makes it an LLVM module for mlir-translate.
// LLVM: module attributes {llvm.data_layout = "{{.*}}", llvm.target_triple = "amdgcn-amd-amdhsa"} {
// LLVM-NEXT: llvm.module_flags [#llvm.mlir.module_flag<error, "amdhsa_code_object_version", 600 : i32>]
// LLVM: llvm.func @sum(
// LLVM-SAME: target_cpu = "gfx942", target_features = #llvm.target_features<["+wavefrontsize64"]>
gpu.module @k {
  gpu.func @sum(%in: memref<256xf32>, %out: memref<4xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx90a", wave_size = 64>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %partial = wave.alloc_lds : memref<4xf32, #lds>
    %v = wave.read %in[%tid] : memref<256xf32> -> vector<1xf32>
    %x = vector.extract %v[0] : f32 from vector<1xf32>
    %s = wave.reduce <add> %x : f32
    %sv = vector.broadcast %s : f32 to vector<1xf32>
    %lane0 = arith.constant dense<[true]> : vector<1xi1>
    wave.write %sv, %partial[%tid] map affine_map<(d0) -> (d0 floordiv 64)> : vector<1xf32>, memref<4xf32, #lds>
    wave.barrier
    %all = wave.read %partial[%c0] : memref<4xf32, #lds> -> vector<4xf32>
    wave.write %all, %out[%c0] : vector<4xf32>, memref<4xf32>
    gpu.return
  }
}
