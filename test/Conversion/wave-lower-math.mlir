// RUN: wave-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(wave-lower-math))' | FileCheck %s
// RUN: wave-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(wave-lower-math{intrinsics=false}))' | FileCheck %s --check-prefix=KEEP

// The backend's own ops become LLVM intrinsics: the ones
// convert-gpu-to-rocdl would turn into OCML calls (floor, ceil, exp, exp2,
// log, log2, log10) as llvm.call_intrinsic, the others as their intrinsic
// ops; fast-math flags move along. bf16 is computed in f32, and so are the
// f16 transcendentals; f64 takes the exact ones.
gpu.module @instructions {
  // CHECK-LABEL: gpu.func @instructions
  // CHECK-SAME: (%[[X:[a-z0-9_]+]]: f32, %[[H:[a-z0-9_]+]]: vector<2xf16>, %[[B:[a-z0-9_]+]]: bf16, %[[D:[a-z0-9_]+]]: f64,
  gpu.func @instructions(%x: f32, %h: vector<2xf16>, %b: bf16, %d: f64,
                         %out: memref<16xf32>) {
    // CHECK: llvm.call_intrinsic "llvm.floor"(%[[X]]) : (f32) -> f32
    %0 = math.floor %x : f32
    // CHECK: %[[HW:.*]] = arith.extf %[[H]] : vector<2xf16> to vector<2xf32>
    // CHECK: %[[L:.*]] = llvm.call_intrinsic "llvm.log2"(%[[HW]]) {fastmathFlags = #llvm.fastmath<afn>} : (vector<2xf32>) -> vector<2xf32>
    // CHECK: arith.truncf %[[L]] : vector<2xf32> to vector<2xf16>
    %1 = math.log2 %h fastmath<afn> : vector<2xf16>
    // CHECK: llvm.call_intrinsic "llvm.floor"(%[[H]]) : (vector<2xf16>) -> vector<2xf16>
    %2 = math.floor %h : vector<2xf16>
    // CHECK: %[[BW:.*]] = arith.extf %[[B]] : bf16 to f32
    // CHECK: %[[S:.*]] = llvm.intr.sqrt(%[[BW]]) : (f32) -> f32
    // CHECK: arith.truncf %[[S]] : f32 to bf16
    %3 = math.sqrt %b : bf16
    // CHECK: llvm.intr.fma(%[[D]], %[[D]], %[[D]]) : (f64, f64, f64) -> f64
    %4 = math.fma %d, %d, %d : f64
    // CHECK: llvm.intr.roundeven(%[[D]]) : (f64) -> f64
    %5 = math.roundeven %d : f64
    // CHECK: %[[BC:.*]] = arith.extf %[[B]] : bf16 to f32
    // CHECK: "llvm.intr.is.fpclass"(%[[BC]]) <{bit = 516 : i32}> : (f32) -> i1
    %6 = math.isinf %b : bf16
    // CHECK: "llvm.intr.is.fpclass"(%[[X]]) <{bit = 264 : i32}> : (f32) -> i1
    %7 = math.isnormal %x : f32
    // The op's definition: maximumf(minimumf(value, min), max).
    // CHECK: %[[LOW:.*]] = arith.minimumf %[[X]], %[[X]] : f32
    // CHECK: arith.maximumf %[[LOW]], %[[X]] : f32
    %8 = math.clampf %x to [%x, %x] : f32
    // CHECK: llvm.call_intrinsic "llvm.exp"(%[[X]]) : (f32) -> f32
    %9 = math.exp %x : f32
    // CHECK-NOT: math.
    // CHECK: gpu.return
    %c0 = arith.constant 0 : index
    memref.store %0, %out[%c0] : memref<16xf32>
    gpu.return
  }
}

// KEEP-LABEL: gpu.func @instructions
// KEEP: math.floor
// KEEP: math.log2
// KEEP: math.sqrt
// KEEP: math.fma
// KEEP-NOT: llvm.

// -----

