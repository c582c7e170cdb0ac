// amdgpu.raw_buffer_load/store, as convert-wave-to-amdgpu emits them: the
// vector starts at the row-major offset of the i32 indices plus indexOffset
// and sgprOffset, and the buffer's range check keeps it whole or drops it
// whole (a load reads zeros, a store writes nothing).
//
// X holds its own row-major offsets (X[r][c] = 8r + c), so every loaded
// element names the offset it came from; Y starts as -1 everywhere.
// RUN: %python -c "import numpy; numpy.save('%t.x.npy', numpy.arange(32, dtype=numpy.int32).reshape(4, 8)); numpy.save('%t.y.npy', numpy.full((4, 8), -1, dtype=numpy.int32))"
// RUN: wave-run %s --kernel=buffers --input=X=%t.x.npy --input=Y=%t.y.npy --output-dir=%t.out | FileCheck %s --check-prefix=RAN
// RAN: @buffers ran on 1x1x1 workgroups with no error
//
// Lane l (0 to 3) of each load, as Z[k][l] (rows of 4):
//   k=0: X[l mod 3, 6]: offset 8(l mod 3) + 6, rows crossed at 8 and 16.
//   k=1: X[0, 4l] {indexOffset = 4} sgprOffset 8: offset 4l + 12.
//   k=2: X[0, 0] sgprOffset 8l (computed), boundsCheck = false: offset 8l.
//   k=3: X[2l - 1, 0]: offsets -8 (lane 0: wholly before the start, the
//        32-bit byte offset wraps past the end: zeros), 8, 24, then 40
//        (lane 3: wholly past the 32 elements: zeros).
// RUN: %python -c "import numpy; z = numpy.load('%t.out/Z.npy'); e = [[[6,7,8,9],[14,15,16,17],[22,23,24,25],[6,7,8,9]], [[12,13,14,15],[16,17,18,19],[20,21,22,23],[24,25,26,27]], [[0,1,2,3],[8,9,10,11],[16,17,18,19],[24,25,26,27]], [[0,0,0,0],[8,9,10,11],[24,25,26,27],[0,0,0,0]]]; assert (z == numpy.array(e)).all(), z"
// The scalar load X[3, 2l + 4]: offsets 28 and 30, then 32 and 34, past the
// end, read as 0.
// RUN: %python -c "import numpy; w = numpy.load('%t.out/W.npy'); assert list(w) == [28, 30, 0, 0], w"
// Stores, element i of lane l:
//   100 + 10l + i to Y[2l - 1, 4]: offset 16l - 4. Lane 0 (-4 to -1, its
//     byte offsets wrapping to the last 16 below 2^32) and lane 3 (44) are
//     dropped; lanes 1 and 2 write offsets 12 to 15 and 28 to 31.
//   200 + 10l + i to Y[2l, 0] {indexOffset = 2} sgprOffset 1: the indices
//     and indexOffset give 16l + 2, sgprOffset makes it 16l + 3. Lanes 0
//     and 1 write offsets 3 to 6 and 19 to 22; lanes 2 and 3 (34 and 50
//     before sgprOffset, already past the end) are dropped.
// RUN: %python -c "import numpy; y = numpy.load('%t.out/Y.npy').reshape(-1); e = [-1]*3 + [200,201,202,203] + [-1]*5 + [110,111,112,113] + [-1]*3 + [210,211,212,213] + [-1]*5 + [120,121,122,123]; assert len(e) == 32 and list(y) == e, y"

// A run-time number of rows: the buffer is as large as the run's memref.
// With 3 rows (X[r][c] = 4r + c), lane 3's row lies wholly past the end.
// RUN: %python -c "import numpy; numpy.save('%t.rows3.npy', numpy.arange(12, dtype=numpy.int32).reshape(3, 4))"
// RUN: wave-run %s --kernel=dynamic --input=X=%t.rows3.npy --output-dir=%t.dyn | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: @dynamic ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; z = numpy.load('%t.dyn/Z.npy'); assert (z[:3] == numpy.arange(12).reshape(3, 4)).all() and (z[3] == 0).all(), z"

