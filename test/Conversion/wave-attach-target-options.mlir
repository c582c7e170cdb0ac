// RUN: wave-opt %s --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(wave-attach-target{chip=gfx942 code-object-version=4}))'
// RUN: not wave-opt %s --pass-pipeline='builtin.module(gpu.module(wave-attach-target{chip=gfx9000}))' 2>&1 | FileCheck %s --check-prefix=CHIP

// expected-error @below {{unsupported code object version 4 (5 or 6)}}
gpu.module @k {
}
// CHIP: unknown chip 'gfx9000' (known: gfx90a, gfx942, gfx950, gfx1100, gfx1201)
