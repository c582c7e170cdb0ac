// pressure_dynamic: scaled column sums Y[c] = S[c] * sum_k X[k][c] over a
// K x C f32 matrix whose sizes are known only at run time: pressure.mlir
// compiled once for every size, the same unrolled accumulation whose live
// lane values need far more registers than a high occupancy allows.
//
// Shapes:  X : memref<?x?xf32> (K x C, row-major), S, Y : memref<?xf32> (C);
//          `wave.dims` names the index arguments %K and %C.
// Assumes: `wave.assume`: C is a multiple of 4 (rows of whole 16-byte
//          chunks, like Triton's divisibility hints), at least 4 and at most
//          131072, K at least 1 and at most 4096 (X under 2 GiB, which the
//          32-bit offsets of buffer loads address). Nothing else: C need not
//          be a multiple of a workgroup's 4096 columns.
// Launch:  ceil(C / 4096) workgroups of one wave (64 lanes; no
//          known_grid_size: the grid follows C, `wave-run --grid`). Lane t
//          of workgroup w owns 16 column chunks j = 0 .. 15 of four f32
//          each, at columns w * 4096 + 256 * j + 4 * t .. + 3.
// Shows:   the kernel of pressure.mlir with a K loop of run-time trip count
//          and partial column tiles: every read and write is `bounded`, so
//          the chunks past C (with C a multiple of 4 each lies wholly inside
//          or outside: one 16-byte buffer access, lanes outside read zero
//          and write nothing) add zeros. The 16 accumulators and the 16
//          scale vectors live across the loop as in pressure.mlir: the same
//          register pressure for wave-budget-registers.
// Reference: @pressure_dynamic_ref, one workgroup of 256 lanes, lane t
//          summing columns t, t + 256, ... with a scalar loop over
//          memref.load, in the same order as the kernel.

!x = memref<?x?xf32>
!v = memref<?xf32>
// Element 0 of the lane's chunk j of S and Y, and of X's row k.
#chunk = affine_map<(tid, wg, j) -> (wg * 4096 + j * 256 + tid * 4)>
#x_chunk = affine_map<(tid, wg, k, j) -> (k, wg * 4096 + j * 256 + tid * 4)>

