// transpose: Out[r][c] = In[c][r] on a 256 x 256 f32 matrix, through a
// padded LDS tile.
//
// Shapes:  In, Out : memref<256x256xf32>.
// Launch:  8 x 8 workgroups of 8 x 32 lanes (4 waves). Workgroup (bx, by)
//          moves the 32 x 32 tile In[by*32 .. +32][bx*32 .. +32] to
//          Out[bx*32 .. +32][by*32 .. +32]; lane (tx, ty) reads row ty,
//          columns 4*tx .. 4*tx + 3 of the input tile and writes the same
//          positions of the output tile.
// Shows:   the transpose through LDS of the HIP kernel optimization guide.
//          A direct transpose makes either the reads or the writes strided;
//          here both global accesses are rows, 16 bytes a lane
//          (global_load_dwordx4 / global_store_dwordx4, each wave covering
//          eight 128-byte rows). The lane writes its row segment into the
//          tile, and after the barrier reads a column segment of it
//          (`along 0`): four elements one padded row (33 f32) apart. The
//          padding of one element spreads the lanes that read the same
//          column position over the LDS banks; unpadded, the eight lanes of
//          a wave with equal ty would all hit one bank. The barrier is the
//          only one needed: each lane reads tile elements that other lanes
//          wrote.
// Reference: @transpose_ref, one lane per element (16 x 16 workgroups of
//          16 x 16 lanes) with memref.load/store.

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

gpu.module @transpose {
  gpu.func @transpose(%In: memref<256x256xf32>, %Out: memref<256x256xf32>)
      kernel
      attributes {known_block_size = array<i32: 8, 32, 1>,
                  known_grid_size = array<i32: 8, 8, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @transpose_ref} {
    %tile = wave.alloc_lds padding [0, 1] : !tile
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = wave.read %In[%tx, %ty, %bx, %by] map #in_rows
        : memref<256x256xf32> -> vector<4xf32>
    wave.write %row, %tile[%tx, %ty] map #tile_rows : vector<4xf32>, !tile
    wave.barrier
    %col = wave.read %tile[%tx, %ty] map #tile_cols along 0
        : !tile -> vector<4xf32>
    wave.write %col, %Out[%tx, %ty, %bx, %by] map #out_rows
        : vector<4xf32>, memref<256x256xf32>
    gpu.return
  }

  gpu.func @transpose_ref(%In: memref<256x256xf32>,
                          %Out: memref<256x256xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>,
                  known_grid_size = array<i32: 16, 16, 1>} {
    %c16 = arith.constant 16 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %x0 = arith.muli %bx, %c16 : index
    %x = arith.addi %x0, %tx : index
    %y0 = arith.muli %by, %c16 : index
    %y = arith.addi %y0, %ty : index
    %v = memref.load %In[%y, %x] : memref<256x256xf32>
    memref.store %v, %Out[%x, %y] : memref<256x256xf32>
    gpu.return
  }
}
