// gemm_dynamic-handmapped: examples/gemm_dynamic.mlir with its tile copies and
// MMA tiles written out as fragment reads, writes and MMAs, one K step a read
// (so without K packing); the tests of the passes on run-time sizes use it.
//
// Shapes:  A : memref<?x?xf16> (M x K, row-major), B : memref<?x?xf16>
//          (K x N), C : memref<?x?xf32> (M x N). `wave.dims` names the index
//          arguments holding each extent, so the sizes are ordinary kernel
//          arguments (the code object takes them after the three pointers).
// Assumes: `wave.assume`: K and N are multiples of 8 (f16 rows of whole
//          16-byte runs, like Triton's divisibility hints); M, N and K are at
//          least 1 and at most 32768 (A and B under 2 GiB, which the 32-bit
//          offsets of buffer loads address, like Triton's buffer-op
//          specialization). Nothing else: M and N may end in partial tiles.
// Launch:  ceil(N / 64) x ceil(M / 64) workgroups of 256 lanes (no
//          known_grid_size: the grid follows the sizes; `wave-run --grid`).
// Shows:   the kernel of gemm.mlir (64 x 64 block a workgroup, 2 x 2 waves
//          of one 32 x 32 MFMA f32_32x32x8_f16 tile, K steps of 32 staged
//          through padded LDS tiles) with a run-time trip count
//          ceil(K / 32) and masked edge tiles: every global access is
//          `bounded`, so elements past M, N or K read as zero (adding
//          nothing to the dot products) and are not written. The analyses
//          take the extents as the size arguments; wave-minimize-global-loads
//          restages the bounded reads into 16-byte runs that stay bounded
//          (proving their alignment from the `mod 8` assumptions), which
//          the lowering makes 16-byte buffer loads (a run lies wholly
//          inside or outside the shape, and lanes outside read zero), and
//          barrier insertion places the same barriers as on gemm.mlir.
// Reference: @gemm_dynamic_ref, 16 x 16 lanes of one workgroup striding over
//          the rows and columns of C, a scalar f32 dot product each.

!a = memref<?x?xf16>
!b = memref<?x?xf16>
!c = memref<?x?xf32>
!a_tile = memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
!b_tile = memref<32x64xf16, strided<[68, 1]>, #gpu.address_space<workgroup>>
!frag = vector<4xf16>
!acc = vector<16xf32>
#A = #wave.fragment<A, f32_32x32x8_f16>
#B = #wave.fragment<B, f32_32x32x8_f16>
#C = #wave.fragment<acc, f32_32x32x8_f16>
#pa = affine_map<(bm, ks, j, w) -> (bm * 2 + j, ks * 4 + w)>
#pb = affine_map<(bn, ks, j, w) -> (ks * 4 + w, bn * 2 + j)>
#pc = affine_map<(bm, bn, wr, wc) -> (bm * 2 + wr, bn * 2 + wc)>

gpu.module @gemm_dynamic {
  gpu.func @gemm_dynamic(%A: !a {wave.dims = array<i64: 3, 5>},
                         %B: !b {wave.dims = array<i64: 5, 4>},
                         %C: !c {wave.dims = array<i64: 3, 4>},
                         %M: index, %N: index, %K: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @gemm_dynamic_ref,
                  wave.assume = affine_set<(a, b, c, m, n, k) :
                      (m - 1 >= 0, n - 1 >= 0, k - 1 >= 0,
                       32768 - m >= 0, 32768 - n >= 0, 32768 - k >= 0,
                       n mod 8 == 0, k mod 8 == 0)>} {
    %a_tile = wave.alloc_lds padding [0, 4] : !a_tile
    %b_tile = wave.alloc_lds padding [0, 4] : !b_tile
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.0> : !acc
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    %w = gpu.subgroup_id : index
    %wr, %wc = affine.delinearize_index %w into (2, 2) : index, index
    %steps = arith.ceildivsi %K, %c32 : index
    %r = scf.for %ks = %c0 to %steps step %c1 iter_args(%acc = %zero)
        -> (!acc) {
      %a0 = wave.read %A[%bm, %ks, %c0, %w] map #pa fragment #A bounded : !a -> !frag
      wave.write %a0, %a_tile[%c0, %w] fragment #A : !frag, !a_tile
      %a1 = wave.read %A[%bm, %ks, %c1, %w] map #pa fragment #A bounded : !a -> !frag
      wave.write %a1, %a_tile[%c1, %w] fragment #A : !frag, !a_tile
      %b0 = wave.read %B[%bn, %ks, %c0, %w] map #pb fragment #B bounded : !b -> !frag
      wave.write %b0, %b_tile[%w, %c0] fragment #B : !frag, !b_tile
      %b1 = wave.read %B[%bn, %ks, %c1, %w] map #pb fragment #B bounded : !b -> !frag
      wave.write %b1, %b_tile[%w, %c1] fragment #B : !frag, !b_tile
      wave.barrier
      %fa0 = wave.read %a_tile[%wr, %c0] fragment #A : !a_tile -> !frag
      %fb0 = wave.read %b_tile[%c0, %wc] fragment #B : !b_tile -> !frag
      %d0 = wave.mma <f32_32x32x8_f16> %fa0, %fb0, %acc : !frag, !frag -> !acc
      %fa1 = wave.read %a_tile[%wr, %c1] fragment #A : !a_tile -> !frag
      %fb1 = wave.read %b_tile[%c1, %wc] fragment #B : !b_tile -> !frag
      %d1 = wave.mma <f32_32x32x8_f16> %fa1, %fb1, %d0 : !frag, !frag -> !acc
      %fa2 = wave.read %a_tile[%wr, %c2] fragment #A : !a_tile -> !frag
      %fb2 = wave.read %b_tile[%c2, %wc] fragment #B : !b_tile -> !frag
      %d2 = wave.mma <f32_32x32x8_f16> %fa2, %fb2, %d1 : !frag, !frag -> !acc
      %fa3 = wave.read %a_tile[%wr, %c3] fragment #A : !a_tile -> !frag
      %fb3 = wave.read %b_tile[%c3, %wc] fragment #B : !b_tile -> !frag
      %d3 = wave.mma <f32_32x32x8_f16> %fa3, %fb3, %d2 : !frag, !frag -> !acc
      wave.barrier
      scf.yield %d3 : !acc
    }
    wave.write %r, %C[%bm, %bn, %wr, %wc] map #pc fragment #C bounded : !acc, !c
    gpu.return
  }

  gpu.func @gemm_dynamic_ref(%A: !a {wave.dims = array<i64: 3, 5>},
                             %B: !b {wave.dims = array<i64: 5, 4>},
                             %C: !c {wave.dims = array<i64: 3, 4>},
                             %M: index, %N: index, %K: index) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    scf.for %row = %ty to %M step %c16 {
      scf.for %col = %tx to %N step %c16 {
        %dot = scf.for %k = %c0 to %K step %c1 iter_args(%s = %zero) -> (f32) {
          %a = memref.load %A[%row, %k] : !a
          %b = memref.load %B[%k, %col] : !b
          %a32 = arith.extf %a : f16 to f32
          %b32 = arith.extf %b : f16 to f32
          %p = arith.mulf %a32, %b32 : f32
          %next = arith.addf %s, %p : f32
          scf.yield %next : f32
        }
        memref.store %dot, %C[%row, %col] : !c
      }
    }
    gpu.return
  }
}
