// bench/attention_skewed.mlir (the D = 128 attention kernel skewed by hand
// that bench/attention.md measures with --interleave-mfmas) agrees with its
// scalar reference at n_ctx = 64 (the loop's one block and its extra, fully
// masked step), 128 and 200 (a partial last key block), with a positive
// sm_scale (its prescaled maximum needs sm_scale > 0), before and after
// wave-optimize with the prefetched stage in LDS buffers, as it is measured.
// RUN: %python -c "import numpy; numpy.save('%t.sm.npy', numpy.array(0.088, dtype=numpy.float32))"
// RUN: wave-run %bench/attention_skewed.mlir --grid=1,2 --scalar=heads=2 --scalar=n_ctx=64 --input=sm_scale=%t.sm.npy | FileCheck %s
// RUN: wave-run %bench/attention_skewed.mlir --grid=1,1 --scalar=heads=1 --scalar=n_ctx=128 --input=sm_scale=%t.sm.npy --seed=7 | FileCheck %s
// RUN: wave-run %bench/attention_skewed.mlir --grid=2,1 --scalar=heads=1 --scalar=n_ctx=200 --input=sm_scale=%t.sm.npy --compare-pipeline="wave-optimize{pipeline-in-lds=true}" | FileCheck %s --check-prefix=OPT

// CHECK: comparing @attention with @attention_ref
// CHECK-NEXT: output 'O' ({{[0-9]+}}x{{[0-9]+}}x128xf16): agrees
// CHECK-NEXT: PASS
// OPT: comparing @attention after 'wave-optimize{pipeline-in-lds=true}' with @attention before it
// OPT-NEXT: output 'O' (1x200x128xf16): agrees
// OPT-NEXT: PASS
