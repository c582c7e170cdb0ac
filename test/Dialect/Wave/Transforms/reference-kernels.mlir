// The kernel passes leave a reference kernel (one that another kernel names
// with wave.reference) as it is written and say nothing about it; with
// `reference-kernels=true` they transform it like any kernel. @transposed_ref
// is @transposed, line for line: every pass below changes @transposed or
// remarks on it, so it would do the same to the reference.
//
// For each pass: the reference prints as it does without any pass, no
// diagnostic points into it (its lines lie between the two REF markers), and
// with the option it comes out exactly as the kernel does. (The signature
// line is left out of the comparison between the two kernels: it holds their
// names and attributes, which is also where wave-budget-registers writes.)
// The two kernels agree when run:
// RUN: wave-run %s | FileCheck %s --check-prefix=AGREE
// AGREE-LABEL: comparing @transposed with @transposed_ref
// AGREE-NEXT:  output 'Out' (256x256xf32): agrees
//
// RUN: wave-opt %s --mlir-print-local-scope | sed -n '/gpu.func @transposed_ref(/,/^    }/p' > %t.input
// RUN: first=$(grep -n '^  // REF-FIRST-LINE' %s | head -1 | cut -d: -f1); \
// RUN: last=$(grep -n '^  // REF-LAST-LINE' %s | head -1 | cut -d: -f1); \
// RUN: for pass in wave-fast-math wave-use-collectives wave-remove-divergence \
// RUN:     wave-coarsen-lanes wave-minimize-global-loads wave-pipeline-loops \
// RUN:     wave-optimize-lds-layout wave-insert-barriers wave-budget-registers; do \
// RUN:   wave-opt %s --mlir-print-local-scope --$pass > %t.out 2> %t.diags || exit 1; \
// RUN:   sed -n '/gpu.func @transposed_ref(/,/^    }/p' %t.out > %t.ref; \
// RUN:   sed -n '/gpu.func @transposed(/,/^    }/p' %t.out > %t.kernel; \
// RUN:   diff %t.input %t.ref > /dev/null && echo "$pass: reference unchanged" \
// RUN:     || echo "$pass: reference changed"; \
// RUN:   diff <(sed 1d %t.input) <(sed 1d %t.kernel) > /dev/null \
// RUN:     && echo "$pass: kernel unchanged" || echo "$pass: kernel changed"; \
// RUN:   echo "$pass: $(grep -c 'remark\|warning' %t.diags) diagnostics, \
// RUN: $(awk -F: -v f=$first -v l=$last '$2 >= f && $2 <= l' %t.diags | grep -c .) in the reference"; \
// RUN:   wave-opt %s --mlir-print-local-scope --$pass=reference-kernels=true > %t.all 2> %t.alldiags || exit 1; \
// RUN:   diff <(sed -n '/gpu.func @transposed(/,/^    }/p' %t.all | sed 1d) \
// RUN:        <(sed -n '/gpu.func @transposed_ref(/,/^    }/p' %t.all | sed 1d) > /dev/null \
// RUN:     && echo "$pass: with the option the reference is transformed as the kernel" \
// RUN:     || echo "$pass: with the option the reference differs from the kernel"; \
// RUN:   echo "$pass: with the option $(awk -F: -v f=$first -v l=$last '$2 >= f && $2 <= l' %t.alldiags | grep -c 'remark\|warning') in the reference"; \
// RUN: done | FileCheck %s
//
// CHECK:      wave-fast-math: reference unchanged
// CHECK-NEXT: wave-fast-math: kernel changed
// CHECK-NEXT: wave-fast-math: 0 diagnostics, 0 in the reference
// CHECK-NEXT: wave-fast-math: with the option the reference is transformed as the kernel
// CHECK-NEXT: wave-fast-math: with the option 0 in the reference
// CHECK-NEXT: wave-use-collectives: reference unchanged
// CHECK-NEXT: wave-use-collectives: kernel unchanged
// CHECK-NEXT: wave-use-collectives: 1 diagnostics, 0 in the reference
// CHECK-NEXT: wave-use-collectives: with the option the reference is transformed as the kernel
// CHECK-NEXT: wave-use-collectives: with the option 1 in the reference
// CHECK-NEXT: wave-remove-divergence: reference unchanged
// CHECK-NEXT: wave-remove-divergence: kernel changed
// CHECK-NEXT: wave-remove-divergence: 1 diagnostics, 0 in the reference
// CHECK-NEXT: wave-remove-divergence: with the option the reference is transformed as the kernel
// CHECK-NEXT: wave-remove-divergence: with the option 1 in the reference
// CHECK-NEXT: wave-coarsen-lanes: reference unchanged
// CHECK-NEXT: wave-coarsen-lanes: kernel unchanged
// CHECK-NEXT: wave-coarsen-lanes: 1 diagnostics, 0 in the reference
// CHECK-NEXT: wave-coarsen-lanes: with the option the reference is transformed as the kernel
// CHECK-NEXT: wave-coarsen-lanes: with the option 1 in the reference
// CHECK-NEXT: wave-minimize-global-loads: reference unchanged
// CHECK-NEXT: wave-minimize-global-loads: kernel changed
// CHECK-NEXT: wave-minimize-global-loads: 0 diagnostics, 0 in the reference
// CHECK-NEXT: wave-minimize-global-loads: with the option the reference is transformed as the kernel
// CHECK-NEXT: wave-minimize-global-loads: with the option 0 in the reference
// CHECK-NEXT: wave-pipeline-loops: reference unchanged
// CHECK-NEXT: wave-pipeline-loops: kernel unchanged
// CHECK-NEXT: wave-pipeline-loops: 1 diagnostics, 0 in the reference
// CHECK-NEXT: wave-pipeline-loops: with the option the reference is transformed as the kernel
// CHECK-NEXT: wave-pipeline-loops: with the option 1 in the reference
// CHECK-NEXT: wave-optimize-lds-layout: reference unchanged
// CHECK-NEXT: wave-optimize-lds-layout: kernel unchanged
// CHECK-NEXT: wave-optimize-lds-layout: 2 diagnostics, 0 in the reference
// CHECK-NEXT: wave-optimize-lds-layout: with the option the reference is transformed as the kernel
// CHECK-NEXT: wave-optimize-lds-layout: with the option 2 in the reference
// CHECK-NEXT: wave-insert-barriers: reference unchanged
// CHECK-NEXT: wave-insert-barriers: kernel changed
// CHECK-NEXT: wave-insert-barriers: 0 diagnostics, 0 in the reference
// CHECK-NEXT: wave-insert-barriers: with the option the reference is transformed as the kernel
// CHECK-NEXT: wave-insert-barriers: with the option 0 in the reference
// CHECK-NEXT: wave-budget-registers: reference unchanged
// CHECK-NEXT: wave-budget-registers: kernel unchanged
// CHECK-NEXT: wave-budget-registers: 1 diagnostics, 0 in the reference
// CHECK-NEXT: wave-budget-registers: with the option the reference is transformed as the kernel
// CHECK-NEXT: wave-budget-registers: with the option 1 in the reference

