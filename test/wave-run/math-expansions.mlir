// wave-lower-math's expansions agree with wave-run's functions (glibc's
// double functions rounded once) bit for bit: on the special values below
// (zeros, infinities, NaN, denormals, extremes, arguments past 2^50 for the
// Payne-Hanek reduction, 1 +- 1 ULP, overflow and underflow thresholds),
// for f32, f16 and bf16, and within 1.5 ULP for f64, and on wave-run's random inputs for every op of
// test/wave-compile/Inputs/math_ops.py's kernels (each float type
// and the integer ops). bench/math_accuracy.py does the same over millions
// of inputs.
// RUN: wave-run %s --kernel=special_f32 --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=0 --atol=0 | FileCheck %s --check-prefix=F32
// F32: output 'OUT' (640xf32): agrees (max abs error 0, max rel error 0)
// RUN: wave-run %s --kernel=special_f16 --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=0 --atol=0 | FileCheck %s --check-prefix=F16
// F16: output 'OUT' (640xf16): agrees (max abs error 0, max rel error 0)
// RUN: wave-run %s --kernel=special_bf16 --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=0 --atol=0 | FileCheck %s --check-prefix=BF16
// BF16: output 'OUT' (640xbf16): agrees (max abs error 0, max rel error 0)

// Under afn (wave-compile --fast-math), tanh, erf, log1p and expm1 take
// MLIR's f32 approximations and sin, cos, tan an f32 path: within 4 ULP
// (5e-7 relative) of wave-run's correctly rounded functions on f32, equal
// on f16 here.
// RUN: wave-run %s --kernel=special_f32 --compare-pipeline='wave-fast-math,gpu.module(wave-lower-math{intrinsics=false})' --rtol=5e-7 --atol=1e-37 | FileCheck %s --check-prefix=AFN
// RUN: wave-run %s --kernel=special_f16 --compare-pipeline='wave-fast-math,gpu.module(wave-lower-math{intrinsics=false})' --rtol=0 --atol=0 | FileCheck %s --check-prefix=AFN
// AFN: output 'OUT' ({{640xf32|640xf16}}): agrees
// AFN: PASS

// index exponents and bases (fpowi, ipowi), a 2-D vector (erf).
// RUN: wave-run %s --kernel=index_and_rank --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=0 --atol=0 | FileCheck %s --check-prefix=INDEX
// INDEX: output 'X' (64xf32): agrees (max abs error 0, max rel error 0)
// INDEX: output 'I' (64xi64): agrees (max abs error 0, max rel error 0)
// INDEX: output 'T' (64xf16): agrees (max abs error 0, max rel error 0)
// And all of this file's kernels compile.
// RUN: wave-compile %s --chip=gfx942 -o %t.hsaco 2>/dev/null

// RUN: %python %S/../wave-compile/Inputs/math_ops.py > %t.mlir
// RUN: wave-run %t.mlir --kernel=math_f16 --seed=1 --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=0 --atol=0 | FileCheck %s --check-prefix=RANDOM
// RUN: wave-run %t.mlir --kernel=math_bf16 --seed=2 --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=0 --atol=0 | FileCheck %s --check-prefix=RANDOM
// RUN: wave-run %t.mlir --kernel=math_f32 --seed=3 --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=0 --atol=0 | FileCheck %s --check-prefix=RANDOM
// RANDOM: output 'OUT' ({{[0-9]+}}x{{f16|bf16|f32}}): agrees (max abs error 0, max rel error 0)
// RANDOM: output 'FLAGS' (512xi32): agrees
// RANDOM: PASS
// f64 (MathF64.cpp's double-double expansions, every op): within 1.5 ULP
// of wave-run's functions, which are correctly rounded but near rounding
// boundaries (long double rounded once); denormal results within 20 of
// their ULPs. sin, cos and tan's arguments include the largest f64 and the
// one closest to a multiple of pi/2 (Payne and Hanek from 2^30 on).
// RUN: wave-run %t.mlir --kernel=math_f64 --seed=4 --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=3.4e-16 --atol=1e-322 | FileCheck %s --check-prefix=F64
// RUN: wave-run %t.mlir --kernel=math_f64 --seed=6 --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=3.4e-16 --atol=1e-322 | FileCheck %s --check-prefix=F64
// RUN: wave-run %s --kernel=special_f64 --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=3.4e-16 --atol=1e-322 | FileCheck %s --check-prefix=F64
// F64: output '{{OUT|FLAGS}}' ({{[0-9]+}}x{{f64|i32}}): agrees
// F64: PASS
// RUN: wave-run %t.mlir --kernel=integers --seed=5 --compare-pipeline='gpu.module(wave-lower-math{intrinsics=false})' --rtol=0 --atol=0 | FileCheck %s --check-prefix=INTEGERS
// INTEGERS: output 'OUT' (640xi32): agrees
// INTEGERS: PASS