// The other functions are computed in f64 and rounded once: to f32
// directly, to f16 and bf16 through f32 rounded to odd.
gpu.module @expansions {
  // CHECK-LABEL: gpu.func @sin
  // CHECK-SAME: (%[[X:[a-z0-9_]+]]: f32)
  // CHECK: %[[W:.*]] = arith.extf %[[X]] : f32 to f64
  // Cody and Waite: k = rint(x 2/pi), three fmas.
  // CHECK: %[[K:.*]] = llvm.intr.roundeven
  // CHECK: %[[MK:.*]] = arith.negf %[[K]] : f64
  // CHECK: %[[R1:.*]] = llvm.intr.fma(%[[MK]], %{{.*}}, %[[W]]) : (f64, f64, f64) -> f64
  // CHECK: %[[R2:.*]] = llvm.intr.fma(%[[MK]], %{{.*}}, %[[R1]])
  // CHECK: llvm.intr.fma(%[[MK]], %{{.*}}, %[[R2]])
  // Payne and Hanek only where an argument needs it.
  // CHECK: scf.if
  // CHECK: arith.truncf %{{.*}} : f64 to f32
  // CHECK-NOT: math.
  // CHECK: gpu.return
  gpu.func @sin(%x: f32) -> f32 {
    %0 = math.sin %x : f32
    gpu.return %0 : f32
  }

  // Element by element: the chips have no vector f64 arithmetic.
  // CHECK-LABEL: gpu.func @erf_f16
  // CHECK: %[[E0:.*]] = vector.extract %{{.*}}[0] : f16 from vector<4xf16>
  // CHECK: arith.extf %[[E0]] : f16 to f64
  // CHECK: %[[N:.*]] = arith.truncf %{{.*}} : f64 to f32
  // CHECK: %[[BACK:.*]] = arith.extf %[[N]] : f32 to f64
  // CHECK: arith.cmpf one, %[[BACK]]
  // CHECK: arith.bitcast %[[N]] : f32 to i32
  // CHECK: %[[ODD:.*]] = arith.bitcast %{{.*}} : i32 to f32
  // CHECK: %[[R0:.*]] = arith.truncf %[[ODD]] : f32 to f16
  // CHECK: vector.extract %{{.*}}[3] : f16 from vector<4xf16>
  // CHECK: %[[R3:.*]] = arith.truncf %{{.*}} : f32 to f16
  // CHECK: vector.from_elements %[[R0]], %{{.*}}, %{{.*}}, %[[R3]] : vector<4xf16>
  // CHECK-NOT: math.
  // CHECK: gpu.return
  gpu.func @erf_f16(%x: vector<4xf16>) -> vector<4xf16> {
    %0 = math.erf %x : vector<4xf16>
    gpu.return %0 : vector<4xf16>
  }

  // A 0-D vector is one element.
  // CHECK-LABEL: gpu.func @zero_d
  // CHECK: vector.shape_cast %{{.*}} : vector<f32> to vector<1xf32>
  // CHECK: vector.from_elements %{{.*}} : vector<1xf32>
  // CHECK: vector.shape_cast %{{.*}} : vector<1xf32> to vector<f32>
  gpu.func @zero_d(%x: vector<f32>) -> vector<f32> {
    %0 = math.cbrt %x : vector<f32>
    gpu.return %0 : vector<f32>
  }

  // Two results from one reduction.
  // CHECK-LABEL: gpu.func @sincos
  // CHECK-COUNT-1: scf.if
  // CHECK-NOT: scf.if
  // CHECK: gpu.return
  gpu.func @sincos(%x: bf16) -> (bf16, bf16) {
    %s, %c = math.sincos %x : bf16
    gpu.return %s, %c : bf16, bf16
  }

  // CHECK-LABEL: gpu.func @pow
  // CHECK-NOT: math.
  // CHECK: gpu.return
  gpu.func @pow(%x: f32, %y: f32, %n: i32) -> (f32, f32) {
    %0 = math.powf %x, %y : f32
    %1 = math.fpowi %x, %n : f32, i32
    gpu.return %0, %1 : f32, f32
  }

  // Integer powers by squaring over the exponent's 32 bits; integer ops the
  // backend has stay for convert-gpu-to-rocdl.
  // CHECK-LABEL: gpu.func @integers
  // CHECK: %[[C32:.*]] = arith.constant 32 : index
  // CHECK: scf.for %{{.*}} = %{{.*}} to %[[C32]]
  // CHECK: arith.muli
  // CHECK: arith.shrui
  // CHECK: scf.yield
  // CHECK: arith.cmpi slt
  // CHECK: math.ctlz
  gpu.func @integers(%a: i32, %b: i32) -> (i32, i32) {
    %0 = math.ipowi %a, %b : i32
    %1 = math.ctlz %a : i32
    gpu.return %0, %1 : i32, i32
  }
}

