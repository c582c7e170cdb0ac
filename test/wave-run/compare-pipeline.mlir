// --compare-pipeline runs the kernel before and after a pass pipeline on the
// same random inputs and compares the outputs: floats within the tolerance,
// integers bit for bit.

// Passes that keep the semantics agree.
// RUN: wave-run %examples/softmax.mlir --compare-pipeline='gpu.module(gpu.func(canonicalize,cse))' | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX: comparing @softmax after 'gpu.module(gpu.func(canonicalize,cse))' with @softmax before it
// SOFTMAX-NEXT: output 'Y' (32x256xf32): agrees (max abs error 0, max rel error 0)
// SOFTMAX-NEXT: PASS
// RUN: wave-run %examples/gemm.mlir --compare-pipeline='builtin.module(canonicalize)' | FileCheck %s --check-prefix=GEMM
// GEMM: output 'C' (256x256xf32): agrees
// RUN: wave-run %s --kernel=bits --compare-pipeline='canonicalize' | FileCheck %s --check-prefix=BITS
// BITS: output 'out' (64xi32): agrees

// math-expand-ops rewrites tanh through exp: the results move by a few
// units in the last place, within the default f32 tolerance but not within
// zero tolerance.
// RUN: wave-run %s --kernel=tanh --compare-pipeline='math-expand-ops' | FileCheck %s --check-prefix=TANH
// TANH: output 'y' (256xf32): agrees (max abs error {{[0-9.e-]+}}, max rel error {{[0-9.e-]+}})
// RUN: not wave-run %s --kernel=tanh --compare-pipeline='math-expand-ops' --rtol=0 --atol=0 2>&1 | FileCheck %s --check-prefix=EXACT
// EXACT: output 'y' (256xf32): MISMATCH: {{[0-9]+}} of 256 elements differ; largest absolute error {{.*}} at [{{[0-9]+}}], largest relative error {{.*}} at [{{[0-9]+}}]; first difference at [{{[0-9]+}}]: got {{.*}}, expected {{.*}} (rtol 0, atol 0)
// EXACT: wave-run: outputs differ

// Bad pipelines are reported.
// RUN: not wave-run %s --kernel=tanh --compare-pipeline='no-such-pass' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: wave-run: bad pipeline: {{.*}}'no-such-pass' does not refer to a registered pass or pass pipeline

// A failure says which kernel failed: the original, or the kernel after the
// pipeline (which cannot be translated, or fails when run). LICM hoists
// the division out of a loop that never runs, so only the transformed
// kernel divides by zero.
// RUN: not wave-run %s --kernel=divides --compare-pipeline='canonicalize' 2>&1 | FileCheck %s --check-prefix=ORIGINAL
// ORIGINAL: error: affine map divides by 0 for thread (4, 0, 0) of workgroup (0, 0, 0)
// ORIGINAL: wave-run: the original @divides (before 'canonicalize') failed
// RUN: not wave-run %s --kernel=hoisted --compare-pipeline='gpu.module(gpu.func(loop-invariant-code-motion))' 2>&1 | FileCheck %s --check-prefix=TRANSFORMED
// TRANSFORMED: error: affine map divides by 0 for thread (0, 0, 0) of workgroup (0, 0, 0)
// TRANSFORMED: wave-run: @hoisted after 'gpu.module(gpu.func(loop-invariant-code-motion))' failed; the original ran with no error
// A division by a constant 0 in a loop that never runs is no error, and
// divergence removal's range inference does not divide by it either.
// RUN: wave-run %s --kernel=hoisted --compare-pipeline=wave-remove-divergence | FileCheck %s --check-prefix=NO-RANGE
// NO-RANGE: output 'out' (64xi64): agrees
// NO-RANGE: PASS
// RUN: not wave-run %s --kernel=hoisted --compare-pipeline='gpu.module(gpu.func(convert-scf-to-cf))' 2>&1 | FileCheck %s --check-prefix=UNTRANSLATABLE
// UNTRANSLATABLE: error: the interpreter executes kernels whose body is one block (structured control flow only)
// UNTRANSLATABLE: wave-run: cannot run @hoisted after 'gpu.module(gpu.func(convert-scf-to-cf))'

// convert-wave-to-amdgpu drops wave.kernel, and with it the wave size the
// interpreter reads: a lowered kernel whose gpu.module has no #rocdl.target
// runs in the original's waves, which the lowering compiled it for (here
// 32 lanes, whose ids differ from those of waves of 64).
// RUN: wave-run %s --kernel=lanes32 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=WAVE32
// RUN: wave-run %s --kernel=lanes32 --compare-pipeline='canonicalize' | FileCheck %s --check-prefix=WAVE32
// WAVE32: output 'out' (64xi64): agrees
// WAVE32: PASS

#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @pipelines {
  gpu.func @tanh(%x: memref<256xf32>, %y: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %three = arith.constant dense<3.0> : vector<4xf32>
    %v = wave.read %x[%l] map affine_map<(l) -> (l * 4)>
        : memref<256xf32> -> vector<4xf32>
    %s = arith.mulf %v, %three : vector<4xf32>
    %t = math.tanh %s : vector<4xf32>
    wave.write %t, %y[%l] map affine_map<(l) -> (l * 4)>
        : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // Integer work canonicalize rewrites; the outputs compare bit for bit.
  gpu.func @bits(%in: memref<64xi32>, %out: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %x = memref.load %in[%l] : memref<64xi32>
    %a = arith.shli %x, %c2 : i32
    %b = arith.addi %a, %a : i32
    %c = arith.shrsi %b, %c3 : i32
    %d = arith.xori %c, %x : i32
    memref.store %d, %out[%l] : memref<64xi32>
    gpu.return
  }

  // Lane l divides by 4 - l.
  gpu.func @divides(%out: memref<64xindex>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c4 = arith.constant 4 : index
    %d = arith.subi %c4, %l : index
    %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%l)[%d]
    memref.store %q, %out[%l] : memref<64xindex>
    gpu.return
  }

  // The division sits in a loop of no iteration.
  gpu.func @hoisted(%out: memref<64xindex>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c0 step %c1 {
      %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%l)[%c0]
      memref.store %q, %out[%l] : memref<64xindex>
    }
    memref.store %l, %out[%l] : memref<64xindex>
    gpu.return
  }
}

gpu.module @wave32 {
  gpu.func @lanes32(%out: memref<64xindex>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %t = gpu.thread_id x
    %l = gpu.lane_id
    memref.store %l, %out[%t] : memref<64xindex>
    gpu.return
  }
}