gpu.module @pressure_dynamic {
  gpu.func @pressure_dynamic(%X: !x {wave.dims = array<i64: 3, 4>},
                             %S: !v {wave.dims = array<i64: 4>},
                             %Y: !v {wave.dims = array<i64: 4>},
                             %K: index, %C: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @pressure_dynamic_ref,
                  wave.assume = affine_set<(x, s, y, k, c) :
                      (k - 1 >= 0, 4096 - k >= 0,
                       c - 4 >= 0, 131072 - c >= 0, c mod 4 == 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c12 = arith.constant 12 : index
    %c13 = arith.constant 13 : index
    %c14 = arith.constant 14 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    // The scale vectors, live from here to after the loop.
    %s0 = wave.read %S[%tid, %wg, %c0] map #chunk bounded
        : !v -> vector<4xf32>
    %s1 = wave.read %S[%tid, %wg, %c1] map #chunk bounded
        : !v -> vector<4xf32>
    %s2 = wave.read %S[%tid, %wg, %c2] map #chunk bounded
        : !v -> vector<4xf32>
    %s3 = wave.read %S[%tid, %wg, %c3] map #chunk bounded
        : !v -> vector<4xf32>
    %s4 = wave.read %S[%tid, %wg, %c4] map #chunk bounded
        : !v -> vector<4xf32>
    %s5 = wave.read %S[%tid, %wg, %c5] map #chunk bounded
        : !v -> vector<4xf32>
    %s6 = wave.read %S[%tid, %wg, %c6] map #chunk bounded
        : !v -> vector<4xf32>
    %s7 = wave.read %S[%tid, %wg, %c7] map #chunk bounded
        : !v -> vector<4xf32>
    %s8 = wave.read %S[%tid, %wg, %c8] map #chunk bounded
        : !v -> vector<4xf32>
    %s9 = wave.read %S[%tid, %wg, %c9] map #chunk bounded
        : !v -> vector<4xf32>
    %s10 = wave.read %S[%tid, %wg, %c10] map #chunk bounded
        : !v -> vector<4xf32>
    %s11 = wave.read %S[%tid, %wg, %c11] map #chunk bounded
        : !v -> vector<4xf32>
    %s12 = wave.read %S[%tid, %wg, %c12] map #chunk bounded
        : !v -> vector<4xf32>
    %s13 = wave.read %S[%tid, %wg, %c13] map #chunk bounded
        : !v -> vector<4xf32>
    %s14 = wave.read %S[%tid, %wg, %c14] map #chunk bounded
        : !v -> vector<4xf32>
    %s15 = wave.read %S[%tid, %wg, %c15] map #chunk bounded
        : !v -> vector<4xf32>
    %acc:16 = scf.for %k = %c0 to %K step %c1
        iter_args(%a0 = %zero, %a1 = %zero, %a2 = %zero, %a3 = %zero,
                  %a4 = %zero, %a5 = %zero, %a6 = %zero, %a7 = %zero,
                  %a8 = %zero, %a9 = %zero, %a10 = %zero, %a11 = %zero,
                  %a12 = %zero, %a13 = %zero, %a14 = %zero, %a15 = %zero)
        -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
      %x0 = wave.read %X[%tid, %wg, %k, %c0] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n0 = arith.addf %a0, %x0 : vector<4xf32>
      %x1 = wave.read %X[%tid, %wg, %k, %c1] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n1 = arith.addf %a1, %x1 : vector<4xf32>
      %x2 = wave.read %X[%tid, %wg, %k, %c2] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n2 = arith.addf %a2, %x2 : vector<4xf32>
      %x3 = wave.read %X[%tid, %wg, %k, %c3] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n3 = arith.addf %a3, %x3 : vector<4xf32>
      %x4 = wave.read %X[%tid, %wg, %k, %c4] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n4 = arith.addf %a4, %x4 : vector<4xf32>
      %x5 = wave.read %X[%tid, %wg, %k, %c5] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n5 = arith.addf %a5, %x5 : vector<4xf32>
      %x6 = wave.read %X[%tid, %wg, %k, %c6] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n6 = arith.addf %a6, %x6 : vector<4xf32>
      %x7 = wave.read %X[%tid, %wg, %k, %c7] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n7 = arith.addf %a7, %x7 : vector<4xf32>
      %x8 = wave.read %X[%tid, %wg, %k, %c8] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n8 = arith.addf %a8, %x8 : vector<4xf32>
      %x9 = wave.read %X[%tid, %wg, %k, %c9] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n9 = arith.addf %a9, %x9 : vector<4xf32>
      %x10 = wave.read %X[%tid, %wg, %k, %c10] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n10 = arith.addf %a10, %x10 : vector<4xf32>
      %x11 = wave.read %X[%tid, %wg, %k, %c11] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n11 = arith.addf %a11, %x11 : vector<4xf32>
      %x12 = wave.read %X[%tid, %wg, %k, %c12] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n12 = arith.addf %a12, %x12 : vector<4xf32>
      %x13 = wave.read %X[%tid, %wg, %k, %c13] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n13 = arith.addf %a13, %x13 : vector<4xf32>
      %x14 = wave.read %X[%tid, %wg, %k, %c14] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n14 = arith.addf %a14, %x14 : vector<4xf32>
      %x15 = wave.read %X[%tid, %wg, %k, %c15] map #x_chunk bounded
          : !x -> vector<4xf32>
      %n15 = arith.addf %a15, %x15 : vector<4xf32>
      scf.yield %n0, %n1, %n2, %n3, %n4, %n5, %n6, %n7,
                %n8, %n9, %n10, %n11, %n12, %n13, %n14, %n15
          : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
    }
    %y0 = arith.mulf %acc#0, %s0 : vector<4xf32>
    wave.write %y0, %Y[%tid, %wg, %c0] map #chunk bounded
        : vector<4xf32>, !v
    %y1 = arith.mulf %acc#1, %s1 : vector<4xf32>
    wave.write %y1, %Y[%tid, %wg, %c1] map #chunk bounded
        : vector<4xf32>, !v
    %y2 = arith.mulf %acc#2, %s2 : vector<4xf32>
    wave.write %y2, %Y[%tid, %wg, %c2] map #chunk bounded
        : vector<4xf32>, !v
    %y3 = arith.mulf %acc#3, %s3 : vector<4xf32>
    wave.write %y3, %Y[%tid, %wg, %c3] map #chunk bounded
        : vector<4xf32>, !v
    %y4 = arith.mulf %acc#4, %s4 : vector<4xf32>
    wave.write %y4, %Y[%tid, %wg, %c4] map #chunk bounded
        : vector<4xf32>, !v
    %y5 = arith.mulf %acc#5, %s5 : vector<4xf32>
    wave.write %y5, %Y[%tid, %wg, %c5] map #chunk bounded
        : vector<4xf32>, !v
    %y6 = arith.mulf %acc#6, %s6 : vector<4xf32>
    wave.write %y6, %Y[%tid, %wg, %c6] map #chunk bounded
        : vector<4xf32>, !v
    %y7 = arith.mulf %acc#7, %s7 : vector<4xf32>
    wave.write %y7, %Y[%tid, %wg, %c7] map #chunk bounded
        : vector<4xf32>, !v
    %y8 = arith.mulf %acc#8, %s8 : vector<4xf32>
    wave.write %y8, %Y[%tid, %wg, %c8] map #chunk bounded
        : vector<4xf32>, !v
    %y9 = arith.mulf %acc#9, %s9 : vector<4xf32>
    wave.write %y9, %Y[%tid, %wg, %c9] map #chunk bounded
        : vector<4xf32>, !v
    %y10 = arith.mulf %acc#10, %s10 : vector<4xf32>
    wave.write %y10, %Y[%tid, %wg, %c10] map #chunk bounded
        : vector<4xf32>, !v
    %y11 = arith.mulf %acc#11, %s11 : vector<4xf32>
    wave.write %y11, %Y[%tid, %wg, %c11] map #chunk bounded
        : vector<4xf32>, !v
    %y12 = arith.mulf %acc#12, %s12 : vector<4xf32>
    wave.write %y12, %Y[%tid, %wg, %c12] map #chunk bounded
        : vector<4xf32>, !v
    %y13 = arith.mulf %acc#13, %s13 : vector<4xf32>
    wave.write %y13, %Y[%tid, %wg, %c13] map #chunk bounded
        : vector<4xf32>, !v
    %y14 = arith.mulf %acc#14, %s14 : vector<4xf32>
    wave.write %y14, %Y[%tid, %wg, %c14] map #chunk bounded
        : vector<4xf32>, !v
    %y15 = arith.mulf %acc#15, %s15 : vector<4xf32>
    wave.write %y15, %Y[%tid, %wg, %c15] map #chunk bounded
        : vector<4xf32>, !v
    gpu.return
  }

  gpu.func @pressure_dynamic_ref(%X: !x {wave.dims = array<i64: 3, 4>},
                                 %S: !v {wave.dims = array<i64: 4>},
                                 %Y: !v {wave.dims = array<i64: 4>},
                                 %K: index, %C: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    scf.for %c = %tid to %C step %c256 {
      %sum = scf.for %k = %c0 to %K step %c1 iter_args(%s = %zero) -> (f32) {
        %x = memref.load %X[%k, %c] : !x
        %next = arith.addf %s, %x : f32
        scf.yield %next : f32
      }
      %scale = memref.load %S[%c] : !v
      %y = arith.mulf %sum, %scale : f32
      memref.store %y, %Y[%c] : !v
    }
    gpu.return
  }
}
