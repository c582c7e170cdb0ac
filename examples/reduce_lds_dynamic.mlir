// reduce_lds_dynamic: row sums Y[r] = sum_c X[r][c] of an M x N f32 matrix
// whose sizes are known only at run time, with a tree in LDS:
// reduce_lds.mlir compiled once for every size.
//
// Shapes:  X : memref<?x?xf32> (M x N, row-major), Y : memref<?xf32> (M);
//          `wave.dims` names the index arguments %M and %N holding them.
// Assumes: `wave.assume`: N is a multiple of 4 (rows of whole 16-byte
//          chunks, like Triton's divisibility hints); M is at least 1 and at
//          most 32768, N at least 4 and at most 16384 (X under 2 GiB, which
//          the 32-bit offsets of buffer loads address). Nothing else: N need
//          not be a multiple of the workgroup's 1024 columns a step.
// Launch:  M workgroups of 256 lanes (4 waves; no known_grid_size: the grid
//          follows M, `wave-run --grid`), workgroup r sums row r; lane t
//          reads the 16-byte chunk at columns 1024s + 4t .. 1024s + 4t + 3
//          of each tile s of 1024 columns, s = 0 .. ceil(N / 1024) - 1.
// Shows:   the kernel of reduce_lds.mlir (one tile of 1024 columns, the
//          static row) inside a loop of run-time trip count over the row's
//          tiles: the reads are `bounded`, so the chunks past the row's end
//          (with N a multiple of 4 a lane's chunk lies wholly inside or
//          outside: one 16-byte buffer load, lanes outside read zero) add
//          nothing to the lane's partial sum. The LDS tree after the loop is
//          reduce_lds.mlir's: 8 barriers as written, and wave-optimize's
//          wave-use-collectives replaces the 6 levels within one wave by one
//          wave.reduce, as on the static twin, so 2 remain. Lane 0 writes
//          the row's sum, `bounded`. The summation order differs from the
//          reference's, so results agree up to f32 rounding.
// Reference: @reduce_lds_dynamic_ref, one workgroup of 256 lanes, lane t
//          adding rows t, t + 256, ... sequentially with memref.load/store.

!x = memref<?x?xf32>
!y = memref<?xf32>
!buf = memref<256xf32, #gpu.address_space<workgroup>>
// The lane's chunk of tile s: row wg, columns 1024s + 4t ...
#chunk = affine_map<(tid, wg, s) -> (wg, s * 1024 + tid * 4)>
// buf[t + s] at tree level s.
#shifted = affine_map<(tid, s) -> (tid + s)>

