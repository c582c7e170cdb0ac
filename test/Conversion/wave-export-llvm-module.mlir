// RUN: wave-opt %s --split-input-file --verify-diagnostics --wave-export-llvm-module | FileCheck %s

// The gpu.module's body moves to the top; the target gives the triple, the
// functions' CPU and features and the code object version flag.
// CHECK: module attributes {llvm.data_layout = "e-p:64:64", llvm.target_triple = "amdgcn-amd-amdhsa"} {
// CHECK-NEXT: llvm.module_flags [#llvm.mlir.module_flag<error, "amdhsa_code_object_version", 500 : i32>]
// CHECK-NEXT: llvm.func @k(%{{.*}}: !llvm.ptr) attributes {rocdl.kernel, target_cpu = "gfx1100", target_features = #llvm.target_features<["+wavefrontsize64"]>}
// CHECK: llvm.func @declared()
// CHECK-NOT: target_cpu
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  gpu.module @m [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64", abi = "500">]
      attributes {llvm.data_layout = "e-p:64:64"} {
    llvm.func @k(%p: !llvm.ptr) attributes {rocdl.kernel} {
      llvm.return
    }
    llvm.func @declared()
  }
}

// -----

// expected-error @below {{expects a module holding exactly one gpu.module}}
module {
  gpu.module @a [#rocdl.target<chip = "gfx942", abi = "500">] {
  }
  gpu.module @b [#rocdl.target<chip = "gfx942", abi = "500">] {
  }
}

// -----

module {
  // expected-error @below {{needs a #rocdl.target with a code object version (run wave-attach-target)}}
  gpu.module @m {
  }
}

// -----

module {
  gpu.module @m [#rocdl.target<chip = "gfx942", abi = "500">] {
    gpu.func @k() kernel {
      // expected-error @below {{'gpu.return' op is not in the llvm or rocdl dialect; lower the module first (wave-upstream-to-rocdl)}}
      gpu.return
    }
  }
}
