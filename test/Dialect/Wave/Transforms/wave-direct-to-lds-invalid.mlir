// The verifier of the mark wave-direct-to-lds puts on a staged LDS write.
// RUN: wave-opt %s --split-input-file --verify-diagnostics

#lds = #gpu.address_space<workgroup>
gpu.module @m {
gpu.func @not_from_a_read(%A: memref<64xf32>, %v: vector<4xf32>) kernel
    attributes {known_block_size = array<i32: 16, 1, 1>} {
  %t = gpu.thread_id x
  %tile = wave.alloc_lds : memref<64xf32, #lds>
  // expected-error @below {{'wave.direct_to_lds' is a unit attribute of a wave.write to LDS whose value a wave.read of global memory gives}}
  wave.write %v, %tile[%t] map affine_map<(t) -> (t * 4)> {wave.direct_to_lds} : vector<4xf32>, memref<64xf32, #lds>
  gpu.return
}
}

// -----

gpu.module @m {
gpu.func @global_write(%A: memref<64xf32>, %B: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 16, 1, 1>} {
  %t = gpu.thread_id x
  %v = wave.read %A[%t] map affine_map<(t) -> (t * 4)> : memref<64xf32> -> vector<4xf32>
  // expected-error @below {{'wave.direct_to_lds' is a unit attribute of a wave.write to LDS whose value a wave.read of global memory gives}}
  wave.write %v, %B[%t] map affine_map<(t) -> (t * 4)> {wave.direct_to_lds} : vector<4xf32>, memref<64xf32>
  gpu.return
}
}

// -----

#lds = #gpu.address_space<workgroup>
gpu.module @m {
gpu.func @lds_to_lds(%A: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 16, 1, 1>} {
  %t = gpu.thread_id x
  %src = wave.alloc_lds : memref<64xf32, #lds>
  %tile = wave.alloc_lds : memref<64xf32, #lds>
  %v = wave.read %src[%t] map affine_map<(t) -> (t * 4)> : memref<64xf32, #lds> -> vector<4xf32>
  // expected-error @below {{'wave.direct_to_lds' is a unit attribute of a wave.write to LDS whose value a wave.read of global memory gives}}
  wave.write %v, %tile[%t] map affine_map<(t) -> (t * 4)> {wave.direct_to_lds} : vector<4xf32>, memref<64xf32, #lds>
  gpu.return
}
}

// -----

gpu.module @m {
gpu.func @not_unit(%A: memref<64xf32>) kernel
    attributes {known_block_size = array<i32: 16, 1, 1>} {
  // expected-error @below {{'wave.direct_to_lds' is a unit attribute of a wave.write to LDS whose value a wave.read of global memory gives}}
  %t = gpu.thread_id x {wave.direct_to_lds}
  gpu.return
}
}