// What the hardware leaves to the chip is an error, as is any access outside
// the memref without boundsCheck.
// RUN: not wave-run %s --kernel=partly_past_end 2>&1 | FileCheck %s --check-prefix=END
// RUN: not wave-run %s --kernel=partly_before_start 2>&1 | FileCheck %s --check-prefix=START
// RUN: not wave-run %s --kernel=past_end_by_sgpr 2>&1 | FileCheck %s --check-prefix=SGPR
// RUN: not wave-run %s --kernel=inside_by_sgpr 2>&1 | FileCheck %s --check-prefix=BACK
// RUN: not wave-run %s --kernel=unchecked 2>&1 | FileCheck %s --check-prefix=UNCHECKED
// What wave-run does not execute is refused before the run, at the op.
// RUN: not wave-run %s --kernel=strided 2>&1 | FileCheck %s --check-prefix=STRIDED
// RUN: not wave-run %s --kernel=matrix 2>&1 | FileCheck %s --check-prefix=MATRIX
// RUN: not wave-run %s --kernel=six_bytes 2>&1 | FileCheck %s --check-prefix=SIX
// RUN: not wave-run %s --kernel=bits 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not wave-run %s --kernel=private 2>&1 | FileCheck %s --check-prefix=PRIVATE
// RUN: not wave-run %s --kernel=huge 2>&1 | FileCheck %s --check-prefix=HUGE

