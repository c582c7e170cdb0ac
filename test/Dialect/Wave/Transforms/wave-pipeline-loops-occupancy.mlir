// The register budget wave-pipeline-loops keeps to is the one
// wave-budget-registers sets (and the backend applies): a request below the
// occupancy the workgroup forces is raised to it. Here 1024 lanes are 16
// waves, 4 a SIMD, so the request of 1 is budgeted as 4 (128 VGPRs, not
// 512), and the second stage's 48 prefetched VGPRs do not fit.
// RUN: wave-opt %s --wave-pipeline-loops --verify-diagnostics -o /dev/null
// RUN: wave-opt %s --wave-budget-registers -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET

#lds = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
gpu.module @m {
  // BUDGET: remark: wave-budget-registers: occupancy 1 on gfx942 (raised to 4: a workgroup of 16 waves spans the 4 SIMDs): budget 128 VGPRs
  gpu.func @raised(%in: memref<8x4096xf32>, %out: memref<4096xf32>) kernel
      attributes {known_block_size = array<i32: 1024, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 1>} {
    %tile = wave.alloc_lds : memref<1536xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<24xf32>
    %t = gpu.thread_id x
    // expected-remark @+1 {{wave-pipeline-loops: not pipelined: registers over budget: 2 stages need 97 + 48 prefetched + 8 headroom = 153 VGPRs, over the budget of 128 at occupancy 4 (1 requested, raised: a workgroup of 16 waves spans the 4 SIMDs) on gfx942}}
    %r:2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%p = %zero, %q = %zero) -> (vector<24xf32>, vector<24xf32>) {
      %g0 = wave.read %in[%k, %t] map affine_map<(k, t) -> (k, (t mod 32) * 24)> : memref<8x4096xf32> -> vector<24xf32>
      wave.write %g0, %tile[%t] map affine_map<(t) -> ((t mod 32) * 24)> : vector<24xf32>, memref<1536xf32, #lds>
      %g1 = wave.read %in[%k, %t] map affine_map<(k, t) -> (k, (t mod 32) * 24 + 768)> : memref<8x4096xf32> -> vector<24xf32>
      wave.write %g1, %tile[%t] map affine_map<(t) -> ((t mod 32) * 24 + 768)> : vector<24xf32>, memref<1536xf32, #lds>
      wave.barrier
      %x = wave.read %tile[%t] map affine_map<(t) -> (((t + 1) mod 32) * 24)> : memref<1536xf32, #lds> -> vector<24xf32>
      %y = wave.read %tile[%t] map affine_map<(t) -> (((t + 1) mod 32) * 24 + 768)> : memref<1536xf32, #lds> -> vector<24xf32>
      %p2 = arith.addf %p, %x : vector<24xf32>
      %q2 = arith.addf %q, %y : vector<24xf32>
      wave.barrier
      scf.yield %p2, %q2 : vector<24xf32>, vector<24xf32>
    }
    %s = arith.addf %r#0, %r#1 : vector<24xf32>
    wave.write %s, %out[%t] map affine_map<(t) -> ((t mod 32) * 24)> : vector<24xf32>, memref<4096xf32>
    gpu.return
  }
}
}