gpu.module @reduce_lds_dynamic {
  gpu.func @reduce_lds_dynamic(%X: !x {wave.dims = array<i64: 2, 3>},
                               %Y: !y {wave.dims = array<i64: 2>},
                               %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @reduce_lds_dynamic_ref,
                  wave.assume = affine_set<(x, y, m, n) :
                      (m - 1 >= 0, 32768 - m >= 0,
                       n - 4 >= 0, 16384 - n >= 0, n mod 4 == 0)>} {
    %buf = wave.alloc_lds : !buf
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %c1024 = arith.constant 1024 : index
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    // The lane's chunk of each 1024-column tile of the row, added up.
    %tiles = arith.ceildivui %N, %c1024 : index
    %v = scf.for %t = %c0 to %tiles step %c1 iter_args(%acc = %zero)
        -> (vector<4xf32>) {
      %chunk = wave.read %X[%tid, %wg, %t] map #chunk bounded
          : !x -> vector<4xf32>
      %next = arith.addf %acc, %chunk : vector<4xf32>
      scf.yield %next : vector<4xf32>
    }
    %lane_sum = vector.reduction <add>, %v : vector<4xf32> into f32
    %partial = vector.broadcast %lane_sum : f32 to vector<1xf32>
    wave.write %partial, %buf[%tid] : vector<1xf32>, !buf
    wave.barrier
    // Level 128: lanes below 128 add the element 128 above their own.
    %in128 = arith.cmpi ult, %tid, %c128 : index
    scf.if %in128 {
      %mine = wave.read %buf[%tid] : !buf -> vector<1xf32>
      %other = wave.read %buf[%tid, %c128] map #shifted : !buf -> vector<1xf32>
      %s = arith.addf %mine, %other : vector<1xf32>
      wave.write %s, %buf[%tid] : vector<1xf32>, !buf
    }
    wave.barrier
    // Level 64: lanes below 64 add the element 64 above their own.
    %in64 = arith.cmpi ult, %tid, %c64 : index
    scf.if %in64 {
      %mine = wave.read %buf[%tid] : !buf -> vector<1xf32>
      %other = wave.read %buf[%tid, %c64] map #shifted : !buf -> vector<1xf32>
      %s = arith.addf %mine, %other : vector<1xf32>
      wave.write %s, %buf[%tid] : vector<1xf32>, !buf
    }
    wave.barrier
    // Level 32: lanes below 32 add the element 32 above their own.
    %in32 = arith.cmpi ult, %tid, %c32 : index
    scf.if %in32 {
      %mine = wave.read %buf[%tid] : !buf -> vector<1xf32>
      %other = wave.read %buf[%tid, %c32] map #shifted : !buf -> vector<1xf32>
      %s = arith.addf %mine, %other : vector<1xf32>
      wave.write %s, %buf[%tid] : vector<1xf32>, !buf
    }
    wave.barrier
    // Level 16: lanes below 16 add the element 16 above their own.
    %in16 = arith.cmpi ult, %tid, %c16 : index
    scf.if %in16 {
      %mine = wave.read %buf[%tid] : !buf -> vector<1xf32>
      %other = wave.read %buf[%tid, %c16] map #shifted : !buf -> vector<1xf32>
      %s = arith.addf %mine, %other : vector<1xf32>
      wave.write %s, %buf[%tid] : vector<1xf32>, !buf
    }
    wave.barrier
    // Level 8: lanes below 8 add the element 8 above their own.
    %in8 = arith.cmpi ult, %tid, %c8 : index
    scf.if %in8 {
      %mine = wave.read %buf[%tid] : !buf -> vector<1xf32>
      %other = wave.read %buf[%tid, %c8] map #shifted : !buf -> vector<1xf32>
      %s = arith.addf %mine, %other : vector<1xf32>
      wave.write %s, %buf[%tid] : vector<1xf32>, !buf
    }
    wave.barrier
    // Level 4: lanes below 4 add the element 4 above their own.
    %in4 = arith.cmpi ult, %tid, %c4 : index
    scf.if %in4 {
      %mine = wave.read %buf[%tid] : !buf -> vector<1xf32>
      %other = wave.read %buf[%tid, %c4] map #shifted : !buf -> vector<1xf32>
      %s = arith.addf %mine, %other : vector<1xf32>
      wave.write %s, %buf[%tid] : vector<1xf32>, !buf
    }
    wave.barrier
    // Level 2: lanes below 2 add the element 2 above their own.
    %in2 = arith.cmpi ult, %tid, %c2 : index
    scf.if %in2 {
      %mine = wave.read %buf[%tid] : !buf -> vector<1xf32>
      %other = wave.read %buf[%tid, %c2] map #shifted : !buf -> vector<1xf32>
      %s = arith.addf %mine, %other : vector<1xf32>
      wave.write %s, %buf[%tid] : vector<1xf32>, !buf
    }
    wave.barrier
    // Level 1: lane 0 combines the last two partial sums into the result.
    %first = arith.cmpi ult, %tid, %c1 : index
    scf.if %first {
      %a = wave.read %buf[%tid] : !buf -> vector<1xf32>
      %b = wave.read %buf[%tid, %c1] map #shifted : !buf -> vector<1xf32>
      %sum = arith.addf %a, %b : vector<1xf32>
      wave.write %sum, %Y[%wg] bounded : vector<1xf32>, !y
    }
    gpu.return
  }

  gpu.func @reduce_lds_dynamic_ref(%X: !x {wave.dims = array<i64: 2, 3>},
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
