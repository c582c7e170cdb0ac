// reduce_dynamic: row sums Y[r] = sum_c X[r][c] of an M x N f32 matrix whose
// sizes are known only at run time, with wave collectives: reduce_wave.mlir
// compiled once for every size.
//
// Shapes:  X : memref<?x?xf32> (M x N, row-major), Y : memref<?xf32> (M);
//          `wave.dims` names the index arguments %M and %N holding them.
// Assumes: `wave.assume`: N is a multiple of 4 (rows of whole 16-byte
//          chunks, like Triton's divisibility hints); M is at least 1 and at
//          most 32768, N at least 4 and at most 16384 (X under 2 GiB, which
//          the 32-bit offsets of buffer loads address). Nothing else: M need
//          not be a multiple of the 4 rows of a workgroup, nor N of a
//          tile's 1024 columns.
// Launch:  ceil(M / 4) workgroups of 256 lanes (no known_grid_size: the grid
//          follows M; `wave-run --grid`); each of the 4 waves sums one row
//          (wave v of workgroup g sums row 4g + v) in tiles of 1024 columns,
//          the static twin's row. Lane l of a wave reads the 16-byte chunks
//          at columns 1024t + 256c + 4l of tile t for c = 0 .. 3, so every
//          load of the wave covers 1 KiB of contiguous memory.
// Shows:   the kernel of reduce_wave.mlir (its loop over the 4 chunks of a
//          row, which LLVM unrolls so that the 4 loads are in flight at
//          once) inside a loop of run-time trip count ceil(N / 1024) over
//          the row's tiles (`arith.ceildivui`: N is not negative, and the
//          unsigned division takes a few scalar instructions where the
//          signed one takes a dozen, some on the vector unit), with partial
//          tiles: the reads are `bounded`, so the chunks past the row's end
//          (with N a multiple of 4, a lane's chunk lies wholly inside or
//          outside: one 16-byte buffer load, lanes outside read zero) and
//          the rows past M read zeros, which add nothing to the sums. Lane 0
//          writes the row's sum through the write's mask, `bounded` as well,
//          so a wave past the last row writes nothing. No LDS and no
//          barrier. The summation order differs from the reference's, so
//          results agree up to f32 rounding.
// Reference: @reduce_dynamic_ref, one workgroup of 256 lanes, lane t adding
//          rows t, t + 256, ... sequentially with memref.load/store.

!x = memref<?x?xf32>
!y = memref<?xf32>
// Element 0 of the lane's chunk c of tile t: row 4g + v, column
// 1024t + 256c + 4l for lane l.
#chunk = affine_map<(tid, wg, t, c) -> (wg * 4 + tid floordiv 64,
                                        t * 1024 + c * 256 + (tid mod 64) * 4)>
#row = affine_map<(tid, wg) -> (wg * 4 + tid floordiv 64)>

gpu.module @reduce_dynamic {
  gpu.func @reduce_dynamic(%X: !x {wave.dims = array<i64: 2, 3>},
                           %Y: !y {wave.dims = array<i64: 2>},
                           %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @reduce_dynamic_ref,
                  wave.assume = affine_set<(x, y, m, n) :
                      (m - 1 >= 0, 32768 - m >= 0,
                       n - 4 >= 0, 16384 - n >= 0, n mod 4 == 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %tiles = arith.ceildivui %N, %c1024 : index
    %acc = scf.for %t = %c0 to %tiles step %c1 iter_args(%row_acc = %zero)
        -> (vector<4xf32>) {
      %tile_acc = scf.for %c = %c0 to %c4 step %c1
          iter_args(%partial = %row_acc) -> (vector<4xf32>) {
        %v = wave.read %X[%tid, %wg, %t, %c] map #chunk bounded
            : !x -> vector<4xf32>
        %next = arith.addf %partial, %v : vector<4xf32>
        scf.yield %next : vector<4xf32>
      }
      scf.yield %tile_acc : vector<4xf32>
    }
    %lane_sum = vector.reduction <add>, %acc : vector<4xf32> into f32
    %row_sum = wave.reduce <add> %lane_sum : f32
    %sum = vector.broadcast %row_sum : f32 to vector<1xf32>
    %lane = gpu.lane_id
    %first = arith.cmpi eq, %lane, %c0 : index
    %only_first = vector.broadcast %first : i1 to vector<1xi1>
    wave.write %sum, %Y[%tid, %wg] map #row mask %only_first : vector<1xi1>
        bounded : vector<1xf32>, !y
    gpu.return
  }

  gpu.func @reduce_dynamic_ref(%X: !x {wave.dims = array<i64: 2, 3>},
                               %Y: !y {wave.dims = array<i64: 2>},
                               %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %t = gpu.thread_id x
    scf.for %r = %t to %M step %c256 {
      %sum = scf.for %c = %c0 to %N step %c1 iter_args(%s = %zero) -> (f32) {
        %x = memref.load %X[%r, %c] : !x
        %next = arith.addf %s, %x : f32
        scf.yield %next : f32
      }
      memref.store %sum, %Y[%r] : !y
    }
    gpu.return
  }
}
