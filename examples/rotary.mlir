// rotary: the rotary position embedding of 128 positions of a 64-wide f16
// head: each pair (x[2i], x[2i+1]) of row p is rotated by the angle
// p * inv_freq[i]:
//   y[2i]   = x[2i] cos(p f_i) - x[2i+1] sin(p f_i)
//   y[2i+1] = x[2i] sin(p f_i) + x[2i+1] cos(p f_i),
// computed in f32 and rounded to f16.
//
// Shapes:  X, Y : memref<128x64xf16> (positions x head dimension),
//          F : memref<32xf32> (inv_freq, e.g. 10000^(-2i/64)).
// Launch:  16 workgroups of 256 lanes, a lane a pair: lane l of workgroup w
//          takes pair (w * 256 + l) mod 32 of row (w * 256 + l) / 32, as one
//          vector<2xf16> read and write.
// Shows:   math.sincos (one reduction for both) in an elementwise kernel: a
//          math op the ROCm device library would otherwise provide,
//          lowered by wave-lower-math (in f64, correctly rounded; with
//          --fast-math in f32 where |angle| < 2^16, within 2 ULP)
//          (docs/MathAccuracy.md).
// Reference: @rotary_ref, a lane a pair with memref.load and math.sin,
//          math.cos; the angles are the same f32 products, so results
//          agree exactly (both round sin and cos correctly).

#pair = affine_map<(tid, wg) -> ((wg * 256 + tid) floordiv 32,
                                 ((wg * 256 + tid) mod 32) * 2)>
#freq = affine_map<(tid, wg) -> ((wg * 256 + tid) mod 32)>

gpu.module @rotary {
  gpu.func @rotary(%X: memref<128x64xf16>, %F: memref<32xf32>,
                   %Y: memref<128x64xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 16, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rotary_ref} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %base = arith.muli %wg, %c256 : index
    %lane = arith.addi %base, %tid : index
    %row = arith.divui %lane, %c32 : index
    %row_i32 = arith.index_cast %row : index to i32
    %position = arith.sitofp %row_i32 : i32 to f32
    %x = wave.read %X[%tid, %wg] map #pair : memref<128x64xf16> -> vector<2xf16>
    %f = wave.read %F[%tid, %wg] map #freq : memref<32xf32> -> vector<1xf32>
    %p = vector.broadcast %position : f32 to vector<1xf32>
    %angle = arith.mulf %p, %f : vector<1xf32>
    %sin, %cos = math.sincos %angle : vector<1xf32>
    %x32 = arith.extf %x : vector<2xf16> to vector<2xf32>
    %x0 = vector.extract %x32[0] : f32 from vector<2xf32>
    %x1 = vector.extract %x32[1] : f32 from vector<2xf32>
    %s = vector.extract %sin[0] : f32 from vector<1xf32>
    %c = vector.extract %cos[0] : f32 from vector<1xf32>
    %x0c = arith.mulf %x0, %c : f32
    %x1s = arith.mulf %x1, %s : f32
    %y0 = arith.subf %x0c, %x1s : f32
    %x0s = arith.mulf %x0, %s : f32
    %x1c = arith.mulf %x1, %c : f32
    %y1 = arith.addf %x0s, %x1c : f32
    %y32 = vector.from_elements %y0, %y1 : vector<2xf32>
    %y = arith.truncf %y32 : vector<2xf32> to vector<2xf16>
    wave.write %y, %Y[%tid, %wg] map #pair : vector<2xf16>, memref<128x64xf16>
    gpu.return
  }

  gpu.func @rotary_ref(%X: memref<128x64xf16>, %F: memref<32xf32>,
                       %Y: memref<128x64xf16>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  known_grid_size = array<i32: 128, 1, 1>} {
    %i = gpu.thread_id x
    %row = gpu.block_id x
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %even = arith.muli %i, %c2 : index
    %odd = arith.addi %even, %c1 : index
    %row_i32 = arith.index_cast %row : index to i32
    %position = arith.sitofp %row_i32 : i32 to f32
    %f = memref.load %F[%i] : memref<32xf32>
    %angle = arith.mulf %position, %f : f32
    %s = math.sin %angle : f32
    %c = math.cos %angle : f32
    %a = memref.load %X[%row, %even] : memref<128x64xf16>
    %b = memref.load %X[%row, %odd] : memref<128x64xf16>
    %x0 = arith.extf %a : f16 to f32
    %x1 = arith.extf %b : f16 to f32
    %x0c = arith.mulf %x0, %c : f32
    %x1s = arith.mulf %x1, %s : f32
    %y0 = arith.subf %x0c, %x1s : f32
    %x0s = arith.mulf %x0, %s : f32
    %x1c = arith.mulf %x1, %c : f32
    %y1 = arith.addf %x0s, %x1c : f32
    %r0 = arith.truncf %y0 : f32 to f16
    %r1 = arith.truncf %y1 : f32 to f16
    memref.store %r0, %Y[%row, %even] : memref<128x64xf16>
    memref.store %r1, %Y[%row, %odd] : memref<128x64xf16>
    gpu.return
  }
}