// Under afn, tanh, erf, log1p and expm1 take MLIR's f32 approximations (f16
// through f32; erf keeps the sign of zero), sin, cos and tan an f32 path,
// atan, atan2, asin and acos their expansion in f32; other ops keep theirs.
gpu.module @afn {
  // CHECK-LABEL: gpu.func @approximated
  // CHECK-SAME: (%[[X:[a-z0-9_]+]]: f32, %[[H:[a-z0-9_]+]]: f16)
  // CHECK-NOT: f64
  // CHECK: %[[W:.*]] = arith.extf %[[H]] : f16 to f32
  // CHECK-NOT: f64
  // CHECK: llvm.intr.copysign(%{{.*}}, %[[H]]) : (f16, f16) -> f16
  // CHECK-NOT: f64
  // CHECK: gpu.return
  gpu.func @approximated(%x: f32, %h: f16) -> (f32, f16, f32, f32) {
    %0 = math.tanh %x fastmath<afn> : f32
    %1 = math.erf %h fastmath<afn> : f16
    %2 = math.log1p %x fastmath<fast> : f32
    %3 = math.expm1 %x fastmath<afn,contract> : f32
    gpu.return %0, %1, %2, %3 : f32, f16, f32, f32
  }
  // sin, cos and tan under afn: in f32 where |x| < 2^16, the f64 expansion
  // in a branch for the other lanes.
  // CHECK-LABEL: gpu.func @fast_trigonometry
  // CHECK: %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
  // CHECK: %[[A:.*]] = llvm.intr.fabs(%[[W]]) : (f32) -> f32
  // CHECK: %[[SMALL:.*]] = arith.cmpf olt, %[[A]], %{{.*}} : f32
  // CHECK: %[[R:.*]]:2 = scf.if %[[SMALL]] -> (f32, f32) {
  // CHECK: llvm.intr.roundeven(%{{.*}}) : (f32) -> f32
  // CHECK-NOT: f64
  // CHECK: } else {
  // CHECK: arith.extf %[[W]] : f32 to f64
  // CHECK: arith.truncf %{{.*}} : f64 to f32
  // CHECK: }
  // CHECK: arith.truncf %[[R]]#0 : f32 to f16
  // CHECK: arith.truncf %[[R]]#1 : f32 to f16
  gpu.func @fast_trigonometry(%h: f16) -> (f16, f16) {
    %s, %c = math.sincos %h fastmath<afn> : f16
    gpu.return %s, %c : f16, f16
  }

  // atan, atan2, asin, acos under afn: their expansion in f32.
  // CHECK-LABEL: gpu.func @fast_inverse_trigonometry
  // CHECK-NOT: f64
  // CHECK: gpu.return
  gpu.func @fast_inverse_trigonometry(%x: f32, %h: f16) -> (f32, f16, f32, f32) {
    %0 = math.atan %x fastmath<afn> : f32
    %1 = math.atan2 %h, %h fastmath<afn> : f16
    %2 = math.asin %x fastmath<afn> : f32
    %3 = math.acos %x fastmath<afn> : f32
    gpu.return %0, %1, %2, %3 : f32, f16, f32, f32
  }

  // rsqrt under afn: 1 / sqrt(x) in f32 with afn (v_sqrt_f32, v_rcp_f32),
  // f16 through f32.
  // CHECK-LABEL: gpu.func @fast_rsqrt
  // CHECK-SAME: (%[[X:[a-z0-9_]+]]: f32, %[[H:[a-z0-9_]+]]: f16)
  // CHECK-NOT: f64
  // CHECK: %[[S:.*]] = llvm.intr.sqrt(%[[X]]) {fastmathFlags = #llvm.fastmath<afn>} : (f32) -> f32
  // CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
  // CHECK: arith.divf %[[ONE]], %[[S]] fastmath<afn> : f32
  // CHECK: %[[W:.*]] = arith.extf %[[H]] : f16 to f32
  // CHECK: %[[SH:.*]] = llvm.intr.sqrt(%[[W]]) {fastmathFlags = #llvm.fastmath<afn>} : (f32) -> f32
  // CHECK: %[[RH:.*]] = arith.divf %{{.*}}, %[[SH]] fastmath<afn> : f32
  // CHECK: arith.truncf %[[RH]] : f32 to f16
  // CHECK-NOT: f64
  // CHECK: gpu.return
  gpu.func @fast_rsqrt(%x: f32, %h: f16) -> (f32, f16) {
    %0 = math.rsqrt %x fastmath<afn> : f32
    %1 = math.rsqrt %h fastmath<afn> : f16
    gpu.return %0, %1 : f32, f16
  }

  // CHECK-LABEL: gpu.func @kept
  // CHECK: arith.extf %{{.*}} : f32 to f64
  // CHECK: arith.extf %{{.*}} : f32 to f64
  // CHECK: arith.extf %{{.*}} : f32 to f64
  gpu.func @kept(%x: f32) -> (f32, f32, f32) {
    %0 = math.cbrt %x fastmath<afn> : f32
    %1 = math.tanh %x fastmath<contract> : f32
    %2 = math.rsqrt %x : f32
    gpu.return %0, %1, %2 : f32, f32, f32
  }
}

