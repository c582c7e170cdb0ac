// RUN: wave-reduce %s -reduction-tree='traversal-mode=0 test=%S/Inputs/has-barrier-after-write.sh' 2>/dev/null | FileCheck %s
// The reducer knows the wave dialect: it drops the ops the interestingness
// script (a verified kernel with a wave.barrier after a wave.write) does not
// need and whose removal leaves a valid module: here the wave reduction and
// the extract feeding it. (Candidates that would leave an op without its
// operand fail to verify; the reducer reports them on stderr and moves on.)

// CHECK:      gpu.func @k
// CHECK-NOT:  vector.extract
// CHECK-NOT:  wave.reduce
// CHECK:      wave.write
// CHECK-NEXT: wave.barrier
// CHECK:      gpu.return
#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @k(%a: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %t = wave.alloc_lds : memref<256xf32, #lds>
    %x = wave.read %a[%tid] : memref<256xf32> -> vector<1xf32>
    %y = arith.addf %x, %x : vector<1xf32>
    %e = vector.extract %y[0] : f32 from vector<1xf32>
    %s = wave.reduce <add> %e : f32
    wave.write %y, %t[%tid] : vector<1xf32>, memref<256xf32, #lds>
    wave.barrier
    %z = wave.read %t[%tid] map affine_map<(t) -> (255 - t)> : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %z, %a[%tid] : vector<1xf32>, memref<256xf32>
    gpu.return
  }
}
