// --emit=bundle writes the HIP fat binary clang's HIP toolchain makes
// (hipModuleLoadData loads it): byte for byte what clang-offload-bundler
// produces from the same code object.
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx942 -o %t.hsaco
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx942 --emit=bundle -o %t.hipfb
// RUN: clang-offload-bundler -type=o -bundle-align=4096 -targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942 -input=/dev/null -input=%t.hsaco -output=%t.reference
// RUN: cmp %t.hipfb %t.reference
// RUN: head -c 24 %t.hipfb | FileCheck %s --check-prefix=MAGIC
// MAGIC: __CLANG_OFFLOAD_BUNDLE__
// RUN: clang-offload-bundler -list -type=o -input=%t.hipfb | FileCheck %s --check-prefix=LIST
// LIST-DAG: host-x86_64-unknown-linux-gnu-
// LIST-DAG: hipv4-amdgcn-amd-amdhsa--gfx942
// RUN: clang-offload-bundler -unbundle -type=o -targets=hipv4-amdgcn-amd-amdhsa--gfx942 -input=%t.hipfb -output=%t.unbundled
// RUN: cmp %t.unbundled %t.hsaco

// The entry names the chip.
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx1100 --emit=bundle -o %t.gfx1100.hipfb
// RUN: clang-offload-bundler -list -type=o -input=%t.gfx1100.hipfb | FileCheck %s --check-prefix=RDNA
// RDNA: hipv4-amdgcn-amd-amdhsa--gfx1100
