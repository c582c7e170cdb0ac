// The ops fast math approximates, one element a lane, for
// bench/fast_math_accuracy.py: E = exp(X), P = exp2(Y), Q = A / B on 65536
// f32. The script feeds X over exp's finite range, Y over exp2's, A and B
// over many binades, and compares the kernel after wave-fast-math with the
// kernel before it in wave-run.

#elem = affine_map<(tid, wg) -> (wg * 256 + tid)>

gpu.module @fast_math_ops {
  gpu.func @ops(%X: memref<65536xf32>, %Y: memref<65536xf32>,
                %A: memref<65536xf32>, %B: memref<65536xf32>,
                %E: memref<65536xf32>, %P: memref<65536xf32>,
                %Q: memref<65536xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map #elem : memref<65536xf32> -> vector<1xf32>
    %e = math.exp %x : vector<1xf32>
    wave.write %e, %E[%tid, %wg] map #elem : vector<1xf32>, memref<65536xf32>
    %y = wave.read %Y[%tid, %wg] map #elem : memref<65536xf32> -> vector<1xf32>
    %p = math.exp2 %y : vector<1xf32>
    wave.write %p, %P[%tid, %wg] map #elem : vector<1xf32>, memref<65536xf32>
    %a = wave.read %A[%tid, %wg] map #elem : memref<65536xf32> -> vector<1xf32>
    %b = wave.read %B[%tid, %wg] map #elem : memref<65536xf32> -> vector<1xf32>
    %q = arith.divf %a, %b : vector<1xf32>
    wave.write %q, %Q[%tid, %wg] map #elem : vector<1xf32>, memref<65536xf32>
    gpu.return
  }
}