gpu.module @special {
  gpu.func @special_f32(%OUT: memref<640xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %x = arith.constant dense<[0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, -10.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1.0e-45, -1.0e-45, 1.17549435e-38, 3.40282347e+38, -3.40282347e+38, 1.0e+20, -1.0e+20, 1.5e+15, 7.0e+22, 0.99999994, 1.00000012, 88.7, -103.0, 1.0e-7, 25.0, -0.75, 6.28318548]> : vector<32xf32>
    %y = arith.constant dense<[6.28318548, -0.75, 25.0, 1.0e-7, -103.0, 88.7, 1.00000012, 0.99999994, 7.0e+22, 1.5e+15, -1.0e+20, 1.0e+20, -3.40282347e+38, 3.40282347e+38, 1.17549435e-38, -1.0e-45, 1.0e-45, 0x7FC00000, 0xFF800000, 0x7F800000, -10.0, 10.0, -3.0, 3.0, -2.0, 2.0, -0.5, 0.5, -1.0, 1.0, -0.0, 0.0]> : vector<32xf32>
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      %sin = math.sin %x : vector<32xf32>
      %o0 = arith.constant 0 : index
      vector.store %sin, %OUT[%o0] : memref<640xf32>, vector<32xf32>
      %cos = math.cos %x : vector<32xf32>
      %o1 = arith.constant 32 : index
      vector.store %cos, %OUT[%o1] : memref<640xf32>, vector<32xf32>
      %tan = math.tan %x : vector<32xf32>
      %o2 = arith.constant 64 : index
      vector.store %tan, %OUT[%o2] : memref<640xf32>, vector<32xf32>
      %asin = math.asin %x : vector<32xf32>
      %o3 = arith.constant 96 : index
      vector.store %asin, %OUT[%o3] : memref<640xf32>, vector<32xf32>
      %acos = math.acos %x : vector<32xf32>
      %o4 = arith.constant 128 : index
      vector.store %acos, %OUT[%o4] : memref<640xf32>, vector<32xf32>
      %atan = math.atan %x : vector<32xf32>
      %o5 = arith.constant 160 : index
      vector.store %atan, %OUT[%o5] : memref<640xf32>, vector<32xf32>
      %sinh = math.sinh %x : vector<32xf32>
      %o6 = arith.constant 192 : index
      vector.store %sinh, %OUT[%o6] : memref<640xf32>, vector<32xf32>
      %cosh = math.cosh %x : vector<32xf32>
      %o7 = arith.constant 224 : index
      vector.store %cosh, %OUT[%o7] : memref<640xf32>, vector<32xf32>
      %tanh = math.tanh %x : vector<32xf32>
      %o8 = arith.constant 256 : index
      vector.store %tanh, %OUT[%o8] : memref<640xf32>, vector<32xf32>
      %asinh = math.asinh %x : vector<32xf32>
      %o9 = arith.constant 288 : index
      vector.store %asinh, %OUT[%o9] : memref<640xf32>, vector<32xf32>
      %acosh = math.acosh %x : vector<32xf32>
      %o10 = arith.constant 320 : index
      vector.store %acosh, %OUT[%o10] : memref<640xf32>, vector<32xf32>
      %atanh = math.atanh %x : vector<32xf32>
      %o11 = arith.constant 352 : index
      vector.store %atanh, %OUT[%o11] : memref<640xf32>, vector<32xf32>
      %erf = math.erf %x : vector<32xf32>
      %o12 = arith.constant 384 : index
      vector.store %erf, %OUT[%o12] : memref<640xf32>, vector<32xf32>
      %erfc = math.erfc %x : vector<32xf32>
      %o13 = arith.constant 416 : index
      vector.store %erfc, %OUT[%o13] : memref<640xf32>, vector<32xf32>
      %expm1 = math.expm1 %x : vector<32xf32>
      %o14 = arith.constant 448 : index
      vector.store %expm1, %OUT[%o14] : memref<640xf32>, vector<32xf32>
      %log1p = math.log1p %x : vector<32xf32>
      %o15 = arith.constant 480 : index
      vector.store %log1p, %OUT[%o15] : memref<640xf32>, vector<32xf32>
      %cbrt = math.cbrt %x : vector<32xf32>
      %o16 = arith.constant 512 : index
      vector.store %cbrt, %OUT[%o16] : memref<640xf32>, vector<32xf32>
      %rsqrt = math.rsqrt %x : vector<32xf32>
      %o17 = arith.constant 544 : index
      vector.store %rsqrt, %OUT[%o17] : memref<640xf32>, vector<32xf32>
      %atan2 = math.atan2 %x, %y : vector<32xf32>
      %o18 = arith.constant 576 : index
      vector.store %atan2, %OUT[%o18] : memref<640xf32>, vector<32xf32>
      %powf = math.powf %x, %y : vector<32xf32>
      %o19 = arith.constant 608 : index
      vector.store %powf, %OUT[%o19] : memref<640xf32>, vector<32xf32>
    }
    gpu.return
  }
  gpu.func @special_f16(%OUT: memref<640xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %x = arith.constant dense<[0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, -10.0, 0x7C00, 0xFC00, 0x7E00, 5.96e-08, -5.96e-08, 6.104e-05, 65504.0, -65504.0, 60000.0, -60000.0, 32768.0, 1024.0, 0.99951171875, 1.0009765625, 11.0, -17.0, 0.0001, 25.0, -0.75, 6.28318548]> : vector<32xf16>
    %y = arith.constant dense<[6.28318548, -0.75, 25.0, 0.0001, -17.0, 11.0, 1.0009765625, 0.99951171875, 1024.0, 32768.0, -60000.0, 60000.0, -65504.0, 65504.0, 6.104e-05, -5.96e-08, 5.96e-08, 0x7E00, 0xFC00, 0x7C00, -10.0, 10.0, -3.0, 3.0, -2.0, 2.0, -0.5, 0.5, -1.0, 1.0, -0.0, 0.0]> : vector<32xf16>
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      %sin = math.sin %x : vector<32xf16>
      %o0 = arith.constant 0 : index
      vector.store %sin, %OUT[%o0] : memref<640xf16>, vector<32xf16>
      %cos = math.cos %x : vector<32xf16>
      %o1 = arith.constant 32 : index
      vector.store %cos, %OUT[%o1] : memref<640xf16>, vector<32xf16>
      %tan = math.tan %x : vector<32xf16>
      %o2 = arith.constant 64 : index
      vector.store %tan, %OUT[%o2] : memref<640xf16>, vector<32xf16>
      %asin = math.asin %x : vector<32xf16>
      %o3 = arith.constant 96 : index
      vector.store %asin, %OUT[%o3] : memref<640xf16>, vector<32xf16>
      %acos = math.acos %x : vector<32xf16>
      %o4 = arith.constant 128 : index
      vector.store %acos, %OUT[%o4] : memref<640xf16>, vector<32xf16>
      %atan = math.atan %x : vector<32xf16>
      %o5 = arith.constant 160 : index
      vector.store %atan, %OUT[%o5] : memref<640xf16>, vector<32xf16>
      %sinh = math.sinh %x : vector<32xf16>
      %o6 = arith.constant 192 : index
      vector.store %sinh, %OUT[%o6] : memref<640xf16>, vector<32xf16>
      %cosh = math.cosh %x : vector<32xf16>
      %o7 = arith.constant 224 : index
      vector.store %cosh, %OUT[%o7] : memref<640xf16>, vector<32xf16>
      %tanh = math.tanh %x : vector<32xf16>
      %o8 = arith.constant 256 : index
      vector.store %tanh, %OUT[%o8] : memref<640xf16>, vector<32xf16>
      %asinh = math.asinh %x : vector<32xf16>
      %o9 = arith.constant 288 : index
      vector.store %asinh, %OUT[%o9] : memref<640xf16>, vector<32xf16>
      %acosh = math.acosh %x : vector<32xf16>
      %o10 = arith.constant 320 : index
      vector.store %acosh, %OUT[%o10] : memref<640xf16>, vector<32xf16>
      %atanh = math.atanh %x : vector<32xf16>
      %o11 = arith.constant 352 : index
      vector.store %atanh, %OUT[%o11] : memref<640xf16>, vector<32xf16>
      %erf = math.erf %x : vector<32xf16>
      %o12 = arith.constant 384 : index
      vector.store %erf, %OUT[%o12] : memref<640xf16>, vector<32xf16>
      %erfc = math.erfc %x : vector<32xf16>
      %o13 = arith.constant 416 : index
      vector.store %erfc, %OUT[%o13] : memref<640xf16>, vector<32xf16>
      %expm1 = math.expm1 %x : vector<32xf16>
      %o14 = arith.constant 448 : index
      vector.store %expm1, %OUT[%o14] : memref<640xf16>, vector<32xf16>
      %log1p = math.log1p %x : vector<32xf16>
      %o15 = arith.constant 480 : index
      vector.store %log1p, %OUT[%o15] : memref<640xf16>, vector<32xf16>
      %cbrt = math.cbrt %x : vector<32xf16>
      %o16 = arith.constant 512 : index
      vector.store %cbrt, %OUT[%o16] : memref<640xf16>, vector<32xf16>
      %rsqrt = math.rsqrt %x : vector<32xf16>
      %o17 = arith.constant 544 : index
      vector.store %rsqrt, %OUT[%o17] : memref<640xf16>, vector<32xf16>
      %atan2 = math.atan2 %x, %y : vector<32xf16>
      %o18 = arith.constant 576 : index
      vector.store %atan2, %OUT[%o18] : memref<640xf16>, vector<32xf16>
      %powf = math.powf %x, %y : vector<32xf16>
      %o19 = arith.constant 608 : index
      vector.store %powf, %OUT[%o19] : memref<640xf16>, vector<32xf16>
    }
    gpu.return
  }
  gpu.func @special_bf16(%OUT: memref<640xbf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %x = arith.constant dense<[0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, -10.0, 0x7F80, 0xFF80, 0x7FC0, 1.0e-45, -1.0e-45, 1.17549435e-38, 3.40282347e+38, -3.40282347e+38, 1.0e+20, -1.0e+20, 1.5e+15, 7.0e+22, 0.99999994, 1.00000012, 88.7, -103.0, 1.0e-7, 25.0, -0.75, 6.28318548]> : vector<32xbf16>
    %y = arith.constant dense<[6.28318548, -0.75, 25.0, 1.0e-7, -103.0, 88.7, 1.00000012, 0.99999994, 7.0e+22, 1.5e+15, -1.0e+20, 1.0e+20, -3.40282347e+38, 3.40282347e+38, 1.17549435e-38, -1.0e-45, 1.0e-45, 0x7FC0, 0xFF80, 0x7F80, -10.0, 10.0, -3.0, 3.0, -2.0, 2.0, -0.5, 0.5, -1.0, 1.0, -0.0, 0.0]> : vector<32xbf16>
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      %sin = math.sin %x : vector<32xbf16>
      %o0 = arith.constant 0 : index
      vector.store %sin, %OUT[%o0] : memref<640xbf16>, vector<32xbf16>
      %cos = math.cos %x : vector<32xbf16>
      %o1 = arith.constant 32 : index
      vector.store %cos, %OUT[%o1] : memref<640xbf16>, vector<32xbf16>
      %tan = math.tan %x : vector<32xbf16>
      %o2 = arith.constant 64 : index
      vector.store %tan, %OUT[%o2] : memref<640xbf16>, vector<32xbf16>
      %asin = math.asin %x : vector<32xbf16>
      %o3 = arith.constant 96 : index
      vector.store %asin, %OUT[%o3] : memref<640xbf16>, vector<32xbf16>
      %acos = math.acos %x : vector<32xbf16>
      %o4 = arith.constant 128 : index
      vector.store %acos, %OUT[%o4] : memref<640xbf16>, vector<32xbf16>
      %atan = math.atan %x : vector<32xbf16>
      %o5 = arith.constant 160 : index
      vector.store %atan, %OUT[%o5] : memref<640xbf16>, vector<32xbf16>
      %sinh = math.sinh %x : vector<32xbf16>
      %o6 = arith.constant 192 : index
      vector.store %sinh, %OUT[%o6] : memref<640xbf16>, vector<32xbf16>
      %cosh = math.cosh %x : vector<32xbf16>
      %o7 = arith.constant 224 : index
      vector.store %cosh, %OUT[%o7] : memref<640xbf16>, vector<32xbf16>
      %tanh = math.tanh %x : vector<32xbf16>
      %o8 = arith.constant 256 : index
      vector.store %tanh, %OUT[%o8] : memref<640xbf16>, vector<32xbf16>
      %asinh = math.asinh %x : vector<32xbf16>
      %o9 = arith.constant 288 : index
      vector.store %asinh, %OUT[%o9] : memref<640xbf16>, vector<32xbf16>
      %acosh = math.acosh %x : vector<32xbf16>
      %o10 = arith.constant 320 : index
      vector.store %acosh, %OUT[%o10] : memref<640xbf16>, vector<32xbf16>
      %atanh = math.atanh %x : vector<32xbf16>
      %o11 = arith.constant 352 : index
      vector.store %atanh, %OUT[%o11] : memref<640xbf16>, vector<32xbf16>
      %erf = math.erf %x : vector<32xbf16>
      %o12 = arith.constant 384 : index
      vector.store %erf, %OUT[%o12] : memref<640xbf16>, vector<32xbf16>
      %erfc = math.erfc %x : vector<32xbf16>
      %o13 = arith.constant 416 : index
      vector.store %erfc, %OUT[%o13] : memref<640xbf16>, vector<32xbf16>
      %expm1 = math.expm1 %x : vector<32xbf16>
      %o14 = arith.constant 448 : index
      vector.store %expm1, %OUT[%o14] : memref<640xbf16>, vector<32xbf16>
      %log1p = math.log1p %x : vector<32xbf16>
      %o15 = arith.constant 480 : index
      vector.store %log1p, %OUT[%o15] : memref<640xbf16>, vector<32xbf16>
      %cbrt = math.cbrt %x : vector<32xbf16>
      %o16 = arith.constant 512 : index
      vector.store %cbrt, %OUT[%o16] : memref<640xbf16>, vector<32xbf16>
      %rsqrt = math.rsqrt %x : vector<32xbf16>
      %o17 = arith.constant 544 : index
      vector.store %rsqrt, %OUT[%o17] : memref<640xbf16>, vector<32xbf16>
      %atan2 = math.atan2 %x, %y : vector<32xbf16>
      %o18 = arith.constant 576 : index
      vector.store %atan2, %OUT[%o18] : memref<640xbf16>, vector<32xbf16>
      %powf = math.powf %x, %y : vector<32xbf16>
      %o19 = arith.constant 608 : index
      vector.store %powf, %OUT[%o19] : memref<640xbf16>, vector<32xbf16>
    }
    gpu.return
  }
  gpu.func @special_f64(%OUT: memref<800xf64>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %x = arith.constant dense<[0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, -10.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 4.9406564584124654e-324, -4.9406564584124654e-324, 2.2250738585072014e-308, 1.7976931348623157e+308, -1.7976931348623157e+308, 1.0e+20, -1.0e+20, 709.78, -745.13, 0.99999999999999989, 1.0000000000000002, 710.4, -708.5, 1.0e-17, 25.0, -0.75, 6.2831853071795862]> : vector<32xf64>
    %y = arith.constant dense<[6.2831853071795862, -0.75, 25.0, 1.0e-17, -708.5, 710.4, 1.0000000000000002, 0.99999999999999989, -745.13, 709.78, -1.0e+20, 1.0e+20, -1.7976931348623157e+308, 1.7976931348623157e+308, 2.2250738585072014e-308, -4.9406564584124654e-324, 4.9406564584124654e-324, 0x7FF8000000000000, 0xFFF0000000000000, 0x7FF0000000000000, -10.0, 10.0, -3.0, 3.0, -2.0, 2.0, -0.5, 0.5, -1.0, 1.0, -0.0, 0.0]> : vector<32xf64>
    %t = arith.constant dense<[0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, -10.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 4.9406564584124654e-324, -4.9406564584124654e-324, 2.2250738585072014e-308, 1073741823.0, -536870912.5, 1.0e+9, -123456789.0, 1073741824.0, 1.0e+22, 0.99999999999999989, 1.0000000000000002, 1.7976931348623157e+308, -5.319372648326541e+255, 1.0e-17, -1.0e+300, -0.75, 6.2831853071795862]> : vector<32xf64>
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      %sin = math.sin %t : vector<32xf64>
      %o0 = arith.constant 0 : index
      vector.store %sin, %OUT[%o0] : memref<800xf64>, vector<32xf64>
      %cos = math.cos %t : vector<32xf64>
      %o1 = arith.constant 32 : index
      vector.store %cos, %OUT[%o1] : memref<800xf64>, vector<32xf64>
      %tan = math.tan %t : vector<32xf64>
      %o2 = arith.constant 64 : index
      vector.store %tan, %OUT[%o2] : memref<800xf64>, vector<32xf64>
      %asin = math.asin %x : vector<32xf64>
      %o3 = arith.constant 96 : index
      vector.store %asin, %OUT[%o3] : memref<800xf64>, vector<32xf64>
      %acos = math.acos %x : vector<32xf64>
      %o4 = arith.constant 128 : index
      vector.store %acos, %OUT[%o4] : memref<800xf64>, vector<32xf64>
      %atan = math.atan %x : vector<32xf64>
      %o5 = arith.constant 160 : index
      vector.store %atan, %OUT[%o5] : memref<800xf64>, vector<32xf64>
      %sinh = math.sinh %x : vector<32xf64>
      %o6 = arith.constant 192 : index
      vector.store %sinh, %OUT[%o6] : memref<800xf64>, vector<32xf64>
      %cosh = math.cosh %x : vector<32xf64>
      %o7 = arith.constant 224 : index
      vector.store %cosh, %OUT[%o7] : memref<800xf64>, vector<32xf64>
      %tanh = math.tanh %x : vector<32xf64>
      %o8 = arith.constant 256 : index
      vector.store %tanh, %OUT[%o8] : memref<800xf64>, vector<32xf64>
      %asinh = math.asinh %x : vector<32xf64>
      %o9 = arith.constant 288 : index
      vector.store %asinh, %OUT[%o9] : memref<800xf64>, vector<32xf64>
      %acosh = math.acosh %x : vector<32xf64>
      %o10 = arith.constant 320 : index
      vector.store %acosh, %OUT[%o10] : memref<800xf64>, vector<32xf64>
      %atanh = math.atanh %x : vector<32xf64>
      %o11 = arith.constant 352 : index
      vector.store %atanh, %OUT[%o11] : memref<800xf64>, vector<32xf64>
      %erf = math.erf %x : vector<32xf64>
      %o12 = arith.constant 384 : index
      vector.store %erf, %OUT[%o12] : memref<800xf64>, vector<32xf64>
      %erfc = math.erfc %x : vector<32xf64>
      %o13 = arith.constant 416 : index
      vector.store %erfc, %OUT[%o13] : memref<800xf64>, vector<32xf64>
      %expm1 = math.expm1 %x : vector<32xf64>
      %o14 = arith.constant 448 : index
      vector.store %expm1, %OUT[%o14] : memref<800xf64>, vector<32xf64>
      %log1p = math.log1p %x : vector<32xf64>
      %o15 = arith.constant 480 : index
      vector.store %log1p, %OUT[%o15] : memref<800xf64>, vector<32xf64>
      %cbrt = math.cbrt %x : vector<32xf64>
      %o16 = arith.constant 512 : index
      vector.store %cbrt, %OUT[%o16] : memref<800xf64>, vector<32xf64>
      %rsqrt = math.rsqrt %x : vector<32xf64>
      %o17 = arith.constant 544 : index
      vector.store %rsqrt, %OUT[%o17] : memref<800xf64>, vector<32xf64>
      %atan2 = math.atan2 %x, %y : vector<32xf64>
      %o18 = arith.constant 576 : index
      vector.store %atan2, %OUT[%o18] : memref<800xf64>, vector<32xf64>
      %powf = math.powf %x, %y : vector<32xf64>
      %o19 = arith.constant 608 : index
      vector.store %powf, %OUT[%o19] : memref<800xf64>, vector<32xf64>
      %exp = math.exp %x : vector<32xf64>
      %o20 = arith.constant 640 : index
      vector.store %exp, %OUT[%o20] : memref<800xf64>, vector<32xf64>
      %exp2 = math.exp2 %x : vector<32xf64>
      %o21 = arith.constant 672 : index
      vector.store %exp2, %OUT[%o21] : memref<800xf64>, vector<32xf64>
      %log = math.log %x : vector<32xf64>
      %o22 = arith.constant 704 : index
      vector.store %log, %OUT[%o22] : memref<800xf64>, vector<32xf64>
      %log2 = math.log2 %x : vector<32xf64>
      %o23 = arith.constant 736 : index
      vector.store %log2, %OUT[%o23] : memref<800xf64>, vector<32xf64>
      %log10 = math.log10 %x : vector<32xf64>
      %o24 = arith.constant 768 : index
      vector.store %log10, %OUT[%o24] : memref<800xf64>, vector<32xf64>
    }
    gpu.return
  }
  gpu.func @index_and_rank(%X: memref<64xf32>, %N: memref<64xindex>,
                            %I: memref<64xindex>, %T: memref<64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %x = memref.load %X[%tid] : memref<64xf32>
    %n = memref.load %N[%tid] : memref<64xindex>
    %i = memref.load %I[%tid] : memref<64xindex>
    %c3 = arith.constant 3 : index
    %r = arith.remsi %n, %c3 : index
    %p = math.fpowi %x, %r : f32, index
    %q = math.ipowi %i, %r : index
    %t = vector.load %T[%tid] : memref<64xf16>, vector<1xf16>
    %t2 = vector.shape_cast %t : vector<1xf16> to vector<1x1xf16>
    %e = math.erf %t2 : vector<1x1xf16>
    %e1 = vector.shape_cast %e : vector<1x1xf16> to vector<1xf16>
    memref.store %p, %X[%tid] : memref<64xf32>
    memref.store %q, %I[%tid] : memref<64xindex>
    vector.store %e1, %T[%tid] : memref<64xf16>, vector<1xf16>
    gpu.return
  }
}
