// convert-wave-to-amdgpu lowers `bounded` global accesses whose vectors lie
// wholly inside or wholly outside the shape to amdgpu.raw_buffer_load/store:
// based at the memref, lanes outside the shape point at the buffer's end;
// based at the row of a wave (the one the workgroup id names here), the
// buffer is that row, or empty for a row below the matrix. wave-run runs
// both forms and finds the same outputs on random inputs, edge tiles
// included.

// The lowering makes buffer accesses of all eight (and no masked ones):
// those of @copy based at the memref (its column, from the unbounded
// workgroup id x, has no known range), those of @neighbours and @row_sums'
// read at the row.
// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' | FileCheck %s --check-prefix=LOWERED
// LOWERED-LABEL: gpu.func @copy
// LOWERED: amdgpu.raw_buffer_load {{.*}} : memref<50x200xf16>, i32, i32 -> vector<8xf16>
// LOWERED: amdgpu.raw_buffer_store {{.*}} : vector<8xf16> -> memref<50x200xf16>, i32, i32
// LOWERED-LABEL: gpu.func @neighbours
// LOWERED-COUNT-3: amdgpu.raw_buffer_load {{.*}} : memref<?xf32, strided<[1], offset: ?>>, i32 -> vector<4xf32>
// LOWERED: amdgpu.raw_buffer_store {{.*}} : vector<4xf32> -> memref<?xf32, strided<[1], offset: ?>>, i32
// LOWERED-LABEL: gpu.func @row_sums
// LOWERED: amdgpu.raw_buffer_load {{.*}} : memref<?xf32, strided<[1], offset: ?>>, i32 -> vector<4xf32>
// LOWERED: amdgpu.raw_buffer_store {{.*}} : vector<1xf32> -> memref<50xf32>, i32
// LOWERED-NOT: vector.maskedload
// LOWERED-NOT: vector.maskedstore

// RUN: wave-run %s --kernel=copy --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=COPY
// COPY: comparing @copy after 'gpu.module(convert-wave-to-amdgpu)' with @copy before it
// COPY-NEXT: output 'Y' (50x200xf16): agrees (max abs error 0, max rel error 0)
// COPY-NEXT: PASS
// RUN: wave-run %s --kernel=neighbours --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SUMS
// RUN: wave-run %s --kernel=neighbours --seed=7 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=SUMS
// SUMS: output 'Y' (50x200xf32): agrees (max abs error 0, max rel error 0)
// SUMS-NEXT: PASS
// RUN: wave-run %s --kernel=row_sums --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=ROWS
// RUN: wave-run %s --kernel=row_sums --seed=9 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=ROWS
// ROWS: output 'Y' (50xf32): agrees (max abs error 0, max rel error 0)
// ROWS-NEXT: PASS

#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @buffer_lowering {
  // The kernel of convert-wave-to-amdgpu-buffer.mlir at a static size: a
  // 50 x 200 f16 matrix copied in 16-byte runs by 52 rows of one 64-lane
  // workgroup. Lanes 25 to 63 of every row run past column 200 and rows
  // 50 and 51 lie wholly below the matrix: their loads read zeros and their
  // stores are dropped.
  gpu.func @copy(%X: memref<50x200xf16>, %Y: memref<50x200xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 52, 1>, wave.kernel = #kernel} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %by = gpu.block_id y
    %x = wave.read %X[%by, %bid, %tid] map affine_map<(r, b, t) -> (r, b * 512 + t * 8)>
        bounded : memref<50x200xf16> -> vector<8xf16>
    wave.write %x, %Y[%by, %bid, %tid] map affine_map<(r, b, t) -> (r, b * 512 + t * 8)>
        bounded : vector<8xf16>, memref<50x200xf16>
    gpu.return
  }

  // Neighbour sums Y[r][c] = X[r][c] + X[r][c + 100] + X[r + 1][c] in
  // 16-byte runs, where the zeros read outside the shape are part of the
  // result: the second read runs past column 200 for c >= 100, the third
  // below the matrix for r = 49. Lanes 50 to 63 and rows 50 and 51 are
  // outside for all three reads and the store.
  gpu.func @neighbours(%X: memref<50x200xf32>, %Y: memref<50x200xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 52, 1>, wave.kernel = #kernel} {
    %tid = gpu.thread_id x
    %by = gpu.block_id y
    %x = wave.read %X[%by, %tid] map affine_map<(r, t) -> (r, t * 4)>
        bounded : memref<50x200xf32> -> vector<4xf32>
    %right = wave.read %X[%by, %tid] map affine_map<(r, t) -> (r, t * 4 + 100)>
        bounded : memref<50x200xf32> -> vector<4xf32>
    %below = wave.read %X[%by, %tid] map affine_map<(r, t) -> (r + 1, t * 4)>
        bounded : memref<50x200xf32> -> vector<4xf32>
    %sum = arith.addf %x, %right : vector<4xf32>
    %y = arith.addf %sum, %below : vector<4xf32>
    wave.write %y, %Y[%by, %tid] map affine_map<(r, t) -> (r, t * 4)>
        bounded : vector<4xf32>, memref<50x200xf32>
    gpu.return
  }

  // Row sums, one 64-lane wave a row, where the zeros lanes outside the
  // shape read are part of the result: lanes 50 to 63 run past column 200
  // and add zeros to the wave's sum; rows 50 and 51 sum zeros. Only lane 0
  // stores (the other lanes address Y[r + 64 t], past its 50 elements),
  // and not for rows 50 and 51.
  gpu.func @row_sums(%X: memref<50x200xf32>, %Y: memref<50xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 52, 1>, wave.kernel = #kernel} {
    %tid = gpu.thread_id x
    %by = gpu.block_id y
    %x = wave.read %X[%by, %tid] map affine_map<(r, t) -> (r, t * 4)>
        bounded : memref<50x200xf32> -> vector<4xf32>
    %lane_sum = vector.reduction <add>, %x : vector<4xf32> into f32
    %row_sum = wave.reduce <add> %lane_sum : f32
    %sum = vector.broadcast %row_sum : f32 to vector<1xf32>
    wave.write %sum, %Y[%by, %tid] map affine_map<(r, t) -> (r + t * 64)>
        bounded : vector<1xf32>, memref<50xf32>
    gpu.return
  }
}
