// The attention_d64 example agrees with its scalar reference (softmax row by row
// in f32) at n_ctx = 64 (one partial query block, one key block), 128 and
// 1000 (a partial last key block of 40 keys, 8 query blocks), within the
// default f16 tolerance (rtol 2e-3, atol 1e-3: P is rounded to f16 before
// P V, as on the matrix cores, and O is f16); two heads where the run is
// short. wave-optimize (staging, pipelining, LDS layout, barriers) leaves
// the output bit for bit unchanged at a partial size.
// RUN: wave-run %examples/attention_d64.mlir --grid=1,2 --scalar=heads=2 --scalar=n_ctx=64 | FileCheck %s
// RUN: wave-run %examples/attention_d64.mlir --grid=1,2 --scalar=heads=2 --scalar=n_ctx=128 --seed=7 | FileCheck %s
// RUN: wave-run %examples/attention_d64.mlir --grid=8,1 --scalar=heads=1 --scalar=n_ctx=1000 | FileCheck %s
// RUN: wave-run %examples/attention_d64.mlir --grid=2,2 --scalar=heads=2 --scalar=n_ctx=200 --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT
// On gfx950 the front half of -O2 stores the Vt tile as V and reads its
// columns by amdgpu.transpose_load (wave-transpose-lds-tiles,
// convert-wave-to-amdgpu); the lowered kernel agrees within the f16
// tolerance (wave-widen-mma sums K in another order).
// RUN: wave-run %examples/attention_d64.mlir --grid=2,1 --scalar=heads=1 --scalar=n_ctx=200 --compare-pipeline='wave-to-upstream{chip=gfx950 optimize=true}' 2>/dev/null | FileCheck %s --check-prefix=GFX950

// CHECK: comparing @attention_d64 with @attention_d64_ref
// CHECK-NEXT: output 'O' ({{[0-9]+}}x{{[0-9]+}}x{{64|128}}xf16): agrees
// CHECK-NEXT: PASS
// OPT: comparing @attention_d64 after 'wave-optimize' with @attention_d64 before it
// OPT-NEXT: output 'O' (2x200x{{64|128}}xf16): agrees (max abs error 0, max rel error 0)
// OPT-NEXT: PASS
// GFX950: comparing @attention_d64 after 'wave-to-upstream{chip=gfx950 optimize=true}' with @attention_d64 before it
// GFX950-NEXT: output 'O' (1x200x{{64|128}}xf16): agrees
// GFX950-NEXT: PASS
