// reduce_lds: row sums Y[r] = sum_c X[r][c] of a 128 x 1024 f32 matrix with
// a tree in LDS, the classic shared-memory reduction.
//
// Shapes:  X : memref<128x1024xf32>, Y : memref<128xf32> (as reduce_wave).
// Launch:  128 workgroups of 256 lanes (4 waves), workgroup r sums row r;
//          lane t reads the 16-byte chunk at columns 4 * t .. 4 * t + 3.
// Shows:   the reduction that wave collectives replace (reduce_wave.mlir).
//          Each lane stores its partial sum in a 256-element LDS buffer;
//          then, for s = 128, 64, ..., 2, lanes t < s add buf[t + s] into
//          buf[t]. Every level reads elements that other lanes (of other
//          waves, at the first levels) wrote at the level before, so a
//          barrier precedes each level. At the last level (s = 1) lane 0
//          adds buf[0] and buf[1] and writes the row's sum straight to Y, so
//          no barrier follows it: 8 barriers in all, one before each of the
//          8 levels. wave-optimize's wave-use-collectives replaces the 6
//          levels within one wave (s <= 32) by one wave.reduce, and 2
//          barriers remain. The summation order differs from the reference's, so
//          results agree up to f32 rounding.
// Reference: @reduce_lds_ref, one lane per row (128 lanes) adding the row
//          sequentially with memref.load/store.

!buf = memref<256xf32, #gpu.address_space<workgroup>>
#chunk = affine_map<(tid, wg) -> (wg, tid * 4)>
// buf[t + s] at tree level s.
#shifted = affine_map<(tid, s) -> (tid + s)>

gpu.module @reduce_lds {
  gpu.func @reduce_lds(%X: memref<128x1024xf32>, %Y: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 128, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @reduce_lds_ref} {
    %buf = wave.alloc_lds : !buf
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %v = wave.read %X[%tid, %wg] map #chunk
        : memref<128x1024xf32> -> vector<4xf32>
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
      wave.write %sum, %Y[%wg] : vector<1xf32>, memref<128xf32>
    }
    gpu.return
  }

  gpu.func @reduce_lds_ref(%X: memref<128x1024xf32>, %Y: memref<128xf32>)
      kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1024 = arith.constant 1024 : index
    %zero = arith.constant 0.0 : f32
    %r = gpu.thread_id x
    %sum = scf.for %c = %c0 to %c1024 step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %X[%r, %c] : memref<128x1024xf32>
      %next = arith.addf %s, %x : f32
      scf.yield %next : f32
    }
    memref.store %sum, %Y[%r] : memref<128xf32>
    gpu.return
  }
}
