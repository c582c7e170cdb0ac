// Upstream's thread-local element ops on a matrix, as upstream's users write
// them: a loop over the elements a lane holds, extracting, computing and
// inserting each. wave-convert-subgroup-mma makes element i of a lane slot i
// of the MMA kind's layout (f32_16x16x16_f16's accumulator on gfx942, the
// WMMA ones on gfx1100 and gfx1201), with the loop's dynamic index selecting
// among the lane's slots.
//
// @scale: D = 2.5 C, a 64 x 16 matrix as 4 tiles of 16 x 16 in one
// workgroup of 128 lanes, wave w taking tiles w, w + waves, ... (2 waves on
// gfx942, 4 on RDNA); the lane's element count is upstream's M N / S with S
// the subgroup size (4 on gfx942, 8 on RDNA). Run for each chip against the
// scalar reference @scale_ref and against itself lowered by wave-to-upstream.
// RUN: for chip in gfx942 gfx1100 gfx1201; do \
// RUN:   wave-opt %s --pass-pipeline="builtin.module(gpu.module(wave-attach-target{chip=$chip}))" -o %t.$chip.mlir && \
// RUN:   echo "chip $chip" && \
// RUN:   wave-run %t.$chip.mlir --kernel=scale 2>/dev/null && \
// RUN:   wave-run %t.$chip.mlir --kernel=scale --compare-pipeline="builtin.module(wave-to-upstream{chip=$chip optimize=true})" 2>/dev/null || exit 1; \
// RUN: done | FileCheck %s --check-prefix=SCALE
// SCALE-LABEL: chip gfx942
// SCALE: comparing @scale with @scale_ref
// SCALE-NEXT: output 'D' (64x16xf32): agrees
// SCALE-NEXT: PASS
// SCALE: output 'D' (64x16xf32): agrees
// SCALE-NEXT: PASS
// SCALE-LABEL: chip gfx1100
// SCALE: comparing @scale with @scale_ref
// SCALE-NEXT: output 'D' (64x16xf32): agrees
// SCALE-NEXT: PASS
// SCALE: output 'D' (64x16xf32): agrees
// SCALE-NEXT: PASS
// SCALE-LABEL: chip gfx1201
// SCALE: comparing @scale with @scale_ref
// SCALE-NEXT: output 'D' (64x16xf32): agrees
// SCALE-NEXT: PASS
// SCALE: output 'D' (64x16xf32): agrees
// SCALE-NEXT: PASS
//
// @positions: lane l puts 100 l + i in its element i of a zero matrix and
// stores it; numpy checks that element i of lane l is where
// docs/passes/wave-convert-subgroup-mma.md says: (row, column)
// (4 (l floordiv 16) + i, l mod 16) on gfx942, (2 i + l floordiv 16,
// l mod 16) on gfx1100, (8 (l floordiv 16) + i, l mod 16) on gfx1201.
// RUN: for chip in gfx942 gfx1100 gfx1201; do \
// RUN:   rm -rf %t.$chip.out && \
// RUN:   wave-run %t.$chip.mlir --kernel=positions --output-dir=%t.$chip.out >/dev/null 2>&1 && \
// RUN:   %python -c "import numpy; p = numpy.load('%t.$chip.out/P.npy'); lanes, n, at = {'gfx942': (64, 4, lambda l, i: (4 * (l // 16) + i, l % 16)), 'gfx1100': (32, 8, lambda l, i: (2 * i + l // 16, l % 16)), 'gfx1201': (32, 8, lambda l, i: (8 * (l // 16) + i, l % 16))}['$chip']; e = numpy.zeros((16, 16), numpy.float32); [e.__setitem__(at(l, i), 100 * l + i) for l in range(lanes) for i in range(n)]; assert (p == e).all(), p; print('$chip: element i of lane l where the layout says')" || exit 1; \
// RUN: done | FileCheck %s --check-prefix=POSITIONS
// POSITIONS: gfx942: element i of lane l where the layout says
// POSITIONS-NEXT: gfx1100: element i of lane l where the layout says
// POSITIONS-NEXT: gfx1201: element i of lane l where the layout says

!c = !gpu.mma_matrix<16x16xf32, "COp">

gpu.module @thread_local {
  gpu.func @scale(%C: memref<64x16xf32>, %D: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.reference = @scale_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %alpha = arith.constant 2.5 : f32
    %w = gpu.subgroup_id : index
    %waves = gpu.num_subgroups : index
    %s = gpu.subgroup_size : index
    // The elements a lane holds of a 16 x 16 accumulator: M N / S.
    %n = arith.divui %c256, %s : index
    scf.for %t = %w to %c4 step %waves {
      %r = arith.muli %t, %c16 : index
      %m = gpu.subgroup_mma_load_matrix %C[%r, %c0] {leadDimension = 16 : index} : memref<64x16xf32> -> !c
      %scaled = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %m) -> (!c) {
        %x = gpu.subgroup_mma_extract_thread_local %acc[%i] : !c -> f32
        %y = arith.mulf %x, %alpha : f32
        %next = gpu.subgroup_mma_insert_thread_local %y, %acc[%i] : f32, !c -> !c
        scf.yield %next : !c
      }
      gpu.subgroup_mma_store_matrix %scaled, %D[%r, %c0] {leadDimension = 16 : index} : !c, memref<64x16xf32>
    }
    gpu.return
  }

  gpu.func @scale_ref(%C: memref<64x16xf32>, %D: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>,
                  known_grid_size = array<i32: 64, 1, 1>} {
    %alpha = arith.constant 2.5 : f32
    %j = gpu.thread_id x
    %i = gpu.block_id x
    %x = memref.load %C[%i, %j] : memref<64x16xf32>
    %y = arith.mulf %x, %alpha : f32
    memref.store %y, %D[%i, %j] : memref<64x16xf32>
    gpu.return
  }

  // On RDNA the 64 lanes are 2 waves writing the same values.
  gpu.func @positions(%P: memref<16x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %l = gpu.lane_id
    %s = gpu.subgroup_size : index
    %n = arith.divui %c256, %s : index
    %base = arith.muli %l, %c100 : index
    %m = gpu.subgroup_mma_constant_matrix %zero : !c
    %filled = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %m) -> (!c) {
      %v = arith.addi %base, %i : index
      %v32 = arith.index_cast %v : index to i32
      %f = arith.sitofp %v32 : i32 to f32
      %next = gpu.subgroup_mma_insert_thread_local %f, %acc[%i] : f32, !c -> !c
      scf.yield %next : !c
    }
    gpu.subgroup_mma_store_matrix %filled, %P[%c0, %c0] {leadDimension = 16 : index} : !c, memref<16x16xf32>
    gpu.return
  }
}
