// gemm_gelu: C = GELU(A * B), the GEMM of gemm.mlir with the GELU (erf form)
// epilogue fused: GELU(x) = x/2 (1 + erf(x / sqrt(2))), applied to the
// accumulator in registers before it is written.
//
// Shapes:  A : memref<256x256xf16> (M x K, row-major),
//          B : memref<256x256xf16> (K x N, row-major), C : memref<256x256xf32>.
// Launch:  as gemm.mlir: 4 x 4 workgroups of 256 lanes, a 2 x 2 grid of
//          waves each owning a 32 x 32 sub-block in one vector<16xf32>.
// Shows:   a math op the ROCm device library would otherwise provide, in an
//          epilogue: math.erf on the accumulator becomes wave-lower-math's
//          expansion (in f64, correctly rounded; with --fast-math MLIR's f32
//          approximation, within 4 ULP, about a fifth of the instructions),
//          element by element (docs/MathAccuracy.md).
// Reference: @gemm_gelu_ref, one lane per element of C (16 x 16 workgroups
//          of 16 x 16 lanes), the scalar f32 dot product of gemm.mlir's
//          reference followed by the same GELU; results agree up to the f32
//          rounding of the summation order, carried through GELU.

!in = memref<256x256xf16>
!out = memref<256x256xf32>
!a_tile = memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
!b_tile = memref<32x64xf16, strided<[68, 1]>, #gpu.address_space<workgroup>>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x8_f16>
#B = #wave.fragment<B, f32_32x32x8_f16>
#C = #wave.fragment<acc, f32_32x32x8_f16>

#pc = affine_map<(bm, bn, wr, wc) -> (bm * 2 + wr, bn * 2 + wc)>

gpu.module @gemm_gelu {
  gpu.func @gemm_gelu(%A: !in, %B: !in, %C: !out) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 4, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @gemm_gelu_ref} {
    %a_tile = wave.alloc_lds padding [0, 4] : !a_tile
    %b_tile = wave.alloc_lds padding [0, 4] : !b_tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %r = scf.for %ks = %c0 to %c8 step %c1 iter_args(%acc = %zero)
        -> (!acc) {
      wave.copy_tile %A[%bm, %ks] fragment #A, %a_tile : !in, !a_tile
      wave.copy_tile %B[%ks, %bn] fragment #B, %b_tile : !in, !b_tile
      wave.barrier
      %d = wave.mma_tile %a_tile[%wr] fragment #A, %b_tile[%wc] fragment #B,
          %acc : !a_tile, !b_tile -> !acc
      wave.barrier
      scf.yield %d : !acc
    }
    // GELU(x) = x/2 (1 + erf(x / sqrt(2))), on the accumulator.
    %inv_sqrt2 = arith.constant dense<0.707106781> : !acc
    %half = arith.constant dense<0.5> : !acc
    %one = arith.constant dense<1.0> : !acc
    %scaled = arith.mulf %r, %inv_sqrt2 : !acc
    %erf = math.erf %scaled : !acc
    %shifted = arith.addf %erf, %one : !acc
    %halved = arith.mulf %r, %half : !acc
    %gelu = arith.mulf %halved, %shifted : !acc
    wave.write %gelu, %C[%bm, %bn, %wr, %wc] map #pc fragment #C : !acc, !out
    gpu.return
  }

  gpu.func @gemm_gelu_ref(%A: memref<256x256xf16>, %B: memref<256x256xf16>,
                          %C: memref<256x256xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 16, 16, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %dot = scf.for %k = %c0 to %c256 step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%row, %k] : memref<256x256xf16>
      %b = memref.load %B[%k, %col] : memref<256x256xf16>
      %a32 = arith.extf %a : f16 to f32
      %b32 = arith.extf %b : f16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %next = arith.addf %s, %p : f32
      scf.yield %next : f32
    }
    %inv_sqrt2 = arith.constant 0.707106781 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %scaled = arith.mulf %dot, %inv_sqrt2 : f32
    %erf = math.erf %scaled : f32
    %shifted = arith.addf %erf, %one : f32
    %halved = arith.mulf %dot, %half : f32
    %gelu = arith.mulf %halved, %shifted : f32
    memref.store %gelu, %C[%row, %col] : memref<256x256xf32>
    gpu.return
  }
}
