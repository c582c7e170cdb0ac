// Float sums without an accumulator start at -0.0, the identity of a float
// add; every other reduction is left as written.
// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(wave-lower-vector-reductions))' | FileCheck %s
// Through upstream's lowering the start is LLVM's: -0.0, not the +0.0
// upstream gives a reduction without accumulator.
// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(wave-lower-vector-reductions,convert-vector-to-llvm))' | FileCheck %s --check-prefix=LLVM
// At -O2 on gfx942 LLVM folds the start away: the row sum of the example,
// whose loop's values LLVM cannot prove are not -0.0, reduces a lane's 4
// partial sums in 3 adds, the first of two partial sums (no add of 0).
// RUN: wave-compile %examples/reduce_dynamic.mlir --chip=gfx942 -O2 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ASM
// The example before and after the pass agrees on random inputs.
// RUN: wave-run %examples/reduce_dynamic.mlir --grid=10 --scalar=M=37 --scalar=N=1000 --compare-pipeline='gpu.module(wave-lower-vector-reductions)' | FileCheck %s --check-prefix=SAME

// CHECK-LABEL: gpu.func @sums
// CHECK:       [[NEG32:%[A-Za-z0-9_]+]] = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:  vector.reduction <add>, %{{.*}}, [[NEG32]] : vector<4xf32> into f32
// CHECK-NEXT:  [[NEG16:%[A-Za-z0-9_]+]] = arith.constant -0.000000e+00 : f16
// CHECK-NEXT:  vector.reduction <add>, %{{.*}}, [[NEG16]] : vector<8xf16> into f16
// An accumulator given stays.
// CHECK:       vector.reduction <add>, %{{.*}}, %{{.*}} : vector<4xf32> into f32
// Products start at 1.0, exact already; integers and maxima have no -0.0.
// CHECK:       vector.reduction <mul>, %{{.*}} : vector<4xf32> into f32
// CHECK:       vector.reduction <add>, %{{.*}} : vector<4xi32> into i32
// CHECK:       vector.reduction <maxnumf>, %{{.*}} : vector<4xf32> into f32

// LLVM-LABEL: @sums
// LLVM:       [[START:%[A-Za-z0-9_]+]] = arith.constant -0.000000e+00 : f32
// LLVM:       "llvm.intr.vector.reduce.fadd"([[START]], %{{.*}}) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32

// ASM-LABEL: reduce_dynamic:
// ASM:       ; %._crit_edge
// ASM-NEXT:  v_add_f32_e32 [[SUM:v[0-9]+]], v{{[0-9]+}}, v{{[0-9]+}}
// ASM-NEXT:  v_add_f32_e32 [[SUM]], [[SUM]], v{{[0-9]+}}
// ASM-NEXT:  v_add_f32_e32 [[SUM]], [[SUM]], v{{[0-9]+}}
// ASM-NEXT:  v_and_b32

// SAME: output 'Y' (37xf32): agrees
// SAME-NEXT: PASS

gpu.module @m {
  gpu.func @sums(%a: vector<4xf32>, %b: vector<8xf16>, %acc: f32,
                 %i: vector<4xi32>) -> (f32, f16, f32, f32, i32, f32) {
    %0 = vector.reduction <add>, %a : vector<4xf32> into f32
    %1 = vector.reduction <add>, %b : vector<8xf16> into f16
    %2 = vector.reduction <add>, %a, %acc : vector<4xf32> into f32
    %3 = vector.reduction <mul>, %a : vector<4xf32> into f32
    %4 = vector.reduction <add>, %i : vector<4xi32> into i32
    %5 = vector.reduction <maxnumf>, %a : vector<4xf32> into f32
    gpu.return %0, %1, %2, %3, %4, %5 : f32, f16, f32, f32, i32, f32
  }
}
