// wave-outline-launches outlines every gpu.launch (upstream's
// gpu-kernel-outlining) once each body is checked. A gpu.launch whose body
// cannot become a kernel is an error at the op concerned, before upstream's
// outlining would make a kernel that fails far later.
// RUN: wave-opt %s --wave-outline-launches -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=OUTLINED
// RUN: not wave-compile %s --chip=gfx942 -o %t 2>&1 | FileCheck %s
// CHECK: error: gpu.launch inside a gpu.launch: a kernel cannot launch kernels

func.func @nested(%n: index) {
  // expected-note @below {{in the body of this launch}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) {
    // expected-error @below {{gpu.launch inside a gpu.launch: a kernel cannot launch kernels}}
    gpu.launch blocks(%bx2, %by2, %bz2) in (%gx2 = %n, %gy2 = %n, %gz2 = %n)
               threads(%tx2, %ty2, %tz2) in (%sx2 = %n, %sy2 = %n, %sz2 = %n) {
      gpu.terminator
    }
    gpu.terminator
  }
  return
}

// -----

// A tensor is no kernel argument (a tensor constant would be moved into the
// kernel; this one is computed on the host).
func.func @tensor(%t: tensor<4xf32>, %out: memref<4xf32>, %n: index) {
  // expected-note @below {{defined here}}
  %doubled = arith.addf %t, %t : tensor<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) {
    // expected-error @below {{uses a value of type 'tensor<4xf32>' defined outside its gpu.launch: a kernel takes scalars, vectors, pointers and memrefs as arguments}}
    %x = tensor.extract %doubled[%tx] : tensor<4xf32>
    memref.store %x, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}

// -----

// expected-note @below {{declared here}}
func.func private @host_log(f32)

func.func @call(%out: memref<64xf32>, %n: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) {
    %x = memref.load %out[%tx] : memref<64xf32>
    // expected-error @below {{calls @host_log, which has no body here: a kernel calls only functions compiled with it}}
    func.call @host_log(%x) : (f32) -> ()
    gpu.terminator
  }
  return
}

// -----

// A launch that can be a kernel becomes a gpu.launch_func of a kernel in a
// new gpu.module, the memrefs it uses its arguments.
// OUTLINED-LABEL: func.func @scale
// OUTLINED: gpu.launch_func @scale_kernel::@scale_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) args(%{{.*}} : memref<64xf32>)
// OUTLINED: gpu.module @scale_kernel
// OUTLINED: gpu.func @scale_kernel(%{{.*}}: memref<64xf32>) kernel
// OUTLINED: memref.load
// OUTLINED: memref.store
func.func @scale(%x: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %x[%tx] : memref<64xf32>
    %d = arith.addf %v, %v : f32
    memref.store %d, %x[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// Nothing to outline: the module stays as it is.
// OUTLINED-LABEL: func.func @no_launch
// OUTLINED-NOT: gpu.module
func.func @no_launch() {
  return
}
