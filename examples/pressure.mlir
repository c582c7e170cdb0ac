// pressure: scaled column sums Y[c] = S[c] * sum_k X[k][c] over a
// 16 x 32768 f32 matrix, written as an unrolled accumulation whose live
// lane values need far more registers than a high occupancy allows.
//
// Shapes:  X : memref<16x32768xf32>, S, Y : memref<32768xf32>.
// Launch:  8 workgroups of one wave (64 lanes). Lane t of workgroup w owns
//          16 column chunks j = 0 .. 15 of four f32 each, at columns
//          w * 4096 + 256 * j + 4 * t .. + 3 (so every load of the wave
//          covers 1 KiB of contiguous memory).
// Shows:   register pressure, as the fully unrolled loops of the HIP kernel
//          optimization guide. Across the K loop each lane keeps 32
//          vector<4xf32> values live: the 16 accumulators (the loop's
//          iter_args, used in every iteration) and the 16 scale vectors,
//          loaded before the loop to overlap their latency with it but used
//          only after it. That is 128 VGPRs of long-lived values plus the
//          16 loads in flight in the loop body, far above the 64 VGPRs that
//          allow 8 waves per SIMD on gfx942. The scale vectors, long-lived
//          and unused inside the loop, are the values wave-budget-registers
//          may spill to LDS to reach a requested occupancy.
// Reference: @pressure_ref, one lane per column (128 workgroups of 256
//          lanes) summing its column with a scalar loop over memref.load,
//          in the same order as the kernel.

// Element 0 of the lane's chunk j of S and Y, and of X's row k.
#chunk = affine_map<(tid, wg, j) -> (wg * 4096 + j * 256 + tid * 4)>
#x_chunk = affine_map<(tid, wg, k, j) -> (k, wg * 4096 + j * 256 + tid * 4)>

