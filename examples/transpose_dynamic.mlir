// transpose_dynamic: Out[c][r] = In[r][c] on an M x N f32 matrix whose sizes
// are known only at run time, through a padded LDS tile: transpose.mlir
// compiled once for every size.
//
// Shapes:  In : memref<?x?xf32> (M x N, row-major), Out : memref<?x?xf32>
//          (N x M); `wave.dims` names the index arguments %M and %N.
// Assumes: `wave.assume`: M and N are multiples of 4 (rows of In and of Out
//          of whole 16-byte chunks, like Triton's divisibility hints), at
//          least 4 and at most 16384 (In and Out under 2 GiB, which the
//          32-bit offsets of buffer accesses address). Nothing else: M and N
//          may end in partial 32 x 32 tiles.
// Launch:  ceil(N / 32) x ceil(M / 32) workgroups of 8 x 32 lanes (4 waves;
//          no known_grid_size: the grid follows the sizes, `wave-run
//          --grid`). Workgroup (bx, by) moves the tile In[by*32 .. +32]
//          [bx*32 .. +32] to Out[bx*32 .. +32][by*32 .. +32]; lane (tx, ty)
//          reads row ty, columns 4*tx .. 4*tx + 3 of the input tile and
//          writes the same positions of the output tile.
// Shows:   the kernel of transpose.mlir with partial edge tiles: the global
//          read and write are `bounded`. With M and N multiples of 4 each
//          lane's 16-byte row segment lies wholly inside or outside the
//          matrix, so both stay one 16-byte buffer access (lanes outside
//          read zeros into the tile and write nothing). The LDS tile, its
//          padding of one element, the column read `along 0` and the one
//          barrier are those of transpose.mlir: the zeros of an edge tile
//          land only in tile positions whose output lies outside Out.
// Reference: @transpose_dynamic_ref, one workgroup of 16 x 16 lanes striding
//          over the rows and columns of In with memref.load/store.

!m = memref<?x?xf32>
// The 32 x 32 tile, rows padded by one f32.
!tile = memref<32x32xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>
// Row segment of the input tile: row by*32 + ty, columns bx*32 + 4*tx ...
#in_rows = affine_map<(tx, ty, bx, by) -> (by * 32 + ty, bx * 32 + tx * 4)>
// ... stored at tile[ty][4*tx ...].
#tile_rows = affine_map<(tx, ty) -> (ty, tx * 4)>
// Column segment tile[4*tx ...][ty] (read along dimension 0) ...
#tile_cols = affine_map<(tx, ty) -> (tx * 4, ty)>
// ... is row bx*32 + ty, columns by*32 + 4*tx ... of the output.
#out_rows = affine_map<(tx, ty, bx, by) -> (bx * 32 + ty, by * 32 + tx * 4)>

gpu.module @transpose_dynamic {
  gpu.func @transpose_dynamic(%In: !m {wave.dims = array<i64: 2, 3>},
                              %Out: !m {wave.dims = array<i64: 3, 2>},
                              %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 8, 32, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @transpose_dynamic_ref,
                  wave.assume = affine_set<(i, o, m, n) :
                      (m - 4 >= 0, 16384 - m >= 0, m mod 4 == 0,
                       n - 4 >= 0, 16384 - n >= 0, n mod 4 == 0)>} {
    %tile = wave.alloc_lds padding [0, 1] : !tile
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = wave.read %In[%tx, %ty, %bx, %by] map #in_rows bounded
        : !m -> vector<4xf32>
    wave.write %row, %tile[%tx, %ty] map #tile_rows : vector<4xf32>, !tile
    wave.barrier
    %col = wave.read %tile[%tx, %ty] map #tile_cols along 0
        : !tile -> vector<4xf32>
    wave.write %col, %Out[%tx, %ty, %bx, %by] map #out_rows bounded
        : vector<4xf32>, !m
    gpu.return
  }

  gpu.func @transpose_dynamic_ref(%In: !m {wave.dims = array<i64: 2, 3>},
                                  %Out: !m {wave.dims = array<i64: 3, 2>},
                                  %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c16 = arith.constant 16 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    scf.for %y = %ty to %M step %c16 {
      scf.for %x = %tx to %N step %c16 {
        %v = memref.load %In[%y, %x] : !m
        memref.store %v, %Out[%x, %y] : !m
      }
    }
    gpu.return
  }
}