// KEEP-LABEL: gpu.func @sin
// KEEP: math.roundeven {{.*}} : f64
// KEEP: math.fma {{.*}} : f64
// KEEP-NOT: math.sin

// -----

// f64 functions (no instruction computes them; the backend would call
// OCML) are expanded in f64 with double-double steps (MathF64.cpp) and not
// rounded again; exp, exp2, log, log2 and log10 too.
gpu.module @f64 {
  // CHECK-LABEL: gpu.func @f64_sin
  // CHECK-SAME: (%[[X:[a-z0-9_]+]]: f64)
  // From 2^30 on (finite), Payne and Hanek in the first arm of an scf.if:
  // 2/pi's words selected by the exponent among constants, the mantissa's
  // 32-bit halves times the window's 32-bit limbs, the fraction's limbs to
  // f64.
  // CHECK: %[[LIMIT:.*]] = arith.constant 0x41D0000000000000 : f64
  // CHECK: arith.cmpf oge, %{{.*}}, %[[LIMIT]] : f64
  // CHECK: %[[R:.*]]:3 = scf.if %{{.*}} -> (f64, f64, i64) {
  // CHECK: %[[INDEX:.*]] = arith.shrui %{{.*}}, %c6_i64 : i64
  // CHECK-COUNT-17: arith.cmpi eq, %[[INDEX]], %{{.*}} : i64
  // CHECK: arith.constant -6703182060581546711 : i64
  // CHECK-COUNT-11: arith.muli
  // CHECK-COUNT-6: arith.sitofp %{{.*}} : i64 to f64
  // CHECK-NOT: memref
  // CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}} : f64, f64, i64
  // CHECK-NEXT: } else {
  // Below, Cody and Waite with pi/2 in three doubles: the first fma exact,
  // k times the second by TwoProd (a product and an fma of its negation).
  // CHECK: %[[K:.*]] = llvm.intr.roundeven
  // CHECK: %[[MK:.*]] = arith.negf %[[K]] : f64
  // CHECK: llvm.intr.fma(%[[MK]], %{{.*}}, %[[X]]) : (f64, f64, f64) -> f64
  // CHECK: %[[P:.*]] = arith.mulf %[[K]], %{{.*}} : f64
  // CHECK: %[[NP:.*]] = arith.negf %[[P]] : f64
  // CHECK: llvm.intr.fma(%[[K]], %{{.*}}, %[[NP]])
  // CHECK: scf.yield
  // The kernel on the reduced argument, no NaN past a bound.
  // CHECK: llvm.intr.fma(%[[R]]#0, %[[R]]#0, %{{.*}})
  // CHECK-NOT: 0x7FF8000000000000
  // CHECK-NOT: truncf
  // CHECK-NOT: math.
  // CHECK: gpu.return
  gpu.func @f64_sin(%x: f64) -> f64 {
    %0 = math.sin %x : f64
    gpu.return %0 : f64
  }
  // Element by element, no intrinsic left.
  // CHECK-LABEL: gpu.func @f64_exp
  // CHECK: vector.extract %{{.*}}[0] : f64 from vector<2xf64>
  // CHECK: llvm.intr.roundeven
  // CHECK: vector.extract %{{.*}}[1] : f64 from vector<2xf64>
  // CHECK: vector.from_elements %{{.*}}, %{{.*}} : vector<2xf64>
  // CHECK-NOT: llvm.call_intrinsic
  // CHECK: gpu.return
  gpu.func @f64_exp(%x: vector<2xf64>) -> vector<2xf64> {
    %0 = math.exp %x : vector<2xf64>
    gpu.return %0 : vector<2xf64>
  }
  // erf and erfc branch between the series and the interpolant, as on the
  // narrower types.
  // CHECK-LABEL: gpu.func @f64_erf
  // CHECK: scf.if
  // CHECK-NOT: math.
  // CHECK: gpu.return
  gpu.func @f64_erf(%x: f64) -> f64 {
    %0 = math.erf %x : f64
    gpu.return %0 : f64
  }
}