gpu.module @pressure {
  gpu.func @pressure(%X: memref<16x32768xf32>, %S: memref<32768xf32>,
                     %Y: memref<32768xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @pressure_ref} {
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
    %s0 = wave.read %S[%tid, %wg, %c0] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s1 = wave.read %S[%tid, %wg, %c1] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s2 = wave.read %S[%tid, %wg, %c2] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s3 = wave.read %S[%tid, %wg, %c3] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s4 = wave.read %S[%tid, %wg, %c4] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s5 = wave.read %S[%tid, %wg, %c5] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s6 = wave.read %S[%tid, %wg, %c6] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s7 = wave.read %S[%tid, %wg, %c7] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s8 = wave.read %S[%tid, %wg, %c8] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s9 = wave.read %S[%tid, %wg, %c9] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s10 = wave.read %S[%tid, %wg, %c10] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s11 = wave.read %S[%tid, %wg, %c11] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s12 = wave.read %S[%tid, %wg, %c12] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s13 = wave.read %S[%tid, %wg, %c13] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s14 = wave.read %S[%tid, %wg, %c14] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %s15 = wave.read %S[%tid, %wg, %c15] map #chunk
        : memref<32768xf32> -> vector<4xf32>
    %acc:16 = scf.for %k = %c0 to %c16 step %c1
        iter_args(%a0 = %zero, %a1 = %zero, %a2 = %zero, %a3 = %zero,
                  %a4 = %zero, %a5 = %zero, %a6 = %zero, %a7 = %zero,
                  %a8 = %zero, %a9 = %zero, %a10 = %zero, %a11 = %zero,
                  %a12 = %zero, %a13 = %zero, %a14 = %zero, %a15 = %zero)
        -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
      %x0 = wave.read %X[%tid, %wg, %k, %c0] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n0 = arith.addf %a0, %x0 : vector<4xf32>
      %x1 = wave.read %X[%tid, %wg, %k, %c1] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n1 = arith.addf %a1, %x1 : vector<4xf32>
      %x2 = wave.read %X[%tid, %wg, %k, %c2] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n2 = arith.addf %a2, %x2 : vector<4xf32>
      %x3 = wave.read %X[%tid, %wg, %k, %c3] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n3 = arith.addf %a3, %x3 : vector<4xf32>
      %x4 = wave.read %X[%tid, %wg, %k, %c4] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n4 = arith.addf %a4, %x4 : vector<4xf32>
      %x5 = wave.read %X[%tid, %wg, %k, %c5] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n5 = arith.addf %a5, %x5 : vector<4xf32>
      %x6 = wave.read %X[%tid, %wg, %k, %c6] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n6 = arith.addf %a6, %x6 : vector<4xf32>
      %x7 = wave.read %X[%tid, %wg, %k, %c7] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n7 = arith.addf %a7, %x7 : vector<4xf32>
      %x8 = wave.read %X[%tid, %wg, %k, %c8] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n8 = arith.addf %a8, %x8 : vector<4xf32>
      %x9 = wave.read %X[%tid, %wg, %k, %c9] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n9 = arith.addf %a9, %x9 : vector<4xf32>
      %x10 = wave.read %X[%tid, %wg, %k, %c10] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n10 = arith.addf %a10, %x10 : vector<4xf32>
      %x11 = wave.read %X[%tid, %wg, %k, %c11] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n11 = arith.addf %a11, %x11 : vector<4xf32>
      %x12 = wave.read %X[%tid, %wg, %k, %c12] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n12 = arith.addf %a12, %x12 : vector<4xf32>
      %x13 = wave.read %X[%tid, %wg, %k, %c13] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n13 = arith.addf %a13, %x13 : vector<4xf32>
      %x14 = wave.read %X[%tid, %wg, %k, %c14] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n14 = arith.addf %a14, %x14 : vector<4xf32>
      %x15 = wave.read %X[%tid, %wg, %k, %c15] map #x_chunk
          : memref<16x32768xf32> -> vector<4xf32>
      %n15 = arith.addf %a15, %x15 : vector<4xf32>
      scf.yield %n0, %n1, %n2, %n3, %n4, %n5, %n6, %n7,
                %n8, %n9, %n10, %n11, %n12, %n13, %n14, %n15
          : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
            vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
    }
    %y0 = arith.mulf %acc#0, %s0 : vector<4xf32>
    wave.write %y0, %Y[%tid, %wg, %c0] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y1 = arith.mulf %acc#1, %s1 : vector<4xf32>
    wave.write %y1, %Y[%tid, %wg, %c1] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y2 = arith.mulf %acc#2, %s2 : vector<4xf32>
    wave.write %y2, %Y[%tid, %wg, %c2] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y3 = arith.mulf %acc#3, %s3 : vector<4xf32>
    wave.write %y3, %Y[%tid, %wg, %c3] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y4 = arith.mulf %acc#4, %s4 : vector<4xf32>
    wave.write %y4, %Y[%tid, %wg, %c4] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y5 = arith.mulf %acc#5, %s5 : vector<4xf32>
    wave.write %y5, %Y[%tid, %wg, %c5] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y6 = arith.mulf %acc#6, %s6 : vector<4xf32>
    wave.write %y6, %Y[%tid, %wg, %c6] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y7 = arith.mulf %acc#7, %s7 : vector<4xf32>
    wave.write %y7, %Y[%tid, %wg, %c7] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y8 = arith.mulf %acc#8, %s8 : vector<4xf32>
    wave.write %y8, %Y[%tid, %wg, %c8] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y9 = arith.mulf %acc#9, %s9 : vector<4xf32>
    wave.write %y9, %Y[%tid, %wg, %c9] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y10 = arith.mulf %acc#10, %s10 : vector<4xf32>
    wave.write %y10, %Y[%tid, %wg, %c10] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y11 = arith.mulf %acc#11, %s11 : vector<4xf32>
    wave.write %y11, %Y[%tid, %wg, %c11] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y12 = arith.mulf %acc#12, %s12 : vector<4xf32>
    wave.write %y12, %Y[%tid, %wg, %c12] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y13 = arith.mulf %acc#13, %s13 : vector<4xf32>
    wave.write %y13, %Y[%tid, %wg, %c13] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y14 = arith.mulf %acc#14, %s14 : vector<4xf32>
    wave.write %y14, %Y[%tid, %wg, %c14] map #chunk
        : vector<4xf32>, memref<32768xf32>
    %y15 = arith.mulf %acc#15, %s15 : vector<4xf32>
    wave.write %y15, %Y[%tid, %wg, %c15] map #chunk
        : vector<4xf32>, memref<32768xf32>
    gpu.return
  }

  gpu.func @pressure_ref(%X: memref<16x32768xf32>, %S: memref<32768xf32>,
                         %Y: memref<32768xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %base = arith.muli %wg, %c256 : index
    %c = arith.addi %base, %tid : index
    %sum = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %X[%k, %c] : memref<16x32768xf32>
      %next = arith.addf %s, %x : f32
      scf.yield %next : f32
    }
    %scale = memref.load %S[%c] : memref<32768xf32>
    %y = arith.mulf %sum, %scale : f32
    memref.store %y, %Y[%c] : memref<32768xf32>
    gpu.return
  }
}
