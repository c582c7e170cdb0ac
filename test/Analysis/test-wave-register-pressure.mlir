// RUN: wave-opt %s --test-wave-register-pressure -split-input-file -verify-diagnostics -o /dev/null

// Live registers at each op as wave-budget-registers estimates them: a
// lane's vector<4xf32> takes 4 VGPRs, the thread id 1; the workgroup id is
// uniform and takes an SGPR; memrefs and constants cost nothing. The peak
// is where both loaded vectors and the ids are live, first reached at the
// second load.
gpu.module @m {
  // expected-remark @below {{peak: 9 VGPRs, 0 accumulators, 1 SGPRs at 'wave.read'; at most 1 SGPRs}}
  gpu.func @k(%a: memref<4096xf32>, %b: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @below {{live: 1 VGPRs, 0 accumulators, 0 SGPRs}}
    %tid = gpu.thread_id x
    // expected-remark @below {{live: 1 VGPRs, 0 accumulators, 1 SGPRs}}
    %wg = gpu.block_id x
    // expected-remark @below {{live: 5 VGPRs, 0 accumulators, 1 SGPRs}}
    %x = wave.read %a[%wg, %tid] map affine_map<(w, t) -> (w * 1024 + t * 4)> : memref<4096xf32> -> vector<4xf32>
    // expected-remark @below {{live: 9 VGPRs, 0 accumulators, 1 SGPRs}}
    %y = wave.read %b[%wg, %tid] map affine_map<(w, t) -> (w * 1024 + t * 4)> : memref<4096xf32> -> vector<4xf32>
    // expected-remark @below {{live: 9 VGPRs, 0 accumulators, 1 SGPRs}}
    %s = arith.addf %x, %y : vector<4xf32>
    // expected-remark @below {{live: 5 VGPRs, 0 accumulators, 1 SGPRs}}
    wave.write %s, %a[%wg, %tid] map affine_map<(w, t) -> (w * 1024 + t * 4)> : vector<4xf32>, memref<4096xf32>
    // expected-remark @below {{live: 0 VGPRs, 0 accumulators, 0 SGPRs}}
    gpu.return
  }
}

// -----

// MFMA results count apart on a chip with AGPRs: the vector<16xf32> result
// is 16 accumulator registers. The operands are kernel arguments, the same
// in every lane, so they are counted in SGPRs (2 + 2 + 16), not as VGPRs
// or accumulators.
gpu.module @mma {
  // expected-remark @below {{peak: 0 VGPRs, 16 accumulators, 20 SGPRs at 'wave.mma'; at most 20 SGPRs}}
  gpu.func @k(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<16xf32>, %out: memref<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @below {{live: 0 VGPRs, 16 accumulators, 20 SGPRs}}
    %d = wave.mma <f32_32x32x8_f16> %a, %b, %c : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %c0 = arith.constant 0 : index
    // expected-remark @below {{live: 0 VGPRs, 16 accumulators, 0 SGPRs}}
    vector.store %d, %out[%c0] : memref<16xf32>, vector<16xf32>
    // expected-remark @below {{live: 0 VGPRs, 0 accumulators, 0 SGPRs}}
    gpu.return
  }
}
