// A kernel of 32-lane waves after the lowering: convert-wave-to-amdgpu drops
// wave.kernel, and the lowered kernel runs in the waves of its
// #rocdl.target (+wavefrontsize32, which wave-attach-target adds in
// wave-to-upstream) or, without one, of the original kernel. Two waves of
// 32, a ballot (i32) and a reduction of each, and a scan under a branch
// that leaves lanes 50 to 63 (most of the second wave) inactive.
// RUN: wave-run %s --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s
// RUN: wave-run %s --compare-pipeline='wave-to-upstream{chip=gfx1100}' | FileCheck %s
// RUN: wave-run %s --compare-pipeline='wave-to-upstream{chip=gfx1100 optimize=true}' | FileCheck %s
// CHECK: output 'Y' (64xf32): agrees
// CHECK-NEXT: output 'B' (64xi32): agrees (max abs error 0, max rel error 0)
// CHECK-NEXT: PASS
// The lowered kernel, with its target, runs in waves of 32 on its own: B
// holds each wave's ballot of its positive elements, which X = l - 20
// makes lanes 21 to 31 of the first wave (0xFFE00000) and every lane of
// the second (0xFFFFFFFF).
// RUN: %python -c "import numpy; numpy.save('%t.x.npy', numpy.arange(-20, 44, dtype=numpy.float32))"
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-to-upstream{chip=gfx1100})' -o %t.lowered.mlir
// RUN: wave-run %t.lowered.mlir --input=X=%t.x.npy --output-dir=%t.out | FileCheck %s --check-prefix=LOWERED
// LOWERED: @wave32 ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; b = numpy.load('%t.out/B.npy').astype(numpy.uint32); assert list(b) == [0xFFE00000] * 32 + [0xFFFFFFFF] * 32, b"

gpu.module @m {
  gpu.func @wave32(%X: memref<64xf32>, %Y: memref<64xf32>, %B: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %l = gpu.thread_id x
    %c50 = arith.constant 50 : index
    %in = arith.cmpi ult, %l, %c50 : index
    %x = memref.load %X[%l] : memref<64xf32>
    %s = wave.reduce <add> %x : f32
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %x, %z : f32
    %b = wave.ballot %pos : i32
    memref.store %b, %B[%l] : memref<64xi32>
    scf.if %in {
      %p = wave.scan <add> %x : f32
      %q = arith.addf %s, %p : f32
      memref.store %q, %Y[%l] : memref<64xf32>
    }
    gpu.return
  }
}
