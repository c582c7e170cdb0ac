// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(wave-lower-approximate-math))' | FileCheck %s

// Under afn, f32 exp is v_exp_f32 (rocdl.exp2) of x * log2(e), exp2 is
// v_exp_f32, and division a multiply by v_rcp_f32 (rocdl.rcp), element by
// element for vectors; everything else is left to LLVM.

gpu.module @m {
  // CHECK-LABEL: gpu.func @approximated
  // CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<2xf32>, %[[OUT:.*]]: memref<8xf32>)
  // CHECK:      %[[LOG2E:.*]] = arith.constant 1.44269502 : f32
  // CHECK:      %[[Y:.*]] = arith.mulf %[[X]], %[[LOG2E]] fastmath<afn> : f32
  // CHECK:      %[[E:.*]] = rocdl.exp2 %[[Y]] f32 -> f32
  // CHECK:      %[[V0:.*]] = vector.extract %[[V]][0] : f32 from vector<2xf32>
  // CHECK:      %[[P0:.*]] = rocdl.exp2 %[[V0]] f32 -> f32
  // CHECK:      %[[V1:.*]] = vector.extract %[[V]][1] : f32 from vector<2xf32>
  // CHECK:      %[[P1:.*]] = rocdl.exp2 %[[V1]] f32 -> f32
  // CHECK:      %[[R:.*]] = rocdl.rcp %[[X]] f32 -> f32
  // CHECK:      %[[Q:.*]] = arith.mulf %[[E]], %[[R]] fastmath<arcp,afn> : f32
  // CHECK-NOT:  math.exp
  // CHECK-NOT:  arith.divf
  // CHECK:      gpu.return
  gpu.func @approximated(%x: f32, %v: vector<2xf32>, %out: memref<8xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %e = math.exp %x fastmath<afn> : f32
    %p = math.exp2 %v fastmath<afn> : vector<2xf32>
    %q = arith.divf %e, %x fastmath<afn,arcp> : f32
    memref.store %q, %out[%c0] : memref<8xf32>
    vector.store %p, %out[%c1] : memref<8xf32>, vector<2xf32>
    gpu.return
  }

  // Without afn, and on f16, the ops stay for LLVM.
  // CHECK-LABEL: gpu.func @kept
  // CHECK:      math.exp %{{.*}} fastmath<arcp,contract> : f32
  // CHECK:      arith.divf %{{.*}} fastmath<arcp> : f32
  // CHECK:      math.exp2 %{{.*}} fastmath<afn> : f16
  // CHECK:      arith.divf %{{.*}} fastmath<afn> : f16
  // CHECK-NOT:  rocdl
  // CHECK:      gpu.return
  gpu.func @kept(%x: f32, %h: f16, %out: memref<2xf32>, %hout: memref<2xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %e = math.exp %x fastmath<arcp,contract> : f32
    %q = arith.divf %e, %x fastmath<arcp> : f32
    %p = math.exp2 %h fastmath<afn> : f16
    %r = arith.divf %p, %h fastmath<afn> : f16
    memref.store %q, %out[%c0] : memref<2xf32>
    memref.store %r, %hout[%c0] : memref<2xf16>
    gpu.return
  }
}
