// Out-of-bounds accesses to global memory and to LDS, checked against the
// logical shape (an LDS tile's padding is not part of it).

// RUN: not wave-run %s --kernel=global_read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: not wave-run %s --kernel=global_write 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: not wave-run %s --kernel=scalar_load 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: not wave-run %s --kernel=lds_padding 2>&1 | FileCheck %s --check-prefix=PADDING
// RUN: not wave-run %s --kernel=negative 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: wave-run %s --kernel=masked_tail | FileCheck %s --check-prefix=OK
// RUN: wave-run %s --kernel=guarded_tail | FileCheck %s --check-prefix=OK

// The add1 example shifted by one element: the last lane of the last
// workgroup reads A[16384].
// RUN: sed 's/(wg \* 256 + tid)/(wg * 256 + tid + 1)/' %examples/add1.mlir > %t.add1.mlir
// RUN: not wave-run %t.add1.mlir 2>&1 | FileCheck %s --check-prefix=ADD1
// ADD1: error: out-of-bounds read of argument 'A': thread (255, 0, 0) of workgroup (63, 0, 0) accesses [16384] outside the shape 16384
// ADD1-NEXT: %a = wave.read %A

#lds = #gpu.address_space<workgroup>
#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @bounds {
  // Lane l reads the 4 elements from 4 * l + 2: lane 63 runs past 256.
  gpu.func @global_read(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    // READ: :[[@LINE+1]]:10: error: out-of-bounds read of argument 'in': thread (63, 0, 0) of workgroup (0, 0, 0) accesses [256] outside the shape 256
    %v = wave.read %in[%l] map affine_map<(l) -> (l * 4 + 2)>
        : memref<256xf32> -> vector<4xf32>
    wave.write %v, %out[%l] map affine_map<(l) -> (l * 4)>
        : vector<4xf32>, memref<256xf32>
    gpu.return
  }

  // Two workgroups, each writing rows wg * 16 .. of a 16-row matrix.
  gpu.func @global_write(%out: memref<16x64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %wg = gpu.block_id x
    %c0 = arith.constant 0 : index
    %v = arith.constant dense<7> : vector<16xi32>
    // WRITE: :[[@LINE+1]]:5: error: out-of-bounds write to argument 'out': thread (0, 0, 0) of workgroup (1, 0, 0) accesses [16, 0] outside the shape 16x64
    wave.write %v, %out[%wg, %l] map affine_map<(wg, l) -> (wg * 16, l)> along 0
        : vector<16xi32>, memref<16x64xi32>
    gpu.return
  }

  gpu.func @scalar_load(%in: memref<8x8xf16>, %out: memref<64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c8 = arith.constant 8 : index
    %row = arith.divui %l, %c8 : index
    %col = arith.remui %l, %c8 : index
    %col1 = arith.addi %col, %row : index
    // LOAD: :[[@LINE+1]]:10: error: out-of-bounds read of argument 'in': thread (15, 0, 0) of workgroup (0, 0, 0) accesses [1, 8] outside the shape 8x8
    %x = memref.load %in[%row, %col1] : memref<8x8xf16>
    memref.store %x, %out[%l] : memref<64xf16>
    gpu.return
  }

  // The tile is 16 x 16 padded to rows of 20: column 16 is padding, outside
  // the logical shape although inside the allocation.
  gpu.func @lds_padding(%out: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 4, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %tile = wave.alloc_lds padding [0, 4]
        : memref<16x16xf32, strided<[20, 1]>, #lds>
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %v = arith.constant dense<1.0> : vector<4xf32>
    // PADDING: :[[@LINE+1]]:5: error: out-of-bounds write to the LDS tile: thread (0, 0, 0) of workgroup (0, 0, 0) accesses [0, 16] outside the shape 16x16
    wave.write %v, %tile[%ty, %tx] map affine_map<(r, c) -> (r * 4, c + 16)>
        along 0 : vector<4xf32>, memref<16x16xf32, strided<[20, 1]>, #lds>
    // PADDING: :[[@LINE-8]]:13: note: allocated here
    gpu.return
  }

  gpu.func @negative(%in: memref<64xi8>, %out: memref<64xi8>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %prev = arith.subi %l, %c1 : index
    // NEGATIVE: :[[@LINE+1]]:10: error: out-of-bounds read of argument 'in': thread (0, 0, 0) of workgroup (0, 0, 0) accesses [-1] outside the shape 64
    %x = memref.load %in[%prev] : memref<64xi8>
    memref.store %x, %out[%l] : memref<64xi8>
    gpu.return
  }

  // Masked-off elements are not accessed: the tail past the end is fine.
  gpu.func @masked_tail(%in: memref<250xf32>, %out: memref<250xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c4 = arith.constant 4 : index
    %c250 = arith.constant 250 : index
    %base = arith.muli %l, %c4 : index
    %left = arith.subi %c250, %base : index
    %mask = vector.create_mask %left : vector<4xi1>
    %v = wave.read %in[%l] map affine_map<(l) -> (l * 4)> mask %mask
        : vector<4xi1> : memref<250xf32> -> vector<4xf32>
    wave.write %v, %out[%l] map affine_map<(l) -> (l * 4)> mask %mask
        : vector<4xi1> : vector<4xf32>, memref<250xf32>
    gpu.return
  }

  // Lanes past the end are masked off by a branch.
  gpu.func @guarded_tail(%in: memref<50xf32>, %out: memref<50xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c50 = arith.constant 50 : index
    %inside = arith.cmpi ult, %l, %c50 : index
    scf.if %inside {
      %x = memref.load %in[%l] : memref<50xf32>
      memref.store %x, %out[%l] : memref<50xf32>
    }
    gpu.return
  }
}

// OK: ran on 1x1x1 workgroups with no error