#k = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 4>
!tile = memref<32x32xf32, #gpu.address_space<workgroup>>
!cols = memref<32x8xf32, #gpu.address_space<workgroup>>

// The first 8 columns of the first tile staged in LDS, one element a lane
// (load minimization makes that 4); then two 32x32 tiles a workgroup, one an
// iteration, transposed through LDS, the odd lanes adding one. Then lanes 0-3 write their last tile row again, under a
// branch that looks like a level of an LDS reduction tree.
#in_rows = affine_map<(tx, ty, bx, by, k) -> (by * 32 + ty, bx * 64 + k * 32 + tx * 4)>
#tile_rows = affine_map<(tx, ty) -> (ty, tx * 4)>
#in_first = affine_map<(tx, ty, bx, by) -> (by * 32 + ty, bx * 64 + tx)>
#cols_first = affine_map<(tx, ty) -> (ty, tx)>
#tile_cols = affine_map<(tx, ty) -> (tx * 4, ty)>
#out_rows = affine_map<(tx, ty, bx, by, k) -> (bx * 64 + k * 32 + ty, by * 32 + tx * 4)>

gpu.module @reference_kernels {
  gpu.func @transposed(%In: memref<256x256xf32>, %Out: memref<256x256xf32>)
      kernel
      attributes {known_block_size = array<i32: 8, 32, 1>,
                  known_grid_size = array<i32: 4, 8, 1>,
                  wave.kernel = #k, wave.reference = @transposed_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant dense<1.0> : vector<4xf32>
    %tile = wave.alloc_lds : !tile
    %cols = wave.alloc_lds : !cols
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %first = wave.read %In[%tx, %ty, %bx, %by] map #in_first
        : memref<256x256xf32> -> vector<1xf32>
    wave.write %first, %cols[%tx, %ty] map #cols_first
        : vector<1xf32>, !cols
    scf.for %k = %c0 to %c2 step %c1 {
      %row = wave.read %In[%tx, %ty, %bx, %by, %k] map #in_rows
          : memref<256x256xf32> -> vector<4xf32>
      wave.write %row, %tile[%tx, %ty] map #tile_rows : vector<4xf32>, !tile
      wave.barrier
      wave.barrier
      %col = wave.read %tile[%tx, %ty] map #tile_cols along 0
          : !tile -> vector<4xf32>
      %parity = arith.remui %tx, %c2 : index
      %even = arith.cmpi eq, %parity, %c0 : index
      %r = scf.if %even -> vector<4xf32> {
        scf.yield %col : vector<4xf32>
      } else {
        %i = arith.addf %col, %one : vector<4xf32>
        scf.yield %i : vector<4xf32>
      }
      wave.write %r, %Out[%tx, %ty, %bx, %by, %k] map #out_rows
          : vector<4xf32>, memref<256x256xf32>
      wave.barrier
    }
    %low = arith.cmpi ult, %tx, %c4 : index
    scf.if %low {
      %v = wave.read %tile[%tx, %ty] map #tile_rows : !tile -> vector<4xf32>
      wave.write %v, %Out[%tx, %ty, %bx, %by, %c0] map #out_rows
          : vector<4xf32>, memref<256x256xf32>
    } else {
    }
    gpu.return
  }

  // REF-FIRST-LINE
  gpu.func @transposed_ref(%In: memref<256x256xf32>,
                           %Out: memref<256x256xf32>) kernel
      attributes {known_block_size = array<i32: 8, 32, 1>,
                  known_grid_size = array<i32: 4, 8, 1>,
                  wave.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant dense<1.0> : vector<4xf32>
    %tile = wave.alloc_lds : !tile
    %cols = wave.alloc_lds : !cols
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %first = wave.read %In[%tx, %ty, %bx, %by] map #in_first
        : memref<256x256xf32> -> vector<1xf32>
    wave.write %first, %cols[%tx, %ty] map #cols_first
        : vector<1xf32>, !cols
    scf.for %k = %c0 to %c2 step %c1 {
      %row = wave.read %In[%tx, %ty, %bx, %by, %k] map #in_rows
          : memref<256x256xf32> -> vector<4xf32>
      wave.write %row, %tile[%tx, %ty] map #tile_rows : vector<4xf32>, !tile
      wave.barrier
      wave.barrier
      %col = wave.read %tile[%tx, %ty] map #tile_cols along 0
          : !tile -> vector<4xf32>
      %parity = arith.remui %tx, %c2 : index
      %even = arith.cmpi eq, %parity, %c0 : index
      %r = scf.if %even -> vector<4xf32> {
        scf.yield %col : vector<4xf32>
      } else {
        %i = arith.addf %col, %one : vector<4xf32>
        scf.yield %i : vector<4xf32>
      }
      wave.write %r, %Out[%tx, %ty, %bx, %by, %k] map #out_rows
          : vector<4xf32>, memref<256x256xf32>
      wave.barrier
    }
    %low = arith.cmpi ult, %tx, %c4 : index
    scf.if %low {
      %v = wave.read %tile[%tx, %ty] map #tile_rows : !tile -> vector<4xf32>
      wave.write %v, %Out[%tx, %ty, %bx, %by, %c0] map #out_rows
          : vector<4xf32>, memref<256x256xf32>
    } else {
    }
    gpu.return
  }
  // REF-LAST-LINE
}
