// Every example parses and verifies (the verifier also checks that the
// reference kernel has the kernel's signature), and follows the naming the
// tools rely on: gpu.module @<name> holding the gfx942 wave-64 kernel
// @<name>, which names the reference kernel @<name>_ref, and that kernel.
//
// RUN: wave-opt %examples/add1.mlir | FileCheck %s -DNAME=add1
// RUN: wave-opt %examples/add2.mlir | FileCheck %s -DNAME=add2
// RUN: wave-opt %examples/copy.mlir | FileCheck %s -DNAME=copy
// RUN: wave-opt %examples/transpose.mlir | FileCheck %s -DNAME=transpose
// RUN: wave-opt %examples/reduce_wave.mlir | FileCheck %s -DNAME=reduce_wave
// RUN: wave-opt %examples/reduce_lds.mlir | FileCheck %s -DNAME=reduce_lds
// RUN: wave-opt %examples/softmax.mlir | FileCheck %s -DNAME=softmax
// RUN: wave-opt %examples/softmax_mfma.mlir | FileCheck %s -DNAME=softmax_mfma
// RUN: wave-opt %examples/gemm.mlir | FileCheck %s -DNAME=gemm
// RUN: wave-opt %examples/gemm_nk_128.mlir | FileCheck %s -DNAME=gemm_nk_128
// RUN: wave-opt %examples/gemm_256.mlir | FileCheck %s -DNAME=gemm_256
// RUN: wave-opt %examples/divergent.mlir | FileCheck %s -DNAME=divergent
// RUN: wave-opt %examples/pressure.mlir | FileCheck %s -DNAME=pressure
// Run-time sizes: the extents are arguments (`wave.dims`), what every launch
// guarantees is `wave.assume`, and the grid of gemm_dynamic follows the
// sizes (no known_grid_size). A reference may assume more (the attention
// references hold a query's scores in LDS, at most 4096).
// RUN: wave-opt %examples/gemm_dynamic.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=gemm_dynamic
// RUN: wave-opt %examples/staged_dynamic.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=staged_dynamic
// RUN: wave-opt %examples/softmax_dynamic.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=softmax_dynamic
// RUN: wave-opt %examples/reduce_dynamic.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=reduce_dynamic
// RUN: wave-opt %examples/reduce_lds_dynamic.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=reduce_lds_dynamic
// RUN: wave-opt %examples/rmsnorm_dynamic.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=rmsnorm_dynamic
// RUN: wave-opt %examples/rmsnorm_wg_dynamic.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=rmsnorm_wg_dynamic
// RUN: wave-opt %examples/pressure_dynamic.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=pressure_dynamic
// RUN: wave-opt %examples/gemm_nk_128_dynamic.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=gemm_nk_128_dynamic
// RUN: wave-opt %examples/transpose_dynamic.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=transpose_dynamic
// RUN: wave-opt %examples/attention.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=attention
// RUN: wave-opt %examples/attention_d64.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=attention_d64
// RUN: wave-opt %examples/attention_causal.mlir | FileCheck %s --check-prefix=DYNAMIC -DNAME=attention_causal

// DYNAMIC:       gpu.module @[[NAME]] {
// DYNAMIC:       gpu.func @[[NAME]](%{{[A-Za-z0-9_]+}}: memref<?{{[^>]*}}> {{\{(llvm.noalias, )?}}wave.dims = array<i64: {{[0-9, ]+}}>}
// DYNAMIC-SAME:    kernel attributes {known_block_size = array<i32: {{[0-9]+, [0-9]+, [0-9]+}}>,{{( known_grid_size = array<i32: [0-9]+, [0-9]+, [0-9]+>,)?}}
// DYNAMIC-SAME:    wave.assume = #set,
// DYNAMIC-SAME:    wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64{{(, occupancy = [0-9]+)?}}>,
// DYNAMIC-SAME:    wave.reference = @[[NAME]]_ref}
// DYNAMIC:       gpu.func @[[NAME]]_ref(%{{[A-Za-z0-9_]+}}: memref<?{{[^>]*}}> {wave.dims = array<i64: {{[0-9, ]+}}>}
// DYNAMIC-SAME:    kernel attributes {known_block_size = array<i32: {{[0-9]+, [0-9]+, [0-9]+}}>,
// DYNAMIC-SAME:    known_grid_size = array<i32: {{[0-9]+, [0-9]+, [0-9]+}}>{{(, wave.assume = #set[0-9]+)?}}}

// CHECK:       gpu.module @[[NAME]] {
// CHECK:       gpu.func @[[NAME]](
// CHECK-SAME:    kernel attributes {known_block_size = array<i32: {{[0-9]+, [0-9]+, [0-9]+}}>,
// CHECK-SAME:    known_grid_size = array<i32: {{[0-9]+, [0-9]+, [0-9]+}}>,
// CHECK-SAME:    wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64{{(, occupancy = [0-9])?}}>,
// CHECK-SAME:    wave.reference = @[[NAME]]_ref}
// CHECK:       gpu.func @[[NAME]]_ref(
// CHECK-SAME:    kernel attributes {known_block_size = array<i32: {{[0-9]+, [0-9]+, [0-9]+}}>,
// CHECK-SAME:    known_grid_size = array<i32: {{[0-9]+, [0-9]+, [0-9]+}}>}