#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @buffer_accesses {
  gpu.func @buffers(%X: memref<4x8xi32>, %Y: memref<4x8xi32>,
                    %Z: memref<4x4x4xi32>, %W: memref<4xi32>) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 3 : i32
    %i4 = arith.constant 4 : i32
    %i6 = arith.constant 6 : i32
    %i8 = arith.constant 8 : i32
    %li = arith.index_cast %l : index to i32
    %lmod3 = arith.remui %li, %i3 : i32
    %a = amdgpu.raw_buffer_load %X[%lmod3, %i6]
        : memref<4x8xi32>, i32, i32 -> vector<4xi32>
    vector.store %a, %Z[%c0, %l, %c0] : memref<4x4x4xi32>, vector<4xi32>
    %l4 = arith.muli %li, %i4 : i32
    %b = amdgpu.raw_buffer_load {indexOffset = 4 : i32} %X[%i0, %l4] sgprOffset %i8
        : memref<4x8xi32>, i32, i32 -> vector<4xi32>
    vector.store %b, %Z[%c1, %l, %c0] : memref<4x4x4xi32>, vector<4xi32>
    %l8 = arith.muli %li, %i8 : i32
    %c = amdgpu.raw_buffer_load {boundsCheck = false} %X[%i0, %i0] sgprOffset %l8
        : memref<4x8xi32>, i32, i32 -> vector<4xi32>
    vector.store %c, %Z[%c2, %l, %c0] : memref<4x4x4xi32>, vector<4xi32>
    %l2 = arith.muli %li, %i2 : i32
    %row = arith.subi %l2, %i1 : i32
    %d = amdgpu.raw_buffer_load %X[%row, %i0]
        : memref<4x8xi32>, i32, i32 -> vector<4xi32>
    vector.store %d, %Z[%c3, %l, %c0] : memref<4x4x4xi32>, vector<4xi32>
    %col = arith.addi %l2, %i4 : i32
    %e = amdgpu.raw_buffer_load %X[%i3, %col] : memref<4x8xi32>, i32, i32 -> i32
    memref.store %e, %W[%l] : memref<4xi32>
    %step = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
    %i10 = arith.constant 10 : i32
    %i100 = arith.constant 100 : i32
    %i200 = arith.constant 200 : i32
    %l10 = arith.muli %li, %i10 : i32
    %base1 = arith.addi %l10, %i100 : i32
    %splat1 = vector.broadcast %base1 : i32 to vector<4xi32>
    %v1 = arith.addi %splat1, %step : vector<4xi32>
    amdgpu.raw_buffer_store %v1 -> %Y[%row, %i4]
        : vector<4xi32> -> memref<4x8xi32>, i32, i32
    %base2 = arith.addi %l10, %i200 : i32
    %splat2 = vector.broadcast %base2 : i32 to vector<4xi32>
    %v2 = arith.addi %splat2, %step : vector<4xi32>
    amdgpu.raw_buffer_store {indexOffset = 2 : i32} %v2 -> %Y[%l2, %i0] sgprOffset %i1
        : vector<4xi32> -> memref<4x8xi32>, i32, i32
    gpu.return
  }

  gpu.func @dynamic(%X: memref<?x4xi32> {wave.dims = array<i64: 2>},
                    %Z: memref<4x4xi32>, %n: index) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %i0 = arith.constant 0 : i32
    %li = arith.index_cast %l : index to i32
    %v = amdgpu.raw_buffer_load %X[%li, %i0]
        : memref<?x4xi32>, i32, i32 -> vector<4xi32>
    vector.store %v, %Z[%l, %c0] : memref<4x4xi32>, vector<4xi32>
    gpu.return
  }

  // Offsets 30 to 33 of 32 elements.
  gpu.func @partly_past_end(%Y: memref<4x8xi32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %i3 = arith.constant 3 : i32
    %i6 = arith.constant 6 : i32
    %v = arith.constant dense<7> : vector<4xi32>
    // END: :[[@LINE+1]]:5: error: buffer write to argument 'Y' partly outside it: thread (0, 0, 0) of workgroup (0, 0, 0) accesses elements 30 to 33 of its 32 (shape 4x8); which elements the range check keeps depends on the chip
    amdgpu.raw_buffer_store %v -> %Y[%i3, %i6]
        : vector<4xi32> -> memref<4x8xi32>, i32, i32
    gpu.return
  }

  // Offsets -2 to 1: the 32-bit byte offsets wrap from the top of the
  // range to the buffer's start.
  gpu.func @partly_before_start(%X: memref<4x8xi32>, %Z: memref<4xi32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %im1 = arith.constant -1 : i32
    %i6 = arith.constant 6 : i32
    // START: :[[@LINE+1]]:10: error: buffer read of argument 'X' partly outside it: thread (0, 0, 0) of workgroup (0, 0, 0) accesses elements -2 to 1 of its 32 (shape 4x8); which elements the range check keeps depends on the chip
    %v = amdgpu.raw_buffer_load %X[%im1, %i6]
        : memref<4x8xi32>, i32, i32 -> vector<4xi32>
    vector.store %v, %Z[%c0] : memref<4xi32>, vector<4xi32>
    gpu.return
  }

  // Offset 24 is inside; sgprOffset 8 takes it to 32, the end.
  gpu.func @past_end_by_sgpr(%X: memref<4x8xi32>, %Z: memref<4xi32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %i0 = arith.constant 0 : i32
    %i3 = arith.constant 3 : i32
    %i8 = arith.constant 8 : i32
    // SGPR: :[[@LINE+1]]:10: error: buffer read of argument 'X' past its end by its sgprOffset: thread (0, 0, 0) of workgroup (0, 0, 0) accesses elements 32 to 35 of its 32 (shape 4x8); whether the range check counts sgprOffset depends on the chip
    %v = amdgpu.raw_buffer_load %X[%i3, %i0] sgprOffset %i8
        : memref<4x8xi32>, i32, i32 -> vector<4xi32>
    vector.store %v, %Z[%c0] : memref<4xi32>, vector<4xi32>
    gpu.return
  }

  // Offset -8 (a voffset past the end once wrapped to 32 bits) is brought
  // back to 8 by sgprOffset 16.
  gpu.func @inside_by_sgpr(%X: memref<4x8xi32>, %Z: memref<4xi32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %i0 = arith.constant 0 : i32
    %im1 = arith.constant -1 : i32
    %i16 = arith.constant 16 : i32
    // BACK: :[[@LINE+1]]:10: error: buffer read of argument 'X' inside it only with its sgprOffset: thread (0, 0, 0) of workgroup (0, 0, 0) accesses elements 8 to 11 of its 32 (shape 4x8); whether the range check counts sgprOffset depends on the chip
    %v = amdgpu.raw_buffer_load %X[%im1, %i0] sgprOffset %i16
        : memref<4x8xi32>, i32, i32 -> vector<4xi32>
    vector.store %v, %Z[%c0] : memref<4xi32>, vector<4xi32>
    gpu.return
  }

  // Wholly past the end, which would read zeros with boundsCheck.
  gpu.func @unchecked(%X: memref<4x8xi32>, %Z: memref<4xi32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %i0 = arith.constant 0 : i32
    %i4 = arith.constant 4 : i32
    // UNCHECKED: :[[@LINE+1]]:10: error: out-of-bounds buffer read of argument 'X' with boundsCheck = false: thread (0, 0, 0) of workgroup (0, 0, 0) accesses elements 32 to 35 of its 32 (shape 4x8)
    %v = amdgpu.raw_buffer_load {boundsCheck = false} %X[%i4, %i0]
        : memref<4x8xi32>, i32, i32 -> vector<4xi32>
    vector.store %v, %Z[%c0] : memref<4xi32>, vector<4xi32>
    gpu.return
  }

  gpu.func @strided(%X: memref<4x8xi32, strided<[16, 1]>>, %Z: memref<4xi32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %i0 = arith.constant 0 : i32
    // STRIDED: :[[@LINE+1]]:10: error: the interpreter executes buffer accesses of row-major memrefs (identity layout) and 1-D views of unit stride only
    %v = amdgpu.raw_buffer_load %X[%i0, %i0]
        : memref<4x8xi32, strided<[16, 1]>>, i32, i32 -> vector<4xi32>
    vector.store %v, %Z[%c0] : memref<4xi32>, vector<4xi32>
    gpu.return
  }

  gpu.func @matrix(%X: memref<4x8xi32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %i0 = arith.constant 0 : i32
    // MATRIX: :[[@LINE+1]]:10: error: the interpreter executes scalar and 1-D vector buffer loads and stores only
    %v = amdgpu.raw_buffer_load %X[%i0, %i0]
        : memref<4x8xi32>, i32, i32 -> vector<2x2xi32>
    gpu.return
  }

  gpu.func @six_bytes(%X: memref<4x8xf16>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %i0 = arith.constant 0 : i32
    // SIX: :[[@LINE+1]]:10: error: a buffer access moves 1, 2, 4, 8, 12 or 16 bytes of whole-byte elements, not a 'vector<3xf16>'
    %v = amdgpu.raw_buffer_load %X[%i0, %i0]
        : memref<4x8xf16>, i32, i32 -> vector<3xf16>
    gpu.return
  }

  gpu.func @bits(%X: memref<64xi1>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %i0 = arith.constant 0 : i32
    // BITS: :[[@LINE+1]]:10: error: a buffer access moves 1, 2, 4, 8, 12 or 16 bytes of whole-byte elements, not a 'vector<8xi1>'
    %v = amdgpu.raw_buffer_load %X[%i0] : memref<64xi1>, i32 -> vector<8xi1>
    gpu.return
  }

  // A lane's private memory is no buffer.
  gpu.func @private(%Z: memref<4xi32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %i0 = arith.constant 0 : i32
    %m = memref.alloca() : memref<8xi32>
    // PRIVATE: :[[@LINE+1]]:10: error: the interpreter executes buffer accesses of kernel arguments only
    %v = amdgpu.raw_buffer_load %m[%i0] : memref<8xi32>, i32 -> vector<4xi32>
    vector.store %v, %Z[%c0] : memref<4xi32>, vector<4xi32>
    gpu.return
  }

  // 2^33 bytes: more than num_records, a 32-bit field, can say.
  gpu.func @huge(%X: memref<1073741824x8xi8>, %Z: memref<4xi8>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %i0 = arith.constant 0 : i32
    // HUGE: :[[@LINE+1]]:10: error: its memref spans 8589934592 bytes, more than the 32-bit size of a buffer descriptor
    %v = amdgpu.raw_buffer_load %X[%i0, %i0]
        : memref<1073741824x8xi8>, i32, i32 -> vector<4xi8>
    vector.store %v, %Z[%c0] : memref<4xi8>, vector<4xi8>
    gpu.return
  }
}