// KEEP-LABEL: gpu.func @f64_sin
// KEEP: math.roundeven {{.*}} : f64
// KEEP-NOT: math.sin
// KEEP-LABEL: gpu.func @f64_exp
// KEEP-NOT: math.exp
// KEEP-LABEL: gpu.func @f64_erf
// KEEP-NOT: math.erf

// -----

// Types the pass cannot compute are errors at the op (every supported chip
// computes f64).
gpu.module @bad {
  gpu.func @f8(%x: f8E4M3FN) -> f8E4M3FN {
    // expected-error @+1 {{'math.absf' on 'f8E4M3FN' cannot be compiled: wave-lower-math computes math ops on f16, bf16, f32 and f64 only}}
    %0 = math.absf %x : f8E4M3FN
    gpu.return %0 : f8E4M3FN
  }
  gpu.func @shapes(%t: tensor<4xf32>, %s: vector<[4]xf32>, %i: tensor<2xi32>) {
    // expected-error @+1 {{wave-lower-math lowers math ops on scalars and fixed-size vectors, not 'tensor<4xf32>'}}
    %0 = math.sin %t : tensor<4xf32>
    // expected-error @+1 {{wave-lower-math lowers math ops on scalars and fixed-size vectors, not 'vector<[4]xf32>'}}
    %1 = math.erf %s : vector<[4]xf32>
    // expected-error @+1 {{wave-lower-math lowers math ops on scalars and fixed-size vectors, not 'tensor<2xi32>'}}
    %2 = math.ipowi %i, %i : tensor<2xi32>
    gpu.return
  }
  gpu.func @tf32(%x: tf32) -> tf32 {
    // expected-error @+1 {{'math.erf' on 'tf32' cannot be compiled}}
    %0 = math.erf %x : tf32
    gpu.return %0 : tf32
  }
}
