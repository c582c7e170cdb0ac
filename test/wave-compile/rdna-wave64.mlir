// Waves of 64 on RDNA. GFX11's ds_bpermute reaches only the reading lane's
// 32-lane half, so shuffles also read the other half through v_permlane64;
// GFX12's reaches the whole wave, as does any wave of 32.
// RUN: wave-compile %s --chip=gfx1100 --emit=asm -o - | FileCheck %s --check-prefix=GFX11
// RUN: wave-compile %s --chip=gfx1201 --emit=asm -o - | FileCheck %s --check-prefix=WHOLE
// RUN: sed -e 's/wave_size = 64/wave_size = 32/' %s > %t.wave32.mlir
// RUN: wave-compile %t.wave32.mlir --chip=gfx1100 --emit=asm -o - | FileCheck %s --check-prefix=WHOLE
// GFX11: .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
// GFX11: v_permlane64_b32 [[SWAPPED:v[0-9]+]], [[VALUE:v[0-9]+]]
// GFX11-DAG: ds_bpermute_b32 v{{[0-9]+}}, [[ADDRESS:v[0-9]+]], [[VALUE]]
// GFX11-DAG: ds_bpermute_b32 v{{[0-9]+}}, [[ADDRESS]], [[SWAPPED]]
// GFX11: .wavefront_size: 64
// WHOLE-NOT: v_permlane64_b32
// WHOLE: ds_bpermute_b32
// WHOLE-NOT: v_permlane64_b32
gpu.module @m {
  gpu.func @shuffle(%a: memref<64xf32>, %n: i32) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 64>} {
    %tid = gpu.thread_id x
    %v = wave.read %a[%tid] : memref<64xf32> -> vector<1xf32>
    %x = vector.extract %v[0] : f32 from vector<1xf32>
    %s = wave.shuffle <xor> %x, %n : f32
    %w = vector.broadcast %s : f32 to vector<1xf32>
    wave.write %w, %a[%tid] : vector<1xf32>, memref<64xf32>
    gpu.return
  }
}
