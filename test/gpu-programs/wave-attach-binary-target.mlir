// wave-attach-binary-target gives every gpu.module the one target
// #wave.target with the pass's options, in place of the targets it had, so
// that gpu-module-to-binary compiles each through the wave pipeline.
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-attach-binary-target{chip=gfx950 O=2 occupancy=4})' -split-input-file | FileCheck %s
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-attach-binary-target)' -split-input-file | FileCheck %s --check-prefix=DEFAULT
// Options #wave.target rejects are an error at the module, before any
// gpu.module is changed.
// RUN: not wave-opt %s --pass-pipeline='builtin.module(wave-attach-binary-target{chip=gfx000})' -split-input-file 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: unknown chip 'gfx000' (known: {{.*}})
// RUN: not wave-opt %s --pass-pipeline='builtin.module(wave-attach-binary-target{O=4})' -split-input-file 2>&1 | FileCheck %s --check-prefix=LEVEL
// LEVEL: error: {{.*}}optimization level
// fast-math sets fast_math (off, the default, is left out of the printed
// attribute); a value other than off, on and finite is the option's error.
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-attach-binary-target{fast-math=on})' -split-input-file | FileCheck %s --check-prefix=FAST
// FAST: gpu.module @first [#wave.target<chip = "gfx942", fast_math = on>]
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-attach-binary-target{fast-math=finite memref-descriptors=false})' -split-input-file | FileCheck %s --check-prefix=FINITE
// FINITE: gpu.module @first [#wave.target<chip = "gfx942", memref_descriptors = false, fast_math = finite>]
// RUN: wave-opt %s --pass-pipeline='builtin.module(wave-attach-binary-target{fast-math=off})' -split-input-file | FileCheck %s --check-prefix=OFF
// OFF: gpu.module @first [#wave.target<chip = "gfx942">]
// RUN: not wave-opt %s --pass-pipeline='builtin.module(wave-attach-binary-target{fast-math=fast})' -split-input-file 2>&1 | FileCheck %s --check-prefix=BADFAST
// BADFAST: Cannot find option named 'fast'
// The attribute reads back as printed, and rejects other values.
// RUN: echo 'gpu.module @m [#wave.target<chip = "gfx942", fast_math = finite>] {}' | wave-opt | FileCheck %s --check-prefix=PARSE
// PARSE: gpu.module @m [#wave.target<chip = "gfx942", fast_math = finite>]
// RUN: echo 'gpu.module @m [#wave.target<chip = "gfx942", fast_math = fast>] {}' | not wave-opt 2>&1 | FileCheck %s --check-prefix=BADATTR
// BADATTR: error: {{.*}}fast_math

// Both modules get the target; the ROCDL target the second had is replaced.
// CHECK-LABEL: gpu.module @first [#wave.target<chip = "gfx950", O = 2, occupancy = 4>]
// CHECK-LABEL: gpu.module @second [#wave.target<chip = "gfx950", O = 2, occupancy = 4>]
// CHECK-NOT: rocdl.target
// DEFAULT: gpu.module @first [#wave.target<chip = "gfx942"
// DEFAULT: gpu.module @second [#wave.target<chip = "gfx942"
module attributes {gpu.container_module} {
  gpu.module @first {
    gpu.func @k(%x: memref<64xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @second [#rocdl.target<chip = "gfx90a">] {
    gpu.func @k(%x: memref<64xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// No gpu.module: nothing changes.
// CHECK-LABEL: func.func @host_only
// CHECK-NOT: wave.target
func.func @host_only() {
  return
}
