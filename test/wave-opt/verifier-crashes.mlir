// MLIR 22's verifiers of some amdgpu ops ask a type for its bit width
// without checking that it is an integer or float, and crash on any other
// type. Every reader of kernel text parses without verifying, reports such
// ops at their location, and only then verifies (each split below is also a
// seed of wave-fuzz). The checks see the parsed types: the generic form and
// type aliases are caught like the custom form.
// RUN: not wave-opt %s 2>&1 | FileCheck %s
// RUN: not wave-compile --chip=gfx942 %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: not wave-run %s 2>&1 | FileCheck %s
// wave-opt checks each split of -split-input-file as MlirOptMain cuts it.
// RUN: not wave-opt -split-input-file %s 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: within split at {{.*}}verifier-crashes.mlir:1 offset :20:10: error: 'amdgpu.dpp' operand type must be an integer or floating-point type, not 'vector<2xf32>' (the MLIR 22 verifier crashes on others)
// SPLIT: error: 'amdgpu.make_dma_descriptor' base element type must be an integer or floating-point type, not 'vector<2xf32>'
// SPLIT-NOT: PLEASE submit a bug report

// CHECK-NOT: PLEASE submit a bug report
// CHECK: verifier-crashes.mlir:[[@LINE+3]]:10: error: 'amdgpu.dpp' operand type must be an integer or floating-point type, not 'vector<2xf32>' (the MLIR 22 verifier crashes on others)
gpu.module @dpp_vector {
  gpu.func @k(%v: vector<2xf32>) kernel {
    %r = amdgpu.dpp %v %v row_shl(1 : i32) : vector<2xf32>
    gpu.return
  }
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+3]]:10: error: 'amdgpu.dpp' operand type must be an integer or floating-point type, not 'vector<2xf32>'
gpu.module @dpp_generic {
  gpu.func @k(%v: vector<2xf32>) kernel {
    %r = "amdgpu.dpp"(%v, %v) <{kind = #amdgpu<dpp_perm row_shl>,
         permArgument = 1 : i32}> : (vector<2xf32>, vector<2xf32>) -> vector<2xf32>
    gpu.return
  }
}

// -----

!v = vector<4xi32>
// CHECK: verifier-crashes.mlir:[[@LINE+3]]:10: error: 'amdgpu.dpp' operand type must be an integer or floating-point type, not 'vector<4xi32>'
gpu.module @dpp_alias {
  gpu.func @k(%v: !v) kernel {
    %r = amdgpu.dpp %v %v row_mirror : !v
    gpu.return
  }
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+3]]:10: error: 'amdgpu.dpp' operand type must be an integer or floating-point type, not 'index'
gpu.module @dpp_index {
  gpu.func @k(%v: index) kernel {
    %r = amdgpu.dpp %v %v quad_perm([0 : i32, 1 : i32, 2 : i32, 3 : i32]) : index
    gpu.return
  }
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+3]]:10: error: 'amdgpu.dpp' permutation elements must be integers, not 0.000000e+00 : f32 (the MLIR 22 verifier crashes on others)
gpu.module @dpp_quad_perm {
  gpu.func @k(%v: f32) kernel {
    %r = amdgpu.dpp %v %v quad_perm([0.0 : f32, 1 : i32, 2 : i32, 3 : i32]) : f32
    gpu.return
  }
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+4]]:5: error: 'amdgpu.gather_to_lds' transfer type (or its vector's element type) must be an integer or floating-point type, not 'index'
gpu.module @gather_index {
  gpu.func @k(%s: memref<64xf32>, %i: index)
      workgroup(%d: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    amdgpu.gather_to_lds %s[%i], %d[%i] : vector<2xindex>, memref<64xf32>, memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+4]]:10: error: 'amdgpu.transpose_load' result element type must be an integer or floating-point type, not 'index'
gpu.module @transpose_index {
  gpu.func @k(%i: index)
      workgroup(%s: memref<64xindex, #gpu.address_space<workgroup>>) kernel {
    %r = amdgpu.transpose_load %s[%i] : memref<64xindex, #gpu.address_space<workgroup>> -> vector<4xindex>
    gpu.return
  }
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+4]]:10: error: 'amdgpu.make_dma_base' memref element type must be an integer or floating-point type, not 'vector<2xf32>'
gpu.module @dma_base {
  gpu.func @k(%g: memref<64xvector<2xf32>>, %i: index)
      workgroup(%l: memref<64xvector<2xf32>, #gpu.address_space<workgroup>>) kernel {
    %b = amdgpu.make_dma_base %g[%i], %l[%i] : memref<64xvector<2xf32>>, memref<64xvector<2xf32>, #gpu.address_space<workgroup>> -> !amdgpu.tdm_base<vector<2xf32>>
    gpu.return
  }
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+3]]:10: error: 'amdgpu.make_dma_descriptor' base element type must be an integer or floating-point type, not 'vector<2xf32>'
gpu.module @dma_descriptor {
  gpu.func @k(%b: !amdgpu.tdm_base<vector<2xf32>>) kernel {
    %d = amdgpu.make_dma_descriptor %b globalSize [4, 4] globalStride [4, 1] sharedSize [4, 4] : !amdgpu.tdm_base<vector<2xf32>> -> !amdgpu.tdm_descriptor
    gpu.return
  }
}
// CHECK-NOT: error
